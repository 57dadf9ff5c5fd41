"""A Sudoku Explainer rating owns its state: nothing of one puzzle is kept for the next."""

from __future__ import annotations

import gc
import tracemalloc

from sudoku_grader.board import Board
from sudoku_grader.engine import walk
from sudoku_grader.ratings.se import SEPolicy, se_rating
from sudoku_grader.se.chaining import MEMORY_MB, Memo
from sudoku_grader.se.policy import Solver

HARD = ".6.5.1.9.1...9..539....7....4.8...7.......5.8.817.5.3.....5.2............76..8..."  # ER 8.9
EASY = "8.534...12.4...59..1...5.686...83....9361....7...52....5...8.421.7...68.4.219...5"  # ER 1.2


def _kept_after(puzzles: list[str]) -> int:
    """Bytes still allocated after rating ``puzzles`` one after another (traced from the start)."""
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for p in puzzles:
            se_rating(Board.from_string(p))
        gc.collect()
        return tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()


def test_a_hard_rating_leaves_nothing_behind() -> None:
    """After a warm-up (lazy tables built), rating an ER 8.9 puzzle then an easy one keeps at most
    3 MB more than the easy one alone (the module-level caches kept some 5.7 MB of the first)."""
    assert se_rating(Board.from_string(HARD))["er"] == 8.9
    se_rating(Board.from_string(EASY))
    both = _kept_after([HARD, EASY])
    alone = _kept_after([EASY])
    assert both - alone <= 3_000_000, f"{(both - alone) / 1e6:.1f} MB of the hard puzzle kept"


def test_each_walk_has_its_own_solver() -> None:
    """`SEPolicy.start` makes a new solver per walk, bounded by the policy's ``memory_mb``."""
    policy = SEPolicy(memory_mb=16)
    board = Board.from_string(EASY)
    policy.start(board)
    first = policy.solver
    assert first is not None and first.memo.on_off_links_max < Memo().on_off_links_max
    policy.start(board)
    assert policy.solver is not first
    # the chaining producers of one solver share its memo; two solvers share nothing
    a, b = Solver(), Solver()
    assert a.memo is not b.memo
    assert a.producers[0][0] == "Hidden Single" and len(a.producers) == 30


def test_a_smaller_memory_rates_the_same() -> None:
    """The memo's bound costs time only: a tiny one takes the same path as the default."""
    default = walk(Board.from_string(HARD), SEPolicy())
    tiny = walk(Board.from_string(HARD), SEPolicy(memory_mb=1))
    assert MEMORY_MB >= 64 and default.solved
    assert [(s.name, s.extra["se_difficulty"], s.eliminations, s.placements) for s in tiny.steps] == \
        [(s.name, s.extra["se_difficulty"], s.eliminations, s.placements) for s in default.steps]
