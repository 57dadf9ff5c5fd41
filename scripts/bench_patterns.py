#!/usr/bin/env python3
"""Per-finder CPU time of the pattern families on positions from real solve paths.

Positions: every position met while solving the first puzzles of top95, printable-30-givens and
newspaper-mixed with singles, locked candidates and the families measured (simplest first),
thinned to about 400. For each position every finder is asked for all its steps.

    python scripts/bench_patterns.py [--families single-digit,coloring,wings,sudokuwiki-patterns]

Prints median / mean / max per finder and the median, p90 and max of all of them together per
position (process CPU time, so a busy machine disturbs it less than wall-clock time).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from sudoku_grader.board import Board  # noqa: E402
from sudoku_grader.engine import apply_step, next_step  # noqa: E402
from sudoku_grader.formats import parse  # noqa: E402
from sudoku_grader.techniques import REGISTRY, get  # noqa: E402

PUZZLES = ROOT.parent / "shared" / "puzzles"
BASIC = ("full-house", "hidden-single", "naked-single", "locked-candidates-1", "locked-candidates-2")
FAMILIES = "single-digit,coloring,wings,sudokuwiki-patterns"


def positions(families: list[str], target: int = 400) -> list[Board]:
    mine = [t for t in REGISTRY.values() if t.family in families]
    techs = sorted([get(t) for t in BASIC] + mine, key=lambda t: t.level)
    lines: list[str] = []
    for name, n in (("top95", 95), ("printable-30-givens", 40), ("newspaper-mixed", 61)):
        lines += [ln.strip() for ln in (PUZZLES / f"{name}.txt").read_text().splitlines() if ln.strip()][:n]
    out = []
    for line in lines:
        b = parse(line).board
        for _ in range(300):
            if b.is_solved():
                break
            out.append(b.copy())
            step = next_step(b, techs)
            if step is None:
                break
            apply_step(b, step)
    return out[:: max(1, len(out) // target)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--families", default=FAMILIES)
    args = ap.parse_args()
    families = args.families.split(",")
    finders = [t for t in REGISTRY.values() if t.family in families]
    boards = positions(families)
    per: dict[str, list[float]] = {t.id: [] for t in finders}
    total = []
    for b in boards:
        t0 = time.process_time()
        for t in finders:
            t1 = time.process_time()
            for _ in t.find(b):
                pass
            per[t.id].append(time.process_time() - t1)
        total.append(time.process_time() - t0)
    print(f"{len(boards)} positions")
    for tid, v in per.items():
        print(f"  {tid:24} median {statistics.median(v) * 1e3:7.3f} ms  mean {statistics.mean(v) * 1e3:7.3f} ms"
              f"  max {max(v) * 1e3:6.1f} ms")
    total.sort()
    print(f"  all finders together: median {statistics.median(total) * 1e3:.2f} ms, "
          f"p90 {total[int(0.9 * len(total))] * 1e3:.2f} ms, max {total[-1] * 1e3:.1f} ms per position")


if __name__ == "__main__":
    main()
