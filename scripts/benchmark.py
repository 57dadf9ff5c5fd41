#!/usr/bin/env python3
"""Time the package on the shared puzzle sets: median, p90 and max per set.

Modes (pick one; the default is --solver):

  --solver      the exact solver (status + solution) per puzzle
  --engine      the full logical solve path per puzzle (every registered technique,
                or --techniques); with the ratio to Sudoku Explainer's seconds on the
                same puzzles from ../shared/reference/se-ratings.tsv
  --all-steps   "find all steps of all techniques" in one position per puzzle
                (--position start | stuck: where singles and locked candidates stop)
  --generate    the puzzle generator: seconds per generated puzzle for a target
                (--target "se:1.5:3.0", "hodoku:unfair", "technique:x-wing", "none")

Examples:

  python scripts/benchmark.py royle17-sample300 forum-hardest-1106
  python scripts/benchmark.py --engine --limit 50 top95 newspaper-mixed
  python scripts/benchmark.py --all-steps --position stuck top1465 --limit 100
  python scripts/benchmark.py --generate --target se:1.5:3.0 --count 20

Set names are files in ../shared/puzzles/ (without .txt) or paths to files of puzzles.
Times are wall-clock on a shared machine: run twice and read the lower figures.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from sudoku_grader.engine import Simplest, all_steps, walk  # noqa: E402
from sudoku_grader.formats import parse  # noqa: E402
from sudoku_grader.solver import solve  # noqa: E402

SHARED = ROOT.parent / "shared"
SE_TSV = SHARED / "reference" / "se-ratings.tsv"
DEFAULT_SETS = ["royle17-sample300", "top95", "forum-hardest-1106", "forum-hardest-1905-11plus-sample200"]


def load_set(name: str, limit: int | None) -> list[str]:
    path = Path(name)
    if not path.exists():
        path = SHARED / "puzzles" / f"{name}.txt"
    if not path.exists():
        raise SystemExit(f"no puzzle set {name!r} (looked for {path})")
    lines = [ln.strip() for ln in path.read_text().splitlines() if ln.strip()]
    return lines[:limit] if limit else lines


def se_reference() -> dict[str, tuple[float, bool]]:
    """Puzzle -> (serate's wall-clock seconds, whether it finished); a timeout counts as its cap."""
    out: dict[str, tuple[float, bool]] = {}
    if not SE_TSV.exists():
        return out
    for row in SE_TSV.read_text().splitlines()[1:]:
        cols = row.split("\t")
        if len(cols) >= 5:
            try:
                out[cols[0]] = (float(cols[4]), cols[1] != "timeout")
            except ValueError:
                continue
    return out


def se_seconds() -> dict[str, float]:
    """Puzzle -> SE's wall-clock seconds (timeouts included as their cap)."""
    return {puzzle: seconds for puzzle, (seconds, _finished) in se_reference().items()}


def summary(times: list[float]) -> dict[str, float]:
    """Median, p90 and max in milliseconds."""
    s = sorted(times)
    return {
        "n": len(s),
        "median_ms": statistics.median(s) * 1e3,
        "p90_ms": s[min(len(s) - 1, int(0.9 * len(s)))] * 1e3,
        "max_ms": s[-1] * 1e3,
    }


def timed(fn: Callable[[], object]) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def stuck_position(line: str) -> object:
    """The position where singles and locked candidates stop (or the solved grid)."""
    board = parse(line).board
    basic = ["full-house", "hidden-single", "naked-single", "locked-candidates-1", "locked-candidates-2"]
    path = walk(board, Simplest(basic))
    return path.board or board


def run_sets(args: argparse.Namespace) -> list[dict[str, object]]:
    se = se_seconds() if args.engine else {}
    techniques = args.techniques.split(",") if args.techniques else None
    rows: list[dict[str, object]] = []
    for name in args.sets or DEFAULT_SETS:
        lines = load_set(name, args.limit)
        times: list[float] = []
        ratios: list[float] = []
        se_times: list[float] = []
        solved = 0
        for line in lines:
            if args.engine:
                board = parse(line).board
                start = time.perf_counter()
                path = walk(board, Simplest(techniques))
                t = time.perf_counter() - start
                solved += path.solved
                key = line[:81]
                if path.solved and se.get(key):  # a stuck path is not comparable
                    ratios.append(t / se[key])
                    se_times.append(se[key])
            elif args.all_steps:
                board = parse(line).board if args.position == "start" else stuck_position(line)
                t = timed(lambda b=board: all_steps(b, techniques))  # type: ignore[arg-type]
            else:
                values = [int(ch) if ch in "123456789" else 0 for ch in line[:81]]
                t = timed(lambda v=values: solve(v))
            times.append(t)
        row: dict[str, object] = {"set": name, **summary(times)}
        if args.engine:
            row["solved"] = solved
            if ratios:
                row["se_median_ms"] = statistics.median(se_times) * 1e3
                row["ratio_median"] = statistics.median(ratios)
                row["ratio_p90"] = sorted(ratios)[int(0.9 * len(ratios))]
                row["se_compared"] = len(ratios)
        rows.append(row)
        print_row(row, args)
    return rows


def run_generate(args: argparse.Namespace) -> list[dict[str, object]]:
    try:
        from sudoku_grader.generator import GenerateOptions, generate_one, options_from_target
    except ImportError:
        raise SystemExit("the generator module is not available in this checkout") from None
    opts: GenerateOptions = options_from_target(args.target, symmetry=args.symmetry, minimal=args.minimal)
    times: list[float] = []
    tries: list[int] = []
    for i in range(args.count):
        t = time.perf_counter()
        result = generate_one(opts, seed=args.seed + i, timeout=args.timeout)
        times.append(time.perf_counter() - t)
        tries.append(result.tries if result else 0)
        if result is None:
            print(f"  puzzle {i + 1}: no hit within {args.timeout} s", file=sys.stderr)
    row: dict[str, object] = {"set": f"generate {args.target}", **summary(times),
                              "median_tries": statistics.median(tries)}
    print_row(row, args)
    return [row]


def print_row(row: dict[str, object], args: argparse.Namespace) -> None:
    if args.json:
        print(json.dumps(row))
        return
    text = (
        f"{row['set']:40} n={row['n']:<5} median {row['median_ms']:9.2f} ms   p90 {row['p90_ms']:9.2f} ms"
        f"   max {row['max_ms']:9.2f} ms"
    )
    if "solved" in row:
        text += f"   solved {row['solved']}/{row['n']}"
    if "ratio_median" in row:
        text += (
            f"   vs SE ({row['se_compared']} solved and rated): SE median {row['se_median_ms']:.0f} ms,"
            f" ours/SE median {row['ratio_median']:.2f}, p90 {row['ratio_p90']:.2f}"
        )
    if "median_tries" in row:
        text += f"   median tries {row['median_tries']}"
    print(text, flush=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("sets", nargs="*", help=f"puzzle sets (default: {' '.join(DEFAULT_SETS)})")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--solver", action="store_true", help="exact solver (default)")
    mode.add_argument("--engine", action="store_true", help="logical solve path per puzzle")
    mode.add_argument("--all-steps", action="store_true", help="find all steps in one position per puzzle")
    mode.add_argument("--generate", action="store_true", help="puzzle generator")
    p.add_argument("--techniques", help="comma-separated technique names for --engine/--all-steps (default all)")
    p.add_argument("--position", choices=("start", "stuck"), default="start", help="position for --all-steps")
    p.add_argument("--limit", type=int, help="first N puzzles of each set")
    p.add_argument("--target", default="se:1.5:3.0", help="--generate target: none, se:MIN:MAX, hodoku:LEVEL, "
                   "SCALE:LEVEL, technique:NAME")
    p.add_argument("--symmetry", default="none", help="--generate symmetry")
    p.add_argument("--minimal", action="store_true", help="--generate minimal puzzles")
    p.add_argument("--count", type=int, default=10, help="--generate: puzzles to make")
    p.add_argument("--seed", type=int, default=1, help="--generate: first seed")
    p.add_argument("--timeout", type=float, default=120.0, help="--generate: seconds per puzzle before giving up")
    p.add_argument("--json", action="store_true", help="one JSON object per set")
    args = p.parse_args()
    if args.generate:
        run_generate(args)
    else:
        run_sets(args)


if __name__ == "__main__":
    main()
