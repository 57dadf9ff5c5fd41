"""The package as a Python library in other people's pages: Pyodide + micropip, and PyScript.

Both example pages are served from the session's ``dist/`` on 127.0.0.1 with every request to any
other host aborted (and counted): they must show the CLI's SE rating and step count for the
puzzle in the URL hash, a clear message for a bad puzzle, and work offline after one visit.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from browser_support import (
    Timer,
    block_other_hosts,
    cli_json,
    fmt,
    shot,
)

pytestmark = pytest.mark.browser

sync_api = pytest.importorskip("playwright.sync_api", reason="the test extra installs playwright")

PAGES = ["micropip", "pyscript"]
TOUGH = "3.5...94....4.....6....9.7...7136..8.........1..7826...5.2....3.....7....32...8.7"
PAGE_TIMEOUT_MS = 120_000


@pytest.fixture(scope="module")
def context(browser: Any) -> Iterator[tuple[Any, list[str]]]:
    blocked: list[str] = []
    ctx = browser.new_context(viewport={"width": 1000, "height": 900})
    block_other_hosts(ctx, blocked)
    yield ctx, blocked
    ctx.close()
    assert not blocked, f"an example page asked for another host: {blocked[:5]}"


def expected_er(rate: dict[str, Any]) -> str:
    se = (rate.get("ratings") or {}).get("se") or {}
    return fmt(se["er"], "er") if "er" in se else "not rated by this version"


def open_example(ctx: Any, site: str, name: str, puzzle: str) -> Any:
    page = ctx.new_page()
    page.goto(f"{site}examples/{name}.html#{puzzle}")
    page.wait_for_selector(
        '[data-testid="step-1"], [data-testid="error"]:not([hidden])', timeout=PAGE_TIMEOUT_MS
    )
    return page


@pytest.mark.parametrize("name", PAGES)
def test_example_page_matches_the_cli_and_works_offline(context: tuple[Any, list[str]], site: str, name: str) -> None:
    ctx, _ = context
    timer = Timer()
    page = open_example(ctx, site, name, TOUGH)
    print(f"\n{name}: first rating after {timer.seconds():.1f} s")
    try:
        rate = cli_json("rate", TOUGH)
        explain = cli_json("explain", TOUGH)
        assert page.locator('[data-testid="error"]').is_hidden(), page.locator('[data-testid="error"]').inner_text()
        assert page.locator('[data-testid="rating-se-er"]').inner_text().strip() == expected_er(rate)
        assert page.locator('[data-testid^="step-"]').count() == len(explain["steps"])
        assert page.locator('[data-testid="step-1"]').inner_text().endswith(explain["steps"][0]["text"])
        shot(page, f"examples-{name}")
        # Another puzzle from the text box: a bad one gets the package's own message.
        bad = TOUGH[:-1] + "3"  # two 3s in the last row
        page.locator('[data-testid="puzzle-input"]').fill(bad)
        page.locator('[data-testid="rate-button"]').click()
        err = page.locator('[data-testid="error"]')
        err.wait_for(state="visible")
        expected = cli_json("solve", bad)["error"]
        assert expected in err.inner_text()
        assert "Traceback" not in page.content()
        assert page.locator('[data-testid^="step-"]').count() == 0
        shot(page, f"examples-{name}-bad-puzzle")
        # Offline after this one visit: the service worker serves the page, Pyodide and the wheels.
        page.wait_for_selector("body[data-offline=kept]", state="attached", timeout=60_000)
        ctx.set_offline(True)
        page.reload()
        page.wait_for_selector('[data-testid="step-1"]', timeout=PAGE_TIMEOUT_MS)
        assert page.locator('[data-testid="error"]').is_hidden()
        assert page.locator('[data-testid^="step-"]').count() == len(explain["steps"])
    finally:
        ctx.set_offline(False)
        page.close()


def test_wheels_folder(site: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    """dist/wheels has our wheel under its stable name, latest.json naming it, and micropip's wheel."""
    import json
    import urllib.request

    with urllib.request.urlopen(site + "wheels/latest.json", timeout=10) as r:
        latest = json.load(r)
    assert latest["wheel"] == f"sudoku_grader-{latest['version']}-py3-none-any.whl"
    assert latest["micropip"].startswith("micropip-") and latest["micropip"].endswith("-py3-none-any.whl")
    for name in (latest["wheel"], latest["micropip"]):
        with urllib.request.urlopen(site + "wheels/" + name, timeout=10) as r:
            assert r.read(2) == b"PK"
