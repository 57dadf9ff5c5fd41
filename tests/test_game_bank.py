"""The New-game bank shipped with the app (web/bank/, made by scripts/game_bank.py): its levels are
the page's select values, every puzzle is unique, in its level's bands and rated on every scale,
and a sample's ratings and puzzles come out the same from the engine and the generator again."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT
from sudoku_grader import api
from sudoku_grader.generator import GenerateOptions, generate_one
from sudoku_grader.ratings import SCALE_LIST

sys.path.insert(0, str(ROOT / "scripts"))
import game_bank  # noqa: E402

BANK = ROOT / "web" / "bank"
LEVELS = ("easy", "medium", "hard", "expert", "extreme", "six")


def index() -> dict[str, Any]:
    return json.loads((BANK / "index.json").read_text())


def entries(level: str) -> list[dict[str, Any]]:
    return json.loads((BANK / f"{level}.json").read_text())


def test_the_levels_are_the_pages_choices_and_the_counts_are_true() -> None:
    idx = index()
    assert [lv["id"] for lv in idx["levels"]] == list(LEVELS)
    for lv in idx["levels"]:
        got = entries(lv["id"])
        assert lv["count"] == len(got) > 0, lv["id"]
        assert all(len(e["puzzle"]) == lv["size"] ** 2 for e in got)
    assert [(lv["id"], tuple(lv["se"]), tuple(lv["hodoku"])) for lv in idx["levels"][:5]] == [
        (lid, band, levels) for lid, _label, band, levels in game_bank.LEVELS]


@pytest.mark.parametrize("level", LEVELS)
def test_every_puzzle_is_in_its_bands_and_rated_on_every_scale(level: str) -> None:
    got = entries(level)
    size = 6 if level == "six" else 9
    scales = {s.id for s in SCALE_LIST if size in s.sizes}
    puzzles = [e["puzzle"] for e in got]
    assert len(set(puzzles)) == len(puzzles), "a puzzle twice in one level"
    for e in got:
        assert set(e["ratings"]) == scales, e["seed"]
        assert len(e["solution"]) == size * size and "." not in e["solution"]
        assert all(p in (".", s) for p, s in zip(e["puzzle"], e["solution"], strict=True))
        if size == 9:
            assert game_bank.level_of({"ratings": e["ratings"]}) == level, e["seed"]


@pytest.mark.parametrize("level", LEVELS)
def test_a_sample_rates_and_generates_the_same_again(level: str) -> None:
    got = entries(level)
    size = 6 if level == "six" else 9
    for e in random.Random(30).sample(got, min(2, len(got))):
        made = generate_one(GenerateOptions(size=size), seed=e["seed"], max_tries=1)
        assert made is not None and made.puzzle == e["puzzle"] and made.solution == e["solution"]
        result = api.rate(e["puzzle"])
        assert result["status"] == "unique" and result["solution"] == e["solution"]
        assert game_bank.compact(result) == e["ratings"], e["seed"]


def test_pack_keeps_each_level_in_seed_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``pack`` takes the first puzzles of each level from the log, at most ``per_level``."""
    raw = tmp_path / "raw"
    raw.mkdir()
    lines = [{"seed": i, "size": 9, "puzzle": f"{i:081d}", "solution": "1" * 81,
              "ratings": {"se": {"er": er, "ep": 1.2, "ed": 1.2}, "hodoku": {"score": 1, "level": lv}}}
             for i, (er, lv) in enumerate([(1.5, "Easy"), (9.0, "Easy"), (2.6, "Medium"), (1.2, "Easy"),
                                            (1.3, "Easy")])]
    (raw / "raw9.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    monkeypatch.setattr(game_bank, "RAW", raw)
    monkeypatch.setattr(game_bank, "OUT", tmp_path / "out")
    idx = game_bank.pack(per_level=2, per_six=5)
    assert [e["seed"] for e in json.loads((tmp_path / "out" / "easy.json").read_text())] == [0, 3]
    assert [e["seed"] for e in json.loads((tmp_path / "out" / "medium.json").read_text())] == [2]
    assert {lv["id"]: lv["count"] for lv in idx["levels"]}["easy"] == 2
    assert idx["lines9"] == 5


def test_pack_extends_the_shipped_bank_from_a_later_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A log that starts past seed 0 adds to the shipped entries of the earlier seeds (whose logs
    are gone) and keeps the seed range; shipped entries of the log's own seeds are not kept twice."""
    raw, out = tmp_path / "raw", tmp_path / "out"
    raw.mkdir()
    out.mkdir()

    def line(seed: int, er: float, lv: str) -> dict[str, Any]:
        return {"seed": seed, "size": 9, "puzzle": f"{seed:081d}", "solution": "1" * 81,
                "ratings": {"se": {"er": er, "ep": 1.2, "ed": 1.2}, "hodoku": {"score": 1, "level": lv}}}

    shipped = [game_bank._entry(line(s, 1.5, "Easy")) for s in (0, 2, 7)]  # 7: a seed the new log has too
    (out / "easy.json").write_text(json.dumps(shipped))
    (out / "six.json").write_text(json.dumps([game_bank._entry({**line(0, 1, "Easy"), "size": 6})]))
    (out / "index.json").write_text(json.dumps({"seeds9": [0, 4], "lines9": 5}))
    (raw / "raw9.jsonl").write_text("".join(json.dumps(line(s, er, lv)) + "\n" for s, er, lv in
                                            [(5, 1.4, "Easy"), (6, 2.6, "Medium"), (7, 1.5, "Easy"), (8, 1.1, "Easy")]))
    monkeypatch.setattr(game_bank, "RAW", raw)
    monkeypatch.setattr(game_bank, "OUT", out)
    idx = game_bank.pack(per_level=4, per_six=5)
    assert [e["seed"] for e in json.loads((out / "easy.json").read_text())] == [0, 2, 5, 7]
    assert [e["seed"] for e in json.loads((out / "six.json").read_text())] == [0]  # no 6x6 log: kept
    assert idx["seeds9"] == [0, 8] and idx["lines9"] == 9
