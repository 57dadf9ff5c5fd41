// Loading a puzzle: the paste box (any format the package reads, a position included), the
// examples and a paste anywhere on the page (the games in progress are panels/games.js).
import * as act from "../actions/index.js";
import { EXAMPLES } from "../examples.js";

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
}
