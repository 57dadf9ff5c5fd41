// The chain links of a step drawn as arrows on the grid's SVG overlay (strong solid, weak dashed),
// from candidate to candidate; used by web/grid.js.
const SVG = "http://www.w3.org/2000/svg";
const CAND_COLS = 3; // candidates sit in rows of three: 1-3, 4-6, 7-9

/**
 * Centre of candidate d of cell c in the overlay's 0..100*size coordinates.
 * @param {import("./board.js").Geometry} geo @param {number} c @param {number} d
 */
function candXY(geo, c, d) {
  const rows = Math.ceil(geo.size / CAND_COLS);
  const stepX = 90 / CAND_COLS;
  const stepY = 90 / rows;
  const x = geo.colOf(c) * 100 + 5 + stepX * (((d - 1) % CAND_COLS) + 0.5);
  const y = geo.rowOf(c) * 100 + 5 + stepY * (Math.floor((d - 1) / CAND_COLS) + 0.5);
  return [x, y];
}

/** @param {import("./board.js").Geometry} geo @param {string[]} cells @param {number} d */
function groupXY(geo, cells, d) {
  const pts = cells.map((n) => candXY(geo, geo.cellIndex(n), d));
  return [pts.reduce((s, p) => s + p[0], 0) / pts.length, pts.reduce((s, p) => s + p[1], 0) / pts.length];
}

/**
 * Replace the arrows in `g` by the step's links.
 * @param {Element} g  the overlay's group of links
 * @param {import("./board.js").Geometry} geo
 * @param {{from: string[], to: string[], from_digit: number, to_digit: number, strong: boolean}[]} links
 * @param {string} arrowId  the id of the arrowhead marker
 */
export function drawLinks(g, geo, links, arrowId) {
  g.textContent = "";
  links.forEach((lk, i) => {
    const [x1, y1] = groupXY(geo, lk.from, lk.from_digit);
    const [x2, y2] = groupXY(geo, lk.to, lk.to_digit);
    const dx = x2 - x1;
    const dy = y2 - y1;
    const len = Math.hypot(dx, dy) || 1;
    const shrink = Math.min(12, len / 3);
    const sx = x1 + (dx / len) * shrink;
    const sy = y1 + (dy / len) * shrink;
    const ex = x2 - (dx / len) * shrink;
    const ey = y2 - (dy / len) * shrink;
    // Bend each arrow a little so that arrows along one line stay apart from the digits.
    const bend = Math.min(40, len / 5) * (i % 2 ? -1 : 1);
    const mx = (sx + ex) / 2 - (dy / len) * bend;
    const my = (sy + ey) / 2 + (dx / len) * bend;
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", `M${sx},${sy} Q${mx},${my} ${ex},${ey}`);
    path.setAttribute("class", lk.strong ? "sg-link strong" : "sg-link weak");
    path.setAttribute("marker-end", `url(#${arrowId})`);
    path.dataset.testid = `link-${i + 1}`;
    path.setAttribute("data-testid", `link-${i + 1}`);
    g.appendChild(path);
  });
}
