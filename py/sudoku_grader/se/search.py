"""SE's chain searches: from one assumption, every potential it implies, breadth first.

- `implications`: the multiple, dynamic, Nishio and nested producers' search on search nodes
  (`hints.Node`), static (links from `StaticLinks`' tables) or dynamic (on a copy of the grid
  that loses every "off" it reaches), with the nested rules' steps from level 1 on;
- `find_cycles` and `find_forcing`: the cycle and forcing chain searches of Forcing Chains &
  Cycles on integers; only the chains of a hint become `Pot` chains (`materialize`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

from ..board import Board
from ..geometry import iter_bits as bits
from .hints import CELL_REGIONS, N_IDX, N_MASK, NAKED, Node, Pot
from .links import StaticLinks
from .rules import DIGITS_OF

# What the other rules turn off on a reduced grid (`Chaining._advanced`): (reduced grid, start
# grid, the "off"s so far) -> new "off" nodes.
Advanced = Callable[[Board, Board, dict[int, Node]], list[Node]]
# Per candidate (cell * 9 + digit - 1): its cell; its key "off" and "on" as a node mask bit.
_CELL_OF = tuple(i // 9 for i in range(729))
_KEY_OFF = tuple(1 << 2 * i for i in range(729))
_KEY_ON = tuple(1 << 2 * i + 1 for i in range(729))
_NO_PARENTS: Sequence[Node] = ()  # a node's further parents when it has none


def implications(src: Board, to_on: dict[int, Node], to_off: dict[int, Node], links: StaticLinks,
                 dynamic: bool, y_links: bool, level: int = 0, advanced: Advanced | None = None
                 ) -> tuple[tuple[Node, Node] | None, int]:
    """Complete the on/off sets from the assumptions; the first contradiction (on, off), or
    None, and the candidates reached (a mask of candidate bits: the search read the grid
    only around them, `kept.NEAR`). The one search of the multiple, dynamic, Nishio and
    nested producers: ``y_links`` (not Nishio) adds the links inside a cell; from ``level``
    1 on, ``advanced`` gives what the other rules turn off when nothing is pending.

    on -> off: the cell's other candidates (not in Nishio mode) and the digit's other places
    in the cell's block, row and column, from the grid's link table. off -> on: the last
    candidate of a bivalue cell (not in Nishio mode), the last place of the digit in a block,
    row or column. A static chain reads both kinds of links from ``links`` (the grid does not
    change). A dynamic chain works on a copy of the grid from which every "off" it
    reaches is removed: "on" skips what is gone, "off" counts what is left, and the
    candidates gone from the cell or house are the new node's further parents.
    """
    g = src.copy() if dynamic else src  # a static search never changes it
    cands, dcells = g.cands, g.digit_cells
    src_cands, src_dcells = src.cands, src.digit_cells
    links_of, off_on = links.links_of, links.off_on
    # Rules inside nested chains turn candidates off without looking at to_on, so only plain
    # chains may skip the "on"s they already hold.
    plain = level == 0
    # The candidates of to_on and to_off as 729-bit masks (bit cell * 9 + digit - 1), to skip
    # an "on" whose links are all "off" already, and to look for a contradiction only where one is.
    on_bits = off_bits = 0
    for k in to_on:
        on_bits |= 1 << k
    for k in to_off:
        off_bits |= 1 << k
    key_on, key_off = _KEY_ON, _KEY_OFF
    q: Node
    pending_on = deque(to_on.values())
    pending_off = deque(to_off.values())
    while pending_on or pending_off:
        if pending_on:
            p = pending_on.popleft()
            idx = p[N_IDX]
            outs, reach = links_of[idx]
            if reach & on_bits:  # perhaps a contradiction: SE's own order finds the first
                for k, c, v, cause in outs:
                    if k in to_on:
                        if cands[c] >> (v - 1) & 1:  # still in the reduced grid
                            absurd = to_on[k], (k, False, cause, p, (), None, p[N_MASK] | key_off[k])
                            return absurd, on_bits | off_bits if dynamic else _keys(to_on, to_off)
                    elif k not in to_off:
                        q = (k, False, cause, p, (), None, p[N_MASK] | key_off[k])
                        to_off[k] = q
                        pending_off.append(q)
                off_bits |= reach  # what is gone was "off" already
            elif reach | off_bits != off_bits:
                pm = p[N_MASK]
                for k, _c, _v, cause in outs:
                    if k not in to_off:
                        q = (k, False, cause, p, (), None, pm | key_off[k])
                        to_off[k] = q
                        pending_off.append(q)
                off_bits |= reach
        elif not dynamic:  # off -> on from the table of the grid
            p = pending_off.popleft()
            for k, _c, _v, cause in off_on[p[N_IDX]]:
                if k in to_on:
                    continue
                q = (k, True, cause, p, (), None, p[N_MASK] | key_on[k])
                if k in to_off:
                    return (q, to_off[k]), _keys(to_on, to_off)
                to_on[k] = q
                on_bits |= 1 << k
                pending_on.append(q)
        else:
            p = pending_off.popleft()
            idx = p[N_IDX]
            cell = _CELL_OF[idx]
            d = idx - 9 * cell
            bit = 1 << d
            m = cands[cell]
            if y_links and m.bit_count() == 2:
                other = m & ~bit
                if other == m:  # digit absent: SE takes the first value
                    other = m & -m
                k = cell * 9 + other.bit_length() - 1
                if not (plain and k in to_on):
                    mask = p[N_MASK] | key_on[k]
                    gone = src_cands[cell] & ~m
                    if gone:
                        more: Sequence[Node] = [to_off[cell * 9 + w - 1] for w in DIGITS_OF[gone]]
                        for r in more:
                            mask |= r[N_MASK]
                    else:
                        more = _NO_PARENTS
                    q = (k, True, NAKED, p, more, None, mask)
                    if k in to_off:
                        return (q, to_off[k]), on_bits | off_bits
                    if k not in to_on:
                        to_on[k] = q
                        on_bits |= 1 << k
                        pending_on.append(q)
            dc = dcells[d + 1]
            seen = 0
            cb = 1 << cell
            for rm, cause in CELL_REGIONS[cell]:
                pos = dc & rm
                if pos.bit_count() == 2:
                    ob = pos ^ cb if pos & cb else pos & -pos
                    if seen & ob:
                        continue
                    seen |= ob
                    k = (ob.bit_length() - 1) * 9 + d
                    if plain and k in to_on:
                        continue
                    mask = p[N_MASK] | key_on[k]
                    gone = src_dcells[d + 1] & rm & ~pos
                    if gone:
                        more = [to_off[c * 9 + d] for c in bits(gone)]
                        for r in more:
                            mask |= r[N_MASK]
                    else:
                        more = _NO_PARENTS
                    q = (k, True, cause, p, more, None, mask)
                    if k in to_off:
                        return (q, to_off[k]), on_bits | off_bits
                    if k not in to_on:
                        to_on[k] = q
                        on_bits |= 1 << k
                        pending_on.append(q)
            if m & bit:
                cands[cell] = m & ~bit
                dcells[d + 1] = dc & ~cb
        if not pending_on and not pending_off and level > 0:
            assert advanced is not None
            for q in advanced(g, src, to_off):
                if q[N_IDX] not in to_off:
                    to_off[q[N_IDX]] = q
                    off_bits |= 1 << q[N_IDX]
                    pending_off.append(q)
    return None, on_bits | off_bits if dynamic else _keys(to_on, to_off)


def _keys(to_on: dict[int, Node], to_off: dict[int, Node]) -> int:
    """The candidates of ``to_on`` and ``to_off`` as one mask (bit cell * 9 + digit - 1)."""
    reached = 0
    for k in to_on:
        reached |= 1 << k
    for k in to_off:
        reached |= 1 << k
    return reached


def find_cycles(source: Pot, links: StaticLinks, cycles: list[Pot], longest: int = 1 << 30) -> bool:
    """SE's cycle search from ``source`` (on): every way back to it at length 4 or more, up to
    complexity ``longest``; whether it found all of them (a cycle closed at length L holds L
    potentials, and L grows layer by layer, so the search stops at the first longer layer).

    The search runs on integers: a node is (candidate, parent node, cause) in ``nodes``, and
    a pending node carries the "off" candidates of its line as a 729-bit mask for SE's
    ancestor test; only the chains that close a cycle become `Pot` chains.
    """
    on_off, off_on = links.on_off, links.off_on
    src_idx = source.idx
    # An "off" met again turns nothing new on (its first node already did, one layer or
    # more earlier or before it in this one); it only matters when it can close the cycle:
    # when it is a strong partner of the source (links are symmetric).
    partners = links.off_on_mask[src_idx]
    seen_on, seen_off = 1 << src_idx, 0  # candidates already "on" / "off" (bit idx)
    nodes: list[tuple[int, int, int | None]] = [(src_idx, -1, source.cause)]
    made: dict[int, Pot] = {0: source}
    pending_on: list[tuple[int, int, int]] = [(0, src_idx, 0)]  # (node, candidate, its line's "off"s)
    pending_off: list[tuple[int, int, int]] = []
    length = 0
    while pending_on or pending_off:
        length += 1
        for i, idx, line in pending_on:
            for k, _c, _v, cause in on_off[idx]:
                bit = 1 << k
                # SE adds a known "off" again unless it is on this node's own line.
                if not seen_off & bit:
                    seen_off |= bit
                elif line & bit or not partners & bit:
                    continue
                pending_off.append((len(nodes), k, line | bit))
                nodes.append((k, i, cause))
        pending_on = []
        length += 1
        if length > longest:
            return not pending_off
        for i, idx, line in pending_off:
            for k, _c, _v, cause in off_on[idx]:
                if k == src_idx:
                    if length >= 4:
                        end = materialize(i, nodes, made)
                        cycles.append(Pot(source.cell, source.digit, True, end, cause))
                elif not seen_on >> k & 1:
                    seen_on |= 1 << k
                    pending_on.append((len(nodes), k, line))
                    nodes.append((k, i, cause))
        pending_off = []
    return True


def find_forcing(source: Pot, links: StaticLinks) -> Pot | None:
    """SE's forcing chain search from ``source`` (one assumption) to its opposite, on integers
    like `find_cycles`; the only chain end found, as a `Pot` chain, or None."""
    on_off, off_on = links.on_off, links.off_on
    src_idx = source.idx
    from_on = source.on
    seen_on = 1 << src_idx if from_on else 0
    seen_off = 0 if from_on else 1 << src_idx
    nodes: list[tuple[int, int, int | None]] = [(src_idx, -1, source.cause)]
    made = {0: source}
    pending_on = [0] if from_on else []
    pending_off = [] if from_on else [0]
    # The only chain end is the source's opposite, so the first one found is the only one.
    while pending_on or pending_off:
        for i in pending_on:
            for k, _c, _v, cause in on_off[nodes[i][0]]:
                if from_on and k == src_idx:
                    return Pot(source.cell, source.digit, False, materialize(i, nodes, made), cause)
                if not seen_off >> k & 1:
                    seen_off |= 1 << k
                    pending_off.append(len(nodes))
                    nodes.append((k, i, cause))
        pending_on = []
        for i in pending_off:
            for k, _c, _v, cause in off_on[nodes[i][0]]:
                if not from_on and k == src_idx:
                    return Pot(source.cell, source.digit, True, materialize(i, nodes, made), cause)
                if not seen_on >> k & 1:
                    seen_on |= 1 << k
                    pending_on.append(len(nodes))
                    nodes.append((k, i, cause))
        pending_off = []
    return None


def materialize(i: int, nodes: list[tuple[int, int, int | None]], made: dict[int, Pot]) -> Pot:
    """The `Pot` chain of search node ``i`` (candidate, parent node, cause); a static search
    alternates on and off from its roots, which ``made`` holds. Nodes built once are shared, as
    the search's own Pots were."""
    todo: list[int] = []
    while i not in made:
        todo.append(i)
        i = nodes[i][1]
    pot = made[i]
    for j in reversed(todo):
        idx, _parent, cause = nodes[j]
        cell, d = divmod(idx, 9)
        pot = made[j] = Pot(cell, d + 1, not pot.on, pot, cause)
    return pot
