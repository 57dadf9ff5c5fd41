"""Subsets: naked and hidden pairs, triples and quads; locked pairs and triples;
Sudoku Explainer's direct hidden pair and triple.

A *naked* set is k cells of a house whose candidates together are exactly k
digits: those digits fill those cells, so they leave the rest of the house. A
*hidden* set is k digits of a house whose places together are exactly k cells:
those cells hold those digits, so every other candidate leaves the cells. A
*locked* pair/triple is a naked set inside a box-line intersection: it clears
both houses. SE's *direct* hidden sets are the hidden sets whose clean-up
leaves another digit of the same house with one place, which is then filled.

Each search works on the house's bitmasks only: for naked sets the cells'
candidate masks, for hidden sets the digits' position masks.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..board import Board
from ..geometry import (
    HOUSES,
    POPCOUNT9,
    Geometry,
    cell_name,
    cells_name,
    digits_of,
    house_name,
    iter_bits,
)
from ..step import Mark, Step
from .registry import technique

_SIZE_WORD = {2: "pair", 3: "triple", 4: "quad"}
_NAKED = {2: ("naked-pair", "Naked Pair"), 3: ("naked-triple", "Naked Triple"),
          4: ("naked-quadruple", "Naked Quadruple")}
_HIDDEN = {2: ("hidden-pair", "Hidden Pair"), 3: ("hidden-triple", "Hidden Triple"),
           4: ("hidden-quadruple", "Hidden Quadruple")}


def _house_order(g: Geometry) -> tuple[int, ...]:
    """Search order of the houses: boxes, rows, columns (HoDoKu's and SE's habit)."""
    return g.boxes + g.rows + g.cols


def _digits_text(mask: int) -> str:
    ds = digits_of(mask)
    return "/".join(str(d) for d in ds)


def _elims_text(elims: list[tuple[int, int]]) -> str:
    """``5 from r1c2 and r1c7; 7 from r1c7`` grouped by digit."""
    by_digit: dict[int, int] = {}
    for c, d in elims:
        by_digit[d] = by_digit.get(d, 0) | 1 << c
    return "; ".join(f"{d} from {cells_name(m)}" for d, m in sorted(by_digit.items()))


# ------------------------------------------------------------------ naked sets
def naked_sets(board: Board, house: int, size: int) -> Iterator[tuple[int, int]]:
    """(cells mask, digits mask) of every naked set of ``size`` cells in ``house``.

    Only cells with 2..size candidates take part: a cell with one candidate is
    a single, not part of a set.
    """
    cands = board.cands
    in_house = board.unsolved & board.geometry.house_mask[house]
    pool = [c for c in iter_bits(in_house) if 2 <= POPCOUNT9[cands[c]] <= size]
    if len(pool) < size:
        return
    for combo in combinations(pool, size):
        union = 0
        for c in combo:
            union |= cands[c]
        if POPCOUNT9[union] == size:
            yield sum(1 << c for c in combo), union


def _naked(board: Board, size: int) -> Iterator[Step]:
    tid, name = _NAKED[size]
    dc = board.digit_cells
    house_mask = board.geometry.house_mask
    for house in _house_order(board.geometry):
        hmask = house_mask[house]
        for cells, digits in naked_sets(board, house, size):
            elims = [(c, d) for d in digits_of(digits) for c in iter_bits(dc[d] & hmask & ~cells)]
            if not elims:
                continue
            elims.sort()
            yield Step(
                tid, name, eliminations=elims,
                highlights=[Mark(house, -1, "house"),
                            *(Mark(c, d, "base") for c in iter_bits(cells) for d in digits_of(board.cands[c]))],
                text=f"Naked {_SIZE_WORD[size]} {_digits_text(digits)} in {cells_name(cells)} ({house_name(house)}): "
                     f"these {size} cells hold only the digits {_digits_text(digits)}, so the digits go there; "
                     f"remove {_elims_text(elims)}.",
                extra={"size": size, "digits": digits_of(digits), "house": house,
                       "cells": list(iter_bits(cells))},
            )


# ----------------------------------------------------------------- hidden sets
def hidden_sets(board: Board, house: int, size: int) -> Iterator[tuple[int, int]]:
    """(cells mask, digits mask) of every hidden set of ``size`` digits in ``house``.

    Only digits with 2..size places in the house take part (one place is a
    hidden single). Needs more than ``size`` empty cells, else it is no set.
    """
    g = board.geometry
    hmask = g.house_mask[house]
    if (board.unsolved & hmask).bit_count() <= size:
        return
    dc = board.digit_cells
    pool = []
    for d in g.digits:
        pos = dc[d] & hmask
        if 2 <= pos.bit_count() <= size:
            pool.append((d, pos))
    if len(pool) < size:
        return
    for combo in combinations(pool, size):
        union = 0
        digits = 0
        for d, pos in combo:
            union |= pos
            digits |= 1 << (d - 1)
        if union.bit_count() == size:
            yield union, digits


def _hidden_elims(board: Board, cells: int, digits: int) -> list[tuple[int, int]]:
    return [(c, d) for c in iter_bits(cells) for d in digits_of(board.cands[c] & ~digits)]


def _hidden_marks(board: Board, house: int, cells: int, digits: int) -> list[Mark]:
    return [Mark(house, -1, "house"),
            *(Mark(c, d, "base") for c in iter_bits(cells) for d in digits_of(board.cands[c] & digits))]


def _hidden(board: Board, size: int) -> Iterator[Step]:
    tid, name = _HIDDEN[size]
    for house in _house_order(board.geometry):
        for cells, digits in hidden_sets(board, house, size):
            elims = _hidden_elims(board, cells, digits)
            if not elims:
                continue
            yield Step(
                tid, name, eliminations=elims,
                highlights=_hidden_marks(board, house, cells, digits),
                text=f"Hidden {_SIZE_WORD[size]} {_digits_text(digits)} in {cells_name(cells)} ({house_name(house)}): "
                     f"in {house_name(house)} the digits {_digits_text(digits)} can only go in these {size} cells, "
                     f"so the cells hold nothing else; remove {_elims_text(elims)}.",
                extra={"size": size, "digits": digits_of(digits), "house": house,
                       "cells": list(iter_bits(cells))},
            )


def _direct_hidden(board: Board, size: int) -> Iterator[Step]:
    """SE's direct hidden set: a hidden set whose eliminations leave a hidden single
    for another digit in the same house; the step places that digit.

    As in Sudoku Explainer, only a hidden single of the set's own house counts,
    and the digit must have had more than one place before.
    """
    tid, name = ("direct-hidden-pair", "Direct Hidden Pair") if size == 2 else (
        "direct-hidden-triple", "Direct Hidden Triple")
    dc = board.digit_cells
    g = board.geometry
    for house in _house_order(g):
        hmask = g.house_mask[house]
        for cells, digits in hidden_sets(board, house, size):
            elims = _hidden_elims(board, cells, digits)
            if not elims:
                continue
            for d in g.digits:
                if digits >> (d - 1) & 1:
                    continue
                pos = dc[d] & hmask
                rest = pos & ~cells
                if pos.bit_count() > 1 and rest.bit_count() == 1:
                    target = rest.bit_length() - 1
                    yield Step(
                        tid, name, placements=[(target, d)], eliminations=elims,
                        highlights=[*_hidden_marks(board, house, cells, digits), Mark(target, d, "target")],
                        text=f"Hidden {_SIZE_WORD[size]} {_digits_text(digits)} in {house_name(house)}: the digits "
                             f"{_digits_text(digits)} can only go in {cells_name(cells)}, so those cells hold nothing "
                             f"else; then the only place left for {d} in {house_name(house)} is "
                             f"{cell_name(target)}: {cell_name(target)}={d}.",
                        extra={"size": size, "digits": digits_of(digits), "house": house,
                               "cells": list(iter_bits(cells)), "digit": d},
                    )


# ----------------------------------------------------------------- locked sets
def _locked(board: Board, size: int) -> Iterator[Step]:
    """Naked sets inside a box-line intersection: eliminate in the box and the line."""
    tid, name = ("locked-pair", "Locked Pair") if size == 2 else ("locked-triple", "Locked Triple")
    cands = board.cands
    dc = board.digit_cells
    house_mask = board.geometry.house_mask
    for box, line, inter in board.geometry.intersections:
        pool = [c for c in iter_bits(board.unsolved & inter) if 2 <= cands[c].bit_count() <= size]
        for combo in combinations(pool, size):
            union = 0
            for c in combo:
                union |= cands[c]
            if union.bit_count() != size:
                continue
            cells = sum(1 << c for c in combo)
            area = (house_mask[box] | house_mask[line]) & ~cells
            elims = sorted((c, d) for d in digits_of(union) for c in iter_bits(dc[d] & area))
            if not elims:
                continue
            yield Step(
                tid, name, eliminations=elims,
                highlights=[Mark(box, -1, "house"), Mark(line, -1, "house"),
                            *(Mark(c, d, "base") for c in combo for d in digits_of(cands[c]))],
                text=f"{name} {_digits_text(union)} in {cells_name(cells)}: these {size} cells hold only "
                     f"{_digits_text(union)} and lie in both {house_name(line)} and {house_name(box)}, so the "
                     f"digits leave the rest of both houses; remove {_elims_text(elims)}.",
                extra={"size": size, "digits": digits_of(union), "house": line, "box": box,
                       "cells": list(combo)},
            )


# ----------------------------------------------------------------- registration
# Pairs and triples run on 6x6 too; a quad there (four of six cells) is always the
# complement of a pair in the same house, so quads stay 9x9 only.
@technique("direct-hidden-pair", "Direct Hidden Pair", family="subsets", level=2.0,
           aliases=("dhp",), sizes=(9, 6))
def direct_hidden_pair(board: Board) -> Iterator[Step]:
    """Hidden pair that leaves a hidden single in its house (SE 2.0)."""
    return _direct_hidden(board, 2)


@technique("direct-hidden-triple", "Direct Hidden Triple", family="subsets", level=2.5,
           aliases=("direct hidden triplet", "dht"), sizes=(9, 6))
def direct_hidden_triple(board: Board) -> Iterator[Step]:
    """Hidden triple that leaves a hidden single in its house (SE 2.5)."""
    return _direct_hidden(board, 3)


# HoDoKu tries locked pairs/triples before locked candidates; SE has no such
# technique (it sees a naked pair, 3.0). Placed just before pointing (2.6).
@technique("locked-pair", "Locked Pair", family="subsets", level=2.55, codes=("0110",), aliases=("l2",), sizes=(9, 6))
def locked_pair(board: Board) -> Iterator[Step]:
    """Naked pair in a box-line intersection."""
    return _locked(board, 2)


@technique("locked-triple", "Locked Triple", family="subsets", level=2.57, codes=("0111",), aliases=("l3",),
           sizes=(9, 6))
def locked_triple(board: Board) -> Iterator[Step]:
    """Naked triple in a box-line intersection."""
    return _locked(board, 3)


@technique("naked-pair", "Naked Pair", family="subsets", level=3.0, codes=("0200",),
           aliases=("n2", "conjugate pair", "naked double"), sizes=(9, 6))
def naked_pair(board: Board) -> Iterator[Step]:
    """Two cells of a house with the same two candidates."""
    return _naked(board, 2)


@technique("hidden-pair", "Hidden Pair", family="subsets", level=3.4, codes=("0210",), aliases=("h2",), sizes=(9, 6))
def hidden_pair(board: Board) -> Iterator[Step]:
    """Two digits of a house with the same two places."""
    return _hidden(board, 2)


@technique("naked-triple", "Naked Triple", family="subsets", level=3.6, codes=("0201",),
           aliases=("n3", "naked triplet"), sizes=(9, 6))
def naked_triple(board: Board) -> Iterator[Step]:
    """Three cells of a house with three candidates between them."""
    return _naked(board, 3)


@technique("hidden-triple", "Hidden Triple", family="subsets", level=4.0, codes=("0211",),
           aliases=("h3", "hidden triplet"), sizes=(9, 6))
def hidden_triple(board: Board) -> Iterator[Step]:
    """Three digits of a house with three places between them."""
    return _hidden(board, 3)


@technique("naked-quadruple", "Naked Quadruple", family="subsets", level=5.0, codes=("0202",),
           aliases=("n4", "naked quad"))
def naked_quadruple(board: Board) -> Iterator[Step]:
    """Four cells of a house with four candidates between them."""
    return _naked(board, 4)


@technique("hidden-quadruple", "Hidden Quadruple", family="subsets", level=5.4, codes=("0212",),
           aliases=("h4", "hidden quad"))
def hidden_quadruple(board: Board) -> Iterator[Step]:
    """Four digits of a house with four places between them."""
    return _hidden(board, 4)


__all__ = ["naked_sets", "hidden_sets", "HOUSES"]
