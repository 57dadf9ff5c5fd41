"""Single-digit patterns: skyscraper, 2-string kite, turbot fish, empty rectangle and their duals.

All of them are short X-chains on one digit built from *strong links*
(conjugate pairs: a house where the digit has exactly two places). The
definitions follow HoDoKu:

- Skyscraper: two parallel lines with a strong link each; one end of each lies
  in the same cross line, the other two ends ("tops") do not (else X-Wing).
  One top is the digit, so cells seeing both tops lose it.
- 2-String Kite: a row strong link and a column strong link (each spanning two
  boxes) with one end of each in the same box (different cells). The cell
  at the crossing of the two free ends' row/column loses the digit.
- Turbot Fish: any strong link - weak link - strong link chain over four
  different cells (strong links in rows, columns or boxes).
- Empty Rectangle: the digit's places in a box all lie in one row and one
  column of the box (with places off the crossing in both). With a strong link
  in a column whose one end is in the ER row, the cell where the link's other
  row meets the ER column loses the digit (and row/column swapped).
  HoDoKu asks for at least three places in the box, and so do we by default;
  with only two the move is a disguised turbot fish. The option
  ``empty_rectangle_two_candidates`` (`options.Options`) is HoDoKu's
  ``allowErsWithOnlyTwoCandidates`` (reglib variant ``0402-1``); such steps
  carry ``extra["two_candidates"]``. Dual Empty Rectangles always use them, as
  HoDoKu's regression tester does.
- Dual 2-String Kite / Dual Empty Rectangle: two kites sharing their box cells,
  or two ERs in the same box, with different eliminations, shown as one step.

Skyscraper, 2-String Kite (and its dual) and Turbot Fish read the grid's tables
from ``board.geometry`` and run on 6x6 too; the Empty Rectangle's crossings are
written for 3x3 boxes and stay 9x9 only.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..board import Board
from ..geometry import (
    CELL_COL,
    CELL_ROW,
    HOUSE_MASK,
    cell_name,
    cells_name,
    house_name,
    iter_bits,
)
from ..step import Link, Mark, Step
from .options import DEFAULT, Options
from .registry import technique

FAMILY = "single-digit"


def strong_links(board: Board, digit: int, houses: Iterable[int] | None = None) -> list[tuple[int, int, int]]:
    """Conjugate pairs ``(house, a, b)`` (a < b) of ``digit`` in the given houses (default: all)."""
    dc = board.digit_cells[digit]
    out = []
    house_mask = board.geometry.house_mask
    for h in board.geometry.house_ids if houses is None else houses:
        pos = dc & house_mask[h]
        if pos.bit_count() == 2:
            low = pos & -pos
            out.append((h, low.bit_length() - 1, (pos ^ low).bit_length() - 1))
    return out


def _bit(c: int) -> int:
    return 1 << c


def _chain_links(cells: list[int], digit: int) -> list[Link]:
    """strong, weak, strong ... links along a single-digit chain of cells."""
    return [
        Link(_bit(a), digit, _bit(b), digit, strong=(i % 2 == 0))
        for i, (a, b) in enumerate(zip(cells, cells[1:]))
    ]


def _elims(mask: int, digit: int) -> list[tuple[int, int]]:
    return [(c, digit) for c in iter_bits(mask)]


def _chain_step(
    tid: str, name: str, digit: int, chain: list[int], targets: int, text: str, extra: dict[str, object]
) -> Step:
    """A step for a 4-cell single-digit chain ``end - base = base - end``."""
    marks = [Mark(chain[0], digit, "pincer"), Mark(chain[1], digit, "base"),
             Mark(chain[2], digit, "base"), Mark(chain[3], digit, "pincer")]
    marks += [Mark(c, digit, "target") for c in iter_bits(targets)]
    return Step(tid, name, eliminations=_elims(targets, digit), highlights=marks,
                links=_chain_links(chain, digit), text=text,
                extra={"digit": digit, "nodes": 4, "length": 3, **extra})


# --------------------------------------------------------------------- skyscraper
def _skyscrapers(board: Board) -> Iterator[Step]:
    g = board.geometry
    peer_mask = g.peer_mask
    for d in g.digits:
        dc = board.digit_cells[d]
        for lines, cross_of in ((g.rows, CELL_COL), (g.cols, CELL_ROW)):
            links = strong_links(board, d, lines)
            for i in range(len(links)):
                h1, a0, a1 = links[i]
                for j in range(i + 1, len(links)):
                    h2, b0, b1 = links[j]
                    if cross_of[a0] == cross_of[b0]:
                        base1, base2, top1, top2 = a0, b0, a1, b1
                    elif cross_of[a1] == cross_of[b1]:
                        base1, base2, top1, top2 = a1, b1, a0, b0
                    else:
                        continue
                    if cross_of[top1] == cross_of[top2]:
                        continue  # an X-Wing, not a skyscraper
                    targets = dc & peer_mask[top1] & peer_mask[top2]
                    if not targets:
                        continue
                    cross = (9 if cross_of is CELL_COL else 0) + cross_of[base1]
                    text = (
                        f"Skyscraper on {d} in {house_name(h1)} and {house_name(h2)}: in both, {d} has only "
                        f"two places, and {cell_name(base1)} and {cell_name(base2)} share {house_name(cross)}, "
                        f"so at most one of them is {d} and one of {cell_name(top1)}, {cell_name(top2)} is {d}; "
                        f"remove {d} from {cells_name(targets)}."
                    )
                    yield _chain_step("skyscraper", "Skyscraper", d, [top1, base1, base2, top2], targets, text,
                                      {"lines": [h1, h2]})


@technique("skyscraper", "Skyscraper", family=FAMILY, level=4.0, codes=("0400",), aliases=("sk",), sizes=(9, 6))
def skyscraper(board: Board) -> Iterator[Step]:
    """Two parallel strong links joined at one end: a top is true, so what sees both tops goes."""
    return _skyscrapers(board)


# ------------------------------------------------------------------ 2-string kite
def _kites(board: Board) -> list[Step]:
    out = []
    g = board.geometry
    cell_box = g.cell_box
    for d in g.digits:
        row_links = [x for x in strong_links(board, d, g.rows) if cell_box[x[1]] != cell_box[x[2]]]
        col_links = [x for x in strong_links(board, d, g.cols) if cell_box[x[1]] != cell_box[x[2]]]
        for hr, r0, r1 in row_links:
            for hc, c0, c1 in col_links:
                for rin, rout in ((r0, r1), (r1, r0)):
                    for cin, cout in ((c0, c1), (c1, c0)):
                        if cell_box[rin] != cell_box[cin]:
                            continue
                        if len({rin, rout, cin, cout}) != 4:
                            continue
                        target = CELL_ROW[cout] * 9 + CELL_COL[rout]
                        if not board.has_candidate(target, d):
                            continue
                        box = 18 + cell_box[rin]
                        text = (
                            f"2-String Kite on {d}: {d} has two places in {house_name(hr)} "
                            f"({cell_name(rin)}, {cell_name(rout)}) and in {house_name(hc)} "
                            f"({cell_name(cin)}, {cell_name(cout)}); {cell_name(rin)} and {cell_name(cin)} "
                            f"share {house_name(box)}, so one of {cell_name(rout)}, {cell_name(cout)} is {d}; "
                            f"remove {d} from {cell_name(target)}, which sees both."
                        )
                        out.append(_chain_step("2-string-kite", "2-String Kite", d, [rout, rin, cin, cout],
                                               _bit(target), text,
                                               {"row": hr, "column": hc, "box": box, "box_cells": sorted((rin, cin))}))
    return out


@technique("2-string-kite", "2-String Kite", family=FAMILY, level=4.1, codes=("0401",),
           aliases=("two string kite", "2sk", "kite"), sizes=(9, 6))
def two_string_kite(board: Board) -> Iterator[Step]:
    """A row and a column strong link meeting in a box: the crossing of their free ends loses the digit."""
    return iter(_kites(board))


def _duals(steps: list[Step], key: str, tid: str, name: str, shared: str, same_digit: bool) -> Iterator[Step]:
    """Pairs of steps with the same ``extra[key]`` but different eliminations, as one step.

    Each of the two is sound on its own; HoDoKu shows them together as one move.
    HoDoKu pairs kites by their box cells alone, so a dual kite may mix two digits.
    """
    for i in range(len(steps)):
        for j in range(i + 1, len(steps)):
            s1, s2 = steps[i], steps[j]
            if s1.extra[key] != s2.extra[key] or (same_digit and s1.extra["digit"] != s2.extra["digit"]):
                continue
            if s1.eliminations == s2.eliminations:
                continue
            d = str(s1.extra["digit"]) if s1.extra["digit"] == s2.extra["digit"] else \
                f"{s1.extra['digit']} and {s2.extra['digit']}"
            elims = sorted(set(s1.eliminations) | set(s2.eliminations))
            marks = list(dict.fromkeys(s1.highlights + s2.highlights))
            yield Step(
                tid, name, eliminations=elims, highlights=marks, links=s1.links + s2.links,
                text=f"{name} on {d}: {shared}. " + s1.text + " " + s2.text,
                extra={**s1.extra, "dual": True, "digits": sorted({s1.extra["digit"], s2.extra["digit"]})},
            )


@technique("dual-2-string-kite", "Dual 2-String Kite", family=FAMILY, level=4.11, codes=("0404",),
           aliases=("dual two string kite", "d2sk"), sizes=(9, 6))
def dual_two_string_kite(board: Board) -> Iterator[Step]:
    """Two 2-String Kites using the same two box cells, each with its own elimination."""
    yield from _duals(_kites(board), "box_cells", "dual-2-string-kite", "Dual 2-String Kite",
                      "two kites through the same two box cells", same_digit=False)


# ------------------------------------------------------------------ turbot fish
@technique("turbot-fish", "Turbot Fish", family=FAMILY, level=4.12, codes=("0403",), aliases=("tf",),
           sizes=(9, 6))
def turbot_fish(board: Board) -> Iterator[Step]:
    """Strong link, weak link, strong link on one digit over four cells: one end is the digit."""
    peer_mask = board.geometry.peer_mask
    for d in board.geometry.digits:
        dc = board.digit_cells[d]
        links = {(a, b): h for h, a, b in strong_links(board, d)}
        pairs = list(links)
        for i, p in enumerate(pairs):
            for q in pairs[i + 1:]:
                for a, b in (p, p[::-1]):
                    for c, e in (q, q[::-1]):
                        if len({a, b, c, e}) != 4 or not peer_mask[b] >> c & 1:
                            continue
                        targets = dc & peer_mask[a] & peer_mask[e]
                        if not targets:
                            continue
                        h1, h2 = links[p], links[q]
                        text = (
                            f"Turbot Fish on {d}: {cell_name(a)}={cell_name(b)} is a strong link in "
                            f"{house_name(h1)}, {cell_name(b)} sees {cell_name(c)}, and {cell_name(c)}="
                            f"{cell_name(e)} is a strong link in {house_name(h2)}; if {cell_name(a)} is not {d} "
                            f"then {cell_name(e)} is, so one of them is {d}; remove {d} from {cells_name(targets)}."
                        )
                        yield _chain_step("turbot-fish", "Turbot Fish", d, [a, b, c, e], targets, text,
                                          {"houses": [h1, h2]})


# -------------------------------------------------------------- empty rectangle
def _er_crosses(box: int) -> Iterator[tuple[int, int]]:
    """The nine (row, column) pairs crossing inside a box (house indices 0..8 / 9..17)."""
    b = box - 18
    for r in range(3 * (b // 3), 3 * (b // 3) + 3):
        for k in range(3 * (b % 3), 3 * (b % 3) + 3):
            yield r, 9 + k


def _empty_rectangles(board: Board, allow_two: bool) -> list[Step]:
    out = []
    for d in range(1, 10):
        dc = board.digit_cells[d]
        for box in range(18, 27):
            in_box = dc & HOUSE_MASK[box]
            n = in_box.bit_count()
            if n < 2 or n > 5:
                continue
            for row, col in _er_crosses(box):
                rowm, colm = HOUSE_MASK[row], HOUSE_MASK[col]
                if in_box & ~(rowm | colm):
                    continue
                row_part, col_part = in_box & rowm, in_box & colm
                if not row_part & ~colm or not col_part & ~rowm:
                    continue
                two = row_part.bit_count() < 2 and col_part.bit_count() < 2
                if two and not allow_two:
                    continue
                # A strong link in a column with one end in the ER row (then swapped roles).
                for line, other_line, link_kind in ((row, col, 9), (col, row, 0)):
                    for x in iter_bits(dc & HOUSE_MASK[line] & ~HOUSE_MASK[box]):
                        link_house = link_kind + (CELL_COL[x] if link_kind == 9 else CELL_ROW[x])
                        pair = dc & HOUSE_MASK[link_house]
                        if pair.bit_count() != 2:
                            continue
                        y = (pair & ~_bit(x)).bit_length() - 1
                        # the cell on y's line (parallel to the ER line) in the ER's other line
                        y_line = (CELL_ROW[y] if link_kind == 9 else 9 + CELL_COL[y])
                        target_mask = dc & HOUSE_MASK[y_line] & HOUSE_MASK[other_line] & ~HOUSE_MASK[box]
                        if not target_mask:
                            continue
                        target = target_mask.bit_length() - 1
                        text = (
                            f"Empty Rectangle on {d} in {house_name(box)}: there {d} lies only in "
                            f"{house_name(row)} and {house_name(col)} ({cells_name(in_box)}). "
                            f"{cell_name(x)}={cell_name(y)} is a strong link in {house_name(link_house)}. "
                            f"If {cell_name(target)} were {d}, the box's {d} would be in {house_name(line)}, "
                            f"ruling out {cell_name(x)}, so {cell_name(y)} would be {d} too in the same "
                            f"{'row' if link_kind == 9 else 'column'}; remove {d} from {cell_name(target)}."
                        )
                        marks = [Mark(box, -1, "house")]
                        marks += [Mark(c, d, "fin") for c in iter_bits(in_box)]
                        marks += [Mark(x, d, "base"), Mark(y, d, "base"), Mark(target, d, "target")]
                        out.append(Step(
                            "empty-rectangle", "Empty Rectangle", eliminations=[(target, d)], highlights=marks,
                            links=[Link(in_box & HOUSE_MASK[line], d, _bit(x), d, strong=False),
                                   Link(_bit(x), d, _bit(y), d, strong=True)],
                            text=text,
                            extra={"digit": d, "box": box, "er_row": row, "er_col": col,
                                   "two_candidates": two},
                        ))
    return out


@technique("empty-rectangle", "Empty Rectangle", family=FAMILY, level=4.13, codes=("0402",),
           aliases=("er", "empty rectangles"), options=("empty_rectangle_two_candidates",))
def empty_rectangle(board: Board, options: Options = DEFAULT) -> Iterator[Step]:
    """A box whose digit lies on a cross, plus a strong link: the cell closing the rectangle loses it."""
    return iter(_empty_rectangles(board, options.empty_rectangle_two_candidates))


@technique("dual-empty-rectangle", "Dual Empty Rectangle", family=FAMILY, level=4.14, codes=("0405",),
           aliases=("der",))
def dual_empty_rectangle(board: Board) -> Iterator[Step]:
    """Two Empty Rectangles in the same box with different eliminations."""
    yield from _duals(_empty_rectangles(board, allow_two=True), "box", "dual-empty-rectangle", "Dual Empty Rectangle",
                      "two Empty Rectangles in the same box", same_digit=True)
