"""Nested forcing nets: the fast bitboard nets agree with the explaining nets, and refute soundly."""

from __future__ import annotations

import random

from conftest import puzzle_set
from sudoku_grader.chains.graph import cand_id
from sudoku_grader.chains.net import propagate
from sudoku_grader.engine import Simplest, walk
from sudoku_grader.formats import parse
from sudoku_grader.solver import solve
from sudoku_grader.techniques import default_order, get
from sudoku_grader.techniques import nested_net as nn


def _settled(line: str):  # type: ignore[no-untyped-def]
    """The puzzle after its singles: the positions nets meet on a solve path."""
    return walk(parse(line).board, Simplest(["full-house", "naked-single", "hidden-single"])).board


def _fast(board, cell: int, digit: int):  # type: ignore[no-untyped-def]
    p, uns = nn._planes(board)
    nn._place(p, cell, digit - 1)
    return p, nn._singles(p, uns & ~(1 << cell))


def test_fast_singles_match_the_explaining_net() -> None:
    """For many premises, both nets agree on contradiction, and on every placement otherwise.

    The fast net decides; the explaining net (`chains.net.propagate`) must be able to show
    every refutation, so any difference between them would be an unexplained step.
    """
    rng = random.Random(7)
    checked = contradictions = 0
    for line in puzzle_set("top1465")[:40:4] + puzzle_set("forum-hardest-1106")[:30:6]:
        board = _settled(line)
        cands = [(c, d) for d in range(1, 10) for c in range(81) if board.digit_cells[d] >> c & 1]
        for c, d in rng.sample(cands, min(25, len(cands))):
            p, uns = _fast(board, c, d)
            res = propagate(board, [(cand_id(c, d), True)])
            assert (uns < 0) == bool(res.contradiction), (line, c, d, res.contradiction)
            checked += 1
            if uns < 0:
                contradictions += 1
                continue
            placed = {(x, dd + 1) for dd in range(9) for x in range(81)
                      if (board.unsolved >> x & 1) and not (uns >> x & 1) and p[dd] >> x & 1}
            derived = {cand_of_fact for cand_of_fact in _on_facts(res)}
            assert placed == derived, (line, c, d)
    assert checked > 300 and contradictions > 20


def _on_facts(res):  # type: ignore[no-untyped-def]
    from sudoku_grader.chains.graph import cand_of

    return [cand_of(node) for node, on in res.order if on]


def test_placement_that_leaves_a_hidden_single_is_followed() -> None:
    """Placing a digit removes the cell's other digits; a house left with one place for one of them
    gets it (a hidden single the explaining net used to miss)."""
    board = _settled(puzzle_set("forum-hardest-1106")[0])
    hits = 0
    for d in range(1, 10):
        for c in range(81):
            if not board.digit_cells[d] >> c & 1:
                continue
            res = propagate(board, [(cand_id(c, d), True)])
            _p, uns = _fast(board, c, d)
            assert (uns < 0) == bool(res.contradiction)
            hits += sum(1 for f in res.order if res.reason.get(f, "").startswith("hidden single"))
    assert hits > 0


def test_level_one_refutes_soundly_on_the_hardest_puzzles() -> None:
    """Where every simpler technique of the default path is stuck in SE 11 puzzles, nested nets
    refute a candidate, soundly, with each inner removal shown with its own net."""
    # without the exocets and locked sets, which solve some of these puzzles without nets
    simpler = [t for t in default_order() if t.level < get("nested-forcing-net").level
               and t.family not in ("exocet", "locked-sets")]
    for line in puzzle_set("forum-hardest-1905-11plus-sample200")[5:60:30]:
        path = walk(parse(line).board, Simplest(simpler))
        assert not path.solved
        board = path.board
        solution = solve(board).solutions[0]
        steps = list(get("nested-forcing-net").find(board))
        assert steps, line
        for step in steps:
            assert step.extra["nesting_level"] >= 1
            (cell, digit), = step.eliminations
            assert solution[cell] != digit, step.text
            assert step.text.startswith("Suppose ")
            assert "[if " in step.text and step.extra["inner_removals"] > 0
            assert step.text.endswith(f"so {step.text.split()[1]} is not {digit}.")
            assert step.links and any(m.role == "target" for m in step.highlights)
        # a level-1 refutation is one at level 2 too: the explanation then nests two deep
        deeper = nn._step(board, cell, digit - 1, 2, [])
        assert deeper.extra["nesting_level"] == 2 and "(level 2)" in deeper.text
        assert _bracket_depth(deeper.text) >= 2


def _bracket_depth(text: str) -> int:
    depth = deepest = 0
    for ch in text:
        depth += (ch == "[") - (ch == "]")
        deepest = max(deepest, depth)
    assert depth == 0
    return deepest


def test_level_zero_finds_what_a_forcing_net_of_singles_finds() -> None:
    """Level 0 yields every refuted candidate; each is also refuted by the explaining net."""
    for line in puzzle_set("top1465")[:200:20]:
        board = _settled(line)
        solution = solve(board).solutions[0]
        p, uns = nn._planes(board)
        expected = {(c, d + 1) for c, d in nn._candidates(p, uns) if nn._refuted(p, uns, c, d, 0)}
        steps = list(nn.nested_forcing_net(board))
        if expected:
            got = {s.eliminations[0] for s in steps}
            assert got == expected
            for s in steps:
                assert s.extra["nesting_level"] == 0
                assert solution[s.eliminations[0][0]] != s.eliminations[0][1]
