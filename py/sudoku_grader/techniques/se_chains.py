"""Sudoku Explainer's chaining families as techniques: cycles, forcing chains, Nishio, multiple,
dynamic, dynamic (+) and nested forcing chains.

Each finder runs SE's chaining producer on the position and yields its hints in
SE's order (difficulty, then complexity). ``extra["se_difficulty"]`` carries the
SE rating of the step (base plus the chain-length increment). With nesting these
solve every valid puzzle without guessing, so the default path keeps nested forcing
chains as its last resort; the other SE families repeat our own chain techniques and
are used by name (and by the SE scale, which runs its own solver).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board
from ..se.steps import chaining
from ..step import Step
from .registry import technique

_CYCLES_AND_CHAINS = chaining(False, False, False, 0)
_NISHIO = chaining(False, True, True, 0)
_MULTIPLE = chaining(True, False, False, 0)
_DYNAMIC = chaining(True, True, False, 0)
_DYNAMIC_PLUS = chaining(True, True, False, 1)
_NESTED = tuple(chaining(True, True, False, level) for level in (2, 3, 4, 5))


@technique("se-bidirectional-cycle", "Bidirectional Cycle", family="se_chains", level=6.5, default=False,
           aliases=("Bidirectional X-Cycle", "Bidirectional Y-Cycle", "Generalized X-Wing", "SE cycle"))
def bidirectional_cycle(board: Board) -> Iterator[Step]:
    """SE's X-, Y- and XY-cycles (6.5 / 7.0 plus length)."""
    return (s for s in _CYCLES_AND_CHAINS(board) if s.technique == "se-bidirectional-cycle")


@technique("se-forcing-chain", "Forcing Chain", family="se_chains", level=6.6, default=False,
           aliases=("Forcing X-Chain", "Forcing Y-Chain", "SE forcing chain"))
def forcing_chain(board: Board) -> Iterator[Step]:
    """SE's forcing X-chains (6.6) and XY forcing chains (7.0), plus length."""
    return (s for s in _CYCLES_AND_CHAINS(board) if s.technique == "se-forcing-chain")


@technique("se-nishio", "Nishio Forcing Chains", family="se_chains", level=7.55, default=False,
           aliases=("Nishio", "Nishio Forcing Chain"))
def nishio(board: Board) -> Iterator[Step]:
    """Single-digit dynamic chains from an assumption to a contradiction (7.5 plus length)."""
    return _NISHIO(board)


@technique("se-cell-forcing-chains", "Multiple Forcing Chains", family="se_chains", level=8.0, default=False,
           aliases=("Cell Forcing Chains", "Region Forcing Chains", "Multiple Forcing Chain"))
def multiple_forcing_chains(board: Board) -> Iterator[Step]:
    """Static cell and region forcing chains (8.0 plus length)."""
    return _MULTIPLE(board)


@technique("se-dynamic-forcing-chains", "Dynamic Forcing Chains", family="se_chains", level=8.5, default=False,
           aliases=("Dynamic Forcing Chain", "Dynamic Contradiction Forcing Chains",
                    "Dynamic Double Forcing Chains"))
def dynamic_forcing_chains(board: Board) -> Iterator[Step]:
    """Dynamic cell, region, double and contradiction forcing chains (8.5 plus length)."""
    return _DYNAMIC(board)


@technique("se-dynamic-forcing-chains-plus", "Dynamic Forcing Chains (+)", family="se_chains", level=9.0, default=False,
           aliases=("DFC+", "Dynamic Forcing Chains Plus"))
def dynamic_forcing_chains_plus(board: Board) -> Iterator[Step]:
    """Dynamic chains that also use pointing/claiming, hidden/naked pairs and X-Wings (9.0 plus length)."""
    return _DYNAMIC_PLUS(board)


@technique("se-nested-forcing-chains", "Nested Forcing Chains", family="se_chains", level=9.5,
           aliases=("Dynamic Forcing Chains (+ Forcing Chains)", "Nested Forcing Chain"))
def nested_forcing_chains(board: Board) -> Iterator[Step]:
    """Dynamic chains with nested chains inside (SE levels 2 to 5, 9.5 to 11 plus length)."""
    for produce in _NESTED:
        found = False
        for step in produce(board):
            found = True
            yield step
        if found:
            return
