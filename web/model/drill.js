// Find-the-step drills without a DOM: the learner's selection, the answer it makes, the record
// per technique kept in the browser, and the "weak spots" queue (spaced repetition: a technique
// answered right comes back later, one answered wrong sooner). The Learn view draws these.

/** @typedef {{cell: string, digit: number}} Effect */
/** @typedef {{placements: Effect[], eliminations: Effect[], text?: string, highlights?: object[], links?: object[]}} Answer */
/** @typedef {{technique: string, name: string, givens: string, placed: string, candidates: number[][],
 *   answers: Answer[], source?: string}} Drill */
/** @typedef {{done: number, firstTry: number, tried: number, streak: number, times: number[],
 *   level: number, due: number, wrongAt: number}} Record */
/** @typedef {"elimination" | "placement"} Kind */

export const STORAGE_KEY = "sudoku-grader-learn";
/** Minutes until a technique comes back, by how many times in a row it was right at the first try. */
export const INTERVALS_MIN = [1, 10, 60, 60 * 24, 60 * 24 * 4, 60 * 24 * 14];
const TIMES_KEPT = 25;

/**
 * A drill as the position its link names: `#learn`, `#learn:x-wing`, `#learn:x-wing:3` (1-based).
 * @param {string} hash
 * @returns {{technique: string, n: number} | null} null when the hash is not a Learn link
 */
export function parseLearnHash(hash) {
  const m = /^#learn(?::([a-z0-9+-]+))?(?::(\d+))?$/i.exec(String(hash || ""));
  if (!m) return null;
  return { technique: m[1] ? m[1].toLowerCase() : "", n: m[2] ? Math.max(1, Number(m[2])) : 0 };
}

/** @param {string} technique @param {number} n */
export const learnHash = (technique, n = 0) => `#learn${technique ? `:${technique}` : ""}${n ? `:${n}` : ""}`;

/** The kind of answer a drill asks for: a placement for the singles, else eliminations. */
export function defaultKind(/** @type {Drill} */ drill) {
  const a = drill.answers?.[0];
  return a && a.placements.length && !a.eliminations.length ? "placement" : "elimination";
}

/**
 * Toggle candidate `digit` of `cell` in the selection (a Map "r4c7:5" -> kind). A cell holds at
 * most one placement: placing another digit there drops the first.
 * @param {Map<string, Kind>} selection
 * @param {string} cell @param {number} digit @param {Kind} kind
 * @returns {Map<string, Kind>} a new selection
 */
export function toggle(selection, cell, digit, kind) {
  const out = new Map(selection);
  const key = `${cell}:${digit}`;
  if (out.get(key) === kind) {
    out.delete(key);
    return out;
  }
  if (kind === "placement") {
    for (const [k, v] of out) if (v === "placement" && k.startsWith(`${cell}:`)) out.delete(k);
  }
  out.set(key, kind);
  return out;
}

/** @param {Map<string, Kind>} selection @returns {{placements: Effect[], eliminations: Effect[]}} */
export function answerOf(selection) {
  /** @type {{placements: Effect[], eliminations: Effect[]}} */
  const out = { placements: [], eliminations: [] };
  for (const [key, kind] of selection) {
    const [cell, d] = key.split(":");
    (kind === "placement" ? out.placements : out.eliminations).push({ cell, digit: Number(d) });
  }
  return out;
}

/** @param {Effect[]} list */
const names = (list, sep) => list.map((e) => `${e.cell}${sep}${e.digit}`);

/** The effect of an answer in the field's notation: "r4c7=5, r1c2<>3". @param {Answer} a */
export const effectText = (a) => [...names(a.placements, "="), ...names(a.eliminations, "<>")].join(", ");

// ------------------------------------------------------------------ the record
/** @returns {Record} */
export const emptyRecord = () => ({ done: 0, firstTry: 0, tried: 0, streak: 0, times: [], level: 0, due: 0, wrongAt: 0 });

/** @param {number[]} xs */
export function median(xs) {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * The record after one Check of a drill. `first` says whether it was the drill's first Check;
 * a right answer finishes the drill (done, its time kept); the first Check decides the streak
 * and when the technique comes back (right: later each time; wrong or partly: in a minute).
 * @param {Record | undefined} rec
 * @param {{verdict: string, first: boolean, seconds: number, now: number}} r
 * @returns {Record}
 */
export function recordCheck(rec, { verdict, first, seconds, now }) {
  const out = { ...emptyRecord(), ...(rec || {}) };
  out.times = [...out.times];
  if (first) {
    out.tried += 1;
    if (verdict === "right") {
      out.firstTry += 1;
      out.streak += 1;
      out.due = now + INTERVALS_MIN[Math.min(out.level, INTERVALS_MIN.length - 1)] * 60000;
      out.level = Math.min(out.level + 1, INTERVALS_MIN.length - 1);
    } else {
      out.streak = 0;
      out.level = 0;
      out.wrongAt = now;
      out.due = now + INTERVALS_MIN[0] * 60000;
    }
  }
  if (verdict === "right") {
    out.done += 1;
    out.times = [...out.times, Math.round(seconds * 10) / 10].slice(-TIMES_KEPT);
  }
  return out;
}

/** A drill given up on (Show me before a right answer): done, not right, comes back soon.
 * @param {Record | undefined} rec @param {{first: boolean, now: number}} r */
export function recordShown(rec, { first, now }) {
  const out = { ...emptyRecord(), ...(rec || {}) };
  if (first) out.tried += 1;
  out.done += 1;
  out.streak = 0;
  out.level = 0;
  out.wrongAt = now;
  out.due = now + INTERVALS_MIN[0] * 60000;
  return out;
}

/**
 * The weak-spots queue: techniques tried and not mastered, those due first (the most recently
 * wrong before others due at the same time), then those not yet due by when they come back.
 * @param {Object<string, Record>} progress
 * @param {number} now
 * @param {Set<string>} [available] only techniques that have drills
 * @returns {string[]}
 */
export function weakQueue(progress, now, available) {
  const ids = Object.keys(progress).filter((id) => progress[id].tried && (!available || available.has(id)));
  const weak = ids.filter((id) => progress[id].level < INTERVALS_MIN.length - 1 || progress[id].due <= now);
  return weak.sort((a, b) => {
    const pa = progress[a];
    const pb = progress[b];
    const dueA = pa.due <= now;
    const dueB = pb.due <= now;
    if (dueA !== dueB) return dueA ? -1 : 1;
    if (dueA && pa.wrongAt !== pb.wrongAt) return pb.wrongAt - pa.wrongAt;
    return pa.due - pb.due || (a < b ? -1 : 1);
  });
}

/** @param {{getItem: Function} | null} storage @returns {Object<string, Record>} */
export function loadProgress(storage) {
  try {
    const data = JSON.parse(storage?.getItem(STORAGE_KEY) || "{}");
    return data && typeof data === "object" && data.progress && typeof data.progress === "object" ? data.progress : {};
  } catch {
    return {};
  }
}

/**
 * @param {{setItem: Function} | null} storage @param {Object<string, Record>} progress
 * @returns {string} "" when saved, else what went wrong (to say on the page)
 */
export function saveProgress(storage, progress) {
  if (!storage) return "This browser blocks local storage: your record is kept until the page closes.";
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ version: 1, progress }));
    return "";
  } catch (e) {
    return `Your record could not be saved (${e instanceof Error ? e.name : "storage error"}).`;
  }
}
