// New game in one tap: a puzzle of a level from the shipped bank opens in Solve at once. The bank
// holds each puzzle's solution and ratings, so nothing waits for the engine: the solution stands
// in for the engine's solve() answer and the ratings for the solved message.
import { Game } from "../model/game.js";
import { setGame } from "./puzzles.js";
import { persist } from "./saves.js";
import { say } from "./state.js";
import { solveOnce } from "./validity.js";

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

/** The bank's entry of `givens` at `level` and the level's label, or null (not a bank puzzle, or
 * the bank did not load). @param {Store} store @param {string} level @param {string} givens */
async function bankEntry(store, level, givens) {
  try {
    const entry = (await store.bank?.entries(level))?.find((e) => e.puzzle === givens);
    if (!entry) return null;
    const label = (await store.bank?.index())?.levels.find((l) => l.id === level)?.label || level;
    return { entry, label };
  } catch {
    return null;
  }
}

/**
 * Continue a saved game (`saved`, an entry of the saves' index) in Solve, as it was left. A bank
 * puzzle opens at once: its solution and ratings come from the bank, so nothing waits for the
 * engine; any other puzzle opens once the engine has solved its givens. `still()` is asked after
 * those waits (false: the page has moved on, open nothing). Resolves to true when the game is on the grid.
 * @param {Store} store @param {import("../model/saves.js").SavedEntry} saved
 * @param {{push?: boolean, still?: () => boolean}} [opts]
 */
export async function resumeGame(store, saved, { push = true, still = () => true } = {}) {
  const game = store.saves?.load(saved.givens);
  if (!game) return false;
  const found = saved.level ? await bankEntry(store, saved.level, saved.givens) : null;
  const status = found
    ? { status: "unique", puzzle: saved.givens, solution: found.entry.solution }
    : { ...(await solveOnce(store, saved.givens)), puzzle: saved.givens };
  if (status.status !== "unique" || !still()) return false;
  say(store, null);
  setGame(store, game, "solve", { push });
  /** @type {GameMeta} */
  const meta = { puzzle: saved.givens, level: saved.level ?? null, label: found?.label, hints: saved.hints || 0,
    checks: saved.checks || 0, ratings: found?.entry.ratings, hardest: found?.entry.hardest };
  store.update({ status, gameMeta: meta });
  return true;
}

/**
 * A return visit to the app's address (no puzzle in the URL): the last game in progress opens in
 * Solve by itself, as it was left. Nothing happens when there is none, or when the player has put
 * something on the grid meanwhile. Resolves to true when it opened one.
 * @param {Store} store
 */
export async function resumeLastGame(store) {
  const saved = store.saves?.inProgress()[0];
  const untouched = () => !store.state.game.givenCount() && !store.state.game.hasProgress();
  if (!saved || !untouched()) return false;
  const opened = await resumeGame(store, saved, { push: false, still: untouched });
  if (opened) store.update({ resumed: { givens: saved.givens, level: saved.level ?? null, seconds: saved.seconds || 0 } });
  return opened;
}

/** The welcome back is over (the player moved on or played). @param {Store} store */
export function forgetResumed(store) {
  if (store.state.resumed) store.update({ resumed: null });
}
