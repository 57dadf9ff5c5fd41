"""``python -m sudoku_grader``: see `sudoku_grader.cli`."""

from .cli import main

raise SystemExit(main())
