// The grid view shared by the app and the <sudoku-grader> element, for every size the board
// knows (9x9, 6x6): cells with candidates, a step's pattern coloured by role, eliminations struck
// red, placements green, and an SVG overlay with the box lines and the chain links as arrows
// (strong solid, weak dashed). In Solve it also draws the player's centre marks (in the middle),
// corner marks (in the corners), cell and candidate colours, the selection and the highlight, and
// writes them as data-* attributes (data-centre, data-corner, data-colour, data-cand-colour,
// data-peer, data-same, aria-selected). The grid takes its shape from the position it draws; the
// CSS reads it from custom properties (--sg-size, --sg-cand-rows) set on the root.
//
// Drawing is incremental: each cell's look is summed up in a key, and only cells whose key changed
// are touched, so a key press redraws the few cells it changed.
import { NINE, bit, digitsOf } from "./board.js";
import { cellLabel } from "./cell-label.js";
import { drawLinks } from "./grid-links.js";
import { setAttr, setClass, setText } from "./dom-write.js";

const SVG = "http://www.w3.org/2000/svg";
const CAND_COLS = 3; // candidates sit in rows of three: 1-3, 4-6, 7-9
export { COLOUR_NAMES, CAND_COLOUR_NAMES } from "./cell-label.js";

/** Candidate d's colour in a candidate-colour word (three bits per digit, as model/cells.js packs
 * it; not imported, so that the element's first load stays small). @param {number} w @param {number} d */
const candColourOf = (w, d) => (w >> (3 * (d - 1))) & 7;

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

/**
 * @typedef {object} GridViewOptions
 * @property {boolean} [editable]  cells take focus (a roving tab index)
 * @property {string} [label]      the grid's accessible name
 * @property {import("./board.js").Geometry} [geo]  the shape drawn before the first position (9x9)
 */

/**
 * @typedef {object} RenderView
 * @property {any} [step]                 a step whose pattern to draw
 * @property {Set<number>} [duplicates]   cells repeating a digit in a house
 * @property {boolean} [showCandidates]
 * @property {Set<number>|null} [differ]  cells where two solutions differ
 * @property {string|null} [solution]     a solution to show in the empty cells
 * @property {Map<number, string>} [mistakes]  cell -> "digit" (a wrong digit), "marks" (its marks lost
 *   the solution's digit) or "hint", written to the cell's data-mistake
 * @property {boolean} [marks]            the candidates shown are the player's centre marks (Solve)
 * @property {number[]} [corner]          the player's corner marks per cell
 * @property {number[]} [colours]         cell colours 0..9
 * @property {number[]} [candColours]     candidate colours (model/cells.js words)
 * @property {number[]} [selection]       the selected cells (default: the focused one)
 * @property {import("./model/selection.js").Highlight} [highlight]
 * @property {"standard"|"safe"} [palette]  the colour names read out
 */

export class GridView {
  /**
   * @param {HTMLElement} root  empty element that becomes the grid
   * @param {GridViewOptions} opts
   */
  constructor(root, opts = {}) {
    this.root = root;
    this.opts = opts;
    root.classList.add("sg-grid");
    root.setAttribute("role", "grid");
    root.setAttribute("aria-label", opts.label || "Sudoku grid");
    root.setAttribute("aria-multiselectable", "true");
    this.arrowId = `sg-arrow-${uid++}`;
    /** @type {number[]} the selection drawn */
    this.selection = [];
    this.selectionFromCursor = true;
    this.build(opts.geo || NINE);
  }

  /**
   * (Re)make the cells and the overlay for a grid of `geo`.
   * @param {import("./board.js").Geometry} geo
   */
  build(geo) {
    const root = this.root;
    const n = geo.size;
    this.geo = geo;
    for (const el of [...(this.rows || []), this.svg]) el?.remove();
    root.dataset.size = String(n);
    root.style.setProperty("--sg-size", String(n));
    root.style.setProperty("--sg-cand-rows", String(Math.ceil(n / CAND_COLS)));
    /** @type {HTMLElement[]} */
    this.cells = [];
    /** @type {HTMLElement[]} */
    this.rows = [];
    /** @type {{value: HTMLElement, cands: HTMLElement[], corner: HTMLElement[]}[]} */
    this.parts = [];
    /** @type {string[]} each cell's key as last drawn */
    this.keys = [];
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
        el.setAttribute("data-testid", `cell-${geo.cellName(c)}`);
        el.setAttribute("role", "gridcell");
        el.dataset.cell = String(c);
        el.tabIndex = -1;
        const value = document.createElement("span");
        value.className = "sg-value";
        const cands = document.createElement("span");
        cands.className = "sg-cands";
        cands.setAttribute("aria-hidden", "true");
        const corner = document.createElement("span");
        corner.className = "sg-corner";
        corner.setAttribute("aria-hidden", "true");
        const part = { value, cands: /** @type {HTMLElement[]} */ ([]), corner: /** @type {HTMLElement[]} */ ([]) };
        for (const d of geo.digits) {
          const s = document.createElement("span");
          s.className = "sg-cand";
          s.dataset.d = String(d);
          cands.appendChild(s);
          part.cands.push(s);
          const t = document.createElement("span");
          t.className = "sg-cmark";
          t.dataset.d = String(d);
          corner.appendChild(t);
          part.corner.push(t);
        }
        el.append(value, cands, corner);
        row.appendChild(el);
        this.cells.push(el);
        this.parts.push(part);
        this.keys.push("");
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
    const lines = /** @type {Element} */ (this.svg.querySelector(".sg-lines"));
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
    this.linksKey = "";
    if (this.opts.editable) this.cells[0].tabIndex = 0;
  }

  /**
   * Draw a position.
   * @param {import("./board.js").Position} pos
   * @param {RenderView} view
   */
  render(pos, view = {}) {
    const geo = pos.geo || NINE;
    if (geo !== this.geo) this.build(geo);
    const step = view.step || null;
    // an empty grid in Enter & analyse shows no pencilled 1-9 (they mean something once a digit is in
    // or a step is drawn on them)
    const showCands = view.showCandidates !== false && (Boolean(view.marks) || Boolean(step) || pos.values.some(Boolean));
    /** @type {Map<string, string>} "c:d" -> role ; "c:0" -> role for a whole cell */
    const roles = new Map();
    /** @type {Map<number, string>} cell -> role of the (last) highlighted house holding it */
    const houses = new Map();
    if (step) {
      for (const h of step.highlights || []) {
        if (h.house) for (const c of geo.houseCells(h.house)) houses.set(c, h.role);
        else roles.set(`${geo.cellIndex(h.cell)}:${h.digit}`, h.role);
      }
    }
    const elim = new Set((step?.eliminations || []).map((/** @type {any} */ e) => `${geo.cellIndex(e.cell)}:${e.digit}`));
    const place = new Set((step?.placements || []).map((/** @type {any} */ p) => `${geo.cellIndex(p.cell)}:${p.digit}`));
    this.selectionFromCursor = !view.selection;
    this.selection = view.selection || (this.selected >= 0 ? [this.selected] : []);
    const selected = new Set(this.selection);
    const hl = view.highlight;
    this.root.classList.toggle("sg-marks", Boolean(view.marks));
    this.root.classList.toggle("sg-multi", Boolean(view.selection)); // Solve: drag to select
    this.root.dataset.palette = view.palette || "standard";
    for (let c = 0; c < geo.cells; c++) {
      const v = pos.values[c];
      const given = Boolean(v && pos.givens[c]);
      let shown = v;
      if (!v && view.solution) shown = Number(view.solution[c]) || 0;
      const cands = !v && !view.solution && showCands ? pos.cands[c] : 0;
      const corner = !v && view.corner ? view.corner[c] || 0 : 0;
      const cell = {
        v, given, shown, cands, corner, solution: Boolean(!v && view.solution),
        colour: view.colours?.[c] || 0, cc: view.candColours?.[c] || 0,
        dup: Boolean(view.duplicates?.has(c)), differ: Boolean(view.differ?.has(c)),
        house: houses.get(c) || "", mistake: view.mistakes?.get(c) || "", role: roles.get(`${c}:0`) || "",
        sel: selected.has(c), peer: Boolean(hl?.peer.has(c)), same: hl?.same.get(c) || "", focus: 0,
        marks: Boolean(view.marks), palette: "", candRoles: "",
      };
      // only what changes the cell's look or name goes in its key, so a move redraws few cells
      if (cell.same === "mark") cell.focus = hl?.digit || 0;
      if (cell.colour || cell.cc) cell.palette = view.palette || "standard";
      if (step && cands) {
        for (const d of digitsOf(cands)) {
          const key = `${c}:${d}`;
          if (roles.has(key) || elim.has(key) || place.has(key)) cell.candRoles += `${d}${roles.get(key) || ""}${elim.has(key) ? "x" : ""}${place.has(key) ? "p" : ""};`;
        }
      }
      const key = JSON.stringify(cell);
      if (key === this.keys[c]) continue;
      this.keys[c] = key;
      this.drawCell(c, cell, roles, elim, place);
    }
    const links = step?.links || [];
    const linksKey = JSON.stringify(links);
    if (linksKey !== this.linksKey) {
      this.linksKey = linksKey;
      this.drawLinks(links);
    }
  }

  /**
   * Draw one cell from its summary (see render).
   * @param {number} c @param {any} cell
   * @param {Map<string, string>} roles @param {Set<string>} elim @param {Set<string>} place
   */
  drawCell(c, cell, roles, elim, place) {
    const geo = this.geo;
    const el = this.cells[c];
    const part = this.parts[c];
    const cls = ["sg-cell"];
    if (cell.given) cls.push("given");
    if (cell.v && !cell.given) cls.push("placed");
    if (cell.dup) cls.push("dup");
    if (cell.differ) cls.push("differ");
    if (cell.house) cls.push("in-house");
    if (cell.house === "cross-line") cls.push("house-cross-line");
    if (cell.sel) cls.push("selected");
    if (cell.solution) cls.push("solution");
    if (cell.role) cls.push(`role-${cell.role}`);
    if (popcount(cell.cands) > 5 && cell.marks) cls.push("many");
    setClass(el, cls.join(" "));
    setAttr(el, "data-mistake", cell.mistake || null);
    setAttr(el, "aria-selected", cell.sel ? "true" : "false");
    setAttr(el, "data-peer", cell.peer ? "" : null);
    setAttr(el, "data-same", cell.same || null);
    setAttr(el, "data-colour", cell.colour ? String(cell.colour) : null);
    const centreText = digitsOf(cell.cands).join("");
    const cornerText = digitsOf(cell.corner).join("");
    setAttr(el, "data-centre", cell.marks && !cell.v ? centreText : null);
    setAttr(el, "data-corner", cell.marks && !cell.v ? cornerText : null);
    const shownMarks = cell.cands | cell.corner;
    const pairs = [];
    for (const d of geo.digits) if (shownMarks & bit(d) && candColourOf(cell.cc, d)) pairs.push(`${d}:${candColourOf(cell.cc, d)}`);
    setAttr(el, "data-cand-colour", pairs.length ? pairs.join(" ") : null);
    setText(part.value, cell.shown ? String(cell.shown) : "");
    let order = 0;
    for (const d of geo.digits) {
      const key = `${c}:${d}`;
      const on = Boolean(cell.cands & bit(d));
      const s = part.cands[d - 1];
      setText(s, on ? String(d) : "");
      const role = on ? roles.get(key) : undefined;
      let sc = "sg-cand";
      if (role) sc += ` role-${role}`;
      if (on && elim.has(key)) sc += " elim";
      if (on && place.has(key)) sc += " place";
      if (on && cell.same === "mark" && d === cell.focus) sc += " same";
      setClass(s, sc);
      const k = on ? candColourOf(cell.cc, d) : 0;
      setAttr(s, "data-cc", k ? String(k) : null);
      const t = part.corner[d - 1];
      const onCorner = Boolean(cell.corner & bit(d));
      setText(t, onCorner ? String(d) : "");
      setClass(t, "sg-cmark" + (onCorner && cell.same === "mark" && d === cell.focus ? " same" : ""));
      setAttr(t, "data-p", onCorner ? String(order++) : null);
      const kc = onCorner ? candColourOf(cell.cc, d) : 0;
      setAttr(t, "data-cc", kc ? String(kc) : null);
    }
    setAttr(el, "aria-label", cellLabel(geo, c, cell, centreText, cornerText, pairs));
  }

  /** @param {any[]} links */
  drawLinks(links) {
    drawLinks(/** @type {Element} */ (this.svg.querySelector(".sg-links")), this.geo, links, this.arrowId);
  }

  /**
   * The cell that has the keyboard focus (the roving tab index); with `focus`, focus it. When the
   * last render was given no selection, the focused cell is the one drawn selected.
   * @param {number} c @param {boolean} focus
   */
  select(c, focus = true) {
    if (c >= this.cells.length) c = -1; // a cell of a grid of another size
    if (this.selected >= 0 && this.selected !== c && this.cells[this.selected]) this.cells[this.selected].tabIndex = -1;
    if (this.selectionFromCursor) {
      for (const x of this.selection) {
        this.cells[x]?.classList.remove("selected");
        this.cells[x]?.setAttribute("aria-selected", "false");
        if (this.keys[x] !== undefined) this.keys[x] = "";
      }
      this.selection = c >= 0 ? [c] : [];
    }
    this.selected = c;
    if (c >= 0) {
      const el = this.cells[c];
      if (this.selectionFromCursor) {
        el.classList.add("selected");
        el.setAttribute("aria-selected", "true");
      }
      if (el.tabIndex !== 0) el.tabIndex = 0;
      const focused = el.getRootNode() instanceof Document && document.activeElement === el;
      if (focus && !focused) el.focus(); // focus() forces a style and layout pass: only when needed
    }
  }
}

/** @param {number} mask */
const popcount = (mask) => digitsOf(mask).length;

let uid = 1;
