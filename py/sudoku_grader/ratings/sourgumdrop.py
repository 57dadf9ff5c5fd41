"""SourGumdrop's difficulty (seed 001): user-set algorithm scores on the "Simplest First" path.

- Algorithms are tried in order of their scores (lowest first; the seed: "the
  relative scores ... define the order"); ties keep the table's order.
- Every search finds all instances of the algorithm and applies the one that
  removes the most candidates, once; then the scan restarts from the simplest.
- Simple filtering and setting (naked) singles happen automatically as part of
  every algorithm: they are applied free of charge, before each search.
- Score = sum over algorithms of uses x score. A score of 0 switches an
  algorithm off; when the enabled ones cannot finish, the score is "***".

Default scores are the seed's Table 1. Naked quad 7 comes from the seed's worked
example ("2 x 7 + 1 x 20 = 34"); the seed gives no hidden quad, we use 8 (between
naked quad 7 and X-Wing 9, as hidden subsets score at least their naked
counterparts elsewhere in the table). Any other registered technique may be
given a score through ``--scores`` and then takes part.
"""

from __future__ import annotations

from typing import Any

from ..board import Board
from ..engine import InOrder, Path
from .common import STUCK, Cancel, Progress, find_technique, step_summary
from .scale import Page, Scale

UNSOLVED = "***"

DEFAULT_SCORES: dict[str, int] = {
    "hidden-single": 1,
    "hidden-pair": 2,
    "hidden-triple": 2,
    "locked-candidates-1": 2,
    "locked-candidates-2": 2,
    "naked-pair": 3,
    "naked-triple": 4,
    "naked-quadruple": 7,
    "hidden-quadruple": 8,
    "x-wing": 9,
    "swordfish": 12,
    "jellyfish": 20,
}

AUTOMATIC = ("full-house", "naked-single")


def order(scores: dict[str, int]) -> list[tuple[str, int]]:
    """Enabled algorithms (score > 0), lowest score first, table order on ties."""
    position = {k: i for i, k in enumerate(scores)}
    enabled = [(k, v) for k, v in scores.items() if v > 0 and k not in AUTOMATIC]
    return sorted(enabled, key=lambda kv: (kv[1], position[kv[0]]))


def rate(
    board: Board,
    scores: dict[str, int] | None = None,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
) -> dict[str, Any]:
    """SourGumdrop's score and per-algorithm usage counts (`SCALE`'s rating)."""
    return SCALE.rate(board, scores=scores, progress=progress, cancel=cancel)


def policy(table: dict[str, int], solution: list[int] | None = None) -> InOrder:
    """Simplest First: the free automatic singles, then the enabled algorithms by score; each search
    applies its step removing most candidates. Automatic steps carry no key (they cost nothing)."""
    automatic = [(t, None) for t in (find_technique(k) for k in AUTOMATIC) if t is not None]
    present = [(t, k) for k, t in ((k, find_technique(k)) for k, _ in order(table)) if t is not None]
    return InOrder([*automatic, *present], "best", stuck=STUCK)


def summarize(w: Path, table: dict[str, int]) -> dict[str, Any]:
    """The score of a walked path under ``table``; ``not_available`` lists the enabled algorithms
    we have no finder for."""
    missing = [k for k, _ in order(table) if find_technique(k) is None]
    counts: dict[str, int] = {}
    automatic = 0
    total = 0
    hardest_at = -1
    for i, (_s, key) in enumerate(zip(w.steps, w.keys)):
        if key is None:
            automatic += 1
            continue
        counts[key] = counts.get(key, 0) + 1
        total += table.get(key, 0)
        if hardest_at < 0 or table.get(key, 0) > table.get(w.keys[hardest_at] or "", 0):
            hardest_at = i
    out: dict[str, Any] = {
        "score": total if w.solved else UNSOLVED,
        "solved": w.solved,
        "counts": counts,
        "automatic_singles": automatic,
        "scores": {k: v for k, v in table.items()},
        "hardest": step_summary(w.steps[hardest_at], hardest_at) if hardest_at >= 0 else None,
    }
    if not w.solved:
        out["partial_score"] = total
        out["stuck"] = w.stuck
    if missing:
        out["not_available"] = missing
    return out


SCALE = Scale(
    id="sourgumdrop",
    name="SourGumdrop",
    description="SourGumdrop: sum of uses x user-settable algorithm scores, *** when unsolved",
    number="score",
    columns=("score",),
    sums=True,
    aliases=("sg",),
    compared=("score", "SourGumdrop score (solved only)"),
    flat_table=True,
    policy=policy,
    prices=DEFAULT_SCORES,
    summary=summarize,
)

PAGE = Page(cost=0.01)  # rated in list order, no band target, not named in the solved sentence
