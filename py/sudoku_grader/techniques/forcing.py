"""Forcing chains and forcing nets (HoDoKu's definitions), contradiction and verity forms.

- Contradiction: a premise ("r1c1 is 5", or "r1c1 is not 5") leads to an
  impossible position (a candidate both true and false, a cell without
  candidates, a digit without a place in a house), so the premise is false.
- Verity: every candidate of a cell, or every place of a digit in a house
  (one of them must be true), or both truth values of one candidate, lead to
  the same conclusion, so it holds.

A *chain* follows single inferences along strong and weak links (groups
included); a *net* also combines them (naked and hidden singles inside the
propagation, `chains.net`). Each distinct effect is reported once, with the
shortest derivation.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board
from ..chains.eureka import chain_text
from ..chains.graph import CAND_BITS, GROUPED, ChainGraph, cand_id, cand_of, graph_for, nodes_to_cells
from ..chains.net import Fact, NetResult, fact_text, propagate
from ..chains.outline import Branch, chain_branch, move_text, net_branch, outline
from ..chains.search import Reach, chain_to, explore
from ..chains.steps import chain_links
from ..geometry import cell_name, cells_name, house_name, iter_bits
from ..step import Link, Mark, Step
from .registry import technique

# ----------------------------------------------------------------- chains


def _premise_text(node: int, on: bool) -> str:
    cell, d = cand_of(node)
    return f"{cell_name(cell)}{'=' if on else '<>'}{d}"


def _branch(g: ChainGraph, r: Reach, node: int, on: bool) -> tuple[list[int], list[bool]]:
    depth = r.depth_of(node, on)
    path = chain_to(g, r, node, depth)
    strong = [not r.state(k) for k in range(depth)]  # a false node makes its strong partner true
    return path, strong


class _Chains:
    """Closures of every premise in one position, computed once per find."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.g = graph_for(board, GROUPED)
        self.cache: dict[tuple[int, bool], Reach] = {}

    def reach(self, node: int, on: bool) -> Reach:
        key = (node, on)
        r = self.cache.get(key)
        if r is None:
            r = explore(self.g, node, on)
            self.cache[key] = r
        return r

    def contradiction(self, r: Reach) -> tuple[list[tuple[int, bool]], str] | None:
        """Targets (node, state) whose chains show the premise impossible, and what is impossible."""
        both = r.on & r.off
        if both:
            x = (both & -both).bit_length() - 1
            what = f"{self.g.node(x).digit} in {cell_name_of(self.g, x)}"
            return [(x, True), (x, False)], f"{what} would be both true and false"
        b = self.board
        off = r.off & CAND_BITS
        if not off:
            return None
        alive = had = 0
        offc = [0] * 10
        for d in range(1, 10):
            offc[d] = nodes_to_cells(off, d)
            alive |= b.digit_cells[d] & ~offc[d]
            had |= b.digit_cells[d]
        # a cell that had no candidate before the premise says nothing about the premise
        empty = b.unsolved & had & ~alive
        if empty:
            c = (empty & -empty).bit_length() - 1
            return ([(cand_id(c, e + 1), False) for e in iter_bits(b.cands[c])],
                    f"{cell_name(c)} would have no candidate left")
        house_mask = b.geometry.house_mask
        for d in range(1, 10):
            if not offc[d]:
                continue
            left = b.digit_cells[d] & ~offc[d]
            for h in b.geometry.house_ids:
                hm = house_mask[h]
                if offc[d] & hm and not left & hm:
                    return ([(cand_id(c, d), False) for c in iter_bits(b.digit_cells[d] & hm)],
                            f"{d} would have no place left in {house_name(h)}")
        return None


def cell_name_of(g: ChainGraph, node: int) -> str:
    return cells_name(g.node(node).cells)


def _chain_step(tid: str, name: str, ch: _Chains, branches: list[tuple[int, bool, int, bool]],
                placements: list[tuple[int, int]], eliminations: list[tuple[int, int]], sentence: str,
                kind: str, premise: str = "", why: str = "") -> Step:
    """branches: (premise node, premise state, target node, target state); ``premise`` names the
    cases of a verity (default: the branches' assumptions), ``why`` what a contradiction makes
    impossible."""
    g = ch.g
    texts: list[str] = []
    links: list[Link] = []
    marks: dict[tuple[int, int], str] = {}
    total = 0
    outlined: list[Branch] = []
    for start, on, target, t_on in branches:
        path, strong = _branch(g, ch.reach(start, on), target, t_on)
        total += len(strong)
        outlined.append(chain_branch(ch.board, g, path, on, move_text(g.node(target), t_on)))
        texts.append(chain_text(g, path, strong) if strong else _premise_text(start, on))
        links += chain_links(g, path, strong)
        for k, i in enumerate(path):
            n = g.node(i)
            role = "group" if i >= 729 else ("chain-on" if (on ^ bool(k & 1)) else "chain-off")
            for c in iter_bits(n.cells):
                marks.setdefault((c, n.digit), role)
    hl = [Mark(c, d, r) for (c, d), r in marks.items()]
    hl += [Mark(c, d, "target") for c, d in eliminations + placements]
    effect = ", ".join([f"{cell_name(c)}={d}" for c, d in placements] +
                       [f"{cell_name(c)}<>{d}" for c, d in eliminations])
    if not premise:
        premise = " or ".join(dict.fromkeys(b["assume"] for b in outlined))
    return Step(tid, name, placements=placements, eliminations=eliminations, highlights=hl, links=links,
                text=f"{sentence} Chains: {'; '.join(texts)} => {effect}.",
                extra={"length": total, "branches": len(branches), "kind": kind, "eureka": texts},
                net=outline("contradiction" if kind == "contradiction" else "verity", premise, outlined, effect,
                            why))


def _best(found: dict, key, cost: int, value) -> None:
    old = found.get(key)
    if old is None or old[0] > cost:
        found[key] = (cost, value)


def _depth_sum(ch: _Chains, branches: list[tuple[int, bool, int, bool]]) -> int:
    return sum(ch.reach(s, o).depth_of(t, to) for s, o, t, to in branches)


def _unit_premises(board: Board) -> Iterator[tuple[str, list[int]]]:
    """Sets of candidate nodes of which exactly one is true: a cell's candidates, a digit's places in a house."""
    house_mask = board.geometry.house_mask
    for c in iter_bits(board.unsolved):
        m = board.cands[c]
        if m.bit_count() >= 2:
            yield cell_name(c), [cand_id(c, e + 1) for e in iter_bits(m)]
    for h in board.geometry.house_ids:
        for d in board.geometry.digits:
            pos = board.digit_cells[d] & house_mask[h]
            if pos.bit_count() >= 2:
                yield f"{d} in {house_name(h)}", [cand_id(c, d) for c in iter_bits(pos)]


def _verity(board: Board, ch: _Chains, found: dict, label: str, premises: list[tuple[int, bool]]) -> None:
    """Into ``found``: every candidate that the chains from each premise (one of which holds)
    all turn on, or all turn off, with the shortest set of branches (shared by the verity finders)."""
    common_on = common_off = CAND_BITS
    for node, on in premises:
        r = ch.reach(node, on)
        common_on &= r.on
        common_off &= r.off
        if not (common_on | common_off):
            return
    own = sum(1 << n for n, _ in premises)
    common_on &= ~own & ch.g.present
    common_off &= ~own & ch.g.present
    for x in iter_bits(common_on):
        cell, d = cand_of(x)
        if board.values[cell]:
            continue
        branches = [(n, o, x, True) for n, o in premises]
        _best(found, (((cell, d),), ()), _depth_sum(ch, branches), (branches, label))
    for x in iter_bits(common_off):
        branches = [(n, o, x, False) for n, o in premises]
        _best(found, ((), (cand_of(x),)), _depth_sum(ch, branches), (branches, label))


@technique("forcing-chain-contradiction", "Forcing Chain Contradiction", family="forcing", level=8.0,
           codes=("1301",), aliases=("forcing chain", "contradiction forcing chain", "Nishio Forcing Chain"),
           sizes=(9, 6))
def forcing_chain_contradiction(board: Board) -> Iterator[Step]:
    """A premise whose chains reach an impossible position is false."""
    ch = _Chains(board)
    found: dict = {}
    for node in iter_bits(ch.g.present):
        cell, d = cand_of(node)
        for on in (True, False):
            r = ch.reach(node, on)
            hit = ch.contradiction(r)
            if hit is None:
                continue
            targets, why = hit
            branches = [(node, on, t, s) for t, s in targets]
            effect: tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]] = \
                ((), ((cell, d),)) if on else (((cell, d),), ())
            _best(found, effect, _depth_sum(ch, branches), (branches, why, on))
    for (pl, el), (_c, (branches, why, on)) in sorted(found.items(), key=lambda kv: kv[1][0]):
        cell, d = cand_of(branches[0][0])
        sentence = (f"If {cell_name(cell)} were {'' if on else 'not '}{d}, {why}; so it is "
                    f"{'not ' if on else ''}{d}.")
        yield _chain_step("forcing-chain-contradiction", "Forcing Chain Contradiction", ch, branches,
                          list(pl), list(el), sentence, "contradiction", why=why)


@technique("forcing-chain-verity", "Forcing Chain Verity", family="forcing", level=8.1, codes=("1302",),
           aliases=("verity forcing chain", "Cell Forcing Chains", "Unit Forcing Chains", "Region Forcing Chains",
                    "Double Forcing Chain"),
           sizes=(9, 6))
def forcing_chain_verity(board: Board) -> Iterator[Step]:
    """All candidates of a cell (or places of a digit in a house) lead to the same conclusion."""
    ch = _Chains(board)
    found: dict = {}
    sources = list(_unit_premises(board))
    sources += [(f"{_premise_text(n, True)} or {_premise_text(n, False)}", [n, -1 - n])
                for n in iter_bits(ch.g.present)]
    for label, prem in sources:
        _verity(board, ch, found, label, [(p, True) if p >= 0 else (-1 - p, False) for p in prem])
    for (pl, el), (_c, (branches, label)) in sorted(found.items(), key=lambda kv: kv[1][0]):
        effect = (f"{cell_name(pl[0][0])} is {pl[0][1]}" if pl else f"{cell_name(el[0][0])} is not {el[0][1]}")
        sentence = f"Whichever holds of {label}, the chains give the same result: {effect}."
        yield _chain_step("forcing-chain-verity", "Forcing Chain Verity", ch, branches, list(pl), list(el),
                          sentence, "verity", premise=label)


# ------------------------------------------------------------------- nets


class _Nets:
    """Net propagations of one position; ``subsets`` adds pairs and X-wings to the inner rules,
    ``triples`` naked/hidden triples and swordfish on top (the (+) nets)."""

    def __init__(self, board: Board, subsets: bool, triples: bool = False) -> None:
        self.board = board
        self.subsets = subsets
        self.triples = triples
        self.cache: dict[Fact, NetResult] = {}

    def run(self, fact: Fact) -> NetResult:
        r = self.cache.get(fact)
        if r is None:
            r = propagate(self.board, [fact], locked=True, subsets=self.subsets, triples=self.triples)
            self.cache[fact] = r
        return r

    def inner(self) -> str:
        """The inner rules, as the step's ``extra["inner"]`` names them."""
        return ("singles, locked candidates" + (", pairs, X-wing" if self.subsets else "")
                + (", triples, swordfish" if self.triples else ""))


# Nets first use singles and box-line reductions only; only when that finds nothing do they
# also use naked/hidden pairs and X-wings inside (several times slower). Every instance of the
# first level that finds any is reported.
NET_LEVELS = (False, True)


def _net_step(tid: str, name: str, board: Board, runs: list[tuple[NetResult, tuple[Fact, ...]]],
              placements: list[tuple[int, int]], eliminations: list[tuple[int, int]], sentence: str,
              kind: str, inner: str, label: str = "") -> Step:
    texts: list[str] = []
    links: list[Link] = []
    marks: dict[tuple[int, int], str] = {}
    total = 0
    outlined: list[Branch] = []
    for res, targets in runs:
        facts = res.derivation(targets)
        total += len(facts)
        premise = res.order[0] if res.order else targets[0]
        texts.append(f"{fact_text(premise)}: {res.text(facts[1:])}")
        outlined.append(net_branch(res, targets, res.contradiction or fact_text(targets[0])))
        links += res.links(facts)
        for node, on in facts:
            c, d = cand_of(node)
            marks.setdefault((c, d), "chain-on" if on else "chain-off")
    hl = [Mark(c, d, r) for (c, d), r in marks.items()]
    hl += [Mark(c, d, "target") for c, d in eliminations + placements]
    effect = ", ".join([f"{cell_name(c)}={d}" for c, d in placements] +
                       [f"{cell_name(c)}<>{d}" for c, d in eliminations])
    why = runs[0][0].contradiction if kind == "contradiction" else ""
    return Step(tid, name, placements=placements, eliminations=eliminations, highlights=hl, links=links,
                text=f"{sentence} " + " | ".join(texts),
                extra={"length": total, "branches": len(runs), "kind": kind,
                       "inner": inner},
                net=outline(kind, label or " or ".join(b["assume"] for b in outlined), outlined, effect, why))


@technique("forcing-net-contradiction", "Forcing Net Contradiction", family="forcing", level=8.5,
           codes=("1303",), aliases=("forcing net", "contradiction forcing net", "Forcing Nets"))
def forcing_net_contradiction(board: Board) -> Iterator[Step]:
    """A premise whose consequences (singles included) are impossible is false."""
    found: dict = {}
    for subsets in NET_LEVELS:
        nets = _Nets(board, subsets)
        _net_contradictions(nets, board, found)
        if found:
            break
    yield from _contradiction_steps("forcing-net-contradiction", "Forcing Net Contradiction", board, found,
                                    nets.inner())


def _contradiction_steps(tid: str, name: str, board: Board, found: dict, inner: str) -> Iterator[Step]:
    for (pl, el), (_c, (res, on)) in sorted(found.items(), key=lambda kv: kv[1][0]):
        c, d = (el or pl)[0]
        sentence = (f"If {cell_name(c)} were {'' if on else 'not '}{d}, {res.contradiction}; so it is "
                    f"{'not ' if on else ''}{d}.")
        yield _net_step(tid, name, board, [(res, res.culprits)], list(pl), list(el), sentence, "contradiction",
                        inner)


def _net_contradictions(nets: _Nets, board: Board, found: dict) -> None:
    for d in range(1, 10):
        for cell in iter_bits(board.digit_cells[d]):
            for on in (True, False):
                res = nets.run((cand_id(cell, d), on))
                if not res.contradiction:
                    continue
                effect = ((), ((cell, d),)) if on else (((cell, d),), ())
                _best(found, effect, len(res.derivation(res.culprits)), (res, on))


@technique("forcing-net-verity", "Forcing Net Verity", family="forcing", level=8.6, codes=("1304",),
           aliases=("verity forcing net",))
def forcing_net_verity(board: Board) -> Iterator[Step]:
    """All cases of a cell / a house / a candidate lead, with singles, to the same conclusion."""
    found: dict = {}
    for subsets in NET_LEVELS:
        nets = _Nets(board, subsets)
        _net_verities(nets, board, found)
        if found:
            break
    yield from _verity_steps("forcing-net-verity", "Forcing Net Verity", board, found, nets.inner())


def _verity_steps(tid: str, name: str, board: Board, found: dict, inner: str) -> Iterator[Step]:
    for (pl, el), (_c, (runs, target, label)) in sorted(found.items(), key=lambda kv: kv[1][0]):
        effect = fact_text(target)
        sentence = f"Whichever holds of {label}, the nets give the same result: {effect}."
        yield _net_step(tid, name, board, [(r, (target,)) for r in runs], list(pl), list(el), sentence,
                        "verity", inner, label)


def _net_verities(nets: _Nets, board: Board, found: dict) -> None:
    sources = list(_unit_premises(board))
    for d in range(1, 10):
        for c in iter_bits(board.digit_cells[d]):
            n = cand_id(c, d)
            sources.append((f"{_premise_text(n, True)} or {_premise_text(n, False)}", [n, -1 - n]))
    for label, prem in sources:
        facts = [(p, True) if p >= 0 else (-1 - p, False) for p in prem]
        runs = [nets.run(f) for f in facts]
        if any(r.contradiction for r in runs):
            continue  # the contradiction form covers it
        common_on = common_off = CAND_BITS
        for r in runs:
            common_on &= r.on
            common_off &= r.off
        own = sum(1 << n for n, _ in facts)
        for x in iter_bits(common_on & ~own):
            cell, d = cand_of(x)
            if board.values[cell]:
                continue
            cost = sum(len(r.derivation(((x, True),))) for r in runs)
            _best(found, (((cell, d),), ()), cost, (runs, (x, True), label))
        for x in iter_bits(common_off & ~own):
            cell, d = cand_of(x)
            cost = sum(len(r.derivation(((x, False),))) for r in runs)
            _best(found, ((), ((cell, d),)), cost, (runs, (x, False), label))


# ------------------------------------------------------------- (+) nets

# The (+) nets: the same premises and the same two forms, but inside each premise the net also
# applies naked and hidden triples and swordfish (after singles, locked candidates, pairs and
# X-wings), the "basic techniques" of the forum's forcing nets. Sudoku Explainer's Dynamic Forcing
# Chains (+) stop at pairs and X-wings, which the plain nets' second level already has; the
# triples reach contradictions that otherwise need a net nested inside a net.
#
# Off the default path (measured with scripts/expert_benchmark.py --new forcing-net-plus, interleaved):
# on forum-hardest-1106 (every 15th) and forum-hardest-1905-11plus-sample200 (every 10th) it replaced
# 15 and 6 nested-net steps, but no path stopped needing a nested net (19 of 25 and 7 of 15 either
# way), and one call costs more than the nested net it would replace (median 423 against 322 ms,
# 500 against 292 ms): the rule for staying off the path. It is there by name.


@technique("forcing-net-plus", "Forcing Net (+)", family="forcing", level=9.0, default=False,
           aliases=("Forcing Nets (+)", "forcing net plus", "Forcing Nets with basic techniques"))
def forcing_net_plus(board: Board) -> Iterator[Step]:
    """A premise whose net (with triples and swordfish inside) is impossible is false; failing that,
    all cases of a cell, a house or a candidate whose nets agree.

    One finder for both forms, so the verity form reuses the contradiction form's nets (each
    premise is propagated once). HoDoKu and SudokuWiki try it after their forcing nets and price it
    at their nearest forcing entry (`ratings.mapping`: HoDoKu's Forcing Net, SudokuWiki's cell
    forcing chain): neither has a net with inner subsets and fish, so that entry is a lower bound
    of what such a step asks of a solver.
    """
    nets = _Nets(board, True, True)
    found: dict = {}
    _net_contradictions(nets, board, found)
    if found:
        yield from _contradiction_steps("forcing-net-plus", "Forcing Net (+)", board, found, nets.inner())
        return
    _net_verities(nets, board, found)
    yield from _verity_steps("forcing-net-plus", "Forcing Net (+)", board, found, nets.inner())
