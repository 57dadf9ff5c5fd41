"""Time the subset, direct and fish finders per position, on positions from real solve paths.

Usage: ``PYTHONPATH=py python scripts/bench_fish_subsets.py [--heavy N]``

Positions: every position along the simplest-first paths (singles, locked
candidates, subsets, basic/finned/sashimi fish) of the first 25 puzzles of
top95, printable-30-givens and royle17-sample300; 60 of them sampled with a
fixed seed. Each position is timed three times with the fish caches cleared
and the fastest run kept; CPU time (``process_time``), so other jobs on a busy
machine count less. ``--heavy N`` also times the Franken and mutant searches
on the first N sampled positions.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from sudoku_grader.board import Board  # noqa: E402
from sudoku_grader.engine import Simplest, apply_step, walk  # noqa: E402
from sudoku_grader.formats import parse  # noqa: E402
from sudoku_grader.techniques import REGISTRY, Technique, fish  # noqa: E402

PUZZLES = ROOT.parent / "shared" / "puzzles"


def heavy(t: Technique) -> bool:
    return "franken" in t.id or "mutant" in t.id


def positions() -> list[Board]:
    path_techs = [t.id for t in REGISTRY.values()
                  if t.family in ("singles", "intersections", "subsets") or (t.family == "fish" and not heavy(t))]
    out = []
    for name in ("top95", "printable-30-givens", "royle17-sample300"):
        lines = [line.strip() for line in (PUZZLES / f"{name}.txt").read_text().splitlines() if line.strip()]
        for line in lines[:25]:
            board = parse(line).board
            b = board.copy()
            for step in walk(board, Simplest(path_techs)).steps:
                out.append(b.copy())
                apply_step(b, step)
    return out


def clear() -> None:
    fish._fish_for.cache_clear()
    fish._basic_all.cache_clear()


def quantile(values: list[float], q: float) -> float:
    return sorted(values)[int(q * (len(values) - 1))] * 1e3


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--heavy", type=int, default=0, help="also time Franken/mutant fish on N positions")
    args = parser.parse_args()
    mine = [t for t in REGISTRY.values() if t.family in ("subsets", "fish") or t.id.startswith("direct-")]
    light = [t for t in mine if not heavy(t)]
    pool = positions()
    sample = random.Random(1).sample(pool, 60)
    per: dict[str, list[float]] = {t.id: [] for t in light}
    totals = []
    for b in sample:
        best: tuple[float, dict[str, float]] | None = None
        for _ in range(3):
            clear()
            one = {}
            t0 = time.process_time()
            for t in light:
                t1 = time.process_time()
                list(t.find(b))
                one[t.id] = time.process_time() - t1
            elapsed = time.process_time() - t0
            if best is None or elapsed < best[0]:
                best = (elapsed, one)
        assert best is not None
        totals.append(best[0])
        for k, v in best[1].items():
            per[k].append(v)
    print(f"{len(pool)} positions on the paths, {len(sample)} sampled")
    print(f"all {len(light)} subset/direct/basic-fish finders, one position: median {quantile(totals, .5):.2f} ms, "
          f"p90 {quantile(totals, .9):.2f} ms, max {max(totals) * 1e3:.2f} ms")
    for t in light:
        print(f"  {t.id:28} median {statistics.median(per[t.id]) * 1e3:6.3f} ms  p90 {quantile(per[t.id], .9):6.2f} ms")
    print("  (x-wing pays for the shared basic-fish search of all sizes; the others read its cache)")
    for shape in ("franken", "mutant") if args.heavy else ():
        for size in (2, 3, 4):
            times = []
            for b in sample[:args.heavy]:
                clear()
                t0 = time.process_time()
                for d in range(1, 10):
                    fish._fish_for(b.digit_cells[d], size, shape)
                times.append(time.process_time() - t0)
            print(f"{shape} size {size} (plain and finned, {args.heavy} positions): median "
                  f"{quantile(times, .5):8.1f} ms  max {max(times) * 1e3:8.1f} ms", flush=True)


if __name__ == "__main__":
    main()
