"""Uniqueness techniques: deadly patterns that a puzzle with one solution must avoid.

Two sets of definitions live here, because two rating scales price them:

- HoDoKu's: Uniqueness Test 1-6 on unique rectangles, Hidden Rectangle,
  Avoidable Rectangle 1 and 2, BUG+1.
- Sudoku Explainer's: BUG types 1-4 here; Unique Rectangle/Loop types 1-4 on
  loops of 4, 6, 8 ... cells in `unique_loops`.

A *deadly pattern* is a set of unsolved cells that could hold two digits in
two interchangeable ways (a rectangle over exactly two boxes, or a loop that
meets every house it touches in exactly two cells). If only those two digits
were left in the pattern, the puzzle would have two solutions; so some extra
candidate of the pattern must be true, which is what every step here uses.
These steps are sound only for puzzles with a unique solution.

The option ``uniqueness_missing_candidates`` (`options.Options`) is HoDoKu's
``allowUniquenessMissingCandidates``: when on, a rectangle cell may lack one of
the two digits as long as no placed digit rules it out (it was removed by logic,
so the deadly pattern still cannot be completed either way).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations
from typing import cast

from ..board import Board
from ..geometry import (
    CELL_BOX,
    CELL_COL,
    CELL_ROW,
    GEOMETRIES,
    HOUSE_MASK,
    POPCOUNT9,
    STANDARD,
    Geometry,
    cell_name,
    cells_name,
    digits_of,
    house_name,
    iter_bits,
)
from ..step import Mark, Step
from .options import DEFAULT, Options
from .registry import technique


def _rectangles(g: Geometry = STANDARD) -> tuple[tuple[int, int, int, int], ...]:
    """Every rectangle (r1c1, r1c2, r2c1, r2c2) of the grid whose four cells lie in exactly two boxes."""
    out = []
    for r1, r2 in combinations(range(g.size), 2):
        for c1, c2 in combinations(range(g.size), 2):
            same_band = r1 // g.box_rows == r2 // g.box_rows
            same_stack = c1 // g.box_cols == c2 // g.box_cols
            if same_band != same_stack:
                out.append((r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2))
    return tuple(out)


RECTANGLES = _rectangles()
RECT_MASKS = tuple(sum(1 << c for c in r) for r in RECTANGLES)
# per grid size: the rectangles and their cell masks (9x9's are the tables above)
_RECTS = {9: (RECTANGLES, RECT_MASKS)}
for _g in GEOMETRIES.values():
    if _g.size not in _RECTS:
        _rs = _rectangles(_g)
        _RECTS[_g.size] = (_rs, tuple(sum(1 << c for c in r) for r in _rs))


def _digits_text(mask: int) -> str:
    return "/".join(str(d) for d in digits_of(mask))


def _and_text(mask: int) -> str:
    ds = [str(d) for d in digits_of(mask)]
    return ds[0] if len(ds) == 1 else ", ".join(ds[:-1]) + " and " + ds[-1]


def _shared_houses(cells: int, g: Geometry = STANDARD) -> list[int]:
    """Houses (row, column, box order) containing every cell of the mask (on the grid ``g``)."""
    first = (cells & -cells).bit_length() - 1
    return [h for h in g.cell_houses[first] if cells & ~g.house_mask[h] == 0]


# --------------------------------------------------------------- unique rectangles (HoDoKu)
def _unique_rectangles(board: Board, missing: bool) -> Iterator[tuple[tuple[int, int, int, int], int]]:
    """(rectangle, pair mask) for every unique rectangle: four unsolved cells, one of them
    holding exactly the pair, all holding both digits (or allowed to, with ``missing`` candidates)."""
    cands, values = board.cands, board.values
    allowed = board.allowed_cells() if missing else None
    for rect in _RECTS[board.geometry.size][0]:
        a, b, c, d = rect
        if values[a] or values[b] or values[c] or values[d]:
            continue  # (list reads: an 81-bit shift per cell costs Pyodide several times CPython's price)
        common = cands[a] & cands[b] & cands[c] & cands[d]
        if allowed is None and POPCOUNT9[common] < 2:
            continue  # no pair in all four cells
        pairs = {m for m in (cands[a], cands[b], cands[c], cands[d]) if POPCOUNT9[m] == 2}
        for pair in pairs:
            if common & pair == pair:
                yield rect, pair
            elif allowed is not None:
                d1, d2 = digits_of(pair)
                both = allowed[d1] & allowed[d2]
                if all(both >> x & 1 for x in rect):
                    yield rect, pair


def _ur_marks(board: Board, rect: tuple[int, ...], pair: int) -> list[Mark]:
    marks = []
    for c in rect:
        for d in digits_of(board.cands[c] & pair):
            marks.append(Mark(c, d, "base"))
        for d in digits_of(board.cands[c] & ~pair):
            marks.append(Mark(c, d, "fin"))
    return marks


def _ur_step(tid: str, name: str, board: Board, rect: tuple[int, ...], pair: int,
             elims: list[tuple[int, int]], text: str, extra: dict[str, object],
             more_marks: list[Mark] | None = None) -> Step:
    marks = _ur_marks(board, rect, pair) + (more_marks or [])
    marks += [Mark(c, d, "target") for c, d in elims]
    ext: dict[str, object] = {"digits": digits_of(pair), "cells": [cell_name(c) for c in rect],
                              "loop_size": 4}
    ext.update(extra)
    return Step(tid, name, eliminations=sorted(set(elims), key=lambda e: (e[1], e[0])),
                highlights=marks, text=text, extra=ext)


def _ur_intro(kind: str, rect: tuple[int, ...], pair: int) -> str:
    return f"{kind} in {','.join(cell_name(c) for c in sorted(rect))} on {_and_text(pair)}"


def _deadly(pair: int) -> str:
    return (f"the four cells would hold only {_and_text(pair)} and the puzzle would have two "
            f"solutions")


def _elim_text(elims: list[tuple[int, int]]) -> str:
    by_digit: dict[int, int] = {}
    for c, d in elims:
        by_digit[d] = by_digit.get(d, 0) | 1 << c
    return "; ".join(f"remove {d} from {cells_name(m)}" for d, m in sorted(by_digit.items()))


def _all_ur_steps(board: Board, missing: bool) -> Iterator[Step]:
    """Every Uniqueness Test 1-6 and Hidden Rectangle step."""
    seen: set[tuple[str, tuple[tuple[int, int], ...]]] = set()
    for rect, pair in _unique_rectangles(board, missing):
        for step in _ur_types(board, rect, pair):
            key = (step.technique, tuple(step.eliminations))
            if step.eliminations and key not in seen:
                seen.add(key)
                yield step


def _ur_types(board: Board, rect: tuple[int, int, int, int], pair: int) -> Iterator[Step]:
    peer_mask = board.geometry.peer_mask
    house_mask = board.geometry.house_mask
    cands = board.cands
    d1, d2 = digits_of(pair)
    two = [c for c in rect if cands[c] & ~pair == 0]
    extra = [c for c in rect if cands[c] & ~pair]
    intro = lambda kind: _ur_intro(kind, rect, pair)  # noqa: E731
    # ---- type 1: three cells hold only the pair, the fourth must be something else
    if len(two) == 3:
        x = extra[0]
        elims = [(x, d) for d in (d1, d2) if cands[x] >> (d - 1) & 1]
        others = cands[x] & ~pair
        yield _ur_step(
            "uniqueness-1", "Uniqueness Test 1", board, rect, pair, elims,
            f"{intro('Unique Rectangle type 1')}: if {cell_name(x)} were not "
            f"{' or '.join(str(d) for d in digits_of(others))}, {_deadly(pair)}; "
            f"{_elim_text(elims)}.",
            {"type": 1})
    # ---- types 2 and 5: every extra cell has the same single extra digit
    if len(two) in (1, 2):
        add = 0
        for c in extra:
            add |= cands[c] & ~pair
        if POPCOUNT9[add] == 1:
            z = add.bit_length()
            targets = board.digit_cells[z]
            for c in extra:
                targets &= peer_mask[c]
            elims = [(t, z) for t in iter_bits(targets)]
            aligned = len(extra) == 2 and (CELL_ROW[extra[0]] == CELL_ROW[extra[1]]
                                           or CELL_COL[extra[0]] == CELL_COL[extra[1]])
            tid, name, typ = ("uniqueness-2", "Uniqueness Test 2", 2) if aligned else (
                "uniqueness-5", "Uniqueness Test 5", 5)
            if elims:
                yield _ur_step(
                    tid, name, board, rect, pair, elims,
                    f"{intro(f'Unique Rectangle type {typ}')}: {cells_name(extra)} cannot all avoid "
                    f"{z}, else {_deadly(pair)}; so {z} is in one of them and every cell seeing "
                    f"them all loses it: {_elim_text(elims)}.",
                    {"type": typ, "extra_digit": z})
    if len(two) in (1, 2):
        yield from _hidden_rectangle(board, rect, pair, two, extra)
    if len(two) != 2:
        return
    e1, e2 = extra
    extra_mask = 1 << e1 | 1 << e2
    diagonal = CELL_ROW[e1] != CELL_ROW[e2] and CELL_COL[e1] != CELL_COL[e2]
    if not diagonal:
        # ---- type 3: the extra digits act as one cell in a naked subset
        yield from _ur_type3(board, rect, pair, extra_mask)
        # ---- type 4: one of the pair is locked in the two extra cells of a house
        for h in _shared_houses(extra_mask, board.geometry):
            for lock, rem in ((d1, d2), (d2, d1)):
                if board.digit_cells[lock] & house_mask[h] & ~extra_mask:
                    continue
                elims = [(c, rem) for c in extra if cands[c] >> (rem - 1) & 1]
                if elims:
                    yield _ur_step(
                        "uniqueness-4", "Uniqueness Test 4", board, rect, pair, elims,
                        f"{intro('Unique Rectangle type 4')}: in {house_name(h)} {lock} can only "
                        f"be in {cells_name(extra_mask)}, so one of them is {lock}; if either were "
                        f"{rem}, {_deadly(pair)}; {_elim_text(elims)}.",
                        {"type": 4, "house": h},
                        [Mark(h, -1, "house")])
    else:
        # ---- type 6: one digit forms an X-Wing on the rectangle's rows and columns
        lines = (house_mask[CELL_ROW[e1]] | house_mask[CELL_ROW[e2]]
                 | house_mask[9 + CELL_COL[e1]] | house_mask[9 + CELL_COL[e2]])
        rect_mask = sum(1 << c for c in rect)
        for x in (d1, d2):
            if board.digit_cells[x] & lines & ~rect_mask:
                continue
            elims = [(c, x) for c in extra if cands[c] >> (x - 1) & 1]
            if elims:
                yield _ur_step(
                    "uniqueness-6", "Uniqueness Test 6", board, rect, pair, elims,
                    f"{intro('Unique Rectangle type 6')}: in the rectangle's rows and columns {x} "
                    f"is only in its four cells, so {x} sits on one diagonal; if it were in "
                    f"{cells_name(extra_mask)}, the other two would also be {x}'s partner and "
                    f"{_deadly(pair)}; {_elim_text(elims)}.",
                    {"type": 6})


def _hidden_rectangle(board: Board, rect: tuple[int, ...], pair: int, two: list[int],
                      extra: list[int]) -> Iterator[Step]:
    house_mask = board.geometry.house_mask
    if len(two) == 2 and (CELL_ROW[two[0]] == CELL_ROW[two[1]] or CELL_COL[two[0]] == CELL_COL[two[1]]):
        return
    cands = board.cands
    rect_mask = sum(1 << c for c in rect)
    d1, d2 = digits_of(pair)
    for corner in two:
        opposite = next(c for c in rect if CELL_ROW[c] != CELL_ROW[corner] and CELL_COL[c] != CELL_COL[corner])
        row, col = CELL_ROW[opposite], 9 + CELL_COL[opposite]
        for strong, rem in ((d1, d2), (d2, d1)):
            outside = board.digit_cells[strong] & (house_mask[row] | house_mask[col]) & ~rect_mask
            if outside or not cands[opposite] >> (rem - 1) & 1:
                continue
            elims = [(opposite, rem)]
            yield _ur_step(
                "hidden-rectangle", "Hidden Rectangle", board, rect, pair, elims,
                f"{_ur_intro('Hidden Rectangle', rect, pair)}: {cell_name(corner)} holds only "
                f"{_and_text(pair)}, and in {house_name(row)} and {house_name(col)} {strong} is only "
                f"in the rectangle; if {cell_name(opposite)} were {rem}, {strong} would fill the two "
                f"cells beside it, {cell_name(corner)} would be {rem} and {_deadly(pair)}; "
                f"{_elim_text(elims)}.",
                {"type": "hidden", "corner": cell_name(corner)})


def _ur_type3(board: Board, rect: tuple[int, ...], pair: int, extra_mask: int) -> Iterator[Step]:
    house_mask = board.geometry.house_mask
    cands = board.cands
    e1, e2 = iter_bits(extra_mask)
    pseudo = (cands[e1] | cands[e2]) & ~pair
    rect_mask = sum(1 << c for c in rect)
    for h in _shared_houses(extra_mask, board.geometry):
        pool = [c for c in iter_bits(house_mask[h] & board.unsolved & ~rect_mask) if not cands[c] & pair]
        for k in range(1, len(pool) + 1):
            for combo in combinations(pool, k):
                digits = pseudo
                for c in combo:
                    digits |= cands[c]
                if POPCOUNT9[digits] != k + 1:
                    continue
                subset = extra_mask | sum(1 << c for c in combo)
                if h >= 18 and len(_shared_houses(subset, board.geometry)) > 1:
                    continue  # same cells in a line: reported with the line
                houses = [h]
                if h < 18:
                    houses += [x for x in _shared_houses(subset, board.geometry) if x >= 18]
                elims = []
                for hh in houses:
                    for t in iter_bits(house_mask[hh] & board.unsolved & ~subset):
                        elims += [(t, d) for d in digits_of(cands[t] & digits)]
                if not elims:
                    continue
                marks = [Mark(c, d, "cover") for c in combo for d in digits_of(cands[c])]
                marks.append(Mark(h, -1, "house"))
                yield _ur_step(
                    "uniqueness-3", "Uniqueness Test 3", board, rect, pair, sorted(set(elims)),
                    f"{_ur_intro('Unique Rectangle type 3', rect, pair)}: one of {cells_name(extra_mask)} "
                    f"must hold {' or '.join(str(d) for d in digits_of(pseudo))}, else {_deadly(pair)}; "
                    f"together with {cells_name(list(combo))} they form a naked set of "
                    f"{_and_text(digits)} in {house_name(h)}; {_elim_text(sorted(set(elims)))}.",
                    {"type": 3, "subset_size": k + 1, "naked": True, "house": h},
                    marks)


def _cached(kind: str, board: Board, compute: Callable[[Board], Iterator[Step]], option: object = None) -> list[Step]:
    """All steps of one shared search, reused while the position (and the option it reads) is unchanged.

    The seven rectangle techniques (and the two avoidable ones) come out of one search;
    each finder filters it, so asking all of them costs one search, not seven.
    """
    key = (board.geometry.size, tuple(board.cands), board.givens, board.unsolved, option)
    memo = board.memo
    if memo is None:
        memo = board.memo = {}
    hit = memo.get(kind)
    if hit is not None and hit[0] == key:
        return cast(list[Step], hit[1])
    steps = list(compute(board))
    memo[kind] = (key, steps)
    return steps


def _filtered(board: Board, tid: str, options: Options) -> Iterator[Step]:
    missing = options.uniqueness_missing_candidates
    return (s for s in _cached("ur", board, lambda b: _all_ur_steps(b, missing), missing) if s.technique == tid)


_MISSING = ("uniqueness_missing_candidates",)
# Uniqueness Tests 1-6, the Hidden Rectangle, Avoidable Rectangles and BUG+1 also run on 6x6 (the
# rectangles are the grid's own, the tables come from board.geometry); the unique loops and
# Sudoku Explainer's BUG types stay 9x9 only.


@technique("uniqueness-1", "Uniqueness Test 1", family="uniqueness", level=4.5, codes=("0600",),
           aliases=("unique rectangle type 1", "ur type 1", "ur1", "u1"),
           options=_MISSING,
           sizes=(9, 6))
def uniqueness_1(board: Board, options: Options = DEFAULT) -> Iterator[Step]:
    """Three rectangle cells hold only the pair: the fourth cannot be either digit."""
    return _filtered(board, "uniqueness-1", options)


@technique("uniqueness-2", "Uniqueness Test 2", family="uniqueness", level=4.5, codes=("0601",),
           aliases=("unique rectangle type 2", "ur type 2", "ur2", "u2"),
           options=_MISSING,
           sizes=(9, 6))
def uniqueness_2(board: Board, options: Options = DEFAULT) -> Iterator[Step]:
    """Two aligned rectangle cells share one extra digit: it is in one of them."""
    return _filtered(board, "uniqueness-2", options)


@technique("uniqueness-3", "Uniqueness Test 3", family="uniqueness", level=4.6, codes=("0602",),
           aliases=("unique rectangle type 3", "ur type 3", "ur3", "u3"),
           options=_MISSING,
           sizes=(9, 6))
def uniqueness_3(board: Board, options: Options = DEFAULT) -> Iterator[Step]:
    """The extra digits of two aligned cells form a naked subset with other cells of a house."""
    return _filtered(board, "uniqueness-3", options)


@technique("uniqueness-4", "Uniqueness Test 4", family="uniqueness", level=4.5, codes=("0603",),
           aliases=("unique rectangle type 4", "ur type 4", "ur4", "u4"),
           options=_MISSING,
           sizes=(9, 6))
def uniqueness_4(board: Board, options: Options = DEFAULT) -> Iterator[Step]:
    """One digit of the pair is locked in the two extra cells: the other digit goes."""
    return _filtered(board, "uniqueness-4", options)


@technique("uniqueness-5", "Uniqueness Test 5", family="uniqueness", level=4.55, codes=("0604",),
           aliases=("unique rectangle type 5", "ur type 5", "ur5", "u5"),
           options=_MISSING,
           sizes=(9, 6))
def uniqueness_5(board: Board, options: Options = DEFAULT) -> Iterator[Step]:
    """Two diagonal or three rectangle cells share one extra digit."""
    return _filtered(board, "uniqueness-5", options)


@technique("uniqueness-6", "Uniqueness Test 6", family="uniqueness", level=4.6, codes=("0605",),
           aliases=("unique rectangle type 6", "ur type 6", "ur6", "u6"),
           options=_MISSING,
           sizes=(9, 6))
def uniqueness_6(board: Board, options: Options = DEFAULT) -> Iterator[Step]:
    """A digit of the pair forms an X-Wing on the rectangle: not in the two diagonal extra cells."""
    return _filtered(board, "uniqueness-6", options)


@technique("hidden-rectangle", "Hidden Rectangle", family="uniqueness", level=4.6, codes=("0606",),
           aliases=("hr", "hidden unique rectangle"),
           options=_MISSING,
           sizes=(9, 6))
def hidden_rectangle(board: Board, options: Options = DEFAULT) -> Iterator[Step]:
    """Strong links on one digit through the cell opposite a bivalue corner."""
    return _filtered(board, "hidden-rectangle", options)


# --------------------------------------------------------------- avoidable rectangles
def _avoidable(board: Board) -> Iterator[Step]:
    """Avoidable rectangles: solved cells that are not givens take part in the deadly pattern."""
    peer_mask = board.geometry.peer_mask
    values, cands, givens = board.values, board.cands, board.givens
    placed = ~givens & ~board.unsolved & board.geometry.all_cells
    if not placed:
        return
    seen: set[tuple[str, tuple[tuple[int, int], ...]]] = set()
    for rect, rmask in zip(*_RECTS[board.geometry.size]):
        if rmask & givens or (rmask & placed).bit_count() < 2:
            continue
        a, b, c, d = rect  # a-d and b-c are the diagonals
        for x_cells, y_cells in (((a, d), (b, c)), ((b, c), (a, d))):
            # x_cells would hold digit X, y_cells digit Y in the deadly pattern
            xs = {values[x] for x in x_cells if values[x]}
            ys = {values[y] for y in y_cells if values[y]}
            if len(xs) > 1 or len(ys) > 1:
                continue
            if not xs or not ys:
                continue
            dx, dy = xs.pop(), ys.pop()
            if dx == dy:
                continue
            need = {x: dx for x in x_cells} | {y: dy for y in y_cells}
            open_cells = [x for x in rect if not values[x]]
            if len(open_cells) == 1:
                t = open_cells[0]
                if cands[t] >> (need[t] - 1) & 1:
                    step = _ar_step(board, rect, dx, dy, 1, [(t, need[t])], open_cells)
                    key = (step.technique, tuple(step.eliminations))
                    if key not in seen:
                        seen.add(key)
                        yield step
            elif len(open_cells) == 2:
                t1, t2 = open_cells
                if not (cands[t1] >> (need[t1] - 1) & 1 and cands[t2] >> (need[t2] - 1) & 1):
                    continue
                if POPCOUNT9[cands[t1]] != 2 or POPCOUNT9[cands[t2]] != 2:
                    continue
                z1 = cands[t1] & ~(1 << (need[t1] - 1))
                if z1 != cands[t2] & ~(1 << (need[t2] - 1)):
                    continue
                z = z1.bit_length()
                targets = board.digit_cells[z] & peer_mask[t1] & peer_mask[t2]
                elims = [(t, z) for t in iter_bits(targets)]
                if elims:
                    step = _ar_step(board, rect, dx, dy, 2, elims, open_cells)
                    key = (step.technique, tuple(step.eliminations))
                    if key not in seen:
                        seen.add(key)
                        yield step


def _ar_step(board: Board, rect: tuple[int, ...], dx: int, dy: int, typ: int,
             elims: list[tuple[int, int]], open_cells: list[int]) -> Step:
    pair = 1 << (dx - 1) | 1 << (dy - 1)
    solved = [x for x in rect if board.values[x]]
    marks = [Mark(x, board.values[x], "base") for x in solved]
    for x in open_cells:
        marks += [Mark(x, d, "base" if pair >> (d - 1) & 1 else "fin") for d in digits_of(board.cands[x])]
    marks += [Mark(c, d, "target") for c, d in elims]
    intro = (f"Avoidable Rectangle type {typ} in {','.join(cell_name(c) for c in sorted(rect))} on "
             f"{_and_text(pair)}: {cells_name(solved)} were solved (not given)")
    if typ == 1:
        t, d = elims[0]
        text = (f"{intro}; if {cell_name(t)} were {d}, the four cells could swap {dx} and {dy} and the "
                f"puzzle would have two solutions; remove {d} from {cell_name(t)}.")
    else:
        z = elims[0][1]
        text = (f"{intro}; {cells_name(open_cells)} cannot both take the pattern digits or the puzzle "
                f"would have two solutions, so one of them is {z}; {_elim_text(elims)}.")
    return Step(f"avoidable-rectangle-{typ}", f"Avoidable Rectangle Type {typ}",
                eliminations=sorted(elims, key=lambda e: (e[1], e[0])), highlights=marks, text=text,
                extra={"type": typ, "digits": sorted((dx, dy)), "loop_size": 4, "avoidable": True})


@technique("avoidable-rectangle-1", "Avoidable Rectangle Type 1", family="uniqueness", level=4.5,
           codes=("0607",), aliases=("ar1", "ar type 1", "avoidable rectangle 1"),
           sizes=(9, 6))
def avoidable_rectangle_1(board: Board) -> Iterator[Step]:
    """Three solved non-given cells of a rectangle: the fourth cannot complete the swap."""
    return (s for s in _cached("ar", board, _avoidable) if s.technique == "avoidable-rectangle-1")


@technique("avoidable-rectangle-2", "Avoidable Rectangle Type 2", family="uniqueness", level=4.55,
           codes=("0608",), aliases=("ar2", "ar type 2", "avoidable rectangle 2"),
           sizes=(9, 6))
def avoidable_rectangle_2(board: Board) -> Iterator[Step]:
    """Two solved non-given cells; the two open ones share one extra digit."""
    return (s for s in _cached("ar", board, _avoidable) if s.technique == "avoidable-rectangle-2")


# --------------------------------------------------------------- BUG
def _bug_analysis(board: Board) -> tuple[dict[int, int], int] | None:
    """Sudoku Explainer's BUG test: the cells with three or more candidates ("BUG cells")
    and, per BUG cell, the extra digits that must go for every unsolved cell to hold two
    candidates and every digit to appear twice or not at all in every house.

    Returns ({cell: extra mask}, common peers of the BUG cells) or None when there is no BUG.
    """
    peer_mask = board.geometry.peer_mask
    house_mask = board.geometry.house_mask
    cands, dc = board.cands, board.digit_cells
    extras: dict[int, int] = {}
    multi = 0
    for c in iter_bits(board.unsolved):
        if POPCOUNT9[cands[c]] >= 3:
            multi |= 1 << c
    if not multi:
        return None
    for h in board.geometry.house_ids:
        hm = house_mask[h]
        for d in board.geometry.digits:
            pos = dc[d] & hm
            if pos.bit_count() in (0, 2):
                continue
            in_multi = pos & multi
            if not in_multi:
                return None
            if in_multi & (in_multi - 1):
                continue  # ambiguous here; another house decides
            c = in_multi.bit_length() - 1
            extras[c] = extras.get(c, 0) | 1 << (d - 1)
    # the position without the extras must be a BUG: all bivalue, all counts 0 or 2
    reduced = list(cands)
    for c, m in extras.items():
        reduced[c] &= ~m
    for c in iter_bits(board.unsolved):
        if POPCOUNT9[reduced[c]] != 2:
            return None
    for h in board.geometry.house_ids:
        counts = [0] * 10
        for c in iter_bits(house_mask[h] & board.unsolved):
            for d in digits_of(reduced[c]):
                counts[d] += 1
        if any(n not in (0, 2) for n in counts[1:]):
            return None
    common = board.unsolved
    for c in extras:
        common &= peer_mask[c]
    return extras, common


@technique("bug-plus-1", "Bivalue Universal Grave + 1", family="uniqueness", level=5.6, codes=("0610",),
           aliases=("bug+1", "bug 1", "bug1", "bivalue universal grave"),
           sizes=(9, 6))
def bug_plus_1(board: Board) -> Iterator[Step]:
    """All unsolved cells bivalue but one with three candidates: its odd digit is true."""
    res = _bug_analysis(board)
    if res is None:
        return
    extras, _ = res
    if len(extras) != 1:
        return
    (cell, extra), = extras.items()
    if POPCOUNT9[board.cands[cell]] != 3 or POPCOUNT9[extra] != 1:
        return
    d = extra.bit_length()
    elims = [(cell, x) for x in digits_of(board.cands[cell] & ~extra)]
    yield Step(
        "bug-plus-1", "Bivalue Universal Grave + 1", eliminations=elims,
        highlights=[Mark(cell, d, "pivot")] + [Mark(c, x, "target") for c, x in elims],
        text=f"BUG+1: every unsolved cell has two candidates except {cell_name(cell)}, and {d} "
             f"appears three times in its row, column and box; if {cell_name(cell)} were not {d}, "
             f"every digit would appear twice in every house (a deadly BUG with two solutions); "
             f"so {cell_name(cell)} is {d}: {_elim_text(elims)}.",
        extra={"type": 1, "digit": d, "bug_cells": 1},
    )


def _bug_type(board: Board, want: int) -> Iterator[Step]:
    """Sudoku Explainer's BUG types 1-4 (their own definitions, see `_bug_analysis`)."""
    res = _bug_analysis(board)
    if res is None:
        return
    extras, common = res
    cands = board.cands
    bug_cells = sorted(extras)
    all_extra = 0
    for m in extras.values():
        all_extra |= m
    bug_mask = sum(1 << c for c in bug_cells)
    base_marks = [Mark(c, d, "fin") for c in bug_cells for d in digits_of(extras[c])]
    intro = (f"BUG type {want}: removing {', '.join(f'{_and_text(extras[c])} from {cell_name(c)}' for c in bug_cells)} "
             f"would leave a deadly BUG (every cell two candidates, every digit twice per house) with two "
             f"solutions, so ")
    if len(bug_cells) == 1:
        if want != 1:
            return
        c = bug_cells[0]
        elims = [(c, d) for d in digits_of(cands[c] & ~all_extra)]
        if elims:
            yield Step("bug-type-1", "BUG type 1", eliminations=elims,
                       highlights=base_marks + [Mark(x, d, "target") for x, d in elims],
                       text=f"{intro}{cell_name(c)} holds {' or '.join(map(str, digits_of(all_extra)))}: "
                            f"{_elim_text(elims)}.",
                       extra={"type": 1, "bug_cells": 1, "extra_digits": digits_of(all_extra)})
        return
    if POPCOUNT9[all_extra] == 1:
        z = all_extra.bit_length()
        if want == 2:
            targets = common & board.digit_cells[z] & ~bug_mask
            elims = [(t, z) for t in iter_bits(targets)]
            if elims:
                yield Step("bug-type-2", "BUG type 2", eliminations=elims,
                           highlights=base_marks + [Mark(x, d, "target") for x, d in elims],
                           text=f"{intro}one of {cells_name(bug_mask)} is {z}: {_elim_text(elims)}.",
                           extra={"type": 2, "bug_cells": len(bug_cells), "digit": z})
        if want == 4 and len(bug_cells) == 2:
            yield from _bug4(board, extras, all_extra, intro, base_marks)
        return
    if not common:
        return
    if want == 4 and len(bug_cells) == 2:
        yield from _bug4(board, extras, all_extra, intro, base_marks)
    if want == 3:
        for h in _shared_houses(bug_mask):
            region = [c for c in iter_bits(common & HOUSE_MASK[h])]
            for k in range(2, 7):
                for combo in combinations(region, k - 1):
                    digits = all_extra
                    own = 0
                    for c in combo:
                        digits |= cands[c]
                        own |= cands[c]
                    if POPCOUNT9[own] != k or POPCOUNT9[digits] != k:
                        continue
                    rest = common & HOUSE_MASK[h] & ~sum(1 << c for c in combo)
                    elims = [(t, d) for t in iter_bits(rest) for d in digits_of(cands[t] & digits)]
                    if elims:
                        yield Step(
                            "bug-type-3", "BUG type 3", eliminations=sorted(elims),
                            highlights=base_marks + [Mark(c, d, "cover") for c in combo for d in digits_of(cands[c])]
                            + [Mark(x, d, "target") for x, d in elims],
                            text=f"{intro}one of {cells_name(bug_mask)} holds one of "
                                 f"{_and_text(all_extra)}; with {cells_name(list(combo))} that makes a "
                                 f"naked set of {_and_text(digits)} in {house_name(h)}: {_elim_text(sorted(elims))}.",
                            extra={"type": 3, "bug_cells": len(bug_cells), "subset_size": k, "house": h})


def _bug4(board: Board, extras: dict[int, int], all_extra: int, intro: str,
          base_marks: list[Mark]) -> Iterator[Step]:
    cands = board.cands
    c1, c2 = sorted(extras)
    shared = cands[c1] & cands[c2] & ~all_extra
    if POPCOUNT9[shared] != 1:
        return
    v = shared.bit_length()
    houses = _shared_houses(1 << c1 | 1 << c2)
    if not houses:
        return
    elims = [(c, d) for c in (c1, c2) for d in digits_of(cands[c] & ~extras[c] & ~shared)]
    if elims:
        yield Step("bug-type-4", "BUG type 4", eliminations=elims,
                   highlights=base_marks + [Mark(c1, v, "base"), Mark(c2, v, "base")]
                   + [Mark(x, d, "target") for x, d in elims],
                   text=f"{intro}one of {cell_name(c1)}, {cell_name(c2)} holds its extra digit; "
                        f"without it {v} would be a conjugate pair in {house_name(houses[0])}, so the "
                        f"other one is {v}: each is {v} or its extra digit; {_elim_text(elims)}.",
                   extra={"type": 4, "bug_cells": 2, "digit": v, "house": houses[0]})


@technique("bug-type-1", "BUG type 1", family="uniqueness", level=5.6,
           aliases=("se bug type 1", "bivalue universal grave type 1"))
def bug_type_1(board: Board) -> Iterator[Step]:
    """Sudoku Explainer's BUG type 1: one BUG cell keeps only its extra digits."""
    return _bug_type(board, 1)


@technique("bug-type-2", "BUG type 2", family="uniqueness", level=5.7,
           aliases=("se bug type 2", "bivalue universal grave type 2"))
def bug_type_2(board: Board) -> Iterator[Step]:
    """Sudoku Explainer's BUG type 2: every BUG cell has the same one extra digit."""
    return _bug_type(board, 2)


@technique("bug-type-3", "BUG type 3", family="uniqueness", level=5.8,
           aliases=("se bug type 3", "bivalue universal grave type 3"))
def bug_type_3(board: Board) -> Iterator[Step]:
    """Sudoku Explainer's BUG type 3: the extra digits act as one cell of a naked set."""
    return _bug_type(board, 3)


@technique("bug-type-4", "BUG type 4", family="uniqueness", level=5.7,
           aliases=("se bug type 4", "bivalue universal grave type 4"))
def bug_type_4(board: Board) -> Iterator[Step]:
    """Sudoku Explainer's BUG type 4: two BUG cells in a house sharing one more digit."""
    return _bug_type(board, 4)


__all__ = ["RECTANGLES", "CELL_BOX"]
