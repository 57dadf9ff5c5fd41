"""Puzzle generator: new puzzles with exactly one solution, aimed at a difficulty.

The method is the reductive one Sudoku of the Day describes: make a random full
grid, remove givens (one symmetry orbit at a time, in random order) while the
puzzle keeps a unique solution, then keep the puzzle when its rating falls in
the target; otherwise start again with a new grid.

Targets (any combination):

- ``technique``: the puzzle's hardest step is this technique (practice puzzles, as
  HoDoKu and SourGumdrop make them): the simplest-first path solves it with this
  technique and those no harder (by the registry's ``level``), and uses it. That path
  is then the default path too, since simplest-first never reaches a harder technique;
- ``scale`` with ``lo``/``hi`` (a numeric band) or ``level`` (a level name):
  rated through ONE seam, `sudoku_grader.ratings.rate_board(board, scales=[scale])`
  which returns ``{scale: {...fields...}}``. The band is read from the field the
  scale's record names as its number (`ratings.Scale.number`: SE ``er``, HoDoKu
  ``score``, ...), the level from its level field (`ratings.Scale.level`).

Speed: a cheap pre-filter rejects puzzles that singles and locked candidates
solve whenever the target cannot be met by those (a harder technique, a band above
the scale's ``basics_max`` such as SE 2.8, a level among its ``beyond_basics`` such
as HoDoKu Unfair/Extreme), before the costlier rating.

Everything is reproducible from the seed (`random.Random(seed)`), and the
generator reports progress and gives up cleanly (``max_tries``, ``timeout``,
``cancel``) instead of hanging on a rare target.

``size`` 6 makes 6x6 puzzles (boxes of 2 rows by 3 columns) the same way, with the
same options; a scale or technique that is not defined on 6x6 is refused (of the
scales only SudokuWiki rates 6x6, and it is the default there).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .board import Board, board_type
from .engine import Simplest, walk
from .errors import Cancelled, SudokuError
from .geometry import GEOMETRIES, STANDARD, Geometry
from .levels import level_named, level_of
from .ratings import PAGES, SCALE_LIST, Scale, Settings, rate_board
from .ratings import scale as scale_named
from .solver import has_other_solution, is_minimal, random_solution, solve
from .techniques import REGISTRY, get, ordered

SYMMETRIES = ("none", "rotational", "mirror", "diagonal")
SYMMETRY_ALIASES = {
    "rotational": "rotational", "180": "rotational", "rotate": "rotational", "central": "rotational",
    "rot180": "rotational", "mirror": "mirror", "horizontal": "mirror", "vertical": "mirror",
    "diagonal": "diagonal", "diag": "diagonal", "none": "none", "no": "none", "off": "none",
}
BASIC = ("full-house", "hidden-single", "naked-single", "locked-candidates-1", "locked-candidates-2")
RARE_NOTE_SECONDS = 20.0

Progress = Callable[[str], None]


class GenerationError(SudokuError):
    """Bad generator options (unknown symmetry, scale or level; an empty band)."""


@dataclass
class GenerateOptions:
    """What to make. ``scale`` with ``lo``/``hi`` or ``level``; ``technique`` an id or spelling."""

    symmetry: str = "none"
    minimal: bool = False
    technique: str | None = None
    scale: str | None = None
    lo: float | None = None
    hi: float | None = None
    level: str | None = None
    size: int = 9  # rows of the grid: 9 or 6

    def __post_init__(self) -> None:
        sym = SYMMETRY_ALIASES.get(self.symmetry.strip().lower())
        if sym is None:
            raise GenerationError(f"unknown symmetry {self.symmetry!r}; choose from {', '.join(SYMMETRIES)}")
        self.symmetry = sym
        if self.size not in GEOMETRIES:
            raise GenerationError(f"no {self.size}x{self.size} grid; the sizes are "
                                  + ", ".join(f"{n}" for n in GEOMETRIES))
        if self.technique:
            self.technique = get(self.technique).id
            if self.size not in REGISTRY[self.technique].sizes:
                raise GenerationError(f"{self.technique} does not run on {self.size}x{self.size} grids")
        if (self.lo is not None or self.hi is not None or self.level) and not self.scale:
            # a band aims at the first scale on this size, a level at the first with levels
            # (9x9: SE, HoDoKu; 6x6: SudokuWiki)
            self.scale = next(s.id for s in SCALE_LIST
                              if self.size in s.sizes and (s.levels or not self.level))
        if self.scale:
            try:
                self.scale = scale_named(self.scale).id
            except SudokuError as e:
                raise GenerationError(str(e)) from None
            if self.size not in self.rated_on().sizes:
                on = [s.id for s in SCALE_LIST if self.size in s.sizes]
                raise GenerationError(f"scale {self.scale} rates 9x9 only; on {self.size}x{self.size} use "
                                      + ", ".join(on))
        if self.lo is not None and self.hi is not None and self.lo > self.hi:
            raise GenerationError(f"--min {self.lo} is above --max {self.hi}")
        for bound in (self.lo, self.hi):
            if bound is not None and not math.isfinite(bound):
                raise GenerationError(f"--min/--max {bound}: give a finite number")
        band = PAGES[self.rated_on().id].band if self.scale else None  # the span its number takes
        if band is not None and ((self.lo is not None and self.lo > band[1]) or
                                 (self.hi is not None and self.hi < band[0])):
            # a target no puzzle can reach: say so now rather than search until the timeout
            lo, hi = ("-" if v is None else f"{v:g}" for v in (self.lo, self.hi))
            raise GenerationError(f"scale {self.scale} rates from {band[0]:g} to {band[1]:g}; "
                                  f"no puzzle lies in {lo} .. {hi}")
        if self.level:
            rated = self.rated_on()
            if rated.level is None:
                with_levels = ", ".join(s.id for s in SCALE_LIST if s.level)
                raise GenerationError(f"scale {self.scale} has no levels; use --min/--max "
                                      f"(scales with levels: {with_levels})")
            if self.level.lower() not in {k.lower() for k in rated.levels}:
                raise GenerationError(f"unknown {self.scale} level {self.level!r}; "
                                      f"choose from {', '.join(rated.levels)}")

    def rated_on(self) -> Scale:
        """The record of the target's scale (only when ``scale`` is set)."""
        return scale_named(self.scale or "")

    @property
    def geometry(self) -> Geometry:
        return GEOMETRIES[self.size]

    def describe(self) -> str:
        parts = [] if self.size == 9 else [f"{self.size}x{self.size}"]
        if self.scale and (self.lo is not None or self.hi is not None):
            parts.append(f"{self.scale} {'' if self.lo is None else self.lo}..{'' if self.hi is None else self.hi}")
        if self.level:
            parts.append(f"{self.scale} {self.level}")
        if self.technique:
            parts.append(f"hardest step {self.technique}")
        return ", ".join(parts) or "any puzzle"  # "6x6" alone: any 6x6 puzzle


@dataclass
class Generated:
    """One generated puzzle and the facts checked about it."""

    puzzle: str
    solution: str
    givens: int
    symmetry: str
    minimal: bool
    seed: int
    tries: int
    seconds: float
    rating: dict[str, Any] = field(default_factory=dict)
    techniques: dict[str, int] = field(default_factory=dict)
    geometry: Geometry = STANDARD

    def to_json(self) -> dict[str, Any]:
        """The record ``generate --json`` prints: the rating as ``ratings.<scale>`` like ``rate``
        writes it, and (kept for a release) as ``rating`` with its ``scale``; ``size`` and ``box``
        give the grid's shape."""
        g = self.geometry
        out = {
            "puzzle": self.puzzle, "size": g.size, "box": list(g.box), "status": "unique",
            "solution": self.solution, "givens": self.givens,
            "symmetry": self.symmetry, "minimal": self.minimal, "seed": self.seed, "tries": self.tries,
            "seconds": round(self.seconds, 3), "rating": self.rating, "techniques": self.techniques,
        }
        if self.rating.get("scale"):
            out["ratings"] = {self.rating["scale"]: {k: v for k, v in self.rating.items() if k != "scale"}}
        return out


# ---------------------------------------------------------------- the ratings seam
def rate_on_scale(board: Board, scale: str) -> dict[str, Any]:
    """The board's rating on one scale, through `ratings.rate_board` (``source`` "ratings")."""
    result = rate_board(board, Settings((scale,))).get(scale, {})
    if "error" in result:
        raise GenerationError(f"cannot rate on {scale}: {result['error']}")
    return {**result, "source": "ratings"}


# ---------------------------------------------------------------- grids and removal
def _image(symmetry: str, c: int, last: int = 8) -> int:
    """The cell ``c`` goes to under ``symmetry`` (index space of 9 columns; ``last`` the grid's last row)."""
    r, k = divmod(c, 9)
    if symmetry == "rotational":
        return (last - r) * 9 + (last - k)
    if symmetry == "mirror":
        return r * 9 + (last - k)
    if symmetry == "diagonal":
        return k * 9 + r
    return c


def orbits(symmetry: str, g: Geometry = STANDARD) -> list[tuple[int, ...]]:
    """The cells of the grid ``g`` that must be removed together under a symmetry."""
    seen: set[int] = set()
    out = []
    for c in g.cells:
        if c not in seen:
            orbit = tuple(sorted({c, _image(symmetry, c, g.size - 1)}))
            seen.update(orbit)
            out.append(orbit)
    return out


def reduce_grid(grid: list[int], rng: random.Random, symmetry: str = "none", g: Geometry = STANDARD) -> list[int]:
    """Remove givens orbit by orbit in random order while the solution stays unique (lists in the
    index space of the grid ``g``)."""
    values = grid[:]
    order = orbits(symmetry, g)
    rng.shuffle(order)
    for orbit in order:
        for c in orbit:
            values[c] = 0
        if has_other_solution(values, grid, orbit, g):
            for c in orbit:
                values[c] = grid[c]
    return values




def automorphic_grid(rng: random.Random, symmetry: str = "rotational") -> tuple[list[int], list[int]]:
    """A random 9x9 grid unchanged by ``symmetry`` (``rotational``: by 180 degrees; ``diagonal``:
    reflection in the main diagonal) once its digits are relabelled by an involution sigma, and
    sigma (index 1..9). Sigma fixes one digit under rotation (the centre's) and three under
    reflection (those of the diagonal), as such grids need. Puzzles reduced from it orbit by
    orbit (`reduce_grid`) are what Gurth's theorem is about: their givens show the symmetry."""
    if symmetry not in ("rotational", "diagonal"):
        raise GenerationError(f"no automorphic grids for symmetry {symmetry!r}: rotational or diagonal")
    fixed = 1 if symmetry == "rotational" else 3
    while True:
        digits = rng.sample(range(1, 10), 9)
        sigma = list(range(10))
        for a, b in zip(digits[fixed::2], digits[fixed + 1::2]):
            sigma[a], sigma[b] = b, a
        grid = _fill_automorphic(rng, symmetry, sigma, [0] * 81, 0)
        if grid is not None:
            return grid, sigma


def _fill_automorphic(rng: random.Random, symmetry: str, sigma: list[int], grid: list[int],
                      depth: int) -> list[int] | None:
    """Fill ``grid`` so that grid[image(c)] == sigma[grid[c]], fewest choices first (None: stuck;
    a search that backtracks too long starts over with another sigma)."""
    if depth > 400:
        return None
    best, best_options = -1, None
    for c in range(81):
        if grid[c]:
            continue
        used = {grid[p] for p in STANDARD.peers[c]}
        options = [d for d in range(1, 10) if d not in used]
        if best_options is None or len(options) < len(best_options):
            best, best_options = c, options
            if len(options) <= 1:
                break
    if best_options is None:
        return grid
    g = _image(symmetry, best)
    rng.shuffle(best_options)
    for d in best_options:
        e = sigma[d]
        if g == best and e != d:
            continue
        clash = grid[g] or any(grid[p] == e for p in STANDARD.peers[g]) or (g in STANDARD.peers[best] and e == d)
        if g != best and clash:
            continue
        grid[best], grid[g] = d, e
        done = _fill_automorphic(rng, symmetry, sigma, grid, depth + 1)
        if done is not None:
            return done
        grid[best] = grid[g] = 0
    return None


# ---------------------------------------------------------------- targets
def hardest_is(board: Board, technique: str) -> dict[str, int] | None:
    """Technique counts of the simplest-first path when its hardest step is ``technique``, else None.

    The path may use only techniques up to the target's level (the target itself even when the
    default path leaves it out); it must solve the puzzle and use the target.
    """
    target = REGISTRY[technique]
    allowed = [t for t in ordered() if t.level <= target.level and (t.default or t.id == technique)]
    path = walk(board, Simplest(allowed))
    if not path.solved:
        return None
    counts: dict[str, int] = {}
    for s in path.steps:
        counts[s.technique] = counts.get(s.technique, 0) + 1
    return counts if technique in counts else None


def _needs_beyond_basics(opts: GenerateOptions) -> bool:
    """Whether the target rules out every puzzle that singles and locked candidates solve."""
    if opts.technique and opts.technique not in BASIC:
        return True
    basics_max = opts.rated_on().basics_max if opts.scale else None
    if basics_max is not None and opts.lo is not None and opts.lo > basics_max:
        return True
    return bool(opts.level and opts.level.lower() in {lv.lower() for lv in opts.rated_on().beyond_basics})


def check_target(board: Board, opts: GenerateOptions) -> tuple[bool, dict[str, Any], dict[str, int]]:
    """(accepted, rating on the scale, technique counts of our path)."""
    if _needs_beyond_basics(opts) and walk(board, Simplest(BASIC)).solved:
        return False, {}, {}
    counts: dict[str, int] = {}
    if opts.technique:
        found = hardest_is(board, opts.technique)
        if found is None:
            return False, {}, {}
        counts = found
    rating: dict[str, Any] = {}
    if opts.scale and (opts.lo is not None or opts.hi is not None or opts.level):
        rated = opts.rated_on()
        rating = rate_on_scale(board, rated.id)
        if opts.lo is not None or opts.hi is not None:
            value = rating.get(rated.number)
            if not isinstance(value, (int, float)):
                return False, rating, counts
            if (opts.lo is not None and value < opts.lo) or (opts.hi is not None and value > opts.hi):
                return False, rating, counts
        if opts.level:
            got = rating.get(rated.level or "")
            if not isinstance(got, str) or got.lower() != opts.level.lower():
                return False, rating, counts
        rating = {"scale": opts.scale, **rating}
    return True, rating, counts


# ---------------------------------------------------------------- the loop
def generate_one(
    opts: GenerateOptions,
    seed: int = 0,
    timeout: float | None = None,
    max_tries: int | None = None,
    progress: Progress | None = None,
    cancel: Callable[[], bool] | None = None,
) -> Generated | None:
    """One puzzle for ``opts`` from ``seed``; None when ``timeout``/``max_tries`` ran out.

    ``progress(message)`` is called about twice a second; ``cancel()`` returning True
    raises `errors.Cancelled` between two tries.
    """
    rng = random.Random(seed)
    g = opts.geometry
    start = time.monotonic()
    last_report = start
    noted_rare = False
    tries = 0
    while True:
        if cancel is not None and cancel():
            raise Cancelled()
        now = time.monotonic()
        if timeout is not None and now - start > timeout:
            return None
        if max_tries is not None and tries >= max_tries:
            return None
        tries += 1
        grid = random_solution(rng, g)
        values = reduce_grid(grid, rng, opts.symmetry, g)
        minimal = opts.symmetry == "none" or is_minimal(values, grid, g)
        if opts.minimal and not minimal:
            continue
        board = board_type(g.size).from_values(values)
        ok, rating, counts = check_target(board, opts)
        now = time.monotonic()
        if progress is not None and now - last_report > 0.5:
            last_report = now
            progress(f"try {tries}, {now - start:.0f} s, looking for {opts.describe()}")
            if not noted_rare and now - start > RARE_NOTE_SECONDS:
                noted_rare = True
                progress(f"note: this target is rare: no hit in {tries} tries so far; still trying "
                         f"(--timeout / --max-tries bound the search)")
        if not ok:
            continue
        result = solve(values, geometry=g)
        if result.status != "unique" or result.solutions[0] != grid:  # the generator's promise
            raise RuntimeError(f"generated puzzle is not unique: {values}")
        return Generated(
            puzzle="".join(str(v) if v else "." for v in g.gather(values)),
            solution="".join(map(str, g.gather(grid))),
            givens=sum(1 for v in values if v),
            symmetry=opts.symmetry,
            minimal=minimal,
            seed=seed,
            tries=tries,
            seconds=time.monotonic() - start,
            rating=rating,
            techniques=counts,
            geometry=g,
        )


def generate(
    opts: GenerateOptions, count: int = 1, seed: int = 0, **kwargs: Any
) -> Iterator[Generated | None]:
    """``count`` puzzles; the i-th uses seed ``seed + i`` (so each is reproducible alone)."""
    for i in range(count):
        yield generate_one(opts, seed=seed + i, **kwargs)


def options_from_target(spec: str, symmetry: str = "none", minimal: bool = False, size: int = 9) -> GenerateOptions:
    """``none``, ``se:1.5:3.0``, ``hodoku:unfair``, ``sudokuwiki:expert``, ``technique:x-wing``."""
    parts = spec.split(":")
    kind = parts[0].strip().lower()
    if kind in ("none", "", "any"):
        return GenerateOptions(symmetry=symmetry, minimal=minimal, size=size)
    if kind == "technique" and len(parts) == 2:
        return GenerateOptions(symmetry=symmetry, minimal=minimal, technique=parts[1], size=size)
    if len(parts) == 3:
        lo = float(parts[1]) if parts[1] else None
        hi = float(parts[2]) if parts[2] else None
        return GenerateOptions(symmetry=symmetry, minimal=minimal, scale=kind, lo=lo, hi=hi, size=size)
    if len(parts) == 2:
        return GenerateOptions(symmetry=symmetry, minimal=minimal, scale=kind, level=parts[1], size=size)
    raise GenerationError(f"bad target {spec!r}: none, SCALE:MIN:MAX, SCALE:LEVEL or technique:NAME")


def generate_level(
    level: str,
    seed: int = 0,
    timeout: float | None = 600.0,
    progress: Progress | None = None,
    cancel: Callable[[], bool] | None = None,
    symmetry: str = "none",
    minimal: bool = False,
) -> Generated | None:
    """One puzzle of a New game level (`levels.LEVELS`) from ``seed``; None when ``timeout`` ran out.
    ``symmetry`` and ``minimal`` as in `GenerateOptions`.

    A 9x9 level aims the generator at its SE band, then keeps the puzzle when HoDoKu's level is in
    the level's set too (else it tries the next seed); ``rating`` holds both scales' results
    (``{"scale": "se", ..., "hodoku": {...}}``). ``six`` makes any 6x6 puzzle.
    """
    lv = level_named(level)
    if lv.se is None:
        return generate_one(GenerateOptions(size=lv.size, symmetry=symmetry, minimal=minimal), seed=seed,
                            timeout=timeout, progress=progress, cancel=cancel)
    opts = GenerateOptions(scale="se", lo=lv.se[0], hi=lv.se[1], size=lv.size, symmetry=symmetry, minimal=minimal)
    start = time.monotonic()
    for k in range(1_000_000):
        left = None if timeout is None else timeout - (time.monotonic() - start)
        if left is not None and left <= 0:
            return None
        made = generate_one(opts, seed=(seed + k * 104_729) % 2**31, timeout=left, progress=progress,
                            cancel=cancel)
        if made is None:
            return None
        board = board_type(lv.size).from_values([int(ch) if ch != "." else 0 for ch in made.puzzle])
        hodoku = rate_on_scale(board, "hodoku")
        se = {k2: v for k2, v in made.rating.items() if k2 != "scale"}
        if level_of({"se": se, "hodoku": hodoku}, lv.size) == lv.id:
            made.rating = {**made.rating, "hodoku": {k2: v for k2, v in hodoku.items() if k2 != "source"}}
            made.seconds = time.monotonic() - start
            return made
    return None
