"""Exocets, Junior and Senior: two base cells whose digits must reappear in two target cells.

Definition from David P Bird's "JExocet Compendium" and the "JExocet Pattern Definition" and
"Exocet pattern in hardest puzzles" threads of the Sudoku Players' Forum (forum.enjoysudoku.com);
SudokuWiki's Exocet page follows the same source. Said with rows as the base direction (the
finder also runs it with rows and columns exchanged):

- *Base cells*: two empty cells of one box in one row (the base row) that hold three or four
  digits between them, the *base digits*.
- *Cross-lines*: three columns, one per stack: the base box's third column and one column in each
  of the other two stacks.
- *Target cells*: one empty cell on each of the other two cross-lines, outside the base row,
  holding a base digit. Both targets in the base band make a *Junior* Exocet (JE); a target
  outside it, a *Senior* Exocet.
- *S cells* of a cross-line: its cells outside the base row, outside the base box and other than
  its target. The *S-cells rule*: for every base digit, its candidates and placed copies in the S
  cells never give it three places in three different rows, one per cross-line (equivalently,
  they are covered by two houses, the *cover houses*).

Why it works: a base digit true in a base cell is in the base row and box, so each cross-line
has its copy in an S cell or in its target, and the base box's column has no target. The S cells
can take at most two copies, so a target holds it. The base cells hold two different digits and
each needs a target: the two targets hold exactly the base cells' two digits.

What that allows (the compendium's elimination rules, each derived from the equivalence):

1. a target cell loses every non-base digit;
2. a target loses a base digit d when d there would leave the other two cross-lines without S
   places for d in two rows different from each other and from the target's ("the target is a
   non-S cell for d");
3. mirror node: if a target holds d, the other target's box holds d outside the base row, the
   target's row and the other target; a target loses a digit that none of those cells can hold,
   and if only one of them can hold any of the target's digits, that cell loses its other digits;
4. compatibility: the base cells take a pair of different digits that the targets can take in
   some order; a base digit in no such pair leaves its base cell, a target digit in none leaves
   its target.

Rule 4 repeats until nothing changes (rules 2 and 3 run once, before it). The JE+ extension
(almost hidden sets in the object cells) and double exocets are not searched.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from ..board import Board
from ..geometry import CELL_BOX, HOUSE_MASK, cell_name, digits_of, house_name, house_short, iter_bits
from ..step import Mark, Step
from .registry import technique

FAMILY = "exocet"
_POP = tuple(bin(m).count("1") for m in range(512))


def _cell(orient: int, line: int, cross: int) -> int:
    """Cell on base-direction line ``line`` and cross-line ``cross`` (rows/columns, or the transpose)."""
    return line * 9 + cross if orient == 0 else cross * 9 + line


def _line_house(orient: int, line: int) -> int:
    return line if orient == 0 else 9 + line


def _cross_house(orient: int, cross: int) -> int:
    return 9 + cross if orient == 0 else cross


def _no_three_rows(a: int, b: int, c: int) -> bool:
    """True when no three different rows (bits) can be picked, one from each of a, b, c (Hall's condition)."""
    if not a or not b or not c:
        return True
    if _POP[a | b] < 2 or _POP[a | c] < 2 or _POP[b | c] < 2:
        return True
    return _POP[a | b | c] < 3


def _two_rows(a: int, b: int) -> bool:
    """Can two different rows be picked, one from a and one from b?"""
    return bool(a) and bool(b) and _POP[a | b] >= 2


@dataclass
class _Exocet:
    orient: int
    base: tuple[int, int]
    targets: tuple[int, int]
    cross: tuple[int, int, int]  # the base box's column first, then the targets' cross-lines
    digits: int  # base digits (9-bit)
    junior: bool
    smask: dict[int, tuple[int, int, int]]  # per base digit: S rows on each cross-line (targets removed)
    reasons: dict[tuple[int, int], str] = field(default_factory=dict)


def _search(board: Board) -> Iterator[_Exocet]:
    cands, values = board.cands, board.values
    for orient in (0, 1):
        for r0 in range(9):
            band = r0 // 3
            for s0 in range(3):
                stack_cols = (3 * s0, 3 * s0 + 1, 3 * s0 + 2)
                for x in stack_cols:
                    j1, j2 = (j for j in stack_cols if j != x)
                    b1, b2 = _cell(orient, r0, j1), _cell(orient, r0, j2)
                    if values[b1] or values[b2]:
                        continue
                    digits = cands[b1] | cands[b2]
                    if not 3 <= _POP[digits] <= 4:
                        continue
                    yield from _with_base(board, orient, r0, band, s0, x, (b1, b2), digits)


def _s_rows(board: Board, orient: int, r0: int, band: int, in_base_stack: bool, cross: int, digit: int) -> int:
    """Rows (9-bit) of a cross-line outside the base row (and the base box) where ``digit`` is or can be."""
    bit = 1 << (digit - 1)
    out = 0
    for i in range(9):
        if i == r0 or (in_base_stack and i // 3 == band):
            continue
        c = _cell(orient, i, cross)
        if board.cands[c] & bit or board.values[c] == digit:
            out |= 1 << i
    return out


def _with_base(board: Board, orient: int, r0: int, band: int, s0: int, x: int, base: tuple[int, int],
               digits: int) -> Iterator[_Exocet]:
    cands, values = board.cands, board.values
    dlist = digits_of(digits)
    other_stacks = [s for s in range(3) if s != s0]
    sx = {d: _s_rows(board, orient, r0, band, True, x, d) for d in dlist}
    col_rows: dict[int, dict[int, int]] = {}
    for s in other_stacks:
        for j in range(3 * s, 3 * s + 3):
            col_rows[j] = {d: _s_rows(board, orient, r0, band, False, j, d) for d in dlist}
    targets_on: dict[int, list[int]] = {}
    for j in col_rows:
        targets_on[j] = [i for i in range(9) if i != r0 and not values[_cell(orient, i, j)]
                         and cands[_cell(orient, i, j)] & digits]
    sa, sb = other_stacks
    for c1 in range(3 * sa, 3 * sa + 3):
        for c2 in range(3 * sb, 3 * sb + 3):
            for t1 in targets_on[c1]:
                for t2 in targets_on[c2]:
                    smask = {}
                    for d in dlist:
                        a, b, c = sx[d], col_rows[c1][d] & ~(1 << t1), col_rows[c2][d] & ~(1 << t2)
                        if not _no_three_rows(a, b, c):
                            break
                        smask[d] = (a, b, c)
                    else:
                        yield _Exocet(orient, base, (_cell(orient, t1, c1), _cell(orient, t2, c2)), (x, c1, c2),
                                      digits, t1 // 3 == band and t2 // 3 == band, smask)


def _line_of(orient: int, cell: int) -> int:
    return cell // 9 if orient == 0 else cell % 9


def _mirror(ex: _Exocet, which: int) -> int:
    """Cells (mask) of the other target's box outside the base row, this target's row and the other target."""
    target, other = ex.targets[which], ex.targets[1 - which]
    r0 = _line_of(ex.orient, ex.base[0])
    out = 0
    for c in iter_bits(HOUSE_MASK[18 + CELL_BOX[other]]):
        line = _line_of(ex.orient, c)
        if c != other and line != r0 and line != _line_of(ex.orient, target):
            out |= 1 << c
    return out


def _holds(board: Board, cells: int, digit: int) -> bool:
    return any(board.cands[c] >> (digit - 1) & 1 or board.values[c] == digit for c in iter_bits(cells))


def _eliminations(board: Board, ex: _Exocet) -> dict[tuple[int, int], str]:
    """Every elimination the pattern allows, with the rule that makes it."""
    cands = board.cands
    why: dict[tuple[int, int], str] = {}
    tc = [cands[t] & ex.digits for t in ex.targets]
    for k, t in enumerate(ex.targets):
        for d in digits_of(cands[t] & ~ex.digits):
            why[(t, d)] = "non-base digit"
        row = _line_of(ex.orient, t)
        mirror = _mirror(ex, k)
        for d in digits_of(tc[k]):
            a, b, c = ex.smask[d]
            other = (c if k == 0 else b) & ~(1 << row)
            if not _two_rows(a & ~(1 << row), other):
                why[(t, d)] = "non-S"
                tc[k] &= ~(1 << (d - 1))
            elif not _holds(board, mirror, d):
                why[(t, d)] = "mirror"
                tc[k] &= ~(1 << (d - 1))
    bc = [cands[b] for b in ex.base]
    while True:
        used_b = [0, 0]
        used_t = [0, 0]
        for a in digits_of(bc[0]):
            for b in digits_of(bc[1]):
                if a == b:
                    continue
                ab, bb = 1 << (a - 1), 1 << (b - 1)
                for first, second in ((ab, bb), (bb, ab)):
                    if tc[0] & first and tc[1] & second:
                        used_b[0] |= ab
                        used_b[1] |= bb
                        used_t[0] |= first
                        used_t[1] |= second
        if used_b == bc and used_t == tc:
            break
        for k in (0, 1):
            for d in digits_of(bc[k] & ~used_b[k]):
                why[(ex.base[k], d)] = "compatibility"
            for d in digits_of(tc[k] & ~used_t[k]):
                why[(ex.targets[k], d)] = "compatibility"
        bc, tc = used_b, used_t
        if not (bc[0] and bc[1]):
            return {}  # impossible in a valid position: report nothing
    for k in (0, 1):
        mirror = _mirror(ex, k)
        holders = [c for c in iter_bits(mirror) if cands[c] & tc[k]
                   or (board.values[c] and tc[k] >> (board.values[c] - 1) & 1)]
        if len(holders) == 1 and not board.values[holders[0]]:
            m = holders[0]
            for d in digits_of(cands[m] & ~tc[k]):
                why.setdefault((m, d), f"mirror of {cell_name(ex.targets[k])}")
    return why


def _cover_houses(ex: _Exocet, d: int) -> list[int]:
    """Two (or fewer) houses that hold every S place of ``d``: rows of the base direction or cross-lines."""
    cells = [(i, k) for k, rows in enumerate(ex.smask[d]) for i in iter_bits(rows)]
    if not cells:
        return []
    lines = sorted({i for i, _ in cells})
    options = [("line", i) for i in lines] + [("cross", k) for k in range(3)]

    def covers(chosen: list[tuple[str, int]]) -> bool:
        return all(any((kind == "line" and v == i) or (kind == "cross" and v == k) for kind, v in chosen)
                   for i, k in cells)

    for n in (1, 2):
        for i in range(len(options)):
            for j in range(i, len(options)) if n == 2 else [i]:
                chosen = [options[i], options[j]] if n == 2 else [options[i]]
                if covers(chosen):
                    return [_line_house(ex.orient, v) if kind == "line" else _cross_house(ex.orient, ex.cross[v])
                            for kind, v in dict.fromkeys(chosen)]
    return []  # not reached: the S-cells rule holds, so two lines cover them (Konig)


_RULE_TEXT = {
    "non-base digit": "a target holds a base digit",
    "non-S": "the other two cross-lines would have no S places left for it in two different rows",
    "mirror": "the other target's box could not take it outside the base row and the target's row (mirror node)",
    "compatibility": "no pair of different base digits fits base cells and targets with it (compatibility)",
}


def _step(board: Board, ex: _Exocet, why: dict[tuple[int, int], str]) -> Step:
    tid, name = ("junior-exocet", "Junior Exocet") if ex.junior else ("senior-exocet", "Senior Exocet")
    b1, b2 = ex.base
    t1, t2 = ex.targets
    dtext = "".join(str(d) for d in digits_of(ex.digits))
    cross = [_cross_house(ex.orient, j) for j in ex.cross]
    covers = {d: _cover_houses(ex, d) for d in digits_of(ex.digits)}
    cover_text = "; ".join(f"{d} by {' and '.join(house_short(h) for h in hs) if hs else 'no house (none left)'}"
                           for d, hs in covers.items())
    groups: dict[str, list[tuple[int, int]]] = {}
    for (c, d), rule in sorted(why.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        groups.setdefault(rule, []).append((c, d))
    parts = []
    for rule, elims in groups.items():
        reason = _RULE_TEXT.get(rule) or f"it is the only cell of the {rule} that can hold that target's digit"
        parts.append(f"{', '.join(f'{cell_name(c)}<>{d}' for c, d in elims)} ({reason})")
    text = (f"{name} ({dtext}): base cells {cell_name(b1)}, {cell_name(b2)} hold only {dtext}; targets "
            f"{cell_name(t1)} and {cell_name(t2)}; cross-lines {', '.join(house_name(h) for h in cross)}. "
            f"A base digit is in each cross-line once, never in the base row or box, and its S cells "
            f"(cross-line cells outside the base row and box, other than the targets) are covered by two houses "
            f"({cover_text}), so one target holds it: the targets hold the two base cells' digits. "
            + "; ".join(parts) + ".")
    marks = [Mark(h, -1, "cross-line") for h in cross]
    marks += [Mark(c, d, "base") for c in ex.base for d in digits_of(board.cands[c])]
    marks += [Mark(c, d, "exo-target") for c in ex.targets for d in digits_of(board.cands[c] & ex.digits)]
    for d, (a, b, c) in ex.smask.items():
        for k, rows in enumerate((a, b, c)):
            for i in iter_bits(rows):
                cell = _cell(ex.orient, i, ex.cross[k])
                if board.cands[cell] >> (d - 1) & 1:
                    marks.append(Mark(cell, d, "s-cell"))
    marks += [Mark(c, d, "target") for c, d in why]
    return Step(tid, name, eliminations=sorted(why), highlights=marks, text=text,
                extra={"base": list(ex.base), "targets": list(ex.targets), "digits": digits_of(ex.digits),
                       "cross_lines": cross, "junior": ex.junior,
                       "cover": {str(d): hs for d, hs in covers.items()},
                       "rules": sorted(set(why.values()))})


def exocet_steps(board: Board, junior: bool) -> Iterator[Step]:
    """Every Junior (or Senior) Exocet with eliminations, each once."""
    seen: set[tuple[int, ...]] = set()
    for ex in _search(board):
        if ex.junior != junior:
            continue
        why = _eliminations(board, ex)
        if not why:
            continue
        key = (*sorted(ex.base), *sorted(ex.targets))
        if key in seen:
            continue
        seen.add(key)
        yield _step(board, ex, why)


@technique("junior-exocet", "Junior Exocet", family=FAMILY, level=7.7,
           aliases=("JE", "JExocet", "Exocet", "JE2"))
def junior_exocet(board: Board) -> Iterator[Step]:
    """Base cells and two targets in one band: the targets hold the base cells' digits."""
    return exocet_steps(board, junior=True)


@technique("senior-exocet", "Senior Exocet", family=FAMILY, level=7.72, aliases=("SE Exocet", "Senior Exocets"))
def senior_exocet(board: Board) -> Iterator[Step]:
    """Base cells with a target outside their band: the targets hold the base cells' digits."""
    return exocet_steps(board, junior=False)
