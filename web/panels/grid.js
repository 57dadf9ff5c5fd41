// The grid and the number pad: draws the game (or the step being shown) and turns keys, taps and
// drags into actions; both take the game's size (9x9 or 6x6: digits 1-9 or 1-6 on the pad).
// Enter & analyse: arrows/Home/End move, digits enter givens, Backspace/Delete erase, "." "0" and
// Space type a blank. Solve (model/play.js): SudokuPad's keys and modes, several selected cells,
// highlighting, colours; Ctrl+Z / Ctrl+Y / Ctrl+Shift+Z undo and redo in both.
import { duplicateCells } from "../board.js";
import { GridView } from "../grid-view.js";
import { branchAt, branchDrawing } from "../model/netoutline.js";
import { SolvePad } from "../solve-pad.js";
import { attachCellPointer } from "../cell-pointer.js";
import { highlights } from "../model/selection.js";
import { moveTarget } from "../model/play.js";
import * as act from "../actions/index.js";
import { touches } from "../store.js";

const MARKUP = `
  <div class="grid-wrap"><div class="sg-host" data-part="grid"></div></div>
  <div data-part="pad"></div>`;

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

/** A key in Enter & analyse: move, type a given, erase. Returns true when handled. */
function enterKey(store, e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  const to = moveTarget(e.key, store.state.selected, store.state.game.geo);
  if (to >= 0) act.select(store, to);
  else if (/^[1-9]$/.test(e.key)) act.typeDigit(store, Number(e.key));
  else if (e.key === "Backspace" || e.key === "Delete") act.eraseCell(store);
  else if (e.key === "." || e.key === "0" || e.key === " ") act.eraseCell(store, { advance: true });
  else return false;
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
  const solving = () => store.state.mode === "solve" && store.state.view === null;
  const focusSelected = () => grid.select(store.state.selected, true);

  attachCellPointer(host, {
    onStart: (c, how) => {
      act.pointCell(store, c, how);
      focusSelected();
    },
    onExtend: (c) => act.pointCell(store, c, "add"),
  }, solving);

  host.addEventListener("click", (e) => {
    if (solving()) return; // the pointer handler selects in Solve
    const cell = e.target.closest(".sg-cell");
    if (cell) {
      act.select(store, Number(cell.dataset.cell));
      focusSelected();
    }
  });

  host.addEventListener("focusin", (e) => {
    const cell = e.target.closest?.(".sg-cell");
    const c = cell ? Number(cell.dataset.cell) : -1;
    if (c >= 0 && c !== store.state.selected && !store.state.selection.includes(c)) act.select(store, c);
  });

  // Keys on the grid or the pad under it (a mode button just pressed keeps the focus).
  root.addEventListener("keydown", (e) => {
    const onPad = !host.contains(e.target);
    if (onPad && (store.state.mode !== "solve" || e.key === "Enter" || e.key === "Tab")) return;
    if (undoKey(store, e)) {
      e.stopPropagation();
      return;
    }
    const handled = store.state.mode === "solve" ? act.solveKey(store, e) : enterKey(store, e);
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
      if (!onPad) focusSelected();
    }
  });

  const pad = new SolvePad(root.querySelector('[data-part="pad"]'), {
    onDigit: (d, long) => {
      if (store.state.mode !== "solve") act.typeDigit(store, d);
      else act.enterDigit(store, d, long ? "candColour" : null);
      grid.select(store.state.selected, false);
    },
    onErase: () => {
      if (store.state.mode === "solve") act.eraseSelection(store);
      else act.eraseCell(store);
      grid.select(store.state.selected, false);
    },
    onEntry: (entry) => act.setEntry(store, entry),
  });

  function render(state) {
    const { game, mode, analysis: a, view: k, hint, settings } = state;
    const solve = mode === "solve";
    pad.render({ geo: game.geo, solve, entry: state.entry, remaining: solve ? game.remaining() : null, palette: settings.palette });
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
        ...(solve ? {
          corner: game.corner,
          colours: game.colours,
          candColours: game.candColours,
          selection: state.selection,
          palette: settings.palette,
          highlight: highlights(game, state.selection, {
            digit: state.padDigit, peers: settings.highlightPeers, same: settings.highlightSame,
          }),
        } : {}),
      });
    }
    grid.select(state.selected, false);
  }

  store.subscribe((state, keys) => {
    if (touches(keys, "game", "mode", "analysis", "view", "netFocus", "hint", "settings", "checked", "status",
      "showSolutions", "selected", "selection", "entry", "padDigit", "notes")) {
      render(state);
    }
  });
  render(store.state);
  return grid;
}
