"""Sudoku of the Day's difficulty score (seed 004): a cost for the first use of a technique and a
lower cost for each later use, summed over a path that always takes the easiest technique.

Levels are score bands that overlap on purpose (the site's generator wants the
leeway), so a score can sit in two bands: we report every band that contains it
(``bands``) and, as ``level``, the level whose published average score is
nearest. A score outside every band still gets the nearest average.
"""

from __future__ import annotations

from typing import Any

from ..board import Board
from ..engine import InOrder, Path
from .common import STUCK, Cancel, Progress, mappings_used, resolve_order, step_summary
from .scale import Page, Scale

# (our id or the site's technique in kebab-case, site code, first use, each later use), easiest first.
COSTS: tuple[tuple[str, str, int, int], ...] = (
    ("naked-single", "sct", 100, 100),  # Single Candidate
    ("hidden-single", "spt", 100, 100),  # Single Position
    ("locked-candidates-1", "clt", 350, 200),  # Candidate Lines
    ("double-pairs", "dpt", 500, 250),
    ("multiple-lines", "mlt", 700, 400),
    ("naked-pair", "dj2", 750, 500),
    ("hidden-pair", "us2", 1500, 1200),
    ("naked-triple", "dj3", 2000, 1400),
    ("hidden-triple", "us3", 2400, 1600),
    ("x-wing", "xwg", 2800, 1600),
    ("forcing-chains", "fct", 4200, 2100),
    ("naked-quadruple", "dj4", 5000, 4000),
    ("hidden-quadruple", "us4", 7000, 5000),
    ("swordfish", "sf4", 8000, 6000),
)

#: The price table: technique -> (first use, each later use).
PRICES: dict[str, tuple[int, int]] = {k: (first, later) for k, _, first, later in COSTS}

# (level, average, lowest, highest)
LEVELS: tuple[tuple[str, int, int, int], ...] = (
    ("Beginner", 4000, 3600, 4500),
    ("Easy", 4900, 4300, 5500),
    ("Medium", 6000, 5300, 6900),
    ("Tricky", 7600, 6500, 9300),
    ("Fiendish", 10000, 8300, 14000),
    ("Diabolical", 18000, 11000, 25000),
)


def bands(score: int) -> list[str]:
    """Every level whose band contains the score."""
    return [name for name, _, lo, hi in LEVELS if lo <= score <= hi]


def nearest_level(score: int) -> str:
    """The level with the nearest average score (the easier one on a tie)."""
    return min(LEVELS, key=lambda lv: abs(score - lv[1]))[0]


def rate(
    board: Board,
    scores: dict[str, Any] | None = None,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
) -> dict[str, Any]:
    """Score, level, bands and per-technique counts (`SCALE`'s rating). ``scores`` maps
    id -> [first, later] or one cost."""
    return SCALE.rate(board, scores=scores, progress=progress, cancel=cancel)


def policy(prices: dict[str, tuple[int, int]], solution: list[int] | None = None) -> InOrder:
    """The site's path: techniques easiest first (switched off by a first-use cost of 0); the first step
    of the first technique that has one."""
    slots = resolve_order("sudokuoftheday", [k for k, (first, _) in prices.items() if first != 0])
    return InOrder([(s.technique, s.key) for s in slots], "first", stuck=STUCK)


def summarize(w: Path, prices: dict[str, tuple[int, int]]) -> dict[str, Any]:
    """Score (first use, then later uses), level and bands of a walked path."""
    counts: dict[str, int] = {}
    total = 0
    hardest_at = -1
    for i, (s, key) in enumerate(zip(w.steps, w.keys)):
        k = key or s.technique
        first, later = prices.get(k, (0, 0))
        total += later if k in counts else first
        counts[k] = counts.get(k, 0) + 1
        if hardest_at < 0 or first > prices.get(w.keys[hardest_at] or "", (0, 0))[0]:
            hardest_at = i
    out: dict[str, Any] = {
        "score": total,
        "level": nearest_level(total) if w.solved else None,
        "bands": bands(total) if w.solved else [],
        "solved": w.solved,
        "counts": counts,
        "hardest": step_summary(w.steps[hardest_at], hardest_at) if hardest_at >= 0 else None,
        "mappings": mappings_used("sudokuoftheday", w),
    }
    if not w.solved:
        out["stuck"] = w.stuck
    return out


SCALE = Scale(
    id="sudokuoftheday",
    name="Sudoku of the Day",
    description="Sudoku of the Day: first-use and later-use costs, levels Beginner..Diabolical",
    number="score",
    level="level",
    levels=tuple(name for name, *_ in LEVELS),
    columns=("score", "level"),
    sums=True,
    aliases=("sotd",),
    beyond_basics=("Fiendish", "Diabolical"),
    compared=("score", "Sudoku of the Day score (solved only)"),
    compare_solved_only=True,
    score_pairs=True,
    policy=policy,
    prices=PRICES,
    summary=summarize,
)

PAGE = Page(cost=0.01)  # rated in list order, no band target, not named in the solved sentence
