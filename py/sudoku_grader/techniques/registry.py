"""The catalogue of techniques: ids, names, spellings, HoDoKu codes, default order.

A technique is a generator function ``find(board) -> Iterator[Step]`` that yields
every instance it sees in the position without changing the board. Family
modules register their functions with `@technique(...)`; the engine and the
rating scales look them up here and decide which to use and in what order.

A finder with switches (`options.Options`) names the ones it reads in
``@technique(..., options=("als_overlap",))`` and is called as
``find(board, options)``; callers go through `Technique.steps(board, options)`,
which passes the record only to finders that read it.

A finder reads the grid's tables from ``board.geometry``. One whose rule also holds
on the 6x6 grid (and whose code reads only those tables) says so with
``sizes=(9, 6)``; every other technique is 9x9 only and is simply not offered on a
smaller grid: `Technique.steps` finds nothing there.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..board import Board
from ..errors import UnknownTechniqueError
from ..step import Step
from .families import family as _family
from .options import DEFAULT, Options

Finder = Callable[..., Iterator[Step]]  # find(board) or, with options, find(board, options)


@dataclass(frozen=True)
class Technique:
    id: str  # stable kebab-case id used in JSON and on the command line
    name: str  # display name
    family: str  # the id of its `families.Family`: singles, intersections, subsets, fish, ...
    level: float  # place in the default simplest-first order (roughly SE's difficulty)
    find: Finder
    codes: tuple[str, ...] = ()  # HoDoKu library codes, e.g. ("0300",)
    aliases: tuple[str, ...] = ()
    # False for techniques the default path leaves out: too slow for what they add (Franken and
    # mutant fish) or a second implementation of a family (Sudoku Explainer's own chaining
    # rules, which the SE scale runs itself). They stay available by name.
    default: bool = True
    options: tuple[str, ...] = ()  # `Options` fields the finder reads; it then takes them as 2nd argument
    sizes: tuple[int, ...] = (9,)  # the grid sizes the finder runs on (see the module docstring)

    def steps(self, board: Board, options: Options = DEFAULT) -> Iterator[Step]:
        """Every instance in the position, with these finder options (the board is not changed);
        nothing on a grid size the technique is not offered on."""
        if board.geometry.size not in self.sizes:
            return iter(())
        if self.options:
            return self.find(board, options)
        return self.find(board)


REGISTRY: dict[str, Technique] = {}
_LOOKUP: dict[str, str] = {}


def normalize(name: str) -> str:
    """``X-Wing``, ``x wing`` and ``xwing`` all become ``xwing``."""
    return re.sub(r"[^a-z0-9+]", "", name.lower())


def technique(
    id: str,
    name: str,
    *,
    family: str,
    level: float,
    codes: tuple[str, ...] = (),
    aliases: tuple[str, ...] = (),
    default: bool = True,
    options: tuple[str, ...] = (),
    sizes: tuple[int, ...] = (9,),
) -> Callable[[Finder], Finder]:
    """Register a finder under an id; returns the function unchanged."""

    def register(find: Finder) -> Finder:
        if id in REGISTRY:
            raise ValueError(f"technique {id!r} registered twice")
        try:
            family_id = _family(family).id
        except KeyError as e:
            raise ValueError(f"technique {id!r}: {e.args[0]}") from None
        unknown = [o for o in options if not hasattr(DEFAULT, o)]
        if unknown:
            raise ValueError(f"technique {id!r} reads unknown options {unknown}")
        REGISTRY[id] = Technique(id, name, family_id, level, find, codes, aliases, default, options, sizes)
        for spelling in (id, name, *aliases):
            _LOOKUP[normalize(spelling)] = id
        for code in codes:
            _LOOKUP[code] = id
        return find

    return register


def get(name: str) -> Technique:
    """Look a technique up by id, display name, usual spelling or HoDoKu code."""
    key = name.strip()
    tid = _LOOKUP.get(key) or _LOOKUP.get(normalize(key))
    code = re.fullmatch(r"(\d{4})(1?)(-\w+)?", key)
    if tid is None and code:
        # HoDoKu variant suffixes ("0110-1") and Siamese fish codes ("03111"); only for codes, so that
        # "sk-loops" is not read as "sk" (Skyscraper)
        tid = _LOOKUP.get(code.group(1))
    if tid is None:
        raise UnknownTechniqueError(
            f"unknown technique {name!r}; `python -m sudoku_grader techniques` lists the names"
        )
    return REGISTRY[tid]


def find(name: str) -> Technique | None:
    """Like `get`, but None for a name we do not know (a scale's table may name techniques we lack)."""
    try:
        return get(name)
    except UnknownTechniqueError:
        return None


def ordered() -> list[Technique]:
    """Every registered technique, simplest first."""
    return sorted(REGISTRY.values(), key=lambda t: (t.level, t.id))


def offered(size: int) -> list[Technique]:
    """The techniques that run on a grid of ``size`` rows, simplest first."""
    return [t for t in ordered() if size in t.sizes]


def default_order() -> list[Technique]:
    """The techniques a path uses when the caller names none, simplest first."""
    return [t for t in ordered() if t.default]
