"""Reading and writing puzzles in the formats people paste.

`parse(text)` recognises, in this order:

- HoDoKu library lines ``:code:digits:givens:deleted:eliminations:placements:extra``
  (a mid-solve position; `parse_library` also returns the expected step);
- Sukaku lines: 729 characters, nine per cell, the character at position k of a
  cell being the digit k+1 when it is a candidate and a blank otherwise;
- one puzzle on one line: 81 cells (or 36 for a 6x6 grid, digits 1-6), digits 1-9 and
  ``. 0 - * _`` for blanks,
  ``+5`` for a placed digit that is not a given (HoDoKu), spaces and ``|``
  tolerated; anything after the 81st cell is kept as the label
  (``puzzle # name``, ``puzzle;rating``, tab-separated extras);
- a multi-line grid as pasted from forums: cells separated or not by spaces,
  ``|`` between boxes, separator lines made of ``- + = . ' :``;
- a pencilmark grid as Sudoku Explainer and HoDoKu print it: 81 candidate groups
  in nine rows with the same separators; a group of one digit is a placed digit.

The size is told from the input: 81 cells (or candidate groups) are a 9x9 grid, 36
a 6x6 one (rows of 6, boxes of 2 rows by 3 columns); HoDoKu library and Sukaku lines
are 9x9 only. Any other count says which sizes exist.

Writers: `to_line`, `to_grid` (pretty grid), `to_pencilmark` (read back by `parse`)
and `to_sukaku`. Every error is a `ParseError` saying where (line, character) and why.

`parse_position` reads a player's position: any of the above, or the JSON object
``{"givens": "<81>", "placed": "<81>", "candidates": [[...] x81]}`` (36 of each on 6x6), keeping the
givens, the player's digits and the player's own marks apart (a hint needs all three).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .board import Board, board_type
from .errors import ContradictionError, ParseError
from .geometry import ALL_DIGITS, NCELLS, STANDARD, Geometry, geometry_for, iter_bits, sizes_text

BLANKS = ".0-*_"
DIGITS = "123456789"
CELL_CHARS = DIGITS + BLANKS
SEPARATOR_CHARS = "-+=|:.'*!_ \t"
# characters that may sit between cells on one line or in a grid row
GRID_NOISE = " \t|!:"


@dataclass
class Parsed:
    """A parsed puzzle: the board, the label that followed it, and the format's name.

    ``format`` is one of ``line``, ``grid``, ``pencilmark``, ``library``, ``sukaku``.
    """

    board: Board
    label: str = ""
    format: str = "line"


def parse(text: str) -> Parsed:
    """Parse one puzzle in any supported format (see the module docstring)."""
    lines = [ln for ln in text.replace("\r", "").split("\n")]
    filled = [(i, ln) for i, ln in enumerate(lines, 1) if ln.strip()]
    if not filled:
        raise ParseError(f"empty input: expected a puzzle of {sizes_text()}, digits and . or 0 for blanks")
    if len(filled) == 1:
        # one line of text: positions are characters of that line, no line number
        _, line = filled[0]
        lineno = None
        stripped = line.strip()
        if stripped.startswith(":") and stripped.count(":") >= 3:
            case = parse_library(stripped)
            return Parsed(case.board, case.code, "library")
        if _looks_like_sukaku(stripped):
            return _parse_sukaku(stripped, lineno)
        return parse_line(line, lineno)
    return _parse_multiline(filled)


# ------------------------------------------------------------------ one line
def cell_count(line: str) -> int:
    """How many cells the start of ``line`` holds (stops at the first other character)."""
    n = 0
    for ch in line:
        if ch in CELL_CHARS:
            n += 1
        elif ch not in GRID_NOISE and ch != "+":
            break
    return n


def looks_like_line(line: str) -> bool:
    """True for a one-line puzzle (81 cells or more, exactly 36 for 6x6, a library line or a JSON
    position): how the CLI tells a file of puzzles from a file holding one multi-line grid."""
    s = line.strip()
    if (s.startswith(":") and s.count(":") >= 3) or s.startswith("{"):
        return True
    n = cell_count(s)
    return n >= 81 or n == 36


def parse_line(line: str, lineno: int | None = None) -> Parsed:
    """One puzzle on one line; the text after the 81st cell becomes the label.

    A line whose cells stop at 36 (then its end, or a label that does not start with a
    cell) is a 6x6 puzzle."""
    values: list[int] = []
    placed: list[int] = []
    text = line.rstrip("\n")
    i = 0
    n = len(text)
    cells = 36 if cell_count(text) == 36 else 81
    while i < n:
        if len(values) == cells:
            label = text[i:].strip().lstrip("#;,|").strip()
            return _finish(values, placed, label, "line", lineno)
        ch = text[i]
        if ch in DIGITS:
            values.append(int(ch))
        elif ch in BLANKS:
            values.append(0)
        elif ch == "+" and i + 1 < n and text[i + 1] in DIGITS:
            placed.append(len(values))
            values.append(int(text[i + 1]))
            i += 1
        elif ch in GRID_NOISE:
            pass
        else:
            raise ParseError(
                f"unexpected character {ch!r} after {len(values)} cells; a puzzle uses digits 1-9 and "
                f"{' '.join(BLANKS)} for blanks",
                lineno,
                i + 1,
            )
        i += 1
    if len(values) != cells:
        raise ParseError(f"a puzzle has {sizes_text()}, this line has {len(values)}", lineno)
    return _finish(values, placed, "", "line", lineno)


def grid_for(cells: int, what: str, lineno: int | None = None) -> Geometry:
    """The grid with ``cells`` cells, or a `ParseError` saying which sizes exist."""
    g = geometry_for(cells)
    if g is None:
        raise ParseError(f"{what} has {cells} cells; a puzzle has {sizes_text()}", lineno)
    return g


def check_digits(values: list[int], g: Geometry, lineno: int | None = None) -> None:
    """A digit above the grid's size (a 7 in a 6x6 puzzle) as a `ParseError` naming its cell."""
    if g is STANDARD:
        return
    for i, v in enumerate(values):
        if v > g.size:
            raise ParseError(f"digit {v} at cell {i + 1} (r{i // g.size + 1}c{i % g.size + 1}): a "
                             f"{g.size}x{g.size} puzzle uses digits 1-{g.size}", lineno)


def _finish(values: list[int], placed: list[int], label: str, fmt: str, lineno: int | None) -> Parsed:
    """A board from the cells row by row (81, or 36 for 6x6) and the indices of the placed ones."""
    g = grid_for(len(values), "the puzzle", lineno)
    check_digits(values, g, lineno)
    cells = g.cells
    given_mask = 0
    for i, v in enumerate(values):
        if v:
            given_mask |= 1 << cells[i]
    for i in placed:
        given_mask &= ~(1 << cells[i])
    return Parsed(board_from_values(values, given_mask, lineno), label, fmt)


def board_from_values(values: list[int], given_mask: int, lineno: int | None = None) -> Board:
    """`Board.from_values` (the size told from the length), with a repeated digit reported as a
    `ParseError` at ``lineno``."""
    try:
        return Board.from_values(values, given_mask)
    except ContradictionError as e:
        raise ParseError(str(e), lineno) from None


# ------------------------------------------------------------------ sukaku
def _looks_like_sukaku(line: str) -> bool:
    s = "".join(line.split())
    if len(s) < 729 or any(ch not in CELL_CHARS for ch in s[:729]):
        return False
    return all(s[i] in BLANKS or s[i] == str(i % 9 + 1) for i in range(729))


def _parse_sukaku(line: str, lineno: int | None) -> Parsed:
    s = "".join(line.split())
    masks = []
    for c in range(81):
        block = s[c * 9 : c * 9 + 9]
        masks.append(sum(1 << k for k, ch in enumerate(block) if ch not in BLANKS))
    return _from_masks(masks, s[729:].strip().lstrip("#;,|").strip(), "sukaku", lineno)


def _from_masks(masks: list[int], label: str, fmt: str, lineno: int | None) -> Parsed:
    """A board from 81 (or 36) candidate masks, row by row: one candidate = a placed digit."""
    g = grid_for(len(masks), "the candidate grid", lineno)
    n = g.size
    for i, m in enumerate(masks):
        if not m:
            raise ParseError(f"cell r{i // n + 1}c{i % n + 1} has no candidate", lineno)
        if m >> n:
            raise ParseError(f"cell r{i // n + 1}c{i % n + 1} lists a digit above {n} in a {n}x{n} grid", lineno)
    values = [m.bit_length() if m & (m - 1) == 0 else 0 for m in masks]
    try:
        board = Board.from_values(values)
    except ContradictionError as e:
        raise ParseError(str(e), lineno) from None
    for c, m in zip(g.cells, masks):
        if not board.values[c]:
            board.set_candidates(c, board.cands[c] & m)
    return Parsed(board, label, fmt)


# ------------------------------------------------------------------ grids
def is_separator(line: str) -> bool:
    """A border or box separator line: ``------+-------+------``, ``.---.---.``, ``:---+---:``.

    A row of nine (or six) ``-`` or ``.`` is a row of blanks, not a separator.
    """
    s = line.strip()
    if not s or any(ch not in SEPARATOR_CHARS for ch in s):
        return False
    if "---" not in s and "===" not in s and "..." not in s:
        return False
    blanks = sum(ch in BLANKS for ch in s)
    return "+" in s or "=" in s or "'" in s or ":" in s or blanks not in (6, 9)


def _is_group(token: str) -> bool:
    """A candidate group: digits 1-9 (ASCII) only."""
    return bool(token) and all(ch in DIGITS for ch in token)


def _parse_multiline(filled: list[tuple[int, str]]) -> Parsed:
    rows = [(i, ln) for i, ln in filled if not is_separator(ln)]
    tokens: list[tuple[int, int, str]] = []  # (line, column, token)
    for lineno, ln in rows:
        col = 0
        for part in ln.replace("|", " ").replace("!", " ").replace(":", " ").split(" "):
            if part.strip():
                tokens.append((lineno, ln.index(part, col) + 1, part.strip()))
                col = ln.index(part, col) + len(part)
    # a pencilmark grid: 81 (or 36) groups of digits, at least one of them with several digits
    # digits 1-9 in ASCII only: str.isdigit also takes ² ④ ٣ ３, which are no Sudoku digits
    if len(tokens) in (81, 36) and all(_is_group(t) for _, _, t in tokens) and any(
        len(t) > 1 for _, _, t in tokens
    ):
        masks = []
        for lineno, col, t in tokens:
            m = 0
            for ch in t:
                bit = 1 << (int(ch) - 1)
                if m & bit:
                    raise ParseError(f"digit {ch} written twice in the candidate group {t!r}", lineno, col)
                m |= bit
            masks.append(m)
        return _from_masks(masks, "", "pencilmark", None)
    values: list[int] = []
    placed: list[int] = []
    for lineno, ln in rows:
        i = 0
        while i < len(ln):
            ch = ln[i]
            if ch in DIGITS:
                values.append(int(ch))
            elif ch in BLANKS:
                values.append(0)
            elif ch == "+" and i + 1 < len(ln) and ln[i + 1] in DIGITS:
                placed.append(len(values))
                values.append(int(ln[i + 1]))
                i += 1
            elif ch not in GRID_NOISE:
                raise ParseError(
                    f"unexpected character {ch!r} in a grid; cells are digits 1-9 or {' '.join(BLANKS)}",
                    lineno,
                    i + 1,
                )
            i += 1
    if geometry_for(len(values)) is None:
        if len(tokens) in (81, 36):
            raise ParseError(f"a pencilmark grid lists {len(tokens)} groups of candidates (no blanks)")
        raise ParseError(f"the grid has {len(values)} cells, expected 81 (9 rows of 9) or 36 (6 rows of 6)")
    return _finish(values, placed, "", "grid", None)


# ------------------------------------------------------------------ writers
def to_line(board: Board, blank: str = ".") -> str:
    """The 81-character line."""
    return board.to_string(blank)


def to_grid(board: Board, blank: str = ".") -> str:
    """A pretty grid with box separators, one line per row (read back by `parse`)."""
    g = board.geometry
    n, br, bc = g.size, g.box_rows, g.box_cols
    stacks = range(0, n, bc)
    rule = "+".join("-" * (2 * bc + (0 if k in (0, n - bc) else 1)) for k in stacks)
    out = []
    for r in range(n):
        if r and r % br == 0:
            out.append(rule)
        cells = [str(v) if v else blank for v in board.values[r * 9 : r * 9 + n]]
        out.append(" | ".join(" ".join(cells[k : k + bc]) for k in stacks))
    return "\n".join(out)


def _group(board: Board, c: int) -> str:
    v = board.values[c]
    if v:
        return str(v)
    return "".join(str(d + 1) for d in iter_bits(board.cands[c] & ALL_DIGITS))


def to_pencilmark(board: Board) -> str:
    """A candidate grid in HoDoKu's layout (placed digits as one-digit groups)."""
    g = board.geometry
    n, br, bc = g.size, g.box_rows, g.box_cols
    groups = [_group(board, c) for c in range(81)]
    width = [max(len(groups[r * 9 + k]) for r in range(n)) for k in range(n)]
    stacks = range(0, n, bc)
    stack_w = [sum(width[k] for k in range(s, s + bc)) + bc + 1 for s in stacks]  # gaps + 2 spaces

    def border(left: str, mid: str, right: str) -> str:
        return left + mid.join("-" * w for w in stack_w) + right

    out = [border(".", ".", ".")]
    for r in range(n):
        if r and r % br == 0:
            out.append(border(":", "+", ":"))
        parts = []
        for s in stacks:
            parts.append(" " + " ".join(groups[r * 9 + k].ljust(width[k]) for k in range(s, s + bc)) + " ")
        out.append("|" + "|".join(parts) + "|")
    out.append(border("'", "'", "'"))
    return "\n".join(out)


def to_sukaku(board: Board, blank: str = ".") -> str:
    """729 characters: for each cell, digit k+1 at position k when it is a candidate (9x9 only)."""
    if board.geometry is not STANDARD:
        raise ParseError("the Sukaku format is for 9x9 grids only")
    out = []
    for c in range(81):
        m = 1 << (board.values[c] - 1) if board.values[c] else board.cands[c]
        out.append("".join(str(k + 1) if m >> k & 1 else blank for k in range(9)))
    return "".join(out)


# ------------------------------------------------------------------ HoDoKu library
@dataclass
class LibraryCase:
    """One line of HoDoKu's library format (see ``../shared/reglib/README.md``).

    ``code`` keeps HoDoKu's variant suffix (``0603-1``); ``eliminations`` and
    ``placements`` are (cell, digit) lists; ``extra`` is the chain-length field.
    """

    code: str
    digits: str
    board: Board
    eliminations: list[tuple[int, int]]
    placements: list[tuple[int, int]]
    extra: str


def _cand_list(field: str, what: str) -> list[tuple[int, int]]:
    out = []
    for tok in field.split():
        if len(tok) != 3 or not _is_group(tok):
            raise ParseError(f"bad {what} entry {tok!r}: expected <digit><row><column>, e.g. 524")
        out.append(((int(tok[1]) - 1) * 9 + int(tok[2]) - 1, int(tok[0])))
    return out


def parse_library(line: str) -> LibraryCase:
    """Parse ``:code:digits:givens:deleted:eliminations:placements:extra``."""
    parts = line.strip().split(":")
    if len(parts) < 7 or parts[0] != "":
        raise ParseError("not a HoDoKu library line (:code:digits:givens:deleted:eliminations:placements:extra)")
    code, digits, grid = parts[1], parts[2], parts[3]
    values: list[int] = []
    placed_flags: list[bool] = []
    i = 0
    while i < len(grid):
        ch = grid[i]
        if ch == "+":
            i += 1
            if i >= len(grid) or grid[i] not in "123456789":
                raise ParseError("'+' must be followed by a digit", None, i + 1)
            values.append(int(grid[i]))
            placed_flags.append(True)
        elif ch in "123456789":
            values.append(int(ch))
            placed_flags.append(False)
        elif ch in BLANKS:
            values.append(0)
            placed_flags.append(False)
        else:
            raise ParseError(f"unexpected character {ch!r} in the givens field", None, i + 1)
        i += 1
    if len(values) != 81:
        raise ParseError(f"the givens field has {len(values)} cells, not 81")
    try:
        board = Board.from_values(values, givens=[c for c in range(81) if values[c] and not placed_flags[c]])
    except ContradictionError as e:
        raise ParseError(str(e)) from None
    for cell, digit in _cand_list(parts[4], "deleted candidate"):
        board.eliminate(cell, digit)
    return LibraryCase(
        code=code,
        digits=digits,
        board=board,
        eliminations=_cand_list(parts[5], "elimination"),
        placements=_cand_list(parts[6], "placement"),
        extra=parts[7] if len(parts) > 7 else "",
    )


def to_library(board: Board, code: str = "0000", digits: str = "") -> str:
    """The position as a HoDoKu library line (no expected step): givens, ``+`` placed, deleted candidates.
    9x9 only, as HoDoKu's format is."""
    if board.geometry is not STANDARD:
        raise ParseError("the HoDoKu library format is for 9x9 grids only")
    cells = []
    for c in range(81):
        v = board.values[c]
        cells.append("." if not v else (str(v) if board.is_given(c) else f"+{v}"))
    fresh = Board.from_values(board.values, givens=[], check=False)
    deleted = [
        f"{d}{c // 9 + 1}{c % 9 + 1}"
        for c in range(81)
        if not board.values[c]
        for d in range(1, 10)
        if fresh.has_candidate(c, d) and not board.has_candidate(c, d)
    ]
    return f":{code}:{digits}:{''.join(cells)}:{' '.join(deleted)}:::"


# ------------------------------------------------------------------ a player's position
@dataclass
class Position:
    """A position in the middle of a solve, as the player made it.

    ``givens`` and ``placed`` are 81 digits (0 = none), in the index space of the grid
    ``geometry`` (see `geometry`): the puzzle's clues and the player's own digits, which
    may be wrong. ``marks`` are the player's candidates per cell as 9-bit masks; 0 means
    the player entered none there (every digit the filled cells allow). Nothing is
    checked against the rules until `board` is called.
    """

    givens: list[int]
    placed: list[int]
    marks: list[int]
    geometry: Geometry = STANDARD

    def digits(self) -> list[int]:
        return [g or p for g, p in zip(self.givens, self.placed)]

    def board(self) -> Board:
        """The position as a board: digits placed, the player's marks kept (within what the
        digits allow). A digit twice in a house raises `ParseError`."""
        try:
            board = board_type(self.geometry.size).from_values(
                self.digits(), givens=[c for c in range(81) if self.givens[c]])
        except ContradictionError as e:
            raise ParseError(str(e)) from None
        for c, m in enumerate(self.marks):
            if m and not board.values[c]:
                board.set_candidates(c, board.cands[c] & m)
        return board


def parse_position(text: str) -> Position:
    """A player's position from the JSON object or from any format `parse` reads.

    In the JSON form ``placed`` and ``candidates`` are optional; a candidate list that
    is empty (or a filled cell's) means no marks there. From the other formats the
    player's marks are the candidates that pencilmark grids, Sukaku and HoDoKu library
    lines carry; plain lines and grids carry none.
    """
    stripped = text.strip()
    if stripped.startswith("{"):
        return _position_from_json(stripped)
    parsed = parse(text)
    b = parsed.board
    givens = [v if b.is_given(c) else 0 for c, v in enumerate(b.values)]
    placed = [0 if b.is_given(c) else v for c, v in enumerate(b.values)]
    marks = [0] * NCELLS
    if parsed.format == "library":
        # the player's marks are every digit but the deleted ones (a placed digit's peers
        # lose it by the rules, not by the player's hand)
        fresh = Board.from_values(b.values, check=False)
        marks = [0 if v else ALL_DIGITS & ~(fresh.cands[c] & ~b.cands[c]) for c, v in enumerate(b.values)]
    elif parsed.format in ("pencilmark", "sukaku"):
        marks = [0 if v else b.cands[c] for c, v in enumerate(b.values)]
    return Position(givens, placed, marks, b.geometry)


def _digits_field(obj: dict, key: str, required: bool, g: Geometry | None) -> tuple[list[int], Geometry]:
    """A field of digits, in the index space, and its grid (``g`` when an earlier field set it)."""
    value = obj.get(key)
    if value is None and not required and g is not None:
        return [0] * NCELLS, g
    if not isinstance(value, str):
        raise ParseError(f'"{key}" must be a string of {sizes_text()} (digits, . or 0 for blanks)')
    cells = [ch for ch in value if ch not in " |"]
    found = geometry_for(len(cells))
    if found is None or (g is not None and found is not g):
        expected = sizes_text() if g is None else f"{g.ncells} like \"givens\""
        raise ParseError(f'"{key}" has {len(cells)} cells, expected {expected}')
    out = []
    for i, ch in enumerate(cells):
        if ch in DIGITS[: found.size]:
            out.append(int(ch))
        elif ch in BLANKS:
            out.append(0)
        else:
            raise ParseError(f'unexpected character {ch!r} in "{key}" at cell {i + 1}; use digits 1-{found.size} '
                             'and . or 0')
    return found.spread(out), found


def _position_from_json(text: str) -> Position:
    try:
        obj = json.loads(text)
    except ValueError as e:
        raise ParseError(f"not a JSON position: {e}") from None
    if not isinstance(obj, dict):
        raise ParseError('a JSON position is an object {"givens": ..., "placed": ..., "candidates": ...}')
    unknown = sorted(set(obj) - {"givens", "placed", "candidates"})
    if unknown:
        raise ParseError(f"unknown field {unknown[0]!r} in a JSON position (givens, placed, candidates)")
    givens, g = _digits_field(obj, "givens", True, None)
    placed, _ = _digits_field(obj, "placed", False, g)
    for c in range(81):
        if givens[c] and placed[c]:
            if placed[c] != givens[c]:
                raise ParseError(f"r{c // 9 + 1}c{c % 9 + 1} is a given {givens[c]}; a placed digit cannot replace it")
            placed[c] = 0
    marks = [0] * NCELLS
    cands = obj.get("candidates")
    if cands is not None:
        if not isinstance(cands, list) or len(cands) != g.ncells:
            raise ParseError(f'"candidates" must be a list of {g.ncells} lists of digits')
        for c, group in zip(g.cells, cands):
            digits = [int(ch) if ch in DIGITS else -1 for ch in group] if isinstance(group, str) else group
            if not isinstance(digits, list) or any(
                isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= g.size for d in digits
            ):
                raise ParseError(f'"candidates" of r{c // 9 + 1}c{c % 9 + 1} must be a list of digits 1-{g.size}')
            if not (givens[c] or placed[c]):
                marks[c] = sum(1 << (d - 1) for d in set(digits))
    return Position(givens, placed, marks, g)
