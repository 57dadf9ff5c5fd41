"""Quad Forcing Chains (SudokuWiki's definition): four alternatives, one conclusion.

SudokuWiki ("Quad Forcing Chains", and the Quad examples on its "Cell Forcing Chains" and
"Unit Forcing Chains" pages) starts from a cell with exactly four candidates (a Quad Cell
Forcing Chain) or a digit with exactly four places left in a house (a Quad Unit Forcing Chain).
One of the four is true; if the chains from each of them all turn the same candidate off (or
all turn it on), that conclusion holds whichever is true. The chains are the grouped
alternating chains of `forcing`.

The site keeps them apart from its Cell and Unit Forcing Chains (two or three alternatives,
180 points plus length) and tries them last, at 200 points plus length, because they are rare,
slow to search and hard to see. Our forcing-chain verity already covers these premises on the
default path; this finder exists so that the SudokuWiki scale can price the four-way form from
its table. Off the default path.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board import Board
from ..chains.graph import CAND_BITS, cand_of
from ..geometry import cell_name, iter_bits
from ..step import Step
from .forcing import _best, _chain_step, _Chains, _depth_sum, _unit_premises
from .registry import technique

ALTERNATIVES = 4


@technique("quad-forcing-chain", "Quad Forcing Chain", family="forcing", level=8.15,
           aliases=("Quad Forcing Chains", "Quad Cell Forcing Chain", "Quad Unit Forcing Chain"), default=False)
def quad_forcing_chain(board: Board) -> Iterator[Step]:
    """The four candidates of a cell, or the four places of a digit in a house, lead to the same result."""
    ch = _Chains(board)
    found: dict = {}
    for label, prem in _unit_premises(board):
        if len(prem) != ALTERNATIVES:
            continue
        common_on = common_off = CAND_BITS
        for node in prem:
            r = ch.reach(node, True)
            common_on &= r.on
            common_off &= r.off
            if not (common_on | common_off):
                break
        own = sum(1 << n for n in prem)
        common_on &= ~own & ch.g.present
        common_off &= ~own & ch.g.present
        for x in iter_bits(common_on):
            cell, d = cand_of(x)
            if board.values[cell]:
                continue
            branches = [(n, True, x, True) for n in prem]
            _best(found, (((cell, d),), ()), _depth_sum(ch, branches), (branches, label))
        for x in iter_bits(common_off):
            branches = [(n, True, x, False) for n in prem]
            _best(found, ((), (cand_of(x),)), _depth_sum(ch, branches), (branches, label))
    for (pl, el), (_c, (branches, label)) in sorted(found.items(), key=lambda kv: kv[1][0]):
        kind = "digit" if " in " in label else "cell"
        form = "Quad Unit Forcing Chain" if kind == "digit" else "Quad Cell Forcing Chain"
        what = (f"the four places of {label}" if kind == "digit" else f"the four candidates of {label}")
        effect = (f"{cell_name(pl[0][0])} is {pl[0][1]}" if pl else f"{cell_name(el[0][0])} is not {el[0][1]}")
        sentence = f"{form}: one of {what} is true, and the chain from each of them gives the same result: {effect}."
        step = _chain_step("quad-forcing-chain", "Quad Forcing Chain", ch, branches, list(pl), list(el), sentence,
                           "verity")
        step.extra["form"] = "unit" if kind == "digit" else "cell"
        step.extra["premises"] = [list(cand_of(n)) for n, *_ in branches]
        yield step

