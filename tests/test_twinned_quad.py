"""Twinned XY-Chains and Quad Forcing Chains (SudokuWiki's definitions).

Twinned XY-Chains: the finder is compared with a brute-force reading of the definition (every
2x3 and 3x2 block tried with plain sets), each pattern's locking is proved by listing every way
to fill its six cells, SudokuWiki's three example puzzles show the pattern, and every step on
the way through real puzzles is checked against the unique solution.

Quad Forcing Chains: every step on stuck positions of hard puzzles is sound and starts from
exactly four alternatives; the SudokuWiki scale tries them last and prices them 200 + length,
and keeps them out of its Cell and Unit Forcing Chains.
"""

from __future__ import annotations

from itertools import combinations, product

import pytest

from conftest import puzzle_set
from pattern_checks import check_step
from sudoku_grader.board import Board
from sudoku_grader.engine import Simplest, apply_step, walk
from sudoku_grader.formats import parse
from sudoku_grader.geometry import CELL_BOX, CELL_COL, CELL_ROW
from sudoku_grader.solver import solve
from sudoku_grader.techniques import default_order, get

# SudokuWiki's "Twinned XY-Chains" page: Nils Leder's example, then two the site's solver found.
EXAMPLES = {
    "leder": "080402000000065001600100000070000300058200970300000002800010003500000009000907480",
    "example-2": "850900000000010000067030400020300009003050600600001070006040510000070000000003082",
    "example-3": "270000400009120300000009080000300509000010000620007000002500000080074050040000906",
}


def _digits(m: int) -> set[int]:
    return {d for d in range(1, 10) if m >> (d - 1) & 1}


def _see(a: int, b: int) -> bool:
    return a != b and (CELL_ROW[a] == CELL_ROW[b] or CELL_COL[a] == CELL_COL[b] or CELL_BOX[a] == CELL_BOX[b])


def _brute_twinned(b: Board) -> set[tuple[frozenset[int], frozenset[tuple[int, int]]]]:
    """(cells, eliminations) of every Twinned XY-Chain by the definition, with plain sets."""
    blocks = [[r * 9 + c for r in rows for c in cols]
              for rows in combinations(range(9), 2) for cols in combinations(range(9), 3)]
    blocks += [[r * 9 + c for r in rows for c in cols]
               for rows in combinations(range(9), 3) for cols in combinations(range(9), 2)]
    out = set()
    for cells in blocks:
        if any(b.values[c] for c in cells) or len({CELL_BOX[c] for c in cells}) == 1:
            continue
        digits = set().union(*(_digits(b.cands[c]) for c in cells))
        if len(digits) != 6:
            continue
        if any(len(set().union(*(_digits(b.cands[c]) for c in part))) <= k
               for k in range(2, 6) for part in combinations(cells, k)):
            continue
        holders = {d: [c for c in cells if d in _digits(b.cands[c])] for d in digits}
        if not all(_see(x, y) for hs in holders.values() for x, y in combinations(hs, 2)):
            continue
        elims = frozenset((c, d) for d, hs in holders.items() for c in range(81)
                          if c not in cells and d in _digits(b.cands[c]) and all(_see(c, h) for h in hs))
        if elims:
            out.add((frozenset(cells), elims))
    return out


def _fillings(b: Board, cells: list[int]) -> list[tuple[int, ...]]:
    """Every way to give the cells one candidate each with no digit twice among cells that see each other."""
    out = []
    for choice in product(*(sorted(_digits(b.cands[c])) for c in cells)):
        if all(choice[i] != choice[j] for i, j in combinations(range(len(cells)), 2) if _see(cells[i], cells[j])):
            out.append(choice)
    return out


def _positions(line: str) -> list[Board]:
    """Every position on the path of the default techniques below the forcing chains."""
    techs = [t.id for t in default_order() if t.level <= get("msls").level and t.family != "forcing"]
    board = parse(line).board
    b = board.copy()
    out = [b.copy()]
    for step in walk(board, Simplest(techs)).steps:
        apply_step(b, step)
        out.append(b.copy())
    return out


@pytest.fixture(scope="module")
def example_positions() -> dict[str, list[Board]]:
    return {name: _positions(line) for name, line in EXAMPLES.items()}


def test_twinned_search_equals_the_definition(example_positions: dict[str, list[Board]]) -> None:
    compared = found = 0
    for name, boards in example_positions.items():
        for b in boards[:12:2]:
            got = {(frozenset(s.extra["cells"]), frozenset(s.eliminations)) for s in get("twinned-xy-chains").find(b)}
            assert got == _brute_twinned(b), name
            compared += 1
            found += len(got)
    assert compared >= 12 and found >= 3


def test_each_digit_once_in_every_filling(example_positions: dict[str, list[Board]]) -> None:
    """The locking, by exhaustion: every filling of the six cells uses all six digits."""
    checked = 0
    for boards in example_positions.values():
        for b in boards[:12]:
            for s in get("twinned-xy-chains").find(b):
                fills = _fillings(b, s.extra["cells"])
                assert fills and all(sorted(f) == s.extra["digits"] for f in fills), s.text
                checked += 1
    assert checked >= 3


def test_sudokuwikis_examples(example_positions: dict[str, list[Board]]) -> None:
    """Each of the page's puzzles reaches its pattern: rows E and J by columns 1, 5, 9 with J5 the one
    three-candidate cell; A5, D5, J5 by columns 5 and 7; and rows F and H by columns 4, 7, 9."""
    want = {"leder": ("r59c159", [76]), "example-2": ("r149c57", [6]), "example-3": ("r68c479", None)}
    for name, (where, pivots) in want.items():
        steps = [s for b in example_positions[name] for s in get("twinned-xy-chains").find(b)]
        hits = [s for s in steps if f"Twinned XY-Chains in {where}:" in s.text]
        assert hits, (name, [s.text[:40] for s in steps])
        if pivots is not None:
            assert hits[0].extra["pivots"] == pivots
        assert "placed exactly once" in hits[0].text and hits[0].eliminations


def test_twinned_sound_along_real_paths(example_positions: dict[str, list[Board]]) -> None:
    checked = 0
    paths = [(line, example_positions[name]) for name, line in EXAMPLES.items()]
    paths += [(line, _positions(line)) for line in puzzle_set("top95")[::6]]
    for line, boards in paths:
        solution = solve(parse(line).board).solutions[0]
        for b in boards:
            for s in get("twinned-xy-chains").find(b):
                check_step(b, s, solution, line)
                assert all(m.role in ("base", "target") for m in s.highlights)
                checked += 1
    assert checked >= 3


def test_twinned_names_and_place() -> None:
    from sudoku_grader.ratings import sudokuwiki
    from sudoku_grader.ratings.common import resolve_order

    t = get("Twinned XY-Chains")
    assert t.id == "twinned-xy-chains" and get("twinned xy chain").id == t.id
    order = [x.id for x in default_order()]
    assert t.default and order.index(t.id) < order.index("forcing-chain-contradiction")
    slots = {s.technique.id: s.key for s in resolve_order("sudokuwiki", [k for k, _, _ in sudokuwiki.STRATEGIES])}
    assert slots[t.id] == "twinned-xy-chains" and sudokuwiki.POINTS["twinned-xy-chains"] == 100


# ------------------------------------------------------------ Quad Forcing Chains
SIMPLE = ["full-house", "naked-single", "hidden-single", "locked-candidates-1", "locked-candidates-2",
          "naked-pair", "hidden-pair", "naked-triple", "hidden-triple"]


def test_quad_sound_and_four_way() -> None:
    found = 0
    for line in puzzle_set("top95")[:40:5]:
        board = parse(line).board
        b = walk(board, Simplest(SIMPLE)).board
        if b.is_solved():
            continue
        solution = solve(board).solutions[0]
        for s in get("quad-forcing-chain").find(b):
            check_step(b, s, solution, line)
            assert s.extra["branches"] == 4 and len(s.extra["eureka"]) == 4
            assert len(s.placements) + len(s.eliminations) == 1
            form = s.extra["form"]
            assert s.text.startswith(f"Quad {'Unit' if form == 'unit' else 'Cell'} Forcing Chain: one of the four ")
            found += 1
    assert found > 0


def test_quad_premises_are_four_alternatives() -> None:
    """Every branch starts at a candidate of one cell with four candidates, or of one digit with four
    places in one house."""
    from sudoku_grader.geometry import HOUSE_MASK, digits_of

    line = puzzle_set("top95")[10]
    b = walk(parse(line).board, Simplest(SIMPLE)).board
    steps = list(get("quad-forcing-chain").find(b))
    assert steps
    for s in steps:
        premises = [tuple(p) for p in s.extra["premises"]]
        cells = {c for c, _ in premises}
        digits = {d for _, d in premises}
        assert len(set(premises)) == 4 and all(b.has_candidate(c, d) for c, d in premises)
        if s.extra["form"] == "cell":
            (cell,) = cells
            assert b.cands[cell].bit_count() == 4 and digits == set(digits_of(b.cands[cell]))
        else:
            (d,) = digits
            places = sum(1 << c for c in cells)
            assert any(b.digit_cells[d] & HOUSE_MASK[h] == places for h in range(27))


def test_quad_names_and_sudokuwiki_price() -> None:
    from sudoku_grader.ratings import sudokuwiki
    from sudoku_grader.ratings.common import resolve_order

    assert get("Quad Forcing Chains").id == "quad-forcing-chain"
    assert not get("quad-forcing-chain").default
    slots = [(s.technique.id, s.key) for s in resolve_order("sudokuwiki", [k for k, _, _ in sudokuwiki.STRATEGIES])]
    assert ("quad-forcing-chain", "quad-forcing-chain") in slots
    ids = [t for t, _ in slots]
    assert ids.index("forcing-chain-verity") < ids.index("quad-forcing-chain")
    assert sudokuwiki.POINTS["quad-forcing-chain"] == 200 and "quad-forcing-chain" in sudokuwiki.ADDS_LENGTH


def test_sudokuwiki_cell_forcing_chains_leave_four_way_starts_to_quad() -> None:
    """On SudokuWiki's path, a forcing-chain verity step priced as a Cell/Unit Forcing Chain never starts
    from four alternatives (those are Quad Forcing Chains, tried last)."""
    from sudoku_grader.ratings import sudokuwiki

    policy = sudokuwiki.SudokuWikiPolicy(sudokuwiki.POINTS)
    verity = [t for t, key in policy.entries if t.id == "forcing-chain-verity"]
    assert verity
    line = puzzle_set("top95")[10]
    b = walk(parse(line).board, Simplest(SIMPLE)).board
    all_verity = list(get("forcing-chain-verity").find(b))
    assert any(s.extra["branches"] == 4 for s in all_verity)
    kept = list(verity[0].find(b))
    assert kept and all(s.extra["branches"] != 4 for s in kept)
    assert len(kept) == sum(1 for s in all_verity if s.extra["branches"] != 4)


def test_sudokuwiki_scale_uses_it_on_the_pages_second_example() -> None:
    """The page says the pattern knocks its second example down a grade band on the site; on our
    SudokuWiki scale it is taken once and the score falls against the same walk without it."""
    from sudoku_grader.ratings import sudokuwiki

    board = parse(EXAMPLES["example-2"]).board
    with_it = sudokuwiki.rate(board)
    without = sudokuwiki.rate(board, scores={"twinned-xy-chains": 0})
    assert with_it["solved"] and without["solved"]
    assert with_it["counts"].get("twinned-xy-chains") == 1 and "twinned-xy-chains" not in without["counts"]
    assert with_it["score"] < without["score"]
