"""Forcing chains and nets as outlines a person can read: the step's ``"net"`` JSON.

A forcing step's plain text is one long sentence; the outline says the same thing as a
tree. ``premise`` is what the step starts from (one assumption for the contradiction form,
the set of cases for the verity form), each branch is one case (``assume``) with its
implications in order, each implication the move it makes, the rule that makes it
(``reason``) and the earlier moves it follows from (``from``), and the branch ``ends`` in the
contradiction or in the common conclusion. An implication that is itself proved by a net (an
inner removal of a nested net) carries that net as ``"net"``: a sub-outline.

Moves are written like placements and eliminations elsewhere: ``r1c2=5``, ``r1c2<>5``; a
group node of a chain reads ``r1c12=5`` (the digit is in one of those cells).
"""

from __future__ import annotations

from typing import Any

from ..board import Board
from ..geometry import cells_name, house_name
from .graph import ALS, ChainGraph, Node
from .net import Fact, NetResult, fact_text

Outline = dict[str, Any]
Branch = dict[str, Any]


def outline(kind: str, premise: str, branches: list[Branch], conclusion: str, why: str = "") -> Outline:
    """The ``net`` record: ``kind`` contradiction or verity, the premise, its branches, what follows
    (``conclusion``) and, for a contradiction, what was impossible (``contradiction``)."""
    out: Outline = {"kind": kind, "premise": premise, "branches": branches, "conclusion": conclusion}
    if why:
        out["contradiction"] = why
    return out


def net_branch(res: NetResult, targets: tuple[Fact, ...], ends: str, known: set[Fact] | None = None) -> Branch:
    """One branch of a net: the facts ``res`` needed to reach ``targets``, in the order it derived
    them, each with the rule behind it and the facts it came from. ``known`` facts (the premise and
    anything given to the net) are not repeated as implications."""
    facts = res.derivation(targets)
    assume = res.order[0] if res.order else targets[0]
    skip = {assume} | (known or set())
    implications = [
        {"move": fact_text(f), "reason": _net_reason(res.reason.get(f, "")),
         "from": [fact_text(c) for c in res.causes.get(f, ())]}
        for f in facts if f not in skip
    ]
    return {"assume": fact_text(assume), "implications": implications, "ends": ends}


def _net_reason(why: str) -> str:
    """The net's own rule names, with the two plain ones said in words."""
    return {"same cell": "its cell holds another digit", "same house": "a cell it sees holds this digit",
            "premise": "assumed", "": "follows"}.get(why, why)


def move_text(node: Node, on: bool) -> str:
    """``r1c2=5`` / ``r1c12<>5`` for a chain node; an ALS node names its cells."""
    cells = node.als_cells if node.kind == ALS else node.cells
    return f"{cells_name(cells)}{'=' if on else '<>'}{node.digit}"


def chain_branch(board: Board, g: ChainGraph, path: list[int], on: bool, ends: str) -> Branch:
    """One branch of a forcing chain: the chain's nodes with alternating truth (the first with
    ``on``), each implied by the one before through a strong link (false -> true) or a weak one
    (true -> false)."""
    nodes = [g.node(i) for i in path]
    states = [on ^ bool(k & 1) for k in range(len(path))]
    implications = []
    for k in range(1, len(nodes)):
        implications.append({"move": move_text(nodes[k], states[k]),
                             "reason": _link_reason(board, nodes[k - 1], nodes[k], states[k]),
                             "from": [move_text(nodes[k - 1], states[k - 1])]})
    return {"assume": move_text(nodes[0], on), "implications": implications, "ends": ends}


def _link_reason(board: Board, a: Node, b: Node, b_on: bool) -> str:
    """Why ``b`` takes its value from ``a``: the house or cell that links them."""
    if a.kind == ALS or b.kind == ALS:
        return "almost locked set" + (": its other digits lock" if b_on else "")
    if a.digit == b.digit:
        both = a.cells | b.cells
        for h in board.geometry.house_ids:
            hm = board.geometry.house_mask[h]
            if both & hm == both:
                if b_on:
                    return f"the only other place for {a.digit} in {house_name(h)}"
                return f"{a.digit} once in {house_name(h)}"
        return "strong link" if b_on else "weak link"
    if a.cells == b.cells:
        return f"the only other digit of {cells_name(a.cells)}" if b_on else "one digit per cell"
    return "strong link" if b_on else "weak link"


__all__ = ["Branch", "Outline", "chain_branch", "move_text", "net_branch", "outline"]
