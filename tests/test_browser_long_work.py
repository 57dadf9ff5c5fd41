"""Long work never blocks: while a hard puzzle rates (the long lane), a hint, a validity check and
a new puzzle answer at once (the quick lane); a new puzzle replaces the old rating, whose results
never show; the progress line names the steps; rate sends each scale's rating as it is done."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_support import (
    BOOT_TIMEOUT_MS,
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

QUICK_S = 5.0  # a hint or a validity check while the long lane works (20 s before the second worker)


@pytest.fixture(scope="module")
def page(shared_dist: Path) -> Iterator[Any]:
    base, server = serve(shared_dist)
    # one long lane (the worker pool of ?workers=2 is tested in test_browser_analysis.py)
    with app_page(base + "?workers=1") as pg:
        yield pg
    server.shutdown()


def by_id(page: Any, tid: str) -> Any:
    return page.locator(f'[data-testid="{tid}"]')



def settled(page: Any) -> None:
    """The page with no long work under way, whichever of this module's tests ran before on this
    test worker (CI's ``--dist worksteal`` may run them on different workers, in any order): the
    hard rating the first test leaves running is dropped by opening the easy puzzle (rated in seconds)."""
    if page.evaluate("window.sudokuGrader.state.game.puzzle()") != EASY:
        open_puzzle(page, EASY)
    wait_ready(page, WORK_TIMEOUT_MS)


def hard_rating_under_way(page: Any) -> None:
    """The hard puzzle is open and rating, and the progress line counts its steps."""
    open_puzzle(page, HARD)
    page.wait_for_selector('[data-testid="validity"].good', timeout=WORK_TIMEOUT_MS)
    page.wait_for_selector("body[data-state=busy]", timeout=WORK_TIMEOUT_MS)
    page.wait_for_function("document.getElementById('progress').textContent.includes('step')",
                           timeout=BOOT_TIMEOUT_MS, polling=100)


def test_a_hint_and_a_check_answer_while_a_hard_puzzle_rates(page: Any) -> None:
    hard_rating_under_way(page)
    assert page.evaluate("window.sudokuGrader.engine.long.running?.op") == "rate"
    t = time.perf_counter()
    by_id(page, "hint").click()
    page.wait_for_selector('[data-testid="hint-1"]', timeout=WORK_TIMEOUT_MS)
    hint_s = time.perf_counter() - t
    check_s = page.evaluate("""async (p) => {
        const t = performance.now();
        const res = await window.sudokuGrader.engine.request("solve", p);
        return res.status === "unique" ? (performance.now() - t) / 1000 : -1; }""", EASY)
    shot(page, "long-01-hint-while-rating")
    print(f"\nwhile the hard puzzle rates: hint shown in {hint_s:.2f} s, validity check {check_s:.2f} s")
    assert page.evaluate("window.sudokuGrader.engine.long.running?.op") == "rate", "the rating kept going"
    assert 0 <= check_s < QUICK_S
    assert hint_s < QUICK_S
    assert "step" in page.locator("#progress").inner_text()


def test_a_new_puzzle_is_checked_at_once_and_stale_results_never_show(page: Any) -> None:
    """The page opens a new puzzle while the hard one rates: its validity check answers at once.
    The page drops the old rating (``engine.abandon()`` when its puzzle changes), which frees the
    long lane, and the new puzzle's ratings are the only ones ever drawn."""
    if page.evaluate("window.sudokuGrader.engine.long.running?.puzzle") != HARD:
        hard_rating_under_way(page)
    page.evaluate("""() => {
        window.__seen = [];
        const root = document.getElementById('ratings');
        new MutationObserver(() => window.__seen.push([root.dataset.puzzle || null, root.textContent]))
          .observe(root, { childList: true, subtree: true, characterData: true });
    }""")
    t = time.perf_counter()
    open_puzzle(page, EASY)
    page.wait_for_selector('[data-testid="validity"].good', timeout=WORK_TIMEOUT_MS)
    valid_s = time.perf_counter() - t
    jobs = page.evaluate("[...window.sudokuGrader.engine.long.jobs].map((j) => j.puzzle)")
    assert HARD not in jobs, "the old rating still runs"
    page.wait_for_selector('[data-testid="step-1"]', timeout=WORK_TIMEOUT_MS)  # the page rates it itself
    wait_ready(page, WORK_TIMEOUT_MS)
    rated_s = time.perf_counter() - t
    shot(page, "long-02-new-puzzle-rated")
    print(f"\nnew puzzle over a hard rating: valid after {valid_s:.2f} s, rated and explained after {rated_s:.2f} s")
    assert valid_s < QUICK_S
    rate = cli_json("rate", EASY)
    for tid, text in rating_fields(rate):
        assert by_id(page, tid).inner_text().strip() == text, tid
    # Whatever the ratings panel showed on the way was about the new puzzle (its ratings build
    # up) or the empty panel: never the old puzzle's.
    seen = [s for s in page.evaluate("window.__seen") if any(ch.isdigit() for ch in s[1])]
    assert seen and all(about == EASY for about, _ in seen), [s for s in seen if s[0] != EASY][:2]


def test_a_rating_for_another_puzzle_replaces_the_running_one(page: Any) -> None:
    settled(page)
    got = page.evaluate("""async ([hard, easy]) => {
        const eng = window.sudokuGrader.engine;
        const old = eng.request("rate", hard).then(() => "finished", (e) => e.kind);
        await new Promise((r) => setTimeout(r, 1500));
        const t = performance.now();
        const res = await eng.request("rate", easy);
        return { old: await old, status: res.status, seconds: (performance.now() - t) / 1000 }; }""", [HARD, EASY])
    print(f"\nreplaced a running hard rating; the new one took {got['seconds']:.2f} s")
    assert got["old"] == "cancelled"
    assert got["status"] == "unique"
    wait_ready(page, WORK_TIMEOUT_MS)


def test_rate_sends_each_scale_as_it_is_done(page: Any) -> None:
    settled(page)
    got = page.evaluate("""async (p) => {
        const msgs = [];
        const res = await window.sudokuGrader.engine.request("rate", p, {}, (m) => msgs.push(m));
        return { msgs, res }; }""", EASY)
    partial = [m for m in got["msgs"] if m["type"] == "partial"]
    assert [m["scale"] for m in partial][-1] == "se"
    assert {m["scale"] for m in partial} == set(got["res"]["ratings"])
    for m in partial:
        assert m["rating"] == got["res"]["ratings"][m["scale"]]
    assert any(m["type"] == "progress" and m["step"] > 0 for m in got["msgs"])


def test_a_time_limit_keeps_the_scales_that_finished(page: Any) -> None:
    settled(page)
    page.evaluate("window.sudokuGrader.engine.timeLimit = 30")  # HoDoKu takes a few seconds, SE minutes
    try:
        err = page.evaluate("""async (p) => {
            try { await window.sudokuGrader.engine.request("rate", p); return null; }
            catch (e) { return { kind: e.kind, partial: e.partial || null }; } }""", HARD)
    finally:
        page.evaluate("window.sudokuGrader.engine.timeLimit = 300")
    assert err is not None and err["kind"] == "timeout"
    assert err["partial"] and "hodoku" in err["partial"]["ratings"], err
    assert "se" not in err["partial"]["ratings"]
    wait_ready(page, WORK_TIMEOUT_MS)
