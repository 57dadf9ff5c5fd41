"""The browser worker's one entry point: ``handle(op, puzzle, options_json, progress)``.

The Web Worker (``web/worker.js``) runs this module inside Pyodide. It calls the
same `sudoku_grader.api` functions as the command line, so the page receives
exactly the CLI's ``--json`` shapes. What this layer adds is what a page needs
around them:

- JSON strings in and out, so no Python object crosses into JavaScript;
- options from the page (settings panel) passed only to the api functions whose
  signature takes them, and the ignored ones reported back so the page can say so;
- progress reports while a solve path is walked, and for ``rate`` each scale's rating
  as soon as it is done (the ``slow`` scales of the catalogue, SE, last), so a page shows what
  it has and a time limit keeps what finished;
- every exception turned into a one-line message: a person never sees a traceback;
- helpers the page cannot compute itself: ``parse`` (any format the package
  reads, to the values and candidates of the grid), ``techniques`` (the technique
  list for the settings panel) and ``catalogue`` (techniques, their families with the
  words the hint ladder's first rung uses, and the rating scales with their names,
  fields and levels), so the page keeps no copy of a list Python knows;
- ``drill_check`` (a learner's answer to a find-the-step drill, `drills.check`) and ``coach``
  (the technique behind a player's move, `coach.coach`);
- ``merge``: the puzzle-wide fields (bottleneck, technique counts) of scales rated apart, one
  per worker, so the page's parallel rating ends with what one ``rate`` call gives.
"""

from __future__ import annotations

import functools
import inspect
import json
import math
import time
from collections.abc import Callable, Mapping
from typing import Any

from . import api, coach, drills, ratings
from .errors import Cancelled, SudokuError
from .ratings import FIELD_NAMES
from .techniques import ordered
from .techniques.families import family

Progress = Callable[[str], None]

#: The api functions the page may call by name.
API_OPS = ("solve", "explain", "steps", "hint", "rate", "generate")


def handle(op: str, puzzle: str, options_json: str = "{}", progress: Progress | None = None) -> str:
    """Run one request and return its JSON text (standard JSON: no NaN or Infinity); never raises.

    A bad request (unknown op, options that are not a JSON object, an option of the wrong type or
    out of range) answers ``status`` "invalid" with a message naming the option; ``status`` "error"
    is kept for our own failures; a call stopped by its ``time_limit`` answers "timeout"."""
    started = time.perf_counter()
    try:
        options = read_options(options_json)
        out = _dispatch(op, puzzle, options, progress)
    except SudokuError as e:
        out = {"status": "invalid", "error": str(e)}
    except Cancelled:
        out = {"status": "timeout", "error": "the time limit was reached before the call finished"}
    except RecursionError:
        out = {"status": "error", "error": "the engine ran out of stack on this puzzle"}
    except MemoryError:
        out = {"status": "error", "error": "the engine ran out of memory on this puzzle"}
    except Exception as e:  # noqa: BLE001 - the page must get a message, not a traceback
        out = {"status": "error", "error": f"internal error ({type(e).__name__}): {_first_line(e)}"}
    out.setdefault("seconds", round(time.perf_counter() - started, 4))
    try:
        return json.dumps(out, allow_nan=False)
    except (TypeError, ValueError) as e:
        return json.dumps({"status": "error", "error": f"internal error (the answer is not JSON: {e})",
                           "seconds": out["seconds"]})


class Deadline:
    """A ``cancel()`` hook saying stop once ``seconds`` have passed: checked between steps (or
    techniques) only, as Pyodide has no alarm to stop one search midway."""

    def __init__(self, seconds: float) -> None:
        self.at = time.perf_counter() + seconds

    def __call__(self) -> bool:
        return time.perf_counter() > self.at


def _no_constant(name: str) -> Any:
    raise SudokuError(f"options: {name} is not a JSON number")


def read_options(options_json: str | None) -> dict[str, Any]:
    """The request's options: a JSON object (empty text means none), else `SudokuError`."""
    if not isinstance(options_json, str):
        raise SudokuError("options must be JSON text")
    try:
        options = json.loads(options_json or "{}", parse_constant=_no_constant)
    except ValueError as e:
        raise SudokuError(f"options are not valid JSON: {e}") from None
    except RecursionError:
        raise SudokuError("options are nested too deeply") from None
    if not isinstance(options, dict):
        raise SudokuError(f"options must be a JSON object, not {type(options).__name__}")
    return options


# what each option the api functions take must be; anything else is refused by name
_NAMES, _TEXT, _INT, _NUMBER, _FLAG, _FINDER, _OBJECT = "names", "text", "int", "number", "flag", "finder", "object"
_KINDS = {"techniques": _NAMES, "technique": _NAMES, "scales": _NAMES, "policy": _TEXT, "preset": _TEXT,
          "se_stop": _TEXT, "scale": _TEXT, "level": _TEXT, "symmetry": _TEXT, "seed": _INT, "size": _INT,
          "minimal": _FLAG, "min": _NUMBER, "max": _NUMBER, "options": _FINDER, "scores": _OBJECT}
_SAYS = {_NAMES: "a name or a list of names", _TEXT: "text", _INT: "a whole number", _NUMBER: "a finite number",
         _FLAG: "true or false", _FINDER: 'an object {"name": value} or a list of "name=value"',
         _OBJECT: "a JSON object"}
# generate's search and sleep may last this long at most; a time limit too
MAX_SECONDS = 600.0
# the default time limit (s) of the calls that are one search; a walk (explain, rate) has the page's
DEFAULT_LIMITS = {"steps": 60.0, "hint": 60.0}


def _fits(kind: str, v: Any) -> bool:
    if v is None:
        return True
    if kind == _NAMES:
        return isinstance(v, str) or (isinstance(v, list) and all(isinstance(x, str) for x in v))
    if kind == _TEXT:
        return isinstance(v, str)
    if kind == _INT:
        return (isinstance(v, int) and not isinstance(v, bool) and abs(v) < 2**63) or (
            isinstance(v, str) and (v == "" or (v.isascii() and v.lstrip("-").isdigit() and len(v) < 19)))
    if kind == _NUMBER:
        if isinstance(v, str):
            try:
                return v == "" or (v.isascii() and math.isfinite(float(v)))
            except ValueError:
                return False
        return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
    if kind == _FLAG:
        return isinstance(v, bool)
    if kind == _FINDER:
        return isinstance(v, dict) or (isinstance(v, list) and all(isinstance(x, str) for x in v))
    return isinstance(v, dict)


def check_option(name: str, value: Any) -> None:
    """`SudokuError` naming the option when ``value`` is not of its kind."""
    kind = _KINDS.get(name)
    if kind is not None and not _fits(kind, value):
        raise SudokuError(f'option "{name}" must be {_SAYS[kind]}, not {json.dumps(value)[:60]}')


def seconds_option(options: dict[str, Any], name: str, default: float | None,
                   lowest: float = 0.0) -> float | None:
    """A number of seconds in (lowest, `MAX_SECONDS`] (``lowest`` itself allowed when 0), or the default."""
    v = options.get(name)
    if v is None:
        return default
    ok = isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
    if not ok or not (lowest <= v <= MAX_SECONDS) or (v == 0 and name != "seconds"):
        raise SudokuError(f'option "{name}" must be a number of seconds from {lowest:g} to {MAX_SECONDS:g}, '
                          f"not {json.dumps(v)[:60]}")
    return float(v)


def _first_line(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return text[0] if text else "no message"


def _dispatch(op: str, puzzle: str, options: dict[str, Any], progress: Progress | None) -> dict[str, Any]:
    if op == "parse":
        return parse(puzzle)
    if op == "techniques":
        return {"techniques": catalogue()}
    if op == "catalogue":
        return {"techniques": catalogue(), "families": families(), "scales": scales(), "fields": FIELD_NAMES}
    if op == "sleep":
        # A diagnostic: hold the worker for a while, so a host (and the tests) can check
        # that cancelling and the time limit stop a long call and that the page stays usable.
        seconds = seconds_option(options, "seconds", 1.0) or 0.0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            time.sleep(0.05)
        return {"slept": seconds}
    if op == "book":
        return _book(options, progress)
    if op == "drill_check":
        return drill_check(puzzle, options.get("answer") or {})
    if op == "drill_sheet":
        return {"html": drill_sheet(puzzle)}
    if op == "coach":
        try:
            budget = float(options.get("budget", coach.BUDGET))
        except (TypeError, ValueError):
            raise SudokuError(f"budget must be a number of seconds, not {options.get('budget')!r}") from None
        if not (math.isfinite(budget) and 0 < budget <= MAX_SECONDS):
            raise SudokuError(f'option "budget" must be a number of seconds above 0 and at most {MAX_SECONDS:g}')
        return coach.coach(puzzle, options.get("move") or {}, budget)
    if op == "merge":
        return merge(puzzle, options.get("ratings"))
    if op == "version":
        from . import __version__

        return {"version": __version__}
    if op not in API_OPS or not hasattr(api, op):
        known = ("parse", "techniques", "catalogue", "sleep", "version", "book", "drill_check", "drill_sheet",
                 "coach", *API_OPS)
        raise SudokuError(f"unknown operation {str(op)[:40]!r}; the operations are {', '.join(known)}")
    fn = getattr(api, op)
    if op == "generate":
        options = {**options, "timeout": seconds_option(options, "timeout", 60.0)}
    limit = seconds_option(options, "time_limit", DEFAULT_LIMITS.get(op)) if op != "generate" else None
    options = {k: v for k, v in options.items() if k != "time_limit"}
    for name, value in options.items():
        check_option(name, value)
    args, ignored = _call_args(fn, options)
    if limit is not None and "cancel" in _parameters(fn):
        args["cancel"] = Deadline(limit)
    if op == "rate" and progress is not None:
        out = _rate_by_scale(puzzle, args, progress)
    else:
        if progress is not None and "progress" in _parameters(fn):
            args["progress"] = _messages(progress) if op == "generate" else _step_reports(progress)
        out = fn(**args) if op == "generate" else fn(puzzle, **args)
    if not isinstance(out, dict):
        out = {"result": out}
    if ignored:
        out["ignored_options"] = sorted(ignored)
    return out


def _book(options: dict[str, Any], progress: Progress | None) -> dict[str, Any]:
    """The app's *Print a book*: ``options`` {"puzzles": [{"puzzle", "label", "ratings"}, ...],
    "title", "per_page", "paper", "scales", "answers", "candidates"} -> {"status": "ok", "html",
    "count", "skipped"}, the same book the ``book`` command writes; a puzzle whose ``ratings``
    hold SE and HoDoKu is not rated again."""
    from .book import BookOptions, make

    items = options.get("puzzles")
    if not isinstance(items, list):
        raise SudokuError("book: options.puzzles must be a list of puzzles")
    items = [{"puzzle": i} if isinstance(i, str) else i for i in items]
    if not all(isinstance(i, dict) for i in items):
        raise SudokuError("book: each puzzle is a string or {puzzle, label, ratings}")
    try:
        opts = BookOptions(title=str(options.get("title") or "Sudoku"), per_page=int(options.get("per_page", 4)),
                           paper=str(options.get("paper", "a4")), scales=options.get("scales") or ["se", "hodoku"],
                           answers=bool(options.get("answers", True)),
                           candidates=str(options.get("candidates", "none")))
    except (TypeError, ValueError) as e:
        raise SudokuError(f"book: {e}") from None

    def report(k: int) -> None:
        if progress is not None:
            progress(json.dumps({"step": k, "technique": f"puzzle {k} of {len(items)}"}))

    return {"status": "ok", **make(items, opts, None, report)}


def _rate_by_scale(puzzle: str, args: dict[str, Any], progress: Progress) -> dict[str, Any]:
    """``api.rate`` with each scale's rating sent to the page as a ``partial`` message the moment it
    is done (the slow scales, SE, last) and step progress meanwhile; the result is the one an
    ``api.rate`` call gives."""
    last = [0.0]
    walks: dict[str, Any] = {}

    def steps(n: int, label: str) -> None:
        now = time.perf_counter()
        if now - last[0] >= 0.1:  # at most ten messages a second
            last[0] = now
            scale, _, technique = label.partition(":")  # SE's technique: "technique difficulty"
            message: dict[str, Any] = {"scale": scale, "step": n, "technique": technique}
            record, walked = ratings.BY_ID.get(scale), walks.get(scale)
            if record is not None and record.bounds is not None and walked is not None and walked.steps:
                # what the path so far proves: a cancelled or timed-out rating keeps it
                message["at_least"] = record.bounds(walked, record.table(_scores(args, scale)))
            progress(json.dumps(message))

    def each(run: ratings.ScaleRun) -> dict[str, Any]:
        progress(json.dumps({"scale": run.scale.id, "step": 0, "technique": ""}))
        rating = run.run()
        progress(json.dumps({"partial": {"scale": run.scale.id, "rating": rating}}))
        return rating

    # the slow scales (SE) last, so the page shows the others while they run
    return api.rate(puzzle, **args, progress=steps, order=ratings.slow_last(), each=each, walks=walks)


def _scores(args: dict[str, Any], scale: str) -> Any:
    """The user's score table for one scale, as the api reads it (none: the scale's own)."""
    from . import ratings

    scores = args.get("scores")
    if not scores:
        return None
    try:
        return ratings.normalize_scores(scores).get(scale)
    except SudokuError:
        return None


def merge(puzzle: str, rated: Any) -> dict[str, Any]:
    """The puzzle-wide fields of a rating put together from scales rated apart (the page's
    workers rate one scale each): ``bottleneck`` and ``techniques``, as one ``rate`` call gives."""
    from . import ratings

    if not isinstance(rated, dict) or not all(isinstance(v, dict) for v in rated.values()):
        raise ValueError("merge needs options.ratings, an object of scale results")
    unknown = sorted(set(rated) - set(ratings.SCALES))
    if unknown:
        raise ValueError(f"merge: unknown scale {unknown[0]!r}")
    ordered_ratings = {s: rated[s] for s in ratings.SCALES if s in rated}
    bottleneck, techniques = ratings.bottleneck_and_counts(api.load(puzzle), ordered_ratings)
    return {"ratings": ordered_ratings, "bottleneck": bottleneck, "techniques": techniques}


# Parameters the worker supplies itself; a page cannot set them through options.
_HOOKS = ("progress", "cancel", "walks", "order", "each")


@functools.cache
def _parameters(fn: Callable[..., Any]) -> Mapping[str, inspect.Parameter]:
    """``fn``'s parameters, read once: `inspect.signature` takes ~40 µs, a tenth of an easy solve."""
    return inspect.signature(fn).parameters


def _call_args(fn: Callable[..., Any], options: dict[str, Any]) -> tuple[dict[str, Any], set[str]]:
    """The options ``fn`` accepts by keyword, and the names it does not take."""
    # the puzzle travels apart: an option of the same name ("text") is not passed twice
    params = {k: p for k, p in _parameters(fn).items() if k not in _HOOKS and k != "text"}
    takes_any = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
    accepted = {k: v for k, v in options.items() if k not in _HOOKS and k != "text" and (takes_any or k in params)}
    # Options that are empty say "default"; they are never reported as ignored.
    ignored = {k for k, v in options.items() if k not in accepted and v not in (None, [], {}, "")}
    return accepted, ignored


def _step_reports(progress: Progress) -> Callable[[int, str], None]:
    """``progress(n, technique)`` for the api, sent on as ``{"step", "technique"}`` at most ten times a second."""
    last = [0.0]

    def report(n: int, technique: str) -> None:
        now = time.perf_counter()
        if now - last[0] >= 0.1:
            last[0] = now
            progress(json.dumps({"step": n, "technique": technique}))

    return report


def _messages(progress: Progress) -> Callable[[str], None]:
    """The generator's ``progress(message)``, sent on as ``{"message"}``."""
    return lambda message: progress(json.dumps({"message": message}))


def drill_check(drill_json: str, answer: Any) -> dict[str, Any]:
    """``drills.check`` for the page: the drill as its pool JSON text (position and technique)."""
    try:
        drill = json.loads(drill_json)
    except ValueError as e:
        raise SudokuError(f"not a drill (JSON): {e}") from None
    if not isinstance(drill, dict) or not isinstance(answer, dict):
        raise SudokuError('a drill check takes the drill object and an answer {"placements", "eliminations"}')
    return drills.check(drill, answer)


def drill_sheet(drills_json: str) -> str:
    """``drills.sheet`` for the page's Print button: the drills as a JSON list of pool drills."""
    try:
        chosen = json.loads(drills_json)
    except ValueError as e:
        raise SudokuError(f"not a list of drills (JSON): {e}") from None
    if not isinstance(chosen, list) or not all(isinstance(d, dict) and d.get("answers") for d in chosen):
        raise SudokuError("a drill sheet takes a list of drills as the pool writes them")
    return drills.sheet(chosen)


def parse(text: str) -> dict[str, Any]:
    """Values, givens and candidates of the position in ``text`` (any format the package reads).

    The grid's size is told from the text (81 cells: 9x9, 36: 6x6); the lists hold its
    ``size * size`` cells row by row, and ``size``/``box`` give its shape."""
    board = api.load(text)
    g = board.geometry
    return {
        "puzzle": board.to_string("."),
        **api.shape(g),
        "values": [board.values[c] for c in g.cells],
        "givens": [bool(board.givens >> c & 1) for c in g.cells],
        "candidates": [[d for d in g.digits if board.cands[c] >> (d - 1) & 1] for c in g.cells],
    }


def catalogue() -> list[dict[str, Any]]:
    """Every registered technique, simplest first: id, name, family, level, its default
    SourGumdrop score (``None`` when that scale's table has none: the user may give one),
    the grid sizes it runs on (``[9, 6]`` or ``[9]``) and whether the Learn view teaches it
    (``learn``: the default path without Sudoku Explainer's own chaining)."""
    scores = ratings.flat_prices()
    taught = {t.id for t in drills.path_techniques()}
    return [
        {"id": t.id, "name": t.name, "family": t.family, "level": t.level, "score": scores.get(t.id),
         "default": t.default, "sizes": list(t.sizes), "learn": t.id in taught}
        for t in ordered()
    ]


def families() -> list[dict[str, str]]:
    """Every family the registry uses (`techniques.families`: id, name, the hint ladder's words),
    in the order of its first (simplest) technique."""
    seen: dict[str, dict[str, str]] = {}
    for t in ordered():
        if t.family not in seen:
            f = family(t.family)
            seen[t.family] = {"id": f.id, "name": f.name, "hint": f.hint}
    return list(seen.values())


def scales() -> list[dict[str, Any]]:
    """The rating scales, from their records (`ratings.catalogue`): id, name, description, the
    number and level fields, level names, CSV columns, whether a score table changes them, and how
    the page shows them (slow, band, headline)."""
    return ratings.catalogue()
