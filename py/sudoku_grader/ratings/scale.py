"""The record of one rating scale: everything the rest of the package needs to know about it.

Each scale module defines one `Scale` (``hodoku.SCALE``), and `ratings.SCALE_LIST`
gathers them in output order. The command line (its ``--scales`` help and CSV
columns), the generator (which field to aim at, which levels exist), the worker's
catalogue and through it the page all read these records; no scale name is spelled
out anywhere else.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..board import Board
from ..engine import Cancel, Progress


class Rater(Protocol):
    """A scale's rating of one board: ``solution`` when the caller already has it (None: found
    when the scale needs it), ``scores`` a user table on top of the scale's own (summing scales)."""

    def __call__(self, board: Board, *, solution: list[int] | None, scores: dict[str, Any] | None,
                 progress: Progress | None, cancel: Cancel | None) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Scale:
    """One public difficulty scale.

    ``number`` and ``level`` name the fields of a result that hold its number (``er``,
    ``score``, ``total``) and its level name (None when the scale has no levels);
    ``columns`` are the result fields the CSV output writes (as ``ratings.<id>.<field>``);
    ``sums`` says whether the rating adds up per-technique scores, so a user score table
    may change it; ``beyond_basics`` are the levels that need more than singles and
    locked candidates (the generator then skips puzzles that are too easy);
    ``compared`` is the field and label the collection reports (``compare``) put side
    by side, over solved paths only when ``compare_solved_only``. In a user score table,
    ``score_pairs`` scales take ``[first use, later use]`` pairs, and a flat table (no scale
    names) is the ``flat_table`` scale's; ``needs_solution`` scales use the solution (HoDoKu's
    Brute Force), which `rate_board` finds once for all of them. ``sizes`` are the grid sizes
    the scale is defined on; on any other `rate_board` answers ``{"unsupported": "9x9 only"}``.

    Where the rating comes from, for a reader and for tools: ``policy`` builds the scale's
    `engine.Policy` for `engine.walk` (from its price table; its own module's signature),
    ``prices`` is its default per-technique price table (technique key -> score, or
    ``(first, later)`` pairs for ``score_pairs`` scales) and ``summary`` turns a walked path
    into the result ``rate`` returns. They are None / empty while a scale keeps its own loop
    (Sudoku Explainer's, for now).
    """

    id: str
    name: str
    description: str
    rate: Callable[..., dict[str, Any]]  # a `Rater`
    number: str
    columns: tuple[str, ...]
    level: str | None = None
    levels: tuple[str, ...] = ()
    sums: bool = False
    aliases: tuple[str, ...] = ()
    beyond_basics: tuple[str, ...] = ()
    compared: tuple[str, str] = ("", "")
    compare_solved_only: bool = False
    score_pairs: bool = False
    flat_table: bool = False
    needs_solution: bool = False
    policy: Callable[..., Any] | None = field(default=None, compare=False)
    prices: Mapping[str, Any] = field(default_factory=dict, compare=False)
    summary: Callable[..., dict[str, Any]] | None = field(default=None, compare=False)
    sizes: tuple[int, ...] = (9,)

    def to_json(self) -> dict[str, Any]:
        """The record for the page: id, name, description, fields and levels."""
        return {"id": self.id, "name": self.name, "description": self.description, "number": self.number,
                "level": self.level, "levels": list(self.levels), "columns": list(self.columns),
                "sums": self.sums, "aliases": list(self.aliases), "sizes": list(self.sizes)}


__all__ = ["Rater", "Scale"]
