"""``--detail`` on the command line (issue 32): ``explain`` prints each forcing step's net as an
outline (the same branches and implications as its JSON) and each scale's hardest step and why it
stopped; ``rate`` adds each scale's own path and stop to its JSON; where the detail cannot go
(a CSV row, the rating store) the command says so and exits 2.

Budget: a few seconds (one top95 puzzle whose path has a net, one SE 7.1 puzzle on two scales).
"""

from __future__ import annotations

import json
import re

import pytest

from conftest import puzzle_set
from sudoku_grader.cli.main import main

# SE 7.1, HoDoKu Hard; Sudoku of the Day's techniques run out after 33 steps (a Skyscraper is next)
SHORT = ".................1..2.34..........3...4.5.2...6.1..........34...1.7....88.......6"


def _main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    got = capsys.readouterr()
    return code, got.out, got.err


def test_explain_detail_prints_each_net_as_its_outline(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = puzzle_set("top95")[21]
    code, text, _ = _main(capsys, "explain", "--json", "--scales", "none", puzzle)
    assert code == 0
    nets = [s for s in json.loads(text)["steps"] if "net" in s]
    assert nets
    code, text, _ = _main(capsys, "explain", "--detail", "--scales", "none", puzzle)
    assert code == 0
    blocks = text.split("      Net: ")[1:]
    assert len(blocks) == len(nets)
    for step, block in zip(nets, blocks, strict=True):
        net = step["net"]
        assert block.startswith(f"assume {net['premise']}" if net["kind"] == "contradiction"
                                else f"one of {net['premise']} holds")
        branches = re.findall(r"^ {8}Branch \d+: (\S+)$", block, re.M)
        assert branches == [b["assume"] for b in net["branches"]]
        shown = re.findall(r"^ {10}\d+\. (\S+)  \((.+?)(?:; from (.+))?\)$", block, re.M)
        wanted = [(i["move"], i["reason"], ", ".join(i["from"])) for b in net["branches"] for i in b["implications"]]
        assert shown == wanted
        assert f"  So: {net['conclusion']}" in block
    # without --detail the text has no outline
    code, text, _ = _main(capsys, "explain", "--scales", "none", puzzle)
    assert code == 0 and "Net: " not in text


def test_explain_detail_says_each_scales_hardest_step_and_why_it_stopped(capsys: pytest.CaptureFixture[str]) -> None:
    code, text, _ = _main(capsys, "explain", "--detail", "--scales", "hodoku,sudokuoftheday", SHORT)
    assert code == 0
    assert re.search(r"^  hodoku: .*\n {6}hardest step: W-Wing \(step \d+ of its own path\)$", text, re.M)
    assert re.search(r"^ {6}stopped after 33 steps: nothing in its technique set applied \(.+\); "
                     r"the default path takes Skyscraper there$", text, re.M)


def test_rate_detail_adds_each_scales_own_path_and_stop(capsys: pytest.CaptureFixture[str]) -> None:
    code, text, _ = _main(capsys, "rate", "--detail", "--scales", "hodoku,sudokuoftheday", SHORT)
    assert code == 0
    ratings = json.loads(text)["ratings"]
    hod, sotd = ratings["hodoku"], ratings["sudokuoftheday"]
    assert hod["solved"] and "stopped_short" not in hod
    assert hod["path_steps"][hod["hardest"]["index"]]["technique"] == hod["hardest"]["technique"] == "w-wing"
    assert not sotd["solved"] and len(sotd["path_steps"]) == sotd["stopped_short"]["after"] == 33
    assert sotd["stopped_short"]["default_next"]["technique"] == "skyscraper"
    code, text, _ = _main(capsys, "rate", "--scales", "hodoku", SHORT)
    assert code == 0 and "path_steps" not in json.loads(text)["ratings"]["hodoku"]


@pytest.mark.parametrize(("extra", "said"), [
    (("--format", "csv"), "a CSV row cannot hold"),
    (("--db", "ratings.sqlite"), "it is not stored"),
])
def test_detail_where_it_cannot_go_is_a_usage_error(capsys: pytest.CaptureFixture[str], extra: tuple[str, ...],
                                                    said: str) -> None:
    code, text, err = _main(capsys, "rate", "--detail", *extra, SHORT)
    assert code == 2 and text == ""
    assert err.startswith("error: --detail") and said in err
    code, _, err = _main(capsys, "explain", "--detail", "--format", "csv", SHORT)
    assert code == 2 and "a CSV row cannot hold" in err
