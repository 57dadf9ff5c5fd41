"""Sue de Coq (two-sector disjoint subsets), HoDoKu's definition.

Take 2 or 3 unsolved cells C where a box meets a line, holding the digits V with
|V| >= |C| + 2. Add cells L from the rest of the line and cells B from the rest
of the box such that L and B share no digit of V, and the cells C+L+B hold exactly
as many digits as there are cells (digits outside V count for the set that has
them). Then the line's share (V's digits in L, plus L's own) is locked in C+L
within the line, and the box's share in C+B within the box: those digits go from
the rest of the line and of the box. Digits outside V found in both L and B go
from both (HoDoKu's rule).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..board import Board
from ..geometry import HOUSE_MASK, INTERSECTIONS, POPCOUNT9, TOP9, cells_name, digits_of, house_name, iter_bits
from ..step import Mark, Step
from .registry import technique


def _subsets(board: Board, cells: list[int], shared: dict[int, int]) -> list[tuple[int, int, int, int]]:
    """(subset, digit union, size, shared bits) of every nonempty subset of ``cells``. A subset is a
    small mask over positions in ``cells`` (`_cells_of` makes the cell mask, needed only for a step
    found), and ``shared`` gives the cells of the box-line intersection a small bit each, so that a
    line set and a box set are checked for a common cell: no 81-bit operation per subset."""
    n = len(cells)
    cands = [board.cands[c] for c in cells]
    bits = [shared.get(c, 0) for c in cells]
    unions = [0] * (1 << n)
    smalls = [0] * (1 << n)
    out = []
    for i in range(1, 1 << n):
        top = TOP9[i]
        rest = i ^ (1 << top)
        u = unions[rest] | cands[top]
        unions[i] = u
        b = smalls[rest] | bits[top]
        smalls[i] = b
        out.append((i, u, POPCOUNT9[i], b))
    return out


def _cells_of(cells: list[int], subset: int) -> int:
    """The cell mask of a subset from `_subsets`."""
    mask = 0
    for j in iter_bits(subset):
        mask |= 1 << cells[j]
    return mask


def _and(mask: int) -> str:
    ds = [str(d) for d in digits_of(mask)]
    return ds[0] if len(ds) == 1 else ", ".join(ds[:-1]) + " and " + ds[-1]


def _sue_de_coq(board: Board) -> Iterator[Step]:
    cands = board.cands
    seen: set[tuple[tuple[int, int], ...]] = set()
    for box, line, inter in INTERSECTIONS:
        open_inter = [c for c in iter_bits(inter & board.unsolved)]
        if len(open_inter) < 2:
            continue
        shared = {c: 1 << j for j, c in enumerate(iter_bits(inter))}
        line_open = HOUSE_MASK[line] & board.unsolved
        box_open = HOUSE_MASK[box] & board.unsolved
        for k in (2, 3):
            for core in combinations(open_inter, k):
                core_mask = sum(1 << c for c in core)
                v = 0
                for c in core:
                    v |= cands[c]
                n_plus = POPCOUNT9[v] - k
                if n_plus < 2:
                    continue
                line_sets = []
                line_cells = list(iter_bits(line_open & ~core_mask))
                for li, lu, ln, ls in _subsets(board, line_cells, shared):
                    extra_l = POPCOUNT9[lu & ~v]
                    if lu & v and extra_l < ln and ln - extra_l < n_plus:
                        line_sets.append((li, lu, ln, extra_l, ls))
                if not line_sets:
                    continue
                box_cells = list(iter_bits(box_open & ~core_mask))
                box_subsets = _subsets(board, box_cells, shared)
                for li, lu, ln, extra_l, ls in line_sets:
                    need = n_plus - (ln - extra_l)
                    forbidden = lu & v
                    for bi, bu, bn, bs in box_subsets:
                        if bs & ls or bu & forbidden or not bu & v:
                            continue
                        if bn - POPCOUNT9[bu & ~v] != need:
                            continue
                        lm, bm = _cells_of(line_cells, li), _cells_of(box_cells, bi)
                        both_extra = bu & lu
                        box_digits = ((v | bu) & ~lu) | both_extra
                        line_digits = ((v | lu) & ~bu) | both_extra
                        elims = []
                        for t in iter_bits(box_open & ~bm & ~core_mask):
                            elims += [(t, d) for d in digits_of(cands[t] & box_digits)]
                        for t in iter_bits(line_open & ~lm & ~core_mask):
                            elims += [(t, d) for d in digits_of(cands[t] & line_digits)]
                        if not elims:
                            continue
                        elims = sorted(set(elims), key=lambda e: (e[1], e[0]))
                        key = tuple(elims)
                        if key in seen:
                            continue
                        seen.add(key)
                        yield _step(board, box, line, core_mask, v, lm, lu, bm, bu, elims)


def _step(board: Board, box: int, line: int, core: int, v: int, lm: int, lu: int, bm: int, bu: int,
          elims: list[tuple[int, int]]) -> Step:
    cands = board.cands
    marks = [Mark(box, -1, "house"), Mark(line, -1, "house")]
    marks += [Mark(c, d, "base") for c in iter_bits(core) for d in digits_of(cands[c])]
    marks += [Mark(c, d, "fin") for c in iter_bits(lm) for d in digits_of(cands[c])]
    marks += [Mark(c, d, "endo-fin") for c in iter_bits(bm) for d in digits_of(cands[c])]
    marks += [Mark(c, d, "target") for c, d in elims]
    by_digit: dict[int, int] = {}
    for c, d in elims:
        by_digit[d] = by_digit.get(d, 0) | 1 << c
    removal = "; ".join(f"remove {d} from {cells_name(m)}" for d, m in sorted(by_digit.items()))
    n_cells = core.bit_count() + lm.bit_count() + bm.bit_count()
    text = (f"Sue de Coq on {cells_name(core)} ({house_name(line)} x {house_name(box)}), which holds "
            f"{_and(v)}: with {cells_name(lm)} {{{''.join(map(str, digits_of(lu)))}}} from {house_name(line)} "
            f"and {cells_name(bm)} {{{''.join(map(str, digits_of(bu)))}}} from {house_name(box)}, {n_cells} "
            f"cells hold exactly {n_cells} digits; so {_and(lu)} stay in the line part, {_and(bu)} in the "
            f"box part, and the other digits of {cells_name(core)} in those cells: {removal}.")
    return Step("sue-de-coq", "Sue de Coq", eliminations=elims, highlights=marks, text=text,
                extra={"box": box, "line": line, "cells": n_cells, "core_size": core.bit_count(),
                       "digits": digits_of(v | lu | bu)})


@technique("sue-de-coq", "Sue de Coq", family="sue-de-coq", level=6.25, codes=("1101",),
           aliases=("sdc", "two-sector disjoint subsets", "sue de coq"))
def sue_de_coq(board: Board) -> Iterator[Step]:
    """A box-line intersection with two extra digits, completed by cells of the line and box."""
    return _sue_de_coq(board)
