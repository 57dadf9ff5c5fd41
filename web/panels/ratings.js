// The ratings panel: every scale side by side, the techniques used (by name), the hardest step
// (linked to that step when the path on the page has it), and the difficulty chart.
import * as act from "../actions.js";
import { findBottleneck, renderChart, renderRatings } from "../ratings.js";
import { touches } from "../store.js";

/** Where the bottleneck is on the path shown: the same technique (and text when given), or -1. */
export function bottleneckOnPath(b, steps) {
  if (!b) return -1;
  const same = (s) => s.technique === b.technique || (b.name && s.name === b.name);
  let i = steps.findIndex((s) => same(s) && (!b.text || s.text === b.text));
  if (i < 0) i = steps.findIndex(same);
  return i;
}

/** Technique id -> name from the steps a rate() result quotes (paths, hardest steps). */
function namesIn(rate) {
  const names = new Map();
  for (const v of Object.values(rate?.ratings || {})) {
    if (!v || typeof v !== "object") continue;
    for (const st of [...(Array.isArray(v.path) ? v.path : []), v.hardest, v.bottleneck]) {
      if (st?.technique && st.name && !names.has(st.technique)) names.set(st.technique, st.name);
    }
  }
  return names;
}

export function mount(root, store) {
  const q = (sel) => root.querySelector(sel);
  // A technique's name: the catalogue's, else the one a scale's path gave it (SE's own ids), else the id.
  const techName = (id, rate = store.state.analysis?.rate) =>
    (store.state.catalogue?.techniques || []).find((t) => t.id === id)?.name || namesIn(rate).get(id) || id;

  function stepLink(idx, text) {
    const link = document.createElement("a");
    link.href = "#";
    link.setAttribute("data-testid", "bottleneck-link");
    link.textContent = text;
    link.addEventListener("click", (e) => {
      e.preventDefault();
      act.goTo(store, idx + 1);
    });
    return link;
  }

  function renderBottleneck(a) {
    const bott = q("#bottleneck");
    bott.hidden = true;
    bott.textContent = "";
    a.bottleneckIndex = -1;
    if (!a.explain || !a.steps.length) return;
    const b = findBottleneck(a.rate);
    bott.hidden = false;
    bott.append("Hardest step: ");
    if (b) {
      const idx = bottleneckOnPath(b, a.steps);
      a.bottleneckIndex = idx;
      if (idx >= 0) {
        bott.appendChild(stepLink(idx, `step ${idx + 1}, ${a.steps[idx].name}`));
        bott.append(`: ${a.steps[idx].text}`);
      } else {
        // Sudoku Explainer's own path meets it; the path shown here does not have that step.
        const name = b.name || techName(b.technique);
        const said = b.text ? (b.text.startsWith(name) ? b.text : `${name}: ${b.text}`) : name;
        bott.append(`${said} (on Sudoku Explainer's own path, not the one shown here)`);
      }
      return;
    }
    const max = Math.max(...a.difficulty);
    const idx = a.difficulty.indexOf(max);
    a.bottleneckIndex = idx;
    bott.appendChild(stepLink(idx, `step ${idx + 1}, ${a.steps[idx].name}`));
  }

  function render(s) {
    const a = s.analysis && s.analysis.puzzle === s.game.puzzle() ? s.analysis : null;
    const ratingsRoot = q("#ratings");
    q("#chart-fig").hidden = true;
    q("#bottleneck").hidden = true;
    if (!a) {
      ratingsRoot.innerHTML = '<p class="muted">Rate a puzzle to see every scale side by side.</p>';
      return;
    }
    renderRatings(ratingsRoot, a.rate.ratings || {});
    const counts = a.rate.techniques || {};
    if (Object.keys(counts).length) {
      const p = document.createElement("p");
      p.className = "muted usage";
      p.setAttribute("data-testid", "technique-counts");
      p.textContent = "Techniques used: " + Object.entries(counts).map(([t, n]) => `${techName(t)} ×${n}`).join(", ");
      ratingsRoot.appendChild(p);
    }
    if (a.rate.solved === false || (a.explain && a.explain.solved === false)) {
      const p = document.createElement("p");
      p.className = "warn-text";
      p.setAttribute("data-testid", "stuck");
      const reason = a.explain?.stuck?.reason || a.rate.stuck?.reason || "no enabled technique applies";
      p.textContent = `The techniques available stop before the end: ${reason}.`;
      ratingsRoot.appendChild(p);
    }
    renderBottleneck(a);
    if (a.steps.length) {
      q("#chart-fig").hidden = false;
      drawChart(s);
    }
  }

  function drawChart(s) {
    const a = s.analysis;
    if (!a || q("#chart-fig").hidden) return;
    const k = s.view;
    renderChart(q("#chart"), a.difficulty, a.counts, (i) => act.goTo(store, i + 1), k !== null ? k - 1 : -1, a.bottleneckIndex,
      "difficulty (SE scale)");
  }

  store.subscribe((s, keys) => {
    if (touches(keys, "analysis", "catalogue")) render(s);
    else if (touches(keys, "view")) drawChart(s);
  });
  render(store.state);
}
