"""The one record type for every logical step, whatever technique found it.

A step says what it does (placements, eliminations), why (the pattern's cells
and candidates with their roles, chain links in order) and how to say it (one
or two plain sentences in the field's notation). Scales read ``technique`` and
``extra`` (sizes, chain lengths) to price it; the browser reads ``highlights``
and ``links`` to draw it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .geometry import cell_name, house_short


@dataclass(frozen=True, slots=True)
class Mark:
    """A highlighted cell (``digit`` 0) or candidate in the pattern, with its role.

    Roles in use: base, cover, fin, endo-fin, pivot, pincer, wing, chain-on
    (candidate true in the chain), chain-off, group, als, target, colour-a,
    colour-b, house (for a whole house: ``cell`` is then the house index and
    ``digit`` -1), and others a technique documents.
    """

    cell: int
    digit: int
    role: str


@dataclass(frozen=True, slots=True)
class Link:
    """An inference between two candidates (or groups) in a chain, in order.

    ``strong``: if the first is false the second is true; otherwise weak:
    if the first is true the second is false. Groups are given as cell masks.
    """

    from_cells: int
    from_digit: int
    to_cells: int
    to_digit: int
    strong: bool


@dataclass(slots=True)
class Step:
    """One logical step: its effect, its pattern and its explanation."""

    technique: str  # stable id, e.g. "hidden-single"
    name: str  # display name, e.g. "Hidden Single"
    placements: list[tuple[int, int]] = field(default_factory=list)  # (cell, digit)
    eliminations: list[tuple[int, int]] = field(default_factory=list)  # (cell, digit)
    highlights: list[Mark] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    text: str = ""
    extra: dict[str, Any] = field(default_factory=dict)  # technique-specific facts for scales
    net: dict[str, Any] | None = None  # a forcing chain/net as an outline (`chains.outline`)

    def key(self) -> tuple[Any, ...]:
        """Identity of the step's effect, to drop duplicates found by two routes."""
        return (self.technique, tuple(sorted(self.placements)), tuple(sorted(self.eliminations)))

    def to_json(self) -> dict[str, Any]:
        """The CLI/worker JSON shape; field names are a public contract."""
        out: dict[str, Any] = {
            "technique": self.technique,
            "name": self.name,
            "placements": [{"cell": cell_name(c), "digit": d} for c, d in self.placements],
            "eliminations": [{"cell": cell_name(c), "digit": d} for c, d in self.eliminations],
            "text": self.text,
            "highlights": [
                {"cell": cell_name(m.cell), "digit": m.digit, "role": m.role}
                if m.digit >= 0
                else {"house": house_short(m.cell), "role": m.role}
                for m in self.highlights
            ],
        }
        if self.links:
            out["links"] = [
                {
                    "from": _cells_list(lk.from_cells),
                    "from_digit": lk.from_digit,
                    "to": _cells_list(lk.to_cells),
                    "to_digit": lk.to_digit,
                    "strong": lk.strong,
                }
                for lk in self.links
            ]
        if self.net is not None:
            out["net"] = self.net
        if self.extra:
            out["extra"] = {k: v for k, v in self.extra.items() if _jsonable(v)}
        return out


def _cells_list(mask: int) -> list[str]:
    out = []
    c = 0
    while mask:
        if mask & 1:
            out.append(cell_name(c))
        mask >>= 1
        c += 1
    return out


def _jsonable(v: Any) -> bool:
    if isinstance(v, (str, int, float, bool)) or v is None:
        return True
    if isinstance(v, (list, tuple)):
        return all(_jsonable(x) for x in v)
    if isinstance(v, dict):
        return all(isinstance(k, str) and _jsonable(x) for k, x in v.items())
    return False


def candidate_name(cell: int, digit: int) -> str:
    """``r4c7<>5`` style name of an elimination."""
    return f"{cell_name(cell)}<>{digit}"


def placement_name(cell: int, digit: int) -> str:
    return f"{cell_name(cell)}={digit}"


def effect_text(step: Step) -> str:
    """``r4c7=5`` / ``r1c2<>3, r1c5<>3``: the effect in the field's notation."""
    parts = [placement_name(c, d) for c, d in step.placements]
    parts += [candidate_name(c, d) for c, d in sorted(step.eliminations, key=lambda e: (e[1], e[0]))]
    return ", ".join(parts)
