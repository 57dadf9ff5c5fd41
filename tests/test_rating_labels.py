"""What the page writes of a rating takes its field names from the worker's catalogue
(web/ratings-view.js `catalogueLabels`, `ratingShown`), and the build hands the same record to the
element for JSON written before the ``embed`` command wrote ``scale_numbers``."""

from __future__ import annotations

import json
import subprocess
from typing import Any

from browser_support import build, fmt
from conftest import ROOT
from sudoku_grader import api, worker_api
from sudoku_grader.ratings import SCALE_LIST
from test_js_model import node

EASY = "...5.6.1..5..2......8..32.91..4......7..9...15.9..7..2..5...78.8.....4....3.48..."

#: The Rating column before the catalogue said which field it is: the first of these a scale's
#: rating has (the list the page kept until now). The catalogue's ``number`` must pick the same.
OLD_HEADLINE = ["er", "score", "total", "grade", "level"]

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
    shown = out["shown"]
    assert shown["se"] == f"SE {ratings['se']['er']:.1f}"  # as the line said before
    assert shown["hodoku"] == ratings["hodoku"]["level"]
    assert shown["sudokuoftheday"] == ratings["sudokuoftheday"]["level"]
    assert shown["sudokuwiki"] == ratings["sudokuwiki"]["grade"]  # the level aimed at (was "score N")
    assert shown["sourgumdrop"] == f"score {fmt(ratings['sourgumdrop']['score'])}"
    assert shown["grader2009"] == f"total {fmt(ratings['grader2009']['total'])}"


def test_the_build_carries_each_scale_number() -> None:
    assert build.scale_numbers() == {s.id: s.number for s in SCALE_LIST}
