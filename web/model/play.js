// Keys and pad presses in Solve, as SudokuPad players know them, without a DOM: a key event's
// fields become an intent (enter a digit or mark or colour, erase, choose an entry mode, move or
// change the selection, undo), and an intent on a game and a selection becomes a move. The app's
// grid panel and the <sudoku-grader> element both use it, so they behave alike.
//
// Digit keys: plain in the current mode; Shift+digit a corner mark (in Colour mode: the
// candidate's colour); Ctrl or Cmd+digit a centre mark; Ctrl+Shift+digit a cell colour.
// Z X C V choose Digit / Corner / Centre / Colour, Space cycles them, N switches Centre on and off.
import { addCell, allCells, toggleCell } from "./selection.js";
import * as edits from "./edits.js";

/** @typedef {"digit"|"corner"|"centre"|"colour"} Entry */
/** @typedef {"digit"|"corner"|"centre"|"colour"|"candColour"} EnterKind */
/**
 * @typedef {{type: "enter", kind: EnterKind, d: number} | {type: "erase"} | {type: "entry", entry: Entry}
 *   | {type: "move", to: number, extend: boolean} | {type: "all"} | {type: "none"} | {type: "undo"} | {type: "redo"}} Intent
 */
/** @typedef {{key: string, code?: string, shiftKey?: boolean, ctrlKey?: boolean, metaKey?: boolean, altKey?: boolean}} KeyLike */

/** The entry modes in Space's order. @type {Entry[]} */
export const ENTRIES = ["digit", "corner", "centre", "colour"];

const ENTRY_KEYS = /** @type {Record<string, Entry>} */ ({ z: "digit", x: "corner", c: "centre", v: "colour" });

/** The mode after `entry` (Space). @param {Entry} entry @returns {Entry} */
export const nextEntry = (entry) => ENTRIES[(ENTRIES.indexOf(entry) + 1) % ENTRIES.length];

/**
 * The digit a key stands for, 0 if none. With Shift the key is "%" or "&" on many layouts, so the
 * physical key's code (Digit5, Numpad5) counts too.
 * @param {KeyLike} e
 */
export function digitOfKey(e) {
  if (/^[1-9]$/.test(e.key)) return Number(e.key);
  const m = /^(?:Digit|Numpad)([1-9])$/.exec(e.code || "");
  return m ? Number(m[1]) : 0;
}

/**
 * The cell an arrow, Home or End key moves to from `c` (rows and columns wrap), or -1.
 * @param {string} key @param {number} c @param {import("../board.js").Geometry} geo
 */
export function moveTarget(key, c, geo) {
  const { size, cells } = geo;
  if (c < 0) return key.startsWith("Arrow") || key === "Home" || key === "End" ? 0 : -1;
  const col = c % size;
  if (key === "ArrowLeft") return col === 0 ? c + size - 1 : c - 1;
  if (key === "ArrowRight") return col === size - 1 ? c - size + 1 : c + 1;
  if (key === "ArrowUp") return (c - size + cells) % cells;
  if (key === "ArrowDown") return (c + size) % cells;
  if (key === "Home") return c - col;
  if (key === "End") return c - col + size - 1;
  return -1;
}

/**
 * What a key means in Solve, or null when it means nothing there.
 * @param {KeyLike} e @param {Entry} entry  the current mode
 * @param {number} cursor  the focused cell (-1: none) @param {import("../board.js").Geometry} geo
 * @returns {Intent|null}
 */
export function solveIntent(e, entry, cursor, geo) {
  if (e.altKey) return null;
  const ctrl = Boolean(e.ctrlKey || e.metaKey);
  const shift = Boolean(e.shiftKey);
  const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (ctrl && (k === "z" || k === "y")) return { type: k === "y" || shift ? "redo" : "undo" };
  if (ctrl && k === "a") return { type: "all" };
  const d = digitOfKey(e);
  if (d && geo.isDigit(d)) {
    /** @type {EnterKind} */
    let kind = entry;
    if (ctrl && shift) kind = "colour";
    else if (ctrl) kind = "centre";
    else if (shift) kind = entry === "colour" ? "candColour" : "corner";
    return { type: "enter", kind, d };
  }
  const to = moveTarget(e.key, cursor, geo);
  if (to >= 0) return { type: "move", to, extend: shift || ctrl };
  if (ctrl) return null;
  if (k === "Backspace" || k === "Delete") return { type: "erase" };
  if (k === "Escape") return { type: "none" };
  if (k === " ") return { type: "entry", entry: nextEntry(entry) };
  if (k === "n") return { type: "entry", entry: entry === "centre" ? "digit" : "centre" };
  if (k in ENTRY_KEYS) return { type: "entry", entry: ENTRY_KEYS[k] };
  return null;
}

/**
 * Enter `d` as `kind` in the selected cells: a digit, a corner or centre mark, a cell colour, or
 * the candidate's colour (the next one). One undoable move; false when nothing changed.
 * @param {import("./game.js").Game} game @param {number[]} sel @param {EnterKind} kind @param {number} d
 * @param {{clearPeers?: boolean}} opts
 */
export function enter(game, sel, kind, d, { clearPeers = true } = {}) {
  if (kind === "digit") return edits.placeDigit(game, sel, d, { clearPeers });
  if (kind === "corner" || kind === "centre") return edits.toggleMarks(game, sel, d, kind);
  if (kind === "colour") return edits.paintCells(game, sel, d);
  return edits.paintCandidate(game, sel, d);
}

/**
 * Erase in the selected cells: in Colour mode their colours, else digits, then marks, then colours.
 * @param {import("./game.js").Game} game @param {number[]} sel @param {Entry} entry
 */
export const erase = (game, sel, entry) => edits.eraseCells(game, sel, { colours: entry === "colour" });

/**
 * The selection after a move intent: the target alone, or added to the selection (Shift/Ctrl).
 * @param {number[]} sel @param {{to: number, extend: boolean}} intent
 */
export const selectionAfterMove = (sel, intent) => (intent.extend ? addCell(sel, intent.to) : [intent.to]);

export { allCells };

/**
 * @typedef {object} PlayState  what the app's store and the element both keep while solving
 * @property {import("./game.js").Game} game
 * @property {number[]} selection  the selected cells
 * @property {number} selected     the focused cell
 * @property {Entry} entry
 * @property {number} padDigit     a pad digit chosen with no cell selected (highlighted)
 */

/**
 * An intent on the play state: the game changes through its own moves; the rest comes back as a
 * patch to merge. `moved`: the game changed (save it, drop a shown hint or check).
 * @param {PlayState} s @param {Intent} intent @param {{clearPeers?: boolean}} opts
 * @returns {{moved: boolean, patch: Partial<PlayState>}}
 */
export function step(s, intent, { clearPeers = true } = {}) {
  const geo = s.game.geo;
  const none = { moved: false, patch: {} };
  switch (intent.type) {
    case "enter":
      if (!geo.isDigit(intent.d)) return none;
      if (!s.selection.length) return { moved: false, patch: { padDigit: s.padDigit === intent.d ? 0 : intent.d } };
      return { moved: enter(s.game, s.selection, intent.kind, intent.d, { clearPeers }), patch: {} };
    case "erase":
      return { moved: erase(s.game, s.selection, s.entry), patch: {} };
    case "entry":
      return { moved: false, patch: { entry: intent.entry } };
    case "move":
      return { moved: false, patch: { selection: selectionAfterMove(s.selection, intent), selected: intent.to, padDigit: 0 } };
    case "all":
      return { moved: false, patch: { selection: allCells(geo), padDigit: 0 } };
    case "none":
      return { moved: false, patch: { selection: [] } };
    case "undo":
      return { moved: s.game.undo() !== null, patch: {} };
    case "redo":
      return { moved: s.game.redo() !== null, patch: {} };
    default:
      return none;
  }
}

/**
 * A press on cell c: it alone, added (Shift, a drag), or added/removed (Ctrl, Cmd).
 * @param {PlayState} s @param {number} c @param {"only"|"add"|"toggle"} how
 * @returns {Partial<PlayState>}
 */
export function point(s, c, how) {
  if (!s.game.isCell(c)) return {};
  const selection = how === "only" ? [c] : how === "add" ? addCell(s.selection, c) : toggleCell(s.selection, c);
  return { selection, selected: c, padDigit: 0 };
}
