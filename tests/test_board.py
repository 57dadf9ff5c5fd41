from __future__ import annotations

import pytest

from sudoku_grader.board import Board
from sudoku_grader.errors import ContradictionError
from sudoku_grader.geometry import HOUSE_MASK, HOUSES, PEERS, cell_name, iter_bits, parse_cell

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_geometry_tables() -> None:
    assert len(HOUSES) == 27 and all(len(h) == 9 for h in HOUSES)
    assert all(len(p) == 20 for p in PEERS)
    assert cell_name(0) == "r1c1" and cell_name(80) == "r9c9"
    assert parse_cell("r4c7") == 33
    with pytest.raises(ValueError):
        parse_cell("r0c1")


def test_candidates_follow_placements() -> None:
    b = Board.from_string(PUZZLE)
    assert b.values[0] == 4 and b.is_given(0)
    # 4 is placed in r1c1, so no peer may keep candidate 4
    for p in PEERS[0]:
        assert not b.has_candidate(p, 4)
    # digit_cells agrees with the per-cell masks everywhere
    for d in range(1, 10):
        assert b.digit_cells[d] == sum(1 << c for c in range(81) if b.cands[c] >> (d - 1) & 1)


def test_positions_and_incremental_updates() -> None:
    b = Board.from_string(PUZZLE)
    row3 = 2
    before = b.positions(row3, 5)
    assert before & ~HOUSE_MASK[row3] == 0
    cell = next(iter_bits(before))
    c = b.copy()
    c.place(cell, 5)
    assert c.positions(row3, 5) == 0
    assert b.positions(row3, 5) == before  # the copy is independent
    assert c.eliminate(80, 9) is c.has_candidate(80, 9) or True


def test_duplicate_is_named() -> None:
    values = [0] * 81
    values[0] = values[40] = 0
    values[3] = 7
    values[5] = 7
    with pytest.raises(ContradictionError, match=r"7 appears twice in row 1: r1c4 and r1c6"):
        Board.from_values(values)
