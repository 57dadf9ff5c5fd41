"""Agreement with the real HoDoKu 2.2 over every row of ``../shared/reference/hodoku-ratings.tsv``.

Issue 5 asks for the level equal on >= 95% of the reference puzzles and the score
within 5% on >= 90%. The scale walks HoDoKu's own path: its technique order, its
singles queues, its first-found or sorted pick per technique, and HoDoKu's own
enumeration where that decides the step (`hodoku_tabling` for Nice Loops, AICs
and forcing chains/nets; `hodoku_als` for the ALS moves).

Every row is rated, in interleaved chunks so that pytest's workers share them
(about 20 minutes of CPU in all). Each chunk holds both floors; since every
chunk does, so does the whole reference. ``SUDOKU_HODOKU_EVERY=k`` rates every
k-th row only, for a quick local run; ``scripts/hodoku_agreement.py`` prints the
confusion table and timings for any subset.
"""

from __future__ import annotations

import os

import pytest

import hodoku_agreement as agreement
from conftest import SHARED

EVERY = int(os.environ.get("SUDOKU_HODOKU_EVERY", "1"))
CHUNKS = 10
PER_PUZZLE_SECONDS = 60.0
LEVEL_FLOOR, SCORE_FLOOR = 0.95, 0.90

ROWS = agreement.read_reference(SHARED / "reference" / "hodoku-ratings.tsv")[::EVERY]


def test_reference_covers_every_level() -> None:
    levels = {r.level for r in ROWS}
    assert levels == set(agreement.LEVELS), levels
    assert EVERY > 1 or len(ROWS) > 2600


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_hodoku_agreement(chunk: int) -> None:
    rows = ROWS[chunk::CHUNKS]
    outcomes = [agreement.rate_row(row, PER_PUZZLE_SECONDS) for row in rows]
    rep = agreement.report(outcomes, show=10)
    print(f"\nchunk {chunk + 1}/{CHUNKS}: " + rep["text"])
    assert rep["level_share"] >= LEVEL_FLOOR, f"level equal {rep['level_share']:.1%}"
    assert rep["score_share"] >= SCORE_FLOOR, f"score within 5% {rep['score_share']:.1%}"
