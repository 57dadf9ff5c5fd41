"""Technique families. Importing this package registers every technique.

Add a technique module by writing it and listing it in `_MODULES` below; a new family also
gets its entry in `families.FAMILIES` (the one list of families, with their names).
"""

from __future__ import annotations

from importlib import import_module

from .options import DEFAULT, PRESETS, Options, make_options
from .registry import REGISTRY, Technique, default_order, find, get, normalize, offered, ordered, technique

_MODULES = (
    "singles",
    "intersections",
    "subsets",
    "fish",
    "single_digit",
    "coloring",
    "uniqueness",
    "unique_loops",
    "chains",
    "wings",
    "sudokuwiki_patterns",
    "forcing",
    "medusa",
    "templates",
    "als",
    "sue_de_coq",
    "tridagon",
    "exocet",
    "locked_sets",
    "twinned_xy",
    "extended_rectangle",
    "kraken",
    "digit_forcing",
    "quad_forcing",
    "nested_net",
    "exclusion",
    "se_chains",
)

for _module in _MODULES:
    import_module(f"{__name__}.{_module}")

__all__ = ["DEFAULT", "PRESETS", "REGISTRY", "Options", "Technique", "default_order", "find", "get", "make_options",
           "normalize", "offered", "ordered", "technique"]
