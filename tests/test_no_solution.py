""""No solution" names the first cell or house that runs out and why (issue 30): `solver.why_none`,
as the validity check (`api.solve`) and the page's status line say it."""

from __future__ import annotations

import re

from sudoku_grader import api
from sudoku_grader.geometry import GEOMETRIES, STANDARD
from sudoku_grader.solver import why_none

# a valid puzzle with its last given changed: no cell or house runs out before a guess
DEEP = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....9"


def grid(cells: dict[str, int], n: int = 9) -> str:
    g = ["."] * (n * n)
    for name, d in cells.items():
        g[(int(name[1]) - 1) * n + int(name[3]) - 1] = str(d)
    return "".join(g)


def values(line: str) -> list[int]:
    return [0 if ch == "." else int(ch) for ch in line]


def candidates(vals: list[int], cell: int) -> set[int]:
    """What the cell's peers allow, worked out here from the digits alone."""
    return set(range(1, 10)) - {vals[p] for p in STANDARD.peers[cell]}


def test_a_cell_with_no_candidate_is_named_with_the_houses_that_rule_each_digit_out() -> None:
    res = api.solve("12345678." + "........9" + "." * 63)
    assert res["status"] == "none"
    assert res["error"] == ("the puzzle has no solution: r1c9 has no candidate left: "
                            "its row holds 1, 2, 3, 4, 5, 6, 7, 8; its column holds 9")


def test_a_digit_with_no_place_in_a_house_names_the_house_and_what_each_cell_sees() -> None:
    res = api.solve(grid({"r2c1": 1, "r3c4": 1, "r1c7": 2, "r1c8": 3, "r1c9": 4}))
    assert res["status"] == "none"
    assert res["error"].endswith("1 has no place left in row 1: r1c1, r1c2, r1c3 see the 1 in r2c1; "
                                 "r1c4, r1c5, r1c6 see the 1 in r3c4")


def test_the_singles_it_forces_lead_to_the_cell_or_house_named() -> None:
    """Every single named is forced (one candidate, or one place in a house) when it is placed, and
    after them the named cell really has no candidate or the named digit no place."""
    # generated puzzles (seeds 0, 3, 4) with one digit added that breaks them
    for line in [".....6.45.54.7....2..3..7...1.64.987.7..39............1.....5.6.89...1..6.2......",
                 ".2...65..........2....3.9...6..81..9..1.......82.95..46.87...2.49.....6.....1.7..",
                 "....4.5...6.21...9.7......2.4..7.82..1...9..76.......4....8...385..9..7.4....32.."]:
        vals = values(line)
        assert api.solve(line)["status"] == "none"
        text = why_none(vals, STANDARD, shown=81)
        m = re.match(r"once the singles it forces are placed \(([^)]*)\), (.*)", text)
        assert m, text
        for move in m.group(1).split(", "):
            cell = (int(move[1]) - 1) * 9 + int(move[3]) - 1
            d = int(move[5])
            allowed = candidates(vals, cell)
            hidden = any(all(d not in candidates(vals, c) for c in STANDARD.houses[h] if c != cell and not vals[c])
                         for h in STANDARD.cell_houses[cell])
            assert d in allowed and (allowed == {d} or hidden), (move, text)
            vals[cell] = d
        dead = re.match(r"r(\d)c(\d) has no candidate left", m.group(2))
        if dead:
            assert not candidates(vals, (int(dead[1]) - 1) * 9 + int(dead[2]) - 1), text
        else:
            house = re.match(r"(\d) has no place left in (row|column|box) (\d)", m.group(2))
            assert house, text
            d, h = int(house[1]), ("row", "column", "box").index(house[2]) * 9 + int(house[3]) - 1
            cells = STANDARD.houses[h]
            assert d not in [vals[c] for c in cells]
            assert not [c for c in cells if not vals[c] and d in candidates(vals, c)], text


def test_when_singles_stop_each_candidate_of_a_cell_is_followed_to_where_it_fails() -> None:
    res = api.solve(DEEP)
    assert res["status"] == "none"
    text = res["error"]
    assert "no cell or house runs out by singles alone" in text, text
    m = re.search(r"each candidate of r(\d)c(\d) fails\. (.*)", text)
    assert m, text
    cell = (int(m[1]) - 1) * 9 + int(m[2]) - 1
    tried = [int(d) for d in re.findall(r"With (\d) there", m[3])]
    later = [int(d) for d in re.findall(r"(\d) fails only after more guessing", m[3])]
    # the candidates followed are the cell's own (the givens allow them), at least one runs out by singles
    assert tried and set(tried + later) <= candidates(values(DEEP), cell) and not set(tried) & set(later)
    for d in tried:
        placed = values(DEEP)
        placed[cell] = d
        assert api.solve("".join(str(v or ".") for v in placed))["status"] == "none"


def test_six_by_six_and_the_positions_own_candidates() -> None:
    res = api.solve("12345." + "....6." + "." * 24)
    assert res["error"].endswith("r1c6 has no candidate left: its row holds 1, 2, 3, 4, 5; its box holds 6")
    six = GEOMETRIES[6]
    vals = six.spread([1, 2, 3, 4, 5, 0] + [0] * 30)
    cands = [six.all_digits] * 81
    cands[5] = 0  # r1c6: the player took out its last candidate, 6
    assert why_none(vals, six, cands) == ("r1c6 has no candidate left: its row holds 1, 2, 3, 4, 5; "
                                          "its candidates leave out 6")
