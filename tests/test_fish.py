"""Fish: basic, finned, sashimi, Franken, mutant and Siamese.

Known positions from HoDoKu's reglib, a brute-force definition of the fish to
show the finders find every instance, and soundness against the exact solver.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from conftest import puzzle_set
from sudoku_grader.board import Board
from sudoku_grader.engine import Simplest, apply_step, walk
from sudoku_grader.formats import parse, parse_library
from sudoku_grader.geometry import BOXES, COLS, HOUSE_MASK, PEER_MASK, ROWS
from sudoku_grader.solver import solve
from sudoku_grader.techniques import fish, get

# reglib-1.3 lines 519, 565, 590, 630, 672, 695
X_WING = (":0300:3:9.....+5+6+1..+6.+1.7+937+1..962486...2+147+9........5....4...642..+586+1+75.71.+2..+4..1....+52"
          "::313 314 343 344 353 354 363 364 394::")
FINNED_X_WING = (":0310:3:1.........5.....61..8+1..2...7...9.......1.3..4...5...6.+6.+398+14+2+9+42+5+71+6..+8+136+4279"
                 "+5:962:315 335::")
SIAMESE = (":03111:5:6...219...12..8..........+1+2.9+7+26413.24.+1.....+1......+2.+7+295+3684+13.+1.472..+4.5.1+2+3.7"
           ":812 813 924 832 934 662 862 864 964:521 531 562::")
SASHIMI = (":0321:6:.+489+127+3.2..6..14.....4....9.42..87....+49.+3...32..15+94....2.+4..+471..9..3.+251.49.."
           ":331 373 678 679 699:638::")
FRANKEN = (":0331:9:.6.8.27352.76354.8385.7.26.5.6.8.3.7..876315.73.25.6848.2..657.65...78..173528946"
           ":415 136 442 144 952 474 184 484:913::")
FINNED_FRANKEN = (":0341:5:.64.+2............2+293.8..4.......7.9..6...+23..1+9..2.86..7..89.5+9.82.1...+6...49..."
                  ":518 718 724 725 128 728 541 342 542 544 154 371 372 678 482 385 685 789 394 799:525 545::")

BASIC_IDS = [f"{v}{n}" for v in ("", "finned-", "sashimi-") for n in ("x-wing", "swordfish", "jellyfish")]


def _step(line: str, tid: str):  # noqa: ANN202
    case = parse_library(line)
    steps = [s for s in get(tid).find(case.board) if set(s.eliminations) == set(case.eliminations)]
    assert steps, f"{tid} misses the reglib result"
    return steps[0]


def test_x_wing() -> None:
    s = _step(X_WING, "x-wing")
    assert s.extra["digit"] == 3 and s.extra["size"] == 2 and s.extra["kind"] == "basic"
    assert s.extra["base"] == [2, 6] and s.extra["cover"] == [11, 12] and s.extra["fins"] == []
    assert s.text.startswith("X-Wing on 3 in rows 3 and 7: in both rows 3 can only be in columns 3 and 4")


def test_finned_x_wing_names_the_fin() -> None:
    s = _step(FINNED_X_WING, "finned-x-wing")
    assert s.extra["kind"] == "finned" and s.extra["fins"] == [14]  # r2c6
    assert "fin r2c6" in s.text and "see every fin" in s.text
    assert [m.cell for m in s.highlights if m.role == "fin"] == [14]


def test_sashimi_swordfish() -> None:
    s = _step(SASHIMI, "sashimi-swordfish")
    assert s.extra["sashimi"] and s.extra["size"] == 3 and s.extra["digit"] == 6


def test_siamese_fish_is_the_union_of_two_finned_fish() -> None:
    case = parse_library(SIAMESE)
    steps = list(get("finned-swordfish").find(case.board))
    siamese = [s for s in steps if s.extra["siamese"] and set(s.eliminations) == set(case.eliminations)]
    assert siamese
    singles = steps + list(get("sashimi-swordfish").find(case.board))  # a partner may be sashimi
    parts = [s for s in singles if not s.extra["siamese"] and s.extra["base"] == siamese[0].extra["base"]]
    union = set().union(*(set(p.eliminations) for p in parts))
    assert set(siamese[0].eliminations) <= union and len(parts) >= 2


def test_franken_fish() -> None:
    s = _step(FRANKEN, "franken-swordfish")
    assert s.extra["shape"] == "franken" and any(h >= 18 for h in s.extra["base"] + s.extra["cover"])
    s = _step(FINNED_FRANKEN, "finned-franken-swordfish")
    assert s.extra["shape"] == "franken" and s.extra["finned"]


# ----------------------------------------------------------------- completeness
def _brute_fish(cands: int, size: int, base_pool: tuple[int, ...], cover_pool: tuple[int, ...]) -> set:
    """(base, cover, targets) of every fish by the definition, by trying every base and cover set."""
    out = set()
    houses = [h for h in base_pool if cands & HOUSE_MASK[h]]
    for base in combinations(houses, size):
        bcells = endo = 0
        for h in base:
            m = cands & HOUSE_MASK[h]
            endo |= bcells & m
            bcells |= m
        if endo.bit_count() > fish.MAX_ENDO_FINS:
            continue
        useful = [h for h in cover_pool if h not in base and cands & HOUSE_MASK[h] & bcells]
        for cover in combinations(useful, size):
            covered = twice = 0
            for h in cover:
                m = cands & HOUSE_MASK[h]
                twice |= covered & m
                covered |= m
            # every cover house must take a base cell that no earlier one took (else it is a smaller fish)
            if any(not (cands & HOUSE_MASK[h] & bcells & ~endo
                        & ~sum(cands & HOUSE_MASK[g] for g in cover if g != h)) for h in cover):
                continue
            fins = bcells & ~endo & ~covered
            if fins.bit_count() > fish.MAX_FINS:
                continue
            all_fins = fins | endo
            targets = ((covered & ~bcells) | (twice & bcells)) & cands & ~all_fins
            for c in range(81):
                if all_fins >> c & 1:
                    targets &= PEER_MASK[c]
            if targets:
                out.add((base, cover, targets))
    return out


def _stuck_positions(count: int) -> list[Board]:
    """Positions from real puzzles where singles, locked candidates and subsets are stuck."""
    simple = ["full-house", "hidden-single", "naked-single", "locked-candidates-1", "locked-candidates-2",
              "naked-pair", "hidden-pair", "naked-triple", "hidden-triple"]
    out = []
    for line in puzzle_set("top95"):
        b = walk(parse(line).board, Simplest(simple)).board
        if b is not None and not b.is_solved():
            out.append(b)
        if len(out) == count:
            break
    return out


@pytest.fixture(scope="module")
def stuck() -> list[Board]:
    return _stuck_positions(6)


def _found(board: Board, ids: list[str], digit: int) -> set:
    got = set()
    for tid in ids:
        for s in get(tid).find(board):
            if s.extra["digit"] == digit and not s.extra["siamese"]:
                got.add((tuple(s.extra["base"]), tuple(s.extra["cover"]), sum(1 << c for c, _ in s.eliminations)))
    return got


def test_basic_fish_find_all(stuck: list[Board]) -> None:
    total = 0
    for b in stuck[:3]:
        for size in (2, 3, 4):
            ids = [t for t in BASIC_IDS if t.endswith(fish.SIZE_IDS[size])]
            for d in range(1, 10):
                want = _brute_fish(b.digit_cells[d], size, ROWS, COLS) | _brute_fish(b.digit_cells[d], size, COLS,
                                                                                     ROWS)
                assert _found(b, ids, d) == want
                total += len(want)
    assert total > 0


def test_franken_x_wing_find_all(stuck: list[Board]) -> None:
    total = 0
    for b in stuck[:2]:
        for d in range(1, 10):
            want = set()
            for bp, cp in ((ROWS + BOXES, COLS + BOXES), (COLS + BOXES, ROWS + BOXES)):
                want |= {f for f in _brute_fish(b.digit_cells[d], 2, bp, cp)
                         if fish._shape(fish.Fish(f[0], f[1], 0, 0, 0, 0)) == "franken"}
            assert _found(b, ["franken-x-wing", "finned-franken-x-wing"], d) == want
            total += len(want)
    assert total > 0


def test_fast_basic_search_equals_general_search(stuck: list[Board]) -> None:
    for b in stuck:
        for d in range(1, 10):
            for size in (2, 3, 4):
                fast = set(fish._basic_search(b.digit_cells[d], size))
                general = set(fish._search(b.digit_cells[d], size, ROWS, COLS, True)
                              + fish._search(b.digit_cells[d], size, COLS, ROWS, True))
                assert fast == general


# ----------------------------------------------------------------- soundness
def _check(step, solution: list[int]) -> None:  # noqa: ANN001
    assert step.eliminations and not step.placements
    for cell, digit in step.eliminations:
        assert solution[cell] != digit, step.text


def test_basic_fish_soundness_over_real_puzzles() -> None:
    techniques = ["full-house", "hidden-single", "naked-single", "locked-candidates-1", "locked-candidates-2",
                  "naked-pair", "hidden-pair", "naked-triple", "hidden-triple", *BASIC_IDS]
    checked = 0
    for line in puzzle_set("top95")[:25] + puzzle_set("printable-30-givens")[:15]:
        board = parse(line).board
        solution = solve(board).solutions[0]
        b = board.copy()
        for step in walk(board, Simplest(techniques)).steps:
            if step.technique in BASIC_IDS:
                for tid in BASIC_IDS:
                    for s in get(tid).find(b):
                        _check(s, solution)
                        checked += 1
            apply_step(b, step)
    assert checked > 20


def test_franken_and_mutant_soundness(stuck: list[Board]) -> None:
    ids = ["franken-x-wing", "franken-swordfish", "finned-franken-x-wing", "finned-franken-swordfish",
           "mutant-x-wing", "finned-mutant-x-wing", "mutant-swordfish", "finned-mutant-swordfish"]
    checked = 0
    for b in stuck[:2]:
        solution = solve(b).solutions[0]
        for tid in ids:
            for s in get(tid).find(b):
                _check(s, solution)
                assert s.extra["shape"] in tid
                checked += 1
    assert checked > 0


# ----------------------------------------------------------------- big fish
BIG_BASIC_IDS = [f"{v}{n}" for v in ("", "finned-", "sashimi-") for n in ("squirmbag", "whale", "leviathan")]


def test_big_basic_fish_find_all(stuck: list[Board]) -> None:
    """Squirmbag, Whale and Leviathan (plain, finned, sashimi) equal the brute-force definition."""
    total = 0
    for b in stuck[:2]:
        for size in (5, 6, 7):
            ids = [t for t in BIG_BASIC_IDS if t.endswith(fish.SIZE_IDS[size])]
            for d in range(1, 10):
                want = _brute_fish(b.digit_cells[d], size, ROWS, COLS) | _brute_fish(b.digit_cells[d], size, COLS,
                                                                                     ROWS)
                assert _found(b, ids, d) == want, (size, d)
                total += len(want)
    assert total > 0


def test_big_fish_names_and_codes() -> None:
    assert get("Squirmbag").id == "squirmbag" and get("0305").id == "leviathan"
    assert get("fmf5").id == "finned-mutant-squirmbag" and get("0364").id == "finned-mutant-whale"
    assert not get("squirmbag").default and not get("finned-mutant-whale").default


def test_big_fish_soundness() -> None:
    checked = 0
    for b in _stuck_positions(30):
        solution = solve(b).solutions[0]
        for tid in BIG_BASIC_IDS:
            for s in get(tid).find(b):
                _check(s, solution)
                assert s.extra["size"] >= 5 and s.text.startswith(s.name)
                checked += 1
    assert checked > 10
