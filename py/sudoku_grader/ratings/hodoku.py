"""HoDoKu 2.2: score (sum of step scores on HoDoKu's own path) and level (Easy .. Extreme).

Facts from HoDoKu's source (solver/SudokuSolver.java, Options.java, the step
finders; notes/ratings.md section 4), checked against all 2,662 rows of
``reference/hodoku-ratings.tsv``: the score table below reproduces every
score there from HoDoKu's own technique counts, and the level rule every level.

The solve loop: techniques are tried in HoDoKu's configured order (the
``index`` column); the first that finds a step wins and exactly that step is
applied, then the scan starts again from the top. Which step a technique
returns when it sees several is HoDoKu's too:

- ``first``: singles, subsets, locked candidates and basic/finned fish return
  the first instance of their own scan (locked candidates: boxes first, so
  type 1 before type 2; subsets: boxes, then rows, then columns; fish: digit
  1 to 9, row-based before column-based).
- ``sorted``: X-Chain and Turbot Fish collect every
  instance and take the smallest by HoDoKu's step order: most eliminations
  first, then the smaller weighted index sum of the eliminated candidates,
  then the shorter chain.
- HoDoKu's own searches (``OWN_SEARCH``): Nice Loops/AICs and forcing
  chains/nets come from HoDoKu's tables (`hodoku_tabling`), the ALS moves from
  its ALS and restricted-common lists (`hodoku_als`), Remote Pair, XY-Chain and Sue
  de Coq from its chain walks and line/box walk (`hodoku_misc`): there the step HoDoKu
  takes depends on its enumeration, not only on a sort, so the scale
  enumerates the same way instead of using our own finders.

When nothing applies HoDoKu uses Brute Force (score 10000): it lists the empty
cells in order and fills the middle one (index ``len // 2``) with its
solution value. Level = the hardest level among the techniques used, raised
while the score exceeds that level's maximum (Easy 800, Medium 1000, Hard
1600, Unfair 1800).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..board import Board
from ..engine import Choice, Path, Policy, gain
from ..geometry import CELL_BOX, CELL_COL, CELL_ROW, HOUSE_MASK, HOUSES, PEER_MASK, cell_name, iter_bits
from ..step import Mark, Step
from ..techniques import PRESETS
from ..techniques.chains import x_chains
from . import hodoku_als, hodoku_misc
from . import hodoku_tabling as tabling
from .common import STUCK, Cancel, Progress, Slot, chain_length, find_technique, mappings_used, step_summary
from .hodoku_queues import SinglesQueues
from .mapping import mapped_to
from .scale import Page, Scale

LEVELS = ("Easy", "Medium", "Hard", "Unfair", "Extreme")
# HoDoKu 2.2's finder defaults where ours differ: it finds rectangles with missing candidates.
OPTIONS = PRESETS["hodoku"]
MAX_SCORE = {"Easy": 800, "Medium": 1000, "Hard": 1600, "Unfair": 1800}
_LV = {"E": 0, "M": 1, "H": 2, "U": 3, "X": 4}


@dataclass(frozen=True)
class Entry:
    """One line of HoDoKu's default solver configuration."""

    index: int  # HoDoKu's order
    ids: tuple[str, ...]  # our technique ids this search returns (several for one search)
    names: tuple[str, ...]  # HoDoKu's display names, same order as ids
    level: str  # E M H U X
    score: int
    enabled: bool = True
    pick: str = "first"  # first | sorted (entries in OWN_SEARCH use their own search)


def _e(index: int, ids: str, names: str, level: str, score: int, enabled: bool = True,
       pick: str = "first") -> Entry:
    return Entry(index, tuple(ids.split("|")), tuple(names.split("|")), level, score, enabled, pick)


_SIZES = ("squirmbag", "whale", "leviathan")
_SIZE_NAMES = ("Squirmbag", "Whale", "Leviathan")

ENTRIES: tuple[Entry, ...] = (
    _e(100, "full-house", "Full House", "E", 4),
    _e(200, "naked-single", "Naked Single", "E", 4),
    _e(300, "hidden-single", "Hidden Single", "E", 14),
    _e(1000, "locked-pair", "Locked Pair", "M", 40),
    _e(1100, "locked-triple", "Locked Triple", "M", 60),
    _e(1200, "locked-candidates-1|locked-candidates-2",
       "Locked Candidates Type 1 (Pointing)|Locked Candidates Type 2 (Claiming)", "M", 50),
    _e(1300, "naked-pair", "Naked Pair", "M", 60),
    _e(1400, "naked-triple", "Naked Triple", "M", 80),
    _e(1500, "hidden-pair", "Hidden Pair", "M", 70),
    _e(1600, "hidden-triple", "Hidden Triple", "M", 100),
    _e(2000, "naked-quadruple", "Naked Quadruple", "H", 120),
    _e(2100, "hidden-quadruple", "Hidden Quadruple", "H", 150),
    _e(2200, "x-wing", "X-Wing", "H", 140),
    _e(2300, "swordfish", "Swordfish", "H", 150),
    _e(2400, "jellyfish", "Jellyfish", "H", 160),
    *(_e(2500 + 100 * i, s, n, "U", 470, False) for i, (s, n) in enumerate(zip(_SIZES, _SIZE_NAMES))),
    _e(2800, "remote-pair", "Remote Pair", "H", 110, pick="sorted"),
    _e(2900, "bug-plus-1", "Bivalue Universal Grave + 1", "H", 100),
    _e(3000, "skyscraper", "Skyscraper", "H", 130),
    _e(3100, "2-string-kite", "2-String Kite", "H", 150),
    _e(3120, "turbot-fish", "Turbot Fish", "H", 120, pick="sorted"),
    _e(3170, "empty-rectangle", "Empty Rectangle", "H", 120),
    _e(3200, "w-wing", "W-Wing", "H", 150),
    _e(3300, "xy-wing", "XY-Wing", "H", 160),
    _e(3400, "xyz-wing", "XYZ-Wing", "H", 180),
    *(_e(3500 + 100 * i, f"uniqueness-{i + 1}", f"Uniqueness Test {i + 1}", "H", 100) for i in range(6)),
    _e(4010, "hidden-rectangle", "Hidden Rectangle", "H", 100),
    _e(4020, "avoidable-rectangle-1", "Avoidable Rectangle Type 1", "H", 100),
    _e(4030, "avoidable-rectangle-2", "Avoidable Rectangle Type 2", "H", 100),
    _e(4100, "finned-x-wing", "Finned X-Wing", "H", 130),
    _e(4200, "sashimi-x-wing", "Sashimi X-Wing", "H", 150),
    _e(4300, "finned-swordfish", "Finned Swordfish", "U", 200),
    _e(4400, "sashimi-swordfish", "Sashimi Swordfish", "U", 240),
    _e(4500, "finned-jellyfish", "Finned Jellyfish", "U", 250),
    _e(4600, "sashimi-jellyfish", "Sashimi Jellyfish", "U", 260),
    *(_e(4700 + 100 * i, f"finned-{s}", f"Finned {n}", "U", 470, False)
      for i, (s, n) in enumerate(zip(_SIZES, _SIZE_NAMES))),
    *(_e(5000 + 100 * i, f"sashimi-{s}", f"Sashimi {n}", "U", 470, False)
      for i, (s, n) in enumerate(zip(_SIZES, _SIZE_NAMES))),
    _e(5300, "sue-de-coq", "Sue de Coq", "U", 250),
    _e(5330, "simple-colors-trap|simple-colors-wrap", "Simple Colors Trap|Simple Colors Wrap", "H", 150),
    _e(5360, "multi-colors-1|multi-colors-2", "Multi Colors 1|Multi Colors 2", "H", 200),
    _e(5400, "x-chain", "X-Chain", "U", 260, pick="sorted"),
    _e(5500, "xy-chain", "XY-Chain", "U", 260, pick="sorted"),
    _e(5600, "continuous-nice-loop|discontinuous-nice-loop|aic",
       "Continuous Nice Loop|Discontinuous Nice Loop|AIC", "U", 280),
    _e(5650, "grouped-continuous-nice-loop|grouped-discontinuous-nice-loop|grouped-aic",
       "Grouped Continuous Nice Loop|Grouped Discontinuous Nice Loop|Grouped AIC", "U", 300),
    _e(5700, "als-xz", "Almost Locked Set XZ-Rule", "U", 300),
    _e(5800, "als-xy-wing", "Almost Locked Set XY-Wing", "U", 320),
    _e(5900, "als-xy-chain", "Almost Locked Set Chain", "U", 340),
    _e(6000, "death-blossom", "Death Blossom", "U", 360, False, pick="sorted"),
    _e(6100, "franken-x-wing", "Franken X-Wing", "U", 300),
    _e(6200, "franken-swordfish", "Franken Swordfish", "U", 350),
    _e(6300, "franken-jellyfish", "Franken Jellyfish", "U", 370, False),
    *(_e(6400 + 100 * i, f"franken-{s}", f"Franken {n}", "X", 470, False)
      for i, (s, n) in enumerate(zip(_SIZES, _SIZE_NAMES))),
    _e(6700, "finned-franken-x-wing", "Finned Franken X-Wing", "U", 390),
    _e(6800, "finned-franken-swordfish", "Finned Franken Swordfish", "U", 410),
    _e(6900, "finned-franken-jellyfish", "Finned Franken Jellyfish", "U", 430, False),
    *(_e(7000 + 100 * i, f"finned-franken-{s}", f"Finned Franken {n}", "X", 470, False)
      for i, (s, n) in enumerate(zip(_SIZES, _SIZE_NAMES))),
    _e(7300, "mutant-x-wing", "Mutant X-Wing", "X", 450, False),
    _e(7400, "mutant-swordfish", "Mutant Swordfish", "X", 450, False),
    _e(7500, "mutant-jellyfish", "Mutant Jellyfish", "X", 450, False),
    *(_e(7600 + 100 * i, f"mutant-{s}", f"Mutant {n}", "X", 470, False)
      for i, (s, n) in enumerate(zip(_SIZES, _SIZE_NAMES))),
    *(_e(7900 + 100 * i, f"finned-mutant-{s}", f"Finned Mutant {n}", "X", 470, False)
      for i, (s, n) in enumerate(zip(("x-wing", "swordfish", "jellyfish", *_SIZES),
                                     ("X-Wing", "Swordfish", "Jellyfish", *_SIZE_NAMES)))),
    _e(8450, "kraken-fish", "Kraken Fish", "X", 500, False, pick="sorted"),
    _e(8500, "forcing-chain-contradiction|forcing-chain-verity",
       "Forcing Chain Contradiction|Forcing Chain Verity", "X", 500),
    _e(8600, "forcing-net-contradiction|forcing-net-verity",
       "Forcing Net Contradiction|Forcing Net Verity", "X", 700),
    _e(8700, "template-set", "Template Set", "X", 10000, False),
    _e(8800, "template-delete", "Template Delete", "X", 10000, False),
    _e(8900, "brute-force", "Brute Force", "X", 10000),
)

SCORES: dict[str, int] = {tid: e.score for e in ENTRIES for tid in e.ids}
LEVEL_OF: dict[str, str] = {tid: LEVELS[_LV[e.level]] for e in ENTRIES for tid in e.ids}
ID_BY_NAME: dict[str, str] = {n: tid for e in ENTRIES for tid, n in zip(e.ids, e.names)}
NAME_BY_ID: dict[str, str] = {tid: n for n, tid in ID_BY_NAME.items()}


def level_for(score: int, hardest: int) -> str:
    """HoDoKu's level: the hardest technique's level, raised while the score exceeds its maximum."""
    lv = hardest
    while lv < len(LEVELS) - 1 and score > MAX_SCORE[LEVELS[lv]]:
        lv += 1
    return LEVELS[lv]


# ------------------------------------------------------------------ choosing a step
def _sorted_key(step: Step) -> tuple[int, int, int]:
    return (-len(step.eliminations), tabling.index_sum(sorted(step.eliminations)), chain_length(step))


@dataclass
class _Group:
    entry: Entry
    slots: list[Slot]


def _groups(scores: dict[str, int]) -> list[_Group]:
    """HoDoKu's enabled searches with the finders our registry has (mapped ones join their entry)."""
    out = []
    for e in ENTRIES:
        if not e.enabled or e.ids == ("brute-force",):
            continue
        if e.ids[0] in QUEUED:
            if scores.get(e.ids[0], e.score) != 0:
                out.append(_Group(e, []))
            continue
        if e.ids[0] in OWN_SEARCH:
            if any(scores.get(tid, e.score) != 0 for tid in e.ids):
                out.append(_Group(e, []))
            continue
        slots: list[Slot] = []
        seen: set[str] = set()
        for tid in e.ids:
            if scores.get(tid, e.score) == 0:
                continue  # a user table can switch a technique off with 0
            t = find_technique(tid)
            if t is not None and t.id not in seen:
                slots.append(Slot(t, tid))
                seen.add(t.id)
            for mid in mapped_to("hodoku", tid):
                mt = find_technique(mid)
                if mt is not None and mt.id not in seen:
                    slots.append(Slot(mt, tid, mapped=True))
                    seen.add(mt.id)
        if slots:
            out.append(_Group(e, slots))
    return out


QUEUED = ("full-house", "naked-single", "hidden-single")

# Searches that follow HoDoKu's own enumeration instead of our finders: which step HoDoKu
# takes there (its first ALS-XZ, its table order for loops) sets the rest of its path.
# Each takes the board and the position's memo (a dict one `choose` shares between its searches).
OWN_SEARCH: dict[str, Callable[[Board, dict[str, Any]], Step | None]] = {
    "continuous-nice-loop": lambda b, memo: tabling.nice_loop_step(b, grouped=False),
    "grouped-continuous-nice-loop": lambda b, memo: tabling.nice_loop_step(b, grouped=True),
    "remote-pair": lambda b, memo: hodoku_misc.remote_pair_step(b),
    "xy-chain": lambda b, memo: hodoku_misc.xy_chain_step(b),
    "x-chain": lambda b, memo: _sorted_first(b, x_chains(b, ends_may_meet=True)),
    "sue-de-coq": lambda b, memo: hodoku_misc.sue_de_coq_step(b),
    "als-xz": lambda b, memo: hodoku_als.als_xz(b, _als_tables(b, memo)),
    "als-xy-wing": lambda b, memo: hodoku_als.als_xy_wing(b, _als_tables(b, memo)),
    "als-xy-chain": lambda b, memo: hodoku_als.als_chain(b, _als_tables(b, memo)),
    "forcing-chain-contradiction": lambda b, memo: tabling.forcing_step(b, nets=False),
    "forcing-net-contradiction": lambda b, memo: tabling.forcing_step(b, nets=True),
}


def _sorted_first(board: Board, steps: Iterator[Step]) -> Step | None:
    """The first of ``steps`` in HoDoKu's step order (`_sorted_key`), among those that remove something."""
    found = [s for s in steps if gain(board, s)]
    return min(found, key=_sorted_key) if found else None


def _als_tables(board: Board, memo: dict[str, Any]) -> hodoku_als.AlsTables:
    """The ALS and RC lists, made once per position for the three ALS searches."""
    if "als" not in memo:
        memo["als"] = hodoku_als.tables(board)
    return memo["als"]


def _common_houses(cells: int) -> list[int]:
    return [h for h in range(27) if cells & HOUSE_MASK[h] == cells]


def _hodoku_locked(cells: int, eliminations: list[tuple[int, int]]) -> bool:
    """HoDoKu's Locked Pair/Triple: the cells share a box and a line, and candidates go both in the box
    and in the line outside the box (SimpleSolver.createSubsetStep)."""
    houses = _common_houses(cells)
    boxes = [h for h in houses if h >= 18]
    if not boxes or len(houses) < 2:
        return False
    box = HOUSE_MASK[boxes[0]]
    in_box = any(box >> c & 1 for c, _ in eliminations)
    outside = any(not box >> c & 1 for c, _ in eliminations)
    return in_box and outside


def _subset_deletions(board: Board, cells_list: list[int], digits: int) -> list[tuple[int, int]]:
    """A naked or locked subset's removals in the order HoDoKu deletes them: the shared houses
    (row, column, box), each house's cells in order, each cell's digits ascending. The order sets
    which cell joins HoDoKu's singles queues first (SimpleSolver.createSubsetStep)."""
    cells = sum(1 << c for c in cells_list)
    out: list[tuple[int, int]] = []
    seen: set[tuple[int, int]] = set()
    for h in _common_houses(cells):
        for c in HOUSES[h]:
            if cells >> c & 1:
                continue
            for d in iter_bits(board.cands[c] & digits):
                if (c, d + 1) not in seen:
                    seen.add((c, d + 1))
                    out.append((c, d + 1))
    return out


def _adapt(board: Board, step: Step, memo: dict[str, Any]) -> Step | None:
    """Make a subset step what HoDoKu would record, or None when HoDoKu would not take it here.

    HoDoKu's naked subset clears every house the cells share (one step), and is a
    Locked Pair/Triple only when it clears both the box and the line outside it. Its
    Avoidable Rectangle type 1 needs the open corner to hold just two candidates.
    Removals come in HoDoKu's deletion order (`_subset_deletions`; hidden subsets: cell by
    cell, digits ascending).
    """
    tid = step.technique
    if tid in _RECTANGLE_IDS and _ur_visit(board, step, memo) is None:
        return None  # HoDoKu's search never checks these cells with these digits
    if tid == "avoidable-rectangle-1":
        if _avoidable_start(board, step) is None:
            return None
        return step if all(board.cands[c].bit_count() == 2 for c, _ in step.eliminations) else None
    if tid == "avoidable-rectangle-2":
        return step if _avoidable_start(board, step) is not None else None
    cells_list = step.extra.get("cells")
    if tid == "uniqueness-3" and isinstance(step.extra.get("house"), int):
        # HoDoKu clears the naked set's house cell by cell, then the box it may share
        house = HOUSE_MASK[int(step.extra["house"])]
        return _with_eliminations(step, sorted(step.eliminations, key=lambda e: (not house >> e[0] & 1, e)))
    if tid in _HIDDEN_IDS:
        return _with_eliminations(step, sorted(step.eliminations))
    if tid not in _SUBSET_IDS or not isinstance(cells_list, list):
        return step
    cells = sum(1 << c for c in cells_list)
    if tid in ("locked-pair", "locked-triple"):
        if not _hodoku_locked(cells, step.eliminations):
            return None
        digits = 0
        for c in cells_list:
            digits |= board.cands[c]
        return _with_eliminations(step, _subset_deletions(board, cells_list, digits))
    digits = 0
    for c in cells_list:
        digits |= board.cands[c]
    elims = _subset_deletions(board, cells_list, digits)
    if len(cells_list) < 4 and _hodoku_locked(cells, elims):
        return None  # HoDoKu finds it as a Locked Pair/Triple, one entry earlier
    return _with_eliminations(step, elims)


def _with_eliminations(step: Step, elims: list[tuple[int, int]]) -> Step:
    if elims == step.eliminations:
        return step
    return Step(step.technique, step.name, placements=step.placements, eliminations=elims,
                highlights=step.highlights, links=step.links, text=step.text, extra=step.extra, net=step.net)


def _scan_key(board: Board, step: Step, memo: dict[str, Any]) -> tuple[int, ...] | None:
    """Where HoDoKu's own scan meets this step first; None when the step does not say.

    Locked candidates: boxes 1-9 (digits 1-9 inside each box) for type 1, then
    rows, then columns for type 2. Fish: digit 1-9, row-based before
    column-based, base houses in ascending combination order, then, for one
    base set, the cover houses in ascending combination order (HoDoKu's
    FishSolver tries every cover set of a base set in turn and takes the first
    that removes something; a finned search skips the sashimi ones). XY-Wing: the
    three cells in cell order, the lowest as pivot first; XYZ-Wing: pivot, then
    pincers; W-Wing: the two cells in cell order, the smaller digit removed first.
    Skyscraper: every digit's row pairs first, then every digit's column pairs.
    Rectangles (`_rectangle_key`, `_avoidable_key`): the order HoDoKu's uniqueness search meets them.
    """
    x = step.extra
    if step.technique in ("avoidable-rectangle-1", "avoidable-rectangle-2"):
        return _avoidable_key(board, step)
    if step.technique in _RECTANGLE_IDS:
        return _rectangle_key(board, step, memo)
    if step.technique == "skyscraper" and isinstance(x.get("lines"), list) and "digit" in x:
        lines = [int(h) for h in x["lines"]]
        return (0 if lines[0] < 9 else 1, int(x["digit"]), *lines)
    if step.technique in ("locked-candidates-1", "locked-candidates-2") and "base" in x and "digit" in x:
        base = int(x["base"])
        group = 0 if base >= 18 else (1 if base < 9 else 2)
        return (group, base, int(x["digit"]))
    if step.technique in ("xy-wing", "xyz-wing") and "pivot" in x:
        pincers = sorted({m.cell for m in step.highlights if m.role == "pincer"})
        pivot = int(x["pivot"])
        if step.technique == "xyz-wing":
            return (pivot, *pincers)
        cells = sorted([pivot, *pincers])
        return (*cells, cells.index(pivot))
    if step.technique == "w-wing" and "digit" in x:
        wings = sorted({m.cell for m in step.highlights if m.role == "wing"})
        return (*wings, int(x["digit"]))
    if isinstance(x.get("base"), list) and "digit" in x and x["base"]:
        houses = sorted(int(h) for h in x["base"])
        covers = sorted(int(h) for h in x.get("cover", ()))
        return (int(x["digit"]), 0 if houses[0] < 9 else 1, *houses, *covers)
    return None


_RECTANGLE_IDS = (*(f"uniqueness-{i}" for i in range(1, 7)), "hidden-rectangle")


def _rectangle_key(board: Board, step: Step, memo: dict[str, Any]) -> tuple[int, ...] | None:
    """Where HoDoKu's uniqueness search checks this rectangle (`_ur_visits`): its visit number,
    then for type 3 the extra cells' row, column or box and the other cells' combination (HoDoKu
    tries them depth first). None when HoDoKu never checks these four cells with these digits."""
    visit = _ur_visit(board, step, memo)
    if visit is None:
        return None
    key: tuple[int, ...] = (visit,)
    if step.technique == "uniqueness-3" and "house" in step.extra:
        combo = sorted({m.cell for m in step.highlights if m.role == "cover"})
        key = (*key, int(step.extra["house"]), *combo)
    return key


def _ur_visit(board: Board, step: Step, memo: dict[str, Any]) -> int | None:
    names = step.extra.get("cells")
    digits = step.extra.get("digits")
    if not isinstance(names, list) or len(names) != 4 or not isinstance(digits, list) or len(digits) != 2:
        return None
    mask = 0
    for n in names:
        mask |= 1 << ((int(n[1]) - 1) * 9 + int(n[3]) - 1)
    if "ur_visits" not in memo:
        memo["ur_visits"] = _ur_visits(board)
    visit = memo["ur_visits"].get(mask)
    pair = (1 << (digits[0] - 1)) | (1 << (digits[1] - 1))
    return visit[0] if visit is not None and visit[1] == pair else None


def _ur_visits(board: Board) -> dict[int, tuple[int, int]]:
    """The rectangles HoDoKu's uniqueness search checks, in its order: cell mask -> (visit, digits).

    UniquenessSolver.findUniquenessForStartCell, with missing candidates allowed (HoDoKu's
    default): from each bivalue cell (cell order) on its two digits, a corner in the same box and
    line where both digits are still allowed (no placed peer holds them; the candidates themselves
    may be gone), then, along the lines through the two, each pair of cells outside the box where
    the start's digits are allowed (HoDoKu checks the first digit in both and the second only in the
    far corner of the box partner's line). A set of four cells is checked once, with the digits of
    its first visit: a later visit with other digits is skipped, so what those digits would give is
    never found."""
    values, cands = board.values, board.cands
    blocked = [0] * 10
    for c in range(81):
        if values[c]:
            blocked[values[c]] |= PEER_MASK[c]
    allowed = [board.unsolved & ~blocked[d] for d in range(10)]
    visits: dict[int, tuple[int, int]] = {}
    for c11 in iter_bits(board.unsolved):
        pair = cands[c11]
        if pair.bit_count() != 2:
            continue
        d1 = (pair & -pair).bit_length()
        d2 = pair.bit_length()
        a1, a2 = allowed[d1], allowed[d2]
        r11, col11, box11 = CELL_ROW[c11], CELL_COL[c11], CELL_BOX[c11]
        for c12 in HOUSES[18 + box11]:
            if c12 == c11 or (CELL_ROW[c12] != r11 and CELL_COL[c12] != col11):
                continue
            if not (a1 >> c12 & 1 and a2 >> c12 & 1):
                continue
            lines = CELL_ROW[c12] == r11
            unit11 = HOUSES[9 + col11] if lines else HOUSES[r11]
            unit12 = HOUSES[9 + CELL_COL[c12]] if lines else HOUSES[CELL_ROW[c12]]
            for c21, c22 in zip(unit11, unit12):
                if CELL_BOX[c21] == box11:
                    continue
                if a1 >> c21 & 1 and a1 >> c22 & 1 and a2 >> c22 & 1:
                    mask = 1 << c11 | 1 << c12 | 1 << c21 | 1 << c22
                    if mask not in visits:
                        visits[mask] = (len(visits), pair)
    return visits


def _avoidable_start(board: Board, step: Step) -> tuple[int, int, int] | None:
    """Where HoDoKu's avoidable rectangle search meets this rectangle, or None when it never does.

    It walks the solved cells that are not givens in cell order; from each it takes a corner in
    the same box, in line with it, that is solved (not given) too, then the corners in line with
    the two outside the box (UniquenessSolver.findUniquenessForStartCell). So a rectangle whose
    two solved corners lie in different boxes (a type 2 across a band) is never checked."""
    opened = {c for c, _ in step.eliminations} if step.technique == "avoidable-rectangle-1" else set()
    corners = sorted({m.cell for m in step.highlights if m.role == "base"} | opened)
    if len(corners) != 4:
        return None
    givens = board.givens
    for c11 in corners:
        if not board.values[c11] or givens >> c11 & 1:
            continue
        c12 = next((c for c in corners if c != c11 and CELL_BOX[c] == CELL_BOX[c11]), None)
        if c12 is None or not board.values[c12] or givens >> c12 & 1:
            continue
        c21 = next(c for c in corners
                   if CELL_BOX[c] != CELL_BOX[c11] and (CELL_ROW[c] == CELL_ROW[c11] or CELL_COL[c] == CELL_COL[c11]))
        return (c11, c12, c21)
    return None


def _avoidable_key(board: Board, step: Step) -> tuple[int, ...]:
    start = _avoidable_start(board, step)
    return start if start is not None else (81,)


def _allowed(step: Step) -> bool:
    """HoDoKu's defaults find no Siamese fish and no dual kites or rectangles."""
    return not step.extra.get("siamese") and not step.technique.startswith("dual-")


_SUBSET_IDS = ("locked-pair", "locked-triple", "naked-pair", "naked-triple", "naked-quadruple")
_HIDDEN_IDS = ("hidden-pair", "hidden-triple", "hidden-quadruple")


def _pick(board: Board, group: _Group, queues: SinglesQueues, memo: dict[str, Any]) -> tuple[Step, str] | None:
    tid = group.entry.ids[0]
    if tid in QUEUED:
        s = getattr(queues, tid.replace("-", "_"))(board)
        return (s, tid) if s is not None else None
    if tid in OWN_SEARCH:
        s = OWN_SEARCH[tid](board, memo)
        return (s, s.technique) if s is not None else None
    if group.entry.pick == "first":
        scanned: list[tuple[tuple[int, ...], int, Step, str]] = []
        for slot in group.slots:
            fish_digit = 10
            for s in slot.technique.steps(board, OPTIONS):
                if isinstance(s.extra.get("base"), list) and s.extra.get("digit", 0) > fish_digit:
                    break  # fish finders go digit by digit: nothing later comes first in HoDoKu's scan
                a = _adapt(board, s, memo)
                if a is None or not _allowed(a) or not gain(board, a):
                    continue
                key = _scan_key(board, a, memo)
                if key is None:
                    return a, _key_of(a, slot)
                scanned.append((key, len(scanned), a, _key_of(a, slot)))
                if isinstance(a.extra.get("base"), list):
                    fish_digit = min(fish_digit, int(a.extra["digit"]))
        if scanned:
            best = min(scanned, key=lambda t: (t[0], t[1]))
            return best[2], best[3]
        return None
    found: list[tuple[Step, str]] = []
    for slot in group.slots:
        found.extend((s, _key_of(s, slot)) for s in slot.technique.steps(board, OPTIONS) if gain(board, s))
    if not found:
        return None
    return min(found, key=lambda sk: _sorted_key(sk[0]))


def _key_of(step: Step, slot: Slot) -> str:
    """A finder may return several HoDoKu types (e.g. Nice Loops); price by the step's own id if known."""
    if step.technique in SCORES:
        return step.technique
    return slot.key


def brute_force_step(board: Board, solution: list[int]) -> Step:
    """HoDoKu's Brute Force: the middle empty cell (in cell order) gets its solution value."""
    empty = list(iter_bits(board.unsolved))
    cell = empty[len(empty) // 2]
    digit = solution[cell]
    return Step(
        "brute-force", "Brute Force", placements=[(cell, digit)],
        highlights=[Mark(cell, digit, "target")],
        text=f"No technique applies; HoDoKu guesses: it fills the middle empty cell {cell_name(cell)} with "
             f"its solution value {digit}.",
    )


class HodokuPolicy(Policy):
    """HoDoKu's solver loop: its searches in configuration order, the first that finds a step wins
    (singles from its queues, first-found or sorted picks, its own enumerations), Brute Force with
    the solution when nothing applies. The queues follow every step the walk applies."""

    stuck = STUCK

    def __init__(self, solution: list[int] | None, table: dict[str, int] | None = None) -> None:
        self.table = dict(SCORES) if table is None else table
        self.groups = _groups(self.table)
        self.solution = solution
        self.queues = SinglesQueues.empty()

    def start(self, board: Board) -> None:
        self.queues = SinglesQueues(board)

    def choose(self, board: Board) -> Choice | None:
        memo: dict[str, Any] = {}  # this position's tables the searches share
        for g in self.groups:
            picked = _pick(board, g, self.queues, memo)
            if picked is not None:
                return picked
        if self.solution is None or self.table.get("brute-force", 1) == 0:
            return None
        return brute_force_step(board, self.solution), "brute-force"

    def apply(self, board: Board, step: Step) -> None:
        self.queues.apply(board, step)


def rate(
    board: Board,
    solution: list[int] | None = None,
    scores: dict[str, int] | None = None,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
) -> dict[str, Any]:
    """HoDoKu's score, level, the path's technique counts and its hardest step (`SCALE`'s rating).

    ``solution`` is found when not given (Brute Force, HoDoKu's last resort, needs it)."""
    return SCALE.rate(board, solution=solution, scores=scores, progress=progress, cancel=cancel)


def path(
    board: Board,
    solution: list[int] | None = None,
    table: dict[str, int] | None = None,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
) -> Path:
    """HoDoKu's solve path: its steps in order (Brute Force where nothing else applies)."""
    return SCALE.walk(board, solution=solution, scores=table, progress=progress, cancel=cancel)[0]


def policy(prices: dict[str, int], solution: list[int] | None = None) -> HodokuPolicy:
    """The scale's policy (`Scale.policy`): HoDoKu's loop priced by ``prices``."""
    return HodokuPolicy(solution, prices)


def summarize(w: Path, table: dict[str, int]) -> dict[str, Any]:
    """Score, level, counts and the hardest step of a walked HoDoKu path."""
    score = 0
    hardest, hardest_at, best = 0, -1, (-1, -1)
    counts: dict[str, int] = {}
    for i, (s, key) in enumerate(zip(w.steps, w.keys)):
        k = key or s.technique
        score += table.get(k, 0)
        counts[k] = counts.get(k, 0) + 1
        rank = (LEVELS.index(LEVEL_OF.get(k, "Extreme")), table.get(k, 0))
        if rank > best:
            best, hardest_at = rank, i
    hardest = max(best[0], 0)
    out: dict[str, Any] = {
        "score": score,
        "level": level_for(score, hardest) if w.solved else "Incomplete",
        "solved": w.solved,
        "steps": len(w.steps),
        "counts": counts,
        "hardest": step_summary(w.steps[hardest_at], hardest_at) if hardest_at >= 0 else None,
        "mappings": mappings_used("hodoku", w),
    }
    if not w.solved:
        out["stuck"] = w.stuck
    return out


def bounds(w: Path, table: dict[str, int]) -> dict[str, Any]:
    """What a path cut off by a time limit proves: the score is a sum of non-negative step scores
    and the level only rises with the score and the hardest technique, so both so far are lower
    bounds."""
    if not w.steps:
        return {}
    keys = [k or s.technique for s, k in zip(w.steps, w.keys)]
    score = sum(int(table.get(k, 0)) for k in keys)
    hardest = max((LEVELS.index(LEVEL_OF[k]) for k in keys if k in LEVEL_OF), default=0)
    return {"score": score, "level": level_for(score, hardest)}


SCALE = Scale(
    id="hodoku",
    name="HoDoKu",
    description="HoDoKu 2.2: score = sum of step scores on HoDoKu's path; level Easy..Extreme",
    number="score",
    level="level",
    levels=LEVELS,
    columns=("score", "level"),
    sums=True,
    aliases=("hodoku2",),
    beyond_basics=("Unfair", "Extreme"),
    compared=("score", "HoDoKu score"),
    needs_solution=True,
    policy=policy,
    prices=SCORES,
    summary=summarize,
    bounds=bounds,
)

PAGE = Page(cost=0.83, headline=("HoDoKu", "level"))
