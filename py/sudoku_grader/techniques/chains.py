"""Chains and loops: X-chain, XY-chain, AIC, continuous and discontinuous nice loops, grouped forms.

All of them are one search (`chains.search.explore`) on different link
tables (`chains.graph.GraphKind`):

- an AIC ``A = ... = Z`` (starts and ends with a strong link): A or Z is
  true, so every candidate that both would rule out goes;
- a continuous nice loop (the AIC closes with a weak link Z - A): every link
  of the loop becomes "exactly one", so whatever sees both ends of any link goes;
- a discontinuous nice loop: from a premise back to the same candidate:
  "A false => A true" places A (HoDoKu writes it as removing the cell's other
  candidates), "A true => A false" removes A.

Per technique, every distinct effect is reported once, by its shortest chain.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from ..board import Board
from ..chains.graph import (
    ALS,
    CAND_BITS,
    CAND_NODES,
    CANDIDATE,
    CANDIDATES,
    GROUPED,
    GROUPED_ALS,
    XY,
    ChainGraph,
    GraphKind,
    cand_of,
    graph_for,
    single_digit,
)
from ..chains.search import Reach, explore, simple_chain
from ..chains.steps import chain_step
from ..geometry import cell_name, cells_name, iter_bits
from ..step import Step
from .options import DEFAULT, Options
from .registry import technique

MAX_LINKS = 20  # HoDoKu's default chain-length restriction is about this size
MAX_GROUPED_LINKS = 16


def _reach(g: ChainGraph, start: int, on: bool, max_links: int) -> Reach:
    """Cached per graph: AIC, nice loops and forcing chains ask for the same premises."""
    cache = g.__dict__.setdefault("_reach", {})
    key = (start, on, max_links)
    r = cache.get(key)
    if r is None:
        r = explore(g, start, on, max_links)
        cache[key] = r
    return r


def _elims(mask: int) -> list[tuple[int, int]]:
    return [cand_of(i) for i in iter_bits(mask & CAND_BITS)]


def _path_cands(g: ChainGraph, path: list[int]) -> int:
    """Candidate-node mask of every candidate a chain node stands on."""
    out = 0
    for i in path:
        n = g.node(i)
        out |= n.cells << ((n.digit - 1) * 81)
    return out


def _alternating(n_links: int, first_strong: bool) -> list[bool]:
    return [(k % 2 == 0) == first_strong for k in range(n_links)]


def _uses_special(g: ChainGraph, path: list[int]) -> bool:
    return any(i >= CAND_NODES for i in path)


def _name_of(g: ChainGraph, i: int) -> str:
    n = g.node(i)
    if n.kind == CANDIDATE:
        return f"{n.digit} in {cell_name(n.cells.bit_length() - 1)}"
    if n.kind == ALS:
        return f"{n.digit} in the ALS {cells_name(n.als_cells)}"
    return f"{n.digit} in {cells_name(n.cells)}"


def _grouped_kinds(options: Options) -> tuple[GraphKind, GraphKind]:
    """Groups alone first (HoDoKu's default), then with ALS nodes of up to ``chain_als_cells`` cells."""
    return GROUPED, replace(GROUPED_ALS, als_cells=options.chain_als_cells)


def _fresh(seen: set[tuple[tuple[int, int], ...]], elims: list[tuple[int, int]]) -> bool:
    key = tuple(sorted(elims))
    if key in seen:
        return False
    seen.add(key)
    return True


def _grouped(search, board: Board, options: Options):
    for kind in _grouped_kinds(options):
        yield from search(board, kind, MAX_GROUPED_LINKS, grouped=True)


# --------------------------------------------------------------------- AIC
def _aic_steps(board: Board, kind: GraphKind, starts_only_cands: bool, max_links: int,
               accept, allow_closed: bool = False) -> Iterator[tuple[ChainGraph, list[int], list[tuple[int, int]]]]:
    """(graph, path, eliminations) of every AIC whose chain ``accept``s, shortest per effect."""
    g = graph_for(board, kind)
    best: dict[tuple[tuple[int, int], ...], tuple[int, list[int]]] = {}
    starts = g.present if starts_only_cands else g.present | (((1 << len(g.nodes)) - 1) >> CAND_NODES << CAND_NODES)
    for a in iter_bits(starts):
        if not g.strong[a]:
            continue
        r = _reach(g, a, False, max_links)
        ka = g.kill[a]
        # only ends that rule out something A rules out can eliminate anything
        partners = 0
        for v in iter_bits(ka):
            partners |= g.killed_by[v]
        if allow_closed:
            partners |= 1 << a
        for k in range(3, len(r.layers), 2):
            layer = r.layers[k] & partners
            for z in iter_bits(layer):
                if z == a and allow_closed:
                    # A false forces A true: A's digit leaves every peer (HoDoKu reports this as the chain)
                    common = ka & (((1 << 81) - 1) << (a // 81 * 81))
                elif z <= a:  # each pair once: the chain read backwards is the same AIC
                    continue
                else:
                    common = ka & g.kill[z]
                    if allow_closed is False and (g.kill[z] >> a & 1 or g.kill[a] >> z & 1):
                        continue  # ends that see each other close a nice loop: reported as a loop
                if not common:
                    continue
                path = simple_chain(g, r, z, k, max_links)
                if path is None and z != a:  # the same AIC read from the other end may be simple
                    r2 = _reach(g, z, False, max_links)
                    k2 = r2.depth_of(a, True)
                    path = simple_chain(g, r2, a, k2, max_links) if k2 > 0 else None
                if path is None or not accept(g, path):
                    continue
                key = tuple(_elims(common))
                old = best.get(key)
                n_links = len(path) - 1
                if old is None or old[0] > n_links:
                    best[key] = (n_links, path)
    for key, (_k, path) in sorted(best.items(), key=lambda kv: kv[1][0]):
        yield g, path, list(key)


def _aic_step(tid: str, name: str, g: ChainGraph, path: list[int], elims: list[tuple[int, int]]) -> Step:
    links = len(path) - 1
    a, z = path[0], path[-1]
    sentence = (f"Either {_name_of(g, a)} or {_name_of(g, z)} is true (if the first is false, the chain makes "
                f"the last true), so every candidate that would rule out both goes.")
    on = [k % 2 == 1 for k in range(len(path))]
    return chain_step(tid, name, g, path, _alternating(links, True), on, [], elims, sentence)


def _single_digit(g: ChainGraph, path: list[int]) -> bool:
    return len({g.node(i).digit for i in path}) == 1


def _xy_shape(g: ChainGraph, path: list[int]) -> bool:
    """Strong links all inside bivalue cells, weak links between cells, same digit at both ends."""
    nodes = [g.node(i) for i in path]
    if nodes[0].digit != nodes[-1].digit or any(n.kind != CANDIDATE for n in nodes):
        return False
    return all((nodes[k].cells == nodes[k + 1].cells) == (k % 2 == 0) for k in range(len(nodes) - 1))


@technique("x-chain", "X-Chain", family="chains", level=6.6, codes=("0701",),
           aliases=("x chain", "X-Cycles", "X-Cycle", "Forcing X-Chain"),
           sizes=(9, 6))
def x_chain(board: Board) -> Iterator[Step]:
    """AIC on one digit: an odd chain of bilocal links whose ends see the eliminations."""
    return x_chains(board)


def x_chains(board: Board, ends_may_meet: bool = False) -> Iterator[Step]:
    """X-Chains; ``ends_may_meet`` also keeps chains whose ends see each other or meet (HoDoKu's
    X-Chain search does, where our X-Chain leaves them to the Nice Loops)."""
    for d in range(1, 10):
        if not board.digit_cells[d]:
            continue
        for g, path, elims in _aic_steps(board, single_digit(d), True, MAX_LINKS, lambda g, p: True,
                                         allow_closed=ends_may_meet):
            yield _aic_step("x-chain", "X-Chain", g, path, elims)


@technique("xy-chain", "XY-Chain", family="chains", level=6.7, codes=("0702",), aliases=("xy chain",),
           sizes=(9, 6))
def xy_chain(board: Board) -> Iterator[Step]:
    """A chain of bivalue cells, each joined to the next by a shared digit."""
    for g, path, elims in _aic_steps(board, XY, True, MAX_LINKS, _xy_shape, allow_closed=True):
        yield _aic_step("xy-chain", "XY-Chain", g, path, elims)


@technique("aic", "AIC", family="chains", level=7.0, codes=("0708",),
           aliases=("Alternating Inference Chain", "Alternating Inference Chains", "Forcing Chain (XY)"),
           sizes=(9, 6))
def aic(board: Board) -> Iterator[Step]:
    """Alternating inference chain over candidates of several digits."""
    def accept(g: ChainGraph, p: list[int]) -> bool:
        return not _single_digit(g, p) and not _xy_shape(g, p)

    for g, path, elims in _aic_steps(board, CANDIDATES, True, MAX_LINKS, accept):
        yield _aic_step("aic", "AIC", g, path, elims)


@technique("grouped-aic", "Grouped AIC", family="chains", level=7.2, codes=("0711",),
           aliases=("AIC with Groups", "AIC with ALSs", "Grouped X-Cycles", "Grouped X-Cycle"),
           options=("chain_als_cells",),
           sizes=(9, 6))
def grouped_aic(board: Board, options: Options = DEFAULT) -> Iterator[Step]:
    """AIC whose nodes may be groups (a digit in a box-line intersection) or ALS digits."""
    seen: set[tuple[tuple[int, int], ...]] = set()
    for kind in _grouped_kinds(options):
        for g, path, elims in _aic_steps(board, kind, False, MAX_GROUPED_LINKS, _uses_special):
            if _fresh(seen, elims):
                yield _aic_step("grouped-aic", "Grouped AIC", g, path, elims)


# --------------------------------------------------------------- nice loops
def _continuous(board: Board, kind: GraphKind, max_links: int, grouped: bool
                ) -> Iterator[tuple[ChainGraph, list[int], list[tuple[int, int]]]]:
    g = graph_for(board, kind)
    best: dict[tuple[tuple[int, int], ...], tuple[int, list[int]]] = {}
    seen_loops: set[frozenset[int]] = set()
    starts = g.present | ((((1 << len(g.nodes)) - 1) >> CAND_NODES << CAND_NODES) if grouped else 0)
    for a in iter_bits(starts):
        if not g.strong[a]:
            continue
        r = _reach(g, a, False, max_links)
        for k in range(3, len(r.layers), 2):
            closing = r.layers[k] & g.weak[a]
            for z in iter_bits(closing):
                path = simple_chain(g, r, z, k, max_links)
                if path is None or (grouped and not _uses_special(g, path)):
                    continue
                if not grouped and _uses_special(g, path):
                    continue
                loop_key = frozenset(path)
                if loop_key in seen_loops:
                    continue
                seen_loops.add(loop_key)
                loop = path + [a]
                elim = 0
                for u, v in zip(loop, loop[1:]):
                    elim |= g.kill[u] & g.kill[v]
                    elim |= _als_locked(board, g, u, v)
                elim &= ~_path_cands(g, path)
                if not elim:
                    continue
                key = tuple(_elims(elim))
                old = best.get(key)
                if old is None or old[0] > k:
                    best[key] = (k, loop)
    for key, (_k, loop) in sorted(best.items(), key=lambda kv: kv[1][0]):
        yield g, loop, list(key)


def _als_locked(board: Board, g: ChainGraph, u: int, v: int) -> int:
    """In a continuous loop through an ALS (entered by x, left by y) exactly one of x, y is out of the
    ALS, so its other digits are locked inside: remove them from cells that see all their ALS cells."""
    a, b = g.node(u), g.node(v)
    if a.kind != ALS or b.kind != ALS or a.als_cells != b.als_cells:
        return 0
    out = 0
    for z in iter_bits(a.als_digits & ~(1 << (a.digit - 1)) & ~(1 << (b.digit - 1))):
        zcells = board.digit_cells[z + 1] & a.als_cells
        seen = board.digit_cells[z + 1] & ~a.als_cells
        for c in iter_bits(zcells):
            seen &= g.geometry.peer_mask[c]
        out |= seen << (z * 81)
    return out


def _cnl_step(tid: str, name: str, g: ChainGraph, loop: list[int], elims: list[tuple[int, int]]) -> Step:
    sentence = ("The loop alternates strong and weak links all the way round, so every link holds exactly "
                "one true end; candidates that see both ends of a link go.")
    on = [k % 2 == 1 for k in range(len(loop))]
    return chain_step(tid, name, g, loop, _alternating(len(loop) - 1, True), on, [], elims, sentence)


def _discontinuous(board: Board, kind: GraphKind, max_links: int, grouped: bool
                   ) -> Iterator[tuple[ChainGraph, list[int], list[tuple[int, int]], bool]]:
    """(graph, loop, eliminations, set_value) for each candidate a loop through it decides."""
    g = graph_for(board, kind)
    best: dict[tuple[tuple[int, int], ...], tuple[int, list[int], bool]] = {}
    for a in iter_bits(g.present):
        cell, digit = cand_of(a)
        for start_on in (False, True):
            if not (g.weak[a] if start_on else g.strong[a]):
                continue
            r = _reach(g, a, start_on, max_links)
            depth = r.depth_of(a, not start_on)
            if depth < 3:
                continue
            path = simple_chain(g, r, a, depth, max_links)
            if path is None or grouped != _uses_special(g, path):
                continue
            if start_on:
                elims = [(cell, digit)]
            else:  # A false forces A true: A is the cell's value
                elims = [(cell, e + 1) for e in iter_bits(board.cands[cell]) if e + 1 != digit]
                if not elims:
                    continue
            key = tuple(sorted(elims))
            old = best.get(key)
            if old is None or old[0] > depth:
                best[key] = (depth, path, not start_on)
    for key, (_k, path, set_value) in sorted(best.items(), key=lambda kv: kv[1][0]):
        yield g, path, list(key), set_value


def _dnl_step(tid: str, name: str, g: ChainGraph, loop: list[int], elims: list[tuple[int, int]],
              set_value: bool) -> Step:
    a = _name_of(g, loop[0])
    if set_value:
        sentence = f"If {a} were false, the loop would make it true; so it is true and the cell's other candidates go."
        strong = _alternating(len(loop) - 1, True)
        on = [k % 2 == 1 for k in range(len(loop))]
    else:
        sentence = f"If {a} were true, the loop would make it false; so it is false."
        strong = _alternating(len(loop) - 1, False)
        on = [k % 2 == 0 for k in range(len(loop))]
    return chain_step(tid, name, g, loop, strong, on, [], elims, sentence, {"set_value": set_value})


@technique("continuous-nice-loop", "Continuous Nice Loop", family="chains", level=7.0, codes=("0706",),
           aliases=("cnl", "nice loop", "X-Cycle continuous"),
           sizes=(9, 6))
def continuous_nice_loop(board: Board) -> Iterator[Step]:
    """A closed alternating loop: every weak link becomes strong."""
    for g, loop, elims in _continuous(board, CANDIDATES, MAX_LINKS, grouped=False):
        yield _cnl_step("continuous-nice-loop", "Continuous Nice Loop", g, loop, elims)


@technique("discontinuous-nice-loop", "Discontinuous Nice Loop", family="chains", level=7.0, codes=("0707",),
           aliases=("dnl",),
           sizes=(9, 6))
def discontinuous_nice_loop(board: Board) -> Iterator[Step]:
    """A loop that breaks the alternation at one candidate: it decides that candidate."""
    for g, loop, elims, set_value in _discontinuous(board, CANDIDATES, MAX_LINKS, grouped=False):
        yield _dnl_step("discontinuous-nice-loop", "Discontinuous Nice Loop", g, loop, elims, set_value)


@technique("grouped-continuous-nice-loop", "Grouped Continuous Nice Loop", family="chains", level=7.2,
           codes=("0709",), aliases=("gcnl", "grouped nice loop"), options=("chain_als_cells",),
           sizes=(9, 6))
def grouped_continuous_nice_loop(board: Board, options: Options = DEFAULT) -> Iterator[Step]:
    """Continuous nice loop with group or ALS nodes."""
    seen: set[tuple[tuple[int, int], ...]] = set()
    for g, loop, elims in _grouped(_continuous, board, options):
        if _fresh(seen, elims):
            yield _cnl_step("grouped-continuous-nice-loop", "Grouped Continuous Nice Loop", g, loop, elims)


@technique("grouped-discontinuous-nice-loop", "Grouped Discontinuous Nice Loop", family="chains", level=7.2,
           codes=("0710",), aliases=("gdnl",), options=("chain_als_cells",),
           sizes=(9, 6))
def grouped_discontinuous_nice_loop(board: Board, options: Options = DEFAULT) -> Iterator[Step]:
    """Discontinuous nice loop with group or ALS nodes."""
    seen: set[tuple[tuple[int, int], ...]] = set()
    for g, loop, elims, set_value in _grouped(_discontinuous, board, options):
        if _fresh(seen, elims):
            yield _dnl_step("grouped-discontinuous-nice-loop", "Grouped Discontinuous Nice Loop", g, loop, elims,
                        set_value)
