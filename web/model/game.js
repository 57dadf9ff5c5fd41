// The solving state, without a DOM: the puzzle's givens, the player's own digits and pencil marks,
// and every move in an undo/redo history. The page draws it; node's test runner tests it.
//
// Each move is recorded as the cells it changed, each cell before and after packed into one
// integer (given digit, placed digit, marks), so the history is small enough to save as it grows.
import { ALL, PEERS, basicCandidates, bit, cellIndex, cellName, digitsOf, pencilmarkGrid, Position } from "../board.js";

const pack = (given, placed, marks) => given | (placed << 4) | (marks << 8);
const givenOf = (s) => s & 15;
const placedOf = (s) => (s >> 4) & 15;
const marksOf = (s) => (s >> 8) & ALL;

const BASE32 = "0123456789abcdefghijklmnopqrstuv";

/** 81 digits from a line ("." "0" or any non-digit are blanks); anything shorter is padded. */
export function digitsFromLine(line = "") {
  const out = [];
  for (const ch of String(line)) {
    if (out.length === 81) break;
    out.push(ch >= "1" && ch <= "9" ? Number(ch) : 0);
  }
  while (out.length < 81) out.push(0);
  return out;
}

const lineOf = (digits, blank = ".") => digits.map((d) => (d ? String(d) : blank)).join("");

export class Game {
  /**
   * @param {number[]|string} givens  81 digits or a line
   * @param {{placed?: number[]|string, marks?: number[]}} rest
   */
  constructor(givens = [], { placed = [], marks = [] } = {}) {
    this.givens = typeof givens === "string" ? digitsFromLine(givens) : digitsFromLine(lineOf(givens));
    this.placed = typeof placed === "string" ? digitsFromLine(placed) : digitsFromLine(lineOf(placed));
    this.marks = Array.from({ length: 81 }, (_, c) => (marks[c] || 0) & ALL);
    for (let c = 0; c < 81; c++) if (this.givens[c]) this.placed[c] = 0;
    this.past = []; // undo stack: {label, changes: [[cell, before, after], ...]}
    this.future = []; // redo stack
    this.elapsed = 0; // seconds of play, kept with the game (the timer is the page's)
    this.version = 0; // bumped on every change, so a view knows when to redraw
  }

  // ---------------------------------------------------------------- reading
  digit(c) {
    return this.givens[c] || this.placed[c];
  }

  isGiven(c) {
    return this.givens[c] !== 0;
  }

  /** The 81 digits on the grid (givens and the player's). */
  values() {
    return this.givens.map((g, c) => g || this.placed[c]);
  }

  /** The puzzle: its givens as an 81-character line. */
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
    const sol = typeof solution === "string" ? digitsFromLine(solution) : solution;
    const wrong = [];
    const missing = [];
    if (!sol || sol.length !== 81 || sol.some((d) => !d)) return { wrong, missing };
    for (let c = 0; c < 81; c++) {
      if (this.placed[c] && this.placed[c] !== sol[c]) wrong.push(c);
      else if (!this.digit(c) && this.marks[c] && !(this.marks[c] & bit(sol[c]))) missing.push(c);
    }
    return { wrong, missing };
  }

  isSolved(solution) {
    const sol = typeof solution === "string" ? digitsFromLine(solution) : solution;
    return Boolean(sol) && this.values().every((d, c) => d && d === sol[c]);
  }

  /** Candidates of each empty cell allowed by the digits on the grid. */
  allowed() {
    return basicCandidates(this.values());
  }

  /**
   * The position as the grid view draws it (board.js Position). ``candidates``: "marks" shows
   * the player's marks; "computed" the candidates the digits allow; "shown" marks where the
   * player entered some, else the computed ones; "none" nothing.
   */
  view(candidates = "marks") {
    const values = this.values();
    let cands;
    if (candidates === "computed") cands = basicCandidates(values);
    else if (candidates === "shown") cands = this.shownCandidates();
    else if (candidates === "marks") cands = this.marks.map((m, c) => (values[c] ? 0 : m));
    else cands = new Array(81).fill(0);
    return new Position(values, this.givens.map(Boolean), cands);
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
    return pencilmarkGrid(new Position(this.values(), this.givens.map(Boolean), this.shownCandidates()));
  }

  /** A HoDoKu library line: givens, "+" before the player's digits, the candidates the marks removed. */
  libraryLine() {
    const cells = this.givens.map((g, c) => (g ? String(g) : this.placed[c] ? `+${this.placed[c]}` : ".")).join("");
    const allowed = this.allowed();
    const shown = this.shownCandidates();
    const deleted = [];
    for (let c = 0; c < 81; c++) {
      for (const d of digitsOf(allowed[c] & ~shown[c])) deleted.push(`${d}${Math.floor(c / 9) + 1}${(c % 9) + 1}`);
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
    for (let c = 0; c < 81; c++) {
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
    if (c < 0 || c > 80 || this.givens[c] || d < 1 || d > 9 || this.placed[c] === d) return false;
    return this.move(`${d} in ${cellName(c)}`, () => {
      this.placed[c] = d;
      if (clearPeers) for (const p of PEERS[c]) if (!this.digit(p)) this.marks[p] &= ~bit(d);
    });
  }

  /** Solve mode: erase the player's digit, or the cell's marks when it holds none. */
  erase(c) {
    if (c < 0 || c > 80 || this.givens[c]) return false;
    return this.move(`erase ${cellName(c)}`, () => {
      if (this.placed[c]) this.placed[c] = 0;
      else this.marks[c] = 0;
    });
  }

  toggleMark(c, d) {
    if (c < 0 || c > 80 || this.digit(c) || d < 1 || d > 9) return false;
    const on = !(this.marks[c] & bit(d));
    return this.move(`${on ? "mark" : "unmark"} ${d} in ${cellName(c)}`, () => {
      this.marks[c] ^= bit(d);
    });
  }

  /** Every empty cell gets the candidates the givens and the player's digits allow. */
  fillCandidates() {
    const allowed = this.allowed();
    return this.move("fill in all candidates", () => {
      for (let c = 0; c < 81; c++) if (!this.digit(c)) this.marks[c] = allowed[c];
    });
  }

  /**
   * A step in the engine's JSON shape as the player's move: placements (their digits leave the
   * peers' marks), eliminations (removed from the marks; cells without marks first get every
   * allowed candidate, so the removal shows).
   */
  applyStep(step, label = null) {
    return this.move(label || `apply ${step.name || step.technique || "step"}`, () => {
      const elims = (step.eliminations || []).map((e) => [cellIndex(e.cell), e.digit]).filter(([c]) => c >= 0);
      if (elims.length) {
        const allowed = this.allowed();
        for (let c = 0; c < 81; c++) if (!this.digit(c) && !this.marks[c]) this.marks[c] = allowed[c];
      }
      for (const [c, d] of elims) if (!this.digit(c)) this.marks[c] &= ~bit(d);
      for (const p of step.placements || []) {
        const c = cellIndex(p.cell);
        if (c < 0 || this.givens[c]) continue;
        this.placed[c] = p.digit;
        for (const q of PEERS[c]) if (!this.digit(q)) this.marks[q] &= ~bit(p.digit);
      }
    });
  }

  /** Enter mode: a given (0 erases it). The player's digits and marks belong to the old puzzle,
   * so they go in the same move (and come back with undo). */
  setGiven(c, d) {
    if (c < 0 || c > 80 || d < 0 || d > 9 || this.givens[c] === d) return false;
    return this.move(d ? `given ${d} in ${cellName(c)}` : `erase ${cellName(c)}`, () => {
      this.givens[c] = d;
      this.placed.fill(0);
      this.marks.fill(0);
    });
  }

  /** Replace everything (a new puzzle, Clear, a pasted position) as one move. */
  load(givens, { placed = [], marks = [] } = {}, label = "load a puzzle") {
    const g = typeof givens === "string" ? digitsFromLine(givens) : digitsFromLine(lineOf(givens));
    const p = typeof placed === "string" ? digitsFromLine(placed) : digitsFromLine(lineOf(placed));
    return this.move(label, () => {
      for (let c = 0; c < 81; c++) {
        this.givens[c] = g[c];
        this.placed[c] = g[c] ? 0 : p[c];
        this.marks[c] = (marks[c] || 0) & ALL;
      }
    });
  }

  /** Fix the mistakes: wrong digits erased, the solution's digit back in the marks that lost it. */
  fixMistakes(solution, cells = null) {
    const sol = typeof solution === "string" ? digitsFromLine(solution) : solution;
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
    const g = new Game(data.givens || "", { placed: data.placed || "", marks: decodeMarks(data.marks || "") });
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

/** Marks as 162 characters: two base-32 characters per cell. */
export function encodeMarks(marks) {
  return marks.map((m) => BASE32[(m >> 5) & 31] + BASE32[m & 31]).join("");
}

export function decodeMarks(text) {
  const out = new Array(81).fill(0);
  if (typeof text !== "string" || text.length !== 162) return out;
  for (let c = 0; c < 81; c++) {
    const hi = BASE32.indexOf(text[2 * c]);
    const lo = BASE32.indexOf(text[2 * c + 1]);
    if (hi >= 0 && lo >= 0) out[c] = ((hi << 5) | lo) & ALL;
  }
  return out;
}

/**
 * Read a location hash: "#<81 chars>" (a puzzle to analyse) or "#solve:<givens>[:<placed>[:<marks>]]".
 * Returns {mode, givens, placed, marks} or null when the hash holds no puzzle code.
 */
export function parseHash(hash) {
  const raw = decodeURIComponent(String(hash || "").replace(/^#/, "")).trim();
  if (!raw) return null;
  const m = /^solve:([1-9.0]{81})(?::([1-9.0]{81}))?(?::([0-9a-v]{162}))?$/.exec(raw);
  if (m) return { mode: "solve", givens: m[1], placed: m[2] || "", marks: decodeMarks(m[3] || "") };
  return { mode: "analyse", text: raw };
}
