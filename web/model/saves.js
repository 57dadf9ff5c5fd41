// Games in progress, saved in the browser's local storage after every move, one entry per puzzle,
// plus an index the page lists ("continue where you left off"). No DOM: the storage object is
// passed in (window.localStorage in the page, a Map-backed fake in node's tests).
import { Game } from "./game.js";

export const GAME_PREFIX = "sudoku-grader-game:";
export const INDEX_KEY = "sudoku-grader-games";

export const MESSAGES = {
  full:
    "This browser's storage for the page is full, so your last move is not saved. Delete finished puzzles " +
    "from the list of saved games, or copy the link (it holds your progress).",
  blocked:
    "This browser does not let the page save anything (storage is blocked, as in some private modes): your " +
    "moves last only while this tab is open. Copy the link to keep your progress.",
};

function isQuota(e) {
  return (
    e &&
    (e.name === "QuotaExceededError" || e.name === "NS_ERROR_DOM_QUOTA_REACHED" || e.code === 22 || e.code === 1014)
  );
}

export class Saves {
  /** @param {Storage|null} storage  localStorage, or null when the browser refuses access */
  constructor(storage) {
    this.storage = storage;
  }

  /** The saved games, newest first: {givens, updated, filled, empty, solved}. */
  list() {
    if (!this.storage) return [];
    try {
      const data = JSON.parse(this.storage.getItem(INDEX_KEY) || "[]");
      return Array.isArray(data) ? data.filter((e) => e && typeof e.givens === "string").sort((a, b) => b.updated - a.updated) : [];
    } catch {
      return [];
    }
  }

  /** The saved game of a puzzle (its givens line), or null. */
  load(givens) {
    if (!this.storage) return null;
    try {
      const raw = this.storage.getItem(GAME_PREFIX + givens);
      if (!raw) return null;
      const game = Game.fromJSON(JSON.parse(raw));
      return game.puzzle() === givens ? game : null;
    } catch {
      return null;
    }
  }

  /**
   * Save a game now. Returns {ok: true} or {ok: false, reason: "full" | "blocked", message}.
   * When storage is full, finished games are deleted once to make room before giving up.
   */
  save(game, { solved = false, now = Date.now() } = {}) {
    if (!this.storage) return { ok: false, reason: "blocked", message: MESSAGES.blocked };
    const givens = game.puzzle();
    const values = game.values();
    const entry = {
      givens,
      updated: now,
      filled: values.filter(Boolean).length,
      empty: values.filter((d) => !d).length,
      solved: Boolean(solved),
    };
    const write = () => {
      this.storage.setItem(GAME_PREFIX + givens, JSON.stringify(game.toJSON()));
      const index = this.list().filter((e) => e.givens !== givens);
      index.unshift(entry);
      this.storage.setItem(INDEX_KEY, JSON.stringify(index));
    };
    try {
      write();
      return { ok: true };
    } catch (e) {
      if (!isQuota(e)) return { ok: false, reason: "blocked", message: MESSAGES.blocked };
    }
    // Full: make room by dropping finished games (never the one being saved), then try once more.
    let freed = false;
    for (const e of this.list()) {
      if (e.solved && e.givens !== givens) {
        this.remove(e.givens);
        freed = true;
      }
    }
    if (freed) {
      try {
        write();
        return { ok: true, freed: true };
      } catch {
        /* still full */
      }
    }
    return { ok: false, reason: "full", message: MESSAGES.full };
  }

  remove(givens) {
    if (!this.storage) return;
    try {
      this.storage.removeItem(GAME_PREFIX + givens);
      const index = this.list().filter((e) => e.givens !== givens);
      this.storage.setItem(INDEX_KEY, JSON.stringify(index));
    } catch {
      /* nothing more to do */
    }
  }
}
