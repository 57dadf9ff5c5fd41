"""The app on a 360x740 phone (touch): nothing scrolls sideways in any view, also once a hard
puzzle is rated, and the pad keys and play controls are at least 44x44 CSS px (issue 30)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from browser_support import ARTIFACTS, WORK_TIMEOUT_MS, launch, wait_ready

pytestmark = pytest.mark.browser

sync_api = pytest.importorskip("playwright.sync_api", reason="the test extra installs playwright")

# a HoDoKu Extreme puzzle of the bank (seed 12, SE 7.1) that every scale rates in well under a second
# natively: its ratings table is the widest the page draws
HARD = "..67..29..3........1.2.9........64.........3.28..1.65...9....6.....2.3.1...1...4."


@pytest.fixture(scope="module")
def page(site: str) -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        browser = launch(p)
        ctx = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
        pg = ctx.new_page()
        errors: list[str] = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.goto(site)
        wait_ready(pg)
        yield pg
        browser.close()
        assert not errors, errors


def sideways(page: Any) -> list[str]:
    """The elements that reach past the screen's right edge (empty when nothing scrolls sideways)."""
    # against the screen's width: a phone browser widens its layout viewport (innerWidth) to the
    # widest content, so innerWidth alone would hide the overflow
    return list(page.evaluate("""(width) => {
        if (document.documentElement.scrollWidth <= width && innerWidth <= width) return [];
        const clipped = (e) => {  // inside a box that scrolls (or clips) sideways on its own
          for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
            if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(a).overflowX)) return true;
          }
          return false;
        };
        const out = [...document.querySelectorAll('body *')].filter((e) => {
          const r = e.getBoundingClientRect();
          return r.width > 0 && r.right + scrollX > width + 0.5 && getComputedStyle(e).position !== 'fixed'
            && !clipped(e);
        }).map((e) => e.tagName + (e.id ? '#' + e.id : '') + '.' + e.className + ' ' +
          Math.round(e.getBoundingClientRect().right + scrollX));
        return out.length ? out.slice(0, 8) : [`page ${document.documentElement.scrollWidth} px wide`];
      }""", page.viewport_size["width"]))


def open_all(page: Any) -> None:
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")


def test_nothing_scrolls_sideways_in_any_view(page: Any) -> None:
    assert sideways(page) == [], "the first view"
    pencilled = page.evaluate("[...document.querySelectorAll('#grid .sg-cand')].filter((e) => e.textContent).length")
    assert pencilled == 0, "an empty grid shows pencilled candidates"
    open_all(page)
    assert sideways(page) == [], "every section open"
    page.evaluate("p => { location.hash = p; }", HARD)
    page.locator('[data-testid="rating-se-er"]').wait_for(timeout=WORK_TIMEOUT_MS)
    page.wait_for_function("!document.querySelector('#ratings tr.pending')", timeout=WORK_TIMEOUT_MS)
    page.locator('[data-testid="step-1"]').wait_for(timeout=WORK_TIMEOUT_MS)
    open_all(page)
    assert sideways(page) == [], "a hard puzzle rated and explained"
    page.locator("#ratings-panel").screenshot(path=str(ARTIFACTS / "phone-01-ratings-360.png"))
    page.locator('[data-testid="mode-solve"]').tap()
    page.wait_for_selector('[data-testid="mode-solve"][aria-pressed="true"]')
    assert sideways(page) == [], "Solve"


def test_pad_keys_and_play_controls_are_at_least_44_px(page: Any) -> None:
    page.locator('[data-testid="new-game-level"]').select_option("easy")
    page.locator('[data-testid="new-game"]').tap()
    page.wait_for_selector('[data-testid="mode-solve"][aria-pressed="true"]')
    small = page.evaluate("""() => [...document.querySelectorAll(
          '.numpad button, #play button, #actions button, .modes button, .new-game button, .new-game select')]
        .filter((e) => e.offsetParent !== null)
        .map((e) => [e.dataset.testid || e.textContent.trim(), e.getBoundingClientRect()])
        .filter(([, r]) => r.width < 44 || r.height < 44)
        .map(([n, r]) => `${n} ${Math.round(r.width)}x${Math.round(r.height)}`)""")
    assert small == [], small
    keys = page.locator(".numpad button").count()
    assert keys == 10
    assert sideways(page) == []
    page.screenshot(path=str(ARTIFACTS / "phone-02-solve-360.png"))
