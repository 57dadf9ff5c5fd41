"""Exocets (Junior and Senior), SK Loops and Multi-Sector Locked Sets.

Each finder is compared with a brute-force reading of its definition on real positions (every
pattern found, nothing else), and every step it yields on the way through real hardest puzzles is
checked against the unique solution.
"""

from __future__ import annotations

from itertools import combinations, product

import pytest

from conftest import puzzle_set
from pattern_checks import check_step
from sudoku_grader.board import Board
from sudoku_grader.engine import Simplest, apply_step, walk
from sudoku_grader.formats import parse
from sudoku_grader.geometry import CELL_BOX, HOUSE_MASK
from sudoku_grader.solver import solve
from sudoku_grader.techniques import default_order, exocet, get, locked_sets

NEW = ("junior-exocet", "senior-exocet", "sk-loop", "msls")


def _stuck(count: int, every: int = 25) -> list[tuple[Board, list[int]]]:
    """Positions of forum-hardest puzzles where everything below the exocets is stuck, with solutions."""
    simple = [t.id for t in default_order() if t.level < get("junior-exocet").level and t.family != "forcing"]
    out = []
    for line in puzzle_set("forum-hardest-1106")[::every][:count]:
        board = parse(line).board
        out.append((walk(board, Simplest(simple)).board, solve(board).solutions[0]))
    return out


@pytest.fixture(scope="module")
def stuck() -> list[tuple[Board, list[int]]]:
    return _stuck(12)


# ----------------------------------------------------------------- exocets
def _brute_exocets(b: Board) -> set[tuple[frozenset[int], frozenset[int]]]:
    """(base cells, target cells) of every exocet by the definition, trying every base pair and target pair."""
    out = set()
    for orient in (0, 1):
        def cell(line: int, cross: int, o: int = orient) -> int:
            return line * 9 + cross if o == 0 else cross * 9 + line

        for r0 in range(9):
            for s0 in range(3):
                stack = range(3 * s0, 3 * s0 + 3)
                for x in stack:
                    base = [cell(r0, j) for j in stack if j != x]
                    if any(b.values[c] for c in base):
                        continue
                    digits = b.cands[base[0]] | b.cands[base[1]]
                    if not 3 <= digits.bit_count() <= 4:
                        continue
                    others = [s for s in range(3) if s != s0]
                    for c1, c2 in product(range(3 * others[0], 3 * others[0] + 3),
                                          range(3 * others[1], 3 * others[1] + 3)):
                        for t1, t2 in product(range(9), range(9)):
                            targets = (cell(t1, c1), cell(t2, c2))
                            if r0 in (t1, t2) or any(b.values[t] or not b.cands[t] & digits for t in targets):
                                continue
                            if all(_s_rule(b, cell, r0, x, (c1, c2), targets, d)
                                   for d in range(1, 10) if digits >> (d - 1) & 1):
                                out.add((frozenset(base), frozenset(targets)))
    return out


def _s_rule(b: Board, cell, r0: int, x: int, cross: tuple[int, int], targets: tuple[int, int],  # noqa: ANN001
            d: int) -> bool:
    """No three S places of ``d`` in three different rows, one on each cross-line."""
    def places(j: int, skip: set[int]) -> list[int]:
        return [i for i in range(9) if i != r0 and cell(i, j) not in skip
                and (b.values[cell(i, j)] == d or b.cands[cell(i, j)] >> (d - 1) & 1)]

    box_rows = {i for i in range(9) if i // 3 == r0 // 3}
    sx = [i for i in places(x, set()) if i not in box_rows]
    s1, s2 = places(cross[0], {targets[0]}), places(cross[1], {targets[1]})
    return not any(len({a, p, q}) == 3 for a in sx for p in s1 for q in s2)


def test_exocet_search_equals_the_definition(stuck: list[tuple[Board, list[int]]]) -> None:
    total = 0
    for b, _ in stuck[:4]:
        got = {(frozenset(e.base), frozenset(e.targets)) for e in exocet._search(b)}
        assert got == _brute_exocets(b)
        total += len(got)
    assert total > 0


def test_exocet_steps_are_sound_and_shaped(stuck: list[tuple[Board, list[int]]]) -> None:
    found = 0
    for b, solution in stuck:
        for tid in ("junior-exocet", "senior-exocet"):
            for s in get(tid).find(b):
                check_step(b, s, solution, tid)
                base, targets = s.extra["base"], s.extra["targets"]
                # base cells: one box and one row or column; targets: other boxes, other rows and columns
                assert CELL_BOX[base[0]] == CELL_BOX[base[1]]
                assert base[0] // 9 == base[1] // 9 or base[0] % 9 == base[1] % 9
                assert {CELL_BOX[t] for t in targets}.isdisjoint({CELL_BOX[base[0]]})
                band = (lambda c: c // 27) if base[0] // 9 == base[1] // 9 else (lambda c: c % 9 // 3)
                assert s.extra["junior"] == all(band(t) == band(base[0]) for t in targets) == (tid == "junior-exocet")
                # the targets hold the base cells' digits, so only base digits survive there
                for t in targets:
                    assert solution[t] in s.extra["digits"]
                assert {solution[t] for t in targets} == {solution[c] for c in base}
                assert s.text.startswith(("Junior Exocet", "Senior Exocet")) and "cross-lines" in s.text
                found += 1
    assert found >= 5


def test_exocet_names() -> None:
    assert get("JE").id == "junior-exocet" and get("Exocet").id == "junior-exocet"
    assert get("Senior Exocet").id == "senior-exocet"


# --------------------------------------------------------------- SK loops
def test_sk_loops_sound_and_shaped(stuck: list[tuple[Board, list[int]]]) -> None:
    found = 0
    for b, solution in stuck:
        for s in get("sk-loop").find(b):
            check_step(b, s, solution, "sk-loop")
            assert all(b.values[p] for p in s.extra["pivots"]) and len(s.extra["cells"]) == 16
            # every cell of the loop shares a box and a row or column with a pivot
            assert all(any(CELL_BOX[c] == CELL_BOX[p] and (c // 9 == p // 9 or c % 9 == p % 9)
                           for p in s.extra["pivots"]) for c in s.extra["cells"])
            assert sum(len(hs) for hs in s.extra["covers"].values()) == 16
            found += 1
    assert found > 0


def test_sk_loop_names() -> None:
    assert get("SK Loops").id == "sk-loop" and get("sk-loops").id == "sk-loop"
    assert get("MSLS").id == "msls"


# ------------------------------------------------------------------- MSLS
def _brute_msls(b: Board) -> set[tuple[tuple[int, ...], tuple[int, ...], frozenset[tuple[int, int]]]]:
    """(rows, columns, eliminations) of every MSLS of SudokuStudio's sizes, by counting covers directly."""
    out = set()
    dcells = [0] + [sum(1 << c for c in range(81) if b.cands[c] >> (d - 1) & 1) for d in range(1, 10)]
    for nr, nc in locked_sets.SIZES:
        for rows in combinations(range(9), nr):
            if len({r // 3 for r in rows}) < 2:
                continue
            for cols in combinations(range(9), nc):
                if len({c // 3 for c in cols}) < 2:
                    continue
                cells = 0
                for r in rows:
                    for c in cols:
                        if not b.values[r * 9 + c]:
                            cells |= 1 << (r * 9 + c)
                n = cells.bit_count()
                covers = 0
                houses: dict[int, list[int]] = {}
                for d in range(1, 10):
                    holding = dcells[d] & cells
                    if not holding:
                        continue
                    in_rows = [r for r in rows if holding & HOUSE_MASK[r]]
                    in_cols = [9 + c for c in cols if holding & HOUSE_MASK[9 + c]]
                    covers += min(len(in_rows), len(in_cols))
                    if covers > n:
                        break
                    houses[d] = (in_rows if len(in_rows) <= len(in_cols) else []) + (
                        in_cols if len(in_cols) <= len(in_rows) else [])
                if not n or covers != n:
                    continue
                elims = frozenset((c, d) for d, hs in houses.items() for h in hs for c in range(81)
                                  if (HOUSE_MASK[h] & dcells[d] & ~cells) >> c & 1)
                if elims:
                    out.add((rows, cols, elims))
    return out


def test_msls_equals_the_definition(stuck: list[tuple[Board, list[int]]]) -> None:
    """Every set of eliminations some MSLS makes is reported, once, by an MSLS of the definition."""
    total = 0
    for b, _ in stuck[:2]:
        got = [(tuple(r - 1 for r in s.extra["rows"]), tuple(c - 1 for c in s.extra["columns"]),
                frozenset(s.eliminations)) for s in get("msls").find(b)]
        brute = _brute_msls(b)
        assert set(got) <= brute
        assert sorted(e for _, _, e in got) == sorted({e for _, _, e in brute})  # each effect exactly once
        total += len(got)
    assert total > 0


def test_msls_reports_each_effect_once_early_in_a_puzzle() -> None:
    """In an early position thousands of sets repeat a few eliminations; one step per distinct effect."""
    b = parse(puzzle_set("newspaper-mixed")[2]).board
    steps = list(get("msls").find(b))
    effects = [frozenset(s.eliminations) for s in steps]
    assert steps and len(effects) == len(set(effects))
    sets = {(rows, cols) for rows, cols, _ in _brute_msls(b)}
    assert len(sets) > len(steps)  # many sets, fewer distinct effects
    assert all((tuple(r - 1 for r in s.extra["rows"]), tuple(c - 1 for c in s.extra["columns"])) in sets
               for s in steps)


# -------------------------------------------------------------- soundness
def test_sound_along_hardest_paths() -> None:
    """Every step of the four finders, in every position of paths through hardest puzzles that use them."""
    techs = [t.id for t in default_order() if t.level <= get("msls").level and t.family != "forcing"]
    checked = {tid: 0 for tid in NEW}
    for line in puzzle_set("forum-hardest-1106")[3::40]:
        board = parse(line).board
        solution = solve(board).solutions[0]
        b = board.copy()
        for step in walk(board, Simplest(techs)).steps:
            if step.technique in NEW:
                for tid in NEW:
                    for s in get(tid).find(b):
                        check_step(b, s, solution, line)
                        checked[tid] += 1
            apply_step(b, step)
    assert checked["junior-exocet"] > 5 and checked["msls"] > 0, checked


# ---------------------------------------------------------------- pricing
def test_sudokuwiki_prices_exocets_and_sk_loops_from_its_table() -> None:
    from sudoku_grader.ratings import sudokuwiki
    from sudoku_grader.ratings.common import resolve_order

    slots = {s.technique.id: s.key for s in resolve_order("sudokuwiki", [k for k, _, _ in sudokuwiki.STRATEGIES])}
    assert slots["sk-loop"] == "sk-loops" and sudokuwiki.POINTS["sk-loops"] == 100
    assert slots["junior-exocet"] == "exocet" and slots["senior-exocet"] == "exocet"
    assert sudokuwiki.POINTS["exocet"] == 300
    assert "msls" not in slots  # not on SudokuWiki's table


def test_on_the_default_path_before_forcing_chains() -> None:
    order = [t.id for t in default_order()]
    first_forcing = min(order.index(t) for t in ("forcing-chain-contradiction", "forcing-net-contradiction",
                                                 "nested-forcing-net"))
    assert all(order.index(t) < first_forcing for t in NEW)
