// The app page: grid entry, validity as you type, rating, the step-through, hints, settings.
// All Sudoku logic runs in Python in the worker (engine.js); this file only draws and routes.
import { Position, cellIndex, cellName, duplicateCells, houseCells, HOUSES } from "./board.js";
import { Engine } from "./engine.js";
import { GridView } from "./grid.js";
import { findBottleneck, renderChart, renderRatings } from "./ratings.js";
import { EXAMPLES } from "./examples.js";
import { BUILD } from "./build-info.js";

const $ = (id) => document.getElementById(id);
const SETTINGS_KEY = "sudoku-grader-settings";

const state = {
  pos: new Position(),
  status: null, // solve() result for the current position
  analysis: null, // {puzzle, rate, explain, positions, counts}
  view: null, // null: editing; k in 0..n+1 while stepping (0 start, k shows step k, n+1 the end)
  hint: null, // {step, rung, puzzle}
  showSolutions: false,
  catalogue: [],
  settings: loadSettings(),
};

const engine = new Engine();
const grid = new GridView($("grid"), { editable: true, label: "Sudoku grid: arrows move, digits enter, Backspace erases" });
window.sudokuGrader = { engine, state }; // for tests and the curious

// ------------------------------------------------------------------ engine state
engine.addEventListener("state", (e) => {
  const s = e.detail;
  document.body.dataset.state = s === "failed" ? "failed" : s;
  $("cancel").hidden = s !== "busy";
  const status = $("engine-status");
  if (s === "booting") status.textContent = "Starting the Python engine…";
  else if (s === "ready") status.textContent = "Engine ready";
  else if (s === "busy") status.textContent = "Working…";
  else if (s === "failed") {
    status.textContent = "Engine failed";
    showError(engine.bootError);
  }
  if (s !== "busy") $("progress").textContent = "";
});
engine.addEventListener("ready", (e) => {
  $("versions").textContent = `Engine ${e.detail.version}, Pyodide ${BUILD.pyodide}, started in ${e.detail.seconds.toFixed(1)} s.`;
  if (!state.catalogue.length) loadCatalogue();
});
engine.addEventListener("restart", (e) => {
  const reason = e.detail;
  const msg =
    reason.kind === "timeout"
      ? `${reason.message} The engine was restarted; raise the time limit in Settings to let it run longer.`
      : "Cancelled. The engine was restarted and is ready for the next puzzle.";
  showNotice(msg);
});
engine.timeLimit = state.settings.timeLimit;

// ------------------------------------------------------------------ settings
function loadSettings() {
  const defaults = { timeLimit: 300, showCands: true, disabled: [], enabled: [], scores: {} };
  try {
    return { ...defaults, ...JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}") };
  } catch {
    return defaults;
  }
}

function saveSettings() {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(state.settings));
  } catch {
    /* private mode: settings live for this visit only */
  }
}

function engineOptions(forRate) {
  const opts = {};
  const changed = state.settings.disabled.length || (state.settings.enabled || []).length;
  if (changed && state.catalogue.length) {
    opts.techniques = state.catalogue.filter(techniqueOn).map((t) => t.id);
  }
  if (forRate && Object.keys(state.settings.scores).length) opts.scores = { ...state.settings.scores };
  return opts;
}

// A technique is on when the user switched it on, or when the default path uses it
// (slow ones such as mutant fish are off by default) and the user did not switch it off.
function techniqueOn(t) {
  if ((state.settings.enabled || []).includes(t.id)) return true;
  return t.default !== false && !state.settings.disabled.includes(t.id);
}

async function loadCatalogue() {
  try {
    const res = await engine.request("techniques");
    state.catalogue = res.techniques || [];
    renderSettings();
  } catch {
    /* shown by the engine state */
  }
}

function renderSettings() {
  $("time-limit").value = String(state.settings.timeLimit);
  $("show-cands").checked = state.settings.showCands;
  const body = $("techs").querySelector("tbody");
  body.textContent = "";
  for (const t of state.catalogue) {
    const tr = document.createElement("tr");
    const on = document.createElement("input");
    on.type = "checkbox";
    on.checked = techniqueOn(t);
    on.setAttribute("data-testid", `tech-${t.id}`);
    on.setAttribute("aria-label", `Use ${t.name}`);
    on.addEventListener("change", () => {
      const off = new Set(state.settings.disabled);
      const extra = new Set(state.settings.enabled || []);
      off.delete(t.id);
      extra.delete(t.id);
      if (on.checked && t.default === false) extra.add(t.id);
      if (!on.checked && t.default !== false) off.add(t.id);
      state.settings.disabled = [...off];
      state.settings.enabled = [...extra];
      saveSettings();
      settingsChanged();
    });
    const score = document.createElement("input");
    score.type = "number";
    score.step = "1";
    score.min = "0";
    score.value = state.settings.scores[t.id] !== undefined ? String(state.settings.scores[t.id]) : t.score ?? "";
    score.placeholder = "–";
    score.setAttribute("data-testid", `score-${t.id}`);
    score.setAttribute("aria-label", `Score of ${t.name}`);
    score.addEventListener("change", () => {
      const v = score.value.trim() === "" ? NaN : Number(score.value);
      if (!Number.isFinite(v) || v < 0 || v === t.score) delete state.settings.scores[t.id];
      else state.settings.scores[t.id] = v;
      saveSettings();
      settingsChanged();
    });
    const c1 = document.createElement("td");
    c1.appendChild(on);
    const c2 = document.createElement("td");
    c2.textContent = t.name;
    const c3 = document.createElement("td");
    c3.textContent = t.family;
    const c4 = document.createElement("td");
    c4.appendChild(score);
    tr.append(c1, c2, c3, c4);
    body.appendChild(tr);
  }
}

function settingsChanged() {
  // Ratings and the path depend on the settings: rate again if a puzzle was rated.
  if (state.analysis) analyze();
}

$("time-limit").addEventListener("change", () => {
  const v = Math.max(0, Math.min(3600, Number($("time-limit").value) || 0));
  state.settings.timeLimit = v;
  engine.timeLimit = v;
  saveSettings();
});
$("show-cands").addEventListener("change", () => {
  state.settings.showCands = $("show-cands").checked;
  saveSettings();
  draw();
});
$("tech-all").addEventListener("click", () => {
  state.settings.disabled = [];
  state.settings.enabled = state.catalogue.filter((t) => t.default === false).map((t) => t.id);
  saveSettings();
  renderSettings();
  settingsChanged();
});
$("tech-reset").addEventListener("click", () => {
  state.settings = { timeLimit: 300, showCands: true, disabled: [], enabled: [], scores: {} };
  engine.timeLimit = 300;
  saveSettings();
  renderSettings();
  draw();
  settingsChanged();
});

// ------------------------------------------------------------------ messages
function showError(message) {
  const el = $("error");
  el.textContent = message || "";
  el.hidden = !message;
  el.classList.remove("notice");
}

function showNotice(message) {
  const el = $("error");
  el.textContent = message;
  el.hidden = false;
  el.classList.add("notice");
}

// ------------------------------------------------------------------ drawing
function currentStep() {
  const a = state.analysis;
  if (!a || state.view === null) return null;
  if (state.view >= 1 && state.view <= a.steps.length) return a.steps[state.view - 1];
  return null;
}

function draw() {
  const a = state.analysis;
  const showCandidates = state.settings.showCands;
  if (a && state.view !== null) {
    const k = state.view;
    const pos = a.positions[Math.min(k === 0 ? 0 : k - 1, a.positions.length - 1)];
    const shown = k > a.steps.length ? a.positions[a.positions.length - 1] : pos;
    grid.render(shown, { step: currentStep(), showCandidates: true });
  } else if (state.hint && state.hint.rung >= 3) {
    const step = state.hint.step;
    const partial = state.hint.rung >= 4 ? step : { highlights: step.highlights, links: [] };
    grid.render(state.pos, { step: partial, showCandidates: true, duplicates: duplicateCells(state.pos.values) });
  } else {
    const sol = state.showSolutions && state.status?.solutions ? state.showSolutions : null;
    grid.render(state.pos, {
      duplicates: duplicateCells(state.pos.values),
      showCandidates,
      solution: sol ? state.status.solutions[sol - 1] : null,
      differ: sol ? new Set((state.status.differ || []).map(cellIndex)) : null,
    });
  }
  drawStepper();
}

function drawStepper() {
  const a = state.analysis;
  const n = a ? a.steps.length : 0;
  const k = state.view;
  $("step-prev").disabled = !n || k === null || k <= 0;
  $("step-first").disabled = !n || k === null || k <= 0;
  $("step-next").disabled = !n || (k !== null && k > n);
  $("step-last").disabled = !n || (k !== null && k > n);
  const cur = $("step-current");
  const text = $("step-text");
  if (!a) {
    cur.textContent = "No steps yet";
    text.textContent = "";
  } else if (k === null || k === 0) {
    cur.textContent = n ? `Start: ${n} steps` : "No steps";
    text.textContent = k === 0 ? "The puzzle before the first step." : "";
  } else if (k > n) {
    cur.textContent = a.explain.solved ? "Solved" : "Stuck";
    text.textContent = a.explain.solved
      ? "Every cell is filled."
      : `The solver stopped: ${a.explain.stuck?.reason || "no technique applies"}.`;
  } else {
    const s = a.steps[k - 1];
    cur.textContent = `Step ${k} of ${n}: ${s.name}`;
    text.textContent = s.text;
  }
  for (const li of $("steps").children) {
    const on = Number(li.dataset.index) === k;
    li.classList.toggle("current", on);
    li.querySelector("button")?.setAttribute("aria-current", on ? "step" : "false");
  }
  const fig = $("chart-fig");
  if (a && !fig.hidden) {
    renderChart($("chart"), a.difficulty, a.counts, (i) => goTo(i + 1), k !== null ? k - 1 : -1, a.bottleneckIndex);
  }
}

function goTo(k) {
  const a = state.analysis;
  if (!a) return;
  state.hint = null;
  clearHint();
  state.view = Math.max(0, Math.min(a.steps.length + 1, k));
  draw();
  const li = $("steps").querySelector(`[data-index="${state.view}"]`);
  li?.scrollIntoView({ block: "nearest" });
}

// ------------------------------------------------------------------ editing
function setPosition(pos, { keepHash = false } = {}) {
  state.pos = pos;
  state.view = null;
  state.hint = null;
  state.showSolutions = false;
  clearHint();
  if (!keepHash) writeHash();
  draw();
  scheduleValidity();
}

function puzzleChanged() {
  state.analysis = null;
  renderAnalysis();
}

function setDigit(c, d) {
  if (c < 0) return;
  state.view = null;
  const vals = state.pos.values.slice();
  const givens = state.pos.givens.slice();
  vals[c] = d;
  givens[c] = d !== 0;
  puzzleChanged();
  setPosition(new Position(vals, givens));
}

grid.root.addEventListener("click", (e) => {
  const cell = e.target.closest(".sg-cell");
  if (cell) grid.select(Number(cell.dataset.cell));
});

grid.root.addEventListener("keydown", (e) => {
  const c = grid.selected >= 0 ? grid.selected : 0;
  const move = { ArrowUp: -9, ArrowDown: 9, ArrowLeft: -1, ArrowRight: 1 }[e.key];
  if (move !== undefined) {
    let n = c;
    if (move === -1) n = c % 9 === 0 ? c + 8 : c - 1;
    else if (move === 1) n = c % 9 === 8 ? c - 8 : c + 1;
    else n = (c + move + 81) % 81;
    grid.select(n);
    e.preventDefault();
  } else if (/^[1-9]$/.test(e.key)) {
    setDigit(c, Number(e.key));
    grid.select(c);
    e.preventDefault();
  } else if (["Backspace", "Delete", "0", ".", " "].includes(e.key)) {
    setDigit(c, 0);
    grid.select(c);
    e.preventDefault();
  } else if (e.key === "Home") {
    grid.select(c - (c % 9));
    e.preventDefault();
  } else if (e.key === "End") {
    grid.select(c - (c % 9) + 8);
    e.preventDefault();
  }
});

grid.root.addEventListener("focusin", (e) => {
  const cell = e.target.closest?.(".sg-cell");
  if (cell && Number(cell.dataset.cell) !== grid.selected) grid.select(Number(cell.dataset.cell), false);
});

for (const b of document.querySelectorAll(".numpad button")) {
  b.addEventListener("click", () => {
    const c = grid.selected >= 0 ? grid.selected : 0;
    setDigit(c, Number(b.dataset.digit));
    grid.select(c, false);
  });
}

document.addEventListener("keydown", (e) => {
  if (e.target.closest?.("input, textarea, select")) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === "h" || e.key === "H") {
    hint();
    e.preventDefault();
  } else if (e.key === "]") {
    goTo((state.view ?? 0) + 1);
  } else if (e.key === "[") {
    goTo((state.view ?? 1) - 1);
  } else if (e.key === "Escape") {
    state.view = null;
    state.hint = null;
    clearHint();
    draw();
  }
});

$("clear").addEventListener("click", () => {
  puzzleChanged();
  showError("");
  setPosition(new Position());
});

// ------------------------------------------------------------------ loading text
/** Load puzzle text in any format: plain lines instantly, anything else through the Python parser. */
async function loadText(text, { analyzeAfter = true } = {}) {
  const clean = text.trim();
  if (!clean) return;
  showError("");
  let pos;
  if (/^[1-9.0]{81}$/.test(clean)) {
    pos = Position.fromLine(clean);
  } else {
    try {
      const res = await engine.request("parse", clean);
      if (res.error) {
        showError(`That text is not a puzzle: ${res.error}`);
        return;
      }
      pos = Position.fromParsed(res);
    } catch (e) {
      showError(e.message);
      return;
    }
  }
  puzzleChanged();
  setPosition(pos);
  if (analyzeAfter) {
    clearTimeout(validityTimer);
    const status = await validity();
    if (status?.status === "unique") analyze();
  }
}

$("load").addEventListener("click", () => loadText($("paste-input").value));
document.addEventListener("paste", (e) => {
  if (e.target.closest?.("input, textarea")) return;
  const text = e.clipboardData?.getData("text") || "";
  if (text.trim()) {
    e.preventDefault();
    loadText(text);
  }
});

for (const ex of EXAMPLES) {
  const o = document.createElement("option");
  o.value = ex.puzzle;
  o.textContent = ex.name;
  $("examples").appendChild(o);
}
$("examples").addEventListener("change", () => {
  const v = $("examples").value;
  if (v) loadText(v);
});

// ------------------------------------------------------------------ generator
const GEN_LEVELS = {
  hodoku: ["Easy", "Medium", "Hard", "Unfair", "Extreme"],
  sudokuwiki: ["Easy", "Normal", "Medium", "Hard", "Expert"],
  sudokuoftheday: ["Beginner", "Easy", "Medium", "Tricky", "Fiendish", "Diabolical"],
};

function genScaleChanged() {
  const scale = $("gen-scale").value;
  $("gen-range").hidden = scale !== "se";
  $("gen-level-box").hidden = !GEN_LEVELS[scale];
  $("gen-technique-box").hidden = scale !== "technique";
  if (GEN_LEVELS[scale]) {
    $("gen-level").textContent = "";
    for (const name of GEN_LEVELS[scale]) {
      const o = document.createElement("option");
      o.value = name.toLowerCase();
      o.textContent = name;
      $("gen-level").appendChild(o);
    }
  }
  if (scale === "technique" && !$("gen-technique-list").children.length) {
    for (const t of state.catalogue) {
      const o = document.createElement("option");
      o.value = t.id;
      o.label = t.name;
      $("gen-technique-list").appendChild(o);
    }
  }
}

/** The worker's generate options from the form (the same choices as the CLI's `generate`). */
function generateOptions() {
  const scale = $("gen-scale").value;
  // stop the search a little before the page's time limit, so a rare target is reported, not killed
  const limit = engine.timeLimit > 0 ? Math.max(1, engine.timeLimit - 2) : 600;
  const opts = { symmetry: $("gen-symmetry").value, minimal: $("gen-minimal").checked, timeout: limit };
  const seed = $("gen-seed").value.trim();
  if (seed !== "") opts.seed = Number(seed);
  if (scale === "se") {
    opts.scale = "se";
    opts.min = $("gen-min").value;
    opts.max = $("gen-max").value;
  } else if (GEN_LEVELS[scale]) {
    opts.scale = scale;
    opts.level = $("gen-level").value;
  } else if (scale === "technique") {
    opts.technique = $("gen-technique").value.trim();
    if (!opts.technique) return null;
  }
  return opts;
}

async function generatePuzzle() {
  showError("");
  const opts = generateOptions();
  if (!opts) {
    showError("Name a technique to aim at (for example x-wing).");
    return;
  }
  const prog = progressText("Generating");
  let res;
  try {
    res = await engine.request("generate", "", opts, (m) => {
      if (m.message) $("gen-status").textContent = m.message;
      prog.update(m);
    });
  } catch (e) {
    if (e.kind !== "cancelled" && e.kind !== "timeout") showError(e.message);
    return;
  } finally {
    prog.stop();
  }
  if (res.status !== "unique") {
    showError(res.error || "No puzzle was generated.");
    $("gen-status").textContent = "";
    return;
  }
  const r = res.rating || {};
  const shown = r.er !== undefined ? `SE ${Number(r.er).toFixed(1)}` : r.level ? `${r.level}` : r.score !== undefined ? `score ${r.score}` : "";
  $("gen-status").textContent =
    `New puzzle: ${res.givens} givens, seed ${res.seed}${shown ? ", " + shown : ""}, ` +
    `${res.tries} ${res.tries === 1 ? "try" : "tries"} in ${res.seconds.toFixed(1)} s.`;
  await loadText(res.puzzle);
}

$("gen-scale").addEventListener("change", genScaleChanged);
$("generate").addEventListener("click", generatePuzzle);
genScaleChanged();

// ------------------------------------------------------------------ URL hash
function writeHash() {
  const line = state.pos.givenLine();
  const target = state.pos.filled() ? `#${line}` : " ";
  if (location.hash !== target.trim()) history.replaceState(null, "", target === " " ? location.pathname + location.search : target);
}

function readHash() {
  const raw = decodeURIComponent(location.hash.replace(/^#/, ""));
  if (raw.trim()) loadText(raw);
}
window.addEventListener("hashchange", readHash);

$("share").addEventListener("click", async () => {
  writeHash();
  try {
    await navigator.clipboard.writeText(location.href);
    showNotice("Link copied: it opens this puzzle.");
  } catch {
    showNotice(`Share this link: ${location.href}`);
  }
});

// ------------------------------------------------------------------ validity
let validityTimer = null;
let validitySeq = 0;

function scheduleValidity() {
  clearTimeout(validityTimer);
  validityTimer = setTimeout(validity, 150);
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

async function validity() {
  const seq = ++validitySeq;
  const pos = state.pos;
  const v = $("validity");
  $("show-solutions").hidden = true;
  $("solutions").hidden = true;
  state.status = null;
  const dups = duplicateCells(pos.values);
  v.className = "validity";
  if (dups.size) {
    v.textContent = `Not valid: ${describeDuplicates(pos.values)}`;
    v.classList.add("bad");
    return null;
  }
  if (pos.filled() === 0) {
    v.textContent = "Type a puzzle, paste one, or choose an example.";
    return null;
  }
  v.textContent = `${plural(pos.filled(), "filled cell")}; checking…`;
  let res;
  try {
    res = await engine.request("solve", pos.text());
  } catch {
    return null;
  }
  if (seq !== validitySeq) return null;
  state.status = res;
  if (res.status === "unique") {
    v.textContent = `Valid: exactly one solution (${plural(pos.filled(), "filled cell")}).`;
    v.classList.add("good");
  } else if (res.status === "multiple") {
    const n = (res.differ || []).length;
    v.textContent = `Several solutions: this puzzle has more than one solution (two of them differ in ${plural(n, "cell")}). Add givens to make it a real puzzle.`;
    v.classList.add("warn");
    $("show-solutions").hidden = false;
  } else if (res.status === "none") {
    v.textContent = `No solution: ${stripPrefix(res.error)}`;
    v.classList.add("bad");
  } else {
    v.textContent = `Not a puzzle: ${res.error || "unreadable"}`;
    v.classList.add("bad");
  }
  return res;
}

function stripPrefix(msg = "") {
  return msg.replace(/^the puzzle has no solution:\s*/i, "");
}

function describeDuplicates(values) {
  const names = ["row", "column", "box"];
  for (let h = 0; h < 27; h++) {
    const seen = new Map();
    for (const c of HOUSES[h]) {
      const d = values[c];
      if (!d) continue;
      if (seen.has(d)) return `${d} appears twice in ${names[Math.floor(h / 9)]} ${(h % 9) + 1} (${cellName(seen.get(d))} and ${cellName(c)}).`;
      seen.set(d, c);
    }
  }
  return "a digit repeats in a house.";
}

$("show-solutions").addEventListener("click", () => {
  const sols = state.status?.solutions || [];
  if (sols.length < 2) return;
  const box = $("solutions");
  box.hidden = false;
  box.textContent = "";
  const intro = document.createElement("p");
  intro.textContent = `Two solutions; the ${plural((state.status.differ || []).length, "cell")} where they differ are marked. Show:`;
  box.appendChild(intro);
  [1, 2].forEach((i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = `Solution ${i}`;
    b.setAttribute("data-testid", `solution-${i}`);
    b.setAttribute("aria-pressed", String(i === 1));
    b.addEventListener("click", () => {
      state.showSolutions = i;
      for (const o of box.querySelectorAll("[aria-pressed]")) o.setAttribute("aria-pressed", String(o === b));
      draw();
    });
    box.appendChild(b);
  });
  const hide = document.createElement("button");
  hide.type = "button";
  hide.textContent = "Hide";
  hide.addEventListener("click", () => {
    state.showSolutions = false;
    draw();
  });
  box.appendChild(hide);
  const pre = document.createElement("pre");
  pre.className = "sol-lines";
  pre.textContent = sols.slice(0, 2).join("\n");
  box.appendChild(pre);
  state.showSolutions = 1;
  draw();
});

// ------------------------------------------------------------------ rating and explaining
function techniqueInfo(id) {
  return state.catalogue.find((t) => t.id === id) || null;
}

function progressText(prefix) {
  const t0 = performance.now();
  let last = "";
  const el = $("progress");
  const tick = () => {
    el.textContent = `${prefix}${last} · ${((performance.now() - t0) / 1000).toFixed(1)} s`;
  };
  const timer = setInterval(tick, 250);
  tick();
  return {
    update(msg) {
      if (msg.step) last = ` · step ${msg.step} (${msg.technique})`;
      tick();
    },
    stop() {
      clearInterval(timer);
    },
  };
}

async function analyze() {
  showError("");
  const pos = state.pos;
  const text = pos.text();
  const status = state.status || (await validity());
  if (!status || status.status !== "unique") {
    if (status?.status === "multiple") showError("Rating needs a puzzle with exactly one solution; this one has several.");
    else if (status?.status === "none") showError("This puzzle has no solution, so there is nothing to rate.");
    else if (!status) showError("Enter a valid puzzle first.");
    return;
  }
  state.view = null;
  const prog = progressText("Rating");
  let rate, explain;
  try {
    rate = await engine.request("rate", text, engineOptions(true), (m) => prog.update(m));
    showIgnored(rate.ignored_options);
    state.analysis = { puzzle: text, rate, explain: null, steps: [], positions: [pos.copy()], counts: [], difficulty: [] };
    renderAnalysis();
    prog.stop();
    const prog2 = progressText("Explaining");
    try {
      explain = await engine.request("explain", text, engineOptions(false), (m) => prog2.update(m));
    } finally {
      prog2.stop();
    }
  } catch (e) {
    prog.stop();
    if (e.kind !== "cancelled" && e.kind !== "timeout") showError(e.message);
    return;
  }
  if (explain.error) {
    showError(explain.error);
    return;
  }
  const steps = explain.steps || [];
  const positions = [pos.copy()];
  const counts = [];
  let p = pos.copy();
  for (const s of steps) {
    counts.push(p.candidateCount());
    p = p.copy();
    p.apply(s);
    positions.push(p);
  }
  const difficulty = steps.map((s) => stepDifficulty(s));
  state.analysis = { puzzle: text, rate, explain, steps, positions, counts, difficulty, bottleneckIndex: -1 };
  renderAnalysis();
}

function stepDifficulty(step) {
  const x = step.extra || {};
  for (const k of ["se", "difficulty", "rating"]) if (typeof x[k] === "number") return x[k];
  return techniqueInfo(step.technique)?.level ?? 1;
}

function showIgnored(list) {
  const el = $("ignored-options");
  if (list && list.length) {
    el.hidden = false;
    el.textContent = `This engine version does not use these settings for ratings yet: ${list.join(", ")}.`;
  } else el.hidden = true;
}

function renderAnalysis() {
  const a = state.analysis;
  const ratingsRoot = $("ratings");
  const bott = $("bottleneck");
  const list = $("steps");
  list.textContent = "";
  bott.hidden = true;
  $("chart-fig").hidden = true;
  if (!a) {
    ratingsRoot.innerHTML = '<p class="muted">Rate a puzzle to see every scale side by side.</p>';
    draw();
    return;
  }
  renderRatings(ratingsRoot, a.rate.ratings || {});
  if (a.rate.techniques && Object.keys(a.rate.techniques).length) {
    const p = document.createElement("p");
    p.className = "muted usage";
    p.setAttribute("data-testid", "technique-counts");
    p.textContent = "Techniques used: " + Object.entries(a.rate.techniques)
      .map(([t, n]) => `${techniqueInfo(t)?.name || t} ×${n}`).join(", ");
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
  if (!a.explain) {
    draw();
    return;
  }
  const b = findBottleneck(a.rate);
  if (b) {
    let idx = -1;
    if (typeof b.index === "number") idx = b.index;
    else if (typeof b.step === "number") idx = b.step - 1;
    if (idx < 0 || idx >= a.steps.length || (b.technique && a.steps[idx].technique !== b.technique)) {
      const alt = a.steps.findIndex((s) => s.technique === b.technique && (!b.text || s.text === b.text));
      if (alt >= 0) idx = alt;
    }
    a.bottleneckIndex = idx;
    bott.hidden = false;
    bott.textContent = "Hardest step: ";
    const link = document.createElement("a");
    link.href = "#";
    link.setAttribute("data-testid", "bottleneck-link");
    link.textContent = idx >= 0 ? `step ${idx + 1}, ${a.steps[idx].name}` : b.name || b.technique || "see the path";
    link.addEventListener("click", (e) => {
      e.preventDefault();
      if (idx >= 0) goTo(idx + 1);
    });
    bott.appendChild(link);
    if (b.text || (idx >= 0 && a.steps[idx].text)) bott.append(`: ${b.text || a.steps[idx].text}`);
  } else if (a.steps.length) {
    // No scale named a bottleneck: point at the step with the highest difficulty.
    const max = Math.max(...a.difficulty);
    const idx = a.difficulty.indexOf(max);
    a.bottleneckIndex = idx;
    bott.hidden = false;
    bott.textContent = "Hardest step: ";
    const link = document.createElement("a");
    link.href = "#";
    link.setAttribute("data-testid", "bottleneck-link");
    link.textContent = `step ${idx + 1}, ${a.steps[idx].name}`;
    link.addEventListener("click", (e) => {
      e.preventDefault();
      goTo(idx + 1);
    });
    bott.appendChild(link);
  }
  a.steps.forEach((s, i) => {
    const li = document.createElement("li");
    li.dataset.index = String(i + 1);
    li.setAttribute("data-testid", `step-${i + 1}`);
    const btn = document.createElement("button");
    btn.type = "button";
    btn.className = "step-btn";
    const name = document.createElement("span");
    name.className = "step-name";
    name.textContent = s.name;
    const text = document.createElement("span");
    text.className = "step-expl";
    text.textContent = s.text;
    btn.append(name, text);
    btn.addEventListener("click", () => goTo(i + 1));
    li.appendChild(btn);
    list.appendChild(li);
  });
  if (a.steps.length) $("chart-fig").hidden = false;
  draw();
}

$("analyze").addEventListener("click", analyze);
$("step-next").addEventListener("click", () => goTo((state.view ?? 0) + 1));
$("step-prev").addEventListener("click", () => goTo((state.view ?? 1) - 1));
$("step-first").addEventListener("click", () => goTo(0));
$("step-last").addEventListener("click", () => goTo((state.analysis?.steps.length ?? 0) + 1));
$("cancel").addEventListener("click", () => engine.cancel());

// ------------------------------------------------------------------ hint ladder
const FAMILY_LABELS = {
  singles: "a single (naked or hidden)",
  intersections: "an intersection (pointing or claiming)",
  subsets: "a subset (pairs, triples, quads)",
  fish: "a fish (X-Wing, Swordfish and their finned kin)",
  wings: "a wing (XY-Wing, XYZ-Wing, W-Wing)",
  "single-digit": "a single-digit pattern (Skyscraper, Kite, Empty Rectangle)",
  coloring: "colouring",
  colouring: "colouring",
  uniqueness: "a uniqueness pattern (Unique Rectangle and kin)",
  als: "an almost locked set",
  chains: "a chain",
  forcing: "forcing chains",
};

function clearHint() {
  $("hint-ladder").textContent = "";
  $("hint-more").hidden = true;
  $("hint-apply").hidden = true;
  $("hint-empty").hidden = false;
}

function houseLabel(short) {
  const m = /^([rcb])(\d)$/.exec(short);
  return m ? `${{ r: "row", c: "column", b: "box" }[m[1]]} ${m[2]}` : short;
}

/** Where the step happens: its marked house, or a house holding all its pattern cells, or its box. */
function stepPlace(step) {
  const house = (step.highlights || []).find((h) => h.house);
  if (house) return houseLabel(house.house);
  const cells = new Set(
    (step.highlights || []).filter((h) => h.cell && h.role !== "target").map((h) => cellIndex(h.cell)),
  );
  for (const p of step.placements || []) cells.add(cellIndex(p.cell));
  if (!cells.size) for (const e of step.eliminations || []) cells.add(cellIndex(e.cell));
  const list = [...cells];
  const names = ["row", "column", "box"];
  for (let h = 0; h < 27; h++) {
    if (list.length && list.every((c) => HOUSES[h].includes(c))) return `${names[Math.floor(h / 9)]} ${(h % 9) + 1}`;
  }
  const rows = new Set(list.map((c) => Math.floor(c / 9) + 1));
  const cols = new Set(list.map((c) => (c % 9) + 1));
  return `rows ${[...rows].sort().join(", ")} and columns ${[...cols].sort().join(", ")}`;
}

function hintRungText(step, rung) {
  const info = techniqueInfo(step.technique);
  const fam = info?.family || "";
  switch (rung) {
    case 1:
      return `Look for ${FAMILY_LABELS[fam] || (fam ? `a technique of the ${fam} family` : "the next technique")}.`;
    case 2:
      return `Use a ${step.name} in ${stepPlace(step)}.`;
    case 3: {
      const cells = [...new Set((step.highlights || []).filter((h) => h.cell).map((h) => h.cell))];
      const houses = (step.highlights || []).filter((h) => h.house).map((h) => houseLabel(h.house));
      return `The cells that matter are marked on the grid: ${[...houses, ...cells].join(", ") || "see the grid"}.`;
    }
    default:
      return step.text || `${step.name}.`;
  }
}

async function hint() {
  showError("");
  state.view = null;
  const text = state.pos.text();
  if (state.hint && state.hint.puzzle === text && state.hint.step) {
    if (state.hint.rung < 4) {
      state.hint.rung += 1;
      renderHint();
    }
    return;
  }
  if (duplicateCells(state.pos.values).size) {
    showError("Fix the repeated digits first.");
    return;
  }
  if (!state.pos.filled()) {
    showError("Enter a puzzle first.");
    return;
  }
  try {
    const res = await engine.request("hint", text, engineOptions(false));
    if (res.error) {
      showError(res.error);
      return;
    }
    if (!res.step) {
      const solved = state.pos.values.every((v) => v);
      state.hint = null;
      clearHint();
      $("hint-empty").hidden = true;
      const li = document.createElement("li");
      li.textContent = solved ? "The grid is solved." : "No technique I know applies here.";
      $("hint-ladder").appendChild(li);
      return;
    }
    state.hint = { step: res.step, rung: 1, puzzle: text };
    renderHint();
  } catch (e) {
    if (e.kind !== "cancelled" && e.kind !== "timeout") showError(e.message);
  }
}

function renderHint() {
  const h = state.hint;
  const ol = $("hint-ladder");
  ol.textContent = "";
  $("hint-empty").hidden = true;
  for (let r = 1; r <= h.rung; r++) {
    const li = document.createElement("li");
    li.setAttribute("data-testid", `hint-${r}`);
    li.textContent = hintRungText(h.step, r);
    ol.appendChild(li);
  }
  $("hint-more").hidden = h.rung >= 4;
  $("hint-apply").hidden = h.rung < 4;
  draw();
}

$("hint").addEventListener("click", hint);
$("hint-more").addEventListener("click", hint);
$("hint-apply").addEventListener("click", () => {
  const h = state.hint;
  if (!h) return;
  const pos = state.pos.copy();
  pos.apply(h.step);
  state.hint = null;
  clearHint();
  setPosition(pos);
  showNotice(`Applied: ${h.step.name}.`);
});

// ------------------------------------------------------------------ about
$("embed-snippet").textContent =
  `<script type="module" src="${new URL("web/embed.js", location.href).href}"></script>\n` +
  `<sudoku-grader puzzle="${EXAMPLES[0]?.puzzle || ""}"></sudoku-grader>`;

// ------------------------------------------------------------------ start
renderSettings();
draw();
scheduleValidity();
if (location.hash.length > 1) readHash();

if ("serviceWorker" in navigator && location.protocol !== "file:") {
  navigator.serviceWorker.register(new URL("../sw.js", import.meta.url)).catch(() => {
    /* offline use is a bonus; the app works without it */
  });
}
