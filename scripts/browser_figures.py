"""Measure the browser app's figures on this machine (headless Debian chromium, dist/ on 127.0.0.1).

    python scripts/browser_figures.py boot          # page open -> worker ready, cold and cached
    python scripts/browser_figures.py ratio         # browser / CPython time to rate the same 20 puzzles
    python scripts/browser_figures.py routes        # bytes and time to first rating for the 3 routes
    python scripts/browser_figures.py all

Builds dist/ first. Prints a Markdown table per figure. Every run uses a fresh browser context
(empty cache, no service worker) for "cold"; "cached" reloads in the same context afterwards.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py"), str(ROOT / "tests")]

import build  # noqa: E402

from browser_support import block_other_hosts, launch  # noqa: E402

PUZZLES = ROOT.parent / "shared" / "puzzles"
BOOT_MS = 180_000


class CountingServer:
    """dist/ on 127.0.0.1 that counts the bytes of every file it sends."""

    def __init__(self) -> None:
        self.bytes = 0
        self.lock = threading.Lock()
        outer = self

        class Counting(build.Handler):
            def copyfile(self, source: Any, outputfile: Any) -> None:
                data = source.read()
                with outer.lock:
                    outer.bytes += len(data)
                outputfile.write(data)

        import functools

        handler = functools.partial(Counting, directory=str(build.DIST))
        self.server = build.QuietServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def take(self) -> int:
        with self.lock:
            n, self.bytes = self.bytes, 0
        return n


def twenty() -> list[str]:
    """20 puzzles from easy to hard: the first 10 of the newspaper set and 10 of top95."""
    news = [x.strip() for x in (PUZZLES / "newspaper-mixed.txt").read_text().splitlines() if x.strip()]
    top = [x.strip() for x in (PUZZLES / "top95.txt").read_text().splitlines() if x.strip()]
    return news[:10] + top[:10]


def boot(browser: Any, srv: CountingServer, runs: int) -> None:
    cold, cached = [], []
    for _ in range(runs):
        ctx = browser.new_context()
        block_other_hosts(ctx, [])
        page = ctx.new_page()
        t = time.perf_counter()
        page.goto(srv.base)
        page.wait_for_selector("body[data-state=ready]", timeout=BOOT_MS)
        cold.append(time.perf_counter() - t)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        t = time.perf_counter()
        page.reload()
        page.wait_for_selector("body[data-state=ready]", timeout=BOOT_MS)
        cached.append(time.perf_counter() - t)
        ctx.close()
    print("\n| page open -> worker ready | median s | runs (s) |\n|---|---:|---|")
    print(f"| cold (empty cache) | {statistics.median(cold):.1f} | {', '.join(f'{x:.1f}' for x in cold)} |")
    print(f"| cached (reload, service worker) | {statistics.median(cached):.1f} | "
          f"{', '.join(f'{x:.1f}' for x in cached)} |")


def ratio(browser: Any, srv: CountingServer) -> None:
    from sudoku_grader import api

    puzzles = twenty()
    t = time.perf_counter()
    for p in puzzles:
        api.rate(p)
    cpython = time.perf_counter() - t
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(srv.base)
    page.wait_for_selector("body[data-state=ready]", timeout=BOOT_MS)
    page.evaluate("window.sudokuGrader.engine.timeLimit = 0")
    browser_s = page.evaluate(
        """async (ps) => { const e = window.sudokuGrader.engine; const t = performance.now();
        for (const p of ps) await e.request('rate', p); return (performance.now() - t) / 1000; }""",
        puzzles,
    )
    ctx.close()
    print("\n| rate the same 20 puzzles | seconds |\n|---|---:|")
    print(f"| CPython {sys.version.split()[0]} | {cpython:.1f} |")
    print(f"| Pyodide {build.PYODIDE_VERSION} in chromium's worker | {browser_s:.1f} |")
    print(f"| ratio browser / CPython | {browser_s / cpython:.2f} |")


ROUTES = {
    "worker app": ("index.html#{p}", ".ratings-table"),
    "Pyodide + micropip": ("examples/micropip.html#{p}", '[data-testid="step-1"]'),
    "PyScript": ("examples/pyscript.html#{p}", '[data-testid="step-1"]'),
}


def routes(browser: Any, srv: CountingServer, runs: int) -> None:
    puzzle = twenty()[0]
    print("\n| route | bytes on a cold visit | first rating shown, median of "
          f"{runs} (s) | runs (s) |\n|---|---:|---:|---|")
    for name, (path, selector) in ROUTES.items():
        times, sizes = [], []
        for _ in range(runs):
            ctx = browser.new_context(service_workers="block")  # the route's own bytes, not the precache
            blocked: list[str] = []
            block_other_hosts(ctx, blocked)
            page = ctx.new_page()
            srv.take()
            t = time.perf_counter()
            page.goto(srv.base + path.format(p=puzzle))
            page.wait_for_selector(selector, timeout=BOOT_MS)
            times.append(time.perf_counter() - t)
            time.sleep(0.5)
            sizes.append(srv.take())
            ctx.close()
            assert not blocked, blocked
        print(f"| {name} | {statistics.median(sizes) / 1e6:.2f} MB | {statistics.median(times):.1f} | "
              f"{', '.join(f'{x:.1f}' for x in times)} |")
    total = sum(f.stat().st_size for f in build.DIST.rglob("*") if f.is_file())
    print(f"(bytes: what the server sent until the first rating, service worker blocked; on a first visit the "
          f"service worker also precaches the whole build, {total / 1e6:.1f} MB, for offline use)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("what", choices=("boot", "ratio", "routes", "all"))
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    build.build()
    srv = CountingServer()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch(p)
        if args.what in ("boot", "all"):
            boot(browser, srv, max(1, min(args.runs, 5)))
        if args.what in ("ratio", "all"):
            ratio(browser, srv)
        if args.what in ("routes", "all"):
            routes(browser, srv, args.runs)
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
