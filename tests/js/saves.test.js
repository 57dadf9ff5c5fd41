// Saved games (web/model/saves.js) against a fake localStorage: round trip, the index, full and blocked storage.
import test from "node:test";
import assert from "node:assert/strict";
import { Game } from "../../web/model/game.js";
import { GAME_PREFIX, INDEX_KEY, Saves, streak } from "../../web/model/saves.js";

const P = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const Q = "...5.6.1..5..2......8..32.91..4......7..9...15.9..7..2..5...78.8.....4....3.48...";

class FakeStorage {
  constructor(limit = Infinity) {
    this.map = new Map();
    this.limit = limit;
  }
  getItem(k) {
    return this.map.has(k) ? this.map.get(k) : null;
  }
  setItem(k, v) {
    const size = [...this.map].reduce((n, [key, val]) => n + (key === k ? 0 : key.length + val.length), 0);
    if (size + k.length + v.length > this.limit) {
      const e = new Error("full");
      e.name = "QuotaExceededError";
      throw e;
    }
    this.map.set(k, String(v));
  }
  removeItem(k) {
    this.map.delete(k);
  }
}

test("a game comes back as it was, history included; the index lists newest first", () => {
  const store = new FakeStorage();
  const saves = new Saves(store);
  const g = new Game(P);
  g.place(1, 1);
  g.toggleMark(2, 6);
  assert.deepEqual(saves.save(g, { now: 1000 }), { ok: true });
  const h = new Game(Q);
  h.place(0, 9);
  saves.save(h, { now: 2000 });
  const back = saves.load(P);
  assert.deepEqual([back.placed, back.marks], [g.placed, g.marks]);
  assert.equal(back.past.length, 2);
  assert.deepEqual(saves.list().map((e) => e.givens), [Q, P]);
  assert.equal(saves.list()[1].filled, g.values().filter(Boolean).length);
  saves.save(g, { now: 3000 });
  assert.deepEqual(saves.list().map((e) => e.givens), [P, Q]);
  saves.remove(Q);
  assert.deepEqual(saves.list().map((e) => e.givens), [P]);
  assert.equal(saves.load(Q), null);
  assert.equal(saves.load(".".repeat(81)), null);
});

test("full storage: finished games make room once, else a clear message", () => {
  const done = new Game(Q);
  const g = new Game(P);
  for (let i = 0; i < 10; i++) g.toggleMark(1, (i % 9) + 1);
  // a limit where both games do not fit, but the game in play alone does
  const measure = new FakeStorage();
  new Saves(measure).save(done, { solved: true, now: 1 });
  new Saves(measure).save(g, { now: 2 });
  const total = [...measure.map].reduce((n, [k, v]) => n + k.length + v.length, 0);
  const store = new FakeStorage(total - 200);
  const saves = new Saves(store);
  assert.ok(saves.save(done, { solved: true, now: 1 }).ok);
  const first = saves.save(g, { now: 2 });
  assert.ok(first.ok, JSON.stringify(first));
  assert.equal(first.freed, true, "the finished game was dropped to make room");
  assert.equal(store.getItem(GAME_PREFIX + Q), null);
  for (let i = 0; i < 200; i++) g.toggleMark(2, (i % 9) + 1);
  const second = saves.save(g, { now: 3 });
  assert.equal(second.ok, false);
  assert.equal(second.reason, "full");
  assert.match(second.message, /storage .* is full/);
});

test("blocked storage: said plainly, nothing thrown", () => {
  const saves = new Saves(null);
  const r = saves.save(new Game(P));
  assert.equal(r.ok, false);
  assert.equal(r.reason, "blocked");
  assert.deepEqual(saves.list(), []);
  const throwing = {
    getItem() { throw Object.assign(new Error("denied"), { name: "SecurityError" }); },
    setItem() { throw Object.assign(new Error("denied"), { name: "SecurityError" }); },
    removeItem() {},
  };
  const s2 = new Saves(throwing);
  assert.equal(s2.save(new Game(P)).reason, "blocked");
  assert.equal(s2.load(P), null);
});

test("a damaged entry is ignored, not fatal", () => {
  const store = new FakeStorage();
  store.setItem(GAME_PREFIX + P, "{not json");
  store.setItem(INDEX_KEY, "[{\"oops\": 1}]");
  const saves = new Saves(store);
  assert.equal(saves.load(P), null);
  assert.deepEqual(saves.list(), []);
});

test("a solved game goes to the history once; statistics per level; Reset empties them", () => {
  const store = new FakeStorage();
  const saves = new Saves(store);
  const day = 86_400_000;
  const now = new Date(2026, 10, 27, 12).getTime();
  const g = new Game(P);
  g.place(1, 1);
  g.elapsed = 300;
  saves.save(g, { now: now - 3 * day, level: "hard", hints: 2 });
  assert.deepEqual(saves.inProgress().map((e) => e.givens), [P]);
  saves.save(g, { solved: true, now: now - 2 * day }); // the page saves the last move first
  const rec = saves.finish(g, { now: now - 2 * day, checks: 1 });
  assert.deepEqual(rec, { givens: P, date: now - 2 * day, level: "hard", seconds: 300, hints: 2, checks: 1 });
  assert.equal(saves.finish(g, { now: now - day }), null, "recorded once");
  assert.deepEqual(saves.inProgress(), [], "a finished game leaves the games in progress");
  const h = new Game(Q);
  h.elapsed = 100;
  saves.save(h, { now: now - day, level: "hard", hints: 0 });
  saves.finish(h, { now: now - day });
  const e = new Game(Q.replace("5", "."));
  e.elapsed = 50;
  saves.finish(e, { now, level: "easy" });
  assert.deepEqual(saves.history().map((x) => x.level), ["easy", "hard", "hard"]);
  const stats = saves.stats(["easy", "medium", "hard"], now);
  assert.deepEqual(stats.map((x) => [x.level, x.solved, x.best, x.median, x.hints, x.streak]), [
    ["easy", 1, 50, 50, 0, 1],
    ["medium", 0, null, null, 0, 0],
    ["hard", 2, 100, 200, 2, 2], // solved yesterday and the day before: two days in a row
  ]);
  saves.resetStats();
  assert.deepEqual(saves.history(), []);
  assert.equal(saves.stats(["hard"], now)[0].solved, 0);
});

test("days in a row end today or yesterday", () => {
  const day = 86_400_000;
  const now = new Date(2026, 10, 27, 9).getTime();
  assert.equal(streak([], now), 0);
  assert.equal(streak([now, now - day, now - 2 * day, now - 4 * day], now), 3);
  assert.equal(streak([now - day], now), 1);
  assert.equal(streak([now - 2 * day], now), 0);
});
