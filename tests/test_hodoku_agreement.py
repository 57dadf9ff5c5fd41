"""Agreement with the real HoDoKu 2.2 over every row of ``../shared/reference/hodoku-ratings.tsv``.

Issue 5 asks for the level equal on >= 95% of the reference puzzles and the score
within 5% on >= 90%. The scale walks HoDoKu's own path: its technique order, its
singles queues, its first-found or sorted pick per technique, and HoDoKu's own
enumeration where that decides the step (`hodoku_tabling` for Nice Loops, AICs
and forcing chains/nets; `hodoku_als` for the ALS moves).

The suite rates every Easy to Unfair row and every sixth Extreme row (Extreme
rows cost nine tenths of the time; all of them take about 20 minutes of CPU),
in interleaved chunks so that pytest's workers share them. Each chunk holds both
floors. ``SUDOKU_HODOKU_EXTREME_EVERY=1`` rates every row (the full run the
issue's figures come from), ``SUDOKU_HODOKU_EVERY=k`` keeps every k-th row of
that for a quick local run; ``scripts/hodoku_agreement.py`` prints the confusion
table and timings for any subset.
"""

from __future__ import annotations

import os

import pytest

import hodoku_agreement as agreement
from conftest import SHARED

EVERY = int(os.environ.get("SUDOKU_HODOKU_EVERY", "1"))
EXTREME_EVERY = int(os.environ.get("SUDOKU_HODOKU_EXTREME_EVERY", "6"))
CHUNKS = 10
PER_PUZZLE_SECONDS = 60.0
LEVEL_FLOOR, SCORE_FLOOR = 0.95, 0.90

ALL_ROWS = agreement.read_reference(SHARED / "reference" / "hodoku-ratings.tsv")
_extreme = [r for r in ALL_ROWS if r.level == "Extreme"][::EXTREME_EVERY]
_kept = {id(r) for r in _extreme} | {id(r) for r in ALL_ROWS if r.level != "Extreme"}
ROWS = [r for r in ALL_ROWS if id(r) in _kept][::EVERY]


def test_reference_covers_every_level() -> None:
    levels = {r.level for r in ROWS}
    assert levels == set(agreement.LEVELS), levels
    if EVERY == 1:
        # the sample keeps every row below Extreme and one Extreme row in EXTREME_EVERY
        assert len(ROWS) == len(ALL_ROWS) - len([r for r in ALL_ROWS if r.level == "Extreme"]) + len(_extreme)
        assert len(ALL_ROWS) > 2600


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_hodoku_agreement(chunk: int) -> None:
    rows = ROWS[chunk::CHUNKS]
    outcomes = [agreement.rate_row(row, PER_PUZZLE_SECONDS) for row in rows]
    rep = agreement.report(outcomes, show=10)
    print(f"\nchunk {chunk + 1}/{CHUNKS}: " + rep["text"])
    assert rep["level_share"] >= LEVEL_FLOOR, f"level equal {rep['level_share']:.1%}"
    assert rep["score_share"] >= SCORE_FLOOR, f"score within 5% {rep['score_share']:.1%}"
