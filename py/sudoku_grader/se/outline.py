"""SE's forcing chains as outlines a person can read: the step JSON's ``"net"`` (issue 32).

The same record as the package's own nets (``chains.outline``, documented in the README's
contract), built from an SE hint's potentials: each branch starts from one assumption and lists
every potential its chain needed, parents before children, each with the rule that made it (a
naked or hidden single, a cell or a house, or on a nested chain's reduced grid a pattern) and the
moves it follows from. A cycle is a loop, not a forcing chain: it has no outline.
"""

from __future__ import annotations

from typing import Any

from ..board import Board
from ..geometry import cell_name, house_name
from .hints import ADVANCED, HID_BLOCK, HID_COL, HID_ROW, KIND_CAUSE, NAKED, Chain, Pot
from .rules import CELL_HOUSES_SE, find_fish, find_hidden_sets, find_locking, find_naked_sets, hidden_removals

Outline = dict[str, Any]


def move(p: Pot) -> str:
    """``r1c2=5`` or ``r1c2<>5``, as moves are written elsewhere."""
    return f"{cell_name(p.cell)}{'=' if p.on else '<>'}{p.digit}"


def _derivation(target: Pot) -> list[Pot]:
    """The potentials ``target`` needed, each once and after its parents (its root first)."""
    done: set[int] = set()
    out: list[Pot] = []
    todo: list[tuple[Pot, bool]] = [(target, False)]
    while todo:
        p, expanded = todo.pop()
        if p.key in done:
            continue
        if expanded:
            done.add(p.key)
            out.append(p)
            continue
        todo.append((p, True))
        todo.extend((q, False) for q in reversed(p.parents) if q.key not in done)
    return out


def _house(cell: int, cause: int) -> int:
    return next(h for h in CELL_HOUSES_SE[cell] if KIND_CAUSE[h // 9] == cause)


def _pattern(board: Board, p: Pot) -> str:
    """Which of SE's four pattern rules removes ``p`` once its parents are gone (level 1)."""
    g = board.copy()
    for q in p.parents:
        if not q.on:
            g.eliminate(q.cell, q.digit)
    bit = 1 << (p.digit - 1)
    if any(v == p.digit and removable >> p.cell & 1 for _h1, _h2, v, _pos, removable in find_locking(g)):
        return "pointing or claiming on the grid so far"
    if any(c == p.cell and m & bit for _h, values, union in find_hidden_sets(g, 2, False)
           for c, m in hidden_removals(g, values, union)):
        return "a hidden pair on the grid so far"
    if any(c == p.cell and m & bit for _h, _cells, _union, rem in find_naked_sets(g, 2) for c, m in rem):
        return "a naked pair on the grid so far"
    if any(v == p.digit and rem >> p.cell & 1 for _b, _c, _m, v, rem in find_fish(g, 2)):
        return "an X-Wing on the grid so far"
    return "a pattern on the grid so far"


def _reason(board: Board, p: Pot) -> str:
    """Why ``p`` holds, in words; the local rules' wording starts as `chains.outline`'s does."""
    if p.cause == ADVANCED:
        if p.nested is not None:
            return f"{p.nested.name} on the grid so far"
        return _pattern(board, p)
    if not p.on:
        if p.cause == NAKED:
            return "its cell holds another digit"
        if p.cause in (HID_BLOCK, HID_ROW, HID_COL):
            return f"a cell it sees holds this digit ({house_name(_house(p.cell, p.cause))})"
        return "follows"
    if p.cause == NAKED:
        return "naked single: the cell's last candidate"
    if p.cause in (HID_BLOCK, HID_ROW, HID_COL):
        return f"hidden single: the last place for {p.digit} in {house_name(_house(p.cell, p.cause))}"
    return "follows"


def _branch(board: Board, target: Pot) -> dict[str, Any]:
    facts = _derivation(target)
    root = facts[0]
    implications = [{"move": move(p), "reason": _reason(board, p), "from": [move(q) for q in p.parents]}
                    for p in facts[1:]]
    return {"assume": move(root), "implications": implications, "ends": move(target)}


def se_net(board: Board, hint: Chain, effect: str) -> Outline | None:
    """The outline of an SE forcing chain hint found on ``board`` (None for a cycle): a
    contradiction when one assumption leads to its own opposite or to a candidate both on and
    off, else a verity whose cases (a cell's candidates, a digit's places in a house, or one
    candidate true and false) each reach ``effect``."""
    if hint.kind == "cycle" or not hint.targets:
        return None
    branches = [_branch(board, t) for t in hint.targets]
    contradiction = hint.kind == "forcing" or bool(hint.data.get("absurd"))
    out: Outline = {"kind": "contradiction" if contradiction else "verity",
                    "premise": branches[0]["assume"] if contradiction
                    else " or ".join(b["assume"] for b in branches),
                    "branches": branches, "conclusion": effect}
    if contradiction:
        end = hint.targets[-1]
        out["contradiction"] = (f"{cell_name(end.cell)} would be both {end.digit} and not {end.digit}"
                                if hint.kind == "binary" else f"{branches[0]['assume']} would force {move(end)}")
    return out


__all__ = ["Outline", "move", "se_net"]
