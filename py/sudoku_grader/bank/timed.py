"""A per-puzzle time limit for ``rate`` and ``explain``, with what a cut-off path already proves.

The limit is cooperative first: every walk loop (the engine's, each scale's, Sudoku Explainer's)
asks its ``cancel()`` hook (or its own deadline) between two steps, and ours says stop once the
deadline has passed. One step can search for minutes, so where a signal can be used (the main thread
of a process: the CLI and ``--jobs`` workers) an alarm `HARD_GRACE` seconds after the limit raises
`HardTimeout` inside the step; on a Dask worker's thread only the cooperative stop applies.

Each scale is rated on its own (its `ratings.Scale` record), so the scales that finished keep their
full result. A scale cut off gets ``"status": "timeout"`` and ``at_least`` with what its partial path
fixes, as its record's ``bounds`` says: Sudoku Explainer's ER so far is a lower bound, since ER is the
hardest step (ED and EP are exact once the path has passed their step); HoDoKu's score is a sum of
non-negative step scores and its level only rises with the score and the hardest technique, so the
partial sum and its level are lower bounds. The other scales report the steps taken and the
techniques seen, without a number. The walk fills its path in place, so an alarm inside a step
loses nothing taken before it.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from .. import api, ratings
from ..engine import Path
from ..errors import Cancelled, SudokuError
from ..ratings import Scale
from ..techniques import DEFAULT, Options

# the exception every walk loop (the SE scale's included) raises when ``cancel()`` says stop
CANCELLED: tuple[type[BaseException], ...] = (Cancelled,)


class Deadline:
    """``cancel()`` hook that says stop once ``seconds`` have passed since it was made."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.at = None if seconds is None else time.perf_counter() + seconds

    def __call__(self) -> bool:
        return self.at is not None and time.perf_counter() > self.at


def _cut(scale: Scale, path: Path, table: dict[str, Any], limit: float) -> dict[str, Any]:
    """A scale's result cut off by the limit: the steps taken, the techniques seen and, where the
    record says how (`Scale.bounds`), the lower bounds its partial path proves."""
    steps = len(path.steps)
    bound = scale.bounds(path, table) if scale.bounds is not None and steps else {}
    shown = ", ".join(f"{k} {v}" for k, v in bound.items())
    out: dict[str, Any] = {"status": "timeout", "steps": steps,
                           "error": f"time limit of {limit:g} s reached after {steps} steps"
                                    + (f"; at least {shown}" if shown else "")}
    if bound:
        out["at_least"] = bound
    if steps:
        out["techniques_so_far"] = sorted({s.technique for s in path.steps})
    return out


class HardTimeout(BaseException):
    """Raised by the alarm when one step runs far past the limit (a BaseException, so no
    ``except Exception`` in a finder swallows it)."""


# the alarm fires this long after the deadline: the cooperative stop gets its chance first
HARD_GRACE = 1.0


@contextlib.contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    """Raise `HardTimeout` after ``seconds`` where a signal can (the main thread of a process on a
    POSIX system: the CLI and ``--jobs`` workers); elsewhere (a Dask worker's thread) do nothing."""
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return

    def ring(signum: int, frame: Any) -> None:
        raise HardTimeout()

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def rate(text: str, settings: ratings.Settings | None = None, time_limit: float | None = None) -> dict[str, Any]:
    """`api.rate_with` with a limit on the whole puzzle: scales past it get ``status`` "timeout".

    Without a limit this is `api.rate_with`. With one, the puzzle's ``status`` becomes "timeout" when
    any scale was cut off, ``timed_out`` lists those scales, and the finished scales are complete.
    """
    settings = settings or ratings.Settings()
    if time_limit is None:
        return api.rate_with(text, settings)
    hook = _Limited(time_limit)
    out = api.rate_with(text, settings, cancel=hook.deadline, each=hook)
    if "seconds" in out:  # an unreadable puzzle's answer has none
        out["seconds"] = round(out["seconds"], 3)
    return out


class _Limited:
    """The ``each`` hook of `api.rate` under a time limit: rates one scale with the alarm set
    for the time left (and its grace), and words a scale the limit cut off (`_cut`). Once the alarm
    has stopped a step, the scales still to come are not started."""

    def __init__(self, time_limit: float) -> None:
        self.time_limit = time_limit
        self.deadline = Deadline(time_limit)
        self.alarmed = False

    def __call__(self, run: ratings.ScaleRun) -> dict[str, Any]:
        # filled as the scale walks: what a cut-off still proves; the caller's own path when it
        # reads it after (``rate_board``'s ``detail`` and ``walks``)
        partial = run.path if run.path is not None else Path()
        if self.alarmed:
            return self._ran_past()
        if self.deadline():
            return _cut(run.scale, partial, run.prices(), self.time_limit)
        left = max((self.deadline.at or 0.0) - time.perf_counter(), 0.0)
        try:
            with _alarm(left + HARD_GRACE):
                return run.run(partial)
        except CANCELLED:
            return _cut(run.scale, partial, run.prices(), self.time_limit)
        except HardTimeout:
            self.alarmed = True
            if partial.steps:  # the alarm stopped a step: the steps before it still bound the rating
                return _cut(run.scale, partial, run.prices(), self.time_limit)
            return self._ran_past()

    def _ran_past(self) -> dict[str, Any]:
        return {"status": "timeout", "error": f"time limit of {self.time_limit:g} s: a step ran "
                                              f"{HARD_GRACE:g} s past it and was stopped"}


def explain(text: str, techniques: list[str] | None, policy: str, seed: int,
            time_limit: float, annotate: Callable[[dict[str, Any], str], dict[str, Any]] | None = None,
            options: Options = DEFAULT) -> dict[str, Any]:
    """`api.explain` cut off after ``time_limit`` seconds: ``status`` "timeout" and the steps so far."""

    def stopped(path: Path) -> str:
        last = path.steps[-1].technique if path.steps else "none"
        return f"time limit of {time_limit:g} s reached after {len(path.steps)} steps (last: {last})"

    out = api.explain(text, techniques, policy, seed, options=options, cancel=Deadline(time_limit), stopped=stopped)
    return annotate(out, text) if annotate is not None and out["status"] == "unique" else out


def limited(text: str, time_limit: float, call: Callable[[Deadline], dict[str, Any]]) -> dict[str, Any]:
    """``call(cancel)`` (`api.steps`, `api.hint`) stopped after ``time_limit`` seconds: between two
    techniques by the ``cancel`` hook, or by the alarm inside one search. A stopped call answers
    ``status`` "timeout" and no steps: a listing cut short would look complete."""
    deadline = Deadline(time_limit)
    try:
        with _alarm(time_limit + HARD_GRACE):
            return call(deadline)
    except (Cancelled, HardTimeout):
        try:
            puzzle = api.load(text).to_string(".")
        except SudokuError:
            puzzle = text.strip()
        return {"puzzle": puzzle, "status": "timeout",
                "error": f"time limit of {time_limit:g} s reached before the search finished; "
                         "allow more with --time-limit or ask for fewer techniques"}
