"""Forcing-net propagation: what follows from a premise with singles, and why.

A forcing *chain* follows one inference at a time (each conclusion has one
reason). A *net* also lets conclusions combine: a cell whose other
candidates have all been ruled out is that digit (naked single), a digit
with one place left in a house goes there (hidden single). `propagate`
applies a premise to a scratch copy of the candidate masks, derives
everything it can, and records for every fact the facts that caused it, so
the explanation can show the derivation of a contradiction or a conclusion.

A fact is ``(node, on)`` with node the candidate id ``(d - 1) * 81 + cell``.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from itertools import combinations

from ..board import Board
from ..geometry import CELL_HOUSES, HOUSE_MASK, PEER_MASK, house_name, iter_bits
from ..step import Link
from .graph import cand_id, cand_of

Fact = tuple[int, bool]
_PLAIN = ("", "premise", "same cell", "same house")  # reasons the text leaves unsaid


@dataclass
class NetResult:
    """Facts derived (with their causes, in order) and the contradiction met, if any."""

    on: int = 0  # candidate-node mask of facts "true"
    off: int = 0  # ... "false"
    order: list[Fact] = field(default_factory=list)
    causes: dict[Fact, tuple[Fact, ...]] = field(default_factory=dict)
    reason: dict[Fact, str] = field(default_factory=dict)
    contradiction: str = ""
    culprits: tuple[Fact, ...] = ()  # facts that together are impossible

    def derivation(self, targets: tuple[Fact, ...]) -> list[Fact]:
        """The facts needed to derive ``targets``, premises first."""
        need: set[Fact] = set()
        stack = list(targets)
        while stack:
            f = stack.pop()
            if f in need or f not in self.causes:
                continue
            need.add(f)
            stack.extend(self.causes[f])
        return [f for f in self.order if f in need]

    def text(self, facts: list[Fact]) -> str:
        """The facts in order, naming the rule behind each that is more than a placement's
        consequence: ``r1c2<>5, r1c3=5 (hidden single in row 1)``. Eliminations in one cell for one
        reason, one after the other, are written once: ``r6c9<>239``, ``r2c6<>45 (naked pair 45 in
        column 1)``."""
        parts: list[str] = []
        last: tuple[int, str] | None = None  # (cell, reason) of the elimination just written
        for f in facts:
            why = self.reason.get(f, "")
            cell, d = cand_of(f[0])
            note = f" ({why})" if why not in _PLAIN else ""
            if not f[1] and last == (cell, why):
                parts[-1] = parts[-1][: len(parts[-1]) - len(note)] + f"{d}{note}"
                continue
            parts.append(fact_text(f) + note)
            last = (cell, why) if not f[1] else None
        return ", ".join(parts)

    def links(self, facts: list[Fact]) -> list[Link]:
        """An arrow from each cause to each fact, for drawing the net."""
        out = []
        for f in facts:
            cell, d = cand_of(f[0])
            for cause in self.causes.get(f, ()):
                pc, pd = cand_of(cause[0])
                out.append(Link(1 << pc, pd, 1 << cell, d, not cause[1]))
        return out


def propagate(board: Board, premises: list[Fact], locked: bool = False, subsets: bool = False,
              triples: bool = False, max_facts: int = 100000) -> NetResult:
    """Apply the premises and every single they force; stop at the first contradiction.

    With ``locked``, box-line reductions (pointing and claiming) are inferences too; with
    ``subsets``, naked and hidden pairs and X-wings are looked for whenever singles run out;
    ``triples`` adds naked and hidden triples and swordfish when the pairs find nothing (with
    both, the inner rules of Sudoku Explainer's "Dynamic Forcing Chains (+)").
    """
    cands = board.cands[:]
    dc = board.digit_cells[:]
    values = board.values[:]
    done = [0] * 27  # digits placed per house
    for c in range(81):
        v = values[c]
        if v:
            for h in CELL_HOUSES[c]:
                done[h] |= 1 << (v - 1)
    res = NetResult()
    queue: deque[Fact] = deque()
    for p in premises:
        res.causes[p] = ()
        res.reason[p] = "premise"
        queue.append(p)

    def add(fact: Fact, causes: tuple[Fact, ...], why: str) -> None:
        if fact not in res.causes:
            res.causes[fact] = causes
            res.reason[fact] = why
            queue.append(fact)

    while True:
        if not queue:
            if subsets and _scan_patterns(res, board, cands, dc, values, done, add):
                continue
            if triples and _scan_triples(res, board, cands, dc, values, done, add):
                continue
            break
        fact = queue.popleft()
        node, on = fact
        bit = 1 << node
        cell, d = cand_of(node)
        dbit = 1 << (d - 1)
        if on:
            if res.off & bit or not (cands[cell] & dbit or values[cell] == d):
                res.contradiction = f"{_cand(node)} would be both true and false"
                res.culprits = (fact, (node, False))
                res.order.append(fact)
                return res
            if res.on & bit:
                continue
            res.on |= bit
            res.order.append(fact)
            if values[cell] == d:
                continue
            for e in iter_bits(cands[cell] & ~dbit):
                add((cand_id(cell, e + 1), False), (fact,), "same cell")
            for peer in iter_bits(dc[d] & PEER_MASK[cell]):
                add((cand_id(peer, d), False), (fact,), "same house")
            values[cell] = d
            for h in CELL_HOUSES[cell]:
                done[h] |= dbit
        else:
            if res.on & bit:
                res.contradiction = f"{_cand(node)} would be both true and false"
                res.culprits = (fact, (node, True))
                res.order.append(fact)
                return res
            if res.off & bit or not cands[cell] & dbit:
                continue
            res.off |= bit
            res.order.append(fact)
            cands[cell] &= ~dbit
            dc[d] &= ~(1 << cell)
            left = cands[cell]
            if not values[cell]:  # a cell placed in this net only loses digits; its houses are checked below
                if not left:
                    res.contradiction = f"r{cell // 9 + 1}c{cell % 9 + 1} would have no candidate left"
                    res.culprits = tuple(_removed_in_cell(res, board, cell))
                    return res
                if left & (left - 1) == 0:
                    e = left.bit_length()
                    add((cand_id(cell, e), True), tuple(_removed_in_cell(res, board, cell)), "naked single")
            for h in CELL_HOUSES[cell]:
                if done[h] & dbit:
                    continue
                pos = dc[d] & HOUSE_MASK[h]
                if not pos:
                    res.contradiction = f"{d} would have no place left in {house_name(h)}"
                    res.culprits = tuple(_removed_in_house(res, board, h, d))
                    return res
                if pos & (pos - 1) == 0:
                    add((cand_id(pos.bit_length() - 1, d), True), tuple(_removed_in_house(res, board, h, d)),
                        f"hidden single in {house_name(h)}")
                elif locked:
                    # pointing / claiming: the digit's places in h lie in one other house
                    for other in _CROSS[h]:
                        if pos & ~HOUSE_MASK[other] == 0:
                            victims = dc[d] & HOUSE_MASK[other] & ~pos
                            if victims:
                                why = f"{d} of {house_name(h)} is locked in {house_name(other)}"
                                cause = tuple(_removed_in_house(res, board, h, d))
                                for v in iter_bits(victims):
                                    add((cand_id(v, d), False), cause, why)
        if len(res.order) > max_facts:
            break
    return res


def _crossing() -> tuple[tuple[int, ...], ...]:
    """For each house, the houses that cross it in three cells (box <-> row/column)."""
    out = []
    for h in range(27):
        out.append(tuple(o for o in range(27) if o != h and (HOUSE_MASK[h] & HOUSE_MASK[o]).bit_count() == 3))
    return tuple(out)


_CROSS = _crossing()


def _scan_patterns(res: NetResult, board: Board, cands: list[int], dc: list[int], values: list[int],
                   done: list[int], add) -> bool:
    """Naked pairs, hidden pairs and X-wings of the net's current state; True if a new fact came of it."""
    before = len(res.causes)
    for h in range(27):
        hm = HOUSE_MASK[h]
        cells = [c for c in HOUSES_LIST[h] if not values[c]]
        pairs: dict[int, int] = {}
        for c in cells:
            m = cands[c]
            if m.bit_count() == 2:
                if m in pairs:
                    other = pairs[m]
                    cause = tuple(_removed_in_cell(res, board, other) + _removed_in_cell(res, board, c))
                    why = f"naked pair {''.join(str(x + 1) for x in iter_bits(m))} in {house_name(h)}"
                    for v in cells:
                        if v != c and v != other:
                            for e in iter_bits(cands[v] & m):
                                add((cand_id(v, e + 1), False), cause, why)
                else:
                    pairs[m] = c
        places: dict[int, int] = {}
        for d in range(1, 10):
            if done[h] >> (d - 1) & 1:
                continue
            pos = dc[d] & hm
            if pos.bit_count() == 2:
                if pos in places:
                    e = places[pos]
                    keep = (1 << (d - 1)) | (1 << (e - 1))
                    cause = tuple(_removed_in_house(res, board, h, d) + _removed_in_house(res, board, h, e))
                    why = f"hidden pair {e}{d} in {house_name(h)}"
                    for c in iter_bits(pos):
                        for x in iter_bits(cands[c] & ~keep):
                            add((cand_id(c, x + 1), False), cause, why)
                else:
                    places[pos] = d
    for d in range(1, 10):
        dbit = 1 << (d - 1)
        for lines, cross in ((range(9), 9), (range(9, 18), 0)):
            seen: dict[int, int] = {}
            for line in lines:
                if done[line] & dbit:
                    continue
                pos = dc[d] & HOUSE_MASK[line]
                if pos.bit_count() != 2:
                    continue
                key = tuple(sorted(_line_of(c, cross) for c in iter_bits(pos)))
                k = key[0] * 27 + key[1]
                if k in seen:
                    first = seen[k]
                    cover = HOUSE_MASK[key[0]] | HOUSE_MASK[key[1]]
                    victims = dc[d] & cover & ~HOUSE_MASK[line] & ~HOUSE_MASK[first]
                    cause = tuple(_removed_in_house(res, board, line, d) + _removed_in_house(res, board, first, d))
                    why = f"X-wing on {d} in {house_name(first)} and {house_name(line)}"
                    for v in iter_bits(victims):
                        add((cand_id(v, d), False), cause, why)
                else:
                    seen[k] = line
    return len(res.causes) > before


def _scan_triples(res: NetResult, board: Board, cands: list[int], dc: list[int], values: list[int],
                  done: list[int], add) -> bool:
    """Naked and hidden triples and swordfish of the net's current state; True if a new fact came of it.

    Only called when the pairs and X-wings find nothing, so a triple here is never a pair in disguise
    that the text would misname (a pair inside three cells is found first)."""
    before = len(res.causes)
    for h in range(27):
        cells = [c for c in HOUSES_LIST[h] if not values[c] and 2 <= cands[c].bit_count() <= 3]
        for trio in combinations(cells, 3):
            m = cands[trio[0]] | cands[trio[1]] | cands[trio[2]]
            if m.bit_count() != 3:
                continue
            victims = [(v, e) for v in HOUSES_LIST[h] if v not in trio and not values[v]
                       for e in iter_bits(cands[v] & m)]
            if victims:
                cause = tuple(f for c in trio for f in _removed_in_cell(res, board, c))
                why = f"naked triple {''.join(str(x + 1) for x in iter_bits(m))} in {house_name(h)}"
                for v, e in victims:
                    add((cand_id(v, e + 1), False), cause, why)
        digits = [d for d in range(1, 10) if not done[h] >> (d - 1) & 1
                  and 2 <= (dc[d] & HOUSE_MASK[h]).bit_count() <= 3]
        for trio in combinations(digits, 3):
            pos = (dc[trio[0]] | dc[trio[1]] | dc[trio[2]]) & HOUSE_MASK[h]
            if pos.bit_count() != 3:
                continue
            keep = sum(1 << (d - 1) for d in trio)
            victims = [(c, x) for c in iter_bits(pos) for x in iter_bits(cands[c] & ~keep)]
            if victims:
                cause = tuple(f for d in trio for f in _removed_in_house(res, board, h, d))
                why = f"hidden triple {''.join(map(str, trio))} in {house_name(h)}"
                for c, x in victims:
                    add((cand_id(c, x + 1), False), cause, why)
    for d in range(1, 10):
        dbit = 1 << (d - 1)
        lines9 = _lines9(dc[d])
        for first_line, cross in ((0, 9), (9, 0)):
            base = [line for line in range(first_line, first_line + 9) if not done[line] & dbit
                    and 2 <= lines9[line].bit_count() <= 3]
            for trio in combinations(base, 3):
                covers = lines9[trio[0]] | lines9[trio[1]] | lines9[trio[2]]
                if covers.bit_count() != 3:
                    continue
                inside = HOUSE_MASK[trio[0]] | HOUSE_MASK[trio[1]] | HOUSE_MASK[trio[2]]
                seen = dc[d] & ~inside & sum(HOUSE_MASK[cross + x] for x in iter_bits(covers))
                if seen:
                    cause = tuple(f for line in trio for f in _removed_in_house(res, board, line, d))
                    why = f"swordfish on {d} in {', '.join(house_name(x) for x in trio)}"
                    for v in iter_bits(seen):
                        add((cand_id(v, d), False), cause, why)
    return len(res.causes) > before


def _line_of(cell: int, kind: int) -> int:
    """The row (kind 0) or column (kind 9) house of a cell."""
    return cell // 9 if kind == 0 else 9 + cell % 9


def _lines9(mask: int) -> list[int]:
    """A digit's places per line as 9-bit masks: rows 0-8 (a bit per column), then columns (a bit per row)."""
    out = [(mask >> (9 * r)) & 0x1FF for r in range(9)] + [0] * 9
    for r in range(9):
        for k in iter_bits(out[r]):
            out[9 + k] |= 1 << r
    return out


HOUSES_LIST = tuple(tuple(iter_bits(m)) for m in HOUSE_MASK)


def _removed_in_cell(res: NetResult, board: Board, cell: int) -> list[Fact]:
    return [(cand_id(cell, e + 1), False) for e in iter_bits(board.cands[cell])
            if res.off >> cand_id(cell, e + 1) & 1]


def _removed_in_house(res: NetResult, board: Board, house: int, d: int) -> list[Fact]:
    return [(cand_id(c, d), False) for c in iter_bits(board.digit_cells[d] & HOUSE_MASK[house])
            if res.off >> cand_id(c, d) & 1]


def _cand(node: int) -> str:
    cell, d = cand_of(node)
    return f"{d} in r{cell // 9 + 1}c{cell % 9 + 1}"


def fact_text(fact: Fact) -> str:
    cell, d = cand_of(fact[0])
    return f"r{cell // 9 + 1}c{cell % 9 + 1}{'=' if fact[1] else '<>'}{d}"


__all__ = ["Fact", "NetResult", "fact_text", "propagate"]
