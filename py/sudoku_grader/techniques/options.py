"""Finder options: the switches a few techniques read, as one frozen record passed down.

A finder that reads an option says so when it registers (``@technique(..., options=
("uniqueness-missing-candidates",))``) and takes the record as its second argument;
every other finder takes the board alone. Nothing here is module state: a walk, a
scale or a command line builds an `Options` value and hands it to the finders it
calls, so two callers with different options never see each other's.

Names are the command line's (``--option uniqueness-missing-candidates=on``); the
record's fields are the same names with underscores. `PRESETS` holds named sets:
``hodoku`` is HoDoKu 2.2's defaults, which its rating scale uses.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from ..errors import SudokuError


@dataclass(frozen=True)
class Options:
    """Switches of the finders; the defaults give the documented default path."""

    uniqueness_missing_candidates: bool = False
    als_overlap: bool = False
    empty_rectangle_two_candidates: bool = False
    chain_als_cells: int = 4

    def with_values(self, values: Mapping[str, Any]) -> Options:
        """A copy with options changed; keys are option names (``als-overlap``) or field names,
        values booleans, numbers or text (``on``/``off``, ``true``/``false``, ``1``/``0``, ``8``)."""
        changes: dict[str, Any] = {}
        for name, raw in values.items():
            spec = _SPECS.get(_field(name))
            if spec is None:
                raise SudokuError(f"unknown option {name!r}; choose from {', '.join(option_names())}")
            changes[spec.name] = _convert(spec.name, spec.type, raw)
        return replace(self, **changes) if changes else self

    def changed(self) -> dict[str, Any]:
        """The options that differ from the defaults, by option name (for output and caches)."""
        base = Options()
        return {_option(f.name): getattr(self, f.name) for f in fields(self)
                if getattr(self, f.name) != getattr(base, f.name)}


DEFAULT = Options()

PRESETS: dict[str, Options] = {
    "default": DEFAULT,
    # HoDoKu 2.2's own defaults (Options.java): it finds rectangles with missing candidates.
    "hodoku": Options(uniqueness_missing_candidates=True),
}


@dataclass(frozen=True)
class _Spec:
    name: str
    type: type
    default: Any
    help: str


def _field(name: str) -> str:
    return name.strip().lower().replace("-", "_")


def _option(field_name: str) -> str:
    return field_name.replace("_", "-")


HELP: dict[str, str] = {
    "uniqueness_missing_candidates": (
        "HoDoKu's allowUniquenessMissingCandidates: a rectangle cell may lack one of the pair's digits when "
        "logic (not a placed digit) removed it; the deadly pattern still cannot be completed"),
    "als_overlap": "HoDoKu's allowAlsOverlap: linked ALSs may share cells when no shared cell holds the link digit",
    "empty_rectangle_two_candidates": (
        "HoDoKu's allowErsWithOnlyTwoCandidates: an empty rectangle whose box holds the digit in only two "
        "cells (a disguised turbot fish)"),
    "chain_als_cells": (
        "largest ALS (in cells) used as a node of grouped chains with ALS nodes; HoDoKu sets no limit, 4 keeps "
        "the search fast (a median 48 ms per hard position against 180 ms with 8)"),
}
_TYPES = {"bool": bool, "int": int}
_SPECS: dict[str, _Spec] = {
    f.name: _Spec(f.name, _TYPES[str(f.type)], f.default, HELP[f.name]) for f in fields(Options)
}


def option_names() -> list[str]:
    return [_option(n) for n in _SPECS]


def _convert(name: str, kind: type, raw: Any) -> Any:
    if kind is bool:
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in ("on", "true", "yes", "1"):
            return True
        if text in ("off", "false", "no", "0"):
            return False
        raise SudokuError(f"option {_option(name)} is on or off, not {raw!r}")
    try:
        value = int(raw)
    except (TypeError, ValueError):
        raise SudokuError(f"option {_option(name)} takes a whole number, not {raw!r}") from None
    if isinstance(raw, bool) or value < 1:
        raise SudokuError(f"option {_option(name)} takes a whole number of at least 1, not {raw!r}")
    return value


def make_options(
    values: Mapping[str, Any] | Iterable[str] | None = None, preset: str | None = None
) -> Options:
    """Options from a preset name and ``name=value`` pairs (or a mapping), later ones winning.

    Raises `SudokuError` naming what is wrong: an unknown preset or option, a bad value.
    """
    if preset:
        base = PRESETS.get(preset.strip().lower())
        if base is None:
            raise SudokuError(f"unknown preset {preset!r}; choose from {', '.join(PRESETS)}")
    else:
        base = DEFAULT
    if not values:
        return base
    if isinstance(values, Mapping):
        return base.with_values(values)
    pairs: dict[str, Any] = {}
    for item in values:
        name, sep, raw = str(item).partition("=")
        if not sep or not name.strip():
            raise SudokuError(f"an option is NAME=VALUE (e.g. als-overlap=on), not {item!r}")
        pairs[name] = raw
    return base.with_values(pairs)


def describe() -> list[dict[str, Any]]:
    """Every option: name, type, default, the presets that change it, and what it does."""
    out = []
    for spec in _SPECS.values():
        presets = {p: getattr(o, spec.name) for p, o in PRESETS.items()
                   if p != "default" and getattr(o, spec.name) != spec.default}
        out.append({"name": _option(spec.name), "type": spec.type.__name__, "default": spec.default,
                    "presets": presets, "help": spec.help})
    return out


__all__ = ["DEFAULT", "PRESETS", "Options", "describe", "make_options", "option_names"]
