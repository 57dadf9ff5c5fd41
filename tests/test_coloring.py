"""Colouring: reglib positions, soundness over real puzzles, explanations and colour marks."""

from __future__ import annotations

import pytest

from pattern_checks import corpus, reglib_found, reglib_lines, walk_sound
from sudoku_grader.formats import parse_library
from sudoku_grader.techniques import get
from sudoku_grader.techniques.coloring import clusters

TECHS = {
    "0500": "simple-colors-trap",
    "0501": "simple-colors-wrap",
    "0502": "multi-colors-1",
    "0503": "multi-colors-2",
}


@pytest.mark.parametrize(("n", "line"), reglib_lines(*TECHS))
def test_reglib_case(n: int, line: str) -> None:
    assert reglib_found(line, TECHS[line.split(":")[1][:4]]), f"reglib line {n}"


def test_sudokuwiki_names_resolve() -> None:
    assert get("Simple Colouring").id == "simple-colors-trap"
    assert get("Multi-Colouring").id == "multi-colors-1"
    assert get("0503").id == "multi-colors-2"


def test_clusters_are_two_coloured_by_strong_links() -> None:
    _, line = reglib_lines("0500")[0]
    board = parse_library(line).board
    for d in range(1, 10):
        for a, b in clusters(board, d):
            assert a and b and not a & b
            assert (a | b) & ~board.digit_cells[d] == 0


def test_wrap_removes_a_whole_colour_with_marks() -> None:
    _, line = reglib_lines("0501")[0]
    case = parse_library(line)
    step = next(s for s in get("simple-colors-wrap").find(case.board)
                if set(s.eliminations) == set(case.eliminations))
    coloured = {m.cell for m in step.highlights if m.role.startswith("colour-")}
    assert {c for c, _ in step.eliminations} <= coloured
    assert "see" in step.text and step.extra["digit"] == 8


def test_sound_over_real_puzzles() -> None:
    checked = walk_sound(corpus(top95=50, printable=20, newspaper=30), tuple(TECHS.values()))
    assert all(checked[t] > 0 for t in TECHS.values()), checked
