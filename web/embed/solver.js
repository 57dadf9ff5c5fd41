// The page's one solver for every <sudoku-grader> element: the worker client (Pyodide in a Web
// Worker), imported and started on the first engine work a reader asks for, never before.

/** @type {Promise<import("../worker-client.js").Engine>|null} */
let shared = null;

/** The page's one engine, loaded on first use (worker-client.js and everything after it). */
export function solver() {
  shared ??= import("../worker-client.js").then(({ Engine }) => new Engine({ lanes: 1 }));
  return shared;
}

/** Has a reader already asked for the solver (so it needs no "loading" words)? */
export const loadedSolver = () => shared !== null;
