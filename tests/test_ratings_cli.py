"""The `rate` and `compare` commands: field names, CSV, jobs keep order, score tables, reports."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from conftest import puzzle_set
from sudoku_grader import api, cli

EASY = puzzle_set("project-euler-96")[:4]


def _run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    code = cli.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_rate_jsonl_has_the_contract_fields(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, ["rate", EASY[0]])
    assert code == 0
    r = json.loads(out)
    assert r["status"] == "unique" and len(r["solution"]) == 81
    rt = r["ratings"]
    assert "er" in rt["se"] or "error" in rt["se"]
    assert rt["hodoku"]["level"] in ("Easy", "Medium", "Hard", "Unfair", "Extreme")
    assert isinstance(rt["hodoku"]["score"], int)
    assert {"score", "grade"} <= set(rt["sudokuwiki"])
    assert "score" in rt["sourgumdrop"]
    assert {"score", "level"} <= set(rt["sudokuoftheday"])
    assert {"strategic", "procedural", "total"} <= set(rt["grader2009"])
    assert isinstance(r["techniques"], dict) and sum(r["techniques"].values()) > 0
    assert r["seconds"] >= 0
    assert "bottleneck" in r


def test_rate_scales_restrict_the_work(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = _run(capsys, ["rate", "--scales", "hodoku,grader2009", EASY[0]])
    assert list(json.loads(out)["ratings"]) == ["hodoku", "grader2009"]
    code, _, err = _run(capsys, ["rate", "--scales", "nope", EASY[0]])
    assert code == 2 and "unknown scale" in err


def test_rate_csv_one_row_per_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = _run(capsys, ["rate", "--format", "csv", "--scales", "hodoku,sudokuwiki", *EASY[:2], "bad"])
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [r["puzzle"] for r in rows[:2]] == [p.strip() for p in EASY[:2]]
    assert rows[0]["ratings.hodoku.level"] == "Easy"
    assert float(rows[0]["ratings.sudokuwiki.score"]) > 0
    assert rows[2]["status"] == "invalid" and rows[2]["error"]


def test_rate_jobs_keep_input_order_and_show_progress(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "p.txt"
    f.write_text("\n".join(EASY) + "\n")
    _, one, _ = _run(capsys, ["rate", "-f", str(f), "--scales", "hodoku"])
    _, two, err = _run(capsys, ["rate", "-f", str(f), "--scales", "hodoku", "--jobs", "2"])
    strip = [{k: v for k, v in json.loads(line).items() if k != "seconds"} for line in one.splitlines()]
    strip2 = [{k: v for k, v in json.loads(line).items() if k != "seconds"} for line in two.splitlines()]
    assert strip == strip2 and len(strip) == len(EASY)
    assert f"{len(EASY)}/{len(EASY)} puzzles" in err


def test_rate_scores_file_changes_sourgumdrop(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from sudoku_grader.ratings.sourgumdrop import DEFAULT_SCORES

    puzzle = EASY[1]
    base = api.rate(puzzle, "sourgumdrop")["ratings"]["sourgumdrop"]
    assert base["score"] > 0
    # tripling every score keeps the order (scores set the order) and triples the puzzle's score
    names = {"hidden-single": "Hidden Single", "x-wing": "X-Wing"}
    f = tmp_path / "scores.json"
    f.write_text(json.dumps({"sourgumdrop": {names.get(k, k): 3 * v for k, v in DEFAULT_SCORES.items()}}))
    _, out, _ = _run(capsys, ["rate", "--scales", "sourgumdrop", "--scores", str(f), puzzle])
    assert json.loads(out)["ratings"]["sourgumdrop"]["score"] == 3 * base["score"]
    # a flat table is SourGumdrop's; 0 switches hidden singles off, so naked singles alone cannot finish
    f.write_text(json.dumps({"hidden-single": 0}))
    _, out, _ = _run(capsys, ["rate", "--scales", "sourgumdrop", "--scores", str(f), puzzle])
    r = json.loads(out)["ratings"]["sourgumdrop"]
    assert "hidden-single" not in r["counts"]


def test_rate_reports_unsolvable_and_multiple(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, ["rate", "." * 81])
    assert code == 1 and json.loads(out)["status"] == "multiple"


def test_explain_shows_ratings_before_the_path_and_marks_the_bottleneck(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = _run(capsys, ["explain", "--json", EASY[1]])
    r = json.loads(out)
    keys = list(r)
    assert keys.index("ratings") < keys.index("steps")
    assert sum(1 for s in r["steps"] if s.get("bottleneck")) == 1
    _, text, _ = _run(capsys, ["explain", EASY[1]])
    lines = text.splitlines()
    hodoku_line = next(i for i, line in enumerate(lines) if line.strip().startswith("hodoku:"))
    marked = [i for i, line in enumerate(lines) if "<==" in line]
    assert len(marked) == 1 and hodoku_line < marked[0]


@pytest.mark.parametrize("fmt", ["html", "md"])
def test_compare_writes_report_and_histograms(tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    a, b = tmp_path / "easy.txt", tmp_path / "other.txt"
    a.write_text("\n".join(puzzle_set("project-euler-96")[:6]) + "\n")
    b.write_text("\n".join(puzzle_set("newspaper-mixed")[:6]) + "\n")
    out_dir = tmp_path / "rep"
    code, out, _ = _run(capsys, ["compare", str(a), str(b), "-o", str(out_dir), "--report", fmt,
                                 "--scales", "hodoku,sudokuwiki,grader2009"])
    assert code == 0
    report = Path(out.strip())
    assert report.exists() and report.name == f"report.{fmt}"
    text = report.read_text()
    assert "easy" in text and "other" in text and "HoDoKu score" in text
    svg = (out_dir / "hodoku-score.svg").read_text()
    assert svg.startswith("<svg") and svg.count("<rect") > 2
    if fmt == "html":
        assert "<svg" in text and "p (two-sided)" in text


def test_compare_format_prints_the_reports_figures_as_records(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """``compare --format jsonl|csv``: one summary per scale and collection, one Welch test per pair,
    the same figures in both formats and in the report; the report's path goes to standard error."""
    rated = {name: [api.rate(p, "hodoku,grader2009") for p in puzzle_set(name)[:4]]
             for name in ("project-euler-96", "newspaper-mixed")}
    files = []
    for name, rows in rated.items():
        files.append(tmp_path / f"{name}.jsonl")
        files[-1].write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    argv = ["compare", *map(str, files), "-o", str(tmp_path / "r"), "--report", "md"]
    code, out, err = _run(capsys, [*argv, "--format", "jsonl"])
    assert code == 0 and err.strip().endswith("report.md") and Path(err.strip().splitlines()[-1]).exists()
    records = [json.loads(line) for line in out.splitlines()]
    assert [(r["kind"], r["metric"]) for r in records] == [
        ("summary", "hodoku.score"), ("summary", "hodoku.score"), ("welch", "hodoku.score"),
        ("summary", "grader2009.total"), ("summary", "grader2009.total"), ("welch", "grader2009.total")]
    scores = [r["ratings"]["hodoku"]["score"] for r in rated["newspaper-mixed"]]
    mine = next(r for r in records if r["collection"] == "newspaper-mixed" and r["metric"] == "hodoku.score")
    assert (mine["count"], mine["mean"], mine["max"]) == (4, sum(scores) / 4, max(scores))
    assert records[2]["other"] == "newspaper-mixed" and 0 <= records[2]["p_two_sided"] <= 1
    code, text, _ = _run(capsys, [*argv, "--format", "csv"])
    rows = list(csv.DictReader(io.StringIO(text)))
    assert code == 0 and len(rows) == len(records)
    assert float(rows[1]["mean"]) == records[1]["mean"] and rows[0]["t"] == "" and rows[2]["count"] == ""
    code, out, _ = _run(capsys, argv)
    assert code == 0 and out.strip().endswith("report.md")  # without --format: the path, as before
    assert _run(capsys, [*argv, "--json", "--format", "csv"])[0] == 2


def test_compare_accepts_rated_jsonl(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rated = [api.rate(p, "hodoku") for p in puzzle_set("project-euler-96")[:3]]
    f = tmp_path / "rated.jsonl"
    f.write_text("\n".join(json.dumps(r) for r in rated) + "\n")
    code, out, _ = _run(capsys, ["compare", str(f), "-o", str(tmp_path / "r"), "--report", "md"])
    assert code == 0
    assert "| rated | 3 |" in Path(out.strip()).read_text()
