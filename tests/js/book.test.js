// Print a book's puzzle list (web/model/book.js): saved games and generated puzzles, each once.
import test from "node:test";
import assert from "node:assert/strict";
import { GENERATED_KEY, GENERATED_MAX, bookItems, generatedPuzzles, rememberGenerated } from "../../web/model/book.js";

const P = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const Q = "...5.6.1..5..2......8..32.91..4......7..9...15.9..7..2..5...78.8.....4....3.48...";
const R = "5...1.2.1.3........2....1.45.....16.";

class FakeStorage {
  constructor(full = false) {
    this.map = new Map();
    this.full = full;
  }
  getItem(k) {
    return this.map.has(k) ? this.map.get(k) : null;
  }
  setItem(k, v) {
    if (this.full) throw Object.assign(new Error("full"), { name: "QuotaExceededError" });
    this.map.set(k, String(v));
  }
}

test("generated puzzles are kept newest first, once each, at most GENERATED_MAX", () => {
  const s = new FakeStorage();
  rememberGenerated(s, P);
  rememberGenerated(s, Q);
  rememberGenerated(s, P);
  assert.deepEqual(generatedPuzzles(s), [P, Q]);
  for (let i = 0; i < GENERATED_MAX + 5; i++) rememberGenerated(s, `${i}`.padStart(81, "."));
  assert.equal(generatedPuzzles(s).length, GENERATED_MAX);
});

test("blocked, full or garbled storage gives no list and no error", () => {
  assert.deepEqual(generatedPuzzles(null), []);
  rememberGenerated(null, P);
  const full = new FakeStorage(true);
  rememberGenerated(full, P);
  assert.deepEqual(generatedPuzzles(full), []);
  const bad = new FakeStorage();
  bad.setItem(GENERATED_KEY, "{not json");
  assert.deepEqual(generatedPuzzles(bad), []);
});

test("the book: saved games first, then generated ones not saved", () => {
  const items = bookItems([{ givens: Q, solved: true }, { givens: R }], [P, Q]);
  assert.deepEqual(items, [
    { puzzle: Q, label: "Solved game" },
    { puzzle: R, label: "Game in progress" },
    { puzzle: P, label: "Generated" },
  ]);
  assert.deepEqual(bookItems([], []), []);
});
