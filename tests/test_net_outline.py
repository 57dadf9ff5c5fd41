"""Forcing chains and nets as outlines (the step JSON's ``"net"``): each branch is a case of the
premise, each implication follows by its stated rule from the moves it names, the branches end
where the step says, and on the branch the solution takes every move is true.

SE's own forcing chains (the ``se-chains`` family but its cycles) carry the same outline, checked
the same way; an implication that a pattern makes on a dynamic (+) chain's grid so far is
re-derived by the package's own technique on the board without the moves it follows from.

Budget: a few seconds (three top95 positions, one nested net).
"""

from __future__ import annotations

import re
from typing import Any

from conftest import puzzle_set
from sudoku_grader.board import Board
from sudoku_grader.engine import Simplest, walk
from sudoku_grader.formats import parse
from sudoku_grader.geometry import HOUSE_MASK, PEER_MASK, cell_name
from sudoku_grader.solver import solve
from sudoku_grader.techniques import get
from sudoku_grader.techniques import nested_net as nn

_SIMPLE = ["full-house", "naked-single", "hidden-single", "locked-candidates-1", "locked-candidates-2",
           "naked-pair", "hidden-pair", "naked-triple", "hidden-triple"]
_FORCING = ["forcing-chain-contradiction", "forcing-chain-verity", "forcing-net-contradiction",
            "forcing-net-verity", "forcing-net-plus", "digit-forcing-chain", "quad-forcing-chain"]
_MOVE = re.compile(r"^((?:r\d+c\d+,?)+)(=|<>)(\d)$")
# rules the checker below re-derives; the inner subsets and fish of nets are checked for provenance only
_LOCAL = ("its cell", "a cell it sees", "naked single", "hidden single", "once in", "the only other",
          "one digit per cell")


def _cells(text: str) -> list[int]:
    out = []
    for part in text.split(","):
        rows, cols = part[1:].split("c")
        out += [(int(r) - 1) * 9 + int(c) - 1 for r in rows for c in cols]
    return out


def _move(text: str) -> tuple[list[int], bool, int]:
    m = _MOVE.match(text)
    assert m, text
    return _cells(m.group(1)), m.group(2) == "=", int(m.group(3))


def _after(board: Board, moves: list[str]) -> list[int]:
    """The board's candidate masks once ``moves`` hold (a placement clears its cell and its peers)."""
    cands = list(board.cands)
    for text in moves:
        cells, on, d = _move(text)
        bit = 1 << (d - 1)
        if not on:
            for c in cells:
                cands[c] &= ~bit
            continue
        if len(cells) == 1:
            cands[cells[0]] &= bit
        seen = ~0
        for c in cells:
            seen &= PEER_MASK[c]
        for p in range(81):
            if seen >> p & 1 and p not in cells:
                cands[p] &= ~bit
    return cands


def _follows(board: Board, imp: dict[str, Any]) -> bool:
    """Does the move follow from its ``from`` moves alone, by a single, a house or a cell?"""
    cands = _after(board, imp["from"])
    cells, on, d = _move(imp["move"])
    bit = 1 << (d - 1)
    if not on:
        return all(not cands[c] & bit for c in cells)
    places = sum(1 << c for c in range(81) if cands[c] & bit and not board.values[c])
    inside = sum(1 << c for c in cells)
    if len(cells) == 1 and cands[cells[0]] == bit:
        return True  # naked single (or the cell's only other digit)
    return any(places & h and places & h & ~inside == 0 and inside & h == inside for h in HOUSE_MASK)


# SE's pattern rules inside a dynamic (+) chain, by the outline's reason: our techniques that find them
_PATTERNS = {"pointing or claiming": ("locked-candidates-1", "locked-candidates-2"), "a hidden pair": ("hidden-pair",),
             "a naked pair": ("naked-pair",), "an X-Wing": ("x-wing",)}


def _by_pattern(board: Board, imp: dict[str, Any]) -> bool:
    """Does the pattern the reason names remove the move once its ``from`` moves are gone?"""
    name = imp["reason"].removesuffix(" on the grid so far")
    reduced = board.copy()
    for text in imp["from"]:
        cells, on, d = _move(text)
        assert not on and len(cells) == 1, imp  # a pattern appears as candidates go
        reduced.eliminate(cells[0], d)
    (cell,), on, d = _move(imp["move"])
    assert not on, imp
    return any((cell, d) in step.eliminations for tid in _PATTERNS[name] for step in get(tid).steps(reduced))


def _check_branch(board: Board, branch: dict[str, Any], known: set[str]) -> int:
    """Every implication names moves made before it, and the local rules re-derive; nested nets are
    checked the same way, with the moves of the branch around them known. Returns the number of
    implications checked by rule."""
    have = set(known) | {branch["assume"]}
    ruled = 0
    for imp in branch["implications"]:
        assert imp["from"] or "net" in imp, imp
        for f in imp["from"]:
            assert f in have, (f, imp["move"], branch["assume"])
        if imp["reason"].startswith(_LOCAL):
            assert _follows(board, imp), imp
            ruled += 1
        elif imp["reason"].removesuffix(" on the grid so far") in _PATTERNS:
            assert _by_pattern(board, imp), imp
            ruled += 1
        if "net" in imp:
            inner = imp["net"]
            assert inner["kind"] == "contradiction" and len(inner["branches"]) == 1
            assert inner["branches"][0]["assume"] == imp["move"].replace("<>", "=")
            ruled += _check_branch(board, inner["branches"][0], have)
        have.add(imp["move"])
    moves = [branch["assume"]] + [i["move"] for i in branch["implications"]]
    assert branch["ends"] in moves or " would " in branch["ends"], branch
    return ruled


def _true(text: str, solution: list[int]) -> bool:
    cells, on, d = _move(text)
    return any(solution[c] == d for c in cells) == on


def _check_net(board: Board, js: dict[str, Any], solution: list[int]) -> int:
    net = js["net"]
    effect = [f"{p['cell']}={p['digit']}" for p in js["placements"]] + \
             [f"{e['cell']}<>{e['digit']}" for e in js["eliminations"]]
    assert net["conclusion"] == ", ".join(effect)
    assert net["branches"] and all(b["implications"] or b["assume"] == b["ends"] for b in net["branches"])
    ruled = sum(_check_branch(board, b, set()) for b in net["branches"])
    assumes = [b["assume"] for b in net["branches"]]
    if net["kind"] == "verity":
        # the cases cover every possibility (one of them holds), and each ends in the conclusion
        assert len(set(assumes)) == len(assumes) == js["extra"]["branches"]
        assert all(b["ends"] in effect for b in net["branches"])
        parsed = [_move(a) for a in assumes]
        digits = {d for _c, _on, d in parsed}
        if all(on for _c, on, _d in parsed) and len(digits) == 1:  # places of a digit in a house
            d = digits.pop()
            cells = {c for cs, _on, _d in parsed for c in cs}
            assert any(h & board.digit_cells[d] == sum(1 << c for c in cells) for h in HOUSE_MASK), assumes
        elif all(on for _c, on, _d in parsed):  # candidates of a cell
            (cell,), = {tuple(cs) for cs, _on, _d in parsed}
            assert board.cands[cell] == sum(1 << (d - 1) for _c, _on, d in parsed), assumes
        else:  # one candidate, true or false
            assert len(parsed) == 2 and parsed[0][0] == parsed[1][0] and parsed[0][2] == parsed[1][2]
        # the case the solution takes: every move on it is true
        true_ones = [b for b in net["branches"] if _true(b["assume"], solution)]
        assert len(true_ones) == 1, assumes
        for imp in true_ones[0]["implications"]:
            assert _true(imp["move"], solution), imp
    else:
        assert net["contradiction"] and len(set(assumes)) == 1
        assert not _true(assumes[0], solution)  # the refuted premise is false
        assert net["premise"] == assumes[0]
    for text in effect:
        assert _true(text, solution)
    return ruled


def _stuck(line: str) -> Board:
    return walk(parse(line).board, Simplest(_SIMPLE)).board


def test_every_forcing_technique_outlines_its_steps_soundly() -> None:
    seen: dict[str, int] = {}
    ruled = 0
    for line in puzzle_set("top95")[4:13:4]:
        board = _stuck(line)
        solution = solve(board).solutions[0]
        for tid in _FORCING:
            for k, step in enumerate(get(tid).steps(board)):
                if k == 3:
                    break
                js = step.to_json()
                assert "net" in js, tid
                ruled += _check_net(board, js, solution)
                seen[tid] = seen.get(tid, 0) + 1
    assert set(seen) == set(_FORCING), seen
    assert ruled > 100


_SE_FORCING = ["se-forcing-chain", "se-nishio", "se-cell-forcing-chains", "se-dynamic-forcing-chains",
               "se-dynamic-forcing-chains-plus"]


def test_se_forcing_chains_outline_their_steps_soundly() -> None:
    seen: dict[str, set[str]] = {}
    ruled = patterns = 0
    for line in puzzle_set("top95")[4:13:4]:
        board = _stuck(line)
        solution = solve(board).solutions[0]
        for tid in _SE_FORCING:
            for k, step in enumerate(get(tid).steps(board)):
                if k == 2:
                    break
                js = step.to_json()
                assert "net" in js, (tid, step.name)
                ruled += _check_net(board, js, solution)
                patterns += sum(i["reason"].endswith(" on the grid so far")
                                for b in js["net"]["branches"] for i in b["implications"])
                seen.setdefault(tid, set()).add(js["net"]["kind"])
    assert set(seen) == set(_SE_FORCING), seen
    assert {"contradiction", "verity"} <= set().union(*seen.values())
    assert ruled > 50 and patterns > 0


def test_se_cycles_are_loops_without_a_net() -> None:
    board = _stuck(puzzle_set("top95")[12])
    steps = [s for s, _ in zip(get("se-bidirectional-cycle").steps(board), range(2), strict=False)]
    assert steps and all("net" not in s.to_json() for s in steps)


def test_a_nested_net_has_sub_outlines_for_its_inner_removals() -> None:
    board = _stuck(puzzle_set("forum-hardest-1905-11plus-sample200")[5])
    solution = solve(board).solutions[0]
    p, uns = nn._planes(board)
    uns = nn._singles(p, uns)
    level1 = next((c, d) for c, d in nn._candidates(p, uns)
                  if not nn._refuted(p, uns, c, d, 0) and nn._refuted(p, uns, c, d, 1))
    step = nn._step(board, level1[0], level1[1], 1, [])
    js = step.to_json()
    assert js["net"]["premise"] == f"{cell_name(level1[0])}={level1[1] + 1}"
    _check_net(board, js, solution)
    inner = [i for i in js["net"]["branches"][0]["implications"] if "net" in i]
    assert len(inner) == step.extra["inner_removals"] > 0
    assert all(i["net"]["contradiction"] for i in inner)


def test_steps_without_a_net_have_no_net_field() -> None:
    board = parse(puzzle_set("top95")[4]).board
    step = next(iter(get("hidden-single").steps(board)))
    assert "net" not in step.to_json()
