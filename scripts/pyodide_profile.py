"""Where Pyodide loses to CPython: cProfile of the same operations on the same puzzles in both.

    python scripts/pyodide_profile.py --ops rate:sourgumdrop --puzzles 20
    python scripts/pyodide_profile.py --ops solve,hint,explain --top 30

Runs each operation through ``worker_api.handle`` (as the worker and `browser_figures.py speed`
do: ``hint`` on the position where singles and intersections stop) on each puzzle, first once
untimed, then under cProfile, in CPython and in headless chromium's Pyodide. Prints per operation
the profiled totals and the functions whose Pyodide time exceeds ``--target`` times their CPython
time the most (own time, ``tottime``): those are the places where a change pays in the browser.
The profiler adds its own cost to every call, so the totals run above the unprofiled ones; the
ranking is what counts. Pyodide's profiler charges calls of built-in functions and methods
(``list.append``, ``int.bit_length``, ``len``) 6-10x CPython's time where unprofiled they cost
1.5-3x: a change suggested by those rows must be timed, e.g. with ``pyodide_ab.py --old``
(a bfs that traded three appends a node for list slices looked better here and was slower in both).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "py")]

from browser_figures import sample, stuck_text  # noqa: E402
from pyodide_ab import OPS, run_cpython, run_pyodide  # noqa: E402

BENCH = r'''
import cProfile, json, pstats, time
from sudoku_grader import worker_api

ops = [tuple(o.partition(":")[::2]) for o in CONFIG["ops"].split(",")]
heard = lambda message: json.loads(message)
out = {}
for op, scale in ops:
    options = json.dumps({"scales": scale} if scale else {})
    texts = [s if op == "hint" else p for p, s in CONFIG["inputs"]]
    for t in texts[:1]:
        worker_api.handle(op, t, options, heard)  # imports and tables: not the operation's speed
    prof = cProfile.Profile()
    t0 = time.perf_counter()
    for t in texts:
        prof.runcall(worker_api.handle, op, t, options, heard)
    total = time.perf_counter() - t0
    stats = pstats.Stats(prof).stats
    funcs = {f"{fn[0].rsplit('/sudoku_grader/', 1)[-1]}:{fn[1]}({fn[2]})": [v[0], v[1], v[2]]
             for fn, v in stats.items()}
    out[f"{op}:{scale}"] = {"total": total, "funcs": funcs}
print("RESULT " + json.dumps(out))
'''


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ops", default=OPS, help=f"operations, op or op:scale, comma-separated (default {OPS})")
    ap.add_argument("--puzzles", type=int, default=20, help="half newspaper, half top95 (default 20)")
    ap.add_argument("--top", type=int, default=20, help="functions to list per operation (default 20)")
    ap.add_argument("--target", type=float, default=1.5, help="the ratio a function is measured against")
    args = ap.parse_args()
    inputs = [(p, stuck_text(p)) for p in sample(args.puzzles)]
    config = {"ops": args.ops, "inputs": inputs}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "sgold").mkdir()  # run_pyodide zips it; nothing of it runs here
        cpy = run_cpython(work, config, BENCH)
        pyo = run_pyodide(work, config, BENCH)
    for key, c in cpy.items():
        p = pyo[key]
        print(f"\n## {key.rstrip(':')}: CPython {c['total']:.3f} s, Pyodide {p['total']:.3f} s, "
              f"ratio {p['total'] / c['total']:.2f} (profiled)\n")
        print("| function | calls | CPython ms | Pyodide ms | ratio | excess ms |\n|---|---:|---:|---:|---:|---:|")
        rows = []
        for fn, (calls, _, pt) in p["funcs"].items():
            ct = c["funcs"].get(fn, [0, 0, 0.0])[2]
            rows.append((pt - args.target * ct, fn, calls, ct, pt))
        for excess, fn, calls, ct, pt in sorted(rows, reverse=True)[: args.top]:
            ratio = f"{pt / ct:.2f}" if ct else "-"
            print(f"| {fn} | {calls} | {ct * 1000:.1f} | {pt * 1000:.1f} | {ratio} | {excess * 1000:.1f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
