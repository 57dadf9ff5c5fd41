"""SE's Aligned Pair (6.2) and Triplet (7.5) Exclusion producers."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache

from ..board import Board
from ..geometry import PEER_MASK, cell_name, iter_bits
from ..step import Step
from .rules import DIGITS_OF, Producer, Removals, combinations, se_step


def aligned_exclusion(degree: int) -> Producer:
    """SE's Aligned Pair (6.2) / Triplet (7.5) Exclusion.

    Base cells: cells with two or more candidates; their excluders: peers with
    2..degree candidates. For a set of ``degree`` base cells with at least two
    common excluders, a combination of values is impossible when two base cells
    that see each other get the same value, or when it uses up every candidate of
    a common excluder. A base candidate used by no possible combination goes.
    """
    name = {2: "Aligned Pair Exclusion", 3: "Aligned Triplet Exclusion"}[degree]
    rating = {2: 6.2, 3: 7.5}[degree]
    tid = {2: "aligned-pair-exclusion", 3: "aligned-triple-exclusion"}[degree]
    # Cell sets found to exclude nothing (a triplet comes up once per pair in it), by cell mask,
    # kept for the next grids: a set's verdict reads only its cells and their peers, so it holds
    # while none of those changed (SE's path mostly moves on by one candidate). ``last``: the
    # candidates of the grid they were found in.
    barren: set[int] = set()
    last: list[int] = []

    def produce(board: Board) -> Iterator[Step]:
        nonlocal barren, last
        cands = board.cands
        barren = _still_barren(barren, last, cands)
        last = cands[:]
        base: list[int] = []
        excl: dict[int, int] = {}
        singles = small = 0  # cells with one candidate; with 2..degree
        for c in range(81):
            n = cands[c].bit_count()
            if n == 1:
                singles |= 1 << c
            elif 2 <= n <= degree:
                small |= 1 << c
        for c in range(81):
            if cands[c].bit_count() < 2 or PEER_MASK[c] & singles:
                continue
            mask = PEER_MASK[c] & small
            if mask:
                base.append(c)
                excl[c] = mask
        if len(base) < degree:
            return
        base_mask = sum(1 << c for c in base)
        base_excl = [excl[c] for c in base]
        # The pairs in SE's order (`combinations(n, 2)`: by the second cell, then the first).
        for i1 in range(1, len(base)):
            c1 = base[i1]
            e1 = base_excl[i1]
            for i0 in range(i1):
                pair_common = base_excl[i0] & e1
                if pair_common & (pair_common - 1) == 0:
                    continue  # fewer than two common excluders already, whatever the third cell
                c0 = base[i0]
                if degree == 2:
                    # The loop below for a pair, on plain ints (same sets, same order, same steps).
                    key = 1 << c0 | 1 << c1
                    if key in barren:
                        continue
                    m0, m1 = cands[c0], cands[c1]
                    allowed = [0, 0]
                    _enumerate2(DIGITS_OF[m0], m1, bool(PEER_MASK[c0] >> c1 & 1),
                                _usable_excluders(pair_common, m0 | m1, cands), allowed)
                    if not (m0 & ~allowed[0] or m1 & ~allowed[1]):
                        barren.add(key)
                    else:
                        yield _exclusion_step(tid, name, rating, (c0, c1),
                                              [(c, m & ~a) for c, m, a in ((c0, m0, allowed[0]), (c1, m1, allowed[1]))
                                               if m & ~a])
                    continue
                # A third cell must share two of the pair's common excluders too: be a base cell
                # that sees two of them (``twice``; seeing is symmetric).
                once = twice = 0
                for e in iter_bits(pair_common):
                    seen_by = PEER_MASK[e] & base_mask
                    twice |= once & seen_by
                    once |= seen_by
                twin_cells = iter_bits((excl[c0] | excl[c1]) & twice & ~(1 << c0) & ~(1 << c1))
                if len(twin_cells) < degree - 2:
                    continue
                if degree == 3:
                    yield from _triplets(c0, c1, twin_cells, pair_common, cands, excl, barren, tid, name, rating)
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
                    key = 1 << c0 | 1 << c1
                    for t in tail:
                        key |= 1 << t
                    if key in barren:
                        continue
                    # An excluder with a digit none of the cells has can never be used up: leave it out.
                    union = 0
                    for c in cells:
                        union |= cands[c]
                    excluder_masks = _usable_excluders(common, union, cands)
                    sees = [[bool(PEER_MASK[a] >> b & 1) for b in cells] for a in cells]
                    allowed = [0] * degree
                    value_lists = [DIGITS_OF[cands[c]] for c in cells]
                    _enumerate(value_lists, sees, excluder_masks, allowed, [cands[c] for c in cells])
                    removals = [(c, cands[c] & ~allowed[k]) for k, c in enumerate(cells) if cands[c] & ~allowed[k]]
                    if not removals:
                        barren.add(key)
                    else:
                        yield _exclusion_step(tid, name, rating, cells, removals)

    return produce


def _still_barren(barren: set[int], last: list[int], cands: list[int]) -> set[int]:
    """The cell sets of ``barren`` (found in a grid with candidates ``last``) that are barren in
    the grid with ``cands`` too; none when a candidate came back (another grid).

    A set's verdict reads its cells' candidates and those of its common excluders, which see
    every cell of the set: it holds while no cell of the set and no cell that sees them all
    changed. (Other changes around it, like a peer becoming a single, only decide whether the
    set is looked at, not what it removes.)"""
    if len(last) != len(cands) or len(cands) != 81:
        return set()
    changed = 0
    for c in range(81):
        if last[c] != cands[c]:
            if cands[c] & ~last[c]:
                return set()
            changed |= 1 << c
    if not changed:
        return barren
    return {k for k in barren if not (k | _seen_by_all(k)) & changed}


@cache
def _seen_by_all(cells: int) -> int:
    """The cells that see every cell of ``cells`` (a cell mask)."""
    see = -1
    for c in iter_bits(cells):
        see &= PEER_MASK[c]
    return see


def _exclusion_step(tid: str, name: str, rating: float, cells: tuple[int, ...] | list[int],
                    removals: Removals) -> Step:
    """The step of an aligned exclusion (pairs, triplets or any degree): one sentence for all."""
    return se_step(tid, name, rating, removals=removals, cells=cells,
                   text=f"{name}: cells {', '.join(cell_name(c) for c in cells)} cannot take "
                        f"values that would empty a common bivalue peer or repeat in a house.")


def _usable_excluders(common: int, union: int, cands: list[int]) -> list[int]:
    """The candidate masks of the excluder cells in ``common`` whose digits all lie in ``union``:
    an excluder with a digit none of the cells has can never be used up."""
    out = []
    m = common
    while m:
        low = m & -m
        em = cands[low.bit_length() - 1]
        if not em & ~union:
            out.append(em)
        m ^= low
    return out


def _triplets(c0: int, c1: int, thirds: Sequence[int], pair_common: int, cands: list[int], excl: dict[int, int],
              barren: set[int], tid: str, name: str, rating: float) -> Iterator[Step]:
    """The triplets (c0, c1, c) for each c of ``thirds`` in turn: the degree-3 loop of
    `aligned_exclusion` with its per-set work on plain ints (same sets, same order, same steps)."""
    pair_key = 1 << c0 | 1 << c1
    m0, m1 = cands[c0], cands[c1]
    union01 = m0 | m1
    s01 = bool(PEER_MASK[c0] >> c1 & 1)
    for c2 in thirds:
        common = pair_common & excl[c2]
        if common & (common - 1) == 0:
            continue  # fewer than two common excluders
        key = pair_key | 1 << c2
        if key in barren:
            continue
        m2 = cands[c2]
        union = union01 | m2
        # An excluder with a digit none of the cells has can never be used up: leave it out.
        excluder_masks = _usable_excluders(common, union, cands)
        allowed = [0, 0, 0]
        full = [m0, m1, m2]
        _enumerate3((DIGITS_OF[m0], DIGITS_OF[m1], DIGITS_OF[m2]), s01, bool(PEER_MASK[c0] >> c2 & 1),
                    bool(PEER_MASK[c1] >> c2 & 1), excluder_masks, allowed, full)
        cells = (c0, c1, c2)
        removals = [(c, full[k] & ~allowed[k]) for k, c in enumerate(cells) if full[k] & ~allowed[k]]
        if not removals:
            barren.add(key)
        else:
            yield _exclusion_step(tid, name, rating, cells, removals)


def _enumerate(value_lists: list[tuple[int, ...]], sees: list[list[bool]], excluders: list[int],
               allowed: list[int], masks: list[int]) -> None:
    """Mark in ``allowed`` every value that appears in some admissible combination
    (``masks``: the cells' candidates, the same values as ``value_lists``)."""
    if len(value_lists) == 3:
        _enumerate3(value_lists, sees[0][1], sees[0][2], sees[1][2], excluders, allowed, masks)
        return
    if len(value_lists) == 2:
        _enumerate2(value_lists[0], masks[1], sees[0][1], excluders, allowed)
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


def _enumerate2(values0: tuple[int, ...], m1: int, s01: bool, excluders: list[int], allowed: list[int]) -> None:
    """`_enumerate` for two cells on bitmasks: for each value of the first cell, the second
    cell's admissible values at once (``m1``: its candidates; ``s01``: whether they see each
    other). A pair is impossible when an excluder holds no digit but the two values: when all
    but at most one of its digits are the first value, the second must not take that one."""
    a0 = a1 = 0
    for v0 in values0:
        b0 = 1 << (v0 - 1)
        bad = b0 if s01 else 0
        for m in excluders:
            rest = m & ~b0
            if not rest:  # used up by the first value whatever the second
                bad = m1
                break
            if not rest & (rest - 1):
                bad |= rest
        ok = m1 & ~bad
        if ok:
            a0 |= b0
            a1 |= ok
    allowed[0] |= a0
    allowed[1] |= a1


def _enumerate3(value_lists: list[tuple[int, ...]] | tuple[tuple[int, ...], ...], s01: bool, s02: bool,
                s12: bool, excluders: list[int], allowed: list[int], full: list[int]) -> None:
    """`_enumerate` for three cells (``sXY``: whether cells X and Y see each other) on bitmasks:
    for each value pair of the first two cells, the third cell's admissible values at once (an
    excluder is used up when all but at most one of its digits are the pair's and the third value
    is that one). Stops as soon as every value of every cell is known to be allowed (then
    nothing can be excluded)."""
    a0 = a1 = a2 = 0
    m2 = full[2]
    f0, f1 = full[0], full[1]
    for v0 in value_lists[0]:
        b0 = 1 << (v0 - 1)
        bad0 = b0 if s02 else 0
        for v1 in value_lists[1]:
            if v1 == v0 and s01:
                continue
            b1 = 1 << (v1 - 1)
            b01 = b0 | b1
            bad = bad0 | b1 if s12 else bad0
            for m in excluders:
                rest = m & ~b01
                if not rest:  # used up by the pair whatever the third value
                    bad = m2
                    break
                if not rest & (rest - 1):  # one digit left: the third cell must not take it
                    bad |= rest
            ok = m2 & ~bad
            if ok:
                a0 |= b0
                a1 |= b1
                a2 |= ok
                if a0 == f0 and a1 == f1 and a2 == m2:
                    break
        else:
            continue
        break
    allowed[0] |= a0
    allowed[1] |= a1
    allowed[2] |= a2
