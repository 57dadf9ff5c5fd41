// The Learn view (`#learn`): the default path's techniques grouped by family and ordered by level
// (from the worker's catalogue), each with its lesson, three worked examples from the drill pool
// stepped with the pattern drawn, its drills (panels/drill.js) and the learner's record for it.
import * as act from "../actions/index.js";
import { LESSONS } from "../lessons.js";
import { median } from "../model/drill.js";
import { GridView } from "../grid-view.js";
import { touches } from "../store.js";
import * as drillPanel from "./drill.js";

const HTML = `
  <div class="learn-head">
    <h2>Learn</h2>
    <button type="button" class="primary" data-testid="learn-weak">Practise my weak spots</button>
    <a href="#" class="learn-back" data-testid="learn-back">Back to the grid</a>
  </div>
  <p class="learn-message" data-testid="learn-message" role="status" hidden></p>
  <div class="learn-layout">
    <details class="learn-list" open>
      <summary>Techniques</summary>
      <div class="learn-families" data-testid="learn-list"><p class="muted">Waiting for the engine's list of techniques…</p></div>
    </details>
    <article class="learn-main">
      <div class="learn-empty">
        <p class="muted">Choose a technique to read how it works, step through worked examples and practise
          finding it in positions from real puzzles: the technique is the next step there, and nothing simpler is.</p>
        <p class="learn-overview" data-testid="learn-overview"></p>
      </div>
      <div class="learn-technique" hidden>
        <h3 class="learn-title" data-testid="learn-title"></h3>
        <p class="learn-lesson" data-testid="learn-lesson"></p>
        <section class="learn-examples" data-testid="learn-examples">
          <h4>Worked examples</h4>
          <p class="muted" data-testid="example-note" hidden></p>
          <div class="example-tabs" role="group" aria-label="Examples"></div>
          <div class="learn-split example-body">
            <div class="example-grid" data-testid="example-grid"></div>
            <div>
              <p class="example-text" data-testid="example-text" aria-live="polite"></p>
              <div class="row">
                <button type="button" data-testid="example-prev" aria-label="Previous stage">◀</button>
                <button type="button" data-testid="example-next" aria-label="Next stage">▶</button>
              </div>
            </div>
          </div>
        </section>
        <section class="learn-drill"></section>
        <section class="learn-record-box">
          <p class="learn-record" data-testid="learn-record"></p>
          <button type="button" data-testid="learn-sheet">Print a drill sheet</button>
        </section>
      </div>
    </article>
  </div>`;

const EXAMPLES = 3; // worked examples per lesson
const STAGES = ["The position. Look for the pattern before stepping on.", "The pattern, coloured by role.", ""];

/** The catalogue's techniques the Learn view teaches (`learn`), grouped by family in the catalogue's order.
 * @param {any} catalogue @returns {{id: string, name: string, techniques: any[]}[]} */
export function groups(catalogue) {
  const techniques = (catalogue?.techniques || []).filter((/** @type {any} */ t) => t.learn);
  return (catalogue?.families || []).map((/** @type {any} */ f) => ({
    id: f.id, name: f.name, techniques: techniques.filter((/** @type {any} */ t) => t.family === f.id).sort((/** @type {any} */ a, /** @type {any} */ b) => a.level - b.level),
  })).filter((/** @type {{techniques: any[]}} */ g) => g.techniques.length);
}

/** @param {HTMLElement} root @param {any} store */
export function mount(root, store) {
  root.innerHTML = HTML;
  const q = (/** @type {string} */ s) => /** @type {HTMLElement} */ (root.querySelector(s));
  drillPanel.mount(q(".learn-drill"), store);
  const example = new GridView(q(".example-grid"), { label: "Worked example" });
  // The drill's grid is the Learn view's one with cell hooks (`cell-r1c1`), as the issue names them.
  for (const cell of example.cells) cell.removeAttribute("data-testid");
  q('[data-testid="learn-weak"]').addEventListener("click", () => act.practiseWeak(store));
  q('[data-testid="learn-sheet"]').addEventListener("click", async () => {
    const page = await act.drillSheet(store);
    if (!page) return;
    const url = URL.createObjectURL(new Blob([page], { type: "text/html" }));
    const w = window.open(url, "_blank");
    if (w) w.addEventListener("load", () => w.print(), { once: true });
  });
  q('[data-testid="example-prev"]').addEventListener("click", () => stepExample(-1));
  q('[data-testid="example-next"]').addEventListener("click", () => stepExample(1));
  q(".example-tabs").addEventListener("click", (e) => {
    const b = /** @type {HTMLElement} */ (e.target).closest("button");
    if (b) act.showExample(store, Number(b.dataset.k), 0);
  });

  /** @param {number} by */
  function stepExample(by) {
    const { k, stage } = store.state.learn.example;
    act.showExample(store, k, stage + by);
  }

  /** The pool's last drills serve as examples, so the drills (from the first) stay fresh; a
   * technique with fewer than three drills adds the worked examples its file has beside them. */
  function examples() {
    const L = store.state.learn;
    const pool = L.pools[L.technique] || [];
    return [...pool.slice(-EXAMPLES).reverse(), ...(L.examples[L.technique] || [])].slice(0, EXAMPLES);
  }

  /** The pool's size, the learner's total, and where to start (the simplest technique not done yet). */
  function overview() {
    const L = store.state.learn;
    const index = (L.index || []).filter((/** @type {any} */ e) => e.count); // not those with examples only
    const box = q(".learn-overview");
    box.textContent = "";
    if (!index.length) return;
    const drills = index.reduce((n, /** @type {any} */ e) => n + e.count, 0);
    const done = Object.values(L.progress).reduce((n, /** @type {any} */ r) => n + (r.done || 0), 0);
    box.append(`${drills} drills of ${index.length} techniques; you have done ${done}. `);
    const next = index.find((/** @type {any} */ e) => !L.progress[e.technique]?.done);
    if (next) {
      const a = document.createElement("a");
      a.href = `#learn:${next.technique}`;
      a.textContent = `Start with ${next.name}`;
      box.append(a, ".");
    }
  }

  let listKey = "";
  function renderList() {
    const s = store.state;
    const L = s.learn;
    const counts = new Map((L.index || []).map((/** @type {any} */ e) => [e.technique, e]));
    const key = JSON.stringify([Boolean(s.catalogue), L.index?.length, L.technique, Object.keys(L.progress).length]);
    if (key === listKey) return;
    listKey = key;
    const found = groups(s.catalogue);
    if (!found.length) return;
    const box = q(".learn-families");
    box.textContent = "";
    for (const g of found) {
      const h = document.createElement("h3");
      h.textContent = g.name;
      const ul = document.createElement("ul");
      for (const t of g.techniques) {
        const li = document.createElement("li");
        const a = document.createElement("a");
        a.href = `#learn:${t.id}`;
        a.setAttribute("data-testid", `learn-${t.id}`);
        if (t.id === L.technique) {
          a.setAttribute("aria-current", "page");
          requestAnimationFrame(() => a.scrollIntoView({ block: "nearest" }));
        }
        const n = counts.get(t.id)?.count || 0;
        const rec = L.progress[t.id];
        a.innerHTML = `<span class="name"></span><span class="count"></span>`;
        /** @type {HTMLElement} */ (a.firstChild).textContent = t.name;
        /** @type {HTMLElement} */ (a.lastChild).textContent = !n ? (counts.get(t.id)?.examples ? "examples" : "lesson only") : rec?.done ? `${rec.done} done` : `${n} drills`;
        li.append(a);
        ul.append(li);
      }
      box.append(h, ul);
    }
  }

  function render() {
    const s = store.state;
    const L = s.learn;
    root.hidden = !L.open;
    if (!L.open) return;
    renderList();
    const msg = q(".learn-message");
    msg.hidden = !L.message;
    msg.textContent = L.message;
    const t = (s.catalogue?.techniques || []).find((/** @type {any} */ x) => x.id === L.technique);
    const entry = (L.index || []).find((/** @type {any} */ e) => e.technique === L.technique);
    const name = t?.name || entry?.name || L.technique;
    q(".learn-empty").hidden = Boolean(L.technique);
    if (!L.technique) overview();
    q(".learn-technique").hidden = !L.technique;
    if (!L.technique) return;
    const list = /** @type {HTMLDetailsElement} */ (q(".learn-list"));
    if (window.matchMedia?.("(max-width: 800px)").matches && list.dataset.for !== L.technique) list.open = false;
    list.dataset.for = L.technique;
    const unknown = Boolean(s.catalogue) && !t;
    q(".learn-title").textContent = unknown ? `No technique "${L.technique}"` : name;
    q(".learn-lesson").textContent = unknown ? "Choose one from the list of techniques." : LESSONS[L.technique] || "";
    const ex = examples();
    q(".example-body").hidden = !ex.length;
    q(".example-tabs").hidden = !ex.length;
    const note = q('[data-testid="example-note"]');
    note.hidden = ex.length >= EXAMPLES;
    note.textContent = !ex.length ? "No worked example yet: none of the pool's puzzles shows this pattern."
      : `Only ${ex.length} worked example${ex.length > 1 ? "s" : ""}: the pool's puzzles rarely show this pattern.`;
    if (ex.length) {
      const { k, stage } = L.example;
      const d = ex[Math.min(k, ex.length - 1)];
      const tabs = q(".example-tabs");
      tabs.textContent = "";
      ex.forEach((_, i) => {
        const b = document.createElement("button");
        b.type = "button";
        b.dataset.k = String(i);
        b.textContent = String(i + 1);
        b.setAttribute("aria-label", `Example ${i + 1}`);
        b.setAttribute("aria-pressed", String(i === k));
        tabs.append(b);
      });
      const a = d.answers[0];
      const step = stage === 0 ? null : stage === 1 ? { ...a, placements: [], eliminations: [] } : a;
      example.render(drillPanel.drillPosition(d), { step });
      q(".example-text").textContent = stage < 2 ? `Stage ${stage + 1} of 3. ${STAGES[stage]}` : `Stage 3 of 3. ${a.text}`;
      /** @type {HTMLButtonElement} */ (q('[data-testid="example-prev"]')).disabled = stage === 0;
      /** @type {HTMLButtonElement} */ (q('[data-testid="example-next"]')).disabled = stage === 2;
    }
    const rec = L.progress[L.technique];
    const record = q(".learn-record");
    /** @type {HTMLButtonElement} */ (q('[data-testid="learn-sheet"]')).hidden = !entry?.count;
    if (!entry?.count) record.textContent = "No drills of this technique yet: the pool's puzzles never needed it.";
    else if (!rec?.tried && !rec?.done) record.textContent = "Your record: no drills answered yet.";
    else {
      const med = median(rec.times || []);
      record.textContent = `Your record: ${rec.done} done, ${rec.firstTry} of ${rec.tried} right at the first try, ` +
        `streak ${rec.streak}${med === null ? "" : `, median time ${med} s`}.`;
    }
  }
  store.subscribe((/** @type {any} */ _s, /** @type {Set<string>} */ keys) => {
    if (touches(keys, "learn", "catalogue")) render();
  });
  render();
}
