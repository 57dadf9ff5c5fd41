// New game's picker (web/model/bank.js): no repeat until a level is used up, kept per level.
import test from "node:test";
import assert from "node:assert/strict";
import { BankPicker, USED_KEY } from "../../web/model/bank.js";

class FakeStorage {
  constructor() {
    this.map = new Map();
  }
  getItem(k) {
    return this.map.has(k) ? this.map.get(k) : null;
  }
  setItem(k, v) {
    this.map.set(k, String(v));
  }
  removeItem(k) {
    this.map.delete(k);
  }
}

const entries = [1, 2, 3, 4, 5].map((seed) => ({ seed, puzzle: String(seed).repeat(81), solution: "", ratings: {} }));

test("every puzzle of a level once before any comes again; levels apart; kept across pickers", () => {
  const storage = new FakeStorage();
  const seen = [];
  for (let i = 0; i < 5; i++) seen.push(new BankPicker(storage).next("easy", entries).seed);
  assert.deepEqual([...seen].sort(), [1, 2, 3, 4, 5]);
  assert.deepEqual([...new BankPicker(storage).used("easy")].sort(), [1, 2, 3, 4, 5]);
  assert.equal(new BankPicker(storage).used("hard").size, 0);
  const again = new BankPicker(storage).next("easy", entries, () => 0);
  assert.equal(again.seed, 1, "a used-up level starts over");
  assert.deepEqual([...new BankPicker(storage).used("easy")], [1]);
  new BankPicker(storage).next("hard", entries, () => 0.99);
  assert.deepEqual(JSON.parse(storage.getItem(USED_KEY)), { easy: [1], hard: [5] });
});

test("no storage, damaged storage, an empty level: a pick or null, nothing thrown", () => {
  assert.ok(new BankPicker(null).next("easy", entries));
  const bad = new FakeStorage();
  bad.setItem(USED_KEY, "{oops");
  assert.ok(new BankPicker(bad).next("easy", entries));
  assert.equal(new BankPicker(bad).next("easy", []), null);
});
