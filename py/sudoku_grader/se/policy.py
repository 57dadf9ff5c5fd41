"""Sudoku Explainer's solver as a policy: its producers in its order, the first step found is taken.

SE asks its producers in a fixed order at every step; the first producer that
yields anything supplies the step, and inside a producer its own scan order
decides (chaining producers sort their hints by rating, then complexity). The
puzzle's ER is the hardest step of this path; EP and ED follow from its start.
"""

from __future__ import annotations

from ..board import Board
from ..step import Step
from .rules import (
    Producer,
    aligned_exclusion,
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
PRODUCERS: tuple[tuple[str, float, Producer], ...] = (
    ("Hidden Single", 1.0, hidden_single),  # a full house rates 1.0
    ("Direct Pointing", 1.7, direct_locking),
    ("Direct Hidden Pair", 2.0, hidden_set(2, True)),
    ("Naked Single", 2.3, naked_single),
    ("Direct Hidden Triplet", 2.5, hidden_set(3, True)),
    ("Pointing & Claiming", 2.6, locking),
    ("Naked Pair", 3.0, naked_set(2)),
    ("X-Wing", 3.2, fisherman(2)),
    ("Hidden Pair", 3.4, hidden_set(2, False)),
    ("Naked Triplet", 3.6, naked_set(3)),
    ("Swordfish", 3.8, fisherman(3)),
    ("Hidden Triplet", 4.0, hidden_set(3, False)),
    ("XY-Wing", 4.2, xy_wing(False)),
    ("XYZ-Wing", 4.4, xy_wing(True)),
    ("Unique Loops", 4.5, unique_loops),
    ("Naked Quad", 5.0, naked_set(4)),
    ("Jellyfish", 5.2, fisherman(4)),
    ("Hidden Quad", 5.4, hidden_set(4, False)),
    ("BUG", 5.6, bug),
    ("Aligned Pair Exclusion", 6.2, aligned_exclusion(2)),
    ("Forcing Chains & Cycles", 6.5, chaining(False, False, False, 0)),
    ("Aligned Triplet Exclusion", 7.5, aligned_exclusion(3)),
    ("Nishio Forcing Chains", 7.5, chaining(False, True, True, 0)),
    ("Multiple Forcing Chains", 8.0, chaining(True, False, False, 0)),
    ("Dynamic Forcing Chains", 8.5, chaining(True, True, False, 0)),
    ("Dynamic Forcing Chains (+)", 9.0, chaining(True, True, False, 1)),
    ("Nested Forcing Chains 2", 9.5, chaining(True, True, False, 2)),
    ("Nested Forcing Chains 3", 10.0, chaining(True, True, False, 3)),
    ("Nested Forcing Chains 4", 10.5, chaining(True, True, False, 4)),
    ("Nested Forcing Chains 5", 11.0, chaining(True, True, False, 5)),
)

#: Each producer's base rating: Sudoku Explainer's price table (`ratings.se.SCALE.prices`).
BASE: dict[str, float] = {name: base for name, base, _ in PRODUCERS}


def next_choice(board: Board) -> tuple[Step, str] | None:
    """SE's next step in this position and the producer that gave it: the first step of the
    first producer that has one."""
    for name, _base, produce in PRODUCERS:
        for step in produce(board):
            return step, name
    return None


def next_step(board: Board) -> Step | None:
    """SE's next step in this position (`next_choice` without the producer)."""
    found = next_choice(board)
    return found[0] if found else None
