"""The public API: what the CLI, the browser worker and library users call.

Every function takes puzzle text in any supported format and returns plain
JSON-ready dicts, so the command line and the Web Worker print the same shapes.
Field names are a contract: later work adds fields, never renames them.

Long calls take ``progress`` (``progress(n, label)`` after each step) and
``cancel`` (``cancel()`` returning True stops between two steps with
`errors.Cancelled`). Finder switches (`techniques.options`) come as ``options``
(``{"uniqueness-missing-candidates": true}`` or ``["als-overlap=on"]``) on top of
a ``preset`` (``"hodoku"``).

The grid's size is told from the puzzle (81 cells: 9x9, 36: 6x6). Every result
that carries a puzzle also carries ``size`` (9 or 6) and ``box`` ([box rows, box
columns]: [3, 3] or [2, 3]); lines list the grid's cells row by row, and cells are
named ``r1c1`` on every size.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from . import ratings as _ratings
from .board import Board
from .engine import Cancel, Path, Progress, all_steps, next_step, policy_named, walk
from .errors import Cancelled, SudokuError
from .formats import parse, parse_position
from .geometry import STANDARD, Geometry, cell_name, house_name
from .solver import solve as _exact
from .techniques import Options, default_order, get, make_options, ordered
from .techniques.options import describe as describe_options

OptionsArg = Options | Mapping[str, Any] | Iterable[str] | None

__all__ = ["solve", "explain", "steps", "hint", "rate", "rate_with", "generate", "load", "techniques",
           "enabled_techniques", "finder_options", "options_catalogue"]


def load(text: str) -> Board:
    """Parse puzzle text; raises `SudokuError` with a clear message."""
    return parse(text).board


def _line(board: Board) -> str:
    return board.to_string(".")


def shape(geometry: Geometry = STANDARD) -> dict[str, Any]:
    """The ``size`` and ``box`` fields of a result about a grid of this geometry."""
    return {"size": geometry.size, "box": list(geometry.box)}


def _status(board: Board) -> dict[str, Any]:
    result = _exact(board)
    out: dict[str, Any] = {"puzzle": _line(board), **shape(board.geometry), "status": result.status}
    if result.status == "unique":
        out["solution"] = result.line(0)
    elif result.status == "multiple":
        out["solutions"] = [result.line(i) for i in range(len(result.solutions))]
        out["differ"] = [cell_name(c) for c in result.differing_cells()]
        out["error"] = (
            "the puzzle has more than one solution; two of them differ in "
            + ", ".join(out["differ"][:12])
            + (" ..." if len(out["differ"]) > 12 else "")
        )
    else:
        out["error"] = f"the puzzle has no solution: {result.reason}"
    return out


def _given_solution(board: Board, solution: Any) -> dict[str, Any]:
    """The status record of a puzzle whose unique solution the caller gives (checked against the
    givens and the rules, not for uniqueness); `SudokuError` saying what does not fit."""
    g = board.geometry
    n = len(g.cells)
    if not isinstance(solution, str) or len(solution) != n or not all(ch.isdigit() and ch != "0" for ch in solution):
        raise SudokuError(f"solution must be {n} digits 1-{g.size}, one per cell")
    value = {c: int(ch) for c, ch in zip(g.cells, solution)}
    for c, d in value.items():
        if d > g.size:
            raise SudokuError(f"solution has {d} in {cell_name(c)}, past {g.size}")
        if board.values[c] and board.values[c] != d:
            raise SudokuError(f"solution has {d} in {cell_name(c)}, where the puzzle gives {board.values[c]}")
    for h in g.house_ids:
        seen = {d for c, d in value.items() if g.house_mask[h] >> c & 1}
        if len(seen) != g.size:
            raise SudokuError(f"solution repeats a digit in {house_name(h)}")
    return {"puzzle": _line(board), **shape(g), "status": "unique", "solution": solution}


def invalid(text: str, error: SudokuError | str) -> dict[str, Any]:
    """The JSON shape for a line we could not read."""
    return {"puzzle": text.strip(), "status": "invalid", "error": str(error)}


def solve(text: str) -> dict[str, Any]:
    """Status (none / unique / multiple) and the solution."""
    try:
        board = load(text)
    except SudokuError as e:
        return invalid(text, e)
    return _status(board)


def finder_options(options: OptionsArg = None, preset: str | None = None) -> Options:
    """The finder switches for a call: a preset, then ``options`` on top (see `techniques.options`)."""
    if isinstance(options, Options):
        return options if not preset else make_options(options.changed(), preset)
    return make_options(options, preset)


def explain(
    text: str,
    techniques: list[str] | None = None,
    policy: str = "simplest",
    seed: int = 0,
    *,
    options: OptionsArg = None,
    preset: str | None = None,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
    stopped: Callable[[Path], str] | None = None,
) -> dict[str, Any]:
    """The logical solve path with an explanation of every step.

    ``techniques`` limits the path to those (ids, names or HoDoKu codes; default
    all, simplest first); ``policy`` is ``simplest``, ``most-effective`` or
    ``random`` (seeded by ``seed``). When ``cancel`` stops the walk, `errors.Cancelled`
    goes up, unless ``stopped(path)`` words why (the bank's time limit): then the result
    has ``status`` "timeout", ``solved`` false, the steps so far and that reason.
    """
    try:
        board = load(text)
        chosen = policy_named(policy, techniques, seed, finder_options(options, preset))
    except SudokuError as e:
        return invalid(text, e)
    out = _status(board)
    if out["status"] != "unique":
        return out
    path = Path()
    try:
        walk(board, chosen, progress=progress, cancel=cancel, path=path)
    except Cancelled:
        if stopped is None:
            raise
        out["status"] = "timeout"
        out["solved"] = False
        out["steps"] = [s.to_json() for s in path.steps]
        out["stuck"] = {"reason": stopped(path), "position": ""}
        return out
    out["solved"] = path.solved
    out["steps"] = [s.to_json() for s in path.steps]
    if not path.solved:
        out["stuck"] = {"reason": path.stuck, "position": _line(path.board) if path.board else ""}
    return out


def steps(
    text: str,
    technique: str | list[str] | None = None,
    *,
    options: OptionsArg = None,
    preset: str | None = None,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
) -> dict[str, Any]:
    """Every step available in the position, optionally of one technique (or a list) only.

    The position must have exactly one solution (``status`` "unique"): uniqueness techniques
    assume one, and on a grid with none or many the searches prove nothing and can run for
    minutes (an empty grid); such a grid gets its ``status`` ("none" / "multiple"), an
    ``error`` saying why, and no steps.
    ``progress(n, technique)`` hears of each technique searched (``n`` steps found so far);
    ``cancel()`` returning True stops before the next technique (`errors.Cancelled`)."""
    try:
        board = load(text)
        techs = [technique] if isinstance(technique, str) else technique
        chosen = finder_options(options, preset)
    except SudokuError as e:
        return invalid(text, e)
    exact = _exact(board)
    head: dict[str, Any] = {"puzzle": _line(board), **shape(board.geometry), "status": exact.status}
    if exact.status != "unique":
        head["error"] = (f"the position has no solution: {exact.reason}" if exact.status == "none" else
                         "the position has more than one solution; steps are listed only for a position "
                         "with exactly one (uniqueness techniques assume it)")
        head["steps"] = []
        return head
    try:
        found = all_steps(board, techs, chosen, progress=progress, cancel=cancel)
    except SudokuError as e:
        return invalid(text, e)
    return {**head, "steps": [s.to_json() for s in found]}


def hint(
    text: str,
    techniques: list[str] | None = None,
    *,
    options: OptionsArg = None,
    preset: str | None = None,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
) -> dict[str, Any]:
    """The easiest step from a player's position, and the player's mistakes.

    ``text`` is any format `formats.parse_position` reads: a puzzle, a pencilmark grid,
    a HoDoKu library line or ``{"givens", "placed", "candidates"}``. The solution comes
    from the givens alone. ``mistakes`` lists the placed digits that differ from it
    (``wrong-digit``, the player's digit) and then the cells whose marks lost the
    solution's digit (``missing-candidate``, the digit that belongs there); while there
    are mistakes ``step`` is None, since a step from a broken position proves nothing.
    ``techniques`` limits the search and ``options``/``preset`` set the finders as in `explain`.
    ``progress(n, technique)`` hears of each technique tried (``n`` of them); ``cancel()``
    returning True stops before the next one (`errors.Cancelled`).
    """
    try:
        pos = parse_position(text)
    except SudokuError as e:
        return invalid(text, e)
    digits = pos.digits()
    g = pos.geometry
    out: dict[str, Any] = {"puzzle": "".join(str(v) if v else "." for v in g.gather(digits)),
                           "givens": "".join(str(v) if v else "." for v in g.gather(pos.givens)), **shape(g)}
    exact = _exact(pos.givens, geometry=g)
    out["status"] = exact.status
    if exact.status != "unique":
        out["error"] = (f"the puzzle has no solution: {exact.reason}" if exact.status == "none" else
                        "the puzzle has more than one solution; hints need a puzzle with exactly one")
        out["mistakes"] = []
        out["step"] = None
        return out
    solution = exact.solutions[0]
    mistakes = [{"cell": cell_name(c), "digit": p, "kind": "wrong-digit"}
                for c, p in enumerate(pos.placed) if p and p != solution[c]]
    mistakes += [{"cell": cell_name(c), "digit": solution[c], "kind": "missing-candidate"}
                 for c, m in enumerate(pos.marks) if m and not digits[c] and not m >> (solution[c] - 1) & 1]
    out["mistakes"] = mistakes
    out["solved"] = not mistakes and all(g.gather(digits))
    if mistakes or out["solved"]:
        out["step"] = None
        return out
    try:
        step = next_step(pos.board(), techniques, finder_options(options, preset), progress=progress,
                         cancel=cancel)
    except SudokuError as e:
        return invalid(text, e)
    out["step"] = step.to_json() if step else None
    return out


def rate(
    text: str,
    scales: Any = None,
    scores: dict[str, Any] | None = None,
    *,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
    se_stop: str | None = None,
    solution: str | None = None,
    detail: bool = False,
    walks: dict[str, Any] | None = None,
    order: Iterable[str] | None = None,
    each: _ratings.EachScale | None = None,
) -> dict[str, Any]:
    """Status, solution and the puzzle's rating on every scale (or the ``scales`` asked for).

    ``scales``: names or ``"se,hodoku"``; ``scores``: a user score table
    ``{scale: {technique: score}}`` (see `ratings.load_scores`). Field names are
    a contract: ``ratings.se.er``, ``ratings.hodoku.score`` / ``.level``,
    ``ratings.sudokuwiki.score`` / ``.grade``, ``ratings.sourgumdrop.score``,
    ``ratings.sudokuoftheday.score`` / ``.level``, ``ratings.grader2009.strategic``
    / ``.procedural`` / ``.total``; ``bottleneck`` is the step that sets the SE
    rating; ``techniques`` counts the uses of each technique on that path.
    ``progress(n, "scale:technique")`` hears of each step of each scale's path.
    ``se_stop`` "pearl" or "diamond" stops SE once EP (or ED) is fixed (serate's ``--pearl`` /
    ``--diamond``); ``ratings.se.final`` then lists the SE numbers that are final.
    ``solution``: the puzzle's unique solution when the caller has it already (the page's workers
    share one, each rating one scale); it must fit the givens and the rules, and the caller vouches
    that it is the only one. ``detail``: each scale's own path as full steps and where a scale's
    techniques ran out (`ratings.walk_detail`). ``walks``: filled with each scale's path as it is
    walked (`ratings.rate_board`).

    The options are read into one `ratings.Settings` here (the worker's options arrive this way);
    `rate_with` does the rest.
    """
    try:
        settings = _ratings.Settings.read(scales, scores, se_stop, detail)
    except SudokuError as e:
        try:
            load(text)  # an unreadable puzzle is said first, as it always was
        except SudokuError as unreadable:
            return invalid(text, unreadable)
        return invalid(text, e)
    return rate_with(text, settings, progress=progress, cancel=cancel, solution=solution, walks=walks, order=order,
                     each=each)


def rate_with(
    text: str,
    settings: _ratings.Settings,
    *,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
    solution: str | None = None,
    walks: dict[str, Any] | None = None,
    order: Iterable[str] | None = None,
    each: _ratings.EachScale | None = None,
) -> dict[str, Any]:
    """`rate` with its options already read (the bank passes its run's `ratings.Settings` whole).

    The one way a puzzle is rated (the command line, the bank's time limit and the worker call it):
    read it, solve it, rate it on each scale (`ratings.rate_board`: in ``order``, each through
    ``each``, the hooks its callers add around a scale) and find the bottleneck. A scale that
    ``each`` cut short (its ``status`` is "timeout") makes the puzzle's ``status`` "timeout", is
    listed in ``timed_out`` and leaves no bottleneck (``None``, no counts).
    """
    t0 = time.perf_counter()
    try:
        board = load(text)
        out = _given_solution(board, solution) if solution is not None else _status(board)
    except SudokuError as e:
        return invalid(text, e)
    if out["status"] != "unique":
        out["seconds"] = round(time.perf_counter() - t0, 4)
        return out
    digits = [int(ch) for ch in out["solution"]]
    rated = _ratings.rate_board(board, settings, progress=progress, cancel=cancel, solution=digits, walks=walks,
                                order=order, each=each)
    out["ratings"] = rated
    timed_out = [s for s, r in rated.items() if r.get("status") == "timeout"]
    if timed_out:
        out["status"] = "timeout"
        out["timed_out"] = timed_out
        out["bottleneck"], out["techniques"] = None, {}
    else:
        out["bottleneck"], out["techniques"] = _ratings.bottleneck_and_counts(board, rated)
    out["seconds"] = round(time.perf_counter() - t0, 4)
    return out


def techniques() -> list[dict[str, Any]]:
    """The catalogue: id, name, family, level, HoDoKu codes, accepted spellings, whether the
    default path uses it and the grid sizes it runs on, simplest first."""
    return [
        {"id": t.id, "name": t.name, "family": t.family, "level": t.level, "codes": list(t.codes),
         "aliases": list(t.aliases), "default": t.default, "options": [o.replace("_", "-") for o in t.options],
         "sizes": list(t.sizes)}
        for t in ordered()
    ]


def options_catalogue() -> list[dict[str, Any]]:
    """The finder options: name, type, default, the presets that change it, what it does."""
    return describe_options()


def enabled_techniques(only: list[str] | None = None, disable: list[str] | None = None) -> list[str] | None:
    """Technique ids for a path: ``only`` (else the default set) minus ``disable``; None means the
    default set.

    Raises `UnknownTechniqueError` for a name we do not know.
    """
    if not only and not disable:
        return None
    chosen = [get(n).id for n in only] if only else [t.id for t in default_order()]
    dropped = {get(n).id for n in disable or []}
    return [t for t in chosen if t not in dropped]


def generate(
    scale: str | None = None,
    min: float | None = None,  # noqa: A002 - the CLI's --min/--max, same names in JSON
    max: float | None = None,  # noqa: A002
    level: str | None = None,
    technique: str | None = None,
    symmetry: str = "none",
    minimal: bool = False,
    seed: int | None = None,
    timeout: float = 60.0,
    size: int = 9,
    game_level: str | None = None,
    progress: Callable[[str], None] | None = None,
    cancel: Cancel | None = None,
) -> dict[str, Any]:
    """One new puzzle with a unique solution, aimed like the CLI's ``generate``, or at one of the
    app's New game levels (``game_level``: easy .. extreme, six; `levels.LEVELS`, both bands).

    Returns the generated puzzle (``status`` "unique", its rating, seed and tries),
    ``status`` "not-found" with a message when ``timeout`` seconds were not enough
    (a rare target), or ``status`` "invalid" with a message for bad options.
    ``progress(message)`` hears about the search about twice a second; ``cancel()`` returning True
    stops it between two tries (`errors.Cancelled`). ``size`` 6 makes a 6x6 puzzle (only the
    SudokuWiki scale rates those).
    """
    from .generator import GenerateOptions, generate_level, generate_one

    if game_level:
        from .levels import level_named

        try:
            wanted = level_named(str(game_level))
        except SudokuError as e:
            return {"status": "invalid", "error": str(e)}
        used = int(seed) if seed not in (None, "") else random.randrange(2**31)
        try:
            made = generate_level(wanted.id, seed=used, timeout=float(timeout), progress=progress, cancel=cancel,
                                  symmetry=symmetry or "none", minimal=bool(minimal))
        except SudokuError as e:
            return {"status": "invalid", "error": str(e)}
        if made is None:
            return {"status": "not-found", "seed": used,
                    "error": f"no {wanted.name} puzzle found within {float(timeout):g} s (seed {used}): "
                             "allow more time"}
        return made.to_json()
    try:
        opts = GenerateOptions(symmetry=symmetry or "none", minimal=bool(minimal), technique=technique or None,
                               scale=scale or None, lo=None if min in (None, "") else float(min),
                               hi=None if max in (None, "") else float(max), level=level or None,
                               size=int(size) if size not in (None, "") else 9)
    except (SudokuError, ValueError) as e:
        return {"status": "invalid", "error": str(e)}
    used_seed = int(seed) if seed not in (None, "") else random.randrange(2**31)
    made = generate_one(opts, seed=used_seed, timeout=float(timeout), progress=progress, cancel=cancel)
    if made is None:
        return {"status": "not-found", "seed": used_seed,
                "error": f"no puzzle found for {opts.describe()} within {float(timeout):g} s (seed {used_seed}): "
                         "the target is rare; allow more time or widen it"}
    return made.to_json()
