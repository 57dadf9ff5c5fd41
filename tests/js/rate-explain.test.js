// The one analysis routine the page and the <sudoku-grader> element share (web/rate-explain.js),
// run with a fake engine that answers the way the worker does: partial ratings, progress, then the path.
import test from "node:test";
import assert from "node:assert/strict";
import { Position } from "../../web/board.js";
import { bottleneckIndex, rateThenExplain, replayPath } from "../../web/rate-explain.js";

const P = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
// Two placements written as the worker's steps (cell names, digits).
const STEPS = [
  { technique: "hidden-single", name: "Hidden Single", text: "r1c2=1", placements: [{ cell: "r1c2", digit: 1 }], eliminations: [] },
  { technique: "x-wing", name: "X-Wing", text: "r1c3=7", placements: [{ cell: "r1c3", digit: 7 }], eliminations: [] },
];

function fakeEngine(log) {
  return {
    async request(op, puzzle, options, onProgress) {
      log.push([op, puzzle, options]);
      if (op === "rate") {
        onProgress({ type: "partial", scale: "hodoku", rating: { level: "Hard" } });
        onProgress({ type: "progress", scale: "se", step: 3, technique: "x-wing" });
        return { ratings: { hodoku: { level: "Hard" }, se: { er: 3.2 } } };
      }
      onProgress({ type: "progress", step: 1, technique: "hidden-single" });
      return { steps: STEPS, solved: false };
    },
  };
}

test("rate, then explain: partials, progress by phase, the rating before the explanation", async () => {
  const log = [];
  const seen = [];
  const answer = await rateThenExplain(fakeEngine(log), P, {
    rateOptions: { scores: { x: 1 } },
    explainOptions: { techniques: ["x-wing"] },
    onPartial: (scale, rating) => seen.push(["partial", scale, rating.level]),
    onProgress: (phase, m) => seen.push([phase, m.step]),
    onRated: (rate) => seen.push(["rated", rate.ratings.se.er]),
  });
  assert.deepEqual(log.map((x) => x[0]), ["rate", "explain"]);
  assert.deepEqual(log[0][2], { scores: { x: 1 } });
  assert.deepEqual(log[1][2], { techniques: ["x-wing"] });
  assert.deepEqual(seen, [["partial", "hodoku", "Hard"], ["rate", 3], ["rated", 3.2], ["explain", 1]]);
  assert.equal(answer.explain.steps.length, 2);
});

test("a caller that stopped listening gets null and the explanation is not asked for", async () => {
  const log = [];
  let live = true;
  const engine = fakeEngine(log);
  const rate = engine.request;
  engine.request = async (...args) => {
    const r = await rate(...args);
    live = false; // the givens changed while rating
    return r;
  };
  const answer = await rateThenExplain(engine, P, { live: () => live, onRated: () => assert.fail("not rated") });
  assert.equal(answer, null);
  assert.deepEqual(log.map((x) => x[0]), ["rate"]);
});

test("onRated may stop the run (the element stops on a rating error)", async () => {
  const log = [];
  await assert.rejects(rateThenExplain(fakeEngine(log), P, { onRated: () => { throw new Error("bad"); } }), /bad/);
  assert.deepEqual(log.map((x) => x[0]), ["rate"]);
});

test("the path replayed: one position more than steps, candidates counted before each step", () => {
  const start = Position.fromLine(P);
  const { positions, counts } = replayPath(start, STEPS);
  assert.equal(positions.length, 3);
  assert.equal(positions[0], start);
  assert.equal(positions[2].text()[1], "1");
  assert.equal(positions[2].text()[2], "7");
  assert.equal(counts[0], start.candidateCount());
  assert.ok(counts[1] < counts[0]);
});

test("the hardest step on the page's path", () => {
  // the rating names it: found on the path by technique and text
  assert.equal(bottleneckIndex({ bottleneck: { technique: "x-wing", text: "r1c3=7" } }, STEPS, [1, 2]), 1);
  // only on SE's own path: -1
  assert.equal(bottleneckIndex({ ratings: { se: { bottleneck: { technique: "se-forcing-chain" } } } }, STEPS, [1, 2]), -1);
  // no bottleneck in the rating: the step of the highest difficulty
  assert.equal(bottleneckIndex({ ratings: {} }, STEPS, [4.5, 2]), 0);
  assert.equal(bottleneckIndex({}, [], []), -1);
});
