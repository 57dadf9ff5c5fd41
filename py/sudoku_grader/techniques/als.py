"""Almost locked sets: ALS-XZ, ALS-XY-Wing, ALS-XY-Chain and Death Blossom (HoDoKu's rules).

An *almost locked set* (ALS) is N unsolved cells of one house holding N+1 digits
between them (one bivalue cell is an ALS of size 1). If any one of its digits is
removed, the rest lock into its cells. Two ALSs share a *restricted common* (RC)
digit x when every x of one sees every x of the other: x is then true in at most
one of them, so at least one of them loses x and becomes locked.

All the techniques here chain that fact. The ALSs of a position, their per-digit
cells and their restricted commons are computed once and shared by every finder
(`_analysis`), because ALS enumeration is the hot path.

The option ``als_overlap`` (`options.Options`) is HoDoKu's ``allowAlsOverlap``
(default off): when on, linked ALSs may share cells as long as no shared cell
holds the linking digit.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import cast

from ..board import Board
from ..geometry import (
    HOUSE_MASK,
    HOUSES,
    PEER_MASK,
    POPCOUNT9,
    TOP9,
    cells_name,
    digits_of,
    house_name,
    iter_bits,
)
from ..step import Link, Mark, Step
from .options import DEFAULT, Options
from .registry import technique

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


# Per subset of a house's cells (9 bits): the subset without its highest member (`TOP9`).
_REST9 = tuple(i ^ (1 << TOP9[i]) if i else 0 for i in range(512))


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
        # subsets by increasing index, each union from the subset minus its top cell, by 9-bit
        # tables; the (81-bit) cell mask only for the few subsets that are ALSs
        unions = [0] * (1 << n)
        for i in range(1, 1 << n):
            u = unions[_REST9[i]] | masks[TOP9[i]]
            unions[i] = u
            size = POPCOUNT9[i]
            if size < n and POPCOUNT9[u] == size + 1:
                cm = 0
                for k in iter_bits(i):
                    cm |= bits[k]
                if cm not in found:
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

    Bitsets over ALS indices do the pairing: for ALS A and digit d, the partners are the
    ALSs holding d minus those with a d-cell that does not see all of A's d-cells (and,
    without overlap, minus those sharing a cell with A).
    """
    dc = board.digit_cells
    n = len(alses)
    has_digit = [0] * 10
    by_dcell = [[0] * 81 for _ in range(10)]  # ALSs whose d-cells include the cell
    by_cell = [0] * 81
    for i, a in enumerate(alses):
        bit = 1 << i
        for c in iter_bits(a.cells):
            by_cell[c] |= bit
        for d in digits_of(a.digits):
            has_digit[d] |= bit
            row = by_dcell[d]
            for c in iter_bits(a.dcells[d]):
                row[c] |= bit
    rcs: list[dict[int, int]] = [{} for _ in range(n)]
    blocked: dict[int, int] = {}  # (d-cells, d) -> ALSs with a d-cell not seeing all of them
    for i, a in enumerate(alses):
        later = ~((2 << i) - 1)
        touching = 0
        for c in iter_bits(a.cells):
            touching |= by_cell[c]
        rc_i = rcs[i]
        for d in digits_of(a.digits):
            memo_key = a.dcells[d] * 10 + d
            bad = blocked.get(memo_key)
            if bad is None:
                row = by_dcell[d]
                bad = 0
                for k in iter_bits(dc[d] & ~a.buddies[d]):  # 81-bit: read by table, no wide-int peeling
                    bad |= row[k]
                blocked[memo_key] = bad
            found = has_digit[d] & ~bad & later
            if not overlap:
                found &= ~touching
            bit = 1 << (d - 1)
            for j in iter_bits(found):
                if overlap and a.cells & alses[j].cells:
                    union = a.cells | alses[j].cells
                    if union == a.cells or union == alses[j].cells:
                        continue
                rc_i[j] = rc_i.get(j, 0) | bit
                rcs[j][i] = rcs[j].get(i, 0) | bit
    return {i: sorted(m.items()) for i, m in enumerate(rcs)}


def _analysis(board: Board, overlap: bool) -> Analysis:
    """ALSs and restricted commons of this position, computed once per position and option."""
    key = (tuple(board.cands), board.unsolved, overlap)
    memo = board.memo
    if memo is None:
        memo = board.memo = {}
    hit = memo.get("als")
    if hit is not None and hit[0] == key:
        return cast(Analysis, hit[1])
    alses = _collect_alses(board)
    result = Analysis(alses, _collect_rcs(alses, board, overlap))
    memo["als"] = (key, result)
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
def _als_xz(board: Board, overlap: bool) -> Iterator[Step]:
    an = _analysis(board, overlap)
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
           aliases=("almost locked set xz rule", "als xz", "axz", "als-xz rule"),
           options=("als_overlap",))
def als_xz(board: Board, options: Options = DEFAULT) -> Iterator[Step]:
    """Two ALSs linked by a restricted common: a digit common to both is in one of them."""
    return _als_xz(board, options.als_overlap)


# --------------------------------------------------------------- ALS-XY-Wing
def _als_xy_wing(board: Board, overlap: bool) -> Iterator[Step]:
    """Pairs of ALSs A, B that could remove a common digit somewhere (found through the
    cells they both reach), then every pivot C linked to both by different digits."""
    an = _analysis(board, overlap)
    alses, rcs = an.alses, an.rcs
    reach, by_target = _targets(board, an)
    link = [dict(pairs) for pairs in rcs.values()]
    nbr = [0] * len(alses)
    for i, pairs in rcs.items():
        m = 0
        for j, _ in pairs:
            m |= 1 << j
        nbr[i] = m
    candidates: set[tuple[int, int]] = set()
    for ids in by_target.values():
        for x in range(len(ids)):
            for y in range(x + 1, len(ids)):
                if nbr[ids[x]] & nbr[ids[y]]:
                    candidates.add((ids[x], ids[y]))
    seen: set[tuple[int, int, int, tuple[tuple[int, int], ...]]] = set()
    for ai, bi in sorted(candidates):
        a, b = alses[ai], alses[bi]
        if a.cells & b.cells:
            if not overlap or a.cells | b.cells in (a.cells, b.cells):
                continue
        for ci in iter_bits(nbr[ai] & nbr[bi]):
            rc1, rc2 = link[ci][ai], link[ci][bi]
            if rc1 == rc2 and POPCOUNT9[rc1] == 1:
                continue
            zs = a.digits & b.digits & ~rc1 & ~rc2
            elims = []
            for z in digits_of(zs):
                t = reach[ai][z] & reach[bi][z] & ~a.cells & ~b.cells
                elims += [(c, z) for c in iter_bits(t)]
            if not elims:
                continue
            elims = _sorted(elims)
            key = (ci, ai, bi, tuple(elims))
            if key in seen:
                continue
            seen.add(key)
            yield _wing_step(board, a, b, alses[ci], rc1, rc2, elims)


def _wing_step(board: Board, a: Als, b: Als, c: Als, rc1: int, rc2: int,
               elims: list[tuple[int, int]]) -> Step:
    zs = 0
    for _, d in elims:
        zs |= 1 << (d - 1)
    x, y = digits_of(rc1), digits_of(rc2)
    marks = _als_marks([a, b, c], board)
    marks += [Mark(cc, d, "pivot") for d in x for cc in iter_bits(a.dcells[d] | c.dcells[d])]
    marks += [Mark(cc, d, "pivot") for d in y for cc in iter_bits(b.dcells[d] | c.dcells[d])]
    marks += [Mark(cc, d, "target") for cc, d in elims]
    zt = _and(zs)
    xs, ys = "/".join(map(str, x)), "/".join(map(str, y))
    text = (f"ALS-XY-Wing: pivot C = {c.name()} ({house_name(c.house)}) is linked to A = {a.name()} by "
            f"{xs} and to B = {b.name()} by {ys}. If neither A nor B held {zt} in a target, A would be "
            f"locked and take {xs} from C, C would be locked and take {ys} from B, and B would be locked "
            f"with {zt}: a contradiction; so {zt} is in A or B: {_elim_text(elims)}.")
    extra = _als_extra([a, b, c])
    extra.update({"rc": [x, y]})
    links = [_rc_link(a, c, d) for d in x] + [_rc_link(c, b, d) for d in y]
    return Step("als-xy-wing", "ALS-XY-Wing", eliminations=elims, highlights=marks, links=links, text=text,
                extra=extra)


@technique("als-xy-wing", "ALS-XY-Wing", family="als", level=6.4, codes=("0902",),
           aliases=("almost locked set xy-wing", "als xy wing", "axy", "als-xy"),
           options=("als_overlap",))
def als_xy_wing(board: Board, options: Options = DEFAULT) -> Iterator[Step]:
    """Two ALSs each linked to a pivot ALS by different digits: a digit they share is in one."""
    return _als_xy_wing(board, options.als_overlap)


# --------------------------------------------------------------- ALS-XY-Chain
def _targets(board: Board, an: Analysis) -> tuple[list[list[int]], dict[int, list[int]]]:
    """Per ALS and digit, the candidates a chain or wing ending there could remove
    (cells outside seeing all its copies), and per (digit, cell) the ALSs that reach it."""
    dc = board.digit_cells
    reach: list[list[int]] = []
    by_target: dict[int, list[int]] = {}
    for i, a in enumerate(an.alses):
        row = [0] * 10
        for d in digits_of(a.digits):
            t = a.buddies[d] & dc[d]
            row[d] = t
            for c in iter_bits(t):
                by_target.setdefault(d * 81 + c, []).append(i)
        reach.append(row)
    return reach, by_target


def _als_xy_chain(board: Board, overlap: bool, max_als: int | None = None) -> Iterator[Step]:
    """Chains of four or more ALSs linked by restricted commons, consecutive links on
    different digits; a digit common to both ends and used by neither end link is removed
    from the cells seeing all its copies in both ends.

    Breadth-first search from each start ALS and first link digit, over states "ALS k
    entered by digit d" kept as bits k*9+d-1 of one big int, so a whole level moves with a
    few big-int operations. A link with two digits offers each digit as the one used (if
    both were forced out of the next ALS it would be left with too few digits, which is a
    contradiction too, so the step stays sound). Only the shortest chain per set of
    eliminations is reported.
    """
    limit = max_als or MAX_CHAIN_ALS
    an = _analysis(board, overlap)
    alses, rcs = an.alses, an.rcs
    n = len(alses)
    if n < 4:
        return
    reach, by_target = _targets(board, an)
    out_mask = [0] * n  # states reachable in one link from ALS j (any entry digit)
    for j in range(n):
        m = 0
        for k, rc in rcs[j]:
            m |= rc << (9 * k)
        out_mask[j] = m
    digit_states = [0] * 10
    for d in range(1, 10):
        pattern = 0
        for k in range(n):
            pattern |= 1 << (9 * k + d - 1)
        digit_states[d] = pattern
    best: dict[tuple[tuple[int, int], ...], tuple[int, list[int], list[int]]] = {}
    for start in range(n):
        first_als = alses[start]
        partners = 0
        sv = 0
        for z in digits_of(first_als.digits):
            for c in iter_bits(reach[start][z]):
                for k in by_target[z * 81 + c]:
                    if k != start:
                        partners |= 0x1FF << (9 * k)
                        sv |= 1 << (z - 1)
        if not partners:
            continue
        not_start = ~(0x1FF << (9 * start))
        for f in digits_of(first_als.digits):
            fbit = 1 << (f - 1)
            if not sv & ~fbit:
                continue
            frontier = out_mask[start] & digit_states[f] & not_start
            if not frontier:
                continue
            levels = [frontier]
            visited = frontier
            for links in range(2, limit):
                nxt = 0
                for st in iter_bits(frontier):
                    j, d0 = divmod(st, 9)
                    nxt |= out_mask[j] & ~digit_states[d0 + 1]
                nxt &= not_start & ~visited
                if not nxt:
                    break
                visited |= nxt
                levels.append(nxt)
                frontier = nxt
                if links >= 3:
                    for st in iter_bits(nxt & partners):
                        k, d0 = divmod(st, 9)
                        zs = sv & ~fbit & ~(1 << d0) & alses[k].digits
                        elims = []
                        for z in digits_of(zs):
                            t = reach[start][z] & reach[k][z] & ~alses[k].cells
                            elims += [(c, z) for c in iter_bits(t)]
                        if not elims:
                            continue
                        key = tuple(_sorted(elims))
                        old = best.get(key)
                        if old is not None and old[0] <= links + 1:
                            continue
                        path = _chain_path(levels, out_mask, start, st)
                        if path is not None:
                            best[key] = (links + 1, path[0], path[1])
    for key, (_, idxs, used_links) in sorted(best.items(), key=lambda kv: (kv[1][0], kv[0])):
        yield _chain_step(board, [alses[k] for k in idxs], used_links, list(key))


def _chain_path(levels: list[int], out_mask: list[int], start: int, end_state: int
                ) -> tuple[list[int], list[int]] | None:
    """ALS indices and link digit masks from ``start`` to ``end_state`` (found on the last
    level), walking back level by level; None if an ALS would appear twice."""
    idxs = [end_state // 9]
    links = [1 << (end_state % 9)]
    st = end_state
    for lvl in range(len(levels) - 2, -1, -1):
        d_here = st % 9
        for p in iter_bits(levels[lvl]):
            j, d0 = divmod(p, 9)
            if d0 != d_here and out_mask[j] >> st & 1:
                break
        else:
            return None
        idxs.append(j)
        links.append(1 << d0)
        st = p
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
           aliases=("almost locked set chain", "als chain", "als xy chain", "ach"),
           options=("als_overlap",))
def als_xy_chain(board: Board, options: Options = DEFAULT) -> Iterator[Step]:
    """Four or more ALSs linked by restricted commons: a digit shared by both ends is in one."""
    return _als_xy_chain(board, options.als_overlap)


# --------------------------------------------------------------- Death Blossom
def _death_blossom(board: Board, overlap: bool) -> Iterator[Step]:
    an = _analysis(board, overlap)
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
        for chosen in _petal_choices(alses, per, stem, stem_digits, cands[stem], overlap):
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
                   stem_mask: int, overlap: bool) -> Iterator[list[int]]:
    """One petal per stem digit, disjoint unless overlap is allowed, sharing a non-stem digit."""
    chosen: list[int] = []

    def grow(k: int, common: int, used_cells: int) -> Iterator[list[int]]:
        if k == len(stem_digits):
            yield chosen[:]
            return
        for i in per[stem_digits[k]]:
            a = alses[i]
            if (a.cells & used_cells and not overlap) or a.cells >> stem & 1:
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
           aliases=("db", "als death blossom"),
           options=("als_overlap",))
def death_blossom(board: Board, options: Options = DEFAULT) -> Iterator[Step]:
    """A stem cell whose every digit has a petal ALS: a digit common to all petals is in one."""
    return _death_blossom(board, options.als_overlap)


__all__ = ["MAX_CHAIN_ALS", "Als", "HOUSE_MASK"]
