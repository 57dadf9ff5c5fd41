// Why a rating scale ended short, and where the scales disagree, in words. DOM-free (node tests it).
// The scales' names, fields and levels are the worker's catalogue's, passed in.

/**
 * @typedef {{id: string, name: string, number?: string|null, level?: string|null, levels?: string[],
 *   band?: number[]|null, unfinished?: number|null, exact_bounds?: string[]}} ScaleInfo  `unfinished`: the
 *   number a scale gives when its techniques could not finish (SE's 20.0), which is no lower bound;
 *   `exact_bounds`: the bounds a cut path already fixes (SE's ED and EP)
 * @typedef {{after: number, why: string, default_next: {technique: string, name: string, text?: string}|null}} StoppedShort
 * @typedef {{kind: string}} Stop  kind "cancelled" | "timeout"
 */

/** @param {unknown} v */
const fmt = (v) => (typeof v === "number" ? String(Math.round(v * 100) / 100) : String(v));

/**
 * `ER at least 7.1, ED 1.2`: a scale's lower bounds (the worker's `at_least`), with the catalogue's
 * field names; the fields a cut path already fixes (the scale's `exact_bounds`) said plainly, last.
 * Empty text when there are none.
 * @param {Record<string, unknown> | null | undefined} bounds
 * @param {Record<string, string>} [fields]  field id -> name
 * @param {string[]} [exact]  the scale's `exact_bounds`
 */
export function boundsText(bounds, fields = {}, exact = []) {
  if (!bounds) return "";
  const fixed = new Set(exact);
  return Object.entries(bounds)
    .filter(([, v]) => v !== null && v !== undefined && v !== "")
    .sort(([a], [b]) => Number(fixed.has(a)) - Number(fixed.has(b)))
    .map(([k, v]) => `${fields[k] || k.toUpperCase()}${fixed.has(k) ? "" : " at least"} ${fmt(v)}`)
    .join(", ");
}

/**
 * Why a scale's rating is short, in one or two sentences; null when it finished.
 * - `rating` with `solved: false` and `stopped_short`: its technique set ended (where, and what the
 *   default path used there);
 * - no rating and `stop`: cancelled or the time limit, with what the path so far proves (`bounds`).
 * `scale` is the catalogue's record: its name, its number field and the number it gives when it cannot finish.
 * @param {{scale: ScaleInfo, rating?: any, stop?: Stop|null, bounds?: Record<string, unknown>|null,
 *   fields?: Record<string, string>, timeLimit?: number}} args
 * @returns {string | null}
 */
export function stopReason({ scale, rating, stop = null, bounds = null, fields = {}, timeLimit = 0 }) {
  const name = scale.name;
  if (rating && typeof rating === "object") {
    if (rating.solved !== false) return null;
    const s = /** @type {StoppedShort | undefined} */ (rating.stopped_short);
    const at = s ? `after ${s.after} step${s.after === 1 ? "" : "s"}` : "before the end";
    let text = `${name}'s techniques ran out ${at}: nothing in its set applied there`;
    if (s?.default_next) text += `, where the default path used ${s.default_next.name}`;
    else if (s) text += ", and the default path is stuck there too";
    text += ".";
    const shown = partialBound(rating, scale, fields);
    return shown ? `${text} So far: ${shown}.` : text;
  }
  if (!stop) return null;
  const why = stop.kind === "timeout" ? `Stopped at the time limit${timeLimit ? ` (${timeLimit} s)` : ""}` : "Cancelled";
  const b = boundsText(bounds, fields, scale.exact_bounds);
  return b ? `${why}: ${b}.` : `${why} before it finished (no lower bound yet).`;
}

/**
 * The number a stuck path reached, as a lower bound (`score at least 756`); "" when it has none or
 * the scale's number says only that it could not finish (its `unfinished`).
 * @param {any} rating @param {ScaleInfo} scale @param {Record<string, string>} fields
 */
function partialBound(rating, scale, fields) {
  const k = scale.number;
  const v = k ? rating[k] : undefined;
  if (!k || typeof v !== "number" || v <= 0 || v === scale.unfinished) return "";
  return `${fields[k] || k} at least ${fmt(v)}`;
}

/**
 * Where a scale places the puzzle, from 0 (its easiest) to 1 (its hardest): its level's rank
 * among its levels, else its number within its band; null when neither is known.
 * @param {ScaleInfo} scale
 * @param {any} rating
 */
export function standing(scale, rating) {
  if (!rating || typeof rating !== "object" || rating.solved === false || rating.unsupported) return null;
  const levels = scale.levels || [];
  if (scale.level && levels.length > 1) {
    const i = levels.indexOf(rating[scale.level]);
    if (i >= 0) return i / (levels.length - 1);
  }
  const band = scale.band;
  const v = scale.number ? rating[scale.number] : undefined;
  if (band && band.length >= 2 && typeof v === "number" && band[1] > band[0]) {
    return Math.max(0, Math.min(1, (v - band[0]) / (band[1] - band[0])));
  }
  return null;
}

/** How far apart (0..1) the scales' standings must be to be called a disagreement. */
export const DISAGREE = 0.3;
/**
 * How far apart (in SE-like difficulty, the catalogue's technique `level`) the scales' hardest
 * steps must be too: the line says why by naming them, so scales whose hardest steps are alike
 * (every scale's is a single) differ only in how they sum their steps, which is no disagreement.
 */
export const STEP_GAP = 2.0;

/**
 * A hardest step's difficulty: its own SE rating when it has one, else its technique's level.
 * @param {any} step  a rating's `hardest` or `bottleneck`
 * @param {{id: string, level?: number}[]} techniques  the catalogue's
 */
function stepLevel(step, techniques) {
  if (typeof step.se === "number") return step.se;
  const level = techniques.find((t) => t.id === step.technique)?.level;
  return typeof level === "number" ? level : null;
}

/**
 * One line when the scales place the puzzle far apart and their hardest steps differ too: each
 * such scale's verdict and its hardest step (`SE 9.3 (hardest step: Nested Forcing Net), HoDoKu
 * Medium (hardest step: X-Wing)`), so a reader sees why. Null when they agree, when their hardest
 * steps are alike (an easy puzzle one scale's sum calls hard), or fewer than two can be compared.
 * @param {ScaleInfo[]} scales  the catalogue's, in its order
 * @param {Record<string, any>} ratings
 * @param {{id: string, level?: number}[]} [techniques]  the catalogue's, for the steps' levels
 */
export function disagreement(scales, ratings, techniques = []) {
  const placed = scales
    .map((s) => ({ s, r: ratings?.[s.id], at: standing(s, ratings?.[s.id]) }))
    .filter((x) => x.at !== null && (x.r.hardest || x.r.bottleneck));
  if (placed.length < 2) return null;
  const ats = placed.map((x) => /** @type {number} */ (x.at));
  if (Math.max(...ats) - Math.min(...ats) < DISAGREE) return null;
  const levels = placed.map((x) => stepLevel(x.r.hardest || x.r.bottleneck, techniques)).filter((v) => v !== null);
  if (levels.length < 2 || Math.max(...levels) - Math.min(...levels) < STEP_GAP) return null;
  placed.sort((x, y) => /** @type {number} */ (y.at) - /** @type {number} */ (x.at));
  const parts = placed.map(({ s, r }) => {
    const verdict = s.level && r[s.level] ? r[s.level] : fmt(r[s.number || ""]);
    const hardest = r.hardest || r.bottleneck;
    return `${s.name} ${verdict} (hardest step: ${hardest.name || hardest.technique})`;
  });
  return `The scales disagree: ${parts.join(", ")}.`;
}
