// The solving aids in the model (web/model/): centre and corner marks, cell and candidate colours,
// moves on several selected cells, pad counts, back to the first mistake, the highlight, and
// saves and links with all of it, old ones included.
import test from "node:test";
import assert from "node:assert/strict";
import { digitsFromLine, Game, parseHash } from "../../web/model/game.js";
import * as edits from "../../web/model/edits.js";
import { addCell, allCells, highlights, toggleCell } from "../../web/model/selection.js";
import { candColourOf, CAND_COLOURS, decodeCandColours, encodeCandColours } from "../../web/model/cells.js";
import { bit, NINE } from "../../web/board.js";

const P = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
const sol = digitsFromLine(SOLUTION);
const emptyCells = (g) => [...Array(81).keys()].filter((c) => !g.digit(c));
const wrongDigit = (c) => (sol[c] === 9 ? 1 : sol[c] + 1);
/** Everything a cell holds, for comparing whole positions. */
const snapshot = (g) => JSON.stringify([g.givens, g.placed, g.marks, g.corner, g.colours, g.candColours]);

test("centre and corner marks are separate; only centre marks are candidates", () => {
  const g = new Game(P);
  const [a, b] = emptyCells(g);
  assert.ok(edits.toggleMarks(g, [a], 5, "corner"));
  assert.ok(edits.toggleMarks(g, [a], 7, "centre"));
  assert.equal(g.corner[a], bit(5));
  assert.equal(g.marks[a], bit(7));
  assert.deepEqual(JSON.parse(g.positionJSON()).candidates[a], [7], "the hint reads the centre marks only");
  assert.ok(g.hasCorner() && g.hasMarks() && g.hasProgress());
  // Fill candidates fills the centre marks and leaves the corner marks alone
  g.fillCandidates();
  assert.equal(g.marks[a], g.allowed()[a]);
  assert.equal(g.corner[a], bit(5));
  // a placed digit removes itself from the peers' centre marks, not from their corner marks
  const d = sol[b];
  const peerOfB = NINE.peers[b].find((p) => !g.digit(p) && g.marks[p] & bit(d));
  assert.ok(peerOfB !== undefined);
  edits.toggleMarks(g, [peerOfB], d, "corner");
  g.place(b, d);
  assert.equal(g.marks[peerOfB] & bit(d), 0);
  assert.equal(g.corner[peerOfB] & bit(d), bit(d));
  assert.equal(edits.toggleMarks(g, [b], 3, "corner"), false, "no marks in a filled cell");
  assert.equal(edits.toggleMarks(g, [a], 0, "corner"), false);
});

test("a mark on several cells: added to all unless all have it, then removed from all; one move", () => {
  const g = new Game(P);
  const [a, b, c] = emptyCells(g);
  const given = 0;
  edits.toggleMarks(g, [a], 2, "corner");
  assert.ok(edits.toggleMarks(g, [a, b, c, given], 2, "corner"));
  assert.deepEqual([a, b, c].map((x) => g.corner[x]), [bit(2), bit(2), bit(2)]);
  assert.equal(g.corner[given], 0, "a given takes no marks");
  assert.ok(edits.toggleMarks(g, [a, b, c], 2, "corner"));
  assert.deepEqual([a, b, c].map((x) => g.corner[x]), [0, 0, 0]);
  g.undo();
  assert.deepEqual([a, b, c].map((x) => g.corner[x]), [bit(2), bit(2), bit(2)], "one undo gives all three back");
  g.undo();
  assert.deepEqual([a, b, c].map((x) => g.corner[x]), [bit(2), 0, 0]);
  g.redo();
  g.redo();
  assert.deepEqual([a, b, c].map((x) => g.corner[x]), [0, 0, 0]);
});

test("digits, colours and erase on several cells: each one undoable move, redo restores it", () => {
  const g = new Game(P);
  const cells = emptyCells(g).slice(0, 4);
  const states = [snapshot(g)];
  const moves = [
    () => edits.placeDigit(g, cells.slice(0, 3), 6),
    () => edits.toggleMarks(g, [cells[3]], 1, "centre"),
    () => edits.paintCells(g, [...cells, 0], 3), // givens take colours too
    () => edits.paintCandidate(g, [cells[3]], 1),
    () => edits.eraseCells(g, cells), // the digits first
    () => edits.eraseCells(g, cells), // then the marks
    () => edits.eraseCells(g, cells), // then the colours
  ];
  for (const m of moves) {
    assert.ok(m());
    states.push(snapshot(g));
  }
  assert.equal(g.past.length, moves.length);
  assert.deepEqual(cells.slice(0, 3).map((c) => g.placed[c]), [0, 0, 0]);
  assert.equal(g.colours[0], 3, "erasing the cells left the given's colour");
  for (let k = states.length - 1; k > 0; k--) {
    assert.equal(snapshot(g), states[k]);
    g.undo();
  }
  assert.equal(snapshot(g), states[0]);
  for (let k = 1; k < states.length; k++) {
    g.redo();
    assert.equal(snapshot(g), states[k]);
  }
  assert.equal(edits.eraseCells(g, [0]), true, "the given's colour goes");
  assert.equal(edits.eraseCells(g, [0]), false, "then nothing is left to erase in a given");
});

test("cell colours: 1-9, the same colour again removes it, Clear colours takes all at once", () => {
  const g = new Game(P);
  const [a, b] = emptyCells(g);
  assert.ok(edits.paintCells(g, [a, b], 9));
  assert.deepEqual([g.colours[a], g.colours[b]], [9, 9]);
  assert.ok(edits.paintCells(g, [a], 2));
  assert.ok(edits.paintCells(g, [a, b], 9), "not all had 9: both get it");
  assert.deepEqual([g.colours[a], g.colours[b]], [9, 9]);
  assert.ok(edits.paintCells(g, [a, b], 9));
  assert.deepEqual([g.colours[a], g.colours[b]], [0, 0]);
  assert.equal(edits.paintCells(g, [a], 10), false);
  assert.equal(edits.paintCells(g, [a], -1), false);
  edits.paintCells(g, [a], 4);
  edits.toggleMarks(g, [b], 3, "centre");
  edits.paintCandidate(g, [b], 3);
  assert.ok(g.hasColours());
  assert.ok(edits.clearColours(g));
  assert.ok(!g.hasColours());
  assert.equal(g.marks[b], bit(3), "clearing colours keeps the marks");
  g.undo();
  assert.equal(g.colours[a], 4);
  assert.equal(candColourOf(g.candColours[b], 3), 1);
});

test("candidate colours: on marks only, cycling through the colours back to none", () => {
  const g = new Game(P);
  const [a, b, c] = emptyCells(g);
  assert.equal(edits.paintCandidate(g, [a], 5), false, "no mark 5 to colour");
  edits.toggleMarks(g, [a, b], 5, "centre");
  edits.toggleMarks(g, [c], 5, "corner");
  for (let k = 1; k <= CAND_COLOURS; k++) {
    assert.ok(edits.paintCandidate(g, [a, b, c], 5));
    assert.deepEqual([a, b, c].map((x) => candColourOf(g.candColours[x], 5)), [k, k, k]);
  }
  assert.ok(edits.paintCandidate(g, [a, b, c], 5));
  assert.deepEqual([a, b, c].map((x) => g.candColours[x]), [0, 0, 0], "after the last colour: none");
  assert.ok(edits.paintCandidate(g, [a], 5, 2));
  edits.toggleMarks(g, [a], 7, "centre");
  assert.ok(edits.paintCandidate(g, [a], 7, 1));
  assert.equal(candColourOf(g.candColours[a], 5), 2);
  assert.equal(candColourOf(g.candColours[a], 7), 1);
  assert.equal(edits.paintCandidate(g, [a], 5, CAND_COLOURS + 1), false);
  const words = Array.from({ length: 81 }, (_, x) => (x % 7 ? 0 : (x * 2731) & 0o333333333));
  assert.deepEqual(decodeCandColours(encodeCandColours(words)), words);
});

test("the pad counts: how many of each digit are still to place", () => {
  const g = new Game(P);
  const givenCount = (d) => [...P].filter((ch) => ch === String(d)).length;
  const left = g.remaining();
  for (let d = 1; d <= 9; d++) assert.equal(left[d], 9 - givenCount(d));
  const c = emptyCells(g).find((x) => sol[x] === 7);
  g.place(c, 7);
  assert.equal(g.remaining()[7], 9 - givenCount(7) - 1);
  g.load(P, { placed: SOLUTION });
  assert.deepEqual(g.remaining().slice(1), new Array(9).fill(0));
});

test("back to the first mistake: the latest position without a wrong digit, as one undoable move", () => {
  const g = new Game(P);
  const cells = emptyCells(g);
  assert.equal(g.undoToFirstMistake(SOLUTION), false, "no wrong digit: nothing to do");
  g.place(cells[0], sol[cells[0]]);
  edits.toggleMarks(g, [cells[5]], 3, "corner");
  const before = snapshot(g);
  g.place(cells[1], wrongDigit(cells[1])); // the first mistake
  g.place(cells[2], sol[cells[2]]);
  edits.paintCells(g, [cells[2]], 4);
  g.place(cells[3], wrongDigit(cells[3]));
  const after = snapshot(g);
  assert.equal(g.firstMistakeAt(SOLUTION), 2);
  assert.ok(g.undoToFirstMistake(SOLUTION));
  assert.equal(snapshot(g), before);
  assert.equal(g.past.length, 7, "a move of its own on top of the history");
  assert.equal(g.past[6].label, "back to before the first mistake");
  g.undo();
  assert.equal(snapshot(g), after, "undo brings the mistakes back");
  g.redo();
  assert.equal(snapshot(g), before);
  // a mistake corrected and a later one: back to the position after the correction
  g.place(cells[1], wrongDigit(cells[1]));
  g.erase(cells[1]);
  const corrected = snapshot(g);
  g.place(cells[4], wrongDigit(cells[4]));
  g.place(cells[6], sol[cells[6]]);
  assert.ok(g.undoToFirstMistake(SOLUTION));
  assert.equal(snapshot(g), corrected);
  // wrong from the start (a link with wrong digits): no position to go back to
  const h = new Game(P, { placed: P.slice(0, 1) + String(wrongDigit(1)) });
  assert.equal(h.firstMistakeAt(SOLUTION), -1);
  assert.equal(h.undoToFirstMistake(SOLUTION), false);
});

test("saved games keep corner marks, colours and multi-cell moves, and undo after reloading", () => {
  const g = new Game(P);
  const [a, b, c] = emptyCells(g);
  edits.toggleMarks(g, [a, b], 4, "corner");
  edits.toggleMarks(g, [a, c], 6, "centre");
  edits.paintCells(g, [a, b, c], 7);
  edits.paintCandidate(g, [a, c], 6, 2);
  g.place(b, sol[b]);
  g.undo();
  const back = Game.fromJSON(JSON.parse(JSON.stringify(g.toJSON())));
  assert.equal(snapshot(back), snapshot(g));
  assert.equal(back.past.length, 4);
  assert.equal(back.future.length, 1);
  back.redo();
  assert.equal(back.digit(b), sol[b]);
  for (let k = 0; k < 5; k++) back.undo();
  assert.equal(snapshot(back), snapshot(new Game(P)));
});

test("a game saved before corner marks and colours existed reads as it was, history included", () => {
  // the old format: one packed number per cell state (given | placed << 4 | marks << 8)
  const old = {
    givens: P,
    placed: ".1" + ".".repeat(79),
    marks: "00" + "00" + "90" + "00".repeat(78), // r1c3: the marks 6 and 9 (0x120: "9" "0" in base 32)
    past: [
      { label: "1 in r1c2", changes: [[1, 0, 1 << 4]] },
      { label: "mark 6 in r1c3", changes: [[2, 0, bit(6) << 8]] },
    ],
    future: [{ label: "mark 9 in r1c3", changes: [[2, bit(6) << 8, (bit(6) | bit(9)) << 8]] }],
    elapsed: 42,
  };
  const g = Game.fromJSON(old);
  assert.equal(g.digit(1), 1);
  assert.equal(g.marks[2], 0x120);
  assert.ok(g.corner.every((m) => !m) && !g.hasColours());
  assert.equal(g.elapsed, 42);
  g.undo();
  g.undo();
  assert.equal(g.digit(1), 0);
  assert.equal(g.marks[2], 0);
  g.redo();
  g.redo();
  g.redo();
  assert.equal(g.marks[2], bit(6) | bit(9));
  const broken = Game.fromJSON({ givens: P, past: [{ label: "x", changes: [[1, 2]] }], future: "no" });
  assert.deepEqual([broken.past, broken.future], [[], []], "a history that is not a list of moves is dropped");
});

test("progress links carry corner marks and colours; old links read as before", () => {
  const g = new Game(P);
  const [a, b, c] = emptyCells(g);
  g.place(a, sol[a]);
  edits.toggleMarks(g, [b], 2, "centre");
  edits.toggleMarks(g, [b, c], 8, "corner");
  edits.paintCells(g, [0, c], 5);
  edits.paintCandidate(g, [b], 8, 3);
  const h = parseHash("#" + g.shareCode());
  assert.equal(h.mode, "solve");
  const back = new Game(h.givens, h);
  assert.equal(snapshot(back), snapshot(g));
  assert.equal(g.shareCode({ progress: false }), `solve:${P}`);
  // only colours: the empty parts between stay, the link still reads
  const k = new Game(P);
  edits.paintCells(k, [3], 1);
  const code = k.shareCode();
  assert.match(code, new RegExp(`^solve:${P.replace(/\./g, "\\.")}:\\.{81}:::0{3}10{77}$`));
  assert.equal(parseHash(code).colours[3], 1);
  // a link written before this change: givens, placed, centre marks
  const oldMarks = "00" + "0a" + "00".repeat(79);
  const old = parseHash(`#solve:${P}:.1${".".repeat(79)}:${oldMarks}`);
  assert.equal(old.mode, "solve");
  assert.equal(old.placed[1], "1");
  assert.equal(old.marks[1], 10);
  assert.deepEqual([old.corner, old.colours, old.candColours].map((x) => x.every((v) => v === 0)), [true, true, true]);
  // not a solve code: read as text to analyse, as before
  assert.equal(parseHash(`#solve:${P}:${".".repeat(80)}`).mode, "analyse");
  assert.equal(parseHash(`#solve:${P}::::::`).mode, "analyse", "too many parts");
  assert.equal(parseHash(`#solve:${P}:::::zz11`).mode, "analyse");
  assert.deepEqual(parseHash("#50%"), { mode: "analyse", text: "50%" }, "a stray % is no error");
});

test("selection and highlight: peers of the one selected cell, the same digit, its marks", () => {
  const g = new Game(P);
  assert.deepEqual(addCell(addCell([5], 2), 5), [2, 5]);
  assert.deepEqual(toggleCell([2, 5], 5), [2]);
  assert.deepEqual(toggleCell([2], 9), [2, 9]);
  assert.equal(allCells(NINE).length, 81);
  const four = [...P].flatMap((ch, c) => (ch === "4" ? [c] : []));
  const a = emptyCells(g).find((c) => !NINE.peers[0].includes(c) && !four.includes(c));
  edits.toggleMarks(g, [a], 4, "corner");
  let h = highlights(g, [0]);
  assert.equal(h.peer.size, 20);
  assert.ok(!h.peer.has(0));
  assert.equal(h.digit, 4);
  assert.deepEqual([...h.same].filter(([, k]) => k === "digit").map(([c]) => c), four);
  assert.deepEqual([...h.same].filter(([, k]) => k === "mark").map(([c]) => c), [a]);
  h = highlights(g, [a]);
  assert.equal(h.same.size, 0, "an empty cell: no digit to highlight");
  h = highlights(g, [], { digit: 4 });
  assert.equal(h.peer.size, 0);
  assert.equal(h.same.size, four.length + 1, "the pad's digit with no cell selected");
  h = highlights(g, [0, 1]);
  assert.equal(h.peer.size + h.same.size, 0, "several cells: no peers, no digit");
  h = highlights(g, [0], { peers: false, same: false });
  assert.equal(h.peer.size + h.same.size, 0, "both settings off");
});

test("keys as SudokuPad players know them: modifiers, mode keys, Space, N, moves", async () => {
  const { solveIntent, digitOfKey, nextEntry, enter, erase, selectionAfterMove } = await import("../../web/model/play.js");
  const key = (k, mods = {}) => ({ key: k, code: /^[1-9]$/.test(k) ? `Digit${k}` : "", ...mods });
  assert.deepEqual(solveIntent(key("5"), "digit", 0, NINE), { type: "enter", kind: "digit", d: 5 });
  assert.deepEqual(solveIntent({ key: "%", code: "Digit5", shiftKey: true }, "digit", 0, NINE), { type: "enter", kind: "corner", d: 5 });
  assert.deepEqual(solveIntent(key("5", { ctrlKey: true }), "digit", 0, NINE), { type: "enter", kind: "centre", d: 5 });
  assert.deepEqual(solveIntent(key("5", { metaKey: true }), "corner", 0, NINE), { type: "enter", kind: "centre", d: 5 });
  assert.deepEqual(solveIntent(key("5", { ctrlKey: true, shiftKey: true }), "digit", 0, NINE), { type: "enter", kind: "colour", d: 5 });
  assert.deepEqual(solveIntent(key("2"), "colour", 0, NINE), { type: "enter", kind: "colour", d: 2 });
  assert.deepEqual(solveIntent({ key: "@", code: "Digit2", shiftKey: true }, "colour", 0, NINE), { type: "enter", kind: "candColour", d: 2 });
  assert.deepEqual(solveIntent(key("3"), "centre", 0, NINE), { type: "enter", kind: "centre", d: 3 });
  assert.equal(digitOfKey({ key: "End", code: "Numpad1" }), 1);
  assert.equal(solveIntent(key("5", { altKey: true }), "digit", 0, NINE), null);
  for (const [k, entry] of [["z", "digit"], ["x", "corner"], ["c", "centre"], ["v", "colour"], ["V", "colour"]]) {
    assert.deepEqual(solveIntent(key(k), "digit", 0, NINE), { type: "entry", entry });
  }
  assert.deepEqual(solveIntent(key("n"), "digit", 0, NINE), { type: "entry", entry: "centre" });
  assert.deepEqual(solveIntent(key("n"), "centre", 0, NINE), { type: "entry", entry: "digit" });
  assert.deepEqual(["digit", "corner", "centre", "colour"].map(nextEntry), ["corner", "centre", "colour", "digit"]);
  assert.deepEqual(solveIntent(key(" "), "colour", 0, NINE), { type: "entry", entry: "digit" });
  assert.deepEqual(solveIntent(key("c", { ctrlKey: true }), "digit", 0, NINE), null, "Ctrl+C is the browser's copy");
  assert.deepEqual(solveIntent(key("a", { ctrlKey: true }), "digit", 0, NINE), { type: "all" });
  assert.deepEqual(solveIntent(key("Escape"), "digit", 0, NINE), { type: "none" });
  assert.deepEqual(solveIntent(key("z", { ctrlKey: true }), "digit", 0, NINE), { type: "undo" });
  assert.deepEqual(solveIntent(key("z", { ctrlKey: true, shiftKey: true }), "digit", 0, NINE), { type: "redo" });
  assert.deepEqual(solveIntent(key("Delete"), "digit", 0, NINE), { type: "erase" });
  assert.deepEqual(solveIntent(key("ArrowLeft"), "digit", 0, NINE), { type: "move", to: 8, extend: false });
  assert.deepEqual(solveIntent(key("ArrowUp", { shiftKey: true }), "digit", 4, NINE), { type: "move", to: 76, extend: true });
  assert.deepEqual(solveIntent(key("End"), "digit", 10, NINE), { type: "move", to: 17, extend: false });
  assert.deepEqual(selectionAfterMove([3, 4], { to: 5, extend: true }), [3, 4, 5]);
  assert.deepEqual(selectionAfterMove([3, 4], { to: 5, extend: false }), [5]);
  // the intents on a game
  const g = new Game(P);
  const [a, b] = emptyCells(g);
  assert.ok(enter(g, [a, b], "corner", 5));
  assert.ok(enter(g, [a], "centre", 5));
  assert.ok(enter(g, [a], "candColour", 5));
  assert.ok(enter(g, [a, b], "colour", 2));
  assert.deepEqual([g.corner[a], g.marks[a], candColourOf(g.candColours[a], 5), g.colours[b]], [bit(5), bit(5), 1, 2]);
  assert.ok(erase(g, [a, b], "colour"));
  assert.deepEqual([g.colours[b], g.candColours[a], g.corner[b]], [0, 0, bit(5)], "Colour mode erases colours only");
  assert.ok(enter(g, [a, b], "digit", sol[a]));
  assert.equal(g.digit(b), sol[a]);
});

test("the play state's steps, shared by the app and the element: selection, modes, moves", async () => {
  const { step, point } = await import("../../web/model/play.js");
  const g = new Game(P);
  const [a, b, c] = emptyCells(g);
  let s = { game: g, selection: [a], selected: a, entry: "digit", padDigit: 0 };
  const run = (intent) => {
    const r = step(s, intent);
    s = { ...s, ...r.patch };
    return r.moved;
  };
  s = { ...s, ...point(s, b, "add") };
  s = { ...s, ...point(s, c, "toggle") };
  assert.deepEqual(s.selection, [a, b, c]);
  s = { ...s, ...point(s, b, "toggle") };
  assert.deepEqual([s.selection, s.selected], [[a, c], b]);
  assert.equal(run({ type: "entry", entry: "corner" }), false);
  assert.ok(run({ type: "enter", kind: s.entry, d: 4 }));
  assert.deepEqual([g.corner[a], g.corner[c], g.corner[b]], [bit(4), bit(4), 0]);
  assert.ok(run({ type: "undo" }));
  assert.equal(g.corner[a], 0);
  assert.ok(run({ type: "redo" }));
  run({ type: "none" });
  assert.deepEqual(s.selection, []);
  assert.equal(run({ type: "enter", kind: "digit", d: 7 }), false, "no cell selected: the digit is highlighted");
  assert.equal(s.padDigit, 7);
  run({ type: "enter", kind: "digit", d: 7 });
  assert.equal(s.padDigit, 0, "the same digit again takes the highlight off");
  run({ type: "all" });
  assert.equal(s.selection.length, 81);
  assert.ok(run({ type: "erase" }), "erase on every cell: the corner marks go");
  assert.ok(g.corner.every((m) => !m));
  run({ type: "move", to: 5, extend: false });
  assert.deepEqual([s.selection, s.selected], [[5], 5]);
  assert.deepEqual(point(s, 99, "only"), {}, "not a cell");
});
