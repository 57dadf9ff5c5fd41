"""Command line: ``python -m sudoku_grader solve|explain|steps|rate ...``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator

from . import api
from .ratings import cli as rating_cli


def _inputs(args: argparse.Namespace) -> Iterator[tuple[int, str]]:
    if args.puzzles:
        for i, p in enumerate(args.puzzles, 1):
            yield i, p
        return
    stream = open(args.file, encoding="utf-8", errors="replace") if args.file else sys.stdin
    with stream:
        for i, line in enumerate(stream, 1):
            if line.strip():
                yield i, line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sudoku_grader", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("solve", "explain", "steps", "rate", "hint"):
        p = sub.add_parser(name)
        p.add_argument("puzzles", nargs="*")
        p.add_argument("-f", "--file")
        p.add_argument("--json", action="store_true")
        if name == "steps":
            p.add_argument("--technique")
        if name == "rate":
            rating_cli.add_rate_arguments(p)
    rating_cli.add_compare_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "rate":
        return rating_cli.run_rate(args, _inputs(args))
    if args.command == "compare":
        return rating_cli.run_compare(args)
    status = 0
    for _lineno, text in _inputs(args):
        if args.command == "steps":
            out = api.steps(text, args.technique)
        else:
            out = getattr(api, args.command)(text)
        if args.command == "explain":
            out = rating_cli.annotate_explain(out, text)
        if out.get("status") in ("invalid", "none", "multiple"):
            status = 1
        print(json.dumps(out))
    return status
