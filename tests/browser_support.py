"""Helpers for the browser tests: build ``dist/`` once, serve it on 127.0.0.1, drive Debian's chromium.

Playwright's own browser download does not work on our machines; `scripts/browser-setup.sh`
installs Debian's chromium, and we launch it by path with the flags that keep it quiet and
offline. Screenshots go to ``test-artifacts/`` (kept by CI as artifacts).
"""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
BOOT_TIMEOUT_MS = 120_000
WORK_TIMEOUT_MS = 60_000

# A newspaper puzzle every scale rates in a few seconds, and forum-hardest-1106 #120, whose SE rating
# takes minutes (over one in CPython, about twice that in the browser; HoDoKu 1.4 s, SudokuWiki 7 s):
# the long-work tests keep the page busy with it.
EASY = "...5.6.1..5..2......8..32.91..4......7..9...15.9..7..2..5...78.8.....4....3.48..."
HARD = "1.......2.3.4...5...6...7...5.8.4.......73......9...8.7.....6...4...8.9...2.....1"

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (build.py lives at the repository root)


def require_chromium() -> None:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `bash scripts/browser-setup.sh` (installs Debian's chromium)")


def build_dist(tmp_root: Path) -> Path:
    """A fresh build of the app in a private folder, for a test that changes its build; the others
    read the session's one build (the ``shared_dist`` fixture of conftest.py)."""
    return build.build(dist=tmp_root / "dist")


def overlay(dist: Path, root: Path) -> Path:
    """``root`` showing every top-level file and folder of ``dist`` through symbolic links, so a
    test can add its own pages beside the app without writing into the shared build."""
    root.mkdir(parents=True, exist_ok=True)
    for entry in dist.iterdir():
        (root / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    return root


def serve(dist: Path, prefix: str = "/") -> tuple[str, Any]:
    return build.serve_in_thread(0, dist, prefix)


def launch(playwright: Any) -> Any:
    require_chromium()
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)


def block_other_hosts(context: Any, log: list[str]) -> None:
    """Abort every request that does not go to 127.0.0.1, and remember it."""

    def handler(route: Any) -> None:
        url = route.request.url
        if re.match(r"^(https?|wss?)://127\.0\.0\.1(:\d+)?/", url) or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            log.append(url)
            route.abort()

    context.route("**/*", handler)


@contextmanager
def served_app(dist: Path) -> Iterator[str]:
    """The build ``dist`` served on 127.0.0.1: the body of a test module's ``site`` fixture."""
    base, server = serve(dist)
    try:
        yield base
    finally:
        server.shutdown()


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's chromium through Playwright: the body of a test module's ``browser`` fixture."""
    from playwright import sync_api

    with sync_api.sync_playwright() as p:
        b = launch(p)
        try:
            yield b
        finally:
            b.close()


@contextmanager
def guarded_page(browser: Any, **context_options: Any) -> Iterator[Any]:
    """A page in a fresh context of ``browser`` that may ask only 127.0.0.1. On the way out it
    checks that the page raised nothing and asked for nothing else."""
    blocked: list[str] = []
    errors: list[str] = []
    ctx = browser.new_context(**context_options)
    block_other_hosts(ctx, blocked)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    ctx.close()
    assert not errors, f"uncaught errors in the page: {errors}"
    assert not blocked, f"the page asked for other hosts: {blocked[:5]}"


@contextmanager
def app_page(url: str, width: int = 1280, height: int = 900) -> Iterator[Any]:
    """The app at ``url`` in a fresh headless chromium, worker ready and catalogue loaded, guarded
    as `guarded_page` guards it."""
    with chromium() as browser, guarded_page(browser, viewport={"width": width, "height": height}) as page:
        page.goto(url)
        wait_ready(page, BOOT_TIMEOUT_MS)
        page.wait_for_function("window.sudokuGrader.state.catalogue !== null", timeout=WORK_TIMEOUT_MS)
        yield page


def open_puzzle(page: Any, puzzle: str) -> None:
    """Follow a link to the puzzle (the page checks it and starts rating it)."""
    page.evaluate("p => { location.hash = p; }", puzzle)
    page.wait_for_function("p => window.sudokuGrader.state.game.puzzle() === p", arg=puzzle)


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def wait_ready(page: Any, timeout: int = BOOT_TIMEOUT_MS) -> None:
    page.wait_for_selector("body[data-state=ready]", timeout=timeout)


def cli_json(command: str, puzzle: str) -> dict[str, Any]:
    """What the command line prints for one puzzle (``--json``), run from this checkout."""
    out = subprocess.run(
        [sys.executable, "-m", "sudoku_grader", command, "--json", puzzle],
        cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, timeout=300,
    )
    lines = [line for line in out.stdout.splitlines() if line.strip()]
    assert lines, f"the CLI printed nothing: {out.stderr[-500:]}"
    return json.loads(lines[-1])


def fmt(v: Any, field: str = "") -> str:
    """How the page prints a rating value (web/ratings-view.js `fmt`): SE's ER, EP, ED with one decimal."""
    if isinstance(v, (int, float)) and not isinstance(v, bool) and field in ("er", "ep", "ed"):
        return f"{v:.1f}"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        r = math.floor(v * 100 + 0.5) / 100 if v != int(v) else v  # JS: Math.round(v * 100) / 100
        return str(int(r)) if r == int(r) else repr(r)
    return str(v)


def kebab(s: str) -> str:
    return re.sub(r"[_\s]+", "-", s).lower()


def rating_fields(rate: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(test id, shown text) for every scalar value of every scale in a rate() result.

    Timings (``seconds``) differ from run to run and are left out."""
    for scale, value in (rate.get("ratings") or {}).items():
        if isinstance(value, dict):
            for k, v in value.items():
                if k == "seconds":
                    continue
                if isinstance(v, (int, float, str, bool)) and v != "":
                    yield f"rating-{kebab(scale)}-{kebab(k)}", fmt(v, k)
        elif isinstance(value, (int, float, str, bool)):
            yield f"rating-{kebab(scale)}", fmt(value)


class Timer:
    def __init__(self) -> None:
        self.t0 = time.perf_counter()

    def seconds(self) -> float:
        return time.perf_counter() - self.t0
