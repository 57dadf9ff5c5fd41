"""The page draws the expert roles with their own styles: an exocet's target cells, S cells and
cross-lines each have a colour in web/grid.css (light and dark), are kept out of the generic
fallback rule, and are named in the page's legend."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import puzzle_set
from sudoku_grader.engine import Simplest, walk
from sudoku_grader.formats import parse
from sudoku_grader.techniques import default_order, get

ROOT = Path(__file__).resolve().parent.parent
CSS = (ROOT / "web" / "grid.css").read_text()
APP_CSS = (ROOT / "web" / "app.css").read_text()
GRID_JS = (ROOT / "web" / "grid-view.js").read_text()
INDEX = (ROOT / "index.html").read_text()


def _exocet_roles() -> tuple[set[str], set[str]]:
    """(candidate roles, house roles) of the exocet steps in a stuck position of a hardest puzzle."""
    simple = [t.id for t in default_order() if t.level < get("junior-exocet").level and t.family != "forcing"]
    for line in puzzle_set("forum-hardest-1106")[::25]:
        b = walk(parse(line).board, Simplest(simple)).board
        steps = list(get("junior-exocet").find(b))
        if steps:
            marks = [m for s in steps for m in s.highlights]
            return {m.role for m in marks if m.digit > 0}, {m.role for m in marks if m.digit < 0}
    raise AssertionError("no exocet in the sample")


def test_exocet_roles_have_their_own_styles() -> None:
    cand_roles, house_roles = _exocet_roles()
    assert {"exo-target", "s-cell"} <= cand_roles and "cross-line" in house_roles
    fallback = next(rule for rule in CSS.split("\n") if rule.startswith('.sg-cand[class*="role-"]:not('))
    for role in ("exo-target", "s-cell"):
        assert re.search(rf"\.sg-cand\.role-{role} \{{[^}}]*var\(--sg-{role}\)", CSS), role
        assert f":not(.role-{role})" in fallback, role
    for role in ("exo-target", "s-cell", "cross-line"):
        # a colour for the light theme and one for the dark: light-dark(light, dark)
        assert re.search(rf"--sg-{role}: light-dark\(#[0-9a-f]{{6}}, #[0-9a-f]{{6}}\);", CSS), role
        assert f'<span class="sw {role}">' in INDEX and f".legend .{role} {{" in APP_CSS, role
    assert re.search(r"\.house-cross-line \{[^}]*var\(--sg-cross-line\)", CSS)
    assert 'if (cell.house === "cross-line") cls.push("house-cross-line");' in GRID_JS
