// "Solve here" in the <sudoku-grader> element: the same play state, keys, pad, pointer selection
// and highlight as the app's Solve (model/play.js, model/selection.js, solve-pad.js,
// cell-pointer.js, grid-view.js), kept by the element instead of the app's store. Loaded on the first
// click of Solve here, so the element costs nothing more until then.
import { highlights } from "../model/selection.js";
import * as play from "../model/play.js";
import { SolvePad } from "../solve-pad.js";
import { attachCellPointer } from "../cell-pointer.js";

/** @typedef {import("../model/play.js").PlayState} PlayState */

export class SolveHere {
  /**
   * @param {import("../grid-view.js").GridView} grid  the element's grid
   * @param {HTMLElement} padHost  an empty element under the grid for the modes and the pad
   * @param {{onMove: () => void, onChange?: () => void}} hooks  onMove: the game changed (the
   *   element drops its check and hint, says when it is solved, and redraws); onChange: the
   *   selection or mode changed (the element redraws)
   */
  constructor(grid, padHost, hooks) {
    this.grid = grid;
    this.hooks = hooks;
    /** @type {PlayState|null} */
    this.state = null;
    this.pad = new SolvePad(padHost, {
      onDigit: (d, long) => this.run({ type: "enter", kind: long ? "candColour" : this.entry(), d }),
      onErase: () => this.run({ type: "erase" }),
      onEntry: (entry) => this.run({ type: "entry", entry }),
    });
    attachCellPointer(grid.root, {
      onStart: (c, how) => {
        this.merge(play.point(/** @type {PlayState} */ (this.state), c, how));
        this.grid.select(c, true);
      },
      onExtend: (c) => this.merge(play.point(/** @type {PlayState} */ (this.state), c, "add")),
    }, () => this.state !== null);
  }

  /** Play `game` from its first empty cell. @param {import("../model/game.js").Game} game */
  start(game) {
    const first = Math.max(0, game.givens.findIndex((d) => !d));
    this.state = { game, selection: [first], selected: first, entry: "digit", padDigit: 0 };
  }

  stop() {
    this.state = null;
  }

  /** @returns {play.Entry} */
  entry() {
    return this.state?.entry || "digit";
  }

  /** Notes (the element's button, N): centre marks on or off. */
  toggleNotes() {
    this.run({ type: "entry", entry: this.entry() === "centre" ? "digit" : "centre" });
  }

  /** @param {Partial<PlayState>} patch */
  merge(patch) {
    if (!this.state || !Object.keys(patch).length) return;
    this.state = { ...this.state, ...patch };
    this.hooks.onChange?.();
  }

  /** @param {play.Intent} intent */
  run(intent) {
    if (!this.state) return false;
    const { moved, patch } = play.step(this.state, intent);
    this.merge(patch);
    if (moved) this.hooks.onMove();
    return moved;
  }

  /** A key on the grid; true when it was one of Solve's. @param {KeyboardEvent} e */
  key(e) {
    const s = this.state;
    if (!s) return false;
    const intent = play.solveIntent(e, s.entry, s.selected, s.game.geo);
    if (!intent) return false;
    this.run(intent);
    this.grid.select(this.state?.selected ?? -1, true);
    return true;
  }

  /**
   * Draw the game with the element's flags (Check) and hint step.
   * @param {{mistakes?: Map<number, string>, step?: any, duplicates?: Set<number>}} extra
   */
  render(extra = {}) {
    const s = this.state;
    if (!s) return;
    const { game } = s;
    this.grid.render(game.view("marks"), {
      marks: true,
      showCandidates: true,
      mistakes: extra.mistakes,
      step: extra.step,
      duplicates: extra.duplicates,
      corner: game.corner,
      colours: game.colours,
      candColours: game.candColours,
      selection: s.selection,
      highlight: highlights(game, s.selection, { digit: s.padDigit }),
    });
    this.grid.select(s.selected, false);
    this.pad.render({ geo: game.geo, solve: true, entry: s.entry, remaining: game.remaining() });
  }
}
