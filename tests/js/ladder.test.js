// The hint ladder (web/model/ladder.js): mistakes first, then family, technique and place, cells, step.
import test from "node:test";
import assert from "node:assert/strict";
import { cellsOnly, hintLadder, stepPlace } from "../../web/model/ladder.js";

const CATALOGUE = {
  techniques: [{ id: "hidden-single", family: "singles" }, { id: "locked-candidates-1", family: "intersections" }],
  families: [
    { id: "singles", name: "Singles", hint: "a single (naked or hidden)" },
    { id: "intersections", name: "Intersections", hint: "an intersection (pointing or claiming)" },
  ],
};
const HIDDEN = {
  technique: "hidden-single", name: "Hidden Single", text: "In box 7, 3 can only go in r8c3.",
  placements: [{ cell: "r8c3", digit: 3 }], eliminations: [],
  highlights: [{ house: "b7", role: "house" }, { cell: "r8c3", digit: 3, role: "target" }],
};
const POINTING = {
  technique: "locked-candidates-1", name: "Pointing", text: "Pointing ...", placements: [],
  eliminations: [{ cell: "r1c6", digit: 2 }],
  highlights: [{ cell: "r5c6", digit: 2, role: "base" }, { cell: "r6c6", digit: 2, role: "base" }],
};

test("a step: family words from the catalogue, then technique and house, cells, the whole step", () => {
  const l = hintLadder({ step: HIDDEN, mistakes: [], solved: false }, CATALOGUE);
  assert.equal(l.kind, "step");
  assert.deepEqual(l.rungs.map((r) => r.text), [
    "Look for a single (naked or hidden).",
    "Use a Hidden Single in box 7.",
    "The cells that matter are marked on the grid: box 7, r8c3.",
    "In box 7, 3 can only go in r8c3.",
  ]);
  assert.equal(l.apply, "Apply this step");
  // rung 3 shows cells, never a digit, a placement or an elimination
  const three = l.rungs[2].view.step;
  assert.ok(three.highlights.every((h) => h.house || h.digit === 0));
  assert.deepEqual([three.placements, three.eliminations], [[], []]);
  assert.equal(l.rungs[3].view.step, HIDDEN);
});

test("where a step happens when it marks no house", () => {
  assert.equal(stepPlace(POINTING), "column 6");
  assert.deepEqual(cellsOnly(POINTING).highlights.map((h) => h.cell), ["r5c6", "r6c6"]);
  const l = hintLadder({ step: POINTING, mistakes: [] }, CATALOGUE);
  assert.equal(l.rungs[0].text, "Look for an intersection (pointing or claiming).");
});

test("a wrong digit first: said, then named; apply erases it", () => {
  const answer = {
    step: null, solved: false,
    mistakes: [
      { cell: "r1c3", digit: 8, kind: "wrong-digit" },
      { cell: "r1c4", digit: 3, kind: "missing-candidate" },
    ],
  };
  const l = hintLadder(answer, CATALOGUE);
  assert.equal(l.kind, "wrong-digit");
  assert.equal(l.rungs[0].text, "One of your digits is wrong.");
  assert.ok(!l.rungs[0].text.includes("r1c3"), "the first rung does not name the cell");
  assert.match(l.rungs[1].text, /r1c3/);
  assert.deepEqual(l.cells, [2]);
  assert.match(l.apply, /Erase the 8 in r1c3/);
});

test("marks that lost the solution's digit come before any technique", () => {
  const l = hintLadder({ step: null, mistakes: [{ cell: "r1c4", digit: 3, kind: "missing-candidate" }] }, CATALOGUE);
  assert.equal(l.kind, "missing-candidate");
  assert.match(l.rungs[0].text, /pencil marks removed/);
  assert.ok(!l.rungs[1].text.includes("3 "), "the digit is told only on the last rung");
  assert.match(l.rungs[2].text, /r1c4 needs the mark 3 back/);
});

test("solved, nothing found, an error", () => {
  assert.equal(hintLadder({ solved: true, mistakes: [] }, CATALOGUE).kind, "solved");
  assert.equal(hintLadder({ step: null, mistakes: [], solved: false }, CATALOGUE).kind, "none");
  const e = hintLadder({ error: "the puzzle has more than one solution" }, CATALOGUE);
  assert.equal(e.kind, "error");
  assert.match(e.rungs[0].text, /more than one/);
});
