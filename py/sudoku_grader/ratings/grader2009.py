"""The 2009 "Sudoku Grader" (Jay Hines; seed 003, notes/ratings.md section 8): strategic 0-7 plus
procedural 0-3, total out of 10.

Its solver tries, in this fixed order, Simple Single, Slice and Slot, Single,
Hidden Single, Locked Candidate (box->line), Locked Candidate 2 (line->box),
Naked Pair, Triple, Quad, Hidden Pair, Triple, Quad, X-Wing, Swordfish; the
first that succeeds makes one application (one placement, or one elimination
batch for one house and digit) and the scan restarts. The program stops after
100 iterations.

- Simple Single: a house with one empty cell (placed digits only).
- Slice and Slot: cross-hatching a box with the placed digits only.
- Single / Hidden Single: naked and hidden singles on the candidates.

Strategic score = the hardest technique used: 0 Simple Single or Slice and
Slot only, 1 Single or Hidden Single, 2 Locked Candidates, 3 Naked Pair or
Triple, 4 Naked Quad, Hidden Pair or Triple, 5 Hidden Quad, 6 X-Wing or
Swordfish, 7 when the techniques cannot finish (or the cap is hit).
Procedural: +1 when there are 4 or more elimination steps, +1 more at 8 or
more (the program's thresholds; the essay says "more than four"), +1 when more
than 55 cells are placed. Unsolved: 7 + 3 = 10.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..board import Board
from ..engine import InOrder, Path
from ..geometry import BOXES, COLS, HOUSE_MASK, HOUSES, ROWS, cell_name, house_name, iter_bits
from ..step import Mark, Step
from ..techniques import Technique
from .common import Cancel, Progress, find_technique, step_summary
from .scale import Page, Scale

MAX_ITERATIONS = 100

# (technique id, strategic score) in the program's order; the first two are this module's own finders.
ORDER: tuple[tuple[str, int], ...] = (
    ("simple-single", 0),
    ("slice-and-slot", 0),
    ("naked-single", 1),
    ("hidden-single", 1),
    ("locked-candidates-1", 2),
    ("locked-candidates-2", 2),
    ("naked-pair", 3),
    ("naked-triple", 3),
    ("naked-quadruple", 4),
    ("hidden-pair", 4),
    ("hidden-triple", 4),
    ("hidden-quadruple", 5),
    ("x-wing", 6),
    ("swordfish", 6),
)
STRATEGIC: dict[str, int] = dict(ORDER)
PLACING = {"simple-single", "slice-and-slot", "naked-single", "hidden-single"}
UNSOLVED_STRATEGIC = 7


def simple_singles(board: Board) -> Iterator[Step]:
    """A house with exactly one empty cell: it takes the digit the house lacks (placed digits only)."""
    for h in range(27):
        empty = [c for c in HOUSES[h] if not board.values[c]]
        if len(empty) != 1:
            continue
        present = {board.values[c] for c in HOUSES[h]}
        missing = [d for d in range(1, 10) if d not in present]
        if len(missing) == 1:
            cell = empty[0]
            yield Step("simple-single", "Simple Single", placements=[(cell, missing[0])],
                       highlights=[Mark(h, -1, "house"), Mark(cell, missing[0], "target")],
                       text=f"{cell_name(cell)} is the only empty cell of {house_name(h)}: it takes {missing[0]}.")


def slice_and_slot(board: Board) -> Iterator[Step]:
    """Cross-hatching a box with placed digits only: one empty cell not seeing the digit."""
    values = board.values
    for box in BOXES:
        in_box = {values[c] for c in HOUSES[box]}
        for d in range(1, 10):
            if d in in_box:
                continue
            blocked = 0
            for line in ROWS + COLS:
                if any(values[c] == d for c in HOUSES[line]):
                    blocked |= HOUSE_MASK[line]
            free = [c for c in iter_bits(HOUSE_MASK[box] & board.unsolved & ~blocked)]
            if len(free) == 1:
                yield Step("slice-and-slot", "Slice and Slot", placements=[(free[0], d)],
                           highlights=[Mark(box, -1, "house"), Mark(free[0], d, "target")],
                           text=f"Cross-hatching {house_name(box)} with the placed {d}s leaves only "
                                f"{cell_name(free[0])} for {d}.")


# The program's own finders (not in the registry: they read placed digits only).
_OWN = {
    "simple-single": Technique("simple-single", "Simple Single", "grader2009", 1.0, simple_singles),
    "slice-and-slot": Technique("slice-and-slot", "Slice and Slot", "grader2009", 1.2, slice_and_slot),
}


def policy(prices: dict[str, int] | None = None, solution: list[int] | None = None) -> InOrder:
    """The program's loop (`Scale.policy`): its techniques in `ORDER`, the first application of the
    first that has one, at most `MAX_ITERATIONS` of them (its order is fixed; ``prices`` score it)."""
    entries = [(t, tid) for tid, t in ((tid, _OWN.get(tid) or find_technique(tid)) for tid, _ in ORDER)
               if t is not None]
    return InOrder(entries, "first", stuck="none of the 2009 grader's techniques applies",
                   max_steps=MAX_ITERATIONS,
                   limit_reason=f"stopped at the program's cap of {MAX_ITERATIONS} iterations")


def rate(board: Board, progress: Progress | None = None, cancel: Cancel | None = None) -> dict[str, Any]:
    """Strategic, procedural and total scores, with the path's counts (`SCALE`'s rating)."""
    return SCALE.rate(board, progress=progress, cancel=cancel)


def summarize(w: Path, prices: dict[str, int] = STRATEGIC) -> dict[str, Any]:
    """Strategic and procedural scores of a walked path; ``not_available`` lists the techniques of
    `ORDER` we have no finder for."""
    keys = [k or s.technique for s, k in zip(w.steps, w.keys)]
    steps, solved, stuck = w.steps, w.solved, w.stuck
    missing = [tid for tid, _ in ORDER if tid not in _OWN and find_technique(tid) is None]
    counts: dict[str, int] = {}
    for k in keys:
        counts[k] = counts.get(k, 0) + 1
    eliminations = sum(1 for k in keys if k not in PLACING)
    placements = sum(1 for k in keys if k in PLACING)
    hardest_at = max(range(len(keys)), key=lambda i: (prices[keys[i]], -i), default=-1)
    if solved:
        strategic = prices[keys[hardest_at]] if hardest_at >= 0 else 0
        procedural = int(eliminations >= 4) + int(eliminations >= 8) + int(placements > 55)
    else:
        strategic, procedural = UNSOLVED_STRATEGIC, 3
    out: dict[str, Any] = {
        "strategic": strategic,
        "procedural": procedural,
        "total": strategic + procedural,
        "solved": solved,
        "elimination_steps": eliminations,
        "placement_steps": placements,
        "counts": counts,
        "hardest": step_summary(steps[hardest_at], hardest_at) if hardest_at >= 0 else None,
    }
    if not solved:
        out["stuck"] = stuck
    if missing:
        out["not_available"] = missing
    return out


SCALE = Scale(
    id="grader2009",
    name="Sudoku Grader 2009",
    description="Sudoku Grader (2009): strategic 0-7 + procedural 0-3 = total 0-10",
    number="total",
    columns=("strategic", "procedural", "total"),
    aliases=("2009",),
    compared=("total", "Sudoku Grader 2009 total"),
    policy=policy,
    prices=STRATEGIC,
    summary=summarize,
)

PAGE = Page(cost=0.02)  # rated in list order, no band target, not named in the solved sentence
