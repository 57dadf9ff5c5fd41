"""Shared test helpers: where the puzzle sets are, and loading them."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "scripts"))  # the agreement harnesses live there

SHARED = Path(os.environ.get("SUDOKU_SHARED", ROOT.parent / "shared"))
PUZZLES = SHARED / "puzzles"


def puzzle_set(name: str) -> list[str]:
    """Lines of ``../shared/puzzles/<name>.txt``; skips the test when the folder is missing."""
    path = PUZZLES / f"{name}.txt"
    if not path.exists():
        pytest.fail(f"shared puzzle set missing: {path}")
    return [line.strip() for line in path.read_text().splitlines() if line.strip()]


def path_without_nested_chains() -> list:
    """The default techniques without Sudoku Explainer's nested forcing chains.

    Our nested forcing nets (level 9.4) come first and finish every puzzle we have tried in
    seconds; SE's nested chains (9.5) would only run if they failed, and they take minutes, too
    long for a CI run. Leaving them out makes a failure of our nets show as an unsolved path.
    SE's nested chains are covered by tests/test_se_engine.py.
    """
    from sudoku_grader.techniques import default_order

    return [t for t in default_order() if t.id != "se-nested-forcing-chains"]


@pytest.fixture(scope="session")
def shared_dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One build of the app for every browser test module of this session (of this xdist worker)
    that only reads it (a build copies and hashes 21 MB: about a second on a quiet machine, many
    under load). A test that changes its build (the update tests, a
    second package) makes its own with ``browser_support.build_dist``; one that adds pages beside
    the app links the build in with ``browser_support.overlay``."""
    from browser_support import build_dist

    return build_dist(tmp_path_factory.mktemp("shared"))


@pytest.fixture(scope="module")
def site(shared_dist: Path) -> Iterator[str]:
    """The shared build served on 127.0.0.1, one server per test module (a module that serves other
    pages beside the app defines its own ``site``)."""
    from browser_support import served_app

    with served_app(shared_dist) as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's chromium through Playwright, one per test module."""
    from browser_support import chromium

    with chromium() as b:
        yield b
