"""Twinned XY-Chains: six cells in a 2x3 block of rows and columns that must hold six digits once each.

Definition (SudokuWiki, "Twinned XY-Chains", Andrew Stuart after a pattern sent by Nils Leder;
SudokuWiki's grading table prices it at 100): six unsolved cells where two rows meet three
columns, or three rows meet two columns (any boxes), whose candidates are six digits in all,
and where, for every one of those digits, the cells that may hold it all see one another.

Why it works: no digit can then go in two of the cells, and the six cells need six digits out
of six, so each digit is placed in exactly one of them. In Nils Leder's example one cell has a
third candidate: without it the cells split into one XY-cycle (a loop of two-candidate cells),
without another into a second one, and the two cycles share a digit, hence "twinned". The count
above covers every such shape at once (SudokuWiki's third example has no three-candidate cell).

Eliminations: a digit is in one of the cells of the pattern that hold it, so any other cell
that sees all of those loses it. A cell of the pattern keeps its candidates (they are all among
the six digits).

The six cells must not all lie in one box: there they would all see one another, a plain
naked set of the box. We also ask that no smaller group of the six cells (two to five of them) hold as few digits as
it has cells. Such a group is locked by itself (a naked subset, or a four-cell XY-cycle), and
the six cells are then two simpler patterns side by side, each found on its own; without this
rule every pair of naked triples in two rows would be reported as a Twinned XY-Chain.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..board import Board
from ..geometry import PEER_MASK, cells_name, digits_of, iter_bits
from ..step import Mark, Step
from .registry import technique


def _formations(board: Board) -> Iterator[tuple[tuple[int, ...], str]]:
    """Blocks of two rows by three columns (and three rows by two columns) whose six cells are unsolved
    and hold six digits in all; cells in row order.

    Two parallel lines at a time: per crossing line whose two cells are unsolved, their candidates;
    then every three crossing lines whose candidates make six digits.
    """
    cands, unsolved = board.cands, board.unsolved
    for by_rows in (True, False):
        for a, b in combinations(range(9), 2):
            pair: list[tuple[int, int]] = []
            for x in range(9):
                ca, cb = (a * 9 + x, b * 9 + x) if by_rows else (x * 9 + a, x * 9 + b)
                if unsolved >> ca & 1 and unsolved >> cb & 1:
                    pair.append((x, cands[ca] | cands[cb]))
            for (x1, u1), (x2, u2), (x3, u3) in combinations(pair, 3):
                if (u1 | u2 | u3).bit_count() != 6 or (a // 3 == b // 3 and x1 // 3 == x3 // 3):
                    continue  # not six digits, or six cells of one box (a naked set in the box)
                xs = (x1, x2, x3)
                lines = "".join(str(i + 1) for i in xs)
                if by_rows:
                    yield (tuple(r * 9 + c for r in (a, b) for c in xs), f"r{a + 1}{b + 1}c{lines}")
                else:
                    yield (tuple(r * 9 + c for r in xs for c in (a, b)), f"r{lines}c{a + 1}{b + 1}")


def locked_digits(board: Board, cells: tuple[int, ...]) -> dict[int, int] | None:
    """Per digit, the mask of the cells holding it, when the cells form the pattern; else None."""
    cands = board.cands
    union = 0
    for c in cells:
        m = cands[c]
        if not m:
            return None  # a filled cell (or a dead one)
        union |= m
    if union.bit_count() != len(cells):
        return None
    for size in range(2, len(cells)):
        for part in combinations(cells, size):
            u = 0
            for c in part:
                u |= cands[c]
            if u.bit_count() <= size:
                return None  # a smaller locked group inside: two simpler patterns, not one
    holders: dict[int, int] = {}
    for d in digits_of(union):
        bit = 1 << (d - 1)
        h = 0
        for c in cells:
            if cands[c] & bit:
                h |= 1 << c
        for c in iter_bits(h):
            if h & ~PEER_MASK[c] & ~(1 << c):
                return None
        holders[d] = h
    return holders


@technique("twinned-xy-chains", "Twinned XY-Chains", family="locked-sets", level=7.65,
           aliases=("Twinned XY-Chain", "Twinned XY Chains", "Twinned XY-Cycles"))
def twinned_xy_chains(board: Board) -> Iterator[Step]:
    """Six cells of a 2x3 (or 3x2) block, six digits, each digit's cells seeing one another."""
    for cells, where in _formations(board):
        mask = sum(1 << c for c in cells)
        holders = locked_digits(board, cells)
        if holders is None:
            continue
        elims = []
        for d, h in holders.items():
            seeing = board.digit_cells[d] & ~mask
            for c in iter_bits(h):
                seeing &= PEER_MASK[c]
            elims += [(c, d) for c in iter_bits(seeing)]
        if elims:
            yield _step(board, cells, where, holders, sorted(elims))


def _step(board: Board, cells: tuple[int, ...], where: str, holders: dict[int, int],
          elims: list[tuple[int, int]]) -> Step:
    digits = "".join(str(d) for d in holders)
    marks = [Mark(c, d, "base") for c in cells for d in digits_of(board.cands[c])]
    marks += [Mark(c, d, "target") for c, d in elims]
    by_digit: dict[int, list[int]] = {}
    for c, d in elims:
        by_digit.setdefault(d, []).append(c)
    removed = "; ".join(f"{d} from {cells_name(cs)} (seeing {cells_name(holders[d])})"
                        for d, cs in sorted(by_digit.items()))
    pivots = [c for c in cells if board.cands[c].bit_count() > 2]
    twin = ""
    if len(pivots) == 1:
        twin = f" ({cells_name(pivots)} is the one cell with a third candidate.)"
    text = (f"Twinned XY-Chains in {where}: the six cells {cells_name(list(cells))} hold only the six digits "
            f"{digits}, and each digit's candidates among them see one another, so no digit can be placed "
            f"twice there. Six cells need six digits: each of {digits} is placed exactly once in these cells."
            f"{twin} Remove {removed}.")
    return Step("twinned-xy-chains", "Twinned XY-Chains", eliminations=elims, highlights=marks, text=text,
                extra={"cells": list(cells), "digits": [int(x) for x in digits], "pivots": pivots})
