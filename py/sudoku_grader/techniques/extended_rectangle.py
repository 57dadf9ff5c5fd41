"""Extended Unique Rectangles: the 2x3 deadly pattern of three digits.

Definition (SudokuWiki's "Extended Unique Rectangles", and the forum's 2x3 MUG): six unsolved
cells where two rows meet three columns, the two rows in one band and the three columns in
three different stacks (three boxes), or the same with rows and columns exchanged. If the six
cells held only three digits, each row would hold them all and each column two of them, and
the two rows could swap their digits: a second solution. So in a puzzle with one solution,
some cell must hold a digit outside the three.

- Type 1 (SudokuWiki's only type): five cells hold only the three digits; the sixth cell is
  not any of them, so it loses them.
- Type 2 (as Unique Rectangle type 2): every candidate outside the three digits is one digit
  z, in two or more cells; one of them is z, so cells seeing all of them lose z.

Like every uniqueness step, these are sound only for puzzles with a unique solution.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..board import Board
from ..geometry import PEER_MASK, cell_name, cells_name, digits_of, iter_bits
from ..step import Mark, Step
from .registry import technique


def _patterns() -> tuple[tuple[tuple[int, ...], str], ...]:
    """Every six-cell 2x3 pattern over three boxes (cells in row-major order) with its lines' names."""
    out = []
    for band in range(3):
        for a, b in combinations(range(3 * band, 3 * band + 3), 2):
            for c1 in range(3):
                for c2 in range(3, 6):
                    for c3 in range(6, 9):
                        cols = (c1, c2, c3)
                        out.append((tuple(r * 9 + c for r in (a, b) for c in cols),
                                    f"r{a + 1}{b + 1}c{c1 + 1}{c2 + 1}{c3 + 1}"))
                        out.append((tuple(c * 9 + r for c in cols for r in (a, b)),
                                    f"r{c1 + 1}{c2 + 1}{c3 + 1}c{a + 1}{b + 1}"))
    return tuple(out)


_PATTERNS = _patterns()


def _steps(board: Board) -> Iterator[Step]:
    cands, unsolved = board.cands, board.unsolved
    for cells, where in _PATTERNS:
        if any(not unsolved >> c & 1 for c in cells):
            continue
        union = 0
        for c in cells:
            union |= cands[c]
        if union.bit_count() < 4:
            continue  # three digits only: the position has no solution left, nothing to say
        for trio in combinations(digits_of(union), 3):
            t = sum(1 << (d - 1) for d in trio)
            extra = [c for c in cells if cands[c] & ~t]
            if len(extra) == 1:
                x = extra[0]
                if cands[x] & t:
                    yield _step(board, cells, where, t, 1, extra, [(x, d) for d in digits_of(cands[x] & t)])
                continue
            others = 0
            for c in extra:
                others |= cands[c] & ~t
            if others.bit_count() != 1:
                continue
            z = others.bit_length()
            seeing = board.digit_cells[z]
            for c in extra:
                seeing &= PEER_MASK[c]
            for c in cells:
                seeing &= ~(1 << c)
            if seeing:
                yield _step(board, cells, where, t, 2, extra, [(c, z) for c in iter_bits(seeing)])


def _step(board: Board, cells: tuple[int, ...], where: str, trio: int, kind: int, extra: list[int],
          elims: list[tuple[int, int]]) -> Step:
    digits = "".join(str(d) for d in digits_of(trio))
    clean = [c for c in cells if c not in extra]
    marks = [Mark(c, d, "base") for c in cells for d in digits_of(board.cands[c] & trio)]
    marks += [Mark(c, d, "fin") for c in extra for d in digits_of(board.cands[c] & ~trio)]
    marks += [Mark(c, d, "target") for c, d in elims]
    lead = (f"Extended Unique Rectangle type {kind} on {digits} in {where}: the six cells {cells_name(list(cells))} "
            f"meet two lines of one band or stack and three boxes; if they held only {digits}, the two lines could "
            f"swap their digits and the puzzle would have two solutions.")
    if kind == 1:
        x = extra[0]
        text = (f"{lead} {cells_name(clean)} hold only {digits}, so {cell_name(x)} is none of them: remove "
                f"{''.join(str(d) for _, d in elims)} from {cell_name(x)}.")
    else:
        z = elims[0][1]
        text = (f"{lead} The only other digit in them is {z}, in {cells_name(extra)}, so one of those is {z}: "
                f"remove {z} from {cells_name([c for c, _ in elims])}, which see them all.")
    return Step("extended-unique-rectangle", "Extended Unique Rectangle", eliminations=sorted(elims),
                highlights=marks, text=text,
                extra={"type": kind, "cells": list(cells), "digits": digits_of(trio), "extra_cells": extra})


@technique("extended-unique-rectangle", "Extended Unique Rectangle", family="uniqueness", level=4.65,
           aliases=("EUR", "Extended Unique Rectangles", "Extended Rectangle", "Extended UR"))
def extended_unique_rectangle(board: Board) -> Iterator[Step]:
    """Six cells of a 2x3 pattern over three boxes that must not hold only three digits."""
    return _steps(board)
