"""HoDoKu's singles queues: which Full House, Naked Single or Hidden Single HoDoKu takes next.

HoDoKu does not scan the grid for singles. It keeps two first-in-first-out
queues that grow as candidates disappear (from Sudoku2.java): a cell whose
candidates drop to one joins the naked-single queue; a digit whose places in
a house (row, column, box, in that order per cell) drop to one joins the
hidden-single queue with the first cell of that house still holding it. Setting
a cell removes the digit from its peers in cell order, then retires the cell's
own candidates. At load time the queues are built by scanning: naked singles
in cell order, hidden singles by house (rows, columns, boxes) and digit.
A puzzle read from givens is loaded by setting the givens in cell order on an
empty grid, so its queues start as those placements left them (this
reproduces HoDoKu's singles counts on all 379 Easy reference puzzles); a
position with other eliminations (pencilmarks) is scanned instead.

- Full House: the first queued naked single, still empty, that is the only
  place left in one of its houses for every digit but its own (not consumed).
- Naked Single: the first queued entry whose cell is still empty (consumed).
- Hidden Single: the first queued entry whose cell is still empty (consumed);
  it is a step only if one of the cell's houses has that digit once.

The order of singles sets HoDoKu's score: a naked single scores 4, a hidden
single 14, so taking them in HoDoKu's order is what makes scores equal.
"""

from __future__ import annotations

from ..board import Board
from ..geometry import ALL_DIGITS, CELL_HOUSES, HOUSE_MASK, HOUSES, PEERS, cell_name, house_name
from ..step import Mark, Step

_SORTED_PEERS = tuple(tuple(sorted(p)) for p in PEERS)


class SinglesQueues:
    """The two queues for one board; `set_cell` and `delete` keep board and queues in step."""

    def __init__(self, board: Board) -> None:
        self.ns: list[tuple[int, int]] = []
        self.hs: list[tuple[int, int]] = []
        self.ns_head = 0
        self.hs_head = 0
        fresh = Board()
        for cell in range(81):
            if board.values[cell]:
                self.set_cell(fresh, cell, board.values[cell])
        if fresh.cands != board.cands or fresh.values != board.values:
            self.rebuild(board)

    @classmethod
    def empty(cls) -> SinglesQueues:
        """Queues with nothing waiting, for a copy of a position whose singles are all taken."""
        q = cls.__new__(cls)
        q.ns, q.hs, q.ns_head, q.hs_head = [], [], 0, 0
        return q

    # ------------------------------------------------------------- bookkeeping
    def rebuild(self, b: Board) -> None:
        self.ns, self.hs, self.ns_head, self.hs_head = [], [], 0, 0
        for cell in range(81):
            m = b.cands[cell]
            if not b.values[cell] and m and not m & (m - 1):
                self.ns.append((cell, m.bit_length()))
        for h in range(27):
            for d in range(1, 10):
                if (b.digit_cells[d] & HOUSE_MASK[h]).bit_count() == 1:
                    self._add_hidden(b, h, d)

    def _add_hidden(self, b: Board, house: int, digit: int) -> None:
        bit = 1 << (digit - 1)
        for c in HOUSES[house]:
            if b.cands[c] & bit:
                self.hs.append((c, digit))
                return

    def delete(self, b: Board, cell: int, digit: int) -> None:
        """Remove one candidate the way HoDoKu does, queueing the singles it creates."""
        bit = 1 << (digit - 1)
        if not b.cands[cell] & bit:
            return
        b.cands[cell] &= ~bit
        b.digit_cells[digit] &= ~(1 << cell)
        m = b.cands[cell]
        if m and not m & (m - 1):
            self.ns.append((cell, m.bit_length()))
        for h in CELL_HOUSES[cell]:
            if (b.digit_cells[digit] & HOUSE_MASK[h]).bit_count() == 1:
                self._add_hidden(b, h, digit)

    def set_cell(self, b: Board, cell: int, value: int) -> None:
        """Place a digit the way HoDoKu does: peers first (cell order), then the cell's own candidates."""
        own = b.cands[cell]
        b.values[cell] = value
        b.cands[cell] = 0
        b.unsolved &= ~(1 << cell)
        # the cell still counts as a place for its old candidates until they are retired below
        vbit = 1 << (value - 1)
        for p in _SORTED_PEERS[cell]:
            if b.cands[p] & vbit:
                self.delete(b, p, value)
        d = 1
        while own:
            if own & 1:
                b.digit_cells[d] &= ~(1 << cell)
                if d != value:
                    for h in CELL_HOUSES[cell]:
                        if (b.digit_cells[d] & HOUSE_MASK[h]).bit_count() == 1:
                            self._add_hidden(b, h, d)
            own >>= 1
            d += 1

    def apply(self, b: Board, step: Step) -> None:
        for cell, digit in step.placements:
            if not b.values[cell]:
                self.set_cell(b, cell, digit)
        for cell, digit in step.eliminations:
            self.delete(b, cell, digit)

    # ------------------------------------------------------------------ finders
    def full_house(self, b: Board) -> Step | None:
        cands = b.cands
        for cell, value in self.ns[self.ns_head:]:
            if b.values[cell]:
                continue
            others = ALL_DIGITS ^ (1 << (value - 1))
            for h in CELL_HOUSES[cell]:
                # no other digit left anywhere in the house (9-bit candidate masks, cheap in Pyodide)
                left = 0
                for c in HOUSES[h]:
                    left |= cands[c]
                if not left & others:
                    return Step(
                        "full-house", "Full House", placements=[(cell, value)],
                        highlights=[Mark(h, -1, "house"), Mark(cell, value, "target")],
                        text=f"{cell_name(cell)} is the last empty cell in {house_name(h)}, so it takes "
                             f"the missing digit {value}.",
                        extra={"house": h},
                    )
        return None

    def naked_single(self, b: Board) -> Step | None:
        while self.ns_head < len(self.ns):
            cell, value = self.ns[self.ns_head]
            self.ns_head += 1
            if not b.values[cell]:
                return Step(
                    "naked-single", "Naked Single", placements=[(cell, value)],
                    highlights=[Mark(cell, value, "target")],
                    text=f"{cell_name(cell)} can only be {value}: every other digit is already in its row, "
                         f"column or box.",
                )
        return None

    def hidden_single(self, b: Board) -> Step | None:
        while self.hs_head < len(self.hs):
            cell, value = self.hs[self.hs_head]
            self.hs_head += 1
            if b.values[cell]:
                continue
            for h in CELL_HOUSES[cell]:
                if (b.digit_cells[value] & HOUSE_MASK[h]).bit_count() == 1:
                    return Step(
                        "hidden-single", "Hidden Single", placements=[(cell, value)],
                        highlights=[Mark(h, -1, "house"), Mark(cell, value, "target")],
                        text=f"In {house_name(h)}, {value} can only go in {cell_name(cell)}.",
                        extra={"house": h},
                    )
            return None
        return None
