"""The steps SE's four pattern rules give inside a nested chain (pointing and claiming, hidden
pair, naked pair, X-Wing): what they remove on a reduced grid, and the candidates whose
absence made each pattern appear (its rule parents).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..board import Board
from ..geometry import iter_bits as bits
from .hints import Chain, GridKey, Implied
from .kept import Memo
from .rules import (
    DIGITS_OF,
    find_fish,
    find_hidden_sets,
    find_locking,
    find_naked_sets,
    fish_parents,
    hidden_removals,
    hidden_set_parents,
    locking_parents,
    naked_set_parents,
)


def implied_steps(found: Iterable[tuple[Iterable[tuple[int, int]], list[tuple[int, int]], Chain | None]]
                   ) -> list[Implied]:
    """`Implied` steps from (removals as (cell, digit mask), parents as (cell, digit), nested)."""
    out: list[Implied] = []
    for removals, parents, nested in found:
        if parents:
            removed = [c * 9 + v - 1 for c, m in removals for v in DIGITS_OF[m]]
            if removed:
                out.append((removed, [c * 9 + v - 1 for c, v in parents], nested))
    return out


def basic_implied(g: Board, src: Board, grid: GridKey, base: GridKey, memo: Memo) -> list[Implied]:
    """The steps of the first of SE's four pattern rules (pointing and claiming, hidden pair,
    naked pair, X-Wing) that gives any on ``g`` from ``src``: kept by the two grids in the
    rating's ``memo``, as the nested searches meet the same reduced grids again."""
    key = (grid, base)
    kept = memo.basic_implied
    got = kept.get(key)
    if got is None:
        got = []
        for rule in (_locking_implied, _hidden_pair_implied, _naked_pair_implied, _x_wing_implied):
            got = implied_steps(rule(g, src))
            if got:
                break
        if len(kept) >= memo.basic_implied_max:
            kept.clear()
        kept[key] = got
    return got


Found = Iterator[tuple[list[tuple[int, int]], list[tuple[int, int]], None]]


def _locking_implied(g: Board, src: Board) -> Found:
    for h1, h2, v, _pos, removable in find_locking(g):
        if removable:
            yield [(c, 1 << (v - 1)) for c in bits(removable)], locking_parents(h1, h2, v, src, g), None


def _hidden_pair_implied(g: Board, src: Board) -> Found:
    for h, values, union in find_hidden_sets(g, 2, False):
        removals = hidden_removals(g, values, union)
        if removals:
            yield removals, hidden_set_parents(h, values, union, src, g), None


def _naked_pair_implied(g: Board, src: Board) -> Found:
    for _h, cells, union, removals in find_naked_sets(g, 2):
        yield removals, naked_set_parents(cells, union, src, g), None


def _x_wing_implied(g: Board, src: Board) -> Found:
    for bases, _covers, cover_mask, v, rem in find_fish(g, 2):
        yield [(c, 1 << (v - 1)) for c in bits(rem)], fish_parents(bases, cover_mask, v, src, g), None
