// What the page keeps about the game in Solve beyond its position: the New-game level it came
// from, the hints and checks used so far (for the solved message, the history and the statistics)
// and, for a bank puzzle, its ratings. Kept in the store as `gameMeta` and in the saves' index.
import { clock, count } from "../words.js";

/** @import { Store } from "./state.js" */
/**
 * @typedef {{puzzle: string, level: string|null, label?: string, hints: number, checks: number,
 *   ratings?: Object<string, Object<string, any>>, hardest?: string}} GameMeta
 */

/** The current game's meta, made from its saved entry when the store has none for it yet.
 * @param {Store} store @returns {GameMeta} */
export function metaOf(store) {
  const s = store.state;
  const puzzle = s.game.puzzle();
  if (s.gameMeta?.puzzle === puzzle) return s.gameMeta;
  const saved = store.saves?.entry(puzzle);
  /** @type {GameMeta} */
  const meta = { puzzle, level: saved?.level ?? null, hints: saved?.hints || 0, checks: saved?.checks || 0 };
  store.update({ gameMeta: meta });
  return meta;
}

/** One more hint or check used on the current game. @param {Store} store @param {"hints"|"checks"} what */
export function countUse(store, what) {
  const meta = metaOf(store);
  store.update({ gameMeta: { ...meta, [what]: meta[what] + 1 } });
}

/** The saves' options for the current game: its level and counts. @param {Store} store */
export function saveOptions(store) {
  const meta = metaOf(store);
  return { level: meta.level, hints: meta.hints, checks: meta.checks };
}

/** "Solved in 4:12 with 1 hint and 0 checks." @param {number} seconds @param {GameMeta} meta */
export function solvedLead(seconds, meta) {
  return `Solved in ${clock(seconds)} with ${count(meta.hints, "hint")} and ${count(meta.checks, "check")}.`;
}
