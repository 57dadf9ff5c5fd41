#!/usr/bin/env python3
"""Full agreement of our Sudoku Explainer ratings with the real serate's (shared/reference/se-ratings.tsv).

Usage: PYTHONPATH=py python scripts/se_agreement.py [--bands 6.5-7.4,...] [--every N] [--limit N]
       [--max-seconds S] [--jobs N] [--out results.tsv]

Prints the confusion table by ER band, the shares (ER equal, ER within 0.2, EP and
ED equal), the first disagreements, and our time over SE's time per band.
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from sudoku_grader.se.agreement import band, load_reference, rate, summary  # noqa: E402

REFERENCE = ROOT.parent / "shared" / "reference" / "se-ratings.tsv"


def _rate(args: tuple) -> object:
    ref, max_seconds = args
    return rate(ref, max_seconds)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--reference", default=str(REFERENCE))
    ap.add_argument("--bands", default="", help="comma-separated SE ER bands to keep (default: all)")
    ap.add_argument("--every", type=int, default=1, help="keep every N-th puzzle of each band")
    ap.add_argument("--limit", type=int, default=0, help="at most this many puzzles per band")
    ap.add_argument("--max-seconds", type=float, default=0.0, help="give up on a puzzle after this")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", default="", help="write one TSV row per puzzle here")
    args = ap.parse_args()
    refs = [r for r in load_reference(Path(args.reference)) if r.er is not None]
    wanted = set(args.bands.split(",")) if args.bands else None
    chosen = []
    per_band: dict[str, int] = {}
    for r in refs:
        b = band(r.er)
        if wanted and b not in wanted:
            continue
        per_band[b] = per_band.get(b, 0) + 1
        if (per_band[b] - 1) % args.every:
            continue
        if args.limit and sum(1 for c in chosen if band(c.er) == b) >= args.limit:
            continue
        chosen.append(r)
    work = [(r, args.max_seconds or None) for r in chosen]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            outcomes = list(pool.map(_rate, work, chunksize=4))
    else:
        outcomes = []
        for i, w in enumerate(work):
            outcomes.append(_rate(w))
            if (i + 1) % 50 == 0:
                print(f"... {i + 1}/{len(work)}", file=sys.stderr, flush=True)
    report, _ = summary(outcomes, show=25)
    print(report)
    if args.out:
        with open(args.out, "w") as fh:
            fh.write("puzzle\tse_er\tse_ep\tse_ed\ter\tep\ted\tseconds\tse_seconds\thardest\n")
            for o in outcomes:
                fh.write(f"{o.ref.puzzle}\t{o.ref.er}\t{o.ref.ep}\t{o.ref.ed}\t{o.er}\t{o.ep}\t{o.ed}\t"
                         f"{o.seconds:.3f}\t{o.ref.seconds}\t{o.hardest}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
