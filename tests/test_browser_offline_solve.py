"""A game in Solve mode goes on with the network off: after one visit the service worker serves the
page and the engine, so a reload brings back the player's digits and marks, a move can be made
(and is saved: a second offline reload shows it), and a hint still comes from the engine."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from browser_support import block_other_hosts, cli_json, launch, shot, wait_ready

pytestmark = pytest.mark.browser

sync_api = pytest.importorskip("playwright.sync_api", reason="the test extra installs playwright")

EASY = "...5.6.1..5..2......8..32.91..4......7..9...15.9..7..2..5...78.8.....4....3.48..."

# Every file the build's manifest names (the shell and the runtime: Pyodide, its stdlib, the
# package) is in the worker's cache. The worker puts them one by one after the engine loads, so
# checking two of them let a loaded machine go offline before the rest were kept.
RUNTIME_CACHED_JS = """async () => {
  for (const key of await caches.keys()) {
    if (!key.startsWith("sudoku-grader-")) continue;
    const cache = await caches.open(key);
    const manifest = await cache.match(new URL("__manifest__.json", location.href).href);
    if (!manifest) continue;
    const paths = Object.keys(await manifest.json());
    const have = new Set((await cache.keys()).map((r) => r.url));
    const want = paths.map((p) => new URL(p, location.href).href);
    if (want.some((u) => u.endsWith("pyodide.asm.wasm")) && want.every((u) => have.has(u))) return true;
  }
  return false;
}"""


@pytest.fixture()
def context() -> Iterator[Any]:
    blocked: list[str] = []
    with sync_api.sync_playwright() as p:
        browser = launch(p)
        ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        block_other_hosts(ctx, blocked)
        yield ctx
        ctx.close()
        browser.close()
    assert not blocked, f"the app asked for other hosts: {blocked[:5]}"


def cell(page: Any, c: int) -> Any:
    return page.locator(f'[data-testid="cell-r{c // 9 + 1}c{c % 9 + 1}"]')


def label(page: Any, c: int) -> str:
    return cell(page, c).get_attribute("aria-label") or ""


def test_a_game_with_marks_continues_offline(context: Any, site: str) -> None:
    sol = cli_json("solve", EASY)["solution"]
    empty = [c for c in range(81) if EASY[c] == "."]
    placed, marked, offline_move = empty[0], empty[1], empty[2]
    other = next(d for d in "123456789" if d != sol[marked])
    marks = "".join(sorted(sol[marked] + other))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site + "#solve:" + EASY)
    wait_ready(page)
    page.wait_for_selector('[data-testid="mode-solve"][aria-pressed="true"]')
    cell(page, placed).click()
    page.keyboard.press(sol[placed])
    page.locator('[data-testid="notes"]').click()
    cell(page, marked).click()
    for d in marks:
        page.keyboard.press(d)
    page.keyboard.press("n")
    assert label(page, marked).endswith(f"marks {' '.join(marks)}")
    # the service worker controls the page and holds the engine (Pyodide and the package)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    page.wait_for_function(RUNTIME_CACHED_JS, timeout=60_000, polling=250)
    context.set_offline(True)
    try:
        assert page.evaluate("navigator.onLine") is False
        page.reload()
        wait_ready(page)
        page.wait_for_selector('[data-testid="mode-solve"][aria-pressed="true"]')
        assert label(page, placed).endswith(f"placed {sol[placed]}")
        assert label(page, marked).endswith(f"marks {' '.join(marks)}")
        cell(page, offline_move).click()
        page.keyboard.press(sol[offline_move])
        assert label(page, offline_move).endswith(f"placed {sol[offline_move]}")
        saved = json.loads(page.evaluate("p => localStorage.getItem('sudoku-grader-game:' + p)", EASY))
        assert saved["placed"][offline_move] == sol[offline_move]
        # the engine answers offline: a hint from this position
        page.locator('[data-testid="hint"]').click()
        page.locator('[data-testid="hint-1"]').wait_for(timeout=60_000)
        assert page.locator('[data-testid="hint-1"]').inner_text().strip()
        shot(page, "offline-solve-01-hint")
        # the move made offline is kept too
        page.reload()
        wait_ready(page)
        page.wait_for_selector('[data-testid="mode-solve"][aria-pressed="true"]')
        for c in (placed, offline_move):
            assert label(page, c).endswith(f"placed {sol[c]}"), c
        assert label(page, marked).endswith(f"marks {' '.join(marks)}")
    finally:
        context.set_offline(False)
    assert not errors, errors
