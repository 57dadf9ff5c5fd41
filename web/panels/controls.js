// The mode switch (Enter & analyse / Solve), the play toolbar (Notes, Undo, Redo, Fill candidates,
// Check, the timer) and the page's main buttons (Rate & explain, Hint, Copy link, Clear).
import * as act from "../actions/index.js";
import { touches } from "../store.js";

const clock = (s) => {
  s = Math.floor(s);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
};

export function mount(root, store) {
  const q = (sel) => root.querySelector(sel);
  const modes = [...root.querySelectorAll("[data-mode]")];
  for (const b of modes) b.addEventListener("click", () => act.setMode(store, b.dataset.mode));

  // The grid's size: the sizes the worker's techniques run on (its catalogue), 9x9 until it answers.
  const sizeSelect = q("#grid-size");
  sizeSelect.addEventListener("change", () => act.setSize(store, Number(sizeSelect.value)));

  const on = (name, fn) => q(`[data-act="${name}"]`).addEventListener("click", fn);
  on("notes", () => act.toggleNotes(store));
  on("undo", () => act.undo(store));
  on("redo", () => act.redo(store));
  on("fill", () => act.fillCandidates(store));
  on("check", () => act.check(store));
  on("undo-mistake", () => act.undoToFirstMistake(store));
  on("clear-colours", () => act.clearColours(store));
  on("pause", () => act.togglePause(store));

  q("#analyze").addEventListener("click", () => act.analyze(store));
  q("#hint").addEventListener("click", () => act.hint(store));
  q("#clear").addEventListener("click", () => act.clearGrid(store));
  q("#share").addEventListener("click", () => act.copyLink(store, { progress: store.state.mode === "solve" }));

  // The timer counts while the tab is visible, the puzzle unsolved and not paused.
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const s = store.state;
    const running = s.mode === "solve" && !s.paused && !s.solvedInfo && document.visibilityState === "visible";
    if (running) {
      s.game.elapsed += (now - last) / 1000;
      if (s.settings.showTimer) q(".timer .time").textContent = clock(s.game.elapsed);
    }
    last = now;
  }, 1000);

  function renderSizes(s) {
    const sizes = new Set([s.game.geo.size]);
    for (const t of s.catalogue?.techniques || []) for (const n of t.sizes || []) sizes.add(n);
    const list = [...sizes].sort((x, y) => y - x);
    const key = list.join(",");
    if (sizeSelect.dataset.sizes !== key) {
      sizeSelect.textContent = "";
      for (const n of list) sizeSelect.add(new Option(`${n}×${n}`, String(n)));
      sizeSelect.dataset.sizes = key;
    }
    sizeSelect.value = String(s.game.geo.size);
    // Shown from the start (disabled until the catalogue lists a second size), so the grid and
    // the buttons below do not jump when the catalogue arrives under a reader's pointer.
    sizeSelect.disabled = list.length < 2;
    sizeSelect.closest(".grid-size").hidden = s.mode === "solve";
  }

  function render(s) {
    const solve = s.mode === "solve";
    renderSizes(s);
    for (const b of modes) b.setAttribute("aria-pressed", String(b.dataset.mode === s.mode));
    for (const el of root.querySelectorAll("[data-solve-only]")) el.hidden = !solve;
    const timer = q(".timer");
    timer.hidden = !solve || !s.settings.showTimer;
    q(".timer .time").textContent = clock(s.game.elapsed);
    q('[data-act="pause"]').textContent = s.paused ? "Resume" : "Pause";
    const notes = q('[data-act="notes"]');
    notes.hidden = !solve;
    notes.setAttribute("aria-pressed", String(solve && s.entry === "centre"));
    q('[data-act="clear-colours"]').disabled = !s.game.hasColours();
    q('[data-act="undo"]').disabled = !act.canUndo(s);
    q('[data-act="redo"]').disabled = !act.canRedo(s);
    q("#analyze").disabled = Boolean(s.running);
    q("#analyze").hidden = solve;
    root.classList.toggle("solving", solve);
    document.body.classList.toggle("solving", solve);
    document.body.classList.toggle("paused", solve && Boolean(s.paused));
  }
  store.subscribe((s, keys) => {
    if (touches(keys, "mode", "notes", "entry", "game", "trail", "ahead", "running", "settings", "paused", "solvedInfo", "catalogue")) render(s);
  });
  render(store.state);
}
