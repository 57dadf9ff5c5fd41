"""The ``compare`` command: rate puzzle collections and write a comparison report.

``compare FILE...`` rates each file as a collection (or reads the JSON lines of an
earlier ``rate``, or a ``rate --db`` SQLite store) and writes an HTML or Markdown
report with SVG histograms and Welch's t-tests (`ratings.compare` builds it);
``--format jsonl|csv`` also prints the report's figures as records.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..bank.store import Store, is_store
from ..errors import SudokuError
from ..ratings import Settings, load_scores
from ..ratings.compare import Collection, build, records, write
from .checks import DEFAULT_LIMITS, USAGE, capped_jobs, count
from .rate import add_time_limit, rate_many
from .records import COMPARE, RecordWriter, add_format_argument, output_format


def add_parser(sub: Any) -> None:
    p = sub.add_parser("compare", help="rate puzzle collections and write a comparison report")
    p.add_argument("files", nargs="+",
                   help="one collection per file: puzzles, JSON lines from `rate`, or a `rate --db` store")
    p.add_argument("-o", "--out", default="compare-report", help="output folder (default compare-report)")
    p.add_argument("--report", choices=("html", "md"), default="html")
    p.add_argument("--scales", default=None)
    p.add_argument("--scores")
    p.add_argument("--jobs", type=count("--jobs", 1, 10**6), default=1)
    p.add_argument("--limit", type=count("--limit", 1), default=None, help="rate at most N puzzles per file")
    add_time_limit(p, DEFAULT_LIMITS["rate"])
    p.add_argument("--title", default="Puzzle collections compared")
    p.add_argument("--json", action="store_true", help="the same as --format jsonl")
    add_format_argument(p, "no records: the report's path only")
    p.epilog = ("With --format the report's figures (per scale: each collection's summary, then Welch's test "
                "per pair) are written to standard output as records, and the report's path to standard error.")



def _read_store(path: Path, limit: int | None) -> list[dict[str, Any]]:
    """The results of a ``rate --db`` store, each puzzle once (the row with most scales wins)."""
    store = Store(path, write=False)
    try:
        best: dict[str, dict[str, Any]] = {}
        for r in store.results():
            p = r.get("puzzle", "")
            if p not in best or len(r.get("ratings") or {}) > len(best[p].get("ratings") or {}):
                best[p] = r
    finally:
        store.close()
    rows = list(best.values())
    return rows[:limit] if limit is not None else rows


def _read_collection(path: Path, limit: int | None) -> tuple[list[str], list[dict[str, Any]]]:
    """Puzzle lines to rate, and results already rated (JSON lines from `rate`, or a `rate --db` store)."""
    if is_store(path):
        return [], _read_store(path, limit)
    puzzles, rated = [], []
    with open(path, encoding="utf-8", errors="replace") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("{"):
                try:
                    got = json.loads(line, parse_constant=_no_constant)
                except (ValueError, RecursionError) as e:
                    raise SudokuError(f"{path}, line {n}: not a JSON object from `rate` ({e})") from None
                if not isinstance(got, dict):
                    raise SudokuError(f"{path}, line {n}: not a JSON object from `rate`")
                rated.append(got)
            else:
                puzzles.append(line)
            if limit is not None and len(puzzles) + len(rated) >= limit:
                break
    return puzzles, rated


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def collection_names(paths: list[Path]) -> list[str]:
    """A distinct name per collection: the file's stem, with as much of its folder as tells two
    files of the same name apart (``a/bank`` and ``b/bank``), else numbered."""
    names = [p.stem for p in paths]
    depth = 1
    while len(set(names)) < len(names) and depth < 8:
        depth += 1
        names = ["/".join([*p.parent.parts[-(depth - 1):], p.stem]) for p in paths]
    if len(set(names)) < len(names):
        names = [f"{n} ({i})" for i, n in enumerate(names, 1)]
    return names


def run(args: argparse.Namespace) -> int:
    """``compare``: exit 0, or 2 for a usage error (a missing file, a bad line, an output that is a file)."""
    try:
        fmt = output_format(args, "none")
        rating = Settings.read(args.scales, load_scores(args.scores) if args.scores else None)
        out_dir = Path(args.out)
        if out_dir.exists() and not out_dir.is_dir():
            raise SudokuError(f"-o {args.out}: a file of that name exists; the report needs a folder")
        paths = [Path(name) for name in args.files]
        for path in paths:
            if not path.is_file():
                raise SudokuError(f"no such file: {path}")
        # read every file before rating any: a bad line is found at once, not after an hour's work
        read = [_read_collection(path, args.limit) for path in paths]
    except SudokuError as e:
        print(f"error: {e}", file=sys.stderr)
        return USAGE
    except OSError as e:
        print(f"error: cannot read {e.filename}: {e.strerror}", file=sys.stderr)
        return USAGE
    jobs = capped_jobs(args.jobs)
    collections = []
    for path, name, (puzzles, rated) in zip(paths, collection_names(paths), read):
        if puzzles:
            print(f"rating {len(puzzles)} puzzles of {path}", file=sys.stderr)
            rated += list(rate_many(puzzles, rating, jobs, jobs > 1, len(puzzles), args.time_limit))
        collections.append(Collection(name, [r for r in rated if r.get("status") == "unique"]))
    report = build(collections)
    try:
        out = write(report, args.out, args.report, args.title)
    except OSError as e:
        print(f"error: cannot write the report in {args.out}: {e.strerror}", file=sys.stderr)
        return USAGE
    if fmt == "none":
        print(str(out))
        return 0
    writer = RecordWriter(fmt, COMPARE)
    for record in records(report):
        writer.write(record)
    print(str(out), file=sys.stderr)
    return 0
