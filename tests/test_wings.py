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
    # another cell 13 adds more four-cell sets; every one found still uses exactly the digits 1-4
    b2 = _board_with({"r1c1": "1234", "r1c5": "14", "r2c2": "24", "r3c3": "34", "r5c5": "13"})
    assert all(set(s.extra["digits"]) == {1, 2, 3, 4} for s in get("wxyz-wing").find(b2))


def test_sound_over_real_puzzles() -> None:
    # WXYZ-Wing finds hundreds of instances per early position; a smaller sample keeps this within budget.
    checked = walk_sound(corpus(top95=35, printable=12, newspaper=15), (*TECHS.values(), "wxyz-wing"))
    assert all(checked[t] > 0 for t in (*TECHS.values(), "wxyz-wing")), checked


def test_bigger_bent_wings_sound_over_real_puzzles() -> None:
    checked = walk_sound(corpus(top95=12, printable=0, newspaper=0), ("vwxyz-wing", "uvwxyz-wing"))
    assert checked["vwxyz-wing"] > 100 and checked["uvwxyz-wing"] > 100, checked


def test_vwxyz_wing_on_a_hand_made_position() -> None:
    # 1-4 each sit in cells sharing a house; 5 is in all five cells and r1c5 does not see r2c2, so one
    # of the five cells is 5: r1c2 and r1c3 see all of them.
    b = _board_with({"r1c1": "12345", "r1c5": "15", "r2c2": "25", "r3c3": "35", "r1c7": "45"})
    steps = list(get("vwxyz-wing").find(b))
    assert len(steps) == 1
    assert set(steps[0].eliminations) == {(parse_cell("r1c2"), 5), (parse_cell("r1c3"), 5)}
    assert steps[0].extra["z"] == 5 and steps[0].text.startswith("VWXYZ-Wing: ")
    assert {m.role for m in steps[0].highlights} == {"wing", "pincer", "target"}
    assert get("VWXYZ Wing").id == "vwxyz-wing" and get("uvwxyz").id == "uvwxyz-wing"


def test_uvwxyz_wing_on_a_hand_made_position() -> None:
    b = _board_with({"r1c1": "123456", "r1c5": "16", "r2c2": "26", "r3c3": "36", "r1c7": "46", "r1c8": "56"})
    steps = list(get("uvwxyz-wing").find(b))
    assert [set(s.eliminations) for s in steps] == [{(parse_cell("r1c2"), 6), (parse_cell("r1c3"), 6)}]


def _brute_bent_wings(b: Board, size: int) -> set[tuple[frozenset[int], frozenset[tuple[int, int]]]]:
    """Every bent wing of ``size`` cells by the definition, trying every set of cells."""
    from itertools import combinations

    from sudoku_grader.geometry import PEER_MASK, iter_bits

    pool = [c for c in iter_bits(b.unsolved) if 2 <= b.cands[c].bit_count() <= size]
    out = set()
    for cells in combinations(pool, size):
        union = 0
        for c in cells:
            union |= b.cands[c]
        if union.bit_count() != size:
            continue
        loose = [d for d in range(1, 10) if union >> (d - 1) & 1 and any(
            not PEER_MASK[x] >> y & 1 for x, y in combinations([c for c in cells if b.has_candidate(c, d)], 2))]
        in_one_house = any(len({key(c) for c in cells}) == 1
                           for key in (lambda c: c // 9, lambda c: c % 9, lambda c: (c // 27, c % 9 // 3)))
        if len(loose) != 1 or in_one_house:
            continue
        z = loose[0]
        seeing = b.digit_cells[z]
        for c in cells:
            seeing &= ~(1 << c)
            if b.has_candidate(c, z):
                seeing &= PEER_MASK[c]
        if seeing:
            out.add((frozenset(cells), frozenset((c, z) for c in iter_bits(seeing))))
    return out


def test_bent_wings_find_every_instance_on_small_positions() -> None:
    """Late positions of real puzzles (at most 26 empty cells): the finders equal the brute-force definition."""
    from conftest import puzzle_set
    from sudoku_grader.engine import apply_step, walk
    from sudoku_grader.formats import parse

    checked = found = 0
    for line in puzzle_set("top95")[:40]:
        board = parse(line).board
        b = board.copy()
        for step in walk(board).steps:
            apply_step(b, step)
            if 14 <= b.empty_count() <= 26:
                break
        if not 14 <= b.empty_count() <= 26:
            continue
        for size in (4, 5, 6):
            tid = {4: "wxyz-wing", 5: "vwxyz-wing", 6: "uvwxyz-wing"}[size]
            got = {(frozenset(s.extra["cells"]), frozenset(s.eliminations)) for s in get(tid).find(b)}
            want = _brute_bent_wings(b, size)
            assert got == want, (line, size)
            found += len(want) if size > 4 else 0
        checked += 1
        if checked == 6:
            break
    assert checked == 6 and found > 0
