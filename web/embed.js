// <sudoku-grader>: a puzzle's grid, ratings and step-through for a blog, drawn from precomputed JSON.
//
//   <script type="module" src="/grader/web/embed.js"></script>
//   <sudoku-grader src="puzzle-01.json"></sudoku-grader>                  JSON by URL
//   <sudoku-grader><script type="application/json">{...}</script></sudoku-grader>   JSON inline
//   <sudoku-grader puzzle="4.....8.5.3.........."></sudoku-grader>       only a puzzle: rated on request
//
// The JSON is what `python -m sudoku_grader embed` writes (or the output of `explain --json`,
// which holds the ratings too). Nothing of Python is downloaded to draw it: the engine (Pyodide in
// a Web Worker, one for every element of the page) loads only when a reader asks for engine work,
// the "Rate in your browser" button, and the element says that it is loading.
// "Solve this puzzle" opens the app (the page next to web/, where the engine comes from) in Solve
// mode for the puzzle: #solve:<81 chars> (36 for a 6x6 puzzle). "Solve here" plays in the element
// itself with the page's DOM-free model and the app's play code (embed/solve-here.js, loaded on
// that click): digits, corner and centre marks, colours, several selected cells, the highlight and
// the pad with its counts, undo/redo, Check against the solution the precomputed path reaches; the engine loads only for
// a hint, or for Check when the element has no solved path. A 6x6 puzzle (36 cells) is drawn,
// stepped and played the same way.
// Attributes: src, puzzle, compact (hides the step text), daily (a feed folder: the puzzle of the
// reader's day, embed/daily.js) and date (a day of that feed). Solve here is embed/play.js; the solver
// loader embed/solver.js; rating in the browser runs rate-explain.js, as the page's analysis does.
import { Position, plainLineGeometry } from "./board.js";
import { loadDay } from "./embed/daily.js";
import * as playing from "./embed/play.js";
import { loadedSolver, solver } from "./embed/solver.js";
import { STYLE } from "./embed/style.js";
import { GridView } from "./grid-view.js";
import { rateThenExplain, replayPath } from "./rate-explain.js";
import { BUILD } from "./build-info.js";
import { catalogueLabels, renderRatings } from "./ratings-view.js";

export class SudokuGraderElement extends HTMLElement {
  static get observedAttributes() {
    return ["puzzle", "src", "daily", "date"];
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
    this.statusEl = this.makePart("p", "status", "embed-status");
    this.statusEl.setAttribute("aria-live", "polite");
    this.ratingsEl = this.makePart("div", "ratings", "embed-ratings");
    const nav = this.makePart("div", "nav");
    nav.setAttribute("role", "group");
    nav.setAttribute("aria-label", "Step through the solution");
    this.prev = this.button("◀", "Previous step", "embed-prev", () => this.go(this.k - 1));
    this.next = this.button("▶", "Next step", "embed-next", () => this.go(this.k + 1));
    this.label = this.makePart("span", "", "embed-step");
    nav.append(this.prev, this.label, this.next);
    this.textEl = this.makePart("p", "text", "embed-text");
    this.rateButton = this.button("Rate in your browser", "Rate this puzzle with the solver in your browser",
      "embed-rate", () => this.rateHere());
    this.rateButton.hidden = true;
    this.solveLink = this.makePart("a", "", "embed-solve");
    this.solveLink.textContent = "Solve this puzzle";
    this.solveLink.target = "_blank";
    this.solveLink.rel = "noopener";
    this.solveLink.hidden = true;
    this.playButton = this.button("Solve here", "Solve this puzzle here: your digits and marks", "embed-play",
      () => playing.play(this));
    this.playButton.hidden = true;
    const engineRow = this.makePart("div", "engine");
    engineRow.append(this.playButton, this.solveLink, this.rateButton);
    this.playRow = this.makePart("div", "play");
    this.playRow.setAttribute("role", "group");
    this.playRow.setAttribute("aria-label", "Solve");
    this.playRow.hidden = true;
    this.notesButton = this.button("Notes", "Notes: digit keys enter centre marks (N)", "embed-notes", () => playing.toggleNotes(this));
    this.notesButton.setAttribute("aria-pressed", "false");
    this.playRow.append(
      this.notesButton,
      this.button("Undo", "Undo (Ctrl+Z)", "embed-undo", () => playing.playMove(this, (g) => g.undo())),
      this.button("Redo", "Redo (Ctrl+Y)", "embed-redo", () => playing.playMove(this, (g) => g.redo())),
      this.button("Check", "Show wrong digits and marks", "embed-check", () => playing.check(this)),
      this.button("Hint", "A hint from where you stand (loads the solver)", "embed-hint", () => playing.hint(this)),
      this.button("Steps", "Back to the solution's steps", "embed-steps", () => playing.stopPlaying(this)),
    );
    this.nav = nav;
    this.padEl = this.makePart("div", "", "embed-pad"); // Solve here's modes and pad
    this.padEl.hidden = true;
    root.append(this.gridEl, this.padEl, this.playRow, this.statusEl, this.ratingsEl, nav, this.textEl, engineRow);
    this.grid = new GridView(this.gridEl, { label: "Sudoku puzzle" });
    /** @type {any[]} the path's steps */
    this.steps = [];
    /** @type {Position[]} the start, then the grid after each step */
    this.positions = [];
    this.k = 0; // the step shown (0: the start)
    /** @type {any} the JSON drawn (or the answers rated here), null for a bare puzzle */
    this.data = null;
    /** @type {any} scale and field names from the worker's catalogue, once asked */
    this.catalogue = null;
    this.loadedOnce = false;
    this.seq = 0; // the latest load; an older one that finishes later draws nothing
    // Solve here (embed/play.js, embed/solve-here.js): the game, the play state, Check's flags, the hint
    /** @type {import("./model/game.js").Game|null} */
    this.game = null;
    /** @type {import("./embed/solve-here.js").SolveHere|null} the play state, keys and pad */
    this.solver = null;
    /** @type {Map<number, string>|null} */
    this.flags = null;
    /** @type {any} */
    this.hintStep = null;
    /** @type {{version: number, ladder: any, rung: number}|null} */
    this.hinted = null;
    /** @type {string|null} the solution the engine found, when the path does not reach it */
    this.solved = null;
    this.gridEl.addEventListener("keydown", (e) => {
      if (this.game) playing.playKey(this, e);
      else if (e.key === "ArrowRight") this.go(this.k + 1);
      else if (e.key === "ArrowLeft") this.go(this.k - 1);
    });
    this.padEl.addEventListener("keydown", (e) => {
      if (this.game && e.key !== "Enter" && e.key !== "Tab") playing.playKey(this, e); // a mode button keeps the keys
    });
    this.gridEl.tabIndex = 0;
    this.update();
  }

  /** A new element of the shadow tree, with its class and test id. */
  makePart(tag, cls, testid) {
    const el = document.createElement(tag);
    if (cls) el.className = cls;
    if (testid) el.setAttribute("data-testid", testid);
    return el;
  }

  button(text, label, testid, onClick) {
    const b = this.makePart("button", "", testid);
    b.type = "button";
    b.textContent = text;
    b.setAttribute("aria-label", label);
    b.addEventListener("click", onClick);
    return b;
  }

  connectedCallback() {
    // Inline JSON may still be arriving when the element is upgraded during parsing.
    if (document.readyState === "loading" && !this.getAttribute("src")) {
      document.addEventListener("DOMContentLoaded", () => this.load(), { once: true });
    } else this.load();
  }

  attributeChangedCallback(_name, old, value) {
    if (this.isConnected && old !== value && this.loadedOnce) this.load();
  }

  say(text, error = false) {
    this.statusEl.textContent = text;
    this.statusEl.classList.toggle("error", error);
  }

  /** Draw the day of a `daily` feed (embed/daily.js), else from the inline JSON, the src URL, or the
   * bare puzzle (in that order). */
  async load() {
    this.loadedOnce = true;
    const seq = ++this.seq;
    const inline = this.querySelector('script[type="application/json"]');
    const src = this.getAttribute("src");
    try {
      if (this.hasAttribute("daily")) return await loadDay(this, seq);
      let data = null;
      if (inline) data = JSON.parse(inline.textContent);
      else if (src) {
        this.say("Loading…");
        const res = await fetch(new URL(src, document.baseURI));
        if (!res.ok) throw new Error(`Could not load ${src}: HTTP ${res.status}.`);
        data = await res.json();
      }
      if (seq !== this.seq) return;
      if (data) this.show(data);
      else this.showPuzzleOnly((this.getAttribute("puzzle") || "").trim());
    } catch (e) {
      if (seq !== this.seq) return;
      this.offerSolve("");
      const msg = e instanceof SyntaxError ? "The puzzle's JSON is not readable." : String(e.message || e);
      this.say(msg, true);
    }
  }

  show(data) {
    const line = typeof data.puzzle === "string" ? data.puzzle : "";
    if (!plainLineGeometry(line)) throw new Error("The puzzle's JSON has no puzzle line (81 cells, or 36 for 6x6).");
    if (data.error) throw new Error(data.error);
    this.data = data;
    this.setPath(Position.fromLine(line), data.steps || []);
    renderRatings(this.ratingsEl, data.ratings || {}, this.names(data));
    const n = this.steps.length;
    this.say(n ? `${n} steps${data.solved === false ? " (the solver got stuck)" : ""}. Use ◀ ▶ to step through.` : "");
    this.rateButton.hidden = false;
    this.drawn(line);
  }

  /** Names of scales and fields, each scale's number field and fixed decimals: the JSON's when it
   * carries them (the `embed` command writes them from the scale records), else the worker's catalogue
   * once it was asked; until then the ids show. JSON written before `scale_numbers` (or
   * `scale_decimals`) takes them from this build's records. */
  names(data = this.data) {
    const named = data?.scale_names ? data : this.catalogue;
    const numbers = named?.scale_numbers || BUILD.scale_numbers || {};
    const decimals = named?.scale_decimals || BUILD.scale_decimals || {};
    return { doc: document, names: named?.scale_names || {}, fields: named?.field_names || {}, numbers, decimals };
  }

  showPuzzleOnly(text) {
    this.data = null;
    this.steps = [];
    this.ratingsEl.textContent = "";
    if (!text) {
      this.offerSolve("");
      this.positions = [];
      this.update();
      this.say("No puzzle given: set src, puzzle, or put the JSON inside the element.", true);
      return;
    }
    this.positions = plainLineGeometry(text) ? [Position.fromLine(text)] : [];
    this.update();
    this.say("Not rated yet.");
    this.rateButton.hidden = false;
    this.drawn(text);
  }

  /** Point "Solve this puzzle" at the app's Solve mode for a puzzle line (hidden otherwise). */
  offerSolve(puzzle) {
    const ok = Boolean(plainLineGeometry(puzzle || ""));
    this.solveLink.hidden = !ok;
    this.playButton.hidden = !ok;
    if (this.game && this.game.puzzle() !== (puzzle || "").replace(/0/g, ".")) playing.stopPlaying(this);
    if (ok) this.solveLink.href = new URL(`../#solve:${puzzle.replace(/0/g, ".")}`, import.meta.url).href;
    else this.solveLink.removeAttribute("href");
  }

  /** Marks the element drawn (data-drawn: ms since the page's navigation began) and says so. */
  drawn(puzzle) {
    this.offerSolve(puzzle);
    this.dataset.drawn = String(Math.round(performance.now()));
    this.dispatchEvent(new CustomEvent("drawn", { detail: { puzzle } }));
  }

  /** @param {Position} start @param {any[]} steps */
  setPath(start, steps) {
    this.steps = steps;
    this.positions = replayPath(start, steps).positions;
    this.k = Math.min(this.k, steps.length);
    this.update();
  }

  /** Engine work, on the reader's request: load the solver (once per page), then rate and explain. */
  async rateHere() {
    const text = this.data?.puzzle || (this.getAttribute("puzzle") || "").trim();
    if (!text) return;
    this.rateButton.disabled = true;
    this.say(loadedSolver() ? "Rating…" : "Loading the solver (Python in your browser, about 7 MB the first time)…");
    try {
      const eng = await solver();
      await eng.ready;
      let pos = this.positions[0];
      if (!pos) {
        const parsed = await eng.request("parse", text);
        if (parsed.error) throw new Error(parsed.error);
        pos = Position.fromParsed(parsed);
      }
      this.say("Rating…");
      const cat = await eng.request("catalogue");
      const labels = catalogueLabels(cat);
      this.catalogue = { scale_names: labels.names, field_names: labels.fields, scale_numbers: labels.numbers,
        scale_decimals: labels.decimals };
      const rated = {};
      const { rate, explain } = await rateThenExplain(eng, pos.text(), {
        onPartial: (scale, rating) => {
          rated[scale] = rating;
          renderRatings(this.ratingsEl, rated, this.names());
        },
        onProgress: (phase, m) => {
          // in words: the scale's name and the technique's, never their ids
          const tech = (cat.techniques || []).find((/** @type {any} */ t) => t.id === m.technique)?.name || "";
          const step = m.step ? `step ${m.step}${tech ? ` (${tech})` : ""}` : "";
          if (phase === "explain") step && this.say(`Explaining · ${step}`);
          else if (step) this.say(`Rating · ${this.catalogue?.scale_names[m.scale] || "the puzzle"} · ${step}`);
        },
        onRated: (rate) => {
          if (rate.error) throw new Error(rate.error);
          renderRatings(this.ratingsEl, rate.ratings || {}, this.names());
          this.say("Explaining…");
        },
      });
      if (explain.error) throw new Error(explain.error);
      this.data = { puzzle: pos.text(), ratings: rate.ratings, steps: explain.steps, solved: explain.solved, ...this.catalogue };
      this.offerSolve(pos.text());
      this.setPath(pos, explain.steps || []);
      this.say(`Rated in your browser: ${this.steps.length} steps. Use ◀ ▶ to step through.`);
      this.dispatchEvent(new CustomEvent("rated", { detail: { rate, explain } }));
    } catch (e) {
      this.say(String(e.message || e).replace(/^Error:\s*/, ""), true);
    } finally {
      this.rateButton.disabled = false;
    }
  }

  go(k) {
    this.k = Math.max(0, Math.min(this.steps.length, k));
    this.update();
  }

  update() {
    if (this.game) {
      playing.drawGame(this);
      return;
    }
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
