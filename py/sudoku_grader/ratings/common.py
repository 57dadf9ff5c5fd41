"""What every scale shares: finding its techniques in the registry and pricing a step.

A scale is a table of technique scores keyed by our technique ids, an order in
which its solver tries them (a policy for `engine.walk`), and a way of adding the
scores up. A scale never assumes a finder exists: `resolve_order` keeps the ones
the registry has (by id, or by any spelling the registry knows), in the scale's
order, and places the techniques that `mapping.MAPPING` ties to one of the
scale's entries right after that entry.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..engine import Cancel, Path, Progress
from ..step import Step
from ..techniques import REGISTRY, Technique
from ..techniques import find as find_technique

STUCK = "none of the scale's techniques applies in this position"  # a scale's walk found nothing


@dataclass
class Slot:
    """One technique in a scale's order: the finder, and the scale entry that prices it."""

    technique: Technique
    key: str  # the scale's own id for it (== technique.id unless mapped or spelled differently)
    mapped: bool = False  # True when the price comes from `mapping.MAPPING`


def resolve_order(scale: str, keys: Iterable[str], with_mapped: bool = True) -> list[Slot]:
    """The scale's techniques present in the registry, in the scale's order.

    Each registered technique appears once; a technique without its own entry
    but mapped to one of the scale's entries comes right after that entry.
    """
    from .mapping import mapped_to

    slots: list[Slot] = []
    used: set[str] = set()
    keys = list(keys)
    for key in keys:
        t = find_technique(key)
        if t is not None and t.id not in used:
            slots.append(Slot(t, key))
            used.add(t.id)
    if with_mapped:
        out: list[Slot] = []
        for key in keys:
            out.extend(s for s in slots if s.key == key)
            for tid in mapped_to(scale, key):
                t = REGISTRY.get(tid)
                if t is not None and t.id not in used:
                    out.append(Slot(t, key, mapped=True))
                    used.add(t.id)
        slots = out
    return slots


def mappings_used(scale: str, w: Path) -> list[dict[str, str]]:
    """The mapping rows the path relied on, for the output (each once)."""
    from .mapping import mapping_for

    out: list[dict[str, str]] = []
    seen: set[str] = set()
    for s, key in zip(w.steps, w.keys):
        if s.technique in seen or key is None:
            continue
        m = mapping_for(scale, s.technique)
        if m is not None and m[0] == key:
            seen.add(s.technique)
            out.append({"technique": s.technique, "scored_as": key, "reason": m[1]})
    return out


def step_summary(step: Step, index: int) -> dict[str, Any]:
    """A step as a rating names it: technique, index in the path, explanation."""
    return {"technique": step.technique, "name": step.name, "index": index, "text": step.text}


def chain_length(step: Step) -> int:
    """The chain length a scale adds for chains: ``extra['length']``, else the number of links."""
    n = step.extra.get("length")
    if isinstance(n, int):
        return n
    return len(step.links)


__all__ = [
    "Cancel",
    "Progress",
    "STUCK",
    "Slot",
    "chain_length",
    "find_technique",
    "mappings_used",
    "resolve_order",
    "step_summary",
]
