// The small store the panels meet through: one state object, shallow updates, listeners that hear
// which keys changed. Panels never call each other; they read the state, call the actions
// (actions/) and redraw when the keys they show change.
//
// A few values are mutable objects (the Game keeps its own undo history): whoever changes one
// calls `update({game})` with the same object, so listeners still hear "game".

/**
 * Bookkeeping of the work in flight, owned by one store (not state: nothing draws it).
 * @typedef {object} Runs
 * @property {ReturnType<typeof setTimeout>|null} validityTimer  the pending check of the givens
 * @property {number} validitySeq  the latest check of the givens; older answers are dropped
 * @property {string|null} solvedFor  the puzzle whose solved sentence is being rated
 * @property {number} analysisRun  the analysis running; an abandoned one stops drawing
 */

/**
 * @param {import("./actions/state.js").State} initial
 * @param {{engine?: any, storage?: Storage|null, saves?: import("./model/saves.js").Saves,
 *   bank?: import("./bank.js").Bank, picker?: import("./model/bank.js").BankPicker}} services
 * @returns {import("./actions/state.js").Store}
 */
export function createStore(initial, services = {}) {
  let state = { ...initial };
  const listeners = new Set();
  return {
    engine: null,
    ...services, // engine, storage, saves, bank, picker: shared services, not state
    /** @type {Runs} */
    runs: { validityTimer: null, validitySeq: 0, solvedFor: null, analysisRun: 0 },
    get state() {
      return state;
    },
    /** Merge `patch` into the state and tell every listener which keys it named. */
    update(patch) {
      state = { ...state, ...patch };
      const keys = new Set(Object.keys(patch));
      for (const fn of [...listeners]) fn(state, keys);
    },
    /** `fn(state, changedKeys)` after each update; returns the function that unsubscribes. */
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}

/** True when any of `names` is among the changed keys (a panel's "should I redraw?"). */
export const touches = (keys, ...names) => names.some((n) => keys.has(n));
