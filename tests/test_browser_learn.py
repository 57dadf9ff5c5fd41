"""The Learn view and the coach in headless chromium against a fresh ``dist/`` (issue 31's proof).

Open ``#learn``, open X-Wing: a drill loads within 0.5 s; the eliminations of one answer are
right, a part of them partly, one more that no X-Wing makes wrong (and named); Show me marks
the eliminations by role; the record survives a reload; the weak-spots queue brings X-Wing back;
the coach names a hidden single. Screenshots at 1366x768 and 390x844 go to ``test-artifacts/``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from browser_support import ROOT, WORK_TIMEOUT_MS, guarded_page, shot, wait_ready
from sudoku_grader.board import Board
from sudoku_grader.solver import solve

pytestmark = pytest.mark.browser
sync_api = pytest.importorskip("playwright.sync_api", reason="the test extra installs playwright")

POOL = json.loads((ROOT / "drills" / "x-wing.json").read_text())["drills"]
P = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def wide_drill() -> tuple[int, dict[str, Any], tuple[str, int]]:
    """An X-Wing drill (1-based) whose first answer removes two or more candidates, and a candidate
    there that no X-Wing removes and that is not the cell's digit."""
    for n, d in enumerate(POOL, 1):
        if len(d["answers"][0]["eliminations"]) < 2:
            continue
        solution = solve(Board.from_string(d["givens"])).solutions[0]
        removed = {(e["cell"], e["digit"]) for a in d["answers"] for e in a["eliminations"]}
        for c in range(81):
            name = f"r{c // 9 + 1}c{c % 9 + 1}"
            for k in d["candidates"][c]:
                if k != solution[c] and (name, k) not in removed:
                    return n, d, (name, k)
    raise AssertionError("no X-Wing drill with two eliminations in the pool")


@pytest.fixture(scope="module")
def page(browser: Any, site: str) -> Iterator[Any]:
    with guarded_page(browser, viewport={"width": 1366, "height": 768}) as pg:
        pg.goto(site + "#learn")
        wait_ready(pg)
        yield pg


def by_id(page: Any, tid: str) -> Any:
    return page.locator(f'[data-testid="{tid}"]')


def open_drill(page: Any, n: int) -> None:
    """Follow the drill's link afresh (by way of the list, so the same link opens again)."""
    page.evaluate("() => { location.hash = '#learn'; }")
    page.wait_for_function("!document.querySelector('[data-testid=drill-title]')?.offsetParent")
    page.evaluate("h => { location.hash = h; }", f"#learn:x-wing:{n}")
    page.wait_for_function("t => document.querySelector('[data-testid=drill-title]').textContent.startsWith(t)",
                           arg=f"Drill {n} of")


def pick(page: Any, effects: list[dict[str, Any]]) -> None:
    for e in effects:
        by_id(page, "drill").locator(f'[data-testid="cand-{e["cell"]}-{e["digit"]}"]').click()


def check(page: Any) -> Any:
    result = by_id(page, "drill-result")
    by_id(page, "drill-check").click()
    page.wait_for_selector('[data-testid="drill-result"][data-verdict]', timeout=WORK_TIMEOUT_MS)
    return result


#: Techniques opened one after another for the load time: each file is fetched on its first open.
TIMED = ("x-wing", "swordfish", "skyscraper", "xy-wing", "w-wing")

#: Timed in the page, from the click on a technique's entry to its drill drawn (Playwright's own
#: round trips left out): the observer waits for the technique's name in the drill's title.
TIME_OPEN_JS = """name => {
    window.__learnT = {};
    const clicked = () => { window.__learnT.click = performance.now(); };
    document.addEventListener("click", clicked, { capture: true, once: true });
    const title = document.querySelector('[data-testid=drill-title]');
    new MutationObserver((_, obs) => {
        if (title.textContent.endsWith(': ' + name)) { window.__learnT.drawn = performance.now(); obs.disconnect(); }
    }).observe(title, { childList: true, characterData: true, subtree: true });
}"""


def timed_open(page: Any, tid: str) -> float:
    """Seconds from the click on ``tid``'s entry in the list to its first drill drawn."""
    name = next(e["name"] for e in json.loads((ROOT / "drills" / "index.json").read_text())["techniques"]
                if e["technique"] == tid)
    page.evaluate("() => { location.hash = '#learn'; }")
    entry = by_id(page, f"learn-{tid}")
    entry.wait_for(state="visible", timeout=WORK_TIMEOUT_MS)  # the list comes from the worker's catalogue
    page.evaluate(TIME_OPEN_JS, name)
    entry.click()
    page.wait_for_function("window.__learnT.drawn !== undefined")
    return float(page.evaluate("(window.__learnT.drawn - window.__learnT.click) / 1000"))


@pytest.mark.timing
def test_open_x_wing_and_its_drill_loads_fast(page: Any) -> None:
    by_id(page, "learn").wait_for(state="visible")
    by_id(page, "learn-x-wing").wait_for(timeout=WORK_TIMEOUT_MS)
    assert by_id(page, "learn-hidden-single").count() == 1
    # The median over five techniques, each opened for the first time (its file fetched then),
    # so one slow open on a loaded machine does not decide; a real regression moves the median.
    seconds = [timed_open(page, tid) for tid in TIMED]
    median = sorted(seconds)[len(seconds) // 2]
    print(f"\nfirst drill drawn after the click: {', '.join(f'{t} {s:.3f} s' for t, s in zip(TIMED, seconds))}; "
          f"median {median:.3f} s")
    assert median < 0.5, seconds
    assert max(seconds) < 2.0, seconds
    timed_open(page, "x-wing")  # back to X-Wing (its pool now in memory) for the checks below
    assert by_id(page, "drill").locator('[data-testid^="cand-r"]').count() == 81 * 9
    assert page.evaluate("location.hash").startswith("#learn:x-wing:")
    assert "rows" in by_id(page, "learn-lesson").inner_text()
    assert by_id(page, "learn-examples").locator('button[aria-label^="Example"]').count() == 3
    by_id(page, "example-next").click()
    by_id(page, "example-next").click()
    assert "Stage 3 of 3" in by_id(page, "example-text").inner_text()
    shot(page, "learn-01-x-wing-1366")


def test_a_first_learn_visit_keeps_the_whole_pool_offline(page: Any) -> None:
    """After Learn's first visit the service worker's cache holds every drill file, not only the
    ones opened (so Learn works offline)."""
    files = ["index.json", *(e["file"] for e in json.loads((ROOT / "drills" / "index.json").read_text())["techniques"])]
    page.wait_for_function("""async (files) => {
        const held = new Set();
        for (const key of await caches.keys()) {
            for (const r of await (await caches.open(key)).keys()) held.add(new URL(r.url).pathname);
        }
        return files.every((f) => [...held].some((p) => p.endsWith('/drills/' + f)));
    }""", arg=files, timeout=WORK_TIMEOUT_MS, polling=250)


def test_a_lesson_without_drills_shows_three_worked_examples(page: Any) -> None:
    """A technique the paths never chose (as UR type 1: the unique loop comes first) still has three
    worked examples, from the positions its pool file keeps beside the drills."""
    index = json.loads((ROOT / "drills" / "index.json").read_text())["techniques"]
    tid = next(e["technique"] for e in index if e["count"] == 0 and e.get("examples") == 3)
    page.evaluate("h => { location.hash = h; }", f"#learn:{tid}")
    tabs = by_id(page, "learn-examples").locator('button[aria-label^="Example"]')
    page.wait_for_function("() => document.querySelectorAll('[data-testid=learn-examples] button[aria-label^=Example]')"
                           ".length === 3")
    assert tabs.count() == 3
    assert "No drills of this technique yet" in by_id(page, "learn-record").inner_text()
    assert by_id(page, f"learn-{tid}").inner_text().endswith("examples")  # the list says so, not "lesson only"
    by_id(page, "example-next").click()
    by_id(page, "example-next").click()
    assert "Stage 3 of 3" in by_id(page, "example-text").inner_text()
    assert by_id(page, "example-note").is_hidden()
    shot(page, "learn-04-examples-only")


def fulfil_with(body: str) -> Any:
    """A route handler answering with ``body`` as JSON (one argument: Playwright passes the request
    too to a handler that takes two)."""
    return lambda route: route.fulfill(status=200, content_type="application/json", body=body)


def test_a_lesson_with_fewer_than_three_worked_examples_says_so(browser: Any, site: str) -> None:
    """Every lesson of the shipped pool has three worked examples; one whose pool file holds fewer
    (here served trimmed to two, then none) says so instead of pretending."""
    index = json.loads((ROOT / "drills" / "index.json").read_text())["techniques"]
    entry = next(e for e in index if e["count"] == 0 and e.get("examples") == 3)
    data = json.loads((ROOT / "drills" / entry["file"]).read_text())
    for keep, words in ((2, "Only 2 worked examples"), (0, "No worked example yet")):
        body = json.dumps({**data, "examples": data["examples"][:keep]})
        with guarded_page(browser, viewport={"width": 1366, "height": 768}, service_workers="block") as pg:
            pg.route(f"**/drills/{entry['file']}", fulfil_with(body))
            pg.goto(f"{site}#learn:{entry['technique']}")
            wait_ready(pg)
            note = by_id(pg, "example-note")
            note.wait_for(state="visible", timeout=WORK_TIMEOUT_MS)
            assert words in note.inner_text()
            assert by_id(pg, "learn-examples").locator('button[aria-label^="Example"]').count() == keep
            shot(pg, f"learn-05-{keep}-examples")


def test_right_partly_wrong_and_show_me(page: Any) -> None:
    n, d, (bad_cell, bad_digit) = wide_drill()
    elims = d["answers"][0]["eliminations"]
    open_drill(page, n)
    pick(page, elims)
    assert check(page).get_attribute("data-verdict") == "right"
    shot(page, "learn-02-right")

    open_drill(page, n)  # by the keyboard: arrows to the cell, then its digit
    first = elims[0]
    row, col = int(first["cell"][1]), int(first["cell"][3])
    by_id(page, "drill").focus()
    page.keyboard.press("ArrowRight")  # from nowhere to r1c1
    page.keyboard.press("ArrowLeft")
    for _ in range(row - 1):
        page.keyboard.press("ArrowDown")
    for _ in range(col - 1):
        page.keyboard.press("ArrowRight")
    page.keyboard.press(str(first["digit"]))
    result = check(page)
    assert result.get_attribute("data-verdict") == "partly"
    assert "from the same pattern" in result.inner_text()

    open_drill(page, n)
    pick(page, [*elims, {"cell": bad_cell, "digit": bad_digit}])
    result = check(page)
    assert result.get_attribute("data-verdict") == "wrong"
    assert f"{bad_cell}<>{bad_digit} does not follow from an X-Wing here" in result.inner_text()
    by_id(page, "drill-show").click()
    marked = by_id(page, "drill").locator('[data-role="elimination"]')
    marked.first.wait_for()
    shown = sorted(marked.evaluate_all("els => els.map(e => e.dataset.testid)"))
    assert len(shown) >= len(elims)
    assert all(f"cand-{e['cell']}-{e['digit']}" in shown for e in elims) or len(d["answers"]) > 1
    shot(page, "learn-03-show-me")


def test_progress_survives_a_reload_and_weak_spots_bring_it_back(page: Any, site: str) -> None:
    before = page.evaluate("JSON.parse(localStorage.getItem('sudoku-grader-learn')).progress['x-wing']")
    assert before["done"] >= 2 and before["tried"] >= 3
    page.reload()
    wait_ready(page)
    by_id(page, "learn-x-wing").click()
    record = by_id(page, "learn-record")
    page.wait_for_function("document.querySelector('[data-testid=learn-record]').textContent.includes('done')")
    assert f"{before['done']} done" in record.inner_text()
    page.evaluate("location.hash = '#learn'")
    by_id(page, "learn-weak").click()
    page.wait_for_function("location.hash.startsWith('#learn:x-wing:')")
    assert "weak spots" in by_id(page, "drill-title").inner_text()
    by_id(page, "learn-back").click()  # back to the grid: the view goes, the app is there
    by_id(page, "learn").wait_for(state="hidden")
    assert page.locator("#grid-panel").is_visible()


def test_print_a_drill_sheet(page: Any) -> None:
    open_drill(page, 1)
    with page.context.expect_page() as popup:
        by_id(page, "learn-sheet").click()
    sheet = popup.value
    sheet.wait_for_load_state()
    assert sheet.locator("figure").count() == min(12, len(POOL))
    assert "Answers" in sheet.locator("h2").inner_text()
    sheet.close()


def test_phone_layout(browser: Any, site: str) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    pg = ctx.new_page()
    pg.goto(site + "#learn:x-wing:2")
    pg.wait_for_function("document.querySelector('[data-testid=drill-title]')?.textContent.startsWith('Drill 2')",
                         timeout=WORK_TIMEOUT_MS)
    assert pg.evaluate("document.documentElement.scrollWidth") <= 390
    small = pg.evaluate("""() => [...document.querySelectorAll('#learn button, #learn a')]
        .filter(e => e.offsetParent).map(e => e.getBoundingClientRect())
        .filter(r => r.height < 44 || r.width < 44).length""")
    assert small == 0
    # on a phone: tap a cell, then its candidate's large button
    d = POOL[1]
    e = d["answers"][0]["eliminations"][0]
    pg.locator(f'[data-testid="drill"] [data-testid="cell-{e["cell"]}"]').tap()
    pg.locator(f'[data-testid="drill-pad"] button[data-d="{e["digit"]}"]').tap()
    assert f"{e['cell']}<>{e['digit']}" in pg.locator('[data-testid="drill-picked"]').inner_text()
    assert pg.locator(f'[data-testid="cand-{e["cell"]}-{e["digit"]}"]').get_attribute("class").count("picked-elim")
    shot(pg, "learn-04-phone-390")
    ctx.close()


def test_coach_names_a_hidden_single(page: Any, site: str) -> None:
    page.goto(site + "#solve:" + P)
    wait_ready(page)
    page.locator("#settings summary").click()
    by_id(page, "setting-coach").check()
    page.locator('#grid-panel [data-testid="cell-r9c3"]').click()
    page.keyboard.press("7")
    coach = by_id(page, "coach")
    page.wait_for_function("document.querySelector('[data-testid=coach]').textContent.includes('Hidden Single')",
                           timeout=WORK_TIMEOUT_MS)
    assert coach.is_visible()
    assert "box 7" in coach.inner_text()
    shot(page, "learn-05-coach")
    by_id(page, "undo").click()  # undo is not a move to judge: the line goes
    page.wait_for_function("document.querySelector('[data-testid=coach]').hidden")
