"""Sudoku Explainer rating (SE 1.2.1 as rated by serate 1.2.1.3): ER, EP, ED and the SE path.

ER is the hardest step of SE's own path; EP (pearl) the hardest step up to the
first placement; ED (diamond) the rating of the first step. The path is the one
SE takes: producers in SE's order, the first hint of the first producer that
yields is applied (see `sudoku_grader.se.solver`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..board import Board
from ..se.solver import SESolver
from ..se.steps import to_step

# SE hint names -> this package's technique ids (for paths and usage counts).
_TECHNIQUE_IDS = {
    "Full House": "full-house",
    "Hidden Single": "hidden-single",
    "Naked Single": "naked-single",
    "Direct Pointing": "se-direct-pointing",
    "Direct Claiming": "se-direct-claiming",
    "Direct Hidden Pair": "se-direct-hidden-pair",
    "Direct Hidden Triplet": "se-direct-hidden-triple",
    "Pointing": "locked-candidates-1",
    "Claiming": "locked-candidates-2",
    "Naked Pair": "naked-pair",
    "Naked Triplet": "naked-triple",
    "Naked Quad": "naked-quadruple",
    "Hidden Pair": "hidden-pair",
    "Hidden Triplet": "hidden-triple",
    "Hidden Quad": "hidden-quadruple",
    "X-Wing": "x-wing",
    "Swordfish": "swordfish",
    "Jellyfish": "jellyfish",
    "XY-Wing": "xy-wing",
    "XYZ-Wing": "xyz-wing",
    "Aligned Pair Exclusion": "aligned-pair-exclusion",
    "Aligned Triplet Exclusion": "aligned-triple-exclusion",
}
_PRODUCER_IDS = {
    "Unique Loops": "se-unique-loop",
    "BUG": "se-bug",
    "Nishio Forcing Chains": "se-nishio",
    "Multiple Forcing Chains": "se-cell-forcing-chains",
    "Dynamic Forcing Chains": "se-dynamic-forcing-chains",
    "Dynamic Forcing Chains (+)": "se-dynamic-forcing-chains-plus",
}


def technique_id(producer: str, name: str) -> str:
    """Our technique id for an SE step."""
    if name in _TECHNIQUE_IDS:
        return _TECHNIQUE_IDS[name]
    if producer in _PRODUCER_IDS:
        return _PRODUCER_IDS[producer]
    if producer == "Forcing Chains & Cycles":
        return "se-bidirectional-cycle" if "Cycle" in name or "X-Wing" in name else "se-forcing-chain"
    if producer.startswith("Nested"):
        return "se-nested-forcing-chains"
    return "se-" + name.lower().replace(" ", "-")


def se_rating(board: Board, progress: Callable[[int, float], Any] | None = None,
              cancel: Callable[[], bool] | None = None, max_seconds: float | None = None,
              with_steps: bool = False) -> dict[str, Any]:
    """Rate ``board`` as Sudoku Explainer 1.2.1 (serate) would.

    Returns ``er``, ``ep``, ``ed`` (one decimal), ``bottleneck`` (technique,
    index in the path, text), ``path`` (technique, name, SE difficulty, text of
    each step), ``usage`` (steps per technique) and ``seconds``. ``max_seconds``
    stops a very long search; ``complete`` then says False. ``er`` is 20.0 when
    SE's techniques cannot finish (serate's convention).
    """
    start = time.perf_counter()
    deadline = start + max_seconds if max_seconds else None
    res = SESolver().rate(board.copy(), progress=progress, cancel=cancel, deadline=deadline)
    path = []
    usage: dict[str, int] = {}
    bottleneck = None
    best = float("-inf")
    for i, st in enumerate(res["path"]):
        tid = technique_id(st["producer"], st["name"])
        usage[tid] = usage.get(tid, 0) + 1
        entry: dict[str, Any] = {"technique": tid, "name": st["name"], "se": st["difficulty"],
                                 "text": st["text"] or st["name"]}
        hint = st["hint"]
        if with_steps or not entry["text"] or entry["text"] == st["name"]:
            step = to_step(tid, hint)
            entry["text"] = step.text
            if with_steps:
                entry["step"] = step
        path.append(entry)
        if st["difficulty"] > best:
            best = st["difficulty"]
            bottleneck = {"technique": tid, "name": st["name"], "index": i, "text": entry["text"],
                          "se": st["difficulty"]}
    return {
        "er": res["er"], "ep": res["ep"], "ed": res["ed"],
        "bottleneck": bottleneck, "path": path, "usage": usage,
        "complete": not res["timed_out"], "solved": not res["failed"] and not res["timed_out"],
        "seconds": round(time.perf_counter() - start, 3),
        "variant": "SE 1.2.1 (serate 1.2.1.3)",
    }
