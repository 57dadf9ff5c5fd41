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

# SE 1.2.1's producers in the order its solver asks them.
PRODUCERS: tuple[tuple[str, Producer], ...] = (
    ("Hidden Single", hidden_single),
    ("Direct Pointing", direct_locking),
    ("Direct Hidden Pair", hidden_set(2, True)),
    ("Naked Single", naked_single),
    ("Direct Hidden Triplet", hidden_set(3, True)),
    ("Pointing & Claiming", locking),
    ("Naked Pair", naked_set(2)),
    ("X-Wing", fisherman(2)),
    ("Hidden Pair", hidden_set(2, False)),
    ("Naked Triplet", naked_set(3)),
    ("Swordfish", fisherman(3)),
    ("Hidden Triplet", hidden_set(3, False)),
    ("XY-Wing", xy_wing(False)),
    ("XYZ-Wing", xy_wing(True)),
    ("Unique Loops", unique_loops),
    ("Naked Quad", naked_set(4)),
    ("Jellyfish", fisherman(4)),
    ("Hidden Quad", hidden_set(4, False)),
    ("BUG", bug),
    ("Aligned Pair Exclusion", aligned_exclusion(2)),
    ("Forcing Chains & Cycles", chaining(False, False, False, 0)),
    ("Aligned Triplet Exclusion", aligned_exclusion(3)),
    ("Nishio Forcing Chains", chaining(False, True, True, 0)),
    ("Multiple Forcing Chains", chaining(True, False, False, 0)),
    ("Dynamic Forcing Chains", chaining(True, True, False, 0)),
    ("Dynamic Forcing Chains (+)", chaining(True, True, False, 1)),
    ("Nested Forcing Chains 2", chaining(True, True, False, 2)),
    ("Nested Forcing Chains 3", chaining(True, True, False, 3)),
    ("Nested Forcing Chains 4", chaining(True, True, False, 4)),
    ("Nested Forcing Chains 5", chaining(True, True, False, 5)),
)


def next_step(board: Board) -> Step | None:
    """SE's next step in this position: the first step of the first producer that has one."""
    for _name, produce in PRODUCERS:
        for step in produce(board):
            return step
    return None
