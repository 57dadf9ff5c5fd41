// The page's state in one place: its type, its initial value, the part a new puzzle resets, and
// the messages line. Every action module reads and writes this shape through the store.
import { Game } from "../model/game.js";
import { initialLearn } from "./learn.js";

/**
 * @typedef {object} Settings
 * @property {number} timeLimit  seconds a long request may take (0: no limit)
 * @property {boolean} showCands  Enter & analyse: show the candidates the digits allow
 * @property {string[]} disabled  technique ids switched off
 * @property {string[]} enabled  technique ids switched on (off by default)
 * @property {Record<string, number>} scores  the player's own technique scores
 * @property {boolean} advance  typing a given moves to the next cell
 * @property {boolean} clearPeers  placing a digit removes it from its peers' marks
 * @property {boolean} liveMistakes  show wrong digits as they are typed
 * @property {boolean} showTimer
 * @property {boolean} coach  Solve: after each move, name the technique that justifies it
 * @property {"auto"|number} workers  how many workers rate and explain at once ("auto": from the cores and memory)
 * @property {boolean} highlightPeers  Solve: shade the selected cell's row, column and box
 * @property {boolean} highlightSame  Solve: highlight the selected digit everywhere, and its marks
 * @property {"standard"|"safe"} palette  the cell and candidate colours (safe: for colour-blind players)
 * @property {"system"|"light"|"dark"} theme  the page's colours
 */

/**
 * The analysis of the givens: rate (every scale), then explain (the path), replayed into positions.
 * @typedef {object} Analysis
 * @property {string} puzzle  the givens it is about
 * @property {{ratings?: Record<string, any>, techniques?: Record<string, number>, solved?: boolean, stuck?: any, bottleneck?: any}} rate
 * @property {any} explain  the engine's explain() answer, null until it came
 * @property {import("../worker-protocol.js").Step[]} steps
 * @property {import("../board.js").Position[]} positions  the start, then the grid after each step
 * @property {number[]} counts  candidates left before each step
 * @property {number[]} difficulty  each step's difficulty (its SE figure, else its technique's level)
 * @property {number} bottleneckIndex  the hardest step on the page's path, -1 when none
 * @property {string[]} [pending]  scales still to come
 * @property {string|null} [current]  the scale being rated now
 * @property {{kind: string, phase: "rate"|"explain"}|null} stopped  why a run ended early
 * @property {Partial<Record<"default"|"se"|"hodoku", import("../model/paths.js").Path>>} [paths]  the paths the stepper offers
 * @property {"default"|"se"|"hodoku"} [source]  the path shown (its steps, positions, counts and difficulty above)
 * @property {Record<string, Record<string, unknown>>} [bounds]  what each unfinished scale's walk proved (`at_least`)
 */

/**
 * @typedef {object} Hint
 * @property {number} version  the game's version it was asked for
 * @property {string} mode
 * @property {any} answer  the engine's hint() answer
 * @property {ReturnType<typeof import("../model/ladder.js").hintLadder>} ladder
 * @property {number} rung  rungs shown so far
 * @property {number} ms  how long the player waited for it
 */

/**
 * @typedef {object} State
 * @property {"analyse"|"solve"} mode  Enter & analyse, or Solve
 * @property {Game} game
 * @property {{game: Game, mode: "analyse"|"solve"}[]} trail  earlier puzzles, so loading another can be undone
 * @property {{game: Game, mode: "analyse"|"solve"}[]} ahead  puzzles undone back over, for redo
 * @property {any} status  the engine's solve() answer for the givens (with `puzzle`)
 * @property {Analysis|null} analysis
 * @property {number|null} view  the step shown while stepping through the path (null: the grid as played)
 * @property {{view: number|null, path: number[], k: number}|null} netFocus  the net outline's implication drawn on the grid
 * @property {boolean} pathShown  Solve keeps the solution path out of sight until asked for
 * @property {Hint|null} hint
 * @property {number} selected  the focused cell
 * @property {number[]} selection  the selected cells (Solve: several; empty after Esc)
 * @property {import("../model/play.js").Entry} entry  Solve: what digits enter (digit, corner, centre, colour)
 * @property {number} padDigit  a digit chosen on the pad with no cell selected: highlighted
 * @property {boolean} notes  digit keys enter centre marks (entry === "centre")
 * @property {{wrong: number[], missing: number[]}|null} checked  the last Check's cells, until the next move
 * @property {Settings} settings
 * @property {number} settingsReset  bumped by Reset, so the technique table redraws
 * @property {any} catalogue  the worker's catalogue (techniques, scales, fields), null until it answered
 * @property {string} engine  the engine's state: booting | ready | busy | failed
 * @property {string} progress  the header's progress line
 * @property {{text: string, kind: "error"|"notice"}|null} message
 * @property {number} showSolutions  how many solutions the status panel shows
 * @property {"rate"|"generate"|null} running  the long request in flight, so its button waits
 * @property {{puzzle: string, text: string, level?: string|null, label?: string}|null} solvedInfo  the sentence
 *   shown once solved (with the New-game level to offer again)
 * @property {string|null} saveProblem  why the last move could not be saved
 * @property {{seq: number, push: boolean}} nav  URL bookkeeping: a load pushes a history entry
 * @property {boolean} paused  the Solve timer is paused
 * @property {string} genStatus
 * @property {string} genPuzzle  the puzzle genStatus speaks of: another puzzle on the grid hides it
 * @property {import("./learn.js").LearnState} learn  the Learn view: technique, drill, answer, the learner's record
 * @property {{line: string, verdict: string, version: number}|null} coach  the coach's line on the last move
 * @property {import("./gamemeta.js").GameMeta|null} gameMeta  the game in Solve: its New-game level, hints and
 *   checks used, and a bank puzzle's ratings (gamemeta.js)
 * @property {{givens: string, level: string|null, seconds: number}|null} resumed  the game in progress the
 *   page opened with on its own (a return visit), while it is on the grid
 */

/**
 * The store the actions work on: the state, its update, and the services (not state) it owns.
 * @typedef {object} Store
 * @property {State} state
 * @property {(patch: Partial<State>) => void} update
 * @property {(fn: (state: State, keys: Set<string>) => void) => () => boolean} subscribe
 * @property {import("../store.js").Runs} runs
 * @property {import("../worker-client.js").Engine} engine  the worker client (a fake in the node tests)
 * @property {import("../pool.js").Pool} [pool]  the workers an analysis runs in (pool.js); none: the engine alone
 * @property {Storage|null} [storage]
 * @property {import("../model/saves.js").Saves} [saves]
 * @property {import("../bank.js").Bank} [bank]  the shipped New-game bank
 * @property {import("../model/bank.js").BankPicker} [picker]  which bank puzzle comes next
 */

export const SETTINGS_KEY = "sudoku-grader-settings";
/** @type {Settings} */
export const DEFAULT_SETTINGS = {
  timeLimit: 300,
  showCands: true,
  disabled: [],
  enabled: [],
  scores: {},
  advance: true,
  clearPeers: true,
  liveMistakes: false,
  showTimer: true,
  coach: false,
  workers: "auto",
  highlightPeers: true,
  highlightSame: true,
  palette: "standard",
  theme: "system",
};

/** @returns {State} */
export function initialState(settings = { ...DEFAULT_SETTINGS }) {
  return {
    mode: "analyse",
    game: new Game(),
    trail: [],
    ahead: [],
    status: null,
    analysis: null,
    view: null,
    netFocus: null,
    pathShown: false,
    hint: null,
    selected: 0,
    selection: [0],
    entry: "digit",
    padDigit: 0,
    notes: false,
    checked: null,
    settings,
    settingsReset: 0,
    catalogue: null,
    engine: "booting",
    progress: "",
    message: null,
    showSolutions: 0,
    running: null,
    solvedInfo: null,
    saveProblem: null,
    nav: { seq: 0, push: false },
    paused: false,
    genStatus: "",
    genPuzzle: "",
    learn: initialLearn(),
    coach: null,
    gameMeta: null,
    resumed: null,
  };
}

/** What a new puzzle on the grid resets: the old puzzle's answers and what was shown of them. */
export const NEW_PUZZLE = Object.freeze({ analysis: null, status: null, showSolutions: 0, pathShown: false, netFocus: null });

// ------------------------------------------------------------------ messages
/** @param {Store} store @param {string|null} text @param {"error"|"notice"} kind */
export function say(store, text, kind = "notice") {
  store.update({ message: text ? { text, kind } : null });
}

/** @param {number} n @param {string} word */
export const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** An engine request failed: say why, unless the player cancelled it or the time limit ran out. */
export function engineFailed(store, e) {
  if (e?.kind !== "cancelled" && e?.kind !== "timeout") say(store, e?.message || String(e), "error");
}

/**
 * The header's progress line while `live()`: "Rating · HoDoKu (1 of 6) · step 12 (X-Wing) · 3.1 s".
 * `update` takes the engine's progress messages ({scale, step, technique} or {step, technique}).
 * @param {Store} store @param {string} prefix
 */
/** ` · step 12 (X-Wing)` from a progress message ({step, technique}), or "" before its first step. */
export function stepWords(store, msg) {
  const t = String(msg?.technique || "").trim(); // a technique id, or SE's own name and difficulty
  const name = (store.state.catalogue?.techniques || []).find((x) => x.id === t)?.name || t;
  return msg?.step ? ` · step ${msg.step}${name ? ` (${name})` : ""}` : "";
}

export function progressReporter(store, prefix, live = () => true) {
  const t0 = performance.now();
  let last = "";
  const tick = () => {
    if (live()) store.update({ progress: `${prefix}${last} · ${((performance.now() - t0) / 1000).toFixed(1)} s` });
  };
  const timer = setInterval(tick, 250);
  tick();
  return {
    update(msg, scale = null) {
      last = (scale || "") + stepWords(store, msg);
      tick();
    },
    /** Say `text` as it is (several workers: each one's job and step). @param {string} text */
    say(text) {
      last = text;
      tick();
    },
    stop() {
      clearInterval(timer);
      if (live()) store.update({ progress: "" });
    },
  };
}
