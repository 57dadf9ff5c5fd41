"""The catalogue of techniques: ids, names, spellings, HoDoKu codes, default order.

A technique is a generator function ``find(board) -> Iterator[Step]`` that yields
every instance it sees in the position without changing the board. Family
modules register their functions with `@technique(...)`; the engine and the
rating scales look them up here and decide which to use and in what order.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..board import Board
from ..errors import UnknownTechniqueError
from ..step import Step

Finder = Callable[[Board], Iterator[Step]]


@dataclass(frozen=True)
class Technique:
    id: str  # stable kebab-case id used in JSON and on the command line
    name: str  # display name
    family: str  # singles, intersections, subsets, fish, ... (the module)
    level: float  # place in the default simplest-first order (roughly SE's difficulty)
    find: Finder
    codes: tuple[str, ...] = ()  # HoDoKu library codes, e.g. ("0300",)
    aliases: tuple[str, ...] = ()
    # False for techniques the default path leaves out: too slow for what they add (Franken and
    # mutant fish) or a second implementation of a family (Sudoku Explainer's own chaining
    # rules, which the SE scale runs itself). They stay available by name.
    default: bool = True


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
) -> Callable[[Finder], Finder]:
    """Register a finder under an id; returns the function unchanged."""

    def register(find: Finder) -> Finder:
        if id in REGISTRY:
            raise ValueError(f"technique {id!r} registered twice")
        REGISTRY[id] = Technique(id, name, family, level, find, codes, aliases, default)
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
    if tid is None:
        # HoDoKu variant suffixes ("0110-1") and Siamese fish codes ("03111").
        base = key.split("-")[0]
        if len(base) == 5 and base.endswith("1"):
            base = base[:4]
        tid = _LOOKUP.get(base)
    if tid is None:
        raise UnknownTechniqueError(
            f"unknown technique {name!r}; `python -m sudoku_grader techniques` lists the names"
        )
    return REGISTRY[tid]


def ordered() -> list[Technique]:
    """Every registered technique, simplest first."""
    return sorted(REGISTRY.values(), key=lambda t: (t.level, t.id))


def default_order() -> list[Technique]:
    """The techniques a path uses when the caller names none, simplest first."""
    return [t for t in ordered() if t.default]
