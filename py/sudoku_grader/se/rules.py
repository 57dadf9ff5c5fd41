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
            removals: Sequence[tuple[int, int]] = (), cells: list[int] | tuple[int, ...] = (), text: str = "",
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
