"""The 6x6 grid (boxes of 2 rows by 3 columns) in the browser, end to end against the session's ``dist/``:
a 6x6 link opens a 6x6 grid, a 6x6 puzzle is typed, pasted as a grid, rated (SudokuWiki's number,
"9x9 only" text for the other scales) and stepped through, solved by hints alone, and drawn, rated
and played in the ``<sudoku-grader>`` element. Every request to another host is aborted and counted.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_support import (
    ROOT,
    WORK_TIMEOUT_MS,
    Timer,
    app_page,
    fmt,
    overlay,
    serve,
    shot,
    wait_ready,
)
from sudoku_grader import api

pytestmark = pytest.mark.browser

pytest.importorskip("playwright.sync_api", reason="the test extra installs playwright")

# 11 givens, unique (made for this test by a brute-force count of its solutions; the package agrees)
P6 = "3.42.....3.......2.45.........612..4"
# from tests/data/six-corpus.txt: its path needs an X-Wing, a 2-String Kite, W- and WXYZ-Wings, pairs
HARD6 = ".....65..1.......4.4..2.1.....45.3.."
LABELS_JS = "() => [...document.querySelectorAll('#grid .sg-cell')].map(e => e.getAttribute('aria-label'))"



EMBED_PAGE = f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>6x6</title></head>
<body><script type="module" src="web/embed.js"></script>
<sudoku-grader puzzle="{P6}"></sudoku-grader>
<sudoku-grader src="post/puzzle-01.json"></sudoku-grader></body></html>"""


@pytest.fixture(scope="module")
def site(shared_dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app, and a page with two elements: one with only the puzzle (rated on request), one drawn
    from the JSON the command line's ``embed`` wrote for it."""
    dist = overlay(shared_dist, tmp_path_factory.mktemp("six") / "site")
    (dist / "six.txt").write_text(P6 + "\n")
    run = subprocess.run([sys.executable, "-m", "sudoku_grader", "embed", "-f", str(dist / "six.txt"),
                          "-o", str(dist / "post"), "--base", "/"],
                         env={"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin"},
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    (dist / "six-embed.html").write_text(EMBED_PAGE)
    base, server = serve(dist)
    yield base
    server.shutdown()


@pytest.fixture(scope="module")
def page(site: str) -> Iterator[Any]:
    with app_page(site + "#" + P6) as pg:
        yield pg


def by_id(page: Any, tid: str) -> Any:
    return page.locator(f'[data-testid="{tid}"]')


def solution(puzzle: str = P6) -> str:
    out = api.solve(puzzle)
    assert out["status"] == "unique" and out["size"] == 6
    return out["solution"]


def cell_of(c: int) -> str:
    return f"r{c // 6 + 1}c{c % 6 + 1}"


def grid_line(page: Any) -> str:
    return page.evaluate(
        "() => [...document.querySelectorAll('#grid .sg-cell')].map(c => c.classList.contains('given') ?"
        " c.querySelector('.sg-value').textContent : '.').join('')"
    )


def open_link(page: Any, site: str, code: str) -> None:
    """Follow a link to the app; on the app already, only the hash changes (as when a person follows one)."""
    if page.url.split("#")[0] == site:
        page.evaluate("c => { location.hash = c; }", code)
    else:
        page.goto(site + "#" + code)
    wait_ready(page)
    puzzle = code.split(":")[1] if code.startswith("solve:") else code
    page.wait_for_function("p => window.sudokuGrader.state.game.puzzle() === p", arg=puzzle)


def test_a_6x6_link_opens_a_6x6_grid(page: Any, site: str) -> None:
    open_link(page, site, P6)
    page.wait_for_selector('[data-testid="validity"].good')
    grid = page.locator("#grid")
    assert grid.get_attribute("data-size") == "6"
    assert page.locator("#grid .sg-cell").count() == 36
    assert page.locator("#grid .sg-row").count() == 6
    assert grid_line(page) == P6
    assert page.locator("#grid .sg-overlay").get_attribute("viewBox") == "0 0 600 600"
    # box lines: vertical thick lines at columns 0, 3, 6; horizontal ones at rows 0, 2, 4, 6
    thick = page.evaluate(
        "() => [...document.querySelectorAll('#grid .sg-thick')].map(l => l.getAttribute('x1') ==="
        " l.getAttribute('x2') ? 'x' + l.getAttribute('x1') : 'y' + l.getAttribute('y1')).sort()")
    assert thick == sorted(["x0", "x300", "x600", "y0", "y200", "y400", "y600"])
    # the cells are square and the grid is as wide as before
    box = page.locator('[data-testid="cell-r1c1"]').bounding_box()
    assert abs(box["width"] - box["height"]) < 2
    pad = page.locator(".numpad button[data-digit]")
    assert pad.all_inner_texts() == ["1", "2", "3", "4", "5", "6", "⌫"]
    assert "Valid: exactly one solution (11 givens)" in by_id(page, "validity").inner_text()
    shot(page, "six-01-link")


def test_type_and_paste_a_6x6_puzzle(page: Any, site: str) -> None:
    open_link(page, site, P6)
    by_id(page, "clear").click()
    page.wait_for_function("document.querySelectorAll('#grid .sg-cell.given').length === 0")
    assert page.locator("#grid .sg-cell").count() == 36, "Clear keeps the grid's size"
    by_id(page, "grid-size").select_option("9")
    page.wait_for_function("document.querySelectorAll('#grid .sg-cell').length === 81")
    by_id(page, "grid-size").select_option("6")
    page.wait_for_function("document.querySelectorAll('#grid .sg-cell').length === 36")
    by_id(page, "cell-r1c1").click()
    page.keyboard.press("7")  # no 7 on a 6x6 grid: nothing is entered, the cell stays selected
    assert grid_line(page) == "." * 36
    for ch in P6:
        page.keyboard.press(ch)
    assert grid_line(page) == P6
    # the arrows wrap around the 6x6 grid
    by_id(page, "cell-r1c6").click()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowUp")
    assert page.evaluate("window.sudokuGrader.state.selected") == 30  # r6c1
    page.wait_for_function("p => location.hash === '#' + p", arg=P6)
    page.wait_for_selector('[data-testid="validity"].good')
    # a 6x6 grid as pasted from a page goes through the Python parser
    pasted = "\n".join(" ".join(P6[r * 6 + k] for k in range(6)) for r in range(6))
    by_id(page, "clear").click()
    page.locator("#load-box summary").click()
    by_id(page, "paste-input").fill(pasted)
    by_id(page, "load").click()
    page.wait_for_function("p => window.sudokuGrader.state.game.puzzle() === p", arg=P6)
    assert grid_line(page) == P6
    # a 9x9 link after it draws 81 cells again
    nine = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    page.evaluate("p => { location.hash = p; }", nine)
    page.wait_for_function("document.querySelectorAll('#grid .sg-cell').length === 81")
    assert page.locator(".numpad button[data-digit]").count() == 10
    # the 6x6 example from the menu
    by_id(page, "examples").select_option(label="6x6, 11 givens")
    page.wait_for_function("p => window.sudokuGrader.state.game.puzzle() === p", arg=P6)
    assert page.locator("#grid .sg-cell").count() == 36
    shot(page, "six-02-typed-and-pasted")


@pytest.mark.parametrize("puzzle", [P6, HARD6], ids=["singles", "x-wing-and-wings"])
def test_rate_and_step_through_a_6x6_puzzle(page: Any, site: str, puzzle: str) -> None:
    open_link(page, site, puzzle)
    page.wait_for_selector('[data-testid="validity"].good')
    timer = Timer()
    by_id(page, "analyze").click()
    page.wait_for_selector('[data-testid="step-1"]', timeout=WORK_TIMEOUT_MS)
    wait_ready(page, WORK_TIMEOUT_MS)
    print(f"\n6x6 rated and explained in {timer.seconds():.2f} s")
    rate = api.rate(puzzle)
    assert rate["size"] == 6
    shown = 0
    for scale, value in rate["ratings"].items():
        head = by_id(page, f"rating-{scale}").inner_text()
        if "unsupported" in value:
            assert head == value["unsupported"], scale
            assert not head.replace(".", "").isdigit(), f"{scale} shows a number on 6x6"
        else:
            assert head == fmt(value["score"]), scale
            shown += 1
    assert shown >= 1, "no scale rated the 6x6 puzzle"
    assert by_id(page, "rating-sudokuwiki").inner_text() == fmt(rate["ratings"]["sudokuwiki"]["score"])
    assert not by_id(page, "error").is_visible()
    steps = api.explain(puzzle)["steps"]
    assert page.locator('[data-testid="steps"] li').count() == len(steps)
    sol = solution(puzzle)
    drawn = set()
    for k, step in enumerate(steps, start=1):
        by_id(page, "step-next").click()
        assert by_id(page, "step-current").inner_text() == f"Step {k} of {len(steps)}: {step['name']}"
        assert by_id(page, "step-text").inner_text() == step["text"]
        for p in step["placements"]:
            cand = by_id(page, f"cell-{p['cell']}").locator(f'.sg-cand[data-d="{p["digit"]}"]')
            assert "place" in (cand.get_attribute("class") or ""), f"step {k}: {p} is not drawn"
            c = (int(p["cell"][1]) - 1) * 6 + int(p["cell"][3]) - 1
            assert sol[c] == str(p["digit"])
        for e in step["eliminations"]:
            cand = by_id(page, f"cell-{e['cell']}").locator(f'.sg-cand[data-d="{e["digit"]}"]')
            assert "elim" in (cand.get_attribute("class") or ""), f"step {k}: {e} is not struck"
        # chain links: one arrow each on the 6x6 overlay
        assert page.locator("#grid .sg-link").count() == len(step.get("links", []))
        if step["technique"] not in drawn:
            drawn.add(step["technique"])
            shot(page, f"six-03-step-{k}-{step['technique']}")
    by_id(page, "step-next").click()
    assert by_id(page, "step-current").inner_text() == "Solved"
    assert page.locator("#grid .sg-cell").count() == 36


@pytest.mark.parametrize("puzzle", [P6, HARD6], ids=["singles", "x-wing-and-wings"])
def test_solve_a_6x6_puzzle_by_hints(page: Any, site: str, puzzle: str) -> None:
    sol = solution(puzzle)
    page.evaluate("p => localStorage.removeItem('sudoku-grader-game:' + p)", puzzle)
    open_link(page, site, "solve:" + puzzle)
    page.wait_for_selector('[data-testid="mode-solve"][aria-pressed="true"]')
    by_id(page, "fill-candidates").click()
    assert by_id(page, "cell-r1c2").get_attribute("aria-label").startswith("row 1, column 2: empty, centre marks ")
    applied = 0
    waits: list[float] = []
    names: set[str] = set()
    timer = Timer()
    while page.evaluate("document.body.dataset.state") != "solved":
        assert applied < 60, "too many steps"
        by_id(page, "hint").click()
        by_id(page, "hint-1").wait_for(timeout=WORK_TIMEOUT_MS)
        while by_id(page, "hint-more").is_visible():
            by_id(page, "hint-more").click()
        ladder = page.evaluate("window.sudokuGrader.state.hint.ladder")
        waits.append(page.evaluate("window.sudokuGrader.state.hint.ms") / 1000)
        assert ladder["kind"] == "step", ladder["rungs"][0]["text"]
        step = ladder["step"]
        names.add(step["name"])
        for p in step.get("placements", []):
            c = (int(p["cell"][1]) - 1) * 6 + int(p["cell"][3]) - 1
            assert sol[c] == str(p["digit"]), f"{step['name']} places a wrong digit"
        for e in step.get("eliminations", []):
            c = (int(e["cell"][1]) - 1) * 6 + int(e["cell"][3]) - 1
            assert sol[c] != str(e["digit"]), f"{step['name']} removes the solution's digit"
        by_id(page, "hint-apply").click()
        applied += 1
        page.wait_for_function("() => !window.sudokuGrader.state.hint")
        page.wait_for_selector("body[data-state=ready], body[data-state=solved]", timeout=WORK_TIMEOUT_MS)
    waits.sort()
    print(f"\n6x6 {puzzle}: {applied} hints applied in {timer.seconds():.1f} s; a hint took "
          f"{statistics.median(waits):.3f} s (median), {waits[-1]:.3f} s (max) in Pyodide; {sorted(names)}")
    by_id(page, "solved").wait_for()
    values = page.evaluate("() => window.sudokuGrader.state.game.values().join('')")
    assert values == sol
    # the sentence names the one headline scale of the catalogue that rates 6x6, with its grade
    page.wait_for_function(
        "() => /^Solved in .* You solved an /.test(document.querySelector('[data-testid=solved]').textContent)",
        timeout=WORK_TIMEOUT_MS)
    grade = api.rate(puzzle)["ratings"]["sudokuwiki"]["grade"]
    assert f". You solved an SudokuWiki {grade} puzzle" in by_id(page, "solved").inner_text()
    # Undo takes the last hint's move back; the game is saved as 36 cells
    by_id(page, "undo").click()
    assert page.evaluate("() => window.sudokuGrader.state.game.values().filter(Boolean).length") < 36
    saved = page.evaluate("p => JSON.parse(localStorage.getItem('sudoku-grader-game:' + p))", puzzle)
    assert saved["givens"] == puzzle and len(saved["placed"]) == 36 and len(saved["marks"]) == 72
    # Export: a 6x6 pencilmark grid (6 rows, a rule every 2); no HoDoKu line (its format is 9x9 only)
    page.locator("#export-box summary").click()
    page.wait_for_function("() => document.querySelector('#export-pencilmark').value !== ''")
    pencilmark = by_id(page, "export-pencilmark").input_value()
    assert len(pencilmark.splitlines()) == 8
    assert not by_id(page, "export-library").is_visible()
    shot(page, f"six-04-solved-by-{applied}-hints")
    by_id(page, "export-box").locator("summary").click()  # closed again for the next test


def test_the_element_draws_rates_and_plays_a_6x6_puzzle(page: Any, site: str) -> None:
    page.goto(site + "six-embed.html")
    el = page.locator("sudoku-grader").first
    page.wait_for_function(
        "() => [...document.querySelectorAll('sudoku-grader')].every(e => e.hasAttribute('data-drawn'))")
    assert el.locator(".sg-cell").count() == 36
    assert el.locator('[data-testid="cell-r1c1"] .sg-value').inner_text() == "3"
    href = el.locator('[data-testid="embed-solve"]').get_attribute("href")
    assert href.endswith(f"#solve:{P6}")
    el.locator('[data-testid="embed-rate"]').click()
    el.locator('[data-testid="embed-step"]').filter(has_text="Start").wait_for(timeout=120_000)
    rate = api.rate(P6)
    assert el.locator('[data-testid="rating-sudokuwiki"]').inner_text() == fmt(rate["ratings"]["sudokuwiki"]["score"])
    for scale, value in rate["ratings"].items():
        if "unsupported" in value:
            assert el.locator(f'[data-testid="rating-{scale}"]').inner_text() == value["unsupported"]
    el.locator('[data-testid="embed-next"]').click()
    assert el.locator('[data-testid="embed-step"]').inner_text().startswith("Step 1 of ")
    # Solve here: digits 1-6 on the 6x6 grid, checked against the path's solution
    sol = solution()
    el.locator('[data-testid="embed-play"]').click()
    el.locator('[data-testid="embed-notes"]').wait_for()  # the game is ready (its code loads on the click)
    free = P6.index(".")
    el.locator(f'[data-testid="cell-{cell_of(free)}"]').click()
    page.keyboard.press("7")
    assert el.locator(f'[data-testid="cell-{cell_of(free)}"] .sg-value').inner_text() == ""
    page.keyboard.press(sol[free])
    assert el.locator(f'[data-testid="cell-{cell_of(free)}"] .sg-value').inner_text() == sol[free]
    el.locator('[data-testid="embed-check"]').click()
    assert "No mistakes so far" in el.locator('[data-testid="embed-status"]').inner_text()
    # drawn from the CLI's JSON: 36 cells, "9x9 only" on the scales that rate 9x9 only, its steps
    js = page.locator("sudoku-grader").nth(1)
    assert js.locator(".sg-cell").count() == 36
    assert js.locator('[data-testid="rating-se"]').inner_text() == rate["ratings"]["se"]["unsupported"]
    steps = api.explain(P6)["steps"]
    assert js.locator('[data-testid="embed-step"]').inner_text() == f"Start ({len(steps)} steps)"
    js.locator('[data-testid="embed-next"]').click()
    first = steps[0]["placements"][0]
    cand = js.locator(f'[data-testid="cell-{first["cell"]}"] .sg-cand[data-d="{first["digit"]}"]')
    assert "place" in (cand.get_attribute("class") or "")
    shot(page, "six-05-element")


def test_settings_say_which_techniques_run_on_9x9_only(page: Any, site: str) -> None:
    from sudoku_grader import worker_api

    open_link(page, site, P6)
    page.locator("#settings summary").click()
    nine_only = [t for t in worker_api.catalogue() if t["sizes"] == [9]]
    both = [t for t in worker_api.catalogue() if 6 in t["sizes"]]
    assert nine_only and both
    assert by_id(page, f"tech-sizes-{nine_only[0]['id']}").inner_text().strip() == "(9x9 only)"
    assert by_id(page, f"tech-sizes-{both[0]['id']}").count() == 0


def test_generate_offers_the_scales_that_rate_6x6(page: Any, site: str) -> None:
    from sudoku_grader import worker_api

    open_link(page, site, P6)
    page.locator("#generate-box summary").click()
    page.wait_for_function("document.querySelector('[data-testid=gen-scale]').value === 'level:medium'")
    by_id(page, "gen-size").select_option("6")
    assert by_id(page, "gen-scale").input_value() == "level:six"  # the New game level of this size
    disabled = page.evaluate("() => [...document.querySelectorAll('#gen-scale option:disabled')].map(o => o.value)")
    nine_only = {s["id"] for s in worker_api.scales() if 6 not in s["sizes"]}
    offered = set(page.evaluate("() => [...document.querySelectorAll('#gen-scale option')].map(o => o.value)"))
    assert set(disabled) == nine_only & offered
    assert "sudokuwiki" not in disabled
    by_id(page, "gen-size").select_option("9")
    assert page.evaluate("() => document.querySelectorAll('#gen-scale option:disabled').length") == 0
    # a 6x6 puzzle aimed at a SudokuWiki grade: the same puzzle as the package's for the same seed
    by_id(page, "gen-size").select_option("6")
    by_id(page, "gen-scale").select_option("sudokuwiki")
    by_id(page, "gen-level").select_option("hard")
    by_id(page, "gen-seed").fill("7")
    by_id(page, "gen-solve").uncheck()  # to analyse (Solve is the default)
    timer = Timer()
    by_id(page, "generate").click()
    page.wait_for_function("() => /^New puzzle/.test(document.querySelector('[data-testid=gen-status]').textContent)",
                           timeout=WORK_TIMEOUT_MS)
    expected = api.generate(size=6, seed=7, scale="sudokuwiki", level="hard", symmetry="none", minimal=False)
    assert expected["status"] == "unique" and expected["size"] == 6
    page.wait_for_function("p => window.sudokuGrader.state.game.puzzle() === p", arg=expected["puzzle"])
    print(f"\n6x6 generated in the page in {timer.seconds():.2f} s: {by_id(page, 'gen-status').inner_text()}")
    assert page.locator("#grid .sg-cell").count() == 36
    assert f"seed 7, {expected['rating']['grade']}," in by_id(page, "gen-status").inner_text()  # the grade aimed at
    # no complaint (an option the engine ignored would be one): the message is the generator's line
    assert page.evaluate("window.sudokuGrader.state.message") == {
        "kind": "notice", "text": by_id(page, "gen-status").inner_text()}
    shot(page, "six-06-generated")


def test_marks_check_and_reload_on_6x6(page: Any, site: str) -> None:
    sol = solution()
    page.evaluate("p => localStorage.removeItem('sudoku-grader-game:' + p)", P6)
    open_link(page, site, "solve:" + P6)
    page.wait_for_selector('[data-testid="mode-solve"][aria-pressed="true"]')
    empty = [c for c in range(36) if P6[c] == "."]
    marked, wrong = empty[0], empty[1]
    by_id(page, f"cell-{cell_of(marked)}").click()
    page.keyboard.press("n")
    for d in "127":  # 7 is no digit of a 6x6 grid
        page.keyboard.press(d)
    assert by_id(page, f"cell-{cell_of(marked)}").get_attribute("aria-label").endswith("marks 1 2")
    page.keyboard.press("n")
    wrong_digit = next(d for d in "123456" if d != sol[wrong])
    by_id(page, f"cell-{cell_of(wrong)}").click()
    page.keyboard.press(wrong_digit)
    by_id(page, "check").click()
    flagged = page.evaluate(
        "() => [...document.querySelectorAll('#grid [data-mistake=digit]')].map(e => e.dataset.testid)")
    assert flagged == [f"cell-{cell_of(wrong)}"]
    marks_flag = by_id(page, f"cell-{cell_of(marked)}").get_attribute("data-mistake")
    assert (marks_flag == "marks") == (sol[marked] not in "12")
    labels = page.evaluate(LABELS_JS)
    page.reload()
    wait_ready(page)
    page.wait_for_selector('[data-testid="mode-solve"][aria-pressed="true"]')
    page.wait_for_function("() => document.querySelector('#grid .sg-cell.placed') !== null")
    assert page.locator("#grid .sg-cell").count() == 36
    after = page.evaluate(LABELS_JS)
    assert [a.split(", wrong digit")[0].split(", its marks")[0] for a in labels] == after
    by_id(page, "undo").click()  # the history came back: the wrong digit goes
    assert by_id(page, f"cell-{cell_of(wrong)}").get_attribute("aria-label").endswith(": empty")
