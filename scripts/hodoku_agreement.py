"""Full HoDoKu agreement figure over ``../shared/reference/hodoku-ratings.tsv``.

Usage: ``PYTHONPATH=py python scripts/hodoku_agreement.py [--limit N] [--time-limit S] [--jobs N]``
Prints the shares of equal levels and scores within 5%, a confusion table and
the first disagreements with both paths' hardest step.
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from sudoku_grader.ratings import agreement  # noqa: E402

DEFAULT_TSV = ROOT.parent / "shared" / "reference" / "hodoku-ratings.tsv"


def _one(args: tuple[agreement.Row, float | None]) -> agreement.Outcome:
    return agreement.rate_row(*args)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--tsv", default=str(DEFAULT_TSV))
    p.add_argument("--limit", type=int, default=None, help="rate an evenly spread sample of N rows")
    p.add_argument("--time-limit", type=float, default=30.0, help="seconds per puzzle before it counts as timeout")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--show", type=int, default=20)
    p.add_argument("--levels", default=None, help="only rows of these real levels, e.g. Hard,Unfair")
    a = p.parse_args()
    rows = agreement.read_reference(a.tsv)
    if a.levels:
        rows = [r for r in rows if r.level in a.levels.split(",")]
    rows = agreement.sample(rows, a.limit)
    t0 = time.perf_counter()
    work = [(r, a.time_limit) for r in rows]
    if a.jobs > 1:
        with Pool(a.jobs) as pool:
            outcomes = list(pool.imap(_one, work, chunksize=4))
    else:
        outcomes = [_one(w) for w in work]
    rep = agreement.report(outcomes, a.show)
    print(rep["text"])
    print(f"{time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
