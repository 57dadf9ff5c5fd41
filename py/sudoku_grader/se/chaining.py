"""SE's chaining producers: cycles, forcing chains, Nishio, multiple, dynamic and nested chains.

This follows Sudoku Explainer's `Chaining(isMultiple, isDynamic, isNishio, level)`:

- A *potential* is a candidate assumed on or off; it remembers its parents (the
  potentials that imply it) so that a hint can count its ancestors: SE's
  *complexity*, which sets the rating increment (`hints.length_increment`).
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

Hints are sorted by (difficulty, complexity, kind) and the first one is taken. The parts:
`hints` (potentials, nodes, hints), `search` (the searches), `links` (the static links),
`kept` (what is kept between grids), `nested` (the pattern rules inside a chain); this
module is the producer that asks them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from ..board import Board
from ..geometry import HOUSE_MASK, PEER_MASK
from ..geometry import iter_bits as bits
from .hints import (
    ADVANCED,
    N_IDX,
    N_MASK,
    N_ON,
    Chain,
    GridKey,
    Implied,
    Node,
    Pot,
    ancestor_count,
    length_increment,
)
from .kept import MEMORY_MB, NEAR_BY_BIT, NEAR_X_BY_BIT, Kept, KeptReach, Memo
from .links import CELL_COLUMN, StaticLinks
from .nested import basic_implied, implied_steps
from .rules import CELL_HOUSES_SE, DIGITS_OF
from .search import find_cycles, find_forcing, implications

# A hint's sort key (difficulty, complexity, kind) and its candidate's place in the order of
# `Chaining._loops`: which of two hints SE takes (the first of equal keys).
Bound = tuple[float, int, int, int]


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
        # nothing they read has gone (`Kept`): closures of the multiple, dynamic and Nishio
        # searches by candidate * 2 + on, cycle and forcing chain hints by StaticLinks bit.
        if multiple and not dynamic and not level:  # static chains: they read only what they reach
            self._closures: Kept = KeptReach(True, True, False)
            self._cell_hints: Kept = KeptReach(True, True, False)  # the hints from each cell
        else:
            self._closures = Kept(NEAR_X_BY_BIT if nishio else NEAR_BY_BIT)
            self._cell_hints = Kept(NEAR_X_BY_BIT if nishio else NEAR_BY_BIT)
        self._read = 0  # the candidates the closures asked for so far reached (see `_closure`)
        self._reach = KeptReach(True, True)  # static closures as bitsets (`_static_cells`)
        self._loop_hints = {(y, x): KeptReach(y, x) for y, x in ((False, True), (True, False), (True, True))}
        # `StaticLinks.candidates` per candidate bit and kind of links, for `first_hint`: a
        # candidate left unsearched (its chains sort after the best hint) keeps no hints, but
        # its bounds hold at the next grids while its closures do.
        self._loop_bounds = {kind: KeptReach(*kind) for kind in self._loop_hints}
        self._links: StaticLinks | None = None
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
            return "Dynamic Forcing Chains" + nested_suffix(self.level)
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
                    kept[(v - 1) * 81 + cell] = ([], CELL_COLUMN[cell])  # as `_unary` finds
                    continue
                got = infos.get((v - 1) * 81 + cell)
                if got is None:
                    if links is None:
                        links = StaticLinks(g, y_links, x_links, self.memo)
                    info = links.candidates(cell, v, x_links)
                    infos[(v - 1) * 81 + cell] = (info, CELL_COLUMN[cell] | info[3])
                else:
                    info = got[0]
                least = [_least_key(6.5, info[0], sort_key, xy)] if info[0] else []
                least += [_least_key(6.6, n, sort_key, xy) for n in info[1:3] if n]
                if not least:  # nothing to search: no hints
                    kept[(v - 1) * 81 + cell] = ([], CELL_COLUMN[cell] | info[3])
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
            read, complete = self._unary(g, Pot(cell, v, True), found, y_links, x_links, links,
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
                            kept[(v - 1) * 81 + cell] = ([], CELL_COLUMN[cell])  # as `_unary` finds
                            continue
                        if links is None:
                            links = StaticLinks(g, y_links, x_links, self.memo)
                        info = links.candidates(cell, v, x_links)
                        if not (info[0] or info[1] or info[2]):  # no search finds anything: `_unary`'s answer
                            kept[(v - 1) * 81 + cell] = ([], CELL_COLUMN[cell] | info[3])
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
        the source's cell (`Kept`), and whether every hint was added: with a ``bound`` (the sort
        key and place of the best hint found so far; this candidate's place is ``pos``), a search
        whose chains cannot sort before it is skipped or cut. ``info``: `StaticLinks.candidates`
        for it if known."""
        read = CELL_COLUMN[p_on.cell]
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
                if not find_cycles(p_on, links, cycles, longest):
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
            target = find_forcing(source, links)
            if target is not None:
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
        static = not self.dynamic and not self.level
        possible = self._static_cells(g) if static else None
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
        cell, d = divmod(target[N_IDX], 9)
        if target[N_ON]:
            rem = g.cands[cell] & ~(1 << d)
            if not rem:
                return None
            removals = {cell: rem}
        else:
            removals = {cell: 1 << d}
        h = Chain(self, kind, removals, chains, None, 5 if kind == "cell" else 6, None, chains[0])
        h.data = data
        prefix = "Dynamic " if self.dynamic else ""
        h.name = f"{prefix}{'Cell' if kind == 'cell' else 'Region'} Forcing Chains{nested_suffix(self.level)}"
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
        keep = (absurd and not source[N_ON]) or (not absurd and target[N_ON])
        cell, d = divmod(target[N_IDX], 9)
        if keep:
            rem = g.cands[cell] & ~(1 << d)
            if not rem:
                return None
            removals = {cell: rem}
        else:
            removals = {cell: 1 << d}
        src_pot = Pot(source[N_IDX] // 9, source[N_IDX] % 9 + 1, source[N_ON])  # a root: no parents
        result: Pot | Node = Pot(src_pot.cell, src_pot.digit, not src_pot.on) if (self.nishio or absurd) else dst_on
        h = Chain(self, "binary", removals, [dst_on, dst_off], None, 7 if absurd else 1, src_pot, result)
        prefix = "Nishio " if self.nishio and self.level == 0 else "Dynamic " if self.dynamic else ""
        what = "Forcing" if self.nishio else "Contradiction Forcing" if absurd else "Double Forcing"
        h.name = f"{prefix}{what} Chains{nested_suffix(self.level)}"
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
        kept for later grids with the candidates the search reached (`Kept`)."""
        kept = self._closures.entries
        key = source[N_IDX] * 2 + source[N_ON]
        got = kept.get(key)
        if got is None:
            to_on: dict[int, Node] = {}
            to_off: dict[int, Node] = {}
            (to_on if source[N_ON] else to_off)[source[N_IDX]] = source
            if self._links is None:
                self._links = StaticLinks(g, not self.nishio, True, self.memo)
            # a static chain (multiple, level 0) never changes the grid; the others are dynamic
            absurd, reached = implications(g, to_on, to_off, self._links, self.dynamic or self.level > 0,
                                           not self.nishio, self.level, self._advanced)
            got = kept[key] = ((to_on, to_off, absurd), reached)
        self._read |= got[1]
        return got[0]

    # ------------------------------------------------------------- the chain

    def _other_rules(self) -> list[Chaining]:
        """SE's getOtherRules after the four pattern rules (`basic_implied`): the chaining
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
        return implied_steps((h.removals.items(), h.chain_rule_parents(src, g), h) for h in hints)

    def _advanced(self, g: Board, src: Board, to_off: dict[int, Node]) -> list[Node]:
        """What the first of the other rules that removes anything on the reduced grid turns off,
        each with the "off"s that made its pattern appear as parents."""
        base = self._base
        assert base is not None
        grid = (base[0], tuple(g.cands))
        found = basic_implied(g, src, grid, base, self.memo)
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
                mask |= r[N_MASK]
            for k in removed:
                result.append((k, False, ADVANCED, first, more, nested, mask | 1 << 2 * k))
        return result


def _least_key(base: float, complexity: int, sort_key: int, xy: bool) -> tuple[float, int, int]:
    """The least sort key of a cycle (``base`` 6.5) or forcing chain (6.6) hint of at least
    ``complexity``: with both kinds of links the base is 7.0 (as `Chaining._cycle_hint` and
    `Chaining._forcing_hint` rate them); the rating grows with the complexity."""
    b = 7.0 if xy else base
    return b + length_increment(complexity), complexity, sort_key



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



def nested_suffix(level: int) -> str:
    if level == 1:
        return " (+)"
    if level == 2:
        return " (+ Forcing Chains)"
    if level == 3:
        return " (+ Multiple Forcing Chains)"
    if level == 4:
        return " (+ Dynamic Forcing Chains)"
    if level >= 5:
        return " (+ Dynamic Forcing Chains" + nested_suffix(level - 3) + ")"
    return ""


__all__ = ["MEMORY_MB", "Chain", "Chaining", "Memo", "Pot", "length_increment"]
