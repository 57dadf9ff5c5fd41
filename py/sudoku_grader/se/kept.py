"""What SE's producers keep between the grids of one rating: search results kept while nothing
they read has gone (`Kept`, `KeptReach`), and the nested searches' results by grid (`Memo`),
bounded by the rating's memory.
"""

from __future__ import annotations

import sys
from typing import Any

from ..board import Board
from ..geometry import CELL_HOUSE_BITS, HOUSE_MASK, PEER_MASK
from ..geometry import iter_bits as bits
from .hints import Chain, GridKey, Implied
from .links import ALL81, CELL_COLUMN, bits729


class Kept:
    """Search results of one grid kept for the next grids of a path, which mostly differ by a
    candidate or two.

    Each entry is (result, read): ``read`` is a mask of candidate bits around which the search
    read the grid, ``near[i]`` (for each candidate bit ``i``) the candidates whose presence
    decides the links of ``i``. Both SE's static and dynamic searches read a candidate's links
    only from its own cell's candidates and its digit's places in its block, row and column, so
    a result stays exact while none of those candidates is gone. ``near`` is symmetric (``j`` is
    near ``i`` exactly when ``i`` is near ``j``), so `sync` drops an entry when ``read`` meets
    what lies near the candidates gone since the last grid; any candidate coming back (another
    puzzle) drops everything.
    """

    __slots__ = ("near", "cands", "entries")

    def __init__(self, near: tuple[int, ...]) -> None:
        # ``near`` by the StaticLinks bit of the candidate gone, in the layout of the entries'
        # masks (`NEAR_BY_BIT`, `NEAR_X_BY_BIT`: cell * 9 + digit - 1; `NEAR_PLANE`: StaticLinks').
        self.near = near
        self.cands = -1  # the last grid's candidates as StaticLinks bits (-1: none yet)
        self.entries: dict[int, tuple[Any, int]] = {}

    def sync(self, g: Board) -> None:
        """Keep only the entries that still hold in ``g``."""
        last = self.cands
        now = 0
        if len(g.cands) == 81:
            for d in range(9):
                now |= g.digit_cells[d + 1] << d * 81
        if last < 0 or now & ~last or not now:
            self.entries.clear()
        else:
            gone = last & ~now
            if gone:
                touched = self._touched(last, now, gone)
                self.entries = {k: e for k, e in self.entries.items() if not e[1] & touched}
        self.cands = now

    def _touched(self, last: int, now: int, gone: int) -> int:
        """The candidates whose links may have changed since the last grid."""
        near = self.near
        touched = 0
        for i in bits(gone):
            touched |= near[i]
        return touched


class KeptReach(Kept):
    """`Kept` for the static searches of one kind of links (`StaticLinks`), whose ``read`` is
    everything their closures reached: all they read are the links of the potentials they reach.

    When candidates go, the "on"s reached lose only the weak links to what is gone (reached
    too: an "on" turns off all it sees), and an "off" reached keeps its strong links unless
    its partner went (reached too: an "off" turns its partners on) or it gains one: a house
    (X-links) or cell (Y-links) that had more than two places of the digit has two left. So a
    result holds while it reached none of the candidates gone and none of those new partners.
    """

    __slots__ = ("y_links", "x_links", "plane")

    def __init__(self, y_links: bool, x_links: bool, plane: bool = True) -> None:
        super().__init__(NEAR_PLANE)
        self.y_links = y_links
        self.x_links = x_links
        self.plane = plane  # the entries' masks in StaticLinks' layout (else cell * 9 + digit - 1)

    def _touched(self, last: int, now: int, gone: int) -> int:
        touched = self._partners(last, now, gone)
        if self.plane:
            return touched
        out = 0
        for i in bits729(touched):
            out |= 1 << (i % 81 * 9 + i // 81)
        return out

    def _partners(self, last: int, now: int, gone: int) -> int:
        touched = gone
        if self.x_links:
            for d in range(9):
                was = last >> d * 81 & ALL81
                plane = now >> d * 81 & ALL81
                if was == plane:
                    continue
                for h in _houses_of(was ^ plane):
                    pos = plane & HOUSE_MASK[h]
                    if pos.bit_count() == 2 and (was & HOUSE_MASK[h]).bit_count() > 2:
                        touched |= pos << d * 81
        if self.y_links:
            cells = 0
            for d in range(9):
                cells |= gone >> d * 81
            for c in bits(cells & ALL81):
                column = CELL_COLUMN[c]
                pos = now & column
                if pos.bit_count() == 2 and (last & column).bit_count() > 2:
                    touched |= pos
        return touched


class HintMemo:
    """Hint lists by key, at most ``limit`` hints and lists in all: the least recently used go."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.count = 0
        self.lists: dict[Any, list[Chain]] = {}

    def get(self, key: Any) -> list[Chain] | None:
        got = self.lists.pop(key, None)
        if got is not None:
            self.lists[key] = got  # now the most recent
        return got

    def put(self, key: Any, hints: list[Chain]) -> None:
        lists = self.lists
        self.count += len(hints) + 1
        while self.count > self.limit and lists:
            self.count -= len(lists.pop(next(iter(lists)))) + 1
        lists[key] = hints


#: The memory (MB) a rating's `Memo` may fill by default: less in the browser (Pyodide's worker).
MEMORY_MB = 64 if sys.platform == "emscripten" else 256


class Memo:
    """What one rating keeps by grid for its nested searches, bounded by ``memory_mb``.

    Every entry is a pure function of its key, so a smaller bound only costs time: the
    producers of one rating share it, and it goes with the rating (`se.policy.Solver`).

    - ``inner_hints``: `Chaining.implied`'s hint lists by (producer kind, grid): the nested
      producers' grids recur across assumptions, steps and levels; some 500 bytes a hint.
    - ``basic_implied``: `basic_implied` by (grid, start grid): the pattern rules' steps;
      some 800 bytes an entry.
    - ``on_off_links``: `StaticLinks._on_off_links` by (candidate, its cell's candidates or -1
      without Y-links, its digit's places among the cell's peers), shared by every grid; its
      lists share the link tables' tuples: some 400 bytes an entry.
    """

    __slots__ = ("inner_hints", "basic_implied", "basic_implied_max", "on_off_links", "on_off_links_max")

    def __init__(self, memory_mb: int = MEMORY_MB) -> None:
        share = max(memory_mb, 1) / MEMORY_MB  # at the default: 400,000 hints, 50,000 and 50,000 entries
        self.inner_hints = HintMemo(int(400_000 * share))
        self.basic_implied: dict[tuple[GridKey, GridKey], list[Implied]] = {}
        self.basic_implied_max = max(int(50_000 * share), 1)
        self.on_off_links: dict[tuple[int, int, int], tuple[list[tuple[int, int, int, int]], int]] = {}
        self.on_off_links_max = max(int(50_000 * share), 1)


def _houses_of(cells: int) -> list[int]:
    """The houses that hold any of ``cells``, in house order."""
    houses = 0
    for c in bits(cells):
        houses |= CELL_HOUSE_BITS[c]
    return list(bits(houses))


# Per candidate bit: the candidates whose presence decides its links (`Kept`): its cell's
# candidates and its digit in its cell, block, row and column (``_X``: the digit's places only,
# for the searches without links inside a cell). Bits cell * 9 + digit - 1 and, ``_PLANE``,
# (digit - 1) * 81 + cell as in `StaticLinks`.
NEAR_X = tuple(sum(1 << (c * 9 + i % 9) for c in bits(PEER_MASK[i // 9] | 1 << i // 9)) for i in range(729))
NEAR = tuple(m | (511 << (i // 9 * 9)) for i, m in enumerate(NEAR_X))
_NEAR_X_PLANE = tuple((PEER_MASK[i % 81] | 1 << i % 81) << (i // 81 * 81) for i in range(729))
NEAR_PLANE = tuple(m | CELL_COLUMN[i % 81] for i, m in enumerate(_NEAR_X_PLANE))
# `NEAR` and `NEAR_X` by StaticLinks bit ((digit - 1) * 81 + cell), as `Kept` reads them.
NEAR_BY_BIT = tuple(NEAR[i % 81 * 9 + i // 81] for i in range(729))
NEAR_X_BY_BIT = tuple(NEAR_X[i % 81 * 9 + i // 81] for i in range(729))
