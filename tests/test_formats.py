from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_grader.board import Board
from sudoku_grader.errors import ParseError
from sudoku_grader.formats import (
    looks_like_line,
    parse,
    parse_line,
    to_grid,
    to_library,
    to_line,
    to_pencilmark,
    to_sukaku,
)
from sudoku_grader.solver import solve
from sudoku_strategies import grids, puzzles

P = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

FORUM_GRID = """
+-------+-------+-------+
| 4 . . | . . . | 8 . 5 |
| . 3 . | . . . | . . . |
| . . . | 7 . . | . . . |
+-------+-------+-------+
| . 2 . | . . . | . 6 . |
| . . . | . 8 . | 4 . . |
| . . . | . 1 . | . . . |
+-------+-------+-------+
| . . . | 6 . 3 | . 7 . |
| 5 . . | 2 . . | . . . |
| 1 . 4 | . . . | . . . |
+-------+-------+-------+
"""

# A HoDoKu-style candidate grid typed by hand: r1c2 lost 1 and r9c9 lost 2 and 3
PM_GRID = """
.---------------------.--------------------.--------------------.
| 4     679   12679   | 139   2369   269   | 8     1239  5      |
| 26789 3     1256789 | 14589 24569  245689| 12679 1249  124679 |
| 2689  15689 125689  | 7     234569 245689| 12369 12349 123469 |
:---------------------+--------------------+--------------------:
| 3789  2     15789   | 3459  34579  4579  | 13579 6     13789  |
| 3679  15679 15679   | 359   8      25679 | 4     12359 12379  |
| 36789 4     56789   | 3459  1      245679| 23579 23589 23789  |
:---------------------+--------------------+--------------------:
| 289   189   1289    | 6     2459   3     | 1259  7     12489  |
| 5     16789 3       | 2     479    1     | 69    489   4689   |
| 1     6789  4       | 589   579    5789  | 23569 23589 689    |
'---------------------'--------------------'--------------------'
"""


def test_line_with_labels_and_blank_styles() -> None:
    base = parse(P).board
    assert parse(P + "  # Easter Monster").label == "Easter Monster"
    assert parse(P + ";7.1").label == "7.1"
    assert parse(P + "\t7.1\t7.1\t2.3").label == "7.1\t7.1\t2.3"
    for blank in "0-*_":
        assert parse(P.replace(".", blank)).board == base
    assert parse("  " + P + "  ").format == "line"


def test_plus_marks_a_placed_digit() -> None:
    b = parse("+" + P).board  # "+4" = 4 placed, not a given
    assert b.values[0] == 4 and not b.is_given(0)


def test_forum_grid_and_rows_without_spaces() -> None:
    base = parse(P).board
    parsed = parse(FORUM_GRID)
    assert parsed.format == "grid" and parsed.board == base
    compact = "\n".join(P[i : i + 9] for i in range(0, 81, 9))
    assert parse(compact).board == base
    dashed = compact.replace(".", "-")
    assert parse(dashed).board == base  # a row of blanks written with dashes is a row, not a separator


def test_pencilmark_grid() -> None:
    parsed = parse(PM_GRID)
    assert parsed.format == "pencilmark"
    b = parsed.board
    assert b.values[0] == 4 and b.values[8] == 5
    assert not b.has_candidate(1, 1) and b.has_candidate(1, 6)
    assert b.cands[80] == (1 << 5) | (1 << 7) | (1 << 8)  # 6 8 9
    # one candidate = a placed digit
    assert b.values[5 * 9 + 1] == 4


def test_library_and_sukaku_detected() -> None:
    b = parse(P).board
    b.eliminate(1, 1)
    lib = parse(to_library(b))
    assert lib.format == "library" and lib.board == b
    suk = parse(to_sukaku(b))
    assert suk.format == "sukaku" and suk.board.cands == b.cands


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty input"),
        (P[:80], r"81 cells \(9x9\) or 36 cells \(6x6\), this line has 80"),
        (P + P[:-30], None),  # a long label is fine
        (P[:10] + "x" + P[11:], r"unexpected character 'x'.*character 11"),
        ("5" + P[1:5] + "5" + P[6:], r"digit 5 appears twice in row 1: r1c1 and r1c6"),
        ("9" + P[1:9] + "9" + P[10:], r"digit 9 appears twice in column 1: r1c1 and r2c1"),
        (FORUM_GRID.replace("| 8 .", "| 8 8", 1), r"digit 8 appears twice in row 1: r1c7 and r1c8"),
        (FORUM_GRID.replace("| 1 . 4 |", "| 1 . 4 . |", 1), "the grid has 82 cells"),
        (PM_GRID.replace("679  ", "677  ", 1), "written twice"),
    ],
)
def test_errors_say_what_and_where(text: str, message: str | None) -> None:
    if message is None:
        assert parse(text).board.values
        return
    with pytest.raises(ParseError, match=message):
        parse(text)


def test_error_carries_position() -> None:
    with pytest.raises(ParseError) as info:
        parse_line(P[:20] + "?" + P[21:], lineno=7)
    assert info.value.line == 7 and info.value.column == 21


def test_looks_like_line() -> None:
    assert looks_like_line(P + " # x")
    assert looks_like_line(to_library(parse(P).board))
    assert not looks_like_line(FORUM_GRID.strip().splitlines()[0])
    assert not looks_like_line(P[:9])


@settings(max_examples=60, deadline=None)
@given(puzzles(min_givens=0, max_givens=81))
def test_round_trip_every_writer(puzzle: tuple[list[int], list[int]]) -> None:
    values, _grid = puzzle
    b = Board.from_values(values)
    for text in (to_line(b), to_line(b, "0"), to_grid(b), to_library(b)):
        back = parse(text).board
        assert back.values == b.values and back.cands == b.cands, text
    # candidate formats read a one-candidate cell as placed: compare after placing those
    # (until none is left: a placement can leave an earlier cell with one candidate)
    settled = b.copy()
    changed = True
    while changed:
        changed = False
        for c in range(81):
            m = settled.cands[c]
            if m and m & (m - 1) == 0 and not settled.values[c]:
                settled.place(c, m.bit_length())
                changed = True
    if settled.contradiction() is None:
        for text in (to_pencilmark(settled), to_sukaku(settled)):
            back = parse(text).board
            assert back.values == settled.values and back.cands == settled.cands


@settings(max_examples=40, deadline=None)
@given(grids(), st.lists(st.tuples(st.integers(0, 80), st.integers(1, 9)), max_size=60))
def test_pencilmark_round_trip_mid_solve(grid: list[int], removals: list[tuple[int, int]]) -> None:
    """Positions with candidates removed (never the true digit, never down to one) survive the round trip."""
    values = [v if c % 3 == 0 else 0 for c, v in enumerate(grid)]
    b = Board.from_values(values)
    for cell, digit in removals:
        if not b.values[cell] and grid[cell] != digit and b.cands[cell].bit_count() > 2:
            b.eliminate(cell, digit)
    for text in (to_pencilmark(b), to_sukaku(b), to_library(b)):
        back = parse(text).board
        assert back.values == b.values and back.cands == b.cands
    back = parse(to_pencilmark(b)).board
    assert all(back.values[c] == grid[c] or back.has_candidate(c, grid[c]) for c in range(81))
    assert solve(back).status in ("unique", "multiple")
