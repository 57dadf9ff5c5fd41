"""The board: digits, givens and candidates as integer bitmasks.

A `Board` is the one mutable state every technique reads. It keeps three
views in step, so that each question a technique asks is O(1):

- ``values[c]``: the digit in cell c, 0 when empty;
- ``cands[c]``: the 9-bit candidate mask of cell c (0 once the cell is filled);
- ``digit_cells[d]``: the 81-bit mask of cells where digit d is still a
  candidate, so "where can 5 go in row 3" is ``digit_cells[5] & HOUSE_MASK[2]``.

`place` and `eliminate` update all three incrementally; `copy` is a few list
copies, cheap enough for search.

The grid's shape is the class's `Geometry` (``board.geometry``): `Board` is the 9x9
grid, `Board6` the 6x6 one (boxes of 2 rows by 3 columns), the python-chess way of
variants as subclasses with class attributes. `board_type` picks one by size.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .errors import ContradictionError, ParseError
from .geometry import (
    ALL_DIGITS,
    CELL_HOUSES,
    NCELLS,
    PEERS,
    POPCOUNT9,
    SIX,
    STANDARD,
    Geometry,
    cell_name,
    geometry_for,
    house_name,
    iter_bits,
    sizes_text,
)

_DIGIT_BIT = (0, 1, 2, 4, 8, 16, 32, 64, 128, 256)


class Board:
    """A 9x9 position: filled cells, which of them are givens, and candidates.

    The lists are indexed in the 9x9 index space on every size (see `geometry`); a
    smaller grid's unused cells stay empty with no candidates and are never unsolved.
    """

    __slots__ = ("values", "cands", "digit_cells", "givens", "unsolved", "memo")
    geometry: Geometry = STANDARD

    def __init__(self) -> None:
        g = self.geometry
        self.values: list[int] = [0] * NCELLS
        self.cands: list[int] = [g.all_digits if g.all_cells >> c & 1 else 0 for c in range(NCELLS)]
        self.digit_cells: list[int] = [0] + [g.all_cells if d <= g.size else 0 for d in range(1, 10)]
        self.givens: int = 0
        self.unsolved: int = g.all_cells
        # What finders computed for a position of this board (`memo_of`), by kind: it goes with
        # the board (a copy starts without it), so no module keeps a puzzle's results.
        self.memo: dict[object, tuple[object, object]] | None = None

    @property
    def size(self) -> int:
        """Rows in the grid: 9 or 6."""
        return self.geometry.size

    # ----------------------------------------------------------------- building
    @classmethod
    def from_values(
        cls, values: Sequence[int], givens: Iterable[int] | int | None = None, check: bool = True
    ) -> Board:
        """A board with ``values`` filled in and every other candidate that the rules allow.

        ``values`` has one entry per cell of the index space (81), or, for a smaller grid,
        the grid's cells row by row (36 for 6x6); called on `Board` the size is told from
        the length, called on a subclass it is the subclass's. ``givens`` lists the cells
        that are clues, as indices or a cell mask in the index space (default: every filled
        cell). With ``check``, a digit repeated in a house raises `ContradictionError`
        naming the house, the digit and both cells.

        Built from house masks in one pass: reading is the CLI's hot path on big files.
        """
        if cls is Board and len(values) != NCELLS:
            g = geometry_for(len(values))
            if g is None:
                raise ContradictionError(f"a board has {sizes_text()}, got {len(values)}")
            return board_type(g.size).from_values(values, givens, check)
        g = cls.geometry
        if len(values) == g.ncells and g is not STANDARD:
            values = g.spread(list(values))
        elif len(values) != NCELLS:
            raise ContradictionError(f"a {g.size}x{g.size} board has {g.ncells} cells, got {len(values)}")
        cell_houses = g.cell_houses
        house_mask = g.house_mask
        if g is not STANDARD and any(v > g.size or v and not g.all_cells >> c & 1 for c, v in enumerate(values)):
            raise ContradictionError(f"a {g.size}x{g.size} board holds digits 1-{g.size} in its {g.ncells} cells")
        used = [0] * 27  # digits present per house
        clash = False
        for c, v in enumerate(values):
            if v:
                bit = 1 << (v - 1)
                r, k, b = cell_houses[c]
                if (used[r] | used[k] | used[b]) & bit:
                    clash = True
                used[r] |= bit
                used[k] |= bit
                used[b] |= bit
        if clash and check:
            raise ContradictionError(find_duplicate(values, g) or "a digit repeats in a house")
        blocked = [0] * 10  # per digit: cells that see (or hold) that digit
        for h in range(27):
            u = used[h]
            while u:
                low = u & -u
                u ^= low
                blocked[low.bit_length()] |= house_mask[h]
        board = cls.__new__(cls)
        board.memo = None
        board.values = list(values)
        all_digits = g.all_digits
        board.cands = [
            0 if v or not hs else all_digits & ~(used[hs[0]] | used[hs[1]] | used[hs[2]])
            for v, hs in zip(values, cell_houses)
        ]
        unsolved = 0
        for c, v in enumerate(values):
            if not v:
                unsolved |= 1 << c
        unsolved &= g.all_cells
        board.unsolved = unsolved
        board.digit_cells = [0] + [unsolved & ~blocked[d] if d <= g.size else 0 for d in range(1, 10)]
        if givens is None:
            board.givens = g.all_cells & ~unsolved
        elif isinstance(givens, int):
            board.givens = givens
        else:
            board.givens = sum(1 << c for c in set(givens))
        return board

    @classmethod
    def from_string(cls, text: str) -> Board:
        """A board from one line of 81 cells (or 36 for 6x6): digits, ``. 0 - * _`` for blanks
        (spaces and ``|`` ignored). `formats.parse` reads every other format (grids,
        pencilmarks, labels)."""
        values: list[int] = []
        for i, ch in enumerate(text.strip(), 1):
            if ch in "123456789":
                values.append(int(ch))
            elif ch in ".0-*_":
                values.append(0)
            elif ch not in " \t|":
                raise ParseError(f"unexpected character {ch!r} after {len(values)} cells; use formats.parse "
                                 "for grids and labelled lines", None, i)
        if geometry_for(len(values)) is None:
            raise ParseError(f"a puzzle has {sizes_text()}, this line has {len(values)}")
        try:
            return cls.from_values(values)
        except ContradictionError as e:
            raise ParseError(str(e)) from None

    def copy(self) -> Board:
        b = self.__class__.__new__(self.__class__)
        b.memo = None  # a copy starts with no results of its own
        b.values = self.values[:]
        b.cands = self.cands[:]
        b.digit_cells = self.digit_cells[:]
        b.givens = self.givens
        b.unsolved = self.unsolved
        return b

    # ---------------------------------------------------------------- changing
    def place(self, cell: int, digit: int) -> None:
        """Fill ``cell`` with ``digit`` and remove ``digit`` from the cell's peers."""
        bit = 1 << (digit - 1)
        old = self.cands[cell]
        for d in iter_bits(old):
            self.digit_cells[d + 1] &= ~(1 << cell)
        self.values[cell] = digit
        self.cands[cell] = 0
        self.unsolved &= ~(1 << cell)
        touched = self.digit_cells[digit] & self.geometry.peer_mask[cell]
        if touched:
            self.digit_cells[digit] &= ~touched
            cands = self.cands
            for p in iter_bits(touched):
                cands[p] &= ~bit

    def eliminate(self, cell: int, digit: int) -> bool:
        """Remove a candidate; True when it was there."""
        bit = 1 << (digit - 1)
        if self.cands[cell] & bit:
            self.cands[cell] &= ~bit
            self.digit_cells[digit] &= ~(1 << cell)
            return True
        return False

    def set_candidates(self, cell: int, mask: int) -> None:
        """Replace a cell's candidates (used when loading pencilmark grids)."""
        old = self.cands[cell]
        for d in iter_bits(old & ~mask):
            self.digit_cells[d + 1] &= ~(1 << cell)
        for d in iter_bits(mask & ~old):
            self.digit_cells[d + 1] |= 1 << cell
        self.cands[cell] = mask

    # ---------------------------------------------------------------- querying
    def positions(self, house: int, digit: int) -> int:
        """Cells (mask) of ``house`` where ``digit`` is still a candidate."""
        return self.digit_cells[digit] & self.geometry.house_mask[house]

    def allowed_cells(self) -> list[int]:
        """Per digit (index 1-9), the empty cells that no placed copy of the digit sees.

        A superset of the candidates: cells whose candidate logic removed still count.
        HoDoKu calls it candidatesAllowed; uniqueness steps with missing candidates use it.
        """
        blocked = [0] * 10
        peer_mask = self.geometry.peer_mask
        for c, v in enumerate(self.values):
            if v:
                blocked[v] |= peer_mask[c]
        size = self.geometry.size
        return [0] + [self.unsolved & ~blocked[d] if d <= size else 0 for d in range(1, 10)]

    def is_solved(self) -> bool:
        return not self.unsolved

    def empty_count(self) -> int:
        return self.unsolved.bit_count()

    def candidate_count(self) -> int:
        """Candidates left on the board (SudokuWiki's candidate density)."""
        return sum([POPCOUNT9[m] for m in self.cands])

    def given_count(self) -> int:
        return self.givens.bit_count()

    def is_given(self, cell: int) -> bool:
        return bool(self.givens >> cell & 1)

    def has_candidate(self, cell: int, digit: int) -> bool:
        return bool(self.cands[cell] >> (digit - 1) & 1)

    def contradiction(self) -> str | None:
        """Why this position cannot be completed by simple means, or None.

        Checks for duplicates, an empty cell without candidates, and a digit
        that is missing from a house with no place left for it. The walk asks
        before every step, so a one-pass check of small masks answers first and
        the house-by-house search below only runs to name a problem it saw.
        """
        g = self.geometry
        if g is STANDARD and self._sound():
            return None
        clash = find_duplicate(self.values, g)
        if clash:
            return clash
        for c in iter_bits(self.unsolved):
            if not self.cands[c]:
                return f"{cell_name(c)} has no candidate left"
        houses, house_mask, digits = g.houses, g.house_mask, g.digits
        values, digit_cells = self.values, self.digit_cells
        for h in g.house_ids:
            placed = 0
            for c in houses[h]:
                if values[c]:
                    placed |= 1 << (values[c] - 1)
            for d in digits:
                if not placed >> (d - 1) & 1 and not digit_cells[d] & house_mask[h]:
                    return f"{d} has no place left in {house_name(h)}"
        return None

    def _sound(self) -> bool:
        """On the 9x9 grid: no repeated digit, no empty cell without candidates, every digit placed
        or possible in every house. Reads ``cands`` (kept in step with ``digit_cells``) with 9-bit
        house masks."""
        placed = [0] * 27
        open_ = [0] * 27
        for v, m, (r, k, b) in zip(self.values, self.cands, CELL_HOUSES):
            if v:
                bit = _DIGIT_BIT[v]
                if (placed[r] | placed[k] | placed[b]) & bit:
                    return False
                placed[r] |= bit
                placed[k] |= bit
                placed[b] |= bit
            elif m:
                open_[r] |= m
                open_[k] |= m
                open_[b] |= m
            else:
                return False
        every = ALL_DIGITS
        for p, o in zip(placed, open_):
            every &= p | o
        return every == ALL_DIGITS

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Board)
            and self.geometry is other.geometry
            and self.values == other.values
            and self.cands == other.cands
            and self.givens == other.givens
        )

    def __hash__(self) -> int:  # boards are mutable; hash by identity like lists would refuse
        raise TypeError("Board is mutable and unhashable")

    def __repr__(self) -> str:
        return f"Board('{self.to_string()}')"

    def to_string(self, blank: str = ".") -> str:
        """The line of filled cells, row by row: 81 characters (36 on 6x6)."""
        if self.geometry is STANDARD:
            return "".join(str(v) if v else blank for v in self.values)
        values = self.values
        return "".join(str(values[c]) if values[c] else blank for c in self.geometry.cells)


class Board6(Board):
    """A 6x6 position: rows of 6, boxes of 2 rows by 3 columns, digits 1-6."""

    __slots__ = ()
    geometry = SIX


BOARD_TYPES: dict[int, type[Board]] = {9: Board, 6: Board6}


def board_type(size: int) -> type[Board]:
    """The board class for a grid of ``size`` rows (9 or 6)."""
    try:
        return BOARD_TYPES[size]
    except KeyError:
        raise ParseError(f"no {size}x{size} grid: the sizes are " + ", ".join(f"{n}x{n}" for n in BOARD_TYPES)) \
            from None


def find_duplicate(values: Sequence[int], geometry: Geometry = STANDARD) -> str | None:
    """A message naming the first digit that appears twice in a house, or None (``values``
    in the index space)."""
    houses = geometry.houses
    for h in geometry.house_ids:
        seen: dict[int, int] = {}
        for c in houses[h]:
            v = values[c]
            if v:
                if v in seen:
                    return (
                        f"digit {v} appears twice in {house_name(h)}: "
                        f"{cell_name(seen[v])} and {cell_name(c)}"
                    )
                seen[v] = c
    return None


__all__ = ["Board", "Board6", "BOARD_TYPES", "board_type", "find_duplicate", "PEERS", "CELL_HOUSES"]
