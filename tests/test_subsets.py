"""Subsets (naked/hidden/locked sets, SE's direct hidden sets) and SE's direct pointing/claiming.

Known positions from HoDoKu's reglib, a brute-force definition to show the
finders miss nothing, and soundness against the exact solver over real puzzles.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from conftest import puzzle_set
from sudoku_grader.board import Board
from sudoku_grader.engine import Simplest, apply_step, walk
from sudoku_grader.formats import parse, parse_library
from sudoku_grader.geometry import HOUSE_MASK, INTERSECTIONS, iter_bits
from sudoku_grader.solver import solve
from sudoku_grader.techniques import get

# reglib-1.3 lines 359, 468, 307, 422
NAKED_PAIR = (":0200:16:7.+9...+3+4.+3.274.58+948+59..+7+2..3+1..8+49+7.47.9.86..9+84.+7+21.+8+2+3.+79.54"
              "+176+2549+3+8+9+5+4....+72::114 115 116 614 615 616::")
HIDDEN_TRIPLE = (":0211:458:....+23.9.82.9...+5.4.9.1..+2..8.+25+94+7..9+4671.8+5..5.3..1...+8.9.5+42+9.+2..5"
                 "+837+54+73+8+2.+6.::112 119 612 619 712 714::")
LOCKED_PAIR = (":0110-1:47:6.......8..2....7.94.........15.98..79....5.2.....4..916...5.2......2..5..3961...::"
               "477 479 487 488 491 498 777 779 787 792::")
NAKED_QUAD = (":0202:4679:+53+2+78+6...9+78+241.+6...19+5+32+87.254..6+7...3+617.5+27..+5........+1........+8.51.6..."
              "3...98::471 472 481 491 492 671 672 691 692 972::")

SUBSET_IDS = ("naked-pair", "naked-triple", "naked-quadruple", "hidden-pair", "hidden-triple", "hidden-quadruple",
              "locked-pair", "locked-triple")
DIRECT_IDS = ("direct-hidden-pair", "direct-hidden-triple", "direct-pointing", "direct-claiming")


def _find(line: str, tid: str) -> tuple[list, set]:
    case = parse_library(line)
    return list(get(tid).find(case.board)), set(case.eliminations)


@pytest.mark.parametrize("line,tid,size,digits,house", [
    (NAKED_PAIR, "naked-pair", 2, [1, 6], 0),
    (HIDDEN_TRIPLE, "hidden-triple", 3, [4, 5, 8], 0),
    (NAKED_QUAD, "naked-quadruple", 4, [4, 6, 7, 9], None),
])
def test_known_positions(line: str, tid: str, size: int, digits: list[int], house: int | None) -> None:
    steps, expected = _find(line, tid)
    hits = [s for s in steps if set(s.eliminations) == expected]
    assert len(hits) == 1
    step = hits[0]
    assert step.extra["size"] == size and step.extra["digits"] == digits
    if house is not None:
        assert step.extra["house"] == house
    assert step.text.startswith(step.name.split()[0]) and "remove" in step.text
    assert {m.role for m in step.highlights} >= {"house", "base"}


def test_locked_pair_clears_box_and_line() -> None:
    steps, expected = _find(LOCKED_PAIR, "locked-pair")
    step = next(s for s in steps if set(s.eliminations) == expected)
    cells = step.extra["cells"]
    box, line = step.extra["box"], step.extra["house"]
    elim_cells = {c for c, _ in step.eliminations}
    assert any(HOUSE_MASK[box] >> c & 1 and not HOUSE_MASK[line] >> c & 1 for c in elim_cells)
    assert any(HOUSE_MASK[line] >> c & 1 and not HOUSE_MASK[box] >> c & 1 for c in elim_cells)
    assert all((HOUSE_MASK[box] & HOUSE_MASK[line]) >> c & 1 for c in cells)


# ----------------------------------------------------------------- completeness
def _brute_naked(board: Board, size: int) -> set:
    """(house, cells, elims) of every naked set with eliminations, by the definition."""
    out = set()
    for h in range(27):
        empty = [c for c in iter_bits(board.unsolved & HOUSE_MASK[h]) if board.cands[c].bit_count() >= 2]
        for combo in combinations(empty, size):
            union = 0
            for c in combo:
                union |= board.cands[c]
            if union.bit_count() != size:
                continue
            elims = frozenset((c, d) for c in iter_bits(board.unsolved & HOUSE_MASK[h]) if c not in combo
                              for d in range(1, 10) if union >> (d - 1) & 1 and board.cands[c] >> (d - 1) & 1)
            if elims:
                out.add((h, frozenset(combo), elims))
    return out


def _brute_hidden(board: Board, size: int) -> set:
    out = set()
    for h in range(27):
        if (board.unsolved & HOUSE_MASK[h]).bit_count() <= size:
            continue
        open_digits = [d for d in range(1, 10) if (board.digit_cells[d] & HOUSE_MASK[h]).bit_count() >= 2]
        for ds in combinations(open_digits, size):
            cells = 0
            for d in ds:
                cells |= board.digit_cells[d] & HOUSE_MASK[h]
            if cells.bit_count() != size:
                continue
            elims = frozenset((c, d) for c in iter_bits(cells) for d in range(1, 10)
                              if d not in ds and board.cands[c] >> (d - 1) & 1)
            if elims:
                out.add((h, frozenset(iter_bits(cells)), elims))
    return out


def _positions(n_puzzles: int = 12) -> list[Board]:
    """Positions along real solve paths (after singles and locked candidates), where subsets matter."""
    out = []
    simple = ["full-house", "hidden-single", "naked-single", "locked-candidates-1", "locked-candidates-2",
              "naked-pair", "hidden-pair", "naked-triple", "hidden-triple", "naked-quadruple", "hidden-quadruple"]
    for line in puzzle_set("top95")[:n_puzzles]:
        board = parse(line).board
        path = walk(board, Simplest(simple))
        b = board.copy()
        for i, step in enumerate(path.steps):
            if i % 7 == 3:
                out.append(b.copy())
            apply_step(b, step)
        out.append(b)
    return out


@pytest.fixture(scope="module")
def positions() -> list[Board]:
    return _positions()


@pytest.mark.parametrize("size", [2, 3, 4])
def test_naked_and_hidden_find_all(positions: list[Board], size: int) -> None:
    naked_id = {2: "naked-pair", 3: "naked-triple", 4: "naked-quadruple"}[size]
    hidden_id = {2: "hidden-pair", 3: "hidden-triple", 4: "hidden-quadruple"}[size]
    total = 0
    for b in positions:
        got_n = {(s.extra["house"], frozenset(s.extra["cells"]), frozenset(s.eliminations))
                 for s in get(naked_id).find(b)}
        got_h = {(s.extra["house"], frozenset(s.extra["cells"]), frozenset(s.eliminations))
                 for s in get(hidden_id).find(b)}
        assert got_n == _brute_naked(b, size)
        assert got_h == _brute_hidden(b, size)
        total += len(got_n) + len(got_h)
    assert total > 0  # the positions do exercise the finders


def test_locked_sets_find_all(positions: list[Board]) -> None:
    for b in positions:
        for size, tid in ((2, "locked-pair"), (3, "locked-triple")):
            want = set()
            for box, line, inter in INTERSECTIONS:
                empty = [c for c in iter_bits(b.unsolved & inter) if b.cands[c].bit_count() >= 2]
                for combo in combinations(empty, size):
                    union = 0
                    for c in combo:
                        union |= b.cands[c]
                    if union.bit_count() != size:
                        continue
                    area = (HOUSE_MASK[box] | HOUSE_MASK[line]) & ~sum(1 << c for c in combo)
                    elims = frozenset((c, d) for c in iter_bits(area) for d in range(1, 10)
                                      if union >> (d - 1) & 1 and b.cands[c] >> (d - 1) & 1)
                    if elims:
                        want.add((frozenset(combo), elims))
            got = {(frozenset(s.extra["cells"]), frozenset(s.eliminations)) for s in get(tid).find(b)}
            assert got == want


def test_direct_steps_make_a_single(positions: list[Board]) -> None:
    """Each direct step's eliminations leave its digit one place in a house where it had several."""
    seen = 0
    for b in positions:
        for tid in DIRECT_IDS:
            for step in get(tid).find(b):
                (cell, digit), = step.placements
                house = step.extra["house"]
                before = b.digit_cells[digit] & HOUSE_MASK[house]
                after = before & ~sum(1 << c for c, d in step.eliminations if d == digit)
                if tid.startswith("direct-hidden"):
                    after &= ~sum(1 << c for c in step.extra["cells"])
                assert before.bit_count() > 1 and after == 1 << cell, step.text
                seen += 1
    assert seen > 0


# ----------------------------------------------------------------- soundness
def test_soundness_over_real_puzzles() -> None:
    techniques = ["full-house", "hidden-single", "direct-pointing", "direct-claiming", "direct-hidden-pair",
                  "naked-single", "direct-hidden-triple", "locked-pair", "locked-triple", "locked-candidates-1",
                  "locked-candidates-2", *SUBSET_IDS]
    lines = puzzle_set("top95")[:20] + puzzle_set("printable-30-givens")[:20]
    checked = 0
    for line in lines:
        board = parse(line).board
        solution = solve(board).solutions[0]
        b = board.copy()
        path = walk(board, Simplest(techniques))
        for step in path.steps:
            # every step each technique could take here is sound, not only the one applied
            for tid in techniques[2:]:
                for s in get(tid).find(b):
                    for cell, digit in s.placements:
                        assert solution[cell] == digit, s.text
                    for cell, digit in s.eliminations:
                        assert solution[cell] != digit, s.text
                    checked += 1
            apply_step(b, step)
    assert checked > 100
