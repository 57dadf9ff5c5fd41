"""The worker's ``rate`` with progress: each scale's rating is sent as soon as it is done (SE last),
with step progress meanwhile, and the final result is the one a single ``api.rate`` call gives."""

from __future__ import annotations

import json
from typing import Any

import pytest

from sudoku_grader import worker_api
from sudoku_grader.ratings import SCALES

PUZZLES = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "...5.6.1..5..2......8..32.91..4......7..9...15.9..7..2..5...78.8.....4....3.48...",
]


def without_seconds(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: without_seconds(v) for k, v in x.items() if k != "seconds"}
    if isinstance(x, list):
        return [without_seconds(v) for v in x]
    return x


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_partial_ratings_then_the_same_result(puzzle: str) -> None:
    messages: list[dict[str, Any]] = []
    parts = json.loads(worker_api.handle("rate", puzzle, "{}", lambda m: messages.append(json.loads(m))))
    whole = json.loads(worker_api.handle("rate", puzzle, "{}"))
    assert without_seconds(parts) == without_seconds(whole)
    assert list(parts["ratings"]) == [s for s in SCALES if s in whole["ratings"]]
    partial = [m["partial"] for m in messages if "partial" in m]
    assert [p["scale"] for p in partial] == [s for s in SCALES if s != "se"] + ["se"]
    for p in partial:
        assert without_seconds(p["rating"]) == without_seconds(whole["ratings"][p["scale"]])
    steps = [m for m in messages if "partial" not in m]
    assert {m["scale"] for m in steps} == set(SCALES)  # each scale says when it starts
    assert all(isinstance(m["step"], int) for m in steps)


def test_scales_option_and_bad_input_keep_their_answers() -> None:
    messages: list[str] = []
    one = json.loads(worker_api.handle("rate", PUZZLES[0], json.dumps({"scales": ["hodoku"]}), messages.append))
    assert list(one["ratings"]) == ["hodoku"]
    assert [json.loads(m)["partial"]["scale"] for m in messages if "partial" in m] == ["hodoku"]
    bad = json.loads(worker_api.handle("rate", PUZZLES[0], json.dumps({"scales": ["nope"]}), messages.append))
    assert bad["status"] == "invalid" and "nope" in bad["error"]
    twice = json.loads(worker_api.handle("rate", "11" + PUZZLES[0][2:], "{}", messages.append))
    assert twice["status"] == "invalid"
    ignored = json.loads(worker_api.handle("rate", PUZZLES[0], json.dumps({"progress": 1}), messages.append))
    assert ignored["status"] == "unique"


def test_steps_and_hint_report_progress_through_the_worker() -> None:
    """``steps`` and ``hint`` take the api's progress hook now, so a long search tells the page
    which technique it is on (at most ten messages a second; the first one at once)."""
    for op in ("steps", "hint"):
        heard: list[str] = []
        out = json.loads(worker_api.handle(op, PUZZLES[0], "{}", heard.append))
        messages = [json.loads(m) for m in heard]
        assert "ignored_options" not in out and out.get("status", "unique") == "unique"
        assert messages and all(set(m) == {"step", "technique"} for m in messages), op
        assert without_seconds(json.loads(worker_api.handle(op, PUZZLES[0], "{}"))) == without_seconds(out)
