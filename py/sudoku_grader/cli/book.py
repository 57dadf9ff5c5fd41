"""The ``book`` command: a print-ready puzzle book as one self-contained HTML file.

``book -f puzzles.txt -o book.html [--per-page 1|2|4|6] [--paper a4|letter] [--title ...]
[--scale se,hodoku] [--no-answers] [--candidates [hardest|all]]`` prints the file's puzzles in order.
``--level hard --count 40`` or ``--sections easy:10,medium:10,hard:10`` draw puzzles by New game
level instead: from ``-f``/``--bank`` FILE or a ``--db`` store when given (shuffled by ``--seed``,
rated where a line carries no ratings), else from the generator; each section starts a page.
The book itself is built by `sudoku_grader.book`, as the app's *Print a book* builds it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from pathlib import Path

from ..book import BookOptions, BookPuzzle, Section, prepare, render, section_name
from ..errors import SudokuError
from ..levels import level_named
from . import checks
from .daily import Bank, Entry, Generator, read_bank, read_db


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The ``book`` subcommand's options."""
    p.add_argument("puzzles", nargs="*", metavar="PUZZLE", help="puzzles (or -f FILE, or standard input)")
    p.add_argument("-f", "--file", help="read puzzles from FILE, one a line ('-' = standard input)")
    p.add_argument("-o", "--out", default="book.html", help="the HTML file to write (default book.html)")
    p.add_argument("--per-page", type=int, default=4, choices=(1, 2, 4, 6), help="puzzles a page (default 4)")
    p.add_argument("--paper", default="a4", choices=("a4", "letter"), help="paper size (default a4)")
    p.add_argument("--title", default="Sudoku", help="the book's title")
    p.add_argument("--scale", "--scales", dest="scales", default="se,hodoku",
                   help="ratings printed by each puzzle (default se,hodoku)")
    p.add_argument("--answers", action=argparse.BooleanOptionalAction, default=True,
                   help="solutions at the back (default on; --no-answers leaves them out)")
    p.add_argument("--candidates", nargs="?", const="hardest", default="none", choices=("hardest", "all"),
                   help="print each empty cell's candidates on the hardest puzzles (expert and extreme), or all")
    p.add_argument("--level", help="draw --count puzzles of this New game level (easy ... extreme, six)")
    p.add_argument("--count", type=checks.count("--count", 1, 100000), default=None,
                   help="how many puzzles of --level (default 10)")
    p.add_argument("--sections", metavar="LEVEL:N,...", help="sections by level, e.g. easy:10,medium:10,hard:10")
    p.add_argument("--bank", metavar="FILE", help="draw --level/--sections puzzles from this file")
    p.add_argument("--db", metavar="FILE", help="draw --level/--sections puzzles from a `rate --db` store")
    p.add_argument("--seed", type=int, default=0, help="seed for drawing or generating (default 0)")
    p.add_argument("--time-limit", type=checks.seconds("--time-limit"), default=120.0,
                   help="seconds to rate one puzzle (default 120)")
    p.add_argument("--timeout", type=checks.seconds("--timeout"), default=600.0,
                   help="seconds the generator may look for one puzzle")


def parse_sections(spec: str) -> list[tuple[str, int]]:
    """``easy:10,hard:5`` -> [("easy", 10), ("hard", 5)]."""
    out = []
    for part in spec.split(","):
        if not part.strip():
            continue
        name, sep, n = part.partition(":")
        if not sep or not n.strip().isdigit() or int(n) < 1:
            raise SudokuError(f"--sections: {part.strip()!r} is not LEVEL:COUNT (e.g. hard:10)")
        out.append((level_named(name).id, int(n)))
    if not out:
        raise SudokuError("--sections names no level")
    return out


def _drawn(args: argparse.Namespace, wanted: list[tuple[str, int]], entries: list[Entry] | None) -> list[Section]:
    bank = Bank(entries, args.seed, args.time_limit, _say) if entries is not None else None
    gen = None if bank is not None else Generator(args.seed, args.timeout, _say)
    used: set[str] = set()
    sections = []
    for level, count in wanted:
        got: list[BookPuzzle] = []
        while len(got) < count:
            entry = bank.take(level) if bank is not None else gen.make(f"book{len(used)}", level, used) if gen else None
            if entry is None:
                where = "the bank has" if bank is not None else "the generator found"
                raise SudokuError(f"{where} only {len(got)} {level} puzzles of the {count} asked for")
            if entry.line in used:
                continue
            used.add(entry.line)
            try:
                got.append(prepare(entry.text, "", args.time_limit))
            except SudokuError as e:
                _say(f"skipped {entry.line}: {e}")
        sections.append(Section(section_name(level), got))
        _say(f"{section_name(level)}: {len(got)} puzzles")
    return sections


def _say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def run(args: argparse.Namespace, items: Iterable[tuple[int, str]] | None) -> int:
    """Write the book; 0 when every puzzle went in, 1 when some were skipped or none could."""
    try:
        opts = BookOptions(title=args.title, per_page=args.per_page, paper=args.paper, scales=args.scales,
                           answers=args.answers, candidates=args.candidates)
        wanted = (parse_sections(args.sections) if args.sections
                  else [(level_named(args.level).id, args.count or 10)] if args.level else None)
        if args.count is not None and not args.level:
            raise SudokuError("--count goes with --level")
        if wanted is None and (args.bank or args.db):
            raise SudokuError("--bank and --db go with --level or --sections")
        entries = None
        if wanted is not None:
            if args.bank or (args.file and args.file != "-"):
                entries = list(read_bank(args.bank or args.file))
            elif args.db:
                entries = list(read_db(args.db))
    except SudokuError as e:
        _say(f"error: {e}")
        return 2
    bad: list[str] = []
    try:
        if wanted is not None:
            page = render(_drawn(args, wanted, entries), opts)
            count = sum(n for _, n in wanted)
        else:
            puzzles = []
            for n, text in items or []:
                try:
                    puzzles.append(prepare(text, "", args.time_limit))
                except (SudokuError, RecursionError) as e:
                    bad.append(f"line {n}: {e}")
            page, count = render([Section("", puzzles)], opts), len(puzzles)
    except SudokuError as e:
        _say(f"error: {e}")
        return 1
    for line in bad:
        _say(f"skipped {line}")
    if not count:
        _say("error: no puzzle could go into the book")
        return 1
    out = Path(args.out)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(page, encoding="utf-8")
    except OSError as e:
        _say(f"error: cannot write {out}: {e.strerror}")
        return 2
    _say(f"wrote {out} ({count} puzzles, {len(page) // 1024} KB); open it in a browser and print it")
    return 1 if bad else 0
