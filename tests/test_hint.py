"""The hint contract: from a player's position (givens, their digits, their marks) in any of the
formats a player can hand over, the easiest step and the player's mistakes; the same for the
Python API, the command line and the browser worker."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from conftest import ROOT, puzzle_set
from sudoku_grader import api, worker_api
from sudoku_grader.board import Board
from sudoku_grader.engine import apply_step, next_step, walk
from sudoku_grader.errors import ParseError
from sudoku_grader.formats import parse_position, to_library, to_pencilmark
from sudoku_grader.solver import solve

P = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = "".join(map(str, solve(api.load(P)).solutions[0]))


def position_json(board: Board, givens: str, with_marks: bool = True) -> str:
    """The page's JSON form of a board reached from ``givens``."""
    placed = "".join(str(v) if v and givens[c] == "." else "." for c, v in enumerate(board.values))
    obj: dict = {"givens": givens, "placed": placed}
    if with_marks:
        obj["candidates"] = [[d for d in range(1, 10) if board.cands[c] >> (d - 1) & 1] for c in range(81)]
    return json.dumps(obj)


def positions_along_the_path(puzzle: str, every: int = 5) -> list[Board]:
    """Boards after 0, every, 2*every, ... steps of the default path (candidates as the path left them)."""
    board = api.load(puzzle)
    path = walk(board)
    out = [board.copy()]
    b = board.copy()
    for i, s in enumerate(path.steps, 1):
        apply_step(b, s)
        if i % every == 0 and not b.is_solved():
            out.append(b.copy())
    return out


def test_the_three_formats_give_the_same_hint_as_the_engine() -> None:
    """A position with placed digits and marks (eliminations the path made): JSON, HoDoKu library
    line and pencilmark grid all give the engine's own next step from that board."""
    compared = 0
    boards = [(P, b) for b in positions_along_the_path(P, every=7)[1:]]
    for puzzle in puzzle_set("top95")[:3]:
        boards += [(puzzle, b) for b in positions_along_the_path(puzzle, every=6)[1:]]
    for puzzle, b in boards:
        expected = next_step(b).to_json()
        as_json = api.hint(position_json(b, puzzle))
        assert as_json["status"] == "unique" and as_json["mistakes"] == [] and as_json["solved"] is False
        assert as_json["step"] == expected
        assert as_json["givens"] == puzzle and as_json["puzzle"] == b.to_string()
        assert api.hint(to_library(b))["step"] == expected
        # A pencilmark grid cannot tell givens from placed digits (every digit is a given there),
        # nor an empty cell with one candidate from a filled one: compare where it can tell.
        if not any(not b.values[c] and b.cands[c].bit_count() == 1 for c in range(81)):
            assert api.hint(to_pencilmark(b))["step"] == expected
            compared += 1
    assert compared >= 3


def test_marks_are_the_players_own() -> None:
    """Without marks the hint sees every candidate the digits allow; with marks, only those."""
    board = api.load(P)
    cands = [[d for d in range(1, 10) if board.cands[c] >> (d - 1) & 1] for c in range(81)]
    # Keep only the solution's digit in r9c9 (an empty cell): a naked single there now.
    target = 80
    assert not board.values[target]
    cands[target] = [int(SOLUTION[target])]
    out = api.hint(json.dumps({"givens": P, "candidates": cands}))
    step = out["step"]
    assert step["technique"] in ("naked-single", "full-house", "hidden-single")
    assert api.hint(json.dumps({"givens": P}))["step"] == api.hint(P)["step"]
    # a cell with no marks entered (empty list) means every allowed digit, not "nothing"
    assert api.hint(json.dumps({"givens": P, "candidates": [[] for _ in range(81)]}))["step"] == api.hint(P)["step"]


def test_mistakes_wrong_digits_first_then_missing_marks_and_no_step() -> None:
    placed = ["."] * 81
    right, wrong = 1, 2  # r1c2, r1c3 are empty in P
    assert P[right] == "." and P[wrong] == "."
    placed[right] = SOLUTION[right]
    placed[wrong] = str(int(SOLUTION[wrong]) % 9 + 1)
    cands: list[list[int]] = [[] for _ in range(81)]
    cands[3] = [d for d in range(1, 10) if d != int(SOLUTION[3])]  # r1c4's marks lost its digit
    out = api.hint(json.dumps({"givens": P, "placed": "".join(placed), "candidates": cands}))
    assert out["mistakes"] == [
        {"cell": "r1c3", "digit": int(placed[wrong]), "kind": "wrong-digit"},
        {"cell": "r1c4", "digit": int(SOLUTION[3]), "kind": "missing-candidate"},
    ]
    assert out["step"] is None and out["solved"] is False
    # a wrong digit that repeats a given is a mistake too, not unreadable input
    clash = ["."] * 81
    clash[1] = "4"  # r1c1 holds the given 4
    out = api.hint(json.dumps({"givens": P, "placed": "".join(clash)}))
    assert out["mistakes"] == [{"cell": "r1c2", "digit": 4, "kind": "wrong-digit"}]
    # The same through a HoDoKu library line with a wrong placed digit that breaks no rule: it is
    # the only mistake (its peers lose the digit by the rules, not by the player's marks).
    board = api.load(P)
    odd = next(d for d in range(1, 10) if board.has_candidate(wrong, d) and d != int(SOLUTION[wrong]))
    line = ":0000::" + "".join(f"+{odd}" if c == wrong else P[c] for c in range(81)) + ":::"
    assert api.hint(line)["mistakes"] == [{"cell": "r1c3", "digit": odd, "kind": "wrong-digit"}]


def test_solved_position_and_puzzles_without_one_solution() -> None:
    out = api.hint(json.dumps({"givens": P, "placed": SOLUTION}))
    assert out["solved"] is True and out["step"] is None and out["mistakes"] == []
    several = api.hint(json.dumps({"givens": P.replace("4", ".", 1)}))
    assert several["status"] == "multiple" and "more than one solution" in several["error"]
    assert several["step"] is None


@pytest.mark.parametrize(("text", "message"), [
    ('{"givens": 5}', '"givens" must be a string of 81 cells'),
    ('{"givens": "123"}', '"givens" has 3 cells, expected 81'),
    ('{"givens": "' + P + '", "placed": "' + "9" + P[1:].replace("1", ".") + '"}', "is a given 4"),
    ('{"givens": "' + P + '", "candidates": [[1]]}', "list of 81 lists"),
    ('{"givens": "' + P + '", "candidates": ' + json.dumps([[0]] * 81) + "}", "list of digits 1-9"),
    ('{"givens": "' + P + '", "colour": 1}', "unknown field 'colour'"),
    ("{not json", "not a JSON position"),
])
def test_bad_json_positions_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message.replace("[", r"\[").replace("(", r"\(")):
        parse_position(text)
    out = api.hint(text)
    assert out["status"] == "invalid" and message in out["error"]


def test_candidates_may_be_strings_of_digits() -> None:
    pos = parse_position(json.dumps({"givens": P, "candidates": ["" if P[c] != "." else "123" for c in range(81)]}))
    assert all(m == 0b111 for c, m in enumerate(pos.marks) if P[c] == ".")


def test_hint_steps_from_played_positions_are_sound() -> None:
    """Positions a player reaches (digits placed from the solution, marks as the path left them or
    none) on a sample of real puzzles: every hint's placements and eliminations fit the solution."""
    rng = random.Random(5)
    puzzles = puzzle_set("newspaper-mixed")[:6] + puzzle_set("top95")[:2]
    checked = 0
    for puzzle in puzzles:
        sol = solve(api.load(puzzle)).solutions[0]
        for b in positions_along_the_path(puzzle, every=9):
            for with_marks in (True, False):
                out = api.hint(position_json(b, puzzle.replace("0", "."), with_marks))
                step = out["step"]
                assert step is not None, (puzzle, out)
                for p in step["placements"]:
                    c = (int(p["cell"][1]) - 1) * 9 + int(p["cell"][3]) - 1
                    assert sol[c] == p["digit"], (puzzle, step)
                for e in step["eliminations"]:
                    c = (int(e["cell"][1]) - 1) * 9 + int(e["cell"][3]) - 1
                    assert sol[c] != e["digit"], (puzzle, step)
                checked += 1
        # and a player who placed a few right digits in random cells, no marks
        digits = list(puzzle.replace("0", "."))
        for c in rng.sample([c for c in range(81) if digits[c] == "."], 10):
            digits[c] = str(sol[c])
        placed = "".join(d if puzzle[c] in ".0" else "." for c, d in enumerate(digits))
        out = api.hint(json.dumps({"givens": puzzle.replace("0", "."), "placed": placed}))
        assert out["mistakes"] == [] and out["step"] is not None
    assert checked >= 40


def test_cli_and_worker_give_the_same_hint() -> None:
    b = positions_along_the_path(P, every=10)[1]
    text = position_json(b, P)
    expected = api.hint(text)
    proc = subprocess.run([sys.executable, "-m", "sudoku_grader", "hint", text], capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin"}, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == expected
    # a file of JSON positions, one a line, is read line by line
    proc = subprocess.run([sys.executable, "-m", "sudoku_grader", "hint", "-f", "-"], input=text + "\n" + text + "\n",
                          capture_output=True, text=True, env={"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin"},
                          timeout=120)
    assert [json.loads(x) for x in proc.stdout.splitlines()] == [expected, expected]
    got = json.loads(worker_api.handle("hint", text, json.dumps({"techniques": ["hidden-single", "naked-single"]})))
    assert "ignored_options" not in got
    assert got["step"]["technique"] in ("hidden-single", "naked-single")
    assert got["mistakes"] == [] and got["givens"] == P


def test_hint_with_only_some_techniques_can_find_nothing() -> None:
    out = api.hint(P, techniques=["full-house"])
    assert out["step"] is None and out["solved"] is False and out["mistakes"] == []
