"""HoDoKu's tabling search: Nice Loops, AICs, Forcing Chains and Forcing Nets as HoDoKu 2.2 finds them.

Why a second chain search beside `chains/`: a hard puzzle's HoDoKu score is the
sum over HoDoKu's own path, and which loop or forcing chain HoDoKu applies at a
step decides every later step. HoDoKu finds them with "Trebor's tables"; the
facts below come from its source (solver/TablingSolver.java, TableEntry.java,
GroupNode.java, sudoku/SolutionStep.java) and are rebuilt here in our terms.

- A *table* belongs to a premise "digit d is set in cell c" (on) or "d is not in
  c" (off). It first holds the premise's direct consequences: for chains, the
  other digits of the cell and d in the cell's peers turn off (on premise); the
  other digit of a bivalue cell and the other place of d in a house with two
  places turn on (off premise). Group nodes (2-3 cells of a box-line
  intersection) add their own strong and weak links. For nets, the premise is
  played on a copy of the grid for four rounds of naked and hidden singles,
  every placement and removal recorded.
- Tables are *expanded*: each entry's own direct consequences are appended in
  turn (a breadth-first walk), at most 1,000 entries a table. The first entry
  that reached a node is its parent; a chain is the walk back to the premise.
- Nice Loops: an entry back in the premise's cell closes a loop (discontinuous
  or continuous, by the kind of the first and last link); AICs: an off-table
  reaching a strong entry that, with the start, removes candidates. A chain that
  revisits a cell (a lasso) is dropped. One step per set of removals, shortest
  first found; then HoDoKu sorts: most removals, then the smaller weighted index
  sum over the removals ordered by digit then cell.
- Forcing chains and nets: a premise that leads to a contradiction is false; a
  result shared by both premises of a candidate, by every digit of a cell, or by
  every place of a digit in a house, is true. Each step has exactly one effect;
  HoDoKu takes a placement first (lowest cell), else the removal with the lowest
  ``cell * 10 + digit``. HoDoKu's "all places of a digit removed from a house"
  check compares with the places the placed digits still allow, not with the
  current candidates, so a house that lost candidates earlier never triggers it.

Nodes are ints: an ordinary candidate is ``810 * on + 81 * digit + cell``
(0..1619); group node ``g`` is ``1620 + 2 * g + on``. Reachable sets are bit
masks over node ids, so a table's "cells where d turns on" is one shift.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board import Board
from ..geometry import (
    ALL_CELLS,
    CELL_HOUSES,
    DIGITS_IN,
    HOUSE_MASK,
    PEER_MASK,
    cell_name,
    common_peers,
    house_name,
    iter_bits,
)
from ..step import Link, Mark, Step
from . import hodoku_explain as explain

MAX_ENTRIES = 1000  # Options.maxTableEntryLength
LOOK_AHEAD = 4  # Options.anzTableLookAhead: rounds of singles in a net table
_ON = 810
_GROUP = 1620

NAMES = {
    "continuous-nice-loop": "Continuous Nice Loop",
    "discontinuous-nice-loop": "Discontinuous Nice Loop",
    "aic": "AIC",
    "grouped-continuous-nice-loop": "Grouped Continuous Nice Loop",
    "grouped-discontinuous-nice-loop": "Grouped Discontinuous Nice Loop",
    "grouped-aic": "Grouped AIC",
    "forcing-chain-contradiction": "Forcing Chain Contradiction",
    "forcing-chain-verity": "Forcing Chain Verity",
    "forcing-net-contradiction": "Forcing Net Contradiction",
    "forcing-net-verity": "Forcing Net Verity",
}


def node(cell: int, digit: int, on: bool) -> int:
    return (_ON if on else 0) + 81 * digit + cell


@dataclass(frozen=True)
class GroupNode:
    """2 or 3 candidates of one digit in a box-line intersection, linked as one node."""

    digit: int
    cells: int  # mask
    first: int  # lowest cell
    line: int  # house index of the row or column it lies in
    box: int  # house index of its box
    buddies: int  # cells that see every cell of the node


def group_nodes(board: Board) -> list[GroupNode]:
    """HoDoKu's order: rows then columns; in each, digits 1-9, then boxes 1-9."""
    out: list[GroupNode] = []
    for lines in (range(9), range(9, 18)):
        for line in lines:
            for d in range(1, 10):
                in_line = board.digit_cells[d] & HOUSE_MASK[line]
                if not in_line:
                    continue
                for box in range(18, 27):
                    cells = in_line & HOUSE_MASK[box]
                    if cells & (cells - 1):
                        first = (cells & -cells).bit_length() - 1
                        out.append(GroupNode(d, cells, first, line, box, common_peers(cells)))
    return out


def _single(mask: int) -> int:
    """The cell of a one-cell mask, -1 otherwise."""
    if mask and not mask & (mask - 1):
        return mask.bit_length() - 1
    return -1


class Graph:
    """Direct consequences of every premise: ordered lists (chains) and masks (closures)."""

    def __init__(self, board: Board, groups: bool, nets: bool = False) -> None:
        self.board = board
        self.groups = group_nodes(board) if groups else []
        self.size = _GROUP + 2 * len(self.groups)
        self.direct: list[list[int]] = [[] for _ in range(self.size)]
        # the on-node of every candidate, by (cell, digit); its off-node is 810 lower
        self.premises = [node(c, d, True) for c in iter_bits(board.unsolved)
                         for d in range(1, 10) if board.cands[c] >> (d - 1) & 1]
        self.orig: dict[int, explain.NetTable] = {}  # nets: each premise's first-hand table
        if nets:
            self._fill_nets(board)
        else:
            self._fill_chains(board)
        self._fill_groups(board)
        if nets:
            self._orig_groups()
        self.masks = [_mask(lst) for lst in self.direct]

    # ------------------------------------------------------------------ filling
    def _fill_chains(self, board: Board) -> None:
        # node ids written out (`node` is 81 * digit + cell, plus _ON when on): this runs for every
        # candidate and its peers, and a call costs Pyodide twice CPython's price
        dc = board.digit_cells
        direct = self.direct
        for cell in iter_bits(board.unsolved):
            ds = DIGITS_IN[board.cands[cell]]
            bivalue = len(ds) == 2
            for d in ds:
                off_id = 81 * d + cell
                on_l, off_l = direct[_ON + off_id], direct[off_id]
                for c in ds:
                    if c != d:
                        on_l.append(81 * c + cell)
                        if bivalue:
                            off_l.append(_ON + 81 * c + cell)
                others = dc[d] & ~(1 << cell)
                seen_on = set(on_l)
                seen_off = set(off_l)
                base = 81 * d
                for h in CELL_HOUSES[cell]:
                    hm = others & HOUSE_MASK[h]
                    if not hm:
                        continue
                    xs = iter_bits(hm)
                    for x in xs:
                        n = base + x
                        if n not in seen_on:
                            seen_on.add(n)
                            on_l.append(n)
                    if len(xs) == 1:
                        n = _ON + base + xs[0]
                        if n not in seen_off:
                            seen_off.add(n)
                            off_l.append(n)

    def _fill_groups(self, board: Board) -> None:
        dc = board.digit_cells
        gns = self.groups
        for g, gn in enumerate(gns):
            on_g, off_g = _GROUP + 2 * g + 1, _GROUP + 2 * g
            on_l, off_l = self.direct[on_g], self.direct[off_g]
            d = gn.digit
            seeing = dc[d] & gn.buddies
            if seeing:
                for x in iter_bits(seeing):
                    on_l.append(node(x, d, False))
                    self.direct[node(x, d, True)].append(off_g)
                for area in (HOUSE_MASK[gn.box], HOUSE_MASK[gn.line]):
                    x = _single(seeing & area)
                    if x >= 0:
                        off_l.append(node(x, d, True))
                        self.direct[node(x, d, False)].append(on_g)
            partner: dict[int, int] = {}  # house -> the only other group node there (-1: several)
            for g2, other in enumerate(gns):
                if g2 == g or other.digit != d or other.cells & gn.cells:
                    continue
                for h in (gn.line, gn.box):
                    if h in (other.line, other.box):
                        partner[h] = g2 if h not in partner else -1
                        on_l.append(_GROUP + 2 * g2)
            for h in (gn.line, gn.box):
                g2 = partner.get(h, -1)
                if g2 >= 0 and not dc[d] & HOUSE_MASK[h] & ~gn.cells & ~gns[g2].cells:
                    off_l.append(_GROUP + 2 * g2 + 1)

    def _fill_nets(self, board: Board) -> None:
        """Net tables: each premise played on a copy, with four rounds of singles recorded."""
        free = explain.house_counts(board)
        for p in self.premises:
            cell, d = p % 81, (p - _ON) // 81
            for on in (True, False):
                start = node(cell, d, on)
                table = self.orig[start] = explain.net_table(board, cell, d, on, free)
                self.direct[start] = table.nodes[1:]

    def _orig_groups(self) -> None:
        """Net tables also hold the group links, first-hand (HoDoKu adds them after the nets)."""
        for start, table in self.orig.items():
            for n in self.direct[start][len(table.nodes) - 1:]:
                table.add(n, (0,))
        for n in range(_GROUP, self.size):
            table = self.orig[n] = explain.NetTable()
            table.add(n, (0,))
            for x in self.direct[n]:
                table.add(x, (0,))

    # ----------------------------------------------------------------- closures
    def closure(self, start: int) -> int:
        """Every node the premise reaches (itself included): the expanded table as a set."""
        masks = self.masks
        seen = 1 << start
        frontier = [start]
        while frontier:
            nxt: list[int] = []
            for x in frontier:
                new = masks[x] & ~seen
                if new:
                    seen |= new
                    nxt.extend(iter_bits(new))
            frontier = nxt
        return seen

    def bfs(self, start: int) -> tuple[list[int], list[int], list[int]]:
        """HoDoKu's expanded table in entry order: nodes, parent index, depth (premise 0)."""
        direct = self.direct
        order = [start]
        parent = [0]
        depth = [0]
        # nodes already entered, by id (a byte per node: indexing costs Pyodide less than a dict)
        seen = bytearray(self.size)
        seen[start] = 1
        n = 1  # len(order)
        j = 0
        while j < n:
            if n >= MAX_ENTRIES:
                break
            dj = depth[j] + 1
            for y in direct[order[j]]:
                if not seen[y]:
                    if n >= MAX_ENTRIES:
                        break
                    seen[y] = 1
                    n += 1
                    order.append(y)
                    parent.append(j)
                    depth.append(dj)
            j += 1
        return order, parent, depth

    # -------------------------------------------------------------- node facts
    def cell_of(self, n: int) -> int:
        return n % 810 % 81 if n < _GROUP else self.groups[(n - _GROUP) >> 1].first

    def cells_of(self, n: int) -> int:
        return 1 << (n % 810 % 81) if n < _GROUP else self.groups[(n - _GROUP) >> 1].cells

    def digit_of(self, n: int) -> int:
        return n % 810 // 81 if n < _GROUP else self.groups[(n - _GROUP) >> 1].digit

    def buddies_of(self, n: int) -> int:
        return PEER_MASK[n % 810 % 81] if n < _GROUP else self.groups[(n - _GROUP) >> 1].buddies

    def name_of(self, n: int) -> str:
        strong = (n >= _ON) if n < _GROUP else bool((n - _GROUP) & 1)
        cells = [cell_name(c) for c in iter_bits(self.cells_of(n))]
        return f"{'/'.join(cells)}{'=' if strong else '<>'}{self.digit_of(n)}"


def is_on(n: int) -> bool:
    return _ON <= n < _GROUP or (n >= _GROUP and bool((n - _GROUP) & 1))


def _mask(nodes: list[int]) -> int:
    m = 0
    for n in nodes:
        m |= 1 << n
    return m


# ======================================================================== forcing chains and nets
def forcing_step(board: Board, nets: bool) -> Step | None:
    """HoDoKu's Forcing Chain (``nets`` False) or Forcing Net step, or None."""
    g = Graph(board, groups=True, nets=nets)
    reach = {p: g.closure(p) for n in g.premises for p in (n, n - _ON)}
    kind = "net" if nets else "chain"
    placements: dict[int, tuple[int, _Why]] = {}  # cell -> (digit, why)
    removals: dict[tuple[int, int], _Why] = {}

    def found(effect: tuple[int, int], place: bool, why: _Why) -> None:
        if place:
            placements.setdefault(effect[0], (effect[1], why))
        else:
            removals.setdefault(effect, why)

    allowed = board.allowed_cells()  # HoDoKu compares emptied houses with these, not candidates
    for n in g.premises:
        for p in (n, n - _ON):
            bad = _contradiction(board, reach[p], allowed)
            if bad is not None:
                c, d = p % 81, p % 810 // 81
                found((c, d), p < _ON, _Why("contradiction", [p], bad[1], bad[0]))
    for n in g.premises:  # both premises of one candidate
        c0 = n % 81
        both = reach[n] & reach[n - _ON] & ~_cell_bits(c0)
        for x in iter_bits(both):
            if x < _GROUP:
                found((x % 81, x % 810 // 81), x >= _ON, _Why("verity", [n, n - _ON], [x]))
    for cell in iter_bits(board.unsolved):  # every digit of a cell
        ons = [node(cell, d, True) for d in range(1, 10) if board.cands[cell] >> (d - 1) & 1]
        _verity(ons, reach, found)
    for houses in (range(9), range(9, 18), range(18, 27)):  # every place of a digit in a house
        for h in houses:
            for d in range(1, 10):
                places = board.digit_cells[d] & HOUSE_MASK[h]
                if places:
                    _verity([node(c, d, True) for c in iter_bits(places)], reach, found)
    # HoDoKu's order: placements by cell, then removals by cell * 10 + digit
    for cell in sorted(placements):
        digit, first = placements[cell]
        why = _kept(board, g, reach, allowed, node(cell, digit, True), first, nets)
        if why is not None:
            return _forcing(g, kind, why, placement=(cell, digit))
    for effect in sorted(removals, key=lambda e: e[0] * 10 + e[1]):
        why = _kept(board, g, reach, allowed, node(effect[0], effect[1], False), removals[effect], nets)
        if why is not None:
            return _forcing(g, kind, why, removal=effect)
    return None


def _kept(board: Board, g: Graph, reach: dict[int, int], allowed: list[int], t: int, first: _Why,
          nets: bool) -> _Why | None:
    """The explanation of effect ``t`` HoDoKu names the step after (hodoku_explain says why); None
    when HoDoKu has no step for it.

    A placement keeps the kind found first: HoDoKu's sort cannot order two placements of one cell that
    differ in kind, so the earlier stays first. A removal is a Verity only when that is shorter."""
    if nets:
        kept = explain.net_kept(board, g, reach, allowed, t)
        if kept is None:
            return None
        if kept[0] == first.how == "contradiction":
            return first
        return _Why(kept[0], kept[1], [t])
    if is_on(t):
        return first
    depths = explain.Depths(g)
    limit = 1 << 30
    if first.how == "contradiction":
        p = first.premises[0]
        limit = explain.contradiction_length(board, depths, p, reach[p], allowed)
    premises = explain.shorter_verity(board, g, depths, reach, t, limit)
    return _Why("verity", premises, [t]) if premises else first


@dataclass
class _Why:
    """Why a forcing step holds: its premises, the nodes each premise reaches, and for a
    contradiction what goes wrong."""

    how: str  # contradiction | verity
    premises: list[int]
    targets: list[int]
    reason: str = ""


_CELL_NODES = tuple(sum(1 << (81 * d + c) | 1 << (_ON + 81 * d + c) for d in range(1, 10)) for c in range(81))


def _cell_bits(cell: int) -> int:
    return _CELL_NODES[cell]


def _contradiction(board: Board, r: int, allowed: list[int]) -> tuple[str, list[int]] | None:
    """HoDoKu's checkOneChain: the first contradiction in this premise's table, as (what, nodes)."""
    on = [(r >> (_ON + 81 * d)) & ALL_CELLS for d in range(10)]
    off = [(r >> (81 * d)) & ALL_CELLS for d in range(10)]
    any_on = 0
    for d in range(1, 10):
        both = on[d] & off[d]
        if both:
            x = (both & -both).bit_length() - 1
            return f"{cell_name(x)} would be {d} and not {d}", [node(x, d, True), node(x, d, False)]
        clash = on[d] & any_on
        if clash:
            x = (clash & -clash).bit_length() - 1
            e = next(e for e in range(1, d) if on[e] >> x & 1)
            return f"{cell_name(x)} would be both {e} and {d}", [node(x, e, True), node(x, d, True)]
        any_on |= on[d]
        m = on[d]
        if m & (m - 1):
            for h in range(27):
                hm = m & HOUSE_MASK[h]
                if hm & (hm - 1):
                    return (f"{d} would be twice in {house_name(h)}",
                            [node(x, d, True) for x in iter_bits(hm)])
    empty = board.unsolved & ~any_on
    for d in range(1, 10):
        empty &= off[d] | ~board.digit_cells[d]
    if empty:
        x = (empty & -empty).bit_length() - 1
        return (f"{cell_name(x)} would have no candidate left",
                [node(x, d, False) for d in range(1, 10) if board.cands[x] >> (d - 1) & 1])
    for d in range(1, 10):
        if not off[d]:
            continue
        for h in range(27):
            places = allowed[d] & HOUSE_MASK[h]
            if places and places & ~off[d] == 0:
                return (f"{d} would have no place left in {house_name(h)}",
                        [node(x, d, False) for x in iter_bits(places)])
    return None


def _verity(premises: list[int], reach: dict[int, int], found) -> None:
    common = -1
    for p in premises:
        common &= reach[p]
    common &= (1 << _GROUP) - 1
    for x in iter_bits(common):
        found((x % 81, x % 810 // 81), x >= _ON, _Why("verity", premises, [x]))


def _forcing(g: Graph, kind: str, why: _Why, placement: tuple[int, int] | None = None,
             removal: tuple[int, int] | None = None) -> Step:
    tid = f"forcing-{kind}-{why.how}"
    effect = (f"{cell_name(placement[0])}={placement[1]}" if placement
              else f"{cell_name(removal[0])}<>{removal[1]}")  # type: ignore[index]
    chains = []
    links = []
    for p in why.premises:
        order, parent, _ = g.bfs(p)
        at = {n: j for j, n in enumerate(order)}
        for t in why.targets:
            if t in at:
                path = _path(order, parent, at[t])
                chains.append(" -> ".join(g.name_of(n) for n in path))
                links += [Link(g.cells_of(a), g.digit_of(a), g.cells_of(b), g.digit_of(b), is_on(b))
                          for a, b in zip(path, path[1:]) if g.cells_of(a) != g.cells_of(b)]
    step_word = "one or more rounds of singles" if kind == "net" else "a direct inference"
    proof = "; ".join(chains)
    if why.how == "contradiction":
        text = (f"Assuming {g.name_of(why.premises[0])} leads to a contradiction ({why.reason}): {proof}. "
                f"So it is false: {effect}.")
    else:
        starts = ", ".join(g.name_of(p) for p in why.premises)
        text = f"Each of {starts} leads to {effect}: {proof}. So {effect} holds."
    text += f" (HoDoKu's {kind} tables; each arrow is {step_word}.)"
    marks = [Mark(p % 81, p % 810 // 81, "chain-on" if p >= _ON else "chain-off") for p in why.premises]
    if placement:
        marks.append(Mark(placement[0], placement[1], "target"))
    return Step(tid, NAMES[tid], placements=[placement] if placement else [],
                eliminations=[removal] if removal else [], highlights=marks, links=links, text=text,
                extra={"premises": len(why.premises)})


# ============================================================================ nice loops and AICs
@dataclass
class _Found:
    tid: str
    elims: list[tuple[int, int]]  # sorted by (digit, cell), no repeats
    chain: list[int]  # nodes, premise first
    order: int


def nice_loop_step(board: Board, grouped: bool) -> Step | None:
    """HoDoKu's Nice Loop / AIC step (grouped: with group nodes), or None."""
    g, found = _nice_loops(board, grouped)
    return _to_step(g, _hodoku_first(found)) if found else None


def all_nice_loops(board: Board, grouped: bool) -> list[Step]:
    """Every loop HoDoKu's search keeps (one per type and set of removals), in the order found."""
    g, found = _nice_loops(board, grouped)
    return [_to_step(g, f) for f in found]


def _nice_loops(board: Board, grouped: bool) -> tuple[Graph, list[_Found]]:
    g = Graph(board, groups=grouped)
    found: list[_Found] = []
    best_of: dict[tuple[str, tuple[tuple[int, int], ...]], int] = {}

    def keep(tid: str, elims: set[tuple[int, int]], chain: list[int]) -> None:
        if any(n >= _GROUP for n in chain):
            tid = "grouped-" + tid
        key = (tid, tuple(sorted(elims, key=lambda e: (e[1], e[0]))))
        old = best_of.get(key)
        if old is not None and len(found[old].chain) <= len(chain):
            return
        best_of[key] = len(found)
        found.append(_Found(tid, list(key[1]), chain, len(found)))

    # HoDoKu checks the on-tables, then the off-tables, each by cell * 10 + digit
    by_index = sorted(g.premises + [n - _ON for n in g.premises], key=lambda n: (n < _ON, n % 81, n % 810 // 81))
    tables = {p: g.bfs(p) for p in by_index}
    for p in by_index:
        order, parent, depth = tables[p]
        start = p % 81
        for j in range(1, len(order)):
            n = order[j]
            if n < _GROUP and n % 81 == start and depth[j] >= 2:
                _nice_loop(board, g, p, order, parent, j, keep)
    for p in by_index:
        if p >= _ON:
            continue
        order, parent, depth = tables[p]
        _aics(board, g, p, order, parent, depth, keep)
    return g, found


def _path(order: list[int], parent: list[int], j: int) -> list[int]:
    out = []
    while True:
        out.append(order[j])
        if j == 0:
            break
        j = parent[j]
    out.reverse()
    return out


def _lasso(g: Graph, chain: list[int], aic: bool) -> bool:
    """HoDoKu's check that no node returns to a cell the chain left earlier (the start excepted for loops)."""
    used = 0
    first = g.cell_of(chain[0])
    last = -1
    last_node = -1
    for n in chain:
        c = g.cell_of(n)
        if used >> c & 1:
            return True
        if last != -1 and (last != first or aic):
            used |= g.cells_of(last_node) | 1 << last
        last, last_node = c, n
    return False


def _nice_loop(board: Board, g: Graph, p: int, order: list[int], parent: list[int], j: int, keep) -> None:
    chain = _path(order, parent, j)
    if g.cell_of(chain[-2]) == g.cell_of(chain[-1]):
        return  # the last link stays in the start cell: a shorter loop covers it
    if _lasso(g, chain, aic=False):
        return
    if g.cell_of(chain[0]) == g.cell_of(chain[1]):
        return  # the first link must leave the start cell
    first_strong = p < _ON  # the table's first entry: off-premises start with a strong link
    end = chain[-1]
    last_strong = is_on(end)
    start, d0, d1 = p % 81, p % 810 // 81, g.digit_of(end)
    elims: set[tuple[int, int]] = set()
    tid = "discontinuous-nice-loop"
    cands = board.cands[start]
    if not first_strong and not last_strong and d0 == d1:
        elims.add((start, d0))
    elif first_strong and last_strong and d0 == d1:
        elims.update((start, d) for d in range(1, 10) if cands >> (d - 1) & 1 and d != d0)
    elif first_strong != last_strong and d0 != d1:
        elims.add((start, d0) if not first_strong else (start, d1))
    elif ((not first_strong and not last_strong and cands.bit_count() == 2 and d0 != d1)
          or (first_strong and last_strong and d0 != d1)
          or (first_strong != last_strong and d0 == d1)):
        tid = "continuous-nice-loop"
        _continuous(board, g, chain, first_strong and last_strong, d0, d1, elims)
    if elims:
        keep(tid, elims, chain)


def _continuous(board: Board, g: Graph, nl: list[int], both_strong: bool, d0: int, d1: int,
                elims: set[tuple[int, int]]) -> None:
    """A continuous loop's removals: cells entered and left by strong links, and weak links between cells."""
    last = len(nl) - 1
    start = g.cell_of(nl[0])
    chain_cells = 0
    for n in nl[:-1]:
        chain_cells |= g.cells_of(n)
    cell = g.cell_of
    for i in range(last + 1):
        n = nl[i]
        if (i == 0 and both_strong) or (i > 0 and is_on(n) and i <= last - 2 and cell(nl[i - 1]) != cell(n)):
            if i == 0 or (not is_on(nl[i + 1]) and cell(n) == cell(nl[i + 1]) and is_on(nl[i + 2])
                          and cell(nl[i + 1]) != cell(nl[i + 2])):
                c1, c2 = (d0, d1) if i == 0 else (g.digit_of(n), g.digit_of(nl[i + 2]))
                c = cell(n)
                elims.update((c, d) for d in range(1, 10)
                             if board.cands[c] >> (d - 1) & 1 and d not in (c1, c2))
        if i > 0 and not is_on(n) and cell(nl[i - 1]) != cell(n):
            d = g.digit_of(n)
            seen = g.buddies_of(nl[i - 1]) & g.buddies_of(n) & ~chain_cells & ~(1 << start)
            elims.update((c, d) for c in iter_bits(seen & board.digit_cells[d]))


def _aics(board: Board, g: Graph, p: int, order: list[int], parent: list[int], depth: list[int], keep) -> None:
    start, d0 = p % 81, p % 810 // 81
    for j in range(1, len(order)):
        n = order[j]
        if n >= _GROUP or n < _ON or n % 81 == start:
            continue
        end, d1 = n % 81, n % 810 // 81
        if d0 == d1:
            common = PEER_MASK[start] & PEER_MASK[end] & board.digit_cells[d0]
            if not common & (common - 1):
                continue  # fewer than two removals: a Nice Loop covers it
            if depth[j] < 2:
                continue
            elims = {(c, d0) for c in iter_bits(common)}
        else:
            if not PEER_MASK[start] >> end & 1:
                continue
            if not (board.cands[end] >> (d0 - 1) & 1 and board.cands[start] >> (d1 - 1) & 1):
                continue
            if depth[j] < 2:
                continue
            elims = {(start, d1), (end, d0)}
        chain = _path(order, parent, j)
        if _lasso(g, chain, aic=True):
            continue
        keep("aic", elims, chain)


def index_sum(elims: list[tuple[int, int]]) -> int:
    """HoDoKu's weighted index sum of removals in list order (SolutionStep.getIndexSumme): weights 1, 81, 161..."""
    total, weight = 0, 1
    for cell, digit in elims:
        total += cell * weight + digit
        weight += 80
    return total


def _hodoku_first(found: list[_Found]) -> _Found:
    """HoDoKu's stable sort: most removals, smaller index sum; among equal removals of one type, the shorter."""
    best = min(found, key=lambda f: (-len(f.elims), index_sum(f.elims), f.order))
    for f in found:
        if f.order > best.order and f.tid == best.tid and f.elims == best.elims and len(f.chain) < len(best.chain):
            best = f
    return best


def _to_step(g: Graph, f: _Found) -> Step:
    chain = f.chain
    links = []
    marks = []
    for a, b in zip(chain, chain[1:]):
        if g.cells_of(a) == g.cells_of(b) and g.digit_of(a) == g.digit_of(b):
            continue
        links.append(Link(g.cells_of(a), g.digit_of(a), g.cells_of(b), g.digit_of(b), is_on(b)))
    for n in chain:
        role = "chain-on" if is_on(n) else "chain-off"
        if n >= _GROUP:
            role = "group"
        for c in iter_bits(g.cells_of(n)):
            marks.append(Mark(c, g.digit_of(n), role))
    text = (f"{NAMES[f.tid]} (HoDoKu's tables): " + " -> ".join(g.name_of(n) for n in chain)
            + " => " + ", ".join(f"{cell_name(c)}<>{d}" for c, d in f.elims) + ".")
    return Step(f.tid, NAMES[f.tid], eliminations=list(f.elims), highlights=marks, links=links, text=text,
                extra={"length": len(chain)})
