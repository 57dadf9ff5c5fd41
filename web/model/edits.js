// The player's moves on one or several selected cells, each one undoable move (SudokuPad's
// conventions): a digit goes into every selected cell that can take it; a mark is added to every
// empty selected cell unless all of them have it already, then it is removed from all; a colour
// likewise; erase takes the digits first, then the marks, then the colours.
import { bit } from "../board.js";
import { CAND_COLOURS, CELL_COLOURS, candColourOf, withCandColour } from "./cells.js";

/** @typedef {import("./game.js").Game} Game */
/** @typedef {"centre"|"corner"} MarkKind */
/** @typedef {{name?: string, technique?: string, placements?: {cell: string, digit: number}[],
 *   eliminations?: {cell: string, digit: number}[]}} Step  a step in the engine's JSON shape */

/** The label's place: "r1c2", or "3 cells". @param {Game} g @param {number[]} cells */
const where = (g, cells) => (cells.length === 1 ? g.geo.cellName(cells[0]) : `${cells.length} cells`);

/** The cells of `cells` on this grid, each once, in order. @param {Game} g @param {Iterable<number>} cells */
export const validCells = (g, cells) => [...new Set(cells)].filter((c) => g.isCell(c)).sort((a, b) => a - b);

/** The mark masks of a kind. @param {Game} g @param {MarkKind} kind */
const marksOf = (g, kind) => (kind === "corner" ? g.corner : g.marks);

/**
 * Digit d in every selected cell that is not a given; ``clearPeers`` removes d from the centre
 * marks of each one's row, column and box.
 * @param {Game} g @param {Iterable<number>} sel @param {number} d @param {{clearPeers?: boolean}} opts
 */
export function placeDigit(g, sel, d, { clearPeers = true } = {}) {
  if (!g.geo.isDigit(d)) return false;
  const cells = validCells(g, sel).filter((c) => !g.givens[c] && g.placed[c] !== d);
  if (!cells.length) return false;
  return g.move(`${d} in ${where(g, cells)}`, () => {
    for (const c of cells) {
      g.placed[c] = d;
      if (clearPeers) for (const p of g.geo.peers[c]) if (!g.digit(p)) g.marks[p] &= ~bit(d);
    }
  });
}

/**
 * Toggle mark d of `kind` in the empty selected cells: added to all unless all have it.
 * @param {Game} g @param {Iterable<number>} sel @param {number} d @param {MarkKind} kind
 */
export function toggleMarks(g, sel, d, kind = "centre") {
  if (!g.geo.isDigit(d)) return false;
  const cells = validCells(g, sel).filter((c) => !g.digit(c));
  if (!cells.length) return false;
  const marks = marksOf(g, kind);
  const on = !cells.every((c) => marks[c] & bit(d));
  const what = kind === "corner" ? "corner mark" : "mark";
  return g.move(`${on ? "" : "un"}${what} ${d} in ${where(g, cells)}`, () => {
    for (const c of cells) marks[c] = on ? marks[c] | bit(d) : marks[c] & ~bit(d);
  });
}

/**
 * Colour k (1..9) on the selected cells, givens too; removed from all when all have it; 0 removes.
 * @param {Game} g @param {Iterable<number>} sel @param {number} k
 */
export function paintCells(g, sel, k) {
  if (!Number.isInteger(k) || k < 0 || k > CELL_COLOURS) return false;
  const cells = validCells(g, sel);
  if (!cells.length) return false;
  const to = k && cells.every((c) => g.colours[c] === k) ? 0 : k;
  return g.move(to ? `colour ${to} on ${where(g, cells)}` : `clear the colour of ${where(g, cells)}`, () => {
    for (const c of cells) g.colours[c] = to;
  });
}

/**
 * Candidate d's colour in the selected empty cells that show d as a mark (centre or corner).
 * ``k``: the colour (0 removes); null moves on to the next colour after the first cell's
 * (none, 1, ..., CAND_COLOURS, none).
 * @param {Game} g @param {Iterable<number>} sel @param {number} d @param {number|null} k
 */
export function paintCandidate(g, sel, d, k = null) {
  if (!g.geo.isDigit(d) || (k !== null && !(Number.isInteger(k) && k >= 0 && k <= CAND_COLOURS))) return false;
  const cells = validCells(g, sel).filter((c) => !g.digit(c) && (g.marks[c] | g.corner[c]) & bit(d));
  if (!cells.length) return false;
  const to = k ?? (candColourOf(g.candColours[cells[0]], d) + 1) % (CAND_COLOURS + 1);
  return g.move(to ? `colour ${to} on candidate ${d} in ${where(g, cells)}` : `clear candidate ${d}'s colour in ${where(g, cells)}`, () => {
    for (const c of cells) g.candColours[c] = withCandColour(g.candColours[c], d, to);
  });
}

/**
 * Erase in the selected cells: the player's digits if any holds one; else the marks (both kinds)
 * if any holds some; else the colours. ``colours`` (Colour mode): the colours only.
 * @param {Game} g @param {Iterable<number>} sel @param {{colours?: boolean}} opts
 */
export function eraseCells(g, sel, { colours = false } = {}) {
  const cells = validCells(g, sel);
  const own = cells.filter((c) => !g.givens[c]);
  const label = `erase ${where(g, cells)}`;
  const paint = () => g.move(label, () => {
    for (const c of cells) {
      g.colours[c] = 0;
      g.candColours[c] = 0;
    }
  });
  if (colours) return paint();
  if (own.some((c) => g.placed[c])) return g.move(label, () => { for (const c of own) g.placed[c] = 0; });
  if (own.some((c) => !g.placed[c] && (g.marks[c] || g.corner[c]))) {
    return g.move(label, () => {
      for (const c of own) {
        g.marks[c] = 0;
        g.corner[c] = 0;
      }
    });
  }
  return paint();
}

/** Every cell and candidate colour off, as one move. @param {Game} g */
export function clearColours(g) {
  return g.move("clear colours", () => {
    g.colours.fill(0);
    g.candColours.fill(0);
  });
}

/**
 * A step from the engine as the player's move: placements (their digits leave the peers' centre
 * marks), eliminations (removed from the centre marks; cells without marks first get every allowed
 * candidate, so the removal shows).
 * @param {Game} g @param {Step} step @param {string|null} label
 */
export function applyStep(g, step, label = null) {
  return g.move(label || `apply ${step.name || step.technique || "step"}`, () => {
    const geo = g.geo;
    const elims = (step.eliminations || []).map((e) => [geo.cellIndex(e.cell), e.digit]).filter(([c]) => c >= 0);
    if (elims.length) {
      const allowed = g.allowed();
      for (let c = 0; c < geo.cells; c++) if (!g.digit(c) && !g.marks[c]) g.marks[c] = allowed[c];
    }
    for (const [c, d] of elims) if (!g.digit(c)) g.marks[c] &= ~bit(d);
    for (const p of step.placements || []) {
      const c = geo.cellIndex(p.cell);
      if (c < 0 || g.givens[c]) continue;
      g.placed[c] = p.digit;
      for (const q of geo.peers[c]) if (!g.digit(q)) g.marks[q] &= ~bit(p.digit);
    }
  });
}
