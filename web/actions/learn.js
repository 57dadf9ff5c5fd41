// The Learn view's actions: the only code that changes the store's `learn` and `coach` state.
// Drills come from the pool shipped in dist/drills/ (index.json, then one file per technique,
// fetched when first opened); a learner's answer is judged by the engine (`drill_check`), the
// coach's line by the engine's `coach` on the move just made.
import * as drill from "../model/drill.js";
import { lastMove } from "../model/coach.js";

/** @typedef {import("../model/drill.js").Drill} Drill */
/** @typedef {import("../model/drill.js").Record} Record */
/** @typedef {{technique: string, name: string, count: number, file: string}} PoolEntry */
/**
 * @typedef {{open: boolean, technique: string, n: number, index: PoolEntry[] | null,
 *   pools: Object<string, Drill[]>, examples: Object<string, Drill[]>, selection: Map<string, drill.Kind>, kind: drill.Kind, cell: string,
 *   result: any, shown: any, checks: number, started: number, example: {k: number, stage: number},
 *   weak: boolean, progress: Object<string, Record>, message: string, busy: boolean}} LearnState
 */
/** @typedef {import("./state.js").Store} LearnStore */

const POOL_URL = new URL("../../drills/", import.meta.url);

/** The Learn view's state before the page has read the learner's record. @returns {LearnState} */
export function initialLearn() {
  return {
    open: false, technique: "", n: 0, index: null, pools: {}, examples: {}, selection: new Map(), kind: "elimination", cell: "",
    result: null, shown: null, checks: 0, started: 0, example: { k: 0, stage: 0 }, weak: false,
    progress: {}, message: "", busy: false,
  };
}

/** The learner's record from this browser's storage. @param {LearnStore} store */
export function loadLearnProgress(store) {
  setLearn(store, { progress: drill.loadProgress(store.storage ?? null) });
}

/** @param {LearnStore} store @param {Partial<LearnState>} patch */
const setLearn = (store, patch) => store.update({ learn: { ...store.state.learn, ...patch } });

/** @param {string} name */
async function fetchJSON(name) {
  const res = await fetch(new URL(name, POOL_URL));
  if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
  return res.json();
}

/** The pool's index (techniques with drills and their counts), fetched once. @param {LearnStore} store */
export async function loadIndex(store) {
  if (store.state.learn.index) return store.state.learn.index;
  try {
    const data = await fetchJSON("index.json");
    setLearn(store, { index: data.techniques });
    return data.techniques;
  } catch (e) {
    setLearn(store, { index: [], message: `The drills could not be loaded (${e instanceof Error ? e.message : e}).` });
    return [];
  }
}

/** A technique's drills and extra worked examples (positions made for it that are not drills),
 * fetched when first asked for; `keep` false leaves storing them to the caller.
 * @param {LearnStore} store @param {string} id @returns {Promise<{drills: Drill[], examples: Drill[]}>} */
async function loadTechnique(store, id, keep = true) {
  const have = store.state.learn.pools[id];
  if (have) return { drills: have, examples: store.state.learn.examples[id] || [] };
  const entry = (await loadIndex(store)).find((e) => e.technique === id);
  if (!entry) return { drills: [], examples: [] };
  try {
    const data = await fetchJSON(entry.file);
    const got = { drills: data.drills || [], examples: data.examples || [] };
    if (keep) setLearn(store, withTechnique(store.state.learn, id, got));
    return got;
  } catch (e) {
    setLearn(store, { message: `The drills of ${entry.name} could not be loaded (${e instanceof Error ? e.message : e}).` });
    return { drills: [], examples: [] };
  }
}

/** @param {LearnState} L @param {string} id @param {{drills: Drill[], examples: Drill[]}} got */
function withTechnique(L, id, got) {
  return { pools: { ...L.pools, [id]: got.drills }, examples: { ...L.examples, [id]: got.examples } };
}

/** The pool's files (index.json and each technique's), as URLs: what the service worker keeps
 * for Learn offline. @param {LearnStore} store @returns {Promise<string[]>} */
export async function poolFiles(store) {
  const index = await loadIndex(store);
  return ["index.json", ...index.map((e) => e.file)].map((f) => new URL(f, POOL_URL).href);
}

/** The drill on show, or null. @param {LearnState} learn @returns {Drill | null} */
export function currentDrill(learn) {
  return learn.pools[learn.technique]?.[learn.n - 1] || null;
}

/**
 * Open the Learn view, a technique and its n-th drill (1-based; 0: the one after the last done).
 * @param {LearnStore} store @param {{technique?: string, n?: number, weak?: boolean}} where
 */
export async function openLearn(store, { technique = "", n = 0, weak = false } = {}) {
  if (!store.state.learn.open) setLearn(store, { open: true, message: "" });
  await loadIndex(store);
  // One update once the drills are here, so the view draws the technique once.
  const got = technique ? await loadTechnique(store, technique, false) : { drills: [], examples: [] };
  const pool = got.drills;
  const done = store.state.learn.progress[technique]?.done || 0;
  const k = !pool.length ? 0 : n ? Math.min(n, pool.length) : (done % pool.length) + 1;
  const stored = pool.length || got.examples.length ? withTechnique(store.state.learn, technique, got) : {};
  setLearn(store, {
    open: true, technique, weak, message: "", ...stored,
    n: k, selection: new Map(), kind: k ? drill.defaultKind(pool[k - 1]) : "elimination", cell: "", result: null, shown: null,
    checks: 0, started: Date.now(), example: { k: 0, stage: 0 },
  });
}

/** @param {LearnStore} store */
export function closeLearn(store) {
  setLearn(store, { open: false });
}

/** @param {LearnStore} store @param {drill.Kind} kind */
export function setKind(store, kind) {
  setLearn(store, { kind });
}

/** @param {LearnStore} store @param {string} cell */
export function selectCell(store, cell) {
  setLearn(store, { cell });
}

/** Tap a candidate: struck (or placed, in place mode), tapped again: back. @param {LearnStore} store
 * @param {string} cell @param {number} digit */
export function pick(store, cell, digit) {
  const L = store.state.learn;
  if (L.shown) return;
  setLearn(store, { selection: drill.toggle(L.selection, cell, digit, L.kind), cell, result: null });
}

/** @param {LearnStore} store @param {Object<string, Record>} progress */
function keep(store, progress) {
  const problem = drill.saveProgress(store.storage ?? null, progress);
  setLearn(store, { progress, message: problem });
}

/** Ask the engine whether the selection is the step. @param {LearnStore} store */
export async function checkDrill(store) {
  const L = store.state.learn;
  const d = currentDrill(L);
  if (!d || L.busy) return;
  const answer = drill.answerOf(L.selection);
  setLearn(store, { busy: true });
  let result;
  try {
    result = await store.engine.request("drill_check", JSON.stringify(d), { answer });
  } catch (e) {
    setLearn(store, { busy: false, result: { verdict: "error", message: `The engine could not check this: ${e instanceof Error ? e.message : e}` } });
    return;
  }
  if (result.error) {
    setLearn(store, { busy: false, result: { verdict: "error", message: result.error } });
    return;
  }
  const now = store.state.learn;
  if (now.technique !== d.technique || currentDrill(now) !== d) return; // the learner moved on
  const first = now.checks === 0 && !now.shown;
  const seconds = (Date.now() - now.started) / 1000;
  const progress = { ...now.progress, [d.technique]: drill.recordCheck(now.progress[d.technique], { verdict: result.verdict, first, seconds, now: Date.now() }) };
  setLearn(store, { busy: false, result, checks: now.checks + 1 });
  keep(store, progress);
}

/** Draw the instance: the one the learner's answer is part of, else the path's own step. @param {LearnStore} store */
export function showDrill(store) {
  const L = store.state.learn;
  const d = currentDrill(L);
  if (!d || L.shown) return;
  const near = L.result && (L.result.verdict === "right" || L.result.verdict === "partly") ? L.result.instance : null;
  const solved = L.result?.verdict === "right";
  setLearn(store, { shown: near || d.answers[0] });
  if (!solved) {
    const progress = { ...L.progress, [d.technique]: drill.recordShown(L.progress[d.technique], { first: L.checks === 0, now: Date.now() }) };
    keep(store, progress);
  }
}

/** Another drill: the same technique's next, or in weak-spots mode the queue's next technique. @param {LearnStore} store */
export async function nextDrill(store) {
  const L = store.state.learn;
  if (L.weak) return practiseWeak(store);
  const count = L.pools[L.technique]?.length || 0;
  if (!count) return;
  return openLearn(store, { technique: L.technique, n: (L.n % count) + 1 });
}

/** The weak-spots queue's first technique (its next drill), or a word when there is none. @param {LearnStore} store */
export async function practiseWeak(store) {
  const index = await loadIndex(store);
  const L = store.state.learn;
  const available = new Set(index.filter((e) => e.count).map((e) => e.technique));
  const queue = drill.weakQueue(L.progress, Date.now(), available);
  const next = queue.find((id) => id !== L.technique || queue.length === 1);
  if (!next) {
    setLearn(store, { weak: false, message: "No weak spots yet: answer a few drills first, and the techniques you miss will come back here." });
    return;
  }
  await openLearn(store, { technique: next, weak: true });
}

/** Step a worked example: `k` the example, `stage` 0 the position, 1 the pattern, 2 the result.
 * @param {LearnStore} store @param {number} k @param {number} stage */
export function showExample(store, k, stage) {
  setLearn(store, { example: { k, stage: Math.max(0, Math.min(2, stage)) } });
}

/** A printable sheet of the technique's drills (up to 12, from the one on show), made by the engine.
 * @param {LearnStore} store @returns {Promise<string>} the page's HTML, or "" (the message says why) */
export async function drillSheet(store) {
  const L = store.state.learn;
  const pool = L.pools[L.technique] || [];
  if (!pool.length) return "";
  const start = Math.max(0, L.n - 1);
  const chosen = [...pool.slice(start), ...pool.slice(0, start)].slice(0, 12);
  try {
    const out = await store.engine.request("drill_sheet", JSON.stringify(chosen), {});
    if (out.html) return out.html;
    setLearn(store, { message: out.error || "The engine made no sheet." });
  } catch (e) {
    setLearn(store, { message: `The sheet could not be made: ${e instanceof Error ? e.message : e}` });
  }
  return "";
}

// ------------------------------------------------------------------ the coach
/** Undo, redo or another game: the coach's line no longer speaks of the last move. @param {LearnStore} store */
export function clearCoach(store) {
  if (store.state.coach) store.update({ coach: null });
}

/** After a move in Solve with the coach on, ask the engine which technique justifies it. @param {LearnStore} store */
export async function coachMove(store) {
  const s = store.state;
  if (!s.settings?.coach || s.mode !== "solve" || s.game?.geo?.size !== 9) return;
  const version = s.game.version;
  const found = lastMove(s.game);
  if (!found) return;
  store.update({ coach: { line: "Coach: thinking…", verdict: "", version } });
  let out;
  try {
    out = await store.engine.request("coach", found.position, { move: found.move });
  } catch (e) {
    out = { line: "", error: e instanceof Error ? e.message : String(e) };
  }
  if (store.state.game !== s.game || store.state.game.version !== version) return; // another move came first
  store.update({ coach: { line: out.line || `Coach: ${out.error || "no answer"}`, verdict: out.verdict || "error", version } });
}
