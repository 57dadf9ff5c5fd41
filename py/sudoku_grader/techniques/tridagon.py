"""Tridagon (anti-tridagon, "Thor's hammer"): twelve cells that three digits cannot fill.

Take four boxes at the corners of a rectangle (two bands x two stacks) and in
each box three cells, one per row and column of the box. Some of these
12-cell shapes can never hold only three digits a, b, c: each box would need
a, b, c once each, and the rows and columns shared by two boxes force an
arrangement that does not close. Which shapes are impossible is decided here
by trying all 6^4 arrangements (so the rule is checked, not assumed).

If every pattern cell has candidates among a, b, c except one (the
guardian), the guardian cannot be a, b or c. With several guardians whose
extra candidates are all one digit d, d is true in one of them: remove d
from cells that see them all.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import combinations, permutations, product

from ..board import Board
from ..geometry import PEER_MASK, cells_name, digits_of, iter_bits
from ..step import Mark, Step
from .registry import technique

_PERMS = tuple(permutations(range(3)))


def _transversals(band: int, stack: int) -> list[tuple[int, int, int]]:
    """The six 3-cell sets of a box with one cell per row and column."""
    return [tuple((3 * band + i) * 9 + 3 * stack + p[i] for i in range(3)) for p in _PERMS]  # type: ignore[misc]


@cache
def impossible(boxes: tuple[tuple[int, int, int], ...]) -> bool:
    """True when no filling of the 12 cells with three digits (each box a, b, c once) respects rows and columns."""
    cells = [c for box in boxes for c in box]
    for choice in product(_PERMS, repeat=4):
        value = {}
        for box, perm in zip(boxes, choice):
            for cell, v in zip(box, perm):
                value[cell] = v
        ok = True
        for x, y in combinations(cells, 2):
            if value[x] == value[y] and (x // 9 == y // 9 or x % 9 == y % 9):
                ok = False
                break
        if ok:
            return False
    return True


# Each box's six transversals, box by box (band-major), and the triples of digits as 9-bit masks.
_BOX_TRANSVERSALS = tuple(tuple(_transversals(box // 3, box % 3)) for box in range(9))
_TRIPLES = tuple(sum(1 << (d - 1) for d in t) for t in combinations(range(1, 10), 3))
_RECTANGLES = tuple((3 * b0 + s0, 3 * b0 + s1, 3 * b1 + s0, 3 * b1 + s1)
                    for b0, b1 in combinations(range(3), 2) for s0, s1 in combinations(range(3), 2))


@technique("tridagon", "Tridagon", family="tridagon", level=7.6,
           aliases=("anti-tridagon", "thor's hammer", "Tridagons"))
def tridagon(board: Board) -> Iterator[Step]:
    """Twelve cells in four boxes that only three digits reach, in an arrangement they cannot fill."""
    cands = board.cands
    seen: set[tuple[tuple[int, ...], tuple[tuple[int, int], ...]]] = set()
    for abc in _TRIPLES:
        # per cell: 0 when no digit of abc is there (or filled), else 1 + (1 if it has another digit)
        weight = [(2 if m & ~abc else 1) if m & abc else 0 for m in cands]
        # per box: its transversals on abc cells with at most two guardians (cells with another digit)
        opts_of = []
        for transversals in _BOX_TRANSVERSALS:
            opts = []
            for t in transversals:
                a, b, c = t
                wa, wb, wc = weight[a], weight[b], weight[c]
                if wa and wb and wc:
                    guards = wa + wb + wc - 3
                    if guards <= 2:
                        opts.append((t, guards))
            opts_of.append(opts)
        for rectangle in _RECTANGLES:
            per_box = [opts_of[box] for box in rectangle]
            if not all(per_box):
                continue
            for combo in product(*per_box):
                if combo[0][1] + combo[1][1] + combo[2][1] + combo[3][1] > 2:
                    continue
                boxes = (combo[0][0], combo[1][0], combo[2][0], combo[3][0])
                if not impossible(boxes):
                    continue
                step = _step(board, boxes, abc)
                if step is not None:
                    key = (tuple(sorted(c for b in boxes for c in b)), tuple(sorted(step.eliminations)))
                    if key not in seen:
                        seen.add(key)
                        yield step


def _step(board: Board, boxes: tuple[tuple[int, int, int], ...], abc: int) -> Step | None:
    cells = [c for b in boxes for c in b]
    guards = [c for c in cells if board.cands[c] & ~abc]
    digits = "".join(str(d) for d in digits_of(abc))
    marks = [Mark(c, d, "base") for c in cells for d in digits_of(board.cands[c] & abc)]
    if len(guards) == 1:
        g = guards[0]
        elims = [(g, d) for d in digits_of(board.cands[g] & abc)]
        why = f"{cells_name(g)} is the only cell with another candidate, so it cannot be {digits}"
    else:
        extra = 0
        for g in guards:
            extra |= board.cands[g] & ~abc
        if extra.bit_count() != 1:
            return None
        d = extra.bit_length()
        victims = board.digit_cells[d]
        for g in guards:
            victims &= PEER_MASK[g]
        elims = [(c, d) for c in iter_bits(victims)]
        why = f"{d} must be in one of {', '.join(cells_name(g) for g in guards)}; cells that see them all lose it"
    if not elims:
        return None
    marks += [Mark(g, d, "fin") for g in guards for d in digits_of(board.cands[g] & ~abc)]
    marks += [Mark(c, d, "target") for c, d in elims]
    return Step("tridagon", "Tridagon", eliminations=elims, highlights=marks,
                text=(f"Tridagon on {digits} in {cells_name(sum(1 << c for c in cells))}: these 12 cells in "
                      f"four boxes cannot all be {digits} (no arrangement fits the rows and columns); {why}."),
                extra={"digits": digits_of(abc), "guardians": len(guards)})
