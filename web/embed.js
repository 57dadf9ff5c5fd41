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
// itself with the page's DOM-free model (model/game.js, loaded on that click): digits, marks (Notes,
// N), undo/redo, Check against the solution the precomputed path reaches; the engine loads only for
// a hint, or for Check when the element has no solved path. A 6x6 puzzle (36 cells) is drawn,
// stepped and played the same way.
// Attributes: src, puzzle, compact (hides the step text).
import { Position, plainLineGeometry } from "./board.js";
import { GridView } from "./grid-view.js";
import { renderRatings } from "./ratings-view.js";

let shared = null;
/** The page's one engine, loaded on first use (worker-client.js and everything after it). */
async function engine() {
  shared ??= import("./worker-client.js").then(({ Engine }) => new Engine({ lanes: 1 }));
  return shared;
}

const STYLE = `
:host { display: block; max-width: 480px; font: 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--sg-fg); background: var(--sg-bg); border: 1px solid var(--sg-thin); border-radius: 8px; padding: 10px; }
[hidden] { display: none !important; }
.status { min-height: 1.4em; color: var(--sg-cand); font-size: 0.9em; margin: 6px 0; }
.error { color: var(--sg-dup-fg); }
.ratings table { width: 100%; border-collapse: collapse; font-size: 0.9em; }
.ratings th, .ratings td { text-align: left; padding: 3px 4px; border-bottom: 1px solid var(--sg-thin); }
.ratings thead { display: none; }
.ratings .headline { font-weight: 700; }
.ratings .headline.unsupported { font-weight: 400; white-space: nowrap; color: var(--sg-cand); }
.ratings .details .field { margin-right: 8px; }
.ratings .label { color: var(--sg-cand); }
.nav { display: flex; align-items: center; gap: 6px; margin-top: 8px; }
.nav span { flex: 1; text-align: center; font-weight: 600; font-size: 0.92em; }
button { font: inherit; color: inherit; background: var(--sg-bg); border: 1px solid var(--sg-thin); border-radius: 6px; min-width: 40px; min-height: 36px; cursor: pointer; }
button:disabled { opacity: 0.45; }
button:focus-visible { outline: 3px solid var(--sg-placed); outline-offset: 2px; }
.engine { margin-top: 8px; font-size: 0.9em; display: flex; flex-wrap: wrap; align-items: center; gap: 10px; }
.engine a { color: var(--sg-placed); font-weight: 600; }
.play { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 8px; }
.play button[aria-pressed="true"] { background: var(--sg-thin); font-weight: 700; }
.text { min-height: 2.8em; font-size: 0.92em; margin: 6px 0 0; }
:host([compact]) .text { display: none; }
`;

export class SudokuGraderElement extends HTMLElement {
  static get observedAttributes() {
    return ["puzzle", "src"];
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
    this.statusEl = this.part("p", "status", "embed-status");
    this.statusEl.setAttribute("aria-live", "polite");
    this.ratingsEl = this.part("div", "ratings", "embed-ratings");
    const nav = this.part("div", "nav");
    nav.setAttribute("role", "group");
    nav.setAttribute("aria-label", "Step through the solution");
    this.prev = this.button("◀", "Previous step", "embed-prev", () => this.go(this.k - 1));
    this.next = this.button("▶", "Next step", "embed-next", () => this.go(this.k + 1));
    this.label = this.part("span", "", "embed-step");
    nav.append(this.prev, this.label, this.next);
    this.textEl = this.part("p", "text", "embed-text");
    this.rateButton = this.button("Rate in your browser", "Rate this puzzle with the solver in your browser",
      "embed-rate", () => this.rateHere());
    this.rateButton.hidden = true;
    this.solveLink = this.part("a", "", "embed-solve");
    this.solveLink.textContent = "Solve this puzzle";
    this.solveLink.target = "_blank";
    this.solveLink.rel = "noopener";
    this.solveLink.hidden = true;
    this.playButton = this.button("Solve here", "Solve this puzzle here: your digits and marks", "embed-play",
      () => this.play());
    this.playButton.hidden = true;
    const engineRow = this.part("div", "engine");
    engineRow.append(this.playButton, this.solveLink, this.rateButton);
    this.playRow = this.part("div", "play");
    this.playRow.setAttribute("role", "group");
    this.playRow.setAttribute("aria-label", "Solve");
    this.playRow.hidden = true;
    this.notesButton = this.button("Notes", "Notes: digit keys enter pencil marks (N)", "embed-notes", () => this.toggleNotes());
    this.notesButton.setAttribute("aria-pressed", "false");
    this.playRow.append(
      this.notesButton,
      this.button("Undo", "Undo (Ctrl+Z)", "embed-undo", () => this.playMove((g) => g.undo())),
      this.button("Redo", "Redo (Ctrl+Y)", "embed-redo", () => this.playMove((g) => g.redo())),
      this.button("Check", "Show wrong digits and marks", "embed-check", () => this.check()),
      this.button("Hint", "A hint from where you stand (loads the solver)", "embed-hint", () => this.hint()),
      this.button("Steps", "Back to the solution's steps", "embed-steps", () => this.stopPlaying()),
    );
    this.nav = nav;
    root.append(this.gridEl, this.playRow, this.statusEl, this.ratingsEl, nav, this.textEl, engineRow);
    this.grid = new GridView(this.gridEl, { label: "Sudoku puzzle" });
    this.steps = [];
    this.positions = [];
    this.k = 0;
    this.gridEl.addEventListener("keydown", (e) => {
      if (this.game) this.playKey(e);
      else if (e.key === "ArrowRight") this.go(this.k + 1);
      else if (e.key === "ArrowLeft") this.go(this.k - 1);
    });
    this.gridEl.addEventListener("click", (e) => {
      const cell = e.target.closest?.(".sg-cell");
      if (this.game && cell) this.pick(Number(cell.dataset.cell));
    });
    this.gridEl.tabIndex = 0;
    this.update();
  }

  part(tag, cls, testid) {
    const el = document.createElement(tag);
    if (cls) el.className = cls;
    if (testid) el.setAttribute("data-testid", testid);
    return el;
  }

  button(text, label, testid, onClick) {
    const b = this.part("button", "", testid);
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

  /** Draw from the inline JSON, the src URL, or the bare puzzle (in that order). */
  async load() {
    this.loadedOnce = true;
    const seq = (this.seq = (this.seq || 0) + 1);
    const inline = this.querySelector('script[type="application/json"]');
    const src = this.getAttribute("src");
    try {
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

  /** Names of scales and fields: the JSON's when it carries them (the `embed` command writes them from
   * the scale records), else the worker's catalogue once it was asked; until then the ids show. */
  names(data = this.data) {
    const named = data?.scale_names ? data : this.catalogue;
    return { doc: document, names: named?.scale_names || {}, fields: named?.field_names || {} };
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
    if (this.game && this.game.puzzle() !== (puzzle || "").replace(/0/g, ".")) this.stopPlaying();
    if (ok) this.solveLink.href = new URL(`../#solve:${puzzle.replace(/0/g, ".")}`, import.meta.url).href;
    else this.solveLink.removeAttribute("href");
  }

  /** Marks the element drawn (data-drawn: ms since the page's navigation began) and says so. */
  drawn(puzzle) {
    this.offerSolve(puzzle);
    this.dataset.drawn = String(Math.round(performance.now()));
    this.dispatchEvent(new CustomEvent("drawn", { detail: { puzzle } }));
  }

  setPath(start, steps) {
    this.steps = steps;
    this.positions = [start];
    let p = start;
    for (const s of steps) {
      p = p.copy();
      p.apply(s);
      this.positions.push(p);
    }
    this.k = Math.min(this.k, steps.length);
    this.update();
  }

  /** Engine work, on the reader's request: load the solver (once per page), then rate and explain. */
  async rateHere() {
    const text = this.data?.puzzle || (this.getAttribute("puzzle") || "").trim();
    if (!text) return;
    this.rateButton.disabled = true;
    const loaded = shared !== null;
    this.say(loaded ? "Rating…" : "Loading the solver (Python in your browser, about 7 MB the first time)…");
    try {
      const eng = await engine();
      await eng.ready;
      let pos = this.positions[0];
      if (!pos) {
        const parsed = await eng.request("parse", text);
        if (parsed.error) throw new Error(parsed.error);
        pos = Position.fromParsed(parsed);
      }
      this.say("Rating…");
      const cat = await eng.request("catalogue");
      this.catalogue = { scale_names: Object.fromEntries((cat.scales || []).map((x) => [x.id, x.name])), field_names: cat.fields || {} };
      const rated = {};
      const rate = await eng.request("rate", pos.text(), {}, (m) => {
        if (m.type === "partial") {
          rated[m.scale] = m.rating;
          renderRatings(this.ratingsEl, rated, this.names());
        } else if (m.step) this.say(`Rating · ${m.scale || ""} step ${m.step}`);
      });
      if (rate.error) throw new Error(rate.error);
      renderRatings(this.ratingsEl, rate.ratings || {}, this.names());
      this.say("Explaining…");
      const explain = await eng.request("explain", pos.text(), {}, (m) => m.step && this.say(`Explaining · step ${m.step}`));
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

  // ---------------------------------------------------------------- solving in the element
  /** Start (or continue) a game of this puzzle: the model loads now, the engine only when needed. */
  async play() {
    const puzzle = (this.data?.puzzle || this.positions[0]?.text() || "").replace(/0/g, ".");
    if (!plainLineGeometry(puzzle)) return;
    const { Game } = await import("./model/game.js");
    if (!this.game || this.game.puzzle() !== puzzle) this.game = new Game(puzzle);
    this.notes = false;
    this.flags = null;
    this.selected = this.game.givens.findIndex((d) => !d);
    this.playRow.hidden = false;
    this.nav.hidden = true;
    this.textEl.hidden = true;
    this.playButton.hidden = true;
    this.say("Your move: pick a cell, type a digit; N switches Notes.");
    this.update();
    this.grid.select(this.selected, true);
  }

  stopPlaying() {
    this.game = null;
    this.playRow.hidden = true;
    this.nav.hidden = false;
    this.textEl.hidden = false;
    this.playButton.hidden = !this.positions[0];
    this.say("");
    this.update();
  }

  toggleNotes() {
    this.notes = !this.notes;
    this.notesButton.setAttribute("aria-pressed", String(this.notes));
  }

  pick(c) {
    this.selected = c;
    this.grid.select(c, true);
  }

  /** A change to the game; Check's flags and a shown hint last until the next one. */
  playMove(fn) {
    if (!this.game) return;
    fn(this.game);
    this.flags = null;
    this.hintStep = null;
    this.hinted = null;
    this.update();
    this.grid.select(this.selected, true);
    const sol = this.solution();
    if (sol && this.game.isSolved(sol)) this.say("Solved. Well done!");
  }

  playKey(e) {
    const c = this.selected;
    const k = e.key.toLowerCase();
    const { size, cells } = this.game.geo;
    const moveBy = { arrowup: -size, arrowdown: size, arrowleft: -1, arrowright: 1 }[k];
    if ((e.ctrlKey || e.metaKey) && (k === "z" || k === "y")) {
      this.playMove((g) => (k === "y" || e.shiftKey ? g.redo() : g.undo()));
    } else if (e.ctrlKey || e.metaKey || e.altKey) return;
    else if (moveBy) this.pick((c + moveBy + cells) % cells);
    else if (k === "n") this.toggleNotes();
    else if (/^[1-9]$/.test(k) && this.game.geo.isDigit(Number(k)) && c >= 0 && !this.game.isGiven(c)) {
      const d = Number(k);
      this.playMove((g) => (this.notes ? g.toggleMark(c, d) : g.place(c, d)));
    } else if ((k === "backspace" || k === "delete") && c >= 0 && !this.game.isGiven(c)) this.playMove((g) => g.erase(c));
    else return;
    e.preventDefault();
  }

  /** The solution, when the precomputed path reaches it (no engine needed). */
  solution() {
    const last = this.positions[this.positions.length - 1];
    const line = this.steps.length && last ? last.text() : "";
    return plainLineGeometry(line) && !/[.0]/.test(line) ? line : this.solved || null;
  }

  async check() {
    if (!this.game) return;
    let sol = this.solution();
    if (!sol) {
      this.say("Loading the solver to find the solution…");
      try {
        const eng = await engine();
        await eng.ready;
        const res = await eng.request("solve", this.game.puzzle());
        if (res.error || !res.solution) throw new Error(res.error || "This puzzle has no single solution.");
        sol = this.solved = res.solution;
      } catch (e) {
        this.say(String(e.message || e).replace(/^Error:\s*/, ""), true);
        return;
      }
    }
    const { wrong, missing } = this.game.mistakes(sol);
    this.flags = new Map([...wrong.map((c) => [c, "digit"]), ...missing.map((c) => [c, "marks"])]);
    this.update();
    this.say(this.game.isSolved(sol) ? "Solved. Well done!" : wrong.length || missing.length ?
      `${wrong.length} wrong digit${wrong.length === 1 ? "" : "s"}, ${missing.length} cell${missing.length === 1 ? "" : "s"} whose marks lost the answer.` :
      "No mistakes so far.");
  }

  /** A hint from the player's position and marks, one rung per click (the engine loads on the first). */
  async hint() {
    if (!this.game) return;
    const version = this.game.version;
    const h = this.hinted;
    if (!h || h.version !== version) {
      this.say(shared ? "Thinking…" : "Loading the solver (Python in your browser, about 7 MB the first time)…");
      try {
        const eng = await engine();
        await eng.ready;
        const [answer, { hintLadder }] = await Promise.all([
          eng.request("hint", this.game.positionJSON(), {}), import("./model/ladder.js")]);
        if (!this.game || this.game.version !== version) return;
        this.hinted = { version, ladder: hintLadder(answer, null), rung: 0 };
      } catch (e) {
        this.say(String(e.message || e).replace(/^Error:\s*/, ""), true);
        return;
      }
    }
    const { ladder } = this.hinted;
    this.hinted.rung = Math.min(this.hinted.rung + 1, ladder.rungs.length);
    const rung = ladder.rungs[this.hinted.rung - 1];
    this.hintStep = rung.view?.step || null;
    this.flags = rung.view?.mistakes ? new Map(rung.view.mistakes.map((c) => [c, "digit"])) : this.flags;
    this.say(rung.text + (this.hinted.rung < ladder.rungs.length ? " (Hint again for more.)" : ""));
    this.update();
  }

  go(k) {
    this.k = Math.max(0, Math.min(this.steps.length, k));
    this.update();
  }

  update() {
    if (this.game) {
      this.grid.render(this.game.view("marks"), { marks: true, showCandidates: true, mistakes: this.flags || undefined,
        step: this.hintStep || undefined });
      this.grid.select(this.selected, false);
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
