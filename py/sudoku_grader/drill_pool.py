"""Building the drill pool: the puzzles it walks and the stages that grow it.

The pool is built ahead of time from the simplest-first paths of puzzles the generator makes
with fixed seeds and of public sets, in stages that each walk only for the techniques still
short (`build_pool`), and written as one JSON file per technique (`write_pool`). What a drill is
and how an answer is judged live in `drills`.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import json
import pathlib
import random
import time
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from typing import Any

from .board import Board
from .drills import MAX_DRILL_BYTES, POOL_FORMAT, Drill, Pool, drill_at, drill_board, path_techniques
from .engine import Path, Simplest, apply_step, walk
from .errors import Cancelled, SudokuError
from .formats import parse, parse_library
from .generator import automorphic_grid, reduce_grid
from .solver import has_other_solution, random_solution
from .solver import solve as exact
from .techniques import Technique, default_order, get

__all__ = ["EXAMPLES", "FLOOR", "HARVEST_PARTS", "NEIGHBOURHOOD", "PER_TECHNIQUE", "automorphic_sources", "build_pool",
           "distinct", "extra_sources", "fill_sources", "harvest_sources", "merge_pools", "neighbours", "path_drills",
           "path_examples", "pool_sources", "reglib_examples", "technique_sets", "write_pool"]

PER_TECHNIQUE = 30  # drills kept per technique
NEIGHBOURHOOD = 2  # drills at most from the neighbours of one generated puzzle (they are near copies)
PER_PUZZLE = 1  # drills of one technique taken from one puzzle's path (variety over quantity)
FLOOR = 20  # drills the fill sources look for, per technique met on the main sources' paths
EXAMPLES = 3  # drills they keep of a technique the main sources never met (its lesson's worked examples)
#: Public sets the pool walks (under ``../shared/puzzles``), with the step between lines taken.
PUBLIC_SETS = (("newspaper-mixed.txt", 1), ("printable-30-givens.txt", 2), ("printable-25-givens.txt", 2),
               ("top95.txt", 1), ("project-euler-96.txt", 2), ("top1465.txt", 6))
#: HoDoKu's regression library (under ``../shared/reglib``): positions made for one technique each.
REGLIB = "reglib-1.3.txt"
#: Harder public sets the fill walks last (every n-th line), for the chains, exocets and MSLS.
HARD_SETS = (("norvig-hardest.txt", 1), ("forum-hardest-1106.txt", 3), ("forum-hardest-1905-11plus-sample200.txt", 4))
#: What the harvest walks last, for the techniques still short, in parts that grow apart (each its
#: own process if wished) and merge: the lines of the public sets that the main walk and the fill
#: skipped (``True``: every line but each n-th) and the 17-clue sample. A part's paths are walked in
#: the whole order (``True``: past the forcing chains a hard puzzle needs, as many rare steps come
#: after one) or cut as the fill's are (the forum's hardest, whose whole paths are forcing nets).
HARVEST_PARTS = (("top1465", True, (("top1465.txt", 6, True),)),
                 ("forum", False, (("forum-hardest-1106.txt", 3, True),
                                   ("forum-hardest-1905-11plus-sample200.txt", 4, True))),
                 ("royle17", True, (("royle17-sample300.txt", 1, False),)))



def path_drills(board: Board, source: str, rng: random.Random, techniques: list[Technique],
                cancel: Callable[[], bool] | None = None, full: Container[str] = ()) -> Iterator[Drill]:
    """Drills from one puzzle's simplest-first path: for each technique it uses, ``PER_PUZZLE``
    positions chosen at random (seeded) among those where the path applies it; none of the
    techniques in ``full``."""
    path = Path()
    with contextlib.suppress(Cancelled):  # cut off between two steps: the steps so far still give drills
        walk(board, Simplest(techniques), cancel=cancel, path=path)
    where: dict[str, list[int]] = {}
    for i, s in enumerate(path.steps):
        where.setdefault(s.technique, []).append(i)
    chosen = {i for idx in where.values() for i in rng.sample(idx, min(PER_PUZZLE, len(idx)))}
    b = board.copy()
    for i, s in enumerate(path.steps):
        if i in chosen and s.technique not in full:
            yield drill_at(b, get(s.technique), f"{source} step {i + 1}", s)
        apply_step(b, s)


def _set_lines(shared: pathlib.Path, name: str, every: int, rest: bool = False) -> Iterator[tuple[str, Board]]:
    """The puzzles of one public set with a unique solution: every ``every``-th line (with ``rest``,
    every line but those)."""
    path = shared / "puzzles" / name
    if not path.exists():
        return
    lines = [ln for ln in path.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    for n, line in enumerate(lines, 1):
        if bool((n - 1) % every) != rest:
            continue
        try:
            board = parse(line).board
        except SudokuError:
            continue
        if exact(board).status == "unique":
            yield f"{name.removesuffix('.txt')} line {n}", board


def _generated(seed: int, count: int) -> Iterator[tuple[str, Board]]:
    for k in range(seed, seed + count):
        rng = random.Random(k)
        values = reduce_grid(random_solution(rng), rng)
        yield f"generated seed {k}", Board.from_values(values)


def pool_sources(shared: pathlib.Path | None, generated: int = 300, seed: int = 1) -> Iterator[tuple[str, Board]]:
    """The puzzles the pool walks: ``generated`` puzzles made from seeds ``seed``, ``seed + 1``, ...
    (a random grid reduced at random, as the generator does), then the public sets under
    ``shared/puzzles`` (every n-th line of each, see `PUBLIC_SETS`) when that folder exists."""
    yield from _generated(seed, generated)
    if shared is None or not (shared / "puzzles").is_dir():
        return
    for name, every in PUBLIC_SETS:
        yield from _set_lines(shared, name, every)


def _reglib_cases(shared: pathlib.Path) -> Iterator[tuple[str, str, Board]]:
    """Each case of HoDoKu's regression library as (source, HoDoKu code, position: its digits and
    pencilmarks), when its givens have one solution and the position agrees with it."""
    path = shared / "reglib" / REGLIB
    if not path.exists():
        return
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if not line.startswith(":") or line.split(":")[1].endswith("-x"):
            continue
        try:
            case = parse_library(line)
        except SudokuError:
            continue
        board = case.board
        puzzle = Board.from_values([v if board.is_given(c) else 0 for c, v in enumerate(board.values)])
        result = exact(puzzle)
        if result.status != "unique":
            continue
        solution = result.solutions[0]
        if all(board.values[c] == solution[c] if board.values[c] else board.has_candidate(c, solution[c])
               for c in range(81)):
            yield f"reglib {REGLIB.removesuffix('.txt')} line {n}", case.code.split("-")[0], board


def _reglib(shared: pathlib.Path) -> Iterator[tuple[str, Board]]:
    for source, _, board in _reglib_cases(shared):
        yield source, board


def reglib_examples(shared: pathlib.Path | None, pool: dict[str, list[dict[str, Any]]],
                    wanted: int = EXAMPLES) -> dict[str, list[dict[str, Any]]]:
    """Worked examples for the path's techniques with fewer than ``wanted`` drills: positions of
    HoDoKu's regression library made for that technique, as drills are (every instance its finder
    yields there), up to ``wanted`` counting the drills. Not drills: a simpler technique may have
    a step there too, so the Learn view shows them only as worked examples of the pattern."""
    taught = {t.id: t for t in path_techniques()}
    out: dict[str, list[dict[str, Any]]] = {}
    if shared is None or not (shared / "reglib").is_dir():
        return out
    for source, code, board in _reglib_cases(shared):
        try:
            tid = get(code).id
        except SudokuError:
            continue
        if tid not in taught or len(pool.get(tid, [])) + len(out.get(tid, [])) >= wanted:
            continue
        drill = drill_at(board, taught[tid], source)
        data = drill.to_json()
        if drill.answers and len(json.dumps(data)) <= MAX_DRILL_BYTES:
            out.setdefault(tid, []).append(data)
    return out


def _puzzle(source: str) -> str:
    """The puzzle a drill's source names ("top95 line 7 step 12" -> "top95 line 7")."""
    return source.split(" step ")[0].removesuffix(" (start)")


def path_examples(shared: pathlib.Path | None, pool: Pool, examples: Pool | None = None,
                  wanted: int = EXAMPLES, tries: int = 4000, bank: Iterable[tuple[str, Board]] = ()) -> Pool:
    """More worked examples for the path's techniques still short of ``wanted`` (drills and
    ``examples`` counted): positions where the technique's finder has a step, one per puzzle, looked
    for first among the pool's drills of the techniques just before it on the default path (the
    nearest first, so nothing much simpler has a step there), then at the start of the public sets'
    puzzles (`HARD_SETS`, `PUBLIC_SETS`), then at the start of ``bank``'s (`bank_sources`); at
    most ``tries`` positions from each of the three. Not drills, as `reglib_examples`' are not.
    Returns ``examples`` with the new ones after the old."""
    techniques = path_techniques()
    out: Pool = {t: list(kept) for t, kept in (examples or {}).items()}
    starts: list[tuple[str, Board]] | None = None
    banked: list[tuple[str, Board]] = []
    for k, t in enumerate(techniques):
        have = len(pool.get(t.id, [])) + len(out.get(t.id, []))
        if have >= wanted:
            continue
        puzzles = {_puzzle(d["source"]) for d in pool.get(t.id, []) + out.get(t.id, [])}
        if starts is None:
            sets = HARD_SETS + PUBLIC_SETS if shared is not None and (shared / "puzzles").is_dir() else ()
            starts = [(f"{src} (start)", b) for name, _ in sets
                      for src, b in _set_lines(shared, name, 1)]  # type: ignore[arg-type]
        nearest = [(d["source"], drill_board(d)) for before in reversed(techniques[:k])
                   for d in pool.get(before.id, [])]
        banked += [(f"{src} (start)", b) for src, b in itertools.islice(bank, tries - len(banked))]
        for source, board in itertools.chain(nearest[:tries], starts[:tries], banked):
            if have >= wanted:
                break
            if _puzzle(source) in puzzles:
                continue
            drill = drill_at(board, t, source)
            data = drill.to_json()
            if drill.answers and len(json.dumps(data)) <= MAX_DRILL_BYTES:
                out.setdefault(t.id, []).append(data)
                puzzles.add(_puzzle(source))
                have += 1
    return out


def fill_sources(shared: pathlib.Path | None, generated: int = 0, seed: int = 1) -> Iterator[tuple[str, Board]]:
    """What `build_pool` walks for the techniques still short of `FLOOR`: the positions of HoDoKu's
    regression library (`REGLIB`), ``generated`` more puzzles from seeds ``seed``, ``seed + 1``, ...,
    then the harder public sets (`HARD_SETS`)."""
    if shared is not None and (shared / "reglib").is_dir():
        yield from _reglib(shared)
    yield from _generated(seed, generated)
    if shared is not None and (shared / "puzzles").is_dir():
        for name, every in HARD_SETS:
            yield from _set_lines(shared, name, every)


def harvest_sources(shared: pathlib.Path | None, part: str) -> Iterator[tuple[str, Board]]:
    """What `build_pool` walks after the fill for the techniques still short of `FLOOR`: one part
    of `HARVEST_PARTS`, public puzzles the main walk and the fill did not walk."""
    if shared is not None and (shared / "puzzles").is_dir():
        for name, every, rest in next(sets for named, _, sets in HARVEST_PARTS if named == part):
            yield from _set_lines(shared, name, every, rest)


def extra_sources(first: int, last: int) -> Iterator[tuple[str, Board]]:
    """What `build_pool`'s last stage walks: the generated puzzles of seeds ``first``..``last``
    (after the 3,600 the main walk and the fill made)."""
    return _generated(first, last - first + 1)


def bank_sources(paths: Sequence[pathlib.Path]) -> Iterator[tuple[str, Board]]:
    """The puzzles of the files ``paths`` (a puzzle bank: one a line, alone or as one field of the
    line, e.g. Sudoku Exchange's ``<hash> <puzzle> <rating>``) with a unique solution, in order, each
    named ``<file stem> line <n>``: what the extra walk walks after the generated puzzles, as a bank
    sorted by rating holds the rare late steps hundreds of times more often. Every line is read
    first, so a bad one stops the build before a long walk, naming its file and line."""
    parsed = []
    for path in paths:
        try:
            text = path.read_text()
        except (OSError, UnicodeDecodeError) as e:
            raise SudokuError(f"cannot read the bank {path}: {e}") from None
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip() or line.startswith("#"):
                continue
            field = next((f for f in line.split() if len(f) == 81), line)
            try:
                parsed.append((f"{path.stem} line {n}", parse(field).board))
            except SudokuError as e:
                raise SudokuError(f"{path} line {n}: {e}") from None
    return ((source, board) for source, board in parsed if exact(board).status == "unique")


def automorphic_sources(first: int, count: int) -> Iterator[tuple[str, Board]]:
    """Puzzles whose givens are unchanged by a symmetry once their digits are relabelled
    (`generator.automorphic_grid` reduced orbit by orbit), by turns rotational and diagonal, from
    seeds ``first``...: the only puzzles where Gurth's theorem has a step."""
    for k in range(first, first + count):
        symmetry = ("rotational", "diagonal")[k % 2]
        rng = random.Random(f"automorphic {k}")
        grid, _ = automorphic_grid(rng, symmetry)
        yield f"automorphic seed {k} {symmetry}", Board.from_values(reduce_grid(grid, rng, symmetry))


def technique_sets(folder: pathlib.Path) -> list[tuple[tuple[str], Iterator[tuple[str, Board]], bool]]:
    """The sets of ``folder``: ``<technique id>.txt`` each, public puzzles whose paths take a
    technique that random puzzles never meet, with a unique solution, named ``<technique id> line
    <n>``; walked in the whole order (`_for_techniques`). The sets stay outside the checkout (they
    are other people's data); the README says where each came from."""
    out = []
    for path in sorted(folder.glob("*.txt")):
        tid = get(path.stem).id

        def lines(path: pathlib.Path = path) -> Iterator[tuple[str, Board]]:
            yield from bank_sources([path])  # read when the walk comes to it
        out.append(((tid,), lines(), True))
    return out


def _for_techniques(pool: Pool, techniques: list[Technique], tids: Sequence[str], walked: Iterable[tuple[str, Board]],
                    whole: bool, floor: int, puzzle_seconds: float, progress: Callable[[int, int], None] | None,
                    checkpoint: Callable[[Pool], None] | None = None) -> None:
    """Walk ``walked`` cut after the hardest of ``tids`` (``whole``: in the whole order, as a
    tridagon often comes after a forcing net), keeping only their drills, until each has ``floor``:
    for techniques that only puzzles made or chosen for them meet (Gurth's theorem:
    `automorphic_sources`; the tridagon: `technique_sets`; the late chains: a bank's hard puzzles).
    A pool that grew is saved every 50 puzzles (``checkpoint``): a bank's walk can take an hour."""
    order = {t.id: i for i, t in enumerate(techniques)}
    cut = techniques if whole else techniques[:max(order[t] for t in tids) + 1]
    saved = _total(pool)
    for n, (source, board) in enumerate(walked, 1):
        short = {t for t in tids if len(pool.get(t, [])) < floor}
        if not short:
            break
        over = functools.partial(_past, time.perf_counter() + puzzle_seconds)
        for drill in path_drills(board, source, random.Random(source), cut, over, {t.id for t in cut} - short):
            _keep(pool, drill)
        if progress is not None:
            progress(n, _total(pool))
        if checkpoint is not None and n % 50 == 0 and _total(pool) > saved:
            checkpoint(pool)
            saved = _total(pool)


def _generated_met(pool: Pool) -> set[str]:
    """The techniques with a drill from a generated puzzle: those the generator's puzzles meet."""
    return {t for t, kept in pool.items() if any(d["source"].startswith("generated seed ") for d in kept)}


def neighbours(values: Sequence[int], rng: random.Random, tries: int) -> Iterator[list[int]]:
    """Puzzles one move from a minimal puzzle ``values``: a given moved to an empty cell (its digit
    the solution's there), kept when the solution stays unique, then made minimal again (givens
    removed in random order while it stays unique, as the generator does); ``tries`` moves."""
    solution = exact(Board.from_values(list(values))).solutions[0]
    givens = [c for c in range(81) if values[c]]
    empty = [c for c in range(81) if not values[c]]
    for _ in range(tries):
        out = list(values)
        gone, added = rng.choice(givens), rng.choice(empty)
        out[gone], out[added] = 0, solution[added]
        if has_other_solution(out, solution, [gone]):
            continue
        kept = [c for c in range(81) if out[c]]
        rng.shuffle(kept)
        for c in kept:
            out[c] = 0
            if has_other_solution(out, solution, [c]):
                out[c] = solution[c]
        yield out


def _neighbourhoods(pool: Pool, techniques: list[Technique], floor: int, tries: int, puzzle_seconds: float,
                    progress: Callable[[int, int], None] | None, checkpoint: Callable[[Pool], None] | None) -> None:
    """For each technique still short that a generated puzzle met, hardest first, walk up to
    ``tries`` neighbours (`neighbours`) of each generated puzzle with a drill of it, cut after it,
    keeping drills of the techniques of the cut still short, at most `NEIGHBOURHOOD` from one
    puzzle's neighbours (and one a technique from each neighbour)."""
    order = {t.id: i for i, t in enumerate(techniques)}
    done: set[str] = set()
    n = 0
    for tid in sorted(_generated_met(pool), key=lambda t: -order[t]):
        for seed_puzzle in [_puzzle(d["source"]) for d in pool[tid] if d["source"].startswith("generated seed ")]:
            if len(pool[tid]) >= floor or " neighbour " in seed_puzzle or seed_puzzle in done:
                continue
            done.add(seed_puzzle)
            k = int(seed_puzzle.split()[2])
            _, board = next(_generated(k, 1))
            taken = 0
            rng = random.Random(f"neighbours of {seed_puzzle}")
            for j, values in enumerate(neighbours(board.values, rng, tries), 1):
                if len(pool[tid]) >= floor or taken >= NEIGHBOURHOOD:
                    break
                n += 1
                cut = techniques[:order[tid] + 1]
                wanted = {t.id for t in cut if len(pool.get(t.id, [])) < floor}
                over = functools.partial(_past, time.perf_counter() + puzzle_seconds)
                source = f"{seed_puzzle} neighbour {j}"
                for drill in path_drills(Board.from_values(values), source, random.Random(source), cut, over,
                                         {t.id for t in cut} - wanted):
                    if taken < NEIGHBOURHOOD:
                        before = len(pool.get(drill.technique, []))
                        _keep(pool, drill)
                        taken += len(pool.get(drill.technique, [])) - before
                if progress is not None:
                    progress(n, _total(pool))
            if taken and checkpoint is not None:
                checkpoint(pool)


def _past(deadline: float) -> bool:
    return time.perf_counter() > deadline


def build_pool(sources: Iterable[tuple[str, Board]], per_technique: int = PER_TECHNIQUE, seed: int = 1,
               puzzle_seconds: float = 10.0, progress: Callable[[int, int], None] | None = None,
               fill: Iterable[tuple[str, Board]] = (), floor: int = FLOOR, start: Pool | None = None,
               harvest: Sequence[tuple[Iterable[tuple[str, Board]], bool]] = (), filled: bool = False,
               checkpoint: Callable[[Pool], None] | None = None, extra: Iterable[tuple[str, Board]] = (),
               harvested: bool = False, neighbourhood: int = 0,
               special: Sequence[tuple[Sequence[str], Iterable[tuple[str, Board]], bool]] = ()) -> Pool:
    """Drills per technique id from the puzzles' simplest-first paths, at most ``per_technique`` each.

    Then ``fill`` is walked only for the techniques the ``sources`` met that have fewer than
    ``floor`` drills (and `EXAMPLES` of any other), and only as far as the hardest of those: the
    default path's order cut after it chooses the same steps as the whole order until the whole
    order would choose a step past the cut, where the cut one stalls. So the fill's drills are
    the default path's too, and its walks skip the costly finders at the end of the order. The
    fill draws from its own seeded generator, so it depends only on the pool the sources made:
    ``start`` (a pool built before from the same sources) skips their walk and gives the same result.
    Last the harvest, for every technique still short (those the fill met too): ``harvest`` lists
    its parts, (puzzles, whole), each growing from the filled pool alone with a generator of its
    own (seeded by its place in the list), then merged in order (`merge_pools`); a part walked in
    the whole order goes on past the forcing chains and keeps only the short techniques' steps,
    another is cut as the fill is. ``filled`` says ``start`` is a pool the fill made already, so
    only the harvest runs.

    Last the extra walk (``extra``, generated puzzles: `extra_sources`), for the techniques still
    short that a generated puzzle's path met (the floor's own techniques), cut after the hardest
    of them, keeping every technique of the cut still short. ``harvested`` says ``start`` is a pool
    the harvest made already, so only the extra walk runs. Then, with ``neighbourhood`` tries, the
    neighbours of the generated puzzles with a drill of a technique still short (`_neighbourhoods`).
    Last ``special``: (technique ids, puzzles made or chosen for them, whole order) each, walked
    for those techniques alone (`_for_techniques`).

    A path that takes more than ``puzzle_seconds`` is cut off between two steps (its drills so far
    are kept). ``progress(puzzles, drills)`` hears of each puzzle walked; ``checkpoint(pool)`` gets
    the pool every 50 puzzles of the fill, of each harvest part and of the last stage's walks (to
    save partial gains)."""
    techniques = path_techniques()
    pool: Pool = distinct(start or {})
    n = 0
    if start is None:
        rng = random.Random(seed)
        full: set[str] = set()
        for n, (source, board) in enumerate(sources, 1):
            over = functools.partial(_past, time.perf_counter() + puzzle_seconds)
            for drill in path_drills(board, source, rng, techniques, over, full):
                _keep(pool, drill)
                if len(pool[drill.technique]) >= per_technique:
                    full.add(drill.technique)
            if progress is not None:
                progress(n, _total(pool))
    short = min(floor, per_technique)
    if not filled and not harvested:
        n = _top_up(pool, fill, random.Random(seed + 1), techniques, short, n, puzzle_seconds, progress, checkpoint)
    if not harvested:
        parts = []
        for i, (walked, whole) in enumerate(harvest):
            part = {t: list(kept) for t, kept in pool.items()}
            _top_up(part, walked, random.Random(seed + 2 + i), techniques, short, 0, puzzle_seconds, progress,
                    checkpoint, whole)
            parts.append(part)
        pool = merge_pools(pool, parts, per_technique)
    _top_up(pool, extra, random.Random(seed), techniques, short, 0, puzzle_seconds, progress, checkpoint,
            generated=True)
    if neighbourhood:
        _neighbourhoods(pool, techniques, short, neighbourhood, puzzle_seconds, progress, checkpoint)
    for tids, walked, whole in special:
        _for_techniques(pool, techniques, tids, walked, whole, short, puzzle_seconds, progress, checkpoint)
    return pool


def merge_pools(base: Pool, parts: list[Pool], per_technique: int = PER_TECHNIQUE) -> Pool:
    """``base`` and what each of ``parts`` (pools that grew from it) added, in order, at most
    ``per_technique`` drills each and no copy (`_copies`: two parts may walk one puzzle): the
    harvest's parts grow from the filled pool independently, so they can run apart (at once)
    and give the same pool."""
    out = {t: list(kept) for t, kept in base.items()}
    for part in parts:
        for t, kept in part.items():
            have = out.setdefault(t, [])
            for d in kept[len(base.get(t, [])):]:
                if len(have) < per_technique and not _copies(d, have):
                    have.append(d)
    return out


def _total(pool: Pool) -> int:
    return sum(len(kept) for kept in pool.values())


def _keep(pool: Pool, drill: Drill) -> None:
    data = drill.to_json()
    kept = pool.setdefault(drill.technique, [])
    if drill.answers and len(json.dumps(data)) <= MAX_DRILL_BYTES and not _copies(data, kept):
        kept.append(data)


def _effect_key(drill: dict[str, Any]) -> str:
    """The drawn answer's placements and eliminations, in a fixed order."""
    answer = drill["answers"][0]
    return json.dumps([sorted((p["cell"], p["digit"]) for p in answer.get(key) or [])
                       for key in ("placements", "eliminations")])


def _solution(drill: dict[str, Any]) -> list[int]:
    return exact(Board.from_string(drill["givens"])).solutions[0]


def _copies(drill: dict[str, Any], kept: list[dict[str, Any]]) -> bool:
    """Whether ``kept`` holds a copy of ``drill``: the same drawn answer in the same solution grid.
    A neighbour of a puzzle (`neighbours`) or one puzzle in two public sets mostly gives such a
    copy: other givens, the same lesson. (Solved only when the answers agree, which is rare.)"""
    key = _effect_key(drill)
    same = [d for d in kept if _effect_key(d) == key]
    if not same:
        return False
    grid = _solution(drill)
    return any(_solution(d) == grid for d in same)


def distinct(pool: Pool) -> Pool:
    """``pool`` without copies (`_copies`), the first of each kept: a pool built before copies were
    refused, cleaned before a stage grows it."""
    out: Pool = {}
    for t, kept in pool.items():
        mine = out.setdefault(t, [])
        for d in kept:
            if not d.get("answers") or not _copies(d, mine):
                mine.append(d)
    return out


def _top_up(pool: Pool, walked: Iterable[tuple[str, Board]], rng: random.Random, techniques: list[Technique],
            floor: int, walked_before: int, puzzle_seconds: float, progress: Callable[[int, int], None] | None,
            checkpoint: Callable[[Pool], None] | None, whole: bool = False, generated: bool = False) -> int:
    """Walk ``walked`` for the techniques of ``pool`` with fewer than ``floor`` drills (and
    `EXAMPLES` of those in the cut order it never met), in the order cut after the hardest of them
    (``whole``: in the whole order, keeping only those techniques' drills). With ``generated``, cut
    after the hardest short one a generated puzzle met, keeping every short one of the cut, each
    puzzle choosing its positions by its own seed (so two ranges walked one after the other give
    what one run over both gives), and save (every 50 puzzles) only a pool that grew.
    Returns the puzzles walked so far (``walked_before`` before)."""
    order = {t.id: i for i, t in enumerate(techniques)}
    met = _generated_met(pool) if generated else set(pool)
    n = walked_before
    saved = _total(pool)
    for n, (source, board) in enumerate(walked, walked_before + 1):
        short = [t for t in met if len(pool[t]) < floor]
        if not short:
            break
        last = max(order[t] for t in short)
        cut = techniques if whole else techniques[:last + 1]
        wanted = {t.id for t in cut if len(pool.get(t.id, [])) < floor} if generated else \
            set(short) | {t.id for t in cut[:last + 1] if t.id not in met and len(pool.get(t.id, [])) < EXAMPLES}
        over = functools.partial(_past, time.perf_counter() + puzzle_seconds)
        # each generated puzzle by its own seed: a range walked on from the last one's pool gives one run's
        chooser = random.Random(source) if generated else rng
        for drill in path_drills(board, source, chooser, cut, over, {t.id for t in cut} - wanted):
            _keep(pool, drill)
            if generated and drill.technique in pool:
                met.add(drill.technique)
        if progress is not None:
            progress(n, _total(pool))
        if checkpoint is not None and n % 50 == 0 and (not generated or _total(pool) > saved):
            checkpoint(pool)
            saved = _total(pool)
    return n


def write_pool(pool: dict[str, list[dict[str, Any]]], out: pathlib.Path,
               examples: dict[str, list[dict[str, Any]]] | None = None) -> dict[str, Any]:
    """One ``<technique id>.json`` per technique and ``index.json`` (the techniques, simplest first,
    with their counts); ``examples`` (`reglib_examples`) go into their technique's file beside
    its drills (a technique with examples and no drills has a file with none). Returns the index."""
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.json"):
        old.unlink()
    order = {t.id: i for i, t in enumerate(default_order())}
    examples = examples or {}
    entries = []
    for tid in sorted(set(pool) | set(examples), key=lambda t: order.get(t, 10**6)):
        t = get(tid)
        body: dict[str, Any] = {"format": POOL_FORMAT, "technique": tid, "name": t.name, "family": t.family,
                                "level": t.level, "drills": pool.get(tid, [])}
        entry: dict[str, Any] = {"technique": tid, "name": t.name, "count": len(body["drills"]), "file": f"{tid}.json"}
        if examples.get(tid):
            body["examples"] = examples[tid]
            entry["examples"] = len(examples[tid])
        (out / f"{tid}.json").write_text(json.dumps(body, separators=(",", ":")) + "\n")
        entries.append(entry)
    index = {"format": POOL_FORMAT, "techniques": entries}
    (out / "index.json").write_text(json.dumps(index, indent=1) + "\n")
    return index
