// Rate a puzzle on every scale, then explain its path: the one analysis routine the page (the
// Rate & explain action) and the <sudoku-grader> element share, and the path's replay into the
// positions a step-through shows. DOM-free: node's test runner runs it with a fake engine.
import { replayPositions } from "./model/paths.js";
import { findBottleneck } from "./ratings-view.js";

/**
 * @typedef {object} AnalysisHooks
 * @property {object} [rateOptions]  options of the rate request (techniques, scores)
 * @property {object} [explainOptions]  options of the explain request (techniques)
 * @property {(scale: string, rating: any) => void} [onPartial]  one scale's rating as it arrives
 * @property {(phase: "rate"|"explain", msg: any) => void} [onProgress]  the engine's progress messages
 * @property {(rate: any) => void} [onRated]  every scale rated, before the explanation starts (may throw to stop)
 * @property {() => boolean} [live]  false once the caller no longer wants the answer (nothing more is asked or told)
 */

/**
 * Rate every scale and explain `puzzle`. Resolves to {rate, explain}, or null when `live()` turned
 * false; an engine error (cancelled, time limit, a failure) rejects as the engine gave it, and
 * `onRated` having run tells the caller it came while explaining. `engine` is a worker client, or a
 * `Pool` (pool.js) that rates the scales and explains side by side in several workers.
 * @param {Pick<import("./worker-client.js").Engine, "request"> | {analyse: (puzzle: string, hooks: AnalysisHooks) => Promise<{rate: any, explain: any}|null>}} engine
 * @param {string} puzzle
 * @param {AnalysisHooks} hooks
 * @returns {Promise<{rate: any, explain: any}|null>}
 */
export async function rateThenExplain(engine, puzzle, hooks = {}) {
  if ("analyse" in engine) return engine.analyse(puzzle, hooks);
  return rateInTurn(engine, puzzle, hooks);
}

/**
 * Rate (every scale in one request), then explain, in one worker: the order of one worker.
 * @param {Pick<import("./worker-client.js").Engine, "request">} engine
 * @param {string} puzzle
 * @param {AnalysisHooks} hooks
 * @returns {Promise<{rate: any, explain: any}|null>}
 */
export async function rateInTurn(engine, puzzle, hooks = {}) {
  const { rateOptions = {}, explainOptions = {}, onPartial, onProgress, onRated, live = () => true } = hooks;
  const rate = await engine.request("rate", puzzle, rateOptions, (m) => {
    if (!live()) return;
    if (m.type === "partial") onPartial?.(m.scale, m.rating);
    else onProgress?.("rate", m);
  });
  if (!live()) return null;
  onRated?.(rate);
  const explain = await engine.request("explain", puzzle, explainOptions, (m) => {
    if (live()) onProgress?.("explain", m);
  });
  if (!live()) return null;
  return { rate, explain };
}

/**
 * The path replayed from `start`: the position before each step and after the last
 * (`positions[k]` is the grid after k steps) and the candidates left before each step.
 * @param {import("./board.js").Position} start @param {any[]} steps
 */
export function replayPath(start, steps) {
  return replayPositions(start, steps);
}

/** A step's difficulty: its own SE figure when it carries one, else its technique's level (catalogue). */
export function stepDifficulty(step, catalogue) {
  const x = step.extra || {};
  for (const k of ["se_difficulty", "se", "difficulty", "rating"]) if (typeof x[k] === "number") return x[k];
  return (catalogue?.techniques || []).find((t) => t.id === step.technique)?.level ?? 1;
}

/** Where the bottleneck is on the path shown: the same technique (and text when given), or -1. */
export function bottleneckOnPath(b, steps) {
  if (!b) return -1;
  const same = (s) => s.technique === b.technique || (b.name && s.name === b.name);
  let i = steps.findIndex((s) => same(s) && (!b.text || s.text === b.text));
  if (i < 0) i = steps.findIndex(same);
  return i;
}

/**
 * The hardest step on the page's path: the rating's bottleneck where the path has it (-1 when
 * only Sudoku Explainer's own path does), else the step of the highest difficulty; -1 without steps.
 * @param {any} rate @param {any[]} steps @param {number[]} difficulty
 */
export function bottleneckIndex(rate, steps, difficulty) {
  if (!steps.length) return -1;
  const b = findBottleneck(rate);
  if (b) return bottleneckOnPath(b, steps);
  return difficulty.indexOf(Math.max(...difficulty));
}
