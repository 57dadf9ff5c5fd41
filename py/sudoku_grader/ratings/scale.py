"""The record of one rating scale: everything the rest of the package needs to know about it.

Each scale module defines one `Scale` (``hodoku.SCALE``), and `ratings.SCALE_LIST`
gathers them in output order. A rating is the same three moves on every scale
(`Scale.rate`): the scale's ``policy`` chooses every step of one `engine.walk`,
its ``prices`` (with a user's scores on top) price them, and its ``summary`` turns
the walked path into the result. The command line (its ``--scales`` help and CSV
columns), the generator (which field to aim at, which levels exist), the worker's
catalogue and through it the page all read these records; no scale name is spelled
out anywhere else.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..board import Board
from ..engine import Cancel, Path, Policy, Progress, walk
from ..errors import SudokuError
from ..solver import solve

#: ``policy(prices, solution)`` (and ``stop=`` on a scale with ``stops``): the scale's `engine.Policy`.
PolicyFor = Callable[..., Policy]
#: ``summary(path, prices)``: the rating a walked path earns (``bounds``: what a cut-off path proves).
Summary = Callable[[Path, dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class Scale:
    """One public difficulty scale.

    Where the rating comes from: ``policy`` builds the scale's `engine.Policy` for
    `engine.walk` from its price table and the solution (None when the scale does not need
    it); ``prices`` is its default price table (technique key -> score; ``(first, later)``
    pairs for ``score_pairs`` scales; Sudoku Explainer's base rating per producer, since its
    steps carry their own rating); ``summary`` turns a walked path and the price table into
    the result `rate` returns. ``stops`` name the ways its walk may end once a number is
    final (SE's ``pearl`` and ``diamond``), passed to ``policy`` as ``stop``. ``bounds`` (path,
    prices) gives the lower bounds a path cut off by a time limit still proves (SE: ER so far, ED
    and EP once their steps are passed; HoDoKu: the score so far and its level); None: none.

    What the rest reads: ``number`` and ``level`` name the fields of a result that hold
    its number (``er``, ``score``, ``total``) and its level name (None when the scale has
    no levels); ``columns`` are the result fields the CSV output writes (as
    ``ratings.<id>.<field>``); ``sums`` says whether the rating adds up per-technique
    scores, so a user score table may change it; ``beyond_basics`` are the levels that
    need more than singles and locked candidates and ``basics_max`` the highest number
    those reach (the generator then skips puzzles that are too easy); ``compared`` is the
    field and label the collection reports (``compare``) put side by side, over solved
    paths only when ``compare_solved_only``. In a user score table, ``score_pairs`` scales
    take ``[first use, later use]`` pairs, and a flat table (no scale names) is the
    ``flat_table`` scale's; ``needs_solution`` scales use the solution (HoDoKu's Brute
    Force), which `walk` finds when the caller (`api.rate` has it) gives none. ``bottleneck``
    marks the scale whose hardest step is the puzzle's ``bottleneck`` in `api.rate`. ``sizes``
    are the grid sizes the scale is defined on; on any other `ratings.rate_board` answers
    ``{"unsupported": "9x9 only"}``. How the page shows the scale is its module's `Page`.
    """

    id: str
    name: str
    description: str
    policy: PolicyFor = field(compare=False)
    prices: Mapping[str, Any] = field(compare=False)
    summary: Summary = field(compare=False)
    number: str = "score"
    columns: tuple[str, ...] = ()
    level: str | None = None
    levels: tuple[str, ...] = ()
    sums: bool = False
    aliases: tuple[str, ...] = ()
    beyond_basics: tuple[str, ...] = ()
    basics_max: float | None = None
    compared: tuple[str, str] = ("", "")
    compare_solved_only: bool = False
    score_pairs: bool = False
    flat_table: bool = False
    needs_solution: bool = False
    stops: tuple[str, ...] = ()
    bottleneck: bool = False
    bounds: Summary | None = field(default=None, compare=False)
    sizes: tuple[int, ...] = (9,)

    def table(self, scores: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The price table with a user's ``scores`` on top (a number sets both halves of a pair)."""
        out = dict(self.prices)
        for key, v in (scores or {}).items():
            if self.score_pairs:
                out[key] = (int(v[0]), int(v[1])) if isinstance(v, (list, tuple)) else (int(v), int(v))
            else:
                out[key] = v
        return out

    def walk(
        self,
        board: Board,
        *,
        solution: list[int] | None = None,
        scores: Mapping[str, Any] | None = None,
        progress: Progress | None = None,
        cancel: Cancel | None = None,
        stop: str | None = None,
        path: Path | None = None,
    ) -> tuple[Path, dict[str, Any]]:
        """The scale's path on ``board`` and the price table it was priced with.

        ``solution`` is found here when the scale needs it and the caller has none; ``stop`` is
        one of ``stops``; ``cancel()`` returning True raises `errors.Cancelled` between steps;
        ``path`` is filled in place (`engine.walk`)."""
        if stop is not None and stop not in self.stops:
            raise SudokuError(f"{self.name} has no stop {stop!r}" + (
                f"; choose from {', '.join(self.stops)}" if self.stops else ""))
        if self.needs_solution and solution is None:
            found = solve(board)
            solution = found.solutions[0] if found.status == "unique" else None
        table = self.table(scores)
        chosen = self.policy(table, solution, stop=stop) if stop else self.policy(table, solution)
        return walk(board, chosen, progress=progress, cancel=cancel, path=path), table

    def rate(
        self,
        board: Board,
        *,
        solution: list[int] | None = None,
        scores: Mapping[str, Any] | None = None,
        progress: Progress | None = None,
        cancel: Cancel | None = None,
        stop: str | None = None,
        path: Path | None = None,
    ) -> dict[str, Any]:
        """The scale's rating of ``board``: its policy walks, its prices price, its summary sums up."""
        walked, table = self.walk(board, solution=solution, scores=scores, progress=progress, cancel=cancel,
                                  stop=stop, path=path)
        return self.summary(walked, table)

    def to_json(self) -> dict[str, Any]:
        """The record for the page: id, name, description, fields and levels, the grid sizes it
        rates and whether its hardest step is the puzzle's (``bottleneck``)."""
        return {"id": self.id, "name": self.name, "description": self.description, "number": self.number,
                "level": self.level, "levels": list(self.levels), "columns": list(self.columns),
                "sums": self.sums, "aliases": list(self.aliases), "sizes": list(self.sizes),
                "bottleneck": self.bottleneck}


@dataclass(frozen=True)
class Page:
    """How the page presents a scale, kept apart from how the scale rates (`Scale`); the worker's
    catalogue sends it beside the record.

    ``slow`` scales are rated last where ratings arrive one by one (the page); ``cost`` is the work
    of the scale's walk against the default path's (`api.explain`, 1.0), measured as CPU time summed
    over 12 puzzles of SE 7-9.5: the page's workers hand the longest jobs out first; ``band`` (lowest,
    highest, step) is the span of the scale's number the generator form offers a band target on
    (the form offers a level target on every scale with levels); ``headline`` (short label, result
    field) is what the "You solved ..." sentence shows of the scale (``("SE", "er")`` -> "SE 7.2"):
    the page names the first two such scales that rate the puzzle's size, in list order; None: the
    sentence never names it. ``decimals`` (field, places) are the result fields always written with
    that many decimals, as the scale itself writes them (SE's ``7.0``, not ``7``); ``unfinished`` is
    the value the scale's number takes when its techniques could not finish the grid (SE's 20.0,
    serate's convention): no rating and no lower bound, so the page does not call it one.
    ``exact_bounds`` are the fields of the record's ``bounds`` that a cut-off path already fixes
    (SE's ED and EP): the page says them plainly, the others as "at least".
    """

    slow: bool = False
    cost: float = 0.0
    band: tuple[float, float, float] | None = None
    headline: tuple[str, str] | None = None
    decimals: tuple[tuple[str, int], ...] = ()
    unfinished: float | None = None
    exact_bounds: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """``slow``, ``cost``, ``band`` (null or [low, high, step]), ``headline`` (null or {"label", "field"}),
        ``decimals`` ({field: places}), ``unfinished`` (null or the number) and ``exact_bounds``."""
        return {"slow": self.slow, "cost": self.cost, "band": list(self.band) if self.band else None,
                "headline": {"label": self.headline[0], "field": self.headline[1]} if self.headline else None,
                "decimals": dict(self.decimals), "unfinished": self.unfinished,
                "exact_bounds": list(self.exact_bounds)}


__all__ = ["Page", "PolicyFor", "Scale", "Summary"]
