// Rating the scales and explaining the path in up to N workers at once. DOM-free: the engine client
// gives `run` (one request on one lane) and `stopAll`; node's test runner drives it with fakes.
//
// Jobs go out longest first, by the catalogue's `cost` of each scale against the path's (1): on
// puzzles of SE 7-9.5 SudokuWiki, the path, HoDoKu, SE, then the small scales. A lane takes the next
// job once its worker is ready and it is free, so two lanes split the work about evenly and the wall
// time nears the longest job's rather than the sum. The solution is solved once (by the caller) and
// passed to every scale. The first lane that fails (cancel, the time limit, a replaced puzzle) stops
// every other lane with the same reason, and the error carries what finished (`partial.ratings`).

/**
 * @typedef {(lane: number, op: "rate"|"explain", options: Record<string, unknown>, onMessage: (m: any) => void) => Promise<any>} Run
 * @typedef {{id: string, slow?: boolean, cost?: number}} ScaleJob
 */

/** The path's job among the scales'. */
export const EXPLAIN = "explain";
/** The path's cost: the unit the catalogue's scale costs are given in. */
const EXPLAIN_COST = 1;

/**
 * How many long workers to use: the `?workers=N` parameter, else the setting (a number), else
 * from the cores and the memory: one per core up to 4, each budgeted at 200 MB of at most half the
 * device's memory, and at least 2 where there are 2 cores.
 * @param {{param?: string|null, setting?: unknown, cores?: number, memoryGB?: number}} env
 * @returns {number}
 */
export function workerCount({ param = null, setting = null, cores = 2, memoryGB = 4 }) {
  for (const asked of [param !== null && param !== "" ? Number(param) : NaN, Number(setting ?? NaN)]) {
    if (Number.isInteger(asked) && asked >= 1) return Math.min(asked, 8);
  }
  const byMemory = Math.floor((memoryGB * 1024) / 2 / 200);
  const n = Math.min(cores || 1, byMemory, 4);
  return Math.max(n, cores >= 2 ? 2 : 1);
}

/**
 * The jobs in the order they are handed out: longest first by `cost` (the path's is 1), ties in
 * the catalogue's order with the path after the scales; a scale without a cost goes by `slow`
 * (first) or else last.
 * @param {ScaleJob[]} scales  in the catalogue's order
 * @param {boolean} explain
 * @returns {string[]}
 */
export function jobOrder(scales, explain) {
  const cost = (/** @type {ScaleJob} */ s) => (typeof s.cost === "number" ? s.cost : s.slow ? Infinity : 0);
  const jobs = [...scales.map((s) => ({ id: s.id, cost: cost(s) })), ...(explain ? [{ id: EXPLAIN, cost: EXPLAIN_COST }] : [])];
  return jobs
    .map((j, k) => ({ ...j, k }))
    .sort((a, b) => b.cost - a.cost || a.k - b.k)
    .map((j) => j.id);
}

/**
 * Run every job on `lanes` lanes; resolves `{ratings, first, explain}` (`first`: one scale's whole
 * rate answer, for the fields every answer shares) or rejects with the first failure, whose
 * `partial.ratings` holds the scales that finished.
 * @param {{run: Run, stopAll: (reason: any) => void, lanes: number, jobs: string[],
 *   rateOptions?: Record<string, unknown>, explainOptions?: Record<string, unknown>, solution: string,
 *   onPartial?: (scale: string, rating: any) => void, onProgress?: (job: string, m: any) => void,
 *   onStart?: (job: string, lane: number) => void, onJobDone?: (job: string, ratings: Record<string, any>) => void,
 *   ready?: (lane: number) => Promise<unknown>}} args  `ready(lane)`: lane's worker booted. Lanes
 *   past the first take no job while they boot (the others carry on; one that fails to boot takes
 *   none); the first lane's requests wait for its boot and fail with it.
 */
export async function runParallel({ run, stopAll, lanes, jobs, rateOptions = {}, explainOptions = {}, solution, onPartial, onProgress, onStart, onJobDone, ready }) {
  const queue = [...jobs];
  /** @type {Record<string, any>} */
  const ratings = {};
  let explain = null;
  let first = null;
  /** @type {any} */
  let failed = null;
  /** @type {() => void} */
  let allTaken = () => {};
  /** Settles once nothing is left for a lane still booting: every job taken, or a failure. */
  const over = new Promise((resolve) => {
    allTaken = () => resolve(undefined);
  });
  if (!queue.length) allTaken();

  /** @param {number} lane */
  async function work(lane) {
    if (ready && lane > 0) {
      const booted = await Promise.race([ready(lane).then(() => true, () => false), over.then(() => false)]);
      if (!booted) return; // its worker failed to boot, or the others took every job meanwhile
    }
    while (queue.length && !failed) {
      const job = /** @type {string} */ (queue.shift());
      if (!queue.length) allTaken();
      onStart?.(job, lane);
      try {
        if (job === EXPLAIN) {
          explain = await run(lane, "explain", explainOptions, (m) => onProgress?.(job, m));
          onJobDone?.(job, ratings);
          continue;
        }
        const answer = await run(lane, "rate", { ...rateOptions, scales: [job], solution, detail: true }, (m) => {
          if (m?.type !== "partial") onProgress?.(job, m);
        });
        if (!answer?.ratings || !(job in answer.ratings)) {
          throw Object.assign(new Error(answer?.error || `No rating came back for ${job}.`), { kind: "engine" });
        }
        first ??= answer;
        ratings[job] = answer.ratings[job];
        onPartial?.(job, ratings[job]);
        onJobDone?.(job, ratings);
      } catch (e) {
        if (!failed) {
          failed = e;
          allTaken();
          stopAll(e);
        }
        return;
      }
    }
  }

  await Promise.all(Array.from({ length: Math.max(1, lanes) }, (_, i) => work(i)));
  if (failed) {
    if (failed && typeof failed === "object") failed.partial = { ratings: { ...ratings } };
    throw failed;
  }
  return { ratings, first, explain };
}
