"""Alternating-inference search on a `ChainGraph`, breadth first on node bitmasks.

From one premise ("node A is false" or "node A is true") every inference
flips the state: a false node makes its strong partners true, a true node
makes its weak partners false. The search keeps, per depth, the set of nodes
newly reached in that depth's state, so depth k holds shortest chains of k
links. A chain is read back from the layers only for the few results that
are reported, which keeps the search itself to one int OR per node.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..geometry import iter_bits
from .graph import ChainGraph


@dataclass(slots=True)
class Reach:
    """What a premise implies: ``layers[k]`` = nodes first reached after k links.

    The state of depth k is ``start_on`` for even k and the opposite for odd k.
    """

    start: int
    start_on: bool
    layers: list[int]
    on: int  # every node reached true
    off: int  # every node reached false

    def state(self, depth: int) -> bool:
        return self.start_on ^ bool(depth & 1)

    def depth_of(self, node: int, on: bool) -> int:
        """Smallest depth at which ``node`` is reached in state ``on``; -1 if never."""
        for k, layer in enumerate(self.layers):
            if layer >> node & 1 and self.state(k) == on:
                return k
        return -1


def explore(g: ChainGraph, start: int, start_on: bool, max_links: int = 1000,
            avoid_on: int = 0, avoid_off: int = 0) -> Reach:
    """Every node the premise reaches by alternating inferences, up to ``max_links``.

    ``avoid_on``/``avoid_off``: nodes the chain may not pass through in that state.
    """
    strong, weak = g.strong, g.weak
    frontier = 1 << start
    on_seen = (frontier if start_on else 0) | avoid_on
    off_seen = (0 if start_on else frontier) | avoid_off
    layers = [frontier]
    is_on = start_on
    for _ in range(max_links):
        nxt = 0
        adj = weak if is_on else strong
        f = frontier
        while f:  # highest node first: one wide-int operation fewer per node than peeling the lowest
            k = f.bit_length() - 1
            nxt |= adj[k]
            f ^= 1 << k
        is_on = not is_on
        if is_on:
            nxt &= ~on_seen
            on_seen |= nxt
        else:
            nxt &= ~off_seen
            off_seen |= nxt
        if not nxt:
            break
        layers.append(nxt)
        frontier = nxt
    return Reach(start, start_on, layers, on_seen, off_seen)


def chain_to(g: ChainGraph, reach: Reach, node: int, depth: int) -> list[int]:
    """The node ids of a shortest chain from the premise to ``node`` at ``depth``."""
    path = [node]
    cur = node
    for k in range(depth - 1, -1, -1):
        # The previous node was in state(k); it reached cur through a weak link if true.
        adj = g.weak if reach.state(k) else g.strong
        prev = adj[cur] & reach.layers[k]
        if not prev:
            raise AssertionError("broken chain layers")
        cur = (prev & -prev).bit_length() - 1
        path.append(cur)
    path.reverse()
    return path


def is_simple(path: list[int]) -> bool:
    return len(set(path)) == len(path)


def simple_chain(g: ChainGraph, reach: Reach, node: int, depth: int, max_links: int) -> list[int] | None:
    """A chain to ``node`` at ``depth`` or deeper that visits no node twice, or None.

    The shortest chain may pass a node in both states; then search again with
    one of the two passages barred (the one that is neither start nor end).
    """
    closed = node == reach.start

    def ok(p: list[int]) -> bool:
        return is_simple(p[:-1] if closed else p)

    path = chain_to(g, reach, node, depth)
    if ok(path):
        return path
    target_on = reach.state(depth)
    avoid = {True: 0, False: 0}
    for _ in range(4):
        first: dict[int, int] = {}
        last = len(path) - 1
        for k, i in enumerate(path):
            if i not in first:
                first[i] = k
                continue
            j = first[i]
            bar = j if k == last and not closed else k
            avoid[reach.state(bar)] |= 1 << i
        avoid[target_on] &= ~(1 << node)
        avoid[reach.start_on] &= ~(1 << reach.start)
        r = explore(g, reach.start, reach.start_on, max_links, avoid[True], avoid[False])
        d = r.depth_of(node, target_on)
        if d < 0:
            return None
        path = chain_to(g, r, node, d)
        if ok(path):
            return path
        reach = r
    return None


def first_hit(reach: Reach, mask: int, on: bool) -> tuple[int, int] | None:
    """(node, depth) of the shallowest node of ``mask`` reached in state ``on``."""
    for k, layer in enumerate(reach.layers):
        if reach.state(k) == on and layer & mask:
            hit = layer & mask
            return (hit & -hit).bit_length() - 1, k
    return None


__all__ = ["Reach", "chain_to", "explore", "first_hit", "is_simple", "iter_bits"]
