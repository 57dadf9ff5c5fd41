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


def test_multiple_gives_two_differing_solutions_fast() -> None:
    import time

    from sudoku_grader.formats import parse

    line = puzzle_set("royle17-sample300")[0]
    values = [0 if ch == "." else int(ch) for ch in line]
    for drop in range(81):
        if values[drop]:
            break
    values[drop] = 0
    start = time.perf_counter()
    r = solve(values)
    assert time.perf_counter() - start < 1.0
    assert r.status == "multiple" and len(r.solutions) == 2
    a, b = r.solutions
    assert a != b and r.differing_cells() == [c for c in range(81) if a[c] != b[c]]
    for s in (a, b):
        assert find_duplicate(s) is None and all(v in (0, s[c]) for c, v in enumerate(values))
    # the same from a Board
    assert solve(parse(line).board).status == "unique"


def test_sparse_grids_answer_fast() -> None:
    import time

    for k in (0, 1, 4, 8, 12, 16):
        rng = random.Random(k)
        grid = solve([0] * 81).solutions[0]
        cells = set(rng.sample(range(81), k))
        start = time.perf_counter()
        r = solve([grid[c] if c in cells else 0 for c in range(81)])
        assert r.status == "multiple"
        assert time.perf_counter() - start < 0.5


def test_board_candidates_are_respected() -> None:
    """Removing the solution's digit from a cell's candidates leaves no solution."""
    from sudoku_grader.formats import parse

    line = puzzle_set("top95")[0]
    board = parse(line).board
    sol = solve(board).solutions[0]
    empty = next(c for c in range(81) if not board.values[c])
    board.eliminate(empty, sol[empty])
    r = solve(board)
    assert r.status == "none" and r.reason


def test_limit_one_stops_early() -> None:
    r = solve([0] * 81, limit=1)
    assert r.status == "unique" and len(r.solutions) == 1  # limit 1 cannot tell unique from multiple
