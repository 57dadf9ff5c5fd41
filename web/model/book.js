// Which puzzles go into the app's Print a book, without a DOM: the player's saved games (played,
// finished or not) and the puzzles generated in this browser, each once. The book itself is made
// by Python (the worker's "book" operation, the same as `python -m sudoku_grader book`).

export const GENERATED_KEY = "sudoku-grader-generated";
/** The generated puzzles kept for a book, newest first. */
export const GENERATED_MAX = 200;

/**
 * @typedef {{puzzle: string, label: string}} BookItem
 */

/**
 * The puzzles generated in this browser, newest first ([] when storage is blocked or unreadable).
 * @param {Storage|null} storage
 * @returns {string[]}
 */
export function generatedPuzzles(storage) {
  if (!storage) return [];
  try {
    const list = JSON.parse(storage.getItem(GENERATED_KEY) || "[]");
    return Array.isArray(list) ? list.filter((p) => typeof p === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Remember a generated puzzle for a later book (a full or blocked storage just forgets it).
 * @param {Storage|null} storage
 * @param {string} puzzle
 */
export function rememberGenerated(storage, puzzle) {
  if (!storage || !puzzle) return;
  const list = [puzzle, ...generatedPuzzles(storage).filter((p) => p !== puzzle)].slice(0, GENERATED_MAX);
  try {
    storage.setItem(GENERATED_KEY, JSON.stringify(list));
  } catch {
    /* nothing to keep it in */
  }
}

/**
 * The book's puzzles: saved games first (newest first), then generated ones not saved, each once,
 * labelled by where it came from.
 * @param {{givens: string, solved?: boolean}[]} saved  the saved games' index (Saves.list())
 * @param {string[]} generated
 * @returns {BookItem[]}
 */
export function bookItems(saved, generated) {
  const seen = new Set();
  /** @type {BookItem[]} */
  const out = [];
  for (const e of saved) {
    if (seen.has(e.givens)) continue;
    seen.add(e.givens);
    out.push({ puzzle: e.givens, label: e.solved ? "Solved game" : "Game in progress" });
  }
  for (const p of generated) {
    if (seen.has(p)) continue;
    seen.add(p);
    out.push({ puzzle: p, label: "Generated" });
  }
  return out;
}
