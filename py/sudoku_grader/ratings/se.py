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
from ..engine import Choice, Policy, walk
from ..errors import Cancelled
from ..se.policy import next_step
from ..step import Step


class SEPolicy(Policy):
    """Sudoku Explainer's solver as a policy of the common walk: its producers in its order, the
    first step of the first producer that has one (`sudoku_grader.se.policy.next_step`)."""

    stuck = "Sudoku Explainer's techniques cannot go on from here"

    def __init__(self) -> None:
        self.taken = 0  # steps applied so far
        self.placed = False  # whether one of them placed a digit

    def apply(self, board: Board, step: Step) -> None:
        super().apply(board, step)
        self.taken += 1
        self.placed = self.placed or bool(step.placements)

    def choose(self, board: Board) -> Choice | None:
        step = next_step(board)
        return (step, step.technique) if step is not None else None


def se_rating(board: Board, progress: Callable[[int, str], Any] | None = None,
              cancel: Callable[[], bool] | None = None, max_seconds: float | None = None,
              with_steps: bool = False, stop: str | None = None) -> dict[str, Any]:
    """Rate ``board`` as Sudoku Explainer 1.2.1 (serate) would.

    Returns ``er``, ``ep``, ``ed`` (one decimal), ``bottleneck`` (technique,
    index in the path, text), ``path`` (technique, name, SE difficulty, text of
    each step), ``usage`` (steps per technique) and ``seconds``. ``max_seconds``
    stops a very long search; ``complete`` then says False. ``er`` is 20.0 when
    SE's techniques cannot finish (serate's convention). ``cancel()`` returning
    True raises `errors.Cancelled` between steps.

    ``stop="diamond"`` ends the walk once ED is known (after the first step),
    ``stop="pearl"`` once EP is (after the first placement), as serate's
    ``--diamond`` / ``--pearl`` do; ``final`` lists the numbers that are final
    (``er`` is then only the hardest step so far, ``complete`` is False and ``stopped`` names
    the stop).
    """
    if stop not in (None, "pearl", "diamond"):
        raise ValueError(f"stop is 'pearl' or 'diamond', not {stop!r}")
    start = time.perf_counter()
    deadline = start + max_seconds if max_seconds else None
    timed_out = fixed = False
    policy = SEPolicy()

    def halt() -> bool:
        nonlocal timed_out, fixed
        if cancel is not None and cancel():
            return True
        if (stop == "diamond" and policy.taken) or (stop == "pearl" and policy.placed):
            fixed = True
            return True
        if deadline is not None and time.perf_counter() > deadline:
            timed_out = True
            return True
        return False

    steps: list[Step]
    try:
        walked = walk(board, policy, progress=progress, cancel=halt)
        steps, failed = walked.steps, not walked.solved
    except Cancelled as e:
        if not (timed_out or fixed):
            raise
        steps, failed = list(getattr(e.path, "steps", [])), False
    er = pearl = diamond = 0.0
    path: list[dict[str, Any]] = []
    usage: dict[str, int] = {}
    bottleneck = None
    for step in steps:
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
    if failed:
        er = 20.0
    final = ["ed"] if stop == "diamond" else ["ep", "ed"] if stop == "pearl" else ["er", "ep", "ed"]
    if timed_out:
        final = [k for k, v in (("ep", pearl), ("ed", diamond)) if v]
    elif not fixed:
        final = ["er", "ep", "ed"]
    out: dict[str, Any] = {
        "er": er, "ep": pearl, "ed": diamond, "final": final,
        "bottleneck": bottleneck, "path": path, "usage": usage,
        "complete": not timed_out and not fixed, "solved": not failed and not timed_out and not fixed,
        "seconds": round(time.perf_counter() - start, 3),
        "variant": "SE 1.2.1 (serate 1.2.1.3)",
    }
    if fixed:
        out["stopped"] = stop
    return out
