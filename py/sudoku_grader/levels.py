"""The New game levels (easy, medium, hard, expert, extreme, six): the one table that says which
puzzle is which level, for the app's New game (through the worker's catalogue), its shipped bank,
the ``daily`` feed and the ``book``.

A 9x9 level is a band of Sudoku Explainer's ER and a set of HoDoKu levels; a puzzle takes the
first level, in the order of `LEVELS`, whose band holds its ER and whose set holds its HoDoKu
level. Each 9x9 level holds one HoDoKu level, so the SE bands may overlap: on random minimal
puzzles SE's chain ratings spread widely (a HoDoKu Hard puzzle may need a 7.1 forcing chain in SE's
own solver); the bands were set to hold what each HoDoKu level holds on the generator's seeds
0..1190 (``scripts/game_bank.py`` builds the app's bank from this table). 3.2% of the reference
puzzles (``../shared/reference``: real serate and HoDoKu on 2,090 puzzles) fit no level: those whose
two ratings disagree by more than a level. ``six`` is
every 6x6 puzzle (neither scale rates 6x6).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import SudokuError
from .ratings import hodoku


@dataclass(frozen=True)
class Level:
    """One level: its id (the New game select's value), name, ER band, HoDoKu levels and grid size."""

    id: str
    name: str
    se: tuple[float, float] | None
    hodoku: tuple[str, ...]
    size: int = 9

    def holds(self, ratings: Mapping[str, Any], size: int = 9) -> bool:
        """True when a puzzle of ``size`` rated ``ratings`` (``rate``'s ``ratings`` object) is in this
        level's bands; a rating that timed out or is missing fits no band."""
        if size != self.size:
            return False
        if self.se is None:
            return True
        er = _field(ratings, "se", "er")
        level = _field(ratings, "hodoku", "level")
        if not isinstance(er, (int, float)) or isinstance(er, bool) or not isinstance(level, str):
            return False
        return self.se[0] <= er <= self.se[1] and level in self.hodoku

    def describe(self) -> str:
        """The bands in words, as shown beside the level ("SE 1.0-2.5, HoDoKu Easy")."""
        if self.se is None:
            return f"{self.size}x{self.size} grid"
        lo, hi = self.se
        return f"SE {lo:.1f}-{hi:.1f}, HoDoKu {' or '.join(self.hodoku)}"

    def to_json(self) -> dict[str, Any]:
        """The record the page reads: id, name, size, ``se`` [low, high] or null, ``hodoku`` levels,
        and the bands in words."""
        return {"id": self.id, "name": self.name, "size": self.size,
                "se": list(self.se) if self.se else None, "hodoku": list(self.hodoku),
                "description": self.describe()}


#: In order of difficulty; the first level whose bands hold a puzzle is its level.
LEVELS: tuple[Level, ...] = (
    Level("easy", "Easy", (1.0, 2.3), ("Easy",)),
    Level("medium", "Medium", (1.7, 4.0), ("Medium",)),
    Level("hard", "Hard", (3.2, 7.3), ("Hard",)),
    Level("expert", "Expert", (4.5, 8.3), ("Unfair",)),
    Level("extreme", "Extreme", (6.6, 11.9), ("Extreme",)),
    Level("six", "6x6", None, (), size=6),
)
BY_ID: dict[str, Level] = {lv.id: lv for lv in LEVELS}
assert all(h in hodoku.LEVELS for lv in LEVELS for h in lv.hodoku)


def _field(ratings: Mapping[str, Any], scale: str, key: str) -> Any:
    r = ratings.get(scale)
    return r.get(key) if isinstance(r, Mapping) else None


def level_of(ratings: Mapping[str, Any], size: int = 9) -> str | None:
    """The id of the level a puzzle of ``size`` rated ``ratings`` (``{"se": {"er": ...}, "hodoku":
    {"level": ...}}``, as ``rate`` gives) belongs to, or None when it fits none."""
    return next((lv.id for lv in LEVELS if lv.holds(ratings, size)), None)


def level_named(name: str) -> Level:
    """The level by id or name (``Hard``, ``6x6``); `SudokuError` naming the choices otherwise."""
    key = name.strip().lower()
    found = BY_ID.get(key) or next((lv for lv in LEVELS if lv.name.lower() == key), None)
    if found is None:
        raise SudokuError(f"unknown level {name.strip()!r}; choose from {', '.join(BY_ID)}")
    return found


def catalogue() -> list[dict[str, Any]]:
    """Every level's record, in order, for the worker's catalogue."""
    return [lv.to_json() for lv in LEVELS]
