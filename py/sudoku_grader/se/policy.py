"""Sudoku Explainer's solver as a policy: its producers in its order, the first step found is taken.

SE asks its producers in a fixed order at every step; the first producer that
yields anything supplies the step, and inside a producer its own scan order
decides (chaining producers sort their hints by rating, then complexity). The
puzzle's ER is the hardest step of this path; EP and ED follow from its start.

A `Solver` is one rating's: it makes the producers, which keep what they found from
one grid of its path to the next, and the `Memo` of their nested searches; both go
with it, so nothing of one puzzle is kept for the next.
"""

from __future__ import annotations

from ..board import Board
from ..step import Step
from .chaining import MEMORY_MB, Memo
from .exclusion import aligned_exclusion
from .rules import (
    Producer,
    direct_locking,
    fisherman,
    hidden_set,
    hidden_single,
    locking,
    naked_set,
    naked_single,
    xy_wing,
)
from .steps import chaining
from .unique import bug, unique_loops

# SE 1.2.1's producers in the order its solver asks them, with the lowest rating each gives
# (a step rates its producer's base plus what its size or chain length adds).
RULES: tuple[tuple[str, float], ...] = (
    ("Hidden Single", 1.0),  # a full house rates 1.0
    ("Direct Pointing", 1.7),
    ("Direct Hidden Pair", 2.0),
    ("Naked Single", 2.3),
    ("Direct Hidden Triplet", 2.5),
    ("Pointing & Claiming", 2.6),
    ("Naked Pair", 3.0),
    ("X-Wing", 3.2),
    ("Hidden Pair", 3.4),
    ("Naked Triplet", 3.6),
    ("Swordfish", 3.8),
    ("Hidden Triplet", 4.0),
    ("XY-Wing", 4.2),
    ("XYZ-Wing", 4.4),
    ("Unique Loops", 4.5),
    ("Naked Quad", 5.0),
    ("Jellyfish", 5.2),
    ("Hidden Quad", 5.4),
    ("BUG", 5.6),
    ("Aligned Pair Exclusion", 6.2),
    ("Forcing Chains & Cycles", 6.5),
    ("Aligned Triplet Exclusion", 7.5),
    ("Nishio Forcing Chains", 7.5),
    ("Multiple Forcing Chains", 8.0),
    ("Dynamic Forcing Chains", 8.5),
    ("Dynamic Forcing Chains (+)", 9.0),
    ("Nested Forcing Chains 2", 9.5),
    ("Nested Forcing Chains 3", 10.0),
    ("Nested Forcing Chains 4", 10.5),
    ("Nested Forcing Chains 5", 11.0),
)

#: Each producer's base rating: Sudoku Explainer's price table (`ratings.se.SCALE.prices`).
BASE: dict[str, float] = dict(RULES)


def producers(memo: Memo) -> tuple[Producer, ...]:
    """New producers in `RULES`' order; the chaining ones keep their results in ``memo``."""
    return (
        hidden_single, direct_locking(), hidden_set(2, True), naked_single, hidden_set(3, True), locking(),
        naked_set(2), fisherman(2), hidden_set(2, False), naked_set(3), fisherman(3), hidden_set(3, False),
        xy_wing(False), xy_wing(True), unique_loops, naked_set(4), fisherman(4), hidden_set(4, False), bug,
        aligned_exclusion(2), chaining(False, False, False, 0, memo), aligned_exclusion(3),
        chaining(False, True, True, 0, memo), chaining(True, False, False, 0, memo),
        chaining(True, True, False, 0, memo), chaining(True, True, False, 1, memo),
        *(chaining(True, True, False, level, memo) for level in (2, 3, 4, 5)),
    )


class Solver:
    """SE's solver for one rating: its producers, and what they keep between the steps of its
    path, bounded by ``memory_mb`` (the `Memo` of the nested searches)."""

    __slots__ = ("memo", "producers")

    def __init__(self, memory_mb: int = MEMORY_MB) -> None:
        self.memo = Memo(memory_mb)
        self.producers = tuple(zip((name for name, _ in RULES), producers(self.memo), strict=True))

    def next_choice(self, board: Board) -> tuple[Step, str] | None:
        """SE's next step in this position and the producer that gave it: the first step of the
        first producer that has one."""
        for name, produce in self.producers:
            for step in produce(board):
                return step, name
        return None


def next_choice(board: Board) -> tuple[Step, str] | None:
    """SE's next step in this position alone and its producer (`Solver.next_choice` of a new solver)."""
    return Solver().next_choice(board)


def next_step(board: Board) -> Step | None:
    """SE's next step in this position (`next_choice` without the producer)."""
    found = next_choice(board)
    return found[0] if found else None
