// The solution path: the list of steps and the stepper (first, previous, next, last). While a
// step is shown the grid draws it (the grid panel reads `view`).
import * as act from "../actions/index.js";
import { renderOutline } from "../netview.js";
import { touches } from "../store.js";

export function mount(root, store) {
  const q = (sel) => root.querySelector(sel);
  const view = () => store.state.view;
  q("#step-next").addEventListener("click", () => act.goTo(store, (view() ?? 0) + 1));
  q("#step-prev").addEventListener("click", () => act.goTo(store, (view() ?? 1) - 1));
  q("#step-first").addEventListener("click", () => act.goTo(store, 0));
  q("#show-path").addEventListener("click", () => act.showPath(store));
  q("#step-last").addEventListener("click", () => act.goTo(store, (store.state.analysis?.steps.length ?? 0) + 1));
  const source = /** @type {HTMLSelectElement} */ (q("#path-source"));
  source.addEventListener("change", () => act.choosePath(store, /** @type {"default"|"se"|"hodoku"} */ (source.value), 0));

  /** The path choice: shown when a scale's own path is there to choose; each option only when it has steps. */
  function renderSource(s) {
    const a = s.analysis;
    const have = a?.paths || {};
    const label = /** @type {HTMLElement} */ (source.closest(".path-source"));
    label.hidden = !a || Object.keys(have).length < 2;
    for (const opt of source.options) opt.disabled = !(opt.value in have);
    source.value = a?.source || "default";
  }

  /** A forcing chain or net step's outline under its text; an implication chosen is drawn on the grid. */
  function renderNet(s) {
    const box = q("#net-view");
    const a = s.analysis;
    const k = s.view;
    const st = a && k !== null && k >= 1 && k <= a.steps.length ? a.steps[k - 1] : null;
    if (!st?.net) {
      box.textContent = "";
      return;
    }
    const sel = s.netFocus && s.netFocus.view === k ? s.netFocus : null;
    renderOutline(box, st.net, (path, i) => act.focusNet(store, { path, k: i }), sel);
  }

  function renderList(s) {
    const list = q("#steps");
    list.textContent = "";
    const a = s.analysis;
    if (!a) return;
    a.steps.forEach((st, i) => {
      const li = document.createElement("li");
      li.dataset.index = String(i + 1);
      li.setAttribute("data-testid", `step-${i + 1}`);
      const btn = document.createElement("button");
      btn.type = "button";
      btn.className = "step-btn";
      const name = document.createElement("span");
      name.className = "step-name";
      name.textContent = st.name;
      const text = document.createElement("span");
      text.className = "step-expl";
      text.textContent = st.text;
      btn.append(name, text);
      btn.addEventListener("click", () => act.goTo(store, i + 1));
      li.appendChild(btn);
      list.appendChild(li);
    });
  }

  function renderStepper(s) {
    const a = s.analysis;
    const n = a ? a.steps.length : 0;
    const k = s.view;
    q("#step-prev").disabled = !n || k === null || k <= 0;
    q("#step-first").disabled = !n || k === null || k <= 0;
    q("#step-next").disabled = !n || (k !== null && k > n);
    q("#step-last").disabled = !n || (k !== null && k > n);
    const cur = q("#step-current");
    const text = q("#step-text");
    if (!a) {
      cur.textContent = "No steps yet";
      text.textContent = "";
    } else if (k === null || k === 0) {
      cur.textContent = n ? `Start: ${n} steps` : "No steps";
      text.textContent = k === 0 ? "The puzzle before the first step." : "";
    } else if (k > n) {
      cur.textContent = a.explain?.solved ? "Solved" : "Stuck";
      text.textContent = a.explain?.solved ? "Every cell is filled." : `The solver stopped: ${a.explain?.stuck?.reason || "no technique applies"}.`;
    } else {
      const st = a.steps[k - 1];
      cur.textContent = `Step ${k} of ${n}: ${st.name}`;
      text.textContent = st.text;
    }
    for (const li of q("#steps").children) {
      const on = Number(li.dataset.index) === k;
      li.classList.toggle("current", on);
      li.querySelector("button")?.setAttribute("aria-current", on ? "step" : "false");
    }
    if (k !== null) q(`#steps [data-index="${k}"]`)?.scrollIntoView({ block: "nearest" });
    document.body.classList.toggle("stepping", k !== null && Boolean(a));
  }

  function renderHidden(s) {
    document.body.classList.toggle("path-hidden", s.mode === "solve" && !s.pathShown && Boolean(s.analysis));
    // Before any rating Solve has no path to show or hide: an empty stepper is only clutter.
    document.body.classList.toggle("path-none", s.mode === "solve" && !s.analysis);
  }

  store.subscribe((s, keys) => {
    if (touches(keys, "analysis", "mode", "pathShown")) renderHidden(s);
    if (touches(keys, "analysis")) renderList(s);
    if (touches(keys, "analysis", "view")) renderStepper(s);
    if (touches(keys, "analysis")) renderSource(s);
    if (touches(keys, "analysis", "view", "netFocus")) renderNet(s);
  });
  renderHidden(store.state);
  renderList(store.state);
  renderStepper(store.state);
  renderSource(store.state);
  renderNet(store.state);
}
