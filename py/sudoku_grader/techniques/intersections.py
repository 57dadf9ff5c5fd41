"""Box-line intersections: locked candidates, pointing (type 1) and claiming (type 2)."""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board
from ..geometry import HOUSE_MASK, INTERSECTIONS, cells_name, house_name, iter_bits
from ..step import Mark, Step
from .registry import technique


def _locked(board: Board, pointing: bool) -> Iterator[Step]:
    tid = "locked-candidates-1" if pointing else "locked-candidates-2"
    name = "Locked Candidates Type 1 (Pointing)" if pointing else "Locked Candidates Type 2 (Claiming)"
    for box, line, inter in INTERSECTIONS:
        base, cover = (box, line) if pointing else (line, box)
        for d in range(1, 10):
            dc = board.digit_cells[d]
            in_base = dc & HOUSE_MASK[base]
            if not in_base or in_base & ~inter:
                continue
            targets = dc & HOUSE_MASK[cover] & ~inter
            if not targets:
                continue
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
           level=2.6, codes=("0100",), aliases=("pointing", "lc1", "pointing pair", "pointing triple"))
def pointing(board: Board) -> Iterator[Step]:
    """A digit confined to one line inside a box is removed from the rest of that line."""
    return _locked(board, pointing=True)


@technique("locked-candidates-2", "Locked Candidates Type 2 (Claiming)", family="intersections",
           level=2.8, codes=("0101",), aliases=("claiming", "lc2", "box line reduction", "box/line reduction"))
def claiming(board: Board) -> Iterator[Step]:
    """A digit confined to one box inside a line is removed from the rest of that box."""
    return _locked(board, pointing=False)
