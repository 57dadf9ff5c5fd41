"""The page while a hard puzzle rates, as a user meets it: each scale's rating shows as soon as it
is done (SE last) and the progress line names the scale and its step; a hint answers at once; a
time limit keeps the scales that finished; opening another puzzle drops the old rating, the new
puzzle is checked and rated within seconds, and the old puzzle's ratings never show over it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_support import (
    EASY,
    HARD,
    WORK_TIMEOUT_MS,
    app_page,
    cli_json,
    open_puzzle,
    rating_fields,
    serve,
    shot,
    wait_ready,
)

pytestmark = pytest.mark.browser

pytest.importorskip("playwright.sync_api", reason="the test extra installs playwright")

QUICK_S = 5.0  # a hint or a validity check while the long lane works
NEW_PUZZLE_RATED_S = 30.0  # a new easy puzzle, from opening it to every scale shown (2 loaded cores)
LIMIT_S = 50  # time limit for the hard puzzle: HoDoKu finishes well within it, SE does not


@pytest.fixture(scope="module")
def page(shared_dist: Path) -> Iterator[Any]:
    base, server = serve(shared_dist)
    # one worker: the order these tests follow (every scale in turn, SE last, then the path);
    # tests/test_browser_analysis.py has the page with two
    with app_page(base + "?workers=1") as pg:
        yield pg
    server.shutdown()


def by_id(page: Any, tid: str) -> Any:
    return page.locator(f'[data-testid="{tid}"]')



def set_time_limit(page: Any, seconds: int) -> None:
    page.evaluate("s => window.sudokuGrader.actions.changeSettings(window.sudokuGrader.store, {timeLimit: s})", seconds)


def test_scales_show_as_they_finish_and_a_time_limit_keeps_them(page: Any) -> None:
    set_time_limit(page, LIMIT_S)
    try:
        t = time.perf_counter()
        open_puzzle(page, HARD)
        page.wait_for_selector('[data-testid="validity"].good', timeout=WORK_TIMEOUT_MS)
        # The first scale done is on the page while SE is still to come.
        by_id(page, "rating-hodoku").wait_for(timeout=LIMIT_S * 1000)
        first_s = time.perf_counter() - t
        hodoku = by_id(page, "rating-hodoku").inner_text()
        assert by_id(page, "rating-se-pending").is_visible()
        assert page.evaluate("window.sudokuGrader.engine.long.running?.op") == "rate"
        assert page.evaluate("document.getElementById('ratings').dataset.puzzle") == HARD
        # The progress line names the scale being rated, how far along the scales it is, and its step.
        page.wait_for_function(
            "/ · [A-Za-z0-9 ]+ \\(\\d of 6\\) · step \\d+/.test(document.getElementById('progress').textContent)",
            timeout=WORK_TIMEOUT_MS, polling=100)
        progress = page.locator("#progress").inner_text()
        # A hint does not wait behind the rating.
        h = time.perf_counter()
        by_id(page, "hint").click()
        by_id(page, "hint-1").wait_for(timeout=WORK_TIMEOUT_MS)
        hint_s = time.perf_counter() - h
        shot(page, "page-long-01-partial-ratings")
        assert page.evaluate("window.sudokuGrader.engine.long.running?.op") == "rate", "the rating kept going"
        # The time limit stops it; what finished stays, SE says it did not finish.
        by_id(page, "ratings-stopped").wait_for(timeout=(LIMIT_S + 30) * 1000)
        stopped_s = time.perf_counter() - t
        shot(page, "page-long-02-time-limit")
    finally:
        set_time_limit(page, 300)
    print(f"\nhard puzzle: first scale shown after {first_s:.1f} s ({progress!r}); hint shown in {hint_s:.2f} s "
          f"while it rates; stopped by the {LIMIT_S} s limit after {stopped_s:.1f} s")
    assert hint_s < QUICK_S
    assert "time limit" in by_id(page, "ratings-stopped").inner_text()
    assert "Sudoku Explainer did not finish" in by_id(page, "ratings-stopped").inner_text()
    assert by_id(page, "rating-hodoku").inner_text() == hodoku
    assert by_id(page, "rating-se-pending").inner_text() == "did not finish"
    assert page.locator("#ratings tr:not(.pending)").count() >= 1
    assert by_id(page, "analyze").is_enabled()
    wait_ready(page, WORK_TIMEOUT_MS)


def test_a_new_puzzle_replaces_a_hard_rating_and_old_ratings_never_show(page: Any) -> None:
    wait_ready(page, WORK_TIMEOUT_MS)
    open_puzzle(page, EASY)  # from another puzzle, so that opening HARD starts a fresh rating
    wait_ready(page, WORK_TIMEOUT_MS)
    open_puzzle(page, HARD)
    by_id(page, "rating-hodoku").wait_for(timeout=LIMIT_S * 1000)
    hard_hodoku = by_id(page, "rating-hodoku").inner_text()
    assert page.evaluate("window.sudokuGrader.engine.long.running?.puzzle") == HARD
    # Every change of the ratings panel from now on: which puzzle the grid shows, which puzzle the
    # panel says its rows are about, and the headline of each scale it shows.
    page.evaluate("""() => {
        const root = document.getElementById('ratings');
        window.__seen = [];
        new MutationObserver(() => window.__seen.push({
            grid: window.sudokuGrader.state.game.puzzle(), about: root.dataset.puzzle || null,
            heads: [...root.querySelectorAll('td.headline')].map((td) => [td.dataset.testid, td.textContent]),
        })).observe(root, { childList: true, subtree: true, characterData: true, attributes: true });
    }""")
    t = time.perf_counter()
    open_puzzle(page, EASY)
    page.wait_for_selector('[data-testid="validity"].good', timeout=WORK_TIMEOUT_MS)
    valid_s = time.perf_counter() - t
    by_id(page, "rating-se").wait_for(timeout=WORK_TIMEOUT_MS)
    rated_s = time.perf_counter() - t
    page.wait_for_selector('[data-testid="step-1"]', timeout=WORK_TIMEOUT_MS)
    wait_ready(page, WORK_TIMEOUT_MS)
    explained_s = time.perf_counter() - t
    shot(page, "page-long-03-new-puzzle-rated")
    print(f"\nnew puzzle opened over a hard rating: valid after {valid_s:.2f} s, every scale shown after "
          f"{rated_s:.2f} s, explained after {explained_s:.2f} s")
    assert valid_s < QUICK_S
    assert rated_s < NEW_PUZZLE_RATED_S
    rate = cli_json("rate", EASY)
    for tid, text in rating_fields(rate):
        assert by_id(page, tid).inner_text().strip() == text, tid
    final = dict(page.evaluate(
        "[...document.querySelectorAll('#ratings td.headline')].map((td) => [td.dataset.testid, td.textContent])"))
    assert by_id(page, "ratings-stopped").count() == 0
    seen = page.evaluate("window.__seen")
    assert seen, "the panel never changed"
    for snap in seen:
        assert snap["grid"] == EASY
        if snap["heads"]:
            assert snap["about"] == EASY, snap
        for tid, text in snap["heads"]:
            # a headline is the new puzzle's final value or a scale still to come, never the old one's
            assert text == final.get(tid) or tid.endswith("-pending"), (tid, text, hard_hodoku)
    assert final["rating-hodoku"] != hard_hodoku
    assert page.evaluate("[...window.sudokuGrader.engine.long.jobs].map((j) => j.puzzle)") == []


def test_cancel_keeps_the_scales_that_finished(page: Any) -> None:
    wait_ready(page, WORK_TIMEOUT_MS)
    open_puzzle(page, HARD)
    by_id(page, "rating-hodoku").wait_for(timeout=LIMIT_S * 1000)
    hodoku = by_id(page, "rating-hodoku").inner_text()
    by_id(page, "cancel").click()
    by_id(page, "ratings-stopped").wait_for(timeout=WORK_TIMEOUT_MS)
    shot(page, "page-long-04-cancelled")
    assert by_id(page, "ratings-stopped").inner_text().startswith("Cancelled: the scales that finished are shown")
    assert by_id(page, "rating-hodoku").inner_text() == hodoku
    assert by_id(page, "rating-se-pending").inner_text() == "did not finish"
    assert by_id(page, "analyze").is_enabled()
    wait_ready(page, WORK_TIMEOUT_MS)
