"""SE's solving loop: producers in SE's order, first hint wins, ER/EP/ED as serate computes them."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

from ..board import Board
from .grid import SEGrid
from .hint import SEHint
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
from .unique import bug, unique_loops


def _chaining(multiple: bool, dynamic: bool, nishio: bool, level: int) -> Producer:
    from .chaining import Chaining

    engine = Chaining(multiple, dynamic, nishio, level)
    return engine.hints


def producers() -> list[tuple[str, Producer]]:
    """SE 1.2.1's producer list, in the order the solver asks them."""
    return [
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
        ("Forcing Chains & Cycles", _chaining(False, False, False, 0)),
        ("Aligned Triplet Exclusion", aligned_exclusion(3)),
        ("Nishio Forcing Chains", _chaining(False, True, True, 0)),
        ("Multiple Forcing Chains", _chaining(True, False, False, 0)),
        ("Dynamic Forcing Chains", _chaining(True, True, False, 0)),
        ("Dynamic Forcing Chains (+)", _chaining(True, True, False, 1)),
        ("Nested Forcing Chains 2", _chaining(True, True, False, 2)),
        ("Nested Forcing Chains 3", _chaining(True, True, False, 3)),
        ("Nested Forcing Chains 4", _chaining(True, True, False, 4)),
        ("Nested Forcing Chains 5", _chaining(True, True, False, 5)),
    ]


class Cancelled(Exception):
    """Raised between steps when the caller's cancel callback says so."""


class SESolver:
    """Runs SE's rating loop on a board; keeps the path with each step's difficulty."""

    def __init__(self, max_level: int = 5) -> None:
        self.producers = producers()
        if max_level < 5:
            keep = 25 + max_level
            self.producers = self.producers[:keep]

    def next_hint(self, grid: SEGrid) -> tuple[str, SEHint] | None:
        for pname, produce in self.producers:
            for hint in produce(grid):
                return pname, hint
        return None

    def rate(self, board: Board, progress: Callable[[int, float], Any] | None = None,
             cancel: Callable[[], bool] | None = None, deadline: float | None = None) -> dict[str, Any]:
        grid = SEGrid.from_board(board)
        start = time.perf_counter()
        difficulty = float("-inf")
        pearl = diamond = 0.0
        path: list[dict[str, Any]] = []
        failed = False
        timed_out = False
        while not grid.is_solved():
            if cancel is not None and cancel():
                raise Cancelled()
            if deadline is not None and time.perf_counter() > deadline:
                timed_out = True
                break
            found = self.next_hint(grid)
            if found is None:
                difficulty = 20.0
                failed = True
                break
            pname, hint = found
            if hint.difficulty > difficulty:
                difficulty = hint.difficulty
            hint.apply(grid)
            path.append({"producer": pname, "name": hint.name, "difficulty": round(hint.difficulty, 1),
                         "text": hint.text, "placements": [(hint.cell, hint.value)] if hint.cell is not None else [],
                         "eliminations": hint.removal_list(), "hint": hint})
            if pearl == 0.0:
                if diamond == 0.0:
                    diamond = difficulty
                if hint.cell is not None:
                    pearl = difficulty
            if progress is not None:
                progress(len(path), hint.difficulty)
        if difficulty == float("-inf"):
            difficulty = 0.0
        return {"er": round(difficulty + 1e-9, 1), "ep": round(pearl + 1e-9, 1), "ed": round(diamond + 1e-9, 1),
                "path": path, "failed": failed, "timed_out": timed_out,
                "seconds": time.perf_counter() - start}


def se_path(board: Board) -> Iterator[tuple[str, SEHint]]:
    """SE's steps on a copy of the board, one (producer, hint) at a time."""
    solver = SESolver()
    grid = SEGrid.from_board(board)
    while not grid.is_solved():
        found = solver.next_hint(grid)
        if found is None:
            return
        yield found
        found[1].apply(grid)
