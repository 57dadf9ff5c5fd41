"""Reading and writing puzzles: 81-character lines (more formats to follow)."""

from __future__ import annotations

from dataclasses import dataclass

from .board import Board
from .errors import ContradictionError, ParseError

BLANKS = ".0-*_"


@dataclass
class Parsed:
    """A parsed puzzle: the board, the label that followed it, and the format's name."""

    board: Board
    label: str = ""
    format: str = "line"


def parse(text: str) -> Parsed:
    """Parse one puzzle in any supported format."""
    line = text.strip()
    if not line:
        raise ParseError("empty input: expected 81 characters, digits 1-9 and . or 0 for blanks")
    values: list[int] = []
    for i, ch in enumerate(line):
        if len(values) == 81:
            label = line[i:].strip().lstrip("#;,|").strip()
            return _finish(values, label)
        if ch in "123456789":
            values.append(int(ch))
        elif ch in BLANKS:
            values.append(0)
        else:
            raise ParseError(
                f"unexpected character {ch!r}; a puzzle uses digits 1-9 and {BLANKS} for blanks", 1, i + 1
            )
    if len(values) != 81:
        raise ParseError(f"a puzzle has 81 cells, this line has {len(values)}", 1)
    return _finish(values, "")


def _finish(values: list[int], label: str) -> Parsed:
    try:
        return Parsed(Board.from_values(values), label, "line")
    except ContradictionError as e:
        raise ParseError(str(e)) from None


def to_line(board: Board, blank: str = ".") -> str:
    return board.to_string(blank)
