"""End-to-end tests of the browser app in headless chromium against the session's ``dist/`` on 127.0.0.1.

One page is shared by the tests of this module (booting Pyodide costs seconds); each test puts
the page in the state it needs. Every request to a host other than 127.0.0.1 is aborted and
counted: the app must never need one. Screenshots of each stage go to ``test-artifacts/``.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_support import (
    ROOT,
    WORK_TIMEOUT_MS,
    Timer,
    block_other_hosts,
    cli_json,
    fmt,
    rating_fields,
    serve,
    shot,
    wait_ready,
)

pytestmark = pytest.mark.browser

sync_api = pytest.importorskip("playwright.sync_api", reason="the test extra installs playwright")

EASY = "...5.6.1..5..2......8..32.91..4......7..9...15.9..7..2..5...78.8.....4....3.48..."
TOUGH = "3.5...94....4.....6....9.7...7136..8.........1..7826...5.2....3.....7....32...8.7"
MULTI = ".....6.1..5..2......8..32.91..4......7..9...15.9..7..2..5...78.8.....4....3.48..."  # EASY less one given
BLOCKED: list[str] = []


@pytest.fixture(scope="module")
def context(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    block_other_hosts(ctx, BLOCKED)
    yield ctx
    ctx.close()


@pytest.fixture(scope="module")
def page(context: Any, site: str) -> Iterator[Any]:
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    timer = Timer()
    pg.goto(site)
    wait_ready(pg)
    print(f"\nworker ready after {timer.seconds():.1f} s (first visit)")
    shot(pg, "app-01-ready")
    yield pg
    assert not errors, f"uncaught errors in the page: {errors}"
    assert not BLOCKED, f"the app asked for other hosts: {BLOCKED[:5]}"


def by_id(page: Any, tid: str) -> Any:
    return page.locator(f'[data-testid="{tid}"]')


def clear(page: Any) -> None:
    wait_ready(page)
    by_id(page, "clear").click()
    page.wait_for_function("document.querySelectorAll('.sg-cell.given').length === 0")


def load_hash(page: Any, site: str, puzzle: str) -> None:
    """Open a shared link; on the app already, only the hash changes (as when a person follows a link)."""
    if page.url.split("#")[0] == site:
        page.evaluate("p => { location.hash = p; }", puzzle)
        page.wait_for_function("p => window.sudokuGrader.state.game.puzzle() === p", arg=puzzle)
    else:
        page.goto(site + "#" + puzzle)
    wait_ready(page)


def analyzed(page: Any) -> None:
    """Wait until rating and explaining are done."""
    page.wait_for_selector('[data-testid="step-1"]', timeout=WORK_TIMEOUT_MS)
    wait_ready(page, WORK_TIMEOUT_MS)


def grid_line(page: Any) -> str:
    return page.evaluate(
        "() => [...document.querySelectorAll('#grid .sg-cell')].map(c => c.classList.contains('given') ?"
        " c.querySelector('.sg-value').textContent : '.').join('')"
    )


def test_type_a_puzzle_and_see_the_cli_ratings(page: Any) -> None:
    clear(page)
    by_id(page, "cell-r1c1").click()
    for ch in TOUGH:  # typing moves on to the next cell, so the whole line goes in at once
        page.keyboard.press(ch)
    assert grid_line(page) == TOUGH
    assert TOUGH in page.url, "the URL hash shares the puzzle"
    page.wait_for_selector('[data-testid="validity"].good')
    by_id(page, "analyze").click()
    # While the run goes the button is disabled (no second run queues behind this one): read both
    # at one instant, since a fast run may end between two separate looks.
    seen = page.evaluate("""() => new Promise((resolve) => {
        const look = () => ({ running: window.sudokuGrader.state.running || null,
                              disabled: document.querySelector('[data-testid="analyze"]').disabled });
        const t0 = performance.now();
        const poll = () => {
            const now = look();
            if (now.running || performance.now() - t0 > 30000) resolve({ ...now,
                puzzle: window.sudokuGrader.state.game.puzzle(), focus: document.activeElement?.id || null,
                analysis: Boolean(window.sudokuGrader.state.analysis) });
            else requestAnimationFrame(poll);
        };
        poll();
    })""")
    assert seen["running"] and seen["disabled"], f"Rate & explain did not start a disabled run: {seen}"
    analyzed(page)
    assert by_id(page, "analyze").is_enabled()
    shot(page, "app-02-rated")
    rate = cli_json("rate", TOUGH)
    explain = cli_json("explain", TOUGH)
    fields = list(rating_fields(rate))
    for tid, text in fields:
        assert by_id(page, tid).inner_text().strip() == text, tid
    if not fields:
        assert "no rating scale" in by_id(page, "ratings").inner_text()
    for scale in rate.get("ratings") or {}:
        assert by_id(page, f"rating-{scale}").count() == 1
    assert page.locator("#steps li").count() == len(explain["steps"])
    counts = by_id(page, "technique-counts").inner_text()
    for tech_count in rate["techniques"].values():
        assert f"×{tech_count}" in counts


def test_step_forward_and_back(page: Any, site: str) -> None:
    load_hash(page, site, TOUGH)
    analyzed(page)
    explain = cli_json("explain", TOUGH)
    by_id(page, "step-next").click()
    first = explain["steps"][0]
    assert by_id(page, "step-current").inner_text().startswith(f"Step 1 of {len(explain['steps'])}")
    assert by_id(page, "step-text").inner_text() == first["text"]
    if first["placements"]:
        p = first["placements"][0]
        cand = page.locator(f'[data-testid="cell-{p["cell"]}"] .sg-cand.place')
        assert cand.inner_text() == str(p["digit"])
    shot(page, "app-03-step-1")
    # A step with eliminations shows them struck.
    k = next(i for i, s in enumerate(explain["steps"]) if s["eliminations"])
    by_id(page, f"step-{k + 1}").locator("button").click()
    e = explain["steps"][k]["eliminations"][0]
    assert page.locator(f'[data-testid="cell-{e["cell"]}"] .sg-cand.elim').inner_text() == str(e["digit"])
    assert page.locator("#grid .sg-cand.elim").count() == len(explain["steps"][k]["eliminations"])
    shot(page, "app-04-step-eliminations")
    by_id(page, "step-prev").click()
    assert by_id(page, "step-current").inner_text().startswith(f"Step {k} of")
    page.keyboard.press("]")
    assert by_id(page, "step-current").inner_text().startswith(f"Step {k + 1} of")
    by_id(page, "step-last").click()
    assert by_id(page, "step-current").inner_text() in ("Solved", "Stuck")
    by_id(page, "step-first").click()
    assert "Start" in by_id(page, "step-current").inner_text()


def test_chain_links_are_drawn_as_arrows(page: Any) -> None:
    """A step with links draws one arrow per link: strong solid, weak dashed."""
    step = {
        "technique": "x-chain", "name": "X-Chain", "text": "test links",
        "placements": [], "eliminations": [{"cell": "r1c9", "digit": 1}],
        "highlights": [{"cell": "r1c1", "digit": 1, "role": "chain-on"}],
        "links": [
            {"from": ["r1c1"], "from_digit": 1, "to": ["r5c1"], "to_digit": 1, "strong": True},
            {"from": ["r5c1"], "from_digit": 1, "to": ["r5c9", "r6c9"], "to_digit": 1, "strong": False},
        ],
    }
    n = page.evaluate(
        """async step => { const {GridView} = await import('./web/grid-view.js');
        const {Position} = await import('./web/board.js');
        const el = document.createElement('div'); el.style.width = '400px'; document.body.appendChild(el);
        const g = new GridView(el); g.render(new Position(), {step});
        const out = [...el.querySelectorAll('.sg-link')].map(p => p.getAttribute('class'));
        el.remove(); return out; }""",
        step,
    )
    assert n == ["sg-link strong", "sg-link weak"]


def test_hint_ladder_then_apply(page: Any, site: str) -> None:
    load_hash(page, site, EASY)
    page.wait_for_selector('[data-testid="validity"].good')
    hint = cli_json("hint", EASY)["step"]
    for rung in range(1, 5):
        by_id(page, "hint").click()
        page.wait_for_selector(f'[data-testid="hint-{rung}"]')
    texts = [by_id(page, f"hint-{r}").inner_text() for r in range(1, 5)]
    assert texts[1].startswith(f"Use a {hint['name']} in ")
    assert texts[3] == hint["text"]
    assert len(set(texts)) == 4
    shot(page, "app-05-hint-ladder")
    by_id(page, "hint-apply").click()
    p = hint["placements"][0]
    cell = by_id(page, f"cell-{p['cell']}")
    assert cell.locator(".sg-value").inner_text() == str(p["digit"])
    shot(page, "app-06-hint-applied")


def test_invalid_and_multiple_solutions_are_said_plainly(page: Any, site: str) -> None:
    clear(page)
    by_id(page, "cell-r1c1").click()
    page.keyboard.press("5")  # r1c1, and on to r1c2
    page.keyboard.press("5")
    v = by_id(page, "validity")
    page.wait_for_selector('[data-testid="validity"].bad')
    assert "5 appears twice in row 1" in v.inner_text()
    assert "dup" in (by_id(page, "cell-r1c2").get_attribute("class") or "")
    shot(page, "app-07-duplicate")
    load_hash(page, site, MULTI)
    page.wait_for_selector('[data-testid="validity"].warn')
    assert "more than one solution" in v.inner_text()
    by_id(page, "show-solutions").click()
    by_id(page, "solution-2").click()
    solve = cli_json("solve", MULTI)
    differ = solve["differ"][0]
    assert "differ" in (by_id(page, f"cell-{differ}").get_attribute("class") or "")
    shot(page, "app-08-several-solutions")
    by_id(page, "analyze").click()
    assert "several" in by_id(page, "error").inner_text()
    # Unreadable text reaches the page as the parser's message, not a traceback.
    page.locator("#load-box summary").click()
    by_id(page, "paste-input").fill("this is not a sudoku")
    by_id(page, "load").click()
    err = by_id(page, "error")
    err.wait_for()
    assert "not a puzzle" in err.inner_text()
    assert "Traceback" not in page.content()


def grid_text(puzzle: str) -> str:
    rows = []
    for r in range(9):
        if r and r % 3 == 0:
            rows.append("------+-------+------")
        cells = [puzzle[r * 9 + k] for k in range(9)]
        rows.append(" | ".join(" ".join(cells[i:i + 3]) for i in (0, 3, 6)))
    return "\n".join(rows)


def pencilmark_text(puzzle: str) -> str:
    from sudoku_grader.api import load

    b = load(puzzle)
    cell = [str(b.values[c]) if b.values[c] else "".join(str(d) for d in range(1, 10) if b.cands[c] >> (d - 1) & 1)
            for c in range(81)]
    w = max(len(x) for x in cell)
    rows = []
    for r in range(9):
        if r and r % 3 == 0:
            rows.append("+".join(["-" * (3 * (w + 1) + 1)] * 3))
        rows.append(" | ".join(" ".join(x.ljust(w) for x in cell[r * 9 + i:r * 9 + i + 3]) for i in (0, 3, 6)))
    return "\n".join(rows)


FORMATS = {
    "line": lambda p: p,
    "line-zeros-label": lambda p: p.replace(".", "0") + "  # a label",
    "grid": grid_text,
    "pencilmarks": pencilmark_text,
}


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_paste_each_format(page: Any, fmt: str) -> None:
    """Pasting hands the text to the Python parser: what CPython reads, the page shows; else its message."""
    from sudoku_grader.api import load
    from sudoku_grader.errors import SudokuError

    text = FORMATS[fmt](EASY)
    clear(page)
    try:
        expected: str | None = load(text).to_string(".")
        message = ""
    except SudokuError as e:
        expected, message = None, str(e)
    page.evaluate(
        """text => { const dt = new DataTransfer(); dt.setData('text/plain', text);
        document.dispatchEvent(new ClipboardEvent('paste', {clipboardData: dt, bubbles: true})); }""",
        text,
    )
    if expected is not None:
        page.wait_for_function(
            "exp => [...document.querySelectorAll('#grid .sg-cell')].map(c => c.querySelector('.sg-value')"
            ".textContent || '.').join('') === exp",
            arg=expected,
        )
    else:
        by_id(page, "error").wait_for()
        assert message in by_id(page, "error").inner_text()
        assert "Traceback" not in by_id(page, "error").inner_text()
    shot(page, f"app-09-paste-{fmt}")


def test_cancel_a_long_run_then_rate_another(page: Any, site: str) -> None:
    load_hash(page, site, EASY)
    page.wait_for_selector('[data-testid="validity"].good')
    page.evaluate(
        "() => { window.__long = window.sudokuGrader.engine.request('sleep', '', {seconds: 60}).catch(e => e.kind); }"
    )
    page.wait_for_selector("body[data-state=busy]")
    by_id(page, "cancel").click()
    assert page.evaluate("window.__long") == "cancelled"
    assert "Cancelled" in by_id(page, "error").inner_text()
    page.wait_for_selector("body[data-state=booting], body[data-state=ready]")
    shot(page, "app-10-cancelled")
    wait_ready(page)
    by_id(page, "analyze").click()
    analyzed(page)
    assert page.locator("#steps li").count() == len(cli_json("explain", EASY)["steps"])


def test_time_limit_stops_a_run(page: Any) -> None:
    wait_ready(page)
    page.evaluate("window.sudokuGrader.engine.timeLimit = 1")
    kind = page.evaluate("window.sudokuGrader.engine.request('sleep', '', {seconds: 30}).catch(e => e.kind)")
    page.evaluate("window.sudokuGrader.engine.timeLimit = 60")
    assert kind == "timeout"
    assert "time limit" in by_id(page, "error").inner_text()
    wait_ready(page)


def test_settings_saved_and_passed_to_the_engine(page: Any, site: str) -> None:
    wait_ready(page)
    page.locator("#settings summary").click()
    box = by_id(page, "tech-naked-single")
    box.wait_for()
    box.uncheck()
    saved = json.loads(page.evaluate("localStorage.getItem('sudoku-grader-settings')"))
    assert "naked-single" in saved["disabled"]
    shot(page, "app-11-settings")
    page.reload()
    wait_ready(page)
    page.locator("#settings summary").click()
    by_id(page, "tech-naked-single").wait_for()
    assert not by_id(page, "tech-naked-single").is_checked()
    load_hash(page, site, TOUGH)
    analyzed(page)
    names = page.locator("#steps .step-name").all_inner_texts()
    assert "Naked Single" not in names
    by_id(page, "settings-reset").click()
    analyzed(page)
    page.wait_for_function("!JSON.parse(localStorage.getItem('sudoku-grader-settings')).disabled.length")


def test_phone_layout(browser: Any, site: str) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        pg = ctx.new_page()
        pg.goto(site + "#" + EASY)
        wait_ready(pg)
        pg.wait_for_selector('[data-testid="validity"].good')
        width = pg.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the page scrolls sideways on a phone ({width} px)"
        pg.locator('[data-testid="cell-r1c1"]').tap()
        pg.locator('.numpad button[data-digit="4"]').tap()
        assert pg.locator('[data-testid="cell-r1c1"] .sg-value').inner_text() == "4"
        shot(pg, "app-12-phone")
        # stepping through the path keeps the grid in sight
        pg.goto(site + "#" + EASY)
        wait_ready(pg)
        pg.locator('[data-testid="analyze"]').tap()
        pg.wait_for_selector('[data-testid="step-3"]', timeout=WORK_TIMEOUT_MS)
        pg.locator('[data-testid="step-3"] button').tap()
        pg.locator('[data-testid="step-next"]').tap()
        box = pg.locator("#grid").bounding_box()
        top = pg.evaluate("document.querySelector('#grid').getBoundingClientRect().top")
        assert box and -box["height"] / 2 < top < 844 - box["height"] / 2, f"the grid is out of sight (top {top})"
        shot(pg, "app-12-phone-stepping")
    finally:
        ctx.close()


def test_offline_reload(context: Any, page: Any, site: str) -> None:
    """After one visit the service worker serves everything: reload with the network off and rate."""
    page.goto(site + "#" + EASY)
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    page.evaluate("navigator.serviceWorker.ready")
    context.set_offline(True)
    try:
        timer = Timer()
        page.reload()
        wait_ready(page)
        print(f"\nworker ready after {timer.seconds():.1f} s (offline, cached)")
        page.wait_for_selector('[data-testid="validity"].good')
        by_id(page, "analyze").click()
        analyzed(page)
        shot(page, "app-13-offline")
    finally:
        context.set_offline(False)


def empty_page_on_one_worker(context: Any, site: str) -> Any:
    """A fresh page with no puzzle, ready, its catalogue in, and the long lane's worker not started."""
    pg = context.new_page()
    pg.goto(site)
    wait_ready(pg)
    # a game in progress from an earlier test opens by itself: leave it for an empty grid
    pg.wait_for_function("""() => { const g = window.sudokuGrader;
        return !g.store.saves.inProgress().length || g.state.resumed !== null || g.state.game.givenCount() > 0; }""")
    if pg.evaluate("window.sudokuGrader.state.resumed !== null"):
        by_id(pg, "resumed-leave").click()
    pg.wait_for_function("window.sudokuGrader.state.catalogue !== null", timeout=WORK_TIMEOUT_MS)
    assert pg.evaluate("window.sudokuGrader.state.game.givenCount()") == 0
    assert pg.evaluate("window.sudokuGrader.engine.long.state") == "idle"
    return pg


def test_the_second_worker_starts_with_the_first_long_work(context: Any, site: str) -> None:
    """A page only looked at runs one Pyodide worker (each holds some 150 MB): the long lane's
    starts with the first rating, and a hint asked meanwhile answers from the first one."""
    pg = empty_page_on_one_worker(context, site)
    try:
        got = pg.evaluate("""async (p) => {
            const eng = window.sudokuGrader.engine;
            const rate = eng.request("rate", p);
            const booting = eng.long.state;
            const hint = await eng.request("hint", p);
            const res = await rate;
            return { booting, hint: hint.step?.technique || null, status: res.status, after: eng.long.state,
                     workers: eng.quick.worker !== eng.long.worker }; }""", EASY)
        assert got["booting"] == "booting" and got["after"] == "ready" and got["workers"], got
        assert got["hint"] and got["status"] == "unique", got
    finally:
        pg.close()


def test_a_typed_puzzle_boots_the_second_worker_before_its_rating(context: Any, site: str) -> None:
    """An empty page keeps to one worker; once a puzzle's worth of clues is typed in analyse mode
    a rating is coming, so the long lane boots then (the rating does not wait 2-3 s for it)."""
    pg = empty_page_on_one_worker(context, site)
    try:
        pg.locator('[data-testid="cell-r1c1"]').click()
        typed = 0
        for ch in EASY:
            pg.keyboard.press(ch)
            typed += ch != "."
            if typed == 16:
                assert pg.evaluate("window.sudokuGrader.engine.long.state") == "idle", "booted before 17 clues"
            if typed == 17:
                break
        pg.wait_for_function("window.sudokuGrader.engine.long.state !== 'idle'", timeout=WORK_TIMEOUT_MS)
        assert pg.evaluate("window.sudokuGrader.state.running") is None  # no rating was asked
    finally:
        pg.close()


def test_embed_demo_page(context: Any, site: str) -> None:
    pg = context.new_page()
    try:
        pg.goto(site + "examples/embed.html")
        first = pg.locator('[data-testid="embed-1"]')
        first.locator('[data-testid="embed-step"]').wait_for(timeout=120_000)
        pg.wait_for_function(
            "() => [...document.querySelectorAll('sudoku-grader')].every(e => "
            "/steps/.test(e.shadowRoot.querySelector('[data-testid=embed-status]').textContent))",
            timeout=120_000,
        )
        puzzle = first.get_attribute("puzzle")
        n = len(cli_json("explain", puzzle)["steps"])
        assert first.locator('[data-testid="embed-status"]').inner_text().startswith(f"{n} steps")
        first.locator('[data-testid="embed-next"]').click()
        assert first.locator('[data-testid="embed-step"]').inner_text().startswith(f"Step 1 of {n}")
        for tid, text in rating_fields(cli_json("rate", puzzle)):
            assert first.locator(f'[data-testid="{tid}"]').inner_text() == text
        shot(pg, "app-14-embed")
    finally:
        pg.close()


def test_sub_path_hosting(browser: Any, shared_dist: Path) -> None:
    """dist/ copied under /puzzles/grader/ on a host works unchanged."""
    base, server = serve(shared_dist, "/puzzles/grader/")
    ctx = browser.new_context()
    try:
        pg = ctx.new_page()
        pg.goto(base + "#" + EASY)
        wait_ready(pg)
        pg.wait_for_selector('[data-testid="validity"].good')
        assert base.endswith("/puzzles/grader/")
    finally:
        ctx.close()
        server.shutdown()


def test_generate_aims_at_a_band_and_matches_the_python_package(page: Any) -> None:
    """The Generate form runs the generator in the worker: same seed, same puzzle as CPython."""
    from sudoku_grader import api
    from sudoku_grader.ratings import BY_ID, PAGES, SCALE_LIST

    page.locator("#generate-box > summary").click()
    # the New game levels first, Medium by default, and the puzzle opens in Solve by default
    page.wait_for_function("document.querySelector('[data-testid=gen-scale]').value === 'level:medium'")
    assert by_id(page, "gen-solve").is_checked()
    assert "SE 1.7–4.0, HoDoKu Medium" in by_id(page, "gen-bands").inner_text()
    targets = page.eval_on_selector_all('[data-testid="gen-scale"] option', "os => os.map(o => [o.value, o.text])")
    bank_levels = json.loads((ROOT / "web" / "bank" / "index.json").read_text())["levels"]
    assert targets[:len(bank_levels)] == [[f"level:{lv['id']}", f"level {lv['label']}"] for lv in bank_levels]
    targets = targets[len(bank_levels):]
    from_records = [(s.id, f"{s.name} {s.level if s.levels else 'rating'}") for s in SCALE_LIST
                    if s.levels or PAGES[s.id].band]
    assert targets[1:-1] == [list(t) for t in from_records] and targets[0][0] == "" and targets[-1][0] == "technique"
    by_id(page, "gen-solve").uncheck()  # first to analyse
    assert ["se", "Sudoku Explainer rating"] in targets and ["hodoku", "HoDoKu level"] in targets
    page.select_option('[data-testid="gen-scale"]', "hodoku")  # a scale with levels: aimed at by level
    assert by_id(page, "gen-level").is_visible() and not by_id(page, "gen-min").is_visible()
    levels = page.eval_on_selector_all('[data-testid="gen-level"] option', "os => os.map(o => o.textContent)")
    assert levels == list(BY_ID["hodoku"].levels)
    page.select_option('[data-testid="gen-scale"]', "se")  # no levels: a band of ER
    assert by_id(page, "gen-min").is_visible() and not by_id(page, "gen-level").is_visible()
    assert by_id(page, "gen-max").get_attribute("max") == f"{(PAGES['se'].band or (0, 0))[1]:g}"
    by_id(page, "gen-min").fill("1.5")
    by_id(page, "gen-max").fill("3.0")
    by_id(page, "gen-seed").fill("7")
    by_id(page, "generate").click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=gen-status]').textContent.startsWith('New puzzle')",
        timeout=WORK_TIMEOUT_MS,
    )
    expected = api.generate(scale="se", min=1.5, max=3.0, seed=7)
    assert expected["status"] == "unique"
    assert 1.5 <= expected["rating"]["er"] <= 3.0
    assert grid_line(page) == expected["puzzle"]
    assert f"seed 7, SE {expected['rating']['er']:.1f}" in by_id(page, "gen-status").inner_text()
    analyzed(page)
    assert by_id(page, "rating-se-er").inner_text().strip() == fmt(expected["rating"]["er"], "er")
    shot(page, "app-15-generated")
    # a technique target needs a technique: said plainly, nothing is lost
    page.select_option('[data-testid="gen-scale"]', "technique")
    by_id(page, "generate").click()
    assert "Name a technique" in by_id(page, "error").inner_text()
    assert grid_line(page) == expected["puzzle"]
    # a generated puzzle can open straight in Solve
    page.select_option('[data-testid="gen-scale"]', "se")
    by_id(page, "gen-solve").check()
    by_id(page, "generate").click()
    page.wait_for_selector('[data-testid="mode-solve"][aria-pressed="true"]', timeout=WORK_TIMEOUT_MS)
    assert grid_line(page) == expected["puzzle"]
    assert page.url.endswith("#solve:" + expected["puzzle"])
    assert by_id(page, "gen-status").inner_text().startswith("New puzzle")
    # a New game level: both its bands, the same puzzle as the package's, in Solve, said in view
    page.select_option('[data-testid="gen-scale"]', "level:easy")
    by_id(page, "gen-seed").fill("3")
    by_id(page, "generate").click()
    level = api.generate(game_level="easy", seed=3)
    assert level["status"] == "unique" and level["rating"]["hodoku"]["level"] == "Easy"
    page.wait_for_function("p => window.sudokuGrader.state.game.puzzle() === p"
                           " && window.sudokuGrader.state.mode === 'solve'",
                           arg=level["puzzle"], timeout=WORK_TIMEOUT_MS)
    said = f"SE {level['rating']['er']:.1f}, HoDoKu Easy"
    assert said in by_id(page, "gen-status").inner_text()
    page.wait_for_function("s => document.querySelector('[data-testid=error]').textContent.includes(s)", arg=said)
    box, grid = by_id(page, "error").bounding_box(), page.locator("#grid").bounding_box()
    height = page.viewport_size["height"]
    assert box["y"] >= 0 and box["y"] + box["height"] <= height, box
    assert grid["y"] >= 0 and grid["y"] + grid["height"] <= height, grid
    # another puzzle on the grid: the line about the generated one goes
    by_id(page, "mode-analyse").click()
    by_id(page, "clear").click()
    page.wait_for_function("document.querySelectorAll('.sg-cell.given').length === 0")
    assert by_id(page, "gen-status").inner_text() == ""


# ---------------------------------------------------------------------------------- Solve mode
HARD = ".9.7..86..31..5.2.8.6........7.5...6...3.7...5...1.7........1.9.2.6..35..54..8.7."  # SE 4.4
FIENDISH = "3.26.9..55..73..........9.....94..........1.9....57.6...85....6........3.19.82.4."  # SE 7.1


def solution_of(puzzle: str) -> str:
    sol = cli_json("solve", puzzle)
    assert sol["status"] == "unique"
    return sol["solution"]


def cell_labels(page: Any) -> list[str]:
    return page.evaluate(
        "() => [...document.querySelectorAll('#grid .sg-cell')].map(c => c.getAttribute('aria-label'))")


def cell_of(c: int) -> str:
    return f"r{c // 9 + 1}c{c % 9 + 1}"


def start_solving(page: Any, site: str, puzzle: str) -> None:
    """Open the puzzle's link, forget any saved game of it, and switch to Solve."""
    page.evaluate("p => localStorage.removeItem('sudoku-grader-game:' + p)", puzzle)
    page.goto(site + "#" + puzzle)
    wait_ready(page)
    page.wait_for_selector('[data-testid="validity"].good')
    by_id(page, "mode-solve").click()
    page.wait_for_selector('[data-testid="mode-solve"][aria-pressed="true"]')
    assert by_id(page, "mode-analyse").get_attribute("aria-pressed") == "false"


def test_solve_moves_undo_redo_check_and_reload(page: Any, site: str) -> None:
    sol = solution_of(EASY)
    start_solving(page, site, EASY)
    empty = [c for c in range(81) if EASY[c] == "."]
    right, wrong, marked = empty[0], empty[1], empty[2]
    wrong_digit = next(d for d in "123456789" if d != sol[wrong])
    # a given cannot be changed
    given = next(c for c in range(81) if EASY[c] != ".")
    by_id(page, f"cell-{cell_of(given)}").click()
    page.keyboard.press("Delete")
    page.keyboard.press("5" if EASY[given] != "5" else "6")
    assert f"given {EASY[given]}" in by_id(page, f"cell-{cell_of(given)}").get_attribute("aria-label")
    by_id(page, f"cell-{cell_of(right)}").click()
    page.keyboard.press(sol[right])
    by_id(page, f"cell-{cell_of(wrong)}").click()
    page.keyboard.press(wrong_digit)
    cell = by_id(page, f"cell-{cell_of(right)}")
    assert "placed" in (cell.get_attribute("class") or "")
    assert cell.get_attribute("aria-label").endswith(f"placed {sol[right]}")
    # marks: the Notes button, then the N key switches back to digits
    by_id(page, "notes").click()
    assert by_id(page, "notes").get_attribute("aria-pressed") == "true"
    by_id(page, f"cell-{cell_of(marked)}").click()
    for d in "129":
        page.keyboard.press(d)
    assert by_id(page, f"cell-{cell_of(marked)}").get_attribute("aria-label").endswith("marks 1 2 9")
    page.keyboard.press("n")
    assert by_id(page, "notes").get_attribute("aria-pressed") == "false"
    # undo the last two marks (button, Ctrl+Z), redo them (Ctrl+Y, Ctrl+Shift+Z)
    by_id(page, "undo").click()
    page.keyboard.press("Control+z")
    assert by_id(page, f"cell-{cell_of(marked)}").get_attribute("aria-label").endswith("marks 1")
    page.keyboard.press("Control+y")
    assert by_id(page, f"cell-{cell_of(marked)}").get_attribute("aria-label").endswith("marks 1 2")
    page.keyboard.press("Control+Shift+Z")
    assert by_id(page, "redo").is_disabled()  # nothing left to redo
    assert by_id(page, f"cell-{cell_of(marked)}").get_attribute("aria-label").endswith("marks 1 2 9")
    before = cell_labels(page)  # Check's flags last until the next move; they are not saved
    # Check flags exactly the wrong digit (the marks 1 2 9 may or may not hold the solution's digit)
    by_id(page, "check").click()
    flagged = page.evaluate(
        "() => [...document.querySelectorAll('[data-mistake=digit]')].map(e => e.dataset.testid)")
    assert flagged == [f"cell-{cell_of(wrong)}"]
    marks_flag = by_id(page, f"cell-{cell_of(marked)}").get_attribute("data-mistake")
    assert (marks_flag == "marks") == (sol[marked] not in "129")
    shot(page, "app-16-solve-checked")
    page.reload()
    wait_ready(page)
    page.wait_for_selector('[data-testid="mode-solve"][aria-pressed="true"]')
    page.wait_for_function("() => document.querySelector('#grid .sg-cell.placed') !== null")
    assert cell_labels(page) == before
    # the history came back too: undo takes the last mark away
    page.keyboard.press("Escape")
    by_id(page, "undo").click()
    assert by_id(page, f"cell-{cell_of(marked)}").get_attribute("aria-label").endswith("marks 1 2")
    by_id(page, "redo").click()


def test_solve_keeps_the_solution_path_out_of_sight(page: Any, site: str) -> None:
    """In Solve the path and the hardest step are hidden until the player asks; Analyse shows them."""
    start_solving(page, site, EASY)
    page.wait_for_function("document.querySelectorAll('#steps li').length > 0", timeout=WORK_TIMEOUT_MS)
    assert by_id(page, "path-note").is_visible()
    assert not by_id(page, "steps").is_visible() and not by_id(page, "step-next").is_visible()
    assert not by_id(page, "bottleneck").is_visible()
    by_id(page, "show-path").click()
    assert by_id(page, "steps").is_visible() and not by_id(page, "path-note").is_visible()
    by_id(page, "step-next").click()
    assert by_id(page, "step-current").inner_text().startswith("Step 1 of")
    by_id(page, "mode-analyse").click()
    assert by_id(page, "steps").is_visible() and not by_id(page, "path-note").is_visible()


def test_solve_mode_rates_on_request_without_showing_the_path(page: Any, site: str) -> None:
    """A solve link does not rate; Solve has no "Rate & explain" button, so the ratings panel
    offers one: the ratings show, the path stays hidden, and the offer goes."""
    page.evaluate("p => localStorage.removeItem('sudoku-grader-game:' + p)", TOUGH)
    page.goto(site + "#solve:" + TOUGH)
    wait_ready(page)
    page.wait_for_selector('[data-testid="mode-solve"][aria-pressed="true"]')
    assert not by_id(page, "analyze").is_visible()
    offer = by_id(page, "rate-in-solve")
    offer.wait_for()
    assert "solution path stays hidden" in by_id(page, "ratings").inner_text()
    assert not page.locator("#steps-panel").is_visible()  # no rating yet: no empty stepper either
    offer.click()
    page.wait_for_selector('[data-testid="ratings"][data-puzzle] table', timeout=WORK_TIMEOUT_MS)
    page.wait_for_function("document.querySelectorAll('#steps li').length > 0", timeout=WORK_TIMEOUT_MS)
    assert not by_id(page, "rate-in-solve").is_visible()
    assert not by_id(page, "steps").is_visible() and by_id(page, "path-note").is_visible()
    assert page.evaluate("window.sudokuGrader.state.analysis.puzzle") == TOUGH
    by_id(page, "mode-analyse").click()
    assert page.locator("#steps-panel").is_visible() and by_id(page, "steps").is_visible()


@pytest.mark.parametrize("puzzle", [EASY, HARD, FIENDISH], ids=["easy", "se-4.4", "se-7.1"])
def test_solve_by_hint_and_apply_only(page: Any, site: str, puzzle: str) -> None:
    sol = solution_of(puzzle)
    start_solving(page, site, puzzle)
    applied = 0
    waits: list[float] = []
    timer = Timer()
    while page.evaluate("document.body.dataset.state") != "solved":
        assert applied < 200, "too many steps"
        by_id(page, "hint").click()
        by_id(page, "hint-1").wait_for(timeout=WORK_TIMEOUT_MS)
        while by_id(page, "hint-more").is_visible():
            by_id(page, "hint-more").click()
        ladder = page.evaluate("window.sudokuGrader.state.hint.ladder")
        waits.append(page.evaluate("window.sudokuGrader.state.hint.ms") / 1000)
        assert ladder["kind"] == "step", ladder["rungs"][0]["text"]
        step = ladder["step"]
        for p in step.get("placements", []):
            c = (int(p["cell"][1]) - 1) * 9 + int(p["cell"][3]) - 1
            assert sol[c] == str(p["digit"]), f"{step['name']} places a wrong digit"
        for e in step.get("eliminations", []):
            c = (int(e["cell"][1]) - 1) * 9 + int(e["cell"][3]) - 1
            assert sol[c] != str(e["digit"]), f"{step['name']} removes the solution's digit"
        by_id(page, "hint-apply").click()
        applied += 1
        page.wait_for_function("() => !window.sudokuGrader.state.hint")
        page.wait_for_selector("body[data-state=ready], body[data-state=solved]", timeout=WORK_TIMEOUT_MS)
    waits.sort()
    print(f"\n{applied} hints applied in {timer.seconds():.1f} s; a hint took {statistics.median(waits):.3f} s"
          f" (median), {waits[int(0.9 * (len(waits) - 1))]:.3f} s (p90), {waits[-1]:.3f} s (max) in Pyodide")
    by_id(page, "solved").wait_for()
    page.wait_for_function(
        "() => /^Solved in .* You solved an SE /.test(document.querySelector('[data-testid=solved]').textContent)",
        timeout=WORK_TIMEOUT_MS)
    text = by_id(page, "solved").inner_text()
    er = cli_json("rate", puzzle)["ratings"]["se"]["er"]
    assert text.startswith("Solved in ") and f" with {applied} hint" in text  # the time and the hints used
    assert f". You solved an SE {er:.1f} / HoDoKu " in text
    assert "hardest step is" in text
    assert page.evaluate("window.sudokuGrader.state.pathShown")  # solved: the path spoils nothing now
    assert not by_id(page, "path-note").is_visible()
    shot(page, f"app-17-solved-by-hints-{applied}")


def test_marks_that_lost_the_solution_digit_come_first(page: Any, site: str) -> None:
    sol = solution_of(EASY)
    start_solving(page, site, EASY)
    by_id(page, "fill-candidates").click()
    c = next(c for c in range(81) if EASY[c] == ".")
    by_id(page, f"cell-{cell_of(c)}").click()
    page.keyboard.press("n")
    page.keyboard.press(sol[c])  # takes the right digit out of that cell's marks
    page.keyboard.press("n")
    by_id(page, "hint").click()
    assert "pencil marks removed" in by_id(page, "hint-1").inner_text()
    by_id(page, "hint-more").click()
    assert cell_of(c) in by_id(page, "hint-2").inner_text()
    assert by_id(page, f"cell-{cell_of(c)}").get_attribute("data-mistake") is not None
    while by_id(page, "hint-more").is_visible():
        by_id(page, "hint-more").click()
    by_id(page, "hint-apply").click()  # puts the mark back, as an undoable move
    assert sol[c] in by_id(page, f"cell-{cell_of(c)}").get_attribute("aria-label")
    by_id(page, "undo").click()
    assert sol[c] not in by_id(page, f"cell-{cell_of(c)}").get_attribute("aria-label").split(":")[1]


def test_keyboard_only_play_and_accessible_names(page: Any, site: str) -> None:
    sol = solution_of(EASY)
    start_solving(page, site, EASY)
    page.keyboard.press("Escape")
    by_id(page, "cell-r1c1").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")  # r1c3 is empty in EASY
    assert EASY[2] == "."
    page.keyboard.press(sol[2])
    page.keyboard.press("n")  # N: centre marks (Notes) on
    page.keyboard.press("ArrowDown")
    page.keyboard.press("7")
    page.keyboard.press("n")
    grid = page.get_by_role("grid")
    assert grid.get_by_role("gridcell", name=f"row 1, column 3: placed {sol[2]}").count() == 1
    assert grid.get_by_role("gridcell", name="row 2, column 3: empty, centre marks 7").count() == 1
    assert grid.get_by_role("gridcell", name=f"row 1, column 4: given {EASY[3]}").count() == 1
    for name in ("Undo", "Redo", "Check", "Fill candidates", "Hint", "Solve", "Enter & analyse"):
        assert page.get_by_role("button", name=name, exact=True).count() == 1, name
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+z")
    assert grid.get_by_role("gridcell", name="row 1, column 3: empty").count() == 1
    assert page.locator("#hint-ladder").get_attribute("aria-live") == "polite"


def test_clear_can_be_undone_and_back_returns(page: Any, site: str) -> None:
    load_hash(page, site, EASY)
    page.wait_for_selector('[data-testid="validity"].good')
    by_id(page, "clear").click()
    page.wait_for_function("document.querySelectorAll('.sg-cell.given').length === 0")
    by_id(page, "undo").click()
    page.wait_for_function("p => window.sudokuGrader.state.game.puzzle() === p", arg=EASY)
    by_id(page, "clear").click()
    page.wait_for_function("document.querySelectorAll('.sg-cell.given').length === 0")
    page.go_back()
    page.wait_for_function("p => window.sudokuGrader.state.game.puzzle() === p", arg=EASY)
    assert page.url.endswith("#" + EASY)


def test_solve_link_with_progress(page: Any, site: str) -> None:
    sol = solution_of(EASY)
    start_solving(page, site, EASY)
    c = next(c for c in range(81) if EASY[c] == ".")
    by_id(page, f"cell-{cell_of(c)}").click()
    page.keyboard.press(sol[c])
    link = page.evaluate("window.sudokuGrader.actions.linkFor(window.sudokuGrader.state, '', {progress: true})")
    placed = "".join(sol[k] if k == c else "." for k in range(81))
    assert link == f"#solve:{EASY}:{placed}"
    page.evaluate("p => localStorage.removeItem('sudoku-grader-game:' + p)", EASY)
    page.goto(site + "#" + "solve:" + EASY + ":" + placed)
    wait_ready(page)
    page.wait_for_selector('[data-testid="mode-solve"][aria-pressed="true"]')
    assert by_id(page, f"cell-{cell_of(c)}").get_attribute("aria-label").endswith(f"placed {sol[c]}")


def test_analysis_says_what_the_scales_did(page: Any, site: str) -> None:
    """Stuck scales say so, technique counts show names, the chart has an axis, the hardest step
    links to a step of the path on the page (or says it is SE's own)."""
    load_hash(page, site, FIENDISH)
    analyzed(page)
    rate = cli_json("rate", FIENDISH)
    for scale, value in rate["ratings"].items():
        head = by_id(page, f"rating-{scale}").inner_text()
        if value.get("solved") is False:
            assert head == "could not finish", scale
            assert by_id(page, f"rating-{scale}-unfinished").count() == 1
        else:
            assert head != "could not finish", scale
    counts = by_id(page, "technique-counts").inner_text()
    assert "se-" not in counts and "Direct Hidden Pair" in counts
    ticks = page.evaluate("[...document.querySelectorAll('#chart [data-testid=chart-tick]')].map(t => t.textContent)")
    assert ticks[0] == "0" and len(ticks) == 3
    link = by_id(page, "bottleneck-link")
    names = page.locator("#steps .step-name").all_inner_texts()
    if link.count():
        text = link.inner_text()
        k = int(text.split(",")[0].removeprefix("step "))
        assert text == f"step {k}, {names[k - 1]}"
    else:
        assert "Sudoku Explainer's own path" in by_id(page, "bottleneck").inner_text()
    shot(page, "app-18-stuck-scales")


@pytest.mark.parametrize("puzzle", [FIENDISH, HARD], ids=["se-7.1", "se-4.4"])
def test_chart_draws_se_own_path_with_its_er_on_top(page: Any, site: str, puzzle: str) -> None:
    """With an SE rating the chart's bars are SE's own path, each step's SE difficulty; the tallest is the ER."""
    se = cli_json("rate", puzzle)["ratings"]["se"]
    load_hash(page, site, puzzle)
    page.wait_for_function("p => window.sudokuGrader.state.analysis?.puzzle === p"
                           " && window.sudokuGrader.state.analysis.explain"
                           " && document.querySelector('#chart-fig').dataset.source === 'se-path'",
                           arg=puzzle, timeout=WORK_TIMEOUT_MS * 2)
    bars = page.evaluate("[...document.querySelectorAll('#chart .bar')].map((b) => +b.dataset.value)")
    assert bars == [st["se"] for st in se["path"]]
    assert max(bars) == se["er"]
    assert by_id(page, "chart-axis").text_content() == "SE difficulty"
    ticks = page.evaluate("[...document.querySelectorAll('#chart [data-testid=chart-tick]')].map(t => t.textContent)")
    assert ticks[0] == "0" and float(ticks[-1]) >= se["er"]
    caption = by_id(page, "chart-caption").inner_text()
    assert "its own path" in caption and f"ER {se['er']}" in caption
    shot(page, f"app-19-chart-se-{se['er']}")


def test_export_and_paste_back_to_continue(page: Any, site: str) -> None:
    """The HoDoKu library line of a position in progress, pasted back, continues that position;
    the page offers the saved games to continue."""
    sol = solution_of(EASY)
    start_solving(page, site, EASY)
    empty = [c for c in range(81) if EASY[c] == "."]
    by_id(page, f"cell-{cell_of(empty[0])}").click()
    page.keyboard.press(sol[empty[0]])
    by_id(page, "fill-candidates").click()
    # open the box once the game holds the puzzle (a click would close a box left open before)
    page.wait_for_function("() => window.sudokuGrader.state.game.givenCount() > 0")
    page.evaluate("() => { document.querySelector('#export-box').open = true; }")
    page.wait_for_function("() => document.querySelector('[data-testid=export-library]').value !== ''", timeout=90_000)
    line = by_id(page, "export-library").input_value()
    grid = by_id(page, "export-pencilmark").input_value()
    assert line and grid.count("\n") >= 8
    labels = cell_labels(page)
    by_id(page, "clear").click()
    page.evaluate("p => localStorage.removeItem('sudoku-grader-game:' + p)", EASY)
    page.locator("#load-box > summary").click()
    by_id(page, "paste-input").fill(line)
    by_id(page, "load").click()
    page.wait_for_selector('[data-testid="mode-solve"][aria-pressed="true"]')
    assert cell_labels(page) == labels
    # a fresh visit opens the game in progress by itself
    page.goto(site)
    wait_ready(page)
    page.wait_for_function("p => window.sudokuGrader.state.game.puzzle() === p", arg=EASY)
    page.wait_for_selector('[data-testid="mode-solve"][aria-pressed="true"]')
    assert cell_labels(page) == labels
    # and with an empty grid the games in progress are offered
    by_id(page, "resumed-leave").click()
    assert page.locator("#saved-box").get_attribute("open") is not None
    by_id(page, "continue-1").click()
    page.wait_for_selector('[data-testid="mode-solve"][aria-pressed="true"]')
    assert cell_labels(page) == labels


def test_live_mistakes_full_storage_and_print(page: Any, site: str) -> None:
    sol = solution_of(EASY)
    start_solving(page, site, EASY)
    empty = [c for c in range(81) if EASY[c] == "."]
    wrong = next(d for d in "123456789" if d != sol[empty[0]])
    # wrong digits show as they are typed once the setting is on
    page.locator("#settings summary").click()
    by_id(page, "setting-live-mistakes").check()
    by_id(page, f"cell-{cell_of(empty[0])}").click()
    page.keyboard.press(wrong)
    assert by_id(page, f"cell-{cell_of(empty[0])}").get_attribute("data-mistake") == "digit"
    by_id(page, "setting-live-mistakes").uncheck()
    assert by_id(page, f"cell-{cell_of(empty[0])}").get_attribute("data-mistake") is None
    # storage that is full says so plainly; the move itself stays on the grid
    page.evaluate("""() => {
        window.__setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };
    }""")
    try:
        by_id(page, f"cell-{cell_of(empty[1])}").click()
        page.keyboard.press(sol[empty[1]])
        problem = by_id(page, "save-problem")
        problem.wait_for()
        assert "storage for the page is full" in problem.inner_text()
        assert by_id(page, f"cell-{cell_of(empty[1])}").get_attribute("aria-label").endswith(f"placed {sol[empty[1]]}")
    finally:
        page.evaluate("() => { Storage.prototype.setItem = window.__setItem; }")
    page.keyboard.press("Delete")  # the next move saves again
    assert by_id(page, "save-problem").is_hidden()
    # print: the grid alone
    page.emulate_media(media="print")
    try:
        assert page.locator(".info-col").is_hidden() and page.locator(".numpad").is_hidden()
        assert page.locator("#grid").is_visible()
    finally:
        page.emulate_media(media="screen")
