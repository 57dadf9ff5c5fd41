// What the player does on the grid in Solve beyond one digit in one cell: select several cells,
// choose the entry mode, enter or erase in every selected cell, colours, back to the first mistake.
// Like every action, these change the store; the keys' meanings come from model/play.js.
import { move, select } from "./moves.js";
import { say } from "./state.js";
import { solutionOf } from "./validity.js";
import * as play from "../model/play.js";
import { clearColours as clearAll } from "../model/edits.js";

/** @typedef {import("../model/play.js").Entry} Entry */
/** @import { Store } from "./state.js" */

/**
 * Run an intent (model/play.js) on the store's play state: a move goes through `move` (saved,
 * undoable, the hint and the check dropped); the rest is merged into the state.
 * @param {Store} store @param {import("../model/play.js").Intent} intent
 */
function run(store, intent) {
  const s = store.state;
  if (s.mode !== "solve") return false;
  let patch = {};
  const moved = move(store, () => {
    const r = play.step(s, intent, { clearPeers: s.settings.clearPeers });
    patch = r.patch;
    return r.moved;
  });
  if (Object.keys(patch).length) store.update({ ...patch, ...("entry" in patch ? { notes: patch.entry === "centre" } : {}) });
  return moved;
}

/**
 * A press on a cell: it alone, added (Shift, a drag), or added/removed (Ctrl, Cmd).
 * @param {Store} store @param {number} c @param {"only"|"add"|"toggle"} how
 */
export function pointCell(store, c, how = "only") {
  if (how === "only" || store.state.mode !== "solve") select(store, c);
  else store.update(play.point(store.state, c, how));
}

/** The entry mode: what digit keys and the pad enter. @param {Store} store @param {Entry} entry */
export function setEntry(store, entry) {
  if (play.ENTRIES.includes(entry)) run(store, { type: "entry", entry });
}

/**
 * Enter `d` as `kind` (by default what the entry mode enters) in every selected cell. With no
 * cell selected, the digit is highlighted on the grid instead.
 * @param {Store} store @param {number} d @param {import("../model/play.js").EnterKind|null} kind
 */
export function enterDigit(store, d, kind = null) {
  return run(store, { type: "enter", kind: kind || store.state.entry, d });
}

/** Erase in every selected cell (Colour mode: their colours). @param {Store} store */
export function eraseSelection(store) {
  return run(store, { type: "erase" });
}

/** Clear colours: every cell and candidate colour, one undoable move. @param {Store} store */
export function clearColours(store) {
  if (move(store, (g) => clearAll(g))) say(store, "Colours cleared (Undo brings them back).");
}

/** Back to the position before the first wrong digit, as one undoable move. @param {Store} store */
export function undoToFirstMistake(store) {
  const sol = solutionOf(store.state);
  if (!sol) {
    say(store, "Going back to the first mistake needs a puzzle with exactly one solution.", "error");
    return false;
  }
  const g = store.state.game;
  if (!g.mistakes(sol).wrong.length) {
    say(store, "No wrong digit on the grid: nothing to go back to.");
    return false;
  }
  if (move(store, (x) => x.undoToFirstMistake(sol))) {
    say(store, "Back to the position before your first wrong digit (Undo brings the mistakes back).");
    return true;
  }
  say(store, "Every position of this game holds a wrong digit: erase it with Check's help instead.", "error");
  return false;
}

/**
 * A key on the grid in Solve (model/play.js): returns true when it was one of ours. Undo and redo
 * are left to the page's own keys (they also step back over loaded puzzles).
 * @param {Store} store @param {KeyboardEvent} e
 */
export function solveKey(store, e) {
  const s = store.state;
  const intent = play.solveIntent(e, s.entry, s.selected, s.game.geo);
  if (!intent || intent.type === "undo" || intent.type === "redo") return false;
  run(store, intent);
  return true;
}
