"""Colouring on one digit: simple colours (trap, wrap) and multi colours (HoDoKu's types 1 and 2).

For a digit, every conjugate pair (a house with exactly two places) is a
strong link: exactly one end is the digit. Cells joined by strong links form
*clusters*, and each cluster splits into two colours of which exactly one is
all true. HoDoKu's definitions:

- Simple Colors Trap: a cell outside the cluster that sees both colours loses
  the digit (one of the colours is true).
- Simple Colors Wrap: two cells of one colour see each other, so that colour
  is false and every cell of it loses the digit.
- Multi Colors 1: a colour of one cluster sees a colour of another, so not
  both are true: one of the two *other* colours is true, and cells seeing both
  of those lose the digit.
- Multi Colors 2: a colour sees both colours of another cluster; one of those
  is true, so the colour is false and its cells lose the digit.

SudokuWiki calls these Simple Colouring (Colour Trap / Colour Wrap) and
Multi-Colouring.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board
from ..geometry import PEER_MASK, cells_name, iter_bits
from ..step import Mark, Step
from .registry import technique
from .single_digit import strong_links

FAMILY = "coloring"  # every colouring runs on 6x6 too: the finders read board.geometry


def clusters(board: Board, digit: int) -> list[tuple[int, int]]:
    """The digit's clusters as (colour A cells, colour B cells) masks, in cell order."""
    adj: dict[int, list[int]] = {}
    for _, a, b in strong_links(board, digit):
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    colour: dict[int, int] = {}
    out = []
    for start in sorted(adj):
        if start in colour:
            continue
        colour[start] = 0
        masks = [0, 0]
        stack = [start]
        while stack:
            c = stack.pop()
            masks[colour[c]] |= 1 << c
            for n in adj[c]:
                if n not in colour:
                    colour[n] = 1 - colour[c]
                    stack.append(n)
        out.append((masks[0], masks[1]))
    return out


def _seen_by(cells: int, peer_mask: tuple[int, ...] = PEER_MASK) -> int:
    """Cells that see at least one cell of ``cells`` (``peer_mask``: the grid's)."""
    out = 0
    for c in iter_bits(cells):
        out |= peer_mask[c]
    return out


def _wraps(cells: int, peer_mask: tuple[int, ...] = PEER_MASK) -> bool:
    """Two cells of ``cells`` see each other."""
    return any(peer_mask[c] & cells for c in iter_bits(cells))


def _colour_marks(digit: int, *colours: int) -> list[Mark]:
    roles = ("colour-a", "colour-b", "colour-c", "colour-d")
    return [Mark(c, digit, roles[i]) for i, mask in enumerate(colours) for c in iter_bits(mask)]


def _step(tid: str, name: str, digit: int, targets: int, colours: tuple[int, ...], text: str) -> Step:
    marks = _colour_marks(digit, *colours) + [Mark(c, digit, "target") for c in iter_bits(targets)]
    return Step(tid, name, eliminations=[(c, digit) for c in iter_bits(targets)], highlights=marks, text=text,
                extra={"digit": digit, "clusters": len(colours) // 2,
                       "cells": sum(m.bit_count() for m in colours)})


@technique("simple-colors-trap", "Simple Colors Trap", family=FAMILY, level=6.0, codes=("0500",),
           aliases=("simple colouring", "simple coloring", "colour trap", "color trap", "singles chains", "sc1"),
           sizes=(9, 6))
def simple_colors_trap(board: Board) -> Iterator[Step]:
    """One colour of a cluster is true: a cell seeing both colours loses the digit."""
    pm = board.geometry.peer_mask
    for d in board.geometry.digits:
        dc = board.digit_cells[d]
        for a, b in clusters(board, d):
            targets = dc & _seen_by(a, pm) & _seen_by(b, pm) & ~(a | b)
            if targets:
                yield _step("simple-colors-trap", "Simple Colors Trap", d, targets, (a, b),
                            f"Simple Colors Trap on {d}: the strong links of {d} colour {cells_name(a)} one way "
                            f"and {cells_name(b)} the other, and one colour is all {d}; "
                            f"{cells_name(targets)} see both colours, so remove {d} from them.")


@technique("simple-colors-wrap", "Simple Colors Wrap", family=FAMILY, level=6.01, codes=("0501",),
           aliases=("colour wrap", "color wrap", "sc2"), sizes=(9, 6))
def simple_colors_wrap(board: Board) -> Iterator[Step]:
    """Two cells of one colour see each other: that colour is false everywhere."""
    pm = board.geometry.peer_mask
    for d in board.geometry.digits:
        for a, b in clusters(board, d):
            for bad, good in ((a, b), (b, a)):
                if _wraps(bad, pm) and not _wraps(good, pm):
                    yield _step("simple-colors-wrap", "Simple Colors Wrap", d, bad, (bad, good),
                                f"Simple Colors Wrap on {d}: the strong links of {d} colour {cells_name(bad)} "
                                f"one way and {cells_name(good)} the other; two cells of the first colour see "
                                f"each other, so that colour cannot be {d}: remove {d} from {cells_name(bad)}.")


@technique("multi-colors-1", "Multi Colors 1", family=FAMILY, level=6.05, codes=("0502",),
           aliases=("multi colouring", "multi-coloring", "multi colours", "mc1"), sizes=(9, 6))
def multi_colors_1(board: Board) -> Iterator[Step]:
    """A colour of one cluster sees a colour of another: a cell seeing both opposite colours loses the digit."""
    pm = board.geometry.peer_mask
    for d in board.geometry.digits:
        dc = board.digit_cells[d]
        cl = clusters(board, d)
        for i in range(len(cl)):
            for j in range(i + 1, len(cl)):
                targets = 0
                reasons = []
                for x, x_other in ((cl[i][0], cl[i][1]), (cl[i][1], cl[i][0])):
                    for y, y_other in ((cl[j][0], cl[j][1]), (cl[j][1], cl[j][0])):
                        if _seen_by(x, pm) & y:
                            t = dc & _seen_by(x_other, pm) & _seen_by(y_other, pm) & ~(x_other | y_other)
                            if t:
                                targets |= t
                                reasons.append(f"{cells_name(x)} sees {cells_name(y)}, so {cells_name(x_other)} "
                                               f"or {cells_name(y_other)} holds {d}")
                if targets:
                    yield _step("multi-colors-1", "Multi Colors 1", d, targets, (*cl[i], *cl[j]),
                                f"Multi Colors 1 on {d} with two clusters of strong links: "
                                + "; ".join(reasons) + f"; remove {d} from {cells_name(targets)}.")


@technique("multi-colors-2", "Multi Colors 2", family=FAMILY, level=6.06, codes=("0503",), aliases=("mc2",),
           sizes=(9, 6))
def multi_colors_2(board: Board) -> Iterator[Step]:
    """A colour sees both colours of another cluster: it is false everywhere."""
    pm = board.geometry.peer_mask
    for d in board.geometry.digits:
        cl = clusters(board, d)
        for i in range(len(cl)):
            for j in range(len(cl)):
                if i == j:
                    continue
                seen = 0
                for x in cl[i]:
                    sees = _seen_by(x, pm)
                    if sees & cl[j][0] and sees & cl[j][1]:
                        seen |= x
                if seen:
                    yield _step("multi-colors-2", "Multi Colors 2", d, seen, (*cl[i], *cl[j]),
                                f"Multi Colors 2 on {d}: the colour {cells_name(seen)} sees both colours of the "
                                f"cluster {cells_name(cl[j][0] | cl[j][1])}, one of which holds {d}; "
                                f"so remove {d} from {cells_name(seen)}.")
