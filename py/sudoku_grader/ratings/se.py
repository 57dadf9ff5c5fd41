"""Sudoku Explainer rating (SE 1.2.1 as rated by serate 1.2.1.3): ER, EP, ED and the SE path.

ER is the hardest step of SE's own path; EP (pearl) the hardest step up to the
first placement; ED (diamond) the rating of the first step. The path is the one
SE takes: producers in SE's order, the first step of the first producer that
has one is applied (`sudoku_grader.se.policy`). Every step carries its own SE
rating (``extra["se_difficulty"]``); the scale's price table is each producer's
base rating (`sudoku_grader.se.policy.BASE`), the least a step of it rates.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from ..board import Board
from ..engine import Choice, Path, Policy
from ..errors import Cancelled
from ..se.chaining import MEMORY_MB
from ..se.policy import BASE, Solver
from ..step import Step
from .scale import Page, Scale

#: serate's ``--pearl`` / ``--diamond``: end the walk once EP (or ED) is known.
STOPS = ("pearl", "diamond")
#: ER when SE's techniques cannot finish the grid (serate's convention): no rating, no bound.
UNFINISHED = 20.0
#: The fields of `bounds` a cut-off path already fixes: ED after the first step, EP after the first placement.
EXACT_BOUNDS = ("ed", "ep")
VARIANT = "SE 1.2.1 (serate 1.2.1.3)"


class SEPolicy(Policy):
    """Sudoku Explainer's solver as a policy of the common walk: its producers in its order, the
    first step of the first producer that has one (`sudoku_grader.se.policy.Solver`), keyed
    by its producer. ``stop`` ("pearl", "diamond") finishes the walk once EP (ED) is fixed: after
    the first placement (the first step). Each walk has its own solver (`start`), which keeps
    what its producers found between steps in at most ``memory_mb`` and goes with the walk."""

    stuck = "Sudoku Explainer's techniques cannot go on from here"

    def __init__(self, stop: str | None = None, memory_mb: int | None = None) -> None:
        if stop not in (None, *STOPS):
            raise ValueError(f"stop is 'pearl' or 'diamond', not {stop!r}")
        self.stop = stop
        self.memory_mb = memory_mb if memory_mb is not None else MEMORY_MB
        self.taken = 0  # steps applied so far
        self.placed = False  # whether one of them placed a digit
        self.solver: Solver | None = None

    def start(self, board: Board) -> None:
        self.solver = Solver(self.memory_mb)
        self.taken = 0
        self.placed = False

    def apply(self, board: Board, step: Step) -> None:
        super().apply(board, step)
        self.taken += 1
        self.placed = self.placed or bool(step.placements)

    def choose(self, board: Board) -> Choice | None:
        if self.solver is None:
            self.start(board)
        assert self.solver is not None
        return self.solver.next_choice(board)

    def finished(self) -> str:
        if (self.stop == "diamond" and self.taken) or (self.stop == "pearl" and self.placed):
            return self.stop
        return ""


def policy(prices: Mapping[str, Any], solution: list[int] | None = None, stop: str | None = None) -> SEPolicy:
    """The scale's policy (`Scale.policy`): SE's own order; its steps price themselves."""
    return SEPolicy(stop)


def summarize(w: Path, prices: Mapping[str, Any] = BASE, *, timed_out: bool = False,
              with_steps: bool = False) -> dict[str, Any]:
    """ER, EP, ED of a walked SE path (`se_rating` for the fields); ``timed_out`` when a time limit
    cut it (only the EP and ED it reached are then final)."""
    er = pearl = diamond = 0.0
    path: list[dict[str, Any]] = []
    usage: dict[str, int] = {}
    bottleneck = None
    for step in w.steps:
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
    stop = w.stopped
    failed = not w.solved and not stop and not timed_out
    if failed:
        er = UNFINISHED
    if timed_out:
        final = [k for k, v in (("ep", pearl), ("ed", diamond)) if v]
    else:
        final = ["ed"] if stop == "diamond" else ["ep", "ed"] if stop == "pearl" else ["er", "ep", "ed"]
    out: dict[str, Any] = {
        "er": er, "ep": pearl, "ed": diamond, "final": final,
        "bottleneck": bottleneck, "path": path, "usage": usage,
        "complete": not timed_out and not stop, "solved": w.solved,
        "seconds": round(w.seconds, 3),
        "variant": VARIANT,
    }
    if stop:
        out["stopped"] = stop
    return out


def bounds(w: Path, prices: Mapping[str, Any] = BASE) -> dict[str, Any]:
    """What a path cut off by a time limit proves: ER is at least its hardest step so far, ED is the
    first step's rating and EP is fixed once a digit was placed."""
    if not w.steps:
        return {}
    r = summarize(w, prices, timed_out=True)
    return {"er": r["er"], "ed": r["ed"], **({"ep": r["ep"]} if r["ep"] else {})}


def se_rating(board: Board, progress: Callable[[int, str], Any] | None = None,
              cancel: Callable[[], bool] | None = None, max_seconds: float | None = None,
              with_steps: bool = False, stop: str | None = None) -> dict[str, Any]:
    """Rate ``board`` as Sudoku Explainer 1.2.1 (serate) would: `SCALE`'s rating, with a time limit.

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
    if stop not in (None, *STOPS):
        raise ValueError(f"stop is 'pearl' or 'diamond', not {stop!r}")
    if max_seconds is None and not with_steps:
        return SCALE.rate(board, progress=progress, cancel=cancel, stop=stop)
    deadline = time.perf_counter() + max_seconds if max_seconds else None
    timed_out = False

    def halt() -> bool:
        nonlocal timed_out
        if cancel is not None and cancel():
            return True
        timed_out = deadline is not None and time.perf_counter() > deadline
        return timed_out

    try:
        walked, table = SCALE.walk(board, progress=progress, cancel=halt, stop=stop)
    except Cancelled as e:
        if not timed_out or not isinstance(e.path, Path):
            raise
        walked, table = e.path, dict(SCALE.prices)
    return summarize(walked, table, timed_out=timed_out, with_steps=with_steps)


SCALE = Scale(
    id="se",
    name="Sudoku Explainer",
    description="Sudoku Explainer 1.2.1 (serate): ER/EP/ED, the hardest step of the simplest path",
    policy=policy,
    prices=BASE,
    summary=summarize,
    number="er",
    columns=("er", "ep", "ed"),
    aliases=("sudoku-explainer",),
    basics_max=2.8,
    compared=("er", "Sudoku Explainer ER"),
    stops=STOPS,
    bottleneck=True,
    bounds=bounds,
)

PAGE = Page(slow=True, cost=0.37, band=(1.0, 12.0, 0.1), headline=("SE", "er"),
            decimals=tuple((f, 1) for f in SCALE.columns), unfinished=UNFINISHED, exact_bounds=EXACT_BOUNDS)
