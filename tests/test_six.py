"""The 6x6 grid (rows of 6, boxes of 2 rows by 3 columns): formats, the exact solver, the api and
the worker contract (``size``, ``box``, cells row by row), each checked against code written
here: a brute-force solution count and a rule check that know nothing of the package."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from conftest import ROOT
from sudoku_grader import api, worker_api
from sudoku_grader.board import Board, Board6
from sudoku_grader.errors import ParseError
from sudoku_grader.formats import parse, parse_position, to_grid, to_pencilmark
from sudoku_grader.geometry import SIX, STANDARD
from sudoku_grader.solver import random_solution, solve

# a 6x6 puzzle with one solution (made by removing givens from a random grid while it stayed unique)
P6 = "5...1.2.1.3........2....1.45.....16."


# ------------------------------------------------------------------ independent referee
def box_of(r: int, c: int) -> int:
    """2x3 boxes numbered row by row: written here, not taken from the package."""
    return (r // 2) * 2 + c // 3


def breaks_rules(grid: list[int]) -> bool:
    """True when a digit repeats in a row, column or 2x3 box of a 36-cell list (0 = empty)."""
    seen = set()
    for i, v in enumerate(grid):
        if not v:
            continue
        r, c = divmod(i, 6)
        for key in (("r", r, v), ("c", c, v), ("b", box_of(r, c), v)):
            if key in seen:
                return True
            seen.add(key)
    return False


def brute_count(puzzle: str, limit: int = 2) -> int:
    """Solutions of a 36-character puzzle, counted up to ``limit`` by plain backtracking."""
    grid = [int(ch) if ch in "123456" else 0 for ch in puzzle]
    if breaks_rules(grid):
        return 0

    def fits(i: int, v: int) -> bool:
        r, c = divmod(i, 6)
        for j, w in enumerate(grid):
            if w == v and j != i:
                rr, cc = divmod(j, 6)
                if rr == r or cc == c or box_of(rr, cc) == box_of(r, c):
                    return False
        return True

    def count(start: int) -> int:
        i = next((j for j in range(start, 36) if not grid[j]), 36)
        if i == 36:
            return 1
        n = 0
        for v in range(1, 7):
            if fits(i, v):
                grid[i] = v
                n += count(i + 1)
                grid[i] = 0
                if n >= limit:
                    break
        return n

    return min(count(0), limit)


def random_puzzle(rng: random.Random, keep: float) -> str:
    """A random 6x6 grid with each cell kept with probability ``keep`` (any number of solutions)."""
    grid = SIX.gather(random_solution(rng, SIX))
    assert not breaks_rules(grid) and all(grid)
    return "".join(str(v) if rng.random() < keep else "." for v in grid)


# ------------------------------------------------------------------ geometry and board
def test_geometry_tables_of_the_six_grid() -> None:
    assert SIX.size == 6 and SIX.ncells == 36 and SIX.box == (2, 3)
    assert [len(SIX.houses[h]) for h in SIX.house_ids] == [6] * 18
    for c in SIX.cells:
        r, k = divmod(c, 9)
        # each cell sees 5 in its row, 5 in its column and the 2 more of its box
        assert len(SIX.peers[c]) == 12
        assert SIX.cell_box[c] == box_of(r, k)
    assert STANDARD.ncells == 81 and len(STANDARD.peers[0]) == 20


def test_board_size_is_told_from_the_values() -> None:
    b = Board.from_values([0] * 36)
    assert isinstance(b, Board6) and b.size == 6 and b.empty_count() == 36
    assert b.candidate_count() == 36 * 6
    assert type(Board.from_values([0] * 81)) is Board
    b.place(0, 3)
    assert b.to_string() == "3" + "." * 35 and b.copy() == b
    # r1c2..r1c6, r2c1..r2c3 and r3c1 see r1c1; r2c4 (another box) and r3c2 do not
    assert not any(b.has_candidate(c, 3) for c in (1, 5, 9, 10, 11, 18))
    assert b.has_candidate(12, 3) and b.has_candidate(19, 3)
    assert b.contradiction() is None


# ------------------------------------------------------------------ formats
def test_line_grid_and_pencilmark_read_back() -> None:
    b = parse(P6).board
    assert b.size == 6 and b.to_string() == P6
    grid = to_grid(b)
    assert len(grid.splitlines()) == 6 + 2  # six rows, two separators between the three bands
    assert parse(grid).board == b and parse(grid).format == "grid"
    marks = parse("5.3" + "." * 33).board  # no cell down to one candidate (that would read back as placed)
    marks.eliminate(1, 4)
    marks.eliminate(40, 6)
    pm = parse(to_pencilmark(marks))
    assert pm.format == "pencilmark" and pm.board.size == 6 and pm.board.cands == marks.cands
    assert pm.board.values == marks.values


def test_grid_as_pasted_from_a_page() -> None:
    pasted = """
    5 . . | . 1 .
    2 . 1 | . 3 .
    ------+------
    . . . | . . .
    . 2 . | . . .
    ------+------
    1 . 4 | 5 . .
    . . . | 1 6 .
    """
    b = parse(pasted).board
    assert b.size == 6 and b.to_string() == P6
    compact = "\n".join(P6[r * 6:r * 6 + 6] for r in range(6))  # rows of six characters, no separators
    assert parse(compact).board == b


@pytest.mark.parametrize(
    "text, message",
    [
        (P6[:35], r"81 cells \(9x9\) or 36 cells \(6x6\), this line has 35"),
        (P6 + "1", r"this line has 37"),
        ("7" + P6[1:], r"digit 7 at cell 1 \(r1c1\): a 6x6 puzzle uses digits 1-6"),
        ("55" + P6[2:], r"digit 5 appears twice in row 1: r1c1 and r1c2"),
        ("1 2 3 | 4 5 6\n" * 5, r"the grid has 30 cells, expected 81 \(9 rows of 9\) or 36 \(6 rows of 6\)"),
        ('{"givens": "' + P6 + '", "placed": "' + "." * 81 + '"}', r'"placed" has 81 cells, expected 36'),
    ],
)
def test_bad_six_input_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        parse_position(text)


# ------------------------------------------------------------------ exact solver
def test_solver_agrees_with_a_brute_force_count() -> None:
    rng = random.Random(6)
    seen = {"none": 0, "unique": 0, "multiple": 0}
    for _ in range(60):
        puzzle = random_puzzle(rng, rng.choice((0.2, 0.35, 0.5)))
        if rng.random() < 0.2:  # break some of them
            i = rng.randrange(36)
            puzzle = puzzle[:i] + str(rng.randint(1, 6)) + puzzle[i + 1:]
        brute = brute_count(puzzle)
        expected = ("none", "unique", "multiple")[brute]
        if breaks_rules([int(ch) if ch != "." else 0 for ch in puzzle]):
            assert api.solve(puzzle)["status"] == "invalid"
            continue
        result = solve(parse(puzzle).board)
        assert result.status == expected, puzzle
        seen[expected] += 1
        for i in range(len(result.solutions)):
            line = result.line(i)
            grid = [int(ch) for ch in line]
            assert len(line) == 36 and all(grid) and not breaks_rules(grid)
            assert all(p in ".0" or p == s for p, s in zip(puzzle, line))
        if expected == "multiple":
            assert result.line(0) != result.line(1) and result.differing_cells()
    assert all(seen.values()), seen


def test_solve_explain_hint_and_steps_on_six() -> None:
    out = api.solve(P6)
    assert out["status"] == "unique" and out["size"] == 6 and out["box"] == [2, 3]
    assert brute_count(P6) == 1 and len(out["solution"]) == 36
    explained = api.explain(P6)
    assert explained["solved"] and explained["size"] == 6
    hint = api.hint(P6)
    assert hint["step"] and hint["size"] == 6 and hint["box"] == [2, 3]
    assert api.steps(P6)["steps"] and api.steps(P6)["box"] == [2, 3]
    multiple = api.solve("5...1." + "." * 30)
    assert multiple["status"] == "multiple" and multiple["differ"]
    assert api.solve("9" * 81)["status"] == "invalid"


def test_hint_reports_mistakes_on_six() -> None:
    solution = api.solve(P6)["solution"]
    i = P6.index(".")
    wrong = next(d for d in "123456" if d != solution[i])
    placed = "." * i + wrong + "." * (35 - i)
    out = api.hint(json.dumps({"givens": P6, "placed": placed}))
    assert out["mistakes"] == [{"cell": f"r{i // 6 + 1}c{i % 6 + 1}", "digit": int(wrong), "kind": "wrong-digit"}]
    assert out["step"] is None


# ------------------------------------------------------------------ worker contract
def test_worker_parse_lists_the_grid_row_by_row() -> None:
    out = json.loads(worker_api.handle("parse", P6))
    assert out["size"] == 6 and out["box"] == [2, 3] and out["puzzle"] == P6
    assert len(out["values"]) == len(out["givens"]) == len(out["candidates"]) == 36
    assert out["values"] == [int(ch) if ch != "." else 0 for ch in P6]
    assert all(1 <= d <= 6 for group in out["candidates"] for d in group)
    nine = json.loads(worker_api.handle("parse", "." * 81))
    assert nine["size"] == 9 and nine["box"] == [3, 3] and len(nine["values"]) == 81


def test_worker_ops_on_six() -> None:
    for op in ("solve", "hint", "explain", "steps"):
        out = json.loads(worker_api.handle(op, P6))
        assert out["size"] == 6 and out["box"] == [2, 3], op
    step = json.loads(worker_api.handle("hint", P6))["step"]
    cell = step["placements"][0]["cell"] if step["placements"] else step["eliminations"][0]["cell"]
    assert cell[0] == "r" and 1 <= int(cell[1]) <= 6 and 1 <= int(cell[3]) <= 6
    bad = json.loads(worker_api.handle("solve", P6[:30]))
    assert bad["status"] == "invalid" and "36 cells (6x6)" in bad["error"]
    sizes = {t["id"]: t["sizes"] for t in json.loads(worker_api.handle("techniques", ""))["techniques"]}
    assert sizes["hidden-single"] == [9, 6] and sizes["naked-quadruple"] == [9]


def test_cli_reads_six_puzzles_and_rejects_bad_lengths(tmp_path) -> None:
    f = tmp_path / "six.txt"
    f.write_text(P6 + "\n" + P6[:33] + "\n")
    proc = subprocess.run([sys.executable, "-m", "sudoku_grader", "solve", "--json", "-f", str(f)],
                          capture_output=True, text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py")})
    assert proc.returncode != 0 and "Traceback" not in proc.stderr
    outs = [json.loads(line) for line in proc.stdout.splitlines()]
    assert outs[0]["status"] == "unique" and outs[0]["size"] == 6
    assert outs[1]["status"] == "invalid" and "36 cells (6x6)" in outs[1]["error"]


# ------------------------------------------------------------------ ratings
def test_rate_six_gives_sudokuwiki_and_says_the_others_are_9x9_only() -> None:
    out = api.rate(P6)
    wiki = out["ratings"]["sudokuwiki"]
    assert out["size"] == 6 and wiki["solved"] and wiki["score"] > 0
    for scale, r in out["ratings"].items():
        if scale != "sudokuwiki":
            assert r == {"unsupported": "9x9 only"}, scale
    worker = json.loads(worker_api.handle("rate", P6))
    assert worker["ratings"]["se"] == {"unsupported": "9x9 only"} and worker["ratings"]["sudokuwiki"]["score"]


def test_sudokuwiki_six_uses_log4_and_216_slots() -> None:
    import math

    from sudoku_grader.engine import walk
    from sudoku_grader.ratings import sudokuwiki

    points = dict(sudokuwiki.POINTS)
    path = walk(parse(P6).board, sudokuwiki.SudokuWikiPolicy(points))
    # the score again by hand: each step's points x (candidates before it / 216 x 20)
    by_hand = sum(points[k] * c / 216 * 20 for k, c in zip(path.keys, path.candidates))
    out = sudokuwiki.summarize(path, points)
    assert out["score"] == round(by_hand, 2)
    assert out["normalised"] == round(2 * math.log(by_hand) / math.log(4), 2)
    assert out["normalised"] != round(2 * math.log(by_hand) / math.log(5), 2)
    assert sudokuwiki.SLOTS_6 == 36 * 6


# ------------------------------------------------------------------ techniques on 6x6
CORPUS = ROOT / "tests" / "data" / "six-corpus.txt"


def corpus() -> list[str]:
    """The 6x6 corpus (how it was made is in the file's header)."""
    return [ln.split("#")[0].strip() for ln in CORPUS.read_text().splitlines() if ln.strip() and ln[0] != "#"]


def check_step(step, solution: list[int], where: str) -> None:  # type: ignore[no-untyped-def]
    for cell, digit in step.placements:
        assert solution[cell] == digit, f"{where}: {step.technique} wrongly places: {step.text}"
    for cell, digit in step.eliminations:
        assert solution[cell] != digit, f"{where}: {step.technique} removes the answer: {step.text}"


def test_the_nine_by_nine_tables_are_the_same_objects() -> None:
    from sudoku_grader import geometry

    assert Board.geometry is STANDARD
    assert STANDARD.peer_mask is geometry.PEER_MASK and STANDARD.house_mask is geometry.HOUSE_MASK
    assert STANDARD.intersections is geometry.INTERSECTIONS and STANDARD.cell_houses is geometry.CELL_HOUSES


def test_only_techniques_whose_rule_holds_are_offered_on_six() -> None:
    from sudoku_grader.engine import all_steps
    from sudoku_grader.techniques import REGISTRY, offered

    on_six = {t.id for t in offered(6)}
    assert {"hidden-single", "naked-pair", "x-wing", "swordfish", "xy-wing", "skyscraper", "uniqueness-1",
            "simple-colors-trap", "x-chain", "aic", "forcing-chain-contradiction"} <= on_six
    # a quad or a jellyfish on six cells is the complement of a pair; these patterns need 3x3 boxes
    nine_only = {"naked-quadruple", "jellyfish", "empty-rectangle", "gurths-theorem", "junior-exocet", "tridagon"}
    assert nine_only <= set(REGISTRY) and not on_six & nine_only
    board = parse(P6).board
    assert not all_steps(board, [REGISTRY[t] for t in nine_only])


def test_every_step_of_every_path_agrees_with_the_solution() -> None:
    """Default path and SudokuWiki's path on the corpus, and every step of every offered technique
    at sampled positions along them (some with wrong candidates knocked out, to reach more patterns)."""
    from sudoku_grader.engine import all_steps, apply_step, walk
    from sudoku_grader.ratings import sudokuwiki
    from sudoku_grader.techniques import offered

    techniques = offered(6)
    rng = random.Random(66)
    checked = 0
    for n, line in enumerate(corpus()):
        board = parse(line).board
        solution = solve(board).solutions[0]
        for policy in (None, sudokuwiki.SudokuWikiPolicy(dict(sudokuwiki.POINTS))):
            path = walk(board, policy)
            assert path.solved, line
            position = board.copy()
            for i, step in enumerate(path.steps):
                check_step(step, solution, line)
                if policy is None and n % 25 == 0 and i % 6 == 1:
                    probe = position.copy()
                    for c in iter_cells(probe):
                        for d in range(1, 7):
                            if d != solution[c] and probe.has_candidate(c, d) and rng.random() < 0.15:
                                probe.eliminate(c, d)
                    for s in all_steps(position, techniques) + all_steps(probe, techniques):
                        check_step(s, solution, line)
                        checked += 1
                apply_step(position, step)
    assert checked > 500


def iter_cells(board: Board) -> list[int]:
    return [c for c in board.geometry.cells if not board.values[c]]


def test_the_corpus_is_solved_by_logic() -> None:
    from sudoku_grader.engine import walk

    lines = corpus()
    assert len(lines) >= 200 and len(set(lines)) == len(lines)
    solved = 0
    for line in lines:
        assert brute_count(line) == 1 if line in lines[:20] else True
        solved += walk(parse(line).board).solved
    assert solved == len(lines)
    grades = {api.rate(line, scales="sudokuwiki")["ratings"]["sudokuwiki"]["grade"] for line in lines[150:]}
    assert "Master" in grades and None not in grades


# ------------------------------------------------------------------ generator
@pytest.mark.parametrize("options", [
    {}, {"symmetry": "rotational"}, {"symmetry": "mirror", "minimal": True}, {"symmetry": "diagonal"},
    {"scale": "sudokuwiki", "level": "Expert"}, {"technique": "skyscraper"},
])
def test_generated_six_puzzles_are_unique_by_brute_force(options: dict) -> None:
    for seed in (1, 2, 3):
        out = api.generate(size=6, seed=seed, timeout=60, **options)
        assert out["status"] == "unique" and out["size"] == 6 and out["box"] == [2, 3], out
        puzzle = out["puzzle"]
        assert len(puzzle) == 36 and brute_count(puzzle) == 1
        assert api.solve(puzzle)["solution"] == out["solution"]
        if options.get("symmetry") == "rotational":
            assert all((puzzle[i] == ".") == (puzzle[35 - i] == ".") for i in range(36))
        if options.get("symmetry") == "mirror":
            assert all((puzzle[i] == ".") == (puzzle[i // 6 * 6 + 5 - i % 6] == ".") for i in range(36))
        if options.get("minimal") or options.get("symmetry", "none") == "none":
            # every given is needed: without any one of them the puzzle has two solutions
            for i in range(36):
                if puzzle[i] != ".":
                    assert brute_count(puzzle[:i] + "." + puzzle[i + 1:]) == 2
        if options.get("level"):
            assert out["ratings"]["sudokuwiki"]["grade"] == "Expert"
        if options.get("technique"):
            assert "skyscraper" in out["techniques"]


def test_generate_refuses_what_six_cannot_do() -> None:
    assert "rates 9x9 only" in api.generate(size=6, scale="se", min=2)["error"]
    assert api.generate(size=6, technique="jellyfish")["status"] == "invalid"
    assert "no 7x7 grid" in api.generate(size=7)["error"]
    worker = json.loads(worker_api.handle("generate", "", json.dumps({"size": 6, "seed": 5})))
    assert worker["status"] == "unique" and worker["size"] == 6 and len(worker["puzzle"]) == 36


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sudoku_grader", *args], capture_output=True, text=True,
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py")}, input=stdin, timeout=120)


def test_cli_on_six() -> None:
    made = cli("generate", "--size", "6", "--seed", "3", "--json")
    assert made.returncode == 0, made.stderr
    puzzle = json.loads(made.stdout)["puzzle"]
    rated = cli("rate", "--format", "csv", puzzle)
    head, row = rated.stdout.splitlines()[:2]
    assert rated.returncode == 0 and "unsupported: 9x9 only" in row and "ratings.sudokuwiki.score" in head
    text = cli("explain", puzzle)
    assert "se: unsupported (9x9 only)" in text.stdout and "Solved in" in text.stdout
    for bad, message in ((["generate", "--size", "7"], "no 7x7 grid"),
                         (["generate", "--size", "6", "--scale", "hodoku", "--level", "easy"], "rates 9x9 only"),
                         (["solve", "1234567"], "81 cells (9x9) or 36 cells (6x6)"),
                         (["solve", "7" + P6[1:]], "a 6x6 puzzle uses digits 1-6")):
        proc = cli(*bad)
        assert proc.returncode != 0 and message in proc.stdout + proc.stderr, (bad, proc.stdout, proc.stderr)
        assert "Traceback" not in proc.stderr
