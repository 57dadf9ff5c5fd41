// The grid as the page keeps it: its geometry (size and box shape), values, givens, candidates;
// cell names; replaying steps. Parsing of any text format is the Python package's job (op
// "parse"); this file only does what the page must do instantly while a person types.
//
// A grid of size n has n*n cells, row by row (the worker's order), digits 1..n, and boxes of
// `boxRows` x `boxCols` cells; houses are its rows, then its columns, then its boxes (as in
// the package's geometry). Cells are named r1c1 on every size.

/** The box shape of each grid size the page draws: what the worker answers as `box`. */
const BOXES = { 9: [3, 3], 6: [2, 3] };

/** The shape of one grid size: its cells, houses, peers and candidate masks. */
export class Geometry {
  constructor(size, [boxRows, boxCols]) {
    this.size = size;
    this.boxRows = boxRows;
    this.boxCols = boxCols;
    this.box = [boxRows, boxCols];
    this.cells = size * size;
    this.all = (1 << size) - 1; // the candidate mask with every digit
    this.digits = Array.from({ length: size }, (_, i) => i + 1);
    const n = size;
    const row = (c) => Math.floor(c / n);
    const col = (c) => c % n;
    const box = (c) => Math.floor(row(c) / boxRows) * (n / boxCols) + Math.floor(col(c) / boxCols);
    /** Houses 0..3n-1 as cell lists: rows, columns, boxes. */
    this.houses = [
      ...Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, i) => r * n + i)),
      ...Array.from({ length: n }, (_, k) => Array.from({ length: n }, (_, i) => i * n + k)),
      ...Array.from({ length: n }, (_, b) => [...Array(this.cells).keys()].filter((c) => box(c) === b)),
    ];
    /** The cells that share a row, a column or a box with each cell. */
    this.peers = Array.from({ length: this.cells }, (_, c) =>
      [...Array(this.cells).keys()].filter((o) => o !== c && (row(o) === row(c) || col(o) === col(c) || box(o) === box(c))),
    );
  }

  rowOf(c) {
    return Math.floor(c / this.size);
  }

  colOf(c) {
    return c % this.size;
  }

  boxOf(c) {
    return Math.floor(this.rowOf(c) / this.boxRows) * (this.size / this.boxCols) + Math.floor(this.colOf(c) / this.boxCols);
  }

  cellName(c) {
    return `r${this.rowOf(c) + 1}c${this.colOf(c) + 1}`;
  }

  /** "r4c7" -> its index on this grid (-1 when the name is not one of its cells). */
  cellIndex(name) {
    const m = /^r(\d)c(\d)$/.exec(name);
    if (!m) return -1;
    const r = Number(m[1]);
    const k = Number(m[2]);
    return r >= 1 && r <= this.size && k >= 1 && k <= this.size ? (r - 1) * this.size + k - 1 : -1;
  }

  /** "r3" / "c5" / "b7" -> the house's cells */
  houseCells(short) {
    const m = /^([rcb])(\d)$/.exec(short);
    const k = m ? Number(m[2]) - 1 : -1;
    if (k < 0 || k >= this.size) return [];
    return this.houses[{ r: 0, c: 1, b: 2 }[m[1]] * this.size + k];
  }

  /** Is `d` a digit of this grid? */
  isDigit(d) {
    return Number.isInteger(d) && d >= 1 && d <= this.size;
  }
}

const made = new Map();

/** The geometry of a size (6 or 9); `box` when the worker named the shape. Null for other sizes. */
export function geometry(size = 9, box = null) {
  const shape = box && box.length === 2 ? box : BOXES[size];
  if (!shape || shape[0] * shape[1] !== size) return null;
  const key = `${size}:${shape}`;
  if (!made.has(key)) made.set(key, new Geometry(size, shape));
  return made.get(key);
}

/** The grid sizes the page draws, largest first. */
export const SIZES = Object.keys(BOXES).map(Number).sort((a, b) => b - a);

/** The geometry whose cell count is `n` (81 -> 9x9, 36 -> 6x6), or null. */
export function geometryOfCells(n) {
  const size = Math.round(Math.sqrt(n));
  return size * size === n ? geometry(size) : null;
}

/** The geometry a worker answer names (`size`, `box`), else the one its lists' length tells. */
export function geometryOf(answer, fallback = NINE) {
  if (answer?.size) return geometry(answer.size, answer.box) || fallback;
  const n = answer?.values?.length || answer?.puzzle?.length || 0;
  return geometryOfCells(n) || fallback;
}

/** Is `line` a plain puzzle line of some size the page draws (only its digits and blanks)? */
export function plainLineGeometry(line) {
  const g = geometryOfCells(String(line || "").length);
  if (!g) return null;
  return new RegExp(`^[1-${g.size}.0]+$`).test(line) ? g : null;
}

export const NINE = geometry(9);

export const bit = (d) => 1 << (d - 1);

/** The digits of a candidate mask, smallest first. */
export function digitsOf(mask) {
  const out = [];
  for (let d = 1; mask >> (d - 1); d++) if (mask & bit(d)) out.push(d);
  return out;
}

export const popcount = (mask) => digitsOf(mask).length;

export class Position {
  /** `values`: one digit per cell (0 empty), n*n of them; the geometry follows from their count. */
  constructor(values = new Array(NINE.cells).fill(0), givens = null, cands = null, geo = null) {
    this.geo = geo || geometryOfCells(values.length) || NINE;
    this.values = values.slice();
    this.givens = givens ? givens.slice() : values.map((v) => v !== 0);
    this.cands = cands ? cands.slice() : basicCandidates(this.values, this.geo);
  }

  /** A line of digits and blanks ("." "0" "-" "*" "_"); its cell count tells the size unless `geo` does. */
  static fromLine(line, geo = null) {
    const vals = [];
    for (const ch of String(line)) {
      if (ch >= "1" && ch <= "9") vals.push(Number(ch));
      else if (".0-*_".includes(ch)) vals.push(0);
    }
    const g = geo || geometryOfCells(vals.length) || NINE;
    vals.length = Math.min(vals.length, g.cells);
    while (vals.length < g.cells) vals.push(0);
    return new Position(vals, null, null, g);
  }

  /** From the worker's "parse" result (values, givens, candidates lists; size and box). */
  static fromParsed(p) {
    const cands = p.candidates.map((ds, c) => (p.values[c] ? 0 : ds.reduce((m, d) => m | bit(d), 0)));
    return new Position(p.values, p.givens, cands, geometryOf(p));
  }

  copy() {
    return new Position(this.values, this.givens, this.cands, this.geo);
  }

  line(blank = ".") {
    return this.values.map((v) => (v ? String(v) : blank)).join("");
  }

  givenLine() {
    return this.values.map((v, c) => (v && this.givens[c] ? String(v) : ".")).join("");
  }

  filled() {
    return this.values.filter((v) => v).length;
  }

  candidateCount() {
    return this.cands.reduce((n, m, c) => n + (this.values[c] ? 0 : popcount(m)), 0);
  }

  /** Do the candidates say more than the filled cells alone? Then the text must carry them. */
  hasPencilmarks() {
    const basic = basicCandidates(this.values, this.geo);
    return this.cands.some((m, c) => !this.values[c] && m !== basic[c]);
  }

  /** The text the worker gets: a line of n*n cells, or a pencilmark grid when candidates were removed. */
  text() {
    return this.hasPencilmarks() ? pencilmarkGrid(this) : this.line();
  }

  place(c, d) {
    this.values[c] = d;
    this.cands[c] = 0;
    for (const p of this.geo.peers[c]) this.cands[p] &= ~bit(d);
  }

  /** Apply a step in the JSON shape (placements / eliminations with cell names). */
  apply(step) {
    for (const e of step.eliminations || []) {
      const c = this.geo.cellIndex(e.cell);
      if (c >= 0) this.cands[c] &= ~bit(e.digit);
    }
    for (const p of step.placements || []) {
      const c = this.geo.cellIndex(p.cell);
      if (c >= 0) this.place(c, p.digit);
    }
  }
}

/** Candidates of each empty cell: the grid's digits less those of its peers. */
export function basicCandidates(values, geo = geometryOfCells(values.length)) {
  return values.map((v, c) => {
    if (v) return 0;
    let m = geo.all;
    for (const p of geo.peers[c]) if (values[p]) m &= ~bit(values[p]);
    return m;
  });
}

/** Cells whose digit also stands in one of their houses. */
export function duplicateCells(values, geo = geometryOfCells(values.length)) {
  const dup = new Set();
  for (const house of geo.houses) {
    const seen = new Map();
    for (const c of house) {
      const v = values[c];
      if (!v) continue;
      if (seen.has(v)) {
        dup.add(c);
        dup.add(seen.get(v));
      } else seen.set(v, c);
    }
  }
  return dup;
}

/** A pencilmark grid as Sudoku Explainer prints it: a row of candidate groups per grid row, box separators. */
export function pencilmarkGrid(pos) {
  const g = pos.geo;
  const bands = g.size / g.boxCols; // boxes across
  const cellText = (c) => (pos.values[c] ? String(pos.values[c]) : digitsOf(pos.cands[c]).join("") || "0");
  const width = Array.from({ length: bands }, (_, bc) => {
    let w = 1;
    for (let c = 0; c < g.cells; c++) if (Math.floor(g.colOf(c) / g.boxCols) === bc) w = Math.max(w, cellText(c).length);
    return w;
  });
  const lines = [];
  const sep = width.map((w) => "-".repeat((w + 1) * g.boxCols + 1)).join("+");
  for (let r = 0; r < g.size; r++) {
    if (r && r % g.boxRows === 0) lines.push(sep);
    const parts = [];
    for (let bc = 0; bc < bands; bc++) {
      const cells = Array.from({ length: g.boxCols }, (_, i) => r * g.size + bc * g.boxCols + i);
      parts.push(cells.map((c) => cellText(c).padEnd(width[bc])).join(" "));
    }
    lines.push(parts.join(" | "));
  }
  return lines.join("\n");
}
