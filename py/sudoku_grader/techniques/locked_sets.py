"""SK Loops and Multi-Sector Locked Sets: cells whose digits are locked in as many houses as cells.

Both are counted the same way (Allan Barker's sets and covers, the "rank 0" logic used on the
Sudoku Players' Forum). Take a set of empty cells; each holds one digit, so the set holds as
many digits as it has cells. Cover every candidate in the cells with a (house, digit) pair: the
digit can be true at most once in that house. If the number of covers equals the number of
cells, every cover holds exactly one of the cells' digits: the digit is locked inside the cells
for that house, so its other candidates in the house are false, and a candidate that two covers
share is false (it would use two covers at once).

- **SK Loop** (Steve Kurzhals, forum thread "SK loops"; SudokuWiki "SK Loops", which prices it at
  100): four boxes at the corners of a rectangle of two rows and two columns whose four crossing
  cells (the pivots) are filled. Around each pivot, the two other cells of its row in the box
  and the two other cells of its column: 16 cells. Their digits are covered by the two rows,
  the two columns and the four boxes; a loop when 16 covers suffice. Each digit takes its fewest
  covers (every choice of fewest covers is a loop, and all are used).
- **Multi-Sector Locked Set** (MSLS, the forum thread "Multi-Sector Locked Sets"; sizes as
  SudokuStudio searches them: 3 to 5 rows by 3 to 5 columns, 3x3 to 4x5 and 5x4, rows and
  columns each spread over more than one band or stack): the empty cells where some rows meet
  some columns. Each digit is covered either by the rows where it appears in the cells or by the
  columns (whichever is fewer; with a tie both work); a locked set when the covers number the
  cells. Then a row digit is placed in the cells in each of its rows, a column digit in each of
  its columns, and their other candidates in those rows and columns go. Early in a puzzle tens
  of thousands of such sets can make the same few eliminations; each distinct set of
  eliminations is reported once, by the first set found for it (fewest rows first).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..board import Board
from ..geometry import HOUSE_MASK, cells_name, house_name, house_short, iter_bits
from ..step import Mark, Step
from .registry import technique

FAMILY = "locked-sets"
_POP = tuple(bin(m).count("1") for m in range(512))


def _covers_text(covers: dict[int, list[int]]) -> str:
    return "; ".join(f"{d} by {', '.join(house_short(h) for h in hs)}" for d, hs in sorted(covers.items()))


def _rank0_eliminations(board: Board, cells: int, covers: dict[int, list[list[int]]]) -> set[tuple[int, int]]:
    """Candidates the covers rule out: outside the cells in each cover house, and any candidate two covers share.

    ``covers`` gives, per digit, every choice of cover houses with the fewest houses.
    """
    out: set[tuple[int, int]] = set()
    for d, choices in covers.items():
        dc = board.digit_cells[d]
        for houses in choices:
            seen = twice = 0
            for h in houses:
                m = HOUSE_MASK[h] & dc
                out.update((c, d) for c in iter_bits(m & ~cells))
                twice |= seen & m & cells
                seen |= m
            out.update((c, d) for c in iter_bits(twice))
    return out


# ------------------------------------------------------------------ SK loops
def _sk_cells(ra: int, rb: int, ca: int, cb: int) -> tuple[int, list[int], list[int]]:
    """The 16 loop cells (mask), the four pivots, and the eight houses that may cover them."""
    cells = 0
    pivots = []
    boxes = []
    for r in (ra, rb):
        for c in (ca, cb):
            pivots.append(r * 9 + c)
            box = 18 + (r // 3) * 3 + c // 3
            boxes.append(box)
            cells |= (HOUSE_MASK[r] | HOUSE_MASK[9 + c]) & HOUSE_MASK[box]
            cells &= ~(1 << (r * 9 + c))
    return cells, pivots, [ra, rb, 9 + ca, 9 + cb, *boxes]


def _fewest_covers(x: int, houses: list[int]) -> list[list[int]]:
    """Every smallest list of houses whose cells include all of ``x`` (at most four houses tried)."""
    if not x:
        return [[]]
    useful = [h for h in houses if HOUSE_MASK[h] & x]
    for n in range(1, 5):
        found = []
        for combo in combinations(useful, n):
            m = 0
            for h in combo:
                m |= HOUSE_MASK[h]
            if not x & ~m:
                found.append(list(combo))
        if found:
            return found
    return []


@technique("sk-loop", "SK Loop", family=FAMILY, level=7.8, aliases=("SK Loops", "SK-Loop", "Stephen Kurzhals loop"))
def sk_loop(board: Board) -> Iterator[Step]:
    """Sixteen cells around four filled pivots whose digits 16 house covers lock."""
    values, cands = board.values, board.cands
    for ra, rb in combinations(range(9), 2):
        if ra // 3 == rb // 3:
            continue
        for ca, cb in combinations(range(9), 2):
            if ca // 3 == cb // 3:
                continue
            if not all(values[r * 9 + c] for r in (ra, rb) for c in (ca, cb)):
                continue
            cells, pivots, houses = _sk_cells(ra, rb, ca, cb)
            if cells & ~board.unsolved:
                continue
            union = 0
            for c in iter_bits(cells):
                union |= cands[c]
            covers: dict[int, list[list[int]]] = {}
            total = 0
            for d in range(1, 10):
                if not union >> (d - 1) & 1:
                    continue
                choices = _fewest_covers(board.digit_cells[d] & cells, houses)
                if not choices:
                    break
                covers[d] = choices
                total += len(choices[0])
                if total > 16:
                    break
            else:
                if total != 16:
                    continue
                elims = _rank0_eliminations(board, cells, covers)
                if elims:
                    yield _sk_step(board, cells, pivots, covers, elims)


def _sk_step(board: Board, cells: int, pivots: list[int], covers: dict[int, list[list[int]]],
             elims: set[tuple[int, int]]) -> Step:
    first = {d: choices[0] for d, choices in covers.items()}
    marks = [Mark(p, 0, "pivot") for p in pivots]
    marks += [Mark(h, -1, "cover") for h in sorted({h for hs in first.values() for h in hs})]
    marks += [Mark(c, d, _lock_role(first[d], c)) for c in iter_bits(cells) for d in range(1, 10)
              if board.cands[c] >> (d - 1) & 1]
    marks += [Mark(c, d, "target") for c, d in elims]
    alt = [d for d, choices in covers.items() if len(choices) > 1]
    text = (f"SK Loop around the filled cells {', '.join(cells_name(1 << p) for p in pivots)}: the 16 cells "
            f"{cells_name(cells)} need 16 digits, and their candidates are covered by 16 houses ("
            f"{_covers_text(first)}). Each cover house takes exactly one of their digits, so those digits "
            f"are locked in the loop: remove {_elim_text(elims)}.")
    if alt:
        text = text[:-1] + (f" ({', '.join(map(str, alt))} can also be covered another way; those covers lock "
                            f"too).")
    return Step("sk-loop", "SK Loop", eliminations=sorted(elims), highlights=marks, text=text,
                extra={"cells": list(iter_bits(cells)), "pivots": pivots, "size": 16,
                       "covers": {str(d): hs for d, hs in first.items()}})


def _lock_role(houses: list[int], cell: int) -> str:
    """How a candidate of the locked set is covered: by its row, its column or its box."""
    kinds = [h // 9 for h in houses if HOUSE_MASK[h] >> cell & 1]
    return ("row-locked", "column-locked", "box-locked")[kinds[0]] if kinds else "base"


def _elim_text(elims: set[tuple[int, int]]) -> str:
    by_digit: dict[int, list[int]] = {}
    for c, d in elims:
        by_digit.setdefault(d, []).append(c)
    return "; ".join(f"{d} from {cells_name(sum(1 << c for c in cs))}" for d, cs in sorted(by_digit.items()))


# ------------------------------------------------------------------ MSLS
SIZES = ((3, 3), (3, 4), (4, 3), (4, 4), (4, 5), (5, 4))  # (rows, columns), as SudokuStudio searches


def _spread(lines: tuple[int, ...]) -> bool:
    """More than one band (or stack)."""
    return len({i // 3 for i in lines}) > 1


@technique("msls", "Multi-Sector Locked Set", family=FAMILY, level=7.85,
           aliases=("MSLS", "Multi-Sector Locked Sets", "multisector locked set"))
def multi_sector_locked_set(board: Board) -> Iterator[Step]:
    """Empty cells where rows meet columns, whose digits are locked in as many row/column covers as cells."""
    cands, unsolved = board.cands, board.unsolved
    by_rows: dict[int, list[int]] = {}
    for nr, nc in SIZES:
        by_rows.setdefault(nr, []).append(nc)
    live_rows = [r for r in range(9) if HOUSE_MASK[r] & unsolved]
    effects: set[frozenset[tuple[int, int]]] = set()
    for nr, ncs in by_rows.items():
        for rows in combinations(live_rows, nr):
            if not _spread(rows):
                continue
            # per column: its empty cells in these rows; per digit (a 16-bit field each) the rows where it
            # is a candidate there, and whether it is there at all
            n_c = [0] * 9
            rm_c = [0] * 9
            pv_c = [0] * 9
            for c in range(9):
                rm = n = 0
                for r in rows:
                    m = cands[r * 9 + c]
                    if m:
                        n += 1
                        rm |= _SPREAD[m] << r
                n_c[c] = n
                rm_c[c] = rm
                pv_c[c] = _present(rm)
            cols_live = [c for c in range(9) if n_c[c]]
            sizes = set(ncs)
            top = max(ncs)
            for cols, rm, pv, n in _column_sets(cols_live, n_c, rm_c, pv_c, sizes, top, nr):
                step = _msls_step(board, rows, cols, rm, pv, n, effects)
                if step is not None:
                    yield step


# Nine 16-bit fields, one per digit, worked on all at once (SWAR): field d of a row mask holds the
# rows (bits 0-8) where digit d + 1 appears, field d of a count holds a small number.
_F = 16
_ONES = sum(1 << (_F * d) for d in range(9))
_M1, _M2, _M4, _M8 = (_ONES * 0x5555, _ONES * 0x3333, _ONES * 0x0F0F, _ONES * 0x00FF)
_HIGH = _ONES * 0x8000
_SPREAD = tuple(sum(1 << (_F * d) for d in range(9) if m >> d & 1) for m in range(512))  # digit mask -> fields


def _present(rm: int) -> int:
    """1 in each field whose row mask is not empty."""
    x = rm | rm >> 1 | rm >> 2 | rm >> 3 | rm >> 4 | rm >> 5 | rm >> 6 | rm >> 7 | rm >> 8
    return x & _ONES


def _excess(rm: int, pv: int, n: int) -> int:
    """Covers (the cheaper of rows and columns for each digit) minus cells; never below zero in a valid position."""
    a = rm - (rm >> 1 & _M1)
    a = (a & _M2) + (a >> 2 & _M2)
    a = (a + (a >> 4)) & _M4
    a = (a + (a >> 8)) & _M8  # rows per digit
    ge = ((a | _HIGH) - pv) & _HIGH  # fields where rows >= columns
    mask = (ge >> (_F - 1)) * 0xFFFF
    low = (pv & mask) | (a & ~mask)
    return ((low * _ONES) >> (_F * 8) & 0xFFFF) - n


def _column_sets(cols_live: list[int], n_c: list[int], rm_c: list[int], pv_c: list[int], sizes: set[int],
                 top: int, nr: int) -> list[tuple[tuple[int, ...], int, int, int]]:
    """Column sets (of the given sizes, over more than one stack) whose covers equal their cells.

    Depth first over columns, without recursion. A branch is cut when its excess of covers over
    cells is more than the columns it may still add could take back. Adding a column of k cells
    lowers the excess by k at most, and by less when it holds digits that are covered by columns
    and appear in more rows than columns: such a digit's cover count grows with each column that
    holds it until its columns catch up with its rows. With r columns still to add and a digit
    whose rows exceed its columns by g, the r columns add at least min(g, s) covers for it when s
    of them hold it, and min(g, s) >= s * min(g, r) / r; so column j takes back at most
    (r * k_j - sum over its digits of min(g, r)) / r, and the r best columns bound the branch.
    """
    out: list[tuple[tuple[int, ...], int, int, int]] = []
    m1, m2, m4, m8, high, ones = _M1, _M2, _M4, _M8, _HIGH, _ONES
    total = len(cols_live)
    wide = [pv_c[c] * 0xFFFF for c in cols_live]  # each present digit's field all ones
    cells = [n_c[c] for c in cols_live]
    # stack entries: (next index to try, depth of its children, chosen column indices as bits, row masks,
    # counts, cells)
    stack = [(0, 1, 0, 0, 0, 0)]
    while stack:
        start, depth, chosen, rm0, pv0, n0 = stack.pop()
        rem = top - depth
        for i in range(start, total):
            c = cols_live[i]
            rm = rm0 | rm_c[c]
            pv = pv0 + pv_c[c]
            n = n0 + cells[i]
            bits = chosen | 1 << i
            if depth < 2:
                stack.append((i + 1, 2, bits, rm, pv, n))
                continue
            a = rm - (rm >> 1 & m1)
            a = (a & m2) + (a >> 2 & m2)
            a = (a + (a >> 4)) & m4
            a = (a + (a >> 8)) & m8
            mask = ((((a | high) - pv) & high) >> 15) * 0xFFFF
            ex = ((((pv & mask) | (a & ~mask)) * ones) >> 128 & 0xFFFF) - n
            if ex == 0 and depth in sizes:
                cols = tuple(cols_live[k] for k in range(i + 1) if bits >> k & 1)
                if len({x // 3 for x in cols}) > 1:
                    out.append((cols, rm, pv, n))
            if rem <= 0 or ex > rem * nr or i + 1 == total:
                continue
            d = ((a | high) - pv) & ~high & mask  # rows minus columns, where rows >= columns
            big = (((d | high) - rem * ones) & high) >> 15
            gap = (d & ~(big * 0xFFFF)) | (big * rem)  # min(gap, rem)
            back = []
            for j in range(i + 1, total):
                b = cells[j] * rem - (((gap & wide[j]) * ones) >> 128 & 0xFFFF)
                if b > 0:
                    back.append(b)
            back.sort(reverse=True)
            if ex * rem <= sum(back[:rem]):
                stack.append((i + 1, depth + 1, bits, rm, pv, n))
    return out


def _msls_step(board: Board, rows: tuple[int, ...], cols: tuple[int, ...], rm: int, pv: int, n: int,
               effects: set[frozenset[tuple[int, int]]]) -> Step | None:
    """The step of one locked set; None when it removes nothing, or only what an earlier one removed."""
    cells = 0
    for r in rows:
        for c in cols:
            cells |= 1 << (r * 9 + c)
    cells &= board.unsolved
    covers: dict[int, list[list[int]]] = {}
    row_digits, col_digits = [], []
    for d0 in range(9):
        rmask = rm >> (_F * d0) & 0x1FF
        if not rmask:
            continue
        d = d0 + 1
        a, b = _POP[rmask], pv >> (_F * d0) & 0xFFFF
        by_rows = [r for r in rows if rmask >> r & 1]
        by_cols = [9 + c for c in cols if board.digit_cells[d] & cells & HOUSE_MASK[9 + c]]
        choices = []
        if a <= b:
            choices.append(by_rows)
            row_digits.append(d)
        if b <= a:
            choices.append(by_cols)
            col_digits.append(d)
        covers[d] = choices
    elims = _rank0_eliminations(board, cells, covers)
    key = frozenset(elims)
    if not elims or key in effects:
        return None
    effects.add(key)
    rows_t = "r" + "".join(str(r + 1) for r in rows)
    cols_t = "c" + "".join(str(c + 1) for c in cols)
    parts = []
    if row_digits:
        parts.append(f"{', '.join(map(str, row_digits))} once in each of these rows where they appear")
    if col_digits:
        parts.append(f"{', '.join(map(str, col_digits))} once in each of these columns where they appear")
    both = sorted(set(row_digits) & set(col_digits))
    text = (f"Multi-Sector Locked Set {rows_t}{cols_t}: the {n} empty cells where rows {rows_t[1:]} meet columns "
            f"{cols_t[1:]} need {n} digits, and their candidates allow at most {n}: "
            + " and ".join(parts) + ". So each of those digits is placed there in each of its rows or columns"
            + (f" ({', '.join(map(str, both))} either way)" if both else "")
            + f": remove {_elim_text(elims)}.")
    first = {d: choices[0] for d, choices in covers.items()}
    marks = [Mark(h, -1, "cover") for h in sorted({h for hs in first.values() for h in hs})]
    marks += [Mark(c, d, _lock_role(first[d], c)) for c in iter_bits(cells) for d in range(1, 10)
              if board.cands[c] >> (d - 1) & 1]
    marks += [Mark(c, d, "target") for c, d in elims]
    return Step("msls", "Multi-Sector Locked Set", eliminations=sorted(elims), highlights=marks, text=text,
                extra={"rows": [r + 1 for r in rows], "columns": [c + 1 for c in cols], "size": n,
                       "row_digits": row_digits, "column_digits": col_digits,
                       "covers": {str(d): hs for d, hs in first.items()},
                       "houses": [house_name(h) for h in sorted({h for hs in first.values() for h in hs})]})
