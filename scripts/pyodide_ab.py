"""The code before a change against this checkout, interleaved, in CPython and in Pyodide.

    python scripts/pyodide_ab.py --old 05bfa73                  # a git revision of this repository
    python scripts/pyodide_ab.py --old ../other-checkout --ops rate:hodoku,explain --puzzles 20
    python scripts/pyodide_ab.py --floor                        # the interpreter's own ratio, per kind of operation

Both versions are loaded side by side in one interpreter (the old package renamed ``sgold``) and
take turns on each puzzle and operation, in alternating order, for ``--rounds`` rounds; each
(operation, puzzle, version) keeps its fastest time, so a burst of load on this shared machine
hits one round, not the comparison. The same runs in headless chromium's Pyodide (main thread,
the Pyodide of build.py's cache). Prints new/old per operation in each runtime and what that
does to the Pyodide/CPython ratio (Pyodide new/old divided by CPython new/old): below 1 the
change helped Pyodide more. Results of the two versions are compared (timings left out) and
every difference is printed: a speed change must not change an answer.

Why both: Pyodide (no pymalloc, WebAssembly) pays several times CPython's price for operations
on multi-digit ints (81-bit cell masks, chain node sets) and for calls of int methods, and about
CPython's price for table lookups and 9-bit masks, so a change can speed up one runtime only.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import io
import json
import shutil
import subprocess
import sys
import tempfile
import threading
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

PUZZLES = ROOT.parent / "shared" / "puzzles"
OPS = "solve,hint,explain,rate:hodoku,rate:sudokuwiki,rate:sourgumdrop,rate:sudokuoftheday,rate:grader2009,rate:se"

# Runs in both interpreters: CONFIG (a dict) is set before it.
BENCH = r'''
import json, time
import sgold.worker_api as OLD
import sudoku_grader.worker_api as NEW

def _read(name):
    return [x.strip() for x in open(CONFIG["puzzles"] + "/" + name) if x.strip()]

n = CONFIG["n"]
news, top = _read("newspaper-mixed.txt"), _read("top95.txt")
puzzles = news[: n - n // 2] + top[: n // 2]
ops = [tuple(o.partition(":")[::2]) for o in CONFIG["ops"].split(",")]
best = {}
diffs = []

def _plain(text):
    return json.loads(text, object_hook=lambda d: {k: v for k, v in d.items() if k != "seconds"})

for r in range(CONFIG["rounds"]):
    for i, p in enumerate([news[n]] + puzzles):  # the first puzzle warms up and is not timed
        for op, scale in ops:
            options = json.dumps({"scales": scale} if scale else {})
            order = [("old", OLD), ("new", NEW)] if (i + r) % 2 else [("new", NEW), ("old", OLD)]
            got = {}
            for name, mod in order:
                t0 = time.perf_counter()
                got[name] = mod.handle(op, p, options)
                dt = time.perf_counter() - t0
                if i:
                    key = (op, scale, name, i)
                    best[key] = min(best.get(key, dt), dt)
            if r == 0 and _plain(got["old"]) != _plain(got["new"]):
                diffs.append(f"{op} {scale} {p}")
totals = {}
for (op, scale, name, _), t in best.items():
    totals[f"{op}:{scale}|{name}"] = totals.get(f"{op}:{scale}|{name}", 0.0) + t
print("RESULT " + json.dumps({"totals": totals, "diffs": diffs}))
'''

# The interpreter's floor: small loops of one kind of operation each, fastest of 5, in both runtimes.
FLOOR = r'''
import json, time
T9 = [i.bit_count() for i in range(512)]
L81 = list(range(81))
M81 = (1 << 81) - 1
W = (1 << 1700) - 1

def f(a, b):
    return a

def k_small_int_loop():
    s = 0
    for i in range(300000): s ^= i & 511

def k_list_index():
    s = 0
    for _ in range(3000):
        for i in L81: s ^= L81[i]

def k_table_lookup_9bit():
    s = 0
    for i in range(300000): s += T9[i & 511]

def k_function_call():
    for i in range(200000): f(i, 1)

def k_ops_81bit():
    s = 0
    for i in range(300000): s = (M81 >> (i & 63)) & M81

def k_peel_81bit():
    for _ in range(3000):
        m = M81
        while m:
            low = m & -m
            m ^= low

def k_ops_1700bit():
    x = 1 << 900
    for i in range(100000): y = W & x | x

def k_tuple_build():
    for i in range(200000): t = (i, 1, 2)

def k_list_build():
    for i in range(100000): t = [i, 1, 2]

def k_dict_lookup():
    d = {i: i for i in range(1000)}
    for i in range(300000): d[i % 1000]

def k_generator():
    def g(n):
        for i in range(n): yield i
    for _ in range(2000):
        for x in g(100): pass

def k_str_format():
    for i in range(50000): f"r{i}c{i}"

out = {}
for name, fn in list(globals().items()):
    if name.startswith("k_"):
        best = 1e9
        for _ in range(5):
            t = time.perf_counter(); fn(); best = min(best, time.perf_counter() - t)
        out[name[2:]] = best
print("RESULT " + json.dumps(out))
'''

PAGE = """<!doctype html><meta charset=utf-8><script type=module>
import { loadPyodide } from "./pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: "./pyodide/" });
const out = [];
py.setStdout({ batched: (s) => out.push(s) });
py.setStderr({ batched: (s) => out.push(s) });
py.unpackArchive(await (await fetch("packages.zip")).arrayBuffer(), "zip", { extractDir: "/ab" });
py.FS.mkdirTree("/puzzles");
for (const f of ["newspaper-mixed.txt", "top95.txt"]) {
  py.FS.writeFile("/puzzles/" + f, new Uint8Array(await (await fetch("puzzles/" + f)).arrayBuffer()));
}
py.runPython("import sys; sys.path.insert(0, '/ab')");
try { py.runPython(await (await fetch("bench.py")).text()); } catch (e) { out.push("ERROR " + e); }
window.abResult = out.join("\\n");
</script>"""


def old_package(old: str, into: Path) -> None:
    """``into/sgold``: the old sudoku_grader, from a directory (its py/) or a git revision."""
    src = Path(old)
    if src.is_dir():
        shutil.copytree(src / "py" / "sudoku_grader", into / "sgold", ignore=shutil.ignore_patterns("__pycache__"))
        return
    tar = subprocess.run(["git", "-C", str(ROOT), "archive", old, "py/sudoku_grader"], check=True,
                         capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=tar, check=True)
    (into / "py" / "sudoku_grader").rename(into / "sgold")


def result(text: str) -> dict:
    for line in text.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[7:])
    raise SystemExit(f"the benchmark printed no result:\n{text[-2000:]}")


def run_cpython(work: Path, config: dict, bench: str = BENCH) -> dict:
    code = f"CONFIG = {config!r}\n" + bench
    env_path = f"{work}:{ROOT / 'py'}"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={"PYTHONPATH": env_path, "PATH": "/usr/bin:/bin"})
    return result(out.stdout + out.stderr)


def run_pyodide(work: Path, config: dict, bench: str = BENCH) -> dict:
    import build
    from playwright.sync_api import sync_playwright

    from browser_support import launch

    site = work / "site"
    site.mkdir()
    (site / "pyodide").symlink_to(build.pyodide_dir())
    (site / "puzzles").symlink_to(PUZZLES)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for base, name in ((ROOT / "py" / "sudoku_grader", "sudoku_grader"), (work / "sgold", "sgold")):
            for f in base.rglob("*.py"):
                z.write(f, f"{name}/{f.relative_to(base)}")
    (site / "packages.zip").write_bytes(buf.getvalue())
    (site / "bench.py").write_text(f"CONFIG = {dict(config, puzzles='/puzzles')!r}\n" + bench)
    (site / "index.html").write_text(PAGE)

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as pw:
            browser = launch(pw)
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{srv.server_address[1]}/index.html")
            page.wait_for_function("window.abResult !== undefined", timeout=3_600_000)
            text = page.evaluate("window.abResult")
            browser.close()
    finally:
        srv.shutdown()
    return result(text)


def floor(config: dict) -> int:
    """Print, per kind of operation, its seconds in each runtime and the Pyodide/CPython ratio."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "sgold").mkdir()  # the page zips it; nothing of the package runs here
        cpy = run_cpython(work, config, FLOOR)
        pyo = run_pyodide(work, config, FLOOR)
    print("\n| operation (a loop of it, fastest of 5) | CPython ms | Pyodide ms | ratio |\n|---|---:|---:|---:|")
    for k, t in cpy.items():
        print(f"| {k.replace('_', ' ')} | {t * 1000:.1f} | {pyo[k] * 1000:.1f} | {pyo[k] / t:.2f} |")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--old", help="a git revision of this repository, or another checkout's directory")
    ap.add_argument("--floor", action="store_true",
                    help="instead: time one kind of operation at a time in both runtimes (the interpreter's own ratio)")
    ap.add_argument("--ops", default=OPS, help=f"operations, op or op:scale, comma-separated (default {OPS})")
    ap.add_argument("--puzzles", type=int, default=10, help="half newspaper, half top95 (default 10)")
    ap.add_argument("--rounds", type=int, default=3, help="each keeps the fastest of this many runs (default 3)")
    ap.add_argument("--runtime", choices=("both", "cpython", "pyodide"), default="both")
    args = ap.parse_args()
    config = {"n": args.puzzles, "rounds": args.rounds, "ops": args.ops, "puzzles": str(PUZZLES)}
    if args.floor:
        return floor(config)
    if not args.old:
        ap.error("--old is required (or --floor)")
    runs: dict[str, dict] = {}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        old_package(args.old, work)
        if args.runtime in ("both", "cpython"):
            runs["CPython"] = run_cpython(work, config)
        if args.runtime in ("both", "pyodide"):
            runs["Pyodide"] = run_pyodide(work, config)
    names = list(runs)
    print(f"\n{args.puzzles} puzzles, fastest of {args.rounds} rounds, old = {args.old}\n")
    head = " | ".join(f"{n} old s | {n} new s | {n} new/old" for n in names)
    print(f"| operation | {head} |" + (" Pyodide/CPython ratio change |" if len(names) == 2 else ""))
    print("|---|" + "---:|" * (3 * len(names) + (len(names) == 2)))
    for op in args.ops.split(","):
        key = op if ":" in op else op + ":"
        cells, change = [], []
        for n in names:
            t = runs[n]["totals"]
            o, w = t[f"{key}|old"], t[f"{key}|new"]
            cells += [f"{o:.3f}", f"{w:.3f}", f"{w / o:.2f}"]
            change.append(w / o)
        extra = f" {change[1] / change[0]:.2f} |" if len(change) == 2 else ""
        print(f"| {op.replace(':', ' ')} | " + " | ".join(cells) + " |" + extra)
    diffs = [f"{n}: {d}" for n in names for d in runs[n]["diffs"]]
    for d in diffs:
        print("DIFFERENT RESULT", d)
    return 1 if diffs else 0


if __name__ == "__main__":
    raise SystemExit(main())
