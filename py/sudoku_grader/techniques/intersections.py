"""Box-line intersections: locked candidates, pointing (type 1) and claiming (type 2)."""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board
from ..geometry import DIGITS_IN, cell_name, cells_name, house_name, iter_bits
from ..step import Mark, Step
from .registry import technique


def _union(cands: list[int], cells: tuple[int, ...]) -> int:
    """The digits (9-bit) that are candidates in some of ``cells``."""
    u = 0
    for c in cells:
        u |= cands[c]
    return u


def _locked(board: Board, pointing: bool) -> Iterator[Step]:
    tid = "locked-candidates-1" if pointing else "locked-candidates-2"
    name = "Locked Candidates Type 1 (Pointing)" if pointing else "Locked Candidates Type 2 (Claiming)"
    g = board.geometry
    house_mask = g.house_mask
    cands = board.cands
    for (box, line, inter), (shared, box_rest, line_rest) in zip(g.intersections, g.intersection_cells):
        base, cover = (box, line) if pointing else (line, box)
        base_rest, cover_rest = (box_rest, line_rest) if pointing else (line_rest, box_rest)
        digits = _union(cands, shared) & ~_union(cands, base_rest) & _union(cands, cover_rest)
        for d in DIGITS_IN[digits]:  # in the intersection and nowhere else in the base, and in the cover
            dc = board.digit_cells[d]
            in_base = dc & house_mask[base]
            targets = dc & house_mask[cover] & ~inter
            elims = [(c, d) for c in iter_bits(targets)]
            yield Step(
                tid, name, eliminations=elims,
                highlights=[Mark(base, -1, "house"), *(Mark(c, d, "base") for c in iter_bits(in_base))],
                text=f"In {house_name(base)}, {d} can only be in {cells_name(in_base)}, which lie in "
                     f"{house_name(cover)}; so {d} is nowhere else in {house_name(cover)}: "
                     f"remove {d} from {cells_name(targets)}.",
                extra={"base": base, "cover": cover, "digit": d},
            )


@technique("locked-candidates-1", "Locked Candidates Type 1 (Pointing)", family="intersections",
           level=2.6, codes=("0100",), aliases=("pointing", "lc1", "pointing pair", "pointing triple"), sizes=(9, 6))
def pointing(board: Board) -> Iterator[Step]:
    """A digit confined to one line inside a box is removed from the rest of that line."""
    return _locked(board, pointing=True)


@technique("locked-candidates-2", "Locked Candidates Type 2 (Claiming)", family="intersections",
           level=2.8, codes=("0101",), aliases=("claiming", "lc2", "box line reduction", "box/line reduction"),
           sizes=(9, 6))
def claiming(board: Board) -> Iterator[Step]:
    """A digit confined to one box inside a line is removed from the rest of that box."""
    return _locked(board, pointing=False)


def _direct_locked(board: Board, pointing: bool) -> Iterator[Step]:
    """Sudoku Explainer's direct pointing / claiming: a locked candidate whose eliminations
    leave a hidden single, which the step places.

    As in SE, the single must be in a house of the same kind as the base (another
    box on the line for pointing, another line through the box for claiming), for
    the same digit, and the base must hold the digit in more than one cell.
    """
    tid = "direct-pointing" if pointing else "direct-claiming"
    name = "Direct Pointing" if pointing else "Direct Claiming"
    g = board.geometry
    house_mask = g.house_mask
    cands = board.cands
    for (box, line, inter), (shared, box_rest, line_rest) in zip(g.intersections, g.intersection_cells):
        base, cover = (box, line) if pointing else (line, box)
        base_rest, cover_rest = (box_rest, line_rest) if pointing else (line_rest, box_rest)
        cover_mask = house_mask[cover]
        once = twice = 0
        for c in shared:
            m = cands[c]
            twice |= once & m
            once |= m
        # in two or more cells of the intersection, nowhere else in the base, and in the cover
        for d in DIGITS_IN[twice & ~_union(cands, base_rest) & _union(cands, cover_rest)]:
            dc = board.digit_cells[d]
            in_base = dc & house_mask[base]
            targets = dc & cover_mask & ~inter
            elims = [(c, d) for c in iter_bits(targets)]
            # houses of the base's kind that cross the cover house, other than the base
            kind = base // 9
            for other in range(kind * 9, kind * 9 + 9):
                if other == base or not house_mask[other] & cover_mask:
                    continue
                pos = dc & house_mask[other]
                rest = pos & ~cover_mask
                if pos.bit_count() < 2 or rest.bit_count() != 1:
                    continue
                single = rest.bit_length() - 1
                yield Step(
                    tid, name, placements=[(single, d)], eliminations=elims,
                    highlights=[Mark(base, -1, "house"), Mark(other, -1, "house"),
                                *(Mark(c, d, "base") for c in iter_bits(in_base)), Mark(single, d, "target")],
                    text=f"In {house_name(base)}, {d} can only be in {cells_name(in_base)}, which lie in "
                         f"{house_name(cover)}; so {d} leaves the rest of {house_name(cover)} "
                         f"({cells_name(targets)}), and its only place left in {house_name(other)} is "
                         f"{cell_name(single)}: {cell_name(single)}={d}.",
                    extra={"base": base, "cover": cover, "digit": d, "house": other},
                )


@technique("direct-pointing", "Direct Pointing", family="intersections", level=1.7,
           aliases=("direct pointing pair", "direct locked candidates 1"), sizes=(9, 6))
def direct_pointing(board: Board) -> Iterator[Step]:
    """Pointing that leaves a hidden single in another box of the line (SE 1.7)."""
    return _direct_locked(board, pointing=True)


@technique("direct-claiming", "Direct Claiming", family="intersections", level=1.9,
           aliases=("direct box line reduction", "direct locked candidates 2"), sizes=(9, 6))
def direct_claiming(board: Board) -> Iterator[Step]:
    """Claiming that leaves a hidden single in another line through the box (SE 1.9)."""
    return _direct_locked(board, pointing=False)
