"""Extended Unique Rectangles (2x3 over three boxes): hand-made positions, every pattern, soundness."""

from __future__ import annotations

from pattern_checks import corpus, walk_sound
from sudoku_grader.board import Board
from sudoku_grader.geometry import CELL_BOX, parse_cell
from sudoku_grader.techniques import extended_rectangle, get


def _board_with(cands: dict[str, str]) -> Board:
    b = Board()
    for name, digits in cands.items():
        b.set_candidates(parse_cell(name), sum(1 << (int(d) - 1) for d in digits))
    return b


def test_type_1_on_the_forum_example() -> None:
    # three rows in three bands, two columns of one stack; r7c2 alone holds a fourth digit
    b = _board_with({"r1c1": "123", "r1c2": "123", "r4c1": "123", "r4c2": "123", "r7c1": "123", "r7c2": "1234"})
    steps = [s for s in get("extended-unique-rectangle").find(b) if s.extra["type"] == 1]
    assert len(steps) == 1
    s = steps[0]
    assert set(s.eliminations) == {(parse_cell("r7c2"), d) for d in (1, 2, 3)}
    assert s.text.startswith("Extended Unique Rectangle type 1 on 123 in r147c12")
    assert {m.role for m in s.highlights} == {"base", "fin", "target"}


def test_type_2_removes_the_one_extra_digit_from_cells_seeing_it() -> None:
    # two rows of band 1, columns in three stacks; 5 is the only extra digit, in r1c1 and r1c4
    b = _board_with({"r1c1": "125", "r1c4": "135", "r1c7": "23", "r2c1": "23", "r2c4": "12", "r2c7": "13"})
    steps = [s for s in get("EUR").find(b) if s.extra["type"] == 2]
    assert len(steps) == 1
    want = {(parse_cell(n), 5) for n in ("r1c2", "r1c3", "r1c5", "r1c6", "r1c8", "r1c9")}
    assert set(steps[0].eliminations) == want


def test_no_pattern_in_two_boxes_or_over_two_bands() -> None:
    # the same digits, but the two rows lie in different bands: not a deadly pattern
    b = _board_with({"r1c1": "123", "r1c4": "123", "r5c1": "123", "r5c4": "123", "r1c7": "123", "r5c7": "1234"})
    assert not list(get("extended-unique-rectangle").find(b))


def test_every_pattern_spans_three_boxes_two_lines_of_one_chute() -> None:
    assert len(extended_rectangle._PATTERNS) == 2 * 9 * 27
    for cells, _ in extended_rectangle._PATTERNS:
        assert len({CELL_BOX[c] for c in cells}) == 3
        rows, cols = {c // 9 for c in cells}, {c % 9 for c in cells}
        assert sorted((len(rows), len(cols))) == [2, 3]
        two = rows if len(rows) == 2 else cols
        assert len({x // 3 for x in two}) == 1


def test_sound_over_real_puzzles() -> None:
    checked = walk_sound(corpus(top95=95, printable=40, newspaper=20), ("extended-unique-rectangle",))
    assert checked["extended-unique-rectangle"] > 0, checked


def test_sudokuwiki_prices_it_from_its_table() -> None:
    from sudoku_grader.ratings import sudokuwiki
    from sudoku_grader.ratings.common import resolve_order

    slots = {s.technique.id: s for s in resolve_order("sudokuwiki", [k for k, _, _ in sudokuwiki.STRATEGIES])}
    slot = slots["extended-unique-rectangle"]
    assert slot.key == "extended-unique-rectangle" and not slot.mapped
    assert sudokuwiki.POINTS["extended-unique-rectangle"] == 90
