"""SudokuWiki.org's grade (Andrew Stuart's "Grading Puzzles" page, seed 000).

Each step scores its strategy's points times the candidate density
F = C / 727 * 20, C = candidates on the board when the step is taken. Singles
ignore how many are found at once: one step places every naked single in
sight (1 x F), or, when there is none, every hidden single (2 x F). Chains add
their length to their points. Puzzle score = sum of the step scores; grade =
2 * log5(score) on 9x9, named Easy < 3, Normal < 4, Medium < 5, Hard < 7,
Expert < 9, Master 9+.

The seed's table marks only singles and naked subsets as "x F" but heads it
"score * factor"; we multiply every strategy by F (notes/ratings.md section 5).
The solver tries strategies in the site's menu order, simplest first, and
applies the first one found.

6x6 (the seed: "6x6: Log4 (score) * 2"): the same points, menu order and grade
names; the strategies that do not run on 6x6 are simply never found. F = C / C0 * 20
with C0 = `SLOTS_6` = 216 candidate slots, and the grade is 2 * log4(score).

Where the slot counts come from: the seed calls 727 the "total candidate slots" on a
9x9 board (its prose also says C/720). Every F in the seed's 29-row table equals
C / 729 * 20 rounded to one decimal (729 = 81 cells x 9 digits: every digit a
candidate in every cell), while 727 misses two rows (C = 133 and 162) and 720 six; so
the constant counts cells x digits, and 727 is that count as the page prints it. We
keep the page's 727 for 9x9 (`SLOTS`) and take the 6x6 count the same way: 36 cells
x 6 digits = 216 (`SLOTS_6`).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from ..board import Board
from ..engine import Choice, InOrder, Path
from ..geometry import cell_name
from ..step import Mark, Step
from ..techniques import Technique
from .common import STUCK, Cancel, Progress, chain_length, mappings_used, resolve_order, step_summary
from .scale import Page, Scale

SLOTS = 727  # candidate slots on a 9x9 board, the page's constant
SLOTS_6 = 6 * 6 * 6  # 6x6: 36 cells x 6 digits (see the module docstring)
#: per grid size: the candidate slots C0 of F = C / C0 * 20, and the base of the grade's logarithm
SIZE_RULES: dict[int, tuple[int, int]] = {9: (SLOTS, 5), 6: (SLOTS_6, 4)}

# (our id or SudokuWiki's strategy in kebab-case, points, adds chain length), in the site's menu order.
STRATEGIES: tuple[tuple[str, int, bool], ...] = (
    ("naked-single", 1, False),
    ("hidden-single", 2, False),
    # Basic
    ("naked-pair", 5, False),
    ("naked-triple", 10, False),
    ("naked-quadruple", 40, False),
    ("hidden-pair", 10, False),
    ("hidden-triple", 25, False),
    ("hidden-quadruple", 60, False),
    ("locked-candidates-1", 20, False),  # Pointing Pairs
    ("locked-candidates-2", 20, False),  # Box/Line Reduction
    # Tough
    ("gurths-theorem", 80, False),
    ("x-wing", 30, False),
    ("chute-remote-pair", 25, False),
    ("simple-colors-trap", 50, False),  # Simple Colouring
    ("simple-colors-wrap", 50, False),
    ("xy-wing", 50, False),  # Y-Wing
    ("rectangle-elimination", 25, False),
    ("swordfish", 50, False),
    ("xyz-wing", 60, False),
    ("bug-plus-1", 30, False),  # Bi-value Universal Grave
    ("avoidable-rectangle-1", 60, False),
    ("avoidable-rectangle-2", 60, False),
    # Diabolical
    ("x-cycle", 60, True),
    ("3d-medusa", 80, False),
    ("jellyfish", 80, False),
    ("uniqueness-1", 20, False),
    ("uniqueness-2", 50, False),
    ("uniqueness-3", 50, False),
    ("uniqueness-4", 50, False),
    ("uniqueness-5", 50, False),
    ("tridagon", 60, False),
    ("fireworks", 100, False),
    ("twinned-xy-chains", 100, False),
    ("sk-loops", 100, False),
    ("extended-unique-rectangle", 90, False),
    ("hidden-rectangle", 100, False),  # Hidden Unique Rectangle
    ("wxyz-wing", 100, False),
    ("xy-chain", 50, True),
    ("aligned-pair-exclusion", 140, False),
    # Extreme
    ("grouped-x-cycle", 100, True),
    ("exocet", 300, False),
    ("finned-x-wing", 160, False),
    ("finned-swordfish", 190, False),
    ("franken-swordfish", 150, False),
    ("aic", 100, True),  # Alternating Inference Chains
    ("als-xz", 140, False),  # Almost Locked Sets
    ("death-blossom", 200, False),
    ("sue-de-coq", 180, False),
    ("digit-forcing-chain", 120, True),
    ("nishio-forcing-chain", 120, True),
    ("cell-forcing-chain", 180, True),
    ("unit-forcing-chain", 180, True),
    ("quad-forcing-chain", 200, True),
    ("pattern-overlay", 100, False),
    ("bowman-bingo", 100, False),
)

POINTS: dict[str, int] = {k: p for k, p, _ in STRATEGIES}
ADDS_LENGTH: set[str] = {k for k, _, chain in STRATEGIES if chain}

GRADES = (("Easy", 3.0), ("Normal", 4.0), ("Medium", 5.0), ("Hard", 7.0), ("Expert", 9.0))


def density_factor(candidates: int, slots: int = SLOTS) -> float:
    """F = C / 727 * 20 (``slots`` 216 on 6x6)."""
    return candidates / slots * 20


def normalise(score: float, base: int = 5) -> float:
    """2 * log5(score) on 9x9, 2 * log4(score) on 6x6 (``base`` 4); 0 for an empty path."""
    return 2 * math.log(score, base) if score > 1 else 0.0


def grade_name(grade: float) -> str:
    for name, upper in GRADES:
        if grade < upper:
            return name
    return "Master"


def _singles_step(board: Board, hidden: bool) -> Step | None:
    """All naked singles (or all hidden singles) in sight, as one step."""
    placed: dict[int, int] = {}
    g = board.geometry
    if not hidden:
        for cell in g.cells:
            m = board.cands[cell]
            if m and not m & (m - 1):
                placed[cell] = m.bit_length()
    else:
        house_mask = g.house_mask
        for h in g.house_ids:
            for d in g.digits:
                pos = board.digit_cells[d] & house_mask[h]
                if pos and not pos & (pos - 1):
                    placed.setdefault(pos.bit_length() - 1, d)
    if not placed:
        return None
    tid, name = ("hidden-single", "Hidden Singles") if hidden else ("naked-single", "Naked Singles")
    cells = sorted(placed)
    return Step(
        tid, name, placements=[(c, placed[c]) for c in cells],
        highlights=[Mark(c, placed[c], "target") for c in cells],
        text=f"{name}: " + ", ".join(f"{cell_name(c)}={placed[c]}" for c in cells) + ".",
        extra={"count": len(cells)},
    )


def _without_quads(t: Technique) -> Technique:
    """Forcing-chain verity as the site's Cell and Unit Forcing Chains: a start of exactly four
    alternatives is its Quad Forcing Chain (200), tried last, not a Cell/Unit chain (180)."""
    def find(board: Board) -> Iterator[Step]:
        return (s for s in t.find(board) if s.extra.get("branches") != 4)
    return replace(t, find=find)


class SudokuWikiPolicy(InOrder):
    """The site's solver: every naked single in sight as one step, else every hidden single, else
    the first step of the first strategy in menu order that has one."""

    def __init__(self, points: dict[str, int]) -> None:
        order = [k for k, _, _ in STRATEGIES[2:] if points.get(k, 0) != 0]
        slots = resolve_order("sudokuwiki", order)
        entries = [(_without_quads(slot.technique) if slot.technique.id == "forcing-chain-verity" else
                    slot.technique, slot.key) for slot in slots]
        super().__init__(entries, "first", stuck=STUCK)

    def choose(self, board: Board) -> Choice | None:
        for hidden in (False, True):
            s = _singles_step(board, hidden)
            if s is not None:
                return s, s.technique
        return super().choose(board)


def rate(
    board: Board,
    scores: dict[str, int] | None = None,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
) -> dict[str, Any]:
    """SudokuWiki's score and grade on its own path (`SCALE`'s rating)."""
    return SCALE.rate(board, scores=scores, progress=progress, cancel=cancel)


def policy(prices: dict[str, int], solution: list[int] | None = None) -> SudokuWikiPolicy:
    """The scale's policy (`Scale.policy`): the site's solver over the strategies ``prices`` enables."""
    return SudokuWikiPolicy(prices)


def step_score(key: str, step: Step, candidates: int, points: dict[str, int], slots: int = SLOTS) -> float:
    base = points.get(key, 0)
    if key in ADDS_LENGTH:
        base += chain_length(step)
    return base * density_factor(candidates, slots)


def summarize(w: Path, points: dict[str, int]) -> dict[str, Any]:
    slots, log_base = SIZE_RULES[w.board.geometry.size if w.board is not None else 9]
    total = 0.0
    counts: dict[str, int] = {}
    hardest_at, hardest_score = -1, -1.0
    for i, (s, key, c) in enumerate(zip(w.steps, w.keys, w.candidates)):
        k = key or s.technique
        sc = step_score(k, s, c, points, slots)
        total += sc
        counts[k] = counts.get(k, 0) + 1
        if points.get(k, 0) > hardest_score:
            hardest_at, hardest_score = i, points.get(k, 0)
    grade = normalise(total, log_base)
    out: dict[str, Any] = {
        "score": round(total, 2),
        "normalised": round(grade, 2),
        "grade": grade_name(grade) if w.solved else None,
        "solved": w.solved,
        "steps": len(w.steps),
        "counts": counts,
        "hardest": step_summary(w.steps[hardest_at], hardest_at) if hardest_at >= 0 else None,
        "mappings": mappings_used("sudokuwiki", w),
    }
    if not w.solved:
        out["stuck"] = w.stuck
    return out


SCALE = Scale(
    id="sudokuwiki",
    name="SudokuWiki",
    description="SudokuWiki.org: points x candidate density per step, grade 2*log5(score) (6x6: 2*log4)",
    number="score",
    level="grade",
    levels=tuple(name for name, _ in GRADES),
    columns=("score", "grade"),
    sums=True,
    aliases=("sw",),
    compared=("normalised", "SudokuWiki grade (2 log5 score)"),
    policy=policy,
    prices=POINTS,
    summary=summarize,
    sizes=(9, 6),
)

PAGE = Page(cost=1.82, headline=("SudokuWiki", "grade"))
