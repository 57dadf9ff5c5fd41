"""Kraken Fish types 1 and 2: soundness on stuck positions of hard puzzles, shape, names, HoDoKu's price."""

from __future__ import annotations

import pytest

from conftest import puzzle_set
from pattern_checks import check_step
from sudoku_grader.board import Board
from sudoku_grader.engine import Simplest, walk
from sudoku_grader.formats import parse
from sudoku_grader.geometry import PEER_MASK
from sudoku_grader.solver import solve
from sudoku_grader.techniques import default_order, get


@pytest.fixture(scope="module")
def stuck() -> list[tuple[Board, list[int]]]:
    """Positions where everything below the forcing chains is stuck, with their solutions."""
    simple = [t.id for t in default_order() if t.level < get("forcing-chain-contradiction").level
              and t.family != "forcing"]
    out = []
    for line in puzzle_set("top95")[:30:3] + puzzle_set("forum-hardest-1106")[::60]:
        board = parse(line).board
        b = walk(board, Simplest(simple)).board
        if not b.is_solved():
            out.append((b, solve(board).solutions[0]))
    return out


def test_kraken_fish_are_sound_and_explained(stuck: list[tuple[Board, list[int]]]) -> None:
    found = {1: 0, 2: 0}
    for b, solution in stuck:
        for kind in (1, 2):
            for s in get(f"kraken-fish-type-{kind}").find(b):
                check_step(b, s, solution, s.technique)
                assert s.text.startswith(f"Kraken Fish type {kind}: Finned ")
                assert s.links and s.extra["eureka"] and "=>" in s.text
                assert len(s.extra["base"]) == len(s.extra["cover"]) and 0 < len(s.extra["fins"]) <= 2
                if kind == 1:
                    # each removal needs a chain: not every fin sees it (that is the finned fish's own)
                    for cell, digit in s.eliminations:
                        assert digit == s.extra["digit"]
                        assert not all(PEER_MASK[f] >> cell & 1 for f in s.extra["fins"])
                found[kind] += 1
    assert found[1] > 0 and found[2] > 0, found


def test_names_codes_and_hodoku_price() -> None:
    from sudoku_grader.ratings import hodoku
    from sudoku_grader.ratings.mapping import mapping_for

    assert get("0371").id == "kraken-fish-type-1" and get("0372").id == "kraken-fish-type-2"
    assert not get("kraken-fish-type-1").default and not get("kraken-fish-type-2").default
    entry = next(e for e in hodoku.ENTRIES if e.ids == ("kraken-fish",))
    assert entry.score == 500 and entry.level == "X" and not entry.enabled  # HoDoKu leaves it off by default
    assert mapping_for("hodoku", "kraken-fish-type-2")[0] == "kraken-fish"
