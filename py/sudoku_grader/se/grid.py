"""The grid as Sudoku Explainer sees it: regions typed block, row, column, in SE's orders.

SE iterates region types as block, row, column, and cells inside a region in
increasing cell order (blocks row by row). Candidates are 9-bit masks per cell,
plus one 81-bit mask per digit so that "where can 5 go in this region" is one
``&``. Chains work on a copy and switch candidates off one by one.
"""

from __future__ import annotations

from ..board import Board

BLOCK, ROW, COL = 0, 1, 2
REGION_TYPES = (BLOCK, ROW, COL)
TYPE_NAMES = ("block", "row", "column")


def _region_cells(kind: int, i: int) -> tuple[int, ...]:
    if kind == BLOCK:
        by, bx = divmod(i, 3)
        return tuple((by * 3 + k // 3) * 9 + bx * 3 + k % 3 for k in range(9))
    if kind == ROW:
        return tuple(i * 9 + k for k in range(9))
    return tuple(k * 9 + i for k in range(9))


REGION_CELLS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_region_cells(t, i) for i in range(9)) for t in REGION_TYPES
)
REGION_MASK: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << c for c in cells) for cells in REGION_CELLS[t]) for t in REGION_TYPES
)
CELL_REGION: tuple[tuple[int, ...], ...] = tuple(
    tuple(next(i for i in range(9) if c in REGION_CELLS[t][i]) for c in range(81)) for t in REGION_TYPES
)
# Index of a cell inside its region of each type.
CELL_INDEX: tuple[tuple[int, ...], ...] = tuple(
    tuple(REGION_CELLS[t][CELL_REGION[t][c]].index(c) for c in range(81)) for t in REGION_TYPES
)
HOUSE_CELLS_MASK: tuple[int, ...] = tuple(
    (REGION_MASK[BLOCK][CELL_REGION[BLOCK][c]] | REGION_MASK[ROW][CELL_REGION[ROW][c]]
     | REGION_MASK[COL][CELL_REGION[COL][c]]) & ~(1 << c)
    for c in range(81)
)
DIGITS_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(d + 1 for d in range(9) if m >> d & 1) for m in range(512)
)


def region_name(kind: int, i: int) -> str:
    return f"{TYPE_NAMES[kind]} {i + 1}"


def bits(mask: int) -> list[int]:
    """Set bit positions, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class SEGrid:
    """Values, candidate masks and per-digit cell masks; cheap to copy."""

    __slots__ = ("values", "cands", "dcells")

    def __init__(self, values: list[int], cands: list[int], dcells: list[int]) -> None:
        self.values = values
        self.cands = cands
        self.dcells = dcells

    @classmethod
    def from_board(cls, board: Board) -> SEGrid:
        values = list(board.values)
        cands = [0 if values[c] else board.cands[c] for c in range(81)]
        dcells = [0] * 10
        for c in range(81):
            m = cands[c]
            while m:
                low = m & -m
                dcells[low.bit_length()] |= 1 << c
                m ^= low
        return cls(values, cands, dcells)

    def copy(self) -> SEGrid:
        return SEGrid(self.values[:], self.cands[:], self.dcells[:])

    def key(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return tuple(self.values), tuple(self.cands)

    def remove(self, cell: int, digit: int) -> None:
        self.cands[cell] &= ~(1 << (digit - 1))
        self.dcells[digit] &= ~(1 << cell)

    def place(self, cell: int, digit: int) -> None:
        """SE's setValueAndCancel: fill the cell and remove the digit from its houses."""
        m = self.cands[cell]
        while m:
            low = m & -m
            self.dcells[low.bit_length()] &= ~(1 << cell)
            m ^= low
        self.cands[cell] = 0
        self.values[cell] = digit
        bit = 1 << (digit - 1)
        touched = self.dcells[digit] & HOUSE_CELLS_MASK[cell]
        self.dcells[digit] &= ~touched
        for c in bits(touched):
            self.cands[c] &= ~bit

    def positions(self, kind: int, region: int, digit: int) -> int:
        return self.dcells[digit] & REGION_MASK[kind][region]

    def empty_count(self, kind: int, region: int) -> int:
        return sum(1 for c in REGION_CELLS[kind][region] if not self.values[c])

    def is_solved(self) -> bool:
        return all(self.values)
