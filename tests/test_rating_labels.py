"""What the page writes of a rating takes its field names and decimals from the worker's catalogue
(web/ratings-view.js `catalogueLabels`, `ratingShown`), and the build hands the same record to the
element for JSON written before the ``embed`` command wrote ``scale_numbers`` and ``scale_decimals``."""

from __future__ import annotations

import json
import subprocess
from typing import Any

from browser_support import build, fmt
from conftest import ROOT
from sudoku_grader import api, worker_api
from sudoku_grader.engine import Path
from sudoku_grader.ratings import PAGES, SCALE_LIST, se
from test_js_model import node

EASY = "...5.6.1..5..2......8..32.91..4......7..9...15.9..7..2..5...78.8.....4....3.48..."

#: The Rating column before the catalogue said which field it is: the first of these a scale's
#: rating has (the list the page kept until now). The catalogue's ``number`` must pick the same.
OLD_HEADLINE = ["er", "score", "total", "grade", "level"]
#: The fields the page wrote with one decimal before the catalogue said so (ratings-view.js ONE_DECIMAL).
OLD_ONE_DECIMAL = ["er", "ep", "ed"]

SCRIPT = """
import { catalogueLabels, ratingShown } from "./web/ratings-view.js";
const [catalogue, ratings] = JSON.parse(process.argv[1]);
const shown = Object.fromEntries(
  Object.entries(ratings).map(([id, r]) => [id, ratingShown(catalogue, { scale: id, ...r })]));
console.log(JSON.stringify({ labels: catalogueLabels(catalogue), shown }));
"""


def catalogue() -> dict[str, Any]:
    return json.loads(worker_api.handle("catalogue", "", "{}"))


def test_each_scale_number_is_the_field_the_column_showed() -> None:
    ratings = api.rate(EASY)["ratings"]
    assert set(ratings) == {s.id for s in SCALE_LIST}
    numbers = {s["id"]: s["number"] for s in catalogue()["scales"]}
    for scale, value in ratings.items():
        old = next(f for f in OLD_HEADLINE if value.get(f) not in (None, ""))
        assert numbers[scale] == old, scale


def test_labels_and_the_generator_line_from_the_catalogue() -> None:
    cat = catalogue()
    ratings = api.rate(EASY)["ratings"]
    run = subprocess.run([node(), "--input-type=module", "-e", SCRIPT, json.dumps([cat, ratings])],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr[-2000:]
    out = json.loads(run.stdout)
    assert out["labels"]["names"] == {s["id"]: s["name"] for s in cat["scales"]}
    assert out["labels"]["numbers"] == {s.id: s.number for s in SCALE_LIST}
    assert out["labels"]["fields"] == cat["fields"]
    assert out["labels"]["decimals"]["se"] == dict.fromkeys(OLD_ONE_DECIMAL, 1)
    shown = out["shown"]
    assert shown["se"] == f"SE {ratings['se']['er']:.1f}"  # as the line said before
    assert shown["hodoku"] == ratings["hodoku"]["level"]
    assert shown["sudokuoftheday"] == ratings["sudokuoftheday"]["level"]
    assert shown["sudokuwiki"] == ratings["sudokuwiki"]["grade"]  # the level aimed at (was "score N")
    assert shown["sourgumdrop"] == f"score {fmt(ratings['sourgumdrop']['score'])}"
    assert shown["grader2009"] == f"total {fmt(ratings['grader2009']['total'])}"


def test_every_scale_says_how_its_figures_are_written() -> None:
    """Each catalogue entry carries ``decimals`` and ``unfinished``; SE's are what the page spelled
    out before (one decimal for ER, EP and ED; ER 20 for a walk its techniques could not finish)."""
    scales = {s["id"]: s for s in catalogue()["scales"]}
    assert set(scales) == {s.id for s in SCALE_LIST}
    for sid, entry in scales.items():
        assert isinstance(entry["decimals"], dict) and set(entry["decimals"]) <= set(entry["columns"]), sid
        assert all(isinstance(v, int) and v >= 0 for v in entry["decimals"].values()), sid
        assert entry["unfinished"] is None or isinstance(entry["unfinished"], float), sid
    fixed = {f for entry in scales.values() for f in entry["decimals"]}
    assert sorted(fixed) == sorted(OLD_ONE_DECIMAL) and set(scales["se"]["decimals"].values()) == {1}
    assert scales["se"]["bottleneck"] and [s for s in scales.values() if s["bottleneck"]] == [scales["se"]]
    stuck = se.summarize(Path())  # a walk that neither solved the grid nor was stopped
    assert stuck["er"] == scales["se"]["unfinished"] == 20.0
    assert [s for s in scales.values() if s["unfinished"] is not None] == [scales["se"]]
    assert all(set(s["exact_bounds"]) <= set(s["columns"]) for s in scales.values())
    assert [s["id"] for s in scales.values() if s["exact_bounds"]] == ["se"]


def test_se_exact_bounds_are_final_on_any_cut_path() -> None:
    """What the page says plainly of a cut SE path (its ``exact_bounds``) is already the final figure;
    the other bounds (ER) are lower bounds."""
    exact = PAGES["se"].exact_bounds
    assert sorted(exact) == ["ed", "ep"]
    puzzle = "..19....86...85.3...7.6.1...34.9.......5.4.......1.42...5.7.9...1.84...77....92.."  # ER 7.2
    walked, table = se.SCALE.walk(api.load(puzzle))
    full = se.summarize(walked, table)
    for k in (1, len(walked.steps) // 2, len(walked.steps) - 1):
        bound = se.bounds(Path(steps=walked.steps[:k]), table)
        for f in exact:
            assert bound.get(f) in (None, full[f]), (k, f)  # EP appears once a digit is placed
        assert bound["er"] <= full["er"]


def test_the_build_carries_each_scale_number_and_decimals() -> None:
    assert build.scale_shows() == {"scale_numbers": {s.id: s.number for s in SCALE_LIST},
                                   "scale_decimals": {s.id: dict(PAGES[s.id].decimals) for s in SCALE_LIST}}
