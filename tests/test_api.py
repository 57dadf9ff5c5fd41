from __future__ import annotations

import pytest

from sudoku_grader import api
from sudoku_grader.errors import UnknownTechniqueError

P = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_solve_explain_steps_hint_shapes() -> None:
    assert api.solve(P)["status"] == "unique"
    out = api.explain(P)
    assert out["steps"] and out["solved"] in (True, False)
    assert api.steps(P, "pointing")["steps"]
    assert api.steps(P, ["hidden-single", "naked-single"])["steps"]
    assert api.hint(P)["step"]["technique"] == "hidden-single"
    assert api.solve("nonsense")["status"] == "invalid"


def test_enabled_techniques() -> None:
    assert api.enabled_techniques() is None
    ids = api.enabled_techniques(disable=["Hidden Single"])
    assert ids is not None and "hidden-single" not in ids and "naked-single" in ids
    assert api.enabled_techniques(["0100", "lc2"]) == ["locked-candidates-1", "locked-candidates-2"]
    with pytest.raises(UnknownTechniqueError):
        api.enabled_techniques(["no such"])


def test_catalogue_is_ordered_simplest_first() -> None:
    cat = api.techniques()
    levels = [t["level"] for t in cat]
    assert levels == sorted(levels)
    assert {"full-house", "hidden-single", "naked-single"} <= {t["id"] for t in cat}


def test_explain_without_a_technique_gets_stuck_with_a_reason() -> None:
    out = api.explain(P, techniques=["full-house"])
    assert out["solved"] is False and out["stuck"]["reason"]


def test_generate_returns_a_unique_puzzle_in_the_band_and_is_reproducible() -> None:
    from sudoku_grader.solver import solve

    made = api.generate(scale="se", min=1.5, max=3.0, seed=11)
    assert made["status"] == "unique"
    assert 1.5 <= made["rating"]["er"] <= 3.0
    assert solve(api.load(made["puzzle"])).status == "unique"
    assert api.generate(scale="se", min=1.5, max=3.0, seed=11)["puzzle"] == made["puzzle"]
    bad = api.generate(symmetry="spiral")
    assert bad["status"] == "invalid" and "spiral" in bad["error"]
    rare = api.generate(scale="hodoku", level="extreme", seed=1, timeout=0.05)
    assert rare["status"] == "not-found" and "rare" in rare["error"]


def test_steps_and_hint_hear_progress_and_stop_on_cancel() -> None:
    from sudoku_grader.errors import Cancelled

    heard: list[tuple[int, str]] = []
    listed = api.steps(P, ["hidden-single", "naked-single"], progress=lambda n, t: heard.append((n, t)))
    assert [t for _, t in heard] == ["hidden-single", "naked-single"]
    assert heard[-1][0] == len(listed["steps"]) and heard[0][0] > 0
    assert listed == api.steps(P, ["hidden-single", "naked-single"])

    tried: list[str] = []
    found = api.hint(P, ["naked-single", "hidden-single"], progress=lambda n, t: tried.append(t))
    assert tried == ["naked-single", "hidden-single"] and found["step"]["technique"] == "hidden-single"
    assert found == api.hint(P, ["naked-single", "hidden-single"])

    asked: list[int] = []

    def stop_after_one() -> bool:  # True the second time it is asked: one technique is searched
        asked.append(1)
        return len(asked) > 1

    with pytest.raises(Cancelled):
        api.steps(P, ["hidden-single", "naked-single"], cancel=stop_after_one)
    asked.clear()
    with pytest.raises(Cancelled):
        api.hint(P, ["naked-single", "hidden-single"], cancel=stop_after_one)
    assert api.hint(P, cancel=lambda: False)["step"]["technique"] == "hidden-single"
