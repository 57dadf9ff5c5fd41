"""What a publisher puts on a static blog, in chromium: ``embed``'s ``post/index.html`` at a 390 px
phone (labels as headings, nothing wider than the screen) and ``<sudoku-grader daily="...">`` with
a fixed clock (the reader's day, yesterday's link, a day outside the feed said plainly)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from browser_boot import CountingServer
from browser_support import ARTIFACTS, build, launch
from conftest import SHARED
from sudoku_grader.cli.main import main

pytestmark = pytest.mark.browser

sync_api = pytest.importorskip("playwright.sync_api", reason="the test extra installs playwright")

WIDE = "() => document.documentElement.scrollWidth"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CountingServer]:
    root = tmp_path_factory.mktemp("blog")
    build.build(dist=root / "grader")
    lines = (SHARED / "puzzles" / "newspaper-mixed.txt").read_text().splitlines()
    (root / "post.txt").write_text(f"{lines[0]}  # Monday's easy one\n{lines[1]}\n")
    assert main(["embed", "-f", str(root / "post.txt"), "-o", str(root / "post"), "--base", "/grader/"]) == 0
    (root / "bank.txt").write_text("\n".join(lines[:30]) + "\n")
    assert main(["daily", "-o", str(root / "daily"), "--from", "2027-01-04", "--days", "14", "--levels", "easy",
                 "--bank", str(root / "bank.txt"), "--base", "/grader/"]) == 0
    srv = CountingServer(root)
    yield srv
    srv.close()


@pytest.fixture
def phone(site: CountingServer) -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        browser = launch(p)
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                  device_scale_factor=2)
        pg = ctx.new_page()
        errors: list[str] = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        yield pg
        ctx.close()
        browser.close()
    assert not errors, errors


def test_embed_index_fits_a_phone_with_labels_as_headings(site: CountingServer, phone: Any) -> None:
    phone.goto(site.base + "post/index.html")
    phone.wait_for_function("() => document.querySelectorAll('sudoku-grader').length === 2")
    phone.wait_for_timeout(300)
    assert phone.locator("h2").all_inner_texts() == ["Monday's easy one", "Puzzle 2"]
    phone.locator("details summary").first.click()
    assert phone.evaluate(WIDE) <= 390
    ARTIFACTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / "publish-embed-index-390.png"))
