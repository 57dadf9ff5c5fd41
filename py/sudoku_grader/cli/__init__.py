"""Command line: ``python -m sudoku_grader COMMAND [PUZZLE ...] [-f FILE]``, on top of `api`.

One module per command family: `main` (the parser, input reading, solve / explain /
steps / hint / techniques), `rate`, `compare` and `generate`. Output contract and
exit codes are described in `main`.
"""

from .main import build_parser, main

__all__ = ["build_parser", "main"]
