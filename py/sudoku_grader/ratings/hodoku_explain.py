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
from ..geometry import ALL_CELLS, CELL_HOUSES, DIGITS_IN, HOUSE_MASK, HOUSES, PEER_MASK, PEERS, iter_bits

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


def contradiction_options(board: Board, p: int, r: int, allowed: list[int]) -> list[list[int]]:
    """Every contradiction HoDoKu's checkOneChain reports for premise ``p`` (reach ``r``): each as the
    targets of its chains."""
    on = [(r >> (_ON + 81 * d)) & ALL_CELLS for d in range(10)]
    off = [(r >> (81 * d)) & ALL_CELLS for d in range(10)]
    options: list[list[int]] = []
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
    return options


def contradiction_length(board: Board, depths: Depths, p: int, r: int, allowed: list[int]) -> int:
    """The shortest of premise ``p``'s contradictions, chains only."""
    best = _NONE
    for targets in contradiction_options(board, p, r, allowed):
        best = min(best, depths.cost(p, targets, best - 1))
    return best


def verity_groups(board: Board, g: Graph, reach: dict[int, int], t: int) -> list[list[int]]:
    """The premises of every verity for node ``t``, in HoDoKu's order: both premises of a candidate
    (not in the target's cell), every digit of a cell, every place of a digit in rows, columns, boxes."""
    bit = 1 << t
    cell = t % 81
    groups: list[list[int]] = []
    for n in g.premises:
        if n % 81 != cell and reach[n] & reach[n - _ON] & bit:
            groups.append([n, n - _ON])
    for c in iter_bits(board.unsolved):
        ons = [_ON + 81 * d + c for d in range(1, 10) if board.cands[c] >> (d - 1) & 1]
        if all(reach[p] & bit for p in ons):
            groups.append(ons)
    for h in range(27):
        for d in range(1, 10):
            places = board.digit_cells[d] & HOUSE_MASK[h]
            if places:
                ons = [_ON + 81 * d + x for x in iter_bits(places)]
                if all(reach[p] & bit for p in ons):
                    groups.append(ons)
    return groups


def shorter_verity(board: Board, g: Graph, depths: Depths, reach: dict[int, int], t: int,
                   limit: int) -> list[int] | None:
    """The premises of the first verity for node ``t`` shorter than ``limit`` in HoDoKu's order, if any.

    Each time one is found the limit drops to its length: HoDoKu replaces only by a shorter one."""
    best: list[int] | None = None
    for premises in verity_groups(board, g, reach, t):
        total = 0
        for p in premises:
            total += depths.cost(p, [t], limit - 1 - total)
            if total >= limit:
                break
        if total < limit:
            best, limit = premises, total
    return best


# ============================================================================== nets
# A net table records, beside each node, the entries that caused it ("ret indices", up to five: the
# first is the main chain, the others are the net's branches) and a distance; HoDoKu's chain for a
# node walks these back to the premise, and a step whose chains have no branch is not a net.
class NetTable:
    """One premise's table in HoDoKu's entry order: nodes, ret indices, distances, expanded flags.

    An expanded entry came from another premise's table: its first ret index is that premise's node."""

    __slots__ = ("nodes", "ris", "dists", "expanded", "index")

    def __init__(self) -> None:
        self.nodes: list[int] = []
        self.ris: list[tuple[int, ...]] = []
        self.dists: list[int] = []
        self.expanded: list[bool] = []
        self.index: dict[int, int] = {}

    def add(self, n: int, ris: tuple[int, ...], expanded: bool = False, dist: int = -1) -> None:
        """TableEntry.addEntry: a node already there is kept; ret indices keep the largest first."""
        if n in self.index or len(self.nodes) >= MAX_ENTRIES:
            return
        i = len(self.nodes)
        if dist < 0:  # the distance follows the first ret index as given
            dist = (self.dists[ris[0]] if ris[0] < i else 0) + 1
        r = list(ris)
        for k in range(1, len(r)):  # makeSRetIndex's swaps: only the largest moves to the front
            if r[k] > r[0]:
                r[0], r[k] = r[k], r[0]
        self.index[n] = i
        self.nodes.append(n)
        self.ris.append(tuple(r))
        self.dists.append(dist)
        self.expanded.append(expanded)

    def add_caused(self, ns: list[int], ri: int) -> None:
        """`add` for nodes with one cause each, the same one (a placement's removals): the hot path."""
        index, nodes, dists, ris = self.index, self.nodes, self.dists, self.ris
        expanded = self.expanded
        cause = (ri,)
        for n in ns:
            if n in index:
                continue
            i = len(nodes)
            if i >= MAX_ENTRIES:
                return
            index[n] = i
            nodes.append(n)
            ris.append(cause)
            dists.append(dists[ri] + 1 if ri < i else 1)
            expanded.append(False)


MAX_ENTRIES = 1000


class _Work:
    """HoDoKu's Sudoku2 as the net search plays a premise on a copy: candidates, counts of places
    per house and digit, and the singles queues. Its quirks in an impossible position matter, as a
    net premise often leads to one: a removal that empties a cell stops there (the counts keep the
    cell), and a house whose count drops to none loses its queued hidden single."""

    __slots__ = ("cells", "values", "free", "ns", "hs")

    def __init__(self, board: Board, free: list[list[int]]) -> None:
        self.cells = list(board.cands)
        self.values = list(board.values)
        self.free = [row[:] for row in free]
        self.ns: list[tuple[int, int]] = []
        self.hs: list[tuple[int, int]] = []

    def _add_hidden(self, h: int, d: int) -> None:
        bit = 1 << (d - 1)
        for c in HOUSES[h]:
            if self.cells[c] & bit:
                self.hs.append((c, d))
                return

    def delete(self, c: int, d: int) -> None:
        bit = 1 << (d - 1)
        if not self.cells[c] & bit:
            return
        m = self.cells[c] = self.cells[c] & ~bit
        if not m:
            return
        if not m & (m - 1):
            self.ns.append((c, m.bit_length()))
        for h in CELL_HOUSES[c]:
            self.free[h][d] -= 1
            left = self.free[h][d]
            if left == 1:
                self._add_hidden(h, d)
            elif left == 0:
                for k, (x, v) in enumerate(self.hs):
                    if v == d and h in CELL_HOUSES[x]:
                        del self.hs[k]
                        break

    def set_cell(self, c: int, v: int) -> None:
        if self.values[c] == v:
            return
        self.values[c] = v
        own = self.cells[c]
        self.cells[c] = 0
        for x in SORTED_PEERS[c]:
            self.delete(x, v)
        for d in range(1, 10):
            if own >> (d - 1) & 1:
                for h in CELL_HOUSES[c]:
                    self.free[h][d] -= 1
                    if self.free[h][d] == 1 and d != v:
                        self._add_hidden(h, d)

    def singles(self) -> list[tuple[int, int, bool]]:
        """findAllNakedSingles then findAllHiddenSingles: the queues read, nothing consumed."""
        out = [(c, v, True) for c, v in self.ns if not self.values[c]]
        taken: set[int] = set()
        for c, v in self.hs:
            if self.values[c] or c in taken:
                continue
            if any(self.free[h][v] == 1 for h in CELL_HOUSES[c]):
                out.append((c, v, False))
                taken.add(c)
        return out


SORTED_PEERS = tuple(tuple(sorted(p)) for p in PEERS)


def house_counts(board: Board) -> list[list[int]]:
    """Sudoku2's free[house][digit]: how many cells of the house still hold the digit."""
    return [[(board.digit_cells[d] & HOUSE_MASK[h]).bit_count() for d in range(10)] for h in range(27)]


def net_table(board: Board, cell: int, d: int, on: bool, free: list[list[int]]) -> NetTable:
    """HoDoKu's getTableEntry: the premise played on a copy, four rounds of singles, every cause kept.

    ``free`` is `house_counts` of the board (the same for every premise)."""
    t = NetTable()
    work = _Work(board, free)
    orig = board.digit_cells

    def set_cell(c: int, v: int, with_causes: bool, naked: bool) -> None:
        own = work.cells[c] & ~(1 << (v - 1))
        if with_causes:
            if naked:
                causes = [81 * e + c for e in DIGITS_IN[board.cands[c]] if e != v]
            else:  # the house with the fewest places left (row, column, box on ties)
                free = work.free
                house = min(CELL_HOUSES[c], key=lambda h: free[h][v])
                causes = [81 * v + x for x in iter_bits(orig[v] & HOUSE_MASK[house] & ~(1 << c))]
            ris = tuple(t.index.get(x, 0) for x in causes[:5]) or (0,)
        else:
            ris = (0,)
        work.set_cell(c, v)
        ri = len(t.nodes)
        t.add(_ON + 81 * v + c, ris)
        base = 81 * v
        offs = [base + x for x in iter_bits(orig[v] & PEER_MASK[c])]
        offs += [81 * e + c for e in DIGITS_IN[own]]
        t.add_caused(offs, ri)

    if on:
        set_cell(cell, d, False, False)
    else:
        work.delete(cell, d)
        t.add(81 * d + cell, (0,))
        m = work.cells[cell]
        if m and not m & (m - 1):
            set_cell(cell, m.bit_length(), False, True)
    for _ in range(4):  # Options.anzTableLookAhead
        singles = work.singles()
        for c, v, naked in singles:
            set_cell(c, v, True, naked)
    return t


def expand(orig: dict[int, NetTable], p: int) -> NetTable:
    """HoDoKu's expandTables for one premise: every entry brings its own table's first-hand entries;
    an entry reached again by a shorter distance is rewritten to come from there."""
    src0 = orig[p]
    t = NetTable()
    t.nodes, t.dists = list(src0.nodes), list(src0.dists)
    t.ris, t.expanded, t.index = list(src0.ris), [False] * len(src0.nodes), dict(src0.index)
    nodes, dists, ris, expanded, index = t.nodes, t.dists, t.ris, t.expanded, t.index
    j = 1
    while j < len(nodes):
        if len(nodes) >= MAX_ENTRIES:
            break
        x = nodes[j]
        src = orig.get(x)
        if src is not None:
            base = dists[j]
            for k in range(1, len(src.nodes)):
                y = src.nodes[k]
                dist = base + src.dists[k]
                o = index.get(y)
                if o is None:
                    if len(nodes) < MAX_ENTRIES:
                        index[y] = len(nodes)
                        nodes.append(y)
                        ris.append((x,))
                        dists.append(dist)
                        expanded.append(True)
                elif expanded[o] and dists[o] > dist:
                    ris[o] = (x,)
                    dists[o] = dist
        j += 1
    return t


def net_chain(g: Graph, orig: dict[int, NetTable], t: NetTable, target: int) -> tuple[int, bool] | None:
    """HoDoKu's buildChain and addChain for one target: (the chain's length, whether it has branches).

    The main chain follows each entry's first ret index; every other ret index starts a branch that
    runs back until it meets the main chain, and counts its nodes plus one marker, once for each
    time the main chain passes the node it meets."""
    i = t.index.get(target)
    if i is None:
        return None
    main, mins, cells = _walk(g, orig, t, i, None)
    on_main = set(main)
    length = len(main)
    branches = False
    for m in mins:
        j = t.index.get(m)
        if j is None:
            continue
        branch, _, _ = _walk(g, orig, t, j, (on_main, cells))
        joins = main.count(branch[-1])  # written out at every place the main chain meets it
        if joins:
            length += len(branch) * joins
            branches = True
    return length, branches


def _walk(g: Graph, orig: dict[int, NetTable], t: NetTable, i: int,
          main: tuple[set[int], int] | None) -> tuple[list[int], list[int], int]:
    """One chain back from entry ``i``: the main chain (``main`` None), or a branch until it meets it."""
    chain = [t.nodes[i]]
    mins: list[int] = []
    cells = 0  # the main chain's cells (the target's excepted), for a branch's stop test
    cur = t
    first = i
    jumped = False
    while first != 0 and len(chain) < MAX_ENTRIES:
        if cur is t and t.expanded[first]:
            src = orig[t.ris[first][0]]
            first = src.index[t.nodes[first]]
            cur = src
            jumped = True
        ris = cur.ris[first]
        first = ris[0]
        n = cur.nodes[first]
        chain.append(n)
        if main is None:
            cells |= g.cells_of(n)
            mins.extend(cur.nodes[e] for e in ris[1:] if e)
        elif main[1] >> g.cell_of(n) & 1 and n in main[0]:
            return chain, mins, cells
        if jumped and first == 0:
            first = t.index[cur.nodes[0]]
            cur = t
            jumped = False
    return chain, mins, cells


def net_kept(board: Board, g: Graph, reach: dict[int, int], allowed: list[int],
             t: int) -> tuple[str, list[int]] | None:
    """The explanation HoDoKu names a Forcing Net step after, as (how, premises); None when no
    explanation of effect ``t`` is a net (HoDoKu's net search drops those: the step does not exist).

    As for chains: a placement keeps the kind found first, a removal is a Verity only when shorter;
    but only explanations with a branch count, each as long as its chains with their branches."""
    orig = g.orig
    tables: dict[int, NetTable] = {}

    def measure(pairs: list[tuple[int, int]]) -> tuple[int, bool] | None:
        total, net = 0, False
        for p, x in pairs:
            table = tables.get(p)
            if table is None:
                table = tables[p] = expand(orig, p)
            found = net_chain(g, orig, table, x)
            if found is None:
                return None
            total += found[0]
            net = net or found[1]
        return total, net

    neg = t - _ON if t >= _ON else t + _ON  # the premise whose contradiction proves the effect
    contra = _NONE
    for targets in contradiction_options(board, neg, reach[neg], allowed):
        found = measure([(neg, x) for x in targets])
        if found is not None and found[1]:
            contra = min(contra, found[0])
    if t >= _ON and contra < _NONE:
        return "contradiction", [neg]
    best: list[int] | None = None
    limit = contra
    for premises in verity_groups(board, g, reach, t):
        found = measure([(p, t) for p in premises])
        if found is not None and found[1] and found[0] < limit:
            best, limit = premises, found[0]
    if best is not None:
        return "verity", best
    return ("contradiction", [neg]) if contra < _NONE else None
