"""The HoDoKu scale's own searches (`ratings/hodoku_tabling.py`, `ratings/hodoku_als.py`).

They exist to pick the step HoDoKu picks, so they are checked three ways:
every step on HoDoKu paths through real puzzles is sound; HoDoKu's regression
library cases for Nice Loops, AICs and ALS moves are found by our searches;
and the choice rules (first ALS-XZ in HoDoKu's order, placements before
removals in forcing chains) hold.
"""

from __future__ import annotations

import re

import pytest

import hodoku_agreement as agreement
from conftest import SHARED
from sudoku_grader.formats import parse, parse_library
from sudoku_grader.ratings import hodoku, hodoku_als, hodoku_tabling
from sudoku_grader.solver import solve

REGLIB = SHARED / "reglib" / "reglib-1.3.txt"
ROWS = agreement.read_reference(SHARED / "reference" / "hodoku-ratings.tsv")

LOOP_TYPES = {
    "0706": "continuous-nice-loop",
    "0707": "discontinuous-nice-loop",
    "0708": "aic",
    "0709": "grouped-continuous-nice-loop",
    "0710": "grouped-discontinuous-nice-loop",
    "0711": "grouped-aic",
}
# HoDoKu's tester switches ALS nodes on for these variants; the scale keeps HoDoKu's default (off)
ALS_NODE_VARIANTS = re.compile(r"0709-2|0710-[34]|0711-[34]")


def reglib_cases(codes: tuple[str, ...]) -> list[str]:
    return [line for line in REGLIB.read_text().splitlines()
            if line.startswith(":") and line.split(":")[1].split("-")[0] in codes]


def test_reglib_nice_loops_and_aics() -> None:
    cases = [c for c in reglib_cases(tuple(LOOP_TYPES)) if not ALS_NODE_VARIANTS.fullmatch(c.split(":")[1])]
    assert len(cases) > 120
    missed = []
    for line in cases:
        case = parse_library(line)
        base = case.code.split("-")[0]
        grouped = base >= "0709"
        steps = hodoku_tabling.all_nice_loops(case.board, grouped=grouped)
        want = set(case.eliminations)
        if not any(s.technique == LOOP_TYPES[base] and set(s.eliminations) == want for s in steps):
            missed.append(line[:70])
    print(f"\nreglib loops: {len(cases) - len(missed)}/{len(cases)} found with HoDoKu's tables")
    assert not missed, "\n".join(missed)


def test_reglib_als_xz_and_xy_wing() -> None:
    finders = {"0901": hodoku_als.iter_als_xz, "0902": hodoku_als.iter_als_xy_wing}
    cases = [c for c in reglib_cases(tuple(finders)) if not c.split(":")[1].endswith("-2")]  # -2: overlap on
    assert len(cases) > 15
    missed = [line[:70] for line in cases
              if not any(set(s.eliminations) == set(parse_library(line).eliminations)
                         for s in finders[line[1:5]](parse_library(line).board))]
    print(f"\nreglib ALS-XZ/XY-Wing: {len(cases) - len(missed)}/{len(cases)} found in HoDoKu's order")
    assert not missed, "\n".join(missed)


def test_first_als_xz_is_hodokus_first() -> None:
    """The scale applies the first ALS-XZ of HoDoKu's RC list, not the one removing most."""
    for line in reglib_cases(("0901",)):
        board = parse_library(line).board
        every = list(hodoku_als.iter_als_xz(board))
        if len(every) > 1 and max(len(s.eliminations) for s in every) > len(every[0].eliminations):
            assert hodoku_als.als_xz(board) is not None
            assert hodoku_als.als_xz(board).eliminations == every[0].eliminations
            return
    pytest.skip("no reglib position with a later, larger ALS-XZ")


@pytest.mark.parametrize("row", agreement.sample([r for r in ROWS if r.level == "Extreme"], 8),
                         ids=lambda r: r.puzzle[:12])
def test_hodoku_path_steps_are_sound(row: agreement.Row) -> None:
    """Every step HoDoKu's path takes through a hard puzzle agrees with the solution."""
    board = parse(row.puzzle).board
    solution = solve(board).solutions[0]
    walk = hodoku.path(board, solution)
    assert walk.solved
    own = 0
    for step in walk.steps:
        for cell, digit in step.eliminations:
            assert solution[cell] != digit, f"{step.name} removes the solution digit: {step.text[:300]}"
        for cell, digit in step.placements:
            assert solution[cell] == digit, f"{step.name} places a wrong digit: {step.text[:300]}"
        own += step.technique in hodoku_tabling.NAMES or step.technique.startswith("als-")
    assert own > 0, "a hard path uses HoDoKu's own searches"


def test_forcing_step_prefers_placements() -> None:
    """HoDoKu sorts tabling results: a placement (lowest cell first) before any removal."""
    row = next(r for r in ROWS if "Forcing Chain Verity" in r.techniques and r.level == "Extreme")
    board = parse(row.puzzle).board
    solution = solve(board).solutions[0]
    for step in hodoku.path(board, solution).steps:
        if step.technique.startswith("forcing-") and step.placements:
            assert not step.eliminations and len(step.placements) == 1
            return
    pytest.skip("this path placed no digit by a forcing chain")
