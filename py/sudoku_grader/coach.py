"""The coach: which technique justifies a player's move, from the position before it.

A move (a placed digit, or a candidate the player removed) is judged in the player's own
position: their digits and their own marks (cells without marks count every digit the filled
cells allow). The easiest technique of the default path that has a step containing the move
names it. A wrong move says so; a right move that no technique reaches from these marks was a
guess; a search that runs past its time budget gives up with "beyond the simple techniques"
rather than keep a player waiting.
"""

from __future__ import annotations

import time
from typing import Any

from .engine import gain
from .errors import SudokuError
from .formats import parse_position
from .geometry import cell_name, house_name, parse_cell
from .solver import solve as exact
from .techniques import default_order

__all__ = ["BUDGET", "coach"]

BUDGET = 0.25  # seconds of search before the coach gives up


def _line(name: str, text: str) -> str:
    first = text.split(": ", 1)[-1] if text.startswith(name) else text
    return f"{name}: {first}"


def coach(text: str, move: dict[str, Any], budget: float = BUDGET) -> dict[str, Any]:
    """Judge one move made from the position ``text`` (any format `formats.parse_position` reads).

    ``move`` is ``{"cell": "r4c7", "digit": 5, "kind": "placement" | "elimination"}``. The answer's
    ``verdict`` is ``technique`` (``technique``, ``name``, the ``step``), ``rules`` (the digit is
    already in a house the cell sees), ``wrong``, ``guess``, ``beyond`` (the budget ran out),
    ``broken`` (the position had a mistake already) or ``nothing`` (the candidate was not there);
    ``line`` says it in one sentence."""
    if not isinstance(move, dict):
        raise SudokuError('a move is {"cell": "r4c7", "digit": 5, "kind": "placement" or "elimination"}')
    try:
        cell = parse_cell(str(move.get("cell", "")))
        digit = int(move.get("digit", 0))
    except (TypeError, ValueError):
        raise SudokuError('a move is {"cell": "r4c7", "digit": 5, "kind": "placement" or "elimination"}') from None
    kind = move.get("kind", "placement")
    if kind not in ("placement", "elimination") or not 1 <= digit <= 9:
        raise SudokuError('a move is {"cell": "r4c7", "digit": 5, "kind": "placement" or "elimination"}')
    pos = parse_position(text)
    name = f"{cell_name(cell)}={digit}" if kind == "placement" else f"{cell_name(cell)}<>{digit}"
    solved = exact(pos.givens)
    if solved.status != "unique":
        raise SudokuError("the coach needs a puzzle with exactly one solution")
    solution = solved.solutions[0]
    out: dict[str, Any] = {"move": name}
    if kind == "placement" and solution[cell] != digit:
        return {**out, "verdict": "wrong", "line": f"{name} is wrong: {digit} does not belong in {cell_name(cell)}."}
    if kind == "elimination" and solution[cell] == digit:
        return {**out, "verdict": "wrong", "line": f"{name} is wrong: {cell_name(cell)} is {digit}."}
    digits = pos.digits()
    if any(p and p != solution[c] for c, p in enumerate(pos.placed)) or any(
            m and not digits[c] and not m >> (solution[c] - 1) & 1 for c, m in enumerate(pos.marks)):
        return {**out, "verdict": "broken",
                "line": "Right, but the position before it had a mistake, so no technique can be named."}
    board = pos.board()
    if kind == "elimination":
        g = board.geometry
        for house in g.cell_houses[cell]:
            for other in g.houses[house]:
                if board.values[other] == digit:
                    line = f"{digit} is already in {house_name(house)}, so {cell_name(cell)} cannot be {digit}."
                    return {**out, "verdict": "rules", "line": line}
        if not board.has_candidate(cell, digit):
            return {**out, "verdict": "nothing", "line": f"{digit} was not a candidate of {cell_name(cell)}."}
    if kind == "placement" and board.values[cell]:
        return {**out, "verdict": "nothing", "line": f"{cell_name(cell)} was filled already."}
    wanted = (cell, digit)
    started = time.perf_counter()
    for t in default_order():
        if t.family == "se-chains":
            continue
        if time.perf_counter() - started > budget:
            return {**out, "verdict": "beyond", "seconds": round(time.perf_counter() - started, 4),
                    "line": "Beyond the simple techniques: no easy step gives this move."}
        for s in t.steps(board):
            if wanted in (s.placements if kind == "placement" else s.eliminations) and gain(board, s):
                return {**out, "verdict": "technique", "technique": t.id, "name": t.name, "step": s.to_json(),
                        "line": _line(t.name, s.text), "seconds": round(time.perf_counter() - started, 4)}
    return {**out, "verdict": "guess", "seconds": round(time.perf_counter() - started, 4),
            "line": "Not deducible yet from your candidates: a guess that happened to be right."}
