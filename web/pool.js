// Rating the scales and explaining the path in up to N workers at once (issue 32), for the page and
// the <sudoku-grader> element alike: `rateThenExplain(pool, ...)` (rate-explain.js) hands a pool's
// analysis here.
//
// Lane 0 is the engine's own long lane; lanes 1..N-1 are further engines of one worker each, made
// (and booted) when an analysis first starts, and kept for the next puzzle; a lane takes jobs
// once it has booted (model/parallel.js hands them out, longest first). Their
// time limit follows the main engine's; the main engine's "restart" (cancel, the time limit)
// stops them too, and `abandon()` drops their work when the puzzle changes. With one lane the
// analysis runs as it always did: rate (every scale, SE last), then explain, in one worker.

import { jobOrder, runParallel } from "./model/parallel.js";
import { rateInTurn } from "./rate-explain.js";

/** @typedef {import("./rate-explain.js").AnalysisHooks} AnalysisHooks */
/**
 * @typedef {object} EngineLike  what the pool needs of a worker client (worker-client.js's Engine)
 * @property {(op: import("./worker-protocol.js").Op, puzzle?: string, options?: object, onProgress?: ((m: any) => void)|null) => Promise<any>} request
 * @property {() => void} abandon
 * @property {() => void} cancel
 * @property {number} timeLimit
 * @property {number|null} [bootSeconds]
 * @property {Promise<void>} ready
 * @property {(type: string, fn: (e: Event) => void) => void} addEventListener
 */

export class Pool {
  /**
   * @param {EngineLike} engine  the page's engine (its long lane is lane 0)
   * @param {number} size  lanes wanted (1: no extra workers)
   * @param {() => EngineLike} makeEngine  a new one-worker engine (it boots when made)
   */
  constructor(engine, size, makeEngine) {
    this.engine = engine;
    this.size = Math.max(1, size);
    this.makeEngine = makeEngine;
    /** @type {EngineLike[]} */
    this.extra = [];
    /** @type {{job: string, lane: number, start: number, end: number|null}[]} the last analysis's jobs, in
     * seconds from its start (for measuring: do the lanes overlap?) */
    this.timeline = [];
    engine.addEventListener("restart", () => this.abandon());
  }

  /** The main engine's boot. */
  get ready() {
    return this.engine.ready;
  }

  /** @param {import("./worker-protocol.js").Op} op @param {string} [puzzle] @param {object} [options] @param {((m: any) => void)|null} [onProgress] */
  request(op, puzzle = "", options = {}, onProgress = null) {
    return this.engine.request(op, puzzle, options, onProgress);
  }

  /** @param {number} n */
  resize(n) {
    this.size = Math.max(1, n);
  }

  /** @param {number} lane */
  lane(lane) {
    if (lane === 0) return this.engine;
    while (this.extra.length < lane) this.extra.push(this.makeEngine());
    const e = this.extra[lane - 1];
    e.timeLimit = this.engine.timeLimit;
    return e;
  }

  /** Drop the extra lanes' work (the main engine's is dropped by its own cancel or abandon). */
  abandon() {
    for (const e of this.extra) e.abandon();
  }

  /** Stop everything asked for, on every lane. */
  cancel() {
    this.engine.cancel(); // its "restart" event stops the extra lanes too
  }

  /** Each lane's boot time in seconds (null while booting), lane 0 first. */
  bootTimes() {
    return [this.engine, ...this.extra].map((e) => e.bootSeconds ?? null);
  }

  /**
   * Rate every scale and explain the path: resolves `{rate, explain}` (`rate` the same JSON as one
   * `rate` request gives, each scale's own path included) or null once `live()` turned false. On
   * cancel, the time limit or a replaced puzzle it rejects with the first lane's error, whose
   * `partial.ratings` holds the scales that finished. `onProgress("rate", m)` messages name their
   * scale (`m.scale`) and carry what its walk so far proves (`m.at_least`).
   * @param {string} puzzle
   * @param {AnalysisHooks} hooks
   * @returns {Promise<{rate: any, explain: any}|null>}
   */
  async analyse(puzzle, hooks = {}) {
    const { rateOptions = {}, explainOptions = {}, onPartial, onProgress, onRated, live = () => true } = hooks;
    const t0 = performance.now();
    const timeline = (this.timeline = []);
    /** @template T @param {string} job @param {number} lane @param {() => Promise<T>} work @returns {Promise<T>} */
    const timed = (job, lane, work) => {
      const entry = { job, lane, start: (performance.now() - t0) / 1000, end: /** @type {number|null} */ (null) };
      timeline.push(entry);
      const end = () => {
        entry.end = (performance.now() - t0) / 1000;
      };
      const p = work();
      p.then(end, end);
      return p;
    };
    const engine = this.engine;
    for (let lane = 1; lane < this.size; lane++) this.lane(lane); // the further workers boot meanwhile
    if (this.size <= 1) {
      /** @type {EngineLike["request"]} */
      const request = (op, p, options, onProgress) => timed(op, 0, () => engine.request(op, p, options, onProgress));
      return rateInTurn({ request }, puzzle, { ...hooks, rateOptions: { ...rateOptions, detail: true } });
    }
    const [status, catalogue] = await Promise.all([timed("solve", -1, () => engine.request("solve", puzzle)), engine.request("catalogue")]);
    if (!live()) return null;
    if (status?.status !== "unique") {
      onRated?.(status);
      return { rate: status, explain: { error: status?.error || "The puzzle has no unique solution." } };
    }
    /** @type {{id: string, slow?: boolean, cost?: number}[]} */
    const all = catalogue?.scales || [];
    const asked = /** @type {any} */ (rateOptions).scales;
    const scales = Array.isArray(asked) ? all.filter((s) => asked.includes(s.id)) : all;
    let rated = null; // the merged rating, once every scale is in
    /** @type {Promise<any>|null} */
    let merging = null;
    /** @param {Record<string, any>} ratings */
    const merge = (ratings) => {
      merging ??= timed("merge", -1, () => engine.request("merge", puzzle, { ratings })).then((m) => {
        if (m?.error) throw Object.assign(new Error(m.error), { kind: "engine" });
        rated = { ...status, ratings: m.ratings, bottleneck: m.bottleneck, techniques: m.techniques };
        if (live()) onRated?.(rated);
        return rated;
      });
      merging.catch(() => {}); // awaited below; an early failure must not go unhandled meanwhile
      return merging;
    };
    let left = scales.length;
    const done = await runParallel({
      run: (lane, op, options, onMessage) =>
        timed(op === "rate" ? String(/** @type {any} */ (options).scales?.[0]) : op, lane, () => this.lane(lane).request(op, puzzle, options, onMessage)),
      stopAll: () => {
        engine.abandon();
        this.abandon();
      },
      lanes: this.size,
      ready: (lane) => this.lane(lane).ready,
      jobs: jobOrder(scales, true),
      rateOptions,
      explainOptions,
      solution: status.solution,
      onPartial: (scale, rating) => {
        if (live()) onPartial?.(scale, rating);
        left--;
      },
      onProgress: (job, m) => {
        if (live()) onProgress?.(job === "explain" ? "explain" : "rate", job === "explain" ? m : { ...m, scale: m?.scale || job });
      },
      onJobDone: (_job, ratings) => {
        if (left === 0) merge(ratings);
      },
    });
    if (!live()) return null;
    const rate = await merge(done.ratings);
    if (!live()) return null;
    return { rate: { ...(done.first || {}), ...rate }, explain: done.explain };
  }
}
