"""Unit tests per rating scale, hand-computed from the seeds' own tables and examples."""

from __future__ import annotations

import math

import pytest

from conftest import SHARED, puzzle_set
from sudoku_grader.board import Board
from sudoku_grader.engine import Path
from sudoku_grader.errors import SudokuError
from sudoku_grader.formats import parse
from sudoku_grader.ratings import Settings, grader2009, hodoku, rate_board, sourgumdrop, sudokuoftheday, sudokuwiki
from sudoku_grader.ratings.mapping import MAPPING, mapping_for
from sudoku_grader.solver import solve
from sudoku_grader.step import Step

SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def _board_missing(cells: list[int]) -> Board:
    return parse("".join("." if i in cells else ch for i, ch in enumerate(SOLVED))).board


def _walk(keys: list[str], solved: bool = True, candidates: list[int] | None = None) -> Path:
    steps = [Step(k, k) for k in keys]
    return Path(steps=steps, keys=list(keys), candidates=candidates or [0] * len(keys), solved=solved)


# ----------------------------------------------------------------- SudokuWiki (seed 000)
@pytest.mark.parametrize("c, f", [(219, 6.0), (185, 5.1), (102, 2.8), (54, 1.5), (8, 0.2)])
def test_sudokuwiki_density_factor_matches_the_seed_table(c: int, f: float) -> None:
    assert round(sudokuwiki.density_factor(c), 1) == f


@pytest.mark.parametrize("grade, name", [(2.99, "Easy"), (3.0, "Normal"), (4.5, "Medium"), (5.0, "Hard"),
                                         (8.99, "Expert"), (9.0, "Master"), (11.0, "Master")])
def test_sudokuwiki_grade_names(grade: float, name: str) -> None:
    assert sudokuwiki.grade_name(grade) == name


def test_sudokuwiki_normalisation_is_two_log5() -> None:
    assert sudokuwiki.normalise(25) == pytest.approx(4.0)
    assert sudokuwiki.normalise(625) == pytest.approx(8.0)


def test_sudokuwiki_step_points_times_density_and_chain_length() -> None:
    pair = Step("naked-pair", "Naked Pair")
    assert sudokuwiki.step_score("naked-pair", pair, 185, sudokuwiki.POINTS) == pytest.approx(5 * 185 / 727 * 20)
    chain = Step("xy-chain", "XY-Chain", extra={"length": 6})
    assert sudokuwiki.step_score("xy-chain", chain, 100, sudokuwiki.POINTS) == pytest.approx(56 * 100 / 727 * 20)


def test_sudokuwiki_singles_count_once_per_step() -> None:
    # two empty cells in different houses: one naked-singles step over 2 candidates, F = 2 / 727 * 20
    r = sudokuwiki.rate(_board_missing([0, 80]))
    assert r["solved"] and r["steps"] == 1
    assert r["score"] == pytest.approx(round(2 / 727 * 20, 2))


# ----------------------------------------------------------------- SourGumdrop (seed 001)
def test_sourgumdrop_worked_example_of_the_seed() -> None:
    # "2 applications of Naked quad and 1 Jellyfish ... 2 x 7 + 1 x 20 = 34"
    w = _walk(["naked-quadruple", "naked-quadruple", "jellyfish"])
    r = sourgumdrop.summarize(w, sourgumdrop.DEFAULT_SCORES)
    assert r["score"] == 34
    assert r["counts"] == {"naked-quadruple": 2, "jellyfish": 1}


def test_sourgumdrop_default_table_is_table_1() -> None:
    t = sourgumdrop.DEFAULT_SCORES
    assert (t["hidden-single"], t["hidden-pair"], t["hidden-triple"]) == (1, 2, 2)
    assert (t["locked-candidates-1"], t["locked-candidates-2"], t["naked-pair"], t["naked-triple"]) == (2, 2, 3, 4)
    assert (t["x-wing"], t["swordfish"], t["jellyfish"]) == (9, 12, 20)


def test_sourgumdrop_order_follows_scores_and_zero_disables() -> None:
    order = [k for k, _ in sourgumdrop.order({**sourgumdrop.DEFAULT_SCORES, "x-wing": 1, "hidden-pair": 0})]
    assert order[:2] == ["hidden-single", "x-wing"]
    assert "hidden-pair" not in order


def test_sourgumdrop_unsolved_is_stars() -> None:
    board = parse(puzzle_set("top95")[0]).board
    r = sourgumdrop.rate(board, {k: 0 for k in sourgumdrop.DEFAULT_SCORES})
    assert r["score"] == sourgumdrop.UNSOLVED and not r["solved"]


def test_sourgumdrop_hidden_singles_are_counted_naked_singles_free() -> None:
    r = sourgumdrop.rate(parse(puzzle_set("project-euler-96")[1]).board)
    assert r["solved"]
    assert r["score"] == r["counts"].get("hidden-single", 0) * 1
    assert r["automatic_singles"] + r["counts"].get("hidden-single", 0) == 81 - parse(
        puzzle_set("project-euler-96")[1]).board.given_count()


# ----------------------------------------------------------------- Sudoku of the Day (seed 004)
def test_sudokuoftheday_first_and_later_costs() -> None:
    w = _walk(["naked-pair", "naked-pair", "x-wing", "naked-single", "naked-single"])
    r = sudokuoftheday.summarize(w, sudokuoftheday.PRICES)
    assert r["score"] == 750 + 500 + 2800 + 100 + 100


@pytest.mark.parametrize("score, bands, level", [
    (3000, [], "Beginner"),
    (4400, ["Beginner", "Easy"], "Beginner"),
    (5400, ["Easy", "Medium"], "Easy"),
    (6800, ["Medium", "Tricky"], "Medium"),  # equally near 6000 and 7600: the easier
    (6900, ["Medium", "Tricky"], "Tricky"),
    (12000, ["Fiendish", "Diabolical"], "Fiendish"),
    (30000, [], "Diabolical"),
])
def test_sudokuoftheday_overlapping_bands_and_nearest_average(score: int, bands: list[str], level: str) -> None:
    assert sudokuoftheday.bands(score) == bands
    assert sudokuoftheday.nearest_level(score) == level


# ----------------------------------------------------------------- 2009 Sudoku Grader (seed 003)
def test_grader2009_strategic_table() -> None:
    s = grader2009.STRATEGIC
    assert s["simple-single"] == s["slice-and-slot"] == 0
    assert s["naked-single"] == s["hidden-single"] == 1
    assert s["locked-candidates-1"] == s["locked-candidates-2"] == 2
    assert s["naked-pair"] == s["naked-triple"] == 3
    assert s["naked-quadruple"] == s["hidden-pair"] == s["hidden-triple"] == 4
    assert s["hidden-quadruple"] == 5 and s["x-wing"] == s["swordfish"] == 6


@pytest.mark.parametrize("eliminations, placements, procedural", [
    (3, 50, 0), (4, 50, 1), (7, 50, 1), (8, 50, 2), (8, 56, 3), (0, 56, 1), (0, 55, 0)])
def test_grader2009_procedural_points(eliminations: int, placements: int, procedural: int) -> None:
    keys = ["naked-pair"] * eliminations + ["naked-single"] * placements
    r = grader2009.summarize(_walk(keys))
    assert r["procedural"] == procedural
    assert r["strategic"] == (3 if eliminations else 1)
    assert r["total"] == r["strategic"] + procedural


def test_grader2009_unsolved_is_ten() -> None:
    r = grader2009.summarize(_walk([], solved=False))
    assert (r["strategic"], r["procedural"], r["total"]) == (7, 3, 10)


def test_grader2009_simple_single_and_slice_and_slot() -> None:
    b = _board_missing([0])
    s = next(grader2009.simple_singles(b))
    assert s.placements == [(0, 5)]
    # r1c1 and r2c2 empty: box 1 cross-hatched by the placed 5s of row 2.. -> slice and slot finds them
    b2 = _board_missing([0, 10])
    found = {st.placements[0] for st in grader2009.slice_and_slot(b2)}
    assert (0, 5) in found and (10, 7) in found


def test_grader2009_path_of_an_easy_puzzle_uses_only_placed_digits() -> None:
    r = grader2009.rate(parse(puzzle_set("project-euler-96")[0]).board)
    assert r["solved"] and r["strategic"] == 0 and r["total"] == 0


# ----------------------------------------------------------------- HoDoKu
def test_hodoku_level_rule() -> None:
    assert hodoku.level_for(800, 0) == "Easy"
    assert hodoku.level_for(801, 0) == "Medium"
    assert hodoku.level_for(1700, 2) == "Unfair"
    assert hodoku.level_for(1801, 1) == "Extreme"
    assert hodoku.level_for(100, 4) == "Extreme"


def test_hodoku_table_reproduces_every_reference_score_and_level() -> None:
    from hodoku_agreement import read_reference

    rows = read_reference(SHARED / "reference" / "hodoku-ratings.tsv")
    assert len(rows) > 2000
    for row in rows:
        ids = {hodoku.ID_BY_NAME[name]: n for name, n in row.techniques.items()}
        score = sum(hodoku.SCORES[t] * n for t, n in ids.items())
        hardest = max(hodoku.LEVELS.index(hodoku.LEVEL_OF[t]) for t in ids)
        assert score == row.score, row.puzzle
        assert hodoku.level_for(score, hardest) == row.level, row.puzzle


def test_hodoku_singles_queues_reproduce_easy_scores_exactly() -> None:
    from hodoku_agreement import read_reference

    rows = [r for r in read_reference(SHARED / "reference" / "hodoku-ratings.tsv") if r.level == "Easy"][::3]
    for row in rows:
        board = parse(row.puzzle).board
        r = hodoku.rate(board, solve(board).solutions[0])
        assert (r["level"], r["score"]) == (row.level, row.score), row.puzzle


def test_hodoku_brute_force_fills_the_middle_empty_cell() -> None:
    board = parse(puzzle_set("top95")[3]).board
    sol = solve(board).solutions[0]
    step = hodoku.brute_force_step(board, sol)
    empty = [c for c in range(81) if not board.values[c]]
    assert step.placements == [(empty[len(empty) // 2], sol[empty[len(empty) // 2]])]


# ----------------------------------------------------------------- registry and mapping
def test_rate_board_returns_every_scale_in_order() -> None:
    r = rate_board(parse(puzzle_set("project-euler-96")[0]).board)
    assert list(r) == ["se", "hodoku", "sudokuwiki", "sourgumdrop", "sudokuoftheday", "grader2009"]
    assert r["hodoku"]["level"] == "Easy"
    assert isinstance(r["sudokuwiki"]["score"], float)


def test_rate_board_restricts_scales() -> None:
    r = rate_board(parse(puzzle_set("project-euler-96")[0]).board, Settings.read("grader2009,sudokuwiki"))
    assert list(r) == ["sudokuwiki", "grader2009"]


def test_every_mapping_names_an_entry_of_its_scale_with_a_reason() -> None:
    entries = {
        "hodoku": set(hodoku.SCORES),
        "sudokuwiki": set(sudokuwiki.POINTS),
        "sudokuoftheday": set(sudokuoftheday.PRICES),
    }
    for scale, table in MAPPING.items():
        for tid, (key, reason) in table.items():
            assert key in entries[scale], (scale, tid, key)
            assert tid not in entries[scale], (scale, tid)
            assert len(reason) > 20
    assert mapping_for("sudokuwiki", "w-wing") == MAPPING["sudokuwiki"]["w-wing"]
    assert math.isfinite(len(MAPPING))


# ----------------------------------------------------------------- user score tables (--scores)
def test_user_scores_change_summing_scales() -> None:
    from sudoku_grader import api

    puzzle = puzzle_set("project-euler-96")[1]
    base = api.rate(puzzle, "hodoku,sudokuoftheday")["ratings"]
    n_naked = base["hodoku"]["counts"]["naked-single"]
    mine = api.rate(puzzle, "hodoku,sudokuoftheday",
                    {"hodoku": {"Naked Single": 5}, "sudokuoftheday": {"naked-single": [300, 10]}})["ratings"]
    assert mine["hodoku"]["score"] == base["hodoku"]["score"] + n_naked
    sotd_naked = base["sudokuoftheday"]["counts"]["naked-single"]
    assert mine["sudokuoftheday"]["score"] == base["sudokuoftheday"]["score"] - 100 * sotd_naked + 300 + 10 * (
        sotd_naked - 1)


def test_user_scores_are_validated() -> None:
    from sudoku_grader import api

    bad = api.rate(puzzle_set("project-euler-96")[1], "hodoku", {"hodoku": {"x-wing": -3}})
    assert bad["status"] == "invalid" and "must be a finite number" in bad["error"]
    bad = api.rate(puzzle_set("project-euler-96")[1], "hodoku", {"grader2009": {"x-wing": 3}})
    assert bad["status"] == "invalid" and "does not sum" in bad["error"]


def test_sudokuwiki_unsolved_has_no_grade_name() -> None:
    w = _walk(["naked-pair"], solved=False, candidates=[200])
    r = sudokuwiki.summarize(w, sudokuwiki.POINTS)
    assert r["grade"] is None and not r["solved"] and r["score"] > 0


def test_hodoku_rate_called_alone_is_right() -> None:
    """`hodoku.rate` with no solution and no options gives HoDoKu's own answer (an Extreme puzzle
    whose path needs rectangles with missing candidates, HoDoKu's default), as `api.rate` does."""
    from sudoku_grader import api

    line = "6.9.....8...7.1...4............6...4.2.....3..3....5...1.5...7.8...9..........2.."
    alone = hodoku.rate(Board.from_string(line), None)
    assert (alone["level"], alone["score"]) == ("Extreme", 1812)  # HoDoKu 2.2 (reference/hodoku-ratings.tsv)
    assert hodoku.rate(Board.from_string(line))["score"] == 1812
    assert api.rate(line, "hodoku")["ratings"]["hodoku"]["score"] == 1812


def test_one_record_per_scale_is_what_everything_reads() -> None:
    """Each scale's record names fields its own result carries; aliases, the generator, the CSV
    header and the worker's catalogue all come from the records."""
    from sudoku_grader import ratings, worker_api
    from sudoku_grader.cli.rate import csv_header
    from sudoku_grader.generator import GenerateOptions

    line = puzzle_set("newspaper-mixed")[0]
    board = parse(line).board
    assert [s.id for s in ratings.SCALE_LIST] == list(ratings.SCALES)
    for s in ratings.SCALE_LIST:
        result = s.rate(board, solution=None, scores=None, progress=None, cancel=None)
        assert s.number in s.columns and set(s.columns) <= result.keys(), s.id
        assert isinstance(result[s.number], (int, float)), s.id
        if s.level:
            assert s.level in s.columns and result[s.level] in s.levels, s.id
        else:
            assert not s.levels
        assert set(s.beyond_basics) <= set(s.levels)
        assert s.compared[0] in result, s.id
        for alias in s.aliases:
            assert ratings.scale(alias) is s
    assert sum(s.flat_table for s in ratings.SCALE_LIST) == 1
    assert list(ratings.normalize_scores({"X-Wing": 5})) == [s.id for s in ratings.SCALE_LIST if s.flat_table]
    pairs = next(s.id for s in ratings.SCALE_LIST if s.score_pairs)
    assert ratings.normalize_scores({pairs: {"x-wing": [3, 2]}})[pairs]["x-wing"] == [3, 2]
    with pytest.raises(SudokuError, match="must be a finite number"):
        ratings.normalize_scores({"hodoku": {"x-wing": [3, 2]}})
    assert ratings.parse_scales("sotd,SW,se") == ["sudokuoftheday", "sudokuwiki", "se"]
    with pytest.raises(SudokuError, match="unknown scale 'nope'"):
        ratings.parse_scales("nope")
    assert GenerateOptions(scale="sotd", level="fiendish").scale == "sudokuoftheday"
    header = csv_header(["hodoku", "grader2009"])
    assert header[2:7] == ["ratings.hodoku.score", "ratings.hodoku.level", "ratings.grader2009.strategic",
                           "ratings.grader2009.procedural", "ratings.grader2009.total"]
    assert worker_api.scales() == [{**s.to_json(), **ratings.PAGES[s.id].to_json()} for s in ratings.SCALE_LIST]
    # the page's fields travel beside the rule record, never on it
    page_only = {"slow", "cost", "band", "headline"}
    assert all(not page_only & s.to_json().keys() for s in ratings.SCALE_LIST)
    assert all(page_only <= entry.keys() for entry in worker_api.scales())
    assert ratings.slow_last()[-1] == "se" and sorted(ratings.slow_last()) == sorted(ratings.SCALES)


def test_scale_records_carry_their_policy_prices_and_summary() -> None:
    """Every record's ``rate`` is its pieces: its ``policy`` over its ``prices`` walked, then its
    ``summary``; a user's scores go on top of the prices; the module's own ``rate`` is the record's."""
    from sudoku_grader.board import Board
    from sudoku_grader.engine import walk
    from sudoku_grader.ratings import BY_ID, SCALE_LIST, grader2009, se
    from sudoku_grader.solver import solve

    board = Board.from_string("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    solution = solve(board).solutions[0]

    def same(a: dict, b: dict) -> bool:
        return {**a, "seconds": 0} == {**b, "seconds": 0}

    for s in SCALE_LIST:
        assert s.prices and callable(s.policy) and callable(s.summary), s.id
        table = s.table(None)
        want = s.rate(board, solution=solution)
        assert same(s.summary(walk(board, s.policy(table, solution if s.needs_solution else None)), table), want)
        assert same(s.rate(board), want), s.id  # the solution is found when the scale needs it
    hodoku, sotd = BY_ID["hodoku"], BY_ID["sudokuoftheday"]
    assert hodoku.table({"x-wing": 7})["x-wing"] == 7 and hodoku.prices["x-wing"] != 7
    assert sotd.table({"x-wing": [9, 4], "swordfish": 5})["x-wing"] == (9, 4)
    assert sotd.table({"swordfish": 5})["swordfish"] == (5, 5)
    used = sotd.rate(board)["counts"]
    assert used and sotd.rate(board, scores={k: [1, 1] for k in used})["score"] == sum(used.values())
    assert same(grader2009.rate(board), BY_ID["grader2009"].rate(board))
    assert same(se.se_rating(board), BY_ID["se"].rate(board))
    with pytest.raises(SudokuError, match="no stop"):
        hodoku.rate(board, stop="pearl")


def test_se_record_prices_each_producer_at_its_lowest_rating() -> None:
    """SE's price table is each producer's base rating: every step of SE's path is keyed by its
    producer and rates at least that; ``stop`` ends the walk once EP (ED) is fixed."""
    from sudoku_grader.ratings import BY_ID
    from sudoku_grader.se.policy import RULES

    se = BY_ID["se"]
    assert list(se.prices) == [name for name, _ in RULES]
    assert list(se.prices.values()) == sorted(se.prices.values())
    seen: set[str] = set()
    for line in puzzle_set("newspaper-mixed")[:40:4] + puzzle_set("top95")[:2]:
        board = parse(line).board
        path, _ = se.walk(board)
        for step, key in zip(path.steps, path.keys):
            assert key in se.prices and step.extra["se_difficulty"] >= se.prices[key], (key, step.name)
            seen.add(key)
        pearl = se.rate(board, stop="pearl")
        full = se.summary(path, se.prices)
        assert pearl["stopped"] == "pearl" and pearl["final"] == ["ep", "ed"]
        assert (pearl["ep"], pearl["ed"]) == (full["ep"], full["ed"]) and full["final"] == ["er", "ep", "ed"]
    assert {"Hidden Single", "Naked Single"} <= seen and len(seen) >= 6


def test_headline_scales_name_a_field_their_rating_fills_and_reach_the_catalogue() -> None:
    """The page's "You solved an SE 7.2 / HoDoKu Hard puzzle" sentence is built from the scales'
    `Page` ``headline`` (label, field) through the worker's catalogue: each headline field is one the
    scale's rating fills, and the first two headline scales on 9x9 are SE then HoDoKu."""
    from sudoku_grader import ratings, worker_api

    headline = {s.id: ratings.PAGES[s.id].headline for s in ratings.SCALE_LIST}
    headlined = [s for s in ratings.SCALE_LIST if headline[s.id]]
    assert [headline[s.id] for s in headlined if 9 in s.sizes][:2] == [("SE", "er"), ("HoDoKu", "level")]
    assert [s.id for s in headlined if 6 in s.sizes] == ["sudokuwiki"]
    easy = parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..").board
    for s in headlined:
        result = s.rate(easy)
        assert result[headline[s.id][1]] not in (None, ""), (s.id, result)
    catalogue = {c["id"]: c for c in worker_api.scales()}
    for s in ratings.SCALE_LIST:
        h = headline[s.id]
        expected = {"label": h[0], "field": h[1]} if h else None
        assert catalogue[s.id]["headline"] == expected
        assert catalogue[s.id]["bottleneck"] == s.bottleneck
