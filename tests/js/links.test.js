// Lenient reading of the page's hash (web/model/links.js): broken escapes, junk after a solve link,
// lines one digit too long.
import test from "node:test";
import assert from "node:assert/strict";
import { extraCells, readHash } from "../../web/model/links.js";

const P = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

test("a broken %-escape is said, never thrown", () => {
  const r = readHash("#%%%");
  assert.equal(r.mode, "error");
  assert.match(r.error, /broken %-escape at character 1/);
  assert.equal(readHash("#"), null);
});

test("a solve link keeps its valid puzzle and says what it ignored", () => {
  assert.deepEqual(readHash(`#solve:${P}:xyz:!!`), { mode: "solve", givens: P, placed: "", marks: [], ignored: ":xyz:!!" });
  const ok = readHash(`#solve:${P}`);
  assert.equal(ok.mode, "solve");
  assert.equal(ok.ignored, undefined);
  const placed = "..7" + ".".repeat(78);
  const withPlaced = readHash(`#solve:${P}:${placed}:junk`);
  assert.equal(withPlaced.placed, placed);
  assert.equal(withPlaced.ignored, ":junk");
  assert.equal(readHash("#solve:12x").mode, "error");
});

test("82 characters say which one is extra; 81 and 36 pass", () => {
  assert.match(readHash(`#${P}5`).error, /82 characters.*character 82 \('5'\) is extra/);
  assert.match(extraCells(`${P}56`), /character 82 \('5'\) and the 1 after it are extra/);
  assert.equal(extraCells(P), null);
  assert.equal(extraCells("1".repeat(36)), null);
  assert.equal(extraCells("1".repeat(80)), null, "too short is the parser's to say");
  assert.deepEqual(readHash(`#${P}`), { mode: "analyse", text: P });
});
