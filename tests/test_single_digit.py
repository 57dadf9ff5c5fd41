"""Single-digit patterns: reglib positions, soundness over real puzzles, explanations."""

from __future__ import annotations

import pytest

from pattern_checks import corpus, reglib_found, reglib_lines, walk_sound
from sudoku_grader.formats import parse_library
from sudoku_grader.techniques import DEFAULT, Options, get

TECHS = {
    "0400": "skyscraper",
    "0401": "2-string-kite",
    "0402": "empty-rectangle",
    "0403": "turbot-fish",
    "0404": "dual-2-string-kite",
    "0405": "dual-empty-rectangle",
}


@pytest.mark.parametrize(("n", "line"), reglib_lines(*TECHS))
def test_reglib_case(n: int, line: str) -> None:
    # HoDoKu's tester switches allowErsWithOnlyTwoCandidates on for exactly these cases
    options = Options(empty_rectangle_two_candidates=line.startswith(":0402-1:"))
    assert reglib_found(line, TECHS[line.split(":")[1][:4]], options), f"reglib line {n}"


def test_two_candidate_ers_are_off_by_default() -> None:
    cases = [line for _, line in reglib_lines("0402") if line.startswith(":0402-1:")]
    assert len(cases) == 7
    assert not DEFAULT.empty_rectangle_two_candidates
    # most need an ER with only two box places; one also has an ordinary ER with the same elimination
    assert sum(not reglib_found(line, "empty-rectangle") for line in cases) >= 6


def test_codes_and_spellings_resolve() -> None:
    for code, tid in TECHS.items():
        assert get(code).id == tid
    assert get("Two String Kite").id == "2-string-kite"
    assert get("ER").id == "empty-rectangle"


def test_skyscraper_explained_with_chain() -> None:
    _, line = reglib_lines("0400")[0]
    case = parse_library(line)
    steps = list(get("skyscraper").find(case.board))
    step = next(s for s in steps if set(s.eliminations) == set(case.eliminations))
    assert "Skyscraper on 6" in step.text and "r6c5" in step.text.replace("r6c5,r6c8", "r6c5")
    assert [lk.strong for lk in step.links] == [True, False, True]
    assert {m.role for m in step.highlights} >= {"base", "pincer", "target"}
    assert step.extra["digit"] == 6


def test_two_candidate_empty_rectangle_is_marked() -> None:
    _, line = reglib_lines("0402")[-1]  # a 0402-1 case: only two candidates in the box
    case = parse_library(line)
    found = get("empty-rectangle").steps(case.board, Options(empty_rectangle_two_candidates=True))
    hits = [s for s in found if set(s.eliminations) == set(case.eliminations)]
    assert hits and all(s.extra["two_candidates"] for s in hits)


def test_finders_do_not_change_the_board() -> None:
    _, line = reglib_lines("0405")[0]
    board = parse_library(line).board
    before = board.copy()
    for tid in TECHS.values():
        list(get(tid).find(board))
    assert board == before


def test_sound_over_real_puzzles() -> None:
    checked = walk_sound(corpus(top95=50, printable=20, newspaper=30), tuple(TECHS.values()))
    # every family member actually fires on these sets
    assert all(checked[t] > 0 for t in TECHS.values()), checked
