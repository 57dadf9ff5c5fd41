"""SE's Unique Loops (types 1-4, rectangles and longer loops) and BUG producers.

Both rest on the puzzle having a single solution. The loop search follows SE:
from each bivalue cell, walk to cells holding both loop digits, never reusing
the region type of the last move, allowing at most two cells with extra
candidates (more only when they share one extra digit); a loop is valid when
every region it touches holds exactly one even-indexed and one odd-indexed cell.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from ..board import Board
from ..geometry import BOXES, CELL_HOUSE_BITS, COLS, HOUSE_MASK, HOUSES, PEER_MASK, ROWS, cell_name, house_name
from ..geometry import iter_bits as bits
from ..step import Step
from .rules import CELL_HOUSES_SE, DIGITS_OF, combinations, se_step


def _loop_base(size: int) -> float:
    d = 4.5
    if size >= 10:
        d += 0.2 + 0.3
    elif size >= 8:
        d += 0.2
    elif size >= 6:
        d += 0.1
    return d


def _find_loops(g: Board, start: int, v1: int, v2: int) -> list[list[int]]:
    """SE's loop walk from ``start``: every closed walk that may be a valid loop, in SE's order.

    A walk is cut as soon as a cell shares a house with an earlier cell of the same parity
    (even or odd place in the loop): every loop through it fails `_valid_loop`, and cutting
    keeps the order of the others. (SE records those loops and drops them afterwards.)
    """
    both = (1 << (v1 - 1)) | (1 << (v2 - 1))
    cands = g.cands
    # The cells that hold both digits; the start is one of them (it is bivalue on them).
    pool = g.digit_cells[v1] & g.digit_cells[v2]
    start_bit = 1 << start
    out: list[list[int]] = []
    loop: list[int] = []

    def walk(cell: int, allowed_ex: int, ex_values: int, last_kind: int, used: int, houses: tuple[int, int]) -> None:
        loop.append(cell)
        parity = len(loop) & 1  # the parity of the next cell's place
        same = houses[parity]
        for kind, h in enumerate(CELL_HOUSES_SE[cell]):
            if kind == last_kind:
                continue
            hm = HOUSE_MASK[h]
            for nxt in bits(hm & (pool & ~used | start_bit)):
                if nxt == start:
                    if len(loop) >= 4:
                        out.append(loop[:])
                    continue
                m = cands[nxt]
                ex_values |= m & ~both
                if m.bit_count() == 2 or ex_values.bit_count() == 1 or allowed_ex > 0:
                    hb = CELL_HOUSE_BITS[nxt]
                    if hb & same:
                        continue  # a house with two cells of one parity: no valid loop
                    nh = (same | hb, houses[1]) if parity == 0 else (houses[0], same | hb)
                    walk(nxt, allowed_ex - (1 if m.bit_count() > 2 else 0), ex_values, kind, used | 1 << nxt, nh)
        loop.pop()

    walk(start, 2, 0, -1, start_bit, (CELL_HOUSE_BITS[start], 0))
    return out


def _valid_loop(loop: list[int]) -> bool:
    odd: set[int] = set()
    even: set[int] = set()
    is_odd = False
    for c in loop:
        for h in CELL_HOUSES_SE[c]:
            target = odd if is_odd else even
            if h in target:
                return False
            target.add(h)
        is_odd = not is_odd
    return odd == even


def _common_houses(c1: int, c2: int) -> list[int]:
    """The houses two cells share, block first."""
    return [h for h in CELL_HOUSES_SE[c1] if h in CELL_HOUSES_SE[c2]]


def _loop_step(kind: int, shape: str, v1: int, v2: int, rating: float, removals: dict[int, int],
               loop: list[int], text: str, **extra: Any) -> Step:
    """A loop's step; SE sorts its loops by the unrounded rating (4.6 + 0.1 comes before 4.7)."""
    return se_step("se-unique-loop", f"Unique {shape} type {kind}", rating, removals=list(removals.items()),
                   cells=loop, text=f"Unique {shape} type {kind} on {v1}/{v2} ({','.join(map(cell_name, loop))}): "
                   + text, type=kind, loop_size=len(loop), **extra)


def unique_loops(g: Board) -> Iterator[Step]:
    """SE's Unique Rectangles and Loops, all types, sorted by SE rating then type.

    A loop is found once from each of its bivalue cells and each way round; only the first
    of a kind and eliminations becomes a step. Type 3's subsets depend only on the two extra
    cells and the digits, so they are looked for once per pair."""
    found: list[tuple[float, int, Step]] = []
    seen: set[tuple] = set()
    subsets: dict[tuple[int, int, int, int], list[_Subset]] = {}

    def add(kind: int, rating: float, removals: dict[int, int], loop: list[int], build: Callable[[], Step]) -> None:
        eliminations = tuple(sorted((c, d) for c, m in removals.items() for d in DIGITS_OF[m]))
        if not eliminations:
            return
        key = (kind, frozenset(loop), eliminations)
        if key in seen:
            return
        seen.add(key)
        found.append((rating, kind, build()))

    cands = g.cands
    for cell in range(81):
        m = cands[cell]
        if m.bit_count() != 2:
            continue
        v1, v2 = DIGITS_OF[m]
        both = m
        for loop in _find_loops(g, cell, v1, v2):
            if not _valid_loop(loop):
                continue
            extra = [c for c in loop if cands[c].bit_count() > 2]
            size = len(loop)
            base = _loop_base(size)
            shape = "Rectangle" if size == 4 else "Loop"
            if len(extra) == 1:
                rem = {extra[0]: both}
                add(1, base, rem, loop, partial(
                    _loop_step, 1, shape, v1, v2, base, rem, loop,
                    f"{cell_name(extra[0])} must hold its extra digit, so {v1} and {v2} go."))
            elif len(extra) > 2:
                _type2(g, loop, extra, both, base, shape, v1, v2, add)
            elif len(extra) == 2:
                r1, r2 = extra
                rp = (cands[r1] | cands[r2]) & ~both
                if rp.bit_count() == 1:
                    _type2(g, loop, extra, both, base, shape, v1, v2, add)
                elif rp.bit_count() >= 2:
                    sets = subsets.get((r1, r2, v1, v2))
                    if sets is None:
                        sets = subsets[r1, r2, v1, v2] = _type3(g, r1, r2, v1, v2)
                    for k, rem, text in sets:
                        rating = base + (k - 1) * 0.1
                        add(3, rating, rem, loop, partial(_loop_step, 3, shape, v1, v2, rating, rem, loop, text,
                                                          subset_size=k))
                _type4(g, loop, r1, r2, v1, v2, base, shape, add)
    found.sort(key=lambda x: (x[0], x[1]))
    for _, _, h in found:
        yield h


# What a loop step is given to `unique_loops`' ``add``: its kind, rating, removals, loop and
# how to build it (only when it is new).
Add = Callable[[int, float, dict[int, int], list[int], Callable[[], Step]], None]
# A type 3 subset: its size, its removals and the end of the step's text.
_Subset = tuple[int, dict[int, int], str]


def _type2(g: Board, loop: list[int], extra: list[int], both: int, base: float, shape: str,
           v1: int, v2: int, add: Add) -> None:
    common = g.cands[extra[0]] & ~both
    value = common.bit_length() if common else 0
    see = -1
    for c in extra:
        see &= PEER_MASK[c]
    for c in extra:
        see &= ~(1 << c)
    rem = (g.digit_cells[value] & see) if value else 0
    removals = {c: 1 << (value - 1) for c in bits(rem)}
    add(2, base, removals, loop, partial(
        _loop_step, 2, shape, v1, v2, base, removals, loop,
        f"one of {', '.join(cell_name(c) for c in extra)} holds {value}; {value} goes from the "
        f"cells that see them all."))


def _type3(g: Board, c1: int, c2: int, v1: int, v2: int) -> list[_Subset]:
    """The naked and hidden sets that the extra digits of ``c1`` and ``c2`` (a loop's two
    cells with extra digits) form in a house they share, in SE's order."""
    cands = g.cands
    both = (1 << (v1 - 1)) | (1 << (v2 - 1))
    extra = (cands[c1] | cands[c2]) & ~both
    out: list[_Subset] = []
    for degree in range(extra.bit_count(), 8):
        for h in _common_houses(c1, c2):
            rc = HOUSES[h]
            empties = sum(1 for c in rc if not g.values[c])
            i1, i2 = rc.index(c1), rc.index(c2)
            if degree * 2 <= empties:
                for combo in combinations(9, degree):
                    if i1 not in combo or i2 in combo:
                        continue
                    naked = extra & cands[c1] & cands[c2]
                    others = []
                    masks = []
                    for i in combo:
                        if i == i1:
                            masks.append(extra)
                        else:
                            masks.append(cands[rc[i]])
                            naked |= cands[rc[i]]
                            others.append(rc[i])
                    if naked.bit_count() != degree:
                        continue
                    union = 0
                    if any(not m for m in masks):
                        continue
                    for m in masks:
                        union |= m
                    if union.bit_count() != degree:
                        continue
                    removals = {}
                    for c in rc:
                        if c in others or c in (c1, c2):
                            continue
                        if cands[c] & union:
                            removals[c] = cands[c] & union
                    out.append((union.bit_count(), removals,
                                f"the extra digits of {cell_name(c1)} and {cell_name(c2)} form a naked set with "
                                f"{', '.join(cell_name(c) for c in others)}."))
            if degree * 2 < empties:
                rem_values = [v for v in range(1, 10) if v not in (v1, v2) and not extra >> (v - 1) & 1]
                if degree - 2 <= len(rem_values) and degree >= 2:
                    for combo in combinations(len(rem_values), degree - 2):
                        values = [rem_values[i] for i in combo] + [v1, v2]
                        union = 0
                        empty_value = False
                        for v in values:
                            pos = (g.digit_cells[v] & HOUSE_MASK[h]) & ~(1 << c2)
                            empty_value = empty_value or not pos
                            union |= pos
                        if empty_value or union.bit_count() != degree:
                            continue
                        hidden = sum(1 << (v - 1) for v in values)
                        union &= ~(1 << c1) & ~(1 << c2)
                        removals = {}
                        for c in bits(union):
                            gone = cands[c] & ~hidden
                            if gone:
                                removals[c] = gone
                        out.append((union.bit_count(), removals,
                                    f"a hidden set with {', '.join(cell_name(c) for c in bits(union))}."))
    return out


def _type4(g: Board, loop: list[int], c1: int, c2: int, v1: int, v2: int, base: float,
           shape: str, add: Add) -> None:
    r1 = r2 = None
    for h in _common_houses(c1, c2):
        others = HOUSE_MASK[h] & ~(1 << c1) & ~(1 << c2)
        if not g.digit_cells[v1] & others:
            r1 = h
        if not g.digit_cells[v2] & others:
            r2 = h
    if r1 is not None:
        lock, rem = v1, v2
    elif r2 is not None:
        lock, rem = v2, v1
    else:
        return
    bit = 1 << (rem - 1)
    removals = {c: bit for c in (c1, c2) if g.cands[c] & bit}
    add(4, base, removals, loop, partial(
        _loop_step, 4, shape, v1, v2, base, removals, loop,
        f"{lock} must be in {cell_name(c1)} or {cell_name(c2)}, so {rem} goes from both."))


# --------------------------------------------------------------------- BUG
# SE's scan order for the BUG: blocks, rows, then columns, each in its own order.
_BUG_ORDER = BOXES + ROWS + COLS


def _house_cells_se(c: int) -> tuple[int, ...]:
    """The cells sharing a house with ``c`` in SE's order: its block, then the rest of its row,
    then the rest of its column (each house in its own cell order), ``c`` left out."""
    seen: dict[int, None] = {}
    for h in CELL_HOUSES_SE[c]:
        for x in HOUSES[h]:
            seen.setdefault(x)
    del seen[c]
    return tuple(seen)


_HOUSE_CELLS_SE = tuple(_house_cells_se(c) for c in range(81))


def _bug_cells(g: Board, multi: int) -> tuple[list[int], dict[int, int]] | None:
    """SE's BUG cells and their BUG digits, in the order SE finds them, or None if no BUG.

    Wherever a digit has neither zero nor two places in a house, the places in cells with three
    or more candidates decide: none means no BUG; exactly one makes that cell a BUG cell and
    the digit one of its BUG digits; two or more leave it to another house.
    """
    dc = g.digit_cells
    order: list[int] = []
    extra: dict[int, int] = {}
    for h in _BUG_ORDER:
        hm = HOUSE_MASK[h]
        for v in range(1, 10):
            pos = dc[v] & hm
            if not pos or pos.bit_count() == 2:
                continue
            mine = pos & multi
            if not mine:
                return None
            if mine & (mine - 1):
                continue
            c = mine.bit_length() - 1
            if c not in extra:
                order.append(c)
                extra[c] = 0
            extra[c] |= 1 << (v - 1)
    return order, extra


def bug(g: Board) -> Iterator[Step]:
    """Bivalue Universal Grave, SE's types 1-4, in SE's order (type 4 before type 3).

    Without the BUG digits every unsolved cell would hold two candidates and every digit two
    places per house or none: such a grid has no solution or more than one, so in a puzzle
    with one solution some BUG digit is true.
    """
    cands = g.cands
    multi = 0
    for c in range(81):
        n = cands[c].bit_count()
        if n == 1:
            return
        if n > 2:
            multi |= 1 << c
    if not multi:
        return
    found = _bug_cells(g, multi)
    if found is None:
        return
    poly, bug_values = found
    if not poly:
        return
    # Check the grave: without the BUG digits every cell is bivalue and every digit twice per house.
    reduced = cands[:]
    for c, bv in bug_values.items():
        reduced[c] &= ~bv
    if any(reduced[c].bit_count() != 2 for c in bits(multi)):
        return  # (the other cells are bivalue and untouched)
    for cells in HOUSES:
        for v in range(1, 10):
            n = sum(1 for c in cells if reduced[c] >> (v - 1) & 1)
            if n not in (0, 2):
                return
    all_bv = 0
    for bv in bug_values.values():
        all_bv |= bv
    common = [x for x in _HOUSE_CELLS_SE[poly[0]] if x not in bug_values and cands[x]]
    for c in poly[1:]:
        common = [x for x in common if PEER_MASK[c] >> x & 1]
    if len(poly) == 1:
        c = poly[0]
        yield se_step("se-bug", "BUG type 1", 5.6, removals=[(c, cands[c] & ~all_bv)], cells=[c],
                      text=f"BUG type 1: all other cells are bivalue, so {cell_name(c)} is "
                           f"{' or '.join(map(str, DIGITS_OF[all_bv]))}.", type=1)
        return
    if all_bv.bit_count() == 1:
        v = all_bv.bit_length()
        rem = [(c, all_bv) for c in common if cands[c] & all_bv]
        if rem:
            yield se_step("se-bug", "BUG type 2", 5.7, removals=rem, cells=poly,
                          text=f"BUG type 2: one of {', '.join(cell_name(c) for c in poly)} is {v}; {v} goes "
                               f"from the cells seeing them all.", type=2)
            return
        if len(poly) == 2:
            yield from _bug4(g, poly, bug_values, all_bv)
        return
    if not common:
        return
    if len(poly) == 2:
        for step in _bug4(g, poly, bug_values, all_bv):
            yield step
            return
    yield from _bug3(g, poly, all_bv, common)


def _shared_houses(cells: list[int]) -> list[int]:
    """The houses holding all of ``cells``: block, row, column (SE's order)."""
    return [h for h in CELL_HOUSES_SE[cells[0]] if all(HOUSE_MASK[h] >> c & 1 for c in cells)]


def _bug4(g: Board, poly: list[int], bug_values: dict[int, int], all_bv: int) -> Iterator[Step]:
    """Type 4: two BUG cells in one house share one digit besides the BUG digits; that digit
    has no other place there without them, so one cell is it and the other holds its BUG digit:
    each cell keeps only that digit and its own BUG digits."""
    cands = g.cands
    c1, c2 = poly
    shared = cands[c1] & cands[c2] & ~all_bv
    if shared.bit_count() != 1:
        return
    houses = _shared_houses(poly)
    if not houses:
        return
    v = shared.bit_length()
    removals = [(c, cands[c] & ~bug_values[c] & ~shared) for c in poly]
    yield se_step("se-bug", "BUG type 4", 5.7, removals=removals, cells=poly,
                  text=f"BUG type 4: one of {cell_name(c1)}, {cell_name(c2)} holds its BUG digit and the other "
                       f"{v} (its only other place in {house_name(houses[0])}); both lose their other digit.",
                  type=4)


def _bug3(g: Board, poly: list[int], all_bv: int, common: list[int]) -> Iterator[Step]:
    """Type 3: the BUG digits act as one cell of a naked set with other cells of a house they
    share, the other cells alone holding the set's digits (SE's sizes 2-6)."""
    cands = g.cands
    for h in _shared_houses(poly):
        rc = [c for c in common if HOUSE_MASK[h] >> c & 1]
        for k in range(2, 7):
            if len(rc) < k:
                break
            for combo in combinations(len(rc), k - 1):
                others = [rc[i] for i in combo]
                own = 0
                for c in others:
                    own |= cands[c]
                if own.bit_count() != k or (own | all_bv).bit_count() != k:
                    continue
                removals = [(c, cands[c] & own) for c in rc if c not in others and cands[c] & own]
                if removals:
                    yield se_step("se-bug", "BUG type 3", 5.7 + (k - 1) * 0.1, removals=removals, cells=poly,
                                  text=f"BUG type 3: the BUG digits of {', '.join(cell_name(c) for c in poly)} "
                                       f"form a naked set with {', '.join(cell_name(c) for c in others)} "
                                       f"in {house_name(h)}.",
                                  type=3, subset_size=k)
                    return
