// What the panels can do. Every change of the shared state and every engine request goes through
// these functions; panels only draw the state and call them. All Sudoku logic stays in Python (the
// worker) or in the DOM-free model (model/*.js).
import { duplicateCells, plainLineGeometry, Position } from "./board.js";
import { Game, parseHash } from "./model/game.js";
import { hintLadder } from "./model/ladder.js";

export const SETTINGS_KEY = "sudoku-grader-settings";
export const DEFAULT_SETTINGS = {
  timeLimit: 300,
  showCands: true, // Enter & analyse: show the candidates the digits allow
  disabled: [],
  enabled: [],
  scores: {},
  advance: true, // typing a given moves to the next cell
  clearPeers: true, // placing a digit removes it from the marks of its row, column and box
  liveMistakes: false, // show wrong digits as they are typed
  showTimer: true,
};

export function initialState(settings = { ...DEFAULT_SETTINGS }) {
  return {
    mode: "analyse", // "analyse" (Enter & analyse) or "solve"
    game: new Game(),
    trail: [], // earlier puzzles ({game, mode}), so loading another one can be undone
    ahead: [], // puzzles undone back over, for redo
    status: null, // the engine's solve() answer for the givens (with `puzzle`)
    analysis: null, // rate + explain of the givens
    view: null, // the step shown while stepping through the path (null: the grid as played)
    pathShown: false, // Solve keeps the solution path out of sight until the player asks for it
    hint: null, // {version, mode, answer, ladder, rung, ms}
    selected: 0,
    notes: false,
    checked: null, // {wrong, missing} cells from the last Check, until the next move
    settings,
    catalogue: null,
    engine: "booting",
    progress: "",
    message: null, // {text, kind: "error" | "notice"}
    showSolutions: 0,
    running: null, // the long request in flight ("rate", "generate"), so its button waits
    solvedInfo: null, // the sentence shown once the puzzle is solved
    saveProblem: null, // why the last move could not be saved
    nav: { seq: 0, push: false }, // URL bookkeeping for the page: a load pushes a history entry
    genStatus: "",
    genPuzzle: "", // the puzzle genStatus speaks of: another puzzle on the grid hides it
  };
}

/** What a new puzzle on the grid resets: the old puzzle's answers and what was shown of them. */
const NEW_PUZZLE = Object.freeze({ analysis: null, status: null, showSolutions: 0, pathShown: false });

// ------------------------------------------------------------------ settings
export function loadSettings(storage) {
  try {
    return { ...DEFAULT_SETTINGS, ...JSON.parse(storage?.getItem(SETTINGS_KEY) || "{}") };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export function changeSettings(store, patch) {
  const settings = { ...store.state.settings, ...patch };
  store.update({ settings });
  try {
    store.storage?.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    /* private mode: settings live for this visit only */
  }
  if ("timeLimit" in patch && store.engine) store.engine.timeLimit = settings.timeLimit;
}

export function resetSettings(store) {
  changeSettings(store, { ...DEFAULT_SETTINGS });
  store.update({ settingsReset: (store.state.settingsReset || 0) + 1 }); // the technique table redraws
}

/** A technique is on when switched on, or when the default path uses it and it was not switched off. */
export function techniqueOn(settings, t) {
  if ((settings.enabled || []).includes(t.id)) return true;
  return t.default !== false && !(settings.disabled || []).includes(t.id);
}

export function engineOptions(state, forRate = false) {
  const opts = {};
  const s = state.settings;
  const techniques = state.catalogue?.techniques || [];
  if ((s.disabled.length || (s.enabled || []).length) && techniques.length) {
    opts.techniques = techniques.filter((t) => techniqueOn(s, t)).map((t) => t.id);
  }
  if (forRate && Object.keys(s.scores).length) opts.scores = { ...s.scores };
  return opts;
}

/** After a settings change that alters ratings or the path: rate again if a puzzle was rated. */
export function settingsChanged(store) {
  if (store.state.analysis) analyze(store, { restart: true });
}

// ------------------------------------------------------------------ messages
export function say(store, text, kind = "notice") {
  store.update({ message: text ? { text, kind } : null });
}

export const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

function engineFailed(store, e) {
  if (e?.kind !== "cancelled" && e?.kind !== "timeout") say(store, e?.message || String(e), "error");
}

// ------------------------------------------------------------------ the engine's catalogue
export async function loadCatalogue(store) {
  try {
    const res = await store.engine.request("catalogue");
    if (res.techniques) store.update({ catalogue: res });
  } catch {
    /* shown by the engine state */
  }
}

// ------------------------------------------------------------------ puzzle status (validity)
let validityTimer = null;
let validitySeq = 0;

export function scheduleValidity(store) {
  clearTimeout(validityTimer);
  validityTimer = setTimeout(() => validity(store), 150);
}

/** The engine's solve() of the givens, kept in `status`; null for an empty or broken grid. */
export async function validity(store) {
  clearTimeout(validityTimer);
  const seq = ++validitySeq;
  const game = store.state.game;
  const puzzle = game.puzzle();
  if (store.state.status?.puzzle === puzzle) return store.state.status;
  store.update({ status: null, showSolutions: 0 });
  if (!game.givenCount() || duplicateCells(game.givens, game.geo).size) return null;
  let res;
  try {
    res = await store.engine.request("solve", puzzle);
  } catch {
    return null;
  }
  if (seq !== validitySeq || store.state.game.puzzle() !== puzzle) return null;
  store.update({ status: { ...res, puzzle } });
  return store.state.status;
}

/** The validity sentence for the grid (class: good | warn | bad | ""). */
export function describeValidity(state) {
  const game = state.game;
  const n = game.givenCount();
  if (duplicateCells(game.givens, game.geo).size) return { text: `Not valid: ${describeDuplicates(game.givens, game.geo)}`, cls: "bad" };
  if (!n) return { text: "Type a puzzle, paste one, or choose an example.", cls: "" };
  const st = state.status?.puzzle === game.puzzle() ? state.status : null;
  if (!st) return { text: `${plural(n, "given")}; checking…`, cls: "" };
  if (st.status === "unique") return { text: `Valid: exactly one solution (${plural(n, "given")}).`, cls: "good" };
  if (st.status === "multiple") {
    const k = (st.differ || []).length;
    return {
      text: `Several solutions: this puzzle has more than one solution (two of them differ in ${plural(k, "cell")}). Add givens to make it a real puzzle.`,
      cls: "warn",
    };
  }
  if (st.status === "none") return { text: `No solution: ${String(st.error || "").replace(/^the puzzle has no solution:\s*/i, "")}`, cls: "bad" };
  return { text: `Not a puzzle: ${st.error || "unreadable"}`, cls: "bad" };
}

function describeDuplicates(values, geo) {
  const names = ["row", "column", "box"];
  const n = geo.size;
  for (let h = 0; h < geo.houses.length; h++) {
    const seen = new Map();
    for (const c of geo.houses[h]) {
      const d = values[c];
      if (!d) continue;
      if (seen.has(d)) {
        return `${d} appears twice in ${names[Math.floor(h / n)]} ${(h % n) + 1} (${geo.cellName(seen.get(d))} and ${geo.cellName(c)}).`;
      }
      seen.set(d, c);
    }
  }
  return "a digit repeats in a house.";
}

export function solutionOf(state) {
  const st = state.status;
  return st && st.status === "unique" && st.puzzle === state.game.puzzle() ? st.solution : null;
}

// ------------------------------------------------------------------ moves on the grid
/** After the game changed: drop what belonged to the old position, save, notice a solved grid. */
function played(store, before) {
  const s = store.state;
  const givensChanged = before !== s.game.puzzle();
  const patch = { game: s.game, checked: null, hint: null, view: null, solvedInfo: null };
  if (givensChanged) puzzleChanged(store);
  if (givensChanged) Object.assign(patch, NEW_PUZZLE);
  store.update(patch);
  if (givensChanged) scheduleValidity(store);
  if (s.mode === "solve") {
    persist(store);
    noticeSolved(store);
  }
}

function move(store, fn) {
  const before = store.state.game.puzzle();
  const changed = fn(store.state.game);
  if (changed) played(store, before);
  return changed;
}

export function select(store, c) {
  if (store.state.game.isCell(c) && c !== store.state.selected) store.update({ selected: c });
}

/** A digit key or numpad button: a given (Enter & analyse), a digit or a mark (Solve). */
export function typeDigit(store, d, cell = store.state.selected) {
  const { mode, notes, settings, game } = store.state;
  if (!game.geo.isDigit(d)) return false; // a 7 on a 6x6 grid
  if (mode === "solve") {
    if (notes) return move(store, (g) => g.toggleMark(cell, d));
    return move(store, (g) => g.place(cell, d, { clearPeers: settings.clearPeers }));
  }
  move(store, (g) => g.setGiven(cell, d));
  if (settings.advance) select(store, Math.min(game.geo.cells - 1, cell + 1));
  return true;
}

/** Backspace / Delete / the erase button; `advance` for a typed blank ("." "0" space) in Enter mode. */
export function eraseCell(store, { advance = false, cell = store.state.selected } = {}) {
  const { mode, settings } = store.state;
  if (mode === "solve") return move(store, (g) => g.erase(cell));
  move(store, (g) => g.setGiven(cell, 0));
  if (advance && settings.advance) select(store, Math.min(store.state.game.geo.cells - 1, cell + 1));
  return true;
}

export function toggleNotes(store, on = !store.state.notes) {
  if (store.state.mode === "solve") store.update({ notes: on });
}

export function fillCandidates(store) {
  if (store.state.mode !== "solve") return;
  if (move(store, (g) => g.fillCandidates())) say(store, "Every empty cell now holds the candidates its row, column and box allow.");
}

/** Undo the last move; past the first move of this puzzle, back to the puzzle before it. */
export function undo(store) {
  const s = store.state;
  if (s.game.canUndo()) return move(store, (g) => g.undo() !== null);
  if (!s.trail.length) return false;
  const prev = s.trail[s.trail.length - 1];
  store.update({ trail: s.trail.slice(0, -1), ahead: [...s.ahead, { game: s.game, mode: s.mode }] });
  switchTo(store, prev.game, prev.mode);
  return true;
}

export function redo(store) {
  const s = store.state;
  if (s.game.canRedo()) return move(store, (g) => g.redo() !== null);
  if (!s.ahead.length) return false;
  const next = s.ahead[s.ahead.length - 1];
  store.update({ ahead: s.ahead.slice(0, -1), trail: [...s.trail, { game: s.game, mode: s.mode }] });
  switchTo(store, next.game, next.mode);
  return true;
}

export function canUndo(state) {
  return state.game.canUndo() || state.trail.length > 0;
}

export function canRedo(state) {
  return state.game.canRedo() || state.ahead.length > 0;
}

/** Show the mistakes now: wrong digits and marks that lost the solution's digit. */
export function check(store) {
  const sol = solutionOf(store.state);
  if (!sol) {
    say(store, "Checking needs a puzzle with exactly one solution.", "error");
    return;
  }
  const m = store.state.game.mistakes(sol);
  store.update({ checked: m });
  const parts = [];
  if (m.wrong.length) parts.push(plural(m.wrong.length, "wrong digit"));
  if (m.missing.length) parts.push(`${plural(m.missing.length, "cell")} whose marks lost the digit that belongs there`);
  say(store, parts.length ? `Marked on the grid: ${parts.join(" and ")}.` : "No mistakes so far.");
}

// ------------------------------------------------------------------ puzzles: load, clear, modes
/** Make `game` the current game in `mode` (no history entry of its own). */
function switchTo(store, game, mode) {
  const changed = game.puzzle() !== store.state.game.puzzle();
  const patch = { game, mode, notes: false, hint: null, view: null, checked: null, solvedInfo: null, message: null };
  if (changed) puzzleChanged(store);
  if (changed) Object.assign(patch, NEW_PUZZLE);
  patch.nav = { seq: store.state.nav.seq + 1, push: false };
  if (store.state.selected >= game.geo.cells) patch.selected = 0; // a grid of another size
  store.update(patch);
  if (changed) scheduleValidity(store);
}

/**
 * A new game in place of the current one, which goes on the trail (Undo brings it back).
 * `push`: add a browser history entry (false when the load came from the URL itself).
 */
export function setGame(store, game, mode = "analyse", { push = true } = {}) {
  const s = store.state;
  const trail = s.game.givenCount() || s.game.hasProgress() ? [...s.trail, { game: s.game, mode: s.mode }] : s.trail;
  const changed = game.puzzle() !== s.game.puzzle();
  const patch = {
    game, mode, trail, ahead: [], notes: false, hint: null, view: null, checked: null, solvedInfo: null,
    nav: { seq: s.nav.seq + 1, push },
  };
  if (s.selected >= game.geo.cells) patch.selected = 0; // a grid of another size
  if (changed) puzzleChanged(store);
  if (changed) Object.assign(patch, NEW_PUZZLE);
  store.update(patch);
  if (changed) scheduleValidity(store);
}

/** An empty grid of the size on the page now. */
export function clearGrid(store) {
  say(store, null);
  setGame(store, new Game("", { size: store.state.game.geo.size }), "analyse");
}

/** An empty grid of another size (9 or 6) to type a puzzle into; Undo brings the old grid back. */
export function setSize(store, size) {
  const s = store.state;
  if (!size || size === s.game.geo.size) return;
  say(store, null);
  setGame(store, new Game("", { size }), "analyse");
}

/** The game to play a puzzle: the saved one when there is one, else a fresh one. */
function gameFor(store, givens) {
  return store.saves?.load(givens) || new Game(givens);
}

/**
 * Switch between Enter & analyse and Solve. Solve needs a puzzle with exactly one solution; it
 * continues a saved game of the same puzzle when the grid holds no progress of its own.
 */
export async function setMode(store, mode, { restore = true } = {}) {
  const s = store.state;
  if (mode === s.mode) return true;
  if (mode === "analyse") {
    store.update({ mode, notes: false, hint: null, checked: null, nav: { seq: s.nav.seq + 1, push: false } });
    return true;
  }
  const status = await validity(store);
  if (!status || status.status !== "unique") {
    const why = !store.state.game.givenCount()
      ? "Enter or load a puzzle first."
      : status?.status === "multiple"
        ? "this puzzle has more than one solution."
        : status?.status === "none"
          ? "this puzzle has no solution."
          : "the puzzle is not valid yet.";
    say(store, `Solve needs a puzzle with exactly one solution: ${why}`, "error");
    return false;
  }
  let game = store.state.game;
  let trail = store.state.trail;
  const saved = restore && !game.hasProgress() ? store.saves?.load(game.puzzle()) : null;
  if (saved) {
    // continue the saved game; the grid as typed stays one Undo away
    trail = [...trail, { game, mode: "analyse" }];
    game = saved;
  }
  store.update({ game, trail, mode: "solve", notes: false, hint: null, view: null, checked: null, message: null,
    nav: { seq: s.nav.seq + 1, push: false } });
  persist(store);
  noticeSolved(store);
  return true;
}

/**
 * Open a position: {givens, placed, marks} in a mode. In Solve, a saved game of the same puzzle
 * is continued; a position that differs from it (a shared link) becomes a move on top of it.
 */
export async function openPosition(store, { givens, placed = "", marks = [] }, mode, { push = true } = {}) {
  let game;
  if (mode === "solve") {
    game = gameFor(store, givens);
    const hasPosition = /[1-9]/.test(placed) || marks.some(Boolean);
    if (hasPosition) game.load(givens, { placed, marks }, "open the shared position");
  } else {
    game = new Game(givens, { placed, marks });
  }
  const s = store.state;
  const same = s.game.puzzle() === game.puzzle() && s.mode === mode && s.game.placedLine() === game.placedLine() &&
    s.game.marks.every((m, c) => m === game.marks[c]);
  if (same) return;
  setGame(store, game, "analyse", { push });
  if (mode === "solve") await setMode(store, "solve", { restore: false });
}

/**
 * Load puzzle text in any format the package reads: plain lines at once, anything else through
 * the Python parser. Digits the format marks as placed (HoDoKu's "+5") and candidates that differ
 * from what the digits allow come in as the player's own.
 */
export async function loadText(store, text, { analyzeAfter = true, push = true } = {}) {
  const clean = String(text || "").trim();
  if (!clean) return;
  say(store, null);
  let givens;
  let placed = "";
  let marks = [];
  let markedUp = false; // marks that differ from what the digits allow: a player's position
  if (plainLineGeometry(clean)) {
    givens = clean;
  } else {
    let res;
    try {
      res = await store.engine.request("parse", clean);
    } catch (e) {
      engineFailed(store, e);
      return;
    }
    if (res.error) {
      say(store, `That text is not a puzzle: ${res.error}`, "error");
      return;
    }
    const parsed = Position.fromParsed(res);
    givens = res.values.map((v, c) => (v && res.givens[c] ? String(v) : ".")).join("");
    placed = res.values.map((v, c) => (v && !res.givens[c] ? String(v) : ".")).join("");
    markedUp = parsed.hasPencilmarks();
    if (markedUp || carriesMarks(clean, res.values.length)) marks = parsed.cands.map((m, c) => (res.values[c] ? 0 : m));
    // A pencilmark grid cannot tell givens from placed digits: when its digits extend the puzzle
    // on the grid, the extra ones are the player's.
    const current = store.state.game.puzzle();
    const addsToGrid = current.length === givens.length && [...current].every((ch, c) => ch === "." || ch === givens[c]);
    if (!/[1-9]/.test(placed) && current !== givens && addsToGrid && store.state.game.givenCount()) {
      placed = [...givens].map((ch, c) => (current[c] === "." ? ch : ".")).join("");
      givens = current;
    }
  }
  const isPosition = /[1-9]/.test(placed) || markedUp;
  if (isPosition) {
    const probe = new Game(givens);
    const status = await solveOnce(store, probe.puzzle());
    if (status?.status === "unique") {
      await openPosition(store, { givens, placed, marks }, "solve", { push });
      return;
    }
  }
  await openPosition(store, { givens, placed, marks }, "analyse", { push });
  if (analyzeAfter) {
    const status = await validity(store);
    if (status?.status === "unique") analyze(store);
  }
}

/**
 * Does the text spell out every cell's candidates (a HoDoKu library line, a pencilmark grid of
 * `cells` cells)? Then they are the player's marks even when they equal what the digits allow.
 */
export function carriesMarks(text, cells) {
  if (/^:[0-9a-z]{4}:/i.test(text)) return true;
  const tokens = text.split(/[\s|+\-=*:]+/).filter((t) => /^[1-9]+$/.test(t));
  return tokens.length >= cells && tokens.some((t) => t.length > 1);
}

async function solveOnce(store, puzzle) {
  try {
    return await store.engine.request("solve", puzzle);
  } catch {
    return null;
  }
}

/** Follow the URL's hash: "#<puzzle>" to analyse, "#solve:..." to play. */
export async function openHash(store, hash, { push = false } = {}) {
  const h = parseHash(hash);
  if (!h) {
    if (store.state.game.givenCount()) setGame(store, new Game("", { size: store.state.game.geo.size }), "analyse", { push });
    return;
  }
  if (h.mode === "solve") await openPosition(store, h, "solve", { push });
  else if (h.text !== store.state.game.puzzle() || store.state.mode !== "analyse") await loadText(store, h.text, { push });
}

/** The code the URL shows for the current state (no progress: that is what Copy link is for). */
export function hashFor(state) {
  const g = state.game;
  if (!g.givenCount()) return "";
  return state.mode === "solve" ? `#${g.shareCode({ progress: false })}` : `#${g.puzzle()}`;
}

/** The page's address for the current puzzle; with `progress`, the player's digits and marks too. */
export function linkFor(state, base, { progress = false } = {}) {
  const g = state.game;
  if (!g.givenCount()) return base;
  return base + "#" + (state.mode === "solve" ? g.shareCode({ progress }) : g.puzzle());
}

export async function copyLink(store, { progress = false } = {}) {
  const url = linkFor(store.state, location.href.split("#")[0], { progress });
  const what = progress && store.state.game.hasProgress() ? "this puzzle with your progress" : "this puzzle";
  try {
    await navigator.clipboard.writeText(url);
    say(store, `Link copied: it opens ${what}.`);
  } catch {
    say(store, `Share this link (it opens ${what}): ${url}`);
  }
}

// ------------------------------------------------------------------ saving
export function persist(store) {
  const s = store.state;
  if (!store.saves || s.mode !== "solve" || !s.game.givenCount()) return;
  const sol = solutionOf(s);
  const r = store.saves.save(s.game, { solved: sol ? s.game.isSolved(sol) : false });
  const problem = r.ok ? null : r.message;
  if (problem !== s.saveProblem) store.update({ saveProblem: problem });
}

// ------------------------------------------------------------------ solved
let solvedFor = null;

/** Once the grid is complete and right: say so, with the puzzle's ratings and its hardest step. */
export async function noticeSolved(store) {
  const s = store.state;
  const sol = solutionOf(s);
  if (s.mode !== "solve" || !sol || !s.game.isSolved(sol)) return;
  const puzzle = s.game.puzzle();
  if (s.solvedInfo?.puzzle === puzzle) return;
  store.update({ solvedInfo: { puzzle, text: "Solved! Every digit is right." }, pathShown: true }); // nothing left to spoil
  persist(store);
  if (solvedFor === puzzle) return;
  solvedFor = puzzle;
  const a = s.analysis;
  let rate = a?.puzzle === puzzle && !a.pending?.length && !a.stopped ? a.rate : null; // every scale rated
  if (!rate) {
    try {
      if (!store.state.catalogue) await loadCatalogue(store); // the sentence's scales come from it
      const scales = sentenceScales(store.state.catalogue, s.game.geo.size).map((x) => x.id).join(",");
      rate = await store.engine.request("rate", puzzle, scales ? { scales } : {});
    } catch {
      rate = null;
    } finally {
      solvedFor = null;
    }
  }
  if (store.state.game.puzzle() !== puzzle || !store.state.solvedInfo) return;
  const text = solvedSentence(rate, store.state.catalogue, store.state.game.geo.size);
  store.update({ solvedInfo: { puzzle, text } });
}

/** The scales the solved sentence names: the catalogue's scales with a `headline` that rate a
 * `size` x `size` grid, in catalogue order, at most two (9x9: SE and HoDoKu). */
export function sentenceScales(catalogue, size) {
  return (catalogue?.scales || []).filter((x) => x.headline && (x.sizes || []).includes(size)).slice(0, 2);
}

/** "You solved an SE 7.2 / HoDoKu Hard puzzle; its hardest step is ...": each sentence scale's
 * headline label and field (from the worker's catalogue), then the puzzle's bottleneck step. */
export function solvedSentence(rate, catalogue, size) {
  const parts = [];
  for (const x of sentenceScales(catalogue, size)) {
    const v = rate?.ratings?.[x.id]?.[x.headline.field];
    if (typeof v === "number") parts.push(`${x.headline.label} ${v.toFixed(1)}`);
    else if (typeof v === "string" && v) parts.push(`${x.headline.label} ${v}`);
  }
  let text = parts.length ? `You solved an ${parts.join(" / ")} puzzle` : "You solved the puzzle";
  const own = (catalogue?.scales || []).find((x) => x.bottleneck); // the scale whose hardest step is the puzzle's
  const b = rate?.bottleneck || (own && rate?.ratings?.[own.id]?.bottleneck);
  if (b && (b.name || b.technique)) {
    const name = b.name || b.technique;
    text += `; its hardest step is ${b.text ? (b.text.startsWith(name) ? b.text : `${name}: ${b.text}`) : name}`;
  }
  return text.endsWith(".") ? text : text + ".";
}

// ------------------------------------------------------------------ hints
export async function hint(store) {
  const s = store.state;
  say(store, null);
  if (s.hint && s.hint.version === s.game.version && s.hint.mode === s.mode) {
    if (s.hint.rung < s.hint.ladder.rungs.length) store.update({ hint: { ...s.hint, rung: s.hint.rung + 1 } });
    return;
  }
  if (!s.game.givenCount()) {
    say(store, "Enter a puzzle first.", "error");
    return;
  }
  if (s.mode === "analyse" && duplicateCells(s.game.givens, s.game.geo).size) {
    say(store, "Fix the repeated digits first.", "error");
    return;
  }
  const version = s.game.version;
  const mode = s.mode;
  store.update({ view: null });
  const t0 = performance.now();
  try {
    const answer = await store.engine.request("hint", s.game.positionJSON(), engineOptions(store.state));
    if (store.state.game.version !== version || store.state.game !== s.game) return; // the player moved meanwhile
    const ladder = hintLadder(answer, store.state.catalogue);
    // ms: how long the player waited for it (the tests report it)
    store.update({ hint: { version, mode, answer, ladder, rung: 1, ms: performance.now() - t0 } });
  } catch (e) {
    engineFailed(store, e);
  }
}

/** The hint's last rung: the step (or the fix of a mistake) as the player's own move. */
export function applyHint(store) {
  const h = store.state.hint;
  if (!h || !h.ladder.apply) return;
  const { ladder } = h;
  if (ladder.kind === "step") {
    move(store, (g) => g.applyStep(ladder.step, `apply ${ladder.step.name}`));
    say(store, `Applied: ${ladder.step.name}.`);
  } else {
    const sol = solutionOf(store.state) || h.answer?.solution;
    if (!sol) return;
    move(store, (g) => g.fixMistakes(sol, ladder.cells));
    say(store, "Fixed.");
  }
}

// ------------------------------------------------------------------ rating and explaining
// One analysis at a time, tagged with its puzzle. When the givens change, the running one is
// abandoned (the engine drops the long lane's work) and nothing it still sends is drawn: results
// never show over another puzzle, and the new puzzle is analysed at once.
let analysisRun = 0;

/** The givens changed: stop analysing the old ones (called before the new puzzle is shown). */
function puzzleChanged(store) {
  if (store.state.running !== "rate") return;
  analysisRun++;
  store.engine.abandon();
  store.update({ running: null, progress: "" });
}

/** The scales' display names and order, from the worker's catalogue ({} until it has answered). */
export function scaleNames(state) {
  return Object.fromEntries((state.catalogue?.scales || []).map((s) => [s.id, s.name]));
}

/** The order the worker rates in when the page listens: the catalogue's order, its slow scales (SE) last. */
function ratingOrder(state) {
  const scales = state.catalogue?.scales || [];
  return [...scales.filter((s) => !s.slow), ...scales.filter((s) => s.slow)].map((s) => s.id);
}

/**
 * The header's progress line while `live()`: "Rating · HoDoKu (1 of 6) · step 12 (X-Wing) · 3.1 s".
 * `update` takes the engine's progress messages ({scale, step, technique} or {step, technique}).
 */
function progressReporter(store, prefix, live = () => true) {
  const t0 = performance.now();
  let last = "";
  const tick = () => {
    if (live()) store.update({ progress: `${prefix}${last} · ${((performance.now() - t0) / 1000).toFixed(1)} s` });
  };
  const timer = setInterval(tick, 250);
  tick();
  return {
    update(msg, scale = null) {
      const t = String(msg.technique || "").trim(); // a technique id, or SE's own name and difficulty
      const name = (store.state.catalogue?.techniques || []).find((x) => x.id === t)?.name || t;
      const step = msg.step ? ` · step ${msg.step}${name ? ` (${name})` : ""}` : "";
      last = (scale || "") + step;
      tick();
    },
    stop() {
      clearInterval(timer);
      if (live()) store.update({ progress: "" });
    },
  };
}

function stepDifficulty(step, catalogue) {
  const x = step.extra || {};
  for (const k of ["se_difficulty", "se", "difficulty", "rating"]) if (typeof x[k] === "number") return x[k];
  return (catalogue?.techniques || []).find((t) => t.id === step.technique)?.level ?? 1;
}

/**
 * Rate every scale, then explain the path. Each scale's rating is drawn as it arrives (SE last);
 * `analysis.pending` lists the scales still to come, `analysis.stopped` says why a run ended
 * early ({kind: "cancelled" | "timeout", phase: "rate" | "explain"}) while keeping what finished.
 * `restart`: abandon a running analysis first (settings changed).
 */
export async function analyze(store, { restart = false } = {}) {
  if (store.state.running === "rate" && restart) puzzleChanged(store);
  if (store.state.running) return;
  say(store, null);
  const status = await validity(store);
  const game = store.state.game;
  const puzzle = game.puzzle();
  if (!status || status.status !== "unique") {
    if (status?.status === "multiple") say(store, "Rating needs a puzzle with exactly one solution; this one has several.", "error");
    else if (status?.status === "none") say(store, "This puzzle has no solution, so there is nothing to rate.", "error");
    else say(store, "Enter a valid puzzle first.", "error");
    return;
  }
  if (store.state.running) return; // another analysis started while this one checked the puzzle
  const run = ++analysisRun;
  const live = () => run === analysisRun && store.state.game.puzzle() === puzzle;
  const start = Position.fromLine(puzzle);
  // The catalogue may still be on its way when a link opens the page: read it when needed.
  const order = () => ratingOrder(store.state);
  const partial = {};
  const base = { puzzle, explain: null, steps: [], positions: [start], counts: [], difficulty: [], bottleneckIndex: -1, stopped: null };
  const showRatings = (extra = {}) => {
    const pending = order().filter((s) => !(s in partial));
    store.update({ analysis: { ...base, rate: { ratings: { ...partial } }, pending, current: pending[0] ?? null, ...extra } });
  };
  store.update({ view: null, running: "rate" });
  showRatings();
  let prog = progressReporter(store, "Rating", live);
  let phase = "rate";
  let rate;
  let explain;
  try {
    rate = await store.engine.request("rate", puzzle, engineOptions(store.state, true), (m) => {
      if (!live()) return;
      if (m.type === "partial") {
        partial[m.scale] = m.rating;
        showRatings();
        return;
      }
      const all = order();
      const k = all.indexOf(m.scale);
      const name = scaleNames(store.state)[m.scale] || m.scale;
      prog.update(m, m.scale ? ` · ${name}${k >= 0 ? ` (${k + 1} of ${all.length})` : ""}` : "");
    });
    prog.stop();
    if (!live()) return;
    Object.assign(partial, rate.ratings || {});
    store.update({ analysis: { ...base, rate, pending: [], current: null } });
    phase = "explain";
    prog = progressReporter(store, "Explaining", live);
    explain = await store.engine.request("explain", puzzle, engineOptions(store.state), (m) => {
      if (live()) prog.update(m);
    });
  } catch (e) {
    prog.stop();
    if (!live()) return; // abandoned for another puzzle: nothing of it shows
    store.update({ running: null });
    if (e?.kind === "cancelled" || e?.kind === "timeout") {
      // Keep what finished: the scales rated so far (the time limit's error carries them too).
      Object.assign(partial, e.partial?.ratings || {});
      const stopped = { kind: e.kind, phase };
      if (phase === "rate") showRatings({ stopped });
      else store.update({ analysis: { ...store.state.analysis, stopped } });
      return;
    }
    engineFailed(store, e);
    if (phase === "rate") store.update({ analysis: null });
    return;
  }
  prog.stop();
  if (!live()) return;
  store.update({ running: null });
  if (explain.error) {
    say(store, explain.error, "error");
    return;
  }
  const steps = explain.steps || [];
  const positions = [start];
  const counts = [];
  let p = start;
  for (const st of steps) {
    counts.push(p.candidateCount());
    p = p.copy();
    p.apply(st);
    positions.push(p);
  }
  const difficulty = steps.map((st) => stepDifficulty(st, store.state.catalogue));
  store.update({ analysis: { ...base, rate, explain, steps, positions, counts, difficulty, pending: [], current: null } });
}

/** Show step k of the path (0: the start, n+1: the end); null leaves the path view. */
export function goTo(store, k) {
  const a = store.state.analysis;
  if (!a || k === null) {
    store.update({ view: null });
    return;
  }
  store.update({ hint: null, view: Math.max(0, Math.min(a.steps.length + 1, k)), pathShown: true });
}

/** Show the solution path in Solve mode (it is hidden there so that it spoils nothing). */
export function showPath(store) {
  store.update({ pathShown: true });
}

export function cancel(store) {
  store.engine.cancel();
}

// ------------------------------------------------------------------ generating
export async function generate(store, opts, { mode = "analyse" } = {}) {
  if (store.state.running) return;
  say(store, null);
  if (!opts) {
    say(store, "Name a technique to aim at (for example x-wing).", "error");
    return;
  }
  store.update({ running: "generate" });
  const prog = progressReporter(store, "Generating");
  let res;
  try {
    res = await store.engine.request("generate", "", opts, (m) => {
      if (m.message) store.update({ genStatus: m.message, genPuzzle: "" });
      prog.update(m);
    });
  } catch (e) {
    engineFailed(store, e);
    return;
  } finally {
    prog.stop();
    store.update({ running: null });
  }
  if (res.status !== "unique") {
    say(store, res.error || "No puzzle was generated.", "error");
    store.update({ genStatus: "" });
    return;
  }
  const r = res.rating || {};
  const shown = r.er !== undefined && r.er !== null ? `SE ${Number(r.er).toFixed(1)}` : r.level ? `${r.level}` : r.score !== undefined ? `score ${r.score}` : "";
  store.update({
    genStatus:
      `New puzzle: ${res.givens} givens, seed ${res.seed}${shown ? ", " + shown : ""}, ` +
      `${res.tries} ${res.tries === 1 ? "try" : "tries"} in ${res.seconds.toFixed(1)} s.`,
    genPuzzle: res.puzzle,
  });
  if (mode === "solve") await openPosition(store, { givens: res.puzzle }, "solve");
  else await loadText(store, res.puzzle);
  // an option this engine version does not take (a grid size it cannot generate yet): say so
  const ignored = res.ignored_options || [];
  if (ignored.length) say(store, `This engine version does not use these options for generating yet: ${ignored.join(", ")}.`);
}
