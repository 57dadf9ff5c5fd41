"""The rough edges of issue 30, each in the page: no uncaught error on any hash, a solve link with
junk after a valid puzzle, 82 characters, no engine-capability message before the engine has
answered, and section headings read without their drawn arrow."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from browser_support import EASY, WORK_TIMEOUT_MS, wait_ready

pytestmark = pytest.mark.browser

sync_api = pytest.importorskip("playwright.sync_api", reason="the test extra installs playwright")

P = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

# every text the ratings panel shows, from the page's first moment
RECORD_RATINGS = """
window.__ratingsTexts = [];
new MutationObserver(() => {
  const el = document.getElementById('ratings');
  if (el) window.__ratingsTexts.push(el.textContent);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    ctx.add_init_script(RECORD_RATINGS)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    ctx.close()
    assert not errors, f"uncaught errors in the page: {errors}"


def error_text(page: Any) -> str:
    el = page.locator('[data-testid="error"]')
    return "" if el.is_hidden() else str(el.inner_text())


def test_no_uncaught_error_on_a_broken_hash_and_the_next_link_clears_it(page: Any, site: str) -> None:
    page.goto(site + "#%%%")
    wait_ready(page)
    page.wait_for_function("document.querySelector('[data-testid=error]').textContent.includes('%-escape')")
    assert "broken %-escape at character 1" in error_text(page)
    page.evaluate("p => { location.hash = p; }", P)
    page.wait_for_function("p => window.sudokuGrader.state.game.puzzle() === p", arg=P)
    assert "%-escape" not in error_text(page)


def test_a_solve_link_with_junk_opens_its_puzzle_and_says_what_was_ignored(page: Any, site: str) -> None:
    page.goto(f"{site}#solve:{P}:xyz:!!")
    page.wait_for_selector('[data-testid="mode-solve"][aria-pressed="true"]', timeout=WORK_TIMEOUT_MS)
    assert page.evaluate("window.sudokuGrader.state.game.puzzle()") == P
    page.wait_for_function("document.querySelector('[data-testid=error]').textContent.includes('ignored')")
    assert '":xyz:!!"' in error_text(page)


def test_82_characters_say_which_one_is_extra(page: Any, site: str) -> None:
    page.goto(f"{site}#{P}7")
    wait_ready(page)
    page.wait_for_function("document.querySelector('[data-testid=error]').textContent.includes('extra')")
    assert "character 82 ('7') is extra" in error_text(page)
    assert page.evaluate("window.sudokuGrader.state.game.givenCount()") == 0, "nothing was guessed"


def test_no_solution_names_the_house_that_runs_out(page: Any, site: str) -> None:
    """A generated puzzle with one digit added that breaks it: the status line says where it fails
    (the engine's words: tests/test_no_solution.py checks them)."""
    broken = ".....6.45.54.7....2..3..7...1.64.987.7..39............1.....5.6.89...1..6.2......"
    page.goto(f"{site}#{broken}")
    validity = page.locator('[data-testid="validity"]')
    page.wait_for_function("document.querySelector('[data-testid=validity]').textContent.includes('No solution')",
                           timeout=WORK_TIMEOUT_MS)
    text = validity.inner_text()
    assert text.startswith("No solution: once the singles it forces are placed (r3c6=4,"), text
    assert "1 has no place left in row 1: r1c3 sees the 1 in r3c3" in text, text


def test_no_engine_capability_message_before_the_engine_answered(page: Any, site: str) -> None:
    page.goto(f"{site}#{EASY}")  # rating starts before the engine is up
    page.locator('[data-testid="rating-se-er"]').wait_for(timeout=WORK_TIMEOUT_MS)
    texts = page.evaluate("window.__ratingsTexts")
    assert texts, "the ratings panel was never drawn"
    assert not [t for t in texts if "computes no rating scale" in t], "said before the engine answered"


def test_section_headings_are_read_without_the_arrow(page: Any, site: str) -> None:
    page.goto(site)
    wait_ready(page)
    for sel in ("#settings > summary", "#about > summary"):
        snapshot = page.locator(sel).aria_snapshot()
        assert "▸" not in snapshot and "▾" not in snapshot, snapshot
        drawn = page.evaluate("s => getComputedStyle(document.querySelector(s), '::before').content", sel)
        assert drawn.startswith('"▸'), drawn  # still drawn
