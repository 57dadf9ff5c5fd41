// What one cell holds in a game, packed into numbers for the undo history and the saved game, and
// the text forms of a grid's lines (digits, marks, colours) used by links and saves.
//
// A cell's state is two integers. The first: given digit (bits 0-3), placed digit (4-7), centre
// marks (8-16), corner marks (17-25), cell colour (26-29). Games saved before corner marks and
// colours existed hold only the first 17 bits, so they read back unchanged. The second: the
// candidate colours, three bits per digit (digit d at bits 3(d-1)..3(d-1)+2, 0: none).
import { NINE, geometryOfCells } from "../board.js";

/** Colours a cell can take (1..9; 0: none). */
export const CELL_COLOURS = 9;
/** Colours a candidate can take (1..4; 0: none): two for simple colouring and 3D Medusa, four for multi-colouring. */
export const CAND_COLOURS = 4;

/**
 * @typedef {object} CellState  what one cell holds
 * @property {number} given   the given digit, 0 if none
 * @property {number} placed  the player's digit, 0 if none
 * @property {number} centre  centre marks (bit d-1 for digit d)
 * @property {number} corner  corner marks
 * @property {number} colour  cell colour 0..9
 * @property {number} cand    candidate colours, three bits per digit
 */

/**
 * The first word of a cell's state.
 * @param {number} given @param {number} placed @param {number} centre @param {number} corner @param {number} colour
 */
export const packMain = (given, placed, centre, corner = 0, colour = 0) =>
  given | (placed << 4) | (centre << 8) | (corner << 17) | (colour << 26);

/** @param {number} s @returns {number} */
export const givenOf = (s) => s & 15;
/** @param {number} s @returns {number} */
export const placedOf = (s) => (s >> 4) & 15;
/** @param {number} s @returns {number} */
export const centreOf = (s) => (s >> 8) & 0x1ff;
/** @param {number} s @returns {number} */
export const cornerOf = (s) => (s >> 17) & 0x1ff;
/** @param {number} s @returns {number} */
export const colourOf = (s) => (s >> 26) & 15;

/** The colour of candidate d in a cell's candidate-colour word. @param {number} word @param {number} d */
export const candColourOf = (word, d) => (word >> (3 * (d - 1))) & 7;

/** The word with candidate d's colour set to k (0 removes it). @param {number} word @param {number} d @param {number} k */
export const withCandColour = (word, d, k) => (word & ~(7 << (3 * (d - 1)))) | ((k & 7) << (3 * (d - 1)));

/** Candidate colours as [digit, colour] pairs in digit order. @param {number} word @returns {number[][]} */
export function candColourPairs(word) {
  const out = [];
  for (let d = 1; d <= 9; d++) {
    const k = candColourOf(word, d);
    if (k) out.push([d, k]);
  }
  return out;
}

const BASE32 = "0123456789abcdefghijklmnopqrstuv";

/**
 * The cells of a line, one digit each ("." "0" or any non-digit are blanks), for a grid of
 * `geo` (by default the one whose cell count is the line's length, else 9x9); a shorter line is
 * padded, a longer one cut.
 * @param {string} line
 * @param {import("../board.js").Geometry|null} geo
 * @returns {number[]}
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

/** @param {number[]} digits @param {string} blank @returns {string} */
export const lineOf = (digits, blank = ".") => digits.map((d) => (d ? String(d) : blank)).join("");

/**
 * One digit per cell of `geo` from a line or a list of digits.
 * @param {number[]|string} x @param {import("../board.js").Geometry} geo @returns {number[]}
 */
export const cellsOf = (x, geo) => digitsFromLine(typeof x === "string" ? x : lineOf(x), geo);

/**
 * Marks as two base-32 characters per cell (162 characters on 9x9, 72 on 6x6).
 * @param {number[]} marks @returns {string}
 */
export function encodeMarks(marks) {
  return marks.map((m) => BASE32[(m >> 5) & 31] + BASE32[m & 31]).join("");
}

/**
 * The marks of `cells` cells from `encodeMarks`'s text (none when the text is not that long).
 * @param {string} text @param {number} cells @returns {number[]}
 */
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

/** Cell colours as one character per cell ("0": none). @param {number[]} colours @returns {string} */
export const encodeColours = (colours) => colours.map((k) => String(k)).join("");

/**
 * Cell colours from `encodeColours`'s text (none when the text is not one digit per cell).
 * @param {string} text @param {number} cells @returns {number[]}
 */
export function decodeColours(text, cells = NINE.cells) {
  if (typeof text !== "string" || !new RegExp(`^[0-${CELL_COLOURS}]{${cells}}$`).test(text)) return new Array(cells).fill(0);
  return [...text].map(Number);
}

/**
 * Candidate colours, sparse: four characters per coloured candidate (the cell in two base-32
 * characters, the digit, the colour), in cell and digit order.
 * @param {number[]} words @returns {string}
 */
export function encodeCandColours(words) {
  let out = "";
  words.forEach((w, c) => {
    for (const [d, k] of candColourPairs(w)) out += BASE32[c >> 5] + BASE32[c & 31] + d + k;
  });
  return out;
}

/**
 * Candidate-colour words from `encodeCandColours`'s text; entries naming a cell, digit or colour
 * out of range are skipped.
 * @param {string} text @param {number} cells @returns {number[]}
 */
export function decodeCandColours(text, cells = NINE.cells) {
  const out = new Array(cells).fill(0);
  if (typeof text !== "string") return out;
  for (let i = 0; i + 4 <= text.length; i += 4) {
    const c = (BASE32.indexOf(text[i]) << 5) | BASE32.indexOf(text[i + 1]);
    const d = Number(text[i + 2]);
    const k = Number(text[i + 3]);
    if (BASE32.indexOf(text[i]) < 0 || BASE32.indexOf(text[i + 1]) < 0 || c >= cells) continue;
    if (d >= 1 && d <= 9 && k >= 1 && k <= CAND_COLOURS) out[c] = withCandColour(out[c], d, k);
  }
  return out;
}
