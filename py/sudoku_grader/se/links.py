"""SE's static links of one grid: what "on" turns off and "off" turns on, as tables and as
729-bit sets whose closures tell cheaply where a chain can end (`StaticLinks`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from ..board import Board
from ..geometry import HOUSE_MASK, PEER_MASK
from ..geometry import iter_bits as bits
from .hints import CELL_REGIONS, HID_BLOCK, HID_COL, HID_ROW, NAKED
from .rules import CELL_HOUSES_SE, DIGITS_OF

if TYPE_CHECKING:
    from .kept import Memo

class StaticLinks:
    """The static implications of one grid on 729-bit sets, to tell cheaply where a chain can end.

    A candidate (cell, digit) is bit ``(digit - 1) * 81 + cell``. "On" implies "off" for the
    digit's other places in the cell's houses and, with Y-links, the cell's other digits; "off"
    implies "on" for the other place of a house with two places (X-links) and the other digit of a
    bivalue cell (Y-links). The closure of an assumption over these links holds exactly the
    potentials that the Pot search of `Chaining._forcing` reaches, so it says whether that search
    finds a chain, and whether `Chaining._cycles` can meet its source again.
    """

    __slots__ = ("grid", "planes", "all", "y_links", "x_links", "strong", "strong_mask", "on_off", "off_on",
                 "links_of", "off_on_mask", "weak_of", "on_closure", "memo")

    def __init__(self, g: Board, y_links: bool, x_links: bool, memo: Memo) -> None:
        self.grid = g
        self.memo = memo
        self.planes = tuple(g.digit_cells[d] for d in range(1, 10))
        self.all = sum(m << (d * 81) for d, m in enumerate(self.planes))
        self.y_links = y_links
        strong: dict[int, list[int]] = {}
        if x_links:
            for d, plane in enumerate(self.planes):
                for h in range(27):
                    pos = plane & HOUSE_MASK[h]
                    if pos.bit_count() == 2:
                        a = (pos & -pos).bit_length() - 1
                        b = pos.bit_length() - 1
                        strong.setdefault(d * 81 + a, []).append(d * 81 + b)
                        strong.setdefault(d * 81 + b, []).append(d * 81 + a)
        if y_links:
            for c in range(81):
                m = g.cands[c]
                if not g.values[c] and m.bit_count() == 2:
                    a = (m & -m).bit_length() - 1
                    b = m.bit_length() - 1
                    strong.setdefault(a * 81 + c, []).append(b * 81 + c)
                    strong.setdefault(b * 81 + c, []).append(a * 81 + c)
        self.strong = strong
        self.strong_mask = sum(1 << i for i in strong)
        # The same links for the Pot searches, per candidate (cell * 9 + digit - 1) in the order
        # the searches of `Chaining._chain` take them: (candidate, cell, digit, cause).
        # Built when a search first asks (most candidates never start one).
        self.x_links = x_links
        self.links_of = _Table(self._on_off_links)  # both at once, for `Chaining._chain`
        self.on_off = _Table(lambda idx: self.links_of[idx][0])
        self.off_on = _Table(self._off_on)
        # The off -> on links as a 729-bit mask of candidates (bit cell * 9 + digit - 1); the
        # on -> off links' masks come with them in `links_of`.
        self.off_on_mask = _Table(lambda idx: _mask_of(self.off_on[idx]))
        self.weak_of = _Table(self.weak)  # `weak` per bit, as the closures ask for it
        self.on_closure = _Table(self._on_closure)  # per bit: its "on"'s closure (`candidates`)

    def _on_off_links(self, idx: int) -> tuple[list[tuple[int, int, int, int]], int]:
        """What "on" at ``idx`` turns off, as links and as a mask: read only from the cell's
        candidates (with Y-links) and the digit's places among its peers, so one entry serves
        every grid (the nested searches ask on thousands of reduced grids) where those agree."""
        g = self.grid
        cell, d = divmod(idx, 9)
        key = (idx, g.cands[cell] if self.y_links else -1, g.digit_cells[d + 1] & PEER_MASK[cell])
        kept = self.memo.on_off_links
        got = kept.get(key)
        if got is None:
            if len(kept) >= self.memo.on_off_links_max:
                kept.clear()
            got = kept[key] = self._on_off(idx)
        return got

    def _on_off(self, idx: int) -> tuple[list[tuple[int, int, int, int]], int]:
        g = self.grid
        cell, d = divmod(idx, 9)
        outs: list[tuple[int, int, int, int]] = []
        if self.y_links:
            others = g.cands[cell] & ~(1 << d)
            if others:
                own = _CELL_LINKS[cell]
                outs = [own[v - 1] for v in DIGITS_OF[others]]
        dc = g.digit_cells[d + 1]
        outs += [link for c, link in _PEER_LINKS[idx] if dc >> c & 1]
        return outs, _mask_of(outs)

    def _off_on(self, idx: int) -> list[tuple[int, int, int, int]]:
        g = self.grid
        cell, digit = divmod(idx, 9)
        digit += 1
        ins: list[tuple[int, int, int, int]] = []
        m = g.cands[cell]
        if self.y_links and m.bit_count() == 2:
            v = (m & ~(1 << (digit - 1))).bit_length()
            ins.append((cell * 9 + v - 1, cell, v, NAKED))
        if self.x_links:
            seen = 0
            dcells = g.digit_cells[digit]
            for rm, cause in CELL_REGIONS[cell]:
                pos = dcells & rm
                if pos.bit_count() == 2:
                    oc = (pos & ~(1 << cell)).bit_length() - 1
                    if not seen >> oc & 1:
                        seen |= 1 << oc
                        ins.append((oc * 9 + digit - 1, oc, digit, cause))
        return ins

    def weak(self, i: int) -> int:
        """What "on" at bit ``i`` turns off."""
        d, c = divmod(i, 81)
        out = (PEER_MASK[c] & self.planes[d]) << (d * 81)
        if self.y_links:
            out |= CELL_COLUMN[c] & self.all & ~(1 << i)
        return out

    def closure(self, on: int, off: int) -> tuple[int, int, int]:
        """(on set, off set, what the "on"s other than the first turn off) from the assumptions."""
        return self.rounds(on, off)[:3]

    def rounds(self, on: int, off: int, watch: int = 0, partners: int = 0, blocked: int = 0
               ) -> tuple[int, int, int, int, int, int]:
        """`closure` and, for the bit ``watch`` and the bits ``partners``, the round (1, 2, ...;
        0: never) in which the closure first turns ``watch`` off, first turns one of
        ``partners`` off from an "on" other than the first, and first turns ``watch`` on. The
        "off"s of ``blocked`` turn nothing on (the closure of the chains that avoid them).

        Round r turns off what the "on"s found in round r - 1 (the assumptions in round 1) see,
        then turns on the strong partners of the new "off"s: the layers of the node searches,
        which reach a potential no sooner than this shortest alternating path does. A chain
        ending there has at least 2r potentials (`Chaining._unary` bounds its complexity so).
        """
        weak, strong = self.weak_of, self.strong
        # The first "on" is never found again: after round 1 every "on" is another one.
        others = 0
        if on & (on - 1):
            frontier = list(bits729(on))
            for i in frontier[1:]:
                others |= weak[i]
        else:  # one assumption or none, as `_on_closure` and `candidates` ask
            frontier = [on.bit_length() - 1] if on else []
        new_off = off
        r = r_off = r_others = r_on = 0
        expand = self.strong_mask & ~blocked
        while True:
            r += 1
            added = 0
            for i in frontier:
                added |= weak[i]
            if r > 1:
                others |= added
            if not r_off and added & watch:
                r_off = r
            if not r_others and others & partners:
                r_others = r
            added &= ~off
            off |= added
            new_off |= added
            on, frontier = _partners_on(strong, new_off & expand, on)
            new_off = 0
            if not r_on and on & watch:
                r_on = r
            if not frontier:
                return on, off, others, r_off, r_others, r_on

    def partner_round(self, i: int, t: int, last: int) -> int:
        """``rounds(1 << i, 0, 0, 1 << t, 1 << t)[4]``, the round in which an "on" other than
        ``i`` first turns ``t`` off where the "off" of ``t`` turns nothing on, but 0 when that
        is after round ``last`` (the closure stops there)."""
        weak, strong = self.weak_of, self.strong
        bit = 1 << t
        expand = self.strong_mask & ~bit
        on = 1 << i
        off = added = weak[i]  # round 1: what the source sees, ``t`` among it
        r = 1
        while r < last:
            on, frontier = _partners_on(strong, added & expand, on)
            if not frontier:
                return 0
            r += 1
            added = 0
            for k in frontier:
                added |= weak[k]
            if added & bit:
                return r
            added &= ~off
            off |= added
        return 0

    def _on_closure(self, i: int) -> tuple[int, int, int, int]:
        """(on set, off set, round of the source's "off", round of a partner's "off" from
        another "on") of the closure of bit ``i`` on (`rounds`)."""
        partners = 0
        for t in self.strong.get(i, ()):
            partners |= 1 << t
        on, off, _others, r_off, r_cycle, _ = self.rounds(1 << i, 0, 1 << i, partners)
        return on, off, r_off, r_cycle

    def candidates(self, cell: int, digit: int, x_links: bool) -> tuple[int, int, int, int]:
        """Whether the cycle search and the two forcing searches from (cell, digit) can find
        a hint (a cycle that removes something, any forcing chain), as the least complexity
        of what each finds (0: nothing), and every bit the closures reached (the searches read
        no others)."""
        i = (digit - 1) * 81 + cell
        bit = 1 << i
        # A cycle returns to the source from one of its strong partners, turned off by an "on"
        # that is not the source itself (the search reaches it at length 4 or more).
        on, off, r_off, r_cycle = self.on_closure[i]
        reach = on | off
        r_on = 0
        strong = self.strong.get(i)
        if strong and (x_links or r_cycle):
            # The source "off" turns its partners on, and a partner's "on" turns the source
            # off: the closure of the source "off" holds what a partner's "on" implies (the
            # same potentials, found in other rounds: only when it turns the source on are
            # its own rounds counted).
            on2, off2 = self.on_closure[strong[0]][:2]
            if on2 & bit:
                r_on = self.rounds(0, bit, bit)[5]
            reach |= on2 | off2
            # A cycle removes a candidate outside its cells that sees one of its "on"s and one
            # of its "off"s. The "on"s lie in the closure of the source "on"; the "off"s, read
            # the other way round (links are symmetric), are "on"s of the closure of the source
            # "off": both closures turn that candidate off.
            if r_cycle and not off & off2 & ~CELL_COLUMN[cell]:
                r_cycle = 0
            if r_cycle:
                # Sharper: going round, a cycle's "on"s hold with the source and its "off"s
                # without it, so its "on"s are "on" in the first closure and "off" in the
                # second, its "off"s the other way; what it removes sees one of each.
                same, other = 0, 0
                for k in bits729(on & off2):
                    same |= _PEER_PLANE[k]
                for k in bits729(off & on2):
                    other |= _PEER_PLANE[k]
                if not same & other & self.all & ~CELL_COLUMN[cell]:
                    r_cycle = 0
        if r_cycle:
            # The "on" that turns the partner off must lie on a line that avoids the partner's
            # own "off" (SE's ancestor test): in the closure where that "off" turns nothing on.
            # No such round comes before the one without blocking (``least``).
            least, r_cycle = r_cycle, 0
            for t in self.strong[i]:
                r = self.partner_round(i, t, r_cycle - 1 if r_cycle else 1 << 30)
                if r:
                    r_cycle = r
                    if r == least:
                        break
        # A chain found in round r holds 2r potentials: the source, then an "off" and an "on"
        # per round (a cycle's last "off" leads back to the source, counted once).
        if not x_links:
            return 2 * r_cycle, 0, 0, reach
        return 2 * r_cycle, 2 * r_off, 2 * r_on, reach


class _Table(dict[int, Any]):
    """A dict that fills an entry from ``build(key)`` the first time it is asked for."""

    def __init__(self, build: Callable[[int], Any]) -> None:
        super().__init__()
        self.build = build

    def __missing__(self, key: int) -> Any:
        value = self[key] = self.build(key)
        return value


def _partners_on(strong: dict[int, list[int]], offs: int, on: int) -> tuple[int, list[int]]:
    """A closure round's second half: the strong partners of the new "off"s ``offs`` that are
    not "on" yet, as (``on`` with them, them in the order found: the next round's frontier)."""
    frontier = []
    while offs:
        low = offs & -offs
        for t in strong[low.bit_length() - 1]:
            if not on >> t & 1:
                on |= 1 << t
                frontier.append(t)
        offs ^= low
    return on, frontier


def _mask_of(links: list[tuple[int, int, int, int]]) -> int:
    mask = 0
    for k, _c, _v, _cause in links:
        mask |= 1 << k
    return mask


# Per cell: its peers with the cause of the link, block first, then the rest of the row, then
# of the column (the order of SE's on -> off links).
_PEERS_SE = tuple(tuple((c, cause) for m, cause in (
    (HOUSE_MASK[CELL_HOUSES_SE[cell][0]], HID_BLOCK),
    (HOUSE_MASK[CELL_HOUSES_SE[cell][1]] & ~HOUSE_MASK[CELL_HOUSES_SE[cell][0]], HID_ROW),
    (HOUSE_MASK[CELL_HOUSES_SE[cell][2]] & ~HOUSE_MASK[CELL_HOUSES_SE[cell][0]], HID_COL))
    for c in bits(m & ~(1 << cell))) for cell in range(81))
# The link tuples themselves, made once (the entries above share them): per cell, to each of its
# digits (cause NAKED); per candidate, to the same digit in each peer (block, row, column).
_CELL_LINKS = tuple(tuple((cell * 9 + v - 1, cell, v, NAKED) for v in range(1, 10)) for cell in range(81))
_PEER_LINKS = tuple(tuple((c, (c * 9 + d, c, d + 1, cause)) for c, cause in _PEERS_SE[idx // 9])
                    for idx in range(729) for d in (idx % 9,))

# Per cell: the bits of its nine digits in the 729-bit sets of `StaticLinks`.
CELL_COLUMN = tuple(sum(1 << (d * 81 + c) for d in range(9)) for c in range(81))
ALL81 = (1 << 81) - 1
# Per candidate bit: the same digit in the cells it sees (any candidate there or not).
_PEER_PLANE = tuple(PEER_MASK[i % 81] << (i // 81 * 81) for i in range(729))


def bits729(m: int) -> Iterator[int]:
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low
