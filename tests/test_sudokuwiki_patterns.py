"""SudokuWiki's pattern techniques: Gurth's theorem, Chute Remote Pairs, Rectangle Elimination."""

from __future__ import annotations

from itertools import combinations, product

from conftest import puzzle_set
from pattern_checks import BASIC, corpus, walk_sound
from sudoku_grader.board import Board
from sudoku_grader.engine import Simplest, walk
from sudoku_grader.formats import parse
from sudoku_grader.geometry import CELL_BOX, PEER_MASK, parse_cell
from sudoku_grader.solver import solve
from sudoku_grader.techniques import get
from sudoku_grader.techniques.sudokuwiki_patterns import SYMMETRIES, digit_mapping
from sudoku_grader.techniques.tridagon import _PERMS
from sudoku_grader.techniques.tridagon import impossible as tridagon_impossible

# Puzzles with 180-degree symmetric givens (digits paired), posted on the enjoysudoku forum
# ("Gurth's symmetrical placement theorem" thread, 2020).
SYMMETRIC = [
    "...........4.35...97.6..8...9....5...6.8.2.4...5....1...2..4.31...57.6...........",
    "..........24..51..97.6.......8....633.18.29.774....2.......4.31..95..68..........",
    "..............51.69736.....29......3.6.8.2.4.7......18.....47314.95..............",
]
TECHS = ("gurths-theorem", "chute-remote-pair", "rectangle-elimination", "fireworks", "tridagon")
# Triple Firework example (stem r7c3, leaves r6c3 and r7c4 on 1, 2, 4) from the GNPX solver's documentation.
FIREWORK = "1.....5.82.........4..9.7.6..3..2....26.8.9..5....92......73....8....1.....9...42"


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
        board = walk(parse(line).board, Simplest(BASIC)).board  # where singles and intersections get stuck
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
    checked = walk_sound(corpus(top95=40, printable=20, newspaper=20), TECHS[1:3])
    assert all(checked[t] > 0 for t in TECHS[1:3]), checked


def test_triple_firework_example() -> None:
    board = walk(parse(FIREWORK).board, Simplest(BASIC)).board
    assert board is not None
    steps = [s for s in get("fireworks").find(board) if s.extra["kind"] == "triple"]
    step = next(s for s in steps if s.extra["stem"] == 56)
    assert step.extra["digits"] == [1, 2, 4] and sorted(step.extra["leaves"]) == [47, 57]
    assert {c for c, _ in step.eliminations} <= {47, 56, 57}
    assert all(d not in (1, 2, 4) for _, d in step.eliminations)
    assert "Triple Firework 124" in step.text


def test_fireworks_sound_on_hard_puzzles() -> None:
    lines = [FIREWORK] + puzzle_set("forum-hardest-1106")[:15] + puzzle_set("top1465")[:40]
    checked = walk_sound(lines, ("fireworks", "rectangle-elimination", "chute-remote-pair", "tridagon"))
    assert checked["fireworks"] > 0


# A tridagon on 1/2/3 in boxes 1, 3, 7 and 9 (enjoysudoku forum, "claw" thread), with r8c2's extra 8
# removed so that r8c8 is the one cell holding other digits.
TRIDAGON_GRID = """123 4 5 28 9 128 6 7 123  9 12 6 37 5 37 4 12 8  8 7 123 246 16 1246 123 5 9
246 258 9 1 678 45678 28 3 247  146 158 178 345678 2 345678 189 169 147  1246 3 1278 4678 678 9 5 126 1247
123 9 1238 2678 1678 12678 123 4 5  5 12 4 289 3 128 7 129 6  7 6 123 259 4 125 1239 8 123"""


def _pencilmarks(text: str) -> Board:
    b = Board()
    tokens = text.split()
    for c, tok in enumerate(tokens):
        if len(tok) == 1:
            b.place(c, int(tok))
    for c, tok in enumerate(tokens):
        if len(tok) > 1:
            b.set_candidates(c, sum(1 << (int(d) - 1) for d in tok))
    return b


def test_tridagon_example() -> None:
    steps = list(get("tridagon").find(_pencilmarks(TRIDAGON_GRID)))
    assert [set(s.eliminations) for s in steps] == [{(70, 1), (70, 2)}]  # r8c8 keeps 9
    # with r8c2's 8 back there are two cells with other digits: no tridagon elimination
    assert not list(get("tridagon").find(_pencilmarks(TRIDAGON_GRID.replace(" 5 12 4 ", " 5 128 4 "))))


def _impossible_shape(shape: tuple[tuple[int, ...], ...]) -> bool:
    """The tridagon module's verdict for one transversal per box of boxes 1, 2, 4 and 5."""
    corners = ((0, 0), (0, 3), (3, 0), (3, 3))
    boxes = tuple(tuple((r0 + i) * 9 + c0 + p[i] for i in range(3)) for p, (r0, c0) in zip(shape, corners))
    return tridagon_impossible(boxes)


def test_tridagon_shapes_match_a_plain_search() -> None:
    """The impossibility table agrees with trying every filling of the twelve cells with three digits."""
    example = ((0, 1, 2), (2, 1, 0), (0, 1, 2), (0, 1, 2))  # the shape of TRIDAGON_GRID
    shapes = [*list(product(_PERMS, repeat=4))[::211], example]
    impossible = 0
    for shape in shapes:
        cells = [(r0 + i, c0 + shape[k][i]) for k, (r0, c0) in enumerate(((0, 0), (0, 3), (3, 0), (3, 3)))
                 for i in range(3)]
        fillable = any(
            all(v[x] != v[y] for x, y in combinations(range(12), 2)
                if cells[x][0] == cells[y][0] or cells[x][1] == cells[y][1] or x // 3 == y // 3)
            for v in product(range(3), repeat=12)
            if v[0] == 0 and v[1] == 1  # relabelled: enough to fix the first box's first two digits
        )
        assert _impossible_shape(shape) == (not fillable), shape
        impossible += not fillable
    assert _impossible_shape(example)
    assert 0 < impossible < len(shapes)


def test_quad_firework_on_a_hand_made_position() -> None:
    """1, 2 have fireworks at stem r1c1 and 3, 4 at stem r5c5, both with leaves r1c5 and r5c1."""
    b = Board()
    keep = {parse_cell("r1c5"), parse_cell("r5c1")}
    for d, house_cells in ((1, ROW1 + COL1), (2, ROW1 + COL1), (3, ROW5 + COL5), (4, ROW5 + COL5)):
        for c in house_cells:
            if c not in keep:
                b.eliminate(c, d)
    quads = [s for s in get("fireworks").find(b) if s.extra["kind"] == "quad"]
    assert len(quads) == 1
    step = quads[0]
    left = {c: {d for d in range(1, 10) if b.has_candidate(c, d) and (c, d) not in step.eliminations}
            for c in (parse_cell("r1c1"), parse_cell("r5c5"), *keep)}
    assert left[parse_cell("r1c1")] == {1, 2} and left[parse_cell("r5c5")] == {3, 4}
    assert all(left[c] == {1, 2, 3, 4} for c in keep)


# row 1 and column 1 outside box 1, row 5 and column 5 outside box 5
ROW1 = [parse_cell(f"r1c{k}") for k in range(4, 10)]
COL1 = [parse_cell(f"r{k}c1") for k in range(4, 10)]
ROW5 = [parse_cell(f"r5c{k}") for k in (1, 2, 3, 7, 8, 9)]
COL5 = [parse_cell(f"r{k}c5") for k in (1, 2, 3, 7, 8, 9)]


def test_gurth_diagonal_mapping_on_synthetic_givens() -> None:
    """Givens mirrored in the main diagonal with 1<->2, 3<->4, 5<->6 and 7, 8, 9 fixed."""
    values = [0] * 81
    for name, v in (("r1c2", 1), ("r2c1", 2), ("r1c4", 3), ("r4c1", 4), ("r1c6", 5), ("r6c1", 6),
                    ("r5c5", 7), ("r3c8", 8), ("r8c3", 8)):
        values[parse_cell(name)] = v
    board = Board.from_values(values)
    sigma = digit_mapping(board, SYMMETRIES["reflection in the main diagonal"])
    assert sigma == [0, 2, 1, 4, 3, 6, 5, 7, 8, 9]
    assert digit_mapping(board, SYMMETRIES["rotation by 180 degrees"]) is None
    fixed = [s for s in get("gurths-theorem").find(board) if s.extra["kind"] == "fixed-cells"]
    assert fixed and all(c // 9 == c % 9 and d <= 6 for s in fixed for c, d in s.eliminations)
    assert "1<->2, 3<->4, 5<->6 (7, 8, 9 map to themselves)" in fixed[0].text
