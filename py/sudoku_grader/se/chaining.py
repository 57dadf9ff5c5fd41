"""SE's chaining engine: cycles, forcing chains, Nishio, multiple, dynamic and nested chains.

This follows Sudoku Explainer's `Chaining(isMultiple, isDynamic, isNishio, level)`:

- A *potential* is a candidate assumed on or off; it remembers its parents (the
  potentials that imply it) so that a hint can count its ancestors: SE's
  *complexity*, which sets the rating increment (`length_increment`).
- on -> off: the other candidates of the cell (not in X-only/Nishio mode) and the
  same digit in the cell's block, row and column.
- off -> on: the last candidate of a bivalue cell (not in X-only/Nishio mode) and
  the last place of the digit in a block, row or column. In dynamic mode the
  candidates switched off so far count (the cell or region is looked at as
  reduced), and they become extra ("hidden") parents.
- From level 1 on, when nothing is pending, the "other rules" (pointing and
  claiming, hidden pair, naked pair, X-Wing; then nested chains) are run on the
  reduced grid, and what they remove is switched off, with the candidates whose
  absence made the pattern appear as parents.

Hints are sorted by (difficulty, complexity, kind) and the first one is taken.
"""

from __future__ import annotations

import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..board import Board
from ..geometry import CELL_HOUSE_BITS, HOUSE_MASK, PEER_MASK, cell_name
from ..geometry import iter_bits as bits
from .rules import (
    CELL_HOUSES_SE,
    DIGITS_OF,
    find_fish,
    find_hidden_sets,
    find_locking,
    find_naked_sets,
    fish_parents,
    hidden_removals,
    hidden_set_parents,
    locking_parents,
    naked_set_parents,
)

# Why a potential holds: the cell's last candidate, the last place in its block, row or column,
# or a rule run on the reduced grid (nested chains).
NAKED, HID_BLOCK, HID_ROW, HID_COL, ADVANCED = 0, 1, 2, 3, 4
_KIND_CAUSE = (HID_ROW, HID_COL, HID_BLOCK)  # by geometry's house kind (house // 9)
# Per cell: (house mask, cause) for its block, row and column, in SE's order.
_CELL_REGIONS = tuple(tuple((HOUSE_MASK[h], _KIND_CAUSE[h // 9]) for h in CELL_HOUSES_SE[c]) for c in range(81))
# Per cell and cause: the house mask it stands for.
_CAUSE_MASK = tuple({cause: mask for mask, cause in _CELL_REGIONS[c]} for c in range(81))


# A hint's sort key (difficulty, complexity, kind) and its candidate's place in the order of
# `Chaining._loops`: which of two hints SE takes (the first of equal keys).
Bound = tuple[float, int, int, int]

# A node of the multiple, dynamic and nested searches: (candidate cell * 9 + digit - 1, on,
# cause, first parent node or None, the further parent nodes (a list or ()), the nested Chain or
# None, the node's and its ancestors' keys as a 1458-bit mask): a `Pot` as a tuple, far cheaper
# to make, whose ancestor count is one popcount. `_pots_of` turns the chains of hints into Pots.
Node = tuple[Any, ...]


class Pot:
    """A candidate assumed on or off, with the potentials that imply it."""

    __slots__ = ("cell", "digit", "on", "parents", "cause", "nested", "idx", "key")

    def __init__(self, cell: int, digit: int, on: bool, parent: Pot | None = None,
                 cause: int | None = None) -> None:
        self.cell = cell
        self.digit = digit
        self.on = on
        self.parents: list[Pot] = [parent] if parent is not None else []
        self.cause = cause
        self.nested: Chain | None = None
        self.idx = cell * 9 + digit - 1
        self.key = self.idx * 2 + (1 if on else 0)

    def name(self) -> str:
        return f"{cell_name(self.cell)}{'=' if self.on else '<>'}{self.digit}"


def length_increment(complexity: int) -> float:
    """SE's rating increment for a chain of the given complexity (ancestor count)."""
    added = 0.0
    ceil = 4
    length = complexity - 2
    odd = False
    while length > ceil:
        added += 0.1
        ceil = ceil * 3 // 2 if not odd else ceil * 4 // 3
        odd = not odd
    return added


def ancestor_count(target: Pot) -> int:
    seen: set[int] = set()
    todo = [target]
    while todo:
        nxt = []
        for p in todo:
            k = p.key
            if k not in seen:
                seen.add(k)
                nxt.extend(p.parents)
        todo = nxt
    return len(seen)


def chain_of(target: Pot) -> list[Pot]:
    """Distinct potentials of a chain, breadth first from the target."""
    seen: set[int] = set()
    out: list[Pot] = []
    todo = [target]
    while todo:
        nxt = []
        for p in todo:
            k = p.key
            if k not in seen:
                seen.add(k)
                out.append(p)
                nxt.extend(p.parents)
        todo = nxt
    return out


def has_ancestor(child: Pot, key: int) -> bool:
    """Whether the potential ``key`` is on the main line (first parents) above ``child``."""
    p = child
    while p.parents:
        p = p.parents[0]
        if p.key == key:
            return True
    return False


def is_parent(child: Pot, parent: Pot) -> bool:
    key = parent.key
    p = child
    while p.parents:
        p = p.parents[0]
        if p.key == key:
            return True
    return False


class Chain:
    """A chaining hint: what it removes or places, its chain ends (targets), SE's complexity and rating.

    The ends are Pots, or the search nodes (`Node`) of the multiple, dynamic and nested searches:
    then the complexity is read from the nodes' ancestor masks, and the Pots are built only when
    ``targets`` is asked for (most hints are never shown).
    """

    __slots__ = ("rule", "kind", "name", "removals", "_ends", "_targets", "source", "sort_key",
                 "complexity", "difficulty", "cell", "value", "data", "_steps", "_step")

    def __init__(self, rule: Chaining, kind: str, removals: dict[int, int], targets: list[Pot] | list[Node],
                 base: float | None, sort_key: int, source: Pot | None = None,
                 result: Pot | Node | None = None) -> None:
        self.rule = rule
        self.kind = kind
        self.name = kind
        self.removals = removals
        nodes = bool(targets) and isinstance(targets[0], tuple)
        self._ends = targets
        self._targets: list[Pot] | None = None if nodes else targets  # type: ignore[assignment]
        self.source = source
        self.sort_key = sort_key
        self.cell: int | None = None
        self.value = 0
        self.data: dict[str, Any] = {}
        self._steps: list[tuple[int, int, int]] | None = None  # `_rule_steps`, once asked for
        self._step: Chain | None = None  # `as_step`, once asked for
        b = base if base is not None else rule.difficulty()
        if not self.is_worth():  # removes nothing: the producers drop it, so it needs no count
            self.complexity, self.difficulty = 0, b
        else:
            if nodes:  # a node's mask holds its ancestors' keys
                flat = sum(t[6].bit_count() for t in targets)  # type: ignore[index]
            elif kind in ("cycle",):
                flat = ancestor_count(targets[0])  # type: ignore[arg-type]
            else:
                flat = sum(ancestor_count(t) for t in targets)  # type: ignore[arg-type]
            # Only a nested rule (level 1 and up) puts chains inside chains.
            self.complexity = flat + (self._nested_complexity() if rule.level else 0)
            self.difficulty = b + length_increment(self.complexity)
        if result is not None:
            if isinstance(result, tuple):
                if result[1]:
                    self.cell, d = divmod(result[0], 9)
                    self.value = d + 1
            elif result.on:
                self.cell = result.cell
                self.value = result.digit

    @property
    def targets(self) -> list[Pot]:
        if self._targets is None:
            self._targets = _pots_of(self._ends)  # type: ignore[arg-type]
        return self._targets

    def _walk(self) -> Iterator[list[tuple[int, bool, int | None, Chain | None]]]:
        """Per chain end, its potentials breadth first from the end, each key once (as `chain_of`):
        (candidate, on, cause, nested chain)."""
        nodes = bool(self._ends) and isinstance(self._ends[0], tuple)
        for t in self._ends:
            seen: set[int] = set()
            out: list[tuple[int, bool, int | None, Chain | None]] = []
            todo = [t]
            while todo:
                nxt: list[Any] = []
                for p in todo:
                    if nodes:
                        key = p[0] * 2 + p[1]
                        if key in seen:
                            continue
                        seen.add(key)
                        out.append((p[0], p[1], p[2], p[5]))
                        if p[3] is not None:
                            nxt.append(p[3])
                        nxt.extend(p[4])
                    else:
                        if p.key in seen:
                            continue
                        seen.add(p.key)
                        out.append((p.idx, p.on, p.cause, p.nested))
                        nxt.extend(p.parents)
                todo = nxt
            yield out

    def _nested_complexity(self) -> int:
        total = 0
        seen: set[int] = set()
        for chain in self._walk():
            for _idx, _on, _cause, nested in chain:
                if nested is not None and id(nested) not in seen:
                    seen.add(id(nested))
                    total += nested.complexity
        return total

    def is_worth(self) -> bool:
        return any(self.removals.values())

    def removal_list(self) -> list[tuple[int, int]]:
        return [(c, d) for c in sorted(self.removals) for d in DIGITS_OF[self.removals[c]]]

    def chain_rule_parents(self, src: Board, cur: Board) -> list[tuple[int, int]]:
        """SE's collectRuleParents: candidates gone between src and cur that the chain's 'on' steps relied on."""
        out: dict[tuple[int, int], None] = {}
        for cell, d, cause in self._rule_steps():
            if cause == NAKED:
                for v in DIGITS_OF[src.cands[cell] & ~cur.cands[cell]]:
                    out[(cell, v)] = None
            else:
                gone = src.digit_cells[d + 1] & ~cur.digit_cells[d + 1] & _CAUSE_MASK[cell][cause]
                for c in bits(gone):
                    out[(c, d + 1)] = None
        return list(out)

    def as_step(self) -> Chain:
        """This hint as one step of an outer chain: a copy without its chains, which holds what
        the outer search and its hints read (removals, `_rule_steps`, complexity) and lets the
        chains go (`Chaining.implied` keeps many hint lists). One copy per hint: a hint kept
        from grid to grid (`_Kept`) stays one object, as the outer chain counts each nested
        chain once (`_nested_complexity`)."""
        if self._step is None:
            self._rule_steps()
            step = self._step = Chain.__new__(Chain)
            for name in Chain.__slots__:
                setattr(step, name, getattr(self, name))
            step._ends = []
            step._targets = []
            step.data = _NO_DATA
            step._step = None  # no cycle: the copy goes with its list
        return self._step

    def _rule_steps(self) -> list[tuple[int, int, int]]:
        """The chain's 'on' steps that a cell or house made (cell, digit - 1, cause), each once,
        in the order `chain_rule_parents` meets them: read from the chains once per hint, as a
        nested search asks for one hint's parents on many grids (`Chaining.implied`)."""
        if self._steps is None:
            # A source has no cause: a cell or region chain's sources are its cell's or house's.
            root = NAKED if self.kind == "cell" else _KIND_CAUSE[self.data["region"] // 9] \
                if self.kind == "region" else None
            steps: dict[tuple[int, int], None] = {}
            for chain in self._walk():
                for idx, on, cause, _nested in chain:
                    if on:
                        cause = root if cause is None else cause
                        if cause is not None and cause != ADVANCED:
                            steps[(idx, cause)] = None
            self._steps = [_RULE_STEP[idx * 5 + cause] for idx, cause in steps]
        return self._steps


def _pots_of(ends: list[Node]) -> list[Pot]:
    """The `Pot` chains of search nodes, each node built once (as the searches' own Pots were)."""
    made: dict[int, Pot] = {}  # by id(node); the nodes live as long as ``ends``
    for end in ends:
        todo = [end]
        while todo:
            n = todo[-1]
            if id(n) in made:
                todo.pop()
                continue
            first, more = n[3], n[4]
            missing = [q for q in ([first, *more] if first is not None else more) if id(q) not in made]
            if missing:
                todo.extend(missing)
                continue
            todo.pop()
            cell, d = divmod(n[0], 9)
            pot = Pot(cell, d + 1, n[1], made[id(first)] if first is not None else None, n[2])
            for q in more:
                pot.parents.append(made[id(q)])
            pot.nested = n[5]
            made[id(n)] = pot
    return [made[id(e)] for e in ends]


class Chaining:
    """One SE chaining producer; ``hints(grid)`` yields its hints, best first."""

    def __init__(self, multiple: bool, dynamic: bool, nishio: bool, level: int, memo: Memo | None = None) -> None:
        self.multiple = multiple
        self.dynamic = dynamic
        self.nishio = nishio
        self.level = level
        # The rating's results kept by grid, shared by the producers of one rating (`Memo`).
        self.memo = memo if memo is not None else Memo()
        self._other: list[Chaining] | None = None
        self._cache_key: Any = None
        self._cache: list[Chain] = []
        self._first_key: Any = None  # the grid `first_hint` last answered for, and its answer
        self._first: Chain | None = None
        # What the searches found from each assumption, kept from grid to grid of a path while
        # nothing they read has gone (`_Kept`): closures of the multiple, dynamic and Nishio
        # searches by candidate * 2 + on, cycle and forcing chain hints by StaticLinks bit.
        if multiple and not dynamic and not level:  # static chains: they read only what they reach
            self._closures: _Kept = _KeptReach(True, True, False)
            self._cell_hints: _Kept = _KeptReach(True, True, False)  # the hints from each cell
        else:
            self._closures = _Kept(_NEAR_X if nishio else _NEAR)
            self._cell_hints = _Kept(_NEAR_X if nishio else _NEAR)
        self._read = 0  # the candidates the closures asked for so far reached (see `_closure`)
        self._reach = _KeptReach(True, True)  # static closures as bitsets (`_static_cells`)
        self._loop_hints = {(y, x): _KeptReach(y, x) for y, x in ((False, True), (True, False), (True, True))}
        # `StaticLinks.candidates` per candidate bit and kind of links, for `first_hint`: a
        # candidate left unsearched (its chains sort after the best hint) keeps no hints, but
        # its bounds hold at the next grids while its closures do.
        self._loop_bounds = {kind: _KeptReach(*kind) for kind in self._loop_hints}
        self._links: StaticLinks | None = None
        self._static = False
        self._base: GridKey | None = None  # the key of the grid a nested search runs on

    # -------------------------------------------------------------- naming
    def difficulty(self) -> float:
        if self.level >= 2:
            return 9.5 + 0.5 * (self.level - 2)
        if self.level > 0:
            return 8.5 + 0.5 * self.level
        if self.nishio:
            return 7.5
        if self.dynamic:
            return 8.5
        if self.multiple:
            return 8.0
        raise ValueError("cycles and forcing chains rate themselves")

    def title(self) -> str:
        if self.nishio:
            return "Nishio Forcing Chains"
        if self.dynamic:
            return "Dynamic Forcing Chains" + _nested_suffix(self.level)
        if self.multiple:
            return "Multiple Forcing Chains"
        return "Forcing Chains & Cycles"

    def technique(self, hint: Chain) -> str:
        """Our technique id for one of this producer's hints."""
        if self.level >= 2:
            return "se-nested-forcing-chains"
        if self.level == 1:
            return "se-dynamic-forcing-chains-plus"
        if self.nishio:
            return "se-nishio"
        if self.dynamic:
            return "se-dynamic-forcing-chains"
        if self.multiple:
            return "se-cell-forcing-chains"
        return "se-bidirectional-cycle" if hint.kind == "cycle" else "se-forcing-chain"

    # -------------------------------------------------------------- entry
    def hints(self, grid: Board) -> Iterator[Chain]:
        key = (tuple(grid.values), tuple(grid.cands))
        if key != self._cache_key:
            self._cache = self.hint_list(grid)
            self._cache_key = key
        return iter(self._cache)

    def first_hint(self, grid: Board) -> Chain | None:
        """The hint `hints` gives first (SE takes only that one), or None when there is none.

        Forcing Chains & Cycles finds it without building every hint: SE sorts by difficulty,
        complexity and kind and keeps the first found of equals, so a search whose chains cannot
        sort before the best hint found so far (`_unary`'s bound) is skipped, and so is a whole
        kind of links whose least rating cannot. The other producers take their whole list.
        """
        key = (tuple(grid.values), tuple(grid.cands))
        if self.multiple or self.dynamic or key == self._cache_key:
            return next(self.hints(grid), None)
        if key == self._first_key:
            return self._first
        best: Chain | None = None
        bound: Bound | None = None
        for kind, ((y_links, x_links), kept) in enumerate(self._loop_hints.items()):
            kept.sync(grid)
            bounds = self._loop_bounds[y_links, x_links]
            bounds.sync(grid)
            sort_key = _kind_key(y_links, x_links)
            if bound is not None and _least_key(6.5, 0, sort_key, y_links and x_links) >= bound[:3]:
                continue  # every hint of these links sorts after the best one
            best, bound = self._loops_first(grid, y_links, x_links, kept.entries, bounds.entries, best, bound,
                                            kind * 1000)
        self._first_key, self._first = key, best
        return best

    def _loops_first(self, g: Board, y_links: bool, x_links: bool, kept: dict[int, tuple[Any, int]],
                     infos: dict[int, tuple[Any, int]], best: Chain | None, bound: Bound | None, start: int
                     ) -> tuple[Chain | None, Bound | None]:
        """`_loops` for the first hint only. A candidate's place in `_loops`' order is ``start``
        plus its rank; its hints come from ``kept``, or from `_unary` bounded by the best so far
        (kept only when complete). The closures come first, for every candidate: they tell the
        least sort key of each one's hints, and the searches then run from the least up, so that
        the best hint is found early and bounds the rest; the search stops at the first candidate
        whose least key (then place) is not below the best hint's."""
        links = None
        pending: list[tuple[Bound, int, int, tuple[int, int, int, int]]] = []
        sort_key = _kind_key(y_links, x_links)
        xy = y_links and x_links
        pos = start
        for cell in range(81):
            if g.values[cell]:
                continue
            m = g.cands[cell]
            if m.bit_count() < 2:
                continue
            for v in DIGITS_OF[m]:
                pos += 1
                got = kept.get((v - 1) * 81 + cell)
                if got is not None:
                    best, bound = _best_of(got[0], pos, best, bound)
                    continue
                if m.bit_count() > 2 and not x_links:
                    kept[(v - 1) * 81 + cell] = ([], _CELL_COLUMN[cell])  # as `_unary` finds
                    continue
                got = infos.get((v - 1) * 81 + cell)
                if got is None:
                    if links is None:
                        links = StaticLinks(g, y_links, x_links, self.memo)
                    info = links.candidates(cell, v, x_links)
                    infos[(v - 1) * 81 + cell] = (info, _CELL_COLUMN[cell] | info[3])
                else:
                    info = got[0]
                least = [_least_key(6.5, info[0], sort_key, xy)] if info[0] else []
                least += [_least_key(6.6, n, sort_key, xy) for n in info[1:3] if n]
                if not least:  # nothing to search: no hints
                    kept[(v - 1) * 81 + cell] = ([], _CELL_COLUMN[cell] | info[3])
                    continue
                pending.append((min(least) + (pos,), cell, v, info))
        pending.sort()
        for least_key, cell, v, info in pending:
            if bound is not None and least_key >= bound:
                break  # neither this candidate nor any after it has a hint that sorts first
            found: list[Chain] = []
            pos = least_key[3]
            if links is None:
                links = StaticLinks(g, y_links, x_links, self.memo)
            read, complete = self._unary(g, Pot(cell, v, True), found, y_links, x_links, links,  # type: ignore[arg-type]
                                         bound, pos, info)
            if complete:
                kept[(v - 1) * 81 + cell] = (found, read)
            best, bound = _best_of(found, pos, best, bound)
        return best, bound

    def hint_list(self, grid: Board) -> list[Chain]:
        if self.multiple or self.dynamic:
            result = self._multiple_chains(grid)
        else:
            result = []
            for (y_links, x_links), kept in self._loop_hints.items():
                kept.sync(grid)
                result += self._loops(grid, y_links, x_links, kept.entries)
        result.sort(key=lambda h: (h.difficulty, h.complexity, h.sort_key))
        return result

    # ------------------------------------------------------- cycles, X/Y chains
    def _loops(self, g: Board, y_links: bool, x_links: bool, kept: dict[int, tuple[Any, int]]) -> list[Chain]:
        """The cycle and forcing chain hints from every candidate in turn; a candidate's hints
        come from ``kept`` when nothing they were read from has gone since."""
        result: list[Chain] = []
        links = None
        for cell in range(81):
            if g.values[cell]:
                continue
            m = g.cands[cell]
            if m.bit_count() > 1:
                for v in DIGITS_OF[m]:
                    got = kept.get((v - 1) * 81 + cell)
                    if got is None:
                        if m.bit_count() > 2 and not x_links:
                            kept[(v - 1) * 81 + cell] = ([], _CELL_COLUMN[cell])  # as `_unary` finds
                            continue
                        if links is None:
                            links = StaticLinks(g, y_links, x_links, self.memo)
                        info = links.candidates(cell, v, x_links)
                        if not (info[0] or info[1] or info[2]):  # no search finds anything: `_unary`'s answer
                            kept[(v - 1) * 81 + cell] = ([], _CELL_COLUMN[cell] | info[3])
                            continue
                        found: list[Chain] = []
                        read, _ = self._unary(g, Pot(cell, v, True), found, y_links, x_links, links, info=info)
                        got = kept[(v - 1) * 81 + cell] = (found, read)
                    result += got[0]
        return result

    def _unary(self, g: Board, p_on: Pot, result: list[Chain], y_links: bool, x_links: bool,
               links: StaticLinks, bound: Bound | None = None, pos: int = 0,
               info: tuple[int, int, int, int] | None = None) -> tuple[int, bool]:
        """Add the hints from ``p_on`` to ``result``; return the candidates (StaticLinks bits)
        whose links the searches and the hints read: everything the source's closures reach and
        the source's cell (`_Kept`), and whether every hint was added: with a ``bound`` (the sort
        key and place of the best hint found so far; this candidate's place is ``pos``), a search
        whose chains cannot sort before it is skipped or cut. ``info``: `StaticLinks.candidates`
        for it if known."""
        read = _CELL_COLUMN[p_on.cell]
        if g.cands[p_on.cell].bit_count() > 2 and not x_links:
            return read, True
        cycles: list[Pot] = []
        # The bitset closure tells which of the three searches can find anything, and the least
        # complexity of what each finds; only those build their chains (the same chains: the
        # searches are unchanged).
        cycle, forcing_on, forcing_off, reach = info or links.candidates(p_on.cell, p_on.digit, x_links)
        complete = True
        sort_key = _kind_key(y_links, x_links)
        if cycle:
            longest = 1 << 30
            if bound is not None:
                # the longest cycle that may still sort before the bound
                longest = cycle - 1
                while _least_key(6.5, longest + 1, sort_key, y_links and x_links) + (pos,) < bound:
                    longest += 1
            if longest < cycle:
                complete = False
            else:
                if not self._cycles(g, {p_on.idx: p_on}, {}, y_links, x_links, cycles, p_on, links, longest):
                    complete = False
                for dst in cycles:
                    bound = self._keep(self._cycle_hint(g, dst, y_links, x_links), result, bound, sort_key, pos)
        for least, on in ((forcing_on, True), (forcing_off, False)):
            if not least:
                continue
            if bound is not None and _least_key(6.6, least, sort_key, y_links and x_links) + (pos,) >= bound:
                complete = False
                continue
            source = p_on if on else Pot(p_on.cell, p_on.digit, False)
            chains: list[Pot] = []
            self._forcing(g, {p_on.idx: source} if on else {}, {} if on else {p_on.idx: source}, y_links,
                          chains, source, links)
            for target in chains:
                bound = self._keep(self._forcing_hint(g, target, y_links, x_links), result, bound, sort_key, pos)
        return read | reach, complete

    @staticmethod
    def _keep(h: Chain, result: list[Chain], bound: Bound | None, sort_key: int, pos: int) -> Bound | None:
        """Add a worthwhile hint to ``result``; the new bound if it sorts before the old one."""
        if h.is_worth():
            result.append(h)
            key = (h.difficulty, h.complexity, sort_key, pos)
            if bound is not None and key < bound:
                return key
        return bound

    def _cycles(self, g: Board, to_on: dict[int, Pot], to_off: dict[int, Pot], y_links: bool,
                x_links: bool, cycles: list[Pot], source: Pot, links: StaticLinks,
                longest: int = 1 << 30) -> bool:
        """SE's cycle search from ``source`` (on): every way back to it at length 4 or more, up to
        complexity ``longest``; whether it found all of them (a cycle closed at length L holds L
        potentials, and L grows layer by layer, so the search stops at the first longer layer).

        The search runs on integers: a node is (candidate, parent node, cause) in ``nodes``, and
        a pending node carries the "off" candidates of its line as a 729-bit mask for SE's
        ancestor test; only the chains that close a cycle become `Pot` chains.
        """
        on_off, off_on = links.on_off, links.off_on
        src_idx = source.idx
        # An "off" met again turns nothing new on (its first node already did, one layer or
        # more earlier or before it in this one); it only matters when it can close the cycle:
        # when it is a strong partner of the source (links are symmetric).
        partners = links.off_on_mask[src_idx]
        seen_on = seen_off = 0  # candidates already "on" / "off" (bit idx)
        nodes: list[tuple[int, int, int | None]] = []
        made: dict[int, Pot] = {}
        pending_on: list[tuple[int, int, int]] = []  # (node, candidate, its line's "off"s)
        pending_off: list[tuple[int, int, int]] = []
        for pot in to_on.values():
            seen_on |= 1 << pot.idx
            made[len(nodes)] = pot
            pending_on.append((len(nodes), pot.idx, 0))
            nodes.append((pot.idx, -1, pot.cause))
        for pot in to_off.values():
            seen_off |= 1 << pot.idx
            made[len(nodes)] = pot
            pending_off.append((len(nodes), pot.idx, 1 << pot.idx))
            nodes.append((pot.idx, -1, pot.cause))
        length = 0
        while pending_on or pending_off:
            length += 1
            for i, idx, line in pending_on:
                for k, _c, _v, cause in on_off[idx]:
                    bit = 1 << k
                    # SE adds a known "off" again unless it is on this node's own line.
                    if not seen_off & bit:
                        seen_off |= bit
                    elif line & bit or not partners & bit:
                        continue
                    pending_off.append((len(nodes), k, line | bit))
                    nodes.append((k, i, cause))
            pending_on = []
            length += 1
            if length > longest:
                return not pending_off
            for i, idx, line in pending_off:
                for k, _c, _v, cause in off_on[idx]:
                    if k == src_idx:
                        if length >= 4:
                            end = _materialize(i, nodes, made)
                            cycles.append(Pot(source.cell, source.digit, True, end, cause))
                    elif not seen_on >> k & 1:
                        seen_on |= 1 << k
                        pending_on.append((len(nodes), k, line))
                        nodes.append((k, i, cause))
            pending_off = []
        return True

    def _forcing(self, g: Board, to_on: dict[int, Pot], to_off: dict[int, Pot], y_links: bool,
                 chains: list[Pot], source: Pot, links: StaticLinks) -> None:
        """SE's forcing chain search from ``source`` (one assumption) to its opposite, on integers
        like `_cycles`; the only chain end found becomes a `Pot` chain."""
        on_off, off_on = links.on_off, links.off_on
        src_idx = source.idx
        from_on = source.on
        seen_on = 1 << src_idx if from_on else 0
        seen_off = 0 if from_on else 1 << src_idx
        nodes: list[tuple[int, int, int | None]] = [(src_idx, -1, source.cause)]
        made = {0: source}
        pending_on = [0] if from_on else []
        pending_off = [] if from_on else [0]
        # The only chain end is the source's opposite, so the first one found is the only one.
        while pending_on or pending_off:
            for i in pending_on:
                for k, _c, _v, cause in on_off[nodes[i][0]]:
                    if from_on and k == src_idx:
                        chains.append(Pot(source.cell, source.digit, False, _materialize(i, nodes, made), cause))
                        return
                    if not seen_off >> k & 1:
                        seen_off |= 1 << k
                        pending_off.append(len(nodes))
                        nodes.append((k, i, cause))
            pending_on = []
            for i in pending_off:
                for k, _c, _v, cause in off_on[nodes[i][0]]:
                    if not from_on and k == src_idx:
                        chains.append(Pot(source.cell, source.digit, True, _materialize(i, nodes, made), cause))
                        return
                    if not seen_on >> k & 1:
                        seen_on |= 1 << k
                        pending_on.append(len(nodes))
                        nodes.append((k, i, cause))
            pending_off = []

    def _cycle_hint(self, g: Board, dst_on: Pot, y_links: bool, x_links: bool) -> Chain:
        cells = 0
        p = dst_on
        while p.parents:
            cells |= 1 << p.cell
            p = p.parents[0]
        forw: set[tuple[int, int]] = set()
        back: set[tuple[int, int]] = set()
        p = dst_on
        while p.parents:
            m = g.digit_cells[p.digit] & PEER_MASK[p.cell] & ~cells
            for c in bits(m):
                (forw if p.on else back).add((c, p.digit))
            p = p.parents[0]
        removals: dict[int, int] = {}
        for c, v in sorted(forw & back):
            removals[c] = removals.get(c, 0) | 1 << (v - 1)
        base = 7.0 if (y_links and x_links) else 6.5
        sort_key = _kind_key(y_links, x_links)
        h = Chain(self, "cycle", removals, [dst_on], base, sort_key, dst_on)
        h.name = ("Bidirectional Cycle" if x_links and y_links else
                  "Bidirectional Y-Cycle" if y_links else
                  "Generalized X-Wing" if cells.bit_count() == 4 else "Bidirectional X-Cycle")
        h.data = {"x": x_links, "y": y_links}
        return h

    def _forcing_hint(self, g: Board, target: Pot, y_links: bool, x_links: bool) -> Chain:
        if not target.on:
            removals = {target.cell: 1 << (target.digit - 1)}
        else:
            removals = {target.cell: g.cands[target.cell] & ~(1 << (target.digit - 1))}
        base = 7.0 if (y_links and x_links) else 6.6
        sort_key = _kind_key(y_links, x_links)
        h = Chain(self, "forcing", removals, [target], base, sort_key, None, target)
        if x_links and y_links:
            h.name = "Forcing Chain"
        elif y_links:
            h.name = "Forcing Y-Chain"
        else:
            h.name = "Turbot Fish" if ancestor_count(target) == 6 else "Forcing X-Chain"
        h.data = {"x": x_links, "y": y_links}
        return h

    # ------------------------------------------------------------ multiple chains
    # The multiple, dynamic and nested searches keep what an assumption implies in dicts from
    # candidate (cell * 9 + digit - 1) to a search node, a tuple `Node` (see below) that holds
    # the same facts as a `Pot`; only the chains of the hints that remove something become Pots.
    def _multiple_chains(self, g: Board) -> list[Chain]:
        result: list[Chain] = []
        if self.level:  # rules on the reduced grids read all of it: nothing is kept
            self._closures.entries.clear()
            self._cell_hints.entries.clear()
            # The key of the grid every chain starts from (`_advanced`): one object, which the
            # kept rule results share (a reduced grid has the same values: only candidates go).
            self._base = (tuple(g.values), tuple(g.cands))
        self._closures.sync(g)
        self._cell_hints.sync(g)
        kept = self._cell_hints.entries
        # A static chain never changes the grid: its links come from tables built once (when a
        # closure is not kept from an earlier grid). A dynamic chain reads what "on" turns off
        # from the same kind of table, minus what it has removed so far.
        self._links = None
        self._static = not self.dynamic and not self.level
        possible = self._static_cells(g) if self._static else None
        for cell in range(81):
            if g.values[cell]:
                continue
            card = g.cands[cell].bit_count()
            if card > 2 or (card > 1 and self.dynamic):
                if possible is not None and not possible >> cell & 1:
                    continue
                got = kept.get(cell)
                if got is None:
                    # The cell's hints read its candidates, the places of each of its digits
                    # in its houses (near its own candidates) and around what the closures
                    # reached, targets included.
                    self._read = 511 << cell * 9
                    hints = self._multiple_for_cell(g, cell, card)
                    got = kept[cell] = (hints, self._read)
                result += got[0]
        return result

    def _static_cells(self, g: Board) -> int:
        """The cells (a mask) whose static cell or region chains may remove something: what
        every candidate of the cell, or every place of one of its digits in a house it comes
        first in, implies in common is not empty. Read from the bitset closures of
        `StaticLinks`, which hold every potential the node search reaches (it may stop earlier,
        at a contradiction): a cell left out has no hint."""
        kept = self._reach
        kept.sync(g)
        entries = kept.entries
        links = None
        cands, dcells = g.cands, g.digit_cells

        def reach(i: int) -> tuple[int, int]:
            nonlocal links
            got = entries.get(i)
            if got is None:
                if links is None:
                    links = StaticLinks(g, True, True, self.memo)
                on, off, _ = links.closure(1 << i, 0)
                got = entries[i] = ((on, off), on | off)
            return got[0]

        def share(nodes: Iterable[int]) -> bool:
            """Whether the closures of ``nodes`` (one of them must hold) have a consequence in common."""
            on = off = -1
            for node in nodes:
                a, b = reach(node)
                on &= a
                off &= b
            return bool(on | off)

        out = 0
        for cell in range(81):
            m = cands[cell]
            if g.values[cell] or m.bit_count() <= 2:
                continue
            if share((v - 1) * 81 + cell for v in DIGITS_OF[m]):
                out |= 1 << cell
                continue
            for v in DIGITS_OF[m]:
                for house in CELL_HOUSES_SE[cell]:
                    pos = dcells[v] & HOUSE_MASK[house]
                    if pos & (pos - 1) == 0 or (pos & -pos).bit_length() - 1 != cell:
                        continue
                    if share((v - 1) * 81 + oc for oc in bits(pos)):
                        out |= 1 << cell
                        break
                if out >> cell & 1:
                    break
        return out

    def _multiple_for_cell(self, g: Board, cell: int, card: int) -> list[Chain]:
        result: list[Chain] = []
        value_to_on: dict[int, dict[int, Node]] = {}
        value_to_off: dict[int, dict[int, Node]] = {}
        cell_on: dict[int, Node] | None = None
        cell_off: dict[int, Node] | None = None
        do_double = card >= 3 and not self.nishio and self.dynamic
        do_contra = self.dynamic or self.nishio
        for v in DIGITS_OF[g.cands[cell]]:
            on_to_on, on_to_off, absurd_on = self._on_closure(g, cell, v)
            idx = cell * 9 + v - 1
            self._binary(g, on_to_on[idx], (idx, False, None, None, (), None, 1 << idx * 2), result, on_to_on,
                         on_to_off, absurd_on, do_double, do_contra)
            if not self.nishio:
                self._region_chains(g, result, cell, v, on_to_on, on_to_off)
            value_to_on[v] = on_to_on
            value_to_off[v] = on_to_off
            if cell_on is None:
                cell_on = dict(on_to_on)
                cell_off = dict(on_to_off)
            else:
                cell_on = {k: q for k, q in cell_on.items() if k in on_to_on}
                cell_off = {k: q for k, q in cell_off.items() if k in on_to_off}  # type: ignore[union-attr]
        if not self.nishio and (card == 2 or (self.multiple and card > 2)):
            for outcomes, common in ((value_to_on, cell_on), (value_to_off, cell_off)):
                for k, p in (common or {}).items():
                    h = self._reduction_hint(g, p, [outcomes[v][k] for v in DIGITS_OF[g.cands[cell]]],
                                             "cell", {"cell": cell})
                    if h is not None:
                        result.append(h)
        return result

    def _reduction_hint(self, g: Board, target: Node, chains: list[Node], kind: str,
                        data: dict[str, Any]) -> Chain | None:
        """A cell or region forcing chain hint, or None when it removes nothing."""
        cell, d = divmod(target[0], 9)
        if target[1]:
            rem = g.cands[cell] & ~(1 << d)
            if not rem:
                return None
            removals = {cell: rem}
        else:
            removals = {cell: 1 << d}
        h = Chain(self, kind, removals, chains, None, 5 if kind == "cell" else 6, None, chains[0])
        h.data = data
        prefix = "Dynamic " if self.dynamic else ""
        h.name = f"{prefix}{'Cell' if kind == 'cell' else 'Region'} Forcing Chains{_nested_suffix(self.level)}"
        return h

    def _binary(self, g: Board, p_on: Node, p_off: Node, result: list[Chain],
                on_to_on: dict[int, Node], on_to_off: dict[int, Node], absurd: tuple[Node, Node] | None,
                do_reduction: bool, do_contra: bool) -> None:
        if do_contra and absurd is not None:
            h = self._binary_hint(g, absurd[0], absurd[1], p_on, p_on, True)
            if h is not None:
                result.append(h)
        off_to_on, off_to_off, absurd = self._closure(g, p_off)
        if do_contra and absurd is not None:
            h = self._binary_hint(g, absurd[0], absurd[1], p_off, p_off, True)
            if h is not None:
                result.append(h)
        if do_reduction:
            for k, from_on in on_to_on.items():
                from_off = off_to_on.get(k)
                if from_off is not None:
                    h = self._binary_hint(g, from_on, from_off, p_on, from_on, False)
                    if h is not None:
                        result.append(h)
            for k, from_on in on_to_off.items():
                from_off = off_to_off.get(k)
                if from_off is not None:
                    h = self._binary_hint(g, from_on, from_off, p_off, from_off, False)
                    if h is not None:
                        result.append(h)

    def _binary_hint(self, g: Board, dst_on: Node, dst_off: Node, source: Node, target: Node,
                     absurd: bool) -> Chain | None:
        """A contradiction or double forcing chain hint, or None when it removes nothing."""
        # "on" hints keep the target's digit (source off in contradiction, or target on); "off" remove it.
        keep = (absurd and not source[1]) or (not absurd and target[1])
        cell, d = divmod(target[0], 9)
        if keep:
            rem = g.cands[cell] & ~(1 << d)
            if not rem:
                return None
            removals = {cell: rem}
        else:
            removals = {cell: 1 << d}
        src_pot = Pot(source[0] // 9, source[0] % 9 + 1, source[1])  # a root: no parents
        result: Pot | Node = Pot(src_pot.cell, src_pot.digit, not src_pot.on) if (self.nishio or absurd) else dst_on
        h = Chain(self, "binary", removals, [dst_on, dst_off], None, 7 if absurd else 1, src_pot, result)
        prefix = "Nishio " if self.nishio and self.level == 0 else "Dynamic " if self.dynamic else ""
        what = "Forcing" if self.nishio else "Contradiction Forcing" if absurd else "Double Forcing"
        h.name = f"{prefix}{what} Chains{_nested_suffix(self.level)}"
        h.data = {"absurd": absurd}
        return h

    def _region_chains(self, g: Board, result: list[Chain], cell: int, v: int,
                       on_to_on: dict[int, Node], on_to_off: dict[int, Node]) -> None:
        for house in CELL_HOUSES_SE[cell]:
            pos = g.digit_cells[v] & HOUSE_MASK[house]
            n = pos.bit_count()
            if not (n == 2 or (self.multiple and n > 2)):
                continue
            if (pos & -pos).bit_length() - 1 != cell:
                continue
            pos_on: list[dict[int, Node]] = []
            pos_off: list[dict[int, Node]] = []
            region_on: dict[int, Node] | None = None
            region_off: dict[int, Node] | None = None
            for oc in bits(pos):
                if oc == cell:
                    o_on, o_off = on_to_on, on_to_off
                else:
                    o_on, o_off, _absurd = self._on_closure(g, oc, v)
                pos_on.append(o_on)
                pos_off.append(o_off)
                if region_on is None:
                    region_on, region_off = dict(o_on), dict(o_off)
                else:
                    region_on = {k: q for k, q in region_on.items() if k in o_on}
                    region_off = {k: q for k, q in region_off.items() if k in o_off}  # type: ignore[union-attr]
            for outcomes, common in ((pos_on, region_on), (pos_off, region_off)):
                for k, p in (common or {}).items():
                    h = self._reduction_hint(g, p, [o[k] for o in outcomes], "region",
                                             {"region": house, "digit": v})
                    if h is not None:
                        result.append(h)

    def _on_closure(self, g: Board, cell: int, digit: int) -> tuple[dict[int, Node], dict[int, Node],
                                                                    tuple[Node, Node] | None]:
        """What assuming (cell, digit) on implies, and its contradiction if any: once per grid,
        although the cell chains and the region chains of each of its houses all ask for it."""
        idx = cell * 9 + digit - 1
        got = self._closures.entries.get(idx * 2 + 1)
        if got is None:
            return self._closure(g, (idx, True, None, None, (), None, 1 << idx * 2 + 1))
        self._read |= got[1]
        return got[0]

    def _closure(self, g: Board, source: Node) -> tuple[dict[int, Node], dict[int, Node], tuple[Node, Node] | None]:
        """What the assumption ``source`` implies (to_on, to_off) and its contradiction if any,
        kept for later grids with the candidates the search reached (`_Kept`)."""
        kept = self._closures.entries
        key = source[0] * 2 + source[1]
        got = kept.get(key)
        if got is None:
            to_on: dict[int, Node] = {}
            to_off: dict[int, Node] = {}
            (to_on if source[1] else to_off)[source[0]] = source
            if self._links is None:
                self._links = StaticLinks(g, not self.nishio, True, self.memo)
            absurd, reached = self._chain(g, to_on, to_off)
            got = kept[key] = ((to_on, to_off, absurd), reached)
        self._read |= got[1]
        return got[0]

    # ------------------------------------------------------------- the chain
    def _chain(self, src: Board, to_on: dict[int, Node], to_off: dict[int, Node]
               ) -> tuple[tuple[Node, Node] | None, int]:
        """Complete the on/off sets from the assumptions; the first contradiction (on, off), or
        None, and the candidates reached (a mask of candidate bits: the search read the grid
        only around them, `_NEAR`).

        on -> off: the cell's other candidates (not in Nishio mode) and the digit's other places
        in the cell's block, row and column, from the grid's link table. off -> on: the last
        candidate of a bivalue cell (not in Nishio mode), the last place of the digit in a block,
        row or column. A dynamic chain works on a copy of the grid from which every "off" it
        reaches is removed: "on" skips what is gone, "off" counts what is left, and the
        candidates gone from the cell or house are the new node's further parents.
        """
        links = self._links
        assert links is not None
        if self._static:
            absurd = _static_chain(links, to_on, to_off)
            reached = 0
            for k in to_on:
                reached |= 1 << k
            for k in to_off:
                reached |= 1 << k
            return absurd, reached
        g = src.copy()
        cands, dcells = g.cands, g.digit_cells
        src_cands, src_dcells = src.cands, src.digit_cells
        links_of = links.links_of
        y_links = not self.nishio
        level = self.level
        # Rules inside nested chains turn candidates off without looking at to_on, so only plain
        # chains may skip the "on"s they already hold.
        plain = level == 0
        # The candidates of to_on and to_off as 729-bit masks (bit cell * 9 + digit - 1), to skip
        # an "on" whose links are all "off" already, and to look for a contradiction only where one is.
        on_bits = off_bits = 0
        for k in to_on:
            on_bits |= 1 << k
        for k in to_off:
            off_bits |= 1 << k
        key_on, key_off = _KEY_ON, _KEY_OFF
        pending_on = deque(to_on.values())
        pending_off = deque(to_off.values())
        while pending_on or pending_off:
            if pending_on:
                p = pending_on.popleft()
                idx = p[0]
                outs, reach = links_of[idx]
                if reach & on_bits:  # perhaps a contradiction: SE's own order finds the first
                    for k, c, v, cause in outs:
                        if k in to_on:
                            if cands[c] >> (v - 1) & 1:  # still in the reduced grid
                                absurd = to_on[k], (k, False, cause, p, (), None, p[6] | key_off[k])
                                return absurd, on_bits | off_bits
                        elif k not in to_off:
                            q = (k, False, cause, p, (), None, p[6] | key_off[k])
                            to_off[k] = q
                            pending_off.append(q)
                    off_bits |= reach  # what is gone was "off" already
                elif reach | off_bits != off_bits:
                    pm = p[6]
                    for k, _c, _v, cause in outs:
                        if k not in to_off:
                            q = (k, False, cause, p, (), None, pm | key_off[k])
                            to_off[k] = q
                            pending_off.append(q)
                    off_bits |= reach
            else:
                p = pending_off.popleft()
                idx = p[0]
                cell = _CELL_OF[idx]
                d = idx - 9 * cell
                bit = 1 << d
                m = cands[cell]
                if y_links and m.bit_count() == 2:
                    other = m & ~bit
                    if other == m:  # digit absent: SE takes the first value
                        other = m & -m
                    k = cell * 9 + other.bit_length() - 1
                    if not (plain and k in to_on):
                        mask = p[6] | key_on[k]
                        gone = src_cands[cell] & ~m
                        if gone:
                            more = [to_off[cell * 9 + w - 1] for w in DIGITS_OF[gone]]
                            for r in more:
                                mask |= r[6]
                        else:
                            more = ()
                        q = (k, True, NAKED, p, more, None, mask)
                        if k in to_off:
                            return (q, to_off[k]), on_bits | off_bits
                        if k not in to_on:
                            to_on[k] = q
                            on_bits |= 1 << k
                            pending_on.append(q)
                dc = dcells[d + 1]
                seen = 0
                cb = 1 << cell
                for rm, cause in _CELL_REGIONS[cell]:
                    pos = dc & rm
                    if pos.bit_count() == 2:
                        ob = pos ^ cb if pos & cb else pos & -pos
                        if seen & ob:
                            continue
                        seen |= ob
                        k = (ob.bit_length() - 1) * 9 + d
                        if plain and k in to_on:
                            continue
                        mask = p[6] | key_on[k]
                        gone = src_dcells[d + 1] & rm & ~pos
                        if gone:
                            more = [to_off[c * 9 + d] for c in bits(gone)]
                            for r in more:
                                mask |= r[6]
                        else:
                            more = ()
                        q = (k, True, cause, p, more, None, mask)
                        if k in to_off:
                            return (q, to_off[k]), on_bits | off_bits
                        if k not in to_on:
                            to_on[k] = q
                            on_bits |= 1 << k
                            pending_on.append(q)
                if m & bit:
                    cands[cell] = m & ~bit
                    dcells[d + 1] = dc & ~cb
            if not pending_on and not pending_off and level > 0:
                for q in self._advanced(g, src, to_off):
                    if q[0] not in to_off:
                        to_off[q[0]] = q
                        off_bits |= 1 << q[0]
                        pending_off.append(q)
        return None, on_bits | off_bits

    def _other_rules(self) -> list[Chaining]:
        """SE's getOtherRules after the four pattern rules (`_basic_implied`): the chaining
        producers a chain of this level may use as one implication step."""
        if self._other is None:
            rules: list[Chaining] = []
            if self.level < 4:
                if self.level >= 2:
                    rules.append(Chaining(False, False, False, 0, self.memo))
                if self.level >= 3:
                    rules.append(Chaining(True, False, False, 0, self.memo))
            else:
                rules.append(Chaining(True, True, False, 0, self.memo))
                if self.level >= 5:
                    rules.append(Chaining(True, True, False, self.level - 3, self.memo))
            self._other = rules
        return self._other

    def implied(self, g: Board, src: Board, grid: GridKey) -> list[Implied]:
        """This producer's hints as implication steps inside a chain that started from ``src``
        (``grid`` is the key of ``g``): those with rule parents.

        The nested searches meet the same reduced grid again and again: from other assumptions,
        at the next step of the path (a candidate gone that the assumption removed anyway), and
        at the next level (whose chains repeat the level below's). A hint list depends on the
        grid alone, so it is kept by grid in the rating's `Memo.inner_hints` for every producer
        of these kinds.
        """
        key = (self.multiple, self.dynamic, self.nishio, self.level, grid)
        inner = self.memo.inner_hints
        hints = inner.get(key)
        if hints is None:
            hints = [h.as_step() for h in self.hint_list(g)]
            inner.put(key, hints)
        return _implied_steps((h.removals.items(), h.chain_rule_parents(src, g), h) for h in hints)

    def _advanced(self, g: Board, src: Board, to_off: dict[int, Node]) -> list[Node]:
        """What the first of the other rules that removes anything on the reduced grid turns off,
        each with the "off"s that made its pattern appear as parents."""
        base = self._base
        assert base is not None
        grid = (base[0], tuple(g.cands))
        found = _basic_implied(g, src, grid, base, self.memo)
        if not found:
            for rule in self._other_rules():
                found = rule.implied(g, src, grid)
                if found:
                    break
        result: list[Node] = []
        for removed, parents, nested in found:
            real = [to_off[k] for k in parents if k in to_off]
            first = real[0] if real else None
            more = real[1:]
            mask = 0
            for r in real:
                mask |= r[6]
            for k in removed:
                result.append((k, False, ADVANCED, first, more, nested, mask | 1 << 2 * k))
        return result


class StaticLinks:
    """The static implications of one grid on 729-bit sets, to tell cheaply where a chain can end.

    A candidate (cell, digit) is bit ``(digit - 1) * 81 + cell``. "On" implies "off" for the
    digit's other places in the cell's houses and, with Y-links, the cell's other digits; "off"
    implies "on" for the other place of a house with two places (X-links) and the other digit of a
    bivalue cell (Y-links). The closure of an assumption over these links holds exactly the
    potentials that the Pot search of `Chaining._forcing` reaches, so it says whether that search
    finds a chain, and whether `Chaining._cycles` can meet its source again.
    """

    __slots__ = ("grid", "planes", "all", "y_links", "x_links", "strong", "strong_mask", "on_off", "off_on",
                 "links_of", "off_on_mask", "weak_of", "on_closure", "memo")

    def __init__(self, g: Board, y_links: bool, x_links: bool, memo: Memo) -> None:
        self.grid = g
        self.memo = memo
        self.planes = tuple(g.digit_cells[d] for d in range(1, 10))
        self.all = sum(m << (d * 81) for d, m in enumerate(self.planes))
        self.y_links = y_links
        strong: dict[int, list[int]] = {}
        if x_links:
            for d, plane in enumerate(self.planes):
                for h in range(27):
                    pos = plane & HOUSE_MASK[h]
                    if pos.bit_count() == 2:
                        a = (pos & -pos).bit_length() - 1
                        b = pos.bit_length() - 1
                        strong.setdefault(d * 81 + a, []).append(d * 81 + b)
                        strong.setdefault(d * 81 + b, []).append(d * 81 + a)
        if y_links:
            for c in range(81):
                m = g.cands[c]
                if not g.values[c] and m.bit_count() == 2:
                    a = (m & -m).bit_length() - 1
                    b = m.bit_length() - 1
                    strong.setdefault(a * 81 + c, []).append(b * 81 + c)
                    strong.setdefault(b * 81 + c, []).append(a * 81 + c)
        self.strong = strong
        self.strong_mask = sum(1 << i for i in strong)
        # The same links for the Pot searches, per candidate (cell * 9 + digit - 1) in the order
        # the searches of `Chaining._chain` take them: (candidate, cell, digit, cause).
        # Built when a search first asks (most candidates never start one).
        self.x_links = x_links
        self.links_of = _Table(self._on_off_links)  # both at once, for `Chaining._chain`
        self.on_off = _Table(lambda idx: self.links_of[idx][0])
        self.off_on = _Table(self._off_on)
        # The off -> on links as a 729-bit mask of candidates (bit cell * 9 + digit - 1); the
        # on -> off links' masks come with them in `links_of`.
        self.off_on_mask = _Table(lambda idx: _mask_of(self.off_on[idx]))
        self.weak_of = _Table(self.weak)  # `weak` per bit, as the closures ask for it
        self.on_closure = _Table(self._on_closure)  # per bit: its "on"'s closure (`candidates`)

    def _on_off_links(self, idx: int) -> tuple[list[tuple[int, int, int, int]], int]:
        """What "on" at ``idx`` turns off, as links and as a mask: read only from the cell's
        candidates (with Y-links) and the digit's places among its peers, so one entry serves
        every grid (the nested searches ask on thousands of reduced grids) where those agree."""
        g = self.grid
        cell, d = divmod(idx, 9)
        key = (idx, g.cands[cell] if self.y_links else -1, g.digit_cells[d + 1] & PEER_MASK[cell])
        kept = self.memo.on_off_links
        got = kept.get(key)
        if got is None:
            if len(kept) >= self.memo.on_off_links_max:
                kept.clear()
            got = kept[key] = self._on_off(idx)
        return got

    def _on_off(self, idx: int) -> tuple[list[tuple[int, int, int, int]], int]:
        g = self.grid
        cell, d = divmod(idx, 9)
        outs: list[tuple[int, int, int, int]] = []
        if self.y_links:
            others = g.cands[cell] & ~(1 << d)
            if others:
                own = _CELL_LINKS[cell]
                outs = [own[v - 1] for v in DIGITS_OF[others]]
        dc = g.digit_cells[d + 1]
        outs += [link for c, link in _PEER_LINKS[idx] if dc >> c & 1]
        return outs, _mask_of(outs)

    def _off_on(self, idx: int) -> list[tuple[int, int, int, int]]:
        g = self.grid
        cell, digit = divmod(idx, 9)
        digit += 1
        ins: list[tuple[int, int, int, int]] = []
        m = g.cands[cell]
        if self.y_links and m.bit_count() == 2:
            v = (m & ~(1 << (digit - 1))).bit_length()
            ins.append((cell * 9 + v - 1, cell, v, NAKED))
        if self.x_links:
            seen = 0
            dcells = g.digit_cells[digit]
            for rm, cause in _CELL_REGIONS[cell]:
                pos = dcells & rm
                if pos.bit_count() == 2:
                    oc = (pos & ~(1 << cell)).bit_length() - 1
                    if not seen >> oc & 1:
                        seen |= 1 << oc
                        ins.append((oc * 9 + digit - 1, oc, digit, cause))
        return ins

    def weak(self, i: int) -> int:
        """What "on" at bit ``i`` turns off."""
        d, c = divmod(i, 81)
        out = (PEER_MASK[c] & self.planes[d]) << (d * 81)
        if self.y_links:
            out |= _CELL_COLUMN[c] & self.all & ~(1 << i)
        return out

    def closure(self, on: int, off: int) -> tuple[int, int, int]:
        """(on set, off set, what the "on"s other than the first turn off) from the assumptions."""
        return self.rounds(on, off)[:3]

    def rounds(self, on: int, off: int, watch: int = 0, partners: int = 0, blocked: int = 0
               ) -> tuple[int, int, int, int, int, int]:
        """`closure` and, for the bit ``watch`` and the bits ``partners``, the round (1, 2, ...;
        0: never) in which the closure first turns ``watch`` off, first turns one of
        ``partners`` off from an "on" other than the first, and first turns ``watch`` on. The
        "off"s of ``blocked`` turn nothing on (the closure of the chains that avoid them).

        Round r turns off what the "on"s found in round r - 1 (the assumptions in round 1) see,
        then turns on the strong partners of the new "off"s: the layers of the node searches,
        which reach a potential no sooner than this shortest alternating path does. A chain
        ending there has at least 2r potentials (`Chaining._unary` bounds its complexity so).
        """
        weak, strong = self.weak_of, self.strong
        # The first "on" is never found again: after round 1 every "on" is another one.
        others = 0
        if on & (on - 1):
            frontier = list(_bits729(on))
            for i in frontier[1:]:
                others |= weak[i]
        else:  # one assumption or none, as `_on_closure` and `candidates` ask
            frontier = [on.bit_length() - 1] if on else []
        new_off = off
        r = r_off = r_others = r_on = 0
        expand = self.strong_mask & ~blocked
        while True:
            r += 1
            added = 0
            for i in frontier:
                added |= weak[i]
            if r > 1:
                others |= added
            if not r_off and added & watch:
                r_off = r
            if not r_others and others & partners:
                r_others = r
            added &= ~off
            off |= added
            new_off |= added
            on, frontier = _partners_on(strong, new_off & expand, on)
            new_off = 0
            if not r_on and on & watch:
                r_on = r
            if not frontier:
                return on, off, others, r_off, r_others, r_on

    def partner_round(self, i: int, t: int, last: int) -> int:
        """``rounds(1 << i, 0, 0, 1 << t, 1 << t)[4]``, the round in which an "on" other than
        ``i`` first turns ``t`` off where the "off" of ``t`` turns nothing on, but 0 when that
        is after round ``last`` (the closure stops there)."""
        weak, strong = self.weak_of, self.strong
        bit = 1 << t
        expand = self.strong_mask & ~bit
        on = 1 << i
        off = added = weak[i]  # round 1: what the source sees, ``t`` among it
        r = 1
        while r < last:
            on, frontier = _partners_on(strong, added & expand, on)
            if not frontier:
                return 0
            r += 1
            added = 0
            for k in frontier:
                added |= weak[k]
            if added & bit:
                return r
            added &= ~off
            off |= added
        return 0

    def _on_closure(self, i: int) -> tuple[int, int, int, int]:
        """(on set, off set, round of the source's "off", round of a partner's "off" from
        another "on") of the closure of bit ``i`` on (`rounds`)."""
        partners = 0
        for t in self.strong.get(i, ()):
            partners |= 1 << t
        on, off, _others, r_off, r_cycle, _ = self.rounds(1 << i, 0, 1 << i, partners)
        return on, off, r_off, r_cycle

    def candidates(self, cell: int, digit: int, x_links: bool) -> tuple[int, int, int, int]:
        """Whether the cycle search and the two forcing searches from (cell, digit) can find
        a hint (a cycle that removes something, any forcing chain), as the least complexity
        of what each finds (0: nothing), and every bit the closures reached (the searches read
        no others)."""
        i = (digit - 1) * 81 + cell
        bit = 1 << i
        # A cycle returns to the source from one of its strong partners, turned off by an "on"
        # that is not the source itself (the search reaches it at length 4 or more).
        on, off, r_off, r_cycle = self.on_closure[i]
        reach = on | off
        r_on = 0
        strong = self.strong.get(i)
        if strong and (x_links or r_cycle):
            # The source "off" turns its partners on, and a partner's "on" turns the source
            # off: the closure of the source "off" holds what a partner's "on" implies (the
            # same potentials, found in other rounds: only when it turns the source on are
            # its own rounds counted).
            on2, off2 = self.on_closure[strong[0]][:2]
            if on2 & bit:
                r_on = self.rounds(0, bit, bit)[5]
            reach |= on2 | off2
            # A cycle removes a candidate outside its cells that sees one of its "on"s and one
            # of its "off"s. The "on"s lie in the closure of the source "on"; the "off"s, read
            # the other way round (links are symmetric), are "on"s of the closure of the source
            # "off": both closures turn that candidate off.
            if r_cycle and not off & off2 & ~_CELL_COLUMN[cell]:
                r_cycle = 0
            if r_cycle:
                # Sharper: going round, a cycle's "on"s hold with the source and its "off"s
                # without it, so its "on"s are "on" in the first closure and "off" in the
                # second, its "off"s the other way; what it removes sees one of each.
                same, other = 0, 0
                for k in _bits729(on & off2):
                    same |= _PEER_PLANE[k]
                for k in _bits729(off & on2):
                    other |= _PEER_PLANE[k]
                if not same & other & self.all & ~_CELL_COLUMN[cell]:
                    r_cycle = 0
        if r_cycle:
            # The "on" that turns the partner off must lie on a line that avoids the partner's
            # own "off" (SE's ancestor test): in the closure where that "off" turns nothing on.
            # No such round comes before the one without blocking (``least``).
            least, r_cycle = r_cycle, 0
            for t in self.strong[i]:
                r = self.partner_round(i, t, r_cycle - 1 if r_cycle else 1 << 30)
                if r:
                    r_cycle = r
                    if r == least:
                        break
        # A chain found in round r holds 2r potentials: the source, then an "off" and an "on"
        # per round (a cycle's last "off" leads back to the source, counted once).
        if not x_links:
            return 2 * r_cycle, 0, 0, reach
        return 2 * r_cycle, 2 * r_off, 2 * r_on, reach


class _Kept:
    """Search results of one grid kept for the next grids of a path, which mostly differ by a
    candidate or two.

    Each entry is (result, read): ``read`` is a mask of candidate bits around which the search
    read the grid, ``near[i]`` (for each candidate bit ``i``) the candidates whose presence
    decides the links of ``i``. Both SE's static and dynamic searches read a candidate's links
    only from its own cell's candidates and its digit's places in its block, row and column, so
    a result stays exact while none of those candidates is gone. ``near`` is symmetric (``j`` is
    near ``i`` exactly when ``i`` is near ``j``), so `sync` drops an entry when ``read`` meets
    what lies near the candidates gone since the last grid; any candidate coming back (another
    puzzle) drops everything.
    """

    __slots__ = ("near", "cands", "entries")

    def __init__(self, near: tuple[int, ...], plane: bool = False) -> None:
        # ``near`` by the StaticLinks bit of the candidate gone; ``plane``: the entries' masks use
        # that layout too (else cell * 9 + digit - 1).
        self.near = near if plane else tuple(near[i % 81 * 9 + i // 81] for i in range(729))
        self.cands = -1  # the last grid's candidates as StaticLinks bits (-1: none yet)
        self.entries: dict[int, tuple[Any, int]] = {}

    def sync(self, g: Board) -> None:
        """Keep only the entries that still hold in ``g``."""
        last = self.cands
        now = 0
        if len(g.cands) == 81:
            for d in range(9):
                now |= g.digit_cells[d + 1] << d * 81
        if last < 0 or now & ~last or not now:
            self.entries.clear()
        else:
            gone = last & ~now
            if gone:
                touched = self._touched(last, now, gone)
                self.entries = {k: e for k, e in self.entries.items() if not e[1] & touched}
        self.cands = now

    def _touched(self, last: int, now: int, gone: int) -> int:
        """The candidates whose links may have changed since the last grid."""
        near = self.near
        touched = 0
        for i in bits(gone):
            touched |= near[i]
        return touched


class _KeptReach(_Kept):
    """`_Kept` for the static searches of one kind of links (`StaticLinks`), whose ``read`` is
    everything their closures reached: all they read are the links of the potentials they reach.

    When candidates go, the "on"s reached lose only the weak links to what is gone (reached
    too: an "on" turns off all it sees), and an "off" reached keeps its strong links unless
    its partner went (reached too: an "off" turns its partners on) or it gains one: a house
    (X-links) or cell (Y-links) that had more than two places of the digit has two left. So a
    result holds while it reached none of the candidates gone and none of those new partners.
    """

    __slots__ = ("y_links", "x_links", "plane")

    def __init__(self, y_links: bool, x_links: bool, plane: bool = True) -> None:
        super().__init__(_NEAR_PLANE, True)
        self.y_links = y_links
        self.x_links = x_links
        self.plane = plane  # the entries' masks in StaticLinks' layout (else cell * 9 + digit - 1)

    def _touched(self, last: int, now: int, gone: int) -> int:
        touched = self._partners(last, now, gone)
        if self.plane:
            return touched
        out = 0
        for i in _bits729(touched):
            out |= 1 << (i % 81 * 9 + i // 81)
        return out

    def _partners(self, last: int, now: int, gone: int) -> int:
        touched = gone
        if self.x_links:
            for d in range(9):
                was = last >> d * 81 & _ALL81
                plane = now >> d * 81 & _ALL81
                if was == plane:
                    continue
                for h in _houses_of(was ^ plane):
                    pos = plane & HOUSE_MASK[h]
                    if pos.bit_count() == 2 and (was & HOUSE_MASK[h]).bit_count() > 2:
                        touched |= pos << d * 81
        if self.y_links:
            cells = 0
            for d in range(9):
                cells |= gone >> d * 81
            for c in bits(cells & _ALL81):
                column = _CELL_COLUMN[c]
                pos = now & column
                if pos.bit_count() == 2 and (last & column).bit_count() > 2:
                    touched |= pos
        return touched


class _Table(dict):  # type: ignore[type-arg]
    """A dict that fills an entry from ``build(key)`` the first time it is asked for."""

    def __init__(self, build: Callable[[int], Any]) -> None:
        super().__init__()
        self.build = build

    def __missing__(self, key: int) -> Any:
        value = self[key] = self.build(key)
        return value


def _static_chain(links: StaticLinks, to_on: dict[int, Node], to_off: dict[int, Node]) -> tuple[Node, Node] | None:
    """`Chaining._chain` on a grid that does not change, with its links read from ``links``:
    the same nodes in the same order, and the same first contradiction."""
    pending_on = deque(to_on.values())
    pending_off = deque(to_off.values())
    on_off, off_on = links.on_off, links.off_on
    while pending_on or pending_off:
        if pending_on:
            p = pending_on.popleft()
            for k, _c, _v, cause in on_off[p[0]]:
                if k in to_on:
                    return to_on[k], (k, False, cause, p, (), None, p[6] | 1 << 2 * k)
                if k not in to_off:
                    q = (k, False, cause, p, (), None, p[6] | 1 << 2 * k)
                    to_off[k] = q
                    pending_off.append(q)
        else:
            p = pending_off.popleft()
            for k, _c, _v, cause in off_on[p[0]]:
                if k in to_on:
                    continue
                q = (k, True, cause, p, (), None, p[6] | 1 << 2 * k + 1)
                if k in to_off:
                    return q, to_off[k]
                to_on[k] = q
                pending_on.append(q)
    return None


def _least_key(base: float, complexity: int, sort_key: int, xy: bool) -> tuple[float, int, int]:
    """The least sort key of a cycle (``base`` 6.5) or forcing chain (6.6) hint of at least
    ``complexity``: with both kinds of links the base is 7.0 (as `Chaining._cycle_hint` and
    `Chaining._forcing_hint` rate them); the rating grows with the complexity."""
    b = 7.0 if xy else base
    return b + length_increment(complexity), complexity, sort_key


def _partners_on(strong: dict[int, list[int]], offs: int, on: int) -> tuple[int, list[int]]:
    """A closure round's second half: the strong partners of the new "off"s ``offs`` that are
    not "on" yet, as (``on`` with them, them in the order found: the next round's frontier)."""
    frontier = []
    while offs:
        low = offs & -offs
        for t in strong[low.bit_length() - 1]:
            if not on >> t & 1:
                on |= 1 << t
                frontier.append(t)
        offs ^= low
    return on, frontier


def _best_of(hints: list[Chain], pos: int, best: Chain | None, bound: Bound | None
             ) -> tuple[Chain | None, Bound | None]:
    """The hint SE takes among ``best`` (sort key and place ``bound``) and ``hints`` (all from
    the candidate at place ``pos``): the least key, the first found of equals."""
    for h in hints:
        k = (h.difficulty, h.complexity, h.sort_key, pos)
        if bound is None or k < bound:
            best, bound = h, k
    return best, bound


def _kind_key(y_links: bool, x_links: bool) -> int:
    """The kind part of a cycle or forcing chain hint's sort key: X links only, Y only, both."""
    return 4 if (y_links and x_links) else 3 if y_links else 2


def _mask_of(links: list[tuple[int, int, int, int]]) -> int:
    mask = 0
    for k, _c, _v, _cause in links:
        mask |= 1 << k
    return mask


# Per cell: its peers with the cause of the link, block first, then the rest of the row, then
# of the column (the order of SE's on -> off links).
_PEERS_SE = tuple(tuple((c, cause) for m, cause in (
    (HOUSE_MASK[CELL_HOUSES_SE[cell][0]], HID_BLOCK),
    (HOUSE_MASK[CELL_HOUSES_SE[cell][1]] & ~HOUSE_MASK[CELL_HOUSES_SE[cell][0]], HID_ROW),
    (HOUSE_MASK[CELL_HOUSES_SE[cell][2]] & ~HOUSE_MASK[CELL_HOUSES_SE[cell][0]], HID_COL))
    for c in bits(m & ~(1 << cell))) for cell in range(81))
# The link tuples themselves, made once (the entries above share them): per cell, to each of its
# digits (cause NAKED); per candidate, to the same digit in each peer (block, row, column).
_CELL_LINKS = tuple(tuple((cell * 9 + v - 1, cell, v, NAKED) for v in range(1, 10)) for cell in range(81))
_PEER_LINKS = tuple(tuple((c, (c * 9 + d, c, d + 1, cause)) for c, cause in _PEERS_SE[idx // 9])
                    for idx in range(729) for d in (idx % 9,))
# Per candidate (cell * 9 + digit - 1): its cell; its key "off" and "on" as a node mask bit.
_CELL_OF = tuple(i // 9 for i in range(729))
_KEY_OFF = tuple(1 << 2 * i for i in range(729))
_KEY_ON = tuple(1 << 2 * i + 1 for i in range(729))
# Per cell: the bits of its nine digits in the 729-bit sets of `StaticLinks`.
_CELL_COLUMN = tuple(sum(1 << (d * 81 + c) for d in range(9)) for c in range(81))
_ALL81 = (1 << 81) - 1
# Per candidate bit: the same digit in the cells it sees (any candidate there or not).
_PEER_PLANE = tuple(PEER_MASK[i % 81] << (i // 81 * 81) for i in range(729))


class _HintMemo:
    """Hint lists by key, at most ``limit`` hints and lists in all: the least recently used go."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.count = 0
        self.lists: dict[Any, list[Chain]] = {}

    def get(self, key: Any) -> list[Chain] | None:
        got = self.lists.pop(key, None)
        if got is not None:
            self.lists[key] = got  # now the most recent
        return got

    def put(self, key: Any, hints: list[Chain]) -> None:
        lists = self.lists
        self.count += len(hints) + 1
        while self.count > self.limit and lists:
            self.count -= len(lists.pop(next(iter(lists)))) + 1
        lists[key] = hints


#: The memory (MB) a rating's `Memo` may fill by default: less in the browser (Pyodide's worker).
MEMORY_MB = 64 if sys.platform == "emscripten" else 256


class Memo:
    """What one rating keeps by grid for its nested searches, bounded by ``memory_mb``.

    Every entry is a pure function of its key, so a smaller bound only costs time: the
    producers of one rating share it, and it goes with the rating (`se.policy.Solver`).

    - ``inner_hints``: `Chaining.implied`'s hint lists by (producer kind, grid): the nested
      producers' grids recur across assumptions, steps and levels; some 500 bytes a hint.
    - ``basic_implied``: `_basic_implied` by (grid, start grid): the pattern rules' steps;
      some 800 bytes an entry.
    - ``on_off_links``: `StaticLinks._on_off_links` by (candidate, its cell's candidates or -1
      without Y-links, its digit's places among the cell's peers), shared by every grid; its
      lists share the link tables' tuples: some 400 bytes an entry.
    """

    __slots__ = ("inner_hints", "basic_implied", "basic_implied_max", "on_off_links", "on_off_links_max")

    def __init__(self, memory_mb: int = MEMORY_MB) -> None:
        share = max(memory_mb, 1) / MEMORY_MB  # at the default: 400,000 hints, 50,000 and 50,000 entries
        self.inner_hints = _HintMemo(int(400_000 * share))
        self.basic_implied: dict[tuple[GridKey, GridKey], list[Implied]] = {}
        self.basic_implied_max = max(int(50_000 * share), 1)
        self.on_off_links: dict[tuple[int, int, int], tuple[list[tuple[int, int, int, int]], int]] = {}
        self.on_off_links_max = max(int(50_000 * share), 1)

# `Chain._rule_steps`' steps (cell, digit - 1, cause) by candidate * 5 + cause, made once (the
# kept hints share them).
_RULE_STEP = tuple((i // 5 // 9, i // 5 % 9, i % 5) for i in range(729 * 5))
_NO_DATA: dict[str, Any] = {}  # the data of a hint kept as a step (`Chain.as_step`): none is read


def _houses_of(cells: int) -> list[int]:
    """The houses that hold any of ``cells``, in house order."""
    houses = 0
    for c in bits(cells):
        houses |= CELL_HOUSE_BITS[c]
    return list(bits(houses))


# Per candidate bit: the candidates whose presence decides its links (`_Kept`): its cell's
# candidates and its digit in its cell, block, row and column (``_X``: the digit's places only,
# for the searches without links inside a cell). Bits cell * 9 + digit - 1 and, ``_PLANE``,
# (digit - 1) * 81 + cell as in `StaticLinks`.
_NEAR_X = tuple(sum(1 << (c * 9 + i % 9) for c in bits(PEER_MASK[i // 9] | 1 << i // 9)) for i in range(729))
_NEAR = tuple(m | (511 << (i // 9 * 9)) for i, m in enumerate(_NEAR_X))
_NEAR_X_PLANE = tuple((PEER_MASK[i % 81] | 1 << i % 81) << (i // 81 * 81) for i in range(729))
_NEAR_PLANE = tuple(m | _CELL_COLUMN[i % 81] for i, m in enumerate(_NEAR_X_PLANE))


def _bits729(m: int) -> Iterator[int]:
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def _materialize(i: int, nodes: list[tuple[int, int, int | None]], made: dict[int, Pot]) -> Pot:
    """The `Pot` chain of search node ``i`` (candidate, parent node, cause); a static search
    alternates on and off from its roots, which ``made`` holds. Nodes built once are shared, as
    the search's own Pots were."""
    todo: list[int] = []
    while i not in made:
        todo.append(i)
        i = nodes[i][1]
    pot = made[i]
    for j in reversed(todo):
        idx, _parent, cause = nodes[j]
        cell, d = divmod(idx, 9)
        pot = made[j] = Pot(cell, d + 1, not pot.on, pot, cause)
    return pot


def _nested_suffix(level: int) -> str:
    if level == 1:
        return " (+)"
    if level == 2:
        return " (+ Forcing Chains)"
    if level == 3:
        return " (+ Multiple Forcing Chains)"
    if level == 4:
        return " (+ Dynamic Forcing Chains)"
    if level >= 5:
        return " (+ Dynamic Forcing Chains" + _nested_suffix(level - 3) + ")"
    return ""


# A grid as a key: its values and candidates.
GridKey = tuple[tuple[int, ...], tuple[int, ...]]
# One implication step a rule gives on a chain's reduced grid: the candidates it removes, its
# rule parents (the candidates gone from the start grid that made its pattern appear; never
# none: a pattern already in the start grid is no step of the chain) and the nested chain if
# it is one. Candidates as cell * 9 + digit - 1.
Implied = tuple[list[int], list[int], "Chain | None"]


def _implied_steps(found: Iterable[tuple[Iterable[tuple[int, int]], list[tuple[int, int]], Chain | None]]
                   ) -> list[Implied]:
    """`Implied` steps from (removals as (cell, digit mask), parents as (cell, digit), nested)."""
    out: list[Implied] = []
    for removals, parents, nested in found:
        if parents:
            removed = [c * 9 + v - 1 for c, m in removals for v in DIGITS_OF[m]]
            if removed:
                out.append((removed, [c * 9 + v - 1 for c, v in parents], nested))
    return out


def _basic_implied(g: Board, src: Board, grid: GridKey, base: GridKey, memo: Memo) -> list[Implied]:
    """The steps of the first of SE's four pattern rules (pointing and claiming, hidden pair,
    naked pair, X-Wing) that gives any on ``g`` from ``src``: kept by the two grids in the
    rating's ``memo``, as the nested searches meet the same reduced grids again."""
    key = (grid, base)
    kept = memo.basic_implied
    got = kept.get(key)
    if got is None:
        got = []
        for rule in (_locking_implied, _hidden_pair_implied, _naked_pair_implied, _x_wing_implied):
            got = _implied_steps(rule(g, src))
            if got:
                break
        if len(kept) >= memo.basic_implied_max:
            kept.clear()
        kept[key] = got
    return got


Found = Iterator[tuple[list[tuple[int, int]], list[tuple[int, int]], None]]


def _locking_implied(g: Board, src: Board) -> Found:
    for h1, h2, v, _pos, removable in find_locking(g):
        if removable:
            yield [(c, 1 << (v - 1)) for c in bits(removable)], locking_parents(h1, h2, v, src, g), None


def _hidden_pair_implied(g: Board, src: Board) -> Found:
    for h, values, union in find_hidden_sets(g, 2, False):
        removals = hidden_removals(g, values, union)
        if removals:
            yield removals, hidden_set_parents(h, values, union, src, g), None


def _naked_pair_implied(g: Board, src: Board) -> Found:
    for _h, cells, union, removals in find_naked_sets(g, 2):
        yield removals, naked_set_parents(cells, union, src, g), None


def _x_wing_implied(g: Board, src: Board) -> Found:
    for bases, _covers, cover_mask, v, rem in find_fish(g, 2):
        yield [(c, 1 << (v - 1)) for c in bits(rem)], fish_parents(bases, cover_mask, v, src, g), None


def describe(h: Chain) -> str:
    """A one-line account of a chaining hint in SE's terms."""
    ends = "; ".join(t.name() for t in h.targets)
    return f"{h.name}: {ends}"


__all__ = ["Chaining", "Chain", "Pot", "length_increment", "describe"]
