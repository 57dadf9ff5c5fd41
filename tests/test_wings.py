"""Wings and remote pairs: reglib positions, soundness over real puzzles, explanations."""

from __future__ import annotations

import pytest

from pattern_checks import corpus, reglib_found, reglib_lines, walk_sound
from sudoku_grader.board import Board
from sudoku_grader.geometry import parse_cell
from sudoku_grader.techniques import get

TECHS = {
    "0800": "xy-wing",
    "0801": "xyz-wing",
    "0803": "w-wing",
    "0703": "remote-pair",
}


@pytest.mark.parametrize(("n", "line"), reglib_lines(*TECHS))
def test_reglib_case(n: int, line: str) -> None:
    assert reglib_found(line, TECHS[line.split(":")[1][:4]]), f"reglib line {n}"


def test_spellings() -> None:
    assert get("Y-Wing").id == "xy-wing"
    assert get("WXYZ Wing").id == "wxyz-wing"
    assert get("Remote Pairs").id == "remote-pair"


def _board_with(cands: dict[str, str]) -> Board:
    """An empty board whose listed cells have exactly the given candidates (others keep all nine)."""
    b = Board()
    for name, digits in cands.items():
        b.set_candidates(parse_cell(name), sum(1 << (int(d) - 1) for d in digits))
    return b


def test_xy_wing_on_a_hand_made_position() -> None:
    b = _board_with({"r1c1": "12", "r1c5": "13", "r3c2": "23"})
    steps = list(get("xy-wing").find(b))
    elims = {(c, d) for s in steps for c, d in s.eliminations}
    # cells seeing r1c5 and r3c2: r1c2, r1c3 (row 1 and box 1) and r3c4..r3c6 (row 3 and box 2)
    want = {(parse_cell(n), 3) for n in ("r1c2", "r1c3", "r3c4", "r3c5", "r3c6")}
    assert want <= elims
    step = next(s for s in steps if s.extra["pivot"] == parse_cell("r1c1"))
    assert step.extra["z"] == 3 and "pivot r1c1" in step.text


def test_wxyz_wing_on_a_hand_made_position() -> None:
    # 1, 2, 3 each sit in cells that see each other; 4 is in all four cells and r1c5 does not see r2c2,
    # so 4 is the one loose digit: one of the four cells is 4.
    b = _board_with({"r1c1": "1234", "r1c5": "14", "r2c2": "24", "r3c3": "34"})
    steps = list(get("wxyz-wing").find(b))
    assert len(steps) == 1
    assert set(steps[0].eliminations) == {(parse_cell("r1c2"), 4), (parse_cell("r1c3"), 4)}
    assert steps[0].extra["z"] == 4 and "WXYZ-Wing" in steps[0].text
    # make 1 loose as well (r1c5 -> r4c1 keeps 1 seeing r1c1 only via column 1, but 4 stays loose): two loose digits
    b2 = _board_with({"r1c1": "1234", "r1c5": "14", "r2c2": "24", "r3c3": "34", "r5c5": "13"})
    assert all(set(s.extra["digits"]) == {1, 2, 3, 4} for s in get("wxyz-wing").find(b2))


def test_sound_over_real_puzzles() -> None:
    # WXYZ-Wing finds hundreds of instances per early position; a smaller sample keeps this within budget.
    checked = walk_sound(corpus(top95=35, printable=12, newspaper=15), (*TECHS.values(), "wxyz-wing"))
    assert all(checked[t] > 0 for t in (*TECHS.values(), "wxyz-wing")), checked
