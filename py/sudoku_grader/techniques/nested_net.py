"""Nested forcing nets: the last resort that solves the hardest puzzles in seconds.

A forcing net of level 0 assumes one candidate and follows naked and hidden
singles; when some cell is left without a candidate, or some digit without a
place in a house, the assumption was false. A net of level 1 does the same,
but inside the assumption it also removes every candidate whose own level-0
net fails (and follows the singles that this opens up); level 2 nests level 1
the same way. Each level is sound for the same reason as the one below it: a
candidate removed inside the assumption is false *given* the assumption, so
the contradiction that follows still refutes the assumption.

The search runs on nine 81-bit digit planes, so one level-0 net costs tens of
microseconds and a level-1 refutation a few hundred nets; Sudoku Explainer's
nested forcing chains (the `se_chains` module), which follow SE's own rules and chain
lengths for its rating, take minutes on the same positions. Only the premise
that was refuted is replayed with `chains.net.propagate`, which records why
every fact holds, to explain the step; inner removals that the contradiction
does not need are dropped first, so the explanation is as short as the net
allows.

Level 0 yields every refuted candidate (it is cheap); levels 1 and 2 stop at
the first refuted candidate in digit-then-cell order, because a full scan
costs seconds and every refutation removes just one candidate.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board
from ..chains.graph import cand_id, cand_of
from ..chains.net import Fact, NetResult, fact_text, propagate
from ..chains.outline import Branch, net_branch, outline
from ..geometry import HOUSE_MASK, PEER_MASK, cell_name
from ..step import Mark, Step
from .registry import technique

_HOUSES = tuple(HOUSE_MASK)
_PEERS = tuple(PEER_MASK)
MAX_LEVEL = 2

Planes = list[int]  # nine 81-bit masks: where each digit can still be (placed digits included)
Cand = tuple[int, int]  # (cell, digit index 0..8)


# ------------------------------------------------------------------ fast nets


def _singles(p: Planes, uns: int) -> int:
    """Follow naked and hidden singles in place; the new unsolved mask, or -1 on a contradiction."""
    while True:
        ones = twos = 0
        for m in p:
            twos |= ones & m
            ones |= m
        if uns & ~ones:
            return -1  # a cell without candidates
        found: list[Cand] = []
        naked = uns & ~twos
        while naked:
            b = naked & -naked
            naked ^= b
            for d in range(9):
                if p[d] & b:
                    found.append((b.bit_length() - 1, d))
                    break
        for d in range(9):
            m = p[d]
            for h in _HOUSES:
                x = m & h
                if not x:
                    return -1  # a digit without a place in a house
                if not x & (x - 1) and x & uns:
                    found.append((x.bit_length() - 1, d))
        if not found:
            return uns
        for c, d in found:
            b = 1 << c
            if not uns & b:
                continue
            if not p[d] & b:
                return -1  # two singles of one digit in one house
            _place(p, c, d)
            uns &= ~b


def _place(p: Planes, c: int, d: int) -> None:
    keep = ~(1 << c)
    for e in range(9):
        if e != d:
            p[e] &= keep
    p[d] &= ~_PEERS[c]


def _candidates(p: Planes, uns: int) -> list[Cand]:
    out = []
    for d in range(9):
        m = p[d] & uns
        while m:
            b = m & -m
            m ^= b
            out.append((b.bit_length() - 1, d))
    return out


def _refuted(p: Planes, uns: int, c: int, d: int, level: int) -> bool:
    """Does assuming digit index d in cell c lead, at this nesting level, to a contradiction?"""
    q = p[:]
    _place(q, c, d)
    return _run(q, uns & ~(1 << c), level, None) < 0


def _run(p: Planes, uns: int, level: int, trail: list[Cand] | None) -> int:
    """Singles plus (level >= 1) inner refutations to a fixpoint, in place.

    Returns the unsolved mask, or -1 on a contradiction; ``trail`` collects the
    inner removals in the order they were made.
    """
    uns = _singles(p, uns)
    if uns < 0 or level == 0:
        return uns
    changed = True
    while changed:
        changed = False
        for c, d in _candidates(p, uns):
            if not p[d] >> c & 1 or not uns >> c & 1:
                continue
            if _refuted(p, uns, c, d, level - 1):
                p[d] &= ~(1 << c)
                if trail is not None:
                    trail.append((c, d))
                uns = _singles(p, uns)
                if uns < 0:
                    return -1
                changed = True
    return uns


def _planes(board: Board) -> tuple[Planes, int]:
    p = [board.digit_cells[d] for d in range(1, 10)]
    for c, v in enumerate(board.values):
        if v:
            p[v - 1] |= 1 << c
    return p, board.unsolved


def _apply(p: Planes, uns: int, facts: list[Fact]) -> int:
    """The position after the facts (premises and earlier removals) and their singles; -1 if impossible."""
    for node, on in facts:
        c, digit = cand_of(node)
        d = digit - 1
        if on:
            if not p[d] >> c & 1:
                return -1
            _place(p, c, d)
            uns &= ~(1 << c)
        else:
            p[d] &= ~(1 << c)
        uns = _singles(p, uns)
        if uns < 0:
            return -1
    return uns


# ------------------------------------------------------------------ explanation


class _Proof:
    """Why a list of facts is impossible: inner removals (each with its own proof), then a net."""

    def __init__(self, context: list[Fact], removals: list[tuple[Fact, _Proof]], net: NetResult) -> None:
        self.context = context
        self.removals = removals
        self.net = net

    def size(self) -> int:
        return len(self.net.derivation(self.net.culprits)) + sum(pr.size() for _f, pr in self.removals)


def _holds(board: Board, context: list[Fact], removals: list[Cand], level: int) -> bool:
    """Do these inner removals, made in order and each refuted one level down, end in a contradiction?"""
    p, uns = _planes(board)
    uns = _apply(p, uns, context)
    if uns < 0:
        return True
    for c, d in removals:
        if not p[d] >> c & 1 or not uns >> c & 1 or not _refuted(p, uns, c, d, level - 1):
            return False
        p[d] &= ~(1 << c)
        uns = _singles(p, uns)
        if uns < 0:
            return True
    return False


def _used(proof: _Proof) -> set[Fact]:
    """The context facts that the proof actually relies on, inner proofs included."""
    context = set(proof.context)
    used = {f for f in proof.net.derivation(proof.net.culprits) if f in context}
    for _fact, inner in proof.removals:
        used |= _used(inner) & context
    return used


def _prove(board: Board, context: list[Fact], level: int) -> _Proof:
    """Explain why ``context`` (premise first, then removals already justified) is impossible.

    The fast net is replayed to list the inner removals in the order it made them;
    each gets its own proof one level down, and removals that neither the final
    net nor a later removal's proof relies on are left out.
    """
    trail: list[Cand] = []
    if level > 0:
        p, uns = _planes(board)
        uns = _apply(p, uns, context)
        if uns >= 0:
            _run(p, uns, level, trail)
        if level == 1:  # one fast check costs a net per removal: drop what the contradiction can do without
            for i in range(len(trail) - 1, -1, -1):
                if _holds(board, context, trail[:i] + trail[i + 1:], level):
                    del trail[i]
    removals: list[tuple[Fact, _Proof]] = []
    facts = list(context)
    for c, d in trail:
        node = cand_id(c, d + 1)
        removals.append(((node, False), _prove(board, facts + [(node, True)], level - 1)))
        facts.append((node, False))
    net = propagate(board, facts)
    if removals:
        needed = {f for f in net.derivation(net.culprits) if f[1] is False}
        for fact, inner in reversed(removals):
            if fact in needed:
                needed |= _used(inner)
        kept = [(fact, inner) for fact, inner in removals if fact in needed]
        if len(kept) < len(removals):
            shorter = propagate(board, list(context) + [fact for fact, _inner in kept])
            if shorter.contradiction:  # it should always be; keep the longer proof if not
                removals, net = kept, shorter
    return _Proof(context, removals, net)


def _body(proof: _Proof) -> str:
    """The proof as a sentence: inner removals (each with its own refutation in brackets), then the net."""
    premises = set(proof.context)
    pieces = []
    for (node, _on), inner in proof.removals:
        pieces.append(f"{fact_text((node, False))} [if {fact_text((node, True))}: {_body(inner)}]")
        premises.add((node, False))
    net = proof.net
    steps = net.text([f for f in net.derivation(net.culprits) if f not in premises])
    head = "inside it " + ", ".join(pieces) + "; then " if pieces else ""
    return head + (steps + ", " if steps else "") + net.contradiction


def _branch(proof: _Proof, given: list[Fact]) -> Branch:
    """The proof as an outline branch: each inner removal an implication carrying its own refutation
    as a sub-outline (``net``), then the net's facts up to the contradiction. ``given``: the board's
    open singles, taken as known and never listed as a reason."""
    assume = proof.context[-1]  # every proof's context ends with the candidate it assumes
    known = set(proof.context)
    implications = []
    for fact, inner in proof.removals:
        node = fact[0]
        used = _used(inner)
        implications.append({"move": fact_text(fact), "reason": f"if {fact_text((node, True))}, a net is impossible",
                             "from": [fact_text(f) for f in inner.context[:-1] if f in used and f not in given],
                             "net": outline("contradiction", fact_text((node, True)), [_branch(inner, given)],
                                            fact_text(fact), inner.net.contradiction)})
        known.add(fact)
    rest = net_branch(proof.net, proof.net.culprits, proof.net.contradiction, known)
    return {"assume": fact_text(assume), "implications": implications + rest["implications"],
            "ends": proof.net.contradiction}


def _step(board: Board, c: int, d: int, level: int, given: list[Fact]) -> Step:
    node = cand_id(c, d + 1)
    proof = _prove(board, given + [(node, True)], level)
    facts = proof.net.derivation(proof.net.culprits)
    marks: dict[tuple[int, int], str] = {}
    for f in facts:
        fc, fd = cand_of(f[0])
        marks.setdefault((fc, fd), "chain-on" if f[1] else "chain-off")
    hl = [Mark(x, y, role) for (x, y), role in marks.items()] + [Mark(c, d + 1, "target")]
    inner = "singles" if level == 0 else f"singles and nets of level {level - 1}"
    kind = "a forcing net" if level == 0 else f"a nested forcing net (level {level})"
    before = (f"With the singles already on the board ({', '.join(fact_text(f) for f in given)}): "
              if given else "")
    text = (f"{before}Suppose {cell_name(c)} is {d + 1}: {_body(proof)}. This is {kind}, so {cell_name(c)} "
            f"is not {d + 1}.")
    return Step("nested-forcing-net", "Nested Forcing Net", eliminations=[(c, d + 1)], highlights=hl,
                links=proof.net.links(facts), text=text,
                extra={"kind": "contradiction", "nesting_level": level, "length": proof.size(),
                       "inner": inner, "inner_removals": len(proof.removals)},
                net=outline("contradiction", fact_text((node, True)), [_branch(proof, given)],
                            f"{cell_name(c)}<>{d + 1}", proof.net.contradiction))


@technique("nested-forcing-net", "Nested Forcing Net", family="forcing", level=9.4,
           aliases=("Nested Forcing Nets", "nested net", "forcing net nested"))
def nested_forcing_net(board: Board) -> Iterator[Step]:
    """A candidate whose net (with nets nested inside, up to level 2) contradicts itself is false."""
    p, before = _planes(board)
    uns = _singles(p, before)
    if uns < 0:
        return  # the position is already broken; the engine reports that
    # singles still open on the board (when asked directly on an unsettled position) are
    # taken as given, and named in the explanation
    given = [(cand_id(x, e + 1), True) for e in range(9) for x in range(81)
             if before >> x & 1 and not uns >> x & 1 and p[e] >> x & 1]
    cands = _candidates(p, uns)
    for level in range(MAX_LEVEL + 1):
        found = False
        for c, d in cands:
            if _refuted(p, uns, c, d, level):
                found = True
                yield _step(board, c, d, level, given)
                if level > 0:
                    return
        if found:
            return
