// Settings (kept in localStorage), the engine options they make, and the worker's catalogue.
import { workerCount } from "../model/parallel.js";
import { analyze } from "./analysis.js";
import { DEFAULT_SETTINGS, SETTINGS_KEY } from "./state.js";

/** @import { Settings, Store } from "./state.js" */

/** The saved settings over the defaults; the defaults when none are saved or they are unreadable. */
export function loadSettings(storage) {
  try {
    return { ...DEFAULT_SETTINGS, ...JSON.parse(storage?.getItem(SETTINGS_KEY) || "{}") };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

/** @param {Store} store @param {Partial<Settings>} patch */
export function changeSettings(store, patch) {
  const settings = { ...store.state.settings, ...patch };
  store.update({ settings });
  try {
    store.storage?.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    /* private mode: settings live for this visit only */
  }
  if ("timeLimit" in patch && store.engine) store.engine.timeLimit = settings.timeLimit;
  if ("workers" in patch && store.pool) store.pool.resize(poolSize(settings.workers));
}

/**
 * How many workers an analysis uses: the page's `?workers=N`, else the setting, else the machine's
 * cores and memory (model/parallel.js).
 * @param {"auto"|number} setting
 */
export function poolSize(setting) {
  const param = globalThis.location ? new URLSearchParams(globalThis.location.search).get("workers") : null;
  const nav = /** @type {any} */ (globalThis.navigator || {});
  return workerCount({ param, setting, cores: nav.hardwareConcurrency || 2, memoryGB: nav.deviceMemory || 4 });
}

/** @param {Store} store */
export function resetSettings(store) {
  changeSettings(store, { ...DEFAULT_SETTINGS });
  store.update({ settingsReset: (store.state.settingsReset || 0) + 1 }); // the technique table redraws
}

/** A technique is on when switched on, or when the default path uses it and it was not switched off. */
export function techniqueOn(settings, t) {
  if ((settings.enabled || []).includes(t.id)) return true;
  return t.default !== false && !(settings.disabled || []).includes(t.id);
}

/** @param {import("./state.js").State} state @returns {{techniques?: string[], scores?: Record<string, number>}} */
export function engineOptions(state, forRate = false) {
  /** @type {{techniques?: string[], scores?: Record<string, number>}} */
  const opts = {};
  const s = state.settings;
  const techniques = state.catalogue?.techniques || [];
  if ((s.disabled.length || (s.enabled || []).length) && techniques.length) {
    opts.techniques = techniques.filter((t) => techniqueOn(s, t)).map((t) => t.id);
  }
  if (forRate && Object.keys(s.scores).length) opts.scores = { ...s.scores };
  return opts;
}

/** After a settings change that alters ratings or the path: rate again if a puzzle was rated. */
export function settingsChanged(store) {
  if (store.state.analysis) analyze(store, { restart: true });
}

/** Ask the worker for its catalogue (techniques, scales, fields): lists the page never copies. */
export async function loadCatalogue(store) {
  try {
    const res = await store.engine.request("catalogue");
    if (res.techniques) store.update({ catalogue: res });
  } catch {
    /* shown by the engine state */
  }
}

/** The engine's state line (booting, ready, busy, failed), as the worker client reports it. */
export function engineState(store, state) {
  store.update({ engine: state });
}
