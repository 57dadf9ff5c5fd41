// The page's one solver for every <sudoku-grader> element: the worker client (Pyodide in a Web
// Worker), imported and started on the first engine work a reader asks for, never before.

/** @type {Promise<import("../pool.js").Pool>|null} */
let shared = null;

/** The page's one engine, loaded on first use (worker-client.js and everything after it), in a
 * pool that rates the scales and explains side by side in several workers, as the app does (the
 * further workers boot only when a reader asks for a rating). */
export function solver() {
  shared ??= Promise.all([import("../worker-client.js"), import("../pool.js"), import("../model/parallel.js")])
    .then(([{ Engine }, { Pool }, { workerCount }]) => {
      const nav = /** @type {any} */ (globalThis.navigator || {});
      const size = workerCount({ cores: nav.hardwareConcurrency || 2, memoryGB: nav.deviceMemory || 4 });
      return new Pool(new Engine({ lanes: 1 }), size, () => new Engine({ lanes: 1 }));
    });
  return shared;
}

/** Has a reader already asked for the solver (so it needs no "loading" words)? */
export const loadedSolver = () => shared !== null;
