"""Agreement with the real HoDoKu 2.2 over ``../shared/reference/hodoku-ratings.tsv``.

Issue 5 asks for the level equal on >= 95% of the reference puzzles and the score
within 5% on >= 90%. The scale walks HoDoKu's own path: its technique order, its
singles queues, its first-found or sorted pick per technique, and HoDoKu's own
enumeration where that decides the step (`hodoku_tabling` for Nice Loops, AICs
and forcing chains/nets; `hodoku_als` for the ALS moves).

- Easy, Medium, Hard and Unfair puzzles (1,170 rows): every row is rated here
  and the issue's floors are asserted on them (measured: level 100%, score 99.7%).
- Extreme puzzles (1,492 rows, 56% of the reference): an evenly spread sample is
  rated (``SUDOKU_HODOKU_EXTREME_SAMPLE``, default 40; ``scripts/hodoku_agreement.py``
  rates them all) and the issue's floors are asserted on the whole reference,
  estimated as the lower levels' exact count plus the sample's share of the
  Extreme rows, and on the sample itself.
"""

from __future__ import annotations

import functools
import os
from typing import Any

from conftest import SHARED
from sudoku_grader.ratings import agreement

EXTREME_SAMPLE = int(os.environ.get("SUDOKU_HODOKU_EXTREME_SAMPLE", "40"))
PER_PUZZLE_SECONDS = 30.0
LEVEL_FLOOR, SCORE_FLOOR = 0.95, 0.90

ROWS = agreement.read_reference(SHARED / "reference" / "hodoku-ratings.tsv")

LOWER = [r for r in ROWS if r.level != "Extreme"]
EXTREME = [r for r in ROWS if r.level == "Extreme"]


@functools.cache
def lower_report() -> dict[str, Any]:
    """Every Easy..Unfair row rated once per test process (both tests need it)."""
    return agreement.report([agreement.rate_row(row, PER_PUZZLE_SECONDS) for row in LOWER], show=15)


def test_hodoku_agreement_up_to_unfair() -> None:
    assert len(LOWER) > 1000
    rep = lower_report()
    print("\n" + rep["text"])
    assert rep["level_share"] >= LEVEL_FLOOR, f"level equal {rep['level_share']:.1%}"
    assert rep["score_share"] >= SCORE_FLOOR, f"score within 5% {rep['score_share']:.1%}"


def test_hodoku_agreement_extreme_sample_and_overall() -> None:
    rows = agreement.sample(EXTREME, EXTREME_SAMPLE)
    outcomes = [agreement.rate_row(row, PER_PUZZLE_SECONDS) for row in rows]
    rep = agreement.report(outcomes, show=10)
    print("\n" + rep["text"])
    assert rep["level_share"] >= LEVEL_FLOOR, f"Extreme level equal {rep['level_share']:.1%}"
    lower = lower_report()
    overall = (lower["score_within_5"] + rep["score_share"] * len(EXTREME)) / len(ROWS)
    print(f"overall score within 5%, estimated: {overall:.1%} (Easy..Unfair {lower['score_within_5']}/"
          f"{len(LOWER)} rated, Extreme at the sample's {rep['score_share']:.1%} of {len(EXTREME)})")
    assert overall >= SCORE_FLOOR, f"estimated overall score within 5% {overall:.1%}"
