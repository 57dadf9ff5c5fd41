"""Agreement with the real HoDoKu 2.2 over ``../shared/reference/hodoku-ratings.tsv``: level equal,
score within 5%, a confusion table, and the first disagreements with both paths' hardest step so
the next person can see why. The test (tests/test_hodoku_agreement.py) imports this harness.

Usage: ``PYTHONPATH=py python scripts/hodoku_agreement.py [--limit N] [--time-limit S] [--jobs N]``
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from sudoku_grader.errors import Cancelled  # noqa: E402
from sudoku_grader.formats import parse  # noqa: E402
from sudoku_grader.ratings import hodoku  # noqa: E402
from sudoku_grader.solver import solve  # noqa: E402

DEFAULT_TSV = ROOT.parent / "shared" / "reference" / "hodoku-ratings.tsv"

LEVELS = hodoku.LEVELS


@dataclass
class Row:
    puzzle: str
    level: str
    score: int
    techniques: dict[str, int]
    source: str


def read_reference(path: str | Path) -> list[Row]:
    with open(path, encoding="utf-8") as f:
        rows = []
        for r in csv.DictReader(f, delimiter="\t"):
            techs: dict[str, int] = {}
            for part in r["techniques"].split(","):
                name, _, n = part.rpartition(":")
                techs[name] = int(n)
            rows.append(Row(r["puzzle"], r["level"], int(r["score"]), techs, r["source"]))
    return rows


def sample(rows: list[Row], n: int | None) -> list[Row]:
    """Every k-th row so that about ``n`` remain, spread over all sources (None: all rows)."""
    if n is None or n >= len(rows):
        return rows
    step = len(rows) / n
    return [rows[int(i * step)] for i in range(n)]


def hardest_reference(row: Row) -> str:
    """The reference path's hardest technique by HoDoKu level, then score."""
    def rank(name: str) -> tuple[int, int]:
        tid = hodoku.ID_BY_NAME.get(name, "")
        return (LEVELS.index(hodoku.LEVEL_OF.get(tid, "Extreme")), hodoku.SCORES.get(tid, 0))
    return max(row.techniques, key=rank)


@dataclass
class Outcome:
    row: Row
    level: str
    score: int
    seconds: float
    hardest: str
    counts: dict[str, int] = field(default_factory=dict)
    timeout: bool = False

    @property
    def level_ok(self) -> bool:
        return self.level == self.row.level

    @property
    def score_ok(self) -> bool:
        return abs(self.score - self.row.score) <= 0.05 * self.row.score


def rate_row(row: Row, time_limit: float | None = None) -> Outcome:
    board = parse(row.puzzle).board
    sol = solve(board)
    t0 = time.perf_counter()
    deadline = None if time_limit is None else t0 + time_limit

    def cancel() -> bool:
        return deadline is not None and time.perf_counter() > deadline

    partial = {"score": 0, "level": 0}

    def progress(_n: int, technique: str) -> None:
        partial["score"] += hodoku.SCORES.get(technique, 0)
        partial["level"] = max(partial["level"], LEVELS.index(hodoku.LEVEL_OF.get(technique, "Easy")))

    try:
        r = hodoku.rate(board, sol.solutions[0] if sol.solutions else None, progress=progress, cancel=cancel)
    except Cancelled:
        # the level only rises along the path: an Extreme step, or a score past Unfair's maximum,
        # already fixes it; the score stays unknown
        known = partial["level"] == len(LEVELS) - 1 or partial["score"] > hodoku.MAX_SCORE["Unfair"]
        return Outcome(row, "Extreme" if known else "timeout", -1, time.perf_counter() - t0, "timeout",
                       timeout=True)
    h = r.get("hardest") or {}
    return Outcome(row, r["level"], r["score"], time.perf_counter() - t0, h.get("technique", ""), r["counts"])


def run(rows: list[Row], time_limit: float | None = None) -> Iterator[Outcome]:
    for row in rows:
        yield rate_row(row, time_limit)


def report(outcomes: list[Outcome], show: int = 15) -> dict[str, Any]:
    """Figures and a printable text: shares, the confusion table, the first disagreements."""
    n = len(outcomes)
    level_eq = sum(o.level_ok for o in outcomes)
    score_ok = sum(o.score_ok for o in outcomes)
    timeouts = sum(o.timeout for o in outcomes)
    cols = [*LEVELS, "Incomplete", "timeout"]
    table = {ref: {c: 0 for c in cols} for ref in LEVELS}
    for o in outcomes:
        table[o.row.level][o.level if o.level in cols else "Incomplete"] += 1
    exact = sum(o.score == o.row.score for o in outcomes)
    secs = sorted(o.seconds for o in outcomes) or [0.0]
    lines = [
        f"HoDoKu agreement on {n} puzzles: level equal {level_eq}/{n} = {100 * level_eq / max(n, 1):.1f}%, "
        f"score within 5% {score_ok}/{n} = {100 * score_ok / max(n, 1):.1f}% (equal {exact}), timeouts {timeouts}",
        f"seconds per puzzle: median {secs[len(secs) // 2]:.2f}, p90 {secs[int(0.9 * (len(secs) - 1))]:.2f}, "
        f"max {secs[-1]:.2f}",
        "confusion (rows: real HoDoKu, columns: ours)",
        "            " + "".join(f"{c:>11}" for c in cols),
    ]
    for ref in LEVELS:
        lines.append(f"{ref:>11} " + "".join(f"{table[ref][c]:>11}" for c in cols))
    bad = [o for o in outcomes if not (o.level_ok and o.score_ok)]
    if bad:
        lines.append(f"first {min(show, len(bad))} disagreements (puzzle, real level/score/hardest, "
                     "ours level/score/hardest):")
    for o in bad[:show]:
        lines.append(f"  {o.row.puzzle} [{o.row.source}] real {o.row.level}/{o.row.score}/"
                     f"{hardest_reference(o.row)}  ours {o.level}/{o.score}/{o.hardest}")
    return {
        "n": n,
        "level_equal": level_eq,
        "score_within_5": score_ok,
        "timeouts": timeouts,
        "level_share": level_eq / max(n, 1),
        "score_share": score_ok / max(n, 1),
        "confusion": table,
        "text": "\n".join(lines),
    }


# ------------------------------------------------------------------ command line
def _one(args: tuple[Row, float | None]) -> Outcome:
    return rate_row(*args)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--tsv", default=str(DEFAULT_TSV))
    p.add_argument("--limit", type=int, default=None, help="rate an evenly spread sample of N rows")
    p.add_argument("--time-limit", type=float, default=30.0, help="seconds per puzzle before it counts as timeout")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--show", type=int, default=20)
    p.add_argument("--levels", default=None, help="only rows of these real levels, e.g. Hard,Unfair")
    a = p.parse_args()
    rows = read_reference(a.tsv)
    if a.levels:
        rows = [r for r in rows if r.level in a.levels.split(",")]
    rows = sample(rows, a.limit)
    t0 = time.perf_counter()
    work = [(r, a.time_limit) for r in rows]
    if a.jobs > 1:
        with Pool(a.jobs) as pool:
            outcomes = list(pool.imap(_one, work, chunksize=4))
    else:
        outcomes = [_one(w) for w in work]
    rep = report(outcomes, a.show)
    print(rep["text"])
    print(f"{time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
