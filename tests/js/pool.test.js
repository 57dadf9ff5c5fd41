// The pool of workers (web/pool.js) with fake engines: one lane keeps today's order (one rate,
// then explain); two lanes rate scale by scale with the shared solution, merge, and call onRated;
// the main engine's restart (cancel, time limit) drops the extra lanes' work.
import test from "node:test";
import assert from "node:assert/strict";
import { Pool } from "../../web/pool.js";
import { rateThenExplain } from "../../web/rate-explain.js";

const P = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SCALES = [{ id: "hodoku" }, { id: "se", slow: true }];

class FakeEngine extends EventTarget {
  constructor(name, log) {
    super();
    this.name = name;
    this.log = log;
    this.timeLimit = 300;
    this.bootSeconds = 1.5;
    this.ready = Promise.resolve();
    this.abandoned = 0;
  }

  async request(op, puzzle, options = {}, onProgress = null) {
    this.log.push([this.name, op, options.scales?.[0] ?? null, options.solution ?? null, options.detail ?? null]);
    await new Promise((r) => setTimeout(r, op === "rate" && options.scales?.[0] === "se" ? 30 : 5));
    if (op === "solve") return { puzzle, status: "unique", solution: "S" };
    if (op === "catalogue") return { scales: SCALES };
    if (op === "merge") return { ratings: options.ratings, bottleneck: { technique: "x" }, techniques: { x: 1 } };
    if (op === "explain") return { steps: [], solved: true };
    if (op === "rate" && options.scales) {
      onProgress?.({ type: "progress", step: 1, technique: "t", at_least: { er: 2 } });
      return { status: "unique", ratings: { [options.scales[0]]: { v: options.scales[0] } } };
    }
    onProgress?.({ type: "partial", scale: "hodoku", rating: { v: "hodoku" } });
    return { status: "unique", ratings: { hodoku: { v: "hodoku" }, se: { v: "se" } }, bottleneck: { technique: "x" } };
  }

  abandon() {
    this.abandoned++;
  }

  cancel() {
    this.dispatchEvent(new Event("restart"));
  }
}

test("one lane: one rate request (with each scale's path), then explain", async () => {
  const log = [];
  const pool = new Pool(new FakeEngine("main", log), 1, () => assert.fail("no extra worker"));
  const answer = await rateThenExplain(pool, P, {});
  assert.deepEqual(log.map((x) => x[1]), ["rate", "explain"]);
  assert.equal(log[0][4], true);
  assert.deepEqual(Object.keys(answer.rate.ratings), ["hodoku", "se"]);
});

test("two lanes: each scale apart with the shared solution, merged, the path beside", async () => {
  const log = [];
  const made = [];
  const pool = new Pool(new FakeEngine("main", log), 2, () => {
    const e = new FakeEngine(`extra${made.length + 1}`, log);
    made.push(e);
    return e;
  });
  const seen = [];
  const answer = await rateThenExplain(pool, P, {
    onPartial: (scale) => seen.push(["partial", scale]),
    onProgress: (phase, m) => seen.push([phase, m.scale ?? null, m.at_least?.er ?? null]),
    onRated: (rate) => seen.push(["rated", Object.keys(rate.ratings).length, rate.bottleneck.technique]),
  });
  assert.equal(made.length, 1);
  const rates = log.filter((x) => x[1] === "rate");
  assert.deepEqual(rates.map((x) => [x[0], x[2], x[3], x[4]]), [["main", "se", "S", true], ["extra1", "hodoku", "S", true]]);
  assert.ok(log.some((x) => x[1] === "explain" && x[0] === "extra1"));
  assert.deepEqual(answer.rate.ratings, { hodoku: { v: "hodoku" }, se: { v: "se" } });
  assert.deepEqual(answer.rate.techniques, { x: 1 });
  assert.equal(answer.rate.solution, "S");
  assert.ok(seen.some((x) => x[0] === "rate" && x[1] === "se" && x[2] === 2)); // progress names its scale and bound
  assert.deepEqual(seen.filter((x) => x[0] === "rated"), [["rated", 2, "x"]]);
  assert.deepEqual(pool.bootTimes(), [1.5, 1.5]);
});

test("the main engine's restart drops the extra lanes' work", () => {
  const main = new FakeEngine("main", []);
  const pool = new Pool(main, 3, () => new FakeEngine("x", []));
  pool.lane(2);
  pool.cancel();
  assert.deepEqual(pool.extra.map((e) => e.abandoned), [1, 1]);
});

test("the setting chooses the pool's size when the address does not", async () => {
  const { poolSize } = await import("../../web/actions/settings.js");
  assert.equal(poolSize(1), 1);
  assert.equal(poolSize(3), 3);
  assert.ok(poolSize("auto") >= 1);
});
