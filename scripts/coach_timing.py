"""How long the coach takes per move, in CPython and in the app's worker (Pyodide), on the same moves.

    python scripts/coach_timing.py [--puzzles 6] [--budget 0.25]

The moves are real play of a careful player: the simplest-first path of puzzles rated at most SE 7.0
(our SE scale), taken step by step, each placement and each elimination one move,
judged from the position before it with every candidate marked. Half the puzzles come from the
generator (fixed seeds), half from top1465 (every 40th line that qualifies). The page is the built
``dist/`` served on 127.0.0.1; each move is one ``coach`` request to the worker, timed in the page
from request to answer. Prints the median and p90 per runtime and how many moves hit the budget.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests")]

from sudoku_grader import api  # noqa: E402
from sudoku_grader.board import Board  # noqa: E402
from sudoku_grader.coach import coach  # noqa: E402
from sudoku_grader.engine import apply_step, walk  # noqa: E402
from sudoku_grader.generator import reduce_grid  # noqa: E402
from sudoku_grader.geometry import cell_name  # noqa: E402
from sudoku_grader.solver import random_solution  # noqa: E402
from sudoku_grader.techniques import get  # noqa: E402

TOP = ROOT.parent / "shared" / "puzzles" / "top1465.txt"


def puzzles(count: int) -> list[Board]:
    out: list[Board] = []
    for seed in range(1, 1000):
        if len(out) >= count // 2:
            break
        rng = random.Random(seed)
        b = Board.from_values(reduce_grid(random_solution(rng), rng))
        if max(get(s.technique).level for s in walk(b).steps) >= 4.0:  # something beyond singles
            out.append(b)
    lines = [x.split()[0] for x in TOP.read_text().splitlines() if x.strip()][::40]
    for line in lines:
        if len(out) >= count:
            break
        b = Board.from_string(line)
        if walk(b).solved and api.rate(line, scales="se")["ratings"]["se"]["er"] <= 7.0:
            out.append(b)
    return out


def moves(board: Board) -> list[tuple[str, dict]]:
    """(position before, move) for each placement and elimination of the path, in order."""
    out = []
    b = board.copy()
    for step in walk(board).steps:
        for cell, digit in step.placements:
            out.append((_position(b), {"cell": cell_name(cell), "digit": digit, "kind": "placement"}))
        for cell, digit in step.eliminations:
            if b.has_candidate(cell, digit):
                out.append((_position(b), {"cell": cell_name(cell), "digit": digit, "kind": "elimination"}))
        apply_step(b, step)
    return out


def _position(b: Board) -> str:
    givens = "".join(str(v) if v and b.is_given(c) else "." for c, v in enumerate(b.values))
    placed = "".join(str(v) if v and not b.is_given(c) else "." for c, v in enumerate(b.values))
    cands = [[] if b.values[c] else [d for d in range(1, 10) if b.cands[c] >> (d - 1) & 1] for c in range(81)]
    return json.dumps({"givens": givens, "placed": placed, "candidates": cands})


def pct(xs: list[float], p: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(p * len(s)))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--puzzles", type=int, default=6)
    ap.add_argument("--budget", type=float, default=0.25)
    args = ap.parse_args()
    boards = puzzles(args.puzzles)
    work = [m for b in boards for m in moves(b)]
    cpython, verdicts = [], {}
    for pos, mv in work:
        t = time.perf_counter()
        out = coach(pos, mv, args.budget)
        cpython.append(time.perf_counter() - t)
        verdicts[out["verdict"]] = verdicts.get(out["verdict"], 0) + 1
    print(f"{len(work)} moves from {args.puzzles} puzzles; verdicts {verdicts}")
    print("SE ER of the puzzles:", [api.rate(b.to_string("."), scales="se")["ratings"]["se"]["er"] for b in boards])
    print(f"CPython: median {statistics.median(cpython) * 1000:.1f} ms, p90 {pct(cpython, 0.9) * 1000:.1f} ms, "
          f"max {max(cpython) * 1000:.0f} ms")

    from playwright.sync_api import sync_playwright

    from browser_support import launch, serve, wait_ready

    base, server = serve(ROOT / "dist")
    with sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page()
        page.goto(base)
        wait_ready(page)
        seconds = page.evaluate(
            """async ([work, budget]) => {
                const engine = window.sudokuGrader.engine;
                await engine.request("coach", work[0][0], { move: work[0][1], budget }); // warm up
                const out = [];
                for (const [pos, move] of work) {
                    const t = performance.now();
                    await engine.request("coach", pos, { move, budget });
                    out.push((performance.now() - t) / 1000);
                }
                return out;
            }""", [[list(w) for w in work], args.budget])
        browser.close()
    server.shutdown()
    print(f"Pyodide (worker, request to answer): median {statistics.median(seconds) * 1000:.1f} ms, "
          f"p90 {pct(seconds, 0.9) * 1000:.1f} ms, max {max(seconds) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
