"""Turning a found chain into a `Step`: links in order, highlights, Eureka text, lengths."""

from __future__ import annotations

from typing import Any

from ..geometry import iter_bits
from ..step import Link, Mark, Step
from .eureka import eureka
from .graph import ALS, GROUP, ChainGraph


def chain_links(g: ChainGraph, path: list[int], strong: list[bool]) -> list[Link]:
    out = []
    for i, s in enumerate(strong):
        a, b = g.node(path[i]), g.node(path[i + 1])
        out.append(Link(a.cells, a.digit, b.cells, b.digit, s))
    return out


def chain_marks(g: ChainGraph, path: list[int], on: list[bool]) -> list[Mark]:
    """chain-on / chain-off for candidates, group / als for the other nodes (each mark once)."""
    marks: dict[tuple[int, int], str] = {}
    for i, state in zip(path, on):
        n = g.node(i)
        if n.kind == ALS:
            for c in iter_bits(n.als_cells):
                for d in iter_bits(n.als_digits):
                    marks.setdefault((c, d + 1), "als")
            continue
        role = "group" if n.kind == GROUP else ("chain-on" if state else "chain-off")
        for c in iter_bits(n.cells):
            marks.setdefault((c, n.digit), role)
    return [Mark(c, d, r) for (c, d), r in marks.items()]


def chain_step(
    technique: str,
    name: str,
    g: ChainGraph,
    path: list[int],
    strong: list[bool],
    on: list[bool],
    placements: list[tuple[int, int]],
    eliminations: list[tuple[int, int]],
    sentence: str,
    extra: dict[str, Any] | None = None,
) -> Step:
    """A chain step; ``on[i]`` is the state path[i] takes in the reading the sentence gives."""
    notation = eureka(g, path, strong, placements, eliminations)
    marks = chain_marks(g, path, on)
    marks += [Mark(c, d, "target") for c, d in eliminations]
    marks += [Mark(c, d, "target") for c, d in placements]
    info: dict[str, Any] = {
        "length": len(strong),
        "nodes": len(path),
        "eureka": notation,
        "groups": sum(1 for i in path if g.node(i).kind == GROUP),
        "als": sum(1 for i in path if g.node(i).kind == ALS) // 2,
        "digits": sorted({g.node(i).digit for i in path}),
    }
    if extra:
        info.update(extra)
    return Step(
        technique, name, placements=placements, eliminations=eliminations,
        highlights=marks, links=chain_links(g, path, strong),
        text=f"{notation}. {sentence}", extra=info,
    )


__all__ = ["chain_links", "chain_marks", "chain_step"]
