// Rate & explain on the page: every scale's rating drawn as it arrives, then the path, the step
// shown on it, and the abandoning of a run when the givens change.
import { Position } from "../board.js";
import { bottleneckIndex, rateThenExplain, replayPath, stepDifficulty } from "../rate-explain.js";
import { engineOptions } from "./settings.js";
import { engineFailed, progressReporter, say } from "./state.js";
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
  if (store.state.running) return; // another analysis started while this one checked the puzzle
  const run = ++store.runs.analysisRun;
  const live = () => run === store.runs.analysisRun && store.state.game.puzzle() === puzzle;
  const start = Position.fromLine(puzzle);
  // The catalogue may still be on its way when a link opens the page: read it when needed.
  const order = () => ratingOrder(store.state);
  const partial = {};
  /** @type {Omit<Analysis, "rate">} */
  const base = { puzzle, explain: null, steps: [], positions: [start], counts: [], difficulty: [], bottleneckIndex: -1, stopped: null };
  const showRatings = (extra = {}) => {
    const pending = order().filter((s) => !(s in partial));
    store.update({ analysis: { ...base, rate: { ratings: { ...partial } }, pending, current: pending[0] ?? null, ...extra } });
  };
  store.update({ view: null, running: "rate" });
  showRatings();
  let prog = progressReporter(store, "Rating", live);
  /** @type {"rate"|"explain"} */
  let phase = "rate";
  let answer;
  try {
    answer = await rateThenExplain(store.engine, puzzle, {
      rateOptions: engineOptions(store.state, true),
      explainOptions: engineOptions(store.state),
      live,
      onPartial(scale, rating) {
        partial[scale] = rating;
        showRatings();
      },
      onProgress(step, m) {
        if (step === "explain") {
          prog.update(m);
          return;
        }
        const all = order();
        const k = all.indexOf(m.scale);
        const name = scaleNames(store.state)[m.scale] || m.scale;
        prog.update(m, m.scale ? ` · ${name}${k >= 0 ? ` (${k + 1} of ${all.length})` : ""}` : "");
      },
      onRated(rate) {
        prog.stop();
        Object.assign(partial, rate.ratings || {});
        store.update({ analysis: { ...base, rate, pending: [], current: null } });
        phase = "explain";
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
  const steps = explain.steps || [];
  const { positions, counts } = replayPath(start, steps);
  const difficulty = steps.map((st) => stepDifficulty(st, store.state.catalogue));
  store.update({ analysis: { ...base, rate, explain, steps, positions, counts, difficulty,
    bottleneckIndex: bottleneckIndex(rate, steps, difficulty), pending: [], current: null } });
}

/** Show step k of the path (0: the start, n+1: the end); null leaves the path view. @param {Store} store */
export function goTo(store, k) {
  const a = store.state.analysis;
  if (!a || k === null) {
    store.update({ view: null });
    return;
  }
  store.update({ hint: null, view: Math.max(0, Math.min(a.steps.length + 1, k)), pathShown: true });
}

/** Show the solution path in Solve mode (it is hidden there so that it spoils nothing). */
export function showPath(store) {
  store.update({ pathShown: true });
}

/** Cancel the engine's long work (the analysis keeps what finished). */
export function cancel(store) {
  store.engine.cancel();
}
