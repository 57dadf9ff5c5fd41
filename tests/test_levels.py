"""The New game levels: one table (`sudoku_grader.levels`), read by the app, daily and book."""

from __future__ import annotations

import csv

import pytest

from conftest import SHARED
from sudoku_grader.errors import SudokuError
from sudoku_grader.levels import BY_ID, LEVELS, catalogue, level_named, level_of


def rated(er: float, hodoku: str) -> dict:
    return {"se": {"er": er, "ep": er, "ed": 1.2}, "hodoku": {"score": 100, "level": hodoku}}


@pytest.mark.parametrize(("er", "hodoku", "level"), [
    (1.2, "Easy", "easy"), (2.3, "Easy", "easy"), (2.5, "Easy", None), (1.7, "Medium", "medium"),
    (4.0, "Medium", "medium"), (3.2, "Hard", "hard"), (7.3, "Hard", "hard"), (4.2, "Medium", None),
    (6.6, "Unfair", "expert"), (8.3, "Unfair", "expert"), (7.1, "Extreme", "extreme"), (11.9, "Extreme", "extreme"),
    (1.2, "Hard", None), (8.9, "Hard", None), (3.5, "Easy", None), (6.5, "Extreme", None),
])
def test_first_level_whose_bands_hold_the_ratings(er: float, hodoku: str, level: str | None) -> None:
    assert level_of(rated(er, hodoku)) == level


def test_six_is_every_6x6_puzzle_and_no_9x9_one() -> None:
    six_ratings = {"se": {"unsupported": "9x9 only"}, "hodoku": {"unsupported": "9x9 only"},
                   "sudokuwiki": {"score": 20}}
    assert level_of(six_ratings, size=6) == "six"
    assert level_of(rated(1.2, "Easy"), size=6) == "six"
    assert level_of(six_ratings) is None


def test_a_timed_out_or_missing_rating_fits_no_level() -> None:
    assert level_of({"se": {"status": "timeout", "at_least": {"er": 7.1}}, "hodoku": {"level": "Extreme"}}) is None
    assert level_of({"hodoku": {"level": "Easy"}}) is None
    assert level_of({}) is None


def test_the_reference_ratings_nearly_all_have_a_level() -> None:
    """Real serate and HoDoKu on the shared puzzles: at most 4% fit no level (3.2% today: the two
    scales a level apart), every level is met."""
    ref = SHARED / "reference"
    se = {r["puzzle"]: r["ER"] for r in csv.DictReader(open(ref / "se-ratings.tsv"), delimiter="\t")}
    ho = {r["puzzle"]: r["level"] for r in csv.DictReader(open(ref / "hodoku-ratings.tsv"), delimiter="\t")}
    both = [(float(se[p]), ho[p]) for p in se if p in ho and se[p] != "timeout"]
    assert len(both) > 1500
    found = [level_of(rated(er, h)) for er, h in both]
    assert found.count(None) / len(found) < 0.04
    assert {lv.id for lv in LEVELS if lv.size == 9} <= set(found)


def test_names_and_catalogue() -> None:
    assert level_named("Hard") is BY_ID["hard"]
    assert level_named(" 6x6 ").id == "six"
    with pytest.raises(SudokuError, match="choose from easy, medium, hard, expert, extreme, six"):
        level_named("nightmare")
    records = catalogue()
    assert [r["id"] for r in records] == ["easy", "medium", "hard", "expert", "extreme", "six"]
    assert records[0]["description"] == "SE 1.0-2.3, HoDoKu Easy"
    assert records[-1]["se"] is None and records[-1]["size"] == 6
