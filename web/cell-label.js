// The accessible name of a grid cell (web/grid.js): where it is, its digit or marks (centre and
// corner), its colours, and what is wrong with it; and the colour names it reads out.

/** Names of the cell colours 1..9 in each palette (grid.css draws them). */
export const COLOUR_NAMES = {
  standard: ["grey", "red", "orange", "yellow", "green", "teal", "blue", "purple", "pink"],
  safe: ["light grey", "orange", "sky blue", "bluish green", "yellow", "blue", "vermilion", "reddish purple", "dark grey"],
};
/** Names of the candidate colours 1..4. */
export const CAND_COLOUR_NAMES = {
  standard: ["green", "pink", "blue", "orange"],
  safe: ["blue", "orange", "bluish green", "reddish purple"],
};

/**
 * A cell's accessible name.
 * @param {import("./board.js").Geometry} geo @param {number} c
 * @param {any} cell  the cell's summary from GridView.render
 * @param {string} centre @param {string} corner  its marks' digits
 * @param {string[]} pairs  candidate colours "d:k"
 */
export function cellLabel(geo, c, cell, centre, corner, pairs) {
  const spaced = (/** @type {string} */ t) => [...t].join(" ");
  const names = COLOUR_NAMES[/** @type {"standard"|"safe"} */ (cell.palette)] || COLOUR_NAMES.standard;
  const candNames = CAND_COLOUR_NAMES[/** @type {"standard"|"safe"} */ (cell.palette)] || CAND_COLOUR_NAMES.standard;
  let label = `row ${geo.rowOf(c) + 1}, column ${geo.colOf(c) + 1}: `;
  if (cell.given) label += `given ${cell.v}`;
  else if (cell.v) label += `placed ${cell.v}`;
  else if (cell.shown) label += `${cell.shown} in the solution`;
  else {
    const parts = [];
    if (centre) parts.push(`${cell.marks ? "centre marks" : "candidates"} ${spaced(centre)}`);
    if (corner) parts.push(`corner marks ${spaced(corner)}`);
    label += parts.length ? `empty, ${parts.join(", ")}` : "empty";
  }
  if (cell.colour) label += `, coloured ${names[cell.colour - 1]}`;
  for (const p of pairs) {
    const [d, k] = p.split(":").map(Number);
    label += `, ${d} coloured ${candNames[k - 1]}`;
  }
  if (cell.dup) label += ", repeats a digit in its row, column or box";
  if (cell.mistake === "digit") label += ", wrong digit";
  else if (cell.mistake === "marks") label += ", its marks lost the digit that belongs here";
  else if (cell.mistake) label += ", look here";
  return label;
}

