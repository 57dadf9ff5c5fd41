"""Exact solver: counts solutions up to a limit (by default 2) and returns them.

Depth-first search on candidate bitmasks with naked and hidden singles
propagated at every node and branching on a cell with the fewest candidates.
It is the referee: it tells a puzzle with no solution, one, or several, and it
checks that every logical step agrees with the solution.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import itemgetter

from .board import Board, find_duplicate
from .geometry import ALL_DIGITS, HOUSES, PEERS

_SINGLE = {1 << d: d + 1 for d in range(9)}


@dataclass
class Solution:
    """``status`` is "none", "unique" or "multiple"; ``solutions`` holds up to ``limit`` grids."""

    status: str
    solutions: list[list[int]] = field(default_factory=list)
    reason: str = ""  # for "none": a short why when known (duplicate digit ...)

    @property
    def solution(self) -> list[int] | None:
        return self.solutions[0] if self.solutions else None

    def differing_cells(self) -> list[int]:
        """Cells where the first two solutions differ (empty unless status is multiple)."""
        if len(self.solutions) < 2:
            return []
        a, b = self.solutions[0], self.solutions[1]
        return [c for c in range(81) if a[c] != b[c]]


def _assign(cands: list[int], cell: int, bit: int) -> bool:
    """Fix ``cell`` to ``bit`` and propagate naked singles; False on contradiction."""
    cands[cell] = bit
    stack = [cell]
    while stack:
        c = stack.pop()
        b = cands[c]
        for p in PEERS[c]:
            m = cands[p]
            if m & b:
                m ^= b
                if not m:
                    return False
                cands[p] = m
                if not m & (m - 1):
                    stack.append(p)
    return True


_HOUSE_GETTERS = tuple((itemgetter(*house), house) for house in HOUSES)


def _propagate(cands: list[int]) -> bool:
    """Hidden singles (and missing digits) until nothing changes; False on contradiction."""
    changed = True
    while changed:
        changed = False
        for get, house in _HOUSE_GETTERS:
            a, b, c, d, e, f, g, h, i = get(cands)
            # bits seen at least once / at least twice, unrolled for speed
            t = a & b
            o = a | b
            t |= o & c
            o |= c
            t |= o & d
            o |= d
            t |= o & e
            o |= e
            t |= o & f
            o |= f
            t |= o & g
            o |= g
            t |= o & h
            o |= h
            t |= o & i
            o |= i
            if o != ALL_DIGITS:
                return False
            hidden = o & ~t
            if not hidden:
                continue
            while hidden:
                bit = hidden & -hidden
                hidden ^= bit
                for cell in house:
                    m = cands[cell]
                    if m & bit:
                        if m != bit:
                            if not _assign(cands, cell, bit):
                                return False
                            changed = True
                        break
    return True


def _check_singles_consistent(cands: list[int]) -> bool:
    """Two solved cells in a house with the same digit (possible after loading candidates)."""
    for house in HOUSES:
        seen = 0
        for c in house:
            m = cands[c]
            if not m & (m - 1):
                if seen & m:
                    return False
                seen |= m
    return True


def _search(cands: list[int], limit: int, out: list[list[int]]) -> None:
    if not _propagate(cands):
        return
    best = -1
    best_n = 10
    for c in range(81):
        m = cands[c]
        if m & (m - 1):
            n = m.bit_count()
            if n < best_n:
                best_n, best = n, c
                if n == 2:
                    break
    if best < 0:
        if _check_singles_consistent(cands):
            out.append([_SINGLE[m] for m in cands])
        return
    m = cands[best]
    while m and len(out) < limit:
        bit = m & -m
        m ^= bit
        trial = cands[:]
        if _assign(trial, best, bit):
            _search(trial, limit, out)


def candidates_for_search(board: Board) -> list[int] | None:
    """Per-cell candidate masks with filled cells as single bits; None on an immediate contradiction."""
    cands = [1 << (v - 1) if v else m for v, m in zip(board.values, board.cands)]
    if not all(cands):
        return None
    return cands


def solve(puzzle: Board | Sequence[int], limit: int = 2) -> Solution:
    """Solve a board (respecting its candidates) or an 81-list of digits (0 = empty)."""
    if isinstance(puzzle, Board):
        clash = find_duplicate(puzzle.values)
        if clash:
            return Solution("none", reason=clash)
        cands = candidates_for_search(puzzle)
    else:
        clash = find_duplicate(puzzle)
        if clash:
            return Solution("none", reason=clash)
        cands = [ALL_DIGITS] * 81
        ok = True
        for c, v in enumerate(puzzle):
            if v and ok:
                bit = 1 << (v - 1)
                if not cands[c] & bit:
                    ok = False
                else:
                    ok = _assign(cands, c, bit)
        if not ok:
            return Solution("none", reason="the givens contradict each other")
    if cands is None or not _check_singles_consistent(cands):
        return Solution("none", reason="a cell has no candidate left")
    out: list[list[int]] = []
    # single-bit cells are already fixed; propagate their consequences first
    for c in range(81):
        m = cands[c]
        if m and not m & (m - 1):
            if not _assign(cands, c, m):
                return Solution("none", reason="the givens contradict each other")
    _search(cands, limit, out)
    if not out:
        return Solution("none", reason="no grid completes these givens")
    return Solution("unique" if len(out) == 1 else "multiple", out)
