"""Every public difficulty scale, side by side: the registry and `rate_board`, the one seam the
generator, the API and the command line use.

Each scale is a module with a table of technique scores keyed by our technique
ids and its own way of walking the path and adding up. `rate_board` runs the
requested scales on one board and returns ``{scale: result}``; a scale that is
not available (Sudoku Explainer until its module lands) returns an ``error``.
Techniques a scale does not price are scored as their nearest entry, through
the single table in `mapping`; the output lists every mapping used.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from ..board import Board
from ..errors import SudokuError
from ..solver import solve as _exact
from ..techniques import normalize
from . import grader2009, hodoku, sourgumdrop, sudokuoftheday, sudokuwiki
from .common import Cancel, Progress

SCALES: tuple[str, ...] = ("se", "hodoku", "sudokuwiki", "sourgumdrop", "sudokuoftheday", "grader2009")

DESCRIPTIONS: dict[str, str] = {
    "se": "Sudoku Explainer 1.2.1 (serate): ER/EP/ED, the hardest step of the simplest path",
    "hodoku": "HoDoKu 2.2: score = sum of step scores on HoDoKu's path; level Easy..Extreme",
    "sudokuwiki": "SudokuWiki.org: points x candidate density per step, grade 2*log5(score)",
    "sourgumdrop": "SourGumdrop: sum of uses x user-settable algorithm scores, *** when unsolved",
    "sudokuoftheday": "Sudoku of the Day: first-use and later-use costs, levels Beginner..Diabolical",
    "grader2009": "Sudoku Grader (2009): strategic 0-7 + procedural 0-3 = total 0-10",
}

# Scales whose score is a sum of technique scores: the ones a user table (--scores) can change.
SUMMING = ("hodoku", "sudokuwiki", "sourgumdrop", "sudokuoftheday")

SE_MISSING = "SE scale not available: the Sudoku Explainer module (ratings/se.py) is not installed yet"


def se_module() -> Any | None:
    """`ratings.se` once it exists (it lands on another branch), else None."""
    try:
        return importlib.import_module(f"{__name__}.se")
    except ImportError:
        return None


def parse_scales(spec: str | Iterable[str] | None) -> list[str]:
    """``"se,hodoku"`` or a list -> validated scale names (all when None or "all")."""
    if spec is None:
        return list(SCALES)
    names = [s.strip().lower() for s in (spec.split(",") if isinstance(spec, str) else spec) if s.strip()]
    if not names or names == ["all"]:
        return list(SCALES)
    aliases = {"sotd": "sudokuoftheday", "sw": "sudokuwiki", "sg": "sourgumdrop", "2009": "grader2009",
               "hodoku2": "hodoku", "sudoku-explainer": "se"}
    out = []
    for n in names:
        n = aliases.get(n, n)
        if n not in SCALES:
            raise SudokuError(f"unknown scale {n!r}; choose from {', '.join(SCALES)}")
        if n not in out:
            out.append(n)
    return out


def load_scores(path: str | Path) -> dict[str, dict[str, Any]]:
    """A user's score table: JSON ``{scale: {technique: score}}``; a flat ``{technique: score}`` is
    SourGumdrop's. Technique names may be ids, display names or aliases (``"X-Wing"``)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise SudokuError(f"cannot read the score table {path}: {e}") from None
    return normalize_scores(data)


def normalize_scores(data: Any) -> dict[str, dict[str, Any]]:
    """Validate a score table and turn every technique name into our id."""
    if not isinstance(data, dict):
        raise SudokuError("a score table is a JSON object: {scale: {technique: score}}")
    if not any(k in SCALES for k in data):
        data = {"sourgumdrop": data}
    out: dict[str, dict[str, Any]] = {}
    for scale, table in data.items():
        if scale not in SUMMING:
            raise SudokuError(f"scale {scale!r} does not sum technique scores; use one of {', '.join(SUMMING)}")
        if not isinstance(table, dict):
            raise SudokuError(f"scores for {scale} must be an object {{technique: score}}")
        out[scale] = {_technique_id(name): _score_value(scale, name, v) for name, v in table.items()}
    return out


def _technique_id(name: str) -> str:
    from .common import find_technique

    t = find_technique(name)
    if t is not None:
        return t.id
    return name if name == name.lower() and " " not in name else normalize(name)


def _score_value(scale: str, name: str, v: Any) -> Any:
    ok_number = isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0
    ok_pair = (scale == "sudokuoftheday" and isinstance(v, list) and len(v) == 2
               and all(isinstance(x, (int, float)) and x >= 0 for x in v))
    if not (ok_number or ok_pair):
        raise SudokuError(f"score for {name!r} in {scale} must be a number >= 0"
                          + (" or [first, later]" if scale == "sudokuoftheday" else ""))
    return v


def rate_board(
    board: Board,
    scales: Iterable[str] | str | None = None,
    scores: dict[str, dict[str, Any]] | None = None,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
    solution: list[int] | None = None,
) -> dict[str, dict[str, Any]]:
    """Rate one board on the chosen scales; ``{scale: result}`` in the order of `SCALES`.

    ``progress(n, label)`` is called as steps are taken (label ``scale:technique``);
    ``cancel()`` returning True stops between two steps (`errors.Cancelled`).
    """
    wanted = parse_scales(scales)
    scores = scores or {}
    if solution is None and "hodoku" in wanted:
        result = _exact(board)
        solution = result.solutions[0] if result.status == "unique" else None
    out: dict[str, dict[str, Any]] = {}
    for name in SCALES:
        if name not in wanted:
            continue
        hook = _labelled(progress, name)
        out[name] = _RATERS[name](board, solution, scores.get(name), hook, cancel)
    return out


def _labelled(progress: Progress | None, scale: str) -> Progress | None:
    if progress is None:
        return None
    return lambda n, label: progress(n, f"{scale}:{label}")


def _rate_se(board: Board, solution: Any, scores: Any, progress: Progress | None,
             cancel: Cancel | None) -> dict[str, Any]:
    se = se_module()
    if se is None:
        return {"error": SE_MISSING}
    result: dict[str, Any] = se.se_rating(board, progress=progress, cancel=cancel)
    return result


def bottleneck_and_counts(board: Board, rated: dict[str, dict[str, Any]]) -> tuple[Any, dict[str, int]]:
    """The step that sets the SE rating and the per-technique counts of the SE path.

    While the SE scale is not available, the bottleneck is the hardest step (by
    the registry's SE-like ``level``) of the default simplest-first path, marked
    ``"source": "technique level"``; without SE in the request, the counts come
    from the first rated scale that has them.
    """
    se = rated.get("se")
    if se and "error" not in se:
        counts = se.get("usage") or se.get("counts") or {}
        return se.get("bottleneck"), dict(counts)
    if se is not None:
        from ..engine import walk
        from ..techniques import REGISTRY
        from .common import step_summary

        path = walk(board)
        counts: dict[str, int] = {}
        for s in path.steps:
            counts[s.technique] = counts.get(s.technique, 0) + 1
        if not path.steps:
            return None, counts
        i = max(range(len(path.steps)),
                key=lambda k: (REGISTRY[path.steps[k].technique].level if path.steps[k].technique in REGISTRY
                               else 0.0, -k))
        b = step_summary(path.steps[i], i)
        b["source"] = "technique level (SE scale not available)"
        return b, counts
    for r in rated.values():
        if isinstance(r.get("counts"), dict):
            return None, dict(r["counts"])
    return None, {}


_RATERS: dict[str, Callable[..., dict[str, Any]]] = {
    "se": _rate_se,
    "hodoku": lambda b, sol, sc, p, c: hodoku.rate(b, sol, sc, p, c),
    "sudokuwiki": lambda b, sol, sc, p, c: sudokuwiki.rate(b, sc, p, c),
    "sourgumdrop": lambda b, sol, sc, p, c: sourgumdrop.rate(b, sc, p, c),
    "sudokuoftheday": lambda b, sol, sc, p, c: sudokuoftheday.rate(b, sc, p, c),
    "grader2009": lambda b, sol, sc, p, c: grader2009.rate(b, p, c),
}

__all__ = ["SCALES", "DESCRIPTIONS", "SE_MISSING", "bottleneck_and_counts", "load_scores", "normalize_scores",
           "parse_scales", "rate_board", "se_module"]
