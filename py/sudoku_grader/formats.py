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


@dataclass
class LibraryCase:
    """One line of HoDoKu's library format (see ``../shared/reglib/README.md``).

    ``code`` keeps HoDoKu's variant suffix (``0603-1``); ``eliminations`` and
    ``placements`` are (cell, digit) lists; ``extra`` is the chain-length field.
    """

    code: str
    digits: str
    board: Board
    eliminations: list[tuple[int, int]]
    placements: list[tuple[int, int]]
    extra: str


def _cand_list(field: str, what: str) -> list[tuple[int, int]]:
    out = []
    for tok in field.split():
        if len(tok) != 3 or not tok.isdigit() or "0" in tok:
            raise ParseError(f"bad {what} entry {tok!r}: expected <digit><row><column>, e.g. 524")
        out.append(((int(tok[1]) - 1) * 9 + int(tok[2]) - 1, int(tok[0])))
    return out


def parse_library(line: str) -> LibraryCase:
    """Parse ``:code:digits:givens:deleted:eliminations:placements:extra``."""
    parts = line.strip().split(":")
    if len(parts) < 7 or parts[0] != "":
        raise ParseError("not a HoDoKu library line (:code:digits:givens:deleted:eliminations:placements:extra)")
    code, digits, grid = parts[1], parts[2], parts[3]
    values: list[int] = []
    placed_flags: list[bool] = []
    i = 0
    while i < len(grid):
        ch = grid[i]
        if ch == "+":
            i += 1
            if i >= len(grid) or grid[i] not in "123456789":
                raise ParseError("'+' must be followed by a digit", 1, i + 1)
            values.append(int(grid[i]))
            placed_flags.append(True)
        elif ch in "123456789":
            values.append(int(ch))
            placed_flags.append(False)
        elif ch in BLANKS:
            values.append(0)
            placed_flags.append(False)
        else:
            raise ParseError(f"unexpected character {ch!r} in the givens field", 1, i + 1)
        i += 1
    if len(values) != 81:
        raise ParseError(f"the givens field has {len(values)} cells, not 81")
    try:
        board = Board.from_values(values, givens=[c for c in range(81) if values[c] and not placed_flags[c]])
    except ContradictionError as e:
        raise ParseError(str(e)) from None
    for cell, digit in _cand_list(parts[4], "deleted candidate"):
        board.eliminate(cell, digit)
    return LibraryCase(
        code=code,
        digits=digits,
        board=board,
        eliminations=_cand_list(parts[5], "elimination"),
        placements=_cand_list(parts[6], "placement"),
        extra=parts[7] if len(parts) > 7 else "",
    )
