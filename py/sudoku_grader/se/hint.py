"""One SE hint: what it removes or places, its SE difficulty, and what the chains need."""

from __future__ import annotations

from typing import Any


class SEHint:
    """A hint of an SE producer.

    ``removals`` maps cell -> 9-bit mask of candidates to remove (SE's removable
    potentials); ``cell``/``value`` is the placement when the hint sets a value
    (direct hints, and chains whose result is an "on" potential). ``parents``
    (optional) computes SE's "rule parents" used when the hint is a step inside a
    nested chain.
    """

    __slots__ = ("producer", "name", "difficulty", "removals", "cell", "value", "complexity",
                 "sort_key", "text", "data", "rule_parents")

    def __init__(self, producer: str, name: str, difficulty: float, removals: dict[int, int],
                 cell: int | None = None, value: int = 0, text: str = "",
                 data: dict[str, Any] | None = None) -> None:
        self.producer = producer
        self.name = name
        self.difficulty = difficulty
        self.removals = removals
        self.cell = cell
        self.value = value
        self.complexity = 0
        self.sort_key = 0
        self.text = text
        self.data = data or {}
        self.rule_parents: Any = None

    def is_worth(self) -> bool:
        return any(self.removals.values())

    def apply(self, grid: Any) -> None:
        for c, m in self.removals.items():
            d = 1
            while m:
                if m & 1:
                    grid.remove(c, d)
                m >>= 1
                d += 1
        if self.cell is not None:
            grid.place(self.cell, self.value)

    def removal_list(self) -> list[tuple[int, int]]:
        out = []
        for c in sorted(self.removals):
            m = self.removals[c]
            for d in range(1, 10):
                if m >> (d - 1) & 1:
                    out.append((c, d))
        return out

    def __repr__(self) -> str:
        return f"SEHint({self.name!r}, {self.difficulty:.1f}, {self.text!r})"
