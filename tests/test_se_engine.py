"""Sudoku Explainer engine: SE's chain-length increments, soundness of every SE step, the registry."""

from __future__ import annotations

import pytest

from sudoku_grader.engine import apply_step
from sudoku_grader.errors import Cancelled
from sudoku_grader.formats import parse
from sudoku_grader.ratings.se import se_rating
from sudoku_grader.se.chaining import length_increment
from sudoku_grader.se.policy import next_step
from sudoku_grader.solver import solve
from sudoku_grader.techniques import get

# (complexity, increment): the thresholds 4, 6, 8, 12, 16, 24, 32, ... on complexity - 2.
INCREMENTS = [(6, 0.0), (7, 0.1), (8, 0.1), (9, 0.2), (10, 0.2), (11, 0.3), (14, 0.3), (15, 0.4),
              (18, 0.4), (19, 0.5), (26, 0.5), (27, 0.6), (34, 0.6), (35, 0.7), (50, 0.7), (51, 0.8),
              (98, 0.9), (99, 1.0), (130, 1.0), (131, 1.1)]

PUZZLES = {
    # SE ER from the reference file, hardest technique families in brackets.
    "turbot": ".........8...2...5.....624..38..71..2.4...3.9..74..52..725.....6...8...1.........",  # 6.6
    "chain": "..19....86...85.3...7.6.1...34.9.......5.4.......1.42...5.7.9...1.84...77....92..",  # 7.2
    "pair": "................12..3.45...............1.6..7..8...9...2.......6...9.5..71......8",  # 2.6
    # serate: 5.8/1.2/1.2 with a BUG type 3 (issue 34): a cell's BUG digit is decided by a house
    # where it is the only cell of three or more candidates holding the digit.
    "bug3": "...2...5.1..53.7...9...4.....7.8..32.1.4.5.6.86..2.5.....1...4...1.49..8.7...2...",
}


@pytest.mark.parametrize("complexity,expected", INCREMENTS)
def test_length_increment(complexity: int, expected: float) -> None:
    assert round(length_increment(complexity), 1) == expected


def _check_sound(board, solution: list[int], placements, eliminations) -> None:
    for c, d in placements:
        assert solution[c] == d, f"wrong placement r{c // 9 + 1}c{c % 9 + 1}={d}"
    for c, d in eliminations:
        assert solution[c] != d, f"removed the solution r{c // 9 + 1}c{c % 9 + 1}<>{d}"
        assert board.has_candidate(c, d), "eliminated a missing candidate"


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_se_path_is_sound(name: str) -> None:
    """Every step of SE's path keeps the unique solution."""
    board = parse(PUZZLES[name]).board
    solution = solve(board).solution
    assert solution is not None
    steps = 0
    while not board.is_solved():
        step = next_step(board)
        assert step is not None
        _check_sound(board, solution, step.placements, step.eliminations)
        assert step.extra["se_difficulty"] >= 1.0
        apply_step(board, step)
        steps += 1
    assert board.values == solution
    assert steps > 0


def test_bug_type_3_as_serate() -> None:
    """serate's BUG type 3 (a naked pair in column 1) where the BUG digits of r7c1 and r8c1 are
    each decided by one house (6 in row 7, 3 in block 7 / row 8 / column 1), not a 6.7 cycle."""
    r = se_rating(parse(PUZZLES["bug3"]).board, with_steps=True)
    assert (r["er"], r["ep"], r["ed"]) == (5.8, 1.2, 1.2)
    assert (r["bottleneck"]["name"], r["bottleneck"]["se"]) == ("BUG type 3", 5.8)
    step = r["path"][r["bottleneck"]["index"]]["step"]
    assert step.eliminations == [(36, 3)]  # r5c1<>3
    assert step.extra["type"] == 3 and step.extra["subset_size"] == 2


def test_bug_type_4_as_serate() -> None:
    """serate's path of this 7.1 takes a BUG type 4 as its 40th step (SE's producers ask type 4
    before type 3 when there are two BUG cells); the old rule saw no BUG there."""
    text = "1...34.8....8..5....4.6..21.18......3..1.2..6......81.52..7.9....6..9....9.64...2"
    board = parse(text).board
    solution = solve(board).solution
    assert solution is not None
    r = se_rating(board, with_steps=True)
    assert (r["er"], r["ep"], r["ed"]) == (7.1, 1.2, 1.2)
    bugs = [(i, e["name"], e["se"]) for i, e in enumerate(r["path"]) if "BUG" in e["name"]]
    assert bugs == [(39, "BUG type 4", 5.7)]
    step = r["path"][39]["step"]
    assert sorted(step.eliminations) == [(9, 6), (45, 4)]  # r2c1<>6, r6c1<>4
    assert all(solution[c] != d for c, d in step.eliminations)


def test_rating_fields() -> None:
    res = se_rating(parse(PUZZLES["turbot"]).board)
    assert (res["er"], res["ep"], res["ed"]) == (6.6, 1.2, 1.2)
    assert res["bottleneck"]["technique"] == "se-forcing-chain"
    assert res["path"][res["bottleneck"]["index"]]["se"] == 6.6
    assert res["solved"]


@pytest.mark.parametrize("tid", ["se-forcing-chain", "se-bidirectional-cycle", "se-nishio",
                                 "se-cell-forcing-chains", "se-dynamic-forcing-chains",
                                 "aligned-pair-exclusion", "aligned-triple-exclusion"])
def test_registered_finders_are_sound(tid: str) -> None:
    """Run each registered finder where SE's own path needs chains; every yielded step is sound."""
    board = parse(PUZZLES["chain"]).board
    solution = solve(board).solution
    assert solution is not None
    finder = get(tid).find
    # Bring the position to where the chains start: apply SE's path until its first chain step.
    pos = board.copy()
    while True:
        step = next_step(pos)
        if step.extra["se_difficulty"] >= 6.5:
            break
        apply_step(pos, step)
    for count, step in enumerate(finder(pos)):
        _check_sound(pos, solution, step.placements, step.eliminations)
        assert step.text and step.extra["se_difficulty"] >= 6.2
        if tid.startswith("se-"):
            assert step.links, "chains list their links"
        if count >= 30:
            break


def test_time_limit_and_cancel() -> None:
    """A time limit stops the walk with what it has (complete False); cancel() raises Cancelled."""
    board = parse(PUZZLES["chain"]).board
    part = se_rating(board, max_seconds=1e-9)
    assert not part["complete"] and not part["solved"] and part["path"] == []
    with pytest.raises(Cancelled):
        se_rating(board, cancel=lambda: True)


@pytest.mark.parametrize("name", ["turbot", "chain"])
def test_stop_at_pearl_or_diamond(name: str) -> None:
    """stop="diamond" / "pearl" end the walk as soon as ED / EP are known, with the full run's values."""
    board = parse(PUZZLES[name]).board
    full = se_rating(board)
    assert full["final"] == ["er", "ep", "ed"] and full["complete"]
    diamond = se_rating(board, stop="diamond")
    assert diamond["final"] == ["ed"] and diamond["ed"] == full["ed"] and len(diamond["path"]) == 1
    assert not diamond["complete"]
    pearl = se_rating(board, stop="pearl")
    assert pearl["final"] == ["ep", "ed"] and (pearl["ep"], pearl["ed"]) == (full["ep"], full["ed"])
    assert pearl["path"] == full["path"][: len(pearl["path"])] and len(pearl["path"]) < len(full["path"])
    steps = se_rating(board, stop="pearl", with_steps=True)["path"]
    assert steps[-1]["step"].placements and not any(e["step"].placements for e in steps[:-1])
    with pytest.raises(ValueError):
        se_rating(board, stop="ruby")


def test_first_hint_is_head_of_whole_list() -> None:
    """Forcing Chains & Cycles finds the hint SE takes without the whole list (its searches are
    bounded by the best hint so far): it must be the whole list's first, at every position of a
    path, with one producer kept from position to position as the rater keeps it."""
    from sudoku_grader.se.chaining import Chaining
    from sudoku_grader.se.steps import chaining

    board = parse(PUZZLES["chain"]).board
    bounded, whole = Chaining(False, False, False, 0), Chaining(False, False, False, 0)
    produce = chaining(False, False, False, 0)
    found = 0
    while not board.is_solved():
        first = bounded.first_hint(board.copy())
        hints = whole.hint_list(board.copy())
        assert (first is None) == (not hints)
        if first is not None:
            found += 1
            head = hints[0]
            assert (first.name, first.difficulty, first.complexity, first.sort_key, first.removals) == (
                head.name, head.difficulty, head.complexity, head.sort_key, head.removals)
            assert [t.key for t in first.targets] == [t.key for t in head.targets]
            # the producer gives the first hint, then the rest of the whole list on demand
            assert [s.extra["se_difficulty"] for s in produce(board.copy())] == [
                round(h.difficulty, 1) for h in hints]
        step = next_step(board)
        assert step is not None
        apply_step(board, step)
    assert found > 5
