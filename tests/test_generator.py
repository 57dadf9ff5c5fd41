from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from conftest import ROOT
from sudoku_grader import generator
from sudoku_grader.board import Board, find_duplicate
from sudoku_grader.engine import walk
from sudoku_grader.generator import GenerateOptions, GenerationError, generate_one, orbits
from sudoku_grader.geometry import STANDARD
from sudoku_grader.solver import _start, _start_from_grid, has_other_solution, is_minimal, random_solution, solve


def test_random_solutions_are_valid_and_varied() -> None:
    rng = random.Random(5)
    grids = [random_solution(rng) for _ in range(20)]
    for g in grids:
        assert 0 not in g and find_duplicate(g) is None
    assert len({tuple(g) for g in grids}) == 20


def _grid_and_givens(rng: random.Random, least: int, most: int) -> tuple[list[int], list[int], set[int]]:
    """A random full grid, and between ``least`` and ``most`` of its digits kept as givens."""
    grid = random_solution(rng)
    keep = set(rng.sample(range(81), rng.randint(least, most)))
    return grid, [v if c in keep else 0 for c, v in enumerate(grid)], keep


def test_has_other_solution_agrees_with_counting() -> None:
    rng = random.Random(11)
    for _ in range(30):
        grid, values, keep = _grid_and_givens(rng, 20, 34)
        # pretend the givens were all there, then the empty cells were removed
        removed = [c for c in range(81) if c not in keep]
        assert has_other_solution(values, grid, removed) == (solve(values).status == "multiple")


@pytest.mark.parametrize("symmetry", ["none", "rotational", "mirror", "diagonal"])
def test_unique_symmetric_and_reproducible(symmetry: str) -> None:
    opts = GenerateOptions(symmetry=symmetry)
    a = generate_one(opts, seed=3)
    b = generate_one(opts, seed=3)
    c = generate_one(opts, seed=4)
    assert a is not None and b is not None and c is not None
    assert a.puzzle == b.puzzle and a.puzzle != c.puzzle
    values = [0 if ch == "." else int(ch) for ch in a.puzzle]
    result = solve(values)
    assert result.status == "unique" and "".join(map(str, result.solutions[0])) == a.solution
    for orbit in orbits(symmetry):
        assert len({bool(values[x]) for x in orbit}) == 1, (symmetry, orbit)
    if symmetry == "none":
        assert a.minimal and is_minimal(values, result.solutions[0])


def test_minimal_with_symmetry() -> None:
    made = generate_one(GenerateOptions(symmetry="rotational", minimal=True), seed=8, timeout=60)
    assert made is not None and made.minimal
    values = [0 if ch == "." else int(ch) for ch in made.puzzle]
    assert is_minimal(values, [int(ch) for ch in made.solution])


def test_technique_target_is_the_hardest_step() -> None:
    """For practice, a technique target means the puzzle's hardest step is that technique."""
    from sudoku_grader.techniques import REGISTRY

    made = generate_one(GenerateOptions(technique="Claiming"), seed=2, timeout=60)
    assert made is not None
    path = walk(Board.from_string(made.puzzle))
    assert path.solved
    levels = {s.technique: REGISTRY[s.technique].level for s in path.steps}
    assert "locked-candidates-2" in levels
    assert max(levels.values()) == REGISTRY["locked-candidates-2"].level
    assert made.techniques["locked-candidates-2"] >= 1


# An X-Wing as the hardest step (SE 3.2), made by `generate --technique x-wing --seed 1`.
X_WING_HARDEST = ".2.97...156...8.3..79....6....1.9...8....5....9....6.......319...2...748...8....."
# A path with an X-Wing that is not its hardest step: SE 8.3 (example "Diabolical").
X_WING_NOT_HARDEST = "12..4......5.69.1...9...5.........7.7...52.9..3......2.9.6...5.4..9..8.1..3...9.4"


def test_hardest_is_accepts_only_a_path_that_needs_nothing_harder() -> None:
    counts = generator.hardest_is(Board.from_string(X_WING_HARDEST), "x-wing")
    assert counts is not None and counts["x-wing"] >= 1
    assert generator.hardest_is(Board.from_string(X_WING_HARDEST), "swordfish") is None
    hard = Board.from_string(X_WING_NOT_HARDEST)
    assert generator.hardest_is(hard, "x-wing") is None
    # the CLI's help says what the target means
    proc = subprocess.run([sys.executable, "-m", "sudoku_grader", "generate", "--help"], capture_output=True,
                          text=True, env={"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin"}, timeout=60)
    assert "hardest step" in proc.stdout


def test_band_on_se_scale_is_respected() -> None:
    opts = GenerateOptions(scale="se", lo=1.5, hi=3.0)
    for seed in (1, 2):
        made = generate_one(opts, seed=seed, timeout=60)
        assert made is not None
        assert 1.5 <= made.rating["er"] <= 3.0
        # the rating reported is the rating of the puzzle
        again = generator.rate_on_scale(Board.from_string(made.puzzle), "se")
        assert again["er"] == made.rating["er"]


def test_level_on_hodoku_scale_is_respected() -> None:
    made = generate_one(GenerateOptions(scale="hodoku", level="medium"), seed=1, timeout=120)
    assert made is not None and made.rating["level"] == "Medium"
    assert made.to_json()["ratings"]["hodoku"]["level"] == "Medium"  # as `rate` writes it
    assert generator.rate_on_scale(Board.from_string(made.puzzle), "hodoku")["level"] == "Medium"


def test_rare_target_gives_up_cleanly() -> None:
    assert generate_one(GenerateOptions(scale="se", lo=11.0), seed=1, max_tries=3) is None


@pytest.mark.parametrize("kwargs, message", [
    ({"symmetry": "spiral"}, "unknown symmetry"),
    ({"scale": "nope", "lo": 1.0}, "unknown scale"),
    ({"scale": "se", "lo": 5.0, "hi": 4.0}, "above"),
    ({"scale": "hodoku", "level": "impossible"}, "unknown hodoku level"),
    ({"scale": "se", "level": "hard"}, "has no levels"),
])
def test_bad_options(kwargs: dict, message: str) -> None:
    with pytest.raises(GenerationError, match=message):
        GenerateOptions(**kwargs)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin"}
    proc = subprocess.run([sys.executable, "-m", "sudoku_grader", "generate", *args],
                          capture_output=True, text=True, env=env, timeout=120)
    assert "Traceback" not in proc.stderr
    return proc


def test_cli_generate() -> None:
    proc = run("--count", "2", "--seed", "7", "--symmetry", "180", "--json")
    assert proc.returncode == 0
    rows = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(rows) == 2 and all(r["status"] == "unique" and r["symmetry"] == "rotational" for r in rows)
    again = [json.loads(x) for x in run("--count", "2", "--seed", "7", "--symmetry", "180", "--json").stdout.split("\n")
             if x]
    assert [r["puzzle"] for r in again] == [r["puzzle"] for r in rows]
    text = run("--seed", "7").stdout
    assert len(text.split()[0]) == 81 and "givens" in text
    bad = run("--scale", "se", "--min", "5", "--max", "4")
    assert bad.returncode == 2 and "above" in bad.stderr
    rare = run("--scale", "se", "--min", "11", "--max-tries", "2", "--seed", "1")
    assert rare.returncode == 1 and "rare" in rare.stderr


def test_api_generate_aims_at_a_new_game_level() -> None:
    """The app's generator form aims at a New game level: both its bands hold the puzzle made;
    symmetry is kept; an unknown level is refused with the choices."""
    from sudoku_grader import api, levels

    made = api.generate(game_level="easy", seed=3, symmetry="rotational")
    assert made["status"] == "unique"
    rating = made["rating"]
    assert levels.level_of({"se": {"er": rating["er"]}, "hodoku": rating["hodoku"]}) == "easy"
    p = made["puzzle"]
    assert all((p[c] == ".") == (p[80 - c] == ".") for c in range(81))
    assert api.generate(game_level="easy", seed=3, symmetry="rotational")["puzzle"] == p  # the seed decides
    bad = api.generate(game_level="legendary")
    assert bad["status"] == "invalid" and "easy, medium, hard, expert, extreme, six" in bad["error"]


def test_start_from_grid_equals_assigning_each_given() -> None:
    """The generator's fast start (house masks, then naked singles) reaches `_start`'s fixpoint."""
    rng = random.Random(23)
    for _ in range(300):
        _, values, _ = _grid_and_givens(rng, 0, 81)
        assert _start_from_grid(values) == _start(values, STANDARD)
