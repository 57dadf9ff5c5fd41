"""3D Medusa (SudokuWiki): two-colouring clusters of strongly linked candidates across digits.

Candidates joined by strong links (bivalue cells, a digit's two places in a
house) form clusters; in each cluster one colour is all true and the other
all false. SudokuWiki's six rules come down to two checks on bitmasks:

- a colour that would rule out one of its own candidates (rules 1, 2), or
  every candidate of some cell (rule 6), is false: its candidates go and the
  other colour's are placed;
- an uncoloured candidate that a candidate of each colour would rule out
  (same house and digit, or same cell: rules 3, 4, 5) is false.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board
from ..chains.graph import CAND_BITS, CANDIDATES, ChainGraph, cand_of, graph_for, nodes_to_cells
from ..geometry import cells_name, iter_bits
from ..step import Link, Mark, Step
from .registry import technique


def clusters(g: ChainGraph) -> Iterator[tuple[int, int, list[tuple[int, int]]]]:
    """(colour A, colour B, tree links) of every cluster of two or more candidates."""
    done = 0
    for start in iter_bits(g.present):
        if done >> start & 1 or not g.strong[start] & CAND_BITS:
            continue
        colour = [1 << start, 0]
        tree: list[tuple[int, int]] = []
        frontier, side = 1 << start, 0
        seen = 1 << start
        while frontier:
            nxt = 0
            for n in iter_bits(frontier):
                new = g.strong[n] & CAND_BITS & ~seen & ~nxt
                for m in iter_bits(new):
                    tree.append((n, m))
                nxt |= new
            seen |= nxt
            side ^= 1
            colour[side] |= nxt
            frontier = nxt
        done |= seen
        yield colour[0], colour[1], tree


def _kills(g: ChainGraph, colour: int) -> int:
    out = 0
    for n in iter_bits(colour):
        out |= g.kill[n]
    return out


def _cell_emptied(board: Board, kill: int) -> int | None:
    """A cell every candidate of which ``kill`` rules out, or None."""
    alive = 0
    for d in range(1, 10):
        alive |= board.digit_cells[d] & ~nodes_to_cells(kill, d)
    empty = board.unsolved & ~alive
    return (empty & -empty).bit_length() - 1 if empty else None


def _names(nodes: int) -> str:
    by_digit: dict[int, int] = {}
    for n in iter_bits(nodes):
        c, d = cand_of(n)
        by_digit[d] = by_digit.get(d, 0) | 1 << c
    return ", ".join(f"{d} in {cells_name(m)}" for d, m in sorted(by_digit.items()))


@technique("3d-medusa", "3D Medusa", family="medusa", level=6.8, codes=("0507",),
           aliases=("medusa", "3d medusa colouring", "3D Medusa coloring"))
def medusa(board: Board) -> Iterator[Step]:
    """Colour each strong-link cluster; a colour that defeats itself is false, and what both colours
    rule out is false."""
    g = graph_for(board, CANDIDATES)
    for a, b, tree in clusters(g):
        if not b:
            continue
        ka, kb = _kills(g, a), _kills(g, b)
        marks = [Mark(*cand_of(n), "colour-a") for n in iter_bits(a)]
        marks += [Mark(*cand_of(n), "colour-b") for n in iter_bits(b)]
        links = []
        for n, m in tree:
            (c1, d1), (c2, d2) = cand_of(n), cand_of(m)
            links.append(Link(1 << c1, d1, 1 << c2, d2, True))
        size = (a | b).bit_count()
        for false, true, kill, label in ((a, b, ka, "A"), (b, a, kb, "B")):
            reason = ""
            clash = false & kill
            if clash:
                x = cand_of((clash & -clash).bit_length() - 1)
                reason = f"it would rule out its own candidate {x[1]} in {cells_name(1 << x[0])}"
            else:
                c = _cell_emptied(board, kill)
                if c is not None:
                    reason = f"it would leave {cells_name(1 << c)} without a candidate"
            if not reason:
                continue
            elims = [cand_of(n) for n in iter_bits(false)]
            places = sorted({cand_of(n) for n in iter_bits(true)})
            yield Step("3d-medusa", "3D Medusa", placements=places, eliminations=elims,
                       highlights=marks, links=links,
                       text=(f"3D Medusa: colour the cluster of strong links; colour {label} "
                             f"({_names(false)}) is false because {reason}, so the other colour is true."),
                       extra={"cluster_size": size, "rule": "colour-contradiction"})
            break
        else:
            both = ka & kb & ~(a | b) & g.present
            if both:
                elims = [cand_of(n) for n in iter_bits(both)]
                yield Step("3d-medusa", "3D Medusa", eliminations=elims,
                           highlights=marks + [Mark(c, d, "target") for c, d in elims], links=links,
                           text=(f"3D Medusa: in the cluster of strong links one colour is true; "
                                 f"{', '.join(f'r{c // 9 + 1}c{c % 9 + 1}<>{d}' for c, d in elims)} "
                                 f"would be ruled out by either colour."),
                           extra={"cluster_size": size, "rule": "both-colours"})
