"""Sudoku Explainer 1.2.1 (serate 1.2.1.3) reproduced: its producers, its chains, its solver's order.

The rating scale of Sudoku Explainer is defined by its own solver: at each step
the producers are asked in a fixed order, the first one that yields a step
wins, and the puzzle's rating is the hardest step taken. This package follows
that solver closely (producer order, scan order inside a producer, the chaining
engine with its ancestor-counting complexity) so that `ratings.se` gives the
numbers the real program gives. Producers read a `Board` and yield `Step`s that
carry their SE rating in ``extra["se_difficulty"]``. The code is written from the
published facts about the program (see ``shared/notes/ratings.md`` section 3).

- `rules`: singles, intersections, subsets, fish, wings; `exclusion`: aligned exclusion;
- `unique`: unique rectangles and loops, BUG;
- `chaining`: the chaining producers (cycles, forcing chains, Nishio, multiple, dynamic and nested
  chains), which ask `search` (the searches), `links` (the static links), `kept` (what a rating
  keeps between grids) and `nested` (the pattern rules inside a chain), on `hints`' model;
- `steps`: chaining hints as steps; `policy`: the producers in SE's order with their base ratings,
  and the `Solver` of one rating, which owns them and what they keep between steps.
"""

from .policy import BASE, RULES, Solver, next_choice, next_step

__all__ = ["BASE", "RULES", "Solver", "next_choice", "next_step"]
