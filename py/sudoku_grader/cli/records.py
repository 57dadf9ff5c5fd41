"""Records out, the same way for every command: ``--format jsonl`` (one JSON object a line, the
contract) or ``--format csv`` (a header, then rows under a fixed column list per command).

A command's `Table` names its columns and turns one record into its rows: ``solve``, ``hint``,
``rate`` and ``generate`` give one row per puzzle, ``techniques`` one per technique (or finder
option), ``compare`` one per scale and collection (and per pair of collections); ``explain`` and
``steps`` give one row per step, the puzzle's columns repeated (a puzzle with no step still gets
one row, its step columns empty). Cells are flat: ``r5c2=2`` placements, ``r1c3<>4`` eliminations, space-separated.

CSV as RFC 4180 has it: a field holding a comma, a quote, a line feed or a carriage return (or
starting or ending with a space) is quoted, its quotes doubled; lines end with ``\n``. Text that a
spreadsheet would run as a formula (starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
return) gets a leading ``'``, so a crafted puzzle line cannot inject a formula; numbers are written
as they are. JSON lines are standard JSON (no NaN or Infinity).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import IO, Any

from ..errors import SudokuError
from ..ratings import BY_ID

FORMATS = ("jsonl", "csv")

Row = list[Any]


def add_format_argument(p: argparse.ArgumentParser, default: str = "jsonl") -> None:
    """The one ``--format`` option; ``default`` is what the command prints without it."""
    p.add_argument("--format", choices=FORMATS, default=None,
                   help=f"records as JSON lines or CSV rows (default {default})")


def output_format(args: argparse.Namespace, default: str = "jsonl") -> str:
    """``jsonl``, ``csv`` or the command's ``default`` (``text`` for explain and generate).

    The older ``--json`` still means ``--format jsonl``; with ``--format csv`` it is a contradiction.
    """
    fmt = getattr(args, "format", None)
    if getattr(args, "json", False):
        if fmt == "csv":
            raise SudokuError("--json and --format csv ask for two formats: give one")
        return "jsonl"
    return fmt or default


@dataclass(frozen=True)
class Table:
    """A command's CSV shape: its columns and the rows of one record."""

    columns: tuple[str, ...]
    rows: Callable[[dict[str, Any]], Iterable[Row]]


class RecordWriter:
    """Writes records to a stream as JSON lines or CSV rows, flushing each unless told not to
    (a command's output streams; an export of a whole store need not)."""

    def __init__(self, fmt: str, table: Table, stream: IO[str] | None = None, flush: bool = True) -> None:
        if fmt not in FORMATS:
            raise ValueError(f"not a record format: {fmt}")
        self.table, self.flush = table, flush
        self.stream = stream if stream is not None else sys.stdout
        self.csv = fmt == "csv"
        if self.csv:
            self.stream.write(csv_line(table.columns))

    def write(self, record: dict[str, Any]) -> None:
        if self.csv:
            self.stream.write("".join(csv_line(row) for row in self.table.rows(record)))
        else:
            self.stream.write(json.dumps(record, allow_nan=False) + "\n")
        if self.flush:
            self.stream.flush()


# ---------------------------------------------------------------- CSV
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_QUOTED = frozenset(',"\r\n')


def csv_field(value: Any) -> str:
    """One CSV field: quoted when it must be, formula-leading text neutralised with ``'``."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value)
    if isinstance(value, str) and text.startswith(FORMULA_START):
        text = "'" + text
    if not _QUOTED.isdisjoint(text) or text != text.strip(" "):
        text = '"' + text.replace('"', '""') + '"'
    return text


def csv_line(row: Iterable[Any]) -> str:
    return ",".join(csv_field(v) for v in row) + "\n"


# ---------------------------------------------------------------- cells
def cell(value: Any) -> Any:
    """A CSV cell: empty for missing, JSON's true/false for booleans."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return value


def placements(step: dict[str, Any]) -> str:
    return " ".join(f"{p['cell']}={p['digit']}" for p in step.get("placements", []))


def eliminations(step: dict[str, Any]) -> str:
    return " ".join(f"{e['cell']}<>{e['digit']}" for e in step.get("eliminations", []))


STEP_COLUMNS = ("technique", "name", "placements", "eliminations", "text")


def _step_cells(step: dict[str, Any] | None) -> Row:
    if not step:
        return [""] * len(STEP_COLUMNS)
    return [step.get("technique", ""), step.get("name", ""), placements(step), eliminations(step),
            step.get("text", "")]


def _per_step(head: Callable[[dict[str, Any]], Row], tail: Callable[[dict[str, Any], dict[str, Any]], Row],
              ) -> Callable[[dict[str, Any]], Iterable[Row]]:
    """Rows of a record holding ``steps``: the puzzle's cells, the step's number and cells, more."""

    def rows(out: dict[str, Any]) -> Iterable[Row]:
        first = head(out)
        steps = out.get("steps") or []
        if not steps:
            yield first + [""] + _step_cells(None) + tail(out, {})
        for i, step in enumerate(steps, 1):
            yield first + [i] + _step_cells(step) + tail(out, step)

    return rows


# ---------------------------------------------------------------- tables
SOLVE = Table(
    ("puzzle", "status", "solution", "error"),
    lambda out: [[cell(out.get(k)) for k in ("puzzle", "status", "solution", "error")]],
)

EXPLAIN = Table(
    ("puzzle", "status", "solved", "stuck", "step", *STEP_COLUMNS, "bottleneck", "error"),
    _per_step(
        lambda out: [cell(out.get("puzzle")), cell(out.get("status")), cell(out.get("solved")),
                     cell((out.get("stuck") or {}).get("reason"))],
        lambda out, step: [cell(step.get("bottleneck", False) if step else None), cell(out.get("error"))],
    ),
)

STEPS = Table(
    ("puzzle", "step", *STEP_COLUMNS, "error"),
    _per_step(lambda out: [cell(out.get("puzzle"))], lambda out, step: [cell(out.get("error"))]),
)


def _hint_rows(out: dict[str, Any]) -> Iterable[Row]:
    mistakes = " ".join(f"{m['cell']}:{m['digit']}:{m['kind']}" for m in out.get("mistakes") or [])
    yield ([cell(out.get(k)) for k in ("puzzle", "givens", "status", "solved")]
           + _step_cells(out.get("step")) + [mistakes, cell(out.get("error"))])


HINT = Table(("puzzle", "givens", "status", "solved", *STEP_COLUMNS, "mistakes", "error"), _hint_rows)

GENERATE_HEAD = ("puzzle", "status", "solution", "givens", "symmetry", "minimal", "seed", "tries", "seconds")


def generate_table(scale: str | None) -> Table:
    """``generate``'s rows: the puzzle, its rating on ``--scale`` (if any) and the techniques used."""
    fields = BY_ID[scale].columns if scale in BY_ID else ()

    def rows(out: dict[str, Any]) -> Iterable[Row]:
        rating = (out.get("ratings") or {}).get(scale) or {}
        used = " ".join(f"{t}:{n}" for t, n in (out.get("techniques") or {}).items())
        yield [cell(out.get(k)) for k in GENERATE_HEAD] + [cell(rating.get(f)) for f in fields] + [used]

    return Table((*GENERATE_HEAD, *(f"ratings.{scale}.{f}" for f in fields), "techniques"), rows)


def _flat(record: dict[str, Any], columns: tuple[str, ...]) -> Row:
    """One row of a flat record: lists joined with spaces, objects as ``key:value`` pairs."""
    row: Row = []
    for k in columns:
        v = record.get(k)
        if isinstance(v, (list, tuple)):
            v = " ".join(str(x) for x in v)
        elif isinstance(v, dict):
            v = " ".join(f"{a}:{cell(b)}" for a, b in v.items())
        row.append(cell(v))
    return row


def flat_table(*columns: str) -> Table:
    """A table of one row per record, one column per field (``techniques``, ``compare``)."""
    return Table(columns, lambda record: [_flat(record, columns)])


TECHNIQUES = flat_table("id", "name", "family", "level", "codes", "aliases", "default", "options")
OPTIONS = flat_table("name", "type", "default", "presets", "help")
COMPARE = flat_table("kind", "metric", "label", "collection", "other", "count", "mean", "median", "stdev", "min",
                     "max", "t", "df", "p_two_sided")

COMMAND_TABLES: dict[str, Table] = {"solve": SOLVE, "explain": EXPLAIN, "steps": STEPS, "hint": HINT}
