// The grid as the page keeps it: values, givens, candidates; cell names; replaying steps.
// Parsing of any text format is the Python package's job (op "parse"); this file only
// does what the page must do instantly while a person types.

export const ALL = 0x1ff;

export const rowOf = (c) => Math.floor(c / 9);
export const colOf = (c) => c % 9;
export const boxOf = (c) => Math.floor(rowOf(c) / 3) * 3 + Math.floor(colOf(c) / 3);
export const cellName = (c) => `r${rowOf(c) + 1}c${colOf(c) + 1}`;

/** "r4c7" -> 30 */
export function cellIndex(name) {
  const m = /^r(\d)c(\d)$/.exec(name);
  return m ? (Number(m[1]) - 1) * 9 + Number(m[2]) - 1 : -1;
}

/** The 20 peers of each cell. */
export const PEERS = Array.from({ length: 81 }, (_, c) => {
  const out = [];
  for (let o = 0; o < 81; o++) {
    if (o !== c && (rowOf(o) === rowOf(c) || colOf(o) === colOf(c) || boxOf(o) === boxOf(c))) out.push(o);
  }
  return out;
});

/** Houses 0..26 as cell lists (rows, columns, boxes), as in geometry.py. */
export const HOUSES = [
  ...Array.from({ length: 9 }, (_, r) => Array.from({ length: 9 }, (_, i) => r * 9 + i)),
  ...Array.from({ length: 9 }, (_, k) => Array.from({ length: 9 }, (_, i) => i * 9 + k)),
  ...Array.from({ length: 9 }, (_, b) =>
    Array.from({ length: 9 }, (_, i) => (Math.floor(b / 3) * 3 + Math.floor(i / 3)) * 9 + (b % 3) * 3 + (i % 3)),
  ),
];

/** "r3" / "c5" / "b7" -> house cells */
export function houseCells(short) {
  const m = /^([rcb])(\d)$/.exec(short);
  if (!m) return [];
  const k = Number(m[2]) - 1;
  return HOUSES[{ r: 0, c: 9, b: 18 }[m[1]] + k];
}

export const bit = (d) => 1 << (d - 1);
export const digitsOf = (mask) => [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => mask & bit(d));
export const popcount = (mask) => digitsOf(mask).length;

export class Position {
  constructor(values = new Array(81).fill(0), givens = null, cands = null) {
    this.values = values.slice();
    this.givens = givens ? givens.slice() : values.map((v) => v !== 0);
    this.cands = cands ? cands.slice() : basicCandidates(this.values);
  }

  static fromLine(line) {
    const vals = [];
    for (const ch of line) {
      if (vals.length === 81) break;
      if (ch >= "1" && ch <= "9") vals.push(Number(ch));
      else if (".0-*_".includes(ch)) vals.push(0);
    }
    while (vals.length < 81) vals.push(0);
    return new Position(vals);
  }

  /** From the worker's "parse" result (values, givens, candidates lists). */
  static fromParsed(p) {
    const cands = p.candidates.map((ds, c) => (p.values[c] ? 0 : ds.reduce((m, d) => m | bit(d), 0)));
    return new Position(p.values, p.givens, cands);
  }

  copy() {
    return new Position(this.values, this.givens, this.cands);
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
    const basic = basicCandidates(this.values);
    return this.cands.some((m, c) => !this.values[c] && m !== basic[c]);
  }

  /** The text the worker gets: an 81-char line, or a pencilmark grid when candidates were removed. */
  text() {
    return this.hasPencilmarks() ? pencilmarkGrid(this) : this.line();
  }

  place(c, d) {
    this.values[c] = d;
    this.cands[c] = 0;
    for (const p of PEERS[c]) this.cands[p] &= ~bit(d);
  }

  /** Apply a step in the JSON shape (placements / eliminations with cell names). */
  apply(step) {
    for (const e of step.eliminations || []) {
      const c = cellIndex(e.cell);
      if (c >= 0) this.cands[c] &= ~bit(e.digit);
    }
    for (const p of step.placements || []) {
      const c = cellIndex(p.cell);
      if (c >= 0) this.place(c, p.digit);
    }
  }
}

export function basicCandidates(values) {
  return values.map((v, c) => {
    if (v) return 0;
    let m = ALL;
    for (const p of PEERS[c]) if (values[p]) m &= ~bit(values[p]);
    return m;
  });
}

/** Cells whose digit also stands in one of their houses. */
export function duplicateCells(values) {
  const dup = new Set();
  for (const house of HOUSES) {
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

/** A pencilmark grid as Sudoku Explainer prints it: 9 rows of 9 candidate groups, box separators. */
export function pencilmarkGrid(pos) {
  const cellText = (c) => (pos.values[c] ? String(pos.values[c]) : digitsOf(pos.cands[c]).join("") || "0");
  const width = [0, 1, 2].map((bc) => {
    let w = 1;
    for (let c = 0; c < 81; c++) if (Math.floor(colOf(c) / 3) === bc) w = Math.max(w, cellText(c).length);
    return w;
  });
  const lines = [];
  const sep = width.map((w) => "-".repeat((w + 1) * 3 + 1)).join("+");
  for (let r = 0; r < 9; r++) {
    if (r && r % 3 === 0) lines.push(sep);
    const parts = [];
    for (let bc = 0; bc < 3; bc++) {
      parts.push(
        [0, 1, 2].map((i) => cellText(r * 9 + bc * 3 + i).padEnd(width[bc])).join(" "),
      );
    }
    lines.push(parts.join(" | "));
  }
  return lines.join("\n");
}
