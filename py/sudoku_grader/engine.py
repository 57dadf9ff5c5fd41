"""The engine: walks a solve path by a policy, one step at a time.

Techniques only find steps; the engine decides which one to apply. Policies
(from the seeds and from HoDoKu/SourGumdrop practice):

- ``simplest``: try techniques from the easiest; the first that finds
  anything wins, and of its steps the one that removes most candidates is
  applied; then start again from the easiest.
- ``most-effective``: ask every technique, apply the step removing most.
- ``random``: techniques in a seeded random order (for statistics).

`next_step` (the app's hint) is the easiest available step.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from .board import Board
from .geometry import PEER_MASK
from .step import Step
from .techniques import Technique, default_order, get

POLICIES = ("simplest", "most-effective", "random")

Progress = Callable[[int, str], None]


class Cancelled(Exception):
    """The caller's cancel hook asked the engine to stop between two steps."""


@dataclass
class SolvePath:
    """The steps applied, whether they solved the grid, and where the path stopped."""

    steps: list[Step] = field(default_factory=list)
    solved: bool = False
    board: Board | None = None  # final position
    stuck_reason: str = ""
    candidate_counts: list[int] = field(default_factory=list)  # before each step


def resolve(techniques: Iterable[str | Technique] | None) -> list[Technique]:
    """Technique objects; ``None`` means the default set, simplest first."""
    if techniques is None:
        return default_order()
    return [t if isinstance(t, Technique) else get(t) for t in techniques]


def gain(board: Board, step: Step) -> int:
    """Candidates the step removes from ``board`` (a placement removes its cell's and its peers')."""
    n = 0
    seen = set()
    for cell, digit in step.placements:
        if cell in seen:
            continue
        seen.add(cell)
        n += board.cands[cell].bit_count()
        n += (board.digit_cells[digit] & PEER_MASK[cell]).bit_count()
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


def best_of(board: Board, steps: Sequence[Step]) -> Step | None:
    """The step that removes most candidates (first found on a tie); None if none does anything."""
    best, best_gain = None, 0
    for s in steps:
        g = gain(board, s)
        if g > best_gain:
            best, best_gain = s, g
    return best


def all_steps(board: Board, techniques: Iterable[str | Technique] | None = None) -> list[Step]:
    """Every step of every given technique in this position (HoDoKu's "find all steps").

    With no list, the default set without Sudoku Explainer's nested forcing chains: the
    path's last resort can take minutes, and a listing is asked for to look around."""
    out: list[Step] = []
    chosen = resolve(techniques)
    if techniques is None:
        chosen = [t for t in chosen if t.family != "se_chains"]
    for t in chosen:
        out.extend(s for s in t.find(board) if gain(board, s))
    return out


def next_step(board: Board, techniques: Iterable[str | Technique] | None = None) -> Step | None:
    """The easiest available step: the hint."""
    for t in resolve(techniques):
        step = best_of(board, list(t.find(board)))
        if step is not None:
            return step
    return None


def solve_path(
    board: Board,
    techniques: Iterable[str | Technique] | None = None,
    policy: str = "simplest",
    seed: int = 0,
    progress: Progress | None = None,
    cancel: Callable[[], bool] | None = None,
    max_steps: int = 2000,
) -> SolvePath:
    """Solve a copy of ``board`` by logic alone with the given techniques and policy."""
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}; choose one of {', '.join(POLICIES)}")
    techs = resolve(techniques)
    rng = random.Random(seed)
    b = board.copy()
    path = SolvePath(board=b)
    while not b.is_solved():
        if cancel is not None and cancel():
            raise Cancelled()
        if len(path.steps) >= max_steps:
            path.stuck_reason = f"stopped after {max_steps} steps"
            break
        problem = b.contradiction()
        if problem:
            path.stuck_reason = f"the position is broken: {problem}"
            break
        step = _choose(b, techs, policy, rng)
        if step is None:
            path.stuck_reason = "no enabled technique applies in this position"
            break
        path.candidate_counts.append(b.candidate_count())
        apply_step(b, step)
        path.steps.append(step)
        if progress is not None:
            progress(len(path.steps), step.technique)
    path.solved = b.is_solved() and b.contradiction() is None
    return path


def _choose(b: Board, techs: list[Technique], policy: str, rng: random.Random) -> Step | None:
    if policy == "simplest":
        return next_step(b, techs)
    if policy == "random":
        shuffled = techs[:]
        rng.shuffle(shuffled)
        return next_step(b, shuffled)
    return best_of(b, all_steps(b, techs))
