"""SE's producers below the chains, each yielding hints in SE's own scan order.

Each producer is a generator over an `SEGrid`; the solver takes the first hint
of the first producer that yields. Hints that can serve inside nested chains
(pointing/claiming, hidden and naked pairs, X-Wing) carry ``rule_parents``:
the candidates, switched off earlier in the chain, without which the pattern
would not exist (SE's "rule parents").
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from functools import cache

from ..geometry import cell_name
from .grid import (
    BLOCK,
    CELL_REGION,
    COL,
    DIGITS_OF,
    HOUSE_CELLS_MASK,
    REGION_CELLS,
    REGION_MASK,
    ROW,
    SEGrid,
    bits,
    region_name,
)
from .hint import SEHint

Producer = Callable[[SEGrid], Iterator[SEHint]]


@cache
def combinations(n: int, k: int) -> tuple[tuple[int, ...], ...]:
    """k-subsets of range(n) in SE's permutation order (increasing bit pattern)."""
    return tuple(sorted(itertools.combinations(range(n), k), key=lambda t: t[::-1]))


def _crosses(t1: int, r1: int, t2: int, r2: int) -> bool:
    return bool(REGION_MASK[t1][r1] & REGION_MASK[t2][r2])


# ------------------------------------------------------------------ singles
def hidden_single(g: SEGrid) -> Iterator[SEHint]:
    """Full houses first (block, column, row), then hidden singles in the same order."""
    for alone in (True, False):
        for t in (BLOCK, COL, ROW):
            for r in range(9):
                empties = g.empty_count(t, r)
                is_alone = empties == 1
                if is_alone != alone:
                    continue
                for v in range(1, 10):
                    pos = g.positions(t, r, v)
                    if pos and pos & (pos - 1) == 0:
                        cell = pos.bit_length() - 1
                        if is_alone:
                            diff, name = 1.0, "Full House"
                        elif t == BLOCK:
                            diff, name = 1.2, "Hidden Single"
                        else:
                            diff, name = 1.5, "Hidden Single"
                        yield SEHint("hidden-single", name, diff, {}, cell, v,
                                     f"{name}: {cell_name(cell)}={v}, the only place for {v} in "
                                     f"{region_name(t, r)}.")


def naked_single(g: SEGrid) -> Iterator[SEHint]:
    for c in range(81):
        m = g.cands[c]
        if m and m & (m - 1) == 0:
            v = m.bit_length()
            yield SEHint("naked-single", "Naked Single", 2.3, {}, c, v,
                         f"Naked Single: {cell_name(c)}={v}, its only candidate.")


# ---------------------------------------------------------- intersections
_LOCK_PAIRS = ((BLOCK, COL), (BLOCK, ROW), (COL, BLOCK), (ROW, BLOCK))


def _locking_parents(t1: int, r1: int, t2: int, r2: int, v: int) -> Callable[[SEGrid, SEGrid], list[tuple[int, int]]]:
    outside = REGION_MASK[t1][r1] & ~REGION_MASK[t2][r2]

    def parents(src: SEGrid, cur: SEGrid) -> list[tuple[int, int]]:
        gone = (src.dcells[v] & ~cur.dcells[v]) & outside
        return [(c, v) for c in bits(gone)]

    return parents


def _locking(g: SEGrid, direct: bool) -> Iterator[SEHint]:
    for t1, t2 in _LOCK_PAIRS:
        for r1 in range(9):
            for r2 in range(9):
                if not _crosses(t1, r1, t2, r2):
                    continue
                m2 = REGION_MASK[t2][r2]
                for v in range(1, 10):
                    pos = g.positions(t1, r1, v)
                    if pos.bit_count() <= 1 or pos & ~m2:
                        continue
                    removable = g.dcells[v] & m2 & ~REGION_MASK[t1][r1]
                    pointing = t1 == BLOCK
                    if direct:
                        for r3 in range(9):
                            if r3 == r1 or not _crosses(t1, r3, t2, r2):
                                continue
                            pos3 = g.positions(t1, r3, v)
                            if pos3.bit_count() > 1:
                                rest = pos3 & ~m2
                                if rest and rest & (rest - 1) == 0:
                                    hcell = rest.bit_length() - 1
                                    name = "Direct Pointing" if pointing else "Direct Claiming"
                                    yield SEHint(
                                        "direct-locking", name, 1.7 if pointing else 1.9,
                                        {c: 1 << (v - 1) for c in bits(removable)}, hcell, v,
                                        f"{name}: in {region_name(t1, r1)} {v} lies only in "
                                        f"{region_name(t2, r2)}, so {region_name(t1, r3)} has one place "
                                        f"left for {v}: {cell_name(hcell)}={v}.")
                    elif removable:
                        name = "Pointing" if pointing else "Claiming"
                        h = SEHint("locking", name, 2.6 if pointing else 2.8,
                                   {c: 1 << (v - 1) for c in bits(removable)},
                                   text=f"{name}: in {region_name(t1, r1)} {v} lies only in "
                                        f"{region_name(t2, r2)}, so {v} is removed from the rest of "
                                        f"{region_name(t2, r2)}.",
                                   data={"digit": v, "cells": bits(pos)})
                        h.rule_parents = _locking_parents(t1, r1, t2, r2, v)
                        yield h


def direct_locking(g: SEGrid) -> Iterator[SEHint]:
    return _locking(g, True)


def locking(g: SEGrid) -> Iterator[SEHint]:
    return _locking(g, False)


# ------------------------------------------------------------ hidden sets
def _hidden_parents(t: int, r: int, values: tuple[int, ...], setmask: int):
    outside = REGION_MASK[t][r] & ~setmask

    def parents(src: SEGrid, cur: SEGrid) -> list[tuple[int, int]]:
        out = []
        for c in REGION_CELLS[t][r]:
            if outside >> c & 1:
                for v in values:
                    if src.cands[c] >> (v - 1) & 1 and not cur.cands[c] >> (v - 1) & 1:
                        out.append((c, v))
        return out

    return parents


def hidden_set(degree: int, direct: bool) -> Producer:
    names = {2: "Pair", 3: "Triplet", 4: "Quad"}
    base = {2: 3.4, 3: 4.0, 4: 5.4}[degree]
    dbase = {2: 2.0, 3: 2.5, 4: 4.3}[degree]

    def produce(g: SEGrid) -> Iterator[SEHint]:
        for t in (BLOCK, COL, ROW):
            for r in range(9):
                empties = g.empty_count(t, r)
                if not (empties > degree * 2 or (direct and empties > degree)):
                    continue
                for combo in combinations(9, degree):
                    values = tuple(i + 1 for i in combo)
                    union = 0
                    ok = True
                    for v in values:
                        p = g.positions(t, r, v)
                        if not p:
                            ok = False
                            break
                        union |= p
                    if not ok or union.bit_count() != degree:
                        continue
                    vmask = sum(1 << (v - 1) for v in values)
                    removals = {}
                    for c in bits(union):
                        extra = g.cands[c] & ~vmask
                        if extra:
                            removals[c] = extra
                    cells_txt = ",".join(cell_name(c) for c in bits(union))
                    if direct:
                        for v in range(1, 10):
                            if vmask >> (v - 1) & 1:
                                continue
                            p = g.positions(t, r, v)
                            if p.bit_count() > 1:
                                rest = p & ~union
                                if rest and rest & (rest - 1) == 0:
                                    hc = rest.bit_length() - 1
                                    yield SEHint(
                                        "direct-hidden-set", f"Direct Hidden {names[degree]}", dbase,
                                        removals, hc, v,
                                        f"Direct Hidden {names[degree]}: {values} only in {cells_txt} of "
                                        f"{region_name(t, r)}, so {cell_name(hc)}={v}.")
                                    break
                    else:
                        h = SEHint("hidden-set", f"Hidden {names[degree]}", base, removals,
                                   text=f"Hidden {names[degree]}: {values} only in {cells_txt} of "
                                        f"{region_name(t, r)}; other candidates removed there.",
                                   data={"size": degree})
                        if h.is_worth():
                            h.rule_parents = _hidden_parents(t, r, values, union)
                            yield h

    return produce


# ------------------------------------------------------------- naked sets
def _naked_parents(cells: list[int], vmask: int):
    def parents(src: SEGrid, cur: SEGrid) -> list[tuple[int, int]]:
        out = []
        for c in cells:
            gone = src.cands[c] & ~cur.cands[c] & ~vmask
            for v in DIGITS_OF[gone]:
                out.append((c, v))
        return out

    return parents


def naked_set(degree: int) -> Producer:
    names = {2: "Pair", 3: "Triplet", 4: "Quad"}
    base = {2: 3.0, 3: 3.6, 4: 5.0}[degree]

    def produce(g: SEGrid) -> Iterator[SEHint]:
        for t in (BLOCK, COL, ROW):
            for r in range(9):
                rc = REGION_CELLS[t][r]
                if g.empty_count(t, r) <= degree:
                    continue
                for combo in combinations(9, degree):
                    union = 0
                    ok = True
                    for i in combo:
                        m = g.cands[rc[i]]
                        if not m:
                            ok = False
                            break
                        union |= m
                    if not ok or union.bit_count() != degree:
                        continue
                    cells = [rc[i] for i in combo]
                    removals = {}
                    for c in rc:
                        if c not in cells and g.cands[c] & union:
                            removals[c] = g.cands[c] & union
                    if removals:
                        h = SEHint("naked-set", f"Naked {names[degree]}", base, removals,
                                   text=f"Naked {names[degree]}: {','.join(cell_name(c) for c in cells)} "
                                        f"hold only {DIGITS_OF[union]} in {region_name(t, r)}.",
                                   data={"size": degree})
                        h.rule_parents = _naked_parents(cells, union)
                        yield h

    return produce


# ------------------------------------------------------------------- fish
def _fish_parents(bt: int, bases: tuple[int, ...], cover_mask: int, v: int):
    def parents(src: SEGrid, cur: SEGrid) -> list[tuple[int, int]]:
        out = []
        for b in bases:
            gone = (src.dcells[v] & ~cur.dcells[v]) & REGION_MASK[bt][b] & ~cover_mask
            out += [(c, v) for c in bits(gone)]
        return out

    return parents


def fisherman(degree: int) -> Producer:
    names = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
    base = {2: 3.2, 3: 3.8, 4: 5.2}[degree]

    def produce(g: SEGrid) -> Iterator[SEHint]:
        for bt, ct in ((COL, ROW), (ROW, COL)):
            for v in range(1, 10):
                dc = g.dcells[v]
                idx = []
                for b in range(9):
                    n = (dc & REGION_MASK[bt][b]).bit_count()
                    if 2 <= n <= degree:
                        idx.append(b)
                if len(idx) < degree:
                    continue
                for combo in combinations(len(idx), degree):
                    bases = tuple(idx[i] for i in combo)
                    covers = 0
                    for b in bases:
                        for c in bits(dc & REGION_MASK[bt][b]):
                            covers |= 1 << CELL_REGION[ct][c]
                    if covers.bit_count() != degree:
                        continue
                    cover_mask = 0
                    for k in bits(covers):
                        cover_mask |= REGION_MASK[ct][k]
                    base_mask = 0
                    for b in bases:
                        base_mask |= REGION_MASK[bt][b]
                    rem = dc & cover_mask & ~base_mask
                    if rem:
                        h = SEHint("fish", names[degree], base, {c: 1 << (v - 1) for c in bits(rem)},
                                   text=f"{names[degree]} on {v}: base "
                                        f"{', '.join(region_name(bt, b) for b in bases)}; cover "
                                        f"{', '.join(region_name(ct, k) for k in bits(covers))}.",
                                   data={"digit": v, "size": degree})
                        h.rule_parents = _fish_parents(bt, bases, cover_mask, v)
                        yield h

    return produce


# ------------------------------------------------------------------ wings
def xy_wing(xyz: bool) -> Producer:
    def produce(g: SEGrid) -> Iterator[SEHint]:
        cands = g.cands
        for pivot in range(81):
            pm = cands[pivot]
            if pm.bit_count() != (3 if xyz else 2):
                continue
            wings = [c for c in bits(HOUSE_CELLS_MASK[pivot]) if cands[c].bit_count() == 2]
            for i, w1 in enumerate(wings):
                for w2 in wings[i + 1:]:
                    m1, m2 = cands[w1], cands[w2]
                    if m1 == m2:
                        continue
                    if xyz:
                        if (m1 | m2) != pm:
                            continue
                    else:
                        if (m1 | m2) & pm != pm or (m1 & pm).bit_count() != 1 or (m2 & pm).bit_count() != 1:
                            continue
                        if (m1 & m2 & ~pm).bit_count() != 1:
                            continue
                    z = m1 & m2
                    if z.bit_count() != 1:
                        continue
                    zd = z.bit_length()
                    see = HOUSE_CELLS_MASK[w1] & HOUSE_CELLS_MASK[w2]
                    if xyz:
                        see &= HOUSE_CELLS_MASK[pivot]
                    rem = g.dcells[zd] & see & ~(1 << pivot)
                    if rem:
                        name = "XYZ-Wing" if xyz else "XY-Wing"
                        yield SEHint("xy-wing", name, 4.4 if xyz else 4.2,
                                     {c: z for c in bits(rem)},
                                     text=f"{name}: pivot {cell_name(pivot)}, wings {cell_name(w1)} and "
                                          f"{cell_name(w2)}; {zd} removed from cells seeing "
                                          f"{'all three' if xyz else 'both wings'}.")

    return produce


# ------------------------------------------------------ aligned exclusion
def aligned_exclusion(degree: int) -> Producer:
    """SE's Aligned Pair (6.2) / Triplet (7.5) Exclusion.

    Base cells: cells with two or more candidates; their excluders: peers with
    2..degree candidates. For a set of ``degree`` base cells with at least two
    common excluders, a combination of values is impossible when two base cells
    that see each other get the same value, or when it uses up every candidate of
    a common excluder. A base candidate used by no possible combination goes.
    """
    name = {2: "Aligned Pair Exclusion", 3: "Aligned Triplet Exclusion"}[degree]
    difficulty = {2: 6.2, 3: 7.5}[degree]
    ident = {2: "aligned-pair-exclusion", 3: "aligned-triple-exclusion"}[degree]

    def produce(g: SEGrid) -> Iterator[SEHint]:
        cands = g.cands
        base: list[int] = []
        excl: dict[int, int] = {}
        for c in range(81):
            if cands[c].bit_count() < 2:
                continue
            mask = 0
            single = False
            for p in bits(HOUSE_CELLS_MASK[c]):
                n = cands[p].bit_count()
                if n == 1:
                    single = True
                elif 2 <= n <= degree:
                    mask |= 1 << p
            if not single and mask:
                base.append(c)
                excl[c] = mask
        if len(base) < degree:
            return
        base_mask = sum(1 << c for c in base)
        for i0, i1 in combinations(len(base), 2):
            c0, c1 = base[i0], base[i1]
            pair_common = excl[c0] & excl[c1]
            if pair_common & (pair_common - 1) == 0:
                continue  # fewer than two common excluders already, whatever the third cell
            if degree == 2:
                tails: list[tuple[int, ...]] = [()]
            else:
                twin = (excl[c0] | excl[c1]) & base_mask & ~(1 << c0) & ~(1 << c1)
                # a third cell must share two of the pair's common excluders too
                twin_cells = [c for c in base if twin >> c & 1 and (excl[c] & pair_common).bit_count() >= 2]
                if len(twin_cells) < degree - 2:
                    continue
                tails = [tuple(twin_cells[k] for k in combo)
                         for combo in combinations(len(twin_cells), degree - 2)]
            for tail in tails:
                cells = (c0, c1) + tail
                common = pair_common
                for t in tail:
                    common &= excl[t]
                if common.bit_count() < 2:
                    continue
                excluder_masks = [cands[e] for e in bits(common)]
                sees = [[bool(HOUSE_CELLS_MASK[a] >> b & 1) for b in cells] for a in cells]
                allowed = [0] * degree
                value_lists = [DIGITS_OF[cands[c]] for c in cells]
                _enumerate(value_lists, sees, excluder_masks, allowed)
                removals = {}
                for k, c in enumerate(cells):
                    gone = cands[c] & ~allowed[k]
                    if gone:
                        removals[c] = gone
                if removals:
                    yield SEHint(ident, name, difficulty, removals,
                                 text=f"{name}: cells {', '.join(cell_name(c) for c in cells)} cannot "
                                      f"take values that would empty a common bivalue peer or repeat "
                                      f"in a house.",
                                 data={"cells": list(cells)})

    return produce


def _enumerate(value_lists: list[tuple[int, ...]], sees: list[list[bool]], excluders: list[int],
               allowed: list[int]) -> None:
    """Mark in ``allowed`` every value that appears in some admissible combination."""
    if len(value_lists) == 3:
        _enumerate3(value_lists, sees, excluders, allowed)
        return
    n = len(value_lists)
    chosen = [0] * n

    def rec(k: int, used: int) -> None:
        if k == n:
            for m in excluders:
                if not m & ~used:
                    return
            for i in range(n):
                allowed[i] |= 1 << (chosen[i] - 1)
            return
        for v in value_lists[k]:
            ok = True
            for j in range(k):
                if chosen[j] == v and sees[j][k]:
                    ok = False
                    break
            if ok:
                chosen[k] = v
                rec(k + 1, used | 1 << (v - 1))

    rec(0, 0)


def _enumerate3(value_lists: list[tuple[int, ...]], sees: list[list[bool]], excluders: list[int],
                allowed: list[int]) -> None:
    """`_enumerate` for three cells as plain loops on bitmasks, stopping as soon as every
    value of every cell is known to be allowed (then nothing can be excluded)."""
    full = [sum(1 << (v - 1) for v in vs) for vs in value_lists]
    s01, s02, s12 = sees[0][1], sees[0][2], sees[1][2]
    a0 = a1 = a2 = 0
    for v0 in value_lists[0]:
        b0 = 1 << (v0 - 1)
        for v1 in value_lists[1]:
            if v1 == v0 and s01:
                continue
            b01 = b0 | 1 << (v1 - 1)
            for v2 in value_lists[2]:
                if (v2 == v0 and s02) or (v2 == v1 and s12):
                    continue
                b2 = 1 << (v2 - 1)
                used = b01 | b2
                for m in excluders:
                    if not m & ~used:
                        break
                else:
                    a0 |= b0
                    a1 |= 1 << (v1 - 1)
                    a2 |= b2
                    if a0 == full[0] and a1 == full[1] and a2 == full[2]:
                        allowed[0] |= a0
                        allowed[1] |= a1
                        allowed[2] |= a2
                        return
    allowed[0] |= a0
    allowed[1] |= a1
    allowed[2] |= a2
