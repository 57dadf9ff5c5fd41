"""Digit Forcing Chains (SudokuWiki's definition): one candidate, followed both ways.

Take one candidate and follow alternating chains from it twice: once supposing it is true,
once supposing it is false. One of the two holds, so a candidate that both chains turn off is
false, and one that both turn on is true. The chains are the grouped alternating chains of
`forcing` (a false node makes its strong partner true, a true node its weak partners false).

Our forcing-chain verity already includes these premises among cells and houses (and is on the
default path); this finder exists because SudokuWiki prices the one-candidate form on its own
(120 points plus the chain length, below Cell and Unit Forcing Chains at 180), so its scale
needs to tell them apart. Off the default path.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board
from ..chains.graph import CAND_BITS, cand_of
from ..geometry import cell_name, iter_bits
from ..step import Step
from .forcing import _best, _chain_step, _Chains, _depth_sum
from .registry import technique


@technique("digit-forcing-chain", "Digit Forcing Chain", family="forcing", level=8.05,
           aliases=("Digit Forcing Chains", "DFC"), default=False)
def digit_forcing_chain(board: Board) -> Iterator[Step]:
    """A candidate that is true and one that is false both lead to the same conclusion."""
    ch = _Chains(board)
    found: dict = {}
    for n in iter_bits(ch.g.present):
        on, off = ch.reach(n, True), ch.reach(n, False)
        both_on = on.on & off.on & CAND_BITS & ch.g.present & ~(1 << n)
        both_off = on.off & off.off & CAND_BITS & ch.g.present & ~(1 << n)
        for x in iter_bits(both_on):
            cell, d = cand_of(x)
            if board.values[cell]:
                continue
            branches = [(n, True, x, True), (n, False, x, True)]
            _best(found, (((cell, d),), ()), _depth_sum(ch, branches), (branches, n))
        for x in iter_bits(both_off):
            branches = [(n, True, x, False), (n, False, x, False)]
            _best(found, ((), (cand_of(x),)), _depth_sum(ch, branches), (branches, n))
    for (pl, el), (_c, (branches, n)) in sorted(found.items(), key=lambda kv: kv[1][0]):
        cell, d = cand_of(n)
        effect = (f"{cell_name(pl[0][0])} is {pl[0][1]}" if pl else f"{cell_name(el[0][0])} is not {el[0][1]}")
        sentence = (f"Digit Forcing Chain from {d} in {cell_name(cell)}: whether {cell_name(cell)} is {d} or not, "
                    f"the chains give the same result: {effect}.")
        yield _chain_step("digit-forcing-chain", "Digit Forcing Chain", ch, branches, list(pl), list(el), sentence,
                          "digit")
