"""Shared test helpers: where the puzzle sets are, and loading them."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

SHARED = Path(os.environ.get("SUDOKU_SHARED", ROOT.parent / "shared"))
PUZZLES = SHARED / "puzzles"


def puzzle_set(name: str) -> list[str]:
    """Lines of ``../shared/puzzles/<name>.txt``; skips the test when the folder is missing."""
    path = PUZZLES / f"{name}.txt"
    if not path.exists():
        pytest.fail(f"shared puzzle set missing: {path}")
    return [line.strip() for line in path.read_text().splitlines() if line.strip()]
