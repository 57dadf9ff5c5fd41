// Reading a page address's hash leniently (issue 30): a hash that is not valid percent-encoding, a
// "solve:" link with junk after a valid puzzle, a line one digit too long. Each case gives the page
// a sentence to say instead of an uncaught error or a silent guess. No DOM.
import { geometryOfCells } from "../board.js";
import { decodeMarks, parseHash } from "./game.js";

/**
 * @typedef {{mode: "solve", givens: string, placed: string, marks: number[], ignored?: string}
 *   | {mode: "analyse", text: string}
 *   | {mode: "error", error: string}} HashLink
 */

const CELLS = /^[1-9.0]+$/;

/** What the hash asks for, or null for none. @param {string} hash @returns {HashLink|null} */
export function readHash(hash) {
  const text = String(hash || "").replace(/^#/, "");
  let raw;
  try {
    raw = decodeURIComponent(text).trim();
  } catch {
    const bad = /%(?![0-9a-fA-F]{2})|%[0-9a-fA-F]{2}/.exec(text);
    const at = bad ? ` at character ${bad.index + 1} ("${text.slice(bad.index, bad.index + 3)}")` : "";
    return { mode: "error", error: `This link cannot be read: its address has a broken %-escape${at}.` };
  }
  if (!raw) return null;
  const strict = parseHash(`#${encodeURIComponent(raw)}`);
  if (strict?.mode === "solve") return strict;
  if (raw.startsWith("solve:")) return leniently(raw);
  const extra = extraCells(raw);
  if (extra) return { mode: "error", error: extra };
  return { mode: "analyse", text: raw };
}

/** A "solve:" link whose puzzle is valid but whose rest is not: the puzzle, and what was ignored.
 * @param {string} raw @returns {HashLink} */
function leniently(raw) {
  const [, givens = "", ...rest] = raw.split(":");
  const geo = CELLS.test(givens) ? geometryOfCells(givens.length) : null;
  if (!geo || [...givens].some((ch) => Number(ch) > geo.size)) {
    const extra = CELLS.test(givens) ? extraCells(givens) : null;
    return { mode: "error", error: extra || `This "solve:" link holds no puzzle: "${givens.slice(0, 20)}" is not ` +
      `${geometryOfCells(81)?.cells} or ${geometryOfCells(36)?.cells} cells of digits and dots.` };
  }
  let placed = "";
  let marks = [];
  let used = 0;
  if (rest.length && CELLS.test(rest[0]) && rest[0].length === geo.cells) {
    placed = rest[0];
    used = 1;
    if (rest.length > 1 && /^[0-9a-v]+$/.test(rest[1]) && rest[1].length === 2 * geo.cells) {
      marks = decodeMarks(rest[1], geo.cells);
      used = 2;
    }
  }
  const junk = rest.slice(used).join(":");
  return { mode: "solve", givens, placed, marks, ...(junk ? { ignored: `:${junk}` } : {}) };
}

/** "… character 82 ('5') is extra" for a line of cells longer than 81, else null. @param {string} text */
export function extraCells(text) {
  if (!CELLS.test(text) || text.length <= 81) return null;
  const n = 81;
  return `That line has ${text.length} characters; a puzzle has 81 (9x9) or 36 (6x6): ` +
    `character ${n + 1} ('${text[n]}') ${text.length > n + 1 ? `and the ${text.length - n - 1} after it are` : "is"} extra.`;
}
