"""SE's chaining hints as the package's `Step` records: effect, highlights, links, Eureka text."""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board
from ..geometry import cell_name, house_name
from ..step import Link, Mark, Step
from .chaining import Chaining
from .hints import Chain, Pot, chain_of
from .kept import Memo
from .outline import se_net
from .rules import Producer


def chaining(multiple: bool, dynamic: bool, nishio: bool, level: int, memo: Memo | None = None) -> Producer:
    """The SE producer ``Chaining(multiple, dynamic, nishio, level)``: its hints as steps, best first.
    It keeps its results in ``memo`` (the rating's, shared by its producers), else in its own."""
    engine = Chaining(multiple, dynamic, nishio, level, memo)

    def produce(board: Board) -> Iterator[Step]:
        # SE's solver takes the first hint only: it is found without the whole list, which is
        # built only if the caller asks for more (its first hint is the same one).
        first = engine.first_hint(board)
        if first is None:
            return
        yield to_step(first, board)
        rest = engine.hints(board)
        next(rest, None)
        for hint in rest:
            yield to_step(hint, board)

    return produce


def _node(p: Pot) -> str:
    return f"({p.digit}){cell_name(p.cell)}"


def main_line(target: Pot) -> list[Pot]:
    """The chain from its assumption to the target along first parents."""
    out = [target]
    p = target
    while p.parents:
        p = p.parents[0]
        out.append(p)
    out.reverse()
    return out


def eureka(target: Pot) -> str:
    """Eureka-like notation of the main line: '=' strong (off => on), '-' weak (on => off)."""
    line = main_line(target)
    text = _node(line[0]) if line[0].on else f"{_node(line[0])}"
    for prev, cur in zip(line, line[1:]):
        text += ("=" if (not prev.on and cur.on) else "-") + _node(cur)
    return text


def chain_links(targets: list[Pot]) -> list[Link]:
    """Every parent -> child inference of the chains, sources first."""
    links: list[Link] = []
    seen: set[tuple[int, int]] = set()
    for t in targets:
        for p in reversed(chain_of(t)):
            for q in p.parents:
                k = (q.key, p.key)
                if k in seen:
                    continue
                seen.add(k)
                links.append(Link(1 << q.cell, q.digit, 1 << p.cell, p.digit, (not q.on) and p.on))
    return links


def chain_highlights(targets: list[Pot]) -> list[Mark]:
    marks: dict[tuple[int, int], str] = {}
    for t in targets:
        for p in chain_of(t):
            marks.setdefault((p.cell, p.digit), "chain-on" if p.on else "chain-off")
    return [Mark(c, d, role) for (c, d), role in marks.items()]


def effect(hint: Chain) -> str:
    if hint.cell is not None:
        return f"{cell_name(hint.cell)}={hint.value}"
    return ", ".join(f"{cell_name(c)}<>{d}" for c, d in hint.removal_list())


def to_step(hint: Chain, board: Board) -> Step:
    """A Step for an SE chaining hint found on ``board``: links, highlights, the chain in Eureka
    notation and, for a forcing chain, its outline (`outline.se_net`)."""
    placements = [(hint.cell, hint.value)] if hint.cell is not None else []
    eliminations = [] if placements else hint.removal_list()
    extra: dict[str, object] = {"se_difficulty": round(hint.difficulty, 1), "se_name": hint.name}
    level = hint.rule.level
    if level >= 2:
        extra["nesting_level"] = level
    extra["complexity"] = hint.complexity
    extra["length"] = hint.complexity
    if hint.kind != "cycle":
        extra["branches"] = len(hint.targets)
    lines = [eureka(t) for t in hint.targets]
    if hint.kind == "cycle":
        text = (f"{hint.name}: the loop {lines[0]} alternates strong and weak links, so every "
                f"candidate that sees both colours of a digit goes: {effect(hint)}.")
    elif hint.kind == "forcing":
        text = (f"{hint.name}: {lines[0]}; the assumption leads to its own opposite, "
                f"so {effect(hint)}.")
    elif hint.kind == "binary":
        src = hint.source
        assumption = f"{cell_name(src.cell)}{'=' if src.on else '<>'}{src.digit}" if src else "?"
        if hint.data.get("absurd"):
            text = (f"{hint.name}: assuming {assumption} forces a candidate both on and off "
                    f"({lines[0]} and {lines[1]}), so {effect(hint)}.")
        else:
            text = (f"{hint.name}: whether {assumption.replace('<>', '=')} is true or false, "
                    f"{lines[0]} and {lines[1]} reach the same result, so {effect(hint)}.")
    else:
        where = (f"cell {cell_name(hint.data['cell'])}" if hint.kind == "cell"
                 else f"the places of {hint.data.get('digit')} in {house_name(hint.data['region'])}")
        text = (f"{hint.name}: every candidate of {where} leads to the same result "
                f"({'; '.join(lines)}), so {effect(hint)}.")
    return Step(hint.rule.technique(hint), hint.name, placements=placements, eliminations=eliminations,
                highlights=chain_highlights(hint.targets), links=chain_links(hint.targets),
                text=text, extra=extra, net=se_net(board, hint, effect(hint)))
