"""Wings: XY-Wing, XYZ-Wing, the bent wings WXYZ, VWXYZ and UVWXYZ, W-Wing, and Remote Pair.

- XY-Wing (SudokuWiki's Y-Wing): a pivot xy sees two bivalue pincers xz and yz.
  Whatever the pivot is, one pincer is z, so cells seeing both pincers lose z.
- XYZ-Wing: the pivot is xyz; the pivot may be z too, so only cells seeing all
  three cells lose z.
- WXYZ-Wing (general form): four cells holding exactly four digits between
  them, of which every digit but one (z) is *restricted* (all its cells see
  each other, so it fills at most one of the four cells). Four cells need four
  values and the restricted digits fill at most three, so some cell is z:
  cells seeing every z of the pattern lose z. Cells all in one house would be
  a naked quad and are left to that technique.
- VWXYZ- and UVWXYZ-Wing: the same rule with five and six cells (n cells
  holding exactly n digits, every digit but z restricted), as the wing family
  is generalised on the Sudoku Players' Forum and in SukakuExplainer (which
  rates them 6.2-6.4 and 6.6; our levels follow).
- W-Wing: two bivalue cells xy with the same digits, joined by a strong link
  on x (one end sees each cell). One of them is y, so cells seeing both lose y.
- Remote Pair: a chain of four or more bivalue cells with the same two digits,
  each seeing the next, so their values alternate; two cells an odd number of
  steps apart (at least three) hold both digits between them, so cells seeing
  both lose the two digits (HoDoKu's definition).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..board import Board
from ..geometry import CELL_HOUSES, POPCOUNT9, TOP9, cell_name, cells_name, digits_of, house_name, iter_bits
from ..step import Link, Mark, Step
from .registry import technique

FAMILY = "wings"
# XY-, XYZ-, W- and WXYZ-Wings also run on 6x6 (the finders read board.geometry); the larger bent
# wings (5 and 6 cells of a 6-digit grid) and remote pairs stay 9x9 only.


def _bivalue_cells(board: Board) -> list[int]:
    cands = board.cands
    return [c for c in iter_bits(board.unsolved) if POPCOUNT9[cands[c]] == 2]


def _digit(mask: int) -> int:
    return mask.bit_length()


def _elims(mask: int, digit: int) -> list[tuple[int, int]]:
    return [(c, digit) for c in iter_bits(mask)]


# ------------------------------------------------------------------- XY / XYZ
def _wings(board: Board, pivot_size: int) -> Iterator[Step]:
    peer_mask = board.geometry.peer_mask
    sees = board.geometry.sees
    cands = board.cands
    bivalues = _bivalue_cells(board)
    xyz = pivot_size == 3
    tid, name = ("xyz-wing", "XYZ-Wing") if xyz else ("xy-wing", "XY-Wing")
    for pivot in iter_bits(board.unsolved):
        pc = cands[pivot]
        if POPCOUNT9[pc] != pivot_size:
            continue
        # pincers: bivalue peers sharing exactly one (XY) / two (XYZ) digits with the pivot
        shared = 2 if xyz else 1
        sees_pivot = sees[pivot]
        pincers = [c for c in bivalues if sees_pivot[c] and POPCOUNT9[cands[c] & pc] == shared]
        for p1, p2 in combinations(pincers, 2):
            m1, m2 = cands[p1], cands[p2]
            if m1 == m2:
                continue
            zmask = m1 & m2
            if POPCOUNT9[zmask] != 1:
                continue
            if xyz:
                if m1 | m2 != pc:
                    continue
            elif zmask & pc or (m1 | m2) & pc != pc:
                continue
            z = _digit(zmask)
            seeing = peer_mask[p1] & peer_mask[p2]
            if xyz:
                seeing &= peer_mask[pivot]
            targets = board.digit_cells[z] & seeing & ~(1 << pivot)
            if not targets:
                continue
            x, y = digits_of(pc & ~zmask) if xyz else digits_of(pc)
            marks = [Mark(pivot, d, "pivot") for d in digits_of(pc)]
            marks += [Mark(p, d, "pincer") for p in (p1, p2) for d in digits_of(cands[p])]
            marks += [Mark(c, z, "target") for c in iter_bits(targets)]
            if xyz:
                text = (f"XYZ-Wing: pivot {cell_name(pivot)} ({x}{y}{z}) sees {cell_name(p1)} "
                        f"({''.join(map(str, digits_of(m1)))}) and {cell_name(p2)} "
                        f"({''.join(map(str, digits_of(m2)))}); one of the three cells is {z}, "
                        f"so remove {z} from {cells_name(targets)}, which see all three.")
            else:
                text = (f"XY-Wing: pivot {cell_name(pivot)} ({x}{y}) sees {cell_name(p1)} "
                        f"({''.join(map(str, digits_of(m1)))}) and {cell_name(p2)} "
                        f"({''.join(map(str, digits_of(m2)))}); whichever of {x}, {y} the pivot takes, one pincer "
                        f"is {z}, so remove {z} from {cells_name(targets)}, which see both pincers.")
            yield Step(tid, name, eliminations=_elims(targets, z), highlights=marks, text=text,
                       extra={"digits": digits_of(pc | m1 | m2), "z": z, "pivot": pivot, "size": pivot_size + 1})


@technique("xy-wing", "XY-Wing", family=FAMILY, level=4.2, codes=("0800",), aliases=("y-wing", "ywing", "xy"),
           sizes=(9, 6))
def xy_wing(board: Board) -> Iterator[Step]:
    """Pivot xy with pincers xz, yz: cells seeing both pincers lose z."""
    return _wings(board, 2)


@technique("xyz-wing", "XYZ-Wing", family=FAMILY, level=4.4, codes=("0801",), aliases=("xyz",), sizes=(9, 6))
def xyz_wing(board: Board) -> Iterator[Step]:
    """Pivot xyz with pincers xz, yz: cells seeing all three lose z."""
    return _wings(board, 3)


# ------------------------------------------------------- WXYZ and beyond
_DIGIT_LISTS = tuple(tuple(d + 1 for d in range(9) if m >> d & 1) for m in range(512))
BENT_WINGS = {4: ("wxyz-wing", "WXYZ-Wing"), 5: ("vwxyz-wing", "VWXYZ-Wing"), 6: ("uvwxyz-wing", "UVWXYZ-Wing")}


def _bent_sets(board: Board, size: int) -> Iterator[tuple[list[int], int, int]]:
    """(cells, digit union, z) for every ``size`` cells with ``size`` digits and exactly one unrestricted digit.

    Cells with two to ``size`` candidates are combined depth first in cell order; a
    branch stops as soon as the union passes ``size`` digits or two digits are
    unrestricted (adding cells never restores a restriction).
    """
    cands = board.cands
    pool = [(c, cands[c]) for c in iter_bits(board.unsolved) if 2 <= POPCOUNT9[cands[c]] <= size]
    if len(pool) >= size:
        yield from _combine(board, size, pool, [], 0, 0)


def _combine(board: Board, size: int, rest: list[tuple[int, int]], chosen: list[int],
             loose: int, union: int) -> Iterator[tuple[list[int], int, int]]:
    """Depth-first choice of ``size`` cells from ``rest`` (cell, candidates); ``loose`` holds the unrestricted
    digits so far (bits).

    Each level passes down only the later cells that keep the union within ``size``
    digits. Once a digit is loose it is z, and a branch whose z cells share no
    peer holding z cannot eliminate anything, however it continues. (The chosen cells
    are read from their list, a byte table tells which see each other: no 81-bit
    operation but the common peers of z.)
    """
    peer_mask = board.geometry.peer_mask
    sees = board.geometry.sees
    cands, dc = board.cands, board.digit_cells
    pop = POPCOUNT9  # a table lookup costs Pyodide less than int.bit_count()
    need = size - 1 - len(chosen)  # cells still to choose after this one
    for i in range(len(rest) - need):
        c, m = rest[i]
        nl = loose
        sees_c = sees[c]
        seen_outside = 0
        for x in chosen:
            if not sees_c[x]:
                seen_outside |= cands[x]
        if seen_outside:
            nl |= m & seen_outside
            if nl & (nl - 1):
                continue
        if nl:  # z is known: its cells must keep a common peer holding z
            z = TOP9[nl] + 1
            common = dc[z]
            zbit = nl
            for x in chosen:
                if cands[x] & zbit:
                    common &= peer_mask[x]
            if m & zbit:
                common &= peer_mask[c]
            if not common:
                continue
        u = union | m
        if need == 0:
            if pop[u] == size and nl:
                yield [*chosen, c], u, TOP9[nl] + 1
            continue
        later = [xm for xm in rest[i + 1:] if pop[u | xm[1]] <= size]
        if len(later) >= need:
            yield from _combine(board, size, later, [*chosen, c], nl, u)


def _one_house(cells: list[int], cell_houses: tuple[tuple[int, ...], ...] = CELL_HOUSES) -> bool:
    first = cells[0]
    return any(all(cell_houses[c][k] == cell_houses[first][k] for c in cells) for k in range(3))


def bent_wing_steps(board: Board, size: int) -> Iterator[Step]:
    """Every bent wing of ``size`` cells: ``size`` digits, one of them (z) unrestricted."""
    peer_mask = board.geometry.peer_mask
    tid, name = BENT_WINGS[size]
    cands = board.cands
    for cells, union, z in _bent_sets(board, size):
        cmask = sum(1 << c for c in cells)
        if _one_house(cells, board.geometry.cell_houses):
            continue  # a naked subset
        zcells = [c for c in cells if cands[c] >> (z - 1) & 1]
        seeing = board.digit_cells[z] & ~cmask
        for c in zcells:
            seeing &= peer_mask[c]
        if not seeing:
            continue
        marks = [Mark(c, d, "wing" if d != z else "pincer") for c in cells for d in digits_of(cands[c])]
        marks += [Mark(c, z, "target") for c in iter_bits(seeing)]
        others = "".join(str(d) for d in digits_of(union) if d != z)
        yield Step(
            tid, name, eliminations=_elims(seeing, z), highlights=marks,
            text=(f"{name}: {cells_name(cells)} hold only {''.join(map(str, digits_of(union)))}; each of "
                  f"{others} has all its places there in one house, so they fill at most {size - 1} of the "
                  f"{size} cells and one of {cells_name(zcells)} is {z}; remove {z} from {cells_name(seeing)}, "
                  f"which see them all."),
            extra={"digits": digits_of(union), "z": z, "size": size, "cells": cells},
        )


@technique("wxyz-wing", "WXYZ-Wing", family=FAMILY, level=5.5, codes=("0802",), aliases=("wxyz",), sizes=(9, 6))
def wxyz_wing(board: Board) -> Iterator[Step]:
    """Four cells, four digits, one unrestricted digit z: cells seeing every z of them lose z."""
    return bent_wing_steps(board, 4)


@technique("vwxyz-wing", "VWXYZ-Wing", family=FAMILY, level=6.2, aliases=("vwxyz",))
def vwxyz_wing(board: Board) -> Iterator[Step]:
    """Five cells, five digits, one unrestricted digit z: cells seeing every z of them lose z."""
    return bent_wing_steps(board, 5)


@technique("uvwxyz-wing", "UVWXYZ-Wing", family=FAMILY, level=6.6, aliases=("uvwxyz",))
def uvwxyz_wing(board: Board) -> Iterator[Step]:
    """Six cells, six digits, one unrestricted digit z: cells seeing every z of them lose z."""
    return bent_wing_steps(board, 6)


# ------------------------------------------------------------------- W-Wing
@technique("w-wing", "W-Wing", family=FAMILY, level=4.15, codes=("0803",), aliases=("ww",), sizes=(9, 6))
def w_wing(board: Board) -> Iterator[Step]:
    """Two equal bivalue cells xy joined by a strong link on x: cells seeing both lose y."""
    peer_mask = board.geometry.peer_mask
    cands = board.cands
    bivalues = _bivalue_cells(board)
    for c1, c2 in combinations(bivalues, 2):
        pair = cands[c1]
        if cands[c2] != pair:
            continue
        common = peer_mask[c1] & peer_mask[c2]
        for x in digits_of(pair):
            y = _digit(pair & ~(1 << (x - 1)))
            targets = board.digit_cells[y] & common
            if not targets:
                continue
            link = _strong_link_between(board, x, c1, c2)
            if link is None:
                continue
            h, e1, e2 = link
            marks = [Mark(c, d, "wing") for c in (c1, c2) for d in (x, y)]
            marks += [Mark(e1, x, "base"), Mark(e2, x, "base")]
            marks += [Mark(c, y, "target") for c in iter_bits(targets)]
            links = [Link(1 << c1, y, 1 << c1, x, strong=True), Link(1 << c1, x, 1 << e1, x, strong=False),
                     Link(1 << e1, x, 1 << e2, x, strong=True), Link(1 << e2, x, 1 << c2, x, strong=False),
                     Link(1 << c2, x, 1 << c2, y, strong=True)]
            yield Step(
                "w-wing", "W-Wing", eliminations=_elims(targets, y), highlights=marks, links=links,
                text=(f"W-Wing: {cell_name(c1)} and {cell_name(c2)} are both {x}{y}, and {x} in {house_name(h)} "
                      f"is only in {cell_name(e1)} (sees {cell_name(c1)}) and {cell_name(e2)} (sees "
                      f"{cell_name(c2)}); so the two cells cannot both be {x}, one of them is {y}: "
                      f"remove {y} from {cells_name(targets)}."),
                extra={"digits": [min(x, y), max(x, y)], "link_digit": x, "digit": y},
            )


def _strong_link_between(board: Board, x: int, c1: int, c2: int) -> tuple[int, int, int] | None:
    """A conjugate pair (house, e1, e2) of x with e1 seeing c1 and e2 seeing c2, all four cells different."""
    peer_mask = board.geometry.peer_mask
    house_mask = board.geometry.house_mask
    dc = board.digit_cells[x] & ~(1 << c1) & ~(1 << c2)
    for h in board.geometry.house_ids:
        pos = board.digit_cells[x] & house_mask[h]
        if pos.bit_count() != 2 or pos & ~dc:
            continue
        a, b = iter_bits(pos)
        for e1, e2 in ((a, b), (b, a)):
            if peer_mask[e1] >> c1 & 1 and peer_mask[e2] >> c2 & 1:
                return h, e1, e2
    return None


# -------------------------------------------------------------- Remote Pair
MAX_RP_CELLS = 20
MAX_RP_PATHS = 20000


def _rp_targets(board: Board, path: list[int], a: int, b: int) -> list[tuple[int, int]]:
    """Both digits in cells seeing two path cells an odd number (>= 3) of steps apart."""
    peer_mask = board.geometry.peer_mask
    on_path = sum(1 << c for c in path)
    out: set[tuple[int, int]] = set()
    for i in range(len(path)):
        for j in range(i + 3, len(path), 2):
            seeing = peer_mask[path[i]] & peer_mask[path[j]] & ~on_path
            for d in (a, b):
                out.update((c, d) for c in iter_bits(seeing & board.digit_cells[d]))
    return sorted(out)


def _rp_walk(board: Board, nbrs: dict[int, list[int]], path: list[int], used: int, a: int, b: int,
             best: dict[tuple[tuple[int, int], ...], list[int]], budget: list[int]) -> None:
    """Every simple path from ``path``; keeps the shortest path per elimination set (as HoDoKu does)."""
    if budget[0] <= 0:
        return
    budget[0] -= 1
    if len(path) >= 4 and path[0] < path[-1]:
        elims = tuple(_rp_targets(board, path, a, b))
        if elims and (elims not in best or len(best[elims]) > len(path)):
            best[elims] = path[:]
    if len(path) >= MAX_RP_CELLS:
        return
    for n in nbrs[path[-1]]:
        if not used >> n & 1:
            path.append(n)
            _rp_walk(board, nbrs, path, used | 1 << n, a, b, best, budget)
            path.pop()


@technique("remote-pair", "Remote Pair", family=FAMILY, level=3.95, codes=("0703",),
           aliases=("remote pairs", "rp"))
def remote_pair(board: Board) -> Iterator[Step]:
    """A chain of same-pair bivalue cells: cells seeing two of opposite parity lose both digits."""
    peer_mask = board.geometry.peer_mask
    cands = board.cands
    by_pair: dict[int, list[int]] = {}
    for c in _bivalue_cells(board):
        by_pair.setdefault(cands[c], []).append(c)
    for pair, cells in by_pair.items():
        if len(cells) < 4:
            continue
        a, b = digits_of(pair)
        nbrs = {c: [o for o in cells if peer_mask[c] >> o & 1] for c in cells}
        best: dict[tuple[tuple[int, int], ...], list[int]] = {}
        budget = [MAX_RP_PATHS]
        for start in cells:
            _rp_walk(board, nbrs, [start], 1 << start, a, b, best, budget)
        for elims, path in best.items():
            marks = [Mark(c, d, "chain-on" if k % 2 == 0 else "chain-off")
                     for k, c in enumerate(path) for d in (a, b)]
            marks += [Mark(c, d, "target") for c, d in elims]
            links = [Link(1 << p, a, 1 << q, a, strong=False) for p, q in zip(path, path[1:])]
            yield Step(
                "remote-pair", "Remote Pair", eliminations=list(elims), highlights=marks, links=links,
                text=(f"Remote Pair {a}/{b}: {', '.join(cell_name(c) for c in path)} all hold only {a}{b} and each "
                      f"sees the next, so their values alternate; cells an odd number of steps apart hold {a} and "
                      f"{b} between them, so remove {a} and {b} from cells seeing two such cells: "
                      f"{cells_name(sorted({c for c, _ in elims}))}."),
                extra={"digits": [a, b], "nodes": len(path), "length": 2 * len(path) - 1},
            )
