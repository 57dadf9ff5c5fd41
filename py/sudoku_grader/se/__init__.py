"""Sudoku Explainer 1.2.1 (serate 1.2.1.3) reproduced: its grid view, its producers and its chains.

The rating scale of Sudoku Explainer is defined by its own solver: at each step
the producers are asked in a fixed order, the first one that yields a hint
wins, and the puzzle's rating is the hardest step taken. This package follows
that solver closely (producer order, scan order inside a producer, the chaining
engine with its ancestor-counting complexity) so that `ratings.se` gives the
numbers the real program gives. The code is written from the published facts
about the program (see ``shared/notes/ratings.md`` section 3).
"""

from .grid import SEGrid
from .hint import SEHint
from .solver import SESolver, se_path

__all__ = ["SEGrid", "SEHint", "SESolver", "se_path"]
