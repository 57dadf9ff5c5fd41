"""Exact solver: counts solutions up to a limit (by default 2) and returns them.

Depth-first search on candidate bitmasks. At every node naked and hidden
singles are propagated (only in houses that changed since the parent node),
then locked candidates (pointing and claiming), and the search branches on a
cell with the fewest candidates, preferring the one whose digits most peers
share. Floors (scripts/benchmark.py): median under 2 ms on 17-clue puzzles and
under 20 ms on the forum's hardest lists, on CPython.
It is the referee: it tells a puzzle with no solution, one, or several, and it
checks that every logical step agrees with the solution.

The 9x9 search is unrolled on the 9x9 tables for speed. Another grid (6x6) is
searched by the same method written over its `Geometry`'s tables (`_search_grid`):
singles and hidden singles, then a branch on the cell with fewest candidates.
Solutions are lists in the index space (81 entries, 0 outside a smaller grid).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import compress
from operator import itemgetter, ne
from typing import Any

from .board import Board, find_duplicate
from .geometry import (
    ALL_DIGITS,
    CELL_HOUSE_BITS,
    CELL_HOUSES,
    HOUSES,
    NCELLS,
    PEERS,
    STANDARD,
    Geometry,
    cell_name,
    geometry_for,
    house_name,
    sizes_text,
)

_POP = tuple(bin(i).count("1") for i in range(512))
# branching weight of a peer sharing a digit: bivalue 2, three candidates 1, solved 0
_WEIGHT = tuple(0 if n < 2 else 4 // n for n in _POP)
_SINGLE = {1 << d: d + 1 for d in range(9)}


@dataclass
class Solution:
    """``status`` is "none", "unique" or "multiple"; ``solutions`` holds up to ``limit`` grids."""

    status: str
    solutions: list[list[int]] = field(default_factory=list)
    reason: str = ""  # for "none": a short why when known (duplicate digit ...)
    geometry: Geometry = STANDARD

    def line(self, i: int = 0) -> str:
        """Solution ``i`` as a line of digits, row by row (81 or 36 characters)."""
        return "".join(map(str, self.geometry.gather(self.solutions[i])))

    @property
    def solution(self) -> list[int] | None:
        return self.solutions[0] if self.solutions else None

    def differing_cells(self) -> list[int]:
        """Cells where the first two solutions differ (empty unless status is multiple)."""
        if len(self.solutions) < 2:
            return []
        a, b = self.solutions[0], self.solutions[1]
        return [c for c in range(81) if a[c] != b[c]]


def _assign(cands: list[int], cell: int, bit: int, peers: tuple[tuple[int, ...], ...] = PEERS) -> bool:
    """Fix ``cell`` to ``bit`` and propagate naked singles; False on contradiction."""
    cands[cell] = bit
    stack = [cell]
    while stack:
        c = stack.pop()
        b = cands[c]
        for p in peers[c]:
            m = cands[p]
            if m & b:
                m ^= b
                if not m:
                    return False
                cands[p] = m
                if not m & (m - 1):
                    stack.append(p)
    return True


_PEER_GET = tuple(itemgetter(*p) for p in PEERS)
_HOUSE_GETTERS = tuple((itemgetter(*house), house) for house in HOUSES)


# for each 9-bit part of a cell-houses mask (`CELL_HOUSE_BITS`: rows, columns, boxes) and each value
# of it, the (getter, cells) of its houses in house order
_GETTERS_IN = tuple(tuple(tuple(_HOUSE_GETTERS[9 * k + j] for j in range(9) if m >> j & 1) for m in range(512))
                    for k in range(3))


def _changed_houses(cands: list[int], before: list[int]) -> tuple[tuple[Any, tuple[int, ...]], ...]:
    """The houses (getter, cells) with a cell that differs between the two positions, in house order.

    `compress` walks the 81 cells in C and hands over only the changed ones' house bits; three
    table lookups turn the bits into houses (no int peeling: Pyodide pays twice CPython's price
    for each int operation and call)."""
    bits = 0
    for b in compress(CELL_HOUSE_BITS, map(ne, cands, before)):
        bits |= b
    rows, cols, boxes = _GETTERS_IN
    return rows[bits & 511] + cols[bits >> 9 & 511] + boxes[bits >> 18]


def _propagate(cands: list[int], parent: list[int] | None = None) -> bool:
    """Hidden singles (and missing digits) until nothing changes; False on contradiction.

    ``parent`` is a stable position this one came from: only houses that differ
    from it are scanned first.
    """
    todo = _HOUSE_GETTERS if parent is None else _changed_houses(cands, parent)
    while todo:
        before = cands[:]
        changed = False
        for get, house in todo:
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
        if not changed:
            return True
        # only houses whose cells changed can yield new hidden singles
        todo = _changed_houses(cands, before)
    return True


def _segments() -> tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...]:
    """Mini-line tables: for each (line, stack) segment its 3 cells, the 6 cells of the
    rest of the line, and the 6 cells of the rest of the box."""
    out: list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = []
    for line in range(18):
        for j in range(3):
            if line < 9:  # row `line`, box column-stack j
                r = line
                seg = [r * 9 + 3 * j + k for k in range(3)]
                rest_line = [r * 9 + k for k in range(9) if k // 3 != j]
                box = [rr * 9 + 3 * j + k for rr in range(3 * (r // 3), 3 * (r // 3) + 3) for k in range(3)]
            else:  # column `line - 9`, band j
                col = line - 9
                seg = [(3 * j + k) * 9 + col for k in range(3)]
                rest_line = [rr * 9 + col for rr in range(9) if rr // 3 != j]
                stack = 3 * (col // 3)
                box = [rr * 9 + cc for rr in range(3 * j, 3 * j + 3) for cc in range(stack, stack + 3)]
            rest_box = [c for c in box if c not in seg]
            out.append((tuple(seg), tuple(rest_line), tuple(rest_box)))
    return tuple(out)


_SEGMENTS = _segments()
_SEG_GET = tuple(itemgetter(*seg) for seg, _, _ in _SEGMENTS)
# For segment s of a line: the two other segments of the same line and the two parallel
# segments of the same box (indices into the 54-segment list).
_SEG_PEERS = tuple(
    (
        (s // 3) * 3 + (s % 3 + 1) % 3,
        (s // 3) * 3 + (s % 3 + 2) % 3,
        ((s // 3) // 3 * 3 + ((s // 3) % 3 + 1) % 3) * 3 + s % 3,
        ((s // 3) // 3 * 3 + ((s // 3) % 3 + 2) % 3) * 3 + s % 3,
    )
    for s in range(54)
)


def _locked(cands: list[int]) -> bool | None:
    """Locked candidates (pointing and claiming) on every box-line segment.

    Returns True when something was removed, False when nothing was, None on a
    contradiction. Cheap extra propagation that prunes the search on hard puzzles.
    """
    unions = []
    for get in _SEG_GET:
        a, b, c = get(cands)
        unions.append(a | b | c)
    changed = False
    for s, (l1, l2, b1, b2) in enumerate(_SEG_PEERS):
        u = unions[s]
        in_line = unions[l1] | unions[l2]
        in_box = unions[b1] | unions[b2]
        # pointing: digits of the box only here leave the rest of the line;
        # claiming: digits of the line only here leave the rest of the box.
        for digits, targets in ((u & ~in_box & in_line, _SEGMENTS[s][1]), (u & ~in_line & in_box, _SEGMENTS[s][2])):
            if not digits:
                continue
            for p in targets:
                m = cands[p]
                if m & digits:
                    m &= ~digits
                    if not m:
                        return None
                    changed = True
                    if m & (m - 1):
                        cands[p] = m
                    elif not _assign(cands, p, m):
                        return None
    return changed


def _check_singles_consistent(cands: list[int], houses: tuple[tuple[int, ...], ...] = HOUSES) -> bool:
    """Two solved cells in a house with the same digit (possible after loading candidates)."""
    for house in houses:
        seen = 0
        for c in house:
            m = cands[c]
            if not m & (m - 1):
                if seen & m:
                    return False
                seen |= m
    return True


LOCKED_DEPTH = 3


def _search(cands: list[int], limit: int, out: list[list[int]], parent: list[int] | None = None,
            depth: int = 0) -> None:
    if not _propagate(cands, parent):
        return
    # singles, then locked candidates, until neither finds anything more; locked
    # candidates only near the root, where a removal prunes a large subtree (deeper they
    # cost more than they save: forum-hardest median 25 ms with them at every node)
    while depth < LOCKED_DEPTH:
        found = _locked(cands)
        if found is None:
            return
        if not found:
            break
        if not _propagate(cands):
            return
    # Fewest candidates first; among those, the cell whose digits are shared by the
    # most (and most nearly solved) peers: a guess there settles more of the grid.
    # This halves the nodes on the hardest sets.
    best = -1
    best_n = 10
    best_w = -1
    for c in range(81):
        m = cands[c]
        if m & (m - 1):
            n = _POP[m]
            if n <= best_n:
                w = sum(map(_WEIGHT.__getitem__, filter(m.__and__, _PEER_GET[c](cands))))
                if n < best_n or w > best_w:
                    best_n, best, best_w = n, c, w
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
            _search(trial, limit, out, cands, depth + 1)


# ---------------------------------------------------------------- any grid
def _propagate_grid(cands: list[int], g: Geometry) -> bool:
    """Hidden singles (and missing digits) over the grid's houses until nothing changes."""
    houses, peers, full = g.houses, g.peers, g.all_digits
    changed = True
    while changed:
        changed = False
        for h in g.house_ids:
            house = houses[h]
            once = twice = 0
            for c in house:
                m = cands[c]
                twice |= once & m
                once |= m
            if once != full:
                return False
            hidden = once & ~twice
            while hidden:
                bit = hidden & -hidden
                hidden ^= bit
                for c in house:
                    m = cands[c]
                    if m & bit:
                        if m != bit:
                            if not _assign(cands, c, bit, peers):
                                return False
                            changed = True
                        break
    return True


def _branch_cell(cands: list[int], g: Geometry) -> int:
    """The unsolved cell with fewest candidates (first in reading order), -1 when none."""
    best, best_n = -1, 10
    for c in g.cells:
        m = cands[c]
        if m & (m - 1):
            n = _POP[m]
            if n < best_n:
                best_n, best = n, c
                if n == 2:
                    break
    return best


def _leaf(cands: list[int]) -> list[int]:
    return [_SINGLE.get(m, 0) for m in cands]


def _search_grid(cands: list[int], g: Geometry, limit: int, out: list[list[int]]) -> None:
    """`_search` for any grid, on its geometry's tables (the 6x6 grid's whole search)."""
    if not _propagate_grid(cands, g):
        return
    best = _branch_cell(cands, g)
    if best < 0:
        if _check_singles_consistent(cands, g.houses):
            out.append(_leaf(cands))
        return
    m = cands[best]
    while m and len(out) < limit:
        bit = m & -m
        m ^= bit
        trial = cands[:]
        if _assign(trial, best, bit, g.peers):
            _search_grid(trial, g, limit, out)


def _run(cands: list[int], limit: int, out: list[list[int]], g: Geometry) -> None:
    """The search for this grid: the unrolled 9x9 one, or the general one."""
    if g is STANDARD:
        _search(cands, limit, out)
    else:
        _search_grid(cands, g, limit, out)


def candidates_for_search(board: Board) -> list[int] | None:
    """Per-cell candidate masks with filled cells as single bits; None on an immediate contradiction."""
    cands = [1 << (v - 1) if v else m for v, m in zip(board.values, board.cands)]
    g = board.geometry
    if g is STANDARD:
        return cands if all(cands) else None
    if not all(cands[c] for c in g.cells):
        return None
    return cands


def _grid_of(values: Sequence[int], geometry: Geometry | None) -> tuple[list[int], Geometry]:
    """Digits in the index space and their grid: 81 entries are the index space (9x9 unless
    ``geometry`` says otherwise); a smaller grid's ``ncells`` entries are spread into it."""
    g = geometry or geometry_for(len(values))
    if g is None:
        raise ValueError(f"a puzzle has {sizes_text()}, got {len(values)}")
    if len(values) == NCELLS:
        return list(values), g
    if len(values) != g.ncells:
        raise ValueError(f"a {g.size}x{g.size} puzzle has {g.ncells} cells, got {len(values)}")
    return g.spread(list(values)), g


def _start(values: list[int], g: Geometry) -> list[int] | None:
    """Search candidates with the givens ``values`` assigned; None when they clash."""
    cands = [g.all_digits] * NCELLS if g is STANDARD else [g.all_digits if g.all_cells >> c & 1 else 0
                                                         for c in range(NCELLS)]
    for c, v in enumerate(values):
        if v:
            bit = 1 << (v - 1)
            if not cands[c] & bit or not _assign(cands, c, bit, g.peers):
                return None
    return cands


def _start_from_grid(values: list[int]) -> list[int]:
    """`_start` for 9x9 givens taken from a full grid (so they cannot clash): each empty cell's
    candidates from the digits of its three houses, then its naked singles propagated. Naked
    singles have one fixpoint, so the result is `_start`'s, without one `_assign` per given (the
    generator checks uniqueness once per removed given: this was a third of its time)."""
    used = [0] * 27
    for c in compress(range(NCELLS), values):
        bit = 1 << (values[c] - 1)
        r, k, b = CELL_HOUSES[c]
        used[r] |= bit
        used[k] |= bit
        used[b] |= bit
    cands = [1 << (v - 1) if v else ALL_DIGITS & ~(used[r] | used[k] | used[b])
             for v, (r, k, b) in zip(values, CELL_HOUSES)]
    for c in range(NCELLS):
        m = cands[c]
        if not values[c] and not m & (m - 1):
            _assign(cands, c, m)
    return cands


def solve(puzzle: Board | Sequence[int], limit: int = 2, geometry: Geometry | None = None) -> Solution:
    """Solve a board (respecting its candidates) or a list of digits (0 = empty): 81 of them
    (the index space: 9x9, or ``geometry``'s grid) or a smaller grid's cells row by row. With no
    solution, ``reason`` names the first cell or house that runs out and why (`why_none`)."""
    if isinstance(puzzle, Board):
        g = puzzle.geometry
        values = list(puzzle.values)
        clash = find_duplicate(values, g)
        if clash:
            return Solution("none", reason=clash, geometry=g)
        cands = candidates_for_search(puzzle)
        if cands is None:
            return Solution("none", reason=why_none(values, g, puzzle.cands), geometry=g)
        # placed digits are already out of their peers (a Board keeps that invariant; the
        # leaf check catches anything else); propagate the unplaced one-candidate cells
        for c, v in enumerate(values):
            m = cands[c]
            if not v and m and not m & (m - 1) and not _assign(cands, c, m, g.peers):
                return Solution("none", reason=why_none(values, g, puzzle.cands), geometry=g)
        given: Sequence[int] | None = puzzle.cands
    else:
        values, g = _grid_of(puzzle, geometry)
        clash = find_duplicate(values, g)
        if clash:
            return Solution("none", reason=clash, geometry=g)
        start = _start(values, g)
        if start is None:
            return Solution("none", reason=why_none(values, g), geometry=g)
        cands, given = start, None
    out: list[list[int]] = []
    _run(cands, limit, out, g)
    if not out:
        return Solution("none", reason=why_none(values, g, given), geometry=g)
    return Solution("unique" if len(out) == 1 else "multiple", out, geometry=g)


# ---------------------------------------------------------------- why there is no solution
def why_none(values: Sequence[int], g: Geometry, cands: Sequence[int] | None = None, shown: int = 6,
             tries: int = 8) -> str:
    """Why ``values`` (81 entries in the index space, 0 empty; no digit repeated in a house) have
    no solution: the first empty cell left without a candidate, or the first house with a digit
    that has no place left, and what rules them out, once the singles the puzzle forces are placed
    (naked, then hidden; the first ``shown`` of them are named). ``cands``: the position's own
    candidates per cell (a pencilmark grid), else every digit its peers allow. When the singles
    stop first, it names a cell (of the ``tries`` with the fewest candidates) each of whose
    candidates runs out by singles, saying where; a candidate that fails only after more
    guessing is said to."""
    vals = list(values)
    cand = [0] * NCELLS
    for c in g.cells:
        if not vals[c]:
            m = g.all_digits if cands is None else cands[c] & g.all_digits
            for p in g.peers[c]:
                if vals[p]:
                    m &= ~(1 << (vals[p] - 1))
            cand[c] = m
    forced, dead = _singles(vals, cand, g, cands)
    if dead:
        return _after(forced, shown) + dead
    # the singles stop: a cell each of whose candidates runs out by singles, fewest candidates first
    empty = sorted((c for c in g.cells if not vals[c]), key=lambda c: _POP[cand[c]])
    best: tuple[int, list[str]] | None = None
    for branch in empty[:tries]:
        outs = []
        for d in g.digits:
            if cand[branch] >> (d - 1) & 1:
                v2, c2 = vals[:], cand[:]
                _place(v2, c2, g, branch, d)
                more, out = _singles(v2, c2, g, cands)
                outs.append(f"With {d} there, {_after(more, 0)}{out}." if out
                            else f"{d} fails only after more guessing.")
        if best is None or sum("guessing" not in o for o in outs) > sum("guessing" not in o for o in best[1]):
            best = branch, outs
        if all("guessing" not in o for o in outs):
            break
    assert best is not None  # an empty cell is left: the search found no solution below it
    return (_after(forced, shown) + f"no cell or house runs out by singles alone ({len(empty)} cells still empty); "
            f"each candidate of {cell_name(best[0])} fails. " + " ".join(best[1]))


def _place(vals: list[int], cand: list[int], g: Geometry, c: int, d: int) -> None:
    vals[c], cand[c] = d, 0
    for p in g.peers[c]:
        cand[p] &= ~(1 << (d - 1))


def _singles(vals: list[int], cand: list[int], g: Geometry,
             given: Sequence[int] | None) -> tuple[list[str], str | None]:
    """Place singles (in ``vals``/``cand``) until a cell or house runs out: the singles placed and
    what ran out (None when the singles stop first)."""
    forced: list[str] = []
    while True:
        dead = _runs_out(vals, cand, g, given)
        if dead:
            return forced, dead
        single = _single(vals, cand, g)
        if single is None:
            return forced, None
        _place(vals, cand, g, *single)
        forced.append(f"{cell_name(single[0])}={single[1]}")


def _after(forced: list[str], shown: int) -> str:
    if not forced:
        return ""
    if not shown:
        return f"after {len(forced)} single{'s' if len(forced) > 1 else ''}, "
    named = ", ".join(forced[:shown]) + (f" and {len(forced) - shown} more" if len(forced) > shown else "")
    return f"once the singles it forces are placed ({named}), "


def _runs_out(vals: list[int], cand: list[int], g: Geometry, given: Sequence[int] | None) -> str | None:
    """The first empty cell with no candidate, or the first house where a missing digit has no
    place, with what rules it out; None when neither happens."""
    kinds = ("row", "column", "box")
    for c in g.cells:
        if vals[c] or cand[c]:
            continue
        parts, seen = [], 0
        for kind, h in zip(kinds, g.cell_houses[c]):
            ds = sorted({vals[p] for p in g.houses[h] if vals[p]} - {d for d in g.digits if seen >> (d - 1) & 1})
            seen |= sum(1 << (d - 1) for d in ds)
            if ds:
                parts.append(f"its {kind} holds {', '.join(map(str, ds))}")
        left = [d for d in g.digits if not seen >> (d - 1) & 1]
        if left:  # ruled out by the position's own candidates
            parts.append(f"its candidates leave out {', '.join(map(str, left))}")
        return f"{cell_name(c)} has no candidate left: {'; '.join(parts)}"
    for h in g.house_ids:
        cells = g.houses[h]
        placed = {vals[c] for c in cells if vals[c]}
        for d in g.digits:
            bit = 1 << (d - 1)
            if d in placed or any(cand[c] & bit for c in cells):
                continue
            by: dict[int | None, list[str]] = {}  # the cell holding the d each empty cell sees
            for c in cells:
                if not vals[c]:
                    by.setdefault(next((p for p in g.peers[c] if vals[p] == d), None), []).append(cell_name(c))
            why = [f"{', '.join(names)} {'sees' if len(names) == 1 else 'see'} the {d} in {cell_name(seer)}"
                   if seer is not None else f"{', '.join(names)} {'has' if len(names) == 1 else 'have'} no {d} "
                   "among the candidates given" for seer, names in by.items()]
            return f"{d} has no place left in {house_name(h)}: " + "; ".join(why)
    return None


def _single(vals: list[int], cand: list[int], g: Geometry) -> tuple[int, int] | None:
    """A naked single (a cell with one candidate), else a hidden single (a digit with one place
    in a house): (cell, digit), or None."""
    for c in g.cells:
        m = cand[c]
        if not vals[c] and m and not m & (m - 1):
            return c, m.bit_length()
    for h in g.house_ids:
        for d in g.digits:
            bit = 1 << (d - 1)
            spots = [c for c in g.houses[h] if cand[c] & bit]
            if len(spots) == 1 and not any(vals[c] == d for c in g.houses[h]):
                return spots[0], d
    return None


# ---------------------------------------------------------------- for the generator
def _search_random(cands: list[int], rng: random.Random, g: Geometry = STANDARD) -> list[int] | None:
    """The first solution found with random value order (fewest-candidates cell first)."""
    if not (_propagate(cands) if g is STANDARD else _propagate_grid(cands, g)):
        return None
    best = _branch_cell(cands, g)
    if best < 0:
        return _leaf(cands) if _check_singles_consistent(cands, g.houses) else None
    bits = [1 << d for d in range(9) if cands[best] >> d & 1]
    rng.shuffle(bits)
    for bit in bits:
        trial = cands[:]
        if _assign(trial, best, bit, g.peers):
            found = _search_random(trial, rng, g)
            if found is not None:
                return found
    return None


def random_solution(rng: random.Random, geometry: Geometry = STANDARD) -> list[int]:
    """A random complete grid (in the index space).

    On 9x9 the three boxes on the diagonal share no row or column, so they are filled
    with independent random permutations; on a smaller grid the first row is. A
    randomised search completes the rest (every such start can be completed). Fast (a
    few ms) and varied, though not exactly uniform over all grids.
    """
    g = geometry
    while True:
        cands = _start([0] * NCELLS, g) or []
        ok = True
        starts = (HOUSES[18], HOUSES[22], HOUSES[26]) if g is STANDARD else (g.houses[g.rows[0]],)
        for house in starts:
            digits = rng.sample(range(g.size), g.size)
            for cell, d in zip(house, digits):
                ok = ok and bool(cands[cell] >> d & 1) and _assign(cands, cell, 1 << d, g.peers)
        if ok:
            grid = _search_random(cands, rng, g)
            if grid is not None:
                return grid


def has_other_solution(values: Sequence[int], solution: Sequence[int], cells: Sequence[int],
                       geometry: Geometry = STANDARD) -> bool:
    """True when the puzzle ``values`` has a solution other than ``solution``.

    ``cells`` are the cells just emptied in a puzzle that was unique with ``solution``:
    any other solution must differ from it in one of them, so each is tried with its
    solution digit excluded. Much faster than counting solutions from scratch.
    (Lists in the index space; ``geometry`` is the grid's.)
    """
    g = geometry
    peers = g.peers
    start = _start_from_grid(list(values)) if g is STANDARD else _start(list(values), g)
    if start is None:
        return False
    base = start
    for cell in cells:
        trial = base[:]
        m = trial[cell] & ~(1 << (solution[cell] - 1))
        if not m:
            continue
        trial[cell] = m
        if not m & (m - 1) and not _assign(trial, cell, m, peers):
            continue
        out: list[list[int]] = []
        _run(trial, 1, out, g)
        if out:
            return True
        base_bit = 1 << (solution[cell] - 1)
        # this cell must hold its solution digit: fix it, which speeds up the next checks
        if not _assign(base, cell, base_bit, peers):
            return False
    return False


def is_minimal(values: Sequence[int], solution: Sequence[int], geometry: Geometry = STANDARD) -> bool:
    """True when removing any single given leaves several solutions (lists in the index space)."""
    vals = list(values)
    for c in range(81):
        if vals[c]:
            vals[c] = 0
            other = has_other_solution(vals, solution, [c], geometry)
            vals[c] = solution[c]
            if not other:
                return False
    return True
