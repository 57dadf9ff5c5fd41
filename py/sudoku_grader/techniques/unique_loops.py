"""Sudoku Explainer's Unique Rectangle/Loop, types 1-4: the deadly pattern on a loop of 4, 6, 8 ...
cells that meets every house it touches in exactly two cells (`uniqueness` has HoDoKu's rectangles
and the BUG). Like every uniqueness step, these are sound only for puzzles with a unique solution.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..board import Board
from ..geometry import (
    CELL_HOUSES,
    HOUSE_MASK,
    PEER_MASK,
    POPCOUNT9,
    cell_name,
    cells_name,
    digits_of,
    house_name,
    iter_bits,
)
from ..step import Mark, Step
from .registry import technique
from .uniqueness import _and_text, _elim_text, _shared_houses


# --------------------------------------------------------------- unique loops (Sudoku Explainer)
def _loop_valid(loop: list[int]) -> bool:
    """SE's test: even- and odd-placed cells visit the same houses, each exactly once."""
    even: set[int] = set()
    odd: set[int] = set()
    for i, c in enumerate(loop):
        side = odd if i & 1 else even
        for h in CELL_HOUSES[c]:
            if h in side:
                return False
            side.add(h)
    return even == odd


def _find_loops(board: Board, start: int, pair: int) -> list[list[int]]:
    """Every loop from ``start`` through cells holding both digits, moving through houses of
    alternating kinds, with at most two cells holding other digits (or any number holding the
    same single other digit)."""
    cands = board.cands
    holders = board.digit_cells[pair.bit_length()] & board.digit_cells[(pair & -pair).bit_length()]
    results: list[list[int]] = []
    loop = [start]
    in_loop = 1 << start
    house_count = [0] * 27
    for h in CELL_HOUSES[start]:
        house_count[h] += 1

    def walk(cell: int, allowed_ex: int, ex_values: int, last_kind: int) -> None:
        nonlocal in_loop
        for kind in range(3):
            if kind == last_kind:
                continue
            h = CELL_HOUSES[cell][kind]
            if len(loop) >= 4 and HOUSE_MASK[h] >> start & 1:
                results.append(loop[:])
            for nxt in iter_bits(holders & HOUSE_MASK[h] & ~in_loop):
                if any(house_count[x] >= 2 for x in CELL_HOUSES[nxt]):
                    continue
                own_ex = cands[nxt] & ~pair
                new_ex = ex_values | own_ex
                if own_ex and not (POPCOUNT9[new_ex] == 1 or allowed_ex > 0):
                    continue
                loop.append(nxt)
                in_loop |= 1 << nxt
                for x in CELL_HOUSES[nxt]:
                    house_count[x] += 1
                walk(nxt, allowed_ex - (1 if own_ex else 0), new_ex, kind)
                for x in CELL_HOUSES[nxt]:
                    house_count[x] -= 1
                in_loop &= ~(1 << nxt)
                loop.pop()

    walk(start, 2, 0, -1)
    return results


def _loop_rating(size: int) -> float:
    r = 4.5
    if size >= 8:
        r += 0.2
    elif size >= 6:
        r += 0.1
    if size >= 10:
        r += 0.3
    return r


def _unique_loops(board: Board) -> Iterator[Step]:
    cands = board.cands
    seen: set[tuple[object, ...]] = set()
    done_loops: set[tuple[int, int]] = set()
    for start in iter_bits(board.unsolved):
        pair = cands[start]
        if POPCOUNT9[pair] != 2:
            continue
        for loop in _find_loops(board, start, pair):
            key = (sum(1 << c for c in loop), pair)
            if key in done_loops or not _loop_valid(loop):
                continue
            done_loops.add(key)
            for step in _loop_steps(board, loop, pair):
                k = (step.extra["type"], key, tuple(step.eliminations))
                if k not in seen:
                    seen.add(k)
                    yield step


def _loop_steps(board: Board, loop: list[int], pair: int) -> Iterator[Step]:
    cands = board.cands
    size = len(loop)
    extra_cells = [c for c in loop if cands[c] & ~pair]
    loop_mask = sum(1 << c for c in loop)
    v1, v2 = digits_of(pair)
    name = "Unique Rectangle" if size == 4 else "Unique Loop"
    loop_text = "-".join(cell_name(c) for c in loop)
    base_rating = _loop_rating(size)
    marks = [Mark(c, d, "base") for c in loop for d in (v1, v2)]
    marks += [Mark(c, d, "fin") for c in extra_cells for d in digits_of(cands[c] & ~pair)]

    def make(typ: int, elims: list[tuple[int, int]], why: str, extra: dict[str, object],
             more: list[Mark] | None = None) -> Step:
        elims = sorted(set(elims), key=lambda e: (e[1], e[0]))
        ext: dict[str, object] = {"type": typ, "loop_size": size, "digits": [v1, v2],
                                  "cells": [cell_name(c) for c in loop]}
        ext.update(extra)
        rating = base_rating + float(ext.get("se_increment", 0.0))  # type: ignore[arg-type]
        ext["se_rating"] = round(rating, 1)
        return Step("unique-loop", f"{name} type {typ}", eliminations=elims,
                    highlights=marks + (more or []) + [Mark(c, d, "target") for c, d in elims],
                    text=f"{name} type {typ} on {v1}/{v2} in {loop_text}: {why}; {_elim_text(elims)}.",
                    extra=ext)

    deadly = (f"if the loop held only {v1} and {v2} the digits could be swapped around it and the "
              f"puzzle would have two solutions")
    if len(extra_cells) == 1:
        x = extra_cells[0]
        yield make(1, [(x, v1), (x, v2)], f"{deadly}, so {cell_name(x)} is one of its other digits", {})
        return
    if len(extra_cells) >= 2:
        ex = 0
        for c in extra_cells:
            ex |= cands[c] & ~pair
        if POPCOUNT9[ex] == 1:
            z = ex.bit_length()
            targets = board.digit_cells[z] & ~loop_mask
            for c in extra_cells:
                targets &= PEER_MASK[c]
            elims = [(t, z) for t in iter_bits(targets)]
            if elims:
                yield make(2, elims, f"{deadly}, so one of {cells_name(extra_cells)} is {z}", {"digit": z})
    if len(extra_cells) != 2:
        return
    c1, c2 = extra_cells
    ex = (cands[c1] | cands[c2]) & ~pair
    both = 1 << c1 | 1 << c2
    houses = _shared_houses(both)
    if POPCOUNT9[ex] >= 2:
        for h in houses:
            yield from _loop_type3(board, make, deadly, h, c1, c2, pair, ex)
    # type 4: one loop digit locked in the two extra cells of a house
    for h in houses:
        for lock, rem in ((v1, v2), (v2, v1)):
            if board.digit_cells[lock] & HOUSE_MASK[h] & ~both:
                continue
            elims = [(c, rem) for c in (c1, c2) if cands[c] >> (rem - 1) & 1]
            if elims:
                yield make(4, elims, f"{deadly}; in {house_name(h)} {lock} is only in {cells_name(both)}, "
                                     f"so one of them is {lock} and neither can be {rem}",
                           {"house": h, "digit": lock}, [Mark(h, -1, "house")])


def _loop_type3(board: Board, make, deadly: str, h: int, c1: int, c2: int, pair: int,
                ex: int) -> Iterator[Step]:
    """SE's type 3: the extra digits of the two cells act as one cell of a naked set, or the
    pair plus other digits form a hidden set in which the two cells count as one."""
    cands = board.cands
    both = 1 << c1 | 1 << c2
    empty = HOUSE_MASK[h] & board.unsolved
    n_empty = empty.bit_count()
    others = [c for c in iter_bits(empty & ~both)]
    for degree in range(POPCOUNT9[ex], 8):
        if degree * 2 <= n_empty:
            for combo in combinations(others, degree - 1):
                digits = ex
                for c in combo:
                    digits |= cands[c]
                if POPCOUNT9[digits] != degree:
                    continue
                cmask = sum(1 << c for c in combo)
                elims = [(t, d) for t in iter_bits(empty & ~both & ~cmask) for d in digits_of(cands[t] & digits)]
                if elims:
                    yield make(3, elims, f"{deadly}, so {cells_name(both)} hold one of {_and_text(ex)}; with "
                                         f"{cells_name(cmask)} they form a naked set of {_and_text(digits)} "
                                         f"in {house_name(h)}",
                               {"house": h, "subset_size": degree, "naked": True,
                                "se_increment": 0.1 * (degree - 1)},
                               [Mark(c, d, "cover") for c in combo for d in digits_of(cands[c])])
        if degree * 2 < n_empty:
            rest = [d for d in range(1, 10)
                    if not (pair | ex) >> (d - 1) & 1 and board.digit_cells[d] & empty & ~both]
            for more in combinations(rest, degree - 2):
                hidden = pair
                for d in more:
                    hidden |= 1 << (d - 1)
                positions = 0
                for d in digits_of(hidden):
                    positions |= board.digit_cells[d] & empty
                positions &= ~(1 << c2)
                positions |= 1 << c1
                if positions.bit_count() != degree:
                    continue
                inside = positions & ~both
                elims = [(t, d) for t in iter_bits(inside) for d in digits_of(cands[t] & ~hidden)]
                if elims:
                    yield make(3, elims, f"{deadly}, so one of {cells_name(both)} is not {v_text(pair)}; "
                                         f"then {_and_text(hidden)} in {house_name(h)} fit only in "
                                         f"{cells_name(inside)} and that cell pair (a hidden set)",
                               {"house": h, "subset_size": degree, "naked": False,
                                "se_increment": 0.1 * (inside.bit_count() - 1)},
                               [Mark(c, d, "cover") for c in iter_bits(inside) for d in digits_of(cands[c] & hidden)])


def v_text(pair: int) -> str:
    return " or ".join(str(d) for d in digits_of(pair))


@technique("unique-loop", "Unique Rectangle/Loop", family="uniqueness", level=4.5,
           aliases=("unique loop", "se unique rectangle", "unique rectangle loop", "ul"))
def unique_loop(board: Board) -> Iterator[Step]:
    """Sudoku Explainer's unique rectangles and loops (4, 6, 8 ... cells), types 1-4."""
    return _unique_loops(board)

