"""HoDoKu's Remote Pair, XY-Chain and Sue de Coq searches, enumerated the way HoDoKu 2.2 does.

Why not our own finders: our Remote Pair finder reports each maximal chain once, our XY-Chain
finder one shortest chain per removal set in its own order, and our Sue de Coq finder its own
first pattern; HoDoKu takes another step in all three (for XY-Chains: among chains with as many
removals and the same weighted index sum, the one its walk met first), and a different step
changes the rest of its path. Facts from HoDoKu's source (solver/ChainSolver.java,
solver/MiscellaneousSolver.java), rebuilt here in our terms:

- Remote Pair: a depth-first walk from every bivalue cell (cell order) and each of its two
  digits, through peers holding the same pair (row, column, then box, each in cell order; a
  box peer already in the row or column is not repeated), never revisiting a cell, at most 10
  cells. Only chains with an even number of cells (4, 6, ...) are checked, and only when some
  cell sees both ends with the start digit. Four cells remove both digits from cells seeing
  both ends; longer chains from cells seeing any two cells an odd number of steps apart. One
  chain per set of removals (the shorter wins), then the step with most removals, the
  smaller weighted index sum of its removals (digit, then cell order), the shorter chain.
- XY-Chain: the same kind of walk through bivalue cells (`_XyWalk`), sorted by HoDoKu's step
  order, which leaves chains with other removals but equal counts and sums in the order found.
- Sue de Coq: lines (rows, then columns) against boxes; in each intersection of 2 or 3 empty
  cells, every combination of 2 or 3 of its cells (cell order) holding at least two more
  digits than cells; then cell sets from the rest of the line, then from the rest of the box,
  as HoDoKu's non-recursive combination walk visits them; the first that removes something.
"""

from __future__ import annotations

from functools import cmp_to_key

from ..board import Board
from ..geometry import (
    CELL_BOX,
    CELL_COL,
    CELL_ROW,
    HOUSE_MASK,
    HOUSES,
    PEER_MASK,
    POPCOUNT9,
    cell_name,
    cells_name,
    iter_bits,
)
from ..step import Link, Mark, Step
from .hodoku_tabling import index_sum

_RP_MAX_LEVEL = 20  # Options.restrictChainLength: the chain stops growing at 20 entries (10 cells)


def _rp_links(board: Board, cell: int, pair: int) -> list[int]:
    """The peers a Remote Pair may continue to from ``cell``, in HoDoKu's link order."""
    out = []
    r, c = CELL_ROW[cell], CELL_COL[cell]
    for h in (r, 9 + c, 18 + CELL_BOX[cell]):
        for o in HOUSES[h]:
            if o == cell or board.cands[o] != pair or board.values[o]:
                continue
            if h >= 18 and (CELL_ROW[o] == r or CELL_COL[o] == c):
                continue
            out.append(o)
    return out


def _rp_elims(board: Board, path: list[int], a: int, b: int) -> list[tuple[int, int]]:
    """Removals of a Remote Pair with an even number of cells, in digit-then-cell order."""
    if len(path) == 4:
        pairs = [(path[0], path[3])]
    else:
        pairs = [(path[p], path[q]) for p in range(len(path)) for q in range(p + 3, len(path), 2)]
    seen = 0
    for p, q in pairs:
        seen |= PEER_MASK[p] & PEER_MASK[q]
    out: list[tuple[int, int]] = []
    for d in sorted((a, b)):
        out.extend((c, d) for c in iter_bits(seen & board.digit_cells[d]))
    return out


_Found = tuple[tuple[int, int, int], int, list[tuple[int, int]], list[int], int, int]


def _rp_walk(board: Board, path: list[int], a: int, b: int, start_seen: int, found: list[_Found],
             shortest: dict[tuple[tuple[int, int], ...], int]) -> None:
    """Extend the chain ``path`` (start digit ``a``) by every next cell, depth first."""
    for nxt in _rp_links(board, path[-1], board.cands[path[0]]):
        if nxt in path:
            continue  # back into the chain (a loop to the start ends the walk there too)
        path.append(nxt)
        level = 2 * len(path) - 1  # the chain's entries: two per cell
        if len(path) % 2 == 0 and level >= 7 and start_seen & PEER_MASK[nxt]:
            elims = _rp_elims(board, path, a, b)
            key = tuple(elims)
            old = shortest.get(key)
            if old is None or old > level:
                shortest[key] = level
                found.append(((-len(elims), index_sum(elims), level), len(found), elims, list(path), a, b))
        if level < _RP_MAX_LEVEL - 1:
            _rp_walk(board, path, a, b, start_seen, found, shortest)
        path.pop()


def remote_pair_step(board: Board) -> Step | None:
    """HoDoKu's Remote Pair: every even chain it checks, the first in its sort order."""
    found: list[_Found] = []
    shortest: dict[tuple[tuple[int, int], ...], int] = {}
    cells_of: dict[int, int] = {}  # each pair's bivalue cells: a chain checked needs four
    for c in iter_bits(board.unsolved):
        if POPCOUNT9[board.cands[c]] == 2:
            cells_of[board.cands[c]] = cells_of.get(board.cands[c], 0) + 1
    for start in range(81):
        pair = board.cands[start]
        if board.values[start] or POPCOUNT9[pair] != 2 or cells_of[pair] < 4:
            continue
        for a in (d + 1 for d in iter_bits(pair)):
            b = (pair ^ (1 << (a - 1))).bit_length()
            _rp_walk(board, [start], a, b, PEER_MASK[start] & board.digit_cells[a], found, shortest)
    if not found:
        return None
    _, _, elims, path, a, b = min(found, key=lambda f: (f[0], f[1]))
    marks = [Mark(c, d, "chain-on" if k % 2 == 0 else "chain-off") for k, c in enumerate(path) for d in (a, b)]
    marks += [Mark(c, d, "target") for c, d in elims]
    links = [Link(1 << p, a, 1 << q, a, strong=False) for p, q in zip(path, path[1:])]
    return Step(
        "remote-pair", "Remote Pair", eliminations=elims, highlights=marks, links=links,
        text=(f"Remote Pair {min(a, b)}/{max(a, b)}: {', '.join(cell_name(c) for c in path)} hold only these two "
              f"digits and each sees the next, so the values alternate along the chain; a cell that sees two "
              f"chain cells of opposite parity can hold neither: {cells_name(sorted({c for c, _ in elims}))}."),
        extra={"digits": sorted((a, b)), "nodes": len(path), "length": 2 * len(path) - 1},
    )


# ------------------------------------------------------------------ XY-Chain
_XyFound = tuple[list[tuple[int, int]], list[tuple[int, int, bool]]]


def _xy_links(board: Board, cell: int, digit: int) -> list[tuple[int, int, bool]]:
    """Where an XY-Chain may go from ``digit`` in the bivalue ``cell``, in HoDoKu's link order: the
    cell's other digit (strong), then the bivalue peers holding ``digit`` (weak) by row, column and
    box, each in cell order (a box peer already in the row or column is not repeated)."""
    other = (board.cands[cell] & ~(1 << (digit - 1))).bit_length()
    out = [(cell, other, True)]
    bit = 1 << (digit - 1)
    r, c = CELL_ROW[cell], CELL_COL[cell]
    for h in (r, 9 + c, 18 + CELL_BOX[cell]):
        for o in HOUSES[h]:
            if o == cell or not board.cands[o] & bit or POPCOUNT9[board.cands[o]] != 2:
                continue
            if h >= 18 and (CELL_ROW[o] == r or CELL_COL[o] == c):
                continue
            out.append((o, digit, False))
    return out


class _XyWalk:
    """HoDoKu's XY-Chain walk (ChainSolver.getChains): from every bivalue cell (cell order) and each
    of its digits, alternately the cell's other digit and a weak link to a bivalue peer, depth first,
    up to 20 chain entries. A cell may not come back (the start only closes a loop, which ends the
    walk); the cell just left is checked again once the walk has returned from it. Whenever the chain
    ends on the start digit and some cell sees both ends with it, the chain is kept unless one at
    most as long already removes the same candidates."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.links: dict[tuple[int, int], list[tuple[int, int, bool]]] = {}
        self.found: list[_XyFound] = []
        self.shortest: dict[tuple[tuple[int, int], ...], int] = {}
        self.chain: list[tuple[int, int, bool]] = []
        self.in_chain: set[int] = set()
        self.start = self.digit = self.start_seen = 0

    def link_list(self, cell: int, digit: int) -> list[tuple[int, int, bool]]:
        key = (cell, digit)
        if key not in self.links:
            self.links[key] = _xy_links(self.board, cell, digit)
        return self.links[key]

    def run(self) -> None:
        b = self.board
        for start in iter_bits(b.unsolved):
            if POPCOUNT9[b.cands[start]] != 2:
                continue
            for d in iter_bits(b.cands[start]):
                self.start, self.digit = start, d + 1
                self.start_seen = PEER_MASK[start] & b.digit_cells[d + 1]
                first = self.link_list(start, d + 1)[0]
                self.chain = [(start, d + 1, False), first]
                self.in_chain = {start}
                self.walk(1, first[0], first[1], False)

    def walk(self, level: int, cell: int, digit: int, strong_only: bool) -> None:
        for ncell, ndigit, strong in self.link_list(cell, digit):
            if strong_only and (not strong or ncell != cell):
                continue  # a strong link must stay in the cell
            if ncell == cell and ndigit == digit:
                continue
            loop = False
            if ncell in self.in_chain:
                if ncell != self.start:
                    continue
                loop = True
            self.in_chain.add(cell)
            strong = strong and strong_only  # a strong link where a weak one is needed counts as weak
            self.chain.append((ncell, ndigit, strong))
            if level + 1 > 1 and strong and ndigit == self.digit:
                seen = self.start_seen & PEER_MASK[ncell]
                if seen:
                    self.keep([(c, self.digit) for c in iter_bits(seen)], level + 1)
            if level + 1 < _RP_MAX_LEVEL and not loop:
                self.walk(level + 1, ncell, ndigit, not strong_only)
            self.chain.pop()
            self.in_chain.discard(cell)

    def keep(self, elims: list[tuple[int, int]], level: int) -> None:
        key = tuple(elims)
        old = self.shortest.get(key)
        if old is not None and old <= level:
            return
        self.shortest[key] = level
        self.found.append((elims, list(self.chain)))


def _xy_order(a: _XyFound, b: _XyFound) -> int:
    """HoDoKu's step order (SolutionStep.compareTo) for two XY-Chains: more removals first; other
    removals: the smaller weighted index sum (equal sums stay in the order found); the same
    removals: the shorter chain."""
    if len(a[0]) != len(b[0]):
        return len(b[0]) - len(a[0])
    if set(a[0]) != set(b[0]):
        return index_sum(a[0]) - index_sum(b[0])
    return len(a[1]) - len(b[1])


def xy_chain_step(board: Board) -> Step | None:
    """HoDoKu's XY-Chain: the first of its walk's chains after its (stable) sort."""
    walk = _XyWalk(board)
    walk.run()
    if not walk.found:
        return None
    elims, chain = sorted(walk.found, key=cmp_to_key(_xy_order))[0]
    cells = [c for c, _, _ in chain[1::2]]  # each cell once: the entries after each strong link
    marks = []
    for k, (c, d, _) in enumerate(chain):
        marks.append(Mark(c, d, "chain-off" if k % 2 == 0 else "chain-on"))
    marks += [Mark(c, d, "target") for c, d in elims]
    links = [Link(1 << p[0], p[1], 1 << q[0], q[1], strong=k % 2 == 0)
             for k, (p, q) in enumerate(zip(chain, chain[1:]))]
    d = elims[0][1]
    return Step(
        "xy-chain", "XY-Chain", eliminations=elims, highlights=marks, links=links,
        text=(f"XY-Chain on {d}: {', '.join(cell_name(c) for c in cells)} hold two digits each and each sees the "
              f"next through a shared digit; if {cell_name(cells[0])} is not {d}, the chain makes "
              f"{cell_name(cells[-1])} {d}, so one end is {d} and {cells_name(sorted(c for c, _ in elims))} "
              f"cannot be {d}."),
        extra={"digit": d, "nodes": len(cells), "length": len(chain) - 1},
    )


# ------------------------------------------------------------------ Sue de Coq
def _combos(cells: int, board: Board, memo: dict[int, list[tuple[int, int, int]]]) -> list[tuple[int, int, int]]:
    """Every non-empty combination of the cells in mask ``cells`` in HoDoKu's visiting order (depth
    first, each combination before its extensions): (cell mask, digit mask, size). Kept in ``memo``
    for the position: the same cell sets come back for many line sets."""
    got = memo.get(cells)
    if got is not None:
        return got
    # built from the last cell back: a cell's combinations are itself, itself joined to each later
    # combination (in their order), then the later combinations; the same order as a depth-first walk
    out: list[tuple[int, int, int]] = []
    cands = board.cands
    for c in reversed(iter_bits(cells)):
        bit, d = 1 << c, cands[c]
        out = [(bit, d, 1), *[(m | bit, ds | d, n + 1) for m, ds, n in out], *out]
    memo[cells] = out
    return out


def _sdc_in(board: Board, line: int, box: int, memo: dict[int, list[tuple[int, int, int]]]) -> Step | None:
    empty = board.unsolved
    line_cells = HOUSE_MASK[line] & empty
    box_cells = HOUSE_MASK[box] & empty
    inter = list(iter_bits(line_cells & box_cells))
    if len(inter) < 2:
        return None
    cands = board.cands
    sets: list[tuple[int, int]] = []
    for i1 in range(len(inter) - 1):
        for i2 in range(i1 + 1, len(inter)):
            two = cands[inter[i1]] | cands[inter[i2]]
            sets.append((1 << inter[i1] | 1 << inter[i2], two))
            for i3 in range(i2 + 1, len(inter)):
                sets.append((1 << inter[i1] | 1 << inter[i2] | 1 << inter[i3], two | cands[inter[i3]]))
    for i_cells, i_digits in sets:
        n_plus = POPCOUNT9[i_digits] - i_cells.bit_count()
        if n_plus < 2:
            continue
        step = _sdc_line_part(board, line_cells, box_cells, i_cells, i_digits, n_plus, memo)
        if step is not None:
            return step
    return None


def _sdc_line_part(board: Board, line_cells: int, box_cells: int, i_cells: int, i_digits: int,
                   n_plus: int, memo: dict[int, list[tuple[int, int, int]]]) -> Step | None:
    pc = POPCOUNT9
    # line sets with some intersection digit that leave room for box digits (size - extra < n_plus)
    lines = [(lc, ld, size - pc[ld & ~i_digits]) for lc, ld, size in _combos(line_cells & ~i_cells, board, memo)
             if ld & i_digits and 0 < size - pc[ld & ~i_digits] < n_plus]
    # box sets with some intersection digit, by how many cells they cover (size - extra), in order
    boxes: dict[int, dict[int, list[tuple[int, int]]]] = {}
    for l_cells, l_digits, l_cover in lines:
        forbidden = l_digits & i_digits  # the line set's intersection digits stay out of the box set
        source = box_cells & ~i_cells & ~l_cells
        by_cover = boxes.get(source)
        if by_cover is None:
            by_cover = boxes[source] = {}
            for bc, bd, size in _combos(source, board, memo):
                if bd & i_digits:
                    by_cover.setdefault(size - pc[bd & ~i_digits], []).append((bc, bd))
        for b_cells, b_digits in by_cover.get(n_plus - l_cover, ()):
            if b_digits & forbidden:
                continue
            step = _sdc_step(board, line_cells, box_cells, i_cells, i_digits, l_cells, l_digits, b_cells, b_digits)
            if step is not None:
                return step
    return None


def _sdc_step(board: Board, line_cells: int, box_cells: int, i_cells: int, i_digits: int, l_cells: int,
              l_digits: int, b_cells: int, b_digits: int) -> Step | None:
    both = b_digits & l_digits  # extra digits in both sets go from both houses
    elims: list[tuple[int, int]] = []
    for area, digits in ((box_cells & ~b_cells & ~i_cells, ((i_digits | b_digits) & ~l_digits) | both),
                         (line_cells & ~l_cells & ~i_cells, ((i_digits | l_digits) & ~b_digits) | both)):
        for c in iter_bits(area):
            for d in iter_bits(board.cands[c] & digits):
                if (c, d + 1) not in elims:  # a spare intersection cell can lie in both areas
                    elims.append((c, d + 1))
    if not elims:
        return None
    marks = [Mark(c, d + 1, "pattern") for c in iter_bits(i_cells | l_cells | b_cells)
             for d in iter_bits(board.cands[c])]
    marks += [Mark(c, d, "target") for c, d in elims]

    def ds(m: int) -> str:
        return "".join(str(d + 1) for d in iter_bits(m))

    return Step(
        "sue-de-coq", "Sue de Coq", eliminations=elims, highlights=marks,
        text=(f"Sue de Coq: {cells_name(list(iter_bits(i_cells)))} hold {{{ds(i_digits)}}}; with "
              f"{cells_name(list(iter_bits(l_cells)))} {{{ds(l_digits)}}} from the line and "
              f"{cells_name(list(iter_bits(b_cells)))} {{{ds(b_digits)}}} from the box, these cells hold as many "
              f"digits as cells, each digit confined to the line part or the box part, so the rest of the line "
              f"and of the box lose those digits."),
        extra={"cells": list(iter_bits(i_cells)), "line": list(iter_bits(l_cells)), "box": list(iter_bits(b_cells))},
    )


def sue_de_coq_step(board: Board) -> Step | None:
    """HoDoKu's first Sue de Coq: rows against boxes, then columns against boxes."""
    memo: dict[int, list[tuple[int, int, int]]] = {}
    for lines in (range(9), range(9, 18)):
        for line in lines:
            for box in range(18, 27):
                s = _sdc_in(board, line, box, memo)
                if s is not None:
                    return s
    return None
