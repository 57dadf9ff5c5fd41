// Puzzles onto the grid: load text in any format, open a position or a URL hash, clear, change
// the grid's size, switch between Enter & analyse and Solve. Each load goes on the trail (Undo).
import { plainLineGeometry, Position } from "../board.js";
import { Game } from "../model/game.js";
import { extraCells, readHash } from "../model/links.js";
import { analyze } from "./analysis.js";
import { showPosition } from "./moves.js";
import { persist } from "./saves.js";
import { noticeSolved } from "./solved.js";
import { engineFailed, say } from "./state.js";
import { solveOnce, validity } from "./validity.js";

/** @import { Store } from "./state.js" */

/**
 * A new game in place of the current one, which goes on the trail (Undo brings it back).
 * `push`: add a browser history entry (false when the load came from the URL itself).
 * @param {Store} store @param {Game} game @param {"analyse"|"solve"} mode
 */
export function setGame(store, game, mode = "analyse", { push = true } = {}) {
  const s = store.state;
  const trail = s.game.givenCount() || s.game.hasProgress() ? [...s.trail, { game: s.game, mode: s.mode }] : s.trail;
  showPosition(store, game, { mode, trail, ahead: [], notes: false, entry: "digit", solvedInfo: null, nav: { seq: s.nav.seq + 1, push } });
}

/** An empty grid of the size on the page now. */
export function clearGrid(store) {
  say(store, null);
  setGame(store, new Game("", { size: store.state.game.geo.size }), "analyse");
}

/** An empty grid of another size (9 or 6) to type a puzzle into; Undo brings the old grid back. */
export function setSize(store, size) {
  const s = store.state;
  if (!size || size === s.game.geo.size) return;
  say(store, null);
  setGame(store, new Game("", { size }), "analyse");
}

/** The game to play a puzzle: the saved one when there is one, else a fresh one. */
function gameFor(store, givens) {
  return store.saves?.load(givens) || new Game(givens);
}

/**
 * Switch between Enter & analyse and Solve. Solve needs a puzzle with exactly one solution; it
 * continues a saved game of the same puzzle when the grid holds no progress of its own.
 * @param {Store} store @param {"analyse"|"solve"} mode
 */
export async function setMode(store, mode, { restore = true } = {}) {
  const s = store.state;
  if (mode === s.mode) return true;
  if (mode === "analyse") {
    store.update({ mode, notes: false, entry: "digit", hint: null, checked: null, nav: { seq: s.nav.seq + 1, push: false } });
    return true;
  }
  const status = await validity(store);
  if (!status || status.status !== "unique") {
    const why = !store.state.game.givenCount()
      ? "Enter or load a puzzle first."
      : status?.status === "multiple"
        ? "this puzzle has more than one solution."
        : status?.status === "none"
          ? "this puzzle has no solution."
          : "the puzzle is not valid yet.";
    say(store, `Solve needs a puzzle with exactly one solution: ${why}`, "error");
    return false;
  }
  let game = store.state.game;
  let trail = store.state.trail;
  const saved = restore && !game.hasProgress() ? store.saves?.load(game.puzzle()) : null;
  if (saved) {
    // continue the saved game; the grid as typed stays one Undo away
    trail = [...trail, { game, mode: "analyse" }];
    game = saved;
  }
  showPosition(store, game, { trail, mode: "solve", notes: false, entry: "digit", message: null, nav: { seq: s.nav.seq + 1, push: false } });
  persist(store);
  noticeSolved(store);
  return true;
}

/**
 * Open a position: {givens, placed, marks} in a mode. In Solve, a saved game of the same puzzle
 * is continued; a position that differs from it (a shared link) becomes a move on top of it.
 */
export async function openPosition(store, { givens, placed = "", marks = [], corner = [], colours = [], candColours = [] }, mode, { push = true } = {}) {
  let game;
  const rest = { placed, marks, corner, colours, candColours };
  if (mode === "solve") {
    game = gameFor(store, givens);
    const hasPosition = /[1-9]/.test(placed) || [marks, corner, colours, candColours].some((a) => a.some(Boolean));
    if (hasPosition) game.load(givens, rest, "open the shared position");
  } else {
    game = new Game(givens, rest);
  }
  const s = store.state;
  const same = s.game.puzzle() === game.puzzle() && s.mode === mode && s.game.placedLine() === game.placedLine() &&
    ["marks", "corner", "colours", "candColours"].every((k) => s.game[k].every((m, c) => m === game[k][c]));
  if (same) return;
  setGame(store, game, "analyse", { push });
  if (mode === "solve") await setMode(store, "solve", { restore: false });
}

/**
 * Load puzzle text in any format the package reads: plain lines at once, anything else through
 * the Python parser. Digits the format marks as placed (HoDoKu's "+5") and candidates that differ
 * from what the digits allow come in as the player's own.
 */
export async function loadText(store, text, { analyzeAfter = true, push = true } = {}) {
  const clean = String(text || "").trim();
  if (!clean) return;
  say(store, null);
  const extra = extraCells(clean);
  if (extra) {
    say(store, extra, "error");
    return;
  }
  let givens;
  let placed = "";
  let marks = [];
  let markedUp = false; // marks that differ from what the digits allow: a player's position
  if (plainLineGeometry(clean)) {
    givens = clean;
  } else {
    let res;
    try {
      res = await store.engine.request("parse", clean);
    } catch (e) {
      engineFailed(store, e);
      return;
    }
    if (res.error) {
      say(store, `That text is not a puzzle: ${res.error}`, "error");
      return;
    }
    const parsed = Position.fromParsed(res);
    givens = res.values.map((v, c) => (v && res.givens[c] ? String(v) : ".")).join("");
    placed = res.values.map((v, c) => (v && !res.givens[c] ? String(v) : ".")).join("");
    markedUp = parsed.hasPencilmarks();
    if (markedUp || carriesMarks(clean, res.values.length)) marks = parsed.cands.map((m, c) => (res.values[c] ? 0 : m));
    // A pencilmark grid cannot tell givens from placed digits: when its digits extend the puzzle
    // on the grid, the extra ones are the player's.
    const current = store.state.game.puzzle();
    const addsToGrid = current.length === givens.length && [...current].every((ch, c) => ch === "." || ch === givens[c]);
    if (!/[1-9]/.test(placed) && current !== givens && addsToGrid && store.state.game.givenCount()) {
      placed = [...givens].map((ch, c) => (current[c] === "." ? ch : ".")).join("");
      givens = current;
    }
  }
  const isPosition = /[1-9]/.test(placed) || markedUp;
  if (isPosition) {
    const probe = new Game(givens);
    const status = await solveOnce(store, probe.puzzle());
    if (status?.status === "unique") {
      await openPosition(store, { givens, placed, marks }, "solve", { push });
      return;
    }
  }
  await openPosition(store, { givens, placed, marks }, "analyse", { push });
  if (analyzeAfter) {
    const status = await validity(store);
    if (status?.status === "unique") analyze(store);
  }
}

/**
 * Does the text spell out every cell's candidates (a HoDoKu library line, a pencilmark grid of
 * `cells` cells)? Then they are the player's marks even when they equal what the digits allow.
 * @param {string} text @param {number} cells
 */
export function carriesMarks(text, cells) {
  if (/^:[0-9a-z]{4}:/i.test(text)) return true;
  const tokens = text.split(/[\s|+\-=*:]+/).filter((t) => /^[1-9]+$/.test(t));
  return tokens.length >= cells && tokens.some((t) => t.length > 1);
}

/** Follow the URL's hash: "#<puzzle>" to analyse, "#solve:..." to play. */
export async function openHash(store, hash, { push = false } = {}) {
  const h = readHash(hash);
  if (store.state.message?.kind === "error") say(store, null); // the last link's error is not this one's
  if (!h) {
    if (store.state.game.givenCount()) setGame(store, new Game("", { size: store.state.game.geo.size }), "analyse", { push });
    return;
  }
  if (h.mode === "error") say(store, h.error, "error");
  else if (h.mode === "solve") {
    await openPosition(store, h, "solve", { push });
    if (h.ignored) say(store, `Opened the puzzle of this link; ignored "${h.ignored}" after it (not a position of digits).`);
  } else if (h.text !== store.state.game.puzzle() || store.state.mode !== "analyse") await loadText(store, h.text, { push });
}
