// The drill: a position where one technique gives the next step. The learner taps the candidates
// the step removes (or, in place mode, the digit it places), then Check; Show me draws the
// instance by role; Next gives another drill. Hooks: `drill` (the grid, cells `cell-r1c1`),
// `cand-r4c7-5`, `drill-check`, `drill-show`, `drill-next`, `drill-result` (data-verdict).
import * as act from "../actions/index.js";
import { answerOf, effectText } from "../model/drill.js";
import { NINE, Position } from "../board.js";
import { GridView } from "../grid-view.js";
import { touches } from "../store.js";

/** @typedef {import("../model/drill.js").Drill} Drill */

/** The drill's position for the grid view. @param {Drill} d */
export function drillPosition(d) {
  const values = [];
  const givens = [];
  const cands = [];
  for (let c = 0; c < 81; c++) {
    const g = Number(d.givens[c]) || 0;
    const p = Number(d.placed[c]) || 0;
    values.push(g || p);
    givens.push(Boolean(g));
    cands.push((d.candidates[c] || []).reduce((m, x) => m | (1 << (x - 1)), 0));
  }
  return new Position(values, givens, cands, NINE);
}

const HTML = `
  <h3 class="drill-title" data-testid="drill-title"></h3>
  <p class="muted drill-help">Find the step: tap each candidate it removes, or switch to <em>Place</em> and tap
    the digit it places. Then <strong>Check</strong>.
    <span id="drill-keys" class="sr-keys">Keys: arrows choose a cell, a digit strikes or places that candidate.</span></p>
  <div class="learn-split">
  <div class="drill-grid" data-testid="drill"></div>
  <div>
  <div class="drill-tools">
    <div class="drill-kind" role="group" aria-label="What a tap does">
      <button type="button" data-kind="elimination" data-testid="drill-mode-remove" aria-pressed="true">Remove</button>
      <button type="button" data-kind="placement" data-testid="drill-mode-place" aria-pressed="false">Place</button>
    </div>
    <div class="drill-pad" data-testid="drill-pad" role="group" aria-label="Candidates of the chosen cell"></div>
  </div>
  <p class="drill-picked muted" data-testid="drill-picked" aria-live="polite"></p>
  <div class="row drill-buttons">
    <button type="button" class="primary" data-testid="drill-check">Check</button>
    <button type="button" data-testid="drill-show">Show me</button>
    <button type="button" data-testid="drill-next">Next</button>
    <a class="drill-link" data-testid="drill-link" href="#learn">Link to this drill</a>
  </div>
  <div class="drill-result" data-testid="drill-result" role="status" aria-live="polite" hidden></div>
  </div>
  </div>`;

/** @param {HTMLElement} root @param {any} store */
export function mount(root, store) {
  root.innerHTML = HTML;
  const q = (/** @type {string} */ s) => /** @type {HTMLElement} */ (root.querySelector(s));
  const view = new GridView(q(".drill-grid"), { label: "Drill: find the step" });
  const grid = q(".drill-grid");
  grid.setAttribute("data-testid", "drill");
  for (const cell of view.cells) {
    for (const s of cell.querySelectorAll(".sg-cand")) {
      const d = /** @type {HTMLElement} */ (s).dataset.d;
      s.setAttribute("data-testid", `cand-${cell.getAttribute("data-testid")?.slice(5)}-${d}`);
    }
  }
  grid.addEventListener("click", (e) => {
    const target = /** @type {HTMLElement} */ (e.target);
    const cellEl = /** @type {HTMLElement | null} */ (target.closest(".sg-cell"));
    if (!cellEl) return;
    const name = NINE.cellName(Number(cellEl.dataset.cell));
    const cand = /** @type {HTMLElement | null} */ (target.closest(".sg-cand"));
    if (cand && cand.textContent) act.pick(store, name, Number(cand.dataset.d));
    else act.selectCell(store, name);
  });
  // Keys: arrows move the chosen cell, a digit strikes (or places) that candidate there.
  grid.tabIndex = 0;
  grid.setAttribute("aria-describedby", "drill-keys");
  grid.addEventListener("keydown", (e) => {
    const L = store.state.learn;
    const c = L.cell ? NINE.cellIndex(L.cell) : -1;
    /** @type {Object<string, number>} */
    const moves = { ArrowUp: -9, ArrowDown: 9, ArrowLeft: -1, ArrowRight: 1 };
    if (e.key in moves) {
      const next = c < 0 ? 0 : c + moves[e.key];
      if (next >= 0 && next < 81 && (Math.abs(moves[e.key]) === 9 || Math.floor(next / 9) === Math.floor(c / 9) || c < 0)) {
        act.selectCell(store, NINE.cellName(next));
      }
      e.preventDefault();
    } else if (/^[1-9]$/.test(e.key) && c >= 0 && act.currentDrill(L)?.candidates[c].includes(Number(e.key))) {
      act.pick(store, L.cell, Number(e.key));
      e.preventDefault();
    }
  });
  for (const b of root.querySelectorAll("[data-kind]")) {
    b.addEventListener("click", () => act.setKind(store, /** @type {any} */ (b).dataset.kind));
  }
  q(".drill-pad").addEventListener("click", (e) => {
    const b = /** @type {HTMLElement} */ (e.target).closest("button");
    if (b) act.pick(store, store.state.learn.cell, Number(b.dataset.d));
  });
  q('[data-testid="drill-check"]').addEventListener("click", () => act.checkDrill(store));
  q('[data-testid="drill-show"]').addEventListener("click", () => act.showDrill(store));
  q('[data-testid="drill-next"]').addEventListener("click", () => act.nextDrill(store));

  function render() {
    const L = store.state.learn;
    const d = act.currentDrill(L);
    root.hidden = !d;
    if (!d) return;
    const count = L.pools[L.technique]?.length || 0;
    q(".drill-title").textContent = `Drill ${L.n} of ${count}: ${d.name}${L.weak ? " (weak spots)" : ""}`;
    const pos = drillPosition(d);
    const shown = L.shown;
    view.render(pos, { step: shown || null, showCandidates: true });
    view.select(L.cell ? NINE.cellIndex(L.cell) : -1, false);
    const elim = new Set((shown?.eliminations || []).map((/** @type {any} */ e) => `${e.cell}:${e.digit}`));
    const place = new Set((shown?.placements || []).map((/** @type {any} */ p) => p.cell));
    view.cells.forEach((cell, c) => {
      const name = NINE.cellName(c);
      if (place.has(name)) cell.setAttribute("data-role", "placement");
      else cell.removeAttribute("data-role");
      for (const s of cell.querySelectorAll(".sg-cand")) {
        const key = `${name}:${/** @type {HTMLElement} */ (s).dataset.d}`;
        const picked = L.selection.get(key);
        s.classList.toggle("picked-elim", picked === "elimination");
        s.classList.toggle("picked-place", picked === "placement");
        if (elim.has(key)) s.setAttribute("data-role", "elimination");
        else s.removeAttribute("data-role");
      }
    });
    for (const b of root.querySelectorAll("[data-kind]")) {
      b.setAttribute("aria-pressed", String(/** @type {HTMLElement} */ (b).dataset.kind === L.kind));
    }
    const pad = q(".drill-pad");
    pad.textContent = "";
    const c = L.cell ? NINE.cellIndex(L.cell) : -1;
    if (c >= 0 && !pos.values[c]) {
      const label = document.createElement("span");
      label.textContent = `${L.cell}:`;
      pad.append(label);
      for (const x of d.candidates[c]) {
        const b = document.createElement("button");
        b.type = "button";
        b.dataset.d = String(x);
        b.textContent = String(x);
        const picked = L.selection.get(`${L.cell}:${x}`);
        b.setAttribute("aria-pressed", String(Boolean(picked)));
        b.setAttribute("aria-label", `${L.kind === "placement" ? "place" : "remove"} ${x} in ${L.cell}`);
        b.className = picked === "placement" ? "picked-place" : picked ? "picked-elim" : "";
        pad.append(b);
      }
    }
    const chosen = effectText(answerOf(L.selection));
    q(".drill-picked").textContent = chosen ? `Your answer: ${chosen}` : "Nothing chosen yet.";
    /** @type {HTMLAnchorElement} */ (q(".drill-link")).href = `#learn:${d.technique}:${L.n}`;
    /** @type {HTMLButtonElement} */ (q('[data-testid="drill-check"]')).disabled = L.busy || Boolean(shown);
    const res = q(".drill-result");
    const r = L.result;
    res.hidden = !r && !shown;
    res.dataset.verdict = r?.verdict || "";
    if (r) res.setAttribute("data-verdict", r.verdict);
    else res.removeAttribute("data-verdict");
    const lines = [];
    if (r) lines.push(r.message);
    if (r?.verdict === "wrong" && r.missed?.length && shown) lines.push(`Missed: ${r.missed.join(", ")}.`);
    // the step's text names its technique, as the title above does
    if (shown) lines.push(`${shown.text} (${effectText(shown)})`);
    res.textContent = "";
    for (const line of lines) {
      const p = document.createElement("p");
      p.textContent = line;
      res.append(p);
    }
  }
  store.subscribe((/** @type {any} */ _s, /** @type {Set<string>} */ keys) => {
    if (touches(keys, "learn")) render();
  });
  render();
}
