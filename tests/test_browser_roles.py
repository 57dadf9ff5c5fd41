"""The grid draws the expert roles in their own colours, in headless chromium, without the app:
web/grid-view.js and web/grid.css are served as they are and one exocet-like step is rendered."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_support import launch, serve

pytestmark = pytest.mark.browser
sync_api = pytest.importorskip("playwright.sync_api", reason="the test extra installs playwright")

WEB = Path(__file__).resolve().parent.parent / "web"
PAGE = """<!doctype html><html><head><link rel="stylesheet" href="grid.css"></head>
<body><div id="g" style="width: 450px"></div>
<script type="module">
import { GridView } from "./grid-view.js";
import { Position } from "./board.js";
window.draw = (step) => { new GridView(document.getElementById("g")).render(new Position(), { step }); };
window.ready = true;
</script></body></html>"""
STEP = {
    "technique": "junior-exocet", "name": "Junior Exocet", "text": "roles", "placements": [], "links": [],
    "eliminations": [{"cell": "r2c7", "digit": 9}],
    "highlights": [
        {"cell": "r1c1", "digit": 5, "role": "base"},
        {"cell": "r2c4", "digit": 5, "role": "exo-target"},
        {"cell": "r6c4", "digit": 5, "role": "s-cell"},
        {"house": "c7", "role": "cross-line"},
        {"house": "r9", "role": "cover"},
        {"cell": "r2c7", "digit": 9, "role": "target"},
    ],
}


@pytest.fixture(scope="module")
def page() -> Iterator[Any]:
    base, server = serve(WEB)
    with sync_api.sync_playwright() as p:
        browser = launch(p)
        pg = browser.new_page()
        pg.route(base + "roles.html", lambda route: route.fulfill(body=PAGE, content_type="text/html"))
        pg.goto(base + "roles.html")
        pg.wait_for_function("window.ready === true")
        yield pg
        browser.close()
    server.shutdown()


def test_exocet_roles_are_drawn_in_their_own_colours(page: Any) -> None:
    page.evaluate("step => window.draw(step)", STEP)
    cands = {(c, d): page.evaluate(
        """([c, d]) => { const cell = document.querySelectorAll('#g .sg-cell')[c];
            const s = cell.querySelectorAll('.sg-cand')[d - 1];
            return [s.className, getComputedStyle(s).backgroundColor]; }""", [c, d])
        for c, d in ((0, 5), (12, 5), (48, 5), (15, 9))}
    base, exo, s_cell, target = cands[(0, 5)], cands[(12, 5)], cands[(48, 5)], cands[(15, 9)]
    assert "role-exo-target" in exo[0] and "role-s-cell" in s_cell[0]
    assert exo[1] == "rgb(159, 227, 220)" and s_cell[1] == "rgb(255, 240, 160)"
    assert len({base[1], exo[1], s_cell[1], target[1]}) == 4  # none falls back to another role's colour
    cells = page.evaluate(
        """() => [...document.querySelectorAll('#g .sg-cell')].map(
            el => [el.className, getComputedStyle(el).backgroundColor])""")
    cross = cells[4 * 9 + 6]  # r5c7, on the cross-line c7
    cover = cells[8 * 9 + 4]  # r9c5, in the cover house r9
    plain = cells[4 * 9 + 4]  # r5c5
    assert "house-cross-line" in cross[0] and "house-cross-line" not in cover[0]
    assert cross[1] == "rgb(227, 244, 230)"
    assert len({cross[1], cover[1], plain[1]}) == 3
