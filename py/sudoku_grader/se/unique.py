"""SE's Unique Loops (types 1-4, rectangles and longer loops) and BUG producers.

Both rest on the puzzle having a single solution. The loop search follows SE:
from each bivalue cell, walk to cells holding both loop digits, never reusing
the region type of the last move, allowing at most two cells with extra
candidates (more only when they share one extra digit); a loop is valid when
every region it touches holds exactly one even-indexed and one odd-indexed cell.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..geometry import cell_name
from .grid import (
    CELL_INDEX,
    CELL_REGION,
    DIGITS_OF,
    HOUSE_CELLS_MASK,
    REGION_CELLS,
    REGION_MASK,
    REGION_TYPES,
    SEGrid,
    bits,
)
from .hint import SEHint
from .rules import combinations


def _loop_base(size: int) -> float:
    d = 4.5
    if size >= 10:
        d += 0.2 + 0.3
    elif size >= 8:
        d += 0.2
    elif size >= 6:
        d += 0.1
    return d


def _find_loops(g: SEGrid, start: int, v1: int, v2: int) -> list[list[int]]:
    both = (1 << (v1 - 1)) | (1 << (v2 - 1))
    out: list[list[int]] = []
    loop: list[int] = []

    def walk(cell: int, allowed_ex: int, ex_values: int, last_type: int) -> None:
        loop.append(cell)
        for t in REGION_TYPES:
            if t == last_type:
                continue
            for nxt in REGION_CELLS[t][CELL_REGION[t][cell]]:
                if nxt == loop[0] and len(loop) >= 4:
                    out.append(loop[:])
                elif nxt not in loop:
                    m = g.cands[nxt]
                    if m & both == both:
                        ex_values |= m & ~both
                        if m.bit_count() == 2 or ex_values.bit_count() == 1 or allowed_ex > 0:
                            walk(nxt, allowed_ex - (1 if m.bit_count() > 2 else 0), ex_values, t)
        loop.pop()

    walk(start, 2, 0, -1)
    return out


def _valid_loop(loop: list[int]) -> bool:
    odd: set[tuple[int, int]] = set()
    even: set[tuple[int, int]] = set()
    is_odd = False
    for c in loop:
        for t in REGION_TYPES:
            key = (t, CELL_REGION[t][c])
            target = odd if is_odd else even
            if key in target:
                return False
            target.add(key)
        is_odd = not is_odd
    return odd == even


def _common_regions(c1: int, c2: int) -> list[tuple[int, int]]:
    return [(t, CELL_REGION[t][c1]) for t in REGION_TYPES if CELL_REGION[t][c1] == CELL_REGION[t][c2]]


def unique_loops(g: SEGrid) -> Iterator[SEHint]:
    hints: list[tuple[float, int, SEHint]] = []
    seen: set[tuple] = set()

    def add(h: SEHint, kind: int, loop: list[int]) -> None:
        key = (kind, frozenset(loop), tuple(sorted(h.removals.items())))
        if key in seen or not h.is_worth():
            return
        seen.add(key)
        hints.append((h.difficulty, kind, h))

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
            cells_txt = ",".join(cell_name(c) for c in loop)
            if len(extra) == 1:
                h = SEHint("unique-loop", f"Unique {shape} type 1", base, {extra[0]: both},
                           text=f"Unique {shape} type 1 on {v1}/{v2} ({cells_txt}): {cell_name(extra[0])} "
                                f"must hold its extra digit, so {v1} and {v2} go.",
                           data={"type": 1, "loop_size": size})
                add(h, 1, loop)
            elif len(extra) > 2:
                add(_type2(g, loop, extra, both, base, shape, v1, v2), 2, loop)
            elif len(extra) == 2:
                r1, r2 = extra
                rp = (cands[r1] | cands[r2]) & ~both
                if rp.bit_count() == 1:
                    add(_type2(g, loop, extra, both, base, shape, v1, v2), 2, loop)
                elif rp.bit_count() >= 2:
                    for h in _type3(g, loop, r1, r2, v1, v2, base, shape):
                        add(h, 3, loop)
                h4 = _type4(g, loop, r1, r2, v1, v2, base, shape)
                if h4 is not None:
                    add(h4, 4, loop)
    hints.sort(key=lambda x: (x[0], x[1]))
    for _, _, h in hints:
        yield h


def _type2(g: SEGrid, loop: list[int], extra: list[int], both: int, base: float, shape: str,
           v1: int, v2: int) -> SEHint:
    common = g.cands[extra[0]] & ~both
    value = common.bit_length() if common else 0
    see = -1
    for c in extra:
        see &= HOUSE_CELLS_MASK[c]
    for c in extra:
        see &= ~(1 << c)
    rem = (g.dcells[value] & see) if value else 0
    return SEHint("unique-loop", f"Unique {shape} type 2", base, {c: 1 << (value - 1) for c in bits(rem)},
                  text=f"Unique {shape} type 2 on {v1}/{v2}: one of "
                       f"{', '.join(cell_name(c) for c in extra)} holds {value}; {value} goes from the "
                       f"cells that see them all.",
                  data={"type": 2, "loop_size": len(loop)})


def _type3(g: SEGrid, loop: list[int], c1: int, c2: int, v1: int, v2: int, base: float,
           shape: str) -> list[SEHint]:
    cands = g.cands
    both = (1 << (v1 - 1)) | (1 << (v2 - 1))
    extra = (cands[c1] | cands[c2]) & ~both
    out: list[SEHint] = []
    for degree in range(extra.bit_count(), 8):
        for t, r in _common_regions(c1, c2):
            rc = REGION_CELLS[t][r]
            empties = sum(1 for c in rc if not g.values[c])
            i1, i2 = CELL_INDEX[t][c1], CELL_INDEX[t][c2]
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
                    k = union.bit_count()
                    out.append(SEHint(
                        "unique-loop", f"Unique {shape} type 3", base + (k - 1) * 0.1, removals,
                        text=f"Unique {shape} type 3 on {v1}/{v2}: the extra digits of {cell_name(c1)} and "
                             f"{cell_name(c2)} form a naked set with "
                             f"{', '.join(cell_name(c) for c in others)}.",
                        data={"type": 3, "loop_size": len(loop), "subset_size": k}))
            if degree * 2 < empties:
                rem_values = [v for v in range(1, 10) if v not in (v1, v2) and not extra >> (v - 1) & 1]
                if degree - 2 <= len(rem_values) and degree >= 2:
                    for combo in combinations(len(rem_values), degree - 2):
                        values = [rem_values[i] for i in combo] + [v1, v2]
                        union = 0
                        for v in values:
                            union |= (g.dcells[v] & REGION_MASK[t][r]) & ~(1 << c2)
                        if union.bit_count() != degree:
                            continue
                        hidden = sum(1 << (v - 1) for v in values)
                        union &= ~(1 << c1) & ~(1 << c2)
                        removals = {}
                        for c in bits(union):
                            gone = cands[c] & ~hidden
                            if gone:
                                removals[c] = gone
                        h = union.bit_count()
                        out.append(SEHint(
                            "unique-loop", f"Unique {shape} type 3", base + (h - 1) * 0.1, removals,
                            text=f"Unique {shape} type 3 (hidden set) on {v1}/{v2} with "
                                 f"{', '.join(cell_name(c) for c in bits(union))}.",
                            data={"type": 3, "loop_size": len(loop), "subset_size": h}))
    return out


def _type4(g: SEGrid, loop: list[int], c1: int, c2: int, v1: int, v2: int, base: float,
           shape: str) -> SEHint | None:
    r1 = r2 = None
    for t, r in _common_regions(c1, c2):
        others = REGION_MASK[t][r] & ~(1 << c1) & ~(1 << c2)
        if not g.dcells[v1] & others:
            r1 = (t, r)
        if not g.dcells[v2] & others:
            r2 = (t, r)
    if r1 is not None:
        lock, rem = v1, v2
    elif r2 is not None:
        lock, rem = v2, v1
    else:
        return None
    bit = 1 << (rem - 1)
    removals = {c: bit for c in (c1, c2) if g.cands[c] & bit}
    return SEHint("unique-loop", f"Unique {shape} type 4", base, removals,
                  text=f"Unique {shape} type 4: {lock} must be in {cell_name(c1)} or {cell_name(c2)}, "
                       f"so {rem} goes from both.",
                  data={"type": 4, "loop_size": len(loop)})


# --------------------------------------------------------------------- BUG
def bug(g: SEGrid) -> Iterator[SEHint]:
    """Bivalue Universal Grave: all cells bivalue except a few whose extra digits must hold."""
    cands = g.cands
    poly = [c for c in range(81) if cands[c].bit_count() > 2]
    if not poly or any(cands[c].bit_count() == 1 for c in range(81)):
        return
    bug_values: dict[int, int] = {}
    for c in poly:
        bv = 0
        for v in DIGITS_OF[cands[c]]:
            for t in REGION_TYPES:
                if (g.dcells[v] & REGION_MASK[t][CELL_REGION[t][c]]).bit_count() > 2:
                    bv |= 1 << (v - 1)
                    break
        if not bv:
            return
        bug_values[c] = bv
    # Check the grave: without the BUG values every cell is bivalue and every digit twice per region.
    reduced = cands[:]
    for c, bv in bug_values.items():
        reduced[c] &= ~bv
        if reduced[c].bit_count() != 2:
            return
    for t in REGION_TYPES:
        for r in range(9):
            for v in range(1, 10):
                n = sum(1 for c in REGION_CELLS[t][r] if reduced[c] >> (v - 1) & 1)
                if n not in (0, 2):
                    return
    all_bv = 0
    for bv in bug_values.values():
        all_bv |= bv
    if len(poly) == 1:
        c = poly[0]
        if bug_values[c].bit_count() == 1:
            v = bug_values[c].bit_length()
            yield SEHint("bug", "BUG type 1", 5.6, {c: cands[c] & ~bug_values[c]},
                         text=f"BUG type 1: all other cells are bivalue, so {cell_name(c)}={v}.",
                         data={"type": 1})
        return
    if all_bv.bit_count() == 1 and all(bv == all_bv for bv in bug_values.values()):
        v = all_bv.bit_length()
        see = -1
        for c in poly:
            see &= HOUSE_CELLS_MASK[c]
        rem = g.dcells[v] & see
        for c in poly:
            rem &= ~(1 << c)
        h = SEHint("bug", "BUG type 2", 5.7, {c: all_bv for c in bits(rem)},
                   text=f"BUG type 2: one of {', '.join(cell_name(c) for c in poly)} is {v}; {v} goes "
                        f"from the cells seeing them all.", data={"type": 2})
        if h.is_worth():
            yield h
        return
    # Type 3: the BUG cells share a region; their BUG digits form a naked set with other cells.
    for t in REGION_TYPES:
        r = CELL_REGION[t][poly[0]]
        if not all(CELL_REGION[t][c] == r for c in poly):
            continue
        rc = [c for c in REGION_CELLS[t][r] if c not in poly and cands[c]]
        for k in range(2, 5):
            if all_bv.bit_count() > k:
                continue
            for combo in combinations(len(rc), k - 1):
                others = [rc[i] for i in combo]
                union = all_bv
                for c in others:
                    union |= cands[c]
                if union.bit_count() != k:
                    continue
                removals = {}
                for c in rc:
                    if c not in others and cands[c] & union:
                        removals[c] = cands[c] & union
                if removals:
                    yield SEHint("bug", "BUG type 3", 5.7 + (k - 1) * 0.1, removals,
                                 text=f"BUG type 3: the BUG digits of {', '.join(cell_name(c) for c in poly)} "
                                      f"form a naked set with {', '.join(cell_name(c) for c in others)}.",
                                 data={"type": 3, "subset_size": k})
                    return
