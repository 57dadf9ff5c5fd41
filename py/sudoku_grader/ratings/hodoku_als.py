"""HoDoKu's ALS moves as HoDoKu 2.2 finds them: ALS-XZ, ALS-XY-Wing and ALS-Chain, for the HoDoKu scale.

Why not our own ALS finders: HoDoKu takes the *first* ALS-XZ and the *first*
ALS-XY-Wing in its own enumeration order, and its ALS-Chain search only walks
forward through its ALS list, so it misses chains that a complete search finds.
Which step it applies sets its later path, so the scale has to enumerate the
same way. Facts from HoDoKu's source (solver/AlsSolver.java, Als.java,
RestrictedCommon.java, SudokuStepFinder.java), rebuilt here:

- ALSs are collected house by house (rows, columns, boxes), each house by a
  depth-first walk over its empty cells in order (at most 8 cells); a set of
  cells already found in an earlier house is not repeated. Bivalue cells count.
- Restricted commons (RCs) pair ALS ``i`` with every later ALS ``j`` that shares
  no cell: a common digit is an RC when every copy in one ALS sees every copy in
  the other. A pair keeps its first RC digit and, if there are more, its last.
- ALS-XZ: the first RC (in that order) whose two ALSs remove something: a
  common non-RC digit from cells seeing all its copies in both; a doubly linked
  pair also removes each ALS's other digits from cells seeing all their copies,
  outside the other ALS.
- ALS-XY-Wing: the first pair of RCs (list order) that join three ALSs, not
  both on the same single digit, whose outer ALSs share no cell and remove a
  common digit that is neither RC.
- ALS-Chain: from every ALS, a depth-first walk along RCs to later ALSs; each
  link's RC must differ from the previous link's (HoDoKu's actual-RC rule, a
  doubly linked first link tried once per digit); from four ALSs on, the ends
  remove common digits that are not the first or the last link's RC. One chain
  per set of removals (fewer ALS cells wins); then most removals, the smaller
  weighted index sum, fewer ALSs, fewer ALS cells.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from ..board import Board
from ..geometry import HOUSES, POPCOUNT9, cell_name, cells_name, common_peers, iter_bits
from ..step import Mark, Step
from .hodoku_tabling import index_sum

MAX_RC = 50  # AlsSolver.MAX_RC: longest chain, in links
MAX_CHAIN_NODES = 200_000  # our guard on the forward search (HoDoKu has none); see forward_chains


@dataclass
class Als:
    cells: int
    digits: int  # 9-bit mask
    per: list[int] = field(default_factory=lambda: [0] * 10)  # cells holding each digit
    buddies: list[int] = field(default_factory=lambda: [0] * 10)  # outside, seeing all copies, holding d
    size: int = 0


@dataclass
class Rc:
    a: int
    b: int
    d1: int
    d2: int = 0


def collect(board: Board) -> list[Als]:
    """HoDoKu's ALS list, in its order."""
    out: list[Als] = []
    seen: set[int] = set()
    for house in HOUSES:
        _walk_house(board, house, 0, 0, 0, 0, seen, out)
    dc = board.digit_cells
    for a in out:
        for d in range(1, 10):
            if a.digits >> (d - 1) & 1:
                p = a.cells & dc[d]
                a.per[d] = p
                a.buddies[d] = common_peers(p) & ~a.cells & dc[d]
    return out


def _walk_house(board: Board, house: tuple[int, ...], k: int, start: int, mask: int, digits: int,
                seen: set[int], out: list[Als]) -> None:
    """Depth-first over the house's empty cells in order, as HoDoKu's checkAlsRecursive."""
    k += 1
    if k > 8:
        return
    for i in range(start, 9):
        c = house[i]
        if board.values[c]:
            continue
        m = mask | 1 << c
        ds = digits | board.cands[c]
        if POPCOUNT9[ds] - k == 1 and m not in seen:
            seen.add(m)
            out.append(Als(m, ds, size=k))
        _walk_house(board, house, k, i + 1, m, ds, seen, out)


def restricted_commons(board: Board, alses: list[Als]) -> tuple[list[Rc], list[int], list[int]]:
    """HoDoKu's forward RC list, with each ALS's first and past-last RC index."""
    dc = board.digit_cells
    n = len(alses)
    by_cell = [0] * 81
    has = [0] * 10
    for j, a in enumerate(alses):
        for c in iter_bits(a.cells):
            by_cell[c] |= 1 << j
        for d in range(1, 10):
            if a.digits >> (d - 1) & 1:
                has[d] |= 1 << j
    # ALSs with digit d in a cell, for the "a copy outside the seen area" test
    with_d = [[0] * 81 for _ in range(10)]
    for j, a in enumerate(alses):
        for d in range(1, 10):
            for c in iter_bits(a.per[d]):
                with_d[d][c] |= 1 << j
    rcs: list[Rc] = []
    first = [0] * n
    last = [0] * n
    for i, a in enumerate(alses):
        first[i] = len(rcs)
        later = ~((1 << (i + 1)) - 1)
        overlap = 0
        for c in iter_bits(a.cells):
            overlap |= by_cell[c]
        pair: dict[int, list[int]] = {}
        for d in range(1, 10):
            if not a.digits >> (d - 1) & 1:
                continue
            bad = 0  # ALSs with a copy of d that does not see every copy of d in this one
            for c in iter_bits(dc[d] & ~common_peers(a.per[d])):
                bad |= with_d[d][c]
            ok = has[d] & later & ~overlap & ~bad
            for j in iter_bits(ok):
                pair.setdefault(j, []).append(d)
        for j in sorted(pair):
            ds = pair[j]
            rcs.append(Rc(i, j, ds[0], ds[-1] if len(ds) > 1 else 0))
        last[i] = len(rcs)
    return rcs, first, last


@dataclass
class AlsTables:
    """One position's ALS list and RC list, which all three moves read (and none changes)."""

    alses: list[Als]
    rcs: list[Rc]
    first: list[int]  # per ALS, the index of its first RC
    last: list[int]  # per ALS, past its last RC


def tables(board: Board) -> AlsTables:
    """HoDoKu's ALS list and forward RC list for this position."""
    alses = collect(board)
    return AlsTables(alses, *restricted_commons(board, alses))


def _removals(a: Als, b: Als, rc_digits: tuple[int, ...]) -> list[tuple[int, int]]:
    """HoDoKu's checkCandidatesToDelete: common non-RC digits seen in both ALSs."""
    common = a.digits & b.digits
    for d in rc_digits:
        if d:
            common &= ~(1 << (d - 1))
    out = []
    for d in range(1, 10):
        if common >> (d - 1) & 1:
            out += [(c, d) for c in iter_bits(a.buddies[d] & b.buddies[d])]
    return out


def _doubly(a: Als, b: Als, d1: int, d2: int) -> list[tuple[int, int]]:
    rest = a.digits & ~(1 << (d1 - 1)) & ~(1 << (d2 - 1))
    out = []
    for d in range(1, 10):
        if rest >> (d - 1) & 1:
            out += [(c, d) for c in iter_bits(a.buddies[d] & ~b.cells)]
    return out


def _unique(elims: list[tuple[int, int]]) -> list[tuple[int, int]]:
    return sorted(set(elims), key=lambda e: (e[1], e[0]))


# ------------------------------------------------------------------------------------ the three moves
def als_xz(board: Board, known: AlsTables | None = None) -> Step | None:
    """HoDoKu's ALS-XZ: the first one in its order. ``known``: this position's `tables`, if made."""
    return next(iter_als_xz(board, known), None)


def als_xy_wing(board: Board, known: AlsTables | None = None) -> Step | None:
    """HoDoKu's ALS-XY-Wing: the first one in its order."""
    return next(iter_als_xy_wing(board, known), None)


def iter_als_xz(board: Board, known: AlsTables | None = None) -> Iterator[Step]:
    """Every ALS-XZ in HoDoKu's order (RC list order)."""
    t = known or tables(board)
    alses, rcs = t.alses, t.rcs
    for rc in rcs:
        a, b = alses[rc.a], alses[rc.b]
        elims = _removals(a, b, (rc.d1,))
        if rc.d2:
            elims += _removals(a, b, (rc.d2,))
            elims += _doubly(a, b, rc.d1, rc.d2) + _doubly(b, a, rc.d1, rc.d2)
        if elims:
            # in HoDoKu's deletion order (its singles queues follow it), each removal once
            yield _step(board, "als-xz", "Almost Locked Set XZ-Rule", [a, b], [rc], list(dict.fromkeys(elims)))


def iter_als_xy_wing(board: Board, known: AlsTables | None = None) -> Iterator[Step]:
    """Every ALS-XY-Wing in HoDoKu's order (pairs of RCs in list order)."""
    t = known or tables(board)
    alses, rcs = t.alses, t.rcs
    touching: list[list[int]] = [[] for _ in alses]
    for k, rc in enumerate(rcs):
        touching[rc.a].append(k)
        touching[rc.b].append(k)
    for i, r1 in enumerate(rcs):
        later = sorted({k for k in touching[r1.a] + touching[r1.b] if k > i})
        for j in later:
            r2 = rcs[j]
            if r1.d2 == 0 and r2.d2 == 0 and r1.d1 == r2.d1:
                continue
            abc = _wing(r1, r2)
            if abc is None:
                continue
            a, b, c = (alses[x] for x in abc)
            if a.cells & b.cells:
                continue
            union = a.cells | b.cells
            if union in (a.cells, b.cells):
                continue
            elims = _removals(a, b, (r1.d1, r1.d2, r2.d1, r2.d2))
            if elims:
                yield _step(board, "als-xy-wing", "Almost Locked Set XY-Wing", [a, b, c], [r1, r2],
                            _unique(elims))


def _wing(r1: Rc, r2: Rc) -> tuple[int, int, int] | None:
    """(A, B, C) of two RCs joining three ALSs, C shared; HoDoKu's own order of the four cases."""
    if not ((r1.a == r2.a and r1.b != r2.b) or (r1.b == r2.a and r1.a != r2.b)
            or (r1.a == r2.b and r1.b != r2.a) or (r1.b == r2.b and r1.a != r2.a)):
        return None
    out = None
    if r1.a == r2.a:
        out = (r1.b, r2.b, r1.a)
    if r1.a == r2.b:
        out = (r1.b, r2.a, r1.a)
    if r1.b == r2.a:
        out = (r1.a, r2.b, r1.b)
    if r1.b == r2.b:
        out = (r1.a, r2.a, r1.b)
    return out


def _check_rc(rc: Rc, last: tuple[int, int, int] | None, first_try: bool) -> int:
    """HoDoKu's RestrictedCommon.checkRC: which of this link's digits stay usable (0: none)."""
    if last is None:
        return (1 if first_try else 2) if rc.d2 else 1
    actual, p1, p2 = last
    if actual == 1:
        return _check_int(p1, 0, rc.d1, rc.d2)
    if actual == 2:
        return _check_int(p2, 0, rc.d1, rc.d2)
    if actual == 3:
        return _check_int(p1, p1, rc.d1, rc.d2)  # HoDoKu passes the first digit twice
    return 0


def _check_int(c11: int, c12: int, c21: int, c22: int) -> int:
    if c12 == 0:
        if c22 == 0:
            return 0 if c11 == c21 else 1
        return 1 if c11 == c22 else (2 if c11 == c21 else 3)
    if c22 == 0:
        return 0 if c21 in (c11, c12) else 1
    if (c11 == c21 and c12 == c22) or (c11 == c22 and c12 == c21):
        return 0
    if c22 in (c11, c12):
        return 1
    if c21 in (c11, c12):
        return 2
    return 3


def _used(rc: Rc, actual: int) -> tuple[int, int]:
    if actual == 1:
        return rc.d1, 0
    if actual == 2:
        return rc.d2, 0
    return rc.d1, rc.d2


class _ChainSearch:
    """HoDoKu's forward ALS-Chain walk from one start ALS at a time; keeps one chain per removal set."""

    def __init__(self, board: Board, known: AlsTables | None = None) -> None:
        t = known or tables(board)
        self.alses, self.rcs, self.first, self.last = t.alses, t.rcs, t.first, t.last
        self.found: list[tuple[list[tuple[int, int]], list[int], list[Rc], int]] = []  # elims, ALSs, RCs, cells
        self.by_elims: dict[tuple[tuple[int, int], ...], int] = {}
        self.budget = MAX_CHAIN_NODES
        self.path: list[int] = []
        self.links: list[Rc] = []
        self.acts: list[int] = []

    def run(self) -> None:
        for start in range(len(self.alses)):
            self.path = [start]
            self.grow(start, None)

    def grow(self, k: int, prev: tuple[int, int, int] | None) -> None:
        if len(self.links) >= MAX_RC or self.budget <= 0:
            return
        i = self.first[k]
        first_try = True
        while i < self.last[k]:
            rc = self.rcs[i]
            actual = _check_rc(rc, prev, first_try)
            retry = prev is None and rc.d2 != 0 and first_try
            if actual and rc.b not in self.path:
                self.budget -= 1
                self.links.append(rc)
                self.acts.append(actual)
                self.path.append(rc.b)
                if len(self.links) >= 3:
                    self.check(rc, actual)
                self.grow(rc.b, (actual, rc.d1, rc.d2))
                self.path.pop()
                self.links.pop()
                self.acts.pop()
            if retry:
                first_try = False
                continue  # the same RC again with its second digit
            first_try = True
            i += 1

    def step(self, board: Board, k: int) -> Step:
        elims, ids, links, _ = self.found[k]
        return _step(board, "als-xy-chain", "Almost Locked Set Chain", [self.alses[x] for x in ids], links, elims)

    def check(self, rc: Rc, actual: int) -> None:
        f1, f2 = _used(self.links[0], self.acts[0])
        l1, l2 = _used(rc, actual)
        elims = _removals(self.alses[self.path[0]], self.alses[rc.b], (f1, f2, l1, l2))
        if not elims:
            return
        key = tuple(_unique(elims))
        ncells = sum(self.alses[x].size for x in self.path)
        entry = (list(key), list(self.path), list(self.links), ncells)
        old = self.by_elims.get(key)
        if old is None:
            self.by_elims[key] = len(self.found)
            self.found.append(entry)
        elif self.found[old][3] > ncells:
            self.found[old] = entry


def als_chain(board: Board, known: AlsTables | None = None) -> Step | None:
    """HoDoKu's ALS-Chain: its sort's first of the chains its forward search finds."""
    search = _ChainSearch(board, known)
    search.run()
    found = search.found
    if not found:
        return None
    best = min(range(len(found)), key=lambda x: (-len(found[x][0]), index_sum(found[x][0]),
                                                  len(found[x][1]), found[x][3], x))
    return search.step(board, best)


def all_als_chains(board: Board) -> list[Step]:
    """Every chain HoDoKu's forward search keeps (one per set of removals), in the order found."""
    search = _ChainSearch(board)
    search.run()
    return [search.step(board, k) for k in range(len(search.found))]


def _step(board: Board, tid: str, name: str, group: list[Als], links: list[Rc],
          elims: list[tuple[int, int]]) -> Step:
    marks = []
    for a in group:
        for c in iter_bits(a.cells):
            for d in range(1, 10):
                if board.cands[c] >> (d - 1) & 1:
                    marks.append(Mark(c, d, "als"))

    def als_name(a: Als) -> str:
        ds = "".join(str(d) for d in range(1, 10) if a.digits >> (d - 1) & 1)
        return f"{cells_name(a.cells)} {{{ds}}}"
    parts = [als_name(group[0])]
    for rc, a in zip(links, group[1:]):
        rcd = f"{rc.d1}" + (f"/{rc.d2}" if rc.d2 else "")
        parts.append(f"-{rcd}- {als_name(a)}")
    text = (f"{name} (HoDoKu's search): " + " ".join(parts) + " => "
            + ", ".join(f"{cell_name(c)}<>{d}" for c, d in elims) + ".")
    return Step(tid, name, eliminations=elims, highlights=marks, text=text,
                extra={"alses": len(group), "length": len(group)})
