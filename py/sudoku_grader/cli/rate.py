"""The ``rate`` command and the ratings shown by ``explain``.

``rate`` prints one JSON line per puzzle (``--format jsonl``) or one CSV row
(``--format csv``); ``--jobs N`` rates on N processes, keeping the input order,
with a progress bar on stderr.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from collections.abc import Iterable, Iterator
from typing import Any

from .. import api
from ..errors import SudokuError
from ..ratings import BY_ID, SCALES, load_scores, parse_scales


def add_rate_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--scales", default=None, help=f"comma-separated, from {','.join(SCALES)} (default all)")
    p.add_argument("--format", choices=("jsonl", "csv"), default="jsonl")
    p.add_argument("--jobs", type=int, default=1, help="rate on N processes (input order kept)")
    p.add_argument("--scores", help="JSON score table {scale: {technique: score}} (a flat table is SourGumdrop's)")
    p.add_argument("--progress", action="store_true", help="progress bar on stderr even with one process")


# ------------------------------------------------------------------ workers
def _rate_one(job: tuple[str, list[str], dict[str, Any] | None]) -> dict[str, Any]:
    text, scales, scores = job
    try:
        return api.rate(text, scales, scores)
    except Exception as e:  # a worker must report, never die: the line keeps its place
        return {"puzzle": text.strip(), "status": "invalid", "error": f"internal error: {e!r}"}


class ProgressBar:
    """``[#####.....] 12/40 puzzles  3.2 s`` on stderr, redrawn in place."""

    def __init__(self, total: int | None, stream: Any = None, width: int = 30) -> None:
        self.total, self.stream, self.width = total, stream or sys.stderr, width
        self.done, self.t0 = 0, time.perf_counter()

    def step(self) -> None:
        self.done += 1
        secs = time.perf_counter() - self.t0
        if self.total:
            fill = int(self.width * self.done / self.total)
            bar = "#" * fill + "." * (self.width - fill)
            self.stream.write(f"\r[{bar}] {self.done}/{self.total} puzzles  {secs:.1f} s")
        else:
            self.stream.write(f"\r{self.done} puzzles  {secs:.1f} s")
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()


def rate_many(texts: Iterable[str], scales: list[str], scores: dict[str, Any] | None, jobs: int = 1,
              progress: bool = False, total: int | None = None) -> Iterator[dict[str, Any]]:
    """Rate puzzles in input order, on ``jobs`` processes; optional progress bar on stderr."""
    work = ((t, scales, scores) for t in texts)
    bar = ProgressBar(total) if progress else None
    try:
        if jobs > 1:
            from multiprocessing import Pool

            with Pool(jobs) as pool:
                for out in pool.imap(_rate_one, work, chunksize=1):
                    if bar:
                        bar.step()
                    yield out
        else:
            for job in work:
                out = _rate_one(job)
                if bar:
                    bar.step()
                yield out
    finally:
        if bar:
            bar.close()


def _get(d: Any, path: tuple[str, ...]) -> Any:
    for k in path:
        d = d.get(k) if isinstance(d, dict) else None
    return d


def csv_header(scales: list[str]) -> list[str]:
    cols = ["puzzle", "status"]
    for s in scales:
        cols += [f"ratings.{s}.{field}" for field in BY_ID[s].columns]
    return cols + ["bottleneck.technique", "bottleneck.index", "seconds", "error"]


def csv_row(out: dict[str, Any], scales: list[str]) -> list[Any]:
    row: list[Any] = [out.get("puzzle", ""), out.get("status", "")]
    errors = [out["error"]] if out.get("error") else []
    for s in scales:
        r = _get(out, ("ratings", s))
        if isinstance(r, dict) and r.get("error"):
            errors.append(f"{s}: {r['error']}")
        row += ["" if (v := _get(r, (field,))) is None else v for field in BY_ID[s].columns]
    b = out.get("bottleneck") or {}
    row += [b.get("technique", ""), b.get("index", ""), out.get("seconds", ""), "; ".join(errors)]
    return row


# ----------------------------------------------------------------- commands
def run_rate(args: argparse.Namespace, inputs: Iterable[tuple[int, str]]) -> int:
    try:
        scales = parse_scales(args.scales)
        scores = load_scores(args.scores) if args.scores else None
    except SudokuError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    texts = [t for _, t in inputs]
    status = 0
    writer = csv.writer(sys.stdout, lineterminator="\n") if args.format == "csv" else None
    if writer:
        writer.writerow(csv_header(scales))
    show = args.progress or args.jobs > 1
    for out in rate_many(texts, scales, scores, max(1, args.jobs), show, len(texts)):
        if out.get("status") in ("invalid", "none", "multiple"):
            status = 1
        if writer:
            writer.writerow(csv_row(out, scales))
        else:
            print(json.dumps(out))
        sys.stdout.flush()
    return status


# ------------------------------------------------------------------ explain
def annotate_explain(out: dict[str, Any], text: str) -> dict[str, Any]:
    """``explain`` output with the ratings placed above the path and the bottleneck step marked."""
    if out.get("status") != "unique" or "steps" not in out:
        return out
    rated = api.rate(text)
    ordered: dict[str, Any] = {}
    for k, v in out.items():
        if k == "steps":
            ordered["ratings"] = rated.get("ratings", {})
            ordered["bottleneck"] = rated.get("bottleneck")
        ordered[k] = v
    b = rated.get("bottleneck") or {}
    steps = ordered["steps"]
    target = None
    i = b.get("index")
    if isinstance(i, int) and 0 <= i < len(steps) and steps[i]["technique"] == b.get("technique"):
        target = i
    elif b.get("technique"):
        target = next((k for k, s in enumerate(steps) if s["technique"] == b["technique"]), None)
    if target is not None:
        steps[target]["bottleneck"] = True
    return ordered
