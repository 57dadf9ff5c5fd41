"""Pattern overlay (templates) and Bowman's Bingo.

A *template* is one way to place all nine copies of a digit: one cell per
row, column and box. The templates of a digit that fit the board (use its
placed cells and only its candidates) are all its possible final positions:

- Template Set (HoDoKu 1201): a cell in every fitting template gets the digit;
- Template Delete (1202): a candidate in no fitting template goes.

As HoDoKu does, templates of one digit that overlap every fitting template
of another digit are dropped first (repeated until nothing changes), which
sharpens both rules.

Bowman's Bingo (SudokuWiki): set a candidate, follow the singles; a
contradiction removes it. It is the "true" half of a forcing-net
contradiction, kept as its own technique for SudokuWiki's name and scale.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board
from ..chains.graph import cand_id
from ..chains.net import fact_text, propagate
from ..geometry import CELL_BOX, HOUSE_MASK, cell_name, cells_name, iter_bits
from ..step import Link, Mark, Step
from .registry import technique

MAX_TEMPLATES = 50000
MAX_PAIR_CHECKS = 400000


def digit_templates(board: Board, d: int) -> list[int]:
    """Every cell mask placing ``d`` once per row, column and box, on its candidates and placed cells."""
    allowed_rows = []
    for r in range(9):
        row = HOUSE_MASK[r]
        placed = [c for c in range(r * 9, r * 9 + 9) if board.values[c] == d]
        if placed:
            allowed_rows.append(placed)
        else:
            allowed_rows.append(list(iter_bits(board.digit_cells[d] & row)))
    out: list[int] = []

    def walk(r: int, cols: int, boxes: int, mask: int) -> None:
        if len(out) > MAX_TEMPLATES:
            return
        if r == 9:
            out.append(mask)
            return
        for c in allowed_rows[r]:
            col_bit = 1 << (c % 9)
            box_bit = 1 << CELL_BOX[c]
            if cols & col_bit or boxes & box_bit:
                continue
            walk(r + 1, cols | col_bit, boxes | box_bit, mask | 1 << c)

    walk(0, 0, 0, 0)
    return out


def fitting_templates(board: Board) -> dict[int, list[int]] | None:
    """Templates per unplaced-or-placed digit, with cross-digit pruning; None if too many to list."""
    temps: dict[int, list[int]] = {}
    for d in range(1, 10):
        t = digit_templates(board, d)
        if len(t) > MAX_TEMPLATES:
            return None
        temps[d] = t
    # HoDoKu's refinement, repeated until nothing changes: a template that overlaps every
    # template of another digit cannot be part of the solution. Pairs of digits with too many
    # template combinations are left out (that only makes the rule weaker, never unsound).
    changed = True
    while changed:
        changed = False
        for d in range(1, 10):
            others = [temps[e] for e in range(1, 10)
                      if e != d and len(temps[d]) * len(temps[e]) <= MAX_PAIR_CHECKS]
            keep = [t for t in temps[d] if all(any(not t & u for u in ts) for ts in others)]
            if len(keep) != len(temps[d]):
                temps[d] = keep
                changed = True
    return temps


@technique("template-set", "Template Set", family="templates", level=9.5, codes=("1201",),
           aliases=("pattern overlay set", "template"))
def template_set(board: Board) -> Iterator[Step]:
    """A cell that every fitting template of a digit uses gets that digit."""
    temps = fitting_templates(board)
    if temps is None:
        return
    for d in range(1, 10):
        if not temps[d]:
            continue
        common = (1 << 81) - 1
        for t in temps[d]:
            common &= t
        common &= board.digit_cells[d]
        if common:
            places = [(c, d) for c in iter_bits(common)]
            yield Step("template-set", "Template Set", placements=places,
                       highlights=[Mark(c, d, "target") for c in iter_bits(common)],
                       text=(f"All {len(temps[d])} ways to place the nine {d}s that fit the board use "
                             f"{cells_name(common)}: place {d} there."),
                       extra={"digit": d, "templates": len(temps[d])})


@technique("template-delete", "Template Delete", family="templates", level=9.5, codes=("1202",),
           aliases=("template-del", "pattern overlay", "Pattern Overlay Method"))
def template_delete(board: Board) -> Iterator[Step]:
    """A candidate that no fitting template of its digit uses is removed."""
    temps = fitting_templates(board)
    if temps is None:
        return
    for d in range(1, 10):
        union = 0
        for t in temps[d]:
            union |= t
        dead = board.digit_cells[d] & ~union
        if dead:
            elims = [(c, d) for c in iter_bits(dead)]
            yield Step("template-delete", "Template Delete", eliminations=elims,
                       highlights=[Mark(c, d, "target") for c in iter_bits(dead)],
                       text=(f"None of the {len(temps[d])} ways to place the nine {d}s that fit the board "
                             f"uses {cells_name(dead)}: remove {d} there."),
                       extra={"digit": d, "templates": len(temps[d])})


@technique("bowmans-bingo", "Bowman's Bingo", family="templates", level=9.6,
           aliases=("bowman bingo", "bowmans bingo"))
def bowmans_bingo(board: Board) -> Iterator[Step]:
    """Set a candidate and follow the singles; if that breaks the grid, the candidate is false."""
    for d in range(1, 10):
        for c in iter_bits(board.digit_cells[d]):
            res = propagate(board, [(cand_id(c, d), True)])
            if not res.contradiction:
                continue
            facts = res.derivation(res.culprits)
            links = []
            for f in facts:
                for p in res.causes.get(f, ()):
                    pc, pd = p[0] % 81, p[0] // 81 + 1
                    links.append(Link(1 << pc, pd, 1 << (f[0] % 81), f[0] // 81 + 1, not p[1]))
            marks = [Mark(n % 81, n // 81 + 1, "chain-on" if on else "chain-off") for n, on in facts]
            yield Step("bowmans-bingo", "Bowman's Bingo", eliminations=[(c, d)],
                       highlights=marks + [Mark(c, d, "target")], links=links,
                       text=(f"Set {cell_name(c)}={d} and follow the singles: "
                             f"{', '.join(fact_text(f) for f in facts[1:])}; then {res.contradiction}. "
                             f"So {cell_name(c)}<>{d}."),
                       extra={"length": len(facts)})
