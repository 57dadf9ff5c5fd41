// New game in one tap: a puzzle of a level from the shipped bank opens in Solve at once. The bank
// holds each puzzle's solution and ratings, so nothing waits for the engine: the solution stands
// in for the engine's solve() answer and the ratings for the solved message.
import { Game } from "../model/game.js";
import { setGame } from "./puzzles.js";
import { persist } from "./saves.js";
import { say } from "./state.js";

/** @import { Store } from "./state.js" */
/** @import { GameMeta } from "./gamemeta.js" */

/**
 * Open the next puzzle of `level` (store services: `bank`, a web/bank.js Bank; `picker`, a
 * model/bank.js BankPicker). Resolves to the entry opened, or null when the bank has none.
 * @param {Store} store @param {string} level
 */
export async function newGame(store, level) {
  let entries;
  let label = level;
  try {
    entries = await store.bank.entries(level);
    label = (await store.bank.index()).levels.find((/** @type {any} */ l) => l.id === level)?.label || level;
  } catch (e) {
    say(store, `New game: ${e instanceof Error ? e.message : e}.`, "error");
    return null;
  }
  const entry = store.picker.next(level, entries);
  if (!entry) {
    say(store, `The puzzle bank has no ${label} puzzle.`, "error");
    return null;
  }
  openBankGame(store, entry, level, label);
  return entry;
}

/**
 * @param {Store} store
 * @param {import("../model/bank.js").BankEntry} entry
 * @param {string} level
 * @param {string} label
 */
export function openBankGame(store, entry, level, label) {
  say(store, null);
  setGame(store, new Game(entry.puzzle), "solve");
  /** @type {GameMeta} */
  const meta = { puzzle: entry.puzzle, level, label, hints: 0, checks: 0, ratings: entry.ratings, hardest: entry.hardest };
  store.update({ status: { status: "unique", puzzle: entry.puzzle, solution: entry.solution }, gameMeta: meta });
  persist(store);
}
