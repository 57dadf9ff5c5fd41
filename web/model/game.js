// The solving state, without a DOM: the puzzle's givens, the player's own digits and pencil marks,
// and every move in an undo/redo history. The page draws it; node's test runner tests it.
//
// Each move is recorded as the cells it changed, each cell before and after packed into one
// integer (given digit, placed digit, marks), so the history is small enough to save as it grows.
import { NINE, basicCandidates, bit, digitsOf, geometry, geometryOfCells, pencilmarkGrid, Position } from "../board.js";

const pack = (given, placed, marks) => given | (placed << 4) | (marks << 8);
const givenOf = (s) => s & 15;
const placedOf = (s) => (s >> 4) & 15;
const marksOf = (s) => (s >> 8) & 0x1ff;

const BASE32 = "0123456789abcdefghijklmnopqrstuv";

/**
 * The cells of a line, one digit each ("." "0" or any non-digit are blanks), for a grid of
 * `geo` (by default the one whose cell count is the line's length, else 9x9); a shorter line is
 * padded, a longer one cut.
 */
export function digitsFromLine(line = "", geo = null) {
  const text = String(line);
  const g = geo || geometryOfCells(text.length) || NINE;
  const out = [];
  for (const ch of text) {
    if (out.length === g.cells) break;
    out.push(ch >= "1" && ch <= "9" && Number(ch) <= g.size ? Number(ch) : 0);
  }
  while (out.length < g.cells) out.push(0);
  return out;
}

const lineOf = (digits, blank = ".") => digits.map((d) => (d ? String(d) : blank)).join("");

/** One digit per cell of `geo` from a line or a list of digits. */
const cellsOf = (x, geo) => digitsFromLine(typeof x === "string" ? x : lineOf(x), geo);

export class Game {
  /**
   * @param {number[]|string} givens  one digit per cell, or a line; its length tells the size
   *   (81: 9x9, 36: 6x6) unless ``size`` does (an empty game of that size)
   * @param {{placed?: number[]|string, marks?: number[], size?: number}} rest
   */
  constructor(givens = [], { placed = [], marks = [], size = 0 } = {}) {
    this.geo = (size && geometry(size)) || geometryOfCells(givens.length) || NINE;
    this.givens = cellsOf(givens, this.geo);
    this.placed = cellsOf(placed, this.geo);
    this.marks = Array.from({ length: this.geo.cells }, (_, c) => (marks[c] || 0) & this.geo.all);
    for (let c = 0; c < this.geo.cells; c++) if (this.givens[c]) this.placed[c] = 0;
    this.past = []; // undo stack: {label, changes: [[cell, before, after], ...]}
    this.future = []; // redo stack
    this.elapsed = 0; // seconds of play, kept with the game (the timer is the page's)
    this.version = 0; // bumped on every change, so a view knows when to redraw
  }

  // ---------------------------------------------------------------- reading
  digit(c) {
    return this.givens[c] || this.placed[c];
  }

  /** Is `c` a cell of this grid? */
  isCell(c) {
    return Number.isInteger(c) && c >= 0 && c < this.geo.cells;
  }

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

  hasProgress() {
    return this.placed.some(Boolean) || this.marks.some((m, c) => m && !this.digit(c));
  }

  /** Has the player entered marks anywhere (in an empty cell)? */
  hasMarks() {
    return this.marks.some((m, c) => m && !this.digit(c));
  }

  isComplete() {
    return this.values().every(Boolean);
  }

  /** Cells whose digit is not the solution's, and empty cells whose marks lost the solution's digit. */
  mistakes(solution) {
    const sol = typeof solution === "string" ? digitsFromLine(solution, this.geo) : solution;
    const wrong = [];
    const missing = [];
    if (!sol || sol.length !== this.geo.cells || sol.some((d) => !d)) return { wrong, missing };
    for (let c = 0; c < this.geo.cells; c++) {
      if (this.placed[c] && this.placed[c] !== sol[c]) wrong.push(c);
      else if (!this.digit(c) && this.marks[c] && !(this.marks[c] & bit(sol[c]))) missing.push(c);
    }
    return { wrong, missing };
  }

  isSolved(solution) {
    const sol = typeof solution === "string" ? digitsFromLine(solution, this.geo) : solution;
    return Boolean(sol) && this.values().every((d, c) => d && d === sol[c]);
  }

  /** Candidates of each empty cell allowed by the digits on the grid. */
  allowed() {
    return basicCandidates(this.values(), this.geo);
  }

  /**
   * The position as the grid view draws it (board.js Position). ``candidates``: "marks" shows
   * the player's marks; "computed" the candidates the digits allow; "shown" marks where the
   * player entered some, else the computed ones; "none" nothing.
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

  // ---------------------------------------------------------------- the position in other formats
  /** The hint request: {"givens", "placed", "candidates"} (an empty list: no marks in that cell). */
  positionJSON() {
    return JSON.stringify({
      givens: this.puzzle(),
      placed: this.placedLine(),
      candidates: this.marks.map((m, c) => (this.digit(c) ? [] : digitsOf(m))),
    });
  }

  /** Marks where the player entered some, else every digit the grid allows. */
  shownCandidates() {
    const allowed = this.allowed();
    return this.marks.map((m, c) => (this.digit(c) ? 0 : m ? m & allowed[c] : allowed[c]));
  }

  /** A pencilmark grid that Sudoku Explainer, HoDoKu and this package read. */
  pencilmark() {
    return pencilmarkGrid(new Position(this.values(), this.givens.map(Boolean), this.shownCandidates(), this.geo));
  }

  /**
   * A HoDoKu library line: givens, "+" before the player's digits, the candidates the marks removed.
   * Null on a grid other than 9x9: HoDoKu's format has 81 cells (the package refuses 36).
   */
  libraryLine() {
    if (this.geo !== NINE) return null;
    const cells = this.givens.map((g, c) => (g ? String(g) : this.placed[c] ? `+${this.placed[c]}` : ".")).join("");
    const allowed = this.allowed();
    const shown = this.shownCandidates();
    const deleted = [];
    const g = this.geo;
    for (let c = 0; c < g.cells; c++) {
      for (const d of digitsOf(allowed[c] & ~shown[c])) deleted.push(`${d}${g.rowOf(c) + 1}${g.colOf(c) + 1}`);
    }
    return `:0000::${cells}:${deleted.join(" ")}:::`;
  }

  // ---------------------------------------------------------------- changing (each call is one move)
  /**
   * Run ``fn`` as one move labelled ``label``: the cells it touches are recorded before and after.
   * Returns true when something changed (then the move can be undone).
   */
  move(label, fn) {
    const before = this.givens.map((g, c) => pack(g, this.placed[c], this.marks[c]));
    fn();
    const changes = [];
    for (let c = 0; c < this.geo.cells; c++) {
      const after = pack(this.givens[c], this.placed[c], this.marks[c]);
      if (after !== before[c]) changes.push([c, before[c], after]);
    }
    if (!changes.length) return false;
    this.past.push({ label, changes });
    this.future = [];
    this.version++;
    return true;
  }

  /** Solve mode: the player's digit in cell c (givens cannot change). ``clearPeers`` removes the
   * digit from the marks of the cell's row, column and box. */
  place(c, d, { clearPeers = true } = {}) {
    if (!this.isCell(c) || this.givens[c] || !this.geo.isDigit(d) || this.placed[c] === d) return false;
    return this.move(`${d} in ${this.geo.cellName(c)}`, () => {
      this.placed[c] = d;
      if (clearPeers) for (const p of this.geo.peers[c]) if (!this.digit(p)) this.marks[p] &= ~bit(d);
    });
  }

  /** Solve mode: erase the player's digit, or the cell's marks when it holds none. */
  erase(c) {
    if (!this.isCell(c) || this.givens[c]) return false;
    return this.move(`erase ${this.geo.cellName(c)}`, () => {
      if (this.placed[c]) this.placed[c] = 0;
      else this.marks[c] = 0;
    });
  }

  toggleMark(c, d) {
    if (!this.isCell(c) || this.digit(c) || !this.geo.isDigit(d)) return false;
    const on = !(this.marks[c] & bit(d));
    return this.move(`${on ? "mark" : "unmark"} ${d} in ${this.geo.cellName(c)}`, () => {
      this.marks[c] ^= bit(d);
    });
  }

  /** Every empty cell gets the candidates the givens and the player's digits allow. */
  fillCandidates() {
    const allowed = this.allowed();
    return this.move("fill in all candidates", () => {
      for (let c = 0; c < this.geo.cells; c++) if (!this.digit(c)) this.marks[c] = allowed[c];
    });
  }

  /**
   * A step in the engine's JSON shape as the player's move: placements (their digits leave the
   * peers' marks), eliminations (removed from the marks; cells without marks first get every
   * allowed candidate, so the removal shows).
   */
  applyStep(step, label = null) {
    return this.move(label || `apply ${step.name || step.technique || "step"}`, () => {
      const g = this.geo;
      const elims = (step.eliminations || []).map((e) => [g.cellIndex(e.cell), e.digit]).filter(([c]) => c >= 0);
      if (elims.length) {
        const allowed = this.allowed();
        for (let c = 0; c < g.cells; c++) if (!this.digit(c) && !this.marks[c]) this.marks[c] = allowed[c];
      }
      for (const [c, d] of elims) if (!this.digit(c)) this.marks[c] &= ~bit(d);
      for (const p of step.placements || []) {
        const c = g.cellIndex(p.cell);
        if (c < 0 || this.givens[c]) continue;
        this.placed[c] = p.digit;
        for (const q of g.peers[c]) if (!this.digit(q)) this.marks[q] &= ~bit(p.digit);
      }
    });
  }

  /** Enter mode: a given (0 erases it). The player's digits and marks belong to the old puzzle,
   * so they go in the same move (and come back with undo). */
  setGiven(c, d) {
    if (!this.isCell(c) || (d && !this.geo.isDigit(d)) || this.givens[c] === d) return false;
    const name = this.geo.cellName(c);
    return this.move(d ? `given ${d} in ${name}` : `erase ${name}`, () => {
      this.givens[c] = d;
      this.placed.fill(0);
      this.marks.fill(0);
    });
  }

  /** Replace everything (a new puzzle of the same size, a pasted position) as one move. */
  load(givens, { placed = [], marks = [] } = {}, label = "load a puzzle") {
    const g = cellsOf(givens, this.geo);
    const p = cellsOf(placed, this.geo);
    return this.move(label, () => {
      for (let c = 0; c < this.geo.cells; c++) {
        this.givens[c] = g[c];
        this.placed[c] = g[c] ? 0 : p[c];
        this.marks[c] = (marks[c] || 0) & this.geo.all;
      }
    });
  }

  /** Fix the mistakes: wrong digits erased, the solution's digit back in the marks that lost it. */
  fixMistakes(solution, cells = null) {
    const sol = typeof solution === "string" ? digitsFromLine(solution, this.geo) : solution;
    const { wrong, missing } = this.mistakes(sol);
    const only = cells ? new Set(cells) : null;
    return this.move("fix mistakes", () => {
      for (const c of wrong) if (!only || only.has(c)) this.placed[c] = 0;
      for (const c of missing) if (!only || only.has(c)) this.marks[c] |= bit(sol[c]);
    });
  }

  canUndo() {
    return this.past.length > 0;
  }

  canRedo() {
    return this.future.length > 0;
  }

  /** Undo the last move; returns its label (or null). */
  undo() {
    const m = this.past.pop();
    if (!m) return null;
    for (let i = m.changes.length - 1; i >= 0; i--) this.setCell(m.changes[i][0], m.changes[i][1]);
    this.future.push(m);
    this.version++;
    return m.label;
  }

  redo() {
    const m = this.future.pop();
    if (!m) return null;
    for (const [c, , after] of m.changes) this.setCell(c, after);
    this.past.push(m);
    this.version++;
    return m.label;
  }

  setCell(c, s) {
    this.givens[c] = givenOf(s);
    this.placed[c] = placedOf(s);
    this.marks[c] = marksOf(s);
  }

  // ---------------------------------------------------------------- saving and sharing
  /** Plain data for local storage: the position, the whole history and the time played. */
  toJSON() {
    return {
      givens: this.puzzle(),
      placed: this.placedLine(),
      marks: encodeMarks(this.marks),
      past: this.past,
      future: this.future,
      elapsed: Math.round(this.elapsed),
    };
  }

  static fromJSON(data) {
    const givens = data.givens || "";
    const g = new Game(givens, { placed: data.placed || "", marks: decodeMarks(data.marks || "", givens.length) });
    const valid = (list) =>
      Array.isArray(list) &&
      list.every((m) => m && Array.isArray(m.changes) && m.changes.every((x) => Array.isArray(x) && x.length === 3));
    if (valid(data.past)) g.past = data.past;
    if (valid(data.future)) g.future = data.future;
    g.elapsed = Number(data.elapsed) || 0;
    return g;
  }

  /** The link code: "solve:<givens>" and, with progress, ":<placed>" and ":<marks>". */
  shareCode({ progress = true } = {}) {
    let code = `solve:${this.puzzle()}`;
    if (progress && this.hasProgress()) {
      code += `:${this.placedLine()}`;
      if (this.hasMarks()) code += `:${encodeMarks(this.marks.map((m, c) => (this.digit(c) ? 0 : m)))}`;
    }
    return code;
  }
}

/** Marks as two base-32 characters per cell (162 characters on 9x9, 72 on 6x6). */
export function encodeMarks(marks) {
  return marks.map((m) => BASE32[(m >> 5) & 31] + BASE32[m & 31]).join("");
}

/** The marks of `cells` cells from `encodeMarks`'s text (none when the text is not that long). */
export function decodeMarks(text, cells = NINE.cells) {
  const out = new Array(cells).fill(0);
  if (typeof text !== "string" || text.length !== 2 * cells) return out;
  for (let c = 0; c < cells; c++) {
    const hi = BASE32.indexOf(text[2 * c]);
    const lo = BASE32.indexOf(text[2 * c + 1]);
    if (hi >= 0 && lo >= 0) out[c] = ((hi << 5) | lo) & 0x1ff;
  }
  return out;
}

/**
 * Read a location hash: "#<puzzle>" (a puzzle to analyse: 81 characters, 36 for 6x6, or any text
 * the package reads) or "#solve:<givens>[:<placed>[:<marks>]]" with givens of 81 or 36 cells.
 * Returns {mode, givens, placed, marks} or {mode: "analyse", text}, or null when the hash holds
 * no puzzle code.
 * @returns {{mode: "solve", givens: string, placed: string, marks: number[]} | {mode: "analyse", text: string} | null}
 */
export function parseHash(hash) {
  const raw = decodeURIComponent(String(hash || "").replace(/^#/, "")).trim();
  if (!raw) return null;
  const m = /^solve:([1-9.0]+)(?::([1-9.0]+))?(?::([0-9a-v]+))?$/.exec(raw);
  const geo = m && geometryOfCells(m[1].length);
  const fits = (part, n) => part === undefined || part.length === n;
  if (geo && fits(m[2], geo.cells) && fits(m[3], 2 * geo.cells) && [...m[1]].every((ch) => !(Number(ch) > geo.size))) {
    return { mode: "solve", givens: m[1], placed: m[2] || "", marks: decodeMarks(m[3] || "", geo.cells) };
  }
  return { mode: "analyse", text: raw };
}
