// The coach's reading of a game (web/model/coach.js): the last move and the position before it.
import test from "node:test";
import assert from "node:assert/strict";
import { Game } from "../../web/model/game.js";
import { lastMove } from "../../web/model/coach.js";

const P = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

test("a placed digit is a placement move; the position before it has the cell empty", () => {
  const g = new Game(P);
  g.toggleMark(2, 5);
  g.toggleMark(2, 6);
  g.place(74, 7); // r9c3, clears peers' marks
  const found = lastMove(g);
  assert.deepEqual(found.move, { cell: "r9c3", digit: 7, kind: "placement" });
  const pos = JSON.parse(found.position);
  assert.equal(pos.givens, P);
  assert.equal(pos.placed, ".".repeat(81));
  assert.deepEqual(pos.candidates[2], [5, 6]);
  assert.deepEqual(pos.candidates[0], []); // a given
});

test("one mark removed is an elimination; other moves are not coached", () => {
  const g = new Game(P);
  g.toggleMark(2, 5);
  g.toggleMark(2, 6);
  assert.equal(lastMove(g), null, "adding a mark is not a move to justify");
  g.toggleMark(2, 5);
  const found = lastMove(g);
  assert.deepEqual(found.move, { cell: "r1c3", digit: 5, kind: "elimination" });
  assert.deepEqual(JSON.parse(found.position).candidates[2], [5, 6]);
  g.fillCandidates();
  assert.equal(lastMove(g), null);
  assert.equal(lastMove(new Game(P)), null);
});
