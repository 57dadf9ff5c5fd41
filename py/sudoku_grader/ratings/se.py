"""Sudoku Explainer rating (SE 1.2.1 as rated by serate 1.2.1.3): ER, EP, ED and the SE path.

ER is the hardest step of SE's own path; EP (pearl) the hardest step up to the
first placement; ED (diamond) the rating of the first step. The path is the one
SE takes: producers in SE's order, the first step of the first producer that
has one is applied (`sudoku_grader.se.policy`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..board import Board
from ..engine import Cancelled, apply_step
from ..se.policy import next_step


def se_rating(board: Board, progress: Callable[[int, str], Any] | None = None,
              cancel: Callable[[], bool] | None = None, max_seconds: float | None = None,
              with_steps: bool = False) -> dict[str, Any]:
    """Rate ``board`` as Sudoku Explainer 1.2.1 (serate) would.

    Returns ``er``, ``ep``, ``ed`` (one decimal), ``bottleneck`` (technique,
    index in the path, text), ``path`` (technique, name, SE difficulty, text of
    each step), ``usage`` (steps per technique) and ``seconds``. ``max_seconds``
    stops a very long search; ``complete`` then says False. ``er`` is 20.0 when
    SE's techniques cannot finish (serate's convention).
    """
    start = time.perf_counter()
    deadline = start + max_seconds if max_seconds else None
    b = board.copy()
    er = pearl = diamond = 0.0
    path: list[dict[str, Any]] = []
    usage: dict[str, int] = {}
    bottleneck = None
    failed = timed_out = False
    while not b.is_solved():
        if cancel is not None and cancel():
            raise Cancelled()
        if deadline is not None and time.perf_counter() > deadline:
            timed_out = True
            break
        step = next_step(b)
        if step is None:
            er, failed = 20.0, True
            break
        se = step.extra["se_difficulty"]
        entry: dict[str, Any] = {"technique": step.technique, "name": step.name, "se": se, "text": step.text}
        if with_steps:
            entry["step"] = step
        if se > er or bottleneck is None:
            bottleneck = {"technique": step.technique, "name": step.name, "index": len(path), "text": step.text,
                          "se": se}
        er = max(er, se)
        if pearl == 0.0:
            if diamond == 0.0:
                diamond = er
            if step.placements:
                pearl = er
        path.append(entry)
        usage[step.technique] = usage.get(step.technique, 0) + 1
        apply_step(b, step)
        if progress is not None:
            progress(len(path), f"{step.technique} {se:.1f}")  # the difficulty: a lower bound if cut off
    return {
        "er": er, "ep": pearl, "ed": diamond,
        "bottleneck": bottleneck, "path": path, "usage": usage,
        "complete": not timed_out, "solved": not failed and not timed_out,
        "seconds": round(time.perf_counter() - start, 3),
        "variant": "SE 1.2.1 (serate 1.2.1.3)",
    }
