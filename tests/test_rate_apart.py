"""Rating one scale per worker: a shared solution, each scale's own path and where it stopped, the
lower bounds a running walk proves, and ``merge`` putting the scales rated apart back together
exactly as one ``rate`` call gives them.

Budget: about 20 seconds (two easy puzzles, one that stops HoDoKu's and SudokuWiki's sets short).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from sudoku_grader import api, worker_api
from sudoku_grader.ratings import SCALES
from test_worker_rate_parts import PUZZLES, without_seconds


def _handle(op: str, puzzle: str, options: dict[str, Any], messages: list[dict[str, Any]] | None = None) -> Any:
    hear = (lambda m: messages.append(json.loads(m))) if messages is not None else None
    return json.loads(worker_api.handle(op, puzzle, json.dumps(options), hear))


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_scales_rated_apart_and_merged_equal_one_call(puzzle: str) -> None:
    whole = _handle("rate", puzzle, {})
    solution = whole["solution"]
    parts = {}
    for scale in SCALES:
        one = _handle("rate", puzzle, {"scales": [scale], "solution": solution}, [])
        assert one["status"] == "unique" and one["solution"] == solution
        parts[scale] = one["ratings"][scale]
    merged = _handle("merge", puzzle, {"ratings": dict(reversed(parts.items()))})
    assert without_seconds(merged["ratings"]) == without_seconds(whole["ratings"])
    assert list(merged["ratings"]) == list(whole["ratings"])
    assert merged["bottleneck"] == whole["bottleneck"] and merged["techniques"] == whole["techniques"]


def test_a_given_solution_is_checked() -> None:
    puzzle = PUZZLES[0]
    solution = api.solve(puzzle)["solution"]
    wrong_given = ("5" if solution[0] != "5" else "6") + solution[1:]
    assert "where the puzzle gives 4" in api.rate(puzzle, scales="grader2009", solution=wrong_given)["error"]
    swapped = solution[:1] + solution[2] + solution[1] + solution[3:]
    assert "repeats a digit" in api.rate(puzzle, scales="grader2009", solution=swapped)["error"]
    assert "81 digits" in api.rate(puzzle, scales="grader2009", solution="12")["error"]
    assert _handle("rate", puzzle, {"scales": ["se"], "solution": 5})["status"] == "invalid"
    assert _handle("merge", puzzle, {"ratings": {"nope": {}}})["error"].startswith("internal error")


def test_detail_gives_each_scales_own_path_as_steps() -> None:
    puzzle = PUZZLES[1]
    out = api.rate(puzzle, scales="se,hodoku", detail=True)
    se, hodoku = out["ratings"]["se"], out["ratings"]["hodoku"]
    assert len(se["path_steps"]) == len(se["path"])
    assert [s["technique"] for s in se["path_steps"]] == [s["technique"] for s in se["path"]]
    assert len(hodoku["path_steps"]) == hodoku["steps"]
    for step in se["path_steps"] + hodoku["path_steps"]:
        assert step["placements"] or step["eliminations"]
    assert "stopped_short" not in se and "stopped_short" not in hodoku
    plain = api.rate(puzzle, scales="se")
    assert "path_steps" not in plain["ratings"]["se"]  # additive: only when asked


def test_a_scale_whose_set_ends_says_where_and_what_the_default_path_used() -> None:
    # SE 9.3 from top95: HoDoKu's and SudokuWiki's sets end before the grid is solved
    puzzle = "9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9."
    out = api.rate(puzzle, scales="sudokuoftheday", detail=True)
    rating = out["ratings"]["sudokuoftheday"]
    assert not rating["solved"]
    stop = rating["stopped_short"]
    assert stop["after"] == len(rating["path_steps"]) and stop["why"]
    nxt = stop["default_next"]
    assert nxt is not None and nxt["technique"] and nxt["name"]
    # the named step is really available where the scale stopped, and the scale cannot take it
    assert nxt["technique"] not in rating["counts"]


def test_progress_carries_what_the_walk_so_far_proves() -> None:
    puzzle = PUZZLES[1]
    messages: list[dict[str, Any]] = []
    out = _handle("rate", puzzle, {"scales": ["se"]}, messages)
    bounds = [m["at_least"] for m in messages if "at_least" in m]
    assert bounds, messages
    ers = [b["er"] for b in bounds]
    assert ers == sorted(ers) and ers[-1] <= out["ratings"]["se"]["er"]
