"""Fish: basic, finned, sashimi, Franken and mutant fish of size 2 to 4, big fish, and Siamese fish.

HoDoKu's definition, for one digit:

- n *base* houses and n *cover* houses (no house in both). Every candidate of the
  digit in the base houses lies in some cover house, except the *fins*: *exo fins*
  (base candidates in no cover house) and *endo fins* (candidates in two base
  houses, which alone could satisfy two base houses at once).
- If no fin is true, the n base houses take n different cells that all lie in
  the cover houses, one per cover house; so a cover candidate outside the base
  houses is false, and so is a base candidate in two cover houses (*cannibalism*).
  With fins, the conclusion holds only for candidates that also see every fin.
- *Basic*: rows cover columns (or columns cover rows). *Franken*: rows and
  boxes cover columns and boxes (or the transpose). *Mutant*: anything else.
  A finned basic fish is *sashimi* when a base row without its fins holds at
  most one candidate (the fish without fins would be degenerate).
- Every cover house must hold a base candidate that no other cover house
  holds; otherwise the fish is degenerate (it could not hold without a fin).
- *Big fish* (HoDoKu's names and codes): Squirmbag (5), Whale (6) and Leviathan (7), basic,
  finned and sashimi, and the finned mutant Squirmbag and Whale. A basic big fish always has a
  complement of size 4 or less in the other direction with the same eliminations (the lines
  left over), so only its finned forms can add anything; they are found like the small ones.
- *Siamese* fish (HoDoKu with "allow Siamese"): two finned fish on the same digit
  and base houses with different eliminations, shown as one step with the union
  of the eliminations. Each finned-fish finder also yields these.

Search, per digit on the 81-bit mask of its candidates: base houses are
combined in index order (overlaps become endo fins, at most 2); for a base set,
the covers are found by taking the lowest base cell not yet covered and trying
each cover house through it, or making it a fin (at most 5, HoDoKu's limits),
with pruning as soon as the fins have no common peer with a candidate. Results
are cached per (candidates, size, shape) so the several finders of one family
share one search.

On 6x6 (`Geometry` from the board) the X-Wing and Swordfish, plain, finned and
sashimi, run through the same general search over that grid's rows and columns.
A Jellyfish there (4 of 6 lines) is always the complement of an X-Wing, and the
Franken, mutant and big fish stay 9x9 only.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from ..board import Board
from ..geometry import (
    BOXES,
    COLS,
    GEOMETRIES,
    HOUSE_MASK,
    ROWS,
    STANDARD,
    Geometry,
    cell_name,
    cells_name,
    iter_bits,
)
from ..step import Mark, Step
from .registry import technique

MAX_FINS = 5  # HoDoKu's default limits for "all steps"
MAX_ENDO_FINS = 2
ALL = (1 << 81) - 1

SIZE_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish", 5: "Squirmbag", 6: "Whale", 7: "Leviathan"}
SIZE_IDS = {2: "x-wing", 3: "swordfish", 4: "jellyfish", 5: "squirmbag", 6: "whale", 7: "leviathan"}
BIG = 7  # the largest fish searched

# (base pool, cover pool) per search shape; each pair also runs transposed.
_LINES_BOXES_R = ROWS + BOXES
_LINES_BOXES_C = COLS + BOXES
_ALL_HOUSES = tuple(range(27))


class Fish(NamedTuple):
    """One fish for one digit: houses, fins and the candidates it removes (cell masks)."""

    base: tuple[int, ...]
    cover: tuple[int, ...]
    fins: int  # exo fins
    endo: int  # endo fins
    targets: int  # cells that lose the digit
    base_cells: int  # every base candidate


def _search(cands: int, size: int, base_pool: tuple[int, ...], cover_pool: tuple[int, ...],
            finned: bool, only: str = "", g: Geometry = STANDARD) -> list[Fish]:
    """Every fish of ``size`` with bases from ``base_pool`` and covers from ``cover_pool``.

    ``cands`` is the digit's candidate mask. Without ``finned``, only fish
    without fins (exo or endo) are searched. ``only`` ("franken" or "mutant")
    skips cover sets that would make the fish of a simpler shape. ``g`` is the grid.
    """
    house_mask, cell_houses, peer_mask = g.house_mask, g.cell_houses, g.peer_mask
    outside = g.house_outside  # per house, the other cells: one AND removes a house
    max_fins = MAX_FINS if finned else 0
    max_endo = MAX_ENDO_FINS if finned else 0
    not_cover = (1 << 27) - 1  # houses outside the cover pool, as bits
    for h in cover_pool:
        not_cover &= ~(1 << h)
    bases = [(h, cands & house_mask[h]) for h in base_pool if cands & house_mask[h]]
    out: list[Fish] = []
    nb = len(bases)

    # each house's candidates of the digit, once per search (not once per cover house tried)
    house_cands = [m & cands for m in house_mask]

    def cover_search(base: tuple[int, ...], bcells: int, endo: int, fin_peers: int) -> None:
        # houses that cannot be covers (base houses, houses outside the pool), as bits
        barred = not_cover
        for h in base:
            barred |= 1 << h
        plain = bcells & ~endo  # base cells that need a cover house or must be fins
        # cover houses that could take base cells, with the base cells they take
        avail = [house_mask[h] & plain for h in cover_pool if not barred >> h & 1]
        best = sorted((m.bit_count() for m in avail if m), reverse=True)
        if sum(best[:size]) + max_fins < plain.bit_count():
            return
        required = _required_kinds(base, only)  # kinds of house (bits 1/2/4) the covers must include
        outside_base = ~bcells

        def step(chosen: list[int], covered: int, twice: int, fins: int, nfins: int, peers: int,
                 forbidden: int, missing: int, need: int) -> None:
            # need: the base cells neither covered nor fins yet (plain & ~covered & ~fins);
            # at least one cover house is still to choose
            left = size - len(chosen)
            if _POP3[missing] > left:
                return
            if not need:
                return  # covered with fewer houses than `size`: not a fish of this size
            low = need & -need
            cell = low.bit_length() - 1
            for h in cell_houses[cell]:
                if forbidden >> h & 1:
                    continue
                kind = 1 << (h // 9)
                if _POP3[missing & ~kind] >= left:
                    continue  # the other slots could not take the kinds still missing
                hm = house_cands[h]
                if left > 1:
                    chosen.append(h)
                    step(chosen, covered | hm, twice | (covered & hm), fins, nfins, peers, forbidden,
                         missing & ~kind, need & outside[h])
                    chosen.pop()
                    forbidden |= 1 << h
                    continue
                forbidden |= 1 << h
                # h completes a cover set, checked here rather than in a call of its own (most
                # sets fail; the cheap tests come first, each an operation on 81-bit ints)
                rest = need & outside[h]  # the base cells left uncovered: fins
                all_fins = fins | endo
                p = peers
                if rest:
                    if nfins + rest.bit_count() > max_fins:
                        continue
                    all_fins |= rest
                    for c in iter_bits(rest):
                        p &= peer_mask[c]
                cov = covered | hm
                tw = twice | (covered & hm)
                # cov and tw lie in the digit's candidates
                targets = (cov & outside_base) | (tw & bcells)
                if all_fins:
                    targets &= p & ~all_fins
                if not targets:
                    continue
                once = plain & cov & ~tw
                if not hm & once:
                    continue  # a cover house that takes no base cell of its own is redundant
                for x in chosen:
                    if not house_cands[x] & once:
                        break
                else:
                    out.append(Fish(base, tuple(sorted([*chosen, h])), fins | rest, endo, targets, bcells))
            # or the cell is a fin
            if nfins < max_fins:
                p = peers & peer_mask[cell]
                if p & cands:
                    for h in cell_houses[cell]:
                        forbidden |= 1 << h
                    step(chosen, covered, twice, fins | low, nfins + 1, p, forbidden, missing, need ^ low)

        step([], 0, 0, 0, 0, fin_peers, barred, required, plain)

    def base_search(start: int, chosen: list[int], bcells: int, endo: int, peers: int) -> None:
        if len(chosen) == size:
            cover_search(tuple(chosen), bcells, endo, peers)
            return
        for i in range(start, nb - (size - len(chosen)) + 1):
            h, hm = bases[i]
            new_endo = endo | (bcells & hm)
            if new_endo != endo:
                if new_endo.bit_count() > max_endo:
                    continue
                p = peers
                for c in iter_bits(new_endo & ~endo):
                    p &= peer_mask[c]
                if not p & cands:
                    continue
            else:
                p = peers
            chosen.append(h)
            base_search(i + 1, chosen, bcells | hm, new_endo, p)
            chosen.pop()

    base_search(0, [], 0, 0, ALL)
    return out


_POP3 = (0, 1, 1, 2, 1, 2, 2, 3)


def _required_kinds(base: tuple[int, ...], only: str) -> int:
    """House kinds (bit 1 row, 2 column, 4 box) the covers must include for the fish to be
    Franken (``only="franken"``: some box) or mutant (not a basic or Franken shape)."""
    kinds = 0
    for h in base:
        kinds |= 1 << (h // 9)
    if only == "franken":
        return 0 if kinds & 4 else 4
    if only == "mutant":
        if kinds & 3 == 3:
            return 0  # rows and columns among the bases: mutant whatever the covers
        if kinds & 1:
            return 1  # rows (and boxes) need a row among the covers
        if kinds & 2:
            return 2
        return 3  # boxes only: covers need a row and a column
    return 0


_STACK_MASK9 = (0b000000111, 0b000111000, 0b111000000)  # three lines of a band/stack, as a 9-bit mask
_BITS9 = tuple(tuple(j for j in range(9) if m >> j & 1) for m in range(512))
_POP9 = tuple(bin(m).count("1") for m in range(512))


def _basic_search(cands: int, size: int) -> list[Fish]:
    """Basic fish of ``size`` (plain, finned and sashimi) for a digit's candidate mask."""
    return _basic_all(cands, 4 if size <= 4 else BIG)[size - 2]


@lru_cache(maxsize=1024)
def _basic_all(cands: int, top: int = 4) -> tuple[list[Fish], ...]:
    """Basic fish of sizes 2 to ``top``, finned and sashimi included, by 9-bit masks (the fast path).

    A plain fish: n base lines whose candidates lie in n cross lines. A finned
    fish: the eliminations must see every fin from a cover line, which only a
    box allows, so all fins lie in one box (band b, stack s). Then every base
    candidate outside that box lies in a cover line: the base lines' candidates,
    leaving out the box's part of the lines in band b, span at most n cross
    lines. So per box the search is as cheap as a plain fish search. Same
    results as the general search (a test checks this).
    """
    out: tuple[list[Fish], ...] = tuple([] for _ in range(2, top + 1))
    row_bits = [(cands >> (9 * r)) & 0x1FF for r in range(9)]
    col_bits = [0] * 9
    for r, bits in enumerate(row_bits):
        for c in _BITS9[bits]:
            col_bits[c] |= 1 << r
    for by_rows in (True, False):
        lines, cross = (row_bits, col_bits) if by_rows else (col_bits, row_bits)
        for box in range(-1, 9):  # -1: no fins
            if box < 0:
                eff = lines
                band = stack = 0
            else:
                if not cands & HOUSE_MASK[18 + box]:
                    continue  # the fins would be in this box
                band, stack = divmod(box, 3) if by_rows else (box % 3, box // 3)
                smask = _STACK_MASK9[stack]
                eff = [m & ~smask if i // 3 == band else m for i, m in enumerate(lines)]
            used = [i for i in range(9) if lines[i] and _POP9[eff[i]] <= top]
            # grow line sets one line at a time, keeping those that span at most `top` cross lines
            # outside the fin box; `full` also counts the box's part
            level: list[tuple[tuple[int, ...], int, int]] = [((i,), eff[i], lines[i]) for i in used]
            for size in range(2, top + 1):
                level = [(combo + (i,), u | eff[i], f | lines[i]) for combo, u, f in level for i in used
                         if i > combo[-1] and _POP9[u | eff[i]] <= top]
                sink = out[size - 2]
                for combo, core, full in level:
                    spare = size - _POP9[core]
                    if spare < 0:
                        continue
                    if box < 0:
                        _plain_fish(combo, size, lines, cross, by_rows, sink)
                    elif _POP9[full & ~core] > spare:  # some box line is left out: there are fins
                        _finned_fish(combo, size, lines, cross, core, by_rows, band, stack, sink)
    return out


def _plain_fish(combo: tuple[int, ...], size: int, lines: list[int], cross: list[int], by_rows: bool,
                out: list[Fish]) -> None:
    union = base_set = 0
    for i in combo:
        union |= lines[i]
        base_set |= 1 << i
    if _POP9[union] != size:
        return  # fewer cross lines than base lines: not a fish (the puzzle is broken)
    targets = 0
    cell = _CELL[by_rows]
    for j in _BITS9[union]:
        for i in _BITS9[cross[j] & ~base_set]:
            targets |= cell[i][j]
    if targets:
        out.append(_make_basic(combo, union, 0, targets, by_rows, lines))


def _finned_fish(combo: tuple[int, ...], size: int, lines: list[int], cross: list[int], core: int, by_rows: bool,
                 band: int, stack: int, out: list[Fish]) -> None:
    """Finned fish on ``combo`` with every fin in the box (band, stack)."""
    union = base_set = 0
    for i in combo:
        union |= lines[i]
        base_set |= 1 << i
    smask = _STACK_MASK9[stack]
    bmask = _STACK_MASK9[band]
    optional = union & smask & ~core  # cross lines of the box that may be covers or hold fins
    need = size - _POP9[core]
    if need < 0 or _POP9[optional] < need:
        return
    cell = _CELL[by_rows]
    for extra in combinations(_BITS9[optional], need):
        covers = core
        for j in extra:
            covers |= 1 << j
        left_out = union & ~covers
        if not left_out:
            continue  # no fins: the plain fish
        fins = 0
        for i in combo:
            for j in _BITS9[lines[i] & left_out]:
                fins |= cell[i][j]
        if fins.bit_count() > MAX_FINS:
            continue
        targets = 0
        for j in _BITS9[covers & smask]:
            for i in _BITS9[cross[j] & bmask & ~base_set]:
                targets |= cell[i][j]
        if targets:
            out.append(_make_basic(combo, covers, fins, targets, by_rows, lines))


# _CELL[by_rows][i][j]: bit of the cell on base line i at cross position j
_CELL = (
    tuple(tuple(1 << (9 * j + i) for j in range(9)) for i in range(9)),
    tuple(tuple(1 << (9 * i + j) for j in range(9)) for i in range(9)),
)


def _make_basic(combo: tuple[int, ...], covers: int, fins: int, targets: int, by_rows: bool, lines: list[int]) -> Fish:
    base_cells = 0
    for i in combo:
        for j in _BITS9[lines[i]]:
            base_cells |= _CELL[by_rows][i][j]
    base_off, cover_off = (0, 9) if by_rows else (9, 0)
    return Fish(tuple(base_off + i for i in combo), tuple(cover_off + j for j in _BITS9[covers]),
                fins, 0, targets, base_cells)


# Keyed by one digit's candidates: along a solve path most digits do not change
# from step to step, so their fish are looked up, not searched again.
@lru_cache(maxsize=4096)
def _fish_for(cands: int, size: int, shape: str, grid: int = 9) -> tuple[Fish, ...]:
    """All fish of one shape ('basic', 'franken', 'mutant') for a candidate mask, classified
    (``grid``: the grid's size, 9 or 6; on 6x6 only basic fish are asked for)."""
    found: list[Fish] = []
    if grid != 9:
        g = GEOMETRIES[grid]
        for bp, cp in ((g.rows, g.cols), (g.cols, g.rows)):
            found += _search(cands, size, bp, cp, True, g=g)
        return tuple(found)
    if shape == "basic":
        found = _basic_search(cands, size)
    elif shape == "franken":
        for bp, cp in ((_LINES_BOXES_R, _LINES_BOXES_C), (_LINES_BOXES_C, _LINES_BOXES_R)):
            found += [f for f in _search(cands, size, bp, cp, True, "franken") if _shape(f) == "franken"]
    else:
        seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
        for f in _search(cands, size, _ALL_HOUSES, _ALL_HOUSES, True, "mutant"):
            if _shape(f) == "mutant" and (f.base, f.cover) not in seen:
                seen.add((f.base, f.cover))
                found.append(f)
    return tuple(found)


def _shape(f: Fish) -> str:
    kinds_b = {h // 9 for h in f.base}
    kinds_c = {h // 9 for h in f.cover}
    if (kinds_b, kinds_c) in (({0}, {1}), ({1}, {0})):
        return "basic"
    if (kinds_b <= {0, 2} and kinds_c <= {1, 2}) or (kinds_b <= {1, 2} and kinds_c <= {0, 2}):
        return "franken"
    return "mutant"


def _is_sashimi(f: Fish) -> bool:
    # the base houses here are rows or columns, whose masks are the same on every grid
    all_fins = f.fins | f.endo
    return any((f.base_cells & HOUSE_MASK[h] & ~all_fins).bit_count() <= 1 for h in f.base)


def _variant(f: Fish, shape: str) -> str:
    """'' (no fins), 'finned' or 'sashimi'."""
    if not (f.fins | f.endo):
        return ""
    if shape == "basic" and _is_sashimi(f):
        return "sashimi"
    return "finned"


def _tech_id(shape: str, variant: str, size: int) -> str:
    parts = [variant] if variant else []
    if shape != "basic":
        parts.append(shape)
    parts.append(SIZE_IDS[size])
    return "-".join(parts)


def _tech_name(shape: str, variant: str, size: int) -> str:
    parts = [variant.capitalize()] if variant else []
    if shape != "basic":
        parts.append(shape.capitalize())
    parts.append(SIZE_NAMES[size])
    return " ".join(parts)


# ----------------------------------------------------------------- explanations
_KIND_WORD = ("row", "column", "box")


def houses_text(houses: tuple[int, ...] | list[int]) -> str:
    """``rows 2 and 7``; ``row 1, box 5 and column 3`` when kinds mix."""
    hs = sorted(houses)
    kinds = {h // 9 for h in hs}
    if len(kinds) == 1:
        k = hs[0] // 9
        nums = [str(h % 9 + 1) for h in hs]
        word = _KIND_WORD[k] + ("es" if k == 2 else "s") if len(hs) > 1 else _KIND_WORD[k]
        return f"{word} {_and_list(nums)}"
    return _and_list([f"{_KIND_WORD[h // 9]} {h % 9 + 1}" for h in hs])


def _and_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def cells_text(mask: int) -> str:
    """``r4c3 and r5c8``; a compact block name (``r1c123``) when there are many."""
    cells = [cell_name(c) for c in iter_bits(mask)]
    if len(cells) > 5:
        return cells_name(mask)
    return _and_list(cells)


def _step(f: Fish, digit: int, size: int, shape: str, variant: str, siamese: list[Fish] | None = None) -> Step:
    parts = siamese or [f]
    targets = fins = endo = 0
    covers: list[int] = []
    for p in parts:
        targets |= p.targets
        fins |= p.fins
        endo |= p.endo
        covers += [h for h in p.cover if h not in covers]
    name = ("Siamese " if siamese else "") + _tech_name(shape, variant, size)
    all_fins = fins | endo
    marks: list[Mark] = [Mark(h, -1, "base") for h in f.base]
    marks += [Mark(h, -1, "cover") for h in covers]
    marks += [Mark(c, digit, "base") for c in iter_bits(f.base_cells & ~all_fins)]
    marks += [Mark(c, digit, "fin") for c in iter_bits(fins)]
    marks += [Mark(c, digit, "endo-fin") for c in iter_bits(endo)]
    marks += [Mark(c, digit, "target") for c in iter_bits(targets)]
    d = digit
    base_t = houses_text(f.base)
    if not all_fins:
        cover_t = houses_text(f.cover)
        both = "both" if size == 2 else f"all {size}"
        noun = _KIND_WORD[f.base[0] // 9] + "s" if shape == "basic" else "houses"
        text = (f"{name} on {d} in {base_t}: in {both} {noun} {d} can only be in {cover_t}, "
                f"so {d} is in {cover_t} within {base_t}; "
                f"remove {d} from {cells_text(targets)}.")
    elif siamese:
        text = (f"{name} on {d} in {base_t}: two finned fish share these base houses. "
                + " ".join(_finned_sentence(p, d)[0].upper() + _finned_sentence(p, d)[1:] for p in parts)
                + f" Together: remove {d} from {cells_text(targets)}.")
    else:
        text = f"{name} on {d} in {base_t}: {_finned_sentence(f, d)} Remove {d} from {cells_text(targets)}."
    cannibal = targets & f.base_cells
    if cannibal:
        text += (f" ({cells_text(cannibal)} lies in two cover houses: a {d} there would fill two cover houses "
                 f"at once, leaving too few for the base houses.)")
    extra = {
        "digit": d, "size": size, "kind": variant or shape, "shape": shape, "finned": bool(all_fins),
        "sashimi": variant == "sashimi", "base": list(f.base), "cover": covers,
        "fins": list(iter_bits(fins)), "endo_fins": list(iter_bits(endo)),
        "fin_count": all_fins.bit_count(), "siamese": bool(siamese),
    }
    elims = [(c, d) for c in iter_bits(targets)]
    return Step(_tech_id(shape, variant, size), name, eliminations=elims, highlights=marks, text=text, extra=extra)


def _finned_sentence(f: Fish, d: int) -> str:
    """Why a finned fish removes its targets: either a fin is the digit, or the fish holds."""
    named = []
    if f.fins:
        named.append(f"fin{'s' if f.fins.bit_count() > 1 else ''} {cells_text(f.fins)}")
    if f.endo:
        named.append(f"endo fin{'s' if f.endo.bit_count() > 1 else ''} {cells_text(f.endo)}"
                     f" (in two base houses)")
    fins_t = " and ".join(named)
    cover_t = houses_text(f.cover)
    one = f.targets.bit_count() == 1
    return (f"apart from the {fins_t}, {d} can only be in {cover_t}, so either a fin is {d} or {d} is in "
            f"{cover_t} within the base houses. {cells_text(f.targets)} {'is' if one else 'are'} in "
            f"{'a cover house' if one else 'cover houses'} and {'sees' if one else 'see'} "
            f"every fin, so {'it is' if one else 'they are'} not {d} "
            f"either way.")


# ----------------------------------------------------------------- finders
def fish_steps(board: Board, size: int, shape: str, variant: str, siamese: bool = True) -> Iterator[Step]:
    """Every fish of one technique (shape + variant + size); with ``siamese`` also the
    Siamese combinations that involve at least one fish of this technique."""
    g = board.geometry
    for d in g.digits:
        cands = board.digit_cells[d]
        if not cands:
            continue
        found = _fish_for(cands, size, shape, g.size)
        mine = [f for f in found if _variant(f, shape) == variant]
        for f in mine:
            yield _step(f, d, size, shape, variant)
        if siamese and variant:
            yield from _siamese(found, d, size, shape, variant)


def _siamese(found: tuple[Fish, ...], d: int, size: int, shape: str, variant: str) -> Iterator[Step]:
    finned = [f for f in found if f.fins | f.endo]
    for i, a in enumerate(finned):
        for b in finned[i + 1:]:
            if a.base != b.base or a.targets == b.targets or a.targets & ~b.targets == 0 \
                    or b.targets & ~a.targets == 0:
                continue
            va, vb = _variant(a, shape), _variant(b, shape)
            if variant not in (va, vb):
                continue
            first = a if va == variant else b
            yield _step(first, d, size, shape, variant, siamese=[a, b] if first is a else [b, a])


def _register(size: int, shape: str, variant: str, level: float, code: str, aliases: tuple[str, ...] = (),
              default: bool | None = None) -> None:
    # X-Wing and Swordfish, plain, finned and sashimi, also run on 6x6 (see the module docstring)
    sizes = (9, 6) if shape == "basic" and size <= 3 else (9,)
    tid = _tech_id(shape, variant, size)

    def find(board: Board) -> Iterator[Step]:
        return fish_steps(board, size, shape, variant)

    find.__doc__ = f"{_tech_name(shape, variant, size)} (HoDoKu {code})."
    find.__name__ = tid.replace("-", "_")
    technique(tid, _tech_name(shape, variant, size), family="fish", level=level, codes=(code,),
              aliases=aliases, default=shape == "basic" if default is None else default, sizes=sizes)(find)


# Levels: SE ratings where SE has the technique (X-Wing 3.2, Swordfish 3.8,
# Jellyfish 5.2); otherwise HoDoKu's order: finned/sashimi fish after the
# uniqueness tests and before the chains, Franken and mutant fish after ALS.
# Franken and mutant fish are off the default path (HoDoKu's defaults also leave most of them
# out): a search costs 40 ms (Franken X-Wing) to 3 s (mutant Jellyfish) per position, against
# about 1 ms for a basic fish, and the chains that follow find the same eliminations. They
# stay available by name, and the HoDoKu scale runs them where HoDoKu's own order has them.
_register(2, "basic", "", 3.2, "0300", ("xwing", "bf2"))
_register(3, "basic", "", 3.8, "0301", ("bf3",))
_register(4, "basic", "", 5.2, "0302", ("bf4",))
_register(2, "basic", "finned", 4.8, "0310", ("fbf2",))
_register(3, "basic", "finned", 4.9, "0311", ("fbf3",))
_register(4, "basic", "finned", 5.3, "0312", ("fbf4",))
_register(2, "basic", "sashimi", 4.85, "0320", ("sbf2",))
_register(3, "basic", "sashimi", 4.95, "0321", ("sbf3",))
_register(4, "basic", "sashimi", 5.35, "0322", ("sbf4",))
_register(2, "franken", "", 6.8, "0330", ("ff2",))
_register(3, "franken", "", 6.82, "0331", ("ff3",))
_register(4, "franken", "", 6.84, "0332", ("ff4",))
_register(2, "franken", "finned", 6.86, "0340", ("fff2",))
_register(3, "franken", "finned", 6.88, "0341", ("fff3",))
_register(4, "franken", "finned", 6.9, "0342", ("fff4",))
_register(2, "mutant", "", 7.0, "0350", ("mf2",))
_register(3, "mutant", "", 7.02, "0351", ("mf3",))
_register(4, "mutant", "", 7.04, "0352", ("mf4",))
_register(2, "mutant", "finned", 7.06, "0360", ("fmf2",))
_register(3, "mutant", "finned", 7.08, "0361", ("fmf3",))
_register(4, "mutant", "finned", 7.1, "0362", ("fmf4",))
# Big fish, HoDoKu's codes. Basic ones never add to a path (a smaller fish in the other direction
# has the same eliminations, and comes first), so they stay off the default path with the finned
# and sashimi ones, which cost more than they find there; all are available by name. The finned
# mutant Squirmbag and Whale (reglib 0363, 0364) take seconds per position.
_register(5, "basic", "", 5.21, "0303", ("bf5", "starfish"), default=False)
_register(6, "basic", "", 5.22, "0304", ("bf6",), default=False)
_register(7, "basic", "", 5.23, "0305", ("bf7",), default=False)
_register(5, "basic", "finned", 5.36, "0313", ("fbf5",), default=False)
_register(6, "basic", "finned", 5.37, "0314", ("fbf6",), default=False)
_register(7, "basic", "finned", 5.38, "0315", ("fbf7",), default=False)
_register(5, "basic", "sashimi", 5.361, "0323", ("sbf5",), default=False)
_register(6, "basic", "sashimi", 5.371, "0324", ("sbf6",), default=False)
_register(7, "basic", "sashimi", 5.381, "0325", ("sbf7",), default=False)
_register(5, "mutant", "finned", 7.12, "0363", ("fmf5",))
_register(6, "mutant", "finned", 7.14, "0364", ("fmf6",))
