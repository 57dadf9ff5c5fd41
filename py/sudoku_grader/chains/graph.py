"""The chain model: nodes (candidates, groups, ALS digits) and their links, as bitmask tables.

A chain is a sequence of nodes joined by inferences. A *strong* link says "at
least one of the two is true" (a bivalue cell, a digit with two places in a
house, two digits of an almost locked set); read forwards: if the first is
false the second is true. A *weak* link says "not both" (same cell, or same
digit in one house); read forwards: if the first is true the second is false.

Node ids are small integers so that a set of nodes is one Python int:

- candidate (cell c, digit d): id ``(d - 1) * 81 + c`` (0..728), so a cell
  mask of digit d shifted by ``(d - 1) * 81`` is a node mask;
- group (digit d in two or three cells of one box-line intersection): 729 on;
- ALS digit (digit x of an almost locked set, standing for "x is somewhere in
  the ALS's x cells"): after the groups.

`ChainGraph` holds, per node, the mask of nodes it is strongly and weakly
linked to, and the mask of *candidates* it rules out when true (``kill``),
which is what eliminations need. Which kinds of link a graph has is set by
`GraphKind`, so an X-chain search and a grouped AIC search use the same code
on different tables. Tables are built once per position and cached.

Houses, peers and box-line intersections come from ``board.geometry``, so the same
graph serves the 6x6 grid (its node ids keep the 81-cell index space).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import cast

from ..board import Board
from ..geometry import iter_bits

CAND_NODES = 729
CAND_BITS = (1 << CAND_NODES) - 1

CANDIDATE, GROUP, ALS = 0, 1, 2


def cand_id(cell: int, digit: int) -> int:
    return (digit - 1) * 81 + cell


def cand_of(node_id: int) -> tuple[int, int]:
    """(cell, digit) of a candidate node id."""
    return node_id % 81, node_id // 81 + 1


def cells_to_nodes(cells: int, digit: int) -> int:
    """The candidate-node mask of ``digit`` in the cells of a cell mask."""
    return cells << ((digit - 1) * 81)


def nodes_to_cells(nodes: int, digit: int) -> int:
    """The cells (mask) of the candidate nodes of ``digit`` in a node mask."""
    return (nodes >> ((digit - 1) * 81)) & ((1 << 81) - 1)


@dataclass(frozen=True, slots=True)
class Node:
    """A chain node: ``digit`` in ``cells`` (one cell for a candidate).

    For an ALS node, ``als_cells``/``als_digits`` describe the whole set; the
    node is "true" when ``digit`` is placed in one of ``cells`` (the ALS cells
    holding that digit).
    """

    kind: int
    digit: int
    cells: int
    als_cells: int = 0
    als_digits: int = 0


@dataclass(frozen=True, slots=True)
class GraphKind:
    """Which links a graph has. ``digits`` restricts it to some digits (X-chains); ``als_cells`` is the
    largest ALS (in cells) used as a node. HoDoKu sets no limit; 4 keeps grouped chain searches fast (a
    median 48 ms per hard position against 180 ms with 8) and misses only a few loops."""

    house_strong: bool = True
    cell_strong: bool = True
    house_weak: bool = True
    cell_weak: bool = True
    groups: bool = False
    als: bool = False
    digits: int = 0x1FF
    als_cells: int = 4


CANDIDATES = GraphKind()
GROUPED = GraphKind(groups=True)
GROUPED_ALS = GraphKind(groups=True, als=True)
XY = GraphKind(house_strong=False, cell_weak=False)


def single_digit(digit: int) -> GraphKind:
    return GraphKind(cell_strong=False, cell_weak=False, digits=1 << (digit - 1))


class ChainGraph:
    """Nodes and link masks of one position for one `GraphKind`."""

    def __init__(self, board: Board, kind: GraphKind) -> None:
        self.kind = kind
        self.geometry = g = board.geometry
        self._peer_mask = peer_mask = g.peer_mask
        cands = board.cands
        dc = board.digit_cells
        self.nodes: list[Node] = []
        self.node_index: dict[tuple[int, int, int, int], int] = {}
        n = CAND_NODES
        self.strong: list[int] = [0] * n
        self.weak: list[int] = [0] * n
        self.kill: list[int] = [0] * n
        self.present = 0
        self._dc = dc
        self._by_digit: dict[int, list[int]] = {}
        digits = [d for d in range(1, 10) if kind.digits >> (d - 1) & 1]
        dmask = sum(1 << (d - 1) for d in digits)
        # Candidate nodes: which candidates each rules out (kill), weak links.
        for d in range(1, 10):
            off = (d - 1) * 81
            self.present |= dc[d] << off
        digit_nodes = _digit_nodes(dmask)
        for d in digits:
            off = (d - 1) * 81
            for c in iter_bits(dc[d]):
                i = off + c
                house_kill = (dc[d] & peer_mask[c]) << off
                cell_kill = 0
                for e in iter_bits(cands[c] & ~(1 << (d - 1))):
                    cell_kill |= 1 << (e * 81 + c)
                self.kill[i] = house_kill | cell_kill
                w = 0
                if kind.house_weak:
                    w |= house_kill
                if kind.cell_weak:
                    w |= cell_kill & digit_nodes
                self.weak[i] = w
                if kind.cell_strong and cands[c].bit_count() == 2:
                    e = (cands[c] & ~(1 << (d - 1))).bit_length()
                    if dmask >> (e - 1) & 1:
                        self.strong[i] |= 1 << ((e - 1) * 81 + c)
        self.nodes = list(_CAND_NODE_LIST)
        self.killed_by: list[int] = self.kill[:]  # candidates: "rules out" is symmetric
        if kind.house_strong:
            for d in digits:
                self._house_strong_links(board, d)
        if kind.als:
            self._add_als(board, kind.als_cells, dmask)

    # ------------------------------------------------------------- building
    def _node(self, node: Node) -> int:
        """Id of a group/ALS node, adding it with its kill/weak masks on first use."""
        key = (node.kind, node.digit, node.cells, node.als_cells)
        if node.kind == CANDIDATE:
            return cand_id(node.cells.bit_length() - 1, node.digit)
        i = self.node_index.get(key)
        if i is not None:
            return i
        i = len(self.nodes)
        self.nodes.append(node)
        self.node_index[key] = i
        self.strong.append(0)
        # Cells seeing every cell of the node, outside the node (and outside the ALS).
        seen = (1 << 81) - 1
        peer_mask = self._peer_mask
        for c in iter_bits(node.cells):
            seen &= peer_mask[c]
        seen &= ~node.cells & ~node.als_cells
        kill = cells_to_nodes(self._dc[node.digit] & seen, node.digit)
        self.kill.append(kill)
        self.killed_by.append(0)
        self.weak.append(kill if self.kind.house_weak else 0)
        # Make the candidate side of the weak link symmetric.
        bit = 1 << i
        for j in iter_bits(kill):
            self.weak[j] |= bit
            self.killed_by[j] |= bit
        # Weak links between this node and earlier groups of the same digit.
        for j in self._by_digit.get(node.digit, []):
            other = self.nodes[j]
            if other.cells & ~seen == 0 and not other.cells & node.cells:
                self.weak[i] |= 1 << j
                self.weak[j] |= 1 << i
        self._by_digit.setdefault(node.digit, []).append(i)
        return i

    def _house_node(self, cells: int, digit: int) -> int:
        if cells & (cells - 1) == 0:
            return cand_id(cells.bit_length() - 1, digit)
        return self._node(Node(GROUP, digit, cells))

    def _link_strong(self, a: int, b: int) -> None:
        self.strong[a] |= 1 << b
        self.strong[b] |= 1 << a

    def _house_strong_links(self, board: Board, d: int) -> None:
        dc = board.digit_cells[d]
        g = self.geometry
        house_mask = g.house_mask
        groups = self.kind.groups
        if groups:
            for _box, _line, inter in g.intersections:
                part = dc & inter
                if part.bit_count() >= 2:
                    self._node(Node(GROUP, d, part))
        for h in g.house_ids:
            p = dc & house_mask[h]
            k = p.bit_count()
            if k < 2:
                continue
            if k == 2:
                a, b = iter_bits(p)
                self._link_strong(cand_id(a, d), cand_id(b, d))
                continue
            if not groups:
                continue
            splits = (g.boxes,) if h < 18 else (g.rows, g.cols)
            for lines in splits:
                parts = [p & house_mask[x] for x in lines if p & house_mask[x]]
                if len(parts) == 2:
                    self._link_strong(self._house_node(parts[0], d), self._house_node(parts[1], d))

    def _add_als(self, board: Board, max_size: int, dmask: int) -> None:
        """ALS nodes: n cells of one house with n+1 digits; any two digits are strongly linked."""
        seen: set[int] = set()
        house_mask = self.geometry.house_mask
        for h in self.geometry.house_ids:
            cells = [c for c in iter_bits(house_mask[h] & board.unsolved) if board.cands[c]]
            for size in range(2, max_size + 1):
                for combo in combinations(cells, size):
                    digits = 0
                    for c in combo:
                        digits |= board.cands[c]
                    if digits.bit_count() != size + 1 or digits & ~dmask:
                        continue
                    mask = sum(1 << c for c in combo)
                    if mask in seen:
                        continue
                    seen.add(mask)
                    ids = []
                    for x in iter_bits(digits):
                        xcells = board.digit_cells[x + 1] & mask
                        ids.append(self._node(Node(ALS, x + 1, xcells, mask, digits)))
                    for a, b in combinations(ids, 2):
                        self._link_strong(a, b)

    # ------------------------------------------------------------- queries
    def is_candidate(self, i: int) -> bool:
        return i < CAND_NODES

    def node(self, i: int) -> Node:
        return self.nodes[i]

    def conflicts(self, a: int, b: int) -> bool:
        """True when ``a`` true forces ``b`` false (candidates only on the ``b`` side)."""
        return bool(self.kill[a] >> b & 1)


def _digit_nodes(dmask: int) -> int:
    out = 0
    for d in iter_bits(dmask):
        out |= ((1 << 81) - 1) << (d * 81)
    return out


_CAND_NODE_LIST = tuple(Node(CANDIDATE, i // 81 + 1, 1 << (i % 81)) for i in range(CAND_NODES))

def graph_for(board: Board, kind: GraphKind) -> ChainGraph:
    """The graph of this position, built once per position and kind (kept on the board)."""
    key = (tuple(board.cands), board.geometry.size)
    memo = board.memo
    if memo is None:
        memo = board.memo = {}
    name = ("graph", kind)
    hit = memo.get(name)
    if hit is not None and hit[0] == key:
        return cast(ChainGraph, hit[1])
    g = ChainGraph(board, kind)
    memo[name] = (key, g)
    return g


__all__ = [
    "ALS", "CANDIDATE", "CAND_BITS", "CAND_NODES", "CANDIDATES", "GROUP", "GROUPED", "GROUPED_ALS",
    "ChainGraph", "GraphKind", "Node", "XY", "cand_id", "cand_of", "cells_to_nodes", "graph_for",
    "nodes_to_cells", "single_digit",
]
