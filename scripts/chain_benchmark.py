"""Completeness and speed of the default engine on puzzle sets: how many are solved without guessing.

Usage: PYTHONPATH=py python scripts/chain_benchmark.py top1465 [--every 10] [--limit 150] [--timeout 60]

Prints per set: solved / total, median and max time of the full logical path,
how many puzzles used each technique, every unsound step (there should be none), and, on
the puzzles that ``../shared/reference/se-ratings.tsv`` timed, our time over Sudoku
Explainer's (a puzzle SE did not finish counts with SE's cap, so that ratio is an upper bound).
"""

from __future__ import annotations

import argparse
import signal
import statistics
import time
from collections import Counter
from pathlib import Path

from benchmark import se_reference

from sudoku_grader.engine import walk
from sudoku_grader.formats import parse
from sudoku_grader.solver import solve

PUZZLES = Path(__file__).resolve().parent.parent.parent / "shared" / "puzzles"


class _Timeout(Exception):
    pass


def _alarm(_sig: int, _frame: object) -> None:
    raise _Timeout()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("sets", nargs="+")
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--timeout", type=int, default=60)
    args = ap.parse_args()
    signal.signal(signal.SIGALRM, _alarm)
    reference = se_reference()
    for name in args.sets:
        lines = [x.strip() for x in (PUZZLES / f"{name}.txt").read_text().splitlines() if x.strip()]
        lines = lines[:: args.every]
        if args.limit:
            lines = lines[: args.limit]
        times, solved, timeouts, unsound = [], 0, 0, 0
        used: Counter[str] = Counter()
        ratios: list[tuple[float, bool]] = []
        for line in lines:
            board = parse(line).board
            solution = solve(board).solutions[0]
            t0 = time.perf_counter()
            signal.alarm(args.timeout)
            try:
                path = walk(board)
            except _Timeout:
                timeouts += 1
                times.append(float(args.timeout))
                continue
            finally:
                signal.alarm(0)
            times.append(time.perf_counter() - t0)
            if line in reference:
                se_time, finished = reference[line]
                ratios.append((times[-1] / se_time, finished))
            solved += path.solved
            for tech in {s.technique for s in path.steps}:
                used[tech] += 1
            for s in path.steps:
                unsound += sum(solution[c] != d for c, d in s.placements)
                unsound += sum(solution[c] == d for c, d in s.eliminations)
        print(f"{name}: {solved}/{len(lines)} solved without guessing ({timeouts} over {args.timeout}s), "
              f"median {statistics.median(times):.2f}s, mean {statistics.mean(times):.2f}s, "
              f"max {max(times):.2f}s, unsound steps {unsound}")
        print("  puzzles using each technique:", ", ".join(f"{t} {n}" for t, n in used.most_common()))
        if ratios:
            capped = sum(not finished for _r, finished in ratios)
            print(f"  time ours / Sudoku Explainer's on {len(ratios)} puzzles it was timed on: median "
                  f"{statistics.median(r for r, _f in ratios):.3f}, max {max(r for r, _f in ratios):.3f}"
                  f" ({capped} of them SE did not finish within its cap: upper bounds)")


if __name__ == "__main__":
    main()
