"""The long fuzz run of issue 36, and the store's faults one by one.

    .venv/bin/python scripts/fuzz.py [--seconds 120] [--faults]

For ``--seconds`` per target (the readers, the command line in-process, ``worker_api.handle``) it
feeds the inputs of ``tests/fuzz_inputs.py`` and checks every answer as ``tests/test_fuzz.py``
does, but keeps going after a failure; it prints the inputs tried and the failures, with the first
few failing inputs. ``--faults`` then puts a store through each fault (a second writer, a full disk,
a read-only store, flipped bytes, a foreign schema, a file that is not SQLite, a kill -9 mid-run and
the resume) and prints what happened to each. Exit code 1 when anything failed.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests")]

from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from fuzz_inputs import check_cli, check_worker, command_line, mutated, worker_request  # noqa: E402
from sudoku_grader import worker_api  # noqa: E402
from sudoku_grader.bank.store import Store, StoreError  # noqa: E402
from sudoku_grader.cli import main  # noqa: E402
from sudoku_grader.errors import SudokuError  # noqa: E402
from sudoku_grader.formats import parse, parse_library, parse_position  # noqa: E402


class Tally:
    def __init__(self, name: str, seconds: float) -> None:
        self.name, self.until = name, time.monotonic() + seconds
        self.tried = 0
        self.failures: list[str] = []


class _Enough(Exception):
    pass


def fuzz(name: str, strategy: st.SearchStrategy[Any], check: Callable[[Any], None], seconds: float) -> Tally:
    tally = Tally(name, seconds)

    @settings(max_examples=10**7, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def run(value: Any) -> None:
        if time.monotonic() > tally.until:
            raise _Enough
        tally.tried += 1
        try:
            check(value)
        except Exception as e:  # noqa: BLE001 - a finding, recorded and the run goes on
            tally.failures.append(f"{value!r:.300} -> {type(e).__name__}: {str(e)[:300]}")

    with contextlib.suppress(_Enough):
        run()
    return tally


def check_readers(text: str) -> None:
    for reader in (parse, parse_position, parse_library):
        with contextlib.suppress(SudokuError):
            reader(text)


def check_command(argv: list[str]) -> None:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    check_cli(argv, code, out.getvalue(), err.getvalue())


def check_request(request: tuple[str, str, str]) -> None:
    check_worker(request, worker_api.handle(*request))


# ----------------------------------------------------------------- store faults
P = "37......1...7....54.8.61.9.....1.....5..9.46..86..2.3..........694..52.38..1495.."


def cli(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "sudoku_grader", *argv], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "py")}, timeout=600)


class _Said(list[tuple[str, bool, str]]):
    """The outcomes, each printed as it comes (a slow machine still shows the first ones)."""

    def append(self, item: tuple[str, bool, str]) -> None:
        super().append(item)
        fault, ok, what = item
        print(f"store fault: {fault}: {'ok' if ok else 'NOT HANDLED'} ({what})", flush=True)


def faults(tmp: Path) -> list[tuple[str, bool, str]]:
    """(fault, handled as documented, what happened) per store fault."""
    out = _Said()
    bank = tmp / "bank.txt"
    lines = (ROOT.parent / "shared" / "puzzles" / "top95.txt").read_text().splitlines()[:12]
    bank.write_text("\n".join(lines) + "\n")

    def last(p: subprocess.CompletedProcess[str]) -> str:
        return f"exit {p.returncode}: {(p.stderr.strip().splitlines() or [''])[-1][:160]}"

    # a second writer
    db = tmp / "two.sqlite"
    first = Store(db, write=True)
    p = cli("rate", "--db", str(db), "--scales", "hodoku", P)
    first.close()
    out.append(("second writer", p.returncode == 4 and "another run" in p.stderr, last(p)))
    # full disk (SQLite's page limit makes the same SQLITE_FULL a full disk does)
    store = Store(tmp / "full.sqlite", write=True)
    store.db.execute(f"PRAGMA max_page_count={store.db.execute('PRAGMA page_count').fetchone()[0] + 1}")
    try:
        for i in range(300):
            store.put(f"{i:081d}", "k", "v", "-", i, {"status": "unique", "pad": "x" * 500}, None)
        store.commit()
        out.append(("full disk", False, "no error"))
    except StoreError as e:
        out.append(("full disk", "disk is full" in str(e), f"StoreError: {e}"))
    store.buffer.clear()
    store.close()
    # read-only
    ro = tmp / "ro.sqlite"
    Store(ro, write=True).close()
    if os.geteuid() != 0:
        os.chmod(ro, 0o444)
        p = cli("rate", "--db", str(ro), "--scales", "hodoku", P)
        out.append(("read-only file", p.returncode == 4 and "read-only" in p.stderr, last(p)))
    else:
        store = Store(ro, write=True)
        store.db.execute("PRAGMA query_only=1")
        store.put(P, "k", "v", "-", 1, {"status": "unique"}, None)
        try:
            store.commit()
            out.append(("read-only (query_only, running as root)", False, "no error"))
        except StoreError as e:
            out.append(("read-only (query_only, running as root)", "read-only" in str(e), f"StoreError: {e}"))
        store.buffer.clear()
        store.close()
    # flipped bytes, then resume and export
    db = tmp / "flip.sqlite"
    p = cli("rate", "--db", str(db), "--scales", "grader2009", "-f", str(bank), "--quiet")
    data = bytearray(db.read_bytes())
    for k in range(20):
        data[4096 + 1 + k] ^= 0xA5
    db.write_bytes(bytes(data))
    p = cli("rate", "--db", str(db), "--scales", "grader2009", "-f", str(bank))
    out.append(("20 flipped bytes, resume", p.returncode == 4 and "damaged" in p.stderr, last(p)))
    p = cli("rate", "--db", str(db), "--scales", "grader2009", "--export", "jsonl")
    rows = len(p.stdout.splitlines())
    out.append(("20 flipped bytes, export", "internal" not in p.stderr and "Traceback" not in p.stderr,
                f"{rows} rows exported; {last(p)}"))
    # a row that is not UTF-8
    db = tmp / "utf.sqlite"
    cli("rate", "--db", str(db), "--scales", "grader2009", "-f", str(bank), "--quiet")
    con = sqlite3.connect(db)
    con.execute("UPDATE ratings SET result = CAST(x'7bff22' AS TEXT) WHERE rowid = 5")
    con.commit()
    con.close()
    p = cli("rate", "--db", str(db), "--scales", "grader2009", "--export", "csv")
    rows = len(p.stdout.splitlines()) - 1
    out.append(("a row not UTF-8, export", rows == len(lines) - 1 and p.returncode == 4, f"{rows} rows; {last(p)}"))
    # foreign schema and not SQLite
    db = tmp / "foreign.sqlite"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE ratings (puzzle, scale_set)")
    con.commit()
    con.close()
    p = cli("rate", "--db", str(db), P)
    out.append(("foreign schema", p.returncode == 4 and "another layout" in p.stderr, last(p)))
    text = tmp / "text.sqlite"
    text.write_text("not a database\n")
    p = cli("rate", "--db", str(text), P)
    out.append(("not an SQLite file", p.returncode == 4 and "not an SQLite" in p.stderr, last(p)))
    # kill -9 mid-run, resume, compare with an unbroken run
    whole, broken = tmp / "whole.sqlite", tmp / "broken.sqlite"
    cli("rate", "--db", str(whole), "--scales", "hodoku", "-f", str(bank), "--quiet")
    run = subprocess.Popen([sys.executable, "-m", "sudoku_grader", "rate", "--db", str(broken), "--scales", "hodoku",
                            "-f", str(bank), "--quiet", "--jobs", "2"],
                           env={**os.environ, "PYTHONPATH": str(ROOT / "py")})
    time.sleep(4)
    os.kill(run.pid, signal.SIGKILL)
    run.wait()
    kept = Store(broken).count() if broken.exists() else 0
    p = cli("rate", "--db", str(broken), "--scales", "hodoku", "-f", str(bank))

    def rows_of(path: Path) -> list[str]:
        return sorted(json.dumps({k: v for k, v in r.items() if k != "seconds"}, sort_keys=True)
                      for r in Store(path).results())

    same = rows_of(broken) == rows_of(whole)
    out.append(("kill -9 mid-run, resume", same and p.returncode == 0,
                f"{kept} rows kept at the kill; resume {last(p)}; same rows as an unbroken run: {same}"))
    return out


def main_() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=120.0, help="per target (default 120)")
    ap.add_argument("--faults", action="store_true", help="also put a store through each fault")
    ap.add_argument("--only-faults", action="store_true", help="the store's faults only, no fuzzing")
    args = ap.parse_args()
    failed = 0
    targets = [] if args.only_faults else [("readers", mutated(), check_readers),
                                           ("command line (in-process)", command_line(), check_command),
                                           ("worker_api.handle", worker_request(), check_request)]
    for name, strategy, check in targets:
        t0 = time.monotonic()
        tally = fuzz(name, strategy, check, args.seconds)
        failed += len(tally.failures)
        print(f"{name}: {tally.tried} inputs tried in {time.monotonic() - t0:.0f} s, {len(tally.failures)} failures",
              flush=True)
        for f in tally.failures[:5]:
            print(f"  {f}")
    if args.faults or args.only_faults:
        with tempfile.TemporaryDirectory() as tmp:
            failed += sum(not ok for _, ok, _ in faults(Path(tmp)))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main_())
