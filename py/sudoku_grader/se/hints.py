"""SE's hint model: potentials (`Pot`), search nodes (`Node`), chaining hints (`Chain`), and
SE's complexity (ancestor count) and its rating increment (`length_increment`).

A *potential* is a candidate assumed on or off; it remembers its parents (the potentials that
imply it) so that a hint can count its ancestors: SE's *complexity*, which sets the rating
increment. The searches of `search` make nodes or Pots; a hint keeps its chains' ends.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeAlias, cast

from ..board import Board
from ..geometry import HOUSE_MASK
from ..geometry import iter_bits as bits
from .rules import CELL_HOUSES_SE, DIGITS_OF

if TYPE_CHECKING:
    from .chaining import Chaining

# Why a potential holds: the cell's last candidate, the last place in its block, row or column,
# or a rule run on the reduced grid (nested chains).
NAKED, HID_BLOCK, HID_ROW, HID_COL, ADVANCED = 0, 1, 2, 3, 4
KIND_CAUSE = (HID_ROW, HID_COL, HID_BLOCK)  # by geometry's house kind (house // 9)
# Per cell: (house mask, cause) for its block, row and column, in SE's order.
CELL_REGIONS = tuple(tuple((HOUSE_MASK[h], KIND_CAUSE[h // 9]) for h in CELL_HOUSES_SE[c]) for c in range(81))
# Per cell and cause: the house mask it stands for.
_CAUSE_MASK = tuple({cause: mask for mask, cause in CELL_REGIONS[c]} for c in range(81))

# A node of the multiple, dynamic and nested searches: the facts of a `Pot` as a plain tuple,
# read by the field numbers below. Its fields: the candidate (cell * 9 + digit - 1), on, the
# cause, the first parent node or None, the further parent nodes (a list or ()), the nested
# Chain or None, and the node's and its ancestors' keys (candidate * 2 + on) as a 1458-bit mask,
# so that its ancestor count is one popcount. `_pots_of` turns the chains of hints into Pots.
#
# Why two forms: the searches make a node for every potential they reach (most are never
# shown), and a tuple display is the cheapest object Python makes; a hint's chains become Pots
# only when shown. One form costs time: nodes as a NamedTuple (the same tuple with named
# fields) made SE 8% slower (`scripts/se_benchmark.py top1465-200 --every 10 --ab`, 9.x: 10%),
# and Pots (a class with ``__init__``) cost more still.
N_IDX: Final = 0
N_ON: Final = 1
N_CAUSE: Final = 2
N_PARENT: Final = 3
N_MORE: Final = 4
N_NESTED: Final = 5
N_MASK: Final = 6
Node: TypeAlias = "tuple[int, bool, int | None, Node | None, Sequence[Node], Chain | None, int]"


class Pot:
    """A candidate assumed on or off, with the potentials that imply it."""

    __slots__ = ("cell", "digit", "on", "parents", "cause", "nested", "idx", "key")

    def __init__(self, cell: int, digit: int, on: bool, parent: Pot | None = None,
                 cause: int | None = None) -> None:
        self.cell = cell
        self.digit = digit
        self.on = on
        self.parents: list[Pot] = [parent] if parent is not None else []
        self.cause = cause
        self.nested: Chain | None = None
        self.idx = cell * 9 + digit - 1
        self.key = self.idx * 2 + (1 if on else 0)


def length_increment(complexity: int) -> float:
    """SE's rating increment for a chain of the given complexity (ancestor count)."""
    added = 0.0
    ceil = 4
    length = complexity - 2
    odd = False
    while length > ceil:
        added += 0.1
        ceil = ceil * 3 // 2 if not odd else ceil * 4 // 3
        odd = not odd
    return added


def ancestor_count(target: Pot) -> int:
    seen: set[int] = set()
    todo = [target]
    while todo:
        nxt = []
        for p in todo:
            k = p.key
            if k not in seen:
                seen.add(k)
                nxt.extend(p.parents)
        todo = nxt
    return len(seen)


def chain_of(target: Pot) -> list[Pot]:
    """Distinct potentials of a chain, breadth first from the target."""
    seen: set[int] = set()
    out: list[Pot] = []
    todo = [target]
    while todo:
        nxt = []
        for p in todo:
            k = p.key
            if k not in seen:
                seen.add(k)
                out.append(p)
                nxt.extend(p.parents)
        todo = nxt
    return out


class Chain:
    """A chaining hint: what it removes or places, its chain ends (targets), SE's complexity and rating.

    The ends are Pots, or the search nodes (`Node`) of the multiple, dynamic and nested searches:
    then the complexity is read from the nodes' ancestor masks, and the Pots are built only when
    ``targets`` is asked for (most hints are never shown).
    """

    __slots__ = ("rule", "kind", "name", "removals", "_ends", "_targets", "source", "sort_key",
                 "complexity", "difficulty", "cell", "value", "data", "_steps", "_step")

    def __init__(self, rule: Chaining, kind: str, removals: dict[int, int], targets: list[Pot] | list[Node],
                 base: float | None, sort_key: int, source: Pot | None = None,
                 result: Pot | Node | None = None) -> None:
        self.rule = rule
        self.kind = kind
        self.name = kind
        self.removals = removals
        nodes = bool(targets) and isinstance(targets[0], tuple)
        self._ends = cast(list[Any], targets)  # Pots or nodes, as ``nodes`` says
        self._targets: list[Pot] | None = None if nodes else self._ends
        self.source = source
        self.sort_key = sort_key
        self.cell: int | None = None
        self.value = 0
        self.data: dict[str, Any] = {}
        self._steps: list[tuple[int, int, int]] | None = None  # `_rule_steps`, once asked for
        self._step: Chain | None = None  # `as_step`, once asked for
        b = base if base is not None else rule.difficulty()
        if not self.is_worth():  # removes nothing: the producers drop it, so it needs no count
            self.complexity, self.difficulty = 0, b
        else:
            ends = self._ends
            if nodes:  # a node's mask holds its ancestors' keys
                flat = sum(t[N_MASK].bit_count() for t in ends)
            elif kind in ("cycle",):
                flat = ancestor_count(ends[0])
            else:
                flat = sum(ancestor_count(t) for t in ends)
            # Only a nested rule (level 1 and up) puts chains inside chains.
            self.complexity = flat + (self._nested_complexity() if rule.level else 0)
            self.difficulty = b + length_increment(self.complexity)
        if result is not None:
            if isinstance(result, tuple):
                if result[1]:
                    self.cell, d = divmod(result[0], 9)
                    self.value = d + 1
            elif result.on:
                self.cell = result.cell
                self.value = result.digit

    @property
    def targets(self) -> list[Pot]:
        if self._targets is None:
            self._targets = _pots_of(self._ends)
        return self._targets

    def _walk(self) -> Iterator[list[tuple[int, bool, int | None, Chain | None]]]:
        """Per chain end, its potentials breadth first from the end, each key once (as `chain_of`):
        (candidate, on, cause, nested chain)."""
        nodes = bool(self._ends) and isinstance(self._ends[0], tuple)
        for t in self._ends:
            seen: set[int] = set()
            out: list[tuple[int, bool, int | None, Chain | None]] = []
            todo: list[Any] = [t]  # Pots or nodes
            while todo:
                nxt: list[Any] = []
                for p in todo:
                    if nodes:
                        key = p[N_IDX] * 2 + p[N_ON]
                        if key in seen:
                            continue
                        seen.add(key)
                        out.append((p[N_IDX], p[N_ON], p[N_CAUSE], p[N_NESTED]))
                        if p[N_PARENT] is not None:
                            nxt.append(p[N_PARENT])
                        nxt.extend(p[N_MORE])
                    else:
                        if p.key in seen:
                            continue
                        seen.add(p.key)
                        out.append((p.idx, p.on, p.cause, p.nested))
                        nxt.extend(p.parents)
                todo = nxt
            yield out

    def _nested_complexity(self) -> int:
        total = 0
        seen: set[int] = set()
        for chain in self._walk():
            for _idx, _on, _cause, nested in chain:
                if nested is not None and id(nested) not in seen:
                    seen.add(id(nested))
                    total += nested.complexity
        return total

    def is_worth(self) -> bool:
        return any(self.removals.values())

    def removal_list(self) -> list[tuple[int, int]]:
        return [(c, d) for c in sorted(self.removals) for d in DIGITS_OF[self.removals[c]]]

    def chain_rule_parents(self, src: Board, cur: Board) -> list[tuple[int, int]]:
        """SE's collectRuleParents: candidates gone between src and cur that the chain's 'on' steps relied on."""
        out: dict[tuple[int, int], None] = {}
        for cell, d, cause in self._rule_steps():
            if cause == NAKED:
                for v in DIGITS_OF[src.cands[cell] & ~cur.cands[cell]]:
                    out[(cell, v)] = None
            else:
                gone = src.digit_cells[d + 1] & ~cur.digit_cells[d + 1] & _CAUSE_MASK[cell][cause]
                for c in bits(gone):
                    out[(c, d + 1)] = None
        return list(out)

    def as_step(self) -> Chain:
        """This hint as one step of an outer chain: a copy without its chains, which holds what
        the outer search and its hints read (removals, `_rule_steps`, complexity) and lets the
        chains go (`Chaining.implied` keeps many hint lists). One copy per hint: a hint kept
        from grid to grid (`Kept`) stays one object, as the outer chain counts each nested
        chain once (`_nested_complexity`)."""
        if self._step is None:
            self._rule_steps()
            step = self._step = Chain.__new__(Chain)
            for name in Chain.__slots__:
                setattr(step, name, getattr(self, name))
            step._ends = []
            step._targets = []
            step.data = _NO_DATA
            step._step = None  # no cycle: the copy goes with its list
        return self._step

    def _rule_steps(self) -> list[tuple[int, int, int]]:
        """The chain's 'on' steps that a cell or house made (cell, digit - 1, cause), each once,
        in the order `chain_rule_parents` meets them: read from the chains once per hint, as a
        nested search asks for one hint's parents on many grids (`Chaining.implied`)."""
        if self._steps is None:
            # A source has no cause: a cell or region chain's sources are its cell's or house's.
            root = NAKED if self.kind == "cell" else KIND_CAUSE[self.data["region"] // 9] \
                if self.kind == "region" else None
            steps: dict[tuple[int, int], None] = {}
            for chain in self._walk():
                for idx, on, cause, _nested in chain:
                    if on:
                        cause = root if cause is None else cause
                        if cause is not None and cause != ADVANCED:
                            steps[(idx, cause)] = None
            self._steps = [_RULE_STEP[idx * 5 + cause] for idx, cause in steps]
        return self._steps


def _pots_of(ends: list[Node]) -> list[Pot]:
    """The `Pot` chains of search nodes, each node built once (as the searches' own Pots were)."""
    made: dict[int, Pot] = {}  # by id(node); the nodes live as long as ``ends``
    for end in ends:
        todo = [end]
        while todo:
            n = todo[-1]
            if id(n) in made:
                todo.pop()
                continue
            first, more = n[N_PARENT], n[N_MORE]
            missing = [q for q in ([first, *more] if first is not None else more) if id(q) not in made]
            if missing:
                todo.extend(missing)
                continue
            todo.pop()
            cell, d = divmod(n[N_IDX], 9)
            pot = Pot(cell, d + 1, n[N_ON], made[id(first)] if first is not None else None, n[N_CAUSE])
            for q in more:
                pot.parents.append(made[id(q)])
            pot.nested = n[N_NESTED]
            made[id(n)] = pot
    return [made[id(e)] for e in ends]


# `Chain._rule_steps`' steps (cell, digit - 1, cause) by candidate * 5 + cause, made once (the
# kept hints share them).
_RULE_STEP = tuple((i // 5 // 9, i // 5 % 9, i % 5) for i in range(729 * 5))
_NO_DATA: dict[str, Any] = {}  # the data of a hint kept as a step (`Chain.as_step`): none is read


# A grid as a key: its values and candidates.
GridKey = tuple[tuple[int, ...], tuple[int, ...]]
# One implication step a rule gives on a chain's reduced grid: the candidates it removes, its
# rule parents (the candidates gone from the start grid that made its pattern appear; never
# none: a pattern already in the start grid is no step of the chain) and the nested chain if
# it is one. Candidates as cell * 9 + digit - 1.
Implied = tuple[list[int], list[int], "Chain | None"]
