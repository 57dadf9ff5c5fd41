"""The expert tier on the default path: the path with and without the new techniques, side by side.

Usage: PYTHONPATH=py python scripts/expert_benchmark.py forum-hardest-1106 [--every 1] [--limit 0]
       [--timeout 300] [--probe finned-squirmbag,kraken-fish-type-1] [--new forcing-net-plus]

For every puzzle the default path is walked twice, interleaved (which goes first alternates), once
without the techniques of issue 18 ("before") and once with them ("after"); ``--new`` names the
techniques that "before" leaves out instead (to measure one addition against the code before it). Per variant it prints:
puzzles solved, paths that need a forcing step (forcing chains, forcing nets, nested nets), paths
that need a nested net, the median number of forcing steps per path, the median length of the
longest step text, and the path time (median, mean, max). Then the cost of each finder per
position where the "after" path reaches it (median, p90, calls, steps found), and for the
``--probe`` techniques (off the default path) their cost when asked at every position of the
"after" path where something harder than a single was needed.
"""

from __future__ import annotations

import argparse
import signal
import statistics
import time
from collections import defaultdict
from pathlib import Path

from sudoku_grader.board import Board
from sudoku_grader.engine import Simplest, apply_step, walk
from sudoku_grader.formats import parse
from sudoku_grader.solver import solve
from sudoku_grader.techniques import Technique, default_order, get

PUZZLES = Path(__file__).resolve().parent.parent.parent / "shared" / "puzzles"

# The techniques issue 18 adds to the default path.
NEW = {"junior-exocet", "senior-exocet", "sk-loop", "msls", "vwxyz-wing", "uvwxyz-wing",
       "extended-unique-rectangle", "twinned-xy-chains", "forcing-net-plus"}
SINGLES = {"full-house", "hidden-single", "naked-single"}


class _Timeout(Exception):
    pass


def _alarm(_sig: int, _frame: object) -> None:
    raise _Timeout()


def _timed(t: Technique, costs: dict[str, list[float]]) -> Technique:
    def find(board: Board):  # type: ignore[no-untyped-def]
        t0 = time.perf_counter()
        out = list(t.steps(board))
        costs[t.id].append(time.perf_counter() - t0)
        return iter(out)

    return Technique(t.id, t.name, t.family, t.level, find, t.codes, t.aliases, t.default)


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("sets", nargs="+")
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--probe", default="")
    ap.add_argument("--new", default="", help="comma-separated ids the 'before' path leaves out (default: NEW)")
    args = ap.parse_args()
    new = set(args.new.split(",")) if args.new else NEW
    signal.signal(signal.SIGALRM, _alarm)
    base = [t for t in default_order() if t.id != "se-nested-forcing-chains"]
    probes = [get(p) for p in args.probe.split(",") if p]
    for name in args.sets:
        lines = [x.strip() for x in (PUZZLES / f"{name}.txt").read_text().splitlines() if x.strip()]
        lines = lines[:: args.every]
        if args.limit:
            lines = lines[: args.limit]
        stats: dict[str, dict[str, list[float]]] = {v: defaultdict(list) for v in ("before", "after")}
        costs: dict[str, list[float]] = defaultdict(list)
        found: dict[str, int] = defaultdict(int)
        probe_costs: dict[str, list[float]] = defaultdict(list)
        variants = {
            "before": [t for t in base if t.id not in new],
            "after": [_timed(t, costs) for t in base],
        }
        for n, line in enumerate(lines):
            board = parse(line).board
            solution = solve(board).solutions[0]
            order = ("before", "after") if n % 2 == 0 else ("after", "before")
            for v in order:
                st = stats[v]
                t0 = time.perf_counter()
                signal.alarm(args.timeout)
                try:
                    path = walk(board, Simplest(variants[v]))
                except _Timeout:
                    st["timeout"].append(1)
                    st["time"].append(float(args.timeout))
                    continue
                finally:
                    signal.alarm(0)
                st["time"].append(time.perf_counter() - t0)
                st["solved"].append(float(path.solved))
                forcing = [s for s in path.steps if get(s.technique).family in ("forcing", "se_chains")]
                nested = [s for s in forcing if s.technique in ("nested-forcing-net", "se-nested-forcing-chains")]
                st["forcing_path"].append(float(bool(forcing)))
                st["nested_path"].append(float(bool(nested)))
                st["forcing_steps"].append(len(forcing))
                st["longest_text"].append(max((len(s.text) for s in path.steps), default=0))
                for s in path.steps:
                    for c, d in s.placements:
                        st["unsound"].append(float(solution[c] != d))
                    for c, d in s.eliminations:
                        st["unsound"].append(float(solution[c] == d))
                if v == "after":
                    for s in path.steps:
                        found[s.technique] += 1
                    if probes:
                        b = board.copy()
                        for s in path.steps:
                            if s.technique not in SINGLES:
                                for p in probes:
                                    t1 = time.perf_counter()
                                    for x in p.steps(b):
                                        for c, d in x.eliminations:
                                            assert solution[c] != d, x.text
                                        found["probe:" + p.id] += 1
                                    probe_costs[p.id].append(time.perf_counter() - t1)
                            apply_step(b, s)
        print(f"{name}: {len(lines)} puzzles (every {args.every})")
        for v in ("before", "after"):
            st = stats[v]
            npaths = len(st["solved"])
            forcing_paths = int(sum(st["forcing_path"]))
            print(f"  {v:6}: solved {int(sum(st['solved']))}/{npaths} ({len(st['timeout'])} over {args.timeout}s), "
                  f"paths with a forcing step {forcing_paths}, with a nested net {int(sum(st['nested_path']))}"
                  f" ({sum(st['nested_path']) / max(1, forcing_paths):.0%} of those), forcing steps per path median "
                  f"{statistics.median(st['forcing_steps']) if npaths else 0}, longest step text median "
                  f"{statistics.median(st['longest_text']) if npaths else 0:.0f} chars, time median "
                  f"{statistics.median(st['time']):.2f}s mean {statistics.mean(st['time']):.2f}s max "
                  f"{max(st['time']):.2f}s, unsound {int(sum(st['unsound']))}")
        print("  finder cost per position reached on the 'after' path (median / p90 ms, calls, steps applied):")
        for tid in sorted(costs, key=lambda k: -statistics.median(costs[k])):
            if tid in new or tid in NEW or tid.startswith(("forcing", "nested")):
                xs = costs[tid]
                print(f"    {tid:28} {1000 * statistics.median(xs):8.1f} {1000 * _pct(xs, 0.9):8.1f} "
                      f"{len(xs):6} {found.get(tid, 0):5}")
        for tid, xs in probe_costs.items():
            print(f"    probe {tid:22} {1000 * statistics.median(xs):8.1f} {1000 * _pct(xs, 0.9):8.1f} "
                  f"{len(xs):6} {found.get('probe:' + tid, 0):5} (steps found)")


if __name__ == "__main__":
    main()
