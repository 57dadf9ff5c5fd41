"""The worker's Python entry point, tested in CPython (fast; the browser tests run it in Pyodide).

It must give the page exactly the CLI's JSON shapes, never raise, never leak a traceback,
and report options an api function does not take instead of dropping them silently.
"""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

from sudoku_grader import api, worker_api

ROOT = Path(__file__).resolve().parent.parent
EASY = "...5.6.1..5..2......8..32.91..4......7..9...15.9..7..2..5...78.8.....4....3.48..."
MULTI = ".....6.1..5..2......8..32.91..4......7..9...15.9..7..2..5...78.8.....4....3.48..."


def call(op: str, puzzle: str = "", options: dict | None = None, progress=None) -> dict:
    return json.loads(worker_api.handle(op, puzzle, json.dumps(options or {}), progress))


def without_seconds(d: Any) -> Any:
    """The value with every ``seconds`` timing removed, at any depth (timings differ per run)."""
    if isinstance(d, dict):
        return {k: without_seconds(v) for k, v in d.items() if k != "seconds"}
    if isinstance(d, list):
        return [without_seconds(v) for v in d]
    return d


@pytest.mark.parametrize("op", ["solve", "explain", "hint", "rate"])
@pytest.mark.parametrize("puzzle", [EASY, MULTI, "12345", EASY[:-1] + "5"])
def test_same_shapes_as_the_api(op: str, puzzle: str) -> None:
    expected = json.loads(json.dumps(getattr(api, op)(puzzle)))
    got = call(op, puzzle)
    assert isinstance(got["seconds"], float)
    assert without_seconds(got) == without_seconds(expected)


@pytest.mark.parametrize("puzzle", [EASY, "12345"])
def test_steps_of_one_technique_as_the_api(puzzle: str) -> None:
    # Every technique on an opening position takes minutes (chains, forcing): one technique here.
    expected = json.loads(json.dumps(api.steps(puzzle, "hidden-single")))
    got = call("steps", puzzle, {"technique": "hidden-single"})
    assert without_seconds(got) == without_seconds(expected)
    if "steps" in expected:
        assert got["steps"] and all(s["technique"] == "hidden-single" for s in got["steps"])


def test_parse_gives_values_givens_and_candidates() -> None:
    out = call("parse", EASY)
    board = api.load(EASY)
    assert out["puzzle"] == EASY
    assert out["values"] == list(board.values)
    assert out["givens"] == [ch != "." for ch in EASY]
    for c in range(81):
        assert out["candidates"][c] == [d for d in range(1, 10) if board.cands[c] >> (d - 1) & 1]


def test_errors_are_one_line_messages() -> None:
    bad = call("parse", "not a puzzle at all")
    assert bad["status"] == "invalid" and "\n" not in bad["error"]
    # a bad request is the caller's, not our bug: "invalid" (issue 36), "error" is kept for our bugs
    unknown = call("frobnicate", EASY)
    assert unknown["status"] == "invalid" and "unknown operation" in unknown["error"]
    broken = json.loads(worker_api.handle("solve", EASY, "[1, 2"))
    assert broken["status"] == "invalid" and "Traceback" not in broken["error"]


def test_options_reach_the_functions_that_take_them() -> None:
    everything = call("explain", EASY)
    only_hidden = call("explain", EASY, {"techniques": ["hidden-single", "full-house"]})
    assert {s["technique"] for s in only_hidden["steps"]} <= {"hidden-single", "full-house"}
    assert "ignored_options" not in only_hidden
    assert len(everything["steps"]) >= 1
    # solve() takes no options: they are named back, not dropped silently; empty ones are defaults.
    out = call("solve", EASY, {"techniques": ["hidden-single"], "scores": {}})
    assert out["ignored_options"] == ["techniques"]


def test_catalogue_lists_registered_techniques_in_order() -> None:
    from sudoku_grader.techniques import ordered

    cat = call("techniques")["techniques"]
    assert [t["id"] for t in cat] == [t.id for t in ordered()]
    assert all({"id", "name", "family", "level"} <= t.keys() for t in cat)


def test_progress_is_reported_through_the_api() -> None:
    seen: list[dict] = []
    out = json.loads(worker_api.handle("explain", EASY, "{}", lambda s: seen.append(json.loads(s))))
    assert out["solved"] and "ignored_options" not in out
    assert seen and seen[0]["step"] >= 1 and isinstance(seen[0]["technique"], str)
    # a page cannot hand the api a hook of its own through the options
    out = json.loads(worker_api.handle("explain", EASY, '{"progress": 1, "cancel": 1}'))
    assert out["solved"] and out["ignored_options"] == ["cancel", "progress"]


def test_sleep_is_bounded() -> None:
    assert call("sleep", "", {"seconds": 0.01})["slept"] == 0.01


def test_built_wheel_installs_and_imports(tmp_path: Path) -> None:
    """The wheel build.py makes with zipfile is a valid wheel holding every module."""
    sys.path.insert(0, str(ROOT))
    try:
        import build
    finally:
        sys.path.remove(str(ROOT))
    wheel = build.build_wheel(tmp_path)
    assert wheel.name == f"sudoku_grader-{build.project_meta()['version']}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        record = zf.read(next(n for n in names if n.endswith("RECORD"))).decode()
    modules = {p.relative_to(ROOT / "py").as_posix() for p in (ROOT / "py" / "sudoku_grader").rglob("*.py")}
    assert modules <= names
    assert all(name in record for name in modules)
    target = tmp_path / "site"
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(target)
    code = f"import sudoku_grader.worker_api as w, json; print(json.loads(w.handle('solve', {EASY!r}))['status'])"
    out = subprocess.run([sys.executable, "-c", code], env={"PYTHONPATH": str(target)}, capture_output=True,
                         text=True, timeout=60)
    assert out.stdout.strip() == "unique", out.stderr


def test_catalogue_holds_every_list_the_page_shows() -> None:
    """Technique families with the hint ladder's words, scales with names and levels: the page
    keeps no copy of these lists."""
    out = call("catalogue")
    ids = [t["id"] for t in out["techniques"]]
    assert ids == [t["id"] for t in api.techniques()]
    used = {t["family"] for t in out["techniques"]}
    assert {f["id"] for f in out["families"]} == used
    from sudoku_grader.techniques import families

    assert used <= set(families.BY_ID), "every family needs its words for the hint ladder"
    assert all(f["name"] and f["hint"] for f in out["families"])
    scales = {s["id"]: s for s in out["scales"]}
    from sudoku_grader.ratings import SCALES

    assert list(scales) == list(SCALES)
    assert scales["hodoku"]["levels"] == ["Easy", "Medium", "Hard", "Unfair", "Extreme"]
    assert scales["se"]["number"] == "er" and scales["se"]["levels"] == []
    assert scales["sudokuoftheday"]["level"] == "level" and "Diabolical" in scales["sudokuoftheday"]["levels"]
    assert all(s["name"] for s in scales.values())
    assert out["fields"]["er"] == "ER"
