// The solution paths the stepper can show: the default path (explain) and each scale's own path
// (a rate answer's `path_steps`, asked with `detail`), each replayed from the puzzle so the grid can
// draw every step on its own position. DOM-free; `Position` is passed in (web/board.js).

/**
 * @typedef {import("../worker-protocol.js").Step} Step
 * @typedef {import("../board.js").Position} Position
 * @typedef {{steps: Step[], positions: Position[], counts: number[], difficulty: number[]}} Path
 */

/** The path sources the stepper offers, in its order: the page's own path and two scales'. */
export const SOURCES = /** @type {const} */ (["default", "se", "hodoku"]);

/**
 * Replay `steps` from `start`: the position before each step and after the last, the candidates
 * before each, and each step's difficulty.
 * @param {Position} start
 * @param {Step[]} steps
 * @param {(step: Step, i: number) => number} difficultyOf
 * @returns {Path}
 */
export function replay(start, steps, difficultyOf) {
  return { steps, ...replayPositions(start, steps), difficulty: steps.map(difficultyOf) };
}

/**
 * The grid after each step (`positions[k]`: after k steps) and the candidates left before each.
 * @param {import("../board.js").Position} start @param {any[]} steps
 * @returns {{positions: import("../board.js").Position[], counts: number[]}}
 */
export function replayPositions(start, steps) {
  const positions = [start];
  const counts = [];
  let p = start;
  for (const st of steps) {
    counts.push(p.candidateCount());
    p = p.copy();
    p.apply(st);
    positions.push(p);
  }
  return { positions, counts };
}

/**
 * Every path there is for one analysis: `default` from the explain answer, and `se` / `hodoku`
 * from the rate answer's own paths (SE's steps priced by SE's own figures, from its short `path`).
 * A source without steps is left out.
 * @param {Position} start
 * @param {{steps?: Step[]} | null} explain
 * @param {{ratings?: Record<string, any>} | null} rate
 * @param {(step: Step) => number} levelOf  a technique's usual level (the catalogue's)
 * @returns {Partial<Record<typeof SOURCES[number], Path>>}
 */
export function allPaths(start, explain, rate, levelOf) {
  /** @type {Partial<Record<typeof SOURCES[number], Path>>} */
  const out = {};
  if (explain?.steps) out.default = replay(start, explain.steps, (st) => stepDifficulty(st, levelOf));
  for (const id of /** @type {const} */ (["se", "hodoku"])) {
    const r = rate?.ratings?.[id];
    const steps = Array.isArray(r?.path_steps) ? r.path_steps : [];
    if (!steps.length) continue;
    const short = Array.isArray(r.path) ? r.path : [];
    out[id] = replay(start, steps, (st, i) => (typeof short[i]?.se === "number" ? short[i].se : stepDifficulty(st, levelOf)));
  }
  return out;
}

/**
 * A step's difficulty: its own SE figure where it carries one, else its technique's level.
 * @param {Step} step
 * @param {(step: Step) => number} levelOf
 */
export function stepDifficulty(step, levelOf) {
  const x = step.extra || {};
  for (const k of ["se_difficulty", "se", "difficulty", "rating"]) if (typeof x[k] === "number") return /** @type {number} */ (x[k]);
  return levelOf(step);
}
