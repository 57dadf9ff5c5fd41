// The page's side of the worker: boot with a timeout, one request at a time, cancel, time limit.
//
// A running Python call cannot be interrupted without SharedArrayBuffer (which needs headers
// most hosts lack), so cancelling or hitting the time limit terminates the worker and boots a
// fresh one. The page listens to state changes: "booting" | "ready" | "busy" | "failed".

import { BUILD } from "./build-info.js";

export const BOOT_TIMEOUT_S = 120;

export class EngineError extends Error {
  constructor(message, kind) {
    super(message);
    this.kind = kind; // "cancelled" | "timeout" | "boot" | "engine"
  }
}

export class Engine extends EventTarget {
  constructor({ workerUrl = new URL("./worker.js", import.meta.url), bootTimeout = BOOT_TIMEOUT_S } = {}) {
    super();
    this.workerUrl = workerUrl;
    this.bootTimeout = bootTimeout;
    this.timeLimit = 300; // seconds per request; 0 means none
    this.nextId = 1;
    this.pending = new Map(); // id -> {resolve, reject, onProgress, timer, op}
    this.queue = Promise.resolve();
    this.state = "booting";
    this.bootSeconds = null;
    this.version = null;
    this.start();
  }

  start() {
    this.setState("booting");
    const t0 = performance.now();
    this.worker = new Worker(this.workerUrl, { type: "module" });
    this.ready = new Promise((resolve, reject) => {
      this._bootResolve = resolve;
      this._bootReject = reject;
    });
    this.ready.catch(() => {}); // reported through state and the requests that wait on it
    this.bootTimer = setTimeout(() => {
      this.failBoot(
        `The Python engine did not start within ${this.bootTimeout} s. If you host these files yourself, ` +
          "serve .wasm files as application/wasm (python build.py serve does), and open the page over http(s), not file://.",
      );
    }, this.bootTimeout * 1000);
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
    this.worker.terminate();
    this.bootError = message;
    this._bootReject(new EngineError(message, "boot"));
    this.setState("failed");
  }

  onMessage(msg, t0) {
    if (msg.type === "ready") {
      if (msg.build && msg.build !== BUILD.build) {
        // Never run one build's page with another build's engine: a new version arrived meanwhile.
        this.failBoot("A new version of the app was installed while this page was open: reload the page.");
        return;
      }
      clearTimeout(this.bootTimer);
      this.bootSeconds = (performance.now() - t0) / 1000;
      this.version = msg.version;
      this.build = msg.build;
      this.phases = msg.phases || {};
      this.setState("ready");
      this._bootResolve();
      this.dispatchEvent(new CustomEvent("ready", { detail: { seconds: this.bootSeconds, version: msg.version } }));
      return;
    }
    if (msg.type === "boot-error") {
      this.failBoot("The Python engine failed to start: " + msg.message);
      return;
    }
    const req = this.pending.get(msg.id);
    if (!req) return;
    if (msg.type === "progress") {
      req.onProgress?.(msg);
      return;
    }
    this.finish(msg.id);
    if (msg.type === "result") req.resolve(msg.result);
    else req.reject(new EngineError(msg.message || "The engine failed.", "engine"));
  }

  finish(id) {
    const req = this.pending.get(id);
    if (req) clearTimeout(req.timer);
    this.pending.delete(id);
    if (this.pending.size === 0 && this.state === "busy") this.setState("ready");
  }

  setState(state) {
    this.state = state;
    this.dispatchEvent(new CustomEvent("state", { detail: state }));
  }

  /** Run one operation; resolves with the CLI's JSON shape. Requests run one after another. */
  request(op, puzzle = "", options = {}, onProgress = null) {
    const run = () => this._send(op, puzzle, options, onProgress);
    const p = this.queue.then(run, run);
    this.queue = p.catch(() => {});
    return p;
  }

  async _send(op, puzzle, options, onProgress) {
    await this.ready;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const req = { resolve, reject, onProgress, op, timer: null };
      this.pending.set(id, req);
      this.setState("busy");
      if (this.timeLimit > 0) {
        req.timer = setTimeout(
          () => this.restart(new EngineError(`Stopped after the time limit of ${this.timeLimit} s.`, "timeout")),
          this.timeLimit * 1000,
        );
      }
      this.worker.postMessage({ id, op, puzzle, options });
    });
  }

  /** Stop whatever runs: terminate the worker, fail its requests, boot a fresh one. */
  cancel() {
    this.restart(new EngineError("Cancelled.", "cancelled"));
  }

  restart(reason) {
    clearTimeout(this.bootTimer);
    this.worker.terminate();
    const reqs = [...this.pending.values()];
    this.pending.clear();
    for (const r of reqs) {
      clearTimeout(r.timer);
      r.reject(reason);
    }
    this.dispatchEvent(new CustomEvent("restart", { detail: reason }));
    this.start();
  }
}
