"""``se_stop`` ("pearl" / "diamond", serate's --pearl / --diamond) through api, CLI and worker, and
the `ratings.Settings` record that carries it (with the scales and scores) and names the bank's rows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_grader import __version__, api, worker_api
from sudoku_grader.bank.store import Store
from sudoku_grader.errors import SudokuError
from sudoku_grader.ratings import BY_ID, SCALES, Settings
from test_cli import json_lines, run

# ER 7.2, EP 1.2, ED 1.2 (reference se-ratings.tsv, newspaper-mixed): the first placement is the
# first step, so stopping at EP skips nearly all of the walk.
EARLY = "..19....86...85.3...7.6.1...34.9.......5.4.......1.42...5.7.9...1.84...77....92.."


def test_stop_keeps_ep_ed_of_the_full_rating_and_says_which_are_final() -> None:
    full = api.rate(EARLY, "se")["ratings"]["se"]
    assert (full["er"], full["ep"], full["ed"]) == (7.2, 1.2, 1.2)
    assert full["final"] == ["er", "ep", "ed"] and full["complete"]
    pearl = api.rate(EARLY, "se", se_stop="pearl")["ratings"]["se"]
    diamond = api.rate(EARLY, "se", se_stop="diamond")["ratings"]["se"]
    assert (pearl["ep"], pearl["ed"]) == (full["ep"], full["ed"])
    assert pearl["final"] == ["ep", "ed"] and not pearl["complete"] and pearl["stopped"] == "pearl"
    assert diamond["ed"] == full["ed"] and diamond["final"] == ["ed"]
    assert pearl["er"] < full["er"]  # only the hardest step so far
    assert len(pearl["path"]) < len(full["path"])
    assert pearl["seconds"] < full["seconds"] / 4


def test_bad_se_stop_is_a_clear_error() -> None:
    out = api.rate(EARLY, "se", se_stop="ruby")
    assert out["status"] == "invalid" and "pearl" in out["error"]


def test_cli_and_worker_pass_se_stop() -> None:
    r = run("rate", "--scales", "se", "--se-stop", "pearl", EARLY)
    assert r.returncode == 0, r.stderr
    [out] = json_lines(r.stdout)
    assert out["ratings"]["se"]["final"] == ["ep", "ed"] and out["ratings"]["se"]["ep"] == 1.2
    r = run("rate", "--scales", "se", "--se-stop", "diamond", "--format", "csv", "--time-limit", "60", EARLY)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[1].split(",")[2:5] == ["1.2", "1.2", "1.2"]
    assert run("rate", "--se-stop", "ruby", EARLY).returncode == 2
    out = json.loads(worker_api.handle("rate", EARLY, json.dumps({"scales": "se", "se_stop": "diamond"})))
    assert out["ratings"]["se"]["final"] == ["ed"] and "ignored_options" not in out


def test_settings_check_themselves_and_read_the_users_words() -> None:
    with pytest.raises(SudokuError, match="pearl"):
        Settings(("se",), se_stop="ruby")
    with pytest.raises(SudokuError, match="unknown scale 'sotd'"):
        Settings(("sotd",))  # the record holds ids; `read` takes aliases
    read = Settings.read("SE, sotd,se", {"x-wing": 3}, "pearl", detail=True)
    assert read.scales == ("se", "sudokuoftheday") and read.detail
    assert read.scores == {"sourgumdrop": {"x-wing": 3}}  # a flat table is SourGumdrop's
    assert Settings().scales == SCALES
    only_hodoku = Settings(("hodoku",), se_stop="pearl")
    assert only_hodoku.stop_of(BY_ID["hodoku"]) is None and only_hodoku.stop_of(BY_ID["se"]) == "pearl"
    assert only_hodoku.key() == "hodoku"  # the stop changes nothing a scale without stops rates


# Keys as the bank wrote them before the record existed (bank.store.scale_set_key, a0fb3ad): a
# store filled then must still be found, so the rows are not rated again.
OLD_KEYS = [
    (("se", "hodoku"), None, "pearl", "se,hodoku+se-stop:pearl"),
    (("hodoku",), None, "pearl", "hodoku"),
    (("hodoku", "se"), {"hodoku": {"X-Wing": 200}}, "diamond", "hodoku,se+se-stop:diamond+scores:73dd4a230a0d"),
    (SCALES, {"x-wing": 3}, None,
     "se,hodoku,sudokuwiki,sourgumdrop,sudokuoftheday,grader2009+scores:02d4105a2a6c"),
]


@pytest.mark.parametrize(("scales", "scores", "stop", "old"), OLD_KEYS)
def test_the_store_key_is_the_one_old_banks_hold(scales: tuple[str, ...], scores: dict[str, object] | None,
                                                 stop: str | None, old: str) -> None:
    assert Settings.read(scales, scores, stop).key() == old


def test_a_store_written_under_an_old_key_is_found(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite"
    row = api.rate(EARLY, "se,hodoku", se_stop="pearl")
    store = Store(db, write=True)
    store.put(row["puzzle"], "se,hodoku+se-stop:pearl", __version__, "arguments", 1, row, None)
    store.close()
    r = run("rate", "--db", str(db), "--scales", "se,hodoku", "--se-stop", "pearl", EARLY)
    assert r.returncode == 0 and "0 rated, 1 stored before" in r.stderr, r.stderr
