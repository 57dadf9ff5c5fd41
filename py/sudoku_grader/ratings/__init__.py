"""Every public difficulty scale, side by side: one `Scale` record per scale and `rate_board`,
the one seam the generator, the API and the command line use.

Each scale is a module with a table of technique scores keyed by our technique
ids, its own policy for `engine.walk` and its own way of adding up; its `Scale`
record (`scale.Scale`: name, description, fields, levels, CSV columns, policy,
prices, summary) is what everything else reads, and `Scale.rate` rates the same
way on every scale. `SCALE_LIST` holds them in output order.
Techniques a scale does not price are scored as their nearest entry, through
the single table in `mapping`; the output lists every mapping used.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..board import Board
from ..engine import Path as Walked
from ..errors import SudokuError
from ..techniques import normalize
from . import grader2009, hodoku, se, sourgumdrop, sudokuoftheday, sudokuwiki
from .common import Cancel, Progress
from .scale import Page, Scale

_MODULES = (se, hodoku, sudokuwiki, sourgumdrop, sudokuoftheday, grader2009)  # in output order
SCALE_LIST: tuple[Scale, ...] = tuple(m.SCALE for m in _MODULES)
BY_ID: dict[str, Scale] = {s.id: s for s in SCALE_LIST}
#: How the page shows each scale (its module's `Page`), by scale id: apart from the rating rules.
PAGES: dict[str, Page] = {m.SCALE.id: m.PAGE for m in _MODULES}
SCALES: tuple[str, ...] = tuple(BY_ID)  # the scale ids, in output order

#: Display names of the fields the rating results carry (the scales' own names are on their records);
#: the worker's catalogue and the embed command's JSON carry them to the page.
FIELD_NAMES: dict[str, str] = {
    "er": "ER", "ep": "EP", "ed": "ED", "score": "score", "level": "level", "grade": "grade",
    "normalised": "normalised", "strategic": "strategic", "procedural": "procedural", "total": "total",
    "solved": "solved", "steps": "steps", "bands": "bands"}

# Scales whose score is a sum of technique scores: the ones a user table (--scores) can change.
SUMMING: tuple[str, ...] = tuple(s.id for s in SCALE_LIST if s.sums)
_ALIASES: dict[str, str] = {a: s.id for s in SCALE_LIST for a in s.aliases}


def scale(name: str) -> Scale:
    """The record of a scale by id or alias (``sotd``); `SudokuError` naming the choices otherwise."""
    key = name.strip().lower()
    found = BY_ID.get(_ALIASES.get(key, key))
    if found is None:
        raise SudokuError(f"unknown scale {name.strip()!r}; choose from {', '.join(SCALES)}")
    return found


def parse_scales(spec: str | Iterable[str] | None) -> list[str]:
    """``"se,hodoku"`` or a list -> validated scale names (all when None or "all")."""
    if spec is None:
        return list(SCALES)
    names = [s.strip().lower() for s in (spec.split(",") if isinstance(spec, str) else spec) if s.strip()]
    if not names or names == ["all"]:
        return list(SCALES)
    out: list[str] = []
    for n in names:
        sid = scale(n).id
        if sid not in out:
            out.append(sid)
    return out


def load_scores(path: str | Path) -> dict[str, dict[str, Any]]:
    """A user's score table: JSON ``{scale: {technique: score}}``; a flat ``{technique: score}`` is
    SourGumdrop's. Technique names may be ids, display names or aliases (``"X-Wing"``)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"), parse_constant=_no_constant)
    except (OSError, ValueError) as e:
        raise SudokuError(f"cannot read the score table {path}: {e}") from None
    except RecursionError:
        raise SudokuError(f"cannot read the score table {path}: nested too deeply") from None
    return normalize_scores(data)


def _no_constant(name: str) -> Any:
    """JSON has no NaN or Infinity (Python's reader takes them unless told)."""
    raise ValueError(f"{name} is not a JSON number")


def normalize_scores(data: Any) -> dict[str, dict[str, Any]]:
    """Validate a score table and turn every technique name into our id."""
    if not isinstance(data, dict):
        raise SudokuError("a score table is a JSON object: {scale: {technique: score}}")
    if not any(k in SCALES for k in data):
        data = {next(s.id for s in SCALE_LIST if s.flat_table): data}
    out: dict[str, dict[str, Any]] = {}
    for scale, table in data.items():
        if scale not in SUMMING:
            raise SudokuError(f"scale {scale!r} does not sum technique scores; use one of {', '.join(SUMMING)}")
        if not isinstance(table, dict):
            raise SudokuError(f"scores for {scale} must be an object {{technique: score}}")
        out[scale] = {_technique_id(scale, name): _score_value(scale, name, v) for name, v in table.items()}
    return out


def _technique_id(scale: str, name: Any) -> str:
    """Our id for a score table's technique name; a name neither we nor the scale's table know is
    an error (a typo would otherwise leave the default price in place without a word)."""
    from .common import find_technique

    t = find_technique(name) if isinstance(name, str) else None
    if t is not None:
        return t.id
    key = name if name == name.lower() and " " not in name else normalize(name)
    if key not in BY_ID[scale].prices:
        raise SudokuError(f"unknown technique {name!r} in the scores for {scale}; `techniques` lists the names")
    return key


def _score_value(scale: str, name: str, v: Any) -> Any:
    def fine(x: Any) -> bool:
        return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) and x >= 0

    ok_number = fine(v)
    pairs = BY_ID[scale].score_pairs
    ok_pair = pairs and isinstance(v, list) and len(v) == 2 and all(fine(x) for x in v)
    if not (ok_number or ok_pair):
        raise SudokuError(f"score for {name!r} in {scale} must be a finite number >= 0"
                          + (" or [first, later]" if pairs else ""))
    return v


@dataclass(frozen=True)
class ScaleRun:
    """One scale's rating of one board, as `rate_board` hands it to a caller's ``each`` hook.

    ``run(path)`` rates (filling ``path`` in place as the walk goes, so a rating stopped by
    ``cancel`` or by an alarm inside a step keeps the steps taken); ``prices()`` is the table it
    prices with, which `Scale.bounds` reads to tell what a cut-off path proves."""

    scale: Scale
    board: Board
    solution: list[int] | None
    scores: Mapping[str, Any] | None
    progress: Progress | None
    cancel: Cancel | None
    stop: str | None
    #: the path `rate_board`'s caller reads (``walks``, ``detail``); ``run()`` fills it unless the
    #: hook passes its own
    path: Walked | None = None

    def run(self, path: Walked | None = None) -> dict[str, Any]:
        """The scale's result (`unsupported` on a grid size it is not defined on)."""
        if self.board.geometry.size not in self.scale.sizes:
            return unsupported(self.scale)
        return self.scale.rate(self.board, solution=self.solution, scores=self.scores, progress=self.progress,
                               cancel=self.cancel, stop=self.stop, path=path if path is not None else self.path)

    def prices(self) -> dict[str, Any]:
        """The scale's price table with the user's scores on top."""
        return self.scale.table(self.scores)


#: ``each(run)`` rates one scale its own way around ``run.run()`` (a time limit, a message per
#: scale) and returns the scale's result.
EachScale = Callable[[ScaleRun], dict[str, Any]]


def _run(run: ScaleRun) -> dict[str, Any]:
    return run.run()


def rate_board(
    board: Board,
    settings: Settings | None = None,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
    solution: list[int] | None = None,
    *,
    walks: dict[str, Walked] | None = None,
    order: Iterable[str] | None = None,
    each: EachScale | None = None,
) -> dict[str, dict[str, Any]]:
    """Rate one board as ``settings`` say (default: every scale, its own prices, no stop);
    ``{scale: result}`` in the order of `SCALES`.

    ``progress(n, label)`` is called as steps are taken (label ``scale:technique``);
    ``cancel()`` returning True stops between two steps (`errors.Cancelled`). ``order`` (scale
    ids) is the order the scales are rated in, the others after them (the page wants the slow
    ones last); ``each`` wraps the rating of every scale (`ScaleRun`), by default just running it.
    ``walks``, a dict, receives each scale's path as it is walked (filled in place), so a caller
    can read what a walk that is still running or was cut proves so far.

    A scale not defined on the board's size (every one but SudokuWiki on 6x6) answers
    `unsupported` rather than a number.
    """
    settings = settings or Settings()
    wanted = settings.scales
    first = [s for s in order or () if s in wanted]
    rated: dict[str, dict[str, Any]] = {}
    for sid in first + [s for s in wanted if s not in first]:
        s = BY_ID[sid]
        walked = Walked()
        if walks is not None:
            walks[sid] = walked
        rated[sid] = (each or _run)(ScaleRun(s, board, solution, settings.scores_of(sid), _labelled(progress, sid),
                                             cancel, settings.stop_of(s), walked))
        if settings.detail and "unsupported" not in rated[sid]:
            rated[sid].update(walk_detail(walked))
    return {s: rated[s] for s in SCALES if s in rated}


def walk_detail(walked: Walked) -> dict[str, Any]:
    """A scale's own path as full steps (``path_steps``, the JSON of `explain`'s steps) and, when
    its technique set ended before the grid was solved, ``stopped_short``: the number of steps it
    took (``after``), the engine's reason (``why``) and the step the default path takes from that
    position (``default_next``: technique, name, text; null when the default path is stuck there
    too), so a reader sees which technique the scale lacks."""
    out: dict[str, Any] = {"path_steps": [step.to_json() for step in walked.steps]}
    if not walked.solved and not walked.stopped and walked.board is not None:
        from ..engine import next_step

        following = next_step(walked.board)
        out["stopped_short"] = {
            "after": len(walked.steps), "why": walked.stuck,
            "default_next": ({"technique": following.technique, "name": following.name, "text": following.text}
                             if following is not None else None)}
    return out


def catalogue() -> list[dict[str, Any]]:
    """The scales for the page (the worker's catalogue): each record's fields, then its `Page`'s."""
    return [{**s.to_json(), **PAGES[s.id].to_json()} for s in SCALE_LIST]


def slow_last() -> list[str]:
    """The scale ids in the order the page has them rated: the slow ones (SE) last."""
    return sorted(SCALES, key=lambda sid: PAGES[sid].slow)


def flat_prices() -> dict[str, Any]:
    """The default prices of the scale a flat user score table sets (SourGumdrop's): the page shows
    each technique's beside it, for the user to change."""
    return dict(next(s for s in SCALE_LIST if s.flat_table).prices)


def unsupported(s: Scale) -> dict[str, Any]:
    """A scale's answer on a grid size it is not defined on."""
    return {"unsupported": " and ".join(f"{n}x{n}" for n in s.sizes) + " only"}


#: The stops a walk may take once a number is final (serate's ``--pearl`` / ``--diamond``).
SE_STOPS: tuple[str, ...] = tuple(stop for s in SCALE_LIST for stop in s.stops)


@dataclass(frozen=True)
class Settings:
    """How a puzzle is rated, made once where a request comes in (the command line, the worker,
    `api.rate`) and passed whole to the bank and `rate_board`: which scales (ids, in the order
    asked), a user score table (`normalize_scores`'s form, or None), where SE's walk stops
    (``se_stop``: one of `SE_STOPS`, serate's ``--pearl`` / ``--diamond``, ending the walk once
    EP or ED is fixed; SE's ``final`` then lists the numbers that are final) and ``detail``
    (each scale's own path as full steps and where its techniques ran out: `walk_detail`).

    A record that does not hold is a `SudokuError` saying why; `read` takes the user's spellings.
    """

    scales: tuple[str, ...] = SCALES
    scores: dict[str, dict[str, Any]] | None = None
    se_stop: str | None = None
    detail: bool = False

    def __post_init__(self) -> None:
        unknown = [s for s in self.scales if s not in BY_ID]
        if unknown:
            raise SudokuError(f"unknown scale {unknown[0]!r}; choose from {', '.join(SCALES)}")
        _check_stop(self.se_stop)

    @classmethod
    def read(cls, scales: Iterable[str] | str | None = None, scores: Any = None, se_stop: str | None = None,
             detail: bool = False) -> Settings:
        """The settings from a user's words: scale names or aliases (``"se,sotd"``, None: all), a
        score table in any form `normalize_scores` reads, the stop's name."""
        wanted = tuple(parse_scales(scales))
        _check_stop(se_stop)
        return cls(wanted, normalize_scores(scores) if scores else None, se_stop, bool(detail))

    def stop_of(self, s: Scale) -> str | None:
        """The stop this scale's walk takes (only a scale with ``stops`` takes one)."""
        return self.se_stop if s.stops else None

    def scores_of(self, scale_id: str) -> dict[str, Any] | None:
        """The user's prices for one scale (None: the scale's own)."""
        return (self.scores or {}).get(scale_id)

    def key(self) -> str:
        """What the bank's store files results under, readable: ``se,hodoku``; ``se+se-stop:pearl``
        when SE stopped at EP (its ER is then not final); ``hodoku+scores:1a2b3c4d5e6f`` when a user
        score table changes the prices. Stores written before this record keep matching."""
        key = ",".join(self.scales)
        if any(self.stop_of(BY_ID[s]) for s in self.scales):
            key += f"+se-stop:{self.se_stop}"
        if self.scores:
            digest = hashlib.sha1(json.dumps(self.scores, sort_keys=True).encode()).hexdigest()[:12]
            key += f"+scores:{digest}"
        return key


def _check_stop(se_stop: str | None) -> None:
    if se_stop is not None and se_stop not in SE_STOPS:
        raise SudokuError(f"se_stop is {' or '.join(repr(s) for s in SE_STOPS)}, not {se_stop!r}")


def _labelled(progress: Progress | None, scale: str) -> Progress | None:
    if progress is None:
        return None
    return lambda n, label: progress(n, f"{scale}:{label}")


def bottleneck_and_counts(board: Board, rated: dict[str, dict[str, Any]]) -> tuple[Any, dict[str, int]]:
    """The step that sets the SE rating and the per-technique counts of the SE path (the scale
    whose record says ``bottleneck``).

    When SE gives no rating (its result is an ``error``), the bottleneck is the hardest
    step (by the registry's SE-like ``level``) of the default simplest-first path, marked
    ``"source": "technique level"``; without SE in the request, the counts come
    from the first rated scale that has them.
    """
    by_se = next((rated[s.id] for s in SCALE_LIST if s.bottleneck and s.id in rated), None)
    if by_se and "unsupported" in by_se:
        by_se = {"error": by_se["unsupported"]}
    if by_se and "error" not in by_se:
        return by_se.get("bottleneck"), dict(by_se.get("usage") or by_se.get("counts") or {})
    if by_se is not None:
        from ..engine import walk
        from ..techniques import REGISTRY
        from .common import step_summary

        path = walk(board)
        counts = path.counts()
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


__all__ = ["BY_ID", "PAGES", "SCALES", "SCALE_LIST", "SE_STOPS", "SUMMING", "EachScale", "Page", "Scale", "ScaleRun",
           "Settings", "bottleneck_and_counts", "catalogue", "flat_prices", "load_scores", "normalize_scores",
           "parse_scales", "rate_board", "scale", "slow_last", "unsupported", "walk_detail"]
