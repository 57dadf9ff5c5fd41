// The page writes a scale's figures as the worker's catalogue says (each scale's `number`, its fixed
// `decimals`, the number it gives when it cannot finish, the `bottleneck` scale whose path the chart
// draws), never from field names of its own: a catalogue whose scale spells them differently is
// followed, and one without SE gets nothing of SE's.
import test from "node:test";
import assert from "node:assert/strict";
import { catalogueLabels, chartSeries, fmt, ratingShown } from "../../web/ratings-view.js";
import { boundsText, stopReason } from "../../web/model/scalestop.js";

/** A catalogue whose only scale is not SE and names its fields its own way. */
const other = {
  scales: [{ id: "tally", name: "Tally", number: "rank", level: null, decimals: { rank: 2 }, unfinished: 99,
    bottleneck: true, headline: { label: "T", field: "rank" }, exact_bounds: ["floor"] }],
  fields: { rank: "Rank" },
};
/** SE's record as the worker sends it (the fields it needs here). */
const se = {
  scales: [{ id: "se", name: "Sudoku Explainer", number: "er", level: null, decimals: { er: 1, ep: 1, ed: 1 },
    unfinished: 20, bottleneck: true, headline: { label: "SE", field: "er" }, exact_bounds: ["ed", "ep"] }],
  fields: { er: "ER", ep: "EP", ed: "ED" },
};

test("fixed decimals come from the scale's record", () => {
  assert.deepEqual(catalogueLabels(other).decimals, { tally: { rank: 2 } });
  assert.deepEqual(catalogueLabels(se).decimals, { se: { er: 1, ep: 1, ed: 1 } });
  assert.equal(ratingShown(other, { scale: "tally", rank: 3 }), "T 3.00");
  assert.equal(ratingShown(se, { scale: "se", er: 2 }), "SE 2.0"); // as SE writes it
  assert.equal(fmt(2), "2"); // a field no record fixes keeps its few decimals
  assert.equal(fmt(2.345), "2.35");
  assert.equal(ratingShown({ scales: [] }, { scale: "se", er: 2 }), "");
});

test("the chart draws the catalogue's bottleneck scale's own path and its number", () => {
  const path = [{ name: "A", se: 1.5, text: "a" }, { name: "B", se: 4.0, text: "b" }];
  const rate = { ratings: { tally: { rank: 4, path, bottleneck: { index: 1 } }, se: { er: 9, path } } };
  const c = chartSeries(rate, [], [], [], other);
  assert.equal(c.sePath, true);
  assert.deepEqual(c.difficulty, [1.5, 4.0]);
  assert.equal(c.number, 4);
  assert.equal(c.label, "Rank");
  // no catalogue, or one without a bottleneck scale: the page's own path, whatever `ratings.se` holds
  for (const cat of [null, { scales: [{ id: "se", number: "er" }] }]) {
    const plain = chartSeries(rate, [{ name: "X", text: "x" }], [2], [50], cat);
    assert.equal(plain.sePath, false);
    assert.equal(plain.number, null);
  }
});

test("a stuck scale's partial number is its record's, and its 'cannot finish' number is no bound", () => {
  const tally = other.scales[0];
  const stuck = { solved: false, stopped_short: { after: 3, why: "none", default_next: null } };
  assert.match(stopReason({ scale: tally, rating: { ...stuck, rank: 5, er: 7 }, fields: other.fields }) || "",
    /So far: Rank at least 5\.$/);
  assert.doesNotMatch(stopReason({ scale: tally, rating: { ...stuck, rank: 99 }, fields: other.fields }) || "", /So far/);
  // SE's 20 is only SE's marker: on this scale 20 is a bound like any other
  assert.match(stopReason({ scale: tally, rating: { ...stuck, rank: 20 }, fields: other.fields }) || "", /Rank at least 20/);
});

test("a cut path's bounds: the record's exact ones plainly, the rest as 'at least'", () => {
  const tally = other.scales[0];
  assert.equal(stopReason({ scale: tally, stop: { kind: "cancelled" }, bounds: { floor: 3, rank: 7, ed: 1.2 }, fields: other.fields }),
    "Cancelled: Rank at least 7, ED at least 1.2, FLOOR 3.");
  assert.equal(boundsText({ ed: 1.2, er: 7 }, { er: "ER", ed: "ED" }, se.scales[0].exact_bounds || []), "ER at least 7, ED 1.2");
});
