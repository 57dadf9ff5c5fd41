"""Forcing Net (+): nets with triples and swordfish inside, between the plain and the nested nets.

Budget: well under a minute (samples only; `scripts/expert_benchmark.py` measures whole sets).
"""

from __future__ import annotations

import random

from conftest import puzzle_set
from sudoku_grader.chains.graph import cand_id, cand_of
from sudoku_grader.chains.net import propagate
from sudoku_grader.engine import Simplest, walk
from sudoku_grader.formats import parse
from sudoku_grader.ratings.mapping import mapping_for
from sudoku_grader.solver import solve
from sudoku_grader.techniques import default_order, forcing, get

_INNER = ("naked triple", "hidden triple", "swordfish")


def _settled(line: str):  # type: ignore[no-untyped-def]
    """The puzzle after singles and locked candidates: a position full of net premises."""
    return walk(parse(line).board, Simplest(["full-house", "naked-single", "hidden-single",
                                             "locked-candidates-1", "locked-candidates-2"])).board


def _check(step, solution) -> None:  # type: ignore[no-untyped-def]
    for c, d in step.placements:
        assert solution[c] == d, step.text
    for c, d in step.eliminations:
        assert solution[c] != d, step.text


def test_ordered_between_the_plain_and_the_nested_nets_and_priced() -> None:
    """Off the default path (it costs more than the nested net it would replace, see its module),
    ordered after the plain nets when named, and priced by the scales that price forcing nets."""
    plus = get("forcing-net-plus")
    assert not plus.default and plus not in default_order()
    assert get("forcing-net-verity").level < plus.level < get("nested-forcing-net").level
    assert get("Forcing Nets (+)").id == "forcing-net-plus"
    assert mapping_for("hodoku", "forcing-net-plus")[0] == "forcing-net-verity"
    assert mapping_for("sudokuwiki", "forcing-net-plus")[0] == "cell-forcing-chain"


def test_inner_triples_and_swordfish_are_sound_under_a_true_premise() -> None:
    """Assume a candidate of the solution: nothing the net derives, triples and fish included,
    may disagree with the solution (a wrong inner rule would show here)."""
    rng = random.Random(18)
    used = 0
    for line in puzzle_set("top1465")[:300:60] + puzzle_set("forum-hardest-1106")[::300]:
        board = _settled(line)
        solution = solve(board).solutions[0]
        cells = [c for c in range(81) if not board.values[c]]
        for c in rng.sample(cells, min(12, len(cells))):
            res = propagate(board, [(cand_id(c, solution[c]), True)], locked=True, subsets=True, triples=True)
            assert not res.contradiction, (line, c)
            for node, on in res.order:
                cell, d = cand_of(node)
                assert (solution[cell] == d) == on, (line, c, res.reason[(node, on)])
            used += sum(1 for why in res.reason.values() if why.startswith(_INNER))
    assert used > 0


def test_plus_net_where_the_plain_nets_find_nothing() -> None:
    """forum-hardest-1106 #330 after its first steps: no plain forcing chain or net applies; the
    (+) net refutes r4c9=7. Checked by hand from the step's text: r4c9=7 makes r5c9=8 and r6c9=1
    (hidden singles in column 9); locked candidates ("2 of row 6 is locked in box 4") and naked
    pairs follow; then row 2 holds a naked triple 239 and column 6 a naked triple 457, which take
    all five candidates of r2c6."""
    line = puzzle_set("forum-hardest-1106")[330]
    before = [t for t in default_order() if t.level < get("forcing-net-plus").level]
    path = walk(parse(line).board, Simplest(before))
    assert not path.solved
    board = path.board
    for tid in ("forcing-net-contradiction", "forcing-net-verity"):
        assert not list(get(tid).steps(board)), tid
    solution = solve(board).solutions[0]
    steps = list(get("forcing-net-plus").steps(board))
    assert steps
    for s in steps:
        _check(s, solution)
        assert s.extra["inner"].endswith("triples, swordfish")
    step = next(s for s in steps if s.eliminations == [(3 * 9 + 8, 7)])
    assert bin(board.cands[9 + 5]).count("1") == 5  # r2c6 has five candidates: 2, 3, 4, 5, 9
    assert step.text.startswith("If r4c9 were 7, r2c6 would have no candidate left; so it is not 7.")
    for piece in ("r5c9=8 (hidden single in column 9)", "r2c6<>239 (naked triple 239 in row 2)",
                  "r2c6<>45 (naked triple 457 in column 6)", "r2c1<>45 (naked pair 45 in column 1)",
                  "r4c1<>2 (2 of row 6 is locked in box 4)"):
        assert piece in step.text, piece
    # without the triples the same premise stays consistent
    plain = propagate(board, [(cand_id(3 * 9 + 8, 7), True)], locked=True, subsets=True)
    assert not plain.contradiction


def test_every_plus_net_step_is_sound_on_sampled_positions() -> None:
    """Every step the (+) net yields on settled positions of real puzzles, and every verity the
    (+) nets find there (the finder only yields verities where no premise is refuted, so they
    are asked for directly)."""
    found = verities = 0
    for line in puzzle_set("top1465")[5:300:150] + puzzle_set("forum-hardest-1905-11plus-sample200")[:1]:
        board = _settled(line)
        solution = solve(board).solutions[0]
        for s in get("forcing-net-plus").steps(board):
            _check(s, solution)
            assert s.text.startswith(("If ", "Whichever ")) and any(m.role == "target" for m in s.highlights)
            found += 1
        effects: dict = {}
        forcing._net_verities(forcing._Nets(board, True, True), board, effects)
        for placements, eliminations in effects:
            assert all(solution[c] == d for c, d in placements)
            assert all(solution[c] != d for c, d in eliminations)
            verities += 1
    assert found > 20 and verities > 5
