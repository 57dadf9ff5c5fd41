"""The HoDoKu scale walks HoDoKu's own path, step by step.

``tests/data/hodoku_paths.txt`` holds the paths the real HoDoKu 2.2 took on 50 puzzles (made with
``../shared/anchors/hodoku.sh FILE --path`` and ``scripts/hodoku_paths.py record``): reference rows
of every level, the puzzles whose first diverging step led to a fix (subset deletion order, Remote
Pair, Sue de Coq, Skyscraper order), and three Extreme ones with chains and ALS moves. Each step's
technique, placements and eliminations must be equal, so a change that moves one step fails here
even where the score would still come out the same. ``tests/data/hodoku_paths_fish.txt`` adds
Extreme puzzles recorded the same way whose fish, rectangle or singles step once came out otherwise.
"""

from __future__ import annotations

from pathlib import Path

import hodoku_paths
import pytest

from sudoku_grader.ratings import hodoku

DATA = Path(__file__).parent / "data" / "hodoku_paths.txt"
RECORDED = hodoku_paths.load(DATA.read_text(encoding="utf-8"))
# Extreme puzzles whose forcing chain or net step HoDoKu names after the explanation it keeps
# (Verity when shorter, nets only, a branch counted where it meets the chain): same record format
FORCING = hodoku_paths.load((DATA.parent / "hodoku_paths_forcing.txt").read_text(encoding="utf-8"))
# Extreme puzzles whose first diverging step led to a fix in the fish, rectangle and queue order
# (a fish's cover sets, Avoidable Rectangle starts, a rectangle's first visit, ALS-XZ removal order,
# the XY-Chain walk)
FISH = hodoku_paths.load((DATA.parent / "hodoku_paths_fish.txt").read_text(encoding="utf-8"))


def _difference(r: hodoku_paths.Recorded) -> str | None:
    """Where our walk leaves HoDoKu's recorded path, or where its rating does; None when equal."""
    ours, summary = hodoku_paths.our_path(r.puzzle)
    diff = hodoku_paths.first_difference(r, ours)
    if diff is not None:
        return f"{r.puzzle}: {diff}"
    if (summary["level"], summary["score"]) != (r.level, r.score):
        return f"{r.puzzle}: same steps but ours rates {summary['level']} {summary['score']}"
    return None


def test_recorded_paths_cover_every_level() -> None:
    assert len(RECORDED) >= 30
    assert {r.level for r in RECORDED} == set(hodoku.LEVELS)


def test_recorded_scores_are_the_sum_of_their_steps() -> None:
    # the file says what HoDoKu printed: its steps priced by HoDoKu's table give its score
    for r in RECORDED:
        assert sum(hodoku.SCORES[hodoku.ID_BY_NAME[name]] for name, _, _ in r.steps) == r.score, r.puzzle


@pytest.mark.parametrize("chunk", range(2))
def test_paths_equal_hodoku_step_by_step(chunk: int) -> None:
    bad = [d for r in RECORDED[chunk::2] if (d := _difference(r)) is not None]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("rec", FISH, ids=lambda r: r.puzzle[:20])
def test_fish_and_rectangle_paths_equal_hodoku(rec: hodoku_paths.Recorded) -> None:
    assert _difference(rec) is None


@pytest.mark.parametrize("r", FORCING, ids=lambda r: r.puzzle[:12])
def test_forcing_steps_named_as_hodoku_names_them(r: hodoku_paths.Recorded) -> None:
    assert any(name.startswith("Forcing") and "Verity" in name for name, _, _ in r.steps)
    assert _difference(r) is None


def test_a_moved_step_is_a_difference() -> None:
    r = next(r for r in RECORDED if len({s[0] for s in r.steps}) > 2)
    i = next(i for i in range(len(r.steps) - 1) if r.steps[i] != r.steps[i + 1])
    moved = list(r.steps)
    moved[i], moved[i + 1] = moved[i + 1], moved[i]
    assert hodoku_paths.first_difference(r, moved) == (
        f"step {i + 1}: HoDoKu {hodoku_paths._show(r.steps[i])}, ours {hodoku_paths._show(moved[i])}")
    assert hodoku_paths.first_difference(r, list(r.steps)) is None
    assert hodoku_paths.first_difference(r, list(r.steps[:-1])) is not None


def test_hodoku_step_lines_parse() -> None:
    name, places, elims = hodoku_paths.parse_step(
        "   Locked Triple: 2,8,9 in r7c123 => r7c579,r89c2<>9, r7c79<>2, r7c9,r89c2<>8")
    assert name == "Locked Triple" and not places
    assert elims == {(58, 9), (60, 9), (62, 9), (64, 9), (73, 9), (60, 2), (62, 2), (62, 8), (64, 8), (73, 8)}
    assert hodoku_paths.parse_step("   Forcing Chain Verity => r4c9=4") == ("Forcing Chain Verity", {(35, 4)}, set())
    assert hodoku_paths.parse_step("   Bivalue Universal Grave + 1 => r8c5<>5, r8c5<>6") == (
        "Bivalue Universal Grave + 1", set(), {(67, 5), (67, 6)})
