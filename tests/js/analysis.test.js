// Issue 32's DOM-free pieces: net outlines drawn branch by branch, why a scale stopped, where the
// scales disagree, how many workers, and the parallel run's scheduling, stop and results.
import test from "node:test";
import assert from "node:assert/strict";
import { branchAt, branchDrawing, netSize, parseMove } from "../../web/model/netoutline.js";
import { boundsText, disagreement, standing, stopReason } from "../../web/model/scalestop.js";
import { EXPLAIN, jobOrder, runParallel, workerCount } from "../../web/model/parallel.js";

const net = {
  kind: "contradiction",
  premise: "r1c1=5",
  conclusion: "r1c1<>5",
  contradiction: "r2c2 would have no candidate left",
  branches: [
    {
      assume: "r1c1=5",
      implications: [
        { move: "r1c2<>5", reason: "5 once in row 1", from: ["r1c1=5"] },
        {
          move: "r3c3<>7",
          reason: "if r3c3=7, a net is impossible",
          from: ["r1c1=5"],
          net: {
            kind: "contradiction", premise: "r3c3=7", conclusion: "r3c3<>7", contradiction: "x",
            branches: [{ assume: "r3c3=7", implications: [{ move: "r3c4<>7", reason: "7 once in row 3", from: ["r3c3=7"] }], ends: "x" }],
          },
        },
        { move: "r2c12=4", reason: "the only other place for 4 in box 1", from: ["r1c2<>5", "r3c3<>7"] },
      ],
      ends: "r2c2 would have no candidate left",
    },
  ],
};

test("moves parse, groups included", () => {
  assert.deepEqual(parseMove("r1c2=5"), { cells: ["r1c2"], digit: 5, on: true });
  assert.deepEqual(parseMove("r13c5<>4"), { cells: ["r1c5", "r3c5"], digit: 4, on: false });
  assert.deepEqual(parseMove("r1c1,r5c7=3")?.cells, ["r1c1", "r5c7"]);
  assert.equal(parseMove("r2c2 would have no candidate left"), null);
});

test("a selected implication draws its branch up to it, arrows from what it follows", () => {
  const d = branchDrawing(net.branches[0], 0);
  assert.deepEqual(d.highlights, [
    { cell: "r1c1", digit: 5, role: "chain-on" },
    { cell: "r1c2", digit: 5, role: "target" },
  ]);
  assert.deepEqual(d.links, [{ from: ["r1c1"], from_digit: 5, to: ["r1c2"], to_digit: 5, strong: false }]);
  const all = branchDrawing(net.branches[0], 2);
  assert.equal(all.highlights.filter((m) => m.role === "target").length, 2); // the group's two cells
  assert.equal(all.links.length, 4);
  assert.ok(all.links.slice(2).every((l) => l.strong)); // from false moves: strong links
  assert.deepEqual(branchDrawing(net.branches[0], -1).highlights, [{ cell: "r1c1", digit: 5, role: "chain-on" }]);
});

test("a nested net's branch is reached through its implication", () => {
  assert.equal(branchAt(net, [0])?.branch, net.branches[0]);
  const inner = branchAt(net, [0, 1, 0]);
  assert.equal(inner?.branch.assume, "r3c3=7");
  assert.equal(inner?.outer.length, 1);
  assert.equal(branchAt(net, [0, 0, 0]), null); // implication 0 has no sub-outline
  assert.equal(branchAt(net, [3]), null);
  assert.deepEqual(netSize(net), { branches: 1, implications: 4, depth: 1 });
});

test("bounds read 'at least', fixed figures plainly", () => {
  assert.equal(boundsText({ er: 7.1, ed: 1.2, ep: 1.5 }, { er: "ER", ed: "ED", ep: "EP" }, ["ed", "ep"]), "ER at least 7.1, ED 1.2, EP 1.5");
  // which are fixed is the scale's record's word (its exact_bounds), not a list of SE's fields
  assert.equal(boundsText({ er: 7.1, ed: 1.2 }, { er: "ER", ed: "ED" }), "ER at least 7.1, ED at least 1.2");
  assert.equal(boundsText({ score: 756, level: "Medium" }), "SCORE at least 756, LEVEL at least Medium");
  assert.equal(boundsText(null), "");
});

test("a stopped scale says why: its set ended, the time limit, or cancel", () => {
  const short = {
    solved: false, score: 0, er: undefined,
    stopped_short: { after: 1, why: "none applies", default_next: { technique: "vwxyz-wing", name: "VWXYZ-Wing" } },
  };
  const sotd = { id: "sudokuoftheday", name: "Sudoku of the Day", number: "score" };
  const text = stopReason({ scale: sotd, rating: short });
  assert.match(text || "", /ran out after 1 step: nothing in its set applied there, where the default path used VWXYZ-Wing\.$/);
  assert.doesNotMatch(text || "", /score 0/);
  const hodoku = { id: "hodoku", name: "HoDoKu", number: "score" };
  const hod = stopReason({ scale: hodoku, rating: { ...short, score: 756 }, fields: { score: "score" } });
  assert.match(hod || "", /So far: score at least 756\./);
  const se = { id: "se", name: "SE", number: "er", unfinished: 20, exact_bounds: ["ed", "ep"] };
  assert.equal(stopReason({ scale: se, rating: { solved: true, er: 2.6 } }), null);
  // SE's 20.0 says its techniques could not finish: no "at least 20"
  assert.doesNotMatch(stopReason({ scale: se, rating: { ...short, er: 20 }, fields: { er: "ER" } }) || "", /So far/);
  assert.match(stopReason({ scale: se, rating: { ...short, er: 7.1 }, fields: { er: "ER" } }) || "", /So far: ER at least 7\.1\./);
  assert.equal(stopReason({ scale: se, stop: { kind: "cancelled" }, bounds: { er: 7.1, ed: 1.2 }, fields: { er: "ER", ed: "ED" } }),
    "Cancelled: ER at least 7.1, ED 1.2.");
  assert.equal(stopReason({ scale: se, stop: { kind: "timeout" }, timeLimit: 30 }), "Stopped at the time limit (30 s) before it finished (no lower bound yet).");
  assert.equal(stopReason({ scale: se }), null);
});

const scales = [
  { id: "se", name: "Sudoku Explainer", number: "er", level: null, levels: [], band: [1, 12, 0.1] },
  { id: "hodoku", name: "HoDoKu", number: "score", level: "level", levels: ["Easy", "Medium", "Hard", "Unfair", "Extreme"] },
  { id: "sourgumdrop", name: "SourGumdrop", number: "score", level: null, levels: [] },
];

const techniques = [{ id: "nested-forcing-net", level: 9.4 }, { id: "x-wing", level: 3.2 }, { id: "hidden-single", level: 1.2 },
  { id: "naked-single", level: 2.3 }, { id: "se-forcing-chain", level: 6.6 }];

test("disagreement names each scale's verdict and hardest step", () => {
  const ratings = {
    se: { er: 9.3, solved: true, bottleneck: { technique: "nested-forcing-net", name: "Nested Forcing Net" } },
    hodoku: { score: 700, level: "Medium", solved: true, hardest: { technique: "x-wing", name: "X-Wing" } },
    sourgumdrop: { score: 40, solved: true, hardest: { name: "X" } },
  };
  assert.equal(disagreement(scales, ratings, techniques),
    "The scales disagree: Sudoku Explainer 9.3 (hardest step: Nested Forcing Net), HoDoKu Medium (hardest step: X-Wing).");
  assert.equal(disagreement(scales, { ...ratings, hodoku: { ...ratings.hodoku, level: "Unfair" } }, techniques), null);
  // a step's own SE rating counts before its technique's level
  const seStep = { ...ratings.se, bottleneck: { technique: "se-forcing-chain", name: "Forcing Chain", se: 4.4 } };
  assert.equal(disagreement(scales, { ...ratings, se: seStep }, techniques), null);
  assert.equal(standing(scales[2], ratings.sourgumdrop), null);
  assert.equal(standing(scales[1], { level: "Hard", solved: false }), null);
});

test("no disagreement on an easy puzzle a scale's sum calls hard: every hardest step is a single", () => {
  const sw = { id: "sudokuwiki", name: "SudokuWiki", number: "score", level: "grade", levels: ["Easy", "Normal", "Medium", "Hard", "Expert"] };
  const ratings = {
    se: { er: 1.5, solved: true, bottleneck: { technique: "hidden-single", name: "Hidden Single", se: 1.5 } },
    hodoku: { score: 200, level: "Easy", solved: true, hardest: { technique: "hidden-single", name: "Hidden Single" } },
    sudokuwiki: { score: 40, grade: "Hard", solved: true, hardest: { technique: "naked-single", name: "Naked Singles" } },
  };
  assert.equal(disagreement([...scales, sw], ratings, techniques), null);
  // the same verdicts with a hardest step far apart do disagree
  const far = { ...ratings, sudokuwiki: { ...ratings.sudokuwiki, hardest: { technique: "se-forcing-chain", name: "Forcing Chain" } } };
  assert.match(disagreement([...scales, sw], far, techniques) || "", /^The scales disagree: SudokuWiki Hard \(hardest step: Forcing Chain\)/);
  // steps of unknown level cannot say why: no line
  assert.equal(disagreement([...scales, sw], far), null);
});

test("worker count: parameter, setting, then cores and memory", () => {
  assert.equal(workerCount({ param: "3" }), 3);
  assert.equal(workerCount({ param: "0", setting: 2, cores: 8 }), 2);
  assert.equal(workerCount({ setting: 1, cores: 8 }), 1);
  assert.equal(workerCount({ cores: 2, memoryGB: 8 }), 2);
  assert.equal(workerCount({ cores: 8, memoryGB: 8 }), 4);
  assert.equal(workerCount({ cores: 8, memoryGB: 1 }), 2);
  assert.equal(workerCount({ cores: 1, memoryGB: 8 }), 1);
});

test("jobs go out longest first by the catalogue's cost, the path's being 1", () => {
  const scales = [{ id: "hodoku", cost: 0.8 }, { id: "sw", cost: 1.8 }, { id: "small", cost: 0.01 }, { id: "se", slow: true, cost: 0.4 }];
  assert.deepEqual(jobOrder(scales, true), ["sw", EXPLAIN, "hodoku", "se", "small"]);
  assert.deepEqual(jobOrder(scales, false), ["sw", "hodoku", "se", "small"]);
  // without costs: slow scales first, then the catalogue's order, the path after the scales of no cost
  assert.deepEqual(jobOrder([{ id: "a" }, { id: "se", slow: true }, { id: "b" }], true), ["se", EXPLAIN, "a", "b"]);
  assert.deepEqual(jobOrder([{ id: "a", cost: 1 }], true), ["a", EXPLAIN]); // a tie keeps the scale first
});

/** A fake engine whose jobs finish when the test says: `finish(job)`. */
function fakeLanes(log, failOn = null) {
  const pending = new Map();
  const run = (lane, op, options, onMessage) => {
    const job = op === "explain" ? EXPLAIN : options.scales[0];
    log.push({ lane, job, options });
    onMessage({ type: "progress", step: 1, at_least: { er: 1 } });
    return new Promise((resolve, reject) => {
      pending.set(job, () => {
        if (job === failOn) reject(Object.assign(new Error("Cancelled."), { kind: "cancelled" }));
        else if (op === "explain") resolve({ steps: [1, 2] });
        else resolve({ status: "unique", solution: options.solution, ratings: { [job]: { v: job } } });
      });
    });
  };
  const tick = () => new Promise((r) => setImmediate(r));
  const finish = async (job) => {
    pending.get(job)();
    await tick();
    await tick();
  };
  return { run, finish, tick };
}

test("two lanes share the jobs and the solution; the results are whole", async () => {
  const log = [];
  const parts = [];
  const { run, finish, tick } = fakeLanes(log);
  const out = runParallel({
    run, stopAll: () => assert.fail("nothing failed"),
    lanes: 2, jobs: ["se", "a", "b", EXPLAIN], solution: "123", onPartial: (s) => parts.push(s),
  });
  await tick();
  assert.deepEqual(log.map((x) => [x.lane, x.job]), [[0, "se"], [1, "a"]]);
  await finish("a");
  await finish("b");
  await finish(EXPLAIN);
  await finish("se");
  const done = await out;
  assert.deepEqual(Object.keys(done.ratings).sort(), ["a", "b", "se"]);
  assert.deepEqual(done.explain, { steps: [1, 2] });
  assert.deepEqual(parts, ["a", "b", "se"]); // each as soon as it is done: SE last, though it started first
  assert.deepEqual(log.map((x) => [x.lane, x.job]), [[0, "se"], [1, "a"], [1, "b"], [1, EXPLAIN]]);
  assert.ok(log.filter((x) => x.job !== EXPLAIN).every((x) => x.options.solution === "123" && x.options.detail === true));
});

test("one failure stops every lane and keeps what finished", async () => {
  const stops = [];
  const { run, finish, tick } = fakeLanes([], "b");
  const out = runParallel({ run, stopAll: (e) => stops.push(e.kind), lanes: 2, jobs: ["se", "a", "b", "c"], solution: "1" });
  out.catch(() => {});
  await tick();
  await finish("a");
  await finish("b"); // fails: lane 1 stops, "c" is never asked for
  await finish("se");
  await assert.rejects(out, (e) => e.kind === "cancelled" && "a" in e.partial.ratings && !("c" in e.partial.ratings));
  assert.deepEqual(stops, ["cancelled"]);
});

test("a lane takes no job while its worker boots; one that fails to boot takes none", async () => {
  const log = [];
  const { run, finish, tick } = fakeLanes(log);
  /** @type {(v?: unknown) => void} */
  let booted = () => {};
  const boot = new Promise((r) => {
    booted = r;
  });
  const out = runParallel({ run, stopAll: () => assert.fail("nothing failed"), lanes: 3, jobs: ["sw", EXPLAIN, "a", "b"], solution: "1",
    ready: (lane) => (lane === 1 ? boot : lane === 2 ? Promise.reject(new Error("no boot")) : assert.fail("lane 0 is not gated")) });
  await tick();
  assert.deepEqual(log.map((x) => [x.lane, x.job]), [[0, "sw"]]);
  await finish("sw");
  assert.deepEqual(log.map((x) => [x.lane, x.job]), [[0, "sw"], [0, EXPLAIN]]); // lane 0 goes on alone
  booted();
  await tick();
  await tick();
  assert.deepEqual(log.map((x) => [x.lane, x.job]), [[0, "sw"], [0, EXPLAIN], [1, "a"]]); // booted: it takes the next
  await finish(EXPLAIN);
  await finish("a");
  await finish("b");
  const done = await out;
  assert.deepEqual(Object.keys(done.ratings).sort(), ["a", "b", "sw"]);
  assert.ok(log.every((x) => x.lane !== 2));
});

test("a lane still booting when every job is taken does not hold the run", async () => {
  const { run, finish, tick } = fakeLanes([]);
  const out = runParallel({ run, stopAll: () => {}, lanes: 2, jobs: ["a"], solution: "1", ready: () => new Promise(() => {}) });
  await tick();
  await finish("a");
  assert.deepEqual(Object.keys((await out).ratings), ["a"]);
});
