// Games in progress, saved in the browser's local storage after every move, one entry per puzzle,
// plus an index the page lists ("continue where you left off"); finished games go to a history
// the per-level statistics are read from. No DOM: the storage object is passed in
// (window.localStorage in the page, a Map-backed fake in node's tests).
import { Game } from "./game.js";

export const GAME_PREFIX = "sudoku-grader-game:";
export const INDEX_KEY = "sudoku-grader-games";
export const HISTORY_KEY = "sudoku-grader-history";

/**
 * @typedef {{givens: string, updated: number, filled: number, empty: number, solved: boolean,
 *   level?: string|null, hints?: number, checks?: number, seconds?: number, recorded?: boolean}} SavedEntry
 * @typedef {{givens: string, date: number, level: string|null, seconds: number, hints: number,
 *   checks: number}} Finished
 * @typedef {{level: string|null, solved: number, best: number|null, median: number|null,
 *   hints: number, streak: number}} LevelStats
 */

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

  /** The saved games, newest first (finished ones too, marked ``solved``).
   * @returns {SavedEntry[]} */
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

  /** The games still being played, newest first. @returns {SavedEntry[]} */
  inProgress() {
    return this.list().filter((e) => !e.solved);
  }

  /** The index entry of a puzzle, or null. @param {string} givens */
  entry(givens) {
    return this.list().find((e) => e.givens === givens) || null;
  }

  /**
   * Save a game now. Returns {ok: true} or {ok: false, reason: "full" | "blocked", message}.
   * When storage is full, finished games are deleted once to make room before giving up.
   * ``level`` (the New-game level it came from), ``hints`` and ``checks`` (counts so far) are kept
   * in the index; left out, the values saved before stay.
   * @param {import("./game.js").Game} game
   * @param {{solved?: boolean, now?: number, level?: string|null, hints?: number, checks?: number}} [opts]
   */
  save(game, { solved = false, now = Date.now(), level, hints, checks } = {}) {
    if (!this.storage) return { ok: false, reason: "blocked", message: MESSAGES.blocked };
    const givens = game.puzzle();
    const values = game.values();
    const before = this.entry(givens);
    /** @type {SavedEntry} */
    const entry = {
      givens,
      updated: now,
      filled: values.filter(Boolean).length,
      empty: values.filter((d) => !d).length,
      solved: Boolean(solved),
      level: level === undefined ? (before?.level ?? null) : level,
      hints: hints ?? before?.hints ?? 0,
      checks: checks ?? before?.checks ?? 0,
      seconds: Math.round(game.elapsed || 0),
      recorded: Boolean(solved && before?.recorded), // in the history already (see finish)
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

  // ---------------------------------------------------------------- history and statistics
  /** The finished games, newest first. @returns {Finished[]} */
  history() {
    if (!this.storage) return [];
    try {
      const data = JSON.parse(this.storage.getItem(HISTORY_KEY) || "[]");
      return Array.isArray(data)
        ? data.filter((e) => e && typeof e.givens === "string" && Number.isFinite(e.date)).sort((a, b) => b.date - a.date)
        : [];
    } catch {
      return [];
    }
  }

  /**
   * A game was solved: save it as finished and add it to the history once (the index entry
   * remembers it is ``recorded``; a later save that is not solved clears that). Returns the history
   * record, or null when this game was already recorded or nothing can be stored.
   * @param {import("./game.js").Game} game
   * @param {{now?: number, level?: string|null, hints?: number, checks?: number}} [opts]
   * @returns {Finished|null}
   */
  finish(game, { now = Date.now(), level, hints, checks } = {}) {
    const before = this.entry(game.puzzle());
    if (before?.recorded) return null;
    const saved = this.save(game, { solved: true, now, level, hints, checks });
    const entry = this.entry(game.puzzle());
    if (!saved.ok || !entry) return null;
    /** @type {Finished} */
    const record = {
      givens: entry.givens,
      date: now,
      level: entry.level ?? null,
      seconds: entry.seconds ?? 0,
      hints: entry.hints ?? 0,
      checks: entry.checks ?? 0,
    };
    try {
      const list = this.history();
      list.unshift(record);
      this.storage?.setItem(HISTORY_KEY, JSON.stringify(list.slice(0, 1000)));
      const index = this.list().map((e) => (e.givens === entry.givens ? { ...e, recorded: true } : e));
      this.storage?.setItem(INDEX_KEY, JSON.stringify(index));
    } catch {
      return null;
    }
    return record;
  }

  /**
   * Per level (in the order of ``levels``, then any other level met in the history): games
   * solved, best and median time in seconds, hints used, and days in a row (local calendar days
   * with a solve at that level, ending today or yesterday).
   * @param {string[]} [levels]
   * @param {number} [now]
   * @returns {LevelStats[]}
   */
  stats(levels = [], now = Date.now()) {
    const byLevel = new Map(levels.map((l) => [l, /** @type {Finished[]} */ ([])]));
    for (const h of this.history()) {
      const key = h.level ?? null;
      if (!byLevel.has(key)) byLevel.set(key, []);
      byLevel.get(key)?.push(h);
    }
    return [...byLevel].map(([level, games]) => {
      const times = games.map((g) => g.seconds).sort((a, b) => a - b);
      const mid = times.length >> 1;
      return {
        level,
        solved: games.length,
        best: times.length ? times[0] : null,
        median: times.length ? (times.length % 2 ? times[mid] : Math.round((times[mid - 1] + times[mid]) / 2)) : null,
        hints: games.reduce((n, g) => n + (g.hints || 0), 0),
        streak: streak(games.map((g) => g.date), now),
      };
    });
  }

  /** Forget the history (the statistics start again); games in progress stay. */
  resetStats() {
    try {
      this.storage?.removeItem(HISTORY_KEY);
    } catch {
      /* nothing stored, nothing to reset */
    }
  }
}

/** The local calendar day of a time, as a day number (days since the epoch in local time). */
function dayOf(ms) {
  const d = new Date(ms);
  return Math.round(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / 86_400_000);
}

/** Days in a row with a solve, ending today or yesterday (0 when the last solve is older).
 * @param {number[]} dates @param {number} now */
export function streak(dates, now) {
  const days = new Set(dates.map(dayOf));
  let day = dayOf(now);
  if (!days.has(day)) day -= 1;
  let n = 0;
  while (days.has(day)) {
    n += 1;
    day -= 1;
  }
  return n;
}
