// <sudoku-grader puzzle="..."></sudoku-grader>: the grid, the ratings and the step-through for a blog.
//
//   <script type="module" src="https://your.site/grader/web/embed.js"></script>
//   <sudoku-grader puzzle="4.....8.5.3.........."></sudoku-grader>
//
// Every element on a page shares one engine (one Web Worker with Pyodide), booted on first use.
// Attributes: puzzle (any format the package reads), compact (hides the step list).
import { Position } from "./board.js";
import { Engine } from "./engine.js";
import { GridView } from "./grid.js";
import { renderRatings } from "./ratings.js";

let shared = null;
const engine = () => (shared ??= new Engine());

const STYLE = `
:host { display: block; max-width: 480px; font: 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--sg-fg); background: var(--sg-bg); border: 1px solid var(--sg-thin); border-radius: 8px; padding: 10px; }
.status { min-height: 1.4em; color: var(--sg-cand); font-size: 0.9em; margin: 6px 0; }
.error { color: var(--sg-dup-fg); }
.ratings table { width: 100%; border-collapse: collapse; font-size: 0.9em; }
.ratings th, .ratings td { text-align: left; padding: 3px 4px; border-bottom: 1px solid var(--sg-thin); }
.ratings thead { display: none; }
.ratings .headline { font-weight: 700; }
.ratings .details .field { margin-right: 8px; }
.ratings .label { color: var(--sg-cand); }
.nav { display: flex; align-items: center; gap: 6px; margin-top: 8px; }
.nav span { flex: 1; text-align: center; font-weight: 600; font-size: 0.92em; }
button { font: inherit; color: inherit; background: var(--sg-bg); border: 1px solid var(--sg-thin); border-radius: 6px; min-width: 40px; min-height: 36px; cursor: pointer; }
button:disabled { opacity: 0.45; }
button:focus-visible { outline: 3px solid var(--sg-placed); outline-offset: 2px; }
.text { min-height: 2.8em; font-size: 0.92em; margin: 6px 0 0; }
.muted { color: var(--sg-cand); }
`;

export class SudokuGraderElement extends HTMLElement {
  static get observedAttributes() {
    return ["puzzle"];
  }

  constructor() {
    super();
    const root = this.attachShadow({ mode: "open" });
    const css = document.createElement("link");
    css.rel = "stylesheet";
    css.href = new URL("./grid.css", import.meta.url).href;
    const style = document.createElement("style");
    style.textContent = STYLE;
    root.append(css, style);
    this.gridEl = document.createElement("div");
    this.statusEl = document.createElement("p");
    this.statusEl.className = "status";
    this.statusEl.setAttribute("aria-live", "polite");
    this.statusEl.setAttribute("data-testid", "embed-status");
    this.ratingsEl = document.createElement("div");
    this.ratingsEl.className = "ratings";
    const nav = document.createElement("div");
    nav.className = "nav";
    nav.setAttribute("role", "group");
    nav.setAttribute("aria-label", "Step through the solution");
    this.prev = this.button("◀", "Previous step", "embed-prev", () => this.go(this.k - 1));
    this.next = this.button("▶", "Next step", "embed-next", () => this.go(this.k + 1));
    this.label = document.createElement("span");
    this.label.setAttribute("data-testid", "embed-step");
    nav.append(this.prev, this.label, this.next);
    this.textEl = document.createElement("p");
    this.textEl.className = "text";
    this.textEl.setAttribute("data-testid", "embed-text");
    root.append(this.gridEl, this.statusEl, this.ratingsEl, nav, this.textEl);
    this.grid = new GridView(this.gridEl, { label: "Sudoku puzzle" });
    this.steps = [];
    this.positions = [];
    this.k = 0;
    this.gridEl.addEventListener("keydown", (e) => {
      if (e.key === "ArrowRight") this.go(this.k + 1);
      else if (e.key === "ArrowLeft") this.go(this.k - 1);
    });
    this.gridEl.tabIndex = 0;
    this.update();
  }

  button(text, label, testid, onClick) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.setAttribute("aria-label", label);
    b.setAttribute("data-testid", testid);
    b.addEventListener("click", onClick);
    return b;
  }

  connectedCallback() {
    this.run();
  }

  attributeChangedCallback() {
    if (this.isConnected) this.run();
  }

  async run() {
    const text = (this.getAttribute("puzzle") || "").trim();
    const seq = (this.seq = (this.seq || 0) + 1);
    this.steps = [];
    this.positions = [];
    this.k = 0;
    this.ratingsEl.textContent = "";
    this.statusEl.classList.remove("error");
    if (!text) {
      this.statusEl.textContent = "No puzzle given: set the puzzle attribute.";
      this.update();
      return;
    }
    const eng = engine();
    this.statusEl.textContent = eng.state === "booting" ? "Loading the solver…" : "Rating…";
    try {
      let pos;
      if (/^[1-9.0]{81}$/.test(text)) pos = Position.fromLine(text);
      else {
        const parsed = await eng.request("parse", text);
        if (parsed.error) throw new Error(parsed.error);
        pos = Position.fromParsed(parsed);
      }
      this.positions = [pos];
      this.update();
      this.statusEl.textContent = "Rating…";
      const rate = await eng.request("rate", pos.text());
      if (seq !== this.seq) return;
      if (rate.error) throw new Error(rate.error);
      renderRatings(this.ratingsEl, rate.ratings || {}, document);
      const explain = await eng.request("explain", pos.text());
      if (seq !== this.seq) return;
      if (explain.error) throw new Error(explain.error);
      this.steps = explain.steps || [];
      let p = pos;
      for (const s of this.steps) {
        p = p.copy();
        p.apply(s);
        this.positions.push(p);
      }
      this.statusEl.textContent = `${this.steps.length} steps${explain.solved ? "" : " (the solver got stuck)"}. Use ◀ ▶ to step through.`;
      this.dispatchEvent(new CustomEvent("rated", { detail: { rate, explain } }));
    } catch (e) {
      if (seq !== this.seq) return;
      this.statusEl.textContent = String(e.message || e).replace(/^Error:\s*/, "");
      this.statusEl.classList.add("error");
    }
    this.update();
  }

  go(k) {
    this.k = Math.max(0, Math.min(this.steps.length, k));
    this.update();
  }

  update() {
    const n = this.steps.length;
    const pos = this.positions[Math.min(this.k ? this.k - 1 : 0, this.positions.length - 1)] || new Position();
    const step = this.k >= 1 ? this.steps[this.k - 1] : null;
    this.grid.render(pos, { step, showCandidates: Boolean(step) });
    this.prev.disabled = this.k <= 0;
    this.next.disabled = this.k >= n;
    this.label.textContent = n ? (this.k ? `Step ${this.k} of ${n}: ${step.name}` : `Start (${n} steps)`) : "";
    this.textEl.textContent = step ? step.text : "";
  }
}

if (!customElements.get("sudoku-grader")) customElements.define("sudoku-grader", SudokuGraderElement);
