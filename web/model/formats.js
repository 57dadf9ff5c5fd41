// A game in other shapes: the hint request, the pencilmark grid and HoDoKu library line (centre
// marks travel there as candidates), the saved game and the progress link.
//
// The link code: "solve:<givens>[:<placed>[:<centre>[:<corner>[:<colours>[:<candidate colours>]]]]]"
// - givens and placed: one character per cell ("." or "0" blank);
// - centre and corner marks: two base-32 characters per cell (model/cells.js encodeMarks);
// - colours: one digit per cell, 0 none;
// - candidate colours: four characters per coloured candidate (cell in base 32, digit, colour).
// Any part after the givens may be empty (nothing of that kind) and empty parts at the end are
// left out, so links made before corner marks and colours existed read as they always did.
import { digitsOf, geometryOfCells, pencilmarkGrid, NINE, Position } from "../board.js";
import * as cells from "./cells.js";

/** @typedef {import("./game.js").Game} Game */

/** The hint request: {"givens", "placed", "candidates"} (an empty list: no marks in that cell). @param {Game} g */
export function positionJSON(g) {
  return JSON.stringify({
    givens: g.puzzle(),
    placed: g.placedLine(),
    candidates: g.marks.map((m, c) => (g.digit(c) ? [] : digitsOf(m))),
  });
}

/** A pencilmark grid that Sudoku Explainer, HoDoKu and this package read. @param {Game} g */
export function pencilmark(g) {
  return pencilmarkGrid(new Position(g.values(), g.givens.map(Boolean), g.shownCandidates(), g.geo));
}

/**
 * A HoDoKu library line: givens, "+" before the player's digits, the candidates the marks removed.
 * Null on a grid other than 9x9: HoDoKu's format has 81 cells (the package refuses 36).
 * @param {Game} g
 */
export function libraryLine(g) {
  if (g.geo !== NINE) return null;
  const line = g.givens.map((d, c) => (d ? String(d) : g.placed[c] ? `+${g.placed[c]}` : ".")).join("");
  const allowed = g.allowed();
  const shown = g.shownCandidates();
  const deleted = [];
  const geo = g.geo;
  for (let c = 0; c < geo.cells; c++) {
    for (const d of digitsOf(allowed[c] & ~shown[c])) deleted.push(`${d}${geo.rowOf(c) + 1}${geo.colOf(c) + 1}`);
  }
  return `:0000::${line}:${deleted.join(" ")}:::`;
}

/** The link code (see the top of this file); `progress`: with the player's digits, marks and colours. @param {Game} g */
export function shareCode(g, { progress = true } = {}) {
  const code = `solve:${g.puzzle()}`;
  if (!progress || !g.hasProgress()) return code;
  /** @param {number[]} m */
  const inEmpty = (m) => m.map((x, c) => (g.digit(c) ? 0 : x));
  const parts = [
    g.placedLine(),
    g.hasMarks() ? cells.encodeMarks(inEmpty(g.marks)) : "",
    g.hasCorner() ? cells.encodeMarks(inEmpty(g.corner)) : "",
    g.colours.some(Boolean) ? cells.encodeColours(g.colours) : "",
    cells.encodeCandColours(g.candColours),
  ];
  while (parts.length > 1 && !parts[parts.length - 1]) parts.pop();
  return code + ":" + parts.join(":");
}

/**
 * @typedef {{mode: "solve", givens: string, placed: string, marks: number[], corner: number[],
 *   colours: number[], candColours: number[]}} SolveLink
 */

/**
 * Read a location hash: "#<puzzle>" (a puzzle to analyse: 81 characters, 36 for 6x6, or any text
 * the package reads) or "#solve:..." (above) with givens of 81 or 36 cells. Returns the solve
 * link's parts, or {mode: "analyse", text}, or null when the hash holds no puzzle code.
 * @param {string} hash
 * @returns {SolveLink | {mode: "analyse", text: string} | null}
 */
export function parseHash(hash) {
  let raw;
  try {
    raw = decodeURIComponent(String(hash || "").replace(/^#/, "")).trim();
  } catch {
    raw = String(hash || "").replace(/^#/, "").trim(); // a stray "%" is not a code
  }
  if (!raw) return null;
  const link = raw.startsWith("solve:") ? readSolve(raw.slice(6).split(":")) : null;
  return link || { mode: "analyse", text: raw };
}

/** @param {string[]} parts @returns {SolveLink|null} */
function readSolve(parts) {
  const [givens, placed = "", centre = "", corner = "", colours = "", cand = ""] = parts;
  const geo = /^[1-9.0]+$/.test(givens) ? geometryOfCells(givens.length) : null;
  if (!geo || parts.length > 6 || [...givens].some((ch) => Number(ch) > geo.size)) return null;
  const n = geo.cells;
  /** @param {string} part @param {RegExp} re */
  const ok = (part, re) => part === "" || re.test(part);
  const marks = new RegExp(`^[0-9a-v]{${2 * n}}$`);
  if (!ok(placed, new RegExp(`^[1-9.0]{${n}}$`)) || !ok(centre, marks) || !ok(corner, marks)) return null;
  if (!ok(colours, new RegExp(`^[0-9]{${n}}$`)) || !ok(cand, /^([0-9a-v]{2}[1-9][1-9])+$/)) return null;
  return {
    mode: "solve",
    givens,
    placed,
    marks: cells.decodeMarks(centre, n),
    corner: cells.decodeMarks(corner, n),
    colours: cells.decodeColours(colours, n),
    candColours: cells.decodeCandColours(cand, n),
  };
}

/** Plain data for local storage: the position, the whole history and the time played. @param {Game} g */
export function savedData(g) {
  return {
    givens: g.puzzle(),
    placed: g.placedLine(),
    marks: cells.encodeMarks(g.marks),
    corner: cells.encodeMarks(g.corner),
    colours: cells.encodeColours(g.colours),
    candColours: cells.encodeCandColours(g.candColours),
    past: g.past,
    future: g.future,
    elapsed: Math.round(g.elapsed),
  };
}

/**
 * What `savedData` wrote (or an older save: no corner marks, colours, or five-number changes),
 * checked: a history that is not a list of moves is dropped rather than trusted.
 * @param {any} data
 */
export function readSaved(data) {
  const givens = typeof data?.givens === "string" ? data.givens : "";
  const n = (geometryOfCells(givens.length) || NINE).cells;
  /** @param {any} x */
  const num = (x) => Number.isInteger(x) && x >= 0;
  /** @param {any} list @returns {import("./game.js").Move[]} */
  const moves = (list) =>
    Array.isArray(list) &&
    list.every((m) => m && Array.isArray(m.changes) &&
      m.changes.every((/** @type {any} */ x) => Array.isArray(x) && (x.length === 3 || x.length === 5) && x.every(num) && x[0] < n))
      ? list
      : [];
  return {
    givens,
    placed: typeof data?.placed === "string" ? data.placed : "",
    marks: cells.decodeMarks(data?.marks || "", n),
    corner: cells.decodeMarks(data?.corner || "", n),
    colours: cells.decodeColours(data?.colours || "", n),
    candColours: cells.decodeCandColours(data?.candColours || "", n),
    past: moves(data?.past),
    future: moves(data?.future),
    elapsed: Number(data?.elapsed) || 0,
  };
}

