// The solving model (web/model/game.js) by itself: moves, undo/redo, marks, mistakes, formats.
import test from "node:test";
import assert from "node:assert/strict";
import { Game, decodeMarks, digitsFromLine, encodeMarks, parseHash } from "../../web/model/game.js";
import { bit, NINE } from "../../web/board.js";

const cellIndex = (name) => NINE.cellIndex(name);
const PEERS = NINE.peers;

const P = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
const sol = digitsFromLine(SOLUTION);
const empty = (g) => [...Array(81).keys()].filter((c) => !g.digit(c));

test("givens cannot change in play; placed digits are the player's own", () => {
  const g = new Game(P);
  assert.equal(g.puzzle(), P);
  assert.equal(g.place(0, 5), false, "r1c1 holds a given");
  assert.equal(g.erase(0), false);
  assert.equal(g.digit(0), 4);
  assert.ok(g.place(1, 1));
  assert.equal(g.digit(1), 1);
  assert.equal(g.isGiven(1), false);
  assert.equal(g.placedLine()[1], "1");
  assert.equal(g.place(1, 1), false, "the same digit again changes nothing");
});

test("every move undoes and redoes, marks included, without limit", () => {
  const g = new Game(P);
  const snapshot = () => JSON.stringify([g.givens, g.placed, g.marks]);
  const states = [snapshot()];
  const cells = empty(g);
  for (let i = 0; i < 300; i++) {
    const c = cells[i % cells.length];
    const d = (i % 9) + 1;
    if (i % 3 === 0) g.place(c, sol[c]);
    else if (i % 3 === 1) g.toggleMark(cells[(i * 7) % cells.length], d);
    else g.erase(c);
    if (states[states.length - 1] !== snapshot()) states.push(snapshot());
  }
  assert.equal(g.past.length, states.length - 1);
  for (let k = states.length - 1; k > 0; k--) {
    assert.equal(snapshot(), states[k]);
    assert.ok(g.undo());
  }
  assert.equal(snapshot(), states[0]);
  assert.equal(g.undo(), null);
  for (let k = 1; k < states.length; k++) {
    assert.ok(g.redo());
    assert.equal(snapshot(), states[k]);
  }
  assert.equal(g.redo(), null);
  // a new move after an undo drops the redo branch
  g.undo();
  assert.ok(g.canRedo());
  const free = empty(g)[0];
  assert.ok(g.toggleMark(free, 9));
  assert.equal(g.canRedo(), false);
});

test("marks are the player's; placing a digit removes it from the peers' marks (an option)", () => {
  const g = new Game(P);
  const [a] = empty(g);
  const peer = PEERS[a].find((p) => !g.digit(p));
  g.toggleMark(peer, 7);
  g.toggleMark(peer, 3);
  assert.equal(g.marks[peer], bit(7) | bit(3));
  g.place(a, 7);
  assert.equal(g.marks[peer], bit(3), "7 left the peer's marks");
  g.undo();
  assert.equal(g.marks[peer], bit(7) | bit(3), "undo brings it back");
  g.place(a, 7, { clearPeers: false });
  assert.equal(g.marks[peer], bit(7) | bit(3));
  assert.equal(g.toggleMark(a, 1), false, "no marks in a filled cell");
  // erase takes the digit first, then the marks
  g.erase(a);
  g.toggleMark(a, 2);
  assert.equal(g.erase(a), true);
  assert.equal(g.marks[a], 0);
});

test("fill in all candidates: what the givens and placed digits allow", () => {
  const g = new Game(P);
  g.place(1, 1);
  g.fillCandidates();
  const allowed = g.allowed();
  for (const c of empty(g)) assert.equal(g.marks[c], allowed[c]);
  assert.equal(g.marks[2] & bit(1), 0, "1 was placed in r1c2, so no other cell of row 1 has it");
  g.undo();
  assert.ok(g.marks.every((m) => m === 0));
});

test("mistakes: wrong digits and marks that lost the solution's digit", () => {
  const g = new Game(P);
  g.place(1, sol[1]);
  const wrong = sol[2] === 9 ? 8 : 9;
  g.place(2, wrong);
  g.toggleMark(3, sol[3] === 1 ? 2 : 1); // r1c4's only mark is not its digit
  g.toggleMark(4, sol[4]);
  const m = g.mistakes(SOLUTION);
  assert.deepEqual(m.wrong, [2]);
  assert.deepEqual(m.missing, [3]);
  g.fixMistakes(SOLUTION);
  assert.deepEqual(g.mistakes(SOLUTION), { wrong: [], missing: [] });
  assert.equal(g.digit(2), 0);
  assert.ok(g.marks[3] & bit(sol[3]));
  assert.equal(g.isSolved(SOLUTION), false);
  g.load(P, { placed: SOLUTION });
  assert.ok(g.isSolved(SOLUTION) && g.isComplete());
});

test("a step from the engine becomes the player's move", () => {
  const g = new Game(P);
  const placement = { technique: "hidden-single", name: "Hidden Single", placements: [{ cell: "r8c3", digit: 3 }], eliminations: [] };
  g.applyStep(placement);
  assert.equal(g.digit(cellIndex("r8c3")), 3);
  assert.ok(!g.hasMarks(), "a placement alone fills in no marks");
  const pointing = {
    technique: "locked-candidates-1", name: "Pointing", placements: [],
    eliminations: [{ cell: "r1c6", digit: 2 }, { cell: "r2c6", digit: 2 }],
  };
  g.applyStep(pointing);
  const allowed = g.allowed();
  for (const c of empty(g)) {
    const expected = c === cellIndex("r1c6") || c === cellIndex("r2c6") ? allowed[c] & ~bit(2) : allowed[c];
    assert.equal(g.marks[c], expected, `marks of cell ${c}`);
  }
  assert.equal(g.past[g.past.length - 1].label, "apply Pointing");
  g.undo();
  assert.ok(!g.hasMarks(), "one undo takes back the whole step");
});

test("enter mode: givens change, the old puzzle's progress goes with the same move", () => {
  const g = new Game();
  for (let c = 0; c < 81; c++) if (P[c] !== ".") g.setGiven(c, Number(P[c]));
  assert.equal(g.puzzle(), P);
  g.place(1, 1);
  g.setGiven(80, 5);
  assert.equal(g.placed[1], 0);
  g.undo();
  assert.equal(g.placed[1], 1);
  assert.equal(g.givens[80], 0);
  // loading another puzzle (or Clear) is one move, so it can be undone
  g.load("");
  assert.equal(g.puzzle(), ".".repeat(81));
  g.undo();
  assert.equal(g.puzzle(), P);
  assert.equal(g.placed[1], 1);
});

test("saved as plain JSON with its whole history", () => {
  const g = new Game(P);
  g.place(1, 1);
  g.toggleMark(2, 6);
  g.toggleMark(2, 9);
  g.undo();
  g.elapsed = 42.4;
  const back = Game.fromJSON(JSON.parse(JSON.stringify(g.toJSON())));
  assert.deepEqual([back.givens, back.placed, back.marks], [g.givens, g.placed, g.marks]);
  assert.equal(back.past.length, 2);
  assert.equal(back.future.length, 1);
  assert.equal(back.elapsed, 42);
  back.redo();
  assert.equal(back.marks[2], bit(6) | bit(9));
  back.undo();
  back.undo();
  back.undo();
  assert.equal(back.digit(1), 0);
});

test("share codes and hashes", () => {
  const g = new Game(P);
  assert.equal(g.shareCode(), `solve:${P}`);
  g.place(1, 1);
  g.toggleMark(2, 6);
  const code = g.shareCode();
  const h = parseHash("#" + code);
  assert.equal(h.mode, "solve");
  assert.equal(h.givens, P);
  assert.equal(h.placed, g.placedLine());
  assert.deepEqual(h.marks, g.marks);
  assert.deepEqual(parseHash("#" + P), { mode: "analyse", text: P });
  assert.equal(parseHash("#"), null);
  assert.deepEqual(parseHash(`#solve:${P}`).marks, new Array(81).fill(0));
  const marks = Array.from({ length: 81 }, (_, c) => (c * 37) & 0x1ff);
  assert.deepEqual(decodeMarks(encodeMarks(marks)), marks);
});

test("the position for the hint: givens, placed digits and the player's own marks", () => {
  const g = new Game(P);
  g.place(1, 1);
  g.toggleMark(2, 6);
  const obj = JSON.parse(g.positionJSON());
  assert.equal(obj.givens, P);
  assert.equal(obj.placed[1], "1");
  assert.equal(obj.placed.length, 81);
  assert.deepEqual(obj.candidates[2], [6]);
  assert.deepEqual(obj.candidates[3], [], "no marks entered: an empty list");
  assert.deepEqual(obj.candidates[1], [], "a filled cell");
});

test("library line and pencilmark grid: marks where entered, else what the digits allow", () => {
  const g = new Game(P);
  g.place(1, 1);
  g.toggleMark(2, 6);
  g.toggleMark(2, 9);
  const line = g.libraryLine();
  const fields = line.split(":");
  assert.equal(fields[1], "0000");
  assert.equal(fields[3].replace(/\+\d/g, "x").length, 81);
  assert.ok(fields[3].startsWith("4+1."));
  const allowed = g.allowed()[2];
  const deleted = fields[4].split(" ").filter((t) => t.endsWith("13")).map((t) => Number(t[0]));
  assert.deepEqual(deleted.sort(), [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => allowed & bit(d) && d !== 6 && d !== 9));
  const grid = g.pencilmark().split("\n");
  assert.equal(grid.length, 11);
  assert.deepEqual(grid[0].trim().split(/\s+/).slice(0, 3), ["4", "1", "69"]);
});
