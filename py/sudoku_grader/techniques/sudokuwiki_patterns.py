"""SudokuWiki's own pattern techniques: Gurth's theorem, Chute Remote Pairs, Rectangle Elimination.

These have public definitions on SudokuWiki and no HoDoKu or Sudoku Explainer
counterpart, so their ids are kebab-case of SudokuWiki's names.

- Gurth's Symmetrical Placement theorem: when the givens map onto themselves
  under a symmetry of the grid (reflection in a diagonal, rotation by 180 or
  90 degrees) together with a one-to-one relabelling of the digits, and the
  puzzle has a unique solution, the solution has the same symmetry. So a cell
  the symmetry fixes holds a digit the relabelling fixes, and a digit d can be
  in cell c only if its partner can be in the mirror cell. Nothing is claimed
  unless the givens really are symmetric (every given, digit for digit).
- Chute Remote Pairs: two bivalue cells xy in one chute (band or stack), in
  different boxes and lines. In the chute's third box, the cells of the third
  line decide: if x is nowhere there (not a candidate, not a digit), the two
  cells cannot both be x (x would have no place in that box's third line), so
  one is y and cells seeing both lose y; if neither digit is there, they lose
  both.
- Rectangle Elimination (Ken Reek): a hinge cell with a strong link on digit d
  along one line (to the first wing) and a weak link (the other line has more
  than two places) to a second wing in another box. If the second wing were
  d, the hinge would not be and the first wing would be; the two wings would
  then remove every d from the box at the fourth corner of their rectangle.
  When that box's d all lie in the wings' lines, the second wing loses d.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations

from ..board import Board
from ..geometry import (
    CELL_BOX,
    CELL_COL,
    CELL_ROW,
    HOUSE_MASK,
    PEER_MASK,
    cell_name,
    cells_name,
    house_name,
    iter_bits,
)
from ..step import Link, Mark, Step
from .registry import technique

FAMILY = "sudokuwiki-patterns"


# -------------------------------------------------------------- Gurth's theorem
def _table(f: Callable[[int, int], tuple[int, int]]) -> tuple[int, ...]:
    return tuple(f(c // 9, c % 9)[0] * 9 + f(c // 9, c % 9)[1] for c in range(81))


SYMMETRIES: dict[str, tuple[int, ...]] = {
    "reflection in the main diagonal": _table(lambda r, c: (c, r)),
    "reflection in the anti-diagonal": _table(lambda r, c: (8 - c, 8 - r)),
    "rotation by 180 degrees": _table(lambda r, c: (8 - r, 8 - c)),
    "rotation by 90 degrees": _table(lambda r, c: (c, 8 - r)),
}


def digit_mapping(board: Board, image: tuple[int, ...]) -> list[int] | None:
    """The relabelling sigma (index 1..9) that maps the givens onto themselves under ``image``, or None.

    Every given must land on a given, digit d always on sigma(d), one to one.
    A digit absent from the givens maps to itself only when it is the only one.
    """
    values = board.values
    sigma = [0] * 10
    used = [False] * 10
    for c in iter_bits(board.givens):
        g = image[c]
        if not board.givens >> g & 1:
            return None
        v, w = values[c], values[g]
        if sigma[v] == 0:
            if used[w]:
                return None
            sigma[v], used[w] = w, True
        elif sigma[v] != w:
            return None
    missing = [d for d in range(1, 10) if sigma[d] == 0]
    if len(missing) > 1:
        return None
    for d in missing:
        if used[d]:
            return None
        sigma[d] = d
    return sigma


def _pairs_text(sigma: list[int]) -> str:
    pairs, fixed, seen = [], [], set()
    for d in range(1, 10):
        if d in seen:
            continue
        orbit = [d]
        while sigma[orbit[-1]] != d:
            orbit.append(sigma[orbit[-1]])
        seen.update(orbit)
        if len(orbit) == 1:
            fixed.append(str(d))
        else:
            pairs.append("->".join(map(str, orbit)) + "->" + str(d) if len(orbit) > 2 else f"{orbit[0]}<->{orbit[1]}")
    out = ", ".join(pairs) if pairs else "no digit changes"
    if not fixed:
        return out
    return out + (f" ({fixed[0]} maps to itself)" if len(fixed) == 1 else f" ({', '.join(fixed)} map to themselves)")


@technique("gurths-theorem", "Gurth's Symmetrical Placement", family=FAMILY, level=2.95,
           aliases=("gurth's theorem", "gurths theorem", "symmetrical placement", "gurth"))
def gurths_theorem(board: Board) -> Iterator[Step]:
    """Symmetric givens (with a digit relabelling) force a symmetric solution; unique puzzles only."""
    cands, values = board.cands, board.values
    for sym_name, image in SYMMETRIES.items():
        if not board.givens:
            return
        sigma = digit_mapping(board, image)
        if sigma is None:
            continue
        mapping = {str(d): sigma[d] for d in range(1, 10)}
        intro = (f"Gurth's theorem: the givens are unchanged by {sym_name} with the digits relabelled "
                 f"{_pairs_text(sigma)}; the puzzle has one solution, so the solution is symmetric the same way")
        fixed_elims, mirror_elims = [], []
        for c in iter_bits(board.unsolved):
            g = image[c]
            for d in range(1, 10):
                if not cands[c] >> (d - 1) & 1:
                    continue
                if g == c:
                    if sigma[d] != d:
                        fixed_elims.append((c, d))
                elif values[g] and values[g] != sigma[d] or not values[g] and not cands[g] >> (sigma[d] - 1) & 1:
                    mirror_elims.append((c, d))
        if fixed_elims:
            cells = sorted({c for c, _ in fixed_elims})
            yield Step(
                "gurths-theorem", "Gurth's Symmetrical Placement", eliminations=fixed_elims,
                highlights=[Mark(c, d, "target") for c, d in fixed_elims]
                + [Mark(c, 0, "pivot") for c in cells],
                text=intro + f". {cells_name(cells)} map onto themselves, so they can only hold a digit that maps "
                             f"to itself: remove the others there.",
                extra={"symmetry": sym_name, "mapping": mapping, "kind": "fixed-cells"},
            )
        if mirror_elims:
            yield Step(
                "gurths-theorem", "Gurth's Symmetrical Placement", eliminations=mirror_elims,
                highlights=[Mark(c, d, "target") for c, d in mirror_elims]
                + [Mark(image[c], sigma[d], "base") for c, d in mirror_elims if not values[image[c]]],
                text=intro + ". So a cell can hold d only if its mirror cell can hold d's partner: remove "
                     + ", ".join(f"{d} from {cell_name(c)}" for c, d in mirror_elims[:6])
                     + (" and the like" if len(mirror_elims) > 6 else "") + ".",
                extra={"symmetry": sym_name, "mapping": mapping, "kind": "mirror"},
            )


# ---------------------------------------------------------- Chute Remote Pairs
def _third(a: int, b: int, group: tuple[int, int, int]) -> int:
    """The member of a three-element group (rows of a band, boxes of a stack ...) that is neither a nor b."""
    return next(x for x in group if x != a and x != b)


def _band(i: int) -> tuple[int, int, int]:
    """The three rows (or columns, or boxes of a band) starting at 3*(i//3)."""
    return (3 * (i // 3), 3 * (i // 3) + 1, 3 * (i // 3) + 2)


@technique("chute-remote-pair", "Chute Remote Pair", family=FAMILY, level=3.3,
           aliases=("chute remote pairs", "crp"))
def chute_remote_pair(board: Board) -> Iterator[Step]:
    """Two same-pair cells in a chute; the third box's third line decides which digit they must hold."""
    cands, values = board.cands, board.values
    bivalues = [c for c in iter_bits(board.unsolved) if cands[c].bit_count() == 2]
    for i, a in enumerate(bivalues):
        for b in bivalues[i + 1:]:
            if cands[a] != cands[b] or CELL_BOX[a] == CELL_BOX[b] or PEER_MASK[a] >> b & 1:
                continue
            ba, bb = CELL_BOX[a], CELL_BOX[b]
            if ba // 3 == bb // 3:  # same band: rows differ
                line = _third(CELL_ROW[a], CELL_ROW[b], _band(CELL_ROW[a]))
                box = _third(ba, bb, _band(ba))
                line_house = line
            elif ba % 3 == bb % 3:  # same stack: columns differ
                line = _third(CELL_COL[a], CELL_COL[b], _band(CELL_COL[a]))
                box = _third(ba, bb, (ba % 3, ba % 3 + 3, ba % 3 + 6))
                line_house = 9 + line
            else:
                continue
            segment = HOUSE_MASK[line_house] & HOUSE_MASK[18 + box]
            x, y = (d + 1 for d in range(9) if cands[a] >> d & 1)
            present = {values[c] for c in iter_bits(segment)}  # a digit placed there counts as present
            for c in iter_bits(segment):
                present.update(d for d in (x, y) if cands[c] >> (d - 1) & 1)
            absent = [d for d in (x, y) if d not in present]
            if not absent:
                continue
            remove = [x, y] if len(absent) == 2 else [y if absent[0] == x else x]
            common = PEER_MASK[a] & PEER_MASK[b]
            elims = [(c, d) for d in remove for c in iter_bits(common & board.digit_cells[d])]
            if not elims:
                continue
            why = (f"neither {x} nor {y} can go there, so the two cells cannot be equal: one is {x}, the other {y}"
                   if len(absent) == 2 else
                   f"{absent[0]} cannot go there, so the two cells are not both {absent[0]} and one of them is "
                   f"{remove[0]}")
            marks = [Mark(c, d, "wing") for c in (a, b) for d in (x, y)]
            marks += [Mark(c, 0, "group") for c in iter_bits(segment)]
            marks += [Mark(c, d, "target") for c, d in elims]
            yield Step(
                "chute-remote-pair", "Chute Remote Pair", eliminations=elims, highlights=marks,
                text=(f"Chute Remote Pair {x}{y}: {cell_name(a)} and {cell_name(b)} are both {x}{y} in one chute. "
                      f"If both held the same digit, it would have to go in {cells_name(segment)} "
                      f"({house_name(line_house)} of {house_name(18 + box)}); {why}. "
                      f"Remove {' and '.join(map(str, remove))} from cells seeing both: "
                      f"{cells_name(sorted({c for c, _ in elims}))}."),
                extra={"digits": [x, y], "removed": remove, "segment_box": 18 + box, "segment_line": line_house},
            )


# -------------------------------------------------------- Rectangle Elimination
@technique("rectangle-elimination", "Rectangle Elimination", family=FAMILY, level=4.25,
           aliases=("re",))
def rectangle_elimination(board: Board) -> Iterator[Step]:
    """Hinge, strong wing and weak wing: if the weak wing were true, the fourth-corner box would be empty."""
    for d in range(1, 10):
        dc = board.digit_cells[d]
        for strong_kind in (0, 9):  # strong link in a row (weak in the column), then the other way round
            for line in range(strong_kind, strong_kind + 9):
                pos = dc & HOUSE_MASK[line]
                if pos.bit_count() != 2:
                    continue
                for hinge in iter_bits(pos):
                    wing1 = (pos & ~(1 << hinge)).bit_length() - 1
                    if CELL_BOX[wing1] == CELL_BOX[hinge]:
                        continue
                    cross = (9 + CELL_COL[hinge]) if strong_kind == 0 else CELL_ROW[hinge]
                    cross_pos = dc & HOUSE_MASK[cross]
                    if cross_pos.bit_count() <= 2:
                        continue  # SudokuWiki asks for a weak link here
                    for wing2 in iter_bits(cross_pos & ~HOUSE_MASK[18 + CELL_BOX[hinge]]):
                        if strong_kind == 0:
                            corner = CELL_ROW[wing2] * 9 + CELL_COL[wing1]
                            wing2_line, wing1_line = CELL_ROW[wing2], 9 + CELL_COL[wing1]
                        else:
                            corner = CELL_ROW[wing1] * 9 + CELL_COL[wing2]
                            wing2_line, wing1_line = 9 + CELL_COL[wing2], CELL_ROW[wing1]
                        box = 18 + CELL_BOX[corner]
                        in_box = dc & HOUSE_MASK[box]
                        if not in_box or in_box & ~(HOUSE_MASK[wing2_line] | HOUSE_MASK[wing1_line]):
                            continue
                        marks = [Mark(hinge, d, "pivot"), Mark(wing1, d, "wing"), Mark(wing2, d, "target"),
                                 Mark(box, -1, "house")]
                        marks += [Mark(c, d, "group") for c in iter_bits(in_box)]
                        yield Step(
                            "rectangle-elimination", "Rectangle Elimination", eliminations=[(wing2, d)],
                            highlights=marks,
                            links=[Link(1 << wing2, d, 1 << hinge, d, strong=False),
                                   Link(1 << hinge, d, 1 << wing1, d, strong=True)],
                            text=(f"Rectangle Elimination on {d}: {cell_name(hinge)}={cell_name(wing1)} is a strong "
                                  f"link in {house_name(line)}. If {cell_name(wing2)} were {d}, {cell_name(hinge)} "
                                  f"would not be and {cell_name(wing1)} would be; together they would remove every "
                                  f"{d} of {house_name(box)} ({cells_name(in_box)}). So remove {d} from "
                                  f"{cell_name(wing2)}."),
                            extra={"digit": d, "hinge": hinge, "box": box},
                        )


# ------------------------------------------------------------------ Fireworks
def _firework_digits(board: Board, a: int) -> dict[int, tuple[int, int]]:
    """Digits of stem ``a`` with at most one place outside a's box in a's row and in a's column.

    Maps each such digit to its (row leaf, column leaf), -1 where there is none.
    The digit is then in a or in one of its leaves: if no leaf holds it, the
    row's and the column's copies both lie in a's box, in a's row and column,
    which is a itself.
    """
    box = HOUSE_MASK[18 + CELL_BOX[a]]
    row, col = HOUSE_MASK[CELL_ROW[a]] & ~box, HOUSE_MASK[9 + CELL_COL[a]] & ~box
    out = {}
    for d in iter_bits(board.cands[a]):
        dc = board.digit_cells[d + 1]
        r, c = dc & row, dc & col
        if r.bit_count() <= 1 and c.bit_count() <= 1:
            out[d + 1] = (r.bit_length() - 1, c.bit_length() - 1)
    return out


def _leaves(entries: list[tuple[int, int]]) -> tuple[int, int] | None:
    """The common (row leaf, column leaf) of several fireworks of one stem, or None if they differ or lack one."""
    rows = {r for r, _ in entries if r >= 0}
    cols = {c for _, c in entries if c >= 0}
    if len(rows) != 1 or len(cols) != 1:
        return None
    return rows.pop(), cols.pop()


def _keep_only(board: Board, rules: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Eliminations that leave each (cell, mask) cell with candidates inside mask."""
    cands = board.cands
    return [(x, d) for x, keep in rules for d in range(1, 10) if cands[x] >> (d - 1) & 1 and not keep >> (d - 1) & 1]


def _dmask(digits: tuple[int, ...] | list[int]) -> int:
    return sum(1 << (d - 1) for d in digits)


@technique("fireworks", "Fireworks", family=FAMILY, level=5.3,
           aliases=("firework", "triple firework", "quad firework", "triple fireworks", "quad fireworks"))
def fireworks(board: Board) -> Iterator[Step]:
    """Triple: three digits with the same firework fill its three cells. Quad: two pairs share the leaves."""
    cands = board.cands
    stems = {a: _firework_digits(board, a) for a in iter_bits(board.unsolved)}
    for a, fw in stems.items():
        for trio in combinations(sorted(fw), 3):
            leaves = _leaves([fw[d] for d in trio])
            if leaves is None:
                continue
            b, c = leaves
            cells = (a, b, c)
            elims = _keep_only(board, [(x, _dmask(trio)) for x in cells])
            if not elims:
                continue
            yield Step(
                "fireworks", "Fireworks", eliminations=elims,
                highlights=[Mark(x, d, "pivot" if x == a else "wing") for x in cells for d in trio
                            if cands[x] >> (d - 1) & 1] + [Mark(x, d, "target") for x, d in elims],
                text=(f"Triple Firework {''.join(map(str, trio))}: outside the box of {cell_name(a)}, each of "
                      f"{', '.join(map(str, trio))} has at most {cell_name(b)} left in its row and {cell_name(c)} "
                      f"in its column, so each is in {cell_name(a)}, {cell_name(b)} or {cell_name(c)}; three digits "
                      f"for three cells: remove every other candidate there."),
                extra={"kind": "triple", "digits": list(trio), "stem": a, "leaves": [b, c]},
            )
        for pair in combinations(sorted(fw), 2):
            leaves = _leaves([fw[d] for d in pair])
            if leaves is None:
                continue
            b, c = leaves
            a2 = CELL_ROW[c] * 9 + CELL_COL[b]  # the stem whose row holds c and whose column holds b
            if a2 <= a or a2 not in stems:
                continue
            fw2 = stems[a2]
            for pair2 in combinations(sorted(d for d in fw2 if d not in pair), 2):
                if _leaves([fw2[d] for d in pair2]) != (c, b):
                    continue
                rules = [(b, _dmask(pair + pair2)), (c, _dmask(pair + pair2)), (a, _dmask(pair)), (a2, _dmask(pair2))]
                elims = _keep_only(board, rules)
                if not elims:
                    continue
                p, q = pair
                r, s = pair2
                yield Step(
                    "fireworks", "Fireworks", eliminations=elims,
                    highlights=[Mark(x, d, "pivot" if x in (a, a2) else "wing") for x in (a, a2, b, c)
                                for d in pair + pair2 if cands[x] >> (d - 1) & 1]
                    + [Mark(x, d, "target") for x, d in elims],
                    text=(f"Quad Firework: {p} and {q} each lie in {cell_name(a)}, {cell_name(b)} or {cell_name(c)}, "
                          f"and {r} and {s} each in {cell_name(a2)}, {cell_name(b)} or {cell_name(c)}. "
                          f"{cell_name(a)} holds at most one of {p}, {q}, so the other is in {cell_name(b)} or "
                          f"{cell_name(c)}; the same for {r}, {s} with {cell_name(a2)}. So {cell_name(b)} and "
                          f"{cell_name(c)} take one digit of each pair, {cell_name(a)} is {p} or {q} and "
                          f"{cell_name(a2)} is {r} or {s}: remove the rest."),
                    extra={"kind": "quad", "digits": sorted(pair + pair2), "stems": [a, a2], "leaves": [b, c]},
                )


# ------------------------------------------------------------------- Tridagon
