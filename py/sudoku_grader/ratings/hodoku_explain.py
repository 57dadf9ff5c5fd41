"""Which explanation HoDoKu 2.2 keeps for a forcing chain's effect, and so what it calls the step.

Why this matters: HoDoKu names a forcing step after the explanation it kept ("Contradiction" or
"Verity"), and the name is part of the path. Facts from its source (solver/TablingSolver.java,
sudoku/SolutionStep.java, sudoku/Chain.java), rebuilt in our terms:

- Every check of ``checkForcingChains`` hands each explanation it finds to ``replaceOrCopyStep``;
  with "one chain per step" (HoDoKu's default) it keeps one step per effect: the first explanation
  found, replaced only by a *strictly* shorter one.
- The checks run in this order: every premise's contradictions (``checkOneChain``, on then off table
  of each candidate by ``cell * 10 + digit``), then both premises of a candidate
  (``checkTwoChains``), then all digits of a cell, then all places of a digit in rows, columns, boxes.
  So every contradiction comes before every verity: a verity wins only when it is shorter.
- ``checkOneChain`` reports *every* contradiction a table holds (the premise's inverse, a candidate
  both set and removed, two digits in one cell, a digit twice in a house, a cell left empty, a digit
  with no place left in a house), each with its own chains.
- A step's length is the sum of its chains' lengths; a chain (no net branches) counts its nodes,
  premise and target included: the target's depth in the premise's table plus one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board import Board
from ..geometry import ALL_CELLS, HOUSE_MASK, iter_bits

if TYPE_CHECKING:
    from .hodoku_tabling import Graph

_ON = 810  # hodoku_tabling's node ids: 810 * on + 81 * digit + cell
_NONE = 1 << 30


class Depths:
    """Each premise's table as breadth-first layers, grown only as far as a question needs."""

    def __init__(self, g: Graph) -> None:
        self.masks = g.masks
        self.layers: dict[int, list[int]] = {}
        self.seen: dict[int, int] = {}
        self.done: dict[int, bool] = {}

    def depth(self, p: int, t: int, limit: int) -> int:
        """The depth of node ``t`` in premise ``p``'s table; ``_NONE`` when deeper than ``limit``."""
        layers = self.layers.get(p)
        if layers is None:
            layers = self.layers[p] = [1 << p]
            self.seen[p] = 1 << p
            self.done[p] = False
        bit = 1 << t
        for k, layer in enumerate(layers):
            if k > limit:
                return _NONE
            if layer & bit:
                return k
        masks = self.masks
        while not self.done[p] and len(layers) <= limit:
            new = 0
            for x in iter_bits(layers[-1]):
                new |= masks[x]
            new &= ~self.seen[p]
            if not new:
                self.done[p] = True
                break
            self.seen[p] |= new
            layers.append(new)
            if new & bit:
                return len(layers) - 1
        return _NONE

    def cost(self, p: int, targets: list[int], limit: int) -> int:
        """The summed length of the chains from ``p`` to each target (``_NONE`` past ``limit``)."""
        total = 0
        for t in targets:
            d = self.depth(p, t, limit - total - 1)
            if d == _NONE:
                return _NONE
            total += d + 1
        return total


def contradiction_length(board: Board, depths: Depths, p: int, r: int, allowed: list[int]) -> int:
    """The shortest of the contradictions HoDoKu's checkOneChain reports for premise ``p`` (reach ``r``)."""
    on = [(r >> (_ON + 81 * d)) & ALL_CELLS for d in range(10)]
    off = [(r >> (81 * d)) & ALL_CELLS for d in range(10)]
    options: list[list[int]] = []  # each: the chains' targets
    inverse = p - _ON if p >= _ON else p + _ON
    if r >> inverse & 1:
        options.append([inverse])
    for d in range(1, 10):
        both = on[d] & off[d]
        if both:
            x = (both & -both).bit_length() - 1
            options.append([81 * d + x, _ON + 81 * d + x])
    for i in range(1, 10):
        for j in range(i + 1, 10):
            both = on[i] & on[j]
            if both:
                x = (both & -both).bit_length() - 1
                options.append([_ON + 81 * i + x, _ON + 81 * j + x])
    for d in range(1, 10):
        if on[d] & (on[d] - 1):
            for h in range(27):
                hm = on[d] & HOUSE_MASK[h]
                if hm & (hm - 1):
                    options.append([_ON + 81 * d + x for x in iter_bits(hm)])
    empty = board.unsolved
    for d in range(1, 10):
        empty &= ~on[d] & (off[d] | ~board.digit_cells[d])
    for x in iter_bits(empty):
        options.append([81 * d + x for d in range(1, 10) if board.cands[x] >> (d - 1) & 1])
    for d in range(1, 10):
        if off[d]:
            for h in range(27):
                places = allowed[d] & HOUSE_MASK[h]
                if places and places & ~off[d] == 0:
                    options.append([81 * d + x for x in iter_bits(places)])
    best = _NONE
    for targets in options:
        best = min(best, depths.cost(p, targets, best - 1))
    return best


def shorter_verity(board: Board, g: Graph, depths: Depths, reach: dict[int, int], t: int,
                   limit: int) -> list[int] | None:
    """The premises of the first verity for node ``t`` shorter than ``limit`` in HoDoKu's order, if any.

    Each time one is found the limit drops to its length: HoDoKu replaces only by a shorter one."""
    bit = 1 << t
    cell = t % 81
    best: list[int] | None = None
    groups: list[list[int]] = []
    for n in g.premises:  # both premises of a candidate (not in the target's cell)
        if n % 81 != cell and reach[n] & reach[n - _ON] & bit:
            groups.append([n, n - _ON])
    for c in iter_bits(board.unsolved):  # every digit of a cell
        groups.append([_ON + 81 * d + c for d in range(1, 10) if board.cands[c] >> (d - 1) & 1])
    for h in range(27):  # every place of a digit in rows, columns, boxes
        for d in range(1, 10):
            places = board.digit_cells[d] & HOUSE_MASK[h]
            if places:
                groups.append([_ON + 81 * d + x for x in iter_bits(places)])
    for premises in groups:
        if not all(reach[p] & bit for p in premises):
            continue
        total = 0
        for p in premises:
            total += depths.cost(p, [t], limit - 1 - total)
            if total >= limit:
                break
        if total < limit:
            best, limit = premises, total
    return best
