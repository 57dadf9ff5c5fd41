"""Issue 36's defects, one test each (the issue's reproductions), and the store's faults.

Each test states what failed before: an "internal error" for bad input, a missing time limit,
orphaned ``--jobs`` workers, a store that failed with the wrong words or stopped half way, CSV a
reader splits, non-standard JSON.
"""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from sudoku_grader import api, worker_api
from sudoku_grader.bank import run as bank_run
from sudoku_grader.bank import timed
from sudoku_grader.bank.store import Store, StoreError
from sudoku_grader.cli import main
from sudoku_grader.cli.checks import cores
from sudoku_grader.errors import ParseError
from sudoku_grader.formats import parse, parse_library, to_pencilmark
from sudoku_grader.ratings import Settings
from sudoku_grader.techniques import get

ROOT = Path(__file__).resolve().parents[1]
P = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
P2 = "52...6.........7.13...........4..8..6......5...........418.........3..2...87....."
NO_CANDIDATE = "....1389.8.7....2...4.9...7.3.....5...234...8.7...6..41.9.27..6.8.1....5..38...12"
HARD = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def json_lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line, parse_constant=_reject) for line in text.splitlines() if line.strip()]


def _reject(name: str) -> Any:
    raise AssertionError(f"non-standard JSON constant {name}")


def cli(*argv: str, env: dict[str, str] | None = None, **kw: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "sudoku_grader", *argv], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "py"), **(env or {})}, timeout=120, **kw)


# ----------------------------------------------------------------- 1, 2: steps
def test_1_cell_without_candidate_is_no_internal_error(capsys: pytest.CaptureFixture[str]) -> None:
    # the technique itself no longer indexes an empty list on a cell that had no candidate
    list(get("forcing-chain-contradiction").steps(api.load(NO_CANDIDATE)))
    code, out, _ = run_main(capsys, "steps", NO_CANDIDATE)
    (rec,) = json_lines(out)
    assert code == 1 and rec["status"] == "none" and "no candidate" in rec["error"]
    assert "internal" not in out


def test_2_steps_refuses_grids_without_one_solution_and_has_a_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    t0 = time.perf_counter()
    code, out, _ = run_main(capsys, "steps", "--technique", "nested-forcing-net", "." * 81, "1234" + "." * 77)
    assert [r["status"] for r in json_lines(out)] == ["multiple", "multiple"] and code == 1
    assert all(r["steps"] == [] and "more than one solution" in r["error"] for r in json_lines(out))
    assert time.perf_counter() - t0 < 5
    t0 = time.perf_counter()
    # every technique on a hard position takes about half a second: a 0.05 s limit cuts it
    code, out, _ = run_main(capsys, "steps", "--time-limit", "0.05", HARD)
    (rec,) = json_lines(out)
    assert rec["status"] == "timeout" and "time limit of 0.05 s" in rec["error"]
    assert time.perf_counter() - t0 < 0.05 + timed.HARD_GRACE + 3
    # the worker's steps: a time limit (checked between techniques) and the same refusal
    got = json.loads(worker_api.handle("steps", P, json.dumps({"time_limit": 0.001})))
    assert got["status"] == "timeout"
    assert json.loads(worker_api.handle("steps", "." * 81))["status"] == "multiple"
    assert api.steps(P, "hidden-single")["status"] == "unique"


# ----------------------------------------------------------------- 3: time limits, internal errors
@pytest.mark.parametrize("value", ["nan", "inf", "1e300", "-1", "0", "٣"])
def test_3_time_limit_is_checked(capsys: pytest.CaptureFixture[str], value: str) -> None:
    for command in ("rate", "explain", "steps", "hint"):
        code, out, err = run_main(capsys, command, "--time-limit", value, P)
        assert code == 2 and out == "" and "--time-limit" in err and "internal" not in err


def test_3_internal_error_rows_are_not_stored_and_retried(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "s.sqlite"
    real = timed.rate

    def broken(text: str, *a: Any, **k: Any) -> dict[str, Any]:
        if text.strip() == P2:
            raise OverflowError("our bug")
        return real(text, *a, **k)

    monkeypatch.setattr(timed, "rate", broken)
    code, _, err = run_main(capsys, "rate", "--db", str(db), "--scales", "hodoku", P, P2)
    assert code == 3 and "1 internal errors" in err
    assert [r["puzzle"] for r in Store(db).results()] == [P]  # the bug's row is no verdict
    monkeypatch.setattr(timed, "rate", real)
    code, _, err = run_main(capsys, "rate", "--db", str(db), "--scales", "hodoku", P, P2)
    assert code == 0 and "1 rated, 1 stored before" in err
    assert sorted(r["puzzle"] for r in Store(db).results()) == sorted([P, P2])
    # without a store the row says "error", not "invalid"
    monkeypatch.setattr(timed, "rate", broken)
    code, out, _ = run_main(capsys, "rate", "--scales", "hodoku", P2)
    assert code == 3 and json_lines(out)[0]["status"] == "error"


# ----------------------------------------------------------------- 4: no orphaned workers
def _children(pid: int) -> set[int]:
    out: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        out |= {int(x) for x in text}
    return out


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_4_jobs_workers_end_with_their_parent(tmp_path: Path, sig: int) -> None:
    bank = tmp_path / "hard.txt"
    bank.write_text("\n".join(Path(ROOT.parent / "shared" / "puzzles" / "forum-hardest-1106.txt")
                              .read_text().splitlines()[:40]) + "\n")
    proc = subprocess.Popen([sys.executable, "-m", "sudoku_grader", "rate", "--jobs", "2", "--scales", "se",
                             "--quiet", "-f", str(bank), "--db", str(tmp_path / "s.sqlite")],
                            env={**os.environ, "PYTHONPATH": str(ROOT / "py")},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    workers: set[int] = set()
    while time.monotonic() < deadline and len(workers) < 2:
        time.sleep(0.2)
        workers = _children(proc.pid)
    assert len(workers) >= 2, "the workers did not start"
    time.sleep(0.5)  # mid-puzzle
    os.kill(proc.pid, sig)
    proc.wait(timeout=30)
    end = time.monotonic() + 10
    while time.monotonic() < end and any(_alive(w) for w in workers):
        time.sleep(0.1)
    assert not any(_alive(w) for w in workers), f"workers outlived their parent after signal {sig}"


# ----------------------------------------------------------------- 5, 6: the store
def test_5_a_second_writer_is_refused_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "s.sqlite"
    first = Store(db, write=True)
    try:
        first.put(P, "hodoku", "v", "-", 1, {"status": "unique"}, None)
        assert not first.db.in_transaction  # no write transaction stays open while puzzles are rated
        t0 = time.perf_counter()
        code, _, err = run_main(capsys, "rate", "--db", str(db), "--scales", "hodoku", P)
        assert code == 4 and "another run is writing" in err and time.perf_counter() - t0 < 5
        # a reader needs no wait: the held row is not committed yet, the export is simply empty
        code, out, _ = run_main(capsys, "rate", "--db", str(db), "--scales", "hodoku", "--export", "jsonl")
        assert code == 0
    finally:
        first.close()
    assert [r["status"] for r in Store(db).results()] == ["unique"]


def test_6_full_disk_and_read_only_are_said_plainly(tmp_path: Path) -> None:
    store = Store(tmp_path / "full.sqlite", write=True)
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count={pages + 1}")
    with pytest.raises(StoreError, match="the disk is full"):
        for i in range(400):
            store.put(f"{i:081d}", "k", "v", "-", i, {"status": "unique", "pad": "x" * 500}, None)
        store.commit()
    store.buffer.clear()
    store.close()
    ro = Store(tmp_path / "ro.sqlite", write=True)
    ro.db.execute("PRAGMA query_only=1")
    ro.put(P, "k", "v", "-", 1, {"status": "unique"}, None)
    with pytest.raises(StoreError, match="read-only"):
        ro.commit()
    ro.buffer.clear()
    ro.close()


def _rated_store(tmp_path: Path, capsys: pytest.CaptureFixture[str], n: int = 12) -> Path:
    db = tmp_path / "s.sqlite"
    lines = Path(ROOT.parent / "shared" / "puzzles" / "top95.txt").read_text().splitlines()[:n]
    bank = tmp_path / "bank.txt"
    bank.write_text("\n".join(lines) + "\n")
    code, _, _ = run_main(capsys, "rate", "--db", str(db), "--scales", "grader2009", "-f", str(bank), "--quiet")
    assert code == 0
    return db


def test_6_damaged_store_is_refused_and_export_goes_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = _rated_store(tmp_path, capsys)
    # a row whose text is not UTF-8 (the export stopped there), then flipped bytes
    con = sqlite3.connect(db)
    con.execute("UPDATE ratings SET result = CAST(x'7bff22' AS TEXT) WHERE rowid = 3")
    con.commit()
    con.close()
    code, out, err = run_main(capsys, "rate", "--db", str(db), "--scales", "grader2009", "--export", "jsonl")
    assert code == 4 and len(json_lines(out)) == 11 and "row 3 is damaged" in err
    data = bytearray(db.read_bytes())
    page = 4096
    for k in range(20):  # 20 flipped bytes: the second page's b-tree header and cell pointers
        data[page + 1 + k] ^= 0xA5
    db.write_bytes(bytes(data))
    code, _, err = run_main(capsys, "rate", "--db", str(db), "--scales", "grader2009", P)
    assert code == 4 and "damaged" in err and "internal" not in err
    code, out, err = run_main(capsys, "rate", "--db", str(db), "--scales", "grader2009", "--export", "csv")
    assert code in (0, 4) and "internal" not in err
    rows = list(csv.reader(io.StringIO(out)))
    assert rows and all(len(r) == len(rows[0]) for r in rows)


def test_6_foreign_sqlite_files_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = tmp_path / "other.sqlite"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE ratings (a, b)")
    con.commit()
    con.close()
    code, _, err = run_main(capsys, "rate", "--db", str(other), P)
    assert code == 4 and "another layout" in err and "no column" in err
    app = tmp_path / "app.sqlite"
    con = sqlite3.connect(app)
    con.execute("CREATE TABLE users (name)")
    con.commit()
    con.close()
    code, _, err = run_main(capsys, "rate", "--db", str(app), P)
    assert code == 4 and "another program's SQLite database" in err
    con = sqlite3.connect(app)
    assert [r[0] for r in con.execute("SELECT name FROM sqlite_master")] == ["users"]  # left untouched
    con.close()


# ----------------------------------------------------------------- 7: CSV
def test_7_csv_quotes_carriage_returns_and_neutralises_formulas(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "solve", "--format", "csv", "12\r34", "=HYPERLINK(1)", "+1", "-2", "@x", P)
    rows = list(csv.reader(io.StringIO(out, newline="")))
    assert len(rows) == 7 and all(len(r) == len(rows[0]) for r in rows)
    assert [r[0] for r in rows[1:]] == ["12\r34", "'=HYPERLINK(1)", "'+1", "'-2", "'@x", P]
    assert out.count("\n") == 7


# ----------------------------------------------------------------- 8: digits in other scripts
@pytest.mark.parametrize("digit", ["²", "④", "٠", "٣", "３"])
def test_8_non_ascii_digits_are_parse_errors(digit: str, capsys: pytest.CaptureFixture[str]) -> None:
    grid = to_pencilmark(api.load(P))
    bad = grid.replace("1", digit, 1)
    with pytest.raises(ParseError):
        parse(bad)
    line = ":0000::" + P + ":" + f"1{digit}1" + ":::"
    with pytest.raises(ParseError, match="deleted candidate"):
        parse_library(line)
    for text in (bad, line):
        code, out, _ = run_main(capsys, "hint", text)
        (rec,) = json_lines(out)
        assert code == 1 and rec["status"] == "invalid" and "internal" not in rec["error"]


# ----------------------------------------------------------------- 9: standard JSON
def test_9_no_nan_or_infinity(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scores = tmp_path / "s.json"
    for bad in ('{"hodoku": {"hidden-single": Infinity}}', '{"hodoku": {"hidden-single": NaN}}',
                '{"hodoku": {"hidden-single": 1e999}}'):
        scores.write_text(bad)
        code, out, err = run_main(capsys, "rate", "--scales", "hodoku", "--scores", str(scores), P)
        assert code == 2 and out == "" and "score table" in err or "finite" in err
    got = worker_api.handle("sleep", "", '{"seconds": NaN}')
    assert json.loads(got, parse_constant=_reject)["status"] == "invalid"


# ----------------------------------------------------------------- 10: the worker's bad requests
@pytest.mark.parametrize("op, options, says", [
    ("frobnicate", "{}", "unknown operation"),
    ("solve", "[1, 2]", "JSON object"),
    ("solve", "{", "not valid JSON"),
    ("rate", '{"scales": false}', 'option "scales"'),
    ("explain", '{"seed": [1]}', 'option "seed"'),
    ("generate", '{"timeout": 1e300}', 'option "timeout"'),
    ("generate", '{"timeout": -5}', 'option "timeout"'),
    ("sleep", '{"seconds": 1e9}', 'option "seconds"'),
    ("steps", '{"time_limit": "soon"}', 'option "time_limit"'),
])
def test_10_bad_requests_are_invalid_not_internal(op: str, options: str, says: str) -> None:
    got = json.loads(worker_api.handle(op, P, options), parse_constant=_reject)
    assert got["status"] == "invalid" and says in got["error"]


def test_10_an_option_named_text_is_not_passed_twice() -> None:
    got = json.loads(worker_api.handle("explain", P, '{"text": "x", "policy": "simplest"}'))
    assert got["status"] == "unique" and got["ignored_options"] == ["text"]


# ----------------------------------------------------------------- 11, 12: usage and exit codes
@pytest.mark.parametrize("argv", [
    ["rate", "--jobs", "2", "--chunk", "-5", P],
    ["rate", "--jobs", "99999999999999999999999", P],
    ["rate", "--jobs", "0", P],
    ["solve", "-f", "/proc/self/mem"],
    ["solve", "-f", "/"],
    ["explain", "--time-limit", "-1", P],
    ["explain", "--time-limit", "0", P],
    ["generate", "--count", "٣"],
])
def test_11_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, _, err = run_main(capsys, *argv)
    assert code == 2 and "error" in err and "internal" not in err


def test_11_jobs_are_capped_at_the_cores(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "rate", "--jobs", str(cores() + 30), "--scales", "hodoku", P)
    assert code == 0 and f"using {cores()}" in err and json_lines(out)[0]["status"] == "unique"


def test_11_compare_refuses_bad_lines_and_a_file_as_output_before_rating(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bank = tmp_path / "bank.txt"
    bank.write_text("\n".join([P] * 30) + "\n")
    broken = tmp_path / "broken.txt"
    broken.write_text(P + "\n{\n")
    code, _, err = run_main(capsys, "compare", str(bank), str(broken), "-o", str(tmp_path / "r"))
    assert code == 2 and "broken.txt, line 2" in err and "rating" not in err
    existing = tmp_path / "exists"
    existing.write_text("x")
    code, _, err = run_main(capsys, "compare", str(bank), "-o", str(existing))
    assert code == 2 and "a file of that name exists" in err and "rating" not in err


def test_12_rate_on_no_puzzle_and_unknown_score_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing\n\n")
    code, _, err = run_main(capsys, "rate", "-f", str(empty))
    assert code == 1 and "holds no puzzle" in err
    scores = tmp_path / "s.json"
    scores.write_text('{"hodoku": {"hiden-single": 3}}')
    code, _, err = run_main(capsys, "rate", "--scales", "hodoku", "--scores", str(scores), P)
    assert code == 2 and "unknown technique 'hiden-single'" in err


# ----------------------------------------------------------------- 13: compare
def test_13_compare_keeps_same_named_files_apart_and_escapes_markdown(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from sudoku_grader.cli.compare import collection_names

    assert collection_names([Path("a/bank.txt"), Path("b/bank.txt")]) == ["a/bank", "b/bank"]
    rows = [{"puzzle": P, "status": "unique", "ratings": {"hodoku": {"score": s}}} for s in (100, 120, 140)]
    for folder, shift in (("a", 0), ("<b>x|y<i>", 500)):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "bank.txt").write_text("\n".join(
            json.dumps({**r, "ratings": {"hodoku": {"score": r["ratings"]["hodoku"]["score"] + shift,
                                                    "level": "easy"}}}) for r in rows) + "\n")
    code, out, _ = run_main(capsys, "compare", str(tmp_path / "a" / "bank.txt"),
                            str(tmp_path / "<b>x|y<i>" / "bank.txt"), "--scales", "hodoku", "--report", "md",
                            "-o", str(tmp_path / "rep"), "--format", "jsonl")
    assert code == 0
    summaries = [r for r in json_lines(out) if r["kind"] == "summary" and r["metric"] == "hodoku.score"]
    assert [r["collection"] for r in summaries] == ["a/bank", "<b>x|y<i>/bank"]
    assert [r["mean"] for r in summaries] == [120, 620]
    report = (tmp_path / "rep" / "report.md").read_text()
    assert "<b>" not in report and "\\<b\\>x\\|y\\<i\\>/bank" in report


# ----------------------------------------------------------------- 14: bad bytes, impossible targets
def test_14_invalid_utf8_argument_does_not_stop_the_batch() -> None:
    env = {"PYTHONIOENCODING": "utf-8"}
    for fmt in ("csv", "jsonl"):
        proc = subprocess.run([sys.executable, "-m", "sudoku_grader", "solve", "--format", fmt,
                               b"12\xff34", P], capture_output=True, timeout=120,
                              env={**os.environ, "PYTHONPATH": str(ROOT / "py"), **env})
        assert proc.returncode == 1 and b"Traceback" not in proc.stderr
        assert P.encode() in proc.stdout  # the puzzle after the bad one is still answered


def test_14_generate_refuses_an_impossible_target(capsys: pytest.CaptureFixture[str]) -> None:
    t0 = time.perf_counter()
    code, _, err = run_main(capsys, "generate", "--scale", "se", "--min", "50")
    assert code == 2 and "rates from 1 to 12" in err and time.perf_counter() - t0 < 5
    code, _, err = run_main(capsys, "generate", "--min", "nan")
    assert code == 2


def test_rate_one_marks_our_bugs_as_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(timed, "rate", lambda *a, **k: 1 / 0)
    out = bank_run.rate_one(P, bank_run.Settings(Settings(("hodoku",))))
    assert out["status"] == "error" and "ZeroDivisionError" in out["error"]
