from __future__ import annotations

import pytest

from conftest import SHARED, puzzle_set
from sudoku_grader.board import Board
from sudoku_grader.engine import (
    InOrder,
    MostEffective,
    Path,
    Policy,
    Simplest,
    all_steps,
    apply_step,
    best_step,
    gain,
    policy_named,
    walk,
)
from sudoku_grader.errors import Cancelled, SudokuError, UnknownTechniqueError
from sudoku_grader.formats import parse, parse_library
from sudoku_grader.solver import solve
from sudoku_grader.techniques import DEFAULT, PRESETS, get, make_options


def check_path_sound(line: str) -> bool:
    """Every placement and elimination of the path agrees with the unique solution."""
    board = parse(line).board
    solution = solve(board).solutions[0]
    path = walk(board)
    b = board.copy()
    for step in path.steps:
        for cell, digit in step.placements:
            assert solution[cell] == digit, (line, step.text)
        for cell, digit in step.eliminations:
            assert solution[cell] != digit, (line, step.text)
        apply_step(b, step)
    return path.solved


def test_newspaper_puzzle_explained_end_to_end() -> None:
    line = puzzle_set("newspaper-mixed")[0]
    path = walk(parse(line).board)
    assert path.solved
    assert all(s.text for s in path.steps)
    assert {s.technique for s in path.steps} <= {"full-house", "hidden-single", "naked-single",
                                                  "locked-candidates-1", "locked-candidates-2"} | {
        s.technique for s in path.steps}


def test_soundness_easy_sets() -> None:
    solved = 0
    lines = puzzle_set("project-euler-96") + puzzle_set("newspaper-mixed")
    for line in lines:
        solved += check_path_sound(line)
    assert solved >= len(lines) * 0.8


# ------------------------------------------------------------------ one walk, its policies, options
SHARED_REGLIB = SHARED / "reglib" / "reglib-1.3.txt"
EASY = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"


def test_cancel_stops_between_steps_with_the_path_so_far() -> None:
    calls = []

    def cancel() -> bool:
        calls.append(1)
        return len(calls) > 3

    with pytest.raises(Cancelled) as info:
        walk(Board.from_string(EASY), cancel=cancel)
    assert len(info.value.path.steps) == 3


def test_a_policy_may_finish_early_and_a_filled_path_survives_an_error_inside_a_step() -> None:
    """``Policy.finished`` ends the walk with ``stopped``; a path passed in keeps the steps taken
    when something (a time limit's alarm) interrupts the walk inside a step."""

    class Three(Simplest):
        def __init__(self, fail: bool = False) -> None:
            super().__init__()
            self.taken, self.fail = 0, fail

        def apply(self, board: Board, step) -> None:  # type: ignore[no-untyped-def]
            super().apply(board, step)
            self.taken += 1

        def choose(self, board: Board):  # type: ignore[no-untyped-def]
            if self.fail and self.taken == 3:
                raise KeyboardInterrupt  # stands for the alarm: not an Exception
            return super().choose(board)

        def finished(self) -> str:
            return "three steps" if self.taken == 3 and not self.fail else ""

    board = Board.from_string(EASY)
    short = walk(board, Three())
    assert (short.stopped, len(short.steps), short.solved, short.stuck) == ("three steps", 3, False, "")
    assert short.seconds > 0 and walk(board).stopped == ""
    kept = Path()
    with pytest.raises(KeyboardInterrupt):
        walk(board, Three(fail=True), path=kept)
    assert [s.to_json() for s in kept.steps] == [s.to_json() for s in short.steps]


def test_progress_hears_every_step_and_the_step_limit_stops() -> None:
    seen: list[tuple[int, str]] = []
    path = walk(Board.from_string(EASY), progress=lambda n, t: seen.append((n, t)))
    assert path.solved and [n for n, _ in seen] == list(range(1, len(path.steps) + 1))
    assert [t for _, t in seen] == [s.technique for s in path.steps]
    short = walk(Board.from_string(EASY), InOrder(Simplest().entries, max_steps=5))
    assert not short.solved and len(short.steps) == 5 and short.stuck == "stopped after 5 steps"


def test_a_policy_of_ones_own_and_its_stuck_reason() -> None:
    class OnlyNakedSingles(Policy):
        stuck = "no naked single"

        def choose(self, board: Board):  # type: ignore[no-untyped-def]
            s = best_step(board, get("naked-single").steps(board))
            return (s, "ns") if s else None

    path = walk(Board.from_string(puzzle_set("top95")[0]), OnlyNakedSingles())
    assert not path.solved and path.stuck == "no naked single"
    assert set(path.keys) <= {"ns"} and len(path.keys) == len(path.steps) == len(path.candidates)


def test_most_effective_takes_the_biggest_step() -> None:
    board = Board.from_string(puzzle_set("top95")[1])
    basic = ["hidden-single", "naked-single", "locked-candidates-1", "locked-candidates-2", "naked-pair", "x-wing"]
    chosen = MostEffective(basic).choose(board)
    assert chosen is not None
    assert gain(board, chosen[0]) == max(gain(board, s) for s in all_steps(board, basic))
    assert type(policy_named("most-effective")) is MostEffective
    with pytest.raises(SudokuError, match="unknown policy"):
        policy_named("fastest")


def test_a_technique_name_never_falls_back_to_a_code_prefix() -> None:
    assert get("0110-1").id == get("0110").id  # HoDoKu's variant suffix on a code
    assert get("sk").id == "skyscraper"
    assert get("sk-loops").id == "sk-loop"  # the SK Loop itself, not Skyscraper ("sk")
    for name in ("sk-foo", "skyscraper-2", "x-wingz"):  # a known name's prefix plus more is no name
        with pytest.raises(UnknownTechniqueError, match=name):
            get(name)


def test_finder_options_are_arguments_not_state() -> None:
    """A reglib case that needs HoDoKu's allowUniquenessMissingCandidates: found with the option,
    not without, and asking with one never changes what a call without it sees."""
    line = next(x for x in (SHARED_REGLIB.read_text().splitlines()) if x.startswith(":0600-2:"))
    case = parse_library(line)
    tech = get("uniqueness-1")
    want = set(case.eliminations)

    def found(options) -> bool:  # type: ignore[no-untyped-def]
        return any(set(s.eliminations) == want for s in tech.steps(case.board.copy(), options))

    assert not found(DEFAULT)
    assert found(make_options(["uniqueness-missing-candidates=on"]))
    assert not found(DEFAULT)
    assert found(PRESETS["hodoku"])
    with pytest.raises(SudokuError, match="unknown option"):
        make_options(["no-such-option=on"])
    with pytest.raises(SudokuError, match="on or off"):
        make_options({"als-overlap": "maybe"})
