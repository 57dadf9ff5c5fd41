// Mistakes against the solution: which digits are wrong and which centre marks lost the digit
// that belongs there, fixing them, and going back in the history to before the first mistake.
import { bit } from "../board.js";
import { digitsFromLine, givenOf, placedOf } from "./cells.js";

/** @typedef {import("./game.js").Game} Game */

/** @param {number[]|string} solution @param {import("../board.js").Geometry} geo @returns {number[]} */
export const solutionDigits = (solution, geo) => (typeof solution === "string" ? digitsFromLine(solution, geo) : solution);

/**
 * Cells whose digit is not the solution's, and empty cells whose centre marks lost the
 * solution's digit.
 * @param {Game} g @param {number[]|string} solution
 */
export function mistakes(g, solution) {
  const sol = solutionDigits(solution, g.geo);
  /** @type {number[]} */ const wrong = [];
  /** @type {number[]} */ const missing = [];
  if (!sol || sol.length !== g.geo.cells || sol.some((d) => !d)) return { wrong, missing };
  for (let c = 0; c < g.geo.cells; c++) {
    if (g.placed[c] && g.placed[c] !== sol[c]) wrong.push(c);
    else if (!g.digit(c) && g.marks[c] && !(g.marks[c] & bit(sol[c]))) missing.push(c);
  }
  return { wrong, missing };
}

/**
 * Fix the mistakes: wrong digits erased, the solution's digit back in the marks that lost it.
 * @param {Game} g @param {number[]|string} solution @param {number[]|null} only  just these cells
 */
export function fixMistakes(g, solution, only = null) {
  const sol = solutionDigits(solution, g.geo);
  const { wrong, missing } = mistakes(g, sol);
  const keep = only ? new Set(only) : null;
  return g.move("fix mistakes", () => {
    for (const c of wrong) if (!keep || keep.has(c)) g.placed[c] = 0;
    for (const c of missing) if (!keep || keep.has(c)) g.marks[c] |= bit(sol[c]);
  });
}

/**
 * How many moves of the history to keep to be back before the first mistake: the latest
 * position of this puzzle in the history without a wrong digit, when the grid holds one now
 * (every position after it holds one). -1: no wrong digit now, or no such position.
 * @param {Game} g @param {number[]|string} solution
 */
export function firstMistakeAt(g, solution) {
  const sol = solutionDigits(solution, g.geo);
  const main = g.givens.map((_, c) => g.cellState(c)[0]);
  const clean = () => main.every((s, c) => !placedOf(s) || placedOf(s) === sol[c]);
  const samePuzzle = () => main.every((s, c) => givenOf(s) === g.givens[c]);
  if (!sol || sol.length !== g.geo.cells || clean()) return -1;
  for (let k = g.past.length - 1; k >= 0; k--) {
    const changes = g.past[k].changes;
    for (let i = changes.length - 1; i >= 0; i--) main[changes[i][0]] = changes[i][1];
    if (!samePuzzle()) return -1;
    if (clean()) return k;
  }
  return -1;
}

/**
 * Back to the position before the first mistake (see firstMistakeAt), as one move of its own:
 * Undo brings the mistakes back. False when there is nothing to go back to.
 * @param {Game} g @param {number[]|string} solution
 */
export function undoToFirstMistake(g, solution) {
  const keep = firstMistakeAt(g, solution);
  if (keep < 0) return false;
  const states = g.givens.map((_, c) => g.cellState(c));
  for (let k = g.past.length - 1; k >= keep; k--) {
    const changes = g.past[k].changes;
    for (let i = changes.length - 1; i >= 0; i--) {
      const x = changes[i];
      states[x[0]] = [x[1], x[3] || 0];
    }
  }
  return g.move("back to before the first mistake", () => {
    states.forEach(([main, cand], c) => g.setCell(c, main, cand));
  });
}
