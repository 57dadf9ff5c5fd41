// What the difficulty chart plots (web/ratings-view.js chartSeries): Sudoku Explainer's own path when SE
// rated the puzzle, else the levels of the path on the page.
import test from "node:test";
import assert from "node:assert/strict";
import { chartSeries } from "../../web/ratings-view.js";

/** SE's record as the worker's catalogue gives it (the fields the chart reads). */
const catalogue = { scales: [{ id: "hodoku", number: "score" }, { id: "se", number: "er", bottleneck: true }], fields: { er: "ER" } };

const steps = [
  { technique: "hidden-single", name: "Hidden Single", text: "a" },
  { technique: "x-wing", name: "X-Wing", text: "b" },
];

test("SE's own path gives the bars, its bottleneck and its ER", () => {
  const rate = {
    ratings: {
      se: {
        er: 7.1,
        bottleneck: { index: 2, se: 7.1 },
        path: [
          { technique: "hidden-single", name: "Hidden Single", se: 1.2, text: "a" },
          { technique: "se-forcing-chain", name: "Forcing Chain", se: 6.6, text: "c" },
          { technique: "se-bidirectional-cycle", name: "Bidirectional Cycle", se: 7.1, text: "d" },
        ],
      },
    },
  };
  const c = chartSeries(rate, steps, [1.2, 3.2], [200, 180], catalogue);
  assert.equal(c.sePath, true);
  assert.deepEqual(c.difficulty, [1.2, 6.6, 7.1]);
  assert.deepEqual(c.candidates, []);
  assert.equal(c.bottleneck, 2);
  assert.equal(c.number, 7.1);
  assert.equal(c.label, "ER");
  assert.equal(Math.max(...c.difficulty), c.number);
  assert.deepEqual(c.names, ["Hidden Single", "Forcing Chain", "Bidirectional Cycle"]);
});

test("without an SE rating (or a path without figures) the page's path and its levels", () => {
  for (const rate of [{ ratings: { hodoku: { score: 100 } } }, { ratings: { se: { er: 2, path: [{ name: "x" }] } } }, {}]) {
    const c = chartSeries(rate, steps, [1.2, 3.2], [200, 180], catalogue);
    assert.equal(c.sePath, false);
    assert.deepEqual(c.difficulty, [1.2, 3.2]);
    assert.deepEqual(c.candidates, [200, 180]);
    assert.deepEqual(c.names, ["Hidden Single", "X-Wing"]);
  }
});
