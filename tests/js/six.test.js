// The 6x6 grid (boxes of 2 rows by 3 columns) in the DOM-free modules: geometry, the game, links,
// saves, the hint ladder and the page's actions, next to 9x9 games that must not change.
import test from "node:test";
import assert from "node:assert/strict";
import { NINE, Position, bit, geometry, geometryOf, pencilmarkGrid, plainLineGeometry } from "../../web/board.js";
import { Game, decodeMarks, encodeMarks, parseHash } from "../../web/model/game.js";
import { hintLadder, stepPlace } from "../../web/model/ladder.js";
import { Saves } from "../../web/model/saves.js";
import * as act from "../../web/actions/index.js";
import { createStore } from "../../web/store.js";

const P6 = "3.42.....3.......2.45.........612..4";
const S6 = "364215521346136452245163453621612534";
const P9 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SIX = geometry(6);

test("the 6x6 geometry: 36 cells, houses of 6, boxes of 2 rows by 3 columns, 12 peers", () => {
  assert.equal(SIX.cells, 36);
  assert.deepEqual(SIX.box, [2, 3]);
  assert.equal(SIX.houses.length, 18);
  assert.ok(SIX.houses.every((h) => h.length === 6));
  assert.deepEqual(SIX.houseCells("b1"), [0, 1, 2, 6, 7, 8]);
  assert.deepEqual(SIX.houseCells("b6"), [27, 28, 29, 33, 34, 35]);
  assert.deepEqual(SIX.houseCells("c6"), [5, 11, 17, 23, 29, 35]);
  assert.ok(SIX.peers.every((p) => p.length === 12));
  assert.equal(SIX.cellIndex("r6c6"), 35);
  assert.equal(SIX.cellIndex("r7c1"), -1, "no row 7 on 6x6");
  assert.equal(SIX.cellName(11), "r2c6");
  assert.equal(SIX.all, 0b111111);
  // every house of the solution holds 1..6 once
  for (const h of SIX.houses) assert.deepEqual(h.map((c) => Number(S6[c])).sort(), [1, 2, 3, 4, 5, 6]);
  assert.equal(geometry(6, [2, 3]), SIX);
  assert.equal(geometryOf({ size: 6, box: [2, 3] }), SIX);
  assert.equal(geometryOf({ puzzle: P6 }), SIX);
  assert.equal(geometryOf({ puzzle: P9 }), NINE);
  assert.equal(plainLineGeometry(P6), SIX);
  assert.equal(plainLineGeometry(P6.replace("4", "7")), null, "7 is no digit of a 6x6 grid");
  assert.equal(plainLineGeometry(P9), NINE);
  assert.equal(plainLineGeometry(P9.slice(1)), null);
});

test("a 6x6 game: digits 1-6 only, peers' marks cleared, undo, mistakes, solved", () => {
  const g = new Game(P6);
  assert.equal(g.geo, SIX);
  assert.equal(g.puzzle(), P6);
  assert.equal(g.values().length, 36);
  const free = g.givens.findIndex((d) => !d);
  assert.equal(g.place(free, 7), false, "7 is not a digit here");
  assert.equal(g.toggleMark(free, 7), false);
  assert.equal(g.place(36, 1), false, "no cell 36");
  assert.ok(g.fillCandidates());
  assert.equal(g.marks[free], g.allowed()[free]);
  assert.ok(g.marks.every((m) => (m & ~SIX.all) === 0));
  const peer = SIX.peers[free].find((p) => !g.digit(p) && g.marks[p] & bit(Number(S6[free])));
  assert.ok(g.place(free, Number(S6[free])));
  assert.equal(g.marks[peer] & bit(Number(S6[free])), 0, "the digit left the peer's marks");
  assert.equal(g.undo(), `${S6[free]} in ${SIX.cellName(free)}`);
  const wrong = S6[free] === "1" ? 2 : 1;
  g.place(free, wrong);
  assert.deepEqual(g.mistakes(S6).wrong, [free]);
  assert.ok(g.fixMistakes(S6));
  for (let c = 0; c < 36; c++) if (!g.digit(c)) g.place(c, Number(S6[c]));
  assert.ok(g.isSolved(S6));
  assert.ok(g.isComplete());
  // an empty game of a size
  const e = new Game("", { size: 6 });
  assert.equal(e.puzzle(), ".".repeat(36));
  assert.ok(e.setGiven(35, 6));
  assert.equal(e.setGiven(0, 7), false);
  assert.equal(new Game().geo, NINE, "the page starts on 9x9");
});

test("a 6x6 step applies by its cell names; the ladder names its 6x6 houses", () => {
  const g = new Game(P6);
  const step = { technique: "hidden-single", name: "Hidden Single", placements: [{ cell: "r6c5", digit: 3 }], eliminations: [],
    highlights: [{ house: "r6", role: "house" }, { cell: "r6c5", digit: 3, role: "target" }], text: "In row 6, 3 can only go in r6c5." };
  assert.ok(g.applyStep(step));
  assert.equal(g.digit(SIX.cellIndex("r6c5")), 3);
  // no house marked: the house that holds every cell, counted on the 6x6 grid
  const bare = { name: "Hidden Single", placements: [{ cell: "r3c4", digit: 1 }], highlights: [{ cell: "r4c6", digit: 1, role: "base" }] };
  assert.equal(stepPlace(bare, SIX), "box 4");
  const ladder = hintLadder({ puzzle: P6, size: 6, box: [2, 3], mistakes: [{ cell: "r6c6", digit: 4, kind: "wrong-digit" }] }, null);
  assert.deepEqual(ladder.cells, [35]);
  const steps = hintLadder({ puzzle: P6, size: 6, box: [2, 3], mistakes: [], step: bare }, null);
  assert.equal(steps.rungs[1].text, "Use a Hidden Single in box 4.");
});

test("6x6 links, marks and saves round-trip; 9x9 codes read as before", () => {
  const g = new Game(P6);
  g.place(1, 6);
  g.toggleMark(4, 1);
  g.toggleMark(4, 5);
  const code = g.shareCode();
  const [, givens, placed, marks] = code.split(":");
  assert.equal(givens.length, 36);
  assert.equal(placed.length, 36);
  assert.equal(marks.length, 72);
  const h = parseHash(`#${code}`);
  assert.equal(h.mode, "solve");
  assert.equal(h.givens, P6);
  assert.equal(h.marks.length, 36);
  assert.equal(h.marks[4], bit(1) | bit(5));
  assert.deepEqual(decodeMarks(encodeMarks(g.marks), 36), g.marks);
  assert.deepEqual(parseHash(`#${P6}`), { mode: "analyse", text: P6 });
  // a solve link whose parts do not fit one size is no solve link
  assert.equal(parseHash(`#solve:${P6}:${P9}`).mode, "analyse");
  assert.equal(parseHash(`#solve:${P6.replace("3", "8")}`).mode, "analyse");
  assert.equal(parseHash(`#solve:${P9}`).givens, P9);
  assert.equal(parseHash(`#solve:${P9}`).marks.length, 81);
  const store = new Map();
  const saves = new Saves({ getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v), removeItem: (k) => store.delete(k) });
  assert.ok(saves.save(g).ok);
  const back = saves.load(P6);
  assert.equal(back.geo, SIX);
  assert.deepEqual(back.marks, g.marks);
  assert.equal(back.placedLine(), g.placedLine());
  assert.equal(saves.list()[0].filled + saves.list()[0].empty, 36);
  assert.ok(back.undo());
});

test("the 6x6 pencilmark grid: 6 rows of 2 boxes of 3, a rule every 2 rows", () => {
  const text = pencilmarkGrid(Position.fromLine(P6));
  const lines = text.split("\n");
  assert.equal(lines.length, 8);
  assert.match(lines[2], /^-+\+-+$/);
  assert.match(lines[5], /^-+\+-+$/);
  const groups = text.replace(/[|+-]/g, " ").split(/\s+/).filter(Boolean);
  assert.equal(groups.length, 36);
  assert.equal(groups[0], "3");
  assert.equal(new Game(P6).pencilmark().split("\n").length, 8);
  assert.equal(new Game(P6).libraryLine(), null, "HoDoKu's library format is 9x9 only");
});

test("the page's actions: a 6x6 line loads without the worker, a new grid keeps its size, 7 is refused", async () => {
  const engine = {
    timeLimit: 0,
    async request(op, puzzle) {
      if (op !== "solve") throw Object.assign(new Error(`no ${op} here`), { kind: "error" });
      if (puzzle === P6) return { puzzle, size: 6, box: [2, 3], status: "unique", solution: S6 };
      return { status: "multiple", differ: [], solutions: [] };
    },
    abandon() {},
  };
  const store = createStore(act.initialState(), { engine, storage: null, saves: null });
  store.update({ selected: 80 });
  await act.loadText(store, P6, { analyzeAfter: false });
  assert.equal(store.state.game.geo, SIX);
  assert.equal(store.state.game.puzzle(), P6);
  assert.equal(store.state.selected, 0, "the selection moved onto the smaller grid");
  assert.ok(await act.setMode(store, "solve"));
  const free = store.state.game.givens.findIndex((d) => !d);
  assert.equal(act.typeDigit(store, 7, free), false);
  assert.ok(act.typeDigit(store, Number(S6[free]), free));
  assert.equal(act.hashFor(store.state), `#solve:${P6}`);
  act.clearGrid(store);
  assert.equal(store.state.game.geo, SIX, "Clear keeps the grid's size");
  act.setSize(store, 9);
  assert.equal(store.state.game.geo, NINE);
  act.undo(store);
  assert.equal(store.state.game.geo, SIX, "Undo brings the 6x6 grid back");
  assert.match(act.describeValidity({ ...store.state, game: new Game("11" + ".".repeat(34)) }).text, /1 appears twice in row 1 \(r1c1 and r1c2\)/);
});
