"""What every scale shares: finding its techniques in the registry, walking a path, pricing a step.

A scale is a table of technique scores keyed by our technique ids, an order in
which its solver tries them, and a way of adding the scores up. The techniques
arrive on other branches over time, so a scale never assumes a finder exists:
`resolve_order` keeps the ones the registry has (by id, or by any spelling the
registry knows), in the scale's order, and places the techniques that
`mapping.MAPPING` ties to one of the scale's entries right after that entry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..board import Board
from ..engine import Cancelled, apply_step, gain
from ..errors import UnknownTechniqueError
from ..step import Step
from ..techniques import REGISTRY, Technique, get

Progress = Callable[[int, str], None]
Cancel = Callable[[], bool]

MAX_STEPS = 2000


@dataclass
class Slot:
    """One technique in a scale's order: the finder, and the scale entry that prices it."""

    technique: Technique
    key: str  # the scale's own id for it (== technique.id unless mapped or spelled differently)
    mapped: bool = False  # True when the price comes from `mapping.MAPPING`


def find_technique(tid: str) -> Technique | None:
    """The registered technique for an id or any spelling the registry knows; None if absent."""
    t = REGISTRY.get(tid)
    if t is not None:
        return t
    try:
        return get(tid)
    except UnknownTechniqueError:
        return None


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


def price_key(scale: str, table: dict[str, Any], technique_id: str) -> tuple[str | None, bool]:
    """The scale entry that prices a step of ``technique_id``; (key, mapped) or (None, False)."""
    from .mapping import mapping_for

    if technique_id in table:
        return technique_id, False
    for key in table:
        t = find_technique(key)
        if t is not None and t.id == technique_id:
            return key, False
    m = mapping_for(scale, technique_id)
    if m is not None and m[0] in table:
        return m[0], True
    return None, False


def first_step(board: Board, technique: Technique) -> Step | None:
    """The first step the finder yields that changes the board (its own scan order)."""
    for s in technique.find(board):
        if gain(board, s):
            return s
    return None


def steps_of(board: Board, technique: Technique) -> list[Step]:
    """Every step of a technique that changes the board."""
    return [s for s in technique.find(board) if gain(board, s)]


def most_effective(board: Board, technique: Technique) -> Step | None:
    """The step removing most candidates (first on a tie): SourGumdrop's choice."""
    best, best_gain = None, 0
    for s in technique.find(board):
        g = gain(board, s)
        if g > best_gain:
            best, best_gain = s, g
    return best


@dataclass
class Walk:
    """A scale's path: the steps with their scale keys, and why it stopped if unsolved."""

    steps: list[Step] = field(default_factory=list)
    keys: list[str | None] = field(default_factory=list)  # the pricing entry per step
    candidates: list[int] = field(default_factory=list)  # candidates on the board before each step
    solved: bool = False
    stuck: str = ""
    board: Board | None = None

    def counts(self) -> dict[str, int]:
        """Uses per technique id, in first-use order."""
        out: dict[str, int] = {}
        for s in self.steps:
            out[s.technique] = out.get(s.technique, 0) + 1
        return out


def walk(
    board: Board,
    choose: Callable[[Board], tuple[Step, str | None] | None],
    progress: Progress | None = None,
    cancel: Cancel | None = None,
    max_steps: int = MAX_STEPS,
    apply: Callable[[Board, Step], None] = apply_step,
) -> Walk:
    """Apply ``choose``'s step until solved or stuck; ``choose`` returns (step, scale key)."""
    b = board.copy()
    w = Walk(board=b)
    while not b.is_solved():
        if cancel is not None and cancel():
            raise Cancelled()
        if len(w.steps) >= max_steps:
            w.stuck = f"stopped after {max_steps} steps"
            break
        problem = b.contradiction()
        if problem:
            w.stuck = f"the position is broken: {problem}"
            break
        picked = choose(b)
        if picked is None:
            w.stuck = "none of the scale's techniques applies in this position"
            break
        step, key = picked
        w.candidates.append(b.candidate_count())
        apply(b, step)
        w.steps.append(step)
        w.keys.append(key)
        if progress is not None:
            progress(len(w.steps), step.technique)
    w.solved = b.is_solved() and b.contradiction() is None
    return w


def mappings_used(scale: str, w: Walk) -> list[dict[str, str]]:
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


def placements_only(step: Step) -> bool:
    return bool(step.placements) and not step.eliminations


__all__ = [
    "Cancelled",
    "Iterator",
    "MAX_STEPS",
    "Slot",
    "Walk",
    "chain_length",
    "find_technique",
    "first_step",
    "mappings_used",
    "most_effective",
    "price_key",
    "resolve_order",
    "step_summary",
    "steps_of",
    "walk",
]
