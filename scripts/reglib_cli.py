"""HoDoKu's regression library through the command line, as a user would run it.

Every case of reglib goes through ``python -m sudoku_grader steps --technique CODE --preset hodoku
LINE`` (``cli.main`` in this process, its standard output captured): a case passes when one
printed step's eliminations (or placements, for a placing case) are exactly the expected ones; a
fail case (``-x``) passes when none is. A code the CLI does not know (exit 2) counts as not
implemented. tests/test_reglib.py checks the same cases on the finders directly, with the switches
HoDoKu's tester flips per variant; this shows what the CLI's preset alone reproduces.

    PYTHONPATH=py python scripts/reglib_cli.py [--every N] [--option NAME=VALUE ...] [--no-preset]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
from collections import Counter
from pathlib import Path

from sudoku_grader import cli
from sudoku_grader.formats import parse_library
from sudoku_grader.geometry import cell_name

REGLIB = Path(__file__).resolve().parents[2] / "shared" / "reglib" / "reglib-1.3.txt"


def cases(path: Path = REGLIB, every: int = 1) -> list[tuple[int, str]]:
    """(file line number, line) of every ``every``-th case."""
    lines = [(n, x) for n, x in enumerate(path.read_text().splitlines(), 1) if x.startswith(":")]
    return lines[::every]


def run_case(line: str, extra: list[str]) -> str:
    """``pass``, ``fail`` or ``unknown`` (the CLI does not know the technique code)."""
    case = parse_library(line)
    code = case.code.split("-")[0]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(["steps", "--technique", code, *extra, line])
    if status == 2:
        return "unknown"
    want_elims = sorted((cell_name(c), d) for c, d in case.eliminations)
    want_place = sorted((cell_name(c), d) for c, d in case.placements)
    hit = False
    for record in map(json.loads, out.getvalue().splitlines()):
        for step in record.get("steps", []):
            elims = sorted((e["cell"], e["digit"]) for e in step["eliminations"])
            place = sorted((p["cell"], p["digit"]) for p in step["placements"])
            if (want_elims and elims == want_elims) or (want_place and not want_elims and place == want_place):
                hit = True
    return "pass" if hit != case.code.endswith("-x") else "fail"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--every", type=int, default=1, help="every N-th case only")
    ap.add_argument("--option", action="append", default=[], help="passed on to the CLI (repeatable)")
    ap.add_argument("--no-preset", action="store_true", help="without --preset hodoku")
    ap.add_argument("--file", type=Path, default=REGLIB)
    args = ap.parse_args(argv)
    extra = ([] if args.no_preset else ["--preset", "hodoku"]) + [f"--option={o}" for o in args.option]
    counts: Counter[str] = Counter()
    failed: Counter[str] = Counter()
    for n, line in cases(args.file, args.every):
        result = run_case(line, extra)
        counts[result] += 1
        if result == "fail":
            failed[line.split(":")[1]] += 1
            print(f"fail line {n}: {line[:70]}", file=sys.stderr)
    known = counts["pass"] + counts["fail"]
    print(f"reglib through the CLI (steps --technique CODE {' '.join(extra)}): {counts['pass']} of {known} "
          f"cases of known techniques pass; {counts['unknown']} cases of codes the CLI does not know")
    if failed:
        print("failing variants: " + ", ".join(f"{k} x{v}" for k, v in sorted(failed.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
