"""Digit Forcing Chains: soundness on stuck positions of hard puzzles, explanation, SudokuWiki's price."""

from __future__ import annotations

from conftest import puzzle_set
from pattern_checks import check_step
from sudoku_grader.engine import Simplest, walk
from sudoku_grader.formats import parse
from sudoku_grader.solver import solve
from sudoku_grader.techniques import get


def test_sound_and_both_ways_explained() -> None:
    # positions where singles, intersections and pairs/triples are stuck: chains have work to do there
    simple = ["full-house", "naked-single", "hidden-single", "locked-candidates-1", "locked-candidates-2",
              "naked-pair", "hidden-pair", "naked-triple", "hidden-triple"]
    found = 0
    for line in puzzle_set("top95")[:40:4]:
        board = parse(line).board
        b = walk(board, Simplest(simple)).board
        if b.is_solved():
            continue
        solution = solve(board).solutions[0]
        for s in get("digit-forcing-chain").find(b):
            check_step(b, s, solution, line)
            assert len(s.placements) + len(s.eliminations) == 1
            assert s.extra["branches"] == 2 and len(s.extra["eureka"]) == 2
            assert s.text.startswith("Digit Forcing Chain from ") and " or not, " in s.text
            found += 1
    assert found > 0


def test_names_and_sudokuwiki_price() -> None:
    from sudoku_grader.ratings import sudokuwiki
    from sudoku_grader.ratings.common import resolve_order

    assert get("Digit Forcing Chains").id == "digit-forcing-chain"
    assert not get("digit-forcing-chain").default
    slots = [(s.technique.id, s.key) for s in resolve_order("sudokuwiki", [k for k, _, _ in sudokuwiki.STRATEGIES])]
    assert ("digit-forcing-chain", "digit-forcing-chain") in slots
    # SudokuWiki tries Digit Forcing Chains (120) before its Cell Forcing Chains (180)
    ids = [t for t, _ in slots]
    assert ids.index("digit-forcing-chain") < ids.index("forcing-chain-verity")
    assert sudokuwiki.POINTS["digit-forcing-chain"] == 120 and "digit-forcing-chain" in sudokuwiki.ADDS_LENGTH
