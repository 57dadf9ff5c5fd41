"""SE's producers below the chains, each yielding `Step`s in SE's own scan order.

Each producer reads a `Board` and yields steps; the SE policy takes the first
step of the first producer that yields one. Every step carries its SE rating in
``extra["se_difficulty"]``. The scan orders are SE's (its houses are blocks, rows
and columns in the orders of the table below), not the package's.

Four rules also serve inside SE's nested chains (pointing/claiming, hidden and
naked pairs, X-Wing): their searches yield bare findings, which the producers
turn into steps and the chains turn into implications, together with SE's "rule
parents": the candidates, switched off earlier in a chain, without which the
pattern would not exist.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from functools import cache

from ..board import Board
from ..geometry import (
    BOXES,
    CELL_BOX,
    CELL_COL,
    CELL_HOUSE_BITS,
    CELL_ROW,
    COLS,
    HOUSE_MASK,
    HOUSES,
    PEER_MASK,
    POPCOUNT9,
    ROWS,
    cell_name,
    house_name,
    iter_bits,
)
from ..step import Mark, Step

Producer = Callable[[Board], Iterator[Step]]
# (cell, 9-bit mask) pairs: what a finding removes, in SE's order.
Removals = list[tuple[int, int]]

# SE's scan orders over the package's house numbers (rows 0-8, columns 9-17, boxes 18-26).
SINGLES_ORDER = BOXES + COLS + ROWS  # hidden singles, hidden and naked sets
LOCKING_ORDER = tuple(  # (house the digit is confined in, house it is removed from)
    (h1, h2)
    for kinds in ((BOXES, COLS), (BOXES, ROWS), (COLS, BOXES), (ROWS, BOXES))
    for h1 in kinds[0]
    for h2 in kinds[1]
    if HOUSE_MASK[h1] & HOUSE_MASK[h2]
)
# `LOCKING_ORDER` grouped: (confining houses, per cell its crossing house of the other kind).
_LOCKING_GROUPS = (
    (BOXES, tuple(9 + CELL_COL[c] for c in range(81))),
    (BOXES, tuple(CELL_ROW[c] for c in range(81))),
    (COLS, tuple(18 + CELL_BOX[c] for c in range(81))),
    (ROWS, tuple(18 + CELL_BOX[c] for c in range(81))),
)
FISH_ORDER = ((COLS, ROWS), (ROWS, COLS))  # (base houses, cover houses)
HOUSES_OF_KIND = (ROWS, COLS, BOXES)  # by geometry's house kind (house // 9)
# A cell's block, row and column: the order in which SE's chains and loops visit its houses.
CELL_HOUSES_SE = tuple((18 + CELL_BOX[c], CELL_ROW[c], 9 + CELL_COL[c]) for c in range(81))
DIGITS_OF: tuple[tuple[int, ...], ...] = tuple(tuple(d + 1 for d in range(9) if m >> d & 1) for m in range(512))


@cache
def combinations(n: int, k: int) -> tuple[tuple[int, ...], ...]:
    """k-subsets of range(n) in SE's permutation order (increasing bit pattern)."""
    return tuple(sorted(itertools.combinations(range(n), k), key=lambda t: t[::-1]))


class _Quiet:
    """The last grid in which a producer found nothing, to scan only what changed since.

    SE's path mostly moves on by a step or two, and most producers find nothing at most
    positions. A house-local producer (hidden and naked sets: a house's sets read only its
    cells) or a digit-local one (fish, locking: they read only the digit's places) finds in
    the next grid only what a changed house or digit holds, in the same order, since the
    others still hold nothing. Any candidate or value coming back (another grid) means a
    full scan. Each producer keeps its own; it is set only when a full run yielded nothing.
    """

    __slots__ = ("last", "now")

    def __init__(self) -> None:
        self.last: list[int] | None = None
        self.now: list[int] | None = None  # the grid being scanned, per cell cands | value << 9

    def changed(self, board: Board) -> tuple[int, int]:
        """(houses, digits) to scan, as 27-bit and 9-bit masks; forgets the last grid."""
        last, self.last = self.last, None
        self.now = now = [m | v << 9 for m, v in zip(board.cands, board.values)] if len(board.cands) == 81 else None
        if last is None or now is None:
            return -1, -1
        if now == last:
            return 0, 0
        houses = digits = 0
        for c, (is_, was) in enumerate(zip(now, last)):
            if is_ != was:
                if is_ & ~was & 511 or was >> 9:  # a candidate back, a value changed
                    return -1, -1
                houses |= CELL_HOUSE_BITS[c]
                digits |= was & ~is_
        return houses, digits

    def nothing(self) -> None:
        """Remember the grid `changed` last saw as one where the producer found nothing."""
        self.last = self.now


HOUSES_CHANGED, DIGITS_CHANGED = 0, 1  # which part of `_Quiet.changed` a producer reads


def _quietly(steps: Callable[[Board, int], Iterator[Step]], part: int) -> Producer:
    """A producer whose ``steps(board, mask)`` scans only the houses or digits (``part``) that
    changed since a grid where it found nothing (`_Quiet`), and the whole grid otherwise."""
    quiet = _Quiet()

    def produce(board: Board) -> Iterator[Step]:
        found = False
        for step in steps(board, quiet.changed(board)[part]):
            found = True
            yield step
        if not found:
            quiet.nothing()

    return produce


def se_step(technique: str, name: str, difficulty: float, *, placement: tuple[int, int] | None = None,
            removals: Removals = (), cells: list[int] | tuple[int, ...] = (), text: str = "",
            **extra: object) -> Step:
    """A step of an SE producer: a placement or eliminations, the pattern's cells, the SE rating."""
    placements = [placement] if placement is not None else []
    eliminations = [] if placements else [(c, d) for c, m in removals for d in DIGITS_OF[m]]
    marks = [Mark(c, 0, "base") for c in cells]
    marks += [Mark(c, d, "target") for c, d in eliminations]
    return Step(technique, name, placements=placements, eliminations=eliminations, highlights=marks,
                text=text, extra={"se_difficulty": round(difficulty, 1), "se_name": name, **extra})


def difficulty(step: Step) -> float:
    """The SE rating of a step of an SE producer."""
    return step.extra["se_difficulty"]


# ------------------------------------------------------------------ singles
def hidden_single(board: Board) -> Iterator[Step]:
    """Full houses first (block, column, row), then hidden singles in the same order."""
    cands = board.cands
    single: list[int] = []  # per house of SINGLES_ORDER, the digits with one place (9-bit), from pass 1
    for alone in (True, False):
        for i, h in enumerate(SINGLES_ORDER):
            if alone:  # 9-bit candidate masks: cheap in Pyodide, unlike 81-bit digit masks
                once = twice = 0
                for c in HOUSES[h]:
                    m = cands[c]
                    twice |= once & m
                    once |= m
                single.append(once & ~twice)
            if not single[i]:
                continue
            is_alone = (board.unsolved & HOUSE_MASK[h]).bit_count() == 1
            if is_alone != alone:
                continue
            for v in DIGITS_OF[single[i]]:
                bit = 1 << (v - 1)
                for cell in HOUSES[h]:
                    if cands[cell] & bit:
                        break
                if is_alone:
                    tid, diff, name = "full-house", 1.0, "Full House"
                else:
                    tid, diff, name = "hidden-single", 1.2 if h >= 18 else 1.5, "Hidden Single"
                yield se_step(tid, name, diff, placement=(cell, v),
                              text=f"{name}: {cell_name(cell)}={v}, the only place for {v} in "
                                   f"{house_name(h)}.")


def naked_single(board: Board) -> Iterator[Step]:
    cands = board.cands
    for c in range(81):
        m = cands[c]
        if m and m & (m - 1) == 0:
            v = m.bit_length()
            yield se_step("naked-single", "Naked Single", 2.3, placement=(c, v),
                          text=f"Naked Single: {cell_name(c)}={v}, its only candidate.")


# ---------------------------------------------------------- intersections
def find_locking(board: Board, digits: int = -1) -> Iterator[tuple[int, int, int, int, int]]:
    """SE's Locking search: (confining house, crossing house, digit, its places, what goes), in
    the order of `LOCKING_ORDER` then digit (of ``digits``, a 9-bit mask). Two or more places
    of a digit lie in at most one crossing house of a kind, the house of any of them, so each
    (house, digit) is one test."""
    dc = board.digit_cells
    scan = DIGITS_OF[digits & 511]
    for h1s, house_of in _LOCKING_GROUPS:
        for h1 in h1s:
            m1 = HOUSE_MASK[h1]
            found: list[tuple[int, int, int]] = []
            for v in scan:
                pos = dc[v] & m1
                if pos & (pos - 1) == 0:
                    continue
                h2 = house_of[(pos & -pos).bit_length() - 1]
                if not pos & ~HOUSE_MASK[h2]:
                    found.append((h2, v, pos))
            if len(found) > 1:
                found.sort()  # crossing houses in order (ascending numbers), then digits
            for h2, v, pos in found:
                yield h1, h2, v, pos, dc[v] & HOUSE_MASK[h2] & ~m1


def locking_parents(h1: int, h2: int, v: int, src: Board, cur: Board) -> list[tuple[int, int]]:
    """Rule parents of a locking: the digit's places in the confining house gone since ``src``."""
    gone = src.digit_cells[v] & ~cur.digit_cells[v] & HOUSE_MASK[h1] & ~HOUSE_MASK[h2]
    return [(c, v) for c in iter_bits(gone)]


def _lock_words(h1: int, h2: int, v: int) -> tuple[str, str]:
    name = "Pointing" if h1 >= 18 else "Claiming"
    return name, f"in {house_name(h1)} {v} lies only in {house_name(h2)}"


def _direct_locking_steps(board: Board, digits: int) -> Iterator[Step]:
    """Direct Pointing / Claiming: a locking that leaves a hidden single in a parallel house."""
    dc = board.digit_cells
    for h1, h2, v, _pos, removable in find_locking(board, digits):
        m2 = HOUSE_MASK[h2]
        for h3 in HOUSES_OF_KIND[h1 // 9]:
            if h3 == h1 or not HOUSE_MASK[h3] & m2:
                continue
            pos3 = dc[v] & HOUSE_MASK[h3]
            if pos3.bit_count() > 1:
                rest = pos3 & ~m2
                if rest and rest & (rest - 1) == 0:
                    hcell = rest.bit_length() - 1
                    kind, why = _lock_words(h1, h2, v)
                    pointing = kind == "Pointing"
                    name = f"Direct {kind}"
                    yield se_step("se-direct-pointing" if pointing else "se-direct-claiming", name,
                                  1.7 if pointing else 1.9, placement=(hcell, v),
                                  removals=[(c, 1 << (v - 1)) for c in iter_bits(removable)],
                                  text=f"{name}: {why}, so {house_name(h3)} has one place left for {v}: "
                                       f"{cell_name(hcell)}={v}.")


def _locking_steps(board: Board, digits: int) -> Iterator[Step]:
    for h1, h2, v, pos, removable in find_locking(board, digits):
        if removable:
            name, why = _lock_words(h1, h2, v)
            yield se_step("locked-candidates-1" if name == "Pointing" else "locked-candidates-2", name,
                          2.6 if name == "Pointing" else 2.8,
                          removals=[(c, 1 << (v - 1)) for c in iter_bits(removable)], cells=list(iter_bits(pos)),
                          text=f"{name}: {why}, so {v} is removed from the rest of {house_name(h2)}.", digit=v)


def direct_locking() -> Producer:
    """SE's Direct Pointing / Claiming producer, with its own `_Quiet` tracker."""
    return _quietly(_direct_locking_steps, DIGITS_CHANGED)


def locking() -> Producer:
    """SE's Pointing & Claiming producer, with its own `_Quiet` tracker."""
    return _quietly(_locking_steps, DIGITS_CHANGED)


# ------------------------------------------------------------ hidden sets
_SET_NAMES = {2: "Pair", 3: "Triplet", 4: "Quad"}
_SET_IDS = {2: "pair", 3: "triple", 4: "quadruple"}


def find_hidden_sets(board: Board, degree: int, direct: bool, houses: int = -1
                     ) -> Iterator[tuple[int, tuple[int, ...], int]]:
    """SE's hidden set search: (house, values, their cells) for every hidden set in SE's order
    (in the houses of ``houses``, a 27-bit mask)."""
    dc = board.digit_cells
    cands = board.cands
    for h in SINGLES_ORDER:
        if not houses >> h & 1:
            continue
        hm = HOUSE_MASK[h]
        empties = (board.unsolved & hm).bit_count()
        if not (empties > degree * 2 or (direct and empties > degree)):
            continue
        # Only digits with 1..degree places can be in a set; the combinations of those come in
        # the same (SE's) order as the combinations of all nine that hold no other digit. Each
        # digit's places are a 9-bit mask by position in the house: small ints, which Pyodide
        # handles as fast as CPython.
        pos = [0] * 9
        for k, c in enumerate(HOUSES[h]):
            for d in DIGITS_OF[cands[c]]:
                pos[d - 1] |= 1 << k
        digits = []
        places = []
        for v in range(1, 10):
            p = pos[v - 1]
            if p and POPCOUNT9[p] <= degree:
                digits.append(v)
                places.append(p)
        if len(digits) < degree:
            continue
        for combo in combinations(len(digits), degree):
            union = 0
            for i in combo:
                union |= places[i]
            if POPCOUNT9[union] == degree:
                cells = 0
                for i in combo:
                    cells |= dc[digits[i]] & hm
                yield h, tuple(digits[i] for i in combo), cells


def hidden_removals(board: Board, values: tuple[int, ...], union: int) -> Removals:
    vmask = sum(1 << (v - 1) for v in values)
    return [(c, board.cands[c] & ~vmask) for c in iter_bits(union) if board.cands[c] & ~vmask]


def hidden_set_parents(h: int, values: tuple[int, ...], union: int, src: Board, cur: Board
                       ) -> list[tuple[int, int]]:
    """Rule parents of a hidden set: the values' other places in the house gone since ``src``."""
    outside = HOUSE_MASK[h] & ~union
    out = []
    for c in HOUSES[h]:
        if outside >> c & 1:
            for v in values:
                if src.cands[c] >> (v - 1) & 1 and not cur.cands[c] >> (v - 1) & 1:
                    out.append((c, v))
    return out


def hidden_set(degree: int, direct: bool) -> Producer:
    word = _SET_NAMES[degree]

    def steps(board: Board, houses: int) -> Iterator[Step]:
        dc = board.digit_cells
        for h, values, union in find_hidden_sets(board, degree, direct, houses):
            cells_txt = ",".join(cell_name(c) for c in iter_bits(union))
            removals = hidden_removals(board, values, union)
            if direct:
                for v in range(1, 10):
                    if v in values:
                        continue
                    p = dc[v] & HOUSE_MASK[h]
                    if p.bit_count() > 1:
                        rest = p & ~union
                        if rest and rest & (rest - 1) == 0:
                            hc = rest.bit_length() - 1
                            yield se_step(f"se-direct-hidden-{_SET_IDS[degree]}", f"Direct Hidden {word}",
                                          {2: 2.0, 3: 2.5, 4: 4.3}[degree], placement=(hc, v), removals=removals,
                                          text=f"Direct Hidden {word}: {values} only in {cells_txt} of "
                                               f"{house_name(h)}, so {cell_name(hc)}={v}.")
                            break
            elif removals:
                yield se_step(f"hidden-{_SET_IDS[degree]}", f"Hidden {word}", {2: 3.4, 3: 4.0, 4: 5.4}[degree],
                              removals=removals, cells=list(iter_bits(union)),
                              text=f"Hidden {word}: {values} only in {cells_txt} of {house_name(h)}; other "
                                   f"candidates removed there.", size=degree)

    return _quietly(steps, HOUSES_CHANGED)


# ------------------------------------------------------------- naked sets
def find_naked_sets(board: Board, degree: int, houses: int = -1
                    ) -> Iterator[tuple[int, tuple[int, ...], int, Removals]]:
    """SE's naked set search: (house, cells, their values, what goes) for each set that removes
    something (in the houses of ``houses``, a 27-bit mask)."""
    cands = board.cands
    for h in SINGLES_ORDER:
        if not houses >> h & 1:
            continue
        rc = HOUSES[h]
        if (board.unsolved & HOUSE_MASK[h]).bit_count() <= degree:
            continue
        # Only cells with 1..degree candidates can be in a set: the same sets in the same order.
        small = [i for i in range(9) if 0 < cands[rc[i]].bit_count() <= degree]
        for pick in combinations(len(small), degree):
            combo = [small[k] for k in pick]
            union = 0
            for i in combo:
                union |= cands[rc[i]]
            if union.bit_count() == degree:
                cells = tuple(rc[i] for i in combo)
                removals = [(c, cands[c] & union) for c in rc if c not in cells and cands[c] & union]
                if removals:
                    yield h, cells, union, removals


def naked_set_parents(cells: tuple[int, ...], vmask: int, src: Board, cur: Board) -> list[tuple[int, int]]:
    """Rule parents of a naked set: the cells' other candidates gone since ``src``."""
    return [(c, v) for c in cells for v in DIGITS_OF[src.cands[c] & ~cur.cands[c] & ~vmask]]


def naked_set(degree: int) -> Producer:
    word = _SET_NAMES[degree]

    def steps(board: Board, houses: int) -> Iterator[Step]:
        for h, cells, union, removals in find_naked_sets(board, degree, houses):
            yield se_step(f"naked-{_SET_IDS[degree]}", f"Naked {word}", {2: 3.0, 3: 3.6, 4: 5.0}[degree],
                          removals=removals, cells=cells,
                          text=f"Naked {word}: {','.join(cell_name(c) for c in cells)} hold only "
                               f"{DIGITS_OF[union]} in {house_name(h)}.", size=degree)

    return _quietly(steps, HOUSES_CHANGED)


# ------------------------------------------------------------------- fish
def find_fish(board: Board, degree: int, digits: int = -1
              ) -> Iterator[tuple[tuple[int, ...], tuple[int, ...], int, int, int]]:
    """SE's fish search: (base houses, cover houses, cover cells, digit, what goes), for the
    digits of ``digits`` (a 9-bit mask)."""
    scan = DIGITS_OF[digits & 511]
    for base_kind, cover_kind in FISH_ORDER:
        cover_of = CELL_ROW if cover_kind is ROWS else CELL_COL
        for v in scan:
            dc = board.digit_cells[v]
            idx = []  # base houses with 2..degree places
            lines = []  # per base house, the cover houses of its places (bit per cover index)
            for h in base_kind:
                pos = dc & HOUSE_MASK[h]
                if 2 <= pos.bit_count() <= degree:
                    idx.append(h)
                    line = 0
                    for c in iter_bits(pos):
                        line |= 1 << cover_of[c]
                    lines.append(line)
            if len(idx) < degree:
                continue
            for combo in combinations(len(idx), degree):
                covers = 0
                for i in combo:
                    covers |= lines[i]
                if covers.bit_count() != degree:
                    continue
                bases = tuple(idx[i] for i in combo)
                base_mask = 0
                for b in bases:
                    base_mask |= HOUSE_MASK[b]
                cover_houses = tuple(cover_kind[k] for k in iter_bits(covers))
                cover_mask = 0
                for k in cover_houses:
                    cover_mask |= HOUSE_MASK[k]
                rem = dc & cover_mask & ~base_mask
                if rem:
                    yield bases, cover_houses, cover_mask, v, rem


def fish_parents(bases: tuple[int, ...], cover_mask: int, v: int, src: Board, cur: Board) -> list[tuple[int, int]]:
    """Rule parents of a fish: the digit's places in each base outside the covers gone since ``src``."""
    out = []
    gone = src.digit_cells[v] & ~cur.digit_cells[v] & ~cover_mask
    for b in bases:
        out += [(c, v) for c in iter_bits(gone & HOUSE_MASK[b])]
    return out


_FISH = {2: ("X-Wing", "x-wing", 3.2), 3: ("Swordfish", "swordfish", 3.8), 4: ("Jellyfish", "jellyfish", 5.2)}


def fisherman(degree: int) -> Producer:
    name, tid, rating = _FISH[degree]

    def steps(board: Board, digits: int) -> Iterator[Step]:
        for bases, covers, _mask, v, rem in find_fish(board, degree, digits):
            yield se_step(tid, name, rating, removals=[(c, 1 << (v - 1)) for c in iter_bits(rem)],
                          text=f"{name} on {v}: base {', '.join(house_name(b) for b in bases)}; cover "
                               f"{', '.join(house_name(k) for k in covers)}.", digit=v, size=degree)

    return _quietly(steps, DIGITS_CHANGED)


# ------------------------------------------------------------------ wings
def xy_wing(xyz: bool) -> Producer:
    name = "XYZ-Wing" if xyz else "XY-Wing"

    def produce(board: Board) -> Iterator[Step]:
        cands = board.cands
        for pivot in range(81):
            pm = cands[pivot]
            if pm.bit_count() != (3 if xyz else 2):
                continue
            wings = [c for c in iter_bits(PEER_MASK[pivot]) if cands[c].bit_count() == 2]
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
                    see = PEER_MASK[w1] & PEER_MASK[w2]
                    if xyz:
                        see &= PEER_MASK[pivot]
                    rem = board.digit_cells[zd] & see & ~(1 << pivot)
                    if rem:
                        yield se_step("xyz-wing" if xyz else "xy-wing", name, 4.4 if xyz else 4.2,
                                      removals=[(c, z) for c in iter_bits(rem)], cells=(pivot, w1, w2),
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
