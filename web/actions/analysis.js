// Rate & explain on the page: every scale's rating drawn as it arrives, then the path, the step
// shown on it, and the abandoning of a run when the givens change.
import { Position } from "../board.js";
import { allPaths } from "../model/paths.js";
import { bottleneckIndex, rateThenExplain } from "../rate-explain.js";
import { engineOptions, loadCatalogue } from "./settings.js";
import { engineFailed, progressReporter, say, stepWords } from "./state.js";
import { validity } from "./validity.js";

/** @import { Analysis, State, Store } from "./state.js" */

// One analysis at a time, tagged with its puzzle (store.runs.analysisRun). When the givens change,
// the running one is abandoned (the engine drops the long lane's work) and nothing it still sends
// is drawn: results never show over another puzzle, and the new puzzle is analysed at once.

/** The givens changed: stop analysing the old ones (called before the new puzzle is shown). @param {Store} store */
export function abandonAnalysis(store) {
  if (store.state.running !== "rate") return;
  store.runs.analysisRun++;
  store.engine.abandon();
  store.pool?.abandon();
  store.update({ running: null, progress: "" });
}

/** The scales' display names and order, from the worker's catalogue ({} until it has answered). @param {State} state */
export function scaleNames(state) {
  return Object.fromEntries((state.catalogue?.scales || []).map((s) => [s.id, s.name]));
}

/** The order the worker rates in when the page listens: the catalogue's order, its slow scales (SE) last. */
function ratingOrder(state) {
  const scales = state.catalogue?.scales || [];
  return [...scales.filter((s) => !s.slow), ...scales.filter((s) => s.slow)].map((s) => s.id);
}

/**
 * Rate every scale, then explain the path. Each scale's rating is drawn as it arrives (SE last);
 * `analysis.pending` lists the scales still to come, `analysis.stopped` says why a run ended
 * early ({kind: "cancelled" | "timeout", phase: "rate" | "explain"}) while keeping what finished.
 * `restart`: abandon a running analysis first (settings changed).
 * @param {Store} store
 */
export async function analyze(store, { restart = false } = {}) {
  if (store.state.running === "rate" && restart) abandonAnalysis(store);
  if (store.state.running) return;
  say(store, null);
  const status = await validity(store);
  const puzzle = store.state.game.puzzle();
  if (!status || status.status !== "unique") {
    if (status?.status === "multiple") say(store, "Rating needs a puzzle with exactly one solution; this one has several.", "error");
    else if (status?.status === "none") say(store, "This puzzle has no solution, so there is nothing to rate.", "error");
    else say(store, "Enter a valid puzzle first.", "error");
    return;
  }
  // the scales to rate side by side come from the catalogue, which a link's first rating may outrun
  if (!store.state.catalogue) await loadCatalogue(store);
  if (store.state.running) return; // another analysis started while this one checked the puzzle
  const run = ++store.runs.analysisRun;
  const live = () => run === store.runs.analysisRun && store.state.game.puzzle() === puzzle;
  const start = Position.fromLine(puzzle);
  // The catalogue may still be on its way when a link opens the page: read it when needed.
  const order = () => ratingOrder(store.state);
  const partial = {};
  /** @type {Record<string, Record<string, unknown>>} */
  const bounds = {}; // what each scale's walk so far proves (its progress messages' at_least)
  /** @type {Omit<Analysis, "rate">} */
  const base = { puzzle, explain: null, steps: [], positions: [start], counts: [], difficulty: [], bottleneckIndex: -1, stopped: null };
  const showRatings = (extra = {}) => {
    const pending = order().filter((s) => !(s in partial));
    store.update({ analysis: { ...base, rate: { ratings: { ...partial } }, pending, current: pending[0] ?? null, bounds: { ...bounds }, ...extra } });
  };
  store.update({ view: null, running: "rate", netFocus: null });
  showRatings();
  let prog = progressReporter(store, "Rating", live);
  const side = (store.pool?.size ?? 1) > 1; // scales and the path side by side in several workers
  const names = () => scaleNames(store.state);
  /** @type {Map<string, string>} */
  const working = new Map(); // side by side: what each job is doing, for the progress line
  const sayWorking = () => {
    const done = order().filter((x) => x in partial).length;
    prog.say(` · ${done} of ${order().length} scales done · ${[...working.values()].join(" · ")}`);
  };
  /** @type {"rate"|"explain"} */
  let phase = "rate";
  let answer;
  try {
    answer = await rateThenExplain(store.pool ?? store.engine, puzzle, {
      rateOptions: engineOptions(store.state, true),
      explainOptions: engineOptions(store.state),
      live,
      onPartial(scale, rating) {
        partial[scale] = rating;
        working.delete(scale);
        showRatings();
      },
      onProgress(step, m) {
        if (step === "rate" && m.scale && m.at_least) bounds[m.scale] = m.at_least;
        if (side) {
          const job = step === "explain" ? "the path" : names()[m.scale] || m.scale;
          working.set(step === "explain" ? "explain" : m.scale, job + stepWords(store, m));
          sayWorking();
          return;
        }
        if (step === "explain") {
          prog.update(m);
          return;
        }
        const all = order();
        const k = all.indexOf(m.scale);
        const name = names()[m.scale] || m.scale;
        prog.update(m, m.scale ? ` · ${name}${k >= 0 ? ` (${k + 1} of ${all.length})` : ""}` : "");
      },
      onRated(rate) {
        Object.assign(partial, rate.ratings || {});
        store.update({ analysis: { ...base, rate, pending: [], current: null } });
        phase = "explain";
        if (side) return; // the path is being explained already, beside the scales
        prog.stop();
        prog = progressReporter(store, "Explaining", live);
      },
    });
  } catch (e) {
    prog.stop();
    if (!live()) return; // abandoned for another puzzle: nothing of it shows
    store.update({ running: null });
    if (e?.kind === "cancelled" || e?.kind === "timeout") {
      // Keep what finished: the scales rated so far (the time limit's error carries them too).
      Object.assign(partial, e.partial?.ratings || {});
      const stopped = { kind: e.kind, phase };
      if (phase === "rate") showRatings({ stopped });
      else store.update({ analysis: { ...store.state.analysis, stopped } });
      return;
    }
    engineFailed(store, e);
    if (phase === "rate") store.update({ analysis: null });
    return;
  }
  prog.stop();
  if (!answer) return;
  const { rate, explain } = answer;
  store.update({ running: null });
  if (explain.error) {
    say(store, explain.error, "error");
    return;
  }
  const levelOf = (st) => (store.state.catalogue?.techniques || []).find((t) => t.id === st.technique)?.level ?? 1;
  const paths = allPaths(start, explain, rate, levelOf);
  const shown = paths.default || { steps: [], positions: [start], counts: [], difficulty: [] };
  store.update({ analysis: { ...base, rate, explain, ...shown, paths, source: "default",
    bottleneckIndex: bottleneckIndex(rate, shown.steps, shown.difficulty), pending: [], current: null } });
}

/**
 * Show another path in the stepper: "default" (the page's own), "se" or "hodoku" (that scale's own
 * path, when the rating has it), then its step `k` (null: stay off the steps).
 * @param {Store} store @param {"default"|"se"|"hodoku"} source @param {number|null} [k]
 */
export function choosePath(store, source, k = null) {
  const a = store.state.analysis;
  const path = a?.paths?.[source];
  if (!path) return;
  store.update({
    analysis: { ...a, ...path, source, bottleneckIndex: bottleneckIndex(a.rate, path.steps, path.difficulty) },
    netFocus: null, hint: null, pathShown: true,
    view: k === null ? null : Math.max(0, Math.min(path.steps.length + 1, k)),
  });
}

/**
 * Select an implication of the shown step's net outline (null: none): the grid draws its branch up to it.
 * @param {Store} store @param {{path: number[], k: number}|null} sel
 */
export function focusNet(store, sel) {
  store.update({ netFocus: sel ? { view: store.state.view, ...sel } : null });
}

/** Show step k of the path (0: the start, n+1: the end); null leaves the path view. @param {Store} store */
export function goTo(store, k) {
  const a = store.state.analysis;
  if (!a || k === null) {
    store.update({ view: null });
    return;
  }
  store.update({ hint: null, netFocus: null, view: Math.max(0, Math.min(a.steps.length + 1, k)), pathShown: true });
}

/** Show the solution path in Solve mode (it is hidden there so that it spoils nothing). */
export function showPath(store) {
  store.update({ pathShown: true });
}

/** Cancel the engine's long work, on every worker (the analysis keeps what finished). */
export function cancel(store) {
  (store.pool ?? store.engine).cancel();
}
