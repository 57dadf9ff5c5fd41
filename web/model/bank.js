// New game from the shipped bank (web/bank/<level>.json, made by scripts/game_bank.py): which
// puzzle of a level to open next. A player meets no puzzle twice until every puzzle of that level
// has been opened; then the level starts over. What was opened is kept in the browser (a list of
// seeds per level); without storage the choice is still random, only not remembered. No DOM.

export const USED_KEY = "sudoku-grader-bank-used";

/** @typedef {{seed: number, puzzle: string, solution: string, ratings: Object<string, Object<string, any>>,
 *   hardest?: string}} BankEntry */

export class BankPicker {
  /** @param {Storage|null} storage  localStorage, or null when the browser refuses access */
  constructor(storage) {
    this.storage = storage;
  }

  /** @returns {Object<string, number[]>} */
  #all() {
    try {
      const data = JSON.parse(this.storage?.getItem(USED_KEY) || "{}");
      return data && typeof data === "object" && !Array.isArray(data) ? data : {};
    } catch {
      return {};
    }
  }

  /** The seeds of the level's puzzles opened so far. @param {string} level @returns {Set<number>} */
  used(level) {
    const list = this.#all()[level];
    return new Set(Array.isArray(list) ? list.filter(Number.isFinite) : []);
  }

  /**
   * The next puzzle of a level: a random one not opened yet (all of them again once the level is
   * used up), remembered as opened. Null for an empty level.
   * @param {string} level
   * @param {BankEntry[]} entries
   * @param {() => number} [random]
   * @returns {BankEntry|null}
   */
  next(level, entries, random = Math.random) {
    if (!entries.length) return null;
    let used = this.used(level);
    let fresh = entries.filter((e) => !used.has(e.seed));
    if (!fresh.length) {
      used = new Set();
      fresh = entries;
    }
    const pick = fresh[Math.min(fresh.length - 1, Math.floor(random() * fresh.length))];
    used.add(pick.seed);
    try {
      this.storage?.setItem(USED_KEY, JSON.stringify({ ...this.#all(), [level]: [...used] }));
    } catch {
      /* full or blocked: the pick stands, only not remembered */
    }
    return pick;
  }
}
