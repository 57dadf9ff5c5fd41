"""Fish: basic, finned, sashimi, Franken and mutant fish of size 2 to 4, and Siamese fish.

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
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import NamedTuple

from ..board import Board
from ..geometry import BOXES, CELL_HOUSES, COLS, HOUSE_MASK, PEER_MASK, ROWS, cells_name, iter_bits
from ..step import Mark, Step
from .registry import technique

MAX_FINS = 5  # HoDoKu's default limits for "all steps"
MAX_ENDO_FINS = 2
ALL = (1 << 81) - 1

SIZE_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
SIZE_IDS = {2: "x-wing", 3: "swordfish", 4: "jellyfish"}

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
            finned: bool) -> list[Fish]:
    """Every fish of ``size`` with bases from ``base_pool`` and covers from ``cover_pool``.

    ``cands`` is the digit's candidate mask. Without ``finned``, only fish
    without fins (exo or endo) are searched.
    """
    max_fins = MAX_FINS if finned else 0
    max_endo = MAX_ENDO_FINS if finned else 0
    cover_ok = [False] * 27
    for h in cover_pool:
        cover_ok[h] = True
    bases = [(h, cands & HOUSE_MASK[h]) for h in base_pool if cands & HOUSE_MASK[h]]
    out: list[Fish] = []
    nb = len(bases)

    def cover_search(base: tuple[int, ...], bcells: int, endo: int, fin_peers: int) -> None:
        in_base = [False] * 27
        for h in base:
            in_base[h] = True

        def step(chosen: list[int], covered: int, twice: int, fins: int, peers: int,
                 forbidden: int) -> None:
            need = bcells & ~endo & ~covered & ~fins
            if len(chosen) == size:
                fins |= need
                if (fins & ~endo).bit_count() > max_fins:
                    return
                for c in iter_bits(need):
                    peers &= PEER_MASK[c]
                all_fins = fins | endo
                targets = (covered & ~bcells) | (twice & bcells & ~all_fins)
                targets &= cands & ~all_fins
                if all_fins:
                    targets &= peers
                if targets:
                    out.append(Fish(base, tuple(sorted(chosen)), fins & ~endo, endo, targets, bcells))
                return
            if not need:
                return  # covered with fewer than `size` houses: not a fish of this size
            low = need & -need
            cell = low.bit_length() - 1
            for h in CELL_HOUSES[cell]:
                if not cover_ok[h] or in_base[h] or forbidden >> h & 1:
                    continue
                hm = HOUSE_MASK[h] & cands
                chosen.append(h)
                step(chosen, covered | hm, twice | (covered & hm), fins, peers, forbidden)
                chosen.pop()
                forbidden |= 1 << h
            # or the cell is a fin
            if (fins & ~endo).bit_count() < max_fins:
                p = peers & PEER_MASK[cell]
                if p & cands:
                    for h in CELL_HOUSES[cell]:
                        forbidden |= 1 << h
                    step(chosen, covered, twice, fins | low, p, forbidden)

        step([], 0, 0, 0, fin_peers, 0)

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
                    p &= PEER_MASK[c]
                if not p & cands:
                    continue
            else:
                p = peers
            chosen.append(h)
            base_search(i + 1, chosen, bcells | hm, new_endo, p)
            chosen.pop()

    base_search(0, [], 0, 0, ALL)
    return out


@lru_cache(maxsize=256)
def _fish_for(cands: int, size: int, shape: str) -> tuple[Fish, ...]:
    """All fish of one shape ('basic', 'franken', 'mutant') for a candidate mask, classified."""
    found: list[Fish] = []
    if shape == "basic":
        for bp, cp in ((ROWS, COLS), (COLS, ROWS)):
            found += _search(cands, size, bp, cp, True)
    elif shape == "franken":
        for bp, cp in ((_LINES_BOXES_R, _LINES_BOXES_C), (_LINES_BOXES_C, _LINES_BOXES_R)):
            found += [f for f in _search(cands, size, bp, cp, True) if _shape(f) == "franken"]
    else:
        seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
        for f in _search(cands, size, _ALL_HOUSES, _ALL_HOUSES, True):
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


def _step(f: Fish, digit: int, size: int, shape: str, variant: str, siamese: list[Fish] | None = None) -> Step:
    parts = siamese or [f]
    targets = 0
    fins = endo = 0
    covers: list[int] = []
    for p in parts:
        targets |= p.targets
        fins |= p.fins
        endo |= p.endo
        covers += [h for h in p.cover if h not in covers]
    tid = _tech_id(shape, variant, size)
    name = ("Siamese " if siamese else "") + _tech_name(shape, variant, size)
    all_fins = fins | endo
    marks: list[Mark] = [Mark(h, -1, "base") for h in f.base]
    marks += [Mark(h, -1, "cover") for h in covers]
    marks += [Mark(c, digit, "base") for c in iter_bits(f.base_cells & ~all_fins)]
    marks += [Mark(c, digit, "fin") for c in iter_bits(fins)]
    marks += [Mark(c, digit, "endo-fin") for c in iter_bits(endo)]
    marks += [Mark(c, digit, "target") for c in iter_bits(targets)]
    base_t, cover_t = houses_text(f.base), houses_text(f.cover)
    d = digit
    if not all_fins:
        text = (f"{name} on {d} in {base_t}: in these {size} houses {d} can only be in {cover_t}, so {d} is in "
                f"{cover_t} within {base_t}; remove {d} from {cells_name(targets)}.")
        if any(c & f.base_cells for c in iter_bits(targets)):
            pass
    elif siamese:
        text = (f"{name} on {d} in {base_t}: {len(parts)} finned fish share these base houses "
                + "; ".join(_finned_clause(p, d) for p in parts)
                + f". Together they remove {d} from {cells_name(targets)}.")
    else:
        text = f"{name} on {d} in {base_t}: {_finned_clause(f, d)}; remove {d} from {cells_name(targets)}."
    cannibal = targets & f.base_cells
    if cannibal:
        text += (f" ({cells_name(cannibal)} lies in two cover houses, so it cannot be {d}: "
                 f"that would fill two cover houses with one {d}.)")
    extra = {
        "digit": d, "size": size, "kind": variant or shape, "shape": shape, "finned": bool(all_fins),
        "sashimi": variant == "sashimi", "base": list(f.base), "cover": covers,
        "fins": list(iter_bits(fins)), "endo_fins": list(iter_bits(endo)),
        "fin_count": all_fins.bit_count(), "siamese": bool(siamese),
    }
    elims = [(c, d) for c in iter_bits(targets)]
    return Step(tid, name, eliminations=elims, highlights=marks, text=text, extra=extra)


def _finned_clause(f: Fish, d: int) -> str:
    fin_bits = []
    if f.fins:
        fin_bits.append(f"fin{'s' if f.fins.bit_count() > 1 else ''} {cells_name(f.fins)}")
    if f.endo:
        fin_bits.append(f"endo fin{'s' if f.endo.bit_count() > 1 else ''} {cells_name(f.endo)}")
    fins_t = " and ".join(fin_bits)
    return (f"apart from the {fins_t}, {d} can only be in {houses_text(f.cover)}, so either a fin is {d} or "
            f"{d} is in {houses_text(f.cover)} within the base houses; {cells_name(f.targets)} "
            f"{'sees' if f.targets.bit_count() == 1 else 'see'} every fin and "
            f"lie{'s' if f.targets.bit_count() == 1 else ''} "
            f"in the cover houses, so {'it is' if f.targets.bit_count() == 1 else 'they are'} not {d} either way")


# ----------------------------------------------------------------- finders
def fish_steps(board: Board, size: int, shape: str, variant: str, siamese: bool = True) -> Iterator[Step]:
    """Every fish of one technique (shape + variant + size); with ``siamese`` also the
    Siamese combinations that involve at least one fish of this technique."""
    for d in range(1, 10):
        cands = board.digit_cells[d]
        if not cands:
            continue
        found = _fish_for(cands, size, shape)
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


def _register(size: int, shape: str, variant: str, level: float, code: str, aliases: tuple[str, ...] = ()) -> None:
    tid = _tech_id(shape, variant, size)

    def find(board: Board) -> Iterator[Step]:
        return fish_steps(board, size, shape, variant)

    find.__doc__ = f"{_tech_name(shape, variant, size)} (HoDoKu {code})."
    find.__name__ = tid.replace("-", "_")
    technique(tid, _tech_name(shape, variant, size), family="fish", level=level, codes=(code,),
              aliases=aliases)(find)


# Levels: SE ratings where SE has the technique (X-Wing 3.2, Swordfish 3.8,
# Jellyfish 5.2); otherwise HoDoKu's order: finned/sashimi fish after the
# uniqueness tests and before the chains, Franken and mutant fish after ALS.
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
