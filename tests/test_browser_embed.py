"""A blog post with ten <sudoku-grader> elements made by ``python -m sudoku_grader embed``: drawn from
their JSON without Python (bytes and time counted by the browser), the runtime downloaded only when
a reader asks for a re-rate, and the element saying that it is loading."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_boot import CountingServer
from browser_support import BOOT_TIMEOUT_MS, ROOT, cli_json, fmt, launch, rating_fields, shot
from sudoku_grader.ratings import BY_ID

pytestmark = pytest.mark.browser

sync_api = pytest.importorskip("playwright.sync_api", reason="the test extra installs playwright")

PUZZLES = ROOT.parent / "shared" / "puzzles"
PAGE_LIMIT = 600_000  # bytes before any interaction, ten puzzles
ELEMENT_LIMIT = 150_000  # the element's own code and styles
DRAW_MS = 500

SIZES_JS = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const res = performance.getEntriesByType("resource");
  return { page: nav.decodedBodySize, load: nav.loadEventEnd,
           files: res.map((e) => [new URL(e.name).pathname, e.decodedBodySize]) };
}"""


def ten_puzzles() -> list[str]:
    news = [x.strip() for x in (PUZZLES / "newspaper-mixed.txt").read_text().splitlines() if x.strip()]
    top = [x.strip() for x in (PUZZLES / "top95.txt").read_text().splitlines() if x.strip()]
    return news[:5] + top[:5]


@pytest.fixture(scope="module")
def site(shared_dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[CountingServer, list[str]]]:
    root = tmp_path_factory.mktemp("blog")
    (root / "grader").symlink_to(shared_dist, target_is_directory=True)
    puzzles = ten_puzzles()
    (root / "puzzles.txt").write_text("\n".join(puzzles) + "\n")
    run = subprocess.run([sys.executable, "-m", "sudoku_grader", "embed", "-f", str(root / "puzzles.txt"),
                          "-o", str(root / "post"), "--base", "/grader/", "--title", "Ten puzzles"],
                         env={"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin"},
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    srv = CountingServer(root)
    srv.root = root  # type: ignore[attr-defined]
    yield srv, puzzles
    srv.close()


@pytest.fixture(scope="module")
def page(site: tuple[CountingServer, list[str]]) -> Iterator[Any]:
    srv, _ = site
    with sync_api.sync_playwright() as p:
        browser = launch(p)
        ctx = browser.new_context(viewport={"width": 900, "height": 900})
        pg = ctx.new_page()
        errors: list[str] = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        srv.take()
        pg.goto(srv.base + "post/index.html")
        yield pg
        ctx.close()
        browser.close()
    assert not errors, errors


def srv_file(srv: CountingServer, rel: str) -> str:
    return (srv.root / rel).read_text()  # type: ignore[attr-defined]


def shadow(page: Any, n: int, tid: str) -> Any:
    return page.locator("sudoku-grader").nth(n).locator(f'[data-testid="{tid}"]')


@pytest.mark.timing
def test_ten_embeds_draw_without_python(page: Any, site: tuple[CountingServer, list[str]]) -> None:
    srv, puzzles = site
    page.wait_for_function("[...document.querySelectorAll('sudoku-grader')].every((e) => e.hasAttribute('data-drawn'))",
                           timeout=30_000)
    page.wait_for_load_state("load")
    srv.wait_quiet(1.0)
    sizes = page.evaluate(SIZES_JS)
    drawn = page.evaluate("[...document.querySelectorAll('sudoku-grader')].map((e) => +e.dataset.drawn)")
    _, _, paths = srv.take()
    total = sizes["page"] + sum(size for _, size in sizes["files"])
    element = sum(size for path, size in sizes["files"] if path.startswith("/grader/web/"))
    late = max(drawn) - sizes["load"]
    print(f"\n10 embeds: {total / 1e3:.0f} KB before interaction (element code and styles {element / 1e3:.0f} KB) "
          f"in {len(sizes['files']) + 1} files; last element drawn {late:.0f} ms after the load event "
          f"({max(drawn):.0f} ms after navigation)")
    shot(page, "embed-01-ten-puzzles")
    assert len(drawn) == 10
    assert not [p for p in paths if "/pyodide/" in p or "/wheels/" in p or "worker.js" in p], paths
    assert total < PAGE_LIMIT
    assert element < ELEMENT_LIMIT
    assert late <= DRAW_MS
    for n, puzzle in enumerate(puzzles):
        data = json.loads(srv_file(srv, f"post/puzzle-{n + 1:02d}.json"))
        assert data["puzzle"] == puzzle
        givens = page.locator("sudoku-grader").nth(n).locator(".sg-cell.given").count()
        assert givens == sum(ch != "." for ch in puzzle)
        for tid, text in rating_fields(data):
            assert shadow(page, n, tid).inner_text() == text, (n, tid)
        for scale, text in headlines(data).items():
            assert shadow(page, n, f"rating-{scale}").inner_text() == text, (n, scale)
        assert shadow(page, n, "embed-status").inner_text().startswith(f"{len(data['steps'])} steps")
    shadow(page, 0, "embed-next").click()
    first = json.loads(srv_file(srv, "post/puzzle-01.json"))
    assert shadow(page, 0, "embed-step").inner_text().startswith(f"Step 1 of {len(first['steps'])}:")
    assert shadow(page, 0, "embed-text").inner_text() == first["steps"][0]["text"]


def headlines(data: dict[str, Any]) -> dict[str, str]:
    """Each scale's Rating column as the page writes it: the value of the scale record's ``number``
    ("could not finish" when the scale's techniques got stuck)."""
    out = {}
    for scale, value in data["ratings"].items():
        if scale in BY_ID and isinstance(value, dict) and "unsupported" not in value:
            number = BY_ID[scale].number
            shown = fmt(value[number], number) if value.get(number) not in (None, "") else "–"
            out[scale] = "could not finish" if value.get("solved") is False else shown
    return out


def test_json_written_before_scale_numbers_shows_the_same(page: Any, site: tuple[CountingServer, list[str]]) -> None:
    """JSON an older ``embed`` wrote (no ``scale_numbers``) shows the same Rating column: the element
    takes the number fields from the build's own scale records."""
    srv, _ = site
    data = json.loads(srv_file(srv, "post/puzzle-01.json"))
    assert data.pop("scale_numbers") and data.pop("scale_decimals")
    (srv.root / "post" / "old.json").write_text(json.dumps(data))  # type: ignore[attr-defined]
    (srv.root / "post" / "old.html").write_text(  # type: ignore[attr-defined]
        '<!doctype html><meta charset="utf-8"><title>old</title>'
        '<script type="module" src="/grader/web/embed.js"></script><sudoku-grader src="old.json"></sudoku-grader>')
    old = page.context.new_page()
    try:
        old.goto(srv.base + "post/old.html")
        old.wait_for_function("() => document.querySelector('sudoku-grader').hasAttribute('data-drawn')",
                              timeout=30_000)
        want = headlines(data)
        assert want and "se" in want
        for scale, text in want.items():
            got = old.locator("sudoku-grader").locator(f'[data-testid="rating-{scale}"]').inner_text()
            assert got == text, scale
    finally:
        old.close()


def cell_name(c: int) -> str:
    return f"r{c // 9 + 1}c{c % 9 + 1}"


def test_solve_here_without_the_engine(page: Any, site: tuple[CountingServer, list[str]]) -> None:
    """Solve inside the element: digits, marks, undo, Check (against the path's end), no Python downloaded."""
    srv, puzzles = site
    puzzle = puzzles[0]
    sol = cli_json("solve", puzzle)["solution"]
    empty = [c for c in range(81) if puzzle[c] == "."]
    right, wrong, marked = empty[0], empty[1], empty[2]
    wrong_digit = next(d for d in "123456789" if d != sol[wrong])
    marks = [d for d in "123456789" if d != sol[marked]][:2]
    srv.take()
    assert not shadow(page, 0, "embed-notes").is_visible()
    shadow(page, 0, "embed-play").click()
    shadow(page, 0, "embed-notes").wait_for()
    assert not shadow(page, 0, "embed-next").is_visible()  # the step-through gives way to the game
    label = lambda c: shadow(page, 0, f"cell-{cell_name(c)}").get_attribute("aria-label") or ""  # noqa: E731
    shadow(page, 0, f"cell-{cell_name(right)}").click()
    page.keyboard.press(sol[right])
    assert label(right).endswith(f"placed {sol[right]}")
    shadow(page, 0, f"cell-{cell_name(wrong)}").click()
    page.keyboard.press(wrong_digit)
    given = next(c for c in range(81) if puzzle[c] != ".")
    shadow(page, 0, f"cell-{cell_name(given)}").click()
    page.keyboard.press("Delete")
    assert label(given).endswith(f"given {puzzle[given]}")
    shadow(page, 0, "embed-notes").click()
    shadow(page, 0, f"cell-{cell_name(marked)}").click()
    for d in [*marks, sol[marked]]:
        page.keyboard.press(d)
    assert label(marked).endswith(f"marks {' '.join(sorted([*marks, sol[marked]]))}")
    page.keyboard.press("Control+z")
    assert label(marked).endswith(f"marks {' '.join(marks)}")
    page.keyboard.press("n")
    assert shadow(page, 0, "embed-notes").get_attribute("aria-pressed") == "false"
    shadow(page, 0, "embed-check").click()
    assert label(wrong).endswith(", wrong digit")
    assert label(marked).endswith(", its marks lost the digit that belongs here")
    assert not label(right).endswith(", wrong digit")
    assert shadow(page, 0, "embed-status").inner_text() == "1 wrong digit, 1 cell whose marks lost the answer."
    cell = lambda c: shadow(page, 0, f"cell-{cell_name(c)}")  # noqa: E731
    assert cell(wrong).get_attribute("data-mistake") == "digit"  # marked on the grid, not only said
    assert cell(marked).get_attribute("data-mistake") == "marks"
    assert cell(right).get_attribute("data-mistake") is None
    shot(page, "embed-03-solve-here")
    # a digit that repeats one in its row is shown as a duplicate
    twin = next(c for c in empty[3:] if any(puzzle[c // 9 * 9 + k] != "." for k in range(9)))
    seen = next(puzzle[c // 9 * 9 + k] for k in range(9) for c in [twin] if puzzle[c // 9 * 9 + k] != ".")
    cell(twin).click()
    page.keyboard.press(seen)
    assert "dup" in (cell(twin).get_attribute("class") or "")
    page.keyboard.press("Control+z")
    assert "dup" not in (cell(twin).get_attribute("class") or "")
    srv.wait_quiet(0.5)
    _, _, paths = srv.take()
    assert not [p for p in paths if "/pyodide/" in p or "/wheels/" in p or "worker.js" in p], paths


def test_the_runtime_loads_when_a_reader_asks(page: Any, site: tuple[CountingServer, list[str]]) -> None:
    srv, puzzles = site
    srv.take()
    n = 5  # a top95 puzzle
    page.evaluate("""(n) => { window.__embedSaid = [];
        const st = document.querySelectorAll('sudoku-grader')[n].shadowRoot.querySelector('[data-testid=embed-status]');
        new MutationObserver(() => window.__embedSaid.push(st.textContent))
          .observe(st, { childList: true, subtree: true, characterData: true }); }""", n)
    shadow(page, n, "embed-rate").click()
    status = shadow(page, n, "embed-status")
    assert "Loading the solver" in status.inner_text()
    page.wait_for_function(
        "(n) => /Rated in your browser/.test(document.querySelectorAll('sudoku-grader')[n]"
        ".shadowRoot.querySelector('[data-testid=embed-status]').textContent)", arg=n, timeout=BOOT_TIMEOUT_MS)
    _, _, paths = srv.take()
    assert any(p.endswith("/grader/pyodide/pyodide.asm.wasm") for p in paths), paths
    data = json.loads(srv_file(srv, f"post/puzzle-{n + 1:02d}.json"))
    for tid, text in rating_fields(data):
        assert shadow(page, n, tid).inner_text() == text, tid
    assert shadow(page, n, "embed-status").inner_text() == (
        f"Rated in your browser: {len(data['steps'])} steps. Use ◀ ▶ to step through.")
    # progress in words: the scales' names, never their ids
    said = [t for t in page.evaluate("window.__embedSaid") if t.startswith("Rating ·")]
    assert said and not [t for t in said if any(f"· {sid} " in t + " " for sid in data["ratings"])], said[:5]
    shot(page, "embed-02-rated-on-request")


def test_solve_this_puzzle_opens_the_app_in_solve_mode(page: Any, site: tuple[CountingServer, list[str]]) -> None:
    """Each element offers Solve: a link to the app next to its web/ folder, in Solve mode for its puzzle."""
    srv, puzzles = site
    for n, puzzle in enumerate(puzzles):
        assert shadow(page, n, "embed-solve").get_attribute("href") == f"{srv.base}grader/#solve:{puzzle}", n
    with page.context.expect_page() as opened:
        shadow(page, 1, "embed-solve").click()
    app = opened.value
    try:
        app.wait_for_selector('[data-testid="mode-solve"][aria-pressed="true"]', timeout=BOOT_TIMEOUT_MS)
        givens = app.evaluate("[...document.querySelectorAll('#grid .sg-cell')].map((c) =>"
                              " c.classList.contains('given') ? c.querySelector('.sg-value').textContent : '.')"
                              ".join('')")
        assert givens == puzzles[1]
        shot(app, "embed-03-solve-in-the-app")
    finally:
        app.close()


def test_a_hint_inside_the_element_starts_with_the_mistake(page: Any) -> None:
    """After the solver loaded, the element's Hint answers from the player's position: the wrong digit first."""
    shadow(page, 0, "embed-hint").click()
    page.wait_for_function(
        "() => /digits is wrong/.test(document.querySelector('sudoku-grader').shadowRoot"
        ".querySelector('[data-testid=embed-status]').textContent)", timeout=BOOT_TIMEOUT_MS)
    assert shadow(page, 0, "embed-status").inner_text().startswith("One of your digits is wrong.")
    shadow(page, 0, "embed-hint").click()
    assert shadow(page, 0, "embed-status").inner_text().startswith("Look at ")
