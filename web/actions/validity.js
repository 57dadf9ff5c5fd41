// Is the grid a puzzle? The engine's solve() of the givens, asked for shortly after each edit and
// kept in `status`; the sentence the status line shows; the solution when there is exactly one.
import { duplicateCells } from "../board.js";
import { plural } from "./state.js";

/** @import { State, Store } from "./state.js" */

/** Check the givens once typing pauses (150 ms). @param {Store} store */
export function scheduleValidity(store) {
  const runs = store.runs;
  clearTimeout(runs.validityTimer);
  runs.validityTimer = setTimeout(() => validity(store), 150);
}

/** The engine's solve() of the givens, kept in `status`; null for an empty or broken grid. @param {Store} store */
export async function validity(store) {
  const runs = store.runs;
  clearTimeout(runs.validityTimer);
  const seq = ++runs.validitySeq;
  const game = store.state.game;
  const puzzle = game.puzzle();
  if (store.state.status?.puzzle === puzzle) return store.state.status;
  store.update({ status: null, showSolutions: 0 });
  if (!game.givenCount() || duplicateCells(game.givens, game.geo).size) return null;
  let res;
  try {
    res = await store.engine.request("solve", puzzle);
  } catch {
    return null;
  }
  if (seq !== runs.validitySeq || store.state.game.puzzle() !== puzzle) return null;
  store.update({ status: { ...res, puzzle } });
  return store.state.status;
}

/** The engine's solve() of `puzzle`, or null when the request failed. */
export async function solveOnce(store, puzzle) {
  try {
    return await store.engine.request("solve", puzzle);
  } catch {
    return null;
  }
}

/** The validity sentence for the grid (class: good | warn | bad | ""). @param {State} state */
export function describeValidity(state) {
  const game = state.game;
  const n = game.givenCount();
  if (duplicateCells(game.givens, game.geo).size) return { text: `Not valid: ${describeDuplicates(game.givens, game.geo)}`, cls: "bad" };
  if (!n) return { text: "Type a puzzle, paste one, or choose an example.", cls: "" };
  const st = state.status?.puzzle === game.puzzle() ? state.status : null;
  if (!st) return { text: `${plural(n, "given")}; checking…`, cls: "" };
  if (st.status === "unique") return { text: `Valid: exactly one solution (${plural(n, "given")}).`, cls: "good" };
  if (st.status === "multiple") {
    const k = (st.differ || []).length;
    return {
      text: `Several solutions: this puzzle has more than one solution (two of them differ in ${plural(k, "cell")}). Add givens to make it a real puzzle.`,
      cls: "warn",
    };
  }
  if (st.status === "none") return { text: `No solution: ${String(st.error || "").replace(/^the puzzle has no solution:\s*/i, "")}`, cls: "bad" };
  return { text: `Not a puzzle: ${st.error || "unreadable"}`, cls: "bad" };
}

function describeDuplicates(values, geo) {
  const names = ["row", "column", "box"];
  const n = geo.size;
  for (let h = 0; h < geo.houses.length; h++) {
    const seen = new Map();
    for (const c of geo.houses[h]) {
      const d = values[c];
      if (!d) continue;
      if (seen.has(d)) {
        return `${d} appears twice in ${names[Math.floor(h / n)]} ${(h % n) + 1} (${geo.cellName(seen.get(d))} and ${geo.cellName(c)}).`;
      }
      seen.set(d, c);
    }
  }
  return "a digit repeats in a house.";
}

/** The solution of the givens when they have exactly one. @param {State} state @returns {string|null} */
export function solutionOf(state) {
  const st = state.status;
  return st && st.status === "unique" && st.puzzle === state.game.puzzle() ? st.solution : null;
}

/** Show `n` of the solutions the status found (0 hides them). */
export function showSolutions(store, n) {
  store.update({ showSolutions: n });
}
