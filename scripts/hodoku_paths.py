"""HoDoKu's solution paths step by step: record them from the real HoDoKu, compare ours against them.

``hodoku.sh FILE --path`` prints every step of HoDoKu 2.2's path (``   Naked Pair: 1,5 in r17c2 =>
r46c2<>5``). This harness reads that output, keeps each step's technique, placements and
eliminations in a compact file, and compares the HoDoKu scale's walk with it step by step: the
first step where technique, placements or eliminations differ is where the two walks part.
tests/test_hodoku_paths.py imports it.

Usage:
  hodoku.sh puzzles.txt --path > out.txt
  PYTHONPATH=py python scripts/hodoku_paths.py record out.txt > tests/data/hodoku_paths.txt
  PYTHONPATH=py python scripts/hodoku_paths.py compare out.txt        # or a recorded file
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from sudoku_grader.errors import Cancelled  # noqa: E402
from sudoku_grader.formats import parse  # noqa: E402
from sudoku_grader.ratings import hodoku  # noqa: E402
from sudoku_grader.solver import solve  # noqa: E402

# one step: technique name, placements and eliminations as (cell, digit) sets
Effect = tuple[str, frozenset[tuple[int, int]], frozenset[tuple[int, int]]]

_HEAD = re.compile(r"^(\S{81}) #\d+ (\w+) \((\d+)\)")
_CELLS = re.compile(r"r(\d+)c(\d+)")


@dataclass
class Recorded:
    puzzle: str
    level: str
    score: int
    steps: list[Effect]


def _cells(spec: str) -> list[int]:
    """``r89c2,r7c579`` -> cell indices."""
    out: list[int] = []
    for part in spec.split(","):
        m = _CELLS.fullmatch(part.strip())
        if m is None:
            raise ValueError(f"not a cell list: {spec!r}")
        out.extend((int(r) - 1) * 9 + int(c) - 1 for r in m.group(1) for c in m.group(2))
    return out


def parse_step(line: str) -> Effect:
    """One of HoDoKu's step lines -> (name, placements, eliminations)."""
    line = line.strip()
    name = re.split(r": | in | =>", line, maxsplit=1)[0]
    effect = line.rsplit("=>", 1)[1] if "=>" in line else line.split(": ", 1)[1]
    places: set[tuple[int, int]] = set()
    elims: set[tuple[int, int]] = set()
    for group in effect.split(", "):
        group = group.strip()
        if "<>" in group:
            cells, digits = group.split("<>")
            elims.update((c, int(d)) for c in _cells(cells) for d in digits)
        elif "=" in group:
            cells, digit = group.split("=")
            places.update((c, int(digit)) for c in _cells(cells))
    return name, frozenset(places), frozenset(elims)


def read_hodoku_output(text: str) -> list[Recorded]:
    """``hodoku.sh --path`` output -> recorded paths (step lines are indented by exactly 3 spaces)."""
    out: list[Recorded] = []
    broken: set[int] = set()
    for line in text.splitlines():
        line = line.rstrip("\r")
        m = _HEAD.match(line)
        if m:
            out.append(Recorded(m.group(1), m.group(2), int(m.group(3)), []))
        elif out and line.startswith("   ") and not line.startswith("    "):
            try:
                out[-1].steps.append(parse_step(line))
            except (IndexError, ValueError):
                broken.add(len(out) - 1)  # a cut-off output (HoDoKu stopped mid-line): not a path
    return [r for i, r in enumerate(out) if i not in broken]


# ------------------------------------------------------------------ compact file
def _code(effects: frozenset[tuple[int, int]]) -> str:
    """Cells and digits as ``rcd`` triples (1-based), sorted."""
    return ".".join(f"{c // 9 + 1}{c % 9 + 1}{d}" for c, d in sorted(effects))


def _uncode(text: str) -> frozenset[tuple[int, int]]:
    return frozenset(((int(t[0]) - 1) * 9 + int(t[1]) - 1, int(t[2])) for t in text.split(".") if t)


def dump(recs: list[Recorded]) -> str:
    """One puzzle a line: ``puzzle level score step;step;...``, a step ``name|places|eliminations``."""
    lines = ["# HoDoKu 2.2 paths recorded with ../shared/anchors/hodoku.sh FILE --path "
             "(scripts/hodoku_paths.py record): puzzle, level, score, then each step as",
             "# technique|placements|eliminations, effects as row-column-digit triples joined by '.'"]
    for r in recs:
        steps = ";".join(f"{n}|{_code(p)}|{_code(e)}" for n, p, e in r.steps)
        lines.append(f"{r.puzzle}\t{r.level}\t{r.score}\t{steps}")
    return "\n".join(lines) + "\n"


def load(text: str) -> list[Recorded]:
    out = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        puzzle, level, score, steps = line.split("\t")
        effects: list[Effect] = []
        for s in steps.split(";"):
            name, places, elims = s.split("|")
            effects.append((name, _uncode(places), _uncode(elims)))
        out.append(Recorded(puzzle, level, int(score), effects))
    return out


# ------------------------------------------------------------------ comparing
def our_path(puzzle: str, time_limit: float | None = None) -> tuple[list[Effect], dict[str, object]]:
    """The HoDoKu scale's walk as effects, with its rating (`Cancelled` past ``time_limit`` CPU seconds: a
    limit that means the same on a loaded machine)."""
    board = parse(puzzle).board
    sol = solve(board).solutions[0]
    deadline = None if time_limit is None else time.process_time() + time_limit
    path = hodoku.path(board, sol, cancel=lambda: deadline is not None and time.process_time() > deadline)
    steps = []
    for s, k in zip(path.steps, path.keys):
        tid = k or s.technique
        steps.append((hodoku.NAME_BY_ID.get(tid, tid), frozenset(s.placements), frozenset(s.eliminations)))
    summary = hodoku.summarize(path, hodoku.SCORES)
    return steps, summary


def first_difference(rec: Recorded, ours: list[Effect]) -> str | None:
    """Where our walk leaves HoDoKu's, in words; None when every step is equal."""
    for i, theirs in enumerate(rec.steps):
        if i >= len(ours):
            return f"step {i + 1}: ours stops, HoDoKu takes {_show(theirs)}"
        if ours[i] != theirs:
            return f"step {i + 1}: HoDoKu {_show(theirs)}, ours {_show(ours[i])}"
    if len(ours) > len(rec.steps):
        return f"step {len(rec.steps) + 1}: HoDoKu stops, ours takes {_show(ours[len(rec.steps)])}"
    return None


def _show(e: Effect) -> str:
    name, places, elims = e
    return f"{name} [={_code(places)} -{_code(elims)}]"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("mode", choices=("record", "compare"))
    p.add_argument("file", help="hodoku.sh --path output, or (compare) a recorded file")
    p.add_argument("--time-limit", type=float, default=None, help="CPU seconds per puzzle (compare)")
    a = p.parse_args()
    text = Path(a.file).read_text(encoding="utf-8", errors="replace")
    recs = read_hodoku_output(text) or load(text)
    if a.mode == "record":
        sys.stdout.write(dump(recs))
        return 0
    same = rated = timeouts = 0
    for rec in recs:
        t0 = time.process_time()
        try:
            ours, summary = our_path(rec.puzzle, a.time_limit)
        except Cancelled:
            timeouts += 1
            print(f"{rec.puzzle} timeout; HoDoKu {rec.level} {rec.score}", flush=True)
            continue
        rated += (summary["level"], summary["score"]) == (rec.level, rec.score)
        diff = first_difference(rec, ours)
        rating = f"HoDoKu {rec.level} {rec.score}, ours {summary['level']} {summary['score']}"
        secs = time.process_time() - t0
        if diff is None:
            same += 1
            print(f"{rec.puzzle} same path; {rating} ({secs:.1f} CPU s)", flush=True)
        else:
            print(f"{rec.puzzle} {diff}; {rating} ({secs:.1f} CPU s)", flush=True)
    n = len(recs)
    print(f"same path on {same}/{n}, same score and level on {rated}/{n}, timeouts {timeouts}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
