"""Hypothesis strategies: random valid solution grids and puzzles cut from them.

A grid is made from one solved grid by the validity-preserving transformations
(relabel digits, permute bands, stacks, rows within a band, columns within a
stack, transpose), which together reach a very varied sample of grids.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from sudoku_grader.solver import solve

_BASE = solve([0] * 81).solutions[0]


def transformed_grid(rng: random.Random) -> list[int]:
    """A random valid solution grid."""
    digits = list(range(1, 10))
    rng.shuffle(digits)

    def order() -> list[int]:
        bands = [0, 1, 2]
        rng.shuffle(bands)
        out = []
        for b in bands:
            inner = [0, 1, 2]
            rng.shuffle(inner)
            out += [b * 3 + i for i in inner]
        return out

    rows, cols = order(), order()
    transpose = rng.random() < 0.5
    grid = []
    for r in range(9):
        for c in range(9):
            rr, cc = (cols[c], rows[r]) if transpose else (rows[r], cols[c])
            grid.append(digits[_BASE[rr * 9 + cc] - 1])
    return grid


@st.composite
def grids(draw: st.DrawFn) -> list[int]:
    return transformed_grid(random.Random(draw(st.integers(0, 2**32))))


@st.composite
def puzzles(draw: st.DrawFn, min_givens: int = 17, max_givens: int = 45) -> tuple[list[int], list[int]]:
    """(puzzle values with 0 for blanks, the grid it was cut from); not necessarily unique."""
    grid = draw(grids())
    keep = set(draw(st.lists(st.integers(0, 80), min_size=min_givens, max_size=max_givens, unique=True)))
    return [v if c in keep else 0 for c, v in enumerate(grid)], grid
