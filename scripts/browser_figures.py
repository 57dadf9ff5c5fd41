"""Measure the browser app's figures on this machine (headless Debian chromium, dist/ on 127.0.0.1).

    python scripts/browser_figures.py visits   # first and cached visit: requests, bytes, time to worker ready
    python scripts/browser_figures.py boot     # worker ready vs bare Pyodide (1+1), cold and cached, interleaved
                                               # (--against OLD/dist: another build in the same rotation)
    python scripts/browser_figures.py speed    # Pyodide / CPython time per operation, same puzzles, interleaved
    python scripts/browser_figures.py memory   # PSS of chromium: bare Pyodide vs the app, idle and after a rating
                                               # (--against OLD/dist: another build in the same rotation)
    python scripts/browser_figures.py embed    # the 10-embed page: bytes before interaction, time to draw
    python scripts/browser_figures.py routes   # bytes and time to first rating for the 3 routes
    python scripts/browser_figures.py all

``--root DIR`` measures another checkout (its dist/ and its py/ for CPython), e.g. the code before
a change; ``--no-build`` measures its dist/ as it is. The server compresses as `build.py serve`
does; bytes are what went over the wire. "Cold" is a fresh browser context (empty cache, no
service worker); "cached" reloads in the same context once the first visit is over. Prints a
Markdown table per figure.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "py")]

import build  # noqa: E402

from browser_boot import CountingServer, add_bare_page, wait_state_ready  # noqa: E402
from browser_support import launch  # noqa: E402
from sudoku_grader.ratings import slow_last  # noqa: E402

PUZZLES = ROOT.parent / "shared" / "puzzles"
BOOT_MS = 180_000
SCALES = tuple(slow_last())  # the worker's order: slow ones last


def med(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def runs_text(xs: list[float]) -> str:
    return ", ".join(f"{x:.2f}" for x in xs)


def sample(n: int) -> list[str]:
    """Easy to hard: the first n/2 of the newspaper set and n/2 of top95."""
    news = [x.strip() for x in (PUZZLES / "newspaper-mixed.txt").read_text().splitlines() if x.strip()]
    top = [x.strip() for x in (PUZZLES / "top95.txt").read_text().splitlines() if x.strip()]
    return news[: n - n // 2] + top[: n // 2]


def new_context(browser: Any, **kw: Any) -> Any:
    """A fresh context. No request routing here: Playwright's routing turns the HTTP cache off,
    which would change the very figures we measure (the tests check that no other host is asked)."""
    return browser.new_context(**kw)


# ----------------------------------------------------------------- visits
def visits(browser: Any, srv: CountingServer, runs: int) -> None:
    rows: dict[str, list[tuple[float, int, int]]] = {"first": [], "first+sw": [], "cached": []}
    bodies: list[str] = []
    for _ in range(runs):
        ctx = new_context(browser)
        page = ctx.new_page()
        srv.take()
        t = time.perf_counter()
        page.goto(srv.base)
        wait_state_ready(page, BOOT_MS)
        ready = time.perf_counter() - t
        n, b, p1 = srv.take()
        rows["first"].append((ready, n, b))
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        srv.wait_quiet(3.0)
        n2, b2, p2 = srv.take()
        rows["first+sw"].append((ready, n + n2, b + b2))
        sent = [p.split(" ", 1)[1].split("?")[0] for p in p1 + p2 if p.startswith("200")]
        root = Path(srv.server.RequestHandlerClass.keywords["directory"])  # type: ignore[attr-defined]
        files = [root / (x.lstrip("/") or "index.html") for x in sent]
        raw = sum(f.stat().st_size for f in files if f.is_file())
        wasm = sum(x.endswith("pyodide.asm.wasm") for x in sent)
        bodies.append(f"{len(sent)} files with a body ({raw / 1e6:.1f} MB uncompressed, pyodide.asm.wasm {wasm}x), "
                      f"{len(p1 + p2) - len(sent)} revalidations (304)")
        t = time.perf_counter()
        page.reload()
        wait_state_ready(page, BOOT_MS)
        cached = time.perf_counter() - t
        srv.wait_quiet(2.0)
        n3, b3, paths = srv.take()
        rows["cached"].append((cached, n3, b3))
        ctx.close()
    app = build_size(srv)
    print(f"\n| visit (median of {runs}) | worker ready s | requests | MB over the wire | runs (s) |\n"
          "|---|---:|---:|---:|---|")
    names = {"first": "first visit, until the worker is ready", "first+sw": "first visit, all (with the service "
             "worker's caching)", "cached": "cached visit (reload)"}
    for key, label in names.items():
        r = rows[key]
        print(f"| {label} | {med([x[0] for x in r]):.2f} | {med([x[1] for x in r]):.0f} | "
              f"{med([x[2] for x in r]) / 1e6:.2f} | {runs_text([x[0] for x in r])} |")
    print(f"(first visit: {'; '.join(bodies)})")
    print(f"(dist/ holds {app[0] / 1e6:.1f} MB in {app[1]} files; the server gzips as `build.py serve` does; "
          f"last cached visit's requests: {', '.join(paths[:8])}{' ...' if len(paths) > 8 else ''})")


def build_size(srv: CountingServer) -> tuple[int, int]:
    files = [f for f in Path(srv.server.RequestHandlerClass.keywords["directory"]).rglob("*") if f.is_file()]  # type: ignore[attr-defined]
    return sum(f.stat().st_size for f in files), len(files)


# ----------------------------------------------------------------- boot
def rotation(rounds: range, srv: CountingServer, other: CountingServer | None) -> Iterator[
        tuple[int, str, CountingServer, str]]:
    """(round, who, server, url) for bare Pyodide, the app and another build's app, the first of
    them rotating each round, so a drift in the machine's speed spoils no one side."""
    who_all = ["bare", "app"] + (["other"] if other else [])
    for i in rounds:
        for who in who_all[i % len(who_all):] + who_all[:i % len(who_all)]:
            server = other if who == "other" and other else srv
            yield i, who, server, server.base + (BARE if who == "bare" else "")


def boot(browser: Any, srv: CountingServer, runs: int, other: CountingServer | None = None) -> None:
    """Bare Pyodide and the app (and another build's app, with --against), in rotating order, each
    cold (a fresh context) then cached (a reload once the first visit is over)."""
    who_all = ["bare", "app"] + (["other"] if other else [])
    times: dict[str, list[float]] = {f"{w} {k}": [] for w in who_all for k in ("cold", "cached")}
    phases: list[dict[str, float]] = []
    for _, who, server, url in rotation(range(runs), srv, other):
        ctx = new_context(browser)
        page = ctx.new_page()
        t = time.perf_counter()
        page.goto(url)
        wait_state_ready(page, BOOT_MS)
        times[f"{who} cold"].append(time.perf_counter() - t)
        if who != "bare":
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        server.wait_quiet(2.0)
        t = time.perf_counter()
        page.reload()
        wait_state_ready(page, BOOT_MS)
        times[f"{who} cached"].append(time.perf_counter() - t)
        if who == "app":
            phases.append(page.evaluate("window.sudokuGrader.engine.phases || {}"))
        server.wait_quiet(1.0)
        ctx.close()
    extra = " | other build s | ratio other" if other else ""
    print(f"\n| page open -> ready (median of {runs}, rotating order) | bare Pyodide 1+1 s | app worker ready s | "
          f"ratio app/bare{extra} | runs bare / app{' / other' if other else ''} (s) |\n"
          f"|---|---:|---:|---:|{'---:|---:|' if other else ''}---|")
    for kind in ("cold", "cached"):
        bare, app = times[f"bare {kind}"], times[f"app {kind}"]
        cells = f"| {kind} | {med(bare):.2f} | {med(app):.2f} | {med(app) / med(bare):.2f} |"
        runs_cell = f"{runs_text(bare)} / {runs_text(app)}"
        if other:
            o = times[f"other {kind}"]
            cells += f" {med(o):.2f} | {med(o) / med(bare):.2f} |"
            runs_cell += f" / {runs_text(o)}"
        print(f"{cells} {runs_cell} |")
    keys = sorted({k for p in phases for k in p})
    print("(app phases, cached, median s: " + ", ".join(f"{k} {med([p.get(k, 0) for p in phases]):.3f}"
                                                      for k in keys) + ")")


# ----------------------------------------------------------------- memory
def renderer_pss_mb() -> float:
    """PSS of the chromium renderer processes started under this one (Playwright's browser), in MB:
    the pages, their workers and the service worker (the browser's own processes are left out)."""
    parent: dict[int, int] = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                stat = (d / "stat").read_text()
            except OSError:
                continue
            parent[int(d.name)] = int(stat[stat.rindex(")") + 2:].split()[1])
    mine = {os.getpid()}
    grew = True
    while grew:
        more = {pid for pid, pp in parent.items() if pp in mine and pid not in mine}
        mine |= more
        grew = bool(more)
    kb = 0
    for pid in mine:
        try:
            if b"--type=renderer" not in Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
        except OSError:
            continue
        kb += sum(int(line.split()[1]) for line in rollup.splitlines() if line.startswith("Pss:"))
    return kb / 1024


def memory(browser: Any, srv: CountingServer, runs: int, other: CountingServer | None = None) -> None:
    """The renderers' PSS with one page open: bare Pyodide, the app once its worker is ready and
    idle, and the app after rating one puzzle; ``other`` is another build of the app in the same
    rotation. A fresh context per page (closed, and its renderers gone, before the next one); PSS
    read 3 s after the page is quiet. One untimed round first: the browser's first page is larger."""
    easy = sample(2)[0]
    pss: dict[str, list[float]] = {}

    def settle(server: CountingServer) -> float:
        server.wait_quiet(2.0)
        time.sleep(3.0)
        return renderer_pss_mb()

    for i, who, server, url in rotation(range(-1, runs), srv, other):
        ctx = new_context(browser)
        page = ctx.new_page()
        page.goto(url)
        wait_state_ready(page, BOOT_MS)
        ready = settle(server)
        rated = None
        if who != "bare":
            page.evaluate("async (p) => { await window.sudokuGrader.engine.request('rate', p); }", easy)
            rated = settle(server)
        ctx.close()
        end = time.monotonic() + 30
        while renderer_pss_mb() > 0 and time.monotonic() < end:
            time.sleep(0.2)
        if i < 0:
            continue
        pss.setdefault(f"{who} ready", []).append(ready)
        if rated is not None:
            pss.setdefault(f"{who} rated", []).append(rated)
    print(f"\n| chromium renderers' PSS, MB (median of {runs}, rotating order) | median | runs |\n|---|---:|---|")
    labels = {"bare ready": "bare Pyodide (1+1)", "app ready": "app, worker ready, nothing asked",
              "app rated": "app, after one rating", "other ready": "other build, worker ready, nothing asked",
              "other rated": "other build, after one rating"}
    for key, label in labels.items():
        if key in pss:
            print(f"| {label} | {med(pss[key]):.0f} | {', '.join(f'{x:.0f}' for x in pss[key])} |")


# ----------------------------------------------------------------- speed
def stuck_text(puzzle: str) -> str:
    """The position where singles and locked candidates stop, as a pencilmark grid (a hint's work)."""
    from sudoku_grader.engine import Simplest, walk
    from sudoku_grader.formats import parse, to_pencilmark

    board = parse(puzzle).board
    path = walk(board, Simplest(["full-house", "hidden-single", "naked-single", "locked-candidates-1",
                                 "locked-candidates-2"]))
    return to_pencilmark(path.board or board)


def speed(browser: Any, srv: CountingServer, count: int, rounds: int = 1) -> None:
    """Each operation on each puzzle in CPython, then in the page's worker; seconds measured
    inside Python on both sides (the worker's own clock, so no messaging is counted), both through
    ``worker_api.handle`` with a progress callback (rate then goes scale by scale on both). With
    ``rounds`` > 1 each (operation, puzzle) keeps its fastest time in each runtime: on a loaded
    machine a burst of other work then spoils one round, not the ratio."""
    from sudoku_grader import worker_api

    def heard(message: str) -> None:
        """The worker's progress callback reads each message: so does CPython's, so both run the same path."""
        json.loads(message)

    puzzles = sample(count)
    ops: list[tuple[str, str, dict[str, Any], str]] = []  # (label, op, options, which input)
    ops += [("solve", "solve", {}, "puzzle"), ("hint (stuck position)", "hint", {}, "stuck"),
            ("explain", "explain", {}, "puzzle")]
    ops += [(f"rate {s}", "rate", {"scales": s}, "puzzle") for s in SCALES]
    ctx = new_context(browser)
    page = ctx.new_page()
    page.goto(srv.base)
    wait_state_ready(page, BOOT_MS)
    page.evaluate("window.sudokuGrader.engine.timeLimit = 0")
    best: dict[tuple[str, str], list[float]] = {}  # (label, puzzle) -> fastest [CPython, Pyodide]
    # One untimed round first: the first use of a module (imports, tables) is not the operation's speed.
    warm = sample(count + 2)[count - count // 2]  # the next newspaper puzzle, not one of those timed
    for r in range(rounds):
        for p in ([warm] if r == 0 else []) + puzzles:
            inputs = {"puzzle": p, "stuck": stuck_text(p)}
            for label, op, options, which in ops:
                text = inputs[which]
                out = json.loads(worker_api.handle(op, text, json.dumps(options), heard))
                got = page.evaluate(
                    "async ([op, text, options]) => await window.sudokuGrader.engine.request(op, text, options)",
                    [op, text, options])
                if "error" in got or "error" in out:
                    raise SystemExit(f"{label} failed on {p}: {got.get('error') or out.get('error')}")
                if p is not warm:
                    b = best.setdefault((label, p), [out["seconds"], got["seconds"]])
                    b[0], b[1] = min(b[0], out["seconds"]), min(b[1], got["seconds"])
    ctx.close()
    total: dict[str, list[float]] = {label: [0.0, 0.0] for label, *_ in ops}
    for (label, _), (cpy, pyo) in best.items():
        total[label][0] += cpy
        total[label][1] += pyo
    kept = f", fastest of {rounds}" if rounds > 1 else ""
    print(f"\n| operation, {len(puzzles)} puzzles (interleaved{kept}) | CPython {sys.version.split()[0]} s | "
          f"Pyodide {build.PYODIDE_VERSION} s | ratio |\n|---|---:|---:|---:|")
    for label, (cpy, pyo) in total.items():
        print(f"| {label} | {cpy:.2f} | {pyo:.2f} | {pyo / cpy if cpy else float('nan'):.2f} |")


# ----------------------------------------------------------------- embed
EMBED_SIZES_JS = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const files = performance.getEntriesByType("resource").map((e) => [new URL(e.name).pathname, e.decodedBodySize]);
  const drawn = [...document.querySelectorAll("sudoku-grader")].map((e) => +e.dataset.drawn);
  return { page: nav.decodedBodySize, load: nav.loadEventEnd, files, drawn };
}"""


def embed(browser: Any, dist: Path, runs: int) -> None:
    """A post of 10 puzzles (5 newspaper, 5 top95) made by `embed`, dist/ at /grader/: uncompressed
    bytes before any interaction (as the browser decoded them) and when each element was drawn."""
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "grader").symlink_to(dist.resolve())
        (root / "puzzles.txt").write_text("\n".join(sample(10)) + "\n")
        subprocess.run([sys.executable, "-m", "sudoku_grader", "embed", "-f", str(root / "puzzles.txt"), "-o",
                        str(root / "post"), "--base", "/grader/"], check=True, capture_output=True,
                       env={"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin"})
        srv = CountingServer(root)
        rows = []
        for _ in range(runs):
            ctx = new_context(browser)
            page = ctx.new_page()
            page.goto(srv.base + "post/index.html")
            page.wait_for_function("[...document.querySelectorAll('sudoku-grader')].every((e) => e.dataset.drawn)",
                                   timeout=30_000)
            page.wait_for_load_state("load")
            srv.wait_quiet(0.5)
            m = page.evaluate(EMBED_SIZES_JS)
            element = sum(b for path, b in m["files"] if path.startswith("/grader/web/"))
            rows.append((m["page"] + sum(b for _, b in m["files"]), element, max(m["drawn"]) - m["load"],
                         max(m["drawn"])))
            ctx.close()
        srv.close()
    print(f"\n| 10 embeds, median of {runs} | KB before interaction | element code+styles KB | "
          "last drawn, ms after load | ms after navigation |\n|---|---:|---:|---:|---:|")
    print(f"| post/index.html | {med([r[0] for r in rows]) / 1e3:.0f} | {med([r[1] for r in rows]) / 1e3:.0f} | "
          f"{med([r[2] for r in rows]):.0f} | {med([r[3] for r in rows]):.0f} |")


# ----------------------------------------------------------------- routes
ROUTES = {
    "worker app": ("index.html#{p}", ".ratings-table"),
    "Pyodide + micropip": ("examples/micropip.html#{p}", '[data-testid="step-1"]'),
    "PyScript": ("examples/pyscript.html#{p}", '[data-testid="step-1"]'),
}


def routes(browser: Any, srv: CountingServer, runs: int) -> None:
    puzzle = sample(20)[0]
    print("\n| route | MB over the wire, cold | first rating shown, median of "
          f"{runs} (s) | runs (s) |\n|---|---:|---:|---|")
    for name, (path, selector) in ROUTES.items():
        times, sizes = [], []
        for _ in range(runs):
            ctx = new_context(browser, service_workers="block")  # the route's own bytes
            page = ctx.new_page()
            srv.take()
            t = time.perf_counter()
            page.goto(srv.base + path.format(p=puzzle))
            page.wait_for_selector(selector, timeout=BOOT_MS)
            times.append(time.perf_counter() - t)
            srv.wait_quiet(0.5)
            sizes.append(srv.take()[1])
            ctx.close()
        print(f"| {name} | {med(sizes) / 1e6:.2f} | {med(times):.1f} | {runs_text(times)} |")


BARE = ""


def main() -> int:
    global BARE
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=("visits", "boot", "memory", "speed", "embed", "routes", "all"))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--puzzles", type=int, default=20, help="puzzles for speed (half easy, half top95)")
    ap.add_argument("--rounds", type=int, default=1, help="speed: keep each operation's fastest of this many rounds")
    ap.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure (its dist/ and py/)")
    ap.add_argument("--no-build", action="store_true", help="measure ROOT/dist as it is")
    ap.add_argument("--against", type=Path, default=None,
                    help="boot, memory: another build's dist/ (e.g. the code before a change), in the same rotation")
    args = ap.parse_args()
    root = args.root.resolve()
    sys.path.insert(0, str(root / "py"))
    if root != ROOT:
        # this script imported this checkout's package; CPython must run the measured checkout's
        for name in [m for m in sys.modules if m == "sudoku_grader" or m.startswith("sudoku_grader.")]:
            del sys.modules[name]
    dist = root / "dist"
    if not args.no_build:
        if root != ROOT:
            raise SystemExit("build another checkout with its own build.py, then pass --no-build")
        build.build()
    BARE = add_bare_page(dist)
    srv = CountingServer(dist)
    from playwright.sync_api import sync_playwright

    info = (dist / "web" / "build-info.js").read_text()
    build_id = json.loads(info[info.index("{"):info.rindex("}") + 1]).get("build")
    print(f"# {root}: build {build_id}, chromium headless, {time.strftime('%Y-%m-%d %H:%M')}")
    with sync_playwright() as p:
        browser = launch(p)
        if args.what in ("visits", "all"):
            visits(browser, srv, max(1, min(args.runs, 3)))
        if args.what in ("boot", "all"):
            other = CountingServer(args.against.resolve()) if args.against else None
            boot(browser, srv, args.runs, other)
            if other:
                other.close()
        if args.what in ("memory", "all"):
            other = CountingServer(args.against.resolve()) if args.against else None
            memory(browser, srv, max(1, min(args.runs, 3)), other)
            if other:
                other.close()
        if args.what in ("speed", "all"):
            speed(browser, srv, args.puzzles, args.rounds)
        if args.what in ("embed", "all"):
            embed(browser, dist, args.runs)
        if args.what in ("routes", "all"):
            routes(browser, srv, max(1, min(args.runs, 3)))
        browser.close()
    srv.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
