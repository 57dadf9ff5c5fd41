"""Grid geometry: houses, peers and names, computed once as tables.

Everything that depends on the shape of the grid lives here. A `Geometry` is a
value: a size with its box shape, houses, peers and masks. The 9x9 grid
(`STANDARD`) is the product's main one; the module-level constants below are its
tables (the same objects), and the hot paths of the techniques use them
directly. A 6x6 grid (`SIX`, boxes of 2 rows by 3 columns) reads the same
tables from ``board.geometry``.

Conventions used across the package, for every size:
- cells are indexed ``9 * row + column`` (0..80 on 9x9). A smaller grid keeps that
  index space and leaves the cells outside it unused, so a cell's row, column and
  name (``r4c2``) are worked out the same way on every size, and so are chain node
  ids; only the grid's own tables (``cells``, ``houses``, ``peers``) know its shape.
  Text (a puzzle line, the worker's lists) lists the grid's cells row by row, 0..size²-1;
  `Geometry.cells` maps that reading order to the index space;
- houses are indexed rows 0-8, columns 9-17, boxes 18-26 (a smaller grid's missing
  houses have no cells); boxes are numbered row by row;
- digits are 1..size; a candidate set is a 9-bit int with bit ``d - 1`` for digit d;
- a set of cells is an 81-bit int with bit ``c`` for cell c.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

ROW, COL, BOX = 0, 1, 2
HOUSE_KIND_NAMES = ("row", "column", "box")
STRIDE = 9  # width of the cell index space, and houses per kind


@dataclass(frozen=True)
class Geometry:
    """Tables for a grid of ``box_rows`` x ``box_cols`` boxes (9x9 = 3x3 boxes, 6x6 = 2x3).

    Every table is indexed in the 9x9 index space (81 cells, 27 houses); an entry outside
    this grid is empty (no cells, mask 0, box -1).
    """

    box_rows: int
    box_cols: int
    size: int = field(init=False)
    ncells: int = field(init=False)  # cells of this grid (size * size)
    cells: tuple[int, ...] = field(init=False)  # the grid's cell indices, row by row
    all_cells: int = field(init=False)  # mask of the grid's cells
    all_digits: int = field(init=False)  # mask of the digits 1..size
    digits: tuple[int, ...] = field(init=False)  # 1..size
    cell_row: tuple[int, ...] = field(init=False)
    cell_col: tuple[int, ...] = field(init=False)
    cell_box: tuple[int, ...] = field(init=False)
    houses: tuple[tuple[int, ...], ...] = field(init=False)
    house_mask: tuple[int, ...] = field(init=False)
    house_ids: tuple[int, ...] = field(init=False)  # the houses this grid has, rows then columns then boxes
    rows: tuple[int, ...] = field(init=False)  # house indices of the rows
    cols: tuple[int, ...] = field(init=False)
    boxes: tuple[int, ...] = field(init=False)
    cell_houses: tuple[tuple[int, ...], ...] = field(init=False)
    peers: tuple[tuple[int, ...], ...] = field(init=False)
    peer_mask: tuple[int, ...] = field(init=False)
    sees: tuple[bytes, ...] = field(init=False)  # per cell, a byte per cell: 1 for its peers (no wide ints)
    house_outside: tuple[int, ...] = field(init=False)  # per house, the index space's cells outside it
    # each box with each line crossing it and the cells they share (locked candidates, groups)
    intersections: tuple[tuple[int, int, int], ...] = field(init=False)
    # for each intersection, in the same order: its cells, the box's other cells and the line's other
    # cells, so a finder can read the cells' 9-bit candidates instead of 81-bit digit masks
    intersection_cells: tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...] = field(init=False)

    def __post_init__(self) -> None:
        n = self.box_rows * self.box_cols
        if not 1 < n <= STRIDE:
            raise ValueError(f"a grid of {self.box_rows}x{self.box_cols} boxes is not supported")
        set_ = object.__setattr__
        set_(self, "size", n)
        set_(self, "ncells", n * n)
        cells = tuple(r * STRIDE + k for r in range(n) for k in range(n))
        inside = set(cells)
        set_(self, "cells", cells)
        set_(self, "all_cells", sum(1 << c for c in cells))
        set_(self, "all_digits", (1 << n) - 1)
        set_(self, "digits", tuple(range(1, n + 1)))
        every = range(STRIDE * STRIDE)
        rows = tuple(c // STRIDE for c in every)
        cols = tuple(c % STRIDE for c in every)
        stacks = n // self.box_cols  # boxes side by side in a band
        boxes = tuple(
            (r // self.box_rows) * stacks + (k // self.box_cols) if c in inside else -1
            for c, r, k in zip(every, rows, cols)
        )
        set_(self, "cell_row", rows)
        set_(self, "cell_col", cols)
        set_(self, "cell_box", boxes)
        houses: list[tuple[int, ...]] = []
        houses += [tuple(c for c in cells if rows[c] == i) for i in range(STRIDE)]
        houses += [tuple(c for c in cells if cols[c] == i) for i in range(STRIDE)]
        houses += [tuple(c for c in cells if boxes[c] == i) for i in range(STRIDE)]
        set_(self, "houses", tuple(houses))
        set_(self, "house_mask", tuple(sum(1 << c for c in h) for h in houses))
        set_(self, "rows", tuple(range(n)))
        set_(self, "cols", tuple(range(STRIDE, STRIDE + n)))
        set_(self, "boxes", tuple(range(2 * STRIDE, 2 * STRIDE + n)))
        set_(self, "house_ids", self.rows + self.cols + self.boxes)
        set_(
            self,
            "cell_houses",
            tuple((rows[c], STRIDE + cols[c], 2 * STRIDE + boxes[c]) if c in inside else () for c in every),
        )
        peers = []
        for c in every:
            ps = {p for h in self.cell_houses[c] for p in houses[h]}
            ps.discard(c)
            peers.append(tuple(sorted(ps)))
        set_(self, "peers", tuple(peers))
        set_(self, "peer_mask", tuple(sum(1 << p for p in ps) for ps in peers))
        set_(self, "sees", tuple(bytes(m >> x & 1 for x in every) for m in self.peer_mask))
        set_(self, "house_outside", tuple(((1 << STRIDE * STRIDE) - 1) & ~m for m in self.house_mask))
        mask = self.house_mask
        set_(
            self,
            "intersections",
            tuple((b, line, mask[b] & mask[line]) for b in self.boxes for line in self.rows + self.cols
                  if mask[b] & mask[line]),
        )
        set_(
            self,
            "intersection_cells",
            tuple((tuple(c for c in houses[b] if c in houses[line]),
                   tuple(c for c in houses[b] if c not in houses[line]),
                   tuple(c for c in houses[line] if c not in houses[b])) for b, line, _ in self.intersections),
        )

    @property
    def box(self) -> tuple[int, int]:
        """(box rows, box columns): the worker's ``"box"`` field."""
        return (self.box_rows, self.box_cols)

    def spread(self, digits: list[int]) -> list[int]:
        """A row-by-row list of the grid's ``ncells`` cells as an 81-entry list in the index space."""
        out = [0] * (STRIDE * STRIDE)
        for c, v in zip(self.cells, digits):
            out[c] = v
        return out

    def gather(self, values: list[int]) -> list[int]:
        """The grid's cells of an index-space list, row by row (the inverse of `spread`)."""
        return [values[c] for c in self.cells]


STANDARD = Geometry(3, 3)
SIX = Geometry(2, 3)
GEOMETRIES = {9: STANDARD, 6: SIX}  # the sizes the package reads, by rows of the grid

SIZE = 9
NCELLS = 81
ALL_DIGITS = 0x1FF
ALL_CELLS = (1 << 81) - 1
CELL_ROW = STANDARD.cell_row
CELL_COL = STANDARD.cell_col
CELL_BOX = STANDARD.cell_box
HOUSES = STANDARD.houses
HOUSE_MASK = STANDARD.house_mask
CELL_HOUSES = STANDARD.cell_houses
# each cell's three houses as bits of a 27-bit mask (bit h for house h)
CELL_HOUSE_BITS = tuple(sum(1 << h for h in hs) for hs in CELL_HOUSES)
PEERS = STANDARD.peers
PEER_MASK = STANDARD.peer_mask
ROWS = STANDARD.rows
COLS = STANDARD.cols
BOXES = STANDARD.boxes

# Box-line intersections ("chutes" cut into mini-lines): for each box and each
# line crossing it, the three shared cells.  Used by locked candidates and by
# grouped chain nodes.
INTERSECTIONS: tuple[tuple[int, int, int], ...] = STANDARD.intersections


def geometry_for(cells: int) -> Geometry | None:
    """The grid with this many cells (81 or 36), or None."""
    for g in GEOMETRIES.values():
        if g.ncells == cells:
            return g
    return None


def sizes_text() -> str:
    """``81 cells (9x9) or 36 cells (6x6)``: what an error about a wrong length offers."""
    return " or ".join(f"{g.ncells} cells ({g.size}x{g.size})" for g in GEOMETRIES.values())


def house_kind(house: int) -> int:
    """ROW, COL or BOX for a house index."""
    return house // 9


def house_name(house: int) -> str:
    """``row 3``, ``column 7`` or ``box 5`` (1-based), for explanations."""
    return f"{HOUSE_KIND_NAMES[house // 9]} {house % 9 + 1}"


def house_short(house: int) -> str:
    """``r3``, ``c7`` or ``b5``: the field's short notation."""
    return "rcb"[house // 9] + str(house % 9 + 1)


def cell_name(cell: int) -> str:
    """``r1c1`` .. ``r9c9``."""
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


def cells_name(cells: int | list[int] | tuple[int, ...]) -> str:
    """Compact name of a set of cells: ``r1c12``, ``r13c5`` or a list ``r1c1,r5c7``.

    Accepts a cell bitmask or a sequence of cell indices.
    """
    cl = list(iter_bits(cells)) if isinstance(cells, int) else sorted(cells)
    if not cl:
        return "-"
    if len(cl) == 1:
        return cell_name(cl[0])
    rows = sorted({c // 9 for c in cl})
    cols = sorted({c % 9 for c in cl})
    if len(rows) == 1 or len(cols) == 1 or len(rows) * len(cols) == len(cl):
        return "r" + "".join(str(r + 1) for r in rows) + "c" + "".join(str(k + 1) for k in cols)
    return ",".join(cell_name(c) for c in cl)


def parse_cell(name: str) -> int:
    """``r4c7`` -> 33. Raises ValueError for anything else."""
    s = name.strip().lower()
    if len(s) == 4 and s[0] == "r" and s[2] == "c" and s[1] in "123456789" and s[3] in "123456789":
        return (int(s[1]) - 1) * 9 + int(s[3]) - 1
    raise ValueError(f"not a cell name: {name!r} (expected r1c1 .. r9c9)")


# Set-bit indices by table: for every 9-bit mask, for every 9-bit piece of a cell mask (by its
# position) and for every byte of a mask up to 88 bits (by its position). Operators on ints of
# more than one 30-bit digit and int methods cost Pyodide several times what they cost CPython,
# table lookups and one-digit ints about the same, so `iter_bits` reads tables where it can.
_BITS9 = tuple(tuple(b for b in range(9) if x >> b & 1) for x in range(512))
_BITS9_AT = tuple(tuple(tuple(9 * k + b for b in range(9) if x >> b & 1) for x in range(512)) for k in range(9))
_BITS8 = _BITS9[:256]
_BYTE_BITS = tuple(tuple(tuple(8 * i + b for b in range(8) if x >> b & 1) for x in range(256)) for i in range(11))


def _iter_wide(mask: int) -> list[int]:
    """`iter_bits` of a mask wider than 88 bits. Sparse: take the highest bit off at a time (two
    wide-int operations a bit); denser than one bit in 16: read its bytes once, by table, as each
    wide-int operation makes a new int, which Pyodide (no pymalloc) pays several times CPython's price for."""
    width = mask.bit_length()
    out = []
    if mask.bit_count() * 16 <= width:
        while mask:
            k = mask.bit_length() - 1
            out.append(k)
            mask ^= 1 << k
        out.reverse()
        return out
    base = 0
    for byte in mask.to_bytes((width + 7) >> 3, "little"):
        if byte:
            for b in _BITS8[byte]:
                out.append(base + b)
        base += 8
    return out


def iter_bits(mask: int) -> Sequence[int]:
    """Indices of the set bits of ``mask`` (a non-negative int), lowest first."""
    if mask < 512:
        return _BITS9[mask]
    if mask >> 88:  # wider than a cell mask (chain node sets, ALS index sets)
        return _iter_wide(mask)
    if not mask & (mask - 1):
        return [mask.bit_length() - 1]
    if mask >> 81:
        out: list[int] = []
        for row, byte in zip(_BYTE_BITS, mask.to_bytes(11, "little")):
            if byte:
                out += row[byte]
        return out
    # a cell mask: three 27-bit parts (one int digit each), read 9 bits at a time by table
    a0, a1, a2, a3, a4, a5, a6, a7, a8 = _BITS9_AT
    out = []
    part = mask & 0x7FFFFFF
    if part:
        out += a0[part & 511]
        out += a1[part >> 9 & 511]
        out += a2[part >> 18]
    part = mask >> 27 & 0x7FFFFFF
    if part:
        out += a3[part & 511]
        out += a4[part >> 9 & 511]
        out += a5[part >> 18]
    part = mask >> 54
    if part:
        out += a6[part & 511]
        out += a7[part >> 9 & 511]
        out += a8[part >> 18]
    return out


def digits_of(mask: int) -> list[int]:
    """Digits (1..9) in a 9-bit candidate mask (a new list, from the `DIGITS_IN` table)."""
    if 0 <= mask < 512:
        return list(DIGITS_IN[mask])
    return [d + 1 for d in range(9) if mask >> d & 1]


def digit_bit(digit: int) -> int:
    return 1 << (digit - 1)


def sees(a: int, b: int) -> bool:
    """True when two different cells share a house."""
    return bool(PEER_MASK[a] >> b & 1)


def common_peers(cells: int) -> int:
    """Cells (mask) that see every cell of ``cells`` (a nonempty mask), excluding them."""
    result = ALL_CELLS
    for c in iter_bits(cells):
        result &= PEER_MASK[c]
    return result & ~cells


def houses_containing(cells: int) -> list[int]:
    """Houses that contain every cell of the mask."""
    return [h for h in range(27) if cells & ~HOUSE_MASK[h] == 0] if cells else []


POPCOUNT9 = tuple(bin(i).count("1") for i in range(512))
# The highest set bit of every 9-bit mask (-1 for 0): a lookup costs Pyodide less than bit_length().
TOP9 = tuple(i.bit_length() - 1 for i in range(512))

# The digits (1-9) of every 9-bit candidate mask, lowest first.
DIGITS_IN: tuple[tuple[int, ...], ...] = tuple(tuple(d + 1 for d in range(9) if m >> d & 1) for m in range(512))
