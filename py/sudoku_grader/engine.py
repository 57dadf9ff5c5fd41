"""The engine: one walk loop, and the policies that choose each step of it.

Techniques only find steps; a policy decides which one to apply, and `walk`
applies it, again and again, until the grid is solved or nothing applies. Every
path in the package goes through `walk`: ``explain``, the hint, the generator,
and every rating scale (each scale module defines its own policy: HoDoKu's
queues and sort, SudokuWiki's batched singles, the 2009 grader's order, ...).

Policies here, by the names the command line uses:

- ``simplest`` (`Simplest`): try techniques from the easiest; the first that finds
  anything wins, and of its steps the one that removes most candidates is
  applied; then start again from the easiest.
- ``most-effective`` (`MostEffective`): ask every technique, apply the step
  removing most.
- ``random`` (`RandomOrder`): techniques in a seeded random order (for statistics).

`InOrder` is the general form the scales build on: finders in a fixed order,
each step priced by a key, the first or the best step of the first finder
that has one. `next_step` (the app's hint) is the simplest policy's choice.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from .board import Board
from .errors import Cancelled, SudokuError
from .geometry import POPCOUNT9
from .step import Step
from .techniques import DEFAULT, Options, Technique, default_order, get

POLICIES = ("simplest", "most-effective", "random")
MAX_STEPS = 2000

Progress = Callable[[int, str], None]  # (steps taken, technique id of the last one)
Cancel = Callable[[], bool]  # True: stop between two steps (raises `Cancelled`)
Choice = tuple[Step, str | None]  # a step and the key that prices it on a scale (None: not priced)

__all__ = [
    "Cancel", "Cancelled", "Choice", "InOrder", "MAX_STEPS", "MostEffective", "POLICIES", "Path", "Policy",
    "Progress", "RandomOrder", "Simplest", "all_steps", "apply_step", "best_step", "first_step", "gain",
    "next_step", "policy_named", "resolve", "walk",
]


@dataclass
class Path:
    """A walk's result: the steps applied (with their scale keys), whether they solved the grid,
    why the walk stopped if not, and how long it took."""

    steps: list[Step] = field(default_factory=list)
    keys: list[str | None] = field(default_factory=list)  # the pricing key per step (policy's choice)
    candidates: list[int] = field(default_factory=list)  # candidates on the board before each step
    solved: bool = False
    stuck: str = ""  # why the walk stopped short ("" when solved)
    stopped: str = ""  # the policy's reason for ending early on purpose (`Policy.finished`), else ""
    board: Board | None = None  # the final position
    seconds: float = 0.0  # the walk's time (up to the cancel, when cancelled)

    def counts(self) -> dict[str, int]:
        """Uses per technique id, in first-use order."""
        out: dict[str, int] = {}
        for s in self.steps:
            out[s.technique] = out.get(s.technique, 0) + 1
        return out


# ------------------------------------------------------------------ steps
def gain(board: Board, step: Step) -> int:
    """Candidates the step removes from ``board`` (a placement removes its cell's and its peers')."""
    n = 0
    seen = set()
    peer_mask = board.geometry.peer_mask
    for cell, digit in step.placements:
        if cell in seen:
            continue
        seen.add(cell)
        n += POPCOUNT9[board.cands[cell]]
        n += (board.digit_cells[digit] & peer_mask[cell]).bit_count()
    for cell, digit in step.eliminations:
        if cell not in seen and board.has_candidate(cell, digit):
            n += 1
    return n


def apply_step(board: Board, step: Step) -> None:
    """Apply placements then eliminations, in place."""
    for cell, digit in step.placements:
        if not board.values[cell]:
            board.place(cell, digit)
    for cell, digit in step.eliminations:
        board.eliminate(cell, digit)


def best_step(board: Board, steps: Iterable[Step]) -> Step | None:
    """The step that removes most candidates (first found on a tie); None if none does anything."""
    best, best_gain = None, 0
    for s in steps:
        g = gain(board, s)
        if g > best_gain:
            best, best_gain = s, g
    return best


def first_step(board: Board, technique: Technique, options: Options = DEFAULT) -> Step | None:
    """The first step the finder yields that changes the board (its own scan order)."""
    for s in technique.steps(board, options):
        if gain(board, s):
            return s
    return None


def resolve(techniques: Iterable[str | Technique] | None) -> list[Technique]:
    """Technique objects; ``None`` means the default set, simplest first."""
    if techniques is None:
        return default_order()
    return [t if isinstance(t, Technique) else get(t) for t in techniques]


def all_steps(
    board: Board, techniques: Iterable[str | Technique] | None = None, options: Options = DEFAULT,
    *, progress: Progress | None = None, cancel: Cancel | None = None,
) -> list[Step]:
    """Every step of every given technique in this position (HoDoKu's "find all steps").

    With no list, the default set without Sudoku Explainer's nested forcing chains: the
    path's last resort can take minutes, and a listing is asked for to look around.
    ``progress(n, technique)`` hears of each technique searched (``n`` steps found so far);
    ``cancel()`` returning True raises `Cancelled` before the next technique."""
    out: list[Step] = []
    chosen = resolve(techniques)
    if techniques is None:
        chosen = [t for t in chosen if t.family != "se-chains"]
    for t in chosen:
        if cancel is not None and cancel():
            raise Cancelled(None)
        out.extend(s for s in t.steps(board, options) if gain(board, s))
        if progress is not None:
            progress(len(out), t.id)
    return out


def next_step(
    board: Board, techniques: Iterable[str | Technique] | None = None, options: Options = DEFAULT,
    *, progress: Progress | None = None, cancel: Cancel | None = None,
) -> Step | None:
    """The easiest available step: the hint (the simplest policy's choice).

    A hint is one search, so ``cancel()`` is asked before each technique is tried (raising
    `Cancelled`), and ``progress(n, technique)`` hears of each technique tried (``n`` of them)."""
    for tried, t in enumerate(resolve(techniques), 1):
        if cancel is not None and cancel():
            raise Cancelled(None)
        s = best_step(board, t.steps(board, options))
        if progress is not None:
            progress(tried, t.id)
        if s is not None:
            return s
    return None


# ------------------------------------------------------------------ policies
class Policy:
    """Chooses each step of a walk.

    `choose` returns the next step and the key that prices it (or None when nothing
    applies). A policy that keeps state between steps (HoDoKu's singles queues) sets
    it up in `start` and keeps it in step in `apply`. ``stuck`` is the reason a walk
    gives when `choose` finds nothing; ``max_steps`` bounds the walk; `finished` ends it
    early when the policy has what it came for (SE's ``--pearl``).
    """

    stuck = "no enabled technique applies in this position"
    max_steps = MAX_STEPS
    limit_reason = ""  # why the walk stopped at max_steps ("" gives "stopped after N steps")

    def start(self, board: Board) -> None:
        """Called once with the walk's own copy of the board, before the first step."""

    def choose(self, board: Board) -> Choice | None:
        raise NotImplementedError

    def apply(self, board: Board, step: Step) -> None:
        apply_step(board, step)

    def finished(self) -> str:
        """Why the walk may end before the grid is solved (`Path.stopped`), or "" to go on."""
        return ""


class InOrder(Policy):
    """Techniques in a fixed order, each with the key that prices it; the first technique that
    has a step wins. ``pick="best"`` applies its step removing most candidates, ``"first"`` the
    first step its finder yields (the finder's own scan order)."""

    def __init__(
        self,
        entries: Sequence[tuple[Technique, str | None]],
        pick: str = "best",
        options: Options = DEFAULT,
        stuck: str | None = None,
        max_steps: int | None = None,
        limit_reason: str = "",
    ) -> None:
        if pick not in ("best", "first"):
            raise ValueError(f"pick is 'best' or 'first', not {pick!r}")
        self.entries = list(entries)
        self.pick = pick
        self.options = options
        if stuck is not None:
            self.stuck = stuck
        if max_steps is not None:
            self.max_steps = max_steps
        self.limit_reason = limit_reason

    def choose(self, board: Board) -> Choice | None:
        return self.choose_in(board, self.entries)

    def choose_in(self, board: Board, entries: Iterable[tuple[Technique, str | None]]) -> Choice | None:
        for t, key in entries:
            if self.pick == "first":
                s = first_step(board, t, self.options)
            else:
                s = best_step(board, t.steps(board, self.options))
            if s is not None:
                return s, key
        return None


class Simplest(InOrder):
    """``simplest``: the easiest technique that applies; its step removing most candidates."""

    def __init__(self, techniques: Iterable[str | Technique] | None = None, options: Options = DEFAULT) -> None:
        super().__init__([(t, None) for t in resolve(techniques)], "best", options)


class RandomOrder(InOrder):
    """``random``: techniques shuffled before every step (seeded), then as `Simplest`."""

    def __init__(self, techniques: Iterable[str | Technique] | None = None, seed: int = 0,
                 options: Options = DEFAULT) -> None:
        super().__init__([(t, None) for t in resolve(techniques)], "best", options)
        self.rng = random.Random(seed)

    def choose(self, board: Board) -> Choice | None:
        shuffled = self.entries[:]
        self.rng.shuffle(shuffled)
        return self.choose_in(board, shuffled)


class MostEffective(Policy):
    """``most-effective``: of every step of every technique, the one removing most candidates."""

    def __init__(self, techniques: Iterable[str | Technique] | None = None, options: Options = DEFAULT) -> None:
        self.techniques = resolve(techniques)
        self.options = options

    def choose(self, board: Board) -> Choice | None:
        s = best_step(board, all_steps(board, self.techniques, self.options))
        return (s, None) if s is not None else None


def policy_named(name: str, techniques: Iterable[str | Technique] | None = None, seed: int = 0,
                 options: Options = DEFAULT) -> Policy:
    """The policy for a command-line name (`POLICIES`)."""
    if name == "simplest":
        return Simplest(techniques, options)
    if name == "most-effective":
        return MostEffective(techniques, options)
    if name == "random":
        return RandomOrder(techniques, seed, options)
    raise SudokuError(f"unknown policy {name!r}; choose one of {', '.join(POLICIES)}")


# ------------------------------------------------------------------ the walk
def walk(
    board: Board,
    policy: Policy | None = None,
    *,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
    path: Path | None = None,
) -> Path:
    """Solve a copy of ``board`` by logic alone, one step of ``policy`` (default `Simplest`) at a time.

    Stops when the grid is solved, when the policy finds nothing (``stuck`` says so) or is
    finished (``stopped`` says why), when the position is broken, or after the policy's
    ``max_steps``. ``progress(n, technique)`` hears of each step; ``cancel()`` returning True
    raises `Cancelled` (with the path so far) between steps. ``path``, an empty `Path`, is filled
    in place and returned: a caller whose walk may be stopped inside a step (an alarm) keeps the
    steps taken before it.
    """
    started = time.perf_counter()
    policy = policy if policy is not None else Simplest()
    b = board.copy()
    if path is None:
        path = Path()
    path.board = b
    policy.start(b)
    limit = policy.max_steps
    try:
        while not b.is_solved():
            stopped = policy.finished()
            if stopped:
                path.stopped = stopped
                break
            if cancel is not None and cancel():
                path.seconds = time.perf_counter() - started
                raise Cancelled(path)
            if len(path.steps) >= limit:
                path.stuck = policy.limit_reason or f"stopped after {limit} steps"
                break
            problem = b.contradiction()
            if problem:
                path.stuck = f"the position is broken: {problem}"
                break
            picked = policy.choose(b)
            if picked is None:
                path.stuck = policy.stuck
                break
            step, key = picked
            path.candidates.append(b.candidate_count())
            policy.apply(b, step)
            path.steps.append(step)
            path.keys.append(key)
            if progress is not None:
                progress(len(path.steps), step.technique)
    finally:
        b.memo = None  # the finders' results of this walk go with it (`Board.memo`)
    path.solved = b.is_solved() and b.contradiction() is None
    path.seconds = time.perf_counter() - started
    return path
