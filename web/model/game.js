// The solving state, without a DOM: the puzzle's givens, the player's own digits, centre marks (the
// candidates hints and Check read), corner marks (positional notes), cell and candidate colours,
// and every move in an undo/redo history. The page draws it; node's test runner tests it.
//
// Each move is recorded as the cells it changed, each cell before and after packed into numbers
// (model/cells.js), so the history is small enough to save as it grows. Moves on several cells
// (model/edits.js) are one entry, undone at once.
import { NINE, basicCandidates, geometry, geometryOfCells, Position } from "../board.js";
import * as cells from "./cells.js";
import * as edits from "./edits.js";
import * as formats from "./formats.js";
import * as mistakes from "./mistakes.js";

export { decodeMarks, digitsFromLine, encodeMarks } from "./cells.js";
export { parseHash } from "./formats.js";

const { packMain, givenOf, placedOf, centreOf, cornerOf, colourOf, cellsOf, lineOf } = cells;

/** @typedef {[number, number, number] | [number, number, number, number, number]} Change
 *  a cell and its state before and after (the candidate-colour words too when either is not 0) */
/** @typedef {{label: string, changes: Change[]}} Move */
export class Game {
  /**
   * @param {number[]|string} givens  one digit per cell, or a line; its length tells the size
   *   (81: 9x9, 36: 6x6) unless ``size`` does (an empty game of that size)
   * @param {{placed?: number[]|string, marks?: number[], corner?: number[], colours?: number[],
   *   candColours?: number[], size?: number}} rest  ``marks``: the centre marks
   */
  constructor(givens = [], { placed = [], marks = [], corner = [], colours = [], candColours = [], size = 0 } = {}) {
    /** @type {import("../board.js").Geometry} */
    this.geo = (size && geometry(size)) || geometryOfCells(givens.length) || NINE;
    this.givens = cellsOf(givens, this.geo);
    this.placed = cellsOf(placed, this.geo);
    const n = this.geo.cells;
    const all = this.geo.all;
    /** centre marks: the cell's candidates as the player sees them */
    this.marks = Array.from({ length: n }, (_, c) => (marks[c] || 0) & all);
    /** corner (Snyder) marks: where a digit can go in a box; hints do not read them */
    this.corner = Array.from({ length: n }, (_, c) => (corner[c] || 0) & all);
    /** cell colours, 0..9 */
    this.colours = Array.from({ length: n }, (_, c) => { const k = colours[c] || 0; return k >= 0 && k <= cells.CELL_COLOURS ? k : 0; });
    /** candidate colours, three bits per digit (model/cells.js) */
    this.candColours = Array.from({ length: n }, (_, c) => candColours[c] || 0);
    for (let c = 0; c < n; c++) if (this.givens[c]) this.placed[c] = 0;
    /** @type {Move[]} */ this.past = []; // the undo stack
    /** @type {Move[]} */ this.future = []; // the redo stack
    this.elapsed = 0; // seconds of play, kept with the game (the timer is the page's)
    this.version = 0; // bumped on every change, so a view knows when to redraw
  }

  // ---------------------------------------------------------------- reading
  /** The digit in cell c, given or placed (0: none). @param {number} c */
  digit(c) {
    return this.givens[c] || this.placed[c];
  }

  /** @param {number} c */
  isCell(c) {
    return Number.isInteger(c) && c >= 0 && c < this.geo.cells;
  }

  /** @param {number} c */
  isGiven(c) {
    return this.givens[c] !== 0;
  }

  /** The digits on the grid (givens and the player's). */
  values() {
    return this.givens.map((g, c) => g || this.placed[c]);
  }

  /** The puzzle: its givens as a line of n*n characters. */
  puzzle() {
    return lineOf(this.givens);
  }

  placedLine() {
    return lineOf(this.placed);
  }

  givenCount() {
    return this.givens.filter(Boolean).length;
  }

  /** Anything of the player's on the grid: digits, marks or colours. */
  hasProgress() {
    return this.placed.some(Boolean) || this.hasMarks() || this.hasCorner() || this.hasColours();
  }

  /** Has the player entered centre marks anywhere (in an empty cell)? */
  hasMarks() {
    return this.marks.some((m, c) => m && !this.digit(c));
  }

  /** Corner marks in an empty cell anywhere? */
  hasCorner() {
    return this.corner.some((m, c) => m && !this.digit(c));
  }

  /** Cell or candidate colours anywhere? */
  hasColours() {
    return this.colours.some(Boolean) || this.candColours.some(Boolean);
  }

  isComplete() {
    return this.values().every(Boolean);
  }

  /** How many of each digit are still to place: index d holds digit d's count (index 0 unused). */
  remaining() {
    const left = new Array(this.geo.size + 1).fill(this.geo.size);
    left[0] = 0;
    for (const d of this.values()) if (d) left[d]--;
    return left.map((k) => Math.max(0, k));
  }

  /**
   * Cells whose digit is not the solution's, and empty cells whose centre marks lost the
   * solution's digit (model/mistakes.js).
   * @param {number[]|string} solution
   */
  mistakes(solution) {
    return mistakes.mistakes(this, solution);
  }

  /** @param {number[]|string} solution */
  isSolved(solution) {
    const sol = mistakes.solutionDigits(solution, this.geo);
    return Boolean(sol) && this.values().every((d, c) => d && d === sol[c]);
  }

  /** Candidates of each empty cell allowed by the digits on the grid. */
  allowed() {
    return basicCandidates(this.values(), this.geo);
  }

  /**
   * The position as the grid view draws it (board.js Position). ``candidates``: "marks" shows
   * the player's centre marks; "computed" the candidates the digits allow; "shown" marks where the
   * player entered some, else the computed ones; "none" nothing.
   * @param {"marks"|"computed"|"shown"|"none"} candidates
   */
  view(candidates = "marks") {
    const values = this.values();
    let cands;
    if (candidates === "computed") cands = basicCandidates(values, this.geo);
    else if (candidates === "shown") cands = this.shownCandidates();
    else if (candidates === "marks") cands = this.marks.map((m, c) => (values[c] ? 0 : m));
    else cands = new Array(this.geo.cells).fill(0);
    return new Position(values, this.givens.map(Boolean), cands, this.geo);
  }

  /** Marks where the player entered some, else every digit the grid allows. */
  shownCandidates() {
    const allowed = this.allowed();
    return this.marks.map((m, c) => (this.digit(c) ? 0 : m ? m & allowed[c] : allowed[c]));
  }

  // ---------------------------------------------------------------- the position in other formats
  /** The hint request: {"givens", "placed", "candidates"} (centre marks; an empty list: none). */
  positionJSON() {
    return formats.positionJSON(this);
  }

  /** A pencilmark grid that Sudoku Explainer, HoDoKu and this package read. */
  pencilmark() {
    return formats.pencilmark(this);
  }

  /** A HoDoKu library line (null on a grid other than 9x9). */
  libraryLine() {
    return formats.libraryLine(this);
  }

  /** The link code "solve:..." (model/formats.js). @param {{progress?: boolean}} opts */
  shareCode({ progress = true } = {}) {
    return formats.shareCode(this, { progress });
  }

  // ---------------------------------------------------------------- the history
  /** The packed state of cell c: [main word, candidate-colour word]. @param {number} c */
  cellState(c) {
    return [packMain(this.givens[c], this.placed[c], this.marks[c], this.corner[c], this.colours[c]), this.candColours[c]];
  }

  /** @param {number} c @param {number} main @param {number} cand */
  setCell(c, main, cand = 0) {
    this.givens[c] = givenOf(main);
    this.placed[c] = placedOf(main);
    this.marks[c] = centreOf(main);
    this.corner[c] = cornerOf(main);
    this.colours[c] = colourOf(main);
    this.candColours[c] = cand;
  }

  /**
   * Run ``fn`` as one move labelled ``label``: the cells it touches are recorded before and after.
   * Returns true when something changed (then the move can be undone).
   * @param {string} label @param {() => void} fn
   */
  move(label, fn) {
    const before = this.givens.map((_, c) => this.cellState(c));
    fn();
    /** @type {Change[]} */
    const changes = [];
    for (let c = 0; c < this.geo.cells; c++) {
      const [m0, k0] = before[c];
      const [m1, k1] = this.cellState(c);
      if (m0 === m1 && k0 === k1) continue;
      changes.push(k0 || k1 ? [c, m0, m1, k0, k1] : [c, m0, m1]);
    }
    if (!changes.length) return false;
    this.past.push({ label, changes });
    this.future = [];
    this.version++;
    return true;
  }

  canUndo() { return this.past.length > 0; }
  canRedo() { return this.future.length > 0; }

  /** Undo the last move; returns its label (or null). */
  undo() {
    const m = this.past.pop();
    if (!m) return null;
    for (let i = m.changes.length - 1; i >= 0; i--) {
      const x = m.changes[i];
      this.setCell(x[0], x[1], x[3] || 0);
    }
    this.future.push(m);
    this.version++;
    return m.label;
  }

  redo() {
    const m = this.future.pop();
    if (!m) return null;
    for (const x of m.changes) this.setCell(x[0], x[2], x[4] || 0);
    this.past.push(m);
    this.version++;
    return m.label;
  }

  /** How many moves to keep to be back before the first mistake (-1: none). @param {number[]|string} solution */
  firstMistakeAt(solution) {
    return mistakes.firstMistakeAt(this, solution);
  }

  /** Back to the position before the first mistake, as one move of its own. @param {number[]|string} solution */
  undoToFirstMistake(solution) {
    return mistakes.undoToFirstMistake(this, solution);
  }

  // ---------------------------------------------------------------- changing (each call is one move)
  /**
   * Solve mode: the player's digit in cell c (givens cannot change). ``clearPeers`` removes the
   * digit from the centre marks of the cell's row, column and box.
   * @param {number} c @param {number} d @param {{clearPeers?: boolean}} opts
   */
  place(c, d, { clearPeers = true } = {}) {
    return edits.placeDigit(this, [c], d, { clearPeers });
  }

  /** Solve mode: erase the player's digit, or the cell's marks when it holds none. @param {number} c */
  erase(c) {
    return edits.eraseCells(this, [c]);
  }

  /** Toggle a centre mark. @param {number} c @param {number} d */
  toggleMark(c, d) {
    return edits.toggleMarks(this, [c], d, "centre");
  }

  /** Every empty cell gets the candidates the givens and the player's digits allow (centre marks). */
  fillCandidates() {
    const allowed = this.allowed();
    return this.move("fill in all candidates", () => {
      for (let c = 0; c < this.geo.cells; c++) if (!this.digit(c)) this.marks[c] = allowed[c];
    });
  }

  /**
   * A step in the engine's JSON shape as the player's move (model/edits.js).
   * @param {import("./edits.js").Step} step @param {string|null} label
   */
  applyStep(step, label = null) {
    return edits.applyStep(this, step, label);
  }

  /**
   * Enter mode: a given (0 erases it). The player's digits, marks and colours belong to the old
   * puzzle, so they go in the same move (and come back with undo).
   * @param {number} c @param {number} d
   */
  setGiven(c, d) {
    if (!this.isCell(c) || (d && !this.geo.isDigit(d)) || this.givens[c] === d) return false;
    const name = this.geo.cellName(c);
    return this.move(d ? `given ${d} in ${name}` : `erase ${name}`, () => {
      this.givens[c] = d;
      for (const a of [this.placed, this.marks, this.corner, this.colours, this.candColours]) a.fill(0);
    });
  }

  /**
   * Replace everything (a new puzzle of the same size, a pasted position) as one move.
   * @param {number[]|string} givens
   * @param {{placed?: number[]|string, marks?: number[], corner?: number[], colours?: number[], candColours?: number[]}} rest
   * @param {string} label
   */
  load(givens, { placed = [], marks = [], corner = [], colours = [], candColours = [] } = {}, label = "load a puzzle") {
    const g = cellsOf(givens, this.geo);
    const p = cellsOf(placed, this.geo);
    const all = this.geo.all;
    return this.move(label, () => {
      for (let c = 0; c < this.geo.cells; c++) {
        const k = colours[c] || 0;
        const main = packMain(g[c], g[c] ? 0 : p[c], (marks[c] || 0) & all, (corner[c] || 0) & all, k <= cells.CELL_COLOURS ? k : 0);
        this.setCell(c, main, candColours[c] || 0);
      }
    });
  }

  /**
   * Fix the mistakes: wrong digits erased, the solution's digit back in the marks that lost it.
   * @param {number[]|string} solution @param {number[]|null} only  just these cells
   */
  fixMistakes(solution, only = null) {
    return mistakes.fixMistakes(this, solution, only);
  }

  // ---------------------------------------------------------------- saving
  /** Plain data for local storage: the position, the whole history and the time played. */
  toJSON() {
    return formats.savedData(this);
  }

  /** A game from `toJSON`'s data, also as saved before corner marks and colours existed. @param {any} data */
  static fromJSON(data) {
    const s = formats.readSaved(data);
    const g = new Game(s.givens, s);
    g.past = s.past;
    g.future = s.future;
    g.elapsed = s.elapsed;
    return g;
  }
}
