"""Almost locked sets: ALS-XZ, ALS-XY-Wing, ALS-XY-Chain and Death Blossom (HoDoKu's rules).

An *almost locked set* (ALS) is N unsolved cells of one house holding N+1 digits
between them (one bivalue cell is an ALS of size 1). If any one of its digits is
removed, the rest lock into its cells. Two ALSs share a *restricted common* (RC)
digit x when every x of one sees every x of the other: x is then true in at most
one of them, so at least one of them loses x and becomes locked.

All the techniques here chain that fact. The ALSs of a position, their per-digit
cells and their restricted commons are computed once and shared by every finder
(`_analysis`), because ALS enumeration is the hot path.

``ALLOW_OVERLAP`` is HoDoKu's option ``allowAlsOverlap`` (default False): when True,
linked ALSs may share cells as long as no shared cell holds the linking digit.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from ..board import Board
from ..geometry import (
    HOUSE_MASK,
    HOUSES,
    PEER_MASK,
    POPCOUNT9,
    cells_name,
    digits_of,
    house_name,
    iter_bits,
)
from ..step import Link, Mark, Step
from .registry import technique

ALLOW_OVERLAP = False
"""HoDoKu's allowAlsOverlap (default False); see the module docstring."""

MAX_CHAIN_ALS = 8
"""Longest ALS-XY-Chain searched, in ALSs (two reglib cases need 7; the search is breadth-first)."""

ALL81 = (1 << 81) - 1


@dataclass(slots=True)
class Als:
    """One almost locked set and what the finders ask about it."""

    cells: int  # cell mask
    digits: int  # 9-bit digit mask (N+1 digits)
    house: int
    size: int
    dcells: list[int] = field(default_factory=list)  # per digit 1..9: its cells in the ALS
    buddies: list[int] = field(default_factory=list)  # per digit: cells outside seeing all of them

    def name(self) -> str:
        return f"{cells_name(self.cells)} {{{''.join(str(d) for d in digits_of(self.digits))}}}"


@dataclass(slots=True)
class Analysis:
    alses: list[Als]
    rcs: dict[int, list[tuple[int, int]]]  # als index -> [(other index, rc digit mask)]


def _collect_alses(board: Board) -> list[Als]:
    """Every ALS of the position, each cell set once (a set in a row and a box counts once)."""
    cands, dc = board.cands, board.digit_cells
    found: dict[int, Als] = {}
    for h in range(27):
        cells = [c for c in HOUSES[h] if cands[c]]
        n = len(cells)
        if n < 2:
            continue
        masks = [cands[c] for c in cells]
        bits = [1 << c for c in cells]
        # subsets by increasing index: union and cell mask built from the subset minus its top cell
        unions = [0] * (1 << n)
        cellm = [0] * (1 << n)
        for i in range(1, 1 << n):
            top = i.bit_length() - 1
            rest = i ^ (1 << top)
            u = unions[rest] | masks[top]
            unions[i] = u
            cm = cellm[rest] | bits[top]
            cellm[i] = cm
            size = i.bit_count()
            if size < n and POPCOUNT9[u] == size + 1 and cm not in found:
                found[cm] = Als(cm, u, h, size)
    alses = list(found.values())
    for a in alses:
        a.dcells = [0] * 10
        a.buddies = [0] * 10
        for d in digits_of(a.digits):
            dcs = dc[d] & a.cells
            a.dcells[d] = dcs
            b = ALL81
            for c in iter_bits(dcs):
                b &= PEER_MASK[c]
            a.buddies[d] = b & ~a.cells
    return alses


def _collect_rcs(alses: list[Als], board: Board, overlap: bool) -> dict[int, list[tuple[int, int]]]:
    """Restricted commons between every two ALSs (both directions), as digit masks.

    A pair is only tested when the lowest d-cell of one ALS is a d-cell seeing all the
    d-cells of the other, found through an index by (digit, lowest cell).
    """
    dc = board.digit_cells
    index: list[list[int]] = [[] for _ in range(810)]
    for i, a in enumerate(alses):
        for d in digits_of(a.digits):
            low = a.dcells[d]
            index[d * 81 - 81 + (low & -low).bit_length() - 1].append(i)
    rcs: list[dict[int, int]] = [{} for _ in alses]
    for i, a in enumerate(alses):
        acells = a.cells
        rc_i = rcs[i]
        for d in digits_of(a.digits):
            bud = a.buddies[d]
            adc = a.dcells[d]
            bit = 1 << (d - 1)
            for c in iter_bits(bud & dc[d]):
                for j in index[d * 81 - 81 + c]:
                    if j <= i:
                        continue
                    b = alses[j]
                    if b.dcells[d] & ~bud:
                        continue
                    shared = acells & b.cells
                    if shared and (not overlap or (adc | b.dcells[d]) & shared
                                   or acells | b.cells in (acells, b.cells)):
                        continue
                    rc_i[j] = rc_i.get(j, 0) | bit
                    rcs[j][i] = rcs[j].get(i, 0) | bit
    return {i: sorted(m.items()) for i, m in enumerate(rcs)}


_CACHE: dict[str, tuple[tuple[object, ...], Analysis]] = {}


def _analysis(board: Board) -> Analysis:
    """ALSs and restricted commons of this position, computed once per position and option."""
    key = (tuple(board.cands), board.unsolved, ALLOW_OVERLAP)
    hit = _CACHE.get("als")
    if hit is not None and hit[0] == key:
        return hit[1]
    alses = _collect_alses(board)
    result = Analysis(alses, _collect_rcs(alses, board, ALLOW_OVERLAP))
    _CACHE["als"] = (key, result)
    return result


# --------------------------------------------------------------- shared helpers
def _common_eliminations(board: Board, group: list[Als], digits: int) -> list[tuple[int, int]]:
    """For each digit, the cells outside the ALSs seeing every instance of it in all of them."""
    out = []
    inside = 0
    for a in group:
        inside |= a.cells
    for d in digits_of(digits):
        t = board.digit_cells[d] & ~inside
        for a in group:
            t &= a.buddies[d]
        out += [(c, d) for c in iter_bits(t)]
    return out


def _als_marks(group: list[Als], board: Board) -> list[Mark]:
    marks = []
    for a in group:
        for c in iter_bits(a.cells):
            marks += [Mark(c, d, "als") for d in digits_of(board.cands[c])]
    return marks


def _elim_text(elims: list[tuple[int, int]]) -> str:
    by_digit: dict[int, int] = {}
    for c, d in elims:
        by_digit[d] = by_digit.get(d, 0) | 1 << c
    return "; ".join(f"remove {d} from {cells_name(m)}" for d, m in sorted(by_digit.items()))


def _and(mask: int) -> str:
    ds = [str(d) for d in digits_of(mask)]
    return ds[0] if len(ds) == 1 else ", ".join(ds[:-1]) + " and " + ds[-1]


def _sorted(elims: list[tuple[int, int]]) -> list[tuple[int, int]]:
    return sorted(set(elims), key=lambda e: (e[1], e[0]))


def _als_extra(group: list[Als]) -> dict[str, object]:
    return {
        "als": [{"cells": cells_name(a.cells), "digits": digits_of(a.digits), "house": house_name(a.house)}
                for a in group],
        "als_count": len(group),
        "als_cells": sum(a.size for a in group),
    }


def _rc_link(a: Als, b: Als, d: int) -> Link:
    return Link(a.dcells[d], d, b.dcells[d], d, strong=False)


# --------------------------------------------------------------- ALS-XZ
def _als_xz(board: Board) -> Iterator[Step]:
    an = _analysis(board)
    alses = an.alses
    for i, pairs in an.rcs.items():
        a = alses[i]
        for j, rc in pairs:
            if j < i:
                continue
            b = alses[j]
            common = a.digits & b.digits
            doubly = POPCOUNT9[rc] == 2
            if doubly:
                elims = _common_eliminations(board, [a, b], common)
                for own, other in ((a, b), (b, a)):
                    for d in digits_of(own.digits & ~rc):
                        t = own.buddies[d] & board.digit_cells[d] & ~other.cells & ~own.cells
                        elims += [(c, d) for c in iter_bits(t)]
            else:
                elims = _common_eliminations(board, [a, b], common & ~rc)
            if not elims:
                continue
            elims = _sorted(elims)
            x = digits_of(rc)
            marks = _als_marks([a, b], board)
            marks += [Mark(c, d, "pivot") for d in x for c in iter_bits(a.dcells[d] | b.dcells[d])]
            marks += [Mark(c, d, "target") for c, d in elims]
            intro = (f"ALS-XZ: A = {a.name()} in {house_name(a.house)} and B = {b.name()} in "
                     f"{house_name(b.house)}")
            if doubly:
                text = (f"{intro} are doubly linked by {x[0]} and {x[1]} (every {x[0]} of A sees every "
                        f"{x[0]} of B, and the same for {x[1]}): each digit is in at most one of them, and "
                        f"A and B cannot both lose one, so each holds exactly one of them and the rest of "
                        f"each is locked; {_elim_text(elims)}.")
            else:
                zs = common & ~rc
                text = (f"{intro} share the restricted common {x[0]} (every {x[0]} of A sees every "
                        f"{x[0]} of B), so one of them lacks {x[0]} and is locked: {_and(zs)} must be in A "
                        f"or B; {_elim_text(elims)}.")
            extra = _als_extra([a, b])
            extra.update({"rc": x, "doubly_linked": doubly})
            yield Step("als-xz", "ALS-XZ", eliminations=elims, highlights=marks,
                       links=[_rc_link(a, b, d) for d in x], text=text, extra=extra)


@technique("als-xz", "ALS-XZ", family="als", level=6.3, codes=("0901",),
           aliases=("almost locked set xz rule", "als xz", "axz", "als-xz rule"))
def als_xz(board: Board) -> Iterator[Step]:
    """Two ALSs linked by a restricted common: a digit common to both is in one of them."""
    return _als_xz(board)


# --------------------------------------------------------------- ALS-XY-Wing
def _als_xy_wing(board: Board) -> Iterator[Step]:
    an = _analysis(board)
    alses = an.alses
    seen: set[tuple[int, int, int, tuple[tuple[int, int], ...]]] = set()
    for ci, pairs in an.rcs.items():
        c = alses[ci]
        for k1 in range(len(pairs)):
            ai, rc1 = pairs[k1]
            a = alses[ai]
            for k2 in range(k1 + 1, len(pairs)):
                bi, rc2 = pairs[k2]
                if rc1 == rc2 and POPCOUNT9[rc1] == 1:
                    continue
                b = alses[bi]
                if a.cells & b.cells:
                    if not ALLOW_OVERLAP:
                        continue
                    if a.cells | b.cells in (a.cells, b.cells):
                        continue
                zs = a.digits & b.digits & ~rc1 & ~rc2
                if not zs:
                    continue
                elims = _common_eliminations(board, [a, b], zs)
                if not elims:
                    continue
                elims = _sorted(elims)
                key = (ci, min(ai, bi), max(ai, bi), tuple(elims))
                if key in seen:
                    continue
                seen.add(key)
                x, y = digits_of(rc1), digits_of(rc2)
                marks = _als_marks([a, b, c], board)
                marks += [Mark(cc, d, "pivot") for d in x for cc in iter_bits(a.dcells[d] | c.dcells[d])]
                marks += [Mark(cc, d, "pivot") for d in y for cc in iter_bits(b.dcells[d] | c.dcells[d])]
                marks += [Mark(cc, d, "target") for cc, d in elims]
                zt = _and(zs)
                text = (f"ALS-XY-Wing: pivot C = {c.name()} ({house_name(c.house)}) is linked to "
                        f"A = {a.name()} by {'/'.join(map(str, x))} and to B = {b.name()} by "
                        f"{'/'.join(map(str, y))}. If neither A nor B held {zt} in a target, A would be "
                        f"locked and take {'/'.join(map(str, x))} from C, C would be locked and take "
                        f"{'/'.join(map(str, y))} from B, and B would be locked with {zt}: a contradiction; "
                        f"so {zt} is in A or B: {_elim_text(elims)}.")
                extra = _als_extra([a, b, c])
                extra.update({"rc": [digits_of(rc1), digits_of(rc2)]})
                links = [_rc_link(a, c, d) for d in x] + [_rc_link(c, b, d) for d in y]
                yield Step("als-xy-wing", "ALS-XY-Wing", eliminations=elims, highlights=marks,
                           links=links, text=text, extra=extra)


@technique("als-xy-wing", "ALS-XY-Wing", family="als", level=6.4, codes=("0902",),
           aliases=("almost locked set xy-wing", "als xy wing", "axy", "als-xy"))
def als_xy_wing(board: Board) -> Iterator[Step]:
    """Two ALSs each linked to a pivot ALS by different digits: a digit they share is in one."""
    return _als_xy_wing(board)


# --------------------------------------------------------------- ALS-XY-Chain
def _als_xy_chain(board: Board, max_als: int | None = None) -> Iterator[Step]:
    """Chains of four or more ALSs; consecutive links use different digits (HoDoKu's rule:
    a link's digits minus the digits actually used by the previous link).

    A breadth-first search from each start ALS over states (ALS, digits used to enter it),
    carrying the set of first-link digits as a bitmask, finds the shortest chain for every
    (end ALS, last link, first link); a digit common to both ends and used by neither end
    link is removed from the cells seeing all its copies in both ends.
    """
    limit = max_als or MAX_CHAIN_ALS
    an = _analysis(board)
    alses, rcs = an.alses, an.rcs
    dc = board.digit_cells
    # digits of each ALS that could be eliminated somewhere (a cell sees all their copies)
    viable = []
    for a in alses:
        v = 0
        for d in digits_of(a.digits):
            if a.buddies[d] & dc[d]:
                v |= 1 << (d - 1)
        viable.append(v)
    best: dict[tuple[tuple[int, int], ...], tuple[int, list[int], list[int]]] = {}
    for start in range(len(alses)):
        sv = viable[start]
        if not sv:
            continue
        first_als = alses[start]
        parent: dict[tuple[int, int, int], tuple[int, int]] = {}
        seen: dict[tuple[int, int], int] = {}
        frontier: dict[tuple[int, int], int] = {}
        for j, rc in rcs[start]:
            for d in digits_of(rc):
                bit = 1 << (d - 1)
                if not sv & ~bit:
                    continue
                key = (j, bit)
                seen[key] = seen.get(key, 0) | bit
                frontier[key] = frontier.get(key, 0) | bit
                parent[(j, bit, d)] = (start, 0)
        for links in range(2, limit):
            nxt: dict[tuple[int, int], int] = {}
            for (j, used), firsts in frontier.items():
                for k, rc in rcs[j]:
                    if k == start:
                        continue
                    actual = rc & ~used
                    if not actual:
                        continue
                    key = (k, actual)
                    known = seen.get(key, 0)
                    new = firsts & ~known
                    if not new:
                        continue
                    seen[key] = known | new
                    nxt[key] = nxt.get(key, 0) | new
                    for f in digits_of(new):
                        parent[(k, actual, f)] = (j, used)
            if links >= 3:
                for (k, actual), firsts in nxt.items():
                    end_als = alses[k]
                    zs_all = sv & viable[k] & ~actual
                    if not zs_all:
                        continue
                    inside = first_als.cells | end_als.cells
                    for f in digits_of(firsts):
                        zs = zs_all & ~(1 << (f - 1))
                        elims = []
                        for d in digits_of(zs):
                            t = dc[d] & first_als.buddies[d] & end_als.buddies[d] & ~inside
                            elims += [(c, d) for c in iter_bits(t)]
                        if not elims:
                            continue
                        path = _chain_path(parent, start, k, actual, f)
                        if path is None:
                            continue
                        key2 = tuple(_sorted(elims))
                        old = best.get(key2)
                        if old is None or len(old[1]) > len(path[0]):
                            best[key2] = (len(path[0]), path[0], path[1])
            frontier = nxt
            if not frontier:
                break
    for key, (_, idxs, used_links) in sorted(best.items(), key=lambda kv: (kv[1][0], kv[0])):
        yield _chain_step(board, [alses[k] for k in idxs], used_links, list(key))


def _chain_path(parent: dict[tuple[int, int, int], tuple[int, int]], start: int, end: int, used: int,
                first: int) -> tuple[list[int], list[int]] | None:
    """ALS indices and link digit masks from ``start`` to ``end``; None if an ALS repeats."""
    idxs = [end]
    links = [used]
    j, u = end, used
    while True:
        pj, pu = parent[(j, u, first)]
        if pj == start and pu == 0:
            break
        idxs.append(pj)
        links.append(pu)
        j, u = pj, pu
    idxs.append(start)
    idxs.reverse()
    links.reverse()
    if len(set(idxs)) != len(idxs):
        return None
    return idxs, links


def _chain_step(board: Board, group: list[Als], links: list[int], elims: list[tuple[int, int]]) -> Step:
    zs = 0
    for _, d in elims:
        zs |= 1 << (d - 1)
    marks = _als_marks(group, board)
    step_links = []
    parts = [group[0].name()]
    for k, rc in enumerate(links):
        a, b = group[k], group[k + 1]
        for d in digits_of(rc):
            marks += [Mark(c, d, "pivot") for c in iter_bits(a.dcells[d] | b.dcells[d])]
            step_links.append(_rc_link(a, b, d))
        parts.append(f"-{'/'.join(map(str, digits_of(rc)))}- {b.name()}")
    marks += [Mark(c, d, "target") for c, d in elims]
    zt = _and(zs)
    text = (f"ALS-XY-Chain {' '.join(parts)}: each link is a restricted common, and consecutive links "
            f"use different digits. If the first ALS lacked {zt}, it would be locked and push its link "
            f"digit out of the next ALS, and so on down the chain until the last ALS is locked with "
            f"{zt}; so {zt} is in the first or the last ALS: {_elim_text(elims)}.")
    extra = _als_extra(group)
    extra.update({"rc": [digits_of(rc) for rc in links], "length": len(group)})
    return Step("als-xy-chain", "ALS-XY-Chain", eliminations=elims, highlights=marks, links=step_links,
                text=text, extra=extra)


@technique("als-xy-chain", "ALS-XY-Chain", family="als", level=6.5, codes=("0903",),
           aliases=("almost locked set chain", "als chain", "als xy chain", "ach"))
def als_xy_chain(board: Board) -> Iterator[Step]:
    """Four or more ALSs linked by restricted commons: a digit shared by both ends is in one."""
    return _als_xy_chain(board)


# --------------------------------------------------------------- Death Blossom
def _death_blossom(board: Board) -> Iterator[Step]:
    an = _analysis(board)
    alses = an.alses
    cands, dc = board.cands, board.digit_cells
    # petals[(stem, digit)]: ALSs holding digit whose every digit-cell sees the stem
    petals: dict[int, list[list[int]]] = {}
    for i, a in enumerate(alses):
        for d in digits_of(a.digits):
            for s in iter_bits(a.buddies[d] & dc[d]):
                per = petals.get(s)
                if per is None:
                    per = petals[s] = [[] for _ in range(10)]
                per[d].append(i)
    seen: set[tuple[int, tuple[tuple[int, int], ...]]] = set()
    for stem, per in petals.items():
        stem_digits = digits_of(cands[stem])
        if any(not per[d] for d in stem_digits):
            continue
        for chosen in _petal_choices(alses, per, stem, stem_digits, cands[stem]):
            group = [alses[i] for i in chosen]
            common = 0x1FF
            for a in group:
                common &= a.digits
            elims = [(c, d) for c, d in _common_eliminations(board, group, common & ~cands[stem]) if c != stem]
            if elims:
                elims = _sorted(elims)
                key = (stem, tuple(elims))
                if key not in seen:
                    seen.add(key)
                    yield _blossom_step(board, stem, stem_digits, group, elims)


def _petal_choices(alses: list[Als], per: list[list[int]], stem: int, stem_digits: list[int],
                   stem_mask: int) -> Iterator[list[int]]:
    """One petal per stem digit, disjoint unless overlap is allowed, sharing a non-stem digit."""
    chosen: list[int] = []

    def grow(k: int, common: int, used_cells: int) -> Iterator[list[int]]:
        if k == len(stem_digits):
            yield chosen[:]
            return
        for i in per[stem_digits[k]]:
            a = alses[i]
            if (a.cells & used_cells and not ALLOW_OVERLAP) or a.cells >> stem & 1:
                continue
            nc = common & a.digits
            if not nc & ~stem_mask:
                continue
            chosen.append(i)
            yield from grow(k + 1, nc, used_cells | a.cells)
            chosen.pop()

    return grow(0, 0x1FF, 0)


def _blossom_step(board: Board, stem: int, stem_digits: list[int], group: list[Als],
                  elims: list[tuple[int, int]]) -> Step:
    zs = 0
    for _, d in elims:
        zs |= 1 << (d - 1)
    marks = [Mark(stem, d, "pivot") for d in stem_digits] + _als_marks(group, board)
    links = []
    petals_text = []
    for d, a in zip(stem_digits, group):
        marks += [Mark(c, d, "pivot") for c in iter_bits(a.dcells[d])]
        links.append(Link(1 << stem, d, a.dcells[d], d, strong=False))
        petals_text.append(f"{d}: {a.name()}")
    marks += [Mark(c, d, "target") for c, d in elims]
    zt = _and(zs)
    text = (f"Death Blossom with stem {cells_name(1 << stem)} and petals {'; '.join(petals_text)}: whichever "
            f"digit the stem takes, the petal for that digit loses it (all its copies see the stem) and is "
            f"locked, so it holds {zt}; every petal has {zt}, so {zt} is in one of them: {_elim_text(elims)}.")
    extra = _als_extra(group)
    extra.update({"stem": cells_name(1 << stem), "petals": len(group)})
    return Step("death-blossom", "Death Blossom", eliminations=elims, highlights=marks, links=links,
                text=text, extra=extra)


@technique("death-blossom", "Death Blossom", family="als", level=6.6, codes=("0904",),
           aliases=("db", "als death blossom"))
def death_blossom(board: Board) -> Iterator[Step]:
    """A stem cell whose every digit has a petal ALS: a digit common to all petals is in one."""
    return _death_blossom(board)


__all__ = ["ALLOW_OVERLAP", "MAX_CHAIN_ALS", "Als", "HOUSE_MASK"]
