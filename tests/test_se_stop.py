"""``se_stop`` ("pearl" / "diamond", serate's --pearl / --diamond) through api, CLI and worker."""

from __future__ import annotations

import json

from sudoku_grader import api, worker_api
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
