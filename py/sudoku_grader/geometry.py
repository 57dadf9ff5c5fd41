"""Grid geometry: houses, peers and names, computed once as tables.

Everything that depends on the shape of the grid lives here, so that a 4x4 or
6x6 board can later reuse the same code with another `Geometry`. The 9x9 grid
is the product; the module-level constants below describe it, and the hot
paths of the techniques use them directly.

Conventions used across the package:
- cells are indexed 0..80 row by row; rows, columns and boxes 0..8;
- houses are indexed 0..26: rows 0-8, columns 9-17, boxes 18-26;
- digits are 1..9; a candidate set is a 9-bit int with bit ``d - 1`` for digit d;
- a set of cells is an 81-bit int with bit ``c`` for cell c.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

ROW, COL, BOX = 0, 1, 2
HOUSE_KIND_NAMES = ("row", "column", "box")


@dataclass(frozen=True)
class Geometry:
    """Tables for a grid of ``box_rows`` x ``box_cols`` boxes (9x9 = 3x3 boxes)."""

    box_rows: int
    box_cols: int
    size: int = field(init=False)
    ncells: int = field(init=False)
    cell_row: tuple[int, ...] = field(init=False)
    cell_col: tuple[int, ...] = field(init=False)
    cell_box: tuple[int, ...] = field(init=False)
    houses: tuple[tuple[int, ...], ...] = field(init=False)
    house_mask: tuple[int, ...] = field(init=False)
    cell_houses: tuple[tuple[int, int, int], ...] = field(init=False)
    peers: tuple[tuple[int, ...], ...] = field(init=False)
    peer_mask: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        n = self.box_rows * self.box_cols
        set_ = object.__setattr__
        set_(self, "size", n)
        set_(self, "ncells", n * n)
        rows = tuple(c // n for c in range(n * n))
        cols = tuple(c % n for c in range(n * n))
        boxes = tuple(
            (r // self.box_rows) * (n // self.box_cols) + (k // self.box_cols)
            for r, k in zip(rows, cols)
        )
        set_(self, "cell_row", rows)
        set_(self, "cell_col", cols)
        set_(self, "cell_box", boxes)
        houses: list[tuple[int, ...]] = []
        houses += [tuple(c for c in range(n * n) if rows[c] == i) for i in range(n)]
        houses += [tuple(c for c in range(n * n) if cols[c] == i) for i in range(n)]
        houses += [tuple(c for c in range(n * n) if boxes[c] == i) for i in range(n)]
        set_(self, "houses", tuple(houses))
        set_(self, "house_mask", tuple(sum(1 << c for c in h) for h in houses))
        set_(
            self,
            "cell_houses",
            tuple((rows[c], n + cols[c], 2 * n + boxes[c]) for c in range(n * n)),
        )
        peers = []
        for c in range(n * n):
            ps = {p for h in self.cell_houses[c] for p in houses[h]}
            ps.discard(c)
            peers.append(tuple(sorted(ps)))
        set_(self, "peers", tuple(peers))
        set_(self, "peer_mask", tuple(sum(1 << p for p in ps) for ps in peers))


STANDARD = Geometry(3, 3)

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
PEERS = STANDARD.peers
PEER_MASK = STANDARD.peer_mask
ROWS = tuple(range(0, 9))
COLS = tuple(range(9, 18))
BOXES = tuple(range(18, 27))

# Box-line intersections ("chutes" cut into mini-lines): for each box and each
# line crossing it, the three shared cells.  Used by locked candidates and by
# grouped chain nodes.
INTERSECTIONS: tuple[tuple[int, int, int], ...] = tuple(
    (b, line, HOUSE_MASK[b] & HOUSE_MASK[line])
    for b in BOXES
    for line in ROWS + COLS
    if HOUSE_MASK[b] & HOUSE_MASK[line]
)


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


# Set-bit indices by table: for every 9-bit mask, and for every byte of an 81-bit mask (by its
# position). Int operators and int methods cost Pyodide several times what they cost CPython,
# table lookups about the same, so `iter_bits` reads tables where it can.
_BITS9 = tuple(tuple(b for b in range(9) if x >> b & 1) for x in range(512))
_BYTE_BITS = tuple(tuple(tuple(8 * i + b for b in range(8) if x >> b & 1) for x in range(256)) for i in range(11))


def iter_bits(mask: int) -> Sequence[int]:
    """Indices of the set bits of ``mask`` (a non-negative int), lowest first."""
    if mask < 512:
        return _BITS9[mask]
    if mask >> 88:  # wider than a cell mask (chain node sets): peel the lowest bit
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out
    if not mask & (mask - 1):
        return [mask.bit_length() - 1]
    out = []
    for row, byte in zip(_BYTE_BITS, mask.to_bytes(11, "little")):
        if byte:
            out += row[byte]
    return out


def digits_of(mask: int) -> list[int]:
    """Digits (1..9) in a 9-bit candidate mask."""
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

# The digits (1-9) of every 9-bit candidate mask, lowest first.
DIGITS_IN: tuple[tuple[int, ...], ...] = tuple(tuple(d + 1 for d in range(9) if m >> d & 1) for m in range(512))
