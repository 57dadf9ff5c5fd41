"""Sudoku Grader: solve, explain and rate 9x9 Sudoku the way a person does.

Quick start::

    from sudoku_grader import explain
    result = explain("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
"""

from .api import explain, hint, rate, solve, steps
from .board import Board
from .errors import ContradictionError, ParseError, SudokuError, UnknownTechniqueError
from .step import Link, Mark, Step

__version__ = "0.1.0"

__all__ = [
    "Board",
    "ContradictionError",
    "Link",
    "Mark",
    "ParseError",
    "Step",
    "SudokuError",
    "UnknownTechniqueError",
    "explain",
    "hint",
    "rate",
    "solve",
    "steps",
]
