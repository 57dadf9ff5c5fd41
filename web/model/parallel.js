// Rating the scales and explaining the path in up to N workers at once. DOM-free: the engine client
// gives `run` (one request on one lane) and `stopAll`; node's test runner drives it with fakes.
//
// Jobs go out slowest first (the scales the catalogue marks `slow`, SE, then the rest in the
// catalogue's order, then the path); each lane takes the next job as soon as it is free, so the wall time is
// about the slowest scale's rather than the sum. The solution is solved once (by the caller) and
// passed to every scale. The first lane that fails (cancel, the time limit, a replaced puzzle) stops
// every other lane with the same reason, and the error carries what finished (`partial.ratings`).

/**
 * @typedef {(lane: number, op: "rate"|"explain", options: Record<string, unknown>, onMessage: (m: any) => void) => Promise<any>} Run
 * @typedef {{id: string, slow?: boolean}} ScaleJob
 */

/** The path's job among the scales'. */
export const EXPLAIN = "explain";

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
 * The jobs in the order they are handed out: slow scales first (they set the wall time), then the
 * other scales (each shows as soon as it is done), then the path (when asked).
 * @param {ScaleJob[]} scales  in the catalogue's order
 * @param {boolean} explain
 * @returns {string[]}
 */
export function jobOrder(scales, explain) {
  return [
    ...scales.filter((s) => s.slow).map((s) => s.id),
    ...scales.filter((s) => !s.slow).map((s) => s.id),
    ...(explain ? [EXPLAIN] : []),
  ];
}

/**
 * Run every job on `lanes` lanes; resolves `{ratings, first, explain}` (`first`: one scale's whole
 * rate answer, for the fields every answer shares) or rejects with the first failure, whose
 * `partial.ratings` holds the scales that finished.
 * @param {{run: Run, stopAll: (reason: any) => void, lanes: number, jobs: string[],
 *   rateOptions?: Record<string, unknown>, explainOptions?: Record<string, unknown>, solution: string,
 *   onPartial?: (scale: string, rating: any) => void, onProgress?: (job: string, m: any) => void,
 *   onStart?: (job: string, lane: number) => void, onJobDone?: (job: string, ratings: Record<string, any>) => void}} args
 */
export async function runParallel({ run, stopAll, lanes, jobs, rateOptions = {}, explainOptions = {}, solution, onPartial, onProgress, onStart, onJobDone }) {
  const queue = [...jobs];
  /** @type {Record<string, any>} */
  const ratings = {};
  let explain = null;
  let first = null;
  /** @type {any} */
  let failed = null;

  /** @param {number} lane */
  async function work(lane) {
    while (queue.length && !failed) {
      const job = /** @type {string} */ (queue.shift());
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
