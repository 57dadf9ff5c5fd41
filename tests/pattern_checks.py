"""Helpers shared by the pattern-technique tests: reglib cases by code, and soundness walks.

A soundness walk solves a real puzzle with singles, locked candidates and the
techniques under test (simplest first) and, in EVERY position on the way, asks
each technique under test for all its steps and checks each elimination and
placement against the unique solution. So every instance a finder yields is
checked, not only the ones the engine applies.
"""

from __future__ import annotations

from collections import Counter

from conftest import SHARED, puzzle_set
from sudoku_grader.board import Board
from sudoku_grader.engine import apply_step, next_step
from sudoku_grader.formats import parse, parse_library
from sudoku_grader.solver import solve
from sudoku_grader.step import Step
from sudoku_grader.techniques import DEFAULT, Options, Technique, get

REGLIB = SHARED / "reglib" / "reglib-1.3.txt"
BASIC = ("full-house", "hidden-single", "naked-single", "locked-candidates-1", "locked-candidates-2")


def reglib_lines(*codes: str) -> list[tuple[int, str]]:
    """(line number, line) of the active reglib cases whose base code is one of ``codes``."""
    out = []
    for n, line in enumerate(REGLIB.read_text().splitlines(), 1):
        if line.startswith(":") and line.split(":")[1].split("-")[0] in codes:
            out.append((n, line))
    return out


def reglib_found(line: str, tid: str, options: Options = DEFAULT) -> bool:
    """True when technique ``tid`` (with these finder options) yields a step with exactly the case's
    eliminations."""
    case = parse_library(line)
    want = set(case.eliminations)
    return any(set(s.eliminations) == want for s in get(tid).steps(case.board.copy(), options))


def walk_sound(lines: list[str], tids: tuple[str, ...], max_steps: int = 400) -> Counter[str]:
    """Solve each puzzle with BASIC + ``tids``; check every step of ``tids`` in every position.

    Returns how many steps of each technique were checked. Raises AssertionError on
    an unsound step or one without an explanation or highlights.
    """
    testing: list[Technique] = [get(t) for t in tids]
    techs = sorted([get(t) for t in BASIC] + testing, key=lambda t: t.level)
    checked: Counter[str] = Counter()
    for line in lines:
        board = parse(line).board
        solution = solve(board).solutions[0]
        b = board.copy()
        for _ in range(max_steps):
            if b.is_solved():
                break
            for t in testing:
                for found in t.find(b):
                    check_step(b, found, solution, line)
                    checked[t.id] += 1
            chosen = next_step(b, techs)
            if chosen is None:
                break
            apply_step(b, chosen)
    return checked


def check_step(b: Board, step: Step, solution: list[int], line: str) -> None:
    """Sound, effective, explained, highlighted."""
    assert step.text and step.highlights, (line, step.technique)
    assert step.eliminations or step.placements, (line, step.text)
    for cell, digit in step.eliminations:
        assert b.has_candidate(cell, digit), (line, step.text, "eliminates a missing candidate")
        assert solution[cell] != digit, (line, step.text, "unsound elimination")
    for cell, digit in step.placements:
        assert not b.values[cell] and solution[cell] == digit, (line, step.text, "unsound placement")
    step.to_json()  # must serialise


def corpus(top95: int = 95, printable: int = 40, newspaper: int = 61) -> list[str]:
    """Real puzzles: the first ones of top95 (hard), printable 30-given and newspaper sets."""
    return (puzzle_set("top95")[:top95] + puzzle_set("printable-30-givens")[:printable]
            + puzzle_set("newspaper-mixed")[:newspaper])
