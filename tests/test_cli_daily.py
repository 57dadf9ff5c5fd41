"""``python -m sudoku_grader daily``: a feed of one puzzle a day (JSON per day, index.json,
archive.html) from a bank file, a ``rate --db`` store or the generator; same seed, same feed."""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path

import pytest

from conftest import SHARED
from sudoku_grader.cli.main import main
from sudoku_grader.levels import level_of

ALTERNATE = "mon=easy,tue=medium,wed=easy,thu=medium,fri=easy,sat=medium,sun=easy"


@pytest.fixture(scope="module")
def bank(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The newspaper set (mostly easy and medium), with a comment, a blank and a bad line."""
    path = tmp_path_factory.mktemp("bank") / "bank.txt"
    lines = (SHARED / "puzzles" / "newspaper-mixed.txt").read_text().splitlines()
    path.write_text("# a bank\n\nnot a puzzle\n" + "\n".join(lines) + "\n" + lines[0] + "\n")
    return path


@pytest.fixture(scope="module")
def feed(bank: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("feed") / "daily"
    code = main(["daily", "-o", str(out), "--from", "2027-01-04", "--days", "14", "--levels", ALTERNATE,
                 "--bank", str(bank), "--seed", "7", "--base", "/grader/"])
    assert code == 0
    return out


def test_fourteen_days_each_of_its_level(feed: Path) -> None:
    days = [date(2027, 1, 4) + timedelta(days=i) for i in range(14)]
    assert sorted(p.name for p in feed.iterdir()) == sorted(
        [f"{d.isoformat()}.json" for d in days] + ["index.json", "archive.html"])
    index = json.loads((feed / "index.json").read_text())
    assert [e["date"] for e in index] == [d.isoformat() for d in days]
    want = {0: "easy", 1: "medium", 2: "easy", 3: "medium", 4: "easy", 5: "medium", 6: "easy"}
    assert [e["level"] for e in index] == [want[d.weekday()] for d in days]
    assert len({e["puzzle"] for e in index}) == 14  # never a puzzle twice
    for e in index:
        data = json.loads((feed / f"{e['date']}.json").read_text())
        assert (data["date"], data["level"], data["puzzle"]) == (e["date"], e["level"], e["puzzle"])
        assert data["level_name"] == e["level"].capitalize()
        # the embed JSON: every scale, the path, and the level its own ratings give
        assert data["format"] == 1 and data["solved"] and data["steps"] and len(data["ratings"]) == 6
        assert level_of(data["ratings"]) == e["level"]


def test_archive_lists_every_day_and_holds_the_element(feed: Path) -> None:
    page = (feed / "archive.html").read_text()
    assert '<script type="module" src="/grader/web/embed.js"></script>' in page
    assert '<sudoku-grader daily="./"></sudoku-grader>' in page
    assert page.count("<li data-day=") == 14
    assert '<a href="#2027-01-04">Mon 4 Jan 2027</a> <span class="level">Easy</span>' in page


def test_same_seed_same_feed_and_another_seed_another(bank: Path, feed: Path, tmp_path: Path) -> None:
    again, other = tmp_path / "again", tmp_path / "other"
    assert main(["daily", "-o", str(again), "--from", "2027-01-04", "--days", "14", "--levels", ALTERNATE,
                 "--bank", str(bank), "--seed", "7", "--base", "/grader/"]) == 0
    for p in feed.iterdir():
        assert (again / p.name).read_bytes() == p.read_bytes(), p.name
    assert main(["daily", "-o", str(other), "--from", "2027-01-04", "--days", "14", "--levels", ALTERNATE,
                 "--bank", str(bank), "--seed", "8"]) == 0
    assert (other / "index.json").read_text() != (feed / "index.json").read_text()


def test_a_bank_that_runs_out_says_which_day(bank: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["daily", "-o", str(tmp_path), "--from", "2027-01-04", "--days", "60", "--levels", "easy",
                 "--bank", str(bank)])
    err = capsys.readouterr().err
    assert code == 1 and "the bank has no easy puzzle left" in err and "Traceback" not in err
    written = json.loads((tmp_path / "index.json").read_text())
    assert 30 <= len(written) < 60 and len({e["puzzle"] for e in written}) == len(written)
    assert f"error: {date(2027, 1, 4) + timedelta(days=len(written))}:" in err
    assert "bank.txt: line 3:" in err  # the bad line, named and skipped


def test_a_store_and_the_generator_are_sources(tmp_path: Path) -> None:
    lines = (SHARED / "puzzles" / "newspaper-mixed.txt").read_text().splitlines()[:12]
    src = tmp_path / "few.txt"
    src.write_text("\n".join(lines) + "\n")
    store = tmp_path / "r.sqlite"
    assert main(["rate", "-f", str(src), "--db", str(store), "--scales", "se,hodoku"]) == 0
    assert main(["daily", "-o", str(tmp_path / "db"), "--from", "2027-02-01", "--days", "3", "--levels", "easy",
                 "--db", str(store)]) == 0
    picked = [e["puzzle"] for e in json.loads((tmp_path / "db" / "index.json").read_text())]
    assert len(set(picked)) == 3 and set(picked) <= set(lines)
    assert main(["daily", "-o", str(tmp_path / "gen"), "--from", "2027-02-01", "--days", "2",
                 "--levels", "mon=six,tue=hard", "--seed", "3"]) == 0
    made = json.loads((tmp_path / "gen" / "index.json").read_text())
    assert [(e["level"], len(e["puzzle"])) for e in made] == [("six", 36), ("hard", 81)]
    hard = json.loads((tmp_path / "gen" / "2027-02-02.json").read_text())
    assert level_of(hard["ratings"]) == "hard"


@pytest.mark.parametrize(("args", "message"), [
    (["--from", "2027-13-01"], "is not a date"),
    (["--levels", "mon=nightmare"], "unknown level 'nightmare'"),
    (["--levels", "someday=easy"], "is not DAY=LEVEL"),
    (["--days", "0"], "--days must be at least 1"),
    (["--bank", "/nonexistent/bank.txt"], "cannot read /nonexistent/bank.txt"),
])
def test_bad_options_say_what(args: list[str], message: str, tmp_path: Path,
                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["daily", "-o", str(tmp_path), *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_json_bank_and_a_folder_of_them(tmp_path: Path) -> None:
    """The app's shipped bank is JSON (a list of {puzzle, ratings}, or an object holding it under
    "puzzles"), one file a level in a folder; ratings it carries are used as they are."""
    lines = (SHARED / "puzzles" / "newspaper-mixed.txt").read_text().splitlines()[:6]
    folder = tmp_path / "bank"
    folder.mkdir()
    known = {"se": {"er": 9.0}, "hodoku": {"level": "Extreme", "score": 5000}}  # said to be extreme
    (folder / "a.json").write_text(json.dumps([{"puzzle": lines[0], "ratings": known}, lines[1], 5]))
    (folder / "b.json").write_text(json.dumps({"puzzles": [{"puzzle": p} for p in lines[2:]]}))
    code = main(["daily", "-o", str(tmp_path / "out"), "--from", "2027-01-03", "--days", "1",
                 "--levels", "extreme", "--bank", str(folder)])
    assert code == 0
    assert json.loads((tmp_path / "out" / "index.json").read_text())[0]["puzzle"] == lines[0]
