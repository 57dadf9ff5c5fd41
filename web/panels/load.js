// Loading a puzzle: the paste box (any format the package reads, a position included), the
// examples, a paste anywhere on the page, and the list of puzzles in progress to continue.
import * as act from "../actions/index.js";
import { EXAMPLES } from "../examples.js";
import { touches } from "../store.js";

export function mount(root, store) {
  const q = (sel) => root.querySelector(sel);
  q("#load").addEventListener("click", () => act.loadText(store, q("#paste-input").value));
  for (const ex of EXAMPLES) {
    const o = document.createElement("option");
    o.value = ex.puzzle;
    o.textContent = ex.name;
    q("#examples").appendChild(o);
  }
  q("#examples").addEventListener("change", () => {
    const v = q("#examples").value;
    if (v) act.loadText(store, v);
  });
  document.addEventListener("paste", (e) => {
    if (/** @type {Element} */ (e.target).closest?.("input, textarea")) return;
    const text = e.clipboardData?.getData("text") || "";
    if (text.trim()) {
      e.preventDefault();
      act.loadText(store, text);
    }
  });

  function renderSaved(s) {
    const list = q("#saved-list");
    list.textContent = "";
    const games = (store.saves?.list() || []).filter((g) => !g.solved);
    q("#saved-empty").hidden = games.length > 0;
    const box = q("#saved-box");
    if (games.length && !box.dataset.offered && !s.game.givenCount()) {
      box.open = true; // the page's first view offers to continue
      box.dataset.offered = "1";
    }
    games.slice(0, 20).forEach((g, i) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.setAttribute("data-testid", `continue-${i + 1}`);
      const when = new Date(g.updated).toLocaleString();
      b.textContent = `Continue ${g.givens.slice(0, 18)}… (${g.filled} of ${g.filled + g.empty} cells filled, ${when})`;
      b.addEventListener("click", () => act.openPosition(store, { givens: g.givens }, "solve"));
      li.appendChild(b);
      list.appendChild(li);
    });
  }
  store.subscribe((s, keys) => {
    if (touches(keys, "mode", "saveProblem") || (keys.has("game") && s.mode === "solve" && !s.game.past.length)) renderSaved(s);
  });
  renderSaved(store.state);
}
