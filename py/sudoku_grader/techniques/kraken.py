"""Kraken Fish, types 1 and 2 (HoDoKu's definitions, codes 0371 and 0372).

A finned fish whose fins do not all see a candidate can still remove it when chains show that
every fin removes it. For one digit d, n base rows (or columns) whose candidates lie in n cover
columns (rows), apart from the *fins*:

- Type 1: a candidate d in a cover line outside the base lines is false if the fish holds (no
  fin is d); if every fin being d also removes it, by an alternating chain, it is false.
- Type 2: if no fin is d, each cover line holds d in one of its base cells. So for one cover
  line, one of its base candidates or one of the fins is true; a candidate (any digit) that
  each of them removes by a chain is false.

The chains are the grouped alternating chains of the forcing-chain techniques (`forcing`):
a false node makes its strong partner true, a true node makes its weak partners false. As
HoDoKu's defaults (options maxKrakenFins 2, krakenMaxFishSize 4), fish have two to four base
lines and at most two fins; we search row and column fish (HoDoKu also allows Franken shapes).
Eliminations that every fin sees directly are the finned fish's own and are left to it. HoDoKu
prices both types at 500 (Extreme) and leaves them off by default; so do we.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..board import Board
from ..chains.graph import CAND_BITS, cand_id, cand_of
from ..geometry import PEER_MASK, cell_name, iter_bits
from ..step import Step
from .fish import cells_text, houses_text
from .forcing import _chain_step, _Chains
from .registry import technique

MAX_FINS = 2
MAX_SIZE = 4
_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


def _fish(board: Board) -> Iterator[tuple[int, tuple[int, ...], tuple[int, ...], int, int, int]]:
    """(digit, base houses, cover houses, base cells, fins, cover-only cells) of every finned row/column fish."""
    for d in range(1, 10):
        dc = board.digit_cells[d]
        for by_rows in (True, False):
            def cell(line: int, cross: int, rows: bool = by_rows) -> int:
                return line * 9 + cross if rows else cross * 9 + line

            lines = [sum(1 << j for j in range(9) if dc >> cell(i, j) & 1) for i in range(9)]
            cross_lines = [sum(1 << i for i in range(9) if dc >> cell(i, j) & 1) for j in range(9)]
            live = [i for i in range(9) if lines[i]]
            for size in range(2, MAX_SIZE + 1):
                for base in combinations(live, size):
                    union = 0
                    for i in base:
                        union |= lines[i]
                    cols = [j for j in range(9) if union >> j & 1]
                    if len(cols) <= size:
                        continue  # a plain fish (or a broken position): nothing for a kraken to add
                    for cover in combinations(cols, size):
                        cmask = sum(1 << j for j in cover)
                        fins = bcells = 0
                        for i in base:
                            for j in range(9):
                                if lines[i] >> j & 1:
                                    bcells |= 1 << cell(i, j)
                                    if not cmask >> j & 1:
                                        fins |= 1 << cell(i, j)
                        if not 0 < fins.bit_count() <= MAX_FINS:
                            continue
                        bset = sum(1 << i for i in base)
                        outside = 0
                        for j in cover:
                            for i in range(9):
                                if cross_lines[j] >> i & 1 and not bset >> i & 1:
                                    outside |= 1 << cell(i, j)
                        off_b, off_c = (0, 9) if by_rows else (9, 0)
                        yield (d, tuple(off_b + i for i in base), tuple(off_c + j for j in cover), bcells, fins,
                               outside)


def _fish_text(d: int, base: tuple[int, ...], cover: tuple[int, ...], fins: int) -> str:
    return (f"Finned {_NAMES[len(base)]} on {d} in {houses_text(base)} covered by {houses_text(cover)}, "
            f"fin{'s' if fins.bit_count() > 1 else ''} {cells_text(fins)}")


def kraken_steps(board: Board, kind: int) -> Iterator[Step]:
    """Every Kraken Fish of ``kind`` (1 or 2); one step per fish and cover line (type 2) with its removals."""
    ch = _Chains(board)
    seen: set[tuple[object, ...]] = set()
    for d, base, cover, bcells, fins, outside in _fish(board):
        fin_nodes = [cand_id(c, d) for c in iter_bits(fins)]
        if kind == 1:
            seeing_all = outside
            for c in iter_bits(fins):
                seeing_all &= PEER_MASK[c]
            common = CAND_BITS
            for n in fin_nodes:
                common &= ch.reach(n, True).off
            elims = [(c, d) for c in iter_bits(outside & ~seeing_all) if common >> cand_id(c, d) & 1]
            if not elims:
                continue
            key: tuple[object, ...] = (1, d, tuple(elims), fins)
            if key in seen:
                continue
            seen.add(key)
            branches = [(n, True, cand_id(c, e), False) for c, e in elims for n in fin_nodes]
            sentence = (f"Kraken Fish type 1: {_fish_text(d, base, cover, fins)}. Without a fin the fish removes "
                        f"{d} from {cells_text(sum(1 << c for c, _ in elims))}; each fin removes it too, by a chain.")
            step = _chain_step("kraken-fish-type-1", "Kraken Fish Type 1", ch, branches, [], elims, sentence,
                               "kraken")
            step.extra.update(_fish_extra(d, base, cover, fins))
            yield step
        else:
            for h in cover:
                in_cover = [c for c in iter_bits(bcells & ~fins) if _in_house(c, h)]
                premises = [cand_id(c, d) for c in in_cover] + fin_nodes
                common = CAND_BITS & ch.g.present
                for n in premises:
                    common &= ch.reach(n, True).off
                    if not common:
                        break
                for n in premises:
                    common &= ~(1 << n)
                elims = sorted(cand_of(x) for x in iter_bits(common))
                if not elims:
                    continue
                key = (2, tuple(elims), tuple(sorted(premises)))
                if key in seen:
                    continue
                seen.add(key)
                branches = [(n, True, cand_id(c, e), False) for c, e in elims for n in premises]
                sentence = (f"Kraken Fish type 2: {_fish_text(d, base, cover, fins)}. Without a fin, {d} in "
                            f"{houses_text((h,))} is in {cells_text(sum(1 << c for c in in_cover))}; so one of "
                            f"those or a fin is {d}, and each of them removes "
                            f"{', '.join(f'{cell_name(c)}<>{e}' for c, e in elims)} by a chain.")
                step = _chain_step("kraken-fish-type-2", "Kraken Fish Type 2", ch, branches, [], elims, sentence,
                                   "kraken")
                step.extra.update(_fish_extra(d, base, cover, fins), cover_line=h)
                yield step


def _fish_extra(d: int, base: tuple[int, ...], cover: tuple[int, ...], fins: int) -> dict:
    return {"digit": d, "base": list(base), "cover": list(cover), "fins": list(iter_bits(fins))}


def _in_house(cell: int, house: int) -> bool:
    return (cell // 9 == house) if house < 9 else (cell % 9 == house - 9)


@technique("kraken-fish-type-1", "Kraken Fish Type 1", family="fish", level=8.05, codes=("0371",),
           aliases=("Kraken Fish", "KF1"), default=False)
def kraken_fish_type_1(board: Board) -> Iterator[Step]:
    """A finned fish's cover candidate that every fin also removes, by chains."""
    return kraken_steps(board, 1)


@technique("kraken-fish-type-2", "Kraken Fish Type 2", family="fish", level=8.05, codes=("0372",),
           aliases=("KF2",), default=False)
def kraken_fish_type_2(board: Board) -> Iterator[Step]:
    """A candidate that every base candidate of one cover line and every fin removes, by chains."""
    return kraken_steps(board, 2)
