// Rendering of rate() output, shared by the app and the <sudoku-grader> element.
// Scales are rendered generically: whatever `ratings` holds shows up, each value with the
// test id `rating-<scale>-<field>`, and each scale's headline value with `rating-<scale>`; a scale
// that answers {"unsupported": reason} (9x9-only scales on a 6x6 puzzle) shows its reason there.
// The names of scales and fields, the field each scale's row shows as its rating (its record's
// `number`) and the fields a scale writes with fixed decimals (SE's 2.0, not 2) are the worker's (its
// `catalogue` op, or the `embed` command's JSON, both made from Python's scale records), passed in by
// the caller; without them the ids show.

const kebab = (s) => String(s).replace(/[_\s]+/g, "-").toLowerCase();

/**
 * A rating value as the page writes it: with `places` decimals when the scale's record fixes them
 * for this field (the catalogue's `decimals`), else as few as it needs (at most two).
 * @param {any} v @param {number} [places]
 */
export function fmt(v, places) {
  if (typeof v === "number" && typeof places === "number") return v.toFixed(places);
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : String(Math.round(v * 100) / 100);
  if (typeof v === "boolean") return v ? "yes" : "no";
  return String(v);
}

/**
 * What `renderRatings` needs of a catalogue (the worker's `catalogue` answer): each scale's name,
 * number field and fixed decimals ({field: places}) by id, and the fields' names.
 * @param {{scales?: {id: string, name: string, number: string, decimals?: Record<string, number>}[],
 *   fields?: Record<string, string>} | null | undefined} catalogue
 * @returns {{names: Record<string, string>, fields: Record<string, string>, numbers: Record<string, string>,
 *   decimals: Record<string, Record<string, number>>}}
 */
export function catalogueLabels(catalogue) {
  const scales = catalogue?.scales || [];
  return {
    names: Object.fromEntries(scales.map((s) => [s.id, s.name])),
    fields: catalogue?.fields || {},
    numbers: Object.fromEntries(scales.map((s) => [s.id, s.number])),
    decimals: Object.fromEntries(scales.map((s) => [s.id, s.decimals || {}])),
  };
}

/**
 * What the generator's status line says of a puzzle's rating (`rating.scale` is the scale it was aimed
 * at): the level when that scale has levels, else its number, labelled as the catalogue's headline
 * labels it ("SE 7.2") or by the number's field ("score 51"); "" when the catalogue does not know it.
 * @param {{scales?: any[]} | null} catalogue @param {Record<string, any>} rating
 */
export function ratingShown(catalogue, rating) {
  const scale = (catalogue?.scales || []).find((s) => s.id === rating.scale);
  if (!scale) return "";
  const level = scale.level ? rating[scale.level] : undefined;
  if (level) return String(level);
  const value = rating[scale.number];
  if (value === undefined || value === null) return "";
  return `${scale.headline?.label || scale.number} ${fmt(value, scale.decimals?.[scale.number])}`;
}

/**
 * Fill `root` with one row per scale in `ratings`, in the order of `names` (the catalogue's), then
 * one row per scale still `pending` (its headline says `pendingText(scale)`, test id
 * `rating-<scale>-pending`). Returns the number of scales rated.
 * @param {HTMLElement} root @param {Record<string, any>} ratings
 * @param {{doc?: Document, names?: Record<string, string>, fields?: Record<string, any>, numbers?: Record<string, string>,
 *   decimals?: Record<string, Record<string, number>>, pending?: string[], pendingText?: (scale: string) => string,
 *   known?: boolean}} [options]  ``numbers``: the field each scale's Rating column shows (else "–");
 *   ``decimals``: each scale's fields written with fixed decimals; ``known``: the engine has answered (its
 *   catalogue came and the rating run is over)
 */
export function renderRatings(root, ratings, { doc = document, names = {}, fields = {}, numbers = {}, decimals = {}, pending = [], pendingText = () => "waiting", known = true } = {}) {
  root.textContent = "";
  const rated = Object.entries(ratings || {}).filter(([, v]) => v !== null && v !== undefined);
  const rank = (id) => {
    const i = Object.keys(names).indexOf(id);
    return i < 0 ? 1e9 : i;
  };
  /** @type {[string, any][]} each scale and its rating (undefined: still pending) */
  const rows = [...rated, ...pending.filter((s) => !(s in (ratings || {}))).map((s) => /** @type {[string, any]} */ ([s, undefined]))];
  rows.sort((x, y) => rank(x[0]) - rank(y[0])); // stable: unnamed scales keep their order
  if (!rows.length) {
    const p = doc.createElement("p");
    p.className = "muted";
    // only once the engine has said which scales it has (its catalogue) is "none" an answer
    p.textContent = known ? "This version of the engine computes no rating scale yet." : "Rating…";
    root.appendChild(p);
    return 0;
  }
  const table = doc.createElement("table");
  table.className = "ratings-table";
  table.innerHTML = '<thead><tr><th scope="col">Scale</th><th scope="col">Rating</th><th scope="col">Details</th></tr></thead>';
  const body = doc.createElement("tbody");
  for (const [scale, value] of rows) {
    const tr = doc.createElement("tr");
    tr.dataset.scale = scale;
    const th = doc.createElement("th");
    th.scope = "row";
    th.textContent = names[scale] || scale;
    const head = doc.createElement("td");
    head.className = "headline";
    const details = doc.createElement("td");
    details.className = "details";
    if (value === undefined) {
      tr.classList.add("pending");
      head.setAttribute("data-testid", `rating-${kebab(scale)}-pending`);
      head.textContent = pendingText(scale);
    } else if (value && typeof value === "object" && typeof value.unsupported === "string") {
      // A scale that does not rate this grid (a 6x6 puzzle on a 9x9-only scale): its reason, as text.
      tr.classList.add("unsupported");
      head.setAttribute("data-testid", `rating-${kebab(scale)}`);
      head.classList.add("unsupported");
      head.textContent = value.unsupported;
    } else if (value && typeof value === "object" && !Array.isArray(value)) {
      const field = numbers[scale];
      head.setAttribute("data-testid", `rating-${kebab(scale)}`);
      const places = decimals[scale] || {};
      head.textContent = field && isShown(value[field]) ? fmt(value[field], places[field]) : "–";
      const stuck = value.solved === false;
      if (stuck) {
        // The scale's own techniques stopped before the end: no rating, only partial figures.
        head.textContent = "could not finish";
        head.classList.add("stuck");
        const note = doc.createElement("span");
        note.className = "scale-stuck";
        note.setAttribute("data-testid", `rating-${kebab(scale)}-unfinished`);
        note.textContent = "Its techniques got stuck before the end, so the figures are partial. ";
        details.appendChild(note);
      }
      if (typeof value.error === "string") {
        // A scale that could not rate (not installed, gave up): its message, plainly.
        const note = doc.createElement("span");
        note.className = "scale-error";
        note.setAttribute("data-testid", `rating-${kebab(scale)}-error`);
        note.textContent = value.error;
        details.appendChild(note);
      }
      for (const [k, v] of Object.entries(value)) {
        if (!isShown(v) || k === "error") continue;
        if (stuck && v === 0) continue; // a stuck path's zero says nothing (the reason says why it stopped)
        const span = doc.createElement("span");
        span.className = "field";
        const label = doc.createElement("span");
        label.className = "label";
        const partial = stuck && !/^(solved|stuck|steps)$/.test(k) && !k.startsWith("partial");
        label.textContent = (partial ? "partial " : "") + (fields[k] || k.replace(/_/g, " ")) + " ";
        const val = doc.createElement("span");
        val.className = "value";
        val.setAttribute("data-testid", `rating-${kebab(scale)}-${kebab(k)}`);
        val.textContent = fmt(v, places[k]);
        span.append(label, val);
        details.appendChild(span);
      }
    } else {
      head.setAttribute("data-testid", `rating-${kebab(scale)}`);
      head.textContent = fmt(value);
    }
    tr.append(th, head, details);
    body.appendChild(tr);
  }
  table.appendChild(body);
  root.appendChild(table);
  return rated.length;
}

function isShown(v) {
  return v !== null && v !== undefined && ["number", "string", "boolean"].includes(typeof v) && v !== "";
}

/** The bottleneck step wherever rate() puts it: top level or inside a scale. */
export function findBottleneck(result) {
  if (result?.bottleneck) return result.bottleneck;
  for (const v of Object.values(result?.ratings || {})) {
    if (v && typeof v === "object" && v.bottleneck) return v.bottleneck;
  }
  return null;
}

/**
 * What the difficulty chart plots. When the scale whose hardest step is the puzzle's (the catalogue's
 * `bottleneck` scale, Sudoku Explainer) rated the puzzle, its own path carries each step's real
 * difficulty (its number, ER, is the tallest bar); that path is not the one shown on the page, so its
 * bars carry no candidate counts. Otherwise the page's path with each technique's usual level.
 * `number` is that scale's number (null without one) and `label` its field's name ("ER").
 * @param {{scales?: {id: string, number?: string|null, bottleneck?: boolean}[], fields?: Record<string, string>} | null | undefined} catalogue
 * @returns {{difficulty: number[], candidates: number[], names: string[], texts: string[],
 *   bottleneck: number, sePath: boolean, number: number|null, label: string, partial: boolean}}
 */
export function chartSeries(rate, steps, difficulty, candidates, catalogue) {
  const scale = (catalogue?.scales || []).find((s) => s.bottleneck);
  const field = scale?.number || "";
  const label = (catalogue?.fields || {})[field] || field;
  const se = scale ? rate?.ratings?.[scale.id] : undefined;
  const path = se && typeof se === "object" && Array.isArray(se.path) ? se.path : [];
  if (path.length && path.every((st) => typeof st?.se === "number")) {
    const b = typeof se.bottleneck?.index === "number" ? se.bottleneck.index : -1;
    return {
      difficulty: path.map((st) => st.se),
      candidates: [],
      names: path.map((st) => st.name || st.technique || ""),
      texts: path.map((st) => st.text || ""),
      bottleneck: b >= 0 && b < path.length ? b : -1,
      sePath: true,
      number: typeof se[field] === "number" ? se[field] : null,
      label,
      partial: se.solved === false,
    };
  }
  return {
    difficulty, candidates, names: steps.map((st) => st.name || ""), texts: steps.map((st) => st.text || ""),
    bottleneck: -1, sePath: false, number: null, label, partial: false,
  };
}

/**
 * Draw the difficulty of each step (bars) and the candidates left (line) into an SVG.
 * @param {SVGSVGElement} svg  viewBox 0 0 600 160
 * @param {number[]} difficulty  one per step
 * @param {number[]} candidates  one per step (before it)
 * @param {(i: number) => void} onPick  called with the 0-based step index
 * @param {number} current  highlighted step (0-based) or -1
 * @param {string} axis  what the bars measure, written on the vertical axis
 * @param {string[]} names  each step's name, for the bar's tooltip
 */
export function renderChart(svg, difficulty, candidates, onPick, current = -1, bottleneck = -1, axis = "difficulty", names = []) {
  const NS = "http://www.w3.org/2000/svg";
  svg.textContent = "";
  const n = difficulty.length;
  if (!n) return;
  const W = 600;
  const H = 160;
  const top = 8;
  const bottom = 18;
  const left = 34; // room for the vertical axis and its numbers
  const maxD = Math.max(1, Math.ceil(Math.max(...difficulty)));
  const maxC = Math.max(1, ...candidates);
  const bw = (W - left) / n;
  const y = (v, max) => H - bottom - (v / max) * (H - top - bottom);
  svg.appendChild(doc(NS, "line", { x1: left, y1: H - bottom, x2: W, y2: H - bottom, class: "axis" }));
  svg.appendChild(doc(NS, "line", { x1: left, y1: top, x2: left, y2: H - bottom, class: "axis" }));
  for (const v of [0, maxD / 2, maxD]) {
    svg.appendChild(doc(NS, "line", { x1: left - 4, y1: y(v, maxD), x2: left, y2: y(v, maxD), class: "axis" }));
    const t = doc(NS, "text", { x: left - 6, y: y(v, maxD) + 4, class: "tick end", "data-testid": "chart-tick" });
    t.textContent = String(Math.round(v * 10) / 10);
    svg.appendChild(t);
  }
  difficulty.forEach((d, i) => {
    const rect = doc(NS, "rect", {
      x: left + i * bw + bw * 0.1,
      y: y(d, maxD),
      width: Math.max(1, bw * 0.8),
      height: Math.max(1, H - bottom - y(d, maxD)),
      class: "bar" + (i === current ? " current" : "") + (i === bottleneck ? " bottleneck" : ""),
      "data-value": d,
    });
    const title = doc(NS, "title", {});
    title.textContent = `step ${i + 1}${names[i] ? ` (${names[i]})` : ""}: ${axis} ${d}` + (candidates.length ? `, ${candidates[i] ?? "?"} candidates` : "");
    rect.appendChild(title);
    // Each bar is a button (mouse, touch and keyboard) named by its step, technique and difficulty.
    const button = doc(NS, "g", {
      class: "chart-bar-btn", role: "button", tabindex: 0, "data-testid": `chart-bar-${i + 1}`,
      "aria-label": `Open step ${i + 1}${names[i] ? `, ${names[i]}` : ""}, ${axis} ${d}`,
    });
    button.appendChild(rect);
    button.addEventListener("click", () => onPick(i));
    button.addEventListener("keydown", (/** @type {KeyboardEvent} */ e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        onPick(i);
      }
    });
    svg.appendChild(button);
  });
  if (candidates.length) {
    const pts = candidates.map((c, i) => `${left + i * bw + bw / 2},${y(c, maxC)}`).join(" ");
    svg.appendChild(doc(NS, "polyline", { points: pts, class: "cands-line" }));
  }
  const label = (x, yy, text, cls) => {
    const t = doc(NS, "text", { x, y: yy, class: cls });
    t.textContent = text;
    svg.appendChild(t);
  };
  const name = doc(NS, "text", { x: left + 4, y: top + 10, class: "tick", "data-testid": "chart-axis" });
  name.textContent = axis;
  svg.appendChild(name);
  label(left, H - 4, "step 1", "tick");
  label(W - 2, H - 4, `step ${n}`, "tick end");
  svg.setAttribute("aria-label", `${axis[0].toUpperCase()}${axis.slice(1)} of ${n} steps, at most ${Math.round(Math.max(...difficulty) * 10) / 10}` +
    (candidates.length ? `; candidates fall from ${candidates[0] ?? "?"} to ${candidates[candidates.length - 1] ?? "?"}.` : "."));
}

function doc(ns, tag, attrs) {
  const el = document.createElementNS(ns, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}
