"""The ``embed`` command: puzzles for a blog post, drawn by ``<sudoku-grader>`` without Python.

``embed -f puzzles.txt -o post/ --base /grader/`` rates and explains each puzzle once, here, and
writes for each one ``puzzle-NN.json`` (what the element draws: grid, ratings, steps) and
``puzzle-NN.html`` (the snippet to paste into a post), plus ``index.html``, a page showing them all.
The element comes from the app's ``dist/`` published at ``--base``; a reader's browser downloads
the Python runtime only when the reader asks for engine work (a re-rate).
"""

from __future__ import annotations

import argparse
import html
import json
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .. import __version__
from ..bank import timed
from ..errors import SudokuError
from ..formats import parse
from ..ratings import BY_ID, FIELD_NAMES, PAGES
from .checks import DEFAULT_LIMITS
from .rate import add_time_limit, annotate_explain

#: Version of the JSON the element reads (web/embed.js checks it).
FORMAT = 1


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("puzzles", nargs="*", metavar="PUZZLE", help="puzzles (or -f FILE, or standard input)")
    p.add_argument("-f", "--file", help="read puzzles from FILE, one a line ('-' = standard input)")
    p.add_argument("-o", "--out", default="post", help="output folder (default post/)")
    p.add_argument("--base", default="/grader/",
                   help="URL where the app's dist/ is published (default /grader/): the element loads from there")
    p.add_argument("--inline", action="store_true",
                   help="put each puzzle's JSON inside its snippet (one paste, no file to upload)")
    p.add_argument("--title", default="Puzzles", help="title of index.html")
    add_time_limit(p, DEFAULT_LIMITS["explain"])
    p.set_defaults(json=True, policy="simplest", seed=0)


def label_of(text: str) -> str:
    """The label written after a one-line puzzle (``puzzle  # Easy``), or "" (none, or not a line)."""
    try:
        parsed = parse(text)
    except SudokuError:
        return ""
    return parsed.label if parsed.format == "line" else ""


def embed_data(text: str, time_limit: float = DEFAULT_LIMITS["explain"]) -> dict[str, Any]:
    """What one element draws: the puzzle, its solution, every rating and the explained steps, and
    the ``label`` written after the puzzle when there is one (the element's heading).

    The SE path is left out of the ratings (the steps already say it) and each step's
    ``extra`` (numbers the page does not show), so ten puzzles stay light for a reader.
    """
    t0 = time.perf_counter()

    def annotate(got: dict[str, Any], text: str) -> dict[str, Any]:
        return annotate_explain(got, text, max(time_limit - (time.perf_counter() - t0), 0.001))

    out = timed.explain(text, None, "simplest", 0, time_limit, annotate)
    cut = [s for s, r in (out.get("ratings") or {}).items() if isinstance(r, dict) and r.get("status") == "timeout"]
    if out.get("status") == "timeout" or cut:
        raise SudokuError(f"the time limit of {time_limit:g} s was reached; allow more with --time-limit")
    if out.get("status") != "unique":
        raise SudokuError(out.get("error") or f"the puzzle has {out.get('status')} solutions")
    ratings = {scale: {k: v for k, v in r.items() if k not in ("path", "seconds")}
               for scale, r in (out.get("ratings") or {}).items()}
    steps = [{k: v for k, v in s.items() if k != "extra"} for s in out.get("steps", [])]
    fields = {k for r in ratings.values() if isinstance(r, dict) for k in r}
    label = label_of(text)
    return {
        "format": FORMAT,
        "version": __version__,
        "puzzle": out["puzzle"],
        "solution": out.get("solution", ""),
        "solved": out.get("solved", False),
        "ratings": ratings,
        # the element names scales and fields as the app does, without a worker to ask
        "scale_names": {s: BY_ID[s].name if s in BY_ID else s for s in ratings},
        # the field each scale's row shows as its rating (the record's ``number``, as the catalogue says)
        "scale_numbers": {s: BY_ID[s].number for s in ratings if s in BY_ID},
        # the fields each scale writes with fixed decimals (SE's 2.0), as the catalogue says
        "scale_decimals": {s: dict(PAGES[s].decimals) for s in ratings if s in PAGES},
        "field_names": {k: v for k, v in FIELD_NAMES.items() if k in fields and v != k},
        "bottleneck": out.get("bottleneck"),
        "steps": steps,
        **({"label": label} if label else {}),
    }


def snippet(base: str, name: str, data: dict[str, Any] | None) -> str:
    """The HTML to paste: the element's script tag and the element, by URL or with the JSON inside."""
    script = f'<script type="module" src="{html.escape(base)}web/embed.js"></script>'
    if data is None:
        return f'{script}\n<sudoku-grader src="{html.escape(name)}"></sudoku-grader>\n'
    body = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    return f'{script}\n<sudoku-grader>\n<script type="application/json">{body}</script>\n</sudoku-grader>\n'


def index_page(title: str, base: str, entries: list[tuple[str, str, str]]) -> str:
    """A page showing every puzzle under its heading (its label, else "Puzzle N"), each with the
    snippet that shows it; it fits a phone's width."""
    parts = [
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n"
        f'<script type="module" src="{html.escape(base)}web/embed.js"></script>\n'
        "<style>body{font:16px/1.5 system-ui,sans-serif;max-width:760px;margin:0 auto;padding:16px}"
        "pre{background:#f3f3f0;padding:8px;overflow-x:auto;font-size:.8rem;white-space:pre-wrap;"
        "word-break:break-all;max-height:8em}code{overflow-wrap:anywhere}"
        "sudoku-grader{display:block;max-width:100%}</style>\n</head>\n<body>\n"
        f"<h1>{html.escape(title)}</h1>\n"
        f"<p>Made with <code>python -m sudoku_grader embed</code> (sudoku-grader {__version__}). Each puzzle "
        "is drawn from its JSON: the solver downloads only if a reader asks for a re-rate.</p>\n"
    ]
    for name, puzzle, element in entries:
        code = element.split("\n", 1)[1]  # the page already has the script tag
        parts.append(f'<section>\n<h2>{html.escape(name)}</h2>\n{code}'
                     f"<details><summary>Snippet for <code>{html.escape(puzzle)}</code></summary>"
                     f"<pre>{html.escape(element)}</pre></details>\n</section>\n")
    parts.append("</body>\n</html>\n")
    return "".join(parts)


def run(args: argparse.Namespace, items: Iterable[tuple[int, str]]) -> int:
    """Write the files; 0 when every puzzle was written, 1 when some were not (stderr says which)."""
    import sys

    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        print(f"error: cannot create {out}: {e.strerror}", file=sys.stderr)
        return 2
    base = args.base if args.base.endswith("/") else args.base + "/"
    entries: list[tuple[str, str, str]] = []
    bad: list[str] = []
    for lineno, text in items:
        n = len(entries) + 1
        try:
            data = embed_data(text, args.time_limit)
        except SudokuError as e:
            bad.append(f"line {lineno}: {e}")
            continue
        except RecursionError:
            bad.append(f"line {lineno}: the position is too deep to analyse")
            continue
        name = f"puzzle-{n:02d}"
        if not args.inline:
            (out / f"{name}.json").write_text(json.dumps(data, separators=(",", ":")) + "\n")
        element = snippet(base, f"{name}.json", data if args.inline else None)
        (out / f"{name}.html").write_text(element)
        entries.append((data.get("label") or f"Puzzle {n}", data["puzzle"], element))
    if entries:
        (out / "index.html").write_text(index_page(args.title, base, entries))
    for line in bad:
        print(f"skipped {line}", file=sys.stderr)
    if not entries:
        print("error: no puzzle could be written", file=sys.stderr)
        return 1
    print(f"wrote {len(entries)} puzzles to {out}/ (index.html, puzzle-NN.html snippets"
          f"{'' if args.inline else ', puzzle-NN.json'}); the element loads from {base}web/embed.js",
          file=sys.stderr)
    return 1 if bad else 0
