// The drill model (web/model/drill.js): selection, answers, the record and the weak-spots queue.
import test from "node:test";
import assert from "node:assert/strict";
import * as drill from "../../web/model/drill.js";

test("Learn links read back", () => {
  assert.deepEqual(drill.parseLearnHash("#learn"), { technique: "", n: 0 });
  assert.deepEqual(drill.parseLearnHash("#learn:x-wing"), { technique: "x-wing", n: 0 });
  assert.deepEqual(drill.parseLearnHash("#learn:X-Wing:3"), { technique: "x-wing", n: 3 });
  assert.equal(drill.parseLearnHash("#solve:123"), null);
  assert.equal(drill.parseLearnHash("#learnx"), null);
  assert.equal(drill.learnHash("x-wing", 3), "#learn:x-wing:3");
  assert.equal(drill.learnHash(""), "#learn");
});

test("a selection toggles, keeps one placement per cell and makes the answer", () => {
  let s = new Map();
  s = drill.toggle(s, "r4c7", 5, "elimination");
  s = drill.toggle(s, "r1c1", 3, "elimination");
  s = drill.toggle(s, "r1c1", 3, "elimination"); // off again
  s = drill.toggle(s, "r2c2", 4, "placement");
  s = drill.toggle(s, "r2c2", 6, "placement"); // replaces 4
  assert.deepEqual(drill.answerOf(s), {
    placements: [{ cell: "r2c2", digit: 6 }],
    eliminations: [{ cell: "r4c7", digit: 5 }],
  });
  assert.equal(drill.effectText(drill.answerOf(s)), "r2c2=6, r4c7<>5");
  assert.equal(drill.defaultKind({ answers: [{ placements: [{ cell: "r1c1", digit: 1 }], eliminations: [] }] }), "placement");
  assert.equal(drill.defaultKind({ answers: [{ placements: [], eliminations: [{ cell: "r1c1", digit: 1 }] }] }), "elimination");
});

test("the record counts first tries, streaks and times; wrong comes back sooner than right", () => {
  const now = 1_000_000;
  let r = drill.recordCheck(undefined, { verdict: "right", first: true, seconds: 12.34, now });
  assert.equal(r.done, 1);
  assert.equal(r.firstTry, 1);
  assert.equal(r.streak, 1);
  assert.deepEqual(r.times, [12.3]);
  const dueRight = r.due;
  r = drill.recordCheck(r, { verdict: "right", first: true, seconds: 8, now });
  assert.equal(r.streak, 2);
  assert.ok(r.due - now > dueRight - now, "a second right answer comes back later");
  r = drill.recordCheck(r, { verdict: "wrong", first: true, seconds: 3, now });
  assert.equal(r.streak, 0);
  assert.equal(r.done, 2);
  assert.equal(r.due, now + drill.INTERVALS_MIN[0] * 60000);
  r = drill.recordCheck(r, { verdict: "right", first: false, seconds: 20, now });
  assert.equal(r.done, 3);
  assert.equal(r.firstTry, 2);
  assert.equal(r.tried, 3);
  assert.equal(drill.median(r.times), 12.3);
  const shown = drill.recordShown(r, { first: false, now });
  assert.equal(shown.done, 4);
  assert.equal(shown.level, 0);
});

test("weak spots: due first, the most recently wrong first among them", () => {
  const now = 10_000_000;
  const progress = {
    "x-wing": drill.recordCheck(undefined, { verdict: "wrong", first: true, seconds: 1, now: now - 120000 }),
    "xy-wing": drill.recordCheck(undefined, { verdict: "wrong", first: true, seconds: 1, now: now - 60000 }),
    skyscraper: drill.recordCheck(undefined, { verdict: "right", first: true, seconds: 1, now }),
    "hidden-single": drill.emptyRecord(), // never tried
  };
  assert.deepEqual(drill.weakQueue(progress, now), ["xy-wing", "x-wing", "skyscraper"]);
  assert.deepEqual(drill.weakQueue(progress, now, new Set(["x-wing"])), ["x-wing"]);
});

test("progress round-trips through storage and a broken store says so", () => {
  const m = new Map();
  const storage = { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => m.set(k, String(v)) };
  const p = { "x-wing": drill.recordCheck(undefined, { verdict: "right", first: true, seconds: 5, now: 1 }) };
  assert.equal(drill.saveProgress(storage, p), "");
  assert.deepEqual(drill.loadProgress(storage), p);
  const full = { getItem: () => "not json", setItem: () => { throw new DOMException("full", "QuotaExceededError"); } };
  assert.deepEqual(drill.loadProgress(full), {});
  assert.match(drill.saveProgress(full, p), /could not be saved \(QuotaExceededError\)/);
  assert.match(drill.saveProgress(null, p), /blocks local storage/);
});
