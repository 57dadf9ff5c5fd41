"""What a publisher puts on a static blog, in chromium: ``embed``'s ``post/index.html`` at a 390 px
phone (labels as headings, nothing wider than the screen) and ``<sudoku-grader daily="...">`` with
a fixed clock (the reader's day, yesterday's link, a day outside the feed said plainly)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from browser_boot import CountingServer
from browser_support import ARTIFACTS, app_page, launch
from conftest import SHARED
from sudoku_grader.cli.main import main

pytestmark = pytest.mark.browser

sync_api = pytest.importorskip("playwright.sync_api", reason="the test extra installs playwright")

WIDE = "() => document.documentElement.scrollWidth"
# Tokyo is 9 hours ahead of UTC: 20:00 UTC on the 9th is the reader's morning of the 10th
TOKYO_MORNING = datetime(2027, 1, 9, 20, 0, tzinfo=UTC)
SHOWN = "() => { const e = document.querySelector('sudoku-grader'); return [e.dataset.date, e.data?.puzzle || null]; }"


@pytest.fixture(scope="module")
def site(shared_dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[CountingServer]:
    root = tmp_path_factory.mktemp("blog")
    (root / "grader").symlink_to(shared_dist, target_is_directory=True)
    lines = (SHARED / "puzzles" / "newspaper-mixed.txt").read_text().splitlines()
    (root / "post.txt").write_text(f"{lines[0]}  # Monday's easy one\n{lines[1]}\n")
    assert main(["embed", "-f", str(root / "post.txt"), "-o", str(root / "post"), "--base", "/grader/"]) == 0
    (root / "bank.txt").write_text("\n".join(lines[:30]) + "\n")
    assert main(["daily", "-o", str(root / "daily"), "--from", "2027-01-04", "--days", "14", "--levels", "easy",
                 "--bank", str(root / "bank.txt"), "--base", "/grader/"]) == 0
    (root / "today.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Today</title>'
        '<script type="module" src="/grader/web/embed.js"></script></head><body><h1>My blog</h1>'
        '<sudoku-grader daily="/daily/"></sudoku-grader></body></html>')
    srv = CountingServer(root)
    srv.root = root  # type: ignore[attr-defined]
    yield srv
    srv.close()


@pytest.fixture
def phone(site: CountingServer) -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        browser = launch(p)
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                  device_scale_factor=2, timezone_id="Asia/Tokyo", locale="en-GB")
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


def part(page: Any, tid: str) -> Any:
    return page.locator("sudoku-grader").first.locator(f'[data-testid="{tid}"]')


def test_the_daily_element_shows_the_readers_day(site: CountingServer, phone: Any) -> None:
    index = {e["date"]: e["puzzle"] for e in json.loads((site.root / "daily" / "index.json").read_text())}
    phone.clock.set_fixed_time(TOKYO_MORNING)
    phone.goto(site.base + "today.html")
    phone.wait_for_function("() => document.querySelector('sudoku-grader')?.dataset.drawn")
    assert phone.evaluate(SHOWN) == ["2027-01-10", index["2027-01-10"]]  # the reader's date, not UTC's
    heading = part(phone, "daily-heading").inner_text()
    assert heading.startswith("Easy · Sunday") and "10 January 2027" in heading
    assert part(phone, "embed-play").is_visible() and part(phone, "embed-next").is_visible()
    assert phone.evaluate(WIDE) <= 390
    ARTIFACTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / "publish-daily-390.png"))
    # yesterday's link shows the 9th, and Back returns to the 10th
    assert part(phone, "daily-yesterday").inner_text() == "Yesterday's puzzle"
    part(phone, "daily-yesterday").click()
    phone.wait_for_function("p => document.querySelector('sudoku-grader').data?.puzzle === p",
                            arg=index["2027-01-09"])
    assert phone.evaluate(SHOWN) == ["2027-01-09", index["2027-01-09"]]
    assert "9 January 2027" in part(phone, "daily-heading").inner_text()
    # the archive lists the days up to the reader's today, each a link the element follows
    archive = part(phone, "daily-archive").get_attribute("href")
    assert archive == site.base + "daily/archive.html"
    phone.goto(archive)
    phone.wait_for_function("() => document.querySelector('sudoku-grader')?.dataset.drawn")
    days = phone.locator("li[data-day]:visible a").all_inner_texts()
    assert len(days) == 7 and days[0] == "Sun 10 Jan 2027" and days[-1] == "Mon 4 Jan 2027"
    phone.locator("li[data-day] a", has_text="Wed 6 Jan 2027").click()
    phone.wait_for_function("p => document.querySelector('sudoku-grader').data?.puzzle === p",
                            arg=index["2027-01-06"])


@pytest.mark.parametrize(("hash_", "words"), [
    ("#2027-01-02", "There is no puzzle for Saturday"),  # before the feed
    ("#2027-01-12", "yet: come back on the day"),  # in the feed, but after the reader's today
])
def test_a_day_outside_the_feed_is_said_plainly(site: CountingServer, phone: Any, hash_: str, words: str) -> None:
    phone.clock.set_fixed_time(TOKYO_MORNING)
    phone.goto(site.base + "today.html" + hash_)
    phone.wait_for_function("() => document.querySelector('sudoku-grader')?.dataset.missing === 'true'")
    status = part(phone, "embed-status").inner_text()
    assert words in status and "2027" in status
    assert phone.evaluate(SHOWN) == [hash_[1:], None]
    assert not part(phone, "embed-play").is_visible()


def test_after_the_last_day_and_the_game_is_saved(site: CountingServer, phone: Any) -> None:
    phone.clock.set_fixed_time(datetime(2027, 3, 1, 3, 0, tzinfo=UTC))
    phone.goto(site.base + "today.html")
    phone.wait_for_function("() => document.querySelector('sudoku-grader')?.dataset.missing === 'true'")
    assert "the feed does not hold that day" in part(phone, "embed-status").inner_text()
    # the reader's game of the day is kept like the app's games: a reload continues it
    phone.goto(site.base + "today.html#2027-01-05")
    phone.wait_for_function("() => document.querySelector('sudoku-grader')?.data")
    puzzle = phone.evaluate(SHOWN)[1]
    cell = puzzle.index(".")
    name = f"r{cell // 9 + 1}c{cell % 9 + 1}"
    part(phone, "embed-play").click()
    part(phone, "embed-notes").wait_for()  # the game is ready
    part(phone, f"cell-{name}").click()
    phone.keyboard.press("7")
    phone.wait_for_function("p => localStorage.getItem('sudoku-grader-game:' + p) !== null", arg=puzzle)
    phone.reload()
    phone.wait_for_function("() => document.querySelector('sudoku-grader')?.data")
    part(phone, "embed-play").click()
    part(phone, "embed-notes").wait_for()
    sync_api.expect(part(phone, f"cell-{name}")).to_have_attribute("aria-label", re.compile(r"placed 7(,|$)"))


def test_the_app_prints_a_book_of_saved_and_generated_puzzles(site: CountingServer) -> None:
    """Print a book in the app: a generated puzzle and a game in progress go into the worker's book
    (the `book` command's HTML), offered as a link to open and one to download."""
    easy = (SHARED / "puzzles" / "newspaper-mixed.txt").read_text().splitlines()[2]
    with app_page(site.base + "grader/index.html") as page:
        page.evaluate("() => window.sudokuGrader.actions.generate(window.sudokuGrader.store, {seed: 5, timeout: 60})")
        page.wait_for_function("() => window.sudokuGrader.state.genPuzzle")
        generated = page.evaluate("() => window.sudokuGrader.state.genPuzzle")
        page.evaluate("p => { location.hash = 'solve:' + p; }", easy)
        page.wait_for_function("p => window.sudokuGrader.state.game.puzzle() === p", arg=easy)
        cell = easy.index(".")
        page.locator(f'#grid [data-testid="cell-r{cell // 9 + 1}c{cell % 9 + 1}"]').click()
        page.keyboard.press("1")
        page.wait_for_function("p => localStorage.getItem('sudoku-grader-game:' + p) !== null", arg=easy)
        page.locator('[data-testid="book-box"] summary').click()
        page.select_option('[data-testid="book-per-page"]', "2")
        page.locator('[data-testid="print-book"]').click()
        page.locator('[data-testid="book-link"]').wait_for(timeout=120_000)
        assert page.locator('[data-testid="book-link"]').inner_text() == "Open the book (2 puzzles)"
        assert page.locator('[data-testid="book-download"]').get_attribute("download") == "sudoku-book.html"
        html = page.evaluate("() => fetch(document.querySelector('[data-testid=book-link]').href).then(r => r.text())")
        page.screenshot(path=str(ARTIFACTS / "publish-app-print-book.png"))
    assert f'data-puzzle="{easy}"' in html and f'data-puzzle="{generated}"' in html
    assert "<h2>1. Game in progress</h2>" in html and "<h2>2. Generated</h2>" in html
    assert html.count('class="page') == 1 + 1 + 1  # title, one page of two, solutions
