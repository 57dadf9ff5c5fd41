// The small store the panels meet through: one state object, shallow updates, listeners that hear
// which keys changed. Panels never call each other; they read the state, call the actions
// (actions.js) and redraw when the keys they show change.
//
// A few values are mutable objects (the Game keeps its own undo history): whoever changes one
// calls `update({game})` with the same object, so listeners still hear "game".

export function createStore(initial, services = {}) {
  let state = { ...initial };
  const listeners = new Set();
  return {
    ...services, // engine, saves, catalogue loader: shared services, not state
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
