"""What the start-up tests and `scripts/browser_figures.py` share: bare Pyodide to compare with,
and a server that counts what it sends.

Bare Pyodide is the yardstick of the issue: the same ``pyodide/`` files of the same build, in a
module worker, loading nothing and running ``1+1``. The page is written into the ``dist/`` being
measured (it is no part of the app).
"""

from __future__ import annotations

import functools
import threading
import time
from pathlib import Path
from typing import Any

import build

BARE_PAGE = "bare-pyodide.html"

_BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bare Pyodide</title></head>
<body data-state="booting"><p>Bare Pyodide: load, run 1+1, nothing else.</p>
<script type="module">
const base = new URL("./", location.href).href;
const source = `
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", ${JSON.stringify(base)}).href);
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", ${JSON.stringify(base)}).href });
  postMessage(pyodide.runPython("1+1"));`;
const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })), { type: "module" });
worker.onmessage = (e) => { document.body.dataset.state = e.data === 2 ? "ready" : "failed"; };
worker.onerror = () => { document.body.dataset.state = "failed"; };
</script></body></html>
"""


def add_bare_page(dist: Path) -> str:
    """Write the bare Pyodide page into ``dist``; returns its path relative to the site."""
    (dist / BARE_PAGE).write_text(_BARE_HTML)
    return BARE_PAGE


def wait_state_ready(page: Any, timeout_ms: int) -> None:
    """``body[data-state=ready]``, the app's and the bare page's "worker ready" mark."""
    try:
        page.wait_for_selector("body[data-state=ready]", state="attached", timeout=timeout_ms)
    except Exception as e:  # say what the page shows instead (a CI failure must explain itself)
        seen = page.evaluate("""() => ({state: document.body.dataset.state,
            engine: document.getElementById("engine-status")?.textContent || null,
            url: location.href, controlled: !!navigator.serviceWorker?.controller})""")
        raise AssertionError(f"the page did not become ready within {timeout_ms} ms; it shows {seen}") from e


class CountingServer:
    """``directory`` on 127.0.0.1, counting the responses and body bytes it sends (compressed
    bytes when it compresses: what goes over the wire)."""

    def __init__(self, directory: Path, prefix: str = "/") -> None:
        self.requests = 0
        self.bytes = 0
        self.paths: list[str] = []
        self.last = time.monotonic()
        self.lock = threading.Lock()
        outer = self

        class Counting(build.Handler):
            def send_response(self, code: int, message: str | None = None) -> None:
                with outer.lock:
                    outer.requests += 1
                    outer.paths.append(f"{code} {self.path}")
                    outer.last = time.monotonic()
                super().send_response(code, message)

            def copyfile(self, source: Any, outputfile: Any) -> None:
                data = source.read()
                with outer.lock:
                    outer.bytes += len(data)
                    outer.last = time.monotonic()
                outputfile.write(data)

        clean = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
        handler = functools.partial(type("CountingPrefix", (Counting,), {"prefix": clean}), directory=str(directory))
        self.server = build.QuietServer(("127.0.0.1", 0), handler)
        build.warm_gzip(directory)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}{clean}"

    def take(self) -> tuple[int, int, list[str]]:
        """(responses, body bytes, "code path" lines) since the last call."""
        with self.lock:
            out = (self.requests, self.bytes, self.paths)
            self.requests, self.bytes, self.paths = 0, 0, []
        return out

    def wait_quiet(self, seconds: float = 2.0, limit: float = 120.0) -> None:
        """Until nothing was requested for ``seconds`` (a service worker filling its cache)."""
        end = time.monotonic() + limit
        while time.monotonic() < end:
            with self.lock:
                idle = time.monotonic() - self.last
            if idle >= seconds:
                return
            time.sleep(0.2)

    def close(self) -> None:
        self.server.shutdown()
