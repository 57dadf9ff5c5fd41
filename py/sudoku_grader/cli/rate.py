"""The ``rate`` command and the ratings shown by ``explain``.

``rate`` prints one JSON line per puzzle (``--format jsonl``) or one CSV row
(``--format csv``), in input order, streaming its input. ``--jobs N`` rates on N
processes, ``--cluster`` on Dask; ``--time-limit`` cuts a puzzle off; ``--db`` writes
the results to an SQLite store instead (a second run resumes) and ``--export``
writes the store out. The work itself is done by the `bank` modules.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Iterable, Iterator
from typing import Any

from .. import __version__
from ..bank import timed
from ..bank.run import BAD_STATUSES, Settings, puzzle_key, rate_stream
from ..bank.store import Store, StoreError
from ..errors import SudokuError
from ..ratings import BY_ID, SCALES, SE_STOPS, load_scores
from ..ratings import Settings as Rating
from .checks import BAD_INPUT, DEFAULT_LIMITS, INTERNAL, OK, STORE, USAGE, capped_jobs, count, seconds
from .records import RecordWriter, Table, output_format


def add_rate_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--scales", default=None, help=f"comma-separated, from {','.join(SCALES)} (default all)")
    p.add_argument("--jobs", type=count("--jobs", 1, 10**6), default=1,
                   help="rate on N processes (input order kept; at most the machine's cores)")
    p.add_argument("--scores", help="JSON score table {scale: {technique: score}} (a flat table is SourGumdrop's)")
    p.add_argument("--se-stop", choices=SE_STOPS, default=None,
                   help="stop SE once EP (pearl) or ED (diamond) is fixed, as serate's --pearl/--diamond; "
                        "ratings.se.final lists the final numbers (ER is then the hardest step so far)")
    p.add_argument("--progress", action="store_true", help="progress bar on stderr even with one process")
    p.add_argument("--quiet", action="store_true", help="no progress bar and no summary on stderr")
    add_time_limit(p, DEFAULT_LIMITS["rate"])
    p.add_argument("--db", metavar="FILE.sqlite",
                   help="write each result to this SQLite store instead of standard output; "
                        "a second run skips the puzzles already there")
    p.add_argument("--no-resume", dest="resume", action="store_false",
                   help="with --db: rate every puzzle again, replacing the stored rows")
    p.add_argument("--export", choices=("jsonl", "csv"),
                   help="with --db: write the stored results (of --scales) to standard output and stop")
    p.add_argument("--cluster", metavar="tcp://HOST:8786|local:N",
                   help="rate on a Dask scheduler, or on a local Dask cluster of N processes "
                        '(pip install "sudoku-grader[cluster]")')
    p.add_argument("--chunk", type=count("--chunk", 1, 10**6), default=None,
                   help="puzzles per task with --jobs/--cluster (default: sized to about a second of work)")


def add_time_limit(p: argparse.ArgumentParser, default: float) -> None:
    p.add_argument("--time-limit", type=seconds("--time-limit"), default=default, metavar="SECONDS",
                   help=f"stop a puzzle after SECONDS (default {default:g}; checked between steps, and a "
                        "step running a second past it is stopped): status timeout with the partial "
                        "path's lower bounds")


# ------------------------------------------------------------------ progress
class ProgressBar:
    """``[#####.....] 12/40 puzzles  3.2/s  left 0:00:09`` on stderr, redrawn in place.

    The rate counts the puzzles rated in this run (not those the store already had).
    """

    def __init__(self, total: int | None, stream: Any = None, width: int = 30) -> None:
        self.total, self.stream, self.width = total, stream or sys.stderr, width
        self.done, self.rated, self.t0 = 0, 0, time.perf_counter()
        self.last = 0.0

    def step(self, rated: bool = True) -> None:
        self.done += 1
        self.rated += rated
        now = time.perf_counter()
        if now - self.last < 0.2 and self.done != self.total:
            return
        self.last = now
        secs = now - self.t0
        rate = self.rated / secs if secs > 0 else 0.0
        speed = f"{rate:.1f}/s" if rate < 100 else f"{rate:.0f}/s"
        if self.total:
            fill = int(self.width * min(self.done, self.total) / self.total)
            bar = "#" * fill + "." * (self.width - fill)
            left = max(self.total - self.done, 0)
            eta = _clock(left / rate) if rate > 0 else "?"
            self.stream.write(f"\r[{bar}] {self.done}/{self.total} puzzles  {speed}  left {eta}  ")
        else:
            self.stream.write(f"\r{self.done} puzzles  {speed}  {secs:.1f} s  ")
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()


def _clock(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 3600}:{s // 60 % 60:02}:{s % 60:02}"


def rate_many(texts: Iterable[str], rating: Rating, jobs: int = 1, progress: bool = False, total: int | None = None,
              time_limit: float | None = None, cluster: str | None = None) -> Iterator[dict[str, Any]]:
    """Rate puzzles in input order, on ``jobs`` processes or a cluster; optional progress bar on stderr."""
    bar = ProgressBar(total) if progress else None
    settings = Settings(rating, time_limit)
    try:
        for out in rate_stream(enumerate(texts, 1), settings, jobs, cluster):
            out.pop("line", None)
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
        if isinstance(r, dict) and r.get("unsupported"):
            # no number on a grid size the scale is not defined on: its columns say so
            row += [f"unsupported: {r['unsupported']}"] * len(BY_ID[s].columns)
            continue
        row += ["" if (v := _get(r, (field,))) is None else v for field in BY_ID[s].columns]
    b = out.get("bottleneck") or {}
    row += [b.get("technique", ""), b.get("index", ""), out.get("seconds", ""), "; ".join(errors)]
    return row


def rate_table(scales: list[str]) -> Table:
    """``rate``'s CSV shape for these scales (``--format csv`` and ``--export csv``)."""
    return Table(tuple(csv_header(scales)), lambda out: [csv_row(out, scales)])


# ----------------------------------------------------------------- commands
def _source(args: argparse.Namespace) -> str:
    if args.puzzles:
        return "arguments"
    return os.path.abspath(args.file) if args.file and args.file != "-" else "-"


def count_puzzle_lines(path: str) -> int | None:
    """Puzzle lines in a file (not blank, not ``#``), for the progress bar; one fast pass."""
    try:
        with open(path, "rb") as f:
            return sum(1 for line in f if line.strip() and not line.lstrip().startswith(b"#"))
    except OSError:
        return None


def _export(args: argparse.Namespace, scales: list[str], key: str) -> int:
    """``--export``: every readable row, in input order; a damaged row is named on stderr and skipped,
    never the end of the export (exit code 4 when any was skipped)."""
    if not os.path.exists(args.db):
        print(f"error: no such store: {args.db}", file=sys.stderr)
        return USAGE
    store = Store(args.db, write=False)
    skipped: list[str] = []

    def bad(message: str) -> None:
        skipped.append(message)
        print(f"warning: store {args.db}: {message}", file=sys.stderr)

    try:
        writer = RecordWriter(args.export, rate_table(scales), flush=False)
        n = 0
        for out in store.results(key, __version__, on_bad=bad):
            n += 1
            writer.write(out)
    finally:
        store.close()
    if n == 0 and not args.quiet:
        print(f"note: the store holds no rows for scales {key} and version {__version__}", file=sys.stderr)
    if skipped:
        print(f"error: store {args.db}: {len(skipped)} damaged rows skipped, {n} exported", file=sys.stderr)
        return STORE
    return OK


class _Filter:
    """With a store: passes on the lines still to rate; counts those already done and the duplicates.

    A puzzle the store has from this same source at another line (or one still in flight) is a
    duplicate: it gets an error row in the ``duplicates`` table and is not rated twice.
    """

    def __init__(self, store: Store, key: str, source: str, time_limit: float | None, resume: bool,
                 on_skip: Any) -> None:
        self.store, self.key, self.source, self.limit, self.resume = store, key, source, time_limit, resume
        self.on_skip = on_skip
        self.in_flight: dict[str, int] = {}  # puzzle -> line, rated but not yet stored
        self.key_of_line: dict[int, str] = {}

    def __call__(self, items: Iterable[tuple[int, str]]) -> Iterator[tuple[int, str]]:
        for line, text in items:
            puzzle = puzzle_key(text)
            first = self.in_flight.get(puzzle)
            done = self.store.done(puzzle, self.key, __version__) if first is None else None
            if first is None and done is not None and done.source == self.source and done.line != line:
                first = done.line
            if first is not None:
                self.store.put_duplicate(self.source, line, self.key, __version__, puzzle, first)
                self.on_skip({"puzzle": puzzle, "status": "duplicate", "line": line,
                              "error": f"the same puzzle as line {first}; rated once"})
                continue
            if done is not None and self.resume and not self._redo(done):
                stored = {"status": done.status, "line": line, "puzzle": puzzle}
                self.on_skip(stored)
                continue
            self.in_flight[puzzle] = line
            self.key_of_line[line] = puzzle
            yield line, text

    def _redo(self, done: Any) -> bool:
        """A timeout is rated again when this run allows more time."""
        if done.status != "timeout":
            return False
        return self.limit is None or (done.time_limit is not None and self.limit > done.time_limit)

    def finished(self, out: dict[str, Any]) -> str:
        puzzle = self.key_of_line.pop(out["line"])
        self.in_flight.pop(puzzle, None)
        return puzzle


def run_rate(args: argparse.Namespace, inputs: Iterable[tuple[int, str]]) -> int:
    """``rate``: exit 0, or 1 (bad puzzles), 2 (usage), 3 (our bug on some puzzle), 4 (the store)."""
    try:
        fmt = output_format(args)
        rating = Rating.read(args.scales, load_scores(args.scores) if args.scores else None, args.se_stop,
                             getattr(args, "detail", False))
        if (args.export or not args.resume) and not args.db:
            raise SudokuError("--export and --no-resume need --db FILE.sqlite")
        if args.cluster:
            from ..bank.cluster import parse_address

            parse_address(args.cluster)
    except SudokuError as e:
        print(f"error: {e}", file=sys.stderr)
        return USAGE
    settings = Settings(rating, args.time_limit)
    key = settings.key()
    scales = list(rating.scales)
    if args.export:
        return _export(args, scales, key)
    jobs = capped_jobs(args.jobs, args.quiet)
    store = Store(args.db, write=True) if args.db else None  # a StoreError is the caller's exit code 4
    source = _source(args)
    total = len(args.puzzles) if args.puzzles else (
        count_puzzle_lines(args.file) if args.file and args.file != "-" else None)
    show = not args.quiet and (args.progress or jobs > 1 or bool(args.cluster) or sys.stderr.isatty())
    bar = ProgressBar(total) if show else None
    writer = RecordWriter(fmt, rate_table(scales)) if store is None else None
    bad = _BadLines()
    counts = {"rated": 0, "stored before": 0, "duplicates": 0, "timeouts": 0, "internal errors": 0}
    seen = [0]

    def skipped(out: dict[str, Any]) -> None:
        seen[0] += 1
        counts["duplicates" if out["status"] == "duplicate" else "stored before"] += 1
        if out["status"] in BAD_STATUSES:
            bad.add(out["line"])
        if bar:
            bar.step(rated=False)

    filt = _Filter(store, key, source, args.time_limit, args.resume, skipped) if store else None
    todo = filt(inputs) if filt else inputs
    stream = rate_stream(todo, settings, jobs, args.cluster, args.chunk)
    try:
        for out in stream:
            seen[0] += 1
            counts["rated"] += 1
            counts["timeouts"] += out.get("status") == "timeout"
            counts["internal errors"] += out.get("status") == "error"
            if out.get("status") in BAD_STATUSES:
                bad.add(out["line"])
            if filt and store:
                puzzle = filt.finished(out)
                if out.get("status") != "error":  # our bug is no verdict: the next run tries again
                    store.put(puzzle, key, __version__, source, out["line"], out, args.time_limit)
            elif writer:
                writer.write(out)
            if bar:
                bar.step()
    except StoreError:
        raise
    except SudokuError as e:  # e.g. no Dask, or the scheduler cannot be reached
        print(f"error: {e}", file=sys.stderr)
        return USAGE
    finally:
        stream.close()  # stops --jobs workers now if the loop ended early
        if bar:
            bar.close()
        if store:
            store.close()
    if seen[0] == 0:
        print("error: the input holds no puzzle", file=sys.stderr)
        return BAD_INPUT
    if not args.quiet and store is not None:
        shown = {k: v for k, v in counts.items() if v or k != "internal errors"}
        print(", ".join(f"{v} {k}" for k, v in shown.items()) + f"; store {args.db}", file=sys.stderr)
    if bad.count:
        if not args.quiet:
            what = "invalid, unsolvable, not unique or repeated"
            if counts["internal errors"]:
                what += f"; {counts['internal errors']} of them failed by an internal error (please report)"
            print(f"{bad.count} lines {what} (line {bad})", file=sys.stderr)
        return INTERNAL if counts["internal errors"] else BAD_INPUT
    return OK


class _BadLines:
    """How many lines failed and the first few numbers (memory stays flat on a huge bad file)."""

    SHOWN = 20

    def __init__(self) -> None:
        self.count = 0
        self.first: list[int] = []

    def add(self, line: int) -> None:
        self.count += 1
        if len(self.first) <= self.SHOWN:
            self.first.append(line)

    def __str__(self) -> str:
        lines = sorted(self.first)[: self.SHOWN]
        return ", ".join(map(str, lines)) + (" ..." if self.count > len(lines) else "")


# ------------------------------------------------------------------ explain
def annotate_explain(out: dict[str, Any], text: str, time_limit: float | None = None,
                     rating: Rating | None = None) -> dict[str, Any]:
    """``explain`` output with the ratings (as ``rating`` says, default every scale) placed above the
    path and the bottleneck step marked; its ``detail`` adds each scale's own path and stop (``--detail``)."""
    if out.get("status") != "unique" or "steps" not in out:
        return out
    rated = timed.rate(text, rating, time_limit)
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
