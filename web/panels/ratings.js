// The ratings panel: every scale side by side, the techniques used (by name), the hardest step
// (linked to that step when the path on the page has it), and the difficulty chart.
import * as act from "../actions/index.js";
import { catalogueLabels, chartSeries, findBottleneck, renderChart, renderRatings } from "../ratings-view.js";
import { disagreement, stopReason } from "../model/scalestop.js";
import { touches } from "../store.js";

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

  function stepLink(idx, text, go = () => act.goTo(store, idx + 1), testid = "bottleneck-link") {
    const link = document.createElement("a");
    link.href = "#";
    link.setAttribute("data-testid", testid);
    link.textContent = text;
    link.addEventListener("click", (e) => {
      e.preventDefault();
      go();
    });
    return link;
  }

  function renderBottleneck(a) {
    const bott = q("#bottleneck");
    bott.hidden = true;
    bott.textContent = "";
    if (!a.explain || !a.steps.length) return;
    const b = findBottleneck(a.rate);
    const idx = a.bottleneckIndex; // where the analysis found the hardest step on the page's path
    bott.hidden = false;
    bott.append("Hardest step: ");
    if (b) {
      if (idx >= 0) {
        bott.appendChild(stepLink(idx, `step ${idx + 1}, ${a.steps[idx].name}`));
        bott.append(`: ${a.steps[idx].text}`);
      } else {
        // Sudoku Explainer's own path meets it; the path shown here does not have that step:
        // one click opens SE's path at it.
        const name = b.name || techName(b.technique);
        const said = b.text ? (b.text.startsWith(name) ? b.text : `${name}: ${b.text}`) : name;
        if (a.paths?.se && typeof b.index === "number") {
          bott.appendChild(stepLink(b.index, `step ${b.index + 1} of Sudoku Explainer's own path, ${name}`,
            () => act.choosePath(store, "se", b.index + 1), "bottleneck-se-link"));
          bott.append(`: ${said}`);
        } else bott.append(`${said} (on Sudoku Explainer's own path, not the one shown here)`);
      }
      return;
    }
    bott.appendChild(stepLink(idx, `step ${idx + 1}, ${a.steps[idx].name}`));
  }

  /** Why each scale that ended short stopped, in its row; then the scales' disagreement, in one line. */
  function explainStops(ratingsRoot, a, s) {
    const scales = s.catalogue?.scales || [];
    const fields = s.catalogue?.fields || {};
    const timeLimit = store.engine?.timeLimit ?? s.settings.timeLimit;
    for (const sc of scales) {
      const rating = a.rate.ratings?.[sc.id];
      const stop = rating === undefined && a.stopped?.phase === "rate" ? a.stopped : null;
      const reason = stopReason({ scale: sc, rating, stop, bounds: a.bounds?.[sc.id], fields, timeLimit });
      const row = ratingsRoot.querySelector(`tr[data-scale="${sc.id}"] td.details`);
      if (!reason || !row) continue;
      const span = document.createElement("span");
      span.className = "scale-stopped";
      span.setAttribute("data-testid", `scale-stopped-${sc.id}`);
      span.textContent = reason;
      row.appendChild(span);
    }
    const line = a.pending?.length ? null : disagreement(scales, a.rate.ratings || {}, s.catalogue?.techniques || []);
    if (line) {
      const p = document.createElement("p");
      p.className = "disagreement";
      p.setAttribute("data-testid", "disagreement");
      p.textContent = line;
      ratingsRoot.appendChild(p);
    }
  }

  function render(s) {
    const a = s.analysis && s.analysis.puzzle === s.game.puzzle() ? s.analysis : null;
    const ratingsRoot = q("#ratings");
    q("#chart-fig").hidden = true;
    q("#bottleneck").hidden = true;
    if (!a) {
      delete ratingsRoot.dataset.puzzle;
      // Solve has no "Rate & explain" button: the player may still ask how hard the puzzle is
      // (the solution path stays hidden until asked for). Once solved, nothing is hidden: the
      // ratings and the path are on their way (noticeSolved asks for them).
      const solved = s.mode === "solve" && s.solvedInfo?.puzzle === s.game.puzzle();
      const offer = s.mode === "solve" && /[1-9]/.test(s.game.puzzle()) && !(solved && s.running);
      ratingsRoot.innerHTML = `<p class="muted">${solved
        ? "Solved: every scale's rating and the solution path show here."
        : offer
          ? "How hard is this puzzle? Its ratings show here; the solution path stays hidden."
          : "Rate a puzzle to see every scale side by side."}</p>`;
      if (offer) {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = solved ? "Show the ratings and the path" : "Rate this puzzle";
        b.setAttribute("data-testid", "rate-in-solve");
        b.disabled = Boolean(s.running);
        b.addEventListener("click", () => act.analyze(store));
        ratingsRoot.appendChild(b);
      }
      return;
    }
    ratingsRoot.dataset.puzzle = a.puzzle; // which puzzle the rows are about (tests read it)
    const names = act.scaleNames(s);
    const stopped = a.stopped?.phase === "rate";
    const last = (a.pending || []).at(-1);
    const pendingText = (scale) =>
      stopped ? "did not finish" : scale === a.current ? "rating now…" : scale === last ? "waiting (rated last)" : "waiting";
    renderRatings(ratingsRoot, a.rate.ratings || {}, { ...catalogueLabels(s.catalogue), names, pending: a.pending || [], pendingText,
      known: Boolean(s.catalogue) && s.running !== "rate" }); // "no scale" only as an answer, not while rating
    if (a.stopped) {
      const p = document.createElement("p");
      p.className = "warn-text";
      p.setAttribute("data-testid", "ratings-stopped");
      const why = a.stopped.kind === "timeout" ? `Stopped at the time limit (${store.engine?.timeLimit ?? s.settings.timeLimit} s)` : "Cancelled";
      const left = (a.pending || []).map((id) => names[id] || id);
      p.textContent = stopped
        ? `${why}: the scales that finished are shown${left.length ? `; ${left.join(", ")} did not finish` : ""}.`
        : `${why} while the path was being explained: the ratings are complete, the steps are not shown.`;
      ratingsRoot.appendChild(p);
    }
    explainStops(ratingsRoot, a, s);
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
    const c = chartSeries(a.rate, a.steps, a.difficulty, a.counts, s.catalogue);
    q("#chart-fig").dataset.source = c.sePath ? "se-path" : "levels";
    captionChart(c);
    if (c.sePath) {
      // SE's own path: a bar opens that step of SE's path in the stepper (or, without SE's steps,
      // the step of the page's path with the same text, when there is one).
      const pick = (i) => {
        if (a.source === "se") act.goTo(store, i + 1);
        else if (a.paths?.se) act.choosePath(store, "se", i + 1);
        else {
          const j = a.steps.findIndex((st) => st.text === c.texts[i]);
          if (j >= 0) act.goTo(store, j + 1);
        }
      };
      const current = a.source === "se" && k !== null ? k - 1 : -1;
      renderChart(q("#chart"), c.difficulty, [], pick, current, c.bottleneck, "SE difficulty", c.names);
    } else {
      renderChart(q("#chart"), c.difficulty, c.candidates, (i) => act.goTo(store, i + 1), k !== null ? k - 1 : -1,
        a.bottleneckIndex, "difficulty (technique level)", c.names);
    }
  }

  /** Say what the bars are: SE's own path and its ER, or the levels of the techniques on the page's path. */
  function captionChart(c) {
    const cap = q("#chart-caption");
    const key = (cls) => Object.assign(document.createElement("span"), { className: `key ${cls}` });
    cap.textContent = "";
    if (c.sePath) {
      cap.append(key("bar"), ` Sudoku Explainer's difficulty of each step of its own path (${c.difficulty.length} steps` +
        `${c.partial ? ", stopped before the end" : ""}); the tallest bar is its rating${c.number !== null ? `, ${c.label} ${c.number}` : ""}. ` +
        "A bar opens that step of SE's path in the steps below.");
    } else {
      cap.append(key("bar"), " each step's difficulty on Sudoku Explainer's scale: the step's own SE figure where it carries one, else " +
        "its technique's usual level (no SE rating to draw SE's own path from) ", key("line"), " candidates left. Click a bar to see that step.");
    }
  }

  store.subscribe((s, keys) => {
    if (touches(keys, "analysis", "catalogue", "mode", "running", "solvedInfo") || (!s.analysis && touches(keys, "game"))) render(s);
    else if (touches(keys, "view")) drawChart(s);
  });
  render(store.state);
}
