"""Figures for rating banks (issue 19): throughput, scheduling overhead, peak memory.

    PYTHONPATH=py python3 scripts/bank_figures.py speed [--count 200] [--time-limit 10]
    PYTHONPATH=py python3 scripts/bank_figures.py memory --lines 1000000

``speed`` rates a mixed bank (every k-th line of the shared puzzle sets) on 1 process, 2 processes
and a 2-worker Dask LocalCluster (started before the clock runs) and prints puzzles per second per
core and the scheduling overhead: 1 - (sum of the puzzles' own seconds) / (wall time x workers), the
share of worker time not spent rating (task dispatch, pickling, the client, the tail of the run).

``memory`` writes an N-line file and rates it with ``rate --db --jobs 2``, sampling the resident
memory of the whole process tree five times a second; it prints the peak for the main process and
for the tree. ``--kind puzzles``: distinct puzzles (digit relabellings of easy puzzles) rated with
``--time-limit 0.000001``, so each costs its parse, its exact solve and its row, not the scales.
``--kind bad``: distinct unreadable lines, each answered at once by an error row: the cheapest line
the whole pipeline (reader, store look-up, chunks, workers, store row) still handles, for 1 million
lines on a shared machine.
"""

from __future__ import annotations

import argparse
import itertools
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
SHARED = Path(os.environ.get("SUDOKU_SHARED", ROOT.parent / "shared"))
SETS = ["newspaper-mixed", "printable-30-givens", "printable-25-givens", "project-euler-96", "top95",
        "royle17-sample300", "forum-hardest-1106"]


def mixed_bank(count: int) -> list[str]:
    """About ``count`` puzzles, an even share from every shared set, spread through each file."""
    per = max(1, count // len(SETS))
    out: list[str] = []
    for name in SETS:
        lines = [x.strip() for x in (SHARED / "puzzles" / f"{name}.txt").read_text().splitlines()
                 if x.strip() and not x.startswith("#")]
        step = max(1, len(lines) // per)
        out += lines[::step][:per]
    return out


def speed(args: argparse.Namespace) -> None:
    from distributed import LocalCluster

    from sudoku_grader import ratings
    from sudoku_grader.bank.run import Settings, rate_stream
    from sudoku_grader.ratings import SCALES

    bank = mixed_bank(args.count)
    settings = Settings(ratings.Settings(tuple(SCALES)), args.time_limit)
    print(f"{len(bank)} puzzles from {', '.join(SETS)}; all scales; time limit {args.time_limit} s; "
          f"load average {os.getloadavg()[0]:.1f}")
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as lc:
        runs = [("1 process", 1, None, 1), ("2 processes", 2, None, 2),
                ("Dask LocalCluster, 2 workers", 1, lc.scheduler_address, 2)]
        for label, jobs, cluster, workers in runs:
            t0 = time.perf_counter()
            results = list(rate_stream(enumerate(bank, 1), settings, jobs, cluster))
            wall = time.perf_counter() - t0
            busy = sum(r.get("seconds", 0.0) for r in results)
            timeouts = sum(r.get("status") == "timeout" for r in results)
            print(f"{label:30} {len(results)} puzzles in {wall:7.1f} s: {len(results) / wall / workers:6.2f} "
                  f"puzzles/s per core; rating {busy:7.1f} s of {wall * workers:7.1f} worker-s, overhead "
                  f"{100 * (1 - busy / (wall * workers)):4.1f}%; {timeouts} timeouts")


def _relabelled(puzzles: list[str], n: int) -> Iterator[str]:
    """``n`` distinct puzzles: every digit relabelling of each puzzle in turn (9! per puzzle)."""
    made = 0
    for p in puzzles:
        for perm in itertools.permutations("123456789"):
            yield "".join(perm[int(c) - 1] if c in "123456789" else "." for c in p)
            made += 1
            if made == n:
                return


def memory(args: argparse.Namespace) -> None:
    import psutil

    easy = [x.strip() for x in (SHARED / "puzzles" / "printable-30-givens.txt").read_text().splitlines()
            if x.strip() and not x.startswith("#")]
    with tempfile.TemporaryDirectory() as tmp:
        bank = Path(tmp) / "bank.txt"
        with open(bank, "w") as f:
            if args.kind == "puzzles":
                for line in _relabelled(easy, args.lines):
                    f.write(line + "\n")
            else:
                for i in range(args.lines):
                    f.write(f"x{i:080d}\n")
        db = Path(tmp) / "bank.sqlite"
        cmd = [sys.executable, "-m", "sudoku_grader", "rate", "-f", str(bank), "--db", str(db), "--jobs",
               str(args.jobs), "--time-limit", "0.000001", "--scales", "hodoku", "--quiet"]
        env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, env=env)
        main = psutil.Process(proc.pid)
        peak_main = peak_tree = 0
        while proc.poll() is None:
            try:
                tree = [main, *main.children(recursive=True)]
                rss = [p.memory_info().rss for p in tree]
            except psutil.Error:
                continue
            peak_main, peak_tree = max(peak_main, rss[0]), max(peak_tree, sum(rss))
            time.sleep(0.2)
        wall = time.perf_counter() - t0
        size = bank.stat().st_size
        print(f"{args.lines} lines of {args.kind} ({size / 1e6:.0f} MB), --jobs {args.jobs} --db: {wall:.0f} s, exit "
              f"{proc.returncode}; peak RSS main process {peak_main / 2**20:.0f} MiB, whole tree "
              f"{peak_tree / 2**20:.0f} MiB; store {db.stat().st_size / 1e6:.0f} MB")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="what", required=True)
    s = sub.add_parser("speed")
    s.add_argument("--count", type=int, default=210)
    s.add_argument("--time-limit", type=float, default=10.0)
    m = sub.add_parser("memory")
    m.add_argument("--lines", type=int, default=1_000_000)
    m.add_argument("--jobs", type=int, default=2)
    m.add_argument("--kind", choices=("puzzles", "bad"), default="puzzles")
    args = ap.parse_args()
    speed(args) if args.what == "speed" else memory(args)


if __name__ == "__main__":
    main()
