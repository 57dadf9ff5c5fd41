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
    cell = iter_bits(before)[0]
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


def test_iter_bits_lists_every_set_bit_lowest_first() -> None:
    """Each path of iter_bits (9-bit table, one bit, byte tables, wider masks) against a bit-by-bit reading."""
    import random

    rng = random.Random(7)
    masks = [0, 1, 0x1FF, 511, 512, 1 << 80, (1 << 81) - 1, (1 << 88) - 1, 1 << 88, (1 << 1700) | 5]
    masks += [rng.getrandbits(81) & rng.getrandbits(81) for _ in range(300)]
    masks += [rng.getrandbits(9) for _ in range(50)] + [rng.getrandbits(1800) for _ in range(20)]
    for m in masks:
        assert list(iter_bits(m)) == [i for i in range(m.bit_length()) if m >> i & 1], hex(m)


def _problem_by_definition(b: Board) -> str | None:
    """What contradiction() must say, read straight from its definition (no fast path)."""
    from sudoku_grader.board import find_duplicate
    from sudoku_grader.geometry import house_name

    clash = find_duplicate(b.values)
    if clash:
        return clash
    for c in range(81):
        if not b.values[c] and not b.cands[c]:
            return f"{cell_name(c)} has no candidate left"
    for h, cells in enumerate(HOUSES):
        placed = {b.values[c] for c in cells}
        for d in range(1, 10):
            if d not in placed and not b.digit_cells[d] & HOUSE_MASK[h]:
                return f"{d} has no place left in {house_name(h)}"
    return None


def test_contradiction_names_the_first_problem_of_sound_and_broken_positions() -> None:
    """Random candidate removals, wrong placements and repeated digits: the quick check and the
    naming search agree with the definition on every position, sound or not."""
    import random

    rng = random.Random(11)
    broken = 0
    for _ in range(400):
        b = Board.from_string(PUZZLE)
        for _ in range(rng.randrange(0, 60)):
            c = rng.randrange(81)
            if b.values[c]:
                continue
            if rng.random() < 0.15:
                b.place(c, rng.randrange(1, 10))
            elif rng.random() < 0.05:
                b.values[c] = rng.randrange(1, 10)  # a repeat the board's methods would not make
                b.unsolved &= ~(1 << c)
                for d in iter_bits(b.cands[c]):
                    b.digit_cells[d + 1] &= ~(1 << c)
                b.cands[c] = 0
            else:
                b.eliminate(c, rng.randrange(1, 10))
        want = _problem_by_definition(b)
        broken += want is not None
        assert b.contradiction() == want
    assert 100 < broken < 390  # both kinds of position were tried
