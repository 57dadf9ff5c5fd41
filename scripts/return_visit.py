"""First paint of a returning visitor (issue 30): after a browser restart vs a same-session reload.

    .venv/bin/python scripts/return_visit.py [--runs 5] [SITE ...]

Each SITE is a built app folder (``python build.py`` output; with none, the worktree's code is
built into a temporary folder) served on its own 127.0.0.1 port for the whole run. Per site a
persistent chromium profile visits once (until the service worker controls the page and has cached
the runtime), then, ``--runs`` times and interleaved across the sites: close the browser, start it
again on the same profile, open the address and read the page's first paint (the
``first-contentful-paint`` entry, measured from the navigation's start, so it includes any time the
service worker holds the navigation); then reload in that same session and read it again. Prints
every figure and the medians, and the ratio restart / reload per site.

A restart counts only when the page came under the service worker's control (a return visit from
the cache). Chrome now and then starts without the profile's registration (the page then comes from
the network and registers again); such runs are printed, marked "not controlled", and left out of
the medians. The page's own responseStart (how long the page's HTML took) is printed beside each.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import build  # noqa: E402

from browser_support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

FCP_JS = """() => new Promise((resolve) => {
  const read = () => {
    const e = performance.getEntriesByName("first-contentful-paint")[0];
    if (e) resolve(e.startTime); else setTimeout(read, 20);
  };
  read();
})"""

RUNTIME_KEPT_JS = """async () => {
  if (!navigator.serviceWorker.controller) return false;
  for (const key of await caches.keys()) {
    const urls = (await (await caches.open(key)).keys()).map((r) => r.url);
    if (urls.some((u) => u.endsWith("pyodide.asm.wasm"))) return true;
  }
  return false;
}"""


SERVED_JS = """() => [performance.getEntriesByType("navigation")[0].responseStart,
  navigator.serviceWorker.controller !== null]"""


def first_paint(page: Any) -> float:
    return float(page.evaluate(FCP_JS))


def served(page: Any) -> tuple[float, bool]:
    """When the page's HTML arrived (ms from the navigation's start) and whether the worker controls it."""
    start, controlled = page.evaluate(SERVED_JS)
    return float(start), bool(controlled)


def open_profile(p: Any, profile: Path) -> Any:
    return p.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                                headless=True, viewport={"width": 1366, "height": 768})


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("sites", nargs="*", type=Path)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="return-visit-"))
    sites = args.sites or [build.build(dist=tmp / "site")]
    servers = [build.serve_in_thread(0, site) for site in sites]
    figures: dict[int, dict[str, list[float]]] = {i: {"restart": [], "reload": []} for i in range(len(sites))}
    with sync_playwright() as p:
        for i, (base, _srv) in enumerate(servers):  # the first visit: install and cache everything
            ctx = open_profile(p, tmp / f"profile-{i}")
            page = ctx.new_page()
            page.goto(base)
            page.wait_for_function(RUNTIME_KEPT_JS, timeout=180_000, polling=250)
            time.sleep(1.0)
            ctx.close()
        for run in range(args.runs):
            for i, (base, _srv) in enumerate(servers):
                ctx = open_profile(p, tmp / f"profile-{i}")
                page = ctx.new_page()
                page.goto(base)
                restart = first_paint(page)
                html, controlled = served(page)
                page.wait_for_function(RUNTIME_KEPT_JS, timeout=180_000, polling=250)
                page.reload()
                reload = first_paint(page)
                html2, _ = served(page)
                ctx.close()
                note = "" if controlled else " (not controlled: left out)"
                if controlled:
                    figures[i]["restart"].append(restart)
                    figures[i]["reload"].append(reload)
                print(f"run {run + 1} {sites[i]}: restart {restart:.0f} ms (HTML at {html:.0f}), "
                      f"reload {reload:.0f} ms (HTML at {html2:.0f}){note}", flush=True)
    for i, site in enumerate(sites):
        n = len(figures[i]["restart"])
        if not n:
            print(f"{site}: no restart was controlled by the service worker")
            continue
        r, s = statistics.median(figures[i]["restart"]), statistics.median(figures[i]["reload"])
        print(f"{site}: median first paint after a browser restart {r:.0f} ms, same-session reload {s:.0f} ms, "
              f"ratio {r / s:.2f} ({n} of {args.runs} runs)")
    for _base, srv in servers:
        srv.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
