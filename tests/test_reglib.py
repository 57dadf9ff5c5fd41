"""HoDoKu's regression library: every case of an implemented technique must pass.

A case passes when the technique, asked for all its steps in the position,
yields a step whose eliminations (or placements) are exactly the expected
ones. A fail case (``-x``) passes when no step yields exactly those. Codes we
have not implemented are reported, not failed. The table is printed.
"""

from __future__ import annotations

import re
from collections import defaultdict

import pytest

from conftest import SHARED
from reglib_skips import NOT_APPLICABLE
from sudoku_grader.errors import UnknownTechniqueError
from sudoku_grader.formats import parse_library
from sudoku_grader.techniques import DEFAULT, Options, get

REGLIB = SHARED / "reglib" / "reglib-1.3.txt"


def cases() -> list[tuple[int, str]]:
    out = []
    for n, line in enumerate(REGLIB.read_text().splitlines(), 1):
        if line.startswith(":"):
            out.append((n, line))
    return out


# HoDoKu's tester switches options for some variants (reglib README): the same switches here.
VARIANT_OPTIONS: list[tuple[str, dict[str, object]]] = [
    (r"0402-1", {"empty-rectangle-two-candidates": True}),
    (r"06\d\d-2", {"uniqueness-missing-candidates": True}),
    (r"090[234]-2", {"als-overlap": True}),
    # HoDoKu's allowAlsInTablingChains for these variants, with its ALS nodes of any size
    (r"0709-2|0710-[34]|0711-[34]", {"chain-als-cells": 8}),
]


def variant_options(code: str) -> Options:
    """The finder options HoDoKu's tester uses for this variant code."""
    options = DEFAULT
    for pattern, values in VARIANT_OPTIONS:
        if re.fullmatch(pattern, code):
            options = options.with_values(values)
    return options


def run_case(line: str) -> tuple[str, bool | None]:
    """(code, passed); passed is None when the technique is not implemented."""
    case = parse_library(line)
    base = case.code.split("-")[0]
    try:
        tech = get(base)
    except UnknownTechniqueError:
        return base, None
    expected_elims = set(case.eliminations)
    expected_place = set(case.placements)
    hit = False
    for step in tech.steps(case.board.copy(), variant_options(case.code)):
        if expected_elims and set(step.eliminations) == expected_elims:
            hit = True
            break
        if expected_place and not expected_elims and set(step.placements) == expected_place:
            hit = True
            break
    if case.code.endswith("-x"):
        return base, not hit
    return base, hit


def test_reglib(capsys: pytest.CaptureFixture[str]) -> None:
    table: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    failures = []
    missing: dict[str, int] = defaultdict(int)
    for n, line in cases():
        code, passed = run_case(line)
        if passed is None:
            missing[code] += 1
            continue
        row = table[code]
        row[0] += 1
        if passed:
            row[1] += 1
        elif n in NOT_APPLICABLE:
            row[2] += 1
        else:
            failures.append(f"line {n}: {line[:60]}...")
    with capsys.disabled():
        print("\nreglib-1.3: technique, cases, passed, not applicable")
        for code in sorted(table):
            t = get(code)
            print(f"  {code:6} {t.name:45} {table[code][0]:4} {table[code][1]:4} {table[code][2]:4}")
        total = sum(r[0] for r in table.values())
        passed = sum(r[1] for r in table.values())
        print(f"  implemented: {total} cases, {passed} passed; not implemented: {sum(missing.values())} "
              f"cases in {len(missing)} codes ({', '.join(sorted(missing))})")
    assert not failures, "\n".join(failures[:30])
