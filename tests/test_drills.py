"""Find-the-step drills: the shipped pool checked drill by drill, the answer check, the CLI, the coach."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT
from sudoku_grader import drill_pool, drills, worker_api
from sudoku_grader.board import Board
from sudoku_grader.cli import drills as drills_cli
from sudoku_grader.coach import coach
from sudoku_grader.engine import best_step
from sudoku_grader.errors import SudokuError
from sudoku_grader.geometry import parse_cell
from sudoku_grader.solver import is_minimal, solve
from sudoku_grader.techniques import get

POOL = ROOT / "drills"
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "py")}


def pool_drills() -> list[tuple[str, int, dict[str, Any]]]:
    index = drills.load_index(POOL)
    return [(e["technique"], n, d) for e in index["techniques"]
            for n, d in enumerate(drills.load_technique(POOL, e["technique"]), 1)]


def effects(answer: dict[str, Any]) -> set[tuple[str, int, int]]:
    return ({("=", parse_cell(p["cell"]), p["digit"]) for p in answer["placements"]}
            | {("<>", parse_cell(e["cell"]), e["digit"]) for e in answer["eliminations"]})


def step_effects(step: Any) -> set[tuple[str, int, int]]:
    return {("=", c, d) for c, d in step.placements} | {("<>", c, d) for c, d in step.eliminations}


# ---------------------------------------------------------------- the whole pool
def test_pool_index_matches_its_files() -> None:
    index = drills.load_index(POOL)
    assert index["techniques"], "the shipped pool is empty"
    on_disk = {p.stem for p in POOL.glob("*.json")} - {"index"}
    assert on_disk == {e["technique"] for e in index["techniques"]}
    for e in index["techniques"]:
        body = json.loads((POOL / e["file"]).read_text())
        assert body["technique"] == e["technique"] and len(body["drills"]) == e["count"]
        assert get(e["technique"]).default, f"{e['technique']} is not on the default path"


def check_position(where: str, tid: str, d: dict[str, Any]) -> Any:
    """The position agrees with its puzzle's unique solution; each listed answer is an instance the
    finder yields there and agrees with the solution. Returns the board."""
    assert d["technique"] == tid, where
    board = drills.drill_board(d)
    result = solve(Board.from_string(d["givens"]))
    assert result.status == "unique", where
    solution = result.solutions[0]
    for c in range(81):
        if board.values[c]:
            assert board.values[c] == solution[c], f"{where}: r{c // 9 + 1}c{c % 9 + 1} wrong digit"
        else:
            assert board.has_candidate(c, solution[c]), f"{where}: r{c // 9 + 1}c{c % 9 + 1} lost its digit"
    found = [step_effects(s) for s in drills.instances(board, get(tid))]
    assert d["answers"], where
    for a in d["answers"]:
        assert effects(a) in found, f"{where}: the finder does not yield {a['text']}"
        for kind, cell, digit in effects(a):
            assert (solution[cell] == digit) == (kind == "="), f"{where}: {kind} {cell} {digit} vs the solution"
    return board


def test_every_drill_in_the_pool() -> None:
    """Each listed answer is an instance the finder yields at the position; no simpler technique of
    the default path has a step there; every placement and elimination agrees with the solution."""
    checked = 0
    for tid, n, d in pool_drills():
        where = f"{tid} drill {n} ({d['source']})"
        board = check_position(where, tid, d)
        for simpler in drills.simpler_than(tid):
            s = best_step(board, simpler.steps(board))
            assert s is None, f"{where}: the simpler {simpler.id} has a step there: {s.text if s else ''}"
        checked += 1
    assert checked >= 20 * 10


def test_no_drill_is_a_copy_of_another() -> None:
    """Two drills of a technique never share both their solution grid and their drawn answer (a
    neighbour of a puzzle, or a puzzle in two sets, gives such a copy: the same lesson twice)."""
    seen: dict[tuple[str, str], list[tuple[list[int], str]]] = {}
    for tid, n, d in pool_drills():
        answer = d["answers"][0]
        effect = [sorted((p["cell"], p["digit"]) for p in answer[k]) for k in ("placements", "eliminations")]
        key = (tid, json.dumps(effect))
        grid = solve(Board.from_values([int(c) if c.isdigit() else 0 for c in d["givens"]])).solutions[0]
        for other, where in seen.get(key, []):
            assert other != grid, f"{tid} drill {n} ({d['source']}) copies {where}"
        seen.setdefault(key, []).append((grid, d["source"]))


def test_a_copy_is_not_kept() -> None:
    """A drill with another's drawn answer in the same grid is refused, and `distinct` drops it
    from an older pool; the same answer in another grid (relabelled) is kept."""
    first = drills.load_technique(POOL, "x-wing")[0]
    twin = {**first, "source": "a copy", "placed": first["placed"]}
    relabel = str.maketrans("123456789", "234567891")
    other = {**first, "givens": first["givens"].translate(relabel), "source": "relabelled"}
    pool = drill_pool.distinct({"x-wing": [first, twin, other]})
    assert [d["source"] for d in pool["x-wing"]] == [first["source"], "relabelled"]
    kept: drills.Pool = {"x-wing": [first]}
    drill_pool._keep(kept, drills.Drill(**{k: twin[k] for k in ("technique", "name", "givens", "placed",
                                                              "candidates", "answers", "source")}))
    assert len(kept["x-wing"]) == 1


def test_worked_examples_beside_few_drills() -> None:
    """A technique with fewer than three drills has worked examples beside them (positions of
    HoDoKu's library made for it, or of other puzzles where its finder has a step), each the
    finder's and agreeing with the solution, up to three with the drills."""
    index = drills.load_index(POOL)
    topped = 0
    for e in index["techniques"]:
        body = json.loads((POOL / e["file"]).read_text())
        examples = body.get("examples", [])
        assert len(examples) == e.get("examples", 0)
        assert e["count"] + len(examples) <= drill_pool.EXAMPLES or not examples, e["technique"]
        for n, d in enumerate(examples, 1):
            check_position(f"{e['technique']} example {n} ({d['source']})", e["technique"], d)
        topped += e["count"] + len(examples) == drill_pool.EXAMPLES and bool(examples)
    assert topped >= 10, "HoDoKu's library has positions for more techniques than that"


# ---------------------------------------------------------------- checking an answer
def x_wing() -> dict[str, Any]:
    found = drills.load_technique(POOL, "x-wing")
    assert found, "the pool has no X-Wing"
    return found[0]


def as_answer(effects: list[tuple[str, str, int]]) -> dict[str, Any]:
    return {"placements": [{"cell": c, "digit": d} for k, c, d in effects if k == "="],
            "eliminations": [{"cell": c, "digit": d} for k, c, d in effects if k == "<>"]}


def test_check_right_partly_wrong() -> None:
    d = x_wing()
    a = d["answers"][0]
    right = drills.check(d, {"eliminations": a["eliminations"]})
    assert right["verdict"] == "right" and right["unjustified"] == [] and right["missed"] == []
    if len(a["eliminations"]) > 1:
        part = drills.check(d, {"eliminations": a["eliminations"][:1]})
        assert part["verdict"] == "partly"
        assert len(part["missed"]) == len(a["eliminations"]) - 1
        assert "more elimination" in part["message"]
    board = drills.drill_board(d)
    solution = solve(Board.from_string(d["givens"])).solutions[0]
    everything = {(e["cell"], e["digit"]) for ans in d["answers"] for e in ans["eliminations"]}
    # a candidate no X-Wing removes, that is not the cell's digit either
    bad = next((c, k) for c in range(81) for k in range(1, 10)
               if board.has_candidate(c, k) and k != solution[c]
               and (f"r{c // 9 + 1}c{c % 9 + 1}", k) not in everything)
    name = f"r{bad[0] // 9 + 1}c{bad[0] % 9 + 1}"
    wrong = drills.check(d, {"eliminations": [*a["eliminations"], {"cell": name, "digit": bad[1]}]})
    assert wrong["verdict"] == "wrong"
    assert wrong["unjustified"] == [f"{name}<>{bad[1]}"]
    assert f"{name}<>{bad[1]} does not follow from an X-Wing here" in wrong["message"]
    assert drills.check(d, {})["verdict"] == "wrong"


def test_check_placement_drill() -> None:
    d = drills.load_technique(POOL, "hidden-single")[0]
    a = d["answers"][0]
    assert drills.check(d, {"placements": a["placements"]})["verdict"] == "right"
    p = a["placements"][0]
    off = {"cell": p["cell"], "digit": p["digit"] % 9 + 1}
    assert drills.check(d, {"placements": [off]})["verdict"] == "wrong"


def test_check_bad_input_is_a_message() -> None:
    d = x_wing()
    with pytest.raises(SudokuError, match="cell"):
        drills.check(d, {"eliminations": [{"cell": "z9", "digit": 3}]})
    with pytest.raises(SudokuError, match="givens"):
        drills.check({"technique": "x-wing"}, {})
    sheet = json.loads(worker_api.handle("drill_sheet", json.dumps([d])))
    assert "<figure>" in sheet["html"] and "Answers" in sheet["html"]
    assert json.loads(worker_api.handle("drill_sheet", "[1]"))["status"] == "invalid"
    out = json.loads(worker_api.handle("drill_check", "{not json", json.dumps({"answer": {}})))
    assert out["status"] == "invalid" and "JSON" in out["error"]
    ok = json.loads(worker_api.handle("drill_check", json.dumps(d),
                                      json.dumps({"answer": {"eliminations": d["answers"][0]["eliminations"]}})))
    assert ok["verdict"] == "right"


# ---------------------------------------------------------------- building
def test_build_from_seeded_puzzles_is_reproducible(tmp_path: Path) -> None:
    sources = list(drill_pool.pool_sources(None, generated=6, seed=3))
    assert [s for s, _ in sources] == [f"generated seed {k}" for k in range(3, 9)]
    one = drill_pool.build_pool(sources, per_technique=5)
    two = drill_pool.build_pool(list(drill_pool.pool_sources(None, generated=6, seed=3)), per_technique=5)
    assert one == two and one
    assert all(len(v) <= 5 for v in one.values())
    index = drill_pool.write_pool(one, tmp_path)
    assert {e["technique"] for e in index["techniques"]} == set(one)
    assert (tmp_path / "index.json").exists()


def test_the_fill_adds_only_what_is_short_and_starts_from_a_built_pool() -> None:
    main = list(drill_pool.pool_sources(None, generated=4, seed=3))
    fill = list(drill_pool.fill_sources(None, generated=4, seed=9))
    assert [s for s, _ in fill] == [f"generated seed {k}" for k in range(9, 13)]
    alone = drill_pool.build_pool(main, per_technique=5)
    filled = drill_pool.build_pool(main, per_technique=5, fill=fill, floor=3)
    assert drill_pool.build_pool([], per_technique=5, fill=fill, floor=3, start=alone) == filled
    for tid, kept in filled.items():
        added = kept[len(alone.get(tid, [])):]
        assert kept[:len(alone.get(tid, []))] == alone.get(tid, [])
        if tid in alone:  # a technique the main walk met: the fill tops it up to the floor, no more
            assert not added or len(alone[tid]) < 3 and len(kept) <= 3, tid
        else:  # one it never met: a few worked examples' worth
            assert 0 < len(added) <= drill_pool.EXAMPLES, tid
        assert all(d["source"].startswith("generated seed ") for d in added)
    assert sum(map(len, filled.values())) > sum(map(len, alone.values()))


def test_the_harvest_walks_the_whole_order_and_starts_from_a_filled_pool() -> None:
    """The harvest tops up every technique still short, those the fill met too; started from the
    filled pool (``filled``) it gives the same pool; its two parts run apart and merged give it too."""
    main = list(drill_pool.pool_sources(None, generated=3, seed=3))
    fill = list(drill_pool.fill_sources(None, generated=3, seed=9))
    harvest = list(drill_pool.pool_sources(None, generated=4, seed=20))
    cut = list(drill_pool.pool_sources(None, generated=2, seed=30))
    filled = drill_pool.build_pool(main, per_technique=5, fill=fill, floor=4)
    both = drill_pool.build_pool(main, per_technique=5, fill=fill, floor=4, harvest=[(harvest, True), (cut, False)])
    again: dict[str, Any] = {"per_technique": 5, "floor": 4, "start": filled, "filled": True}
    assert drill_pool.build_pool([], harvest=[(harvest, True), (cut, False)], **again) == both
    apart = [drill_pool.build_pool([], harvest=[(harvest, True), ((), False)], **again),
             drill_pool.build_pool([], harvest=[((), True), (cut, False)], **again)]
    assert drill_pool.merge_pools(filled, apart, per_technique=5) == both
    for tid, kept in both.items():
        before = filled.get(tid, [])
        assert kept[:len(before)] == before and len(kept) <= 5
        if len(kept) > len(before) and tid in filled:
            assert len(before) < 4, tid  # only the short ones grow
    assert sum(map(len, both.values())) > sum(map(len, filled.values()))
    saved: list[int] = []
    drill_pool.build_pool([], harvest=[(harvest * 13, True)], checkpoint=lambda pool: saved.append(len(pool)), **again)
    assert saved, "the harvest saves its gains every 50 puzzles"


def test_the_extra_walk_tops_up_what_generated_puzzles_meet_and_composes() -> None:
    """The extra walk (generated puzzles of new seeds) grows only the techniques still short, none
    past the hardest short one a generated puzzle met; started from the pool before it
    (``harvested``) it gives the same pool; two ranges one after the other give one run over both."""
    main = list(drill_pool.pool_sources(None, generated=3, seed=3))
    assert [s for s, _ in drill_pool.extra_sources(40, 43)] == [f"generated seed {k}" for k in range(40, 44)]
    base = drill_pool.build_pool(main, per_technique=5, floor=4)
    order = [t.id for t in drills.path_techniques()]
    reach = max(order.index(t) for t, kept in base.items() if len(kept) < 4)
    opts: dict[str, Any] = {"per_technique": 5, "floor": 4}
    both = drill_pool.build_pool(main, extra=drill_pool.extra_sources(40, 47), **opts)
    again: dict[str, Any] = {**opts, "harvested": True}
    assert drill_pool.build_pool([], start=base, extra=drill_pool.extra_sources(40, 47), **again) == both
    first = drill_pool.build_pool([], start=base, extra=drill_pool.extra_sources(40, 43), **again)
    assert drill_pool.build_pool([], start=first, extra=drill_pool.extra_sources(44, 47), **again) == both
    assert sum(map(len, both.values())) > sum(map(len, base.values()))
    for tid, kept in both.items():
        before = base.get(tid, [])
        added = kept[len(before):]
        assert kept[:len(before)] == before and len(kept) <= 4, tid
        assert not added or order.index(tid) <= reach, tid
        assert all(d["source"].startswith("generated seed ") and 40 <= int(d["source"].split()[2]) <= 47
                   for d in added)


def test_neighbourhood_drills_are_capped_per_generated_puzzle() -> None:
    """A neighbour is a new minimal puzzle with the same unique solution; the neighbourhood stage
    takes at most `NEIGHBOURHOOD` drills from one generated puzzle's neighbours, of short techniques."""
    _, board = next(iter(drill_pool.extra_sources(3, 3)))
    answer = solve(board).solutions[0]
    moved = list(drill_pool.neighbours(board.values, random.Random(1), 40))
    assert moved and len({tuple(v) for v in moved}) > 1
    for values in moved:
        assert values != list(board.values) and solve(values).solutions == [answer]
        assert is_minimal(values, answer)
    base = drill_pool.build_pool(list(drill_pool.pool_sources(None, generated=3, seed=3)), per_technique=5, floor=4)
    near = drill_pool.build_pool([], per_technique=5, floor=4, start=base, harvested=True, neighbourhood=20)
    added = [(tid, d["source"]) for tid, kept in near.items() for d in kept[len(base.get(tid, [])):]]
    assert added
    per_puzzle = Counter(source.split(" neighbour ")[0] for _, source in added)
    assert all(n <= drill_pool.NEIGHBOURHOOD for n in per_puzzle.values()), per_puzzle
    seeds = {d["source"].split(" step ")[0] for kept in base.values() if len(kept) < 4 for d in kept}
    for tid, source in added:
        assert len(base.get(tid, [])) < 4 and len(near[tid]) <= 4, tid
        assert source.split(" neighbour ")[0] in seeds, source


def test_automorphic_puzzles_give_gurths_theorem_drills() -> None:
    """Automorphic grids are valid and unchanged by their symmetry with the digits relabelled by an
    involution; puzzles reduced from them keep it, and the last stage takes Gurth's theorem drills
    from them (only those, up to the floor), each the default path's step at its position."""
    for source, board in drill_pool.automorphic_sources(1, 6):
        symmetry = source.split()[-1]
        image = (lambda c: 80 - c) if symmetry == "rotational" else (lambda c: c % 9 * 9 + c // 9)
        grid = solve(board).solutions
        assert len(grid) == 1, source
        sigma = {grid[0][c]: grid[0][image(c)] for c in range(81)}
        assert all(sigma[sigma[d]] == d for d in sigma) and sorted(sigma.values()) == list(range(1, 10))
        fixed = [d for d in sigma if sigma[d] == d]
        assert len(fixed) == (1 if symmetry == "rotational" else 3), source
        assert all(bool(board.values[c]) == bool(board.values[image(c)]) for c in range(81)), source
        assert all(sigma[board.values[c]] == board.values[image(c)] for c in range(81) if board.values[c])
    pool = drill_pool.build_pool([], floor=3, start={}, harvested=True,
                                 special=[(("gurths-theorem",), drill_pool.automorphic_sources(1, 40), False)])
    assert list(pool) == ["gurths-theorem"] and len(pool["gurths-theorem"]) == 3
    for d in pool["gurths-theorem"]:
        assert d["source"].startswith("automorphic seed ")
        board = drills.drill_board(d)
        for simpler in drills.simpler_than("gurths-theorem"):
            assert best_step(board, simpler.steps(board)) is None, (d["source"], simpler.id)


def test_a_technique_set_gives_that_techniques_drills(tmp_path: Path) -> None:
    """``--sets DIR`` walks ``DIR/<technique id>.txt`` for that technique alone, in the whole order:
    a set of the puzzles behind two of the pool's tridagon drills (comment and blank lines between
    them) gives two tridagon drills on the default path, named after the set's file and line."""
    givens = [d["givens"] for d in drills.load_technique(ROOT / "drills", "tridagon")[:2]]
    (tmp_path / "tridagon.txt").write_text(f"# made for this test\n{givens[0]}\n\n{givens[1]}\n")
    sets = drill_pool.technique_sets(tmp_path)
    assert [(tids, whole) for tids, _, whole in sets] == [(("tridagon",), True)]
    pool = drill_pool.build_pool([], floor=2, start={}, harvested=True, special=sets)
    assert list(pool) == ["tridagon"] and len(pool["tridagon"]) == 2
    assert [d["source"].split(" step ")[0] for d in pool["tridagon"]] == ["tridagon line 2", "tridagon line 4"]
    for d in pool["tridagon"]:
        check_position(d["source"], "tridagon", d)


def test_the_last_stage_saves_a_pool_that_grew() -> None:
    """A walk for chosen techniques (a bank's can take an hour) hands the pool to ``checkpoint``
    every 50 puzzles when it grew, so a stopped build keeps what it found."""
    saved: list[int] = []
    pool = drill_pool.build_pool([], floor=200, per_technique=200, start={}, harvested=True,
                                 special=[(("hidden-single",), drill_pool.extra_sources(1, 60), False)],
                                 checkpoint=lambda p: saved.append(len(p["hidden-single"])))
    assert saved == [50] and len(pool["hidden-single"]) == 60 and set(pool) == {"hidden-single"}


def test_a_bad_technique_set_is_a_message(tmp_path: Path) -> None:
    """A set named after no technique, or with a line that is no puzzle, says which and where."""
    (tmp_path / "no-such-technique.txt").write_text("1" * 81 + "\n")
    with pytest.raises(SudokuError, match="no-such-technique"):
        drill_pool.technique_sets(tmp_path)
    (tmp_path / "no-such-technique.txt").unlink()
    (tmp_path / "x-wing.txt").write_text("# a comment\n12345\n")
    [(tid, lines, _)] = drill_pool.technique_sets(tmp_path)
    with pytest.raises(SudokuError, match="x-wing.txt line 2"):
        list(lines)


def test_a_bank_is_read_whole_first_and_walked_in_order(tmp_path: Path) -> None:
    """``bank_sources``: a puzzle a line, alone or as the field of 81 (Sudoku Exchange's ``<hash>
    <puzzle> <rating>``), comments and blank lines skipped, a puzzle without a unique solution
    passed over; a bad line stops it before any walk, naming its file and line."""
    puzzles = ["".join(map(str, board.values)) for _, board in drill_pool.extra_sources(40, 41)]
    two = "." * 81  # many solutions
    bank = tmp_path / "bank.txt"
    bank.write_text(f"# a bank\n0a1b2c3d4e5f {puzzles[0]}  5.7\n\n{two}\n{puzzles[1]}\n")
    got = list(drill_pool.bank_sources([bank]))
    assert [s for s, _ in got] == ["bank line 2", "bank line 5"]
    assert ["".join(map(str, b.values)) for _, b in got] == puzzles
    bank.write_text(f"{puzzles[0]}\nnot a puzzle\n")
    with pytest.raises(SudokuError, match="bank.txt line 2"):
        drill_pool.bank_sources([bank])  # before anything is walked
    with pytest.raises(SudokuError, match="cannot read the bank"):
        drill_pool.bank_sources([tmp_path / "missing.txt"])


def test_path_examples_are_positions_where_the_finder_has_a_step() -> None:
    """Worked examples for the techniques short of three: one per puzzle, each with the finder's
    instances there, from drills of the techniques before it; those with three are left alone."""
    pool = drill_pool.build_pool(list(drill_pool.pool_sources(None, generated=5, seed=3)), per_technique=5)
    examples = drill_pool.path_examples(None, pool, tries=2)  # the nearest two positions each (the nets are slow)
    assert examples, "positions of a small pool already show patterns the path never chose"
    order = [t.id for t in drills.path_techniques()]
    for tid, got in examples.items():
        assert len(pool.get(tid, [])) < drill_pool.EXAMPLES and len(pool.get(tid, [])) + len(got) <= drill_pool.EXAMPLES
        puzzles = [d["source"].split(" step ")[0] for d in got]
        assert len(set(puzzles)) == len(puzzles), tid
        for d in got:
            assert d["technique"] == tid and d["answers"]
            where = next(t for t, kept in pool.items() if any(x["source"] == d["source"] for x in kept))
            assert order.index(where) < order.index(tid)
            assert drills.instances(drills.drill_board(d), get(tid))


def test_path_examples_look_in_a_bank_last(tmp_path: Path) -> None:
    """With its public examples gone, Twinned XY-Chains (the one technique of the pool short of
    three worked examples) finds one at the start of a bank's puzzle, named after its line."""
    pool = {e["technique"]: drills.load_technique(ROOT / "drills", e["technique"])
            for e in drills.load_index(ROOT / "drills")["techniques"] if e["count"]}
    kept = json.loads((ROOT / "drills" / "twinned-xy-chains.json").read_text())["examples"]
    bank = tmp_path / "bank.txt"
    bank.write_text(f"{kept[0]['givens']}\n")
    examples = drill_pool.path_examples(None, pool, {}, tries=1, bank=drill_pool.bank_sources([bank]))
    found = [d for d in examples.get("twinned-xy-chains", []) if d["source"] == "bank line 1 (start)"]
    assert len(found) == 1 and drills.instances(drills.drill_board(found[0]), get("twinned-xy-chains"))


# ---------------------------------------------------------------- the command line
def run(*args: str) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run([sys.executable, "-m", "sudoku_grader", *args], capture_output=True, text=True,
                          env=ENV, timeout=120)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def test_cli_prints_drills_as_json_lines() -> None:
    proc = run("drills", "--technique", "X-Wing", "--count", "3", "--json")
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(lines) == 3
    for n, d in enumerate(lines, 1):
        assert d["technique"] == "x-wing" and d["name"] == "X-Wing" and d["number"] == n
        assert len(d["givens"]) == 81 and len(d["placed"]) == 81 and len(d["candidates"]) == 81
        assert d["answers"] and {"placements", "eliminations", "text"} <= set(d["answers"][0])
    seeded = [run("drills", "--technique", "x-wing", "--count", "4", "--seed", "7", "--json").stdout
              for _ in range(2)]
    assert seeded[0] == seeded[1]
    text = run("drills", "--technique", "x-wing", "--count", "1")
    assert text.returncode == 0 and "X-Wing drill 1" in text.stdout and ".---" in text.stdout


def test_cli_errors_exit_2() -> None:
    assert run("drills", "--technique", "no-such-thing").returncode == 2
    assert run("drills").returncode == 2
    missing = run("drills", "--technique", "x-wing", "--pool", "/nonexistent")
    assert missing.returncode == 2 and "no drill pool" in missing.stderr


def test_cli_sheet(tmp_path: Path) -> None:
    out = tmp_path / "sheet.html"
    proc = run("drills", "sheet", "--technique", "x-wing,xy-wing", "--count", "3", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    page = out.read_text()
    assert page.count("<figure>") == 6 and "Answers" in page and "@media print" in page
    assert page.count("X-Wing: find the step") == 3 and page.count("XY-Wing: find the step") == 3


def test_cli_build(tmp_path: Path) -> None:
    proc = run("drills", "build", "-o", str(tmp_path), "--generated", "4", "--fill-generated", "3",
               "--shared", str(tmp_path / "none"))
    assert proc.returncode == 0, proc.stderr
    index = json.loads((tmp_path / "index.json").read_text())
    assert index["techniques"] and "techniques" in proc.stderr


def test_cli_build_extra_seeds(tmp_path: Path) -> None:
    """``--from-harvest DIR --extra-seeds A..B`` walks only those generated puzzles on from DIR."""
    base, out = tmp_path / "base", tmp_path / "out"
    drill_pool.write_pool(drill_pool.build_pool(list(drill_pool.pool_sources(None, generated=3, seed=1))), base)
    quiet = ("--shared", str(tmp_path / "none"))
    proc = run("drills", "build", "-o", str(out), "--from-harvest", str(base), "--extra-seeds", "40..47", *quiet)
    assert proc.returncode == 0, proc.stderr
    sources = {d["source"].split(" step ")[0] for e in drills.load_index(out)["techniques"]
               for d in drills.load_technique(out, e["technique"])}
    assert {f"generated seed {k}" for k in range(1, 4)} < sources <= {f"generated seed {k}" for k in (
        *range(1, 4), *range(40, 48))}
    proc = run("drills", "build", "-o", str(out), "--from-harvest", str(base), "--automorphic", "30", *quiet)
    assert proc.returncode == 0, proc.stderr
    gurth = drills.load_technique(out, "gurths-theorem")
    assert 1 <= len(gurth) <= drill_pool.FLOOR and all(d["source"].startswith("automorphic seed ") for d in gurth)
    half = tmp_path / "half"
    proc = run("drills", "build", "-o", str(half), "--from-harvest", str(base), "--extra-seeds", "40..43", *quiet)
    assert proc.returncode == 0, proc.stderr
    merged = tmp_path / "merged"
    proc = run("drills", "merge", "-o", str(merged), "--base", str(base), "--parts", f"{half},{out}", *quiet)
    assert proc.returncode == 0, proc.stderr
    for e in drills.load_index(merged)["techniques"]:
        tid = e["technique"]
        kept = [d["source"] for d in drills.load_technique(merged, tid)]
        grown = [[d["source"] for d in drills.load_technique(p, tid)] for p in (base, half, out)]
        assert kept[:len(grown[0])] == grown[0] and len(kept) <= drill_pool.PER_TECHNIQUE
        assert set(kept) <= set(grown[0]) | set(grown[1]) | set(grown[2])
    proc = run("drills", "merge", "-o", str(merged), "--base", str(base), *quiet)
    assert proc.returncode == 2 and "drills merge needs" in proc.stderr
    bank = tmp_path / "bank.txt"
    bank.write_text("".join(f"{''.join(map(str, b.values))}\n" for _, b in drill_pool.extra_sources(40, 43)))
    proc = run("drills", "build", "-o", str(out), "--from-harvest", str(base), "--bank", str(bank), *quiet)
    assert proc.returncode == 0, proc.stderr
    sources = {d["source"].split(" step ")[0] for e in drills.load_index(out)["techniques"]
               for d in drills.load_technique(out, e["technique"])}
    assert {f"generated seed {k}" for k in range(1, 4)} < sources <= {
        *(f"generated seed {k}" for k in range(1, 4)), *(f"bank line {n}" for n in range(1, 5))}
    proc = run("drills", "build", "-o", str(out), "--from-harvest", str(base), "--bank", str(tmp_path / "no"), *quiet)
    assert proc.returncode == 2 and "--bank: no file" in proc.stderr
    proc = run("drills", "build", "-o", str(out), "--from-harvest", str(base), "--bank", str(bank),
               "--bank-techniques", "hidden-single,naked-pair", *quiet)
    assert proc.returncode == 0, proc.stderr
    banked = {e["technique"] for e in drills.load_index(out)["techniques"]
              if any(d["source"].startswith("bank line ") for d in drills.load_technique(out, e["technique"]))}
    assert "hidden-single" in banked <= {"hidden-single", "naked-pair"}  # the bank walked for those alone
    for bad, message in ((("--bank-techniques", "x-wing"), "needs --bank"),
                         (("--bank", str(bank), "--bank-techniques", "squirmbag"), "techniques of the default path"),
                         (("--bank", str(bank), "--bank-techniques", "no-such"), "no-such")):
        proc = run("drills", "build", "-o", str(out), "--from-harvest", str(base), *bad, *quiet)
        assert proc.returncode == 2 and message in proc.stderr, (bad, proc.stderr)
    proc = run("drills", "build", "-o", str(out), "--from-harvest", str(base), "--extra-seeds", "47..40", *quiet)
    assert proc.returncode == 2 and "--extra-seeds wants A..B" in proc.stderr
    for bad in ("x..y", "40", "0..3"):
        with pytest.raises(SudokuError, match="--extra-seeds wants A..B"):
            drills_cli._seeds(bad)
    assert drills_cli._seeds("3601..3700") == (3601, 3700)


# ---------------------------------------------------------------- the coach
P = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def test_coach_names_a_hidden_single() -> None:
    out = coach(json.dumps({"givens": P}), {"cell": "r9c3", "digit": 7, "kind": "placement"})
    assert out["verdict"] == "technique" and out["technique"] == "hidden-single"
    assert out["line"] == "Hidden Single: In box 7, 7 can only go in r9c3."


def test_coach_wrong_rules_and_guess() -> None:
    pos = json.dumps({"givens": P})
    assert coach(pos, {"cell": "r9c3", "digit": 6, "kind": "placement"})["verdict"] == "wrong"
    assert coach(pos, {"cell": "r1c2", "digit": 4, "kind": "elimination"})["verdict"] == "rules"
    solution = solve(Board.from_string(P)).solutions[0]
    guess = coach(pos, {"cell": "r1c2", "digit": solution[1], "kind": "placement"}, budget=30)
    assert guess["verdict"] == "guess" and "guess" in guess["line"]
    beyond = coach(pos, {"cell": "r1c2", "digit": solution[1], "kind": "placement"}, budget=0)
    assert beyond["verdict"] == "beyond"


def test_coach_names_the_pool_technique() -> None:
    """At an X-Wing drill, removing one of its eliminations is an X-Wing (nothing simpler has it)."""
    d = x_wing()
    e = d["answers"][0]["eliminations"][0]
    pos = json.dumps({k: d[k] for k in ("givens", "placed", "candidates")})
    out = coach(pos, {**e, "kind": "elimination"}, budget=30)
    assert out["verdict"] == "technique" and out["technique"] == "x-wing", out
    via_worker = json.loads(worker_api.handle("coach", pos, json.dumps({"move": {**e, "kind": "elimination"}})))
    assert via_worker["technique"] == "x-wing"
    for options in ({"move": {"cell": "x", "digit": 1}}, {"move": [1]}, {"move": {**e, "kind": "elimination"},
                                                                          "budget": "soon"}):
        bad = json.loads(worker_api.handle("coach", pos, json.dumps(options)))
        assert bad["status"] == "invalid" and "Traceback" not in bad["error"], bad


def test_every_default_path_technique_has_a_lesson() -> None:
    """web/lessons.js holds one text per technique of the default path (and none for others)."""
    import re

    text = (ROOT / "web" / "lessons.js").read_text()
    keys = set(re.findall(r'^  "?([a-z0-9-]+)"?: ', text, flags=re.M))
    wanted = {t.id for t in drills.path_techniques()}
    assert wanted - keys == set(), f"no lesson for {sorted(wanted - keys)}"
    assert keys - wanted == set(), f"lessons for techniques off the default path: {sorted(keys - wanted)}"


def test_catalogue_marks_the_techniques_the_learn_view_teaches() -> None:
    out = json.loads(worker_api.handle("catalogue", ""))
    taught = [t["id"] for t in out["techniques"] if t["learn"]]
    assert taught == [t.id for t in drills.path_techniques()]
    assert "x-wing" in taught and "se-forcing-chain" not in taught and "franken-x-wing" not in taught
