"""The ``generate`` command: new puzzles on stdout, progress on stderr.

``python -m sudoku_grader generate [--count N] [--seed S] [--symmetry ...] [--minimal]
[--technique NAME] [--scale SCALE --min X --max Y | --level NAME] [--size 9|6] [--format jsonl|csv]``
(``--json`` = ``--format jsonl``; without either, one ``puzzle  # label`` line each); the work is
`generator.generate_one`, the same as the browser's.
"""

from __future__ import annotations

import argparse
import random
import sys

from ..errors import SudokuError
from ..generator import Generated, GenerateOptions, generate_one
from ..ratings import BY_ID, SCALES
from ..techniques import REGISTRY
from .checks import count, number, seconds
from .records import RecordWriter, add_format_argument, generate_table, output_format


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The ``generate`` subcommand's options."""
    p.add_argument("--count", type=count("--count", 1, 10**6), default=1, help="how many puzzles (default 1)")
    p.add_argument("--size", type=count("--size", 1, 99), default=9,
                   help="grid size: 9 (default) or 6 (6x6, boxes of 2x3)")
    p.add_argument("--seed", type=int, default=None, help="seed for reproducible output (default: random)")
    p.add_argument("--symmetry", default="none", help="none, rotational (180), mirror or diagonal")
    p.add_argument("--minimal", action="store_true", help="only puzzles where every given is needed")
    p.add_argument("--technique", metavar="NAME",
                   help="practice: the puzzle's hardest step is this technique (the path needs nothing harder)")
    p.add_argument("--scale", help=f"rating scale to aim at: {', '.join(SCALES)}")
    p.add_argument("--min", type=number("--min"), dest="lo", help="lowest rating on the scale (e.g. SE 4.0)")
    p.add_argument("--max", type=number("--max"), dest="hi", help="highest rating on the scale")
    p.add_argument("--level", "--grade", dest="level", help="level name on the scale (hodoku unfair, ...)")
    p.add_argument("--max-tries", type=count("--max-tries", 1), default=None,
                   help="give up on a puzzle after N grids")
    p.add_argument("--timeout", type=seconds("--timeout"), default=600.0,
                   help="give up on a puzzle after N seconds (600)")
    p.add_argument("--json", action="store_true", help="one JSON object per puzzle with its rating "
                   "(the same as --format jsonl)")
    add_format_argument(p, "one line per puzzle with a # label")


def run(args: argparse.Namespace) -> int:
    """``python -m sudoku_grader generate ...``: puzzles on stdout, progress on stderr."""
    try:
        fmt = output_format(args, "text")
        opts = GenerateOptions(symmetry=args.symmetry, minimal=args.minimal, technique=args.technique,
                               scale=args.scale, lo=args.lo, hi=args.hi, level=args.level, size=args.size)
    except SudokuError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.count < 1:
        print("error: --count must be at least 1", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    show = sys.stderr.isatty()
    writer = RecordWriter(fmt, generate_table(opts.scale)) if fmt != "text" else None

    def progress(message: str) -> None:
        if show or message.startswith("note:"):
            sys.stderr.write(("\r" if show else "") + message + ("" if show else "\n"))
            sys.stderr.flush()

    failed = 0
    for i in range(args.count):
        try:
            made = generate_one(opts, seed=seed + i, timeout=args.timeout, max_tries=args.max_tries,
                                progress=progress)
        except SudokuError as e:
            print(f"\nerror: {e}", file=sys.stderr)
            return 2
        if show:
            sys.stderr.write("\r" + " " * 78 + "\r")
        if made is None:
            failed += 1
            limit = f"{args.timeout:g} s" if args.max_tries is None else f"{args.max_tries} tries or {args.timeout:g} s"
            print(f"no puzzle found for {opts.describe()} within {limit} (seed {seed + i}): the target is rare; "
                  "widen the band or allow more time", file=sys.stderr)
            continue
        if writer:
            writer.write(made.to_json())
        else:
            print(f"{made.puzzle}  # {_label(made)}", flush=True)
    return 1 if failed else 0


def _label(made: Generated) -> str:
    parts = [f"{made.givens} givens", f"seed {made.seed}"]
    if made.symmetry != "none":
        parts.append(made.symmetry)
    if made.minimal:
        parts.append("minimal")
    r = made.rating
    if r:
        scale = r.get("scale", "")
        rated = BY_ID.get(scale)
        fields = (rated.number, rated.level or "") if rated else ()
        shown = [f"{k} {r[k]}" for k in fields if k in r]
        parts.append(f"{scale} " + ", ".join(shown))
    if made.techniques:
        hardest = max(made.techniques, key=lambda t: REGISTRY[t].level if t in REGISTRY else 0)
        parts.append(f"hardest technique {hardest}")
    return "; ".join(parts)
