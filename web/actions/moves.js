// Moves on the grid: digits, marks, erase, undo/redo (across puzzles too), Check; and the one
// reset a new position on the grid does (`showPosition`).
import { countUse } from "./gamemeta.js";
import { abandonAnalysis } from "./analysis.js";
import { persist } from "./saves.js";
import { noticeSolved } from "./solved.js";
import { NEW_PUZZLE, plural, say } from "./state.js";
import { scheduleValidity, solutionOf } from "./validity.js";
import { enter as enterIn, erase as eraseIn } from "../model/play.js";

/** @import { State, Store } from "./state.js" */
/** @import { Game } from "../model/game.js" */

/**
 * Show `game` on the grid: what belonged to the old position goes (hint, path view, Check's
 * marks); when the givens differ, the old puzzle's answers go too, its analysis is abandoned and
 * the new givens are checked. `patch` adds what the caller changes besides; `before` is the
 * puzzle shown until now (a move changes the game in place, so it tells it).
 * @param {Store} store @param {Game} game @param {Partial<State>} patch @param {string} [before]
 */
export function showPosition(store, game, patch = {}, before = store.state.game.puzzle()) {
  const s = store.state;
  const changed = game.puzzle() !== before;
  /** @type {Partial<State>} */
  const all = { game, hint: null, view: null, checked: null, ...patch };
  if (s.selected >= game.geo.cells) Object.assign(all, { selected: 0, selection: [0] }); // a grid of another size
  if (changed) {
    abandonAnalysis(store);
    Object.assign(all, NEW_PUZZLE);
  }
  store.update(all);
  if (changed) scheduleValidity(store);
  return changed;
}

/**
 * Apply `fn` to the game; when it changed something, show it, save it, notice a solved grid.
 * @param {Store} store @param {(game: Game) => unknown} fn
 */
export function move(store, fn) {
  const before = store.state.game.puzzle();
  const changed = fn(store.state.game);
  if (changed) {
    showPosition(store, store.state.game, { solvedInfo: null }, before);
    if (store.state.mode === "solve") {
      persist(store);
      noticeSolved(store);
    }
  }
  return changed;
}

/** Select cell c alone (and focus it). @param {Store} store @param {number} c */
export function select(store, c) {
  const s = store.state;
  if (s.game.isCell(c) && (c !== s.selected || s.selection.length !== 1 || s.selection[0] !== c)) {
    store.update({ selected: c, selection: [c], padDigit: 0 });
  }
}

/**
 * A digit key or numpad button: a given (Enter & analyse); in Solve what the entry mode enters,
 * in `cell` or else every selected cell (actions/aids.js).
 * @param {Store} store @param {number} d @param {number|null} [cell]
 */
export function typeDigit(store, d, cell = null) {
  const { mode, entry, settings, game, selection } = store.state;
  if (!game.geo.isDigit(d)) return false; // a 7 on a 6x6 grid
  if (mode === "solve") {
    const cells = cell === null ? selection : [cell];
    return move(store, (g) => enterIn(g, cells, entry, d, { clearPeers: settings.clearPeers }));
  }
  if (cell === null) cell = store.state.selected;
  move(store, (g) => g.setGiven(cell, d));
  if (settings.advance) select(store, Math.min(game.geo.cells - 1, cell + 1));
  return true;
}

/** Backspace / Delete / the erase button; `advance` for a typed blank ("." "0" space) in Enter mode. */
export function eraseCell(store, { advance = false, cell = null } = {}) {
  const { mode, settings, selection, entry } = store.state;
  if (mode === "solve") return move(store, (g) => eraseIn(g, cell === null ? selection : [cell], entry));
  if (cell === null) cell = store.state.selected;
  move(store, (g) => g.setGiven(cell, 0));
  if (advance && settings.advance) select(store, Math.min(store.state.game.geo.cells - 1, cell + 1));
  return true;
}

/** Notes (the button, N): centre marks on or off. */
export function toggleNotes(store, on = store.state.entry !== "centre") {
  if (store.state.mode === "solve") store.update({ entry: on ? "centre" : "digit", notes: on });
}

export function fillCandidates(store) {
  if (store.state.mode !== "solve") return;
  if (move(store, (g) => g.fillCandidates())) say(store, "Every empty cell now holds the candidates its row, column and box allow.");
}

/** The hint's last rung as the player's own move: apply a step, or fix mistakes. */
export function applyStepMove(store, step) {
  return move(store, (g) => g.applyStep(step, `apply ${step.name}`));
}

export function fixMistakesMove(store, solution, cells) {
  return move(store, (g) => g.fixMistakes(solution, cells));
}

/** Make `game` the current game in `mode` (no history entry of its own). */
function switchTo(store, game, mode) {
  showPosition(store, game, {
    mode, notes: false, entry: "digit", solvedInfo: null, message: null, nav: { seq: store.state.nav.seq + 1, push: false },
  });
}

/** Undo the last move; past the first move of this puzzle, back to the puzzle before it. */
export function undo(store) {
  const s = store.state;
  if (s.game.canUndo()) return move(store, (g) => g.undo() !== null);
  if (!s.trail.length) return false;
  const prev = s.trail[s.trail.length - 1];
  store.update({ trail: s.trail.slice(0, -1), ahead: [...s.ahead, { game: s.game, mode: s.mode }] });
  switchTo(store, prev.game, prev.mode);
  return true;
}

export function redo(store) {
  const s = store.state;
  if (s.game.canRedo()) return move(store, (g) => g.redo() !== null);
  if (!s.ahead.length) return false;
  const next = s.ahead[s.ahead.length - 1];
  store.update({ ahead: s.ahead.slice(0, -1), trail: [...s.trail, { game: s.game, mode: s.mode }] });
  switchTo(store, next.game, next.mode);
  return true;
}

/** @param {State} state */
export function canUndo(state) {
  return state.game.canUndo() || state.trail.length > 0;
}

/** @param {State} state */
export function canRedo(state) {
  return state.game.canRedo() || state.ahead.length > 0;
}

/** Show the mistakes now: wrong digits and marks that lost the solution's digit. */
export function check(store) {
  const sol = solutionOf(store.state);
  if (!sol) {
    say(store, "Checking needs a puzzle with exactly one solution.", "error");
    return;
  }
  const m = store.state.game.mistakes(sol);
  if (store.state.mode === "solve") countUse(store, "checks");
  store.update({ checked: m });
  const parts = [];
  if (m.wrong.length) parts.push(plural(m.wrong.length, "wrong digit"));
  if (m.missing.length) parts.push(`${plural(m.missing.length, "cell")} whose marks lost the digit that belongs there`);
  say(store, parts.length ? `Marked on the grid: ${parts.join(" and ")}.` : "No mistakes so far.");
}

/** Pause or resume the Solve timer. */
export function togglePause(store) {
  store.update({ paused: !store.state.paused });
}

/** Escape: leave the path view and put the hint away. */
export function dismiss(store) {
  store.update({ view: null, hint: null });
}
