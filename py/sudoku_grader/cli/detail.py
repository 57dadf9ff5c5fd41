"""``--detail``: what the page shows beside a step or a scale, for the command line (issue 32).

``explain --detail`` prints, under a forcing chain or net step, its outline (the step JSON's
``"net"``: each case of the premise with its implications in order, the reason of each and the
moves it follows from; a nested net's inner proof indented below its implication), and under each
scale's rating its hardest step and, when its technique set ran out before the grid was solved,
where and what the default path used there. ``rate --detail`` and ``explain --detail --json`` add
each scale's own path and that stop to the JSON (`ratings.walk_detail`).
"""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import SudokuError

HELP = ("explain: each forcing chain or net step's outline and each scale's hardest step and why it "
        "stopped; rate and explain --json: each scale's own path and where its techniques ran out")


def add_detail_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("--detail", action="store_true", help=HELP)


def check_detail(args: argparse.Namespace, fmt: str) -> None:
    """A clear usage error where the detail cannot go: a CSV row or the rating store."""
    if not getattr(args, "detail", False):
        return
    if fmt == "csv":
        raise SudokuError("--detail adds each scale's own path, which a CSV row cannot hold; "
                          "use --format jsonl (or --json)")
    if getattr(args, "db", None) or getattr(args, "export", None) or getattr(args, "cluster", None):
        raise SudokuError("--detail is for reading one run's output; it is not stored: drop --db, "
                          "--export and --cluster, or drop --detail")


def net_lines(net: dict[str, Any], indent: str = "      ") -> list[str]:
    """A net's outline as indented text: premise, each branch's implications, how it ends, what follows."""
    if net.get("kind") == "verity":
        lines = [f"{indent}Net: one of {net['premise']} holds, and each leads to {net['conclusion']}"]
    else:
        lines = [f"{indent}Net: assume {net['premise']}; it leads to a contradiction"]
    for k, branch in enumerate(net.get("branches", []), 1):
        lines.append(f"{indent}  Branch {k}: {branch['assume']}")
        for i, imp in enumerate(branch.get("implications", []), 1):
            source = f"; from {', '.join(imp['from'])}" if imp.get("from") else ""
            lines.append(f"{indent}    {i}. {imp['move']}  ({imp['reason']}{source})")
            if isinstance(imp.get("net"), dict):
                lines += net_lines(imp["net"], indent + "       ")
        lines.append(f"{indent}    ends: {branch['ends']}")
    if net.get("contradiction"):
        lines.append(f"{indent}  Contradiction: {net['contradiction']}")
    lines.append(f"{indent}  So: {net['conclusion']}")
    return lines


def scale_lines(rating: dict[str, Any], indent: str = "      ") -> list[str]:
    """A scale's hardest step and, when its technique set ran out, where and what the default path did."""
    lines: list[str] = []
    hardest = rating.get("hardest") or rating.get("bottleneck")
    if isinstance(hardest, dict) and (hardest.get("name") or hardest.get("technique")):
        where = f" (step {hardest['index'] + 1} of its own path)" if isinstance(hardest.get("index"), int) else ""
        lines.append(f"{indent}hardest step: {hardest.get('name') or hardest['technique']}{where}")
    short = rating.get("stopped_short")
    if isinstance(short, dict):
        nxt = short.get("default_next")
        there = (f"; the default path takes {nxt.get('name') or nxt.get('technique')} there" if isinstance(nxt, dict)
                 else "; the default path is stuck there too")
        lines.append(f"{indent}stopped after {short.get('after')} steps: nothing in its technique set applied"
                     f" ({short.get('why') or 'no step found'}){there}")
    return lines


__all__ = ["add_detail_argument", "check_detail", "net_lines", "scale_lines"]
