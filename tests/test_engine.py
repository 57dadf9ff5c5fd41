from __future__ import annotations

from conftest import puzzle_set
from sudoku_grader.engine import apply_step, walk
from sudoku_grader.formats import parse
from sudoku_grader.solver import solve


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
