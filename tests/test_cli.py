"""The command line, run as a subprocess the way users run it: every bad input of issue 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT, puzzle_set
from sudoku_grader.board import Board
from sudoku_grader.engine import apply_step, next_step
from sudoku_grader.formats import to_grid, to_pencilmark
from sudoku_grader.solver import solve

P = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "py")}


def run(*args: str, stdin: str | None = None, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        [sys.executable, "-m", "sudoku_grader", *args],
        input=stdin, capture_output=True, text=True, env=ENV, timeout=timeout,
    )
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def test_solve_and_explain_contract() -> None:
    proc = run("solve", P)
    assert proc.returncode == 0
    (out,) = json_lines(proc.stdout)
    assert out["puzzle"] == P and out["status"] == "unique" and len(out["solution"]) == 81
    proc = run("explain", "--json", P)
    (out,) = json_lines(proc.stdout)
    assert {"puzzle", "status", "solution", "solved", "steps"} <= out.keys()
    step = out["steps"][0]
    assert {"technique", "name", "placements", "eliminations", "text"} <= step.keys()
    assert all({"cell", "digit"} == p.keys() for p in step["placements"])
    text = run("explain", P).stdout
    assert "   1. " in text and ("Solved in" in text or "Stuck after" in text)


def test_bad_inputs_each_get_a_clear_message_and_the_rest_still_runs(tmp_path: Path) -> None:
    duplicate = "5" + P[1:5] + "5" + P[6:]
    # no duplicate, yet r1c9 can hold nothing: 1-8 are in its row and 9 in its column
    no_solution = "12345678." + "........9" + "." * 63
    several = P.replace("1", ".", 1)  # one given fewer
    sparse = P[:30] + "." * 51  # fewer than 17 givens
    lines = [P, P[:80], P[:10] + "x" + P[11:], duplicate, no_solution, several, sparse, P]
    f = tmp_path / "mixed.txt"
    f.write_text("\n".join(lines) + "\n\n")
    start = time.perf_counter()
    proc = run("solve", "-f", str(f))
    assert time.perf_counter() - start < 30
    assert proc.returncode == 1
    outs = json_lines(proc.stdout)
    assert [o["status"] for o in outs] == ["unique", "invalid", "invalid", "invalid", "none", "multiple",
                                           "multiple", "unique"]
    assert "81 cells (9x9) or 36 cells (6x6), this line has 80" in outs[1]["error"] and outs[1]["line"] == 2
    assert "unexpected character 'x'" in outs[2]["error"] and "character 11" in outs[2]["error"]
    assert "digit 5 appears twice in row 1: r1c1 and r1c6" in outs[3]["error"]
    assert "no solution" in outs[4]["error"]
    assert len(outs[5]["solutions"]) == 2 and outs[5]["differ"] and "more than one solution" in outs[5]["error"]
    assert "lines 2, 3, 4, 5, 6, 7" in proc.stderr


def test_empty_argument_and_empty_input() -> None:
    proc = run("solve", "")
    assert proc.returncode == 1 and "empty input" in json_lines(proc.stdout)[0]["error"]
    proc = run("solve", stdin="\n\n")
    assert proc.returncode == 1 and "no puzzle" in proc.stderr


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    assert run().returncode == 2
    assert run("frobnicate").returncode == 2
    assert run("solve", "--bogus", P).returncode == 2
    proc = run("solve", "-f", str(tmp_path / "missing.txt"))
    assert proc.returncode == 2 and "cannot read" in proc.stderr
    proc = run("steps", "--technique", "no-such-thing", P)
    assert proc.returncode == 2 and "unknown technique 'no-such-thing'" in proc.stderr
    assert run("explain", "--disable", "nonsense", P).returncode == 2


@pytest.mark.parametrize("spelling", ["locked-candidates-1", "Locked Candidates Type 1 (Pointing)", "pointing",
                                      "LC1", "0100"])
def test_steps_technique_spellings(spelling: str) -> None:
    proc = run("steps", "--technique", spelling, P)
    assert proc.returncode == 0
    (out,) = json_lines(proc.stdout)
    assert out["steps"] and {s["technique"] for s in out["steps"]} == {"locked-candidates-1"}


def test_techniques_listing() -> None:
    proc = run("techniques")
    assert proc.returncode == 0 and "hidden-single" in proc.stdout and "0002" in proc.stdout
    rows = json_lines(run("techniques", "--json").stdout)
    assert {"id", "name", "codes"} <= rows[0].keys()
    assert json_lines(run("techniques", "--format", "jsonl").stdout) == rows


def test_techniques_take_format_csv(capsys: pytest.CaptureFixture[str]) -> None:
    import csv
    import io

    from sudoku_grader import api

    code, text = _main(capsys, "techniques", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(text)))
    cat = api.techniques()
    assert code == 0 and [r["id"] for r in rows] == [t["id"] for t in cat]
    hidden = next(r for r in rows if r["id"] == "hidden-single")
    assert hidden["codes"] == "0002" and hidden["default"] == "true" and float(hidden["level"]) == 1.2
    code, text = _main(capsys, "techniques", "--options", "--format", "csv")
    options = list(csv.DictReader(io.StringIO(text)))
    assert code == 0 and [o["name"] for o in options] == [o["name"] for o in api.options_catalogue()]
    assert next(o for o in options if o["name"] == "uniqueness-missing-candidates")["presets"] == "hodoku:true"
    assert _main(capsys, "techniques", "--json", "--format", "csv")[0] == 2


def test_multiline_grid_and_pencilmark_file(tmp_path: Path) -> None:
    board = Board.from_string(P)
    grid_file = tmp_path / "grid.txt"
    grid_file.write_text(to_grid(board) + "\n")
    outs = json_lines(run("solve", "-f", str(grid_file)).stdout)
    assert len(outs) == 1 and outs[0]["puzzle"] == P and outs[0]["status"] == "unique"
    # a position from the middle of a solve, pasted as a candidate grid
    for _ in range(10):
        apply_step(board, next_step(board))
    pm = tmp_path / "pm.txt"
    pm.write_text(to_pencilmark(board))
    outs = json_lines(run("steps", "-f", str(pm)).stdout)
    assert len(outs) == 1 and outs[0]["steps"]
    outs = json_lines(run("steps", to_pencilmark(board)).stdout)  # as one argument
    assert len(outs) == 1 and outs[0]["steps"]


def test_explain_policy_and_disable() -> None:
    line = puzzle_set("newspaper-mixed")[2]
    # The path alone (--scales none): the ratings walk their own paths and are tested elsewhere.
    args = ("explain", "--json", "--scales", "none", "--policy", "random", "--seed", "4", line)
    a = json_lines(run(*args).stdout)[0]
    b = json_lines(run(*args).stdout)[0]
    assert a["steps"] == b["steps"]
    off = run("explain", "--json", "--scales", "none", "--disable", "hidden-single,full-house", line)
    c = json_lines(off.stdout)[0]
    assert not {"hidden-single", "full-house"} & {s["technique"] for s in c["steps"]}


def test_explain_scales() -> None:
    """``explain --scales``: only the scales asked for are rated (none: the path alone), same path."""
    line = puzzle_set("newspaper-mixed")[2]
    full = json_lines(run("explain", "--json", line).stdout)[0]
    bare = json_lines(run("explain", "--json", "--scales", "none", line).stdout)[0]
    assert "ratings" not in bare
    assert [s["text"] for s in bare["steps"]] == [s["text"] for s in full["steps"]]
    some = json_lines(run("explain", "--json", "--scales", "hodoku,sudokuwiki", line).stdout)[0]
    assert set(some["ratings"]) == {"hodoku", "sudokuwiki"}
    assert some["ratings"]["hodoku"] == full["ratings"]["hodoku"]
    text = run("explain", "--scales", "hodoku", line).stdout
    assert "  hodoku: " in text and "  se: " not in text
    bad = run("explain", "--scales", "nonsense", line)
    assert bad.returncode == 2 and "unknown scale" in bad.stderr


def test_large_file_streams(tmp_path: Path) -> None:
    """10,000 lines go through in order, quickly, without progress noise when stderr is not a terminal."""
    grid = solve(Board.from_string(P)).solutions[0]
    easy = "".join("." if c % 10 == 0 else str(v) for c, v in enumerate(grid))
    f = tmp_path / "big.txt"
    with f.open("w") as out:
        for i in range(10000):
            out.write((easy if i != 2345 else easy[:-1] + "x") + "\n")
    proc = run("solve", "-f", str(f), timeout=120)
    lines = proc.stdout.splitlines()
    assert len(lines) == 10000 and proc.returncode == 1
    assert json.loads(lines[2345])["line"] == 2346
    assert "%" not in proc.stderr


def test_output_streams_before_input_ends() -> None:
    """The first answer arrives while standard input is still open: nothing reads the whole input first."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "sudoku_grader", "solve"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV,
    )
    assert proc.stdin and proc.stdout
    proc.stdin.write(P + "\n")
    proc.stdin.flush()
    first = json.loads(proc.stdout.readline())
    assert first["status"] == "unique"
    proc.stdin.write(P + "\n")
    proc.stdin.close()
    assert json.loads(proc.stdout.readline())["status"] == "unique"
    assert proc.wait(timeout=30) == 0


def test_garbage_bytes_never_traceback(tmp_path: Path) -> None:
    f = tmp_path / "junk.bin"
    f.write_bytes(bytes(range(256)) * 4 + b"\n" + P.encode() + b"\n" + P.encode() + b"\n")
    proc = run("explain", "-f", str(f))
    assert proc.returncode == 1 and "invalid" in proc.stdout and "Solution:" in proc.stdout


def test_finder_options_reach_the_command_line() -> None:
    """HoDoKu's reglib case 0600-2 (a rectangle with a missing candidate) through the CLI: found with
    ``--option uniqueness-missing-candidates=on`` or ``--preset hodoku``, not without; a bad option
    is a usage error."""
    from sudoku_grader.formats import parse_library
    from sudoku_grader.geometry import cell_name

    line = next(x for x in (ROOT.parent / "shared" / "reglib" / "reglib-1.3.txt").read_text().splitlines()
                if x.startswith(":0600-2:"))
    want = sorted((cell_name(c), d) for c, d in parse_library(line).eliminations)

    def found(*extra: str) -> bool:
        proc = run("steps", "--technique", "uniqueness-1", *extra, line)
        assert proc.returncode == 0, proc.stderr
        (out,) = json_lines(proc.stdout)
        return any(sorted((e["cell"], e["digit"]) for e in s["eliminations"]) == want for s in out["steps"])

    assert not found()
    assert found("--option", "uniqueness-missing-candidates=on")
    assert found("--preset", "hodoku")
    bad = run("explain", "--option", "uniqueness-missing-candidates=maybe", P)
    assert bad.returncode == 2 and "on or off" in bad.stderr
    listed = json_lines(run("techniques", "--options", "--json").stdout)
    assert {"name": "als-overlap", "type": "bool", "default": False}.items() <= listed[1].items()


def _main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    from sudoku_grader import cli

    code = cli.main(list(args))
    return code, capsys.readouterr().out


def test_every_record_command_takes_format_jsonl_or_csv(capsys: pytest.CaptureFixture[str]) -> None:
    """``--format csv``: the command's header, then rows that read back to the JSON record's
    values; ``--format jsonl`` is the default output byte for byte (``--json`` too)."""
    import csv
    import io

    from sudoku_grader import api

    easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    for command in ("solve", "steps", "hint", "explain"):
        extra = {"explain": ("--scales", "none"), "steps": ("--technique", "hidden-single")}.get(command, ())
        code, jsonl = _main(capsys, command, "--format", "jsonl", *extra, easy, "12345")
        assert code == 1  # the bad second puzzle
        assert _main(capsys, command, "--json", *extra, easy, "12345")[1] == jsonl
        if command != "explain":
            assert _main(capsys, command, *extra, easy, "12345")[1] == jsonl
        records = [json.loads(line) for line in jsonl.splitlines()]
        assert jsonl.splitlines()[0] == json.dumps(records[0])
        code, text = _main(capsys, command, "--format", "csv", *extra, easy, "12345")
        assert code == 1
        rows = list(csv.DictReader(io.StringIO(text)))
        header = text.splitlines()[0].split(",")
        assert header[0] == "puzzle" and header[-1] == "error" and len(set(header)) == len(header)
        good, bad = records
        assert rows[-1]["puzzle"] == "12345" and "81 cells" in rows[-1]["error"]
        mine = [r for r in rows if r["puzzle"] == good["puzzle"]]
        if command == "solve":
            assert mine == [{"puzzle": good["puzzle"], "status": "unique", "solution": good["solution"],
                             "error": ""}]
        elif command == "hint":
            (row,) = mine
            step = good["step"]
            assert (row["technique"], row["solved"], row["text"]) == (step["technique"], "false", step["text"])
            assert row["placements"] == " ".join(f"{p['cell']}={p['digit']}" for p in step["placements"])
        else:  # one row per step, numbered, the step's effect in r1c2=3 / r1c2<>3 form
            assert len(mine) == len(good["steps"]) > 10
            for i, (row, step) in enumerate(zip(mine, good["steps"]), 1):
                assert int(row["step"]) == i and row["technique"] == step["technique"]
                assert row["eliminations"] == " ".join(f"{e['cell']}<>{e['digit']}" for e in step["eliminations"])
            if command == "explain":
                assert {r["solved"] for r in mine} == {"true"} and mine[0]["stuck"] == ""
    code, text = _main(capsys, "solve", "--json", "--format", "csv", easy)
    assert code == 2
    assert _main(capsys, "solve", easy)[1] == json.dumps(api.solve(easy)) + "\n"


def test_generate_and_rate_take_the_same_format(capsys: pytest.CaptureFixture[str]) -> None:
    import csv
    import io

    args = ("generate", "--seed", "3", "--scale", "hodoku", "--level", "easy")
    code, jsonl = _main(capsys, *args, "--format", "jsonl")
    assert code == 0
    made = json.loads(jsonl)
    again = json.loads(_main(capsys, *args, "--json")[1])
    assert {**again, "seconds": 0} == {**made, "seconds": 0}
    code, text = _main(capsys, *args, "--format", "csv")
    (row,) = csv.DictReader(io.StringIO(text))
    assert text.splitlines()[0].endswith("seed,tries,seconds,ratings.hodoku.score,ratings.hodoku.level,techniques")
    assert (row["puzzle"], row["ratings.hodoku.level"], row["minimal"]) == (made["puzzle"], "Easy", "true")
    assert int(row["ratings.hodoku.score"]) == made["ratings"]["hodoku"]["score"]
    code, text = _main(capsys, "rate", "--scales", "hodoku", "--format", "csv", made["puzzle"])
    (rated,) = csv.DictReader(io.StringIO(text))
    assert code == 0 and rated["ratings.hodoku.score"] == row["ratings.hodoku.score"]
