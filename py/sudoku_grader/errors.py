"""Exceptions with messages meant for the person who typed the puzzle."""

from __future__ import annotations


class SudokuError(ValueError):
    """Base class: every error this package raises on bad input."""


class ParseError(SudokuError):
    """The text is not a puzzle in any format we read.

    ``line`` and ``column`` are 1-based positions in the text when known.
    """

    def __init__(self, message: str, line: int | None = None, column: int | None = None):
        where = []
        if line is not None:
            where.append(f"line {line}")
        if column is not None:
            where.append(f"character {column}")
        full = f"{message} ({', '.join(where)})" if where else message
        super().__init__(full)
        self.line = line
        self.column = column
        self.detail = message


class ContradictionError(SudokuError):
    """The grid breaks the rules: a digit twice in a house, a cell with no candidate, ..."""


class UnknownTechniqueError(SudokuError):
    """A technique name or HoDoKu code that we do not know."""


class Cancelled(Exception):
    """The caller's ``cancel()`` asked a walk (or the generator) to stop between two steps.

    Not a `SudokuError`: nothing is wrong with the input. ``path`` holds the steps taken so
    far when a walk was stopped (an `engine.Path`), else None.
    """

    def __init__(self, path: object | None = None) -> None:
        super().__init__("cancelled")
        self.path = path
