// The grid view shared by the app and the <sudoku-grader> element, for every size the board
// knows (9x9, 6x6): cells with candidates, a step's pattern coloured by role, eliminations struck
// red, placements green, and an SVG overlay with the box lines and the chain links as arrows
// (strong solid, weak dashed). The grid takes its shape from the position it draws; the CSS reads
// it from custom properties (--sg-size, --sg-cand-rows) set on the root.
import { NINE, bit } from "./board.js";

const SVG = "http://www.w3.org/2000/svg";
const CAND_COLS = 3; // candidates sit in rows of three: 1-3, 4-6, 7-9

/** Centre of candidate d of cell c in the overlay's 0..100*size coordinates. */
function candXY(geo, c, d) {
  const rows = Math.ceil(geo.size / CAND_COLS);
  const stepX = 90 / CAND_COLS;
  const stepY = 90 / rows;
  const x = geo.colOf(c) * 100 + 5 + stepX * (((d - 1) % CAND_COLS) + 0.5);
  const y = geo.rowOf(c) * 100 + 5 + stepY * (Math.floor((d - 1) / CAND_COLS) + 0.5);
  return [x, y];
}

function groupXY(geo, cells, d) {
  const pts = cells.map((n) => candXY(geo, geo.cellIndex(n), d));
  return [pts.reduce((s, p) => s + p[0], 0) / pts.length, pts.reduce((s, p) => s + p[1], 0) / pts.length];
}

export const ROLE_LABELS = {
  base: "base",
  cover: "cover",
  fin: "fin",
  "endo-fin": "endo fin",
  pivot: "pivot",
  pincer: "pincer",
  wing: "wing",
  "chain-on": "on in the chain",
  "chain-off": "off in the chain",
  group: "group",
  als: "almost locked set",
  target: "target",
  "colour-a": "colour A",
  "colour-b": "colour B",
  house: "house",
};

export class GridView {
  /**
   * @param {HTMLElement} root  empty element that becomes the grid
   * @param {{editable?: boolean, onSelect?: Function, label?: string, geo?: import("./board.js").Geometry}} opts
   *   ``geo``: the shape drawn before the first position (9x9 when not given)
   */
  constructor(root, opts = {}) {
    this.root = root;
    this.opts = opts;
    root.classList.add("sg-grid");
    root.setAttribute("role", "grid");
    root.setAttribute("aria-label", opts.label || "Sudoku grid");
    this.arrowId = `sg-arrow-${uid++}`;
    this.build(opts.geo || NINE);
  }

  /** (Re)make the cells and the overlay for a grid of `geo`. */
  build(geo) {
    const root = this.root;
    const n = geo.size;
    this.geo = geo;
    for (const el of [...(this.rows || []), this.svg]) el?.remove();
    root.dataset.size = String(n);
    root.style.setProperty("--sg-size", String(n));
    root.style.setProperty("--sg-cand-rows", String(Math.ceil(n / CAND_COLS)));
    this.cells = [];
    this.rows = [];
    for (let r = 0; r < n; r++) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      row.className = "sg-row";
      root.appendChild(row);
      this.rows.push(row);
      for (let k = 0; k < n; k++) {
        const c = r * n + k;
        const el = document.createElement("div");
        el.className = "sg-cell";
        el.dataset.testid = `cell-${geo.cellName(c)}`;
        el.setAttribute("data-testid", `cell-${geo.cellName(c)}`);
        el.setAttribute("role", "gridcell");
        el.dataset.cell = String(c);
        el.tabIndex = -1;
        const value = document.createElement("span");
        value.className = "sg-value";
        const cands = document.createElement("span");
        cands.className = "sg-cands";
        cands.setAttribute("aria-hidden", "true");
        for (const d of geo.digits) {
          const s = document.createElement("span");
          s.className = "sg-cand";
          s.dataset.d = String(d);
          cands.appendChild(s);
        }
        el.append(value, cands);
        row.appendChild(el);
        this.cells.push(el);
      }
    }
    const w = n * 100;
    this.svg = document.createElementNS(SVG, "svg");
    this.svg.setAttribute("viewBox", `0 0 ${w} ${w}`);
    this.svg.setAttribute("class", "sg-overlay");
    this.svg.setAttribute("aria-hidden", "true");
    this.svg.innerHTML = `<defs>
      <marker id="${this.arrowId}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse">
        <path d="M0,0 L10,5 L0,10 z" class="sg-arrowhead"/></marker></defs>
      <g class="sg-links"></g><g class="sg-lines"></g>`;
    const lines = this.svg.querySelector(".sg-lines");
    for (let i = 0; i <= n; i++) {
      const across = i % geo.boxCols === 0 ? "thick" : "thin"; // a vertical line: between box columns?
      const down = i % geo.boxRows === 0 ? "thick" : "thin";
      lines.insertAdjacentHTML(
        "beforeend",
        `<line class="sg-${across}" x1="${i * 100}" y1="0" x2="${i * 100}" y2="${w}"/>` +
          `<line class="sg-${down}" x1="0" y1="${i * 100}" x2="${w}" y2="${i * 100}"/>`,
      );
    }
    root.appendChild(this.svg);
    this.selected = -1;
    if (this.opts.editable) this.cells[0].tabIndex = 0;
  }

  /**
   * Draw a position.
   * @param {import("./board.js").Position} pos
   * @param {{step?: object, duplicates?: Set<number>, showCandidates?: boolean, differ?: Set<number>,
   *   solution?: string, mistakes?: Map<number, string>, marks?: boolean}} view
   *   ``mistakes``: cell -> "digit" (a wrong digit) or "marks" (its marks lost the solution's digit),
   *   written to the cell's ``data-mistake``; ``marks``: the candidates shown are the player's own.
   */
  render(pos, view = {}) {
    const geo = pos.geo || NINE;
    if (geo !== this.geo) this.build(geo);
    const step = view.step || null;
    const showCands = view.showCandidates !== false;
    const marks = new Map(); // "c:d" -> role ; "c:0" -> role for a whole cell
    const houses = new Map(); // cell -> role of the (last) highlighted house holding it
    if (step) {
      for (const h of step.highlights || []) {
        if (h.house) for (const c of geo.houseCells(h.house)) houses.set(c, h.role);
        else marks.set(`${geo.cellIndex(h.cell)}:${h.digit}`, h.role);
      }
    }
    const elim = new Set((step?.eliminations || []).map((e) => `${geo.cellIndex(e.cell)}:${e.digit}`));
    const place = new Set((step?.placements || []).map((p) => `${geo.cellIndex(p.cell)}:${p.digit}`));
    for (let c = 0; c < geo.cells; c++) {
      const el = this.cells[c];
      const v = pos.values[c];
      const given = v && pos.givens[c];
      el.classList.toggle("given", Boolean(given));
      el.classList.toggle("placed", Boolean(v && !given));
      el.classList.toggle("dup", Boolean(view.duplicates?.has(c)));
      el.classList.toggle("differ", Boolean(view.differ?.has(c)));
      el.classList.toggle("in-house", houses.has(c));
      el.classList.toggle("house-cross-line", houses.get(c) === "cross-line");
      el.classList.toggle("selected", c === this.selected);
      const mistake = view.mistakes?.get(c);
      if (mistake) el.setAttribute("data-mistake", mistake);
      else el.removeAttribute("data-mistake");
      const cellRole = marks.get(`${c}:0`);
      el.className = el.className.replace(/\brole-[\w-]+/g, "").trim();
      if (cellRole) el.classList.add(`role-${cellRole}`);
      let shown = v;
      if (!v && view.solution) shown = Number(view.solution[c]) || 0;
      el.querySelector(".sg-value").textContent = shown ? String(shown) : "";
      el.classList.toggle("solution", Boolean(!v && view.solution));
      const candEls = el.querySelectorAll(".sg-cand");
      const candLabels = [];
      for (const d of geo.digits) {
        const s = candEls[d - 1];
        const on = !v && !view.solution && showCands && Boolean(pos.cands[c] & bit(d));
        s.textContent = on ? String(d) : "";
        const key = `${c}:${d}`;
        const role = on ? marks.get(key) : undefined;
        s.className = "sg-cand" + (role ? ` role-${role}` : "") + (on && elim.has(key) ? " elim" : "") +
          (on && place.has(key) ? " place" : "");
        if (on) candLabels.push(String(d));
      }
      let label = `row ${geo.rowOf(c) + 1}, column ${geo.colOf(c) + 1}: `;
      if (given) label += `given ${v}`;
      else if (v) label += `placed ${v}`;
      else if (shown) label += `${shown} in the solution`;
      else if (candLabels.length) label += `empty, ${view.marks ? "marks" : "candidates"} ${candLabels.join(" ")}`;
      else label += "empty";
      if (view.duplicates?.has(c)) label += ", repeats a digit in its row, column or box";
      if (mistake === "digit") label += ", wrong digit";
      else if (mistake === "marks") label += ", its marks lost the digit that belongs here";
      else if (mistake) label += ", look here";
      el.setAttribute("aria-label", label);
    }
    this.drawLinks(step?.links || []);
  }

  drawLinks(links) {
    const g = this.svg.querySelector(".sg-links");
    g.textContent = "";
    links.forEach((lk, i) => {
      const [x1, y1] = groupXY(this.geo, lk.from, lk.from_digit);
      const [x2, y2] = groupXY(this.geo, lk.to, lk.to_digit);
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
      path.setAttribute("marker-end", `url(#${this.arrowId})`);
      path.dataset.testid = `link-${i + 1}`;
      path.setAttribute("data-testid", `link-${i + 1}`);
      g.appendChild(path);
    });
  }

  select(c, focus = true) {
    if (c >= this.cells.length) c = -1; // a cell of a grid of another size
    if (this.selected >= 0) {
      this.cells[this.selected].classList.remove("selected");
      this.cells[this.selected].tabIndex = -1;
    }
    this.selected = c;
    if (c >= 0) {
      const el = this.cells[c];
      el.classList.add("selected");
      el.tabIndex = 0;
      if (focus) el.focus();
    }
  }
}

let uid = 1;
