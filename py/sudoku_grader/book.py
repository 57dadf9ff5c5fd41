"""Print-ready puzzle books: one self-contained HTML file (no network, system fonts) that prints
cleanly from any browser.

A title page, then the puzzles N to a page (1, 2, 4 or 6), each numbered, headed by its label and
the chosen ratings, never split across pages (each page is a fixed box of the paper's printable
size with ``break-after: page``); sections (by level) start on a new page; the solutions at the
back, twelve small grids a page; optionally each empty cell's candidates on the hardest puzzles.
The command line (``book``) and the app's *Print a book* (through the worker) both build it here.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import __version__, api
from .bank import timed
from .errors import SudokuError
from .formats import parse, to_line
from .levels import BY_ID as LEVELS_BY_ID
from .levels import level_of
from .ratings import BY_ID as SCALES_BY_ID
from .ratings import PAGES, parse_scales

#: Paper sizes in mm (width, height) and the margin every page keeps.
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN = 12.0
PER_PAGE = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}  # columns, rows
ANSWERS_PER_PAGE = (3, 4)
HARDEST = ("expert", "extreme")
#: The scales every puzzle is rated on, whatever is shown: they give its level.
LEVEL_SCALES = ("se", "hodoku")


@dataclass
class BookOptions:
    """What the book holds and how it looks."""

    title: str = "Sudoku"
    per_page: int = 4
    paper: str = "a4"
    scales: list[str] = field(default_factory=lambda: ["se", "hodoku"])
    answers: bool = True
    candidates: str = "none"  # none, hardest (expert and extreme), all

    def __post_init__(self) -> None:
        if self.per_page not in PER_PAGE:
            raise SudokuError(f"{self.per_page} puzzles a page: choose from {', '.join(map(str, PER_PAGE))}")
        self.paper = self.paper.strip().lower()
        if self.paper not in PAPERS:
            raise SudokuError(f"paper {self.paper!r}: choose from {', '.join(PAPERS)}")
        self.scales = parse_scales(self.scales)
        if self.candidates not in ("none", "hardest", "all"):
            raise SudokuError(f"candidates {self.candidates!r}: choose from none, hardest, all")


@dataclass
class BookPuzzle:
    """One puzzle as the book prints it."""

    puzzle: str  # one line, "." for blanks
    solution: str
    label: str
    ratings: dict[str, Any]
    level: str | None
    size: int
    box: tuple[int, int]
    candidates: list[int]  # per cell (grid order), the 9-bit mask the givens leave


def prepare(text: str, label: str = "", time_limit: float | None = None,
            ratings: dict[str, Any] | None = None) -> BookPuzzle:
    """Rate one puzzle on every scale (its level needs SE and HoDoKu), unless ``ratings`` already
    holds them, and note its candidates; `SudokuError` when it is not a puzzle with one solution."""
    parsed = parse(text)
    board = parsed.board
    g = board.geometry
    if ratings is not None:
        out = api.solve(text)
        out["ratings"] = ratings
    else:
        out = timed.rate(text, None, time_limit)
    if out.get("status") not in ("unique", "timeout"):
        raise SudokuError(out.get("error") or f"the puzzle has {out.get('status')} solutions")
    ratings = out.get("ratings") or {}
    return BookPuzzle(
        puzzle=to_line(board),
        solution=str(out.get("solution", "")),
        label=label or (parsed.label if parsed.format == "line" else ""),
        ratings=ratings,
        level=level_of(ratings, g.size),
        size=g.size,
        box=g.box,
        candidates=list(g.gather(board.cands)),
    )


# ---------------------------------------------------------------- drawing
def rating_text(p: BookPuzzle, scales: Sequence[str]) -> str:
    """``SE 4.5 · HoDoKu Hard (1120)``: each chosen scale by its short label (its `Page.headline`) with
    its number and level, as its record names them."""
    parts = []
    for sid in scales:
        r = p.ratings.get(sid)
        scale = SCALES_BY_ID.get(sid)
        if not isinstance(r, dict) or scale is None or "unsupported" in r:
            continue
        headline = PAGES[sid].headline
        name = headline[0] if headline else scale.name
        if r.get("status") == "timeout":
            bound = (r.get("at_least") or {}).get(scale.number)
            parts.append(f"{name} ≥ {_number(bound)}" if bound is not None else f"{name} ?")
            continue
        number = _number(r[scale.number]) if scale.number in r else ""
        level = r.get(scale.level) if scale.level and isinstance(r.get(scale.level), str) else ""
        shown = f"{level} ({number})" if level and number else level or number
        if shown:
            parts.append(f"{name} {shown}")
    return " · ".join(parts)


def _number(v: Any) -> str:
    return f"{v:.1f}" if isinstance(v, float) else str(v)


def grid_html(p: BookPuzzle, mm: float, digits: str, givens: str | None = None, marks: bool = False,
              number: int | None = None) -> str:
    """A table of the grid ``mm`` wide: ``digits`` in its cells (givens bold when ``givens`` is
    given, i.e. in an answer), each empty cell's candidates in small type when ``marks``."""
    n, (br, bc) = p.size, p.box
    cell = mm / n
    rows = []
    for r in range(n):
        tds = []
        for c in range(n):
            i = r * n + c
            cls = [k for k, on in (("bt", r % br == 0), ("bl", c % bc == 0), ("bb", r == n - 1),
                                   ("br", c == n - 1)) if on]
            ch = digits[i] if i < len(digits) else "."
            if ch not in ".0":
                if givens is not None and givens[i] not in ".0":
                    cls.append("gv")
                tds.append(f'<td class="{" ".join(cls)}">{ch}</td>')
            elif marks:
                mask = p.candidates[i]
                cols = bc if n == 6 else 3
                ms = "".join(f"<i>{d if mask >> (d - 1) & 1 else ''}</i>" for d in range(1, n + 1))
                mr = -(-n // cols)
                tds.append(f'<td class="{" ".join(cls + ["mk"])}"><b style="--mc:{cols};--mr:{mr}">{ms}</b></td>')
            else:
                tds.append(f'<td class="{" ".join(cls)}"></td>')
        rows.append("<tr>" + "".join(tds) + "</tr>")
    attrs = f' data-puzzle="{p.puzzle}"' if number is not None else ""
    return (f'<table class="g"{attrs} style="--cell:{cell:.2f}mm">' + "".join(rows) + "</table>")


STYLE = """
*{box-sizing:border-box}
html{background:#888}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#000}
.page{width:var(--pw);height:var(--ph);margin:8mm auto;padding:0;background:#fff;overflow:hidden;
 display:flex;flex-direction:column;break-after:page;page-break-after:always;box-shadow:0 0 4mm #0005;
 outline:var(--margin) solid #fff}
.page:last-child{break-after:auto;page-break-after:auto}
.head,.foot{display:flex;justify-content:space-between;font-size:3.2mm;color:#444;height:6mm;align-items:center}
.foot{justify-content:center}
.body{flex:1;display:grid;grid-template-columns:repeat(var(--cols),1fr);grid-template-rows:repeat(var(--rows),1fr);
 gap:4mm;align-items:center;justify-items:center;min-height:0}
.pz{break-inside:avoid;page-break-inside:avoid;display:flex;flex-direction:column;align-items:center}
.pz h2{font-size:4mm;margin:0 0 .8mm;font-weight:600;text-align:center}
.pz .r{font-size:3mm;margin:0 0 1.6mm;color:#333;text-align:center}
.ans h2{font-size:3mm;margin:0 0 .5mm}
table.g{border-collapse:collapse;table-layout:fixed}
table.g td{width:var(--cell);height:var(--cell);padding:0;text-align:center;vertical-align:middle;
 border:.2mm solid #777;font-size:calc(var(--cell) * .62);line-height:1}
table.g td.bt{border-top:.6mm solid #000}table.g td.bl{border-left:.6mm solid #000}
table.g td.bb{border-bottom:.6mm solid #000}table.g td.br{border-right:.6mm solid #000}
.ans table.g td{color:#555}.ans table.g td.gv{color:#000;font-weight:700}
td.mk b{display:grid;grid-template-columns:repeat(var(--mc),1fr);grid-template-rows:repeat(var(--mr),1fr);
 font-weight:400;width:var(--cell);height:var(--cell);padding:.4mm}
td.mk i{font-style:normal;font-size:calc(var(--cell) * .24);color:#555;display:flex;align-items:center;
 justify-content:center}
.title{justify-content:center;align-items:center;text-align:center}
.title h1{font-size:14mm;margin:0 0 8mm}
.title p{font-size:4.5mm;margin:1.5mm 0}
.title ul{list-style:none;padding:0;font-size:4.5mm}
@media print{html{background:none}.page{margin:0;box-shadow:none;outline:none}}
"""


@dataclass
class Section:
    """Puzzles under one heading (a level's name; "" for a book without sections)."""

    name: str
    puzzles: list[BookPuzzle]


def render(sections: Sequence[Section], opts: BookOptions) -> str:
    """The book's HTML: title page, puzzle pages, answer pages."""
    pw, ph = PAPERS[opts.paper]
    w, h = pw - 2 * MARGIN, ph - 2 * MARGIN - 0.5  # a hair under the page, so no page spills over
    cols, rows = PER_PAGE[opts.per_page]
    cell_w, cell_h = (w - 4 * (cols - 1)) / cols, (h - 12 - 4 * (rows - 1)) / rows
    grid_mm = min(cell_w, cell_h - 14) * 0.96
    total = sum(len(s.puzzles) for s in sections)
    pages: list[str] = []
    contents: list[str] = []
    number = 0
    numbered: list[tuple[int, BookPuzzle]] = []
    for s in sections:
        first_page = len(pages) + 2
        start = number + 1
        for k in range(0, len(s.puzzles), opts.per_page):
            blocks = []
            for p in s.puzzles[k:k + opts.per_page]:
                number += 1
                numbered.append((number, p))
                heading = f"{number}. {p.label}" if p.label else f"Puzzle {number}"
                marks = opts.candidates == "all" or (opts.candidates == "hardest" and _hardest(p))
                blocks.append(
                    f'<div class="pz" data-number="{number}"><h2>{html.escape(heading)}</h2>'
                    f'<p class="r">{html.escape(rating_text(p, opts.scales)) or "&nbsp;"}</p>'
                    f"{grid_html(p, grid_mm, p.puzzle, marks=marks, number=number)}</div>")
            head = f"{opts.title} · {s.name}" if s.name else opts.title
            pages.append(_page(head, f"{start if k == 0 else number - len(blocks) + 1}–{number}", blocks,
                               cols, rows, len(pages) + 2))
        if s.puzzles:
            contents.append(f"<li>{html.escape(s.name or 'Puzzles')}{':' if s.name else ''} "
                            f"{'puzzles ' if s.name else ''}{start}–{number}, page {first_page}</li>")
    if opts.answers and numbered:
        acols, arows = ANSWERS_PER_PAGE
        per = acols * arows
        a_cell_w = (w - 4 * (acols - 1)) / acols
        a_cell_h = (h - 12 - 4 * (arows - 1)) / arows
        a_mm = min(a_cell_w, a_cell_h - 6) * 0.95
        contents.append(f"<li>Solutions: page {len(pages) + 2}</li>")
        for k in range(0, len(numbered), per):
            chunk = numbered[k:k + per]
            blocks = [f'<div class="pz ans" data-answer="{n}"><h2>{n}</h2>'
                      f"{grid_html(p, a_mm, p.solution, givens=p.puzzle)}</div>" for n, p in chunk]
            pages.append(_page(f"{opts.title} · Solutions", f"{chunk[0][0]}–{chunk[-1][0]}", blocks, acols, arows,
                               len(pages) + 2))
    shown = ", ".join(SCALES_BY_ID[s].name for s in opts.scales if s in SCALES_BY_ID)
    title = (f'<section class="page title" data-page="1"><h1>{html.escape(opts.title)}</h1>'
             f"<p>{total} puzzle{'s' if total != 1 else ''}, {opts.per_page} to a page"
             f"{', solutions at the back' if opts.answers else ''}</p>"
             f"<ul>{''.join(contents)}</ul>"
             f"<p>Ratings shown: {html.escape(shown)}.</p>"
             f"<p>Made with sudoku-grader {__version__}.</p></section>")
    return (
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(opts.title)}</title>\n"
        f"<style>@page{{size:{'A4' if opts.paper == 'a4' else 'letter'} portrait;margin:{MARGIN}mm}}"
        f":root{{--pw:{w:.1f}mm;--ph:{h:.1f}mm;--margin:{MARGIN}mm}}"
        f"{STYLE}</style>\n</head>\n<body>\n{title}\n" + "\n".join(pages) + "\n</body>\n</html>\n")


def _hardest(p: BookPuzzle) -> bool:
    if p.level is not None:
        return p.level in HARDEST
    er = (p.ratings.get("se") or {}).get("er")
    return isinstance(er, (int, float)) and er >= 5.0


def _page(name: str, numbers: str, blocks: list[str], cols: int, rows: int, page_no: int) -> str:
    return (f'<section class="page" data-page="{page_no}"><div class="head"><span>{html.escape(name)}</span>'
            f"<span>{numbers}</span></div>"
            f'<div class="body" style="--cols:{cols};--rows:{rows}">{"".join(blocks)}</div>'
            f'<div class="foot">{page_no}</div></section>')


def section_name(level: str | None) -> str:
    """A section's heading: the level's name."""
    return LEVELS_BY_ID[level].name if level in LEVELS_BY_ID else "Puzzles"


def make(items: Iterable[Mapping[str, Any]], opts: BookOptions, time_limit: float | None = None,
         progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """A book of ``{"puzzle", "label"?, "ratings"?}`` items in one section (the app's *Print a
    book*): ``{"html", "count", "skipped": [{"puzzle", "error"}]}``; ``progress(k)`` before the k-th."""
    puzzles: list[BookPuzzle] = []
    skipped: list[dict[str, str]] = []
    for k, item in enumerate(items, 1):
        if progress is not None:
            progress(k)
        text = str(item.get("puzzle", ""))
        known = item.get("ratings")
        has_level = isinstance(known, Mapping) and all(s in known for s in LEVEL_SCALES)
        try:
            puzzles.append(prepare(text, str(item.get("label") or ""), time_limit,
                                   dict(known) if has_level and isinstance(known, Mapping) else None))
        except (SudokuError, RecursionError) as e:
            skipped.append({"puzzle": text, "error": str(e)})
    if not puzzles:
        raise SudokuError("no puzzle could go into the book"
                          + (f" ({skipped[0]['error']})" if skipped else ": none was given"))
    return {"html": render([Section("", puzzles)], opts), "count": len(puzzles), "skipped": skipped}
