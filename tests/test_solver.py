from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import puzzle_set
from sudoku_grader.board import find_duplicate
from sudoku_grader.solver import solve


def test_sets_have_unique_solutions() -> None:
    for p in puzzle_set("top95") + puzzle_set("royle17-sample300")[:100]:
        values = [0 if ch == "." else int(ch) for ch in p]
        r = solve(values)
        assert r.status == "unique", p
        sol = r.solutions[0]
        assert all(v == 0 or v == s for v, s in zip(values, sol))
        assert find_duplicate(sol) is None


def test_empty_grid_has_several() -> None:
    r = solve([0] * 81)
    assert r.status == "multiple"
    assert r.differing_cells()


def test_no_solution() -> None:
    # r1c1..r1c8 = 1..8 and 9 placed in c9 elsewhere: r1c9 has no candidate
    values = [0] * 81
    values[:8] = range(1, 9)
    values[9 * 4 + 8] = 9
    assert solve(values).status == "none"


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=10**9), st.integers(min_value=17, max_value=40))
def test_random_puzzles_from_grids(seed: int, keep: int) -> None:
    """Solutions of puzzles cut from a solved grid include that grid."""
    rng = random.Random(seed)
    base = solve([0] * 81).solutions[0]
    perm = list(range(1, 10))
    rng.shuffle(perm)
    grid = [perm[v - 1] for v in base]
    cells = rng.sample(range(81), keep)
    values = [grid[c] if c in cells else 0 for c in range(81)]
    r = solve(values, limit=2)
    assert r.status in ("unique", "multiple")
    if r.status == "unique":
        assert r.solutions[0] == grid
