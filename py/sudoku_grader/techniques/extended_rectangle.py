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
from operator import itemgetter

from ..board import Board
from ..geometry import PEER_MASK, POPCOUNT9, cell_name, cells_name, digits_of, iter_bits
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
# a getter of each pattern's six cells' entries: one C call instead of a Python loop per pattern
_GETTERS = tuple(itemgetter(*cells) for cells, _ in _PATTERNS)


def _steps(board: Board) -> Iterator[Step]:
    """Only two kinds of trio can work, so no trio is guessed: in type 1, five cells hold only
    the trio (the union of five cells, one of them left out, has three digits: it is the trio);
    in type 2 the six cells hold the trio and z, four digits in all."""
    cands, values = board.cands, board.values
    for (cells, where), get in zip(_PATTERNS, _GETTERS):
        if any(get(values)):
            continue  # a filled cell
        ms = get(cands)
        union = ms[0] | ms[1] | ms[2] | ms[3] | ms[4] | ms[5]
        n = POPCOUNT9[union]
        if n < 4:
            continue  # three digits only: the position has no solution left, nothing to say
        found = []  # (trio's digits, type, its extra cells, eliminations), reported in trio order
        if n == 4:
            for d in digits_of(union):
                t = union & ~(1 << (d - 1))
                extra = [c for c, m in zip(cells, ms) if m & ~t]
                if len(extra) >= 2:
                    z = d
                    seeing = board.digit_cells[z]
                    for c in extra:
                        seeing &= PEER_MASK[c]
                    for c in cells:
                        seeing &= ~(1 << c)
                    if seeing:
                        found.append((digits_of(t), t, 2, extra, [(c, z) for c in iter_bits(seeing)]))
        for k, x in enumerate(cells):
            t = 0
            for j, m in enumerate(ms):
                if j != k:
                    t |= m
            if POPCOUNT9[t] == 3 and ms[k] & ~t and ms[k] & t:
                found.append((digits_of(t), t, 1, [x], [(x, d) for d in digits_of(ms[k] & t)]))
        for _key, t, kind, extra, elims in sorted(found, key=lambda f: f[0]):
            yield _step(board, cells, where, t, kind, extra, elims)


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
