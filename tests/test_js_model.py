"""The page's DOM-free modules (web/model/) under node's test runner, and the positions the page
writes (hint JSON, HoDoKu library line, pencilmark grid) read back by the Python package."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from conftest import ROOT
from sudoku_grader import api
from sudoku_grader.formats import parse_position

P = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def node() -> str:
    path = shutil.which("node")
    if path is None:
        pytest.fail("node is missing: the page's model is tested with node's test runner (Node 20 or later)")
    return path


def test_node_test_runner_passes() -> None:
    proc = subprocess.run([node(), "--test", "tests/js/"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    tail = (proc.stdout + proc.stderr)[-3000:]
    assert proc.returncode == 0, tail
    assert "# fail 0" in proc.stdout, tail


SCRIPT = """
import { Game } from "./web/model/game.js";
const [givens, moves] = JSON.parse(process.argv[1]);
const g = new Game(givens);
for (const [kind, c, d] of moves) {
  if (kind === "place") g.place(c, d);
  else if (kind === "mark") g.toggleMark(c, d);
  else if (kind === "fill") g.fillCandidates();
}
console.log(JSON.stringify({ json: g.positionJSON(), library: g.libraryLine(), pencilmark: g.pencilmark(),
  placed: g.placedLine(), marks: g.marks, shown: g.shownCandidates() }));
"""


def page_position(moves: list) -> dict:
    proc = subprocess.run([node(), "--input-type=module", "-e", SCRIPT, json.dumps([P, moves])], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_the_page_positions_read_back_in_python() -> None:
    sol = api.solve(P)["solution"]
    empty = [c for c in range(81) if P[c] == "."]
    moves: list = [["place", c, int(sol[c])] for c in empty[:12]]
    moves += [["fill"]]
    # the player removes a few marks that are not the solution's digit
    removed = []
    for c in empty[20:30]:
        wrong = next(d for d in range(1, 10) if str(d) != sol[c])
        moves.append(["mark", c, wrong])
        removed.append((c, wrong))
    out = page_position(moves)
    from_json = parse_position(out["json"])
    from_library = parse_position(out["library"])
    assert "".join(str(d) if d else "." for d in from_json.givens) == P
    assert from_library.givens == from_json.givens and from_library.placed == from_json.placed
    assert "".join(str(d) if d else "." for d in from_json.placed) == out["placed"]
    board_json, board_library = from_json.board(), from_library.board()
    assert board_json.cands == board_library.cands == [
        0 if board_json.values[c] else m for c, m in enumerate(out["shown"])]
    # the pencilmark grid holds the same 81 groups (Python reads it; a one-candidate group reads as a digit)
    groups = [t for t in out["pencilmark"].replace("|", " ").split() if t.isdigit()]
    assert groups == [str(board_json.values[c]) if board_json.values[c] else
                      "".join(str(d) for d in range(1, 10) if board_json.cands[c] >> (d - 1) & 1) for c in range(81)]
    assert parse_position(out["pencilmark"]).board().values[0] == 4
    for c, d in removed:
        assert not board_json.has_candidate(c, d)
    expected = api.hint(out["json"])
    assert expected["mistakes"] == [] and expected["step"] is not None
    assert api.hint(out["library"])["step"] == expected["step"]
