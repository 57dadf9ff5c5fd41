// Print a book: the player's saved games and generated puzzles, made by the worker into the same
// print-ready book as `python -m sudoku_grader book` (its "book" operation).
import { bookItems, generatedPuzzles } from "../model/book.js";
import { engineFailed, progressReporter, say } from "./state.js";

/** @import { Store } from "./state.js" */

/**
 * @typedef {{perPage: number, candidates: boolean, title?: string}} BookChoice
 * @typedef {{status: string, html: string, count: number, skipped: {puzzle: string, error: string}[]}} Book
 */

/**
 * Make the book of the saved and generated puzzles; null when there is none yet or the engine
 * failed (the message line says why).
 * @param {Store} store
 * @param {BookChoice} choice
 * @returns {Promise<Book|null>}
 */
export async function printBook(store, choice) {
  const items = bookItems(store.saves?.list() || [], generatedPuzzles(store.storage || null));
  if (!items.length) {
    say(store, "No puzzles for a book yet: the games you play in Solve and the puzzles you generate go into it.", "error");
    return null;
  }
  say(store, null);
  const prog = progressReporter(store, `Making a book of ${items.length} puzzles`);
  try {
    const options = { puzzles: items, title: choice.title || "My Sudoku puzzles", per_page: choice.perPage,
      candidates: choice.candidates ? "hardest" : "none" };
    const res = await store.engine.request("book", "", options, (m) => prog.update(m));
    if (res.status !== "ok") {
      say(store, res.error || "The book could not be made.", "error");
      return null;
    }
    return res;
  } catch (e) {
    engineFailed(store, e);
    return null;
  } finally {
    prog.stop();
  }
}
