"""Find-the-step drills: positions where one technique is the next step of the simplest-first path.

A drill is a position (givens, the digits placed so far, the candidates) met while walking the
default path of a puzzle: the policy chose a step of the drill's technique there, so no technique
before it on the default path has a step. ``answers`` lists every instance the technique's finder
yields at that position (distinct effects), so any of them counts as right.

The pool is built ahead of time (`drill_pool`, from puzzles the generator makes with fixed seeds
and from public sets), one JSON file per technique, and shipped with the app, so a drill opens
without the engine. `check` judges a learner's answer against the finder
itself, not against the pool's copy.
"""

from __future__ import annotations

import html
import json
import pathlib
from dataclasses import dataclass, field
from typing import Any

from .board import Board
from .engine import gain
from .errors import SudokuError
from .formats import parse_position
from .geometry import cell_name, parse_cell
from .step import Step
from .techniques import Technique, default_order, get

__all__ = ["Drill", "MAX_ANSWERS", "Pool", "check", "drill_at", "drill_board", "instances", "load_index",
           "load_technique", "path_techniques", "sheet", "simpler_than"]

MAX_ANSWERS = 20  # instances listed per drill (the check asks the finder itself)
MAX_DRILL_BYTES = 30_000  # a drill whose JSON is larger (a forcing net's web of highlights) is left out
POOL_FORMAT = 1
Pool = dict[str, list[dict[str, Any]]]  # drills (or worked examples) per technique id


def path_techniques() -> list[Technique]:
    """The default path's techniques without Sudoku Explainer's own chaining (the SE scale's)."""
    return [t for t in default_order() if t.family != "se-chains"]


@dataclass
class Drill:
    """One position and the technique that is its next simplest-first step."""

    technique: str
    name: str
    givens: str
    placed: str
    candidates: list[list[int]]
    answers: list[dict[str, Any]] = field(default_factory=list)
    source: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"technique": self.technique, "name": self.name, "givens": self.givens, "placed": self.placed,
                "candidates": self.candidates, "answers": self.answers, "source": self.source}


def _answer(step: Step, drawn: bool = True) -> dict[str, Any]:
    """A step as a drill's answer: its effect and text, and with ``drawn`` its highlights and links."""
    out = step.to_json()
    keys = ("placements", "eliminations", "text", "highlights", "links") if drawn else \
        ("placements", "eliminations", "text")
    return {k: out[k] for k in keys if k in out}


def instances(board: Board, technique: Technique) -> list[Step]:
    """Every instance of ``technique`` that changes ``board``, one per distinct effect, in finder order."""
    seen: set[tuple[Any, ...]] = set()
    out = []
    for s in technique.steps(board):
        key = s.key()
        if key in seen or not gain(board, s):
            continue
        seen.add(key)
        out.append(s)
    return out


def drill_at(board: Board, technique: Technique, source: str, chosen: Step | None = None) -> Drill:
    """The drill at ``board``; the path's own step (``chosen``) is its first answer, the one drawn."""
    steps = instances(board, technique)
    if chosen is not None:
        steps.sort(key=lambda s: s.key() != chosen.key())
    return Drill(
        technique=technique.id, name=technique.name,
        givens="".join(str(v) if board.is_given(c) and v else "." for c, v in enumerate(board.values)),
        placed="".join(str(v) if v and not board.is_given(c) else "." for c, v in enumerate(board.values)),
        candidates=[[] if board.values[c] else [d for d in range(1, 10) if board.cands[c] >> (d - 1) & 1]
                    for c in range(81)],
        answers=[_answer(s, i == 0) for i, s in enumerate(steps[:MAX_ANSWERS])], source=source)


def drill_board(drill: dict[str, Any]) -> Board:
    """The drill's position as a board: its digits and exactly its candidates."""
    missing = [k for k in ("givens", "placed", "candidates") if k not in drill]
    if missing:
        raise SudokuError(f"a drill needs {', '.join(missing)} (as the pool writes them)")
    return parse_position(json.dumps({k: drill[k] for k in ("givens", "placed", "candidates")})).board()


def load_index(pool_dir: pathlib.Path) -> dict[str, Any]:
    """The pool's ``index.json``; `SudokuError` naming the folder when there is none."""
    path = pool_dir / "index.json"
    if not path.exists():
        raise SudokuError(f"no drill pool in {pool_dir} (index.json missing): build one with "
                          "`python -m sudoku_grader drills build -o DIR`")
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def load_technique(pool_dir: pathlib.Path, technique: str) -> list[dict[str, Any]]:
    """The pool's drills of one technique (any spelling); [] when the pool has none of it."""
    tid = get(technique).id
    path = pool_dir / f"{tid}.json"
    if not path.exists():
        return []
    drills: list[dict[str, Any]] = json.loads(path.read_text())["drills"]
    return drills


def simpler_than(technique: str) -> list[Technique]:
    """The default path's techniques before ``technique``: none of them may have a step in its drills."""
    out: list[Technique] = []
    for t in path_techniques():
        if t.id == technique:
            return out
        out.append(t)
    return out


# ---------------------------------------------------------------- checking an answer
Effect = tuple[str, int, int]  # ("=" or "<>", cell, digit)


def _effects(step: Step) -> set[Effect]:
    return {("=", c, d) for c, d in step.placements} | {("<>", c, d) for c, d in step.eliminations}


def _name(e: Effect) -> str:
    return f"{cell_name(e[1])}{e[0]}{e[2]}"


def _read_answer(answer: dict[str, Any]) -> set[Effect]:
    out: set[Effect] = set()
    for kind, key in (("=", "placements"), ("<>", "eliminations")):
        items = answer.get(key) or []
        if not isinstance(items, list):
            raise SudokuError(f'"{key}" must be a list of {{"cell": "r1c1", "digit": 5}}')
        for item in items:
            try:
                cell = parse_cell(str(item["cell"]))
                digit = int(item["digit"])
            except (KeyError, TypeError, ValueError, SudokuError):
                raise SudokuError(f'a {key[:-1]} must look like {{"cell": "r4c7", "digit": 5}}, not {item!r}') from None
            if not 1 <= digit <= 9:
                raise SudokuError(f"digit {digit} in {key} is not 1-9")
            out.add((kind, cell, digit))
    return out


def _article(name: str) -> str:
    """"an X-Wing", "an ALS-XZ", "a Unique Rectangle": by the sound, not the letter."""
    return "an" if name[0] in "AEIOX" or name.split()[0] in ("SK", "MSLS") else "a"


def _count(n: int, what: str) -> str:
    return f"{n} {what}" + ("" if n == 1 else "s")


def check(drill: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    """Judge a learner's answer at a drill's position: ``right`` when it is exactly one instance of
    the drill's technique, ``partly`` when it is part of one, else ``wrong``.

    ``answer`` is ``{"placements": [{"cell", "digit"}], "eliminations": [...]}``. The result names
    what is not justified (``unjustified``) and what the closest instance also does (``missed``),
    with that instance (``instance``: placements, eliminations, text, highlights) and a one-line
    ``message``."""
    technique = get(str(drill.get("technique", "")))
    board = drill_board(drill)
    given = _read_answer(answer)
    found = instances(board, technique)
    if not found:
        raise SudokuError(f"no {technique.name} at this position")
    union: set[Effect] = set().union(*(_effects(s) for s in found))
    best = max(found, key=lambda s: (len(_effects(s) & given), -len(_effects(s) - given)))
    effects = _effects(best)
    unjustified = sorted(given - effects, key=lambda e: (e[1], e[2]))
    missed = sorted(effects - given, key=lambda e: (e[1], e[2]))
    a = _article(technique.name)
    if not given:
        verdict, message = "wrong", "Nothing selected: tap the candidates the step removes (or place its digit)."
    elif not unjustified and not missed:
        verdict, message = "right", f"Right: that is {a} {technique.name}."
    elif not unjustified:
        verdict = "partly"
        what = "placement" if all(e[0] == "=" for e in missed) else "elimination"
        message = f"Partly: {_count(len(missed), 'more ' + what)} follow{'s' if len(missed) == 1 else ''} " \
                  "from the same pattern."
    else:
        verdict = "wrong"
        elsewhere = [e for e in unjustified if e in union]
        alone = [e for e in unjustified if e not in union]
        parts = []
        if alone:
            parts.append(f"{', '.join(_name(e) for e in alone)} "
                         f"{'does' if len(alone) == 1 else 'do'} not follow from {a} {technique.name} here")
        if elsewhere:
            parts.append(f"{', '.join(_name(e) for e in elsewhere)} "
                         f"come{'s' if len(elsewhere) == 1 else ''} from another {technique.name}, "
                         "not the same one")
        message = "Wrong: " + "; ".join(parts) + "."
    return {"verdict": verdict, "technique": technique.id, "name": technique.name, "message": message,
            "unjustified": [_name(e) for e in unjustified], "missed": [_name(e) for e in missed],
            "instance": _answer(best), "instances": len(found)}


# ---------------------------------------------------------------- the printable sheet
_SHEET_CSS = """
body { font-family: system-ui, sans-serif; margin: 1rem; color: #111; }
h1 { font-size: 1.3rem; }
.drills { display: grid; grid-template-columns: repeat(auto-fill, minmax(19rem, 1fr)); gap: 1.2rem; }
figure { margin: 0; break-inside: avoid; page-break-inside: avoid; }
figcaption { font-weight: 600; margin-bottom: .3rem; }
table { border-collapse: collapse; }
td { width: 2rem; height: 2rem; border: 1px solid #999; padding: 0; text-align: center; vertical-align: middle; }
td:nth-child(3n) { border-right: 2px solid #000; } td:first-child { border-left: 2px solid #000; }
tr:nth-child(3n) td { border-bottom: 2px solid #000; } tr:first-child td { border-top: 2px solid #000; }
td.given { font-weight: 700; font-size: 1.2rem; } td.placed { font-size: 1.2rem; color: #1a4fa0; }
.c { display: grid; grid-template-columns: repeat(3, 1fr); font-size: .5rem; line-height: .62rem; color: #333; }
.answers { break-before: page; page-break-before: always; }
.answers li { margin: .3rem 0; }
@media print { body { margin: 0; } .drills { grid-template-columns: 1fr 1fr; } }
"""


def _grid(d: dict[str, Any]) -> str:
    rows = []
    for r in range(9):
        cells = []
        for k in range(9):
            c = r * 9 + k
            if d["givens"][c] != ".":
                cells.append(f'<td class="given">{d["givens"][c]}</td>')
            elif d["placed"][c] != ".":
                cells.append(f'<td class="placed">{d["placed"][c]}</td>')
            else:
                marks = "".join(f"<span>{x if x in d['candidates'][c] else ''}</span>" for x in range(1, 10))
                cells.append(f'<td><div class="c">{marks}</div></td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return "<table>" + "".join(rows) + "</table>"


def _effect(answer: dict[str, Any]) -> str:
    parts = [f"{p['cell']}={p['digit']}" for p in answer["placements"]]
    parts += [f"{e['cell']}&lt;&gt;{e['digit']}" for e in answer["eliminations"]]
    return ", ".join(parts)


def sheet(chosen: list[dict[str, Any]]) -> str:
    """A printable HTML page: the drills several to a page, candidates printed small, then the answers."""
    figures = [f'<figure><figcaption>{n}. {html.escape(d["name"])}: find the step</figcaption>{_grid(d)}</figure>'
               for n, d in enumerate(chosen, 1)]
    answers = []
    for n, d in enumerate(chosen, 1):
        first = d["answers"][0]
        more = len(d["answers"]) - 1
        also = f" (or one of {more} other instance{'s' if more > 1 else ''})" if more else ""
        answers.append(f"<li>{n}. {html.escape(d['name'])}: {_effect(first)}{also}. "
                       f"{html.escape(first['text'])}</li>")
    return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Drill sheet</title>"
            f"<style>{_SHEET_CSS}</style></head><body><h1>Find the step</h1>"
            "<p>In each grid one technique gives the next step. Find what it places or removes.</p>"
            f'<div class="drills">{"".join(figures)}</div>'
            f'<section class="answers"><h2>Answers</h2><ol style="list-style:none;padding:0">{"".join(answers)}'
            "</ol></section></body></html>\n")
