#!/usr/bin/env python3
"""Agreement of our Sudoku Explainer ratings with the real serate's (shared/reference/se-ratings.tsv).

Usage: PYTHONPATH=py python scripts/se_agreement.py [--bands 6.5-7.4,...] [--every N] [--limit N]
       [--max-seconds S] [--jobs N] [--out results.tsv]

Rates reference puzzles and prints the confusion table by ER band, the shares (ER equal,
ER within 0.2, EP and ED equal), the first disagreements with our hardest step, and our
time over SE's time per band. The test (tests/test_se_agreement.py) imports this harness.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from sudoku_grader.formats import parse  # noqa: E402
from sudoku_grader.ratings.se import se_rating  # noqa: E402

REFERENCE = ROOT.parent / "shared" / "reference" / "se-ratings.tsv"


@dataclass
class Reference:
    puzzle: str
    er: float | None  # None: SE timed out
    ep: float | None
    ed: float | None
    seconds: float
    source: str


@dataclass
class Outcome:
    ref: Reference
    er: float
    ep: float
    ed: float
    seconds: float
    hardest: str
    complete: bool = True
    extra: dict[str, Any] = field(default_factory=dict)


def load_reference(path: Path) -> list[Reference]:
    out = []
    for line in path.read_text().splitlines()[1:]:
        cols = line.split("\t")
        if len(cols) < 6:
            continue
        timeout = cols[1] == "timeout"
        out.append(Reference(cols[0], None if timeout else float(cols[1]),
                             None if timeout or cols[2] == "-" else float(cols[2]),
                             None if timeout or cols[3] == "-" else float(cols[3]),
                             float(cols[4]) if cols[4] not in ("-", "") else 0.0, cols[5]))
    return out


def rate(ref: Reference, max_seconds: float | None = None) -> Outcome:
    t0 = time.perf_counter()
    res = se_rating(parse(ref.puzzle).board, max_seconds=max_seconds)
    b = res["bottleneck"] or {}
    return Outcome(ref, res["er"], res["ep"], res["ed"], time.perf_counter() - t0,
                   f"{b.get('name')} {b.get('se')} @{b.get('index')}", res["complete"])


def band(er: float | None) -> str:
    if er is None:
        return "timeout"
    for lo, hi, name in ((0, 2.45, "1.0-2.4"), (2.45, 3.95, "2.5-3.9"), (3.95, 6.45, "4.0-6.4"),
                         (6.45, 7.45, "6.5-7.4"), (7.45, 8.45, "7.5-8.4"), (8.45, 8.95, "8.5-8.9"),
                         (8.95, 9.95, "9.0-9.9")):
        if lo <= er < hi:
            return name
    return "10+"


BANDS = ("1.0-2.4", "2.5-3.9", "4.0-6.4", "6.5-7.4", "7.5-8.4", "8.5-8.9", "9.0-9.9", "10+", "timeout")


def summary(outcomes: list[Outcome], show: int = 15) -> tuple[str, dict[str, float]]:
    """A printable report and the shares (er_equal, er_within_0_2, ep_equal, ed_equal)."""
    rated = [o for o in outcomes if o.ref.er is not None and o.complete]
    n = len(rated)
    eq = sum(1 for o in rated if abs(o.er - o.ref.er) < 0.05)
    near = sum(1 for o in rated if abs(o.er - o.ref.er) <= 0.2001)
    with_ep = [o for o in rated if o.ref.ep is not None]
    ep = sum(1 for o in with_ep if abs(o.ep - o.ref.ep) < 0.05)
    ed = sum(1 for o in with_ep if abs(o.ed - o.ref.ed) < 0.05)
    shares = {"n": n, "er_equal": eq / n if n else 1.0, "er_within_0_2": near / n if n else 1.0,
              "ep_equal": ep / len(with_ep) if with_ep else 1.0,
              "ed_equal": ed / len(with_ep) if with_ep else 1.0}
    lines = [f"puzzles rated: {n} (+{len(outcomes) - n} incomplete or SE timeout)",
             f"ER equal {eq}/{n} = {shares['er_equal']:.1%}; within 0.2 {near}/{n} = "
             f"{shares['er_within_0_2']:.1%}; EP equal {ep}/{len(with_ep)} = {shares['ep_equal']:.1%}; "
             f"ED equal {ed}/{len(with_ep)} = {shares['ed_equal']:.1%}",
             "confusion (rows: SE band, columns: our band):",
             "SE\\ours  " + " ".join(f"{b:>8}" for b in BANDS)]
    for rb in BANDS:
        row = [o for o in outcomes if band(o.ref.er) == rb]
        if not row:
            continue
        counts = [sum(1 for o in row if band(o.er) == cb) for cb in BANDS]
        lines.append(f"{rb:>8}  " + " ".join(f"{c:>8}" for c in counts))
    lines.append("time ratio (ours / SE, median per band):")
    for rb in BANDS:
        row = [o for o in outcomes if band(o.ref.er) == rb and o.ref.seconds > 0]
        if row:
            ratios = sorted(o.seconds / o.ref.seconds for o in row)
            ours = sorted(o.seconds for o in row)
            lines.append(f"  {rb:>8}: n={len(row)} median ours {ours[len(ours) // 2]:.2f}s, "
                         f"median ratio {ratios[len(ratios) // 2]:.2f}")
    bad = [o for o in rated if abs(o.er - o.ref.er) >= 0.05]
    if bad:
        lines.append("first disagreements (puzzle, SE ER/EP/ED, ours ER/EP/ED, our hardest step):")
        for o in bad[:show]:
            lines.append(f"  {o.ref.puzzle} SE {o.ref.er}/{o.ref.ep}/{o.ref.ed} ours {o.er}/{o.ep}/{o.ed} "
                         f"[{o.hardest}]")
    return "\n".join(lines), shares


# ------------------------------------------------------------------ command line

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
