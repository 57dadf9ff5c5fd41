"""Updates across builds: one browser profile sees build A, then build B is deployed in its place.

Every load is served from the cache at once (a return visit never waits on the server), so the
reload after the deploy still shows A whole, and says that a new version is ready; the next load
shows B everywhere (the page's modules, the worker, the Python package), never A's modules with
B's package. Offline use must work before and after, and the update must not download again the
Pyodide files that did not change. The two builds differ in the package version they report (a
copy of the package with ``__version__`` changed).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from browser_boot import CountingServer, wait_state_ready
from browser_support import BOOT_TIMEOUT_MS, ROOT, build, shot

pytestmark = pytest.mark.browser

sync_api = pytest.importorskip("playwright.sync_api", reason="the test extra installs playwright")

CACHES_JS = """async () => {
  const out = {};
  for (const key of await caches.keys()) {
    out[key] = (await (await caches.open(key)).keys()).map((r) => new URL(r.url).pathname);
  }
  return out;
}"""


def package_copy(tmp: Path, version: str) -> Path:
    pkg = tmp / f"pkg-{version}" / "sudoku_grader"
    shutil.copytree(ROOT / "py" / "sudoku_grader", pkg, ignore=shutil.ignore_patterns("__pycache__"))
    init = pkg / "__init__.py"
    text, n = re.subn(r'__version__ = "[^"]*"', f'__version__ = "{version}"', init.read_text())
    assert n == 1
    init.write_text(text)
    return pkg


def build_id(site: Path) -> str:
    return re.search(r'"build": "([0-9a-f]+)"', (site / "web" / "build-info.js").read_text()).group(1)  # type: ignore[union-attr]


def page_state(page: Any) -> dict[str, Any]:
    """What the page runs: its own build (build-info.js as the page loaded it) and the engine's."""
    return page.evaluate("""async () => ({
        page: (await import(new URL("web/build-info.js", location.href).href)).BUILD.build,
        engine: window.sudokuGrader.engine.build,
        version: window.sudokuGrader.engine.version,
        state: document.body.dataset.state })""")


def wait_runtime_kept(page: Any, build: str) -> None:
    """Until this build's cache holds the runtime (the worker completes it after a first visit)."""
    page.wait_for_function(
        """async (name) => {
            if (!(await caches.has(name))) return false;
            const keys = (await (await caches.open(name)).keys()).map((r) => r.url);
            return keys.some((u) => u.endsWith("pyodide.asm.wasm"))
                && keys.some((u) => /sudoku_grader-.*\\.zip$/.test(u));
        }""",
        arg=f"sudoku-grader-{build}", timeout=60_000, polling=250)


def test_the_load_after_a_deploy_says_a_new_version_and_the_next_shows_it(browser: Any, tmp_path: Path) -> None:
    site = tmp_path / "site"
    build.build(dist=site, package=package_copy(tmp_path, "0.1.0+a"))
    a = build_id(site)
    srv = CountingServer(site)
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(srv.base)
        wait_state_ready(page, BOOT_TIMEOUT_MS)
        assert page_state(page) == {"page": a, "engine": a, "version": "0.1.0+a", "state": "ready"}
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        wait_runtime_kept(page, a)

        ctx.set_offline(True)
        page.reload()
        wait_state_ready(page, BOOT_TIMEOUT_MS)
        assert page_state(page)["version"] == "0.1.0+a"
        ctx.set_offline(False)

        # Deploy build B over A. The next load is A's, whole, and says B is ready; the one after is B.
        build.build(dist=site, package=package_copy(tmp_path, "0.1.0+b"))
        b = build_id(site)
        assert b != a
        srv.take()
        page.reload()
        wait_state_ready(page, BOOT_TIMEOUT_MS)
        assert page_state(page) == {"page": a, "engine": a, "version": "0.1.0+a", "state": "ready"}
        ready = page.locator('[data-testid="update-ready"]')
        ready.wait_for(state="visible", timeout=60_000)
        assert "new version" in ready.inner_text()
        shot(page, "update-ready")
        page.reload()
        wait_state_ready(page, BOOT_TIMEOUT_MS)
        assert page_state(page) == {"page": b, "engine": b, "version": "0.1.0+b", "state": "ready"}
        assert page.locator('[data-testid="update-ready"]').is_hidden()
        shot(page, "update-after-reload")
        _, _, paths = srv.take()
        pyodide = [p for p in paths if "/pyodide/" in p and not p.startswith("304")]
        assert not pyodide, f"the update downloaded unchanged Pyodide files again: {pyodide}"
        assert any("sudoku_grader-" in p and p.startswith("200") for p in paths), paths  # B's package

        caches = page.evaluate(CACHES_JS)
        assert list(caches) == [f"sudoku-grader-{b}"], caches  # A's cache is gone
        wait_runtime_kept(page, b)

        ctx.set_offline(True)
        page.reload()
        wait_state_ready(page, BOOT_TIMEOUT_MS)
        assert page_state(page) == {"page": b, "engine": b, "version": "0.1.0+b", "state": "ready"}
        page.wait_for_selector('[data-testid="validity"]', state="attached")
    finally:
        ctx.set_offline(False)
        ctx.close()
        srv.close()


def test_a_first_visit_downloads_what_the_app_needs_once(browser: Any, tmp_path: Path) -> None:
    """First visit: every file at most once (the 9.6 MB wasm too), no demo page or PyScript file,
    compressed where it helps; a cached visit downloads no file body at all."""
    site = build.build(dist=tmp_path / "site")
    srv = CountingServer(site)
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        srv.take()
        page.goto(srv.base)
        wait_state_ready(page, BOOT_TIMEOUT_MS)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        wait_runtime_kept(page, build_id(site))
        srv.wait_quiet(3.0)
        requests, sent, paths = srv.take()
        bodies = [p.split(" ", 1)[1].split("?")[0] for p in paths if p.startswith("200")]
        twice = sorted({p for p in bodies if bodies.count(p) > 1})
        assert not twice, f"downloaded more than once: {twice}"
        # The service worker takes what the page loaded from the HTTP cache: it asks the server
        # nothing again. (The worker imports build-info.js as its own module: the one revalidation.)
        again = [p for p in paths if p.startswith("304") and not p.endswith("/web/build-info.js")]
        assert not again, f"asked again for files the page had loaded: {again}"
        assert not [p for p in bodies if "/examples/" in p or "/pyscript/" in p], bodies
        assert sum(p.endswith("pyodide.asm.wasm") for p in bodies) == 1
        wasm = (site / "pyodide" / "pyodide.asm.wasm").stat().st_size
        # Everything the app needs is on the wire compressed: less than the wasm's own size.
        assert sent < wasm, f"first visit sent {sent / 1e6:.1f} MB in {requests} responses"
        print(f"\nfirst visit: {requests} responses, {sent / 1e6:.2f} MB on the wire (wasm {wasm / 1e6:.1f} MB)")

        page.reload()
        wait_state_ready(page, BOOT_TIMEOUT_MS)
        srv.wait_quiet(2.0)
        requests, sent, paths = srv.take()
        print(f"cached visit: {requests} responses, {sent} bytes: {paths}")
        assert not [p for p in paths if p.startswith("200")], paths
        assert sent == 0
    finally:
        ctx.close()
        srv.close()
