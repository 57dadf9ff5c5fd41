"""Eureka notation for chains: ``(5)r2c3=(5)r2c8-(5)r7c8=(5)r7c3 => r4c3<>5``.

A node is ``(digit)cells``; ``=`` is a strong link, ``-`` a weak one. Two
nodes in the same cell (or the same ALS) joined by a strong link are written
as one term, ``(5=3)r2c3`` for a bivalue cell and ``(5=16)r5c45`` for an
almost locked set, as players write them.
"""

from __future__ import annotations

from ..geometry import cells_name
from ..step import candidate_name, placement_name
from .graph import ALS, ChainGraph, Node


def node_text(node: Node) -> str:
    if node.kind == ALS:
        return f"({node.digit})ALS:{cells_name(node.als_cells)}"
    return f"({node.digit}){cells_name(node.cells)}"


def _same_place(a: Node, b: Node) -> bool:
    if a.kind == ALS or b.kind == ALS:
        return a.kind == b.kind and a.als_cells == b.als_cells
    return a.cells == b.cells and a.cells & (a.cells - 1) == 0


def _als_rest(a: Node, b: Node) -> str:
    """Digits of the ALS other than the entry digit ``a``: what the ALS locks when ``a`` is gone."""
    return "".join(str(d + 1) for d in range(9) if b.als_digits >> d & 1 and d + 1 != a.digit)


def chain_text(g: ChainGraph, path: list[int], strong: list[bool]) -> str:
    """The chain ``path`` with ``strong[i]`` the type of the link from path[i] to path[i+1]."""
    nodes = [g.node(i) for i in path]
    out: list[str] = []
    i = 0
    while i < len(nodes):
        a = nodes[i]
        if i + 1 < len(nodes) and strong[i] and _same_place(a, nodes[i + 1]):
            b = nodes[i + 1]
            where = cells_name(a.als_cells) if a.kind == ALS else cells_name(a.cells)
            rest = _als_rest(a, b) if a.kind == ALS else str(b.digit)
            out.append(f"({a.digit}={rest}){where}")
            i += 2
            if i < len(nodes):
                out.append("=" if strong[i - 1] else "-")
            continue
        out.append(node_text(a))
        if i + 1 < len(nodes):
            out.append("=" if strong[i] else "-")
        i += 1
    return "".join(out)


def effect_text(placements: list[tuple[int, int]], eliminations: list[tuple[int, int]]) -> str:
    parts = [placement_name(c, d) for c, d in placements]
    parts += [candidate_name(c, d) for c, d in sorted(eliminations, key=lambda e: (e[1], e[0]))]
    return ", ".join(parts)


def eureka(g: ChainGraph, path: list[int], strong: list[bool],
           placements: list[tuple[int, int]], eliminations: list[tuple[int, int]]) -> str:
    return f"{chain_text(g, path, strong)} => {effect_text(placements, eliminations)}"


__all__ = ["chain_text", "effect_text", "eureka", "node_text"]
