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
from typing import NamedTuple, cast

from ..board import Board
from ..se.kept import Memo
from ..se.rules import Producer
from ..se.steps import chaining
from ..step import Step
from .registry import technique


class _Producers(NamedTuple):
    """SE's chaining producers of one board, sharing one `Memo`."""

    cycles_and_chains: Producer
    nishio: Producer
    multiple: Producer
    dynamic: Producer
    dynamic_plus: Producer
    nested: tuple[Producer, ...]


def _producers(board: Board) -> _Producers:
    """The producers kept on ``board`` (`Board.memo`): they keep what they found from one position
    of a walk to the next, and go with the walk's board."""
    memo = board.memo
    if memo is None:
        memo = board.memo = {}
    got = memo.get("se-chains")
    if got is None:
        shared = Memo()
        made = _Producers(
            chaining(False, False, False, 0, shared), chaining(False, True, True, 0, shared),
            chaining(True, False, False, 0, shared), chaining(True, True, False, 0, shared),
            chaining(True, True, False, 1, shared),
            tuple(chaining(True, True, False, level, shared) for level in (2, 3, 4, 5)))
        got = memo["se-chains"] = (None, made)
    return cast(_Producers, got[1])


@technique("se-bidirectional-cycle", "Bidirectional Cycle", family="se-chains", level=6.5, default=False,
           aliases=("Bidirectional X-Cycle", "Bidirectional Y-Cycle", "Generalized X-Wing", "SE cycle"))
def bidirectional_cycle(board: Board) -> Iterator[Step]:
    """SE's X-, Y- and XY-cycles (6.5 / 7.0 plus length)."""
    return (s for s in _producers(board).cycles_and_chains(board) if s.technique == "se-bidirectional-cycle")


@technique("se-forcing-chain", "Forcing Chain", family="se-chains", level=6.6, default=False,
           aliases=("Forcing X-Chain", "Forcing Y-Chain", "SE forcing chain"))
def forcing_chain(board: Board) -> Iterator[Step]:
    """SE's forcing X-chains (6.6) and XY forcing chains (7.0), plus length."""
    return (s for s in _producers(board).cycles_and_chains(board) if s.technique == "se-forcing-chain")


@technique("se-nishio", "Nishio Forcing Chains", family="se-chains", level=7.55, default=False,
           aliases=("Nishio", "Nishio Forcing Chain"))
def nishio(board: Board) -> Iterator[Step]:
    """Single-digit dynamic chains from an assumption to a contradiction (7.5 plus length)."""
    return _producers(board).nishio(board)


@technique("se-cell-forcing-chains", "Multiple Forcing Chains", family="se-chains", level=8.0, default=False,
           aliases=("Cell Forcing Chains", "Region Forcing Chains", "Multiple Forcing Chain"))
def multiple_forcing_chains(board: Board) -> Iterator[Step]:
    """Static cell and region forcing chains (8.0 plus length)."""
    return _producers(board).multiple(board)


@technique("se-dynamic-forcing-chains", "Dynamic Forcing Chains", family="se-chains", level=8.5, default=False,
           aliases=("Dynamic Forcing Chain", "Dynamic Contradiction Forcing Chains",
                    "Dynamic Double Forcing Chains"))
def dynamic_forcing_chains(board: Board) -> Iterator[Step]:
    """Dynamic cell, region, double and contradiction forcing chains (8.5 plus length)."""
    return _producers(board).dynamic(board)


@technique("se-dynamic-forcing-chains-plus", "Dynamic Forcing Chains (+)", family="se-chains", level=9.0, default=False,
           aliases=("DFC+", "Dynamic Forcing Chains Plus"))
def dynamic_forcing_chains_plus(board: Board) -> Iterator[Step]:
    """Dynamic chains that also use pointing/claiming, hidden/naked pairs and X-Wings (9.0 plus length)."""
    return _producers(board).dynamic_plus(board)


@technique("se-nested-forcing-chains", "Nested Forcing Chains", family="se-chains", level=9.5,
           aliases=("Dynamic Forcing Chains (+ Forcing Chains)", "Nested Forcing Chain"))
def nested_forcing_chains(board: Board) -> Iterator[Step]:
    """Dynamic chains with nested chains inside (SE levels 2 to 5, 9.5 to 11 plus length)."""
    for produce in _producers(board).nested:
        found = False
        for step in produce(board):
            found = True
            yield step
        if found:
            return
