"""SudokuWiki's pattern techniques: Gurth's theorem, Chute Remote Pairs, Rectangle Elimination."""

from __future__ import annotations

from pattern_checks import BASIC, corpus, walk_sound
from sudoku_grader.engine import solve_path
from sudoku_grader.formats import parse
from sudoku_grader.geometry import CELL_BOX, PEER_MASK
from sudoku_grader.solver import solve
from sudoku_grader.techniques import get
from sudoku_grader.techniques.sudokuwiki_patterns import SYMMETRIES, digit_mapping

# Puzzles with 180-degree symmetric givens (digits paired), posted on the enjoysudoku forum
# ("Gurth's symmetrical placement theorem" thread, 2020).
SYMMETRIC = [
    "...........4.35...97.6..8...9....5...6.8.2.4...5....1...2..4.31...57.6...........",
    "..........24..51..97.6.......8....633.18.29.774....2.......4.31..95..68..........",
    "..............51.69736.....29......3.6.8.2.4.7......18.....47314.95..............",
]
TECHS = ("gurths-theorem", "chute-remote-pair", "rectangle-elimination")


def test_spellings() -> None:
    assert get("Gurth's Theorem").id == "gurths-theorem"
    assert get("Chute Remote Pairs").id == "chute-remote-pair"
    assert get("Rectangle Elimination").id == "rectangle-elimination"


def test_gurth_finds_the_symmetry_and_the_centre() -> None:
    board = parse(SYMMETRIC[0]).board
    sigma = digit_mapping(board, SYMMETRIES["rotation by 180 degrees"])
    assert sigma is not None and all(sigma[sigma[d]] == d for d in range(1, 10))
    steps = list(get("gurths-theorem").find(board))
    assert steps and steps[0].extra["kind"] == "fixed-cells"
    centre = {c for s in steps for c, _ in s.eliminations}
    assert centre == {40}  # r5c5 is the only cell the rotation fixes
    solution = solve(board).solutions[0]
    assert sigma[solution[40]] == solution[40]
    assert "rotation by 180 degrees" in steps[0].text


def test_gurth_needs_really_symmetric_givens() -> None:
    line = SYMMETRIC[0]
    broken = line[:11] + "8" + line[12:]  # r2c3: 4 -> 8 breaks the digit pairing (r8c7 holds 6)
    board = parse(broken).board
    assert all(digit_mapping(board, image) is None for image in SYMMETRIES.values())
    assert not list(get("gurths-theorem").find(board))
    for line in corpus(top95=20, printable=10, newspaper=10):
        assert not list(get("gurths-theorem").find(parse(line).board))


def test_gurth_sound_along_the_solve() -> None:
    checked = walk_sound(SYMMETRIC, ("gurths-theorem",))
    assert checked["gurths-theorem"] >= len(SYMMETRIC)


def test_chute_remote_pair_geometry() -> None:
    seen = 0
    for line in corpus(top95=60, printable=0, newspaper=0):
        board = solve_path(parse(line).board, BASIC).board  # where singles and intersections get stuck
        assert board is not None
        for s in get("chute-remote-pair").find(board):
            a, b = sorted({m.cell for m in s.highlights if m.role == "wing"})
            assert board.cands[a] == board.cands[b] and board.cands[a].bit_count() == 2
            assert CELL_BOX[a] != CELL_BOX[b] and not PEER_MASK[a] >> b & 1
            assert CELL_BOX[a] // 3 == CELL_BOX[b] // 3 or CELL_BOX[a] % 3 == CELL_BOX[b] % 3
            assert all(PEER_MASK[c] >> a & 1 and PEER_MASK[c] >> b & 1 for c, _ in s.eliminations)
            seen += 1
    assert seen


def test_sound_over_real_puzzles() -> None:
    checked = walk_sound(corpus(top95=60, printable=30, newspaper=40), TECHS[1:])
    assert all(checked[t] > 0 for t in TECHS[1:]), checked
