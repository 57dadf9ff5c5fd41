"""Singles: full house, hidden single, naked single (the techniques that place a digit)."""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board
from ..geometry import DIGITS_IN, HOUSES, cell_name, house_kind, house_name
from ..step import Mark, Step
from .registry import technique


@technique("full-house", "Full House", family="singles", level=1.0, codes=("0000",),
           aliases=("last digit", "last empty cell", "fh"), sizes=(9, 6))
def full_house(board: Board) -> Iterator[Step]:
    """The last empty cell of a house takes the one digit the house lacks."""
    g = board.geometry
    house_mask = g.house_mask
    for h in g.boxes + g.rows + g.cols:
        empty = board.unsolved & house_mask[h]
        if empty and empty & (empty - 1) == 0:
            cell = empty.bit_length() - 1
            cands = board.cands[cell]
            if cands.bit_count() != 1:
                continue  # broken position; the solver reports it elsewhere
            digit = cands.bit_length()
            yield Step(
                "full-house", "Full House", placements=[(cell, digit)],
                highlights=[Mark(h, -1, "house"), Mark(cell, digit, "target")],
                text=f"{cell_name(cell)} is the last empty cell in {house_name(h)}, "
                     f"so it takes the missing digit {digit}.",
                extra={"house": h, "house_kind": house_kind(h)},
            )


@technique("hidden-single", "Hidden Single", family="singles", level=1.2, codes=("0002",),
           aliases=("h1", "hidden single in box", "hidden single in row", "hidden single in column"), sizes=(9, 6))
def hidden_single(board: Board) -> Iterator[Step]:
    """A digit with one place left in a house goes there (boxes first, then rows, columns)."""
    g = board.geometry
    house_mask, houses = g.house_mask, g.houses
    cands = board.cands
    for h in g.boxes + g.rows + g.cols:
        # digits in exactly one cell of the house, from 9-bit candidate masks: Pyodide pays far
        # more than CPython for 81-bit mask operations, and no more for 9-bit ones
        once = twice = 0
        for c in houses[h]:
            m = cands[c]
            twice |= once & m
            once |= m
        alone = once & ~twice
        if not alone:
            continue
        empty = board.unsolved & house_mask[h]
        if empty & (empty - 1) == 0:
            continue  # none or a full house
        for d in DIGITS_IN[alone]:
            bit = 1 << (d - 1)
            for cell in houses[h]:
                if cands[cell] & bit:
                    break
            yield Step(
                "hidden-single", "Hidden Single", placements=[(cell, d)],
                highlights=[Mark(h, -1, "house"), Mark(cell, d, "target")],
                text=f"In {house_name(h)}, {d} can only go in {cell_name(cell)}.",
                extra={"house": h, "house_kind": house_kind(h)},
            )


@technique("naked-single", "Naked Single", family="singles", level=2.3, codes=("0003",),
           aliases=("n1", "sole candidate", "single"), sizes=(9, 6))
def naked_single(board: Board) -> Iterator[Step]:
    """A cell with one candidate left takes it."""
    cands = board.cands
    for cell in range(81):
        m = cands[cell]
        if m and m & (m - 1) == 0:
            d = m.bit_length()
            yield Step(
                "naked-single", "Naked Single", placements=[(cell, d)],
                highlights=[Mark(cell, d, "target")],
                text=f"{cell_name(cell)} can only be {d}: every other digit is already in its row, "
                     f"column or box.",
            )


__all__ = ["full_house", "hidden_single", "naked_single", "HOUSES"]
