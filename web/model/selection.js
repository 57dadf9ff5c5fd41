// Which cells the player has selected and what the grid highlights because of it, without a DOM:
// the selection is a sorted list of cell indices (empty: none); the highlight says which cells
// share a house with the one selected cell (peers) and which hold, or have marks of, the digit in
// focus (the selected cell's digit, or the digit chosen on the pad with no cell selected).
import { bit } from "../board.js";

/** @typedef {import("./game.js").Game} Game */

/** The selection with `c` added (a drag, Shift-click). @param {number[]} sel @param {number} c */
export const addCell = (sel, c) => (sel.includes(c) ? sel : [...sel, c].sort((a, b) => a - b));

/** The selection with `c` added, or removed when it was in (Ctrl-click). @param {number[]} sel @param {number} c */
export const toggleCell = (sel, c) => (sel.includes(c) ? sel.filter((x) => x !== c) : addCell(sel, c));

/** Every cell of the grid (Ctrl+A). @param {import("../board.js").Geometry} geo */
export const allCells = (geo) => Array.from({ length: geo.cells }, (_, c) => c);

/**
 * @typedef {object} Highlight
 * @property {Set<number>} peer           cells sharing a row, column or box with the one selected cell
 * @property {Map<number, "digit"|"mark">} same  cells holding the focus digit, or marks of it
 * @property {number} digit               the focus digit (0: none)
 */

/**
 * What to highlight for a selection. ``digit``: the pad's digit, used when no cell is selected;
 * ``peers`` and ``same``: the two settings.
 * @param {Game} game @param {number[]} sel
 * @param {{digit?: number, peers?: boolean, same?: boolean}} opts
 * @returns {Highlight}
 */
export function highlights(game, sel, { digit = 0, peers = true, same = true } = {}) {
  /** @type {Highlight} */
  const out = { peer: new Set(), same: new Map(), digit: 0 };
  const one = sel.length === 1 && game.isCell(sel[0]) ? sel[0] : -1;
  if (peers && one >= 0) for (const p of game.geo.peers[one]) out.peer.add(p);
  let focus = 0;
  if (one >= 0) focus = game.digit(one);
  else if (!sel.length && game.geo.isDigit(digit)) focus = digit;
  if (!same || !focus) return out;
  out.digit = focus;
  for (let c = 0; c < game.geo.cells; c++) {
    const d = game.digit(c);
    if (d === focus) out.same.set(c, "digit");
    else if (!d && (game.marks[c] | game.corner[c]) & bit(focus)) out.same.set(c, "mark");
  }
  return out;
}
