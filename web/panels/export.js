// Export: the position (digits and marks) as a HoDoKu library line and a pencilmark grid, which
// other solvers read and this page reads back; a link with progress; printing.
import * as act from "../actions/index.js";
import { touches } from "../store.js";

export function mount(root, store) {
  const q = (sel) => root.querySelector(sel);
  const box = q("#export-box");
  q("#copy-progress").addEventListener("click", () => act.copyLink(store, { progress: true }));
  q("#print-marks").addEventListener("change", () => document.body.classList.toggle("print-marks", q("#print-marks").checked));
  q("#print").addEventListener("click", () => window.print());

  function render(s) {
    if (!box.open) return; // computed when opened
    const g = s.game;
    const library = g.givenCount() ? g.libraryLine() : "";
    q("#export-library").value = library || "";
    q("#export-library-box").hidden = library === null; // HoDoKu's format is 9x9 only
    q("#export-pencilmark").value = g.givenCount() ? g.pencilmark() : "";
    q("#copy-progress").hidden = s.mode !== "solve";
  }
  box.addEventListener("toggle", () => render(store.state));
  store.subscribe((s, keys) => {
    if (touches(keys, "game", "mode")) render(s);
  });
}
