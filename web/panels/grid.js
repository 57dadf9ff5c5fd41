// The grid and the number pad: draws the game (or the step being shown) and turns keys and taps
// into actions; both take the game's size (9x9 or 6x6: digits 1-9 or 1-6 on the pad).
// Keys on the grid: arrows/Home/End move, digits enter, Backspace/Delete erase,
// "." "0" and Space type a blank when entering a puzzle; in Solve, Space or N switch Notes,
// Ctrl+Z / Ctrl+Y / Ctrl+Shift+Z undo and redo.
import { duplicateCells } from "../board.js";
import { GridView } from "../grid-view.js";
import { branchAt, branchDrawing } from "../model/netoutline.js";
import * as act from "../actions/index.js";
import { touches } from "../store.js";

const MARKUP = `
  <div class="grid-wrap"><div class="sg-host" data-part="grid"></div></div>
  <div class="numpad" role="group" aria-label="Enter a digit in the selected cell"></div>`;

/** The pad's buttons for the digits of `geo`, and the erase button. */
const padButtons = (geo) =>
  geo.digits.map((d) => `<button type="button" data-digit="${d}">${d}</button>`).join("") +
  '<button type="button" data-digit="0" data-testid="erase" aria-label="Erase the selected cell">⌫</button>';

/** Undo/redo keys, shared with the page's global shortcuts. Returns true when handled. */
export function undoKey(store, e) {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return false;
  const k = e.key.toLowerCase();
  if (k === "z" && !e.shiftKey) act.undo(store);
  else if (k === "y" || (k === "z" && e.shiftKey)) act.redo(store);
  else return false;
  e.preventDefault();
  return true;
}

export function mount(root, store) {
  root.innerHTML = MARKUP;
  const host = root.querySelector('[data-part="grid"]');
  host.id = "grid"; // the page has one grid; tests and styles find it by this id
  const grid = new GridView(host, {
    editable: true,
    label: "Sudoku grid: arrows move, digits enter, Backspace erases",
  });

  const focusSelected = () => grid.select(store.state.selected, true);

  host.addEventListener("click", (e) => {
    const cell = e.target.closest(".sg-cell");
    if (cell) {
      act.select(store, Number(cell.dataset.cell));
      focusSelected();
    }
  });

  host.addEventListener("focusin", (e) => {
    const cell = e.target.closest?.(".sg-cell");
    if (cell && Number(cell.dataset.cell) !== store.state.selected) act.select(store, Number(cell.dataset.cell));
  });

  host.addEventListener("keydown", (e) => {
    if (undoKey(store, e)) {
      e.stopPropagation();
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const c = store.state.selected;
    const solve = store.state.mode === "solve";
    const { size, cells } = store.state.game.geo;
    const moveBy = { ArrowUp: -size, ArrowDown: size, ArrowLeft: -1, ArrowRight: 1 }[e.key];
    let handled = true;
    if (moveBy !== undefined) {
      let n;
      if (moveBy === -1) n = c % size === 0 ? c + size - 1 : c - 1;
      else if (moveBy === 1) n = c % size === size - 1 ? c - size + 1 : c + 1;
      else n = (c + moveBy + cells) % cells;
      act.select(store, n);
    } else if (/^[1-9]$/.test(e.key)) {
      act.typeDigit(store, Number(e.key));
    } else if (e.key === "Backspace" || e.key === "Delete") {
      act.eraseCell(store);
    } else if (e.key === "." || e.key === "0") {
      act.eraseCell(store, { advance: true });
    } else if (e.key === " ") {
      if (solve) act.toggleNotes(store);
      else act.eraseCell(store, { advance: true });
    } else if ((e.key === "n" || e.key === "N") && solve) {
      act.toggleNotes(store);
    } else if (e.key === "Home") {
      act.select(store, c - (c % size));
    } else if (e.key === "End") {
      act.select(store, c - (c % size) + size - 1);
    } else handled = false;
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
      focusSelected();
    }
  });

  const pad = root.querySelector(".numpad");
  pad.addEventListener("click", (e) => {
    const b = e.target.closest("button[data-digit]");
    if (!b) return;
    const d = Number(b.dataset.digit);
    if (d) act.typeDigit(store, d);
    else act.eraseCell(store);
    grid.select(store.state.selected, false);
  });

  function render(state) {
    const { game, mode, analysis: a, view: k, hint, settings } = state;
    const solve = mode === "solve";
    if (pad.dataset.size !== String(game.geo.size)) {
      pad.innerHTML = padButtons(game.geo);
      pad.dataset.size = String(game.geo.size);
      pad.style.setProperty("--pad-keys", String(game.geo.size + 1));
    }
    pad.classList.toggle("notes", solve && state.notes);
    if (a && k !== null && k !== undefined) {
      const pos = a.positions[Math.min(k === 0 ? 0 : k - 1, a.positions.length - 1)];
      const shown = k > a.steps.length ? a.positions[a.positions.length - 1] : pos;
      let step = k >= 1 && k <= a.steps.length ? a.steps[k - 1] : null;
      const focus = state.netFocus;
      if (step?.net && focus && focus.view === k) {
        // one implication of the net outline chosen: just its branch up to it
        const at = branchAt(step.net, focus.path);
        if (at) step = { ...step, placements: [], eliminations: [], ...branchDrawing(at.branch, focus.k) };
      }
      grid.render(shown, { step, showCandidates: true });
    } else {
      const values = game.values();
      const kind = solve ? "marks" : settings.showCands ? "shown" : "marks";
      const pos = game.view(kind);
      const mistakes = new Map();
      const sol = act.solutionOf(state);
      if (solve && settings.liveMistakes && sol) for (const c of game.mistakes(sol).wrong) mistakes.set(c, "digit");
      if (state.checked) {
        for (const c of state.checked.wrong) mistakes.set(c, "digit");
        for (const c of state.checked.missing) mistakes.set(c, "marks");
      }
      let step = null;
      const rung = hint && hint.version === game.version ? hint.ladder.rungs[hint.rung - 1] : null;
      if (rung?.view?.step) step = rung.view.step;
      if (rung?.view?.mistakes) for (const c of rung.view.mistakes) if (!mistakes.has(c)) mistakes.set(c, "hint");
      const showSol = !solve && state.showSolutions && state.status?.solutions ? state.status.solutions[state.showSolutions - 1] : null;
      grid.render(pos, {
        step,
        duplicates: duplicateCells(values, game.geo),
        showCandidates: true,
        marks: solve || kind === "marks",
        mistakes,
        solution: showSol,
        differ: showSol ? new Set((state.status.differ || []).map((n) => game.geo.cellIndex(n))) : null,
      });
    }
    grid.select(state.selected, false);
  }

  store.subscribe((state, keys) => {
    if (touches(keys, "game", "mode", "analysis", "view", "netFocus", "hint", "settings", "checked", "status", "showSolutions", "selected", "notes")) {
      render(state);
    }
  });
  render(store.state);
  return grid;
}
