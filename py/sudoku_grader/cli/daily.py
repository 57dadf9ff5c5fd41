"""The ``daily`` command: a puzzle of the day for a static site, with no server.

``daily -o site/daily/ --from 2027-01-01 --days 365 [--levels mon=easy,...,sun=extreme] [--seed N]
[--bank FILE | --db FILE]`` writes ``YYYY-MM-DD.json`` per day (``embed``'s JSON plus ``date``,
``level`` and ``level_name``), ``index.json`` (``[{"date", "level", "puzzle"}, ...]``) and
``archive.html`` (every day, and the element showing the one picked). ``<sudoku-grader
daily="...">`` reads them in the reader's browser and shows the reader's own day.

Levels are the app's New game levels (`levels.LEVELS`). Puzzles come from a bank file (one puzzle a
line, rated on SE and HoDoKu here when the line does not carry its ratings; or JSON lines of ``rate``
/ ``generate --json`` output), from a ``rate --db`` store, or else from the generator. The bank is
shuffled by the seed and drawn in that order, the generator is seeded per day from it, and a puzzle
is never used twice in a feed: the same command and seed write the same feed.
"""

from __future__ import annotations

import argparse
import html
import json
import random
import sys
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from .. import __version__, api
from ..bank import timed
from ..bank.store import Store, is_store
from ..errors import SudokuError
from ..formats import to_line
from ..generator import generate_level
from ..levels import BY_ID, LEVELS, level_named, level_of
from ..ratings import Settings
from .checks import seconds
from .embed import embed_data

WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
DEFAULT_LEVELS = "mon=easy,tue=easy,wed=medium,thu=medium,fri=hard,sat=expert,sun=extreme"
LEVEL_SCALES = ["se", "hodoku"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The ``daily`` subcommand's options."""
    p.add_argument("-o", "--out", default="daily", help="output folder (default daily/)")
    p.add_argument("--from", dest="start", default=None, metavar="YYYY-MM-DD", help="first day (default today)")
    p.add_argument("--days", type=int, default=7, help="how many days (default 7)")
    p.add_argument("--levels", default=DEFAULT_LEVELS,
                   help=f"level per weekday, or one level for every day (default {DEFAULT_LEVELS}); "
                        f"levels: {', '.join(BY_ID)}")
    p.add_argument("--seed", type=int, default=0, help="the feed's seed (default 0): same seed, same feed")
    src = p.add_mutually_exclusive_group()
    src.add_argument("--bank", metavar="FILE", help="draw from this file of puzzles (text or JSON lines)")
    src.add_argument("--db", metavar="FILE", help="draw from a `rate --db` store (puzzles rated on se and hodoku)")
    p.add_argument("--time-limit", type=seconds("--time-limit"), default=120.0,
                   help="seconds to rate one bank puzzle's level (default 120); past it the puzzle is not used")
    p.add_argument("--timeout", type=seconds("--timeout"), default=600.0,
                   help="seconds the generator may look for one day's puzzle (default 600)")
    p.add_argument("--base", default="/grader/", help="URL of the app's dist/ (archive.html loads the element)")
    p.add_argument("--title", default="Puzzle of the day", help="title of archive.html")


def parse_levels(spec: str) -> dict[int, str]:
    """``mon=easy,...`` (days not named keep the default) or one level for every day -> weekday -> id."""
    spec = spec.strip()
    if "=" not in spec:
        one = level_named(spec).id
        return dict.fromkeys(range(7), one)
    out = parse_levels_default()
    for part in spec.split(","):
        if not part.strip():
            continue
        day, sep, name = part.partition("=")
        key = day.strip().lower()[:3]
        if not sep or key not in WEEKDAYS:
            raise SudokuError(f"--levels: {part.strip()!r} is not DAY=LEVEL (days {', '.join(WEEKDAYS)})")
        out[WEEKDAYS.index(key)] = level_named(name).id
    return out


def parse_levels_default() -> dict[int, str]:
    return {WEEKDAYS.index(d): lv for d, lv in (p.split("=") for p in DEFAULT_LEVELS.split(","))}


def schedule(start: date, days: int, levels: dict[int, str]) -> list[tuple[date, str]]:
    """Each day of the feed with its level."""
    return [(d, levels[d.weekday()]) for d in (start + timedelta(days=i) for i in range(days))]


# ---------------------------------------------------------------- sources
@dataclass
class Entry:
    """One bank puzzle: its 81- (or 36-) character line, the text to embed, and its ratings if known."""

    line: str
    text: str
    ratings: dict[str, Any] | None


def _canonical(text: str) -> tuple[str, int]:
    board = api.load(text)
    return to_line(board), board.geometry.size


def read_bank(path: str) -> Iterator[Entry]:
    """The puzzles of a bank: a text file (one puzzle a line, its label kept), JSON lines carrying
    ``puzzle`` and perhaps ``ratings``, a JSON list of such objects or puzzle strings (or an object
    holding one under ``puzzles``), or a folder of such files (the app's ``web/bank/``).
    Unreadable lines are skipped with a message."""
    folder = Path(path)
    if folder.is_dir():
        files = sorted(p for p in folder.iterdir() if p.suffix in (".txt", ".json", ".jsonl"))
        if not files:
            raise SudokuError(f"{path} holds no .txt, .json or .jsonl bank file")
        for f in files:
            yield from read_bank(str(f))
        return
    try:
        text = folder.read_text(encoding="utf-8", errors="replace")
    except OSError as e:
        raise SudokuError(f"cannot read {path}: {e.strerror}") from None
    items: list[tuple[int, Any]] = []
    whole = _json_document(text)
    if whole is not None:
        items = list(enumerate(whole, 1))
    else:
        for n, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("{"):
                try:
                    items.append((n, json.loads(line)))
                except ValueError:
                    print(f"{path}: line {n}: not a JSON object with a puzzle; skipped", file=sys.stderr)
                continue
            items.append((n, line))
    for n, item in items:
        ratings: dict[str, Any] | None = None
        if isinstance(item, dict):
            if not isinstance(item.get("puzzle"), str):
                print(f"{path}: item {n}: no puzzle; skipped", file=sys.stderr)
                continue
            ratings = item.get("ratings") if isinstance(item.get("ratings"), dict) else None
            item = item["puzzle"] + (f"  # {item['label']}" if item.get("label") else "")
        if not isinstance(item, str):
            print(f"{path}: item {n}: not a puzzle; skipped", file=sys.stderr)
            continue
        try:
            line, _ = _canonical(item)
        except SudokuError as e:
            print(f"{path}: line {n}: {e}; skipped", file=sys.stderr)
            continue
        yield Entry(line, item, ratings)


def _json_document(text: str) -> list[Any] | None:
    """The items of a bank that is one JSON document (a list, or an object with a ``puzzles``
    list), else None (text or JSON lines)."""
    head = text.lstrip()[:1]
    if head not in ("[", "{"):
        return None
    try:
        doc = json.loads(text)
    except ValueError:
        return None  # JSON lines, or a text file
    if isinstance(doc, dict):
        doc = doc.get("puzzles")
    return doc if isinstance(doc, list) else None


def read_db(path: str) -> Iterator[Entry]:
    """The puzzles a ``rate --db`` store holds with both SE and HoDoKu ratings."""
    if not is_store(path):
        raise SudokuError(f"{path} is not an SQLite ratings store (made by `rate --db`)")
    store = Store(path)
    try:
        for r in store.results():
            ratings = r.get("ratings") or {}
            if r.get("status") == "unique" and all(s in ratings for s in LEVEL_SCALES):
                yield Entry(str(r["puzzle"]), str(r["puzzle"]), ratings)
    finally:
        store.close()


class Bank:
    """Bank puzzles by level, drawn in the seed's shuffled order; unrated ones are rated on demand."""

    def __init__(self, entries: list[Entry], seed: int, time_limit: float, say: Callable[[str], None]) -> None:
        unique: dict[str, Entry] = {}
        for e in entries:
            unique.setdefault(e.line, e)
        order = sorted(unique.values(), key=lambda e: e.line)
        random.Random(seed).shuffle(order)
        self.waiting = deque(order)
        self.pools: dict[str, deque[Entry]] = {lv.id: deque() for lv in LEVELS}
        self.time_limit = time_limit
        self.say = say
        self.rated = 0

    def take(self, level: str) -> Entry | None:
        """The next puzzle of ``level``, rating bank lines until one is found; None when none is left."""
        while not self.pools[level] and self.waiting:
            e = self.waiting.popleft()
            if e.ratings is None or not all(s in e.ratings for s in LEVEL_SCALES):
                out = timed.rate(e.text, Settings(tuple(LEVEL_SCALES)), self.time_limit)
                self.rated += 1
                e.ratings = out.get("ratings") or {}
                if self.rated % 25 == 0:
                    self.say(f"rated {self.rated} bank puzzles to find their levels")
            found = level_of(e.ratings, 6 if len(e.line) == 36 else 9)
            if found is not None:
                self.pools[found].append(e)
        return self.pools[level].popleft() if self.pools[level] else None


class Generator:
    """Puzzles from the generator, each day seeded from the feed's seed and the date."""

    def __init__(self, seed: int, timeout: float, say: Callable[[str], None]) -> None:
        self.seed, self.timeout, self.say = seed, timeout, say

    def make(self, key: str, level: str, used: set[str]) -> Entry | None:
        """A puzzle of ``level`` not in ``used``, seeded by the feed's seed and ``key`` (the date)."""
        rng = random.Random(f"{self.seed}:{key}:{level}")
        for _ in range(20):
            made = generate_level(level, seed=rng.randrange(2**31), timeout=self.timeout)
            if made is None:
                return None
            if made.puzzle not in used:
                return Entry(made.puzzle, made.puzzle, None)
        return None


# ---------------------------------------------------------------- pages
def archive_page(title: str, base: str, days: list[dict[str, Any]]) -> str:
    """Every day of the feed (days after the reader's today hidden by a line of script) and the
    element, which shows the day a link names (``#YYYY-MM-DD``) or today."""
    rows = []
    for d in reversed(days):
        when = date.fromisoformat(d["date"])
        shown = f"{when:%a} {when.day} {when:%b %Y}"
        rows.append(f'<li data-day="{d["date"]}"><a href="#{d["date"]}">{shown}</a> '
                    f'<span class="level">{html.escape(BY_ID[d["level"]].name)}</span></li>')
    return (
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}: archive</title>\n"
        f'<script type="module" src="{html.escape(base)}web/embed.js"></script>\n'
        "<style>body{font:16px/1.5 system-ui,sans-serif;max-width:760px;margin:0 auto;padding:16px}"
        "sudoku-grader{display:block;max-width:100%}ul{list-style:none;padding:0;columns:14em}"
        "li a{display:inline-block;min-height:44px;line-height:44px}.level{color:#555}</style>\n"
        "</head>\n<body>\n"
        f"<h1>{html.escape(title)}</h1>\n"
        '<sudoku-grader daily="./"></sudoku-grader>\n'
        "<h2>Every day</h2>\n"
        f'<ul class="days">\n{chr(10).join(rows)}\n</ul>\n'
        "<script>(()=>{const d=new Date(),p=n=>String(n).padStart(2,'0');"
        "const t=`${d.getFullYear()}-${p(d.getMonth()+1)}-${p(d.getDate())}`;"
        "for(const li of document.querySelectorAll('li[data-day]'))li.hidden=li.dataset.day>t;})();</script>\n"
        f"<p>Made with <code>python -m sudoku_grader daily</code> (sudoku-grader {__version__}).</p>\n"
        "</body>\n</html>\n")


# ---------------------------------------------------------------- the command
def run(args: argparse.Namespace) -> int:
    """Write the feed; 0 when every day was written, 1 when the source ran out or a puzzle failed."""

    def say(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    try:
        start = date.fromisoformat(args.start) if args.start else date.today()
    except ValueError:
        say(f"error: --from {args.start!r} is not a date YYYY-MM-DD")
        return 2
    if args.days < 1:
        say("error: --days must be at least 1")
        return 2
    try:
        levels = parse_levels(args.levels)
        entries = (list(read_bank(args.bank)) if args.bank else list(read_db(args.db)) if args.db else None)
    except SudokuError as e:
        say(f"error: {e}")
        return 2
    if entries is not None and not entries:
        say(f"error: {args.bank or args.db} holds no puzzle")
        return 2
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        say(f"error: cannot create {out}: {e.strerror}")
        return 2
    base = args.base if args.base.endswith("/") else args.base + "/"
    bank = Bank(entries, args.seed, args.time_limit, say) if entries is not None else None
    gen = Generator(args.seed, args.timeout, say) if bank is None else None
    seen: set[str] = set()  # used in the feed, or tried and refused
    days: list[dict[str, Any]] = []
    failed = ""
    for day, level in schedule(start, args.days, levels):
        data = None
        while data is None:
            entry = bank.take(level) if bank is not None else gen.make(day.isoformat(), level, seen) if gen else None
            if entry is None:
                failed = (f"{day}: the bank has no {level} puzzle left" if bank is not None
                          else f"{day}: the generator found no {level} puzzle within {args.timeout:g} s")
                break
            if entry.line in seen:
                continue
            seen.add(entry.line)
            try:
                data = embed_data(entry.text)
            except (SudokuError, RecursionError) as e:
                say(f"{day}: skipped {entry.line} ({e})")
        if data is None:
            break
        data.update({"date": day.isoformat(), "level": level, "level_name": BY_ID[level].name})
        (out / f"{day.isoformat()}.json").write_text(json.dumps(data, separators=(",", ":")) + "\n")
        days.append({"date": day.isoformat(), "level": level, "puzzle": data["puzzle"]})
        if len(days) % 10 == 0:
            say(f"{len(days)} of {args.days} days written")
    if days:
        (out / "index.json").write_text("[\n" + ",\n".join(json.dumps(d) for d in days) + "\n]\n")
        (out / "archive.html").write_text(archive_page(args.title, base, days))
    if failed:
        say(f"error: {failed}; wrote {len(days)} of {args.days} days")
        return 1
    say(f"wrote {len(days)} days ({days[0]['date']} to {days[-1]['date']}) to {out}/: YYYY-MM-DD.json, "
        f"index.json, archive.html; show them with <sudoku-grader daily=\"...\"> from {base}web/embed.js")
    return 0
