"""Aligned Pair Exclusion (SE 6.2) and Aligned Triple Exclusion (SE 7.5), as Sudoku Explainer defines them.

Two (three) cells, not necessarily in one house, with at least two common peers
holding 2 (up to 3) candidates: a combination of their values is impossible when
two of them see each other and share the value, or when it would take every
candidate of a common peer. A candidate used by no possible combination goes.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board
from ..se.exclusion import aligned_exclusion
from ..step import Step
from .registry import technique

_APE = aligned_exclusion(2)
_ATE = aligned_exclusion(3)


@technique("aligned-pair-exclusion", "Aligned Pair Exclusion", family="exclusion", level=6.2,
           aliases=("APE", "Aligned Pair"))
def aligned_pair_exclusion(board: Board) -> Iterator[Step]:
    """SE's APE over every pair of cells with two or more common bivalue peers."""
    return _APE(board)


@technique("aligned-triple-exclusion", "Aligned Triple Exclusion", family="exclusion", level=7.5,
           aliases=("ATE", "Aligned Triplet Exclusion"))
def aligned_triple_exclusion(board: Board) -> Iterator[Step]:
    """SE's ATE: the third cell comes from the peers of the first two."""
    return _ATE(board)
