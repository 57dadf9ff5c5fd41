// The coach's view of a game without a DOM: the player's last move and the position before it,
// as the engine's `coach` operation takes them.
import { Game } from "./game.js";

/** @typedef {{cell: string, digit: number, kind: "placement" | "elimination"}} Move */

/**
 * The last move of `game` when it placed one digit or removed one mark, with the position before
 * it as the JSON the engine reads ({givens, placed, candidates}: the player's own marks); null for
 * any other move (marks added, a cell erased, candidates filled in, a step applied).
 * @param {Game} game
 * @returns {{position: string, move: Move} | null}
 */
export function lastMove(game) {
  const m = game.past[game.past.length - 1];
  if (!m) return null;
  // every part of a cell's state (model/cells.js), so that setCell can unpack into copies
  const copy = () => ({
    givens: [...game.givens], placed: [...game.placed], marks: [...game.marks],
    corner: [...game.corner], colours: [...game.colours], candColours: [...game.candColours],
  });
  const before = copy();
  const after = copy();
  for (const x of m.changes) Game.prototype.setCell.call(before, x[0], x[1], x[3] || 0);
  const placedCells = m.changes.map(([c]) => c).filter((c) => before.placed[c] !== after.placed[c]);
  /** @type {Move | null} */
  let move = null;
  const name = (/** @type {number} */ c) => game.geo.cellName(c);
  if (placedCells.length === 1) {
    const c = placedCells[0];
    if (!before.placed[c] && after.placed[c]) move = { cell: name(c), digit: after.placed[c], kind: "placement" };
  } else if (!placedCells.length && m.changes.length === 1) {
    const [c] = m.changes[0];
    const lost = before.marks[c] & ~after.marks[c];
    const gained = after.marks[c] & ~before.marks[c];
    if (!gained && lost && (lost & (lost - 1)) === 0) move = { cell: name(c), digit: Math.log2(lost) + 1, kind: "elimination" };
  }
  if (!move) return null;
  const digits = (/** @type {number[]} */ xs) => xs.map((d) => (d ? String(d) : ".")).join("");
  const candidates = before.marks.map((mask, c) => {
    if (before.givens[c] || before.placed[c]) return [];
    const out = [];
    for (let d = 1; d <= game.geo.size; d++) if (mask & (1 << (d - 1))) out.push(d);
    return out;
  });
  return { position: JSON.stringify({ givens: digits(before.givens), placed: digits(before.placed), candidates }), move };
}
