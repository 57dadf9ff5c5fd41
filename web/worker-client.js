// The page's side of the engine: the Python package in two module Web Workers ("lanes").
//
//   quick lane  parse, solve (the validity check), hint, catalogue, techniques: short calls;
//   long lane   rate, explain, steps, generate (and the diagnostic sleep): work that can take minutes.
//
// So a hint, a validity check or a new puzzle's parse never waits behind a rating. The quick lane
// boots at once. The long lane boots when long work is first asked for (each Pyodide worker holds
// some 150 MB, and a player who never rates needs only one), or when the page says long work is
// coming (`prepareLong`), but not before the quick lane is ready (the two boots would otherwise
// share the CPU); its requests wait for it. `new
// Engine({lanes: 1})` runs everything in one worker, one request after another.
//
// A running Python call cannot be interrupted without SharedArrayBuffer (which needs headers
// most hosts lack), so cancelling, the time limit and a newer request that replaces a running one
// terminate that lane's worker and boot a fresh one. A rate or explain for one puzzle replaces
// the long lane's rate/explain/steps of any other puzzle (queued or running): a stale result never
// arrives, and the old request rejects with kind "cancelled". `abandon()` drops the long lane's
// work without starting anything new (for a page whose puzzle changed).
//
// Events: "state" ("booting" | "ready" | "busy" | "failed", for the engine as a whole: booting and
// failed follow the quick lane), "ready" (the quick lane booted), "restart" (cancel or time limit),
// "stale" (the worker runs a newer build than the page: the page should reload).
// Requests see `progress` messages, and for rate one `partial` message per scale as it is done;
// a request stopped by the time limit rejects with `error.partial = {ratings}` holding those.

import { BUILD } from "./build-info.js";

/** @import { Op, ProgressHandler, WorkerMessage, WorkerRequest } from "./worker-protocol.js" */

export const BOOT_TIMEOUT_S = 120;

/** Operations that may run for minutes: they go to the long lane. */
export const LONG_OPS = new Set(["rate", "explain", "steps", "generate", "sleep", "book"]);
/** Long operations about one puzzle: a newer one for another puzzle replaces them. */
const REPLACEABLE = new Set(["rate", "explain", "steps"]);

export class EngineError extends Error {
  /** @param {string} message @param {"cancelled"|"timeout"|"boot"|"engine"} kind */
  constructor(message, kind) {
    super(message);
    this.kind = kind;
    /** @type {{ratings: Record<string, any>}|undefined} the scales rated before the time limit */
    this.partial = undefined;
  }
}

/** One worker with its own queue: one request at a time, in order. */
class Lane {
  constructor(engine, name) {
    this.engine = engine;
    this.name = name;
    this.worker = null;
    this.queue = Promise.resolve();
    this.jobs = new Set(); // queued or running
    this.running = null; // the job the worker is working on
    this.state = "idle"; // idle (not started) | booting | ready | failed
    this.newReady();
  }

  newReady() {
    const previous = this._resolve ? { resolve: this._resolve, reject: this._reject } : null;
    this.ready = new Promise((resolve, reject) => {
      this._resolve = resolve;
      this._reject = reject;
    });
    this.ready.catch(() => {}); // reported through state and the requests that wait on it
    // Whoever waited on an unfinished boot waits on this one instead.
    if (previous && !this.settled) this.ready.then(previous.resolve, previous.reject);
    this.settled = false;
  }

  start() {
    if (this.state !== "idle") this.newReady();
    this.state = "booting";
    const t0 = performance.now();
    this.worker = new Worker(this.engine.workerUrl, { type: "module" });
    this.bootTimer = setTimeout(() => {
      this.failBoot(
        `The Python engine did not start within ${this.engine.bootTimeout} s. If you host these files yourself, ` +
          "serve .wasm files as application/wasm (python build.py serve does), and open the page over http(s), not file://.",
      );
    }, this.engine.bootTimeout * 1000);
    this.worker.onmessage = (e) => this.onMessage(e.data, t0);
    this.worker.onerror = (e) => {
      e.preventDefault?.();
      if (this.state === "booting") {
        this.failBoot("The engine could not be loaded: " + (e.message || "the worker script failed") + ".");
      }
    };
  }

  failBoot(message) {
    clearTimeout(this.bootTimer);
    this.worker?.terminate();
    this.state = "failed";
    this.bootError = message;
    this.settled = true;
    this._reject(new EngineError(message, "boot"));
    this.engine.laneChanged(this);
  }

  /** @param {WorkerMessage} msg @param {number} t0 */
  onMessage(msg, t0) {
    if (msg.type === "ready") {
      if (msg.build && msg.build !== BUILD.build) {
        // Never run one build's page with another build's engine: a new version arrived meanwhile.
        // The page may reload itself once to show the new version whole ("stale").
        this.engine.dispatchEvent(new CustomEvent("stale", { detail: { build: msg.build } }));
        this.failBoot("A new version of the app was installed while this page was open: reload the page.");
        return;
      }
      clearTimeout(this.bootTimer);
      this.state = "ready";
      this.settled = true;
      this.bootSeconds = (performance.now() - t0) / 1000;
      this.info = msg;
      this._resolve();
      this.engine.laneReady(this);
      return;
    }
    if (msg.type === "boot-error") {
      this.failBoot("The Python engine failed to start: " + msg.message);
      return;
    }
    const job = this.running;
    if (!job || job.id !== msg.id) return;
    if (msg.type === "progress" || msg.type === "partial") {
      if (msg.type === "partial") job.partial[msg.scale] = msg.rating;
      job.onProgress?.(msg);
      return;
    }
    this.done(job);
    if (msg.type === "result") job.resolve(msg.result);
    else job.reject(new EngineError(msg.message || "The engine failed.", "engine"));
  }

  request(op, puzzle, options, onProgress) {
    const job = { op, puzzle, options, onProgress, dropped: null, partial: {}, id: 0 };
    // A job dropped while it waits for the boot fails at once (the lane may never boot).
    job.stopped = new Promise((_, reject) => {
      job.stop = reject;
    });
    job.stopped.catch(() => {});
    this.jobs.add(job);
    const run = () => this.send(job);
    const p = this.queue.then(run, run);
    this.queue = p.catch(() => {});
    const forget = () => {
      this.jobs.delete(job);
      this.engine.laneChanged(this);
    };
    p.then(forget, forget);
    this.engine.laneChanged(this);
    return p;
  }

  async send(job) {
    if (job.dropped) throw job.dropped;
    await Promise.race([this.ready, job.stopped]);
    if (job.dropped) throw job.dropped;
    return new Promise((resolve, reject) => {
      job.resolve = resolve;
      job.reject = reject;
      job.id = this.engine.nextId++;
      this.running = job;
      const limit = this.engine.timeLimit;
      if (limit > 0) {
        job.timer = setTimeout(() => {
          const reason = new EngineError(`Stopped after the time limit of ${limit} s.`, "timeout");
          if (Object.keys(job.partial).length) reason.partial = { ratings: { ...job.partial } };
          this.restart(reason);
          this.engine.dispatchEvent(new CustomEvent("restart", { detail: reason }));
        }, limit * 1000);
      }
      /** @type {WorkerRequest} */
      const message = { id: job.id, op: job.op, puzzle: job.puzzle, options: job.options };
      this.worker.postMessage(message);
    });
  }

  done(job) {
    clearTimeout(job.timer);
    if (this.running === job) this.running = null;
  }

  /** Terminate the worker, fail the running request with `reason`, boot a fresh worker. */
  restart(reason) {
    clearTimeout(this.bootTimer);
    this.worker?.terminate();
    const job = this.running;
    if (job) {
      this.done(job);
      job.reject(reason);
    }
    this.start();
  }

  /** Drop every queued or running job that `test` picks; true when one was running. */
  drop(test, reason) {
    let wasRunning = false;
    for (const job of this.jobs) {
      if (job.dropped || !test(job)) continue;
      job.dropped = reason;
      job.stop(reason);
      if (job === this.running) wasRunning = true;
    }
    if (wasRunning) this.restart(reason);
    return wasRunning;
  }
}

/** The worker has loaded the runtime, so the browser's HTTP cache holds it: the app's service
 * worker, where one serves this page, keeps it for offline use without downloading it again
 * (sw.js). A page no service worker serves (a blog with embeds) waits for nothing. */
function keepRuntime() {
  const sw = globalThis.navigator?.serviceWorker;
  if (!sw || location.protocol === "file:") return;
  sw.ready.then((reg) => reg.active?.postMessage({ type: "runtime-loaded" })).catch(() => {});
}

export class Engine extends EventTarget {
  constructor({ workerUrl = new URL("./worker.js", import.meta.url), bootTimeout = BOOT_TIMEOUT_S, lanes = 2 } = {}) {
    super();
    this.workerUrl = workerUrl;
    this.bootTimeout = bootTimeout;
    this.timeLimit = 300; // seconds per request; 0 means none
    this.nextId = 1;
    this.state = "booting";
    this.bootSeconds = null;
    this.version = null;
    this.quick = new Lane(this, "quick");
    this.long = lanes > 1 ? new Lane(this, "long") : this.quick;
    this.quick.start();
    this.ready = this.quick.ready;
  }

  /** The quick lane's worker (kept for callers that used the one worker). */
  get worker() {
    return this.quick.worker;
  }

  get bootError() {
    return this.quick.bootError ?? (this.long.state === "failed" ? this.long.bootError : undefined);
  }

  laneReady(lane) {
    if (lane === this.quick) {
      const msg = lane.info;
      this.bootSeconds = lane.bootSeconds;
      this.version = msg.version;
      this.build = msg.build;
      this.phases = msg.phases || {};
      this.ready = lane.ready;
      this.laneChanged(lane);
      this.dispatchEvent(new CustomEvent("ready", { detail: { seconds: this.bootSeconds, version: msg.version } }));
      if (!this.runtimeKept) keepRuntime();
      this.runtimeKept = true;
      this.startLong();
    } else this.laneChanged(lane);
  }

  /** Boot the long lane once the quick lane is ready, before any long work is asked: the page
   * expects a rating soon, and should not wait 2-3 s for a worker to boot when it comes. */
  prepareLong() {
    this.longWanted = true;
    this.startLong();
  }

  /** Boot the long lane if it is not started, long work waits for it (or is expected) and the quick lane is ready. */
  startLong() {
    const waiting = this.longWanted || [...this.long.jobs].some((job) => !job.dropped);
    if (this.long.state === "idle" && waiting && this.quick.state === "ready") this.long.start();
  }

  laneChanged(lane) {
    if (lane === this.quick && lane.state === "failed" && this.long.state === "idle") {
      this.long.failBoot(lane.bootError); // nothing would ever start it
    }
    let state;
    if (this.quick.state === "failed") state = "failed";
    else if (this.quick.state !== "ready") state = "booting";
    else if (this.quick.jobs.size || this.long.jobs.size) state = "busy";
    else state = "ready";
    if (state !== this.state) this.setState(state);
  }

  setState(state) {
    this.state = state;
    this.dispatchEvent(new CustomEvent("state", { detail: state }));
  }

  /**
   * Run one operation; resolves with the CLI's JSON shape. Each lane runs its requests in order.
   * @param {Op} op @param {string} puzzle @param {object} options @param {ProgressHandler|null} onProgress
   * @returns {Promise<any>}
   */
  request(op, puzzle = "", options = {}, onProgress = null) {
    const lane = LONG_OPS.has(op) ? this.long : this.quick;
    if (REPLACEABLE.has(op)) {
      const replaced = new EngineError("Replaced by a request for another puzzle.", "cancelled");
      this.long.drop((job) => REPLACEABLE.has(job.op) && job.puzzle !== puzzle, replaced);
    }
    const answer = lane.request(op, puzzle, options, onProgress);
    if (lane === this.long) this.startLong();
    return answer;
  }

  /** Drop the long lane's queued and running work (the page's puzzle changed); no "restart" event. */
  abandon() {
    this.long.drop(() => true, new EngineError("The puzzle changed.", "cancelled"));
  }

  /** Stop everything asked for (both lanes): fail those requests; a lane that was working boots afresh. */
  cancel() {
    const reason = new EngineError("Cancelled.", "cancelled");
    const lanes = this.long === this.quick ? [this.quick] : [this.quick, this.long];
    for (const lane of lanes) lane.drop(() => true, reason);
    this.dispatchEvent(new CustomEvent("restart", { detail: reason }));
  }
}
