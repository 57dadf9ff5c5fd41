"""Analysis at the speed of the slowest scale, and hard steps a person can read (issue 32), in the
page with ``?workers=2``: two workers rate like one, cancel stops both, a chart bar opens its step,
SE's own path is one choice away, a net step is an outline whose branches are the JSON's, and a
scale that stops short says why."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_support import HARD, WORK_TIMEOUT_MS, app_page, cli_json, open_puzzle, serve, shot

pytestmark = pytest.mark.browser

pytest.importorskip("playwright.sync_api", reason="the test extra installs playwright")

# top95 #22: SE 7.8; its default path has a Forcing Chain Contradiction (3 branches) at step 14;
# SourGumdrop, Sudoku of the Day and the 2009 grader stop short on it. About 5 s on the CLI.
NET = "..247..58..............1.4.....2...9528.9.4....9...1.........3.3....75..685..2..."
DONE = """(p) => { const s = window.sudokuGrader.state; const a = s.analysis;
  return Boolean(a && a.puzzle === p && a.explain && !s.running); }"""


@pytest.fixture(scope="module")
def page(shared_dist: Path) -> Iterator[Any]:
    base, server = serve(shared_dist)
    with app_page(base + "?workers=2") as pg:
        yield pg
    server.shutdown()


def by_id(page: Any, tid: str) -> Any:
    return page.locator(f'[data-testid="{tid}"]')


def analysed(page: Any, puzzle: str) -> dict[str, Any]:
    open_puzzle(page, puzzle)
    page.wait_for_function(DONE, arg=puzzle, timeout=WORK_TIMEOUT_MS * 3, polling=100)
    return page.evaluate("() => window.sudokuGrader.state.analysis.rate")


def _cells(move: str) -> int:
    """How many cells a move names: ``r6c456=6`` is three."""
    part = move.replace("<>", "=").split("=")[0]
    return sum(len(p[1:].split("c")[0]) * len(p.split("c")[1]) for p in part.split(","))


def without_seconds(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: without_seconds(v) for k, v in x.items() if k != "seconds"}
    if isinstance(x, list):
        return [without_seconds(v) for v in x]
    return x


@pytest.fixture(scope="module")
def net_rated(page: Any) -> dict[str, Any]:
    return analysed(page, NET)


def test_two_workers_rate_exactly_as_one(page: Any, net_rated: dict[str, Any]) -> None:
    assert page.evaluate("() => window.sudokuGrader.pool.size") == 2
    boots = page.evaluate("() => window.sudokuGrader.pool.bootTimes()")
    assert len(boots) == 2 and all(isinstance(b, float) and b > 0 for b in boots), boots
    two = net_rated
    page.evaluate("() => { const g = window.sudokuGrader; g.pool.resize(1);"
                  " g.actions.analyze(g.store, {restart: true}); }")
    page.wait_for_function("() => window.sudokuGrader.state.running === 'rate'", timeout=WORK_TIMEOUT_MS)
    page.wait_for_function(DONE, arg=NET, timeout=WORK_TIMEOUT_MS * 3, polling=100)
    one = page.evaluate("() => window.sudokuGrader.state.analysis.rate")
    page.evaluate("() => window.sudokuGrader.pool.resize(2)")
    assert list(two["ratings"]) == list(one["ratings"])
    for scale in one["ratings"]:
        assert without_seconds(two["ratings"][scale]) == without_seconds(one["ratings"][scale]), scale
    assert two["bottleneck"] == one["bottleneck"] and two["techniques"] == one["techniques"]
    cli = cli_json("rate", NET)
    assert {k: v.get("er", v.get("score")) for k, v in cli["ratings"].items()} == \
        {k: v.get("er", v.get("score")) for k, v in two["ratings"].items()}


def test_a_chart_bar_opens_its_step_by_click_and_by_keyboard(page: Any, net_rated: dict[str, Any]) -> None:
    se_steps = len(net_rated["ratings"]["se"]["path"])
    assert by_id(page, f"chart-bar-{se_steps}").count() == 1
    bar = by_id(page, "chart-bar-5")
    assert bar.get_attribute("role") == "button" and "step 5" in (bar.get_attribute("aria-label") or "")
    bar.click()
    page.wait_for_function("() => window.sudokuGrader.state.view === 5")
    assert page.evaluate("() => window.sudokuGrader.state.analysis.source") == "se"
    assert by_id(page, "step-current").inner_text().startswith(f"Step 5 of {se_steps}:")
    by_id(page, "chart-bar-3").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.sudokuGrader.state.view === 3")


def test_the_path_choice_shows_each_scales_own_path(page: Any, net_rated: dict[str, Any]) -> None:
    choice = by_id(page, "path-source")
    choice.select_option("se")
    page.wait_for_function("() => window.sudokuGrader.state.analysis.source === 'se'")
    assert page.locator("#steps > li").count() == len(net_rated["ratings"]["se"]["path"])
    choice.select_option("hodoku")
    page.wait_for_function("() => window.sudokuGrader.state.analysis.source === 'hodoku'")
    assert page.locator("#steps > li").count() == net_rated["ratings"]["hodoku"]["steps"]
    choice.select_option("default")
    page.wait_for_function("() => window.sudokuGrader.state.analysis.source === 'default'")
    default = page.evaluate("() => window.sudokuGrader.state.analysis.explain.steps")
    assert page.locator("#steps > li").count() == len(default)
    # the hardest step, when only SE's path has it, is one click from the ratings
    link = by_id(page, "bottleneck-se-link")
    if link.count():
        link.click()
        b = net_rated["bottleneck"]["index"]
        page.wait_for_function(f"() => window.sudokuGrader.state.view === {b + 1}")
        choice.select_option("default")


def test_a_net_step_is_an_outline_whose_branches_are_the_jsons(page: Any, net_rated: dict[str, Any]) -> None:
    steps = page.evaluate("() => window.sudokuGrader.state.analysis.explain.steps")
    k = next(i for i, st in enumerate(steps) if "net" in st)
    net = steps[k]["net"]
    page.evaluate(f"() => window.sudokuGrader.actions.goTo(window.sudokuGrader.store, {k + 1})")
    outline = by_id(page, "net-outline")
    outline.wait_for()
    branches = by_id(page, "net-branch")
    assert branches.count() == len(net["branches"])
    for i, b in enumerate(net["branches"]):
        summary = branches.nth(i).locator("summary").first.inner_text()
        assert f"if {b['assume']}" in summary and b["ends"] in summary
        moves = branches.nth(i).locator(":scope > ol > li > button .net-move").all_inner_texts()
        assert moves == [b["assume"]] + [imp["move"] for imp in b["implications"]]
    # choosing an implication draws just that branch up to it
    before = page.locator("#grid .sg-cand.role-target").count()
    branches.nth(0).locator(":scope > ol > li > button").nth(1).click()
    page.wait_for_function("() => window.sudokuGrader.state.netFocus?.k === 0")
    drawn = page.locator(", ".join(f"#grid .sg-cand.role-{r}" for r in ("chain-on", "chain-off", "target"))).count()
    first = net["branches"][0]
    assert drawn == _cells(first["assume"]) + _cells(first["implications"][0]["move"]) and before >= 1
    shot(page, "analysis-1-net-outline")
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, "analysis-2-net-outline-phone")
    page.set_viewport_size({"width": 1280, "height": 900})


def test_se_own_forcing_chain_is_an_outline_too(page: Any, net_rated: dict[str, Any]) -> None:
    """SE's path (the path choice) shows its own chain steps as outlines: the branches of its JSON."""
    se = net_rated["ratings"]["se"]
    k = se["bottleneck"]["index"] if "bottleneck" in se else se["hardest"]["index"]
    net = se["path_steps"][k]["net"]
    by_id(page, "path-source").select_option("se")
    page.wait_for_function("() => window.sudokuGrader.state.analysis.source === 'se'")
    page.evaluate(f"() => window.sudokuGrader.actions.goTo(window.sudokuGrader.store, {k + 1})")
    by_id(page, "net-outline").wait_for()
    branches = by_id(page, "net-branch")
    assert branches.count() == len(net["branches"]) >= 1
    for i, b in enumerate(net["branches"]):
        moves = branches.nth(i).locator(":scope > ol > li > button .net-move").all_inner_texts()
        assert moves == [b["assume"]] + [imp["move"] for imp in b["implications"]]
    page.set_viewport_size({"width": 1366, "height": 768})
    by_id(page, "net-outline").scroll_into_view_if_needed()
    shot(page, "analysis-4-se-net-outline")
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    by_id(page, "net-outline").scroll_into_view_if_needed()
    shot(page, "analysis-5-se-net-outline-phone")
    page.set_viewport_size({"width": 1280, "height": 900})
    by_id(page, "path-source").select_option("default")
    page.wait_for_function("() => window.sudokuGrader.state.analysis.source === 'default'")


def test_a_scale_that_stops_short_says_why(page: Any, net_rated: dict[str, Any]) -> None:
    stuck = [s for s, v in net_rated["ratings"].items() if v.get("solved") is False]
    assert stuck
    for scale in stuck:
        text = by_id(page, f"scale-stopped-{scale}").inner_text()
        short = net_rated["ratings"][scale]["stopped_short"]
        assert f"ran out after {short['after']} step" in text
        if short["default_next"]:
            assert f"the default path used {short['default_next']['name']}" in text
    assert "partial score 0" not in page.locator("#ratings").inner_text()
    assert by_id(page, "scale-stopped-se").count() == 0
    shot(page, "analysis-3-stopped-scales")


def test_cancel_stops_both_workers_and_se_keeps_its_lower_bound(page: Any) -> None:
    open_puzzle(page, HARD)
    # SE (minutes on this puzzle, handed out after SudokuWiki, the path and HoDoKu) is into its path
    # on one worker and has a lower bound
    page.wait_for_function("() => window.sudokuGrader.state.analysis?.bounds?.se", timeout=WORK_TIMEOUT_MS * 3)
    running = page.evaluate("""() => { const g = window.sudokuGrader;
      const lanes = [g.engine.long, g.pool.extra[0].long];
      window.__lanes = lanes.map((l) => ({ worker: l.worker, running: Boolean(l.running) }));
      return g.pool.timeline.filter((j) => j.end === null && j.lane >= 0).map((j) => j.job); }""")
    by_id(page, "cancel").click()
    page.wait_for_function("() => !window.sudokuGrader.state.running", timeout=WORK_TIMEOUT_MS)
    after = page.evaluate("""() => { const g = window.sudokuGrader;
      const lanes = [g.engine.long, g.pool.extra[0].long];
      return lanes.map((l, i) => ({ running: window.__lanes[i].running,
                                    replaced: l.worker !== window.__lanes[i].worker, jobs: l.jobs.size })); }""")
    assert "se" in running and any(lane["running"] for lane in after), (running, after)
    for lane in after:
        assert lane["jobs"] == 0, after  # nothing queued or running anywhere
        assert lane["replaced"] == lane["running"], after  # each working worker was stopped, an idle one kept
    text = by_id(page, "scale-stopped-se").inner_text()
    assert text.startswith("Cancelled: ER at least "), text
    shot(page, "analysis-4-cancelled")
