// The app page: builds the store, mounts one module per panel, and keeps the address bar in step
// with the puzzle (so links, Back and Forward work). All Sudoku logic runs in Python in the worker
// (worker-client.js) or in the DOM-free model (model/*.js); panels draw the store and call actions/.
import * as act from "./actions/index.js";
import { Bank } from "./bank.js";
import { Engine } from "./worker-client.js";
import { Pool } from "./pool.js";
import { EXAMPLES } from "./examples.js";
import { BankPicker } from "./model/bank.js";
import { Saves } from "./model/saves.js";
import { createStore, touches } from "./store.js";
import * as bookPanel from "./panels/book.js";
import * as controls from "./panels/controls.js";
import * as enginePanel from "./panels/engine-status.js";
import * as exportPanel from "./panels/export.js";
import * as feedback from "./panels/feedback.js";
import * as games from "./panels/games.js";
import * as generate from "./panels/generate.js";
import * as grid from "./panels/grid.js";
import * as hint from "./panels/hint.js";
import * as load from "./panels/load.js";
import * as newGame from "./panels/newgame.js";
import * as ratings from "./panels/ratings.js";
import * as settings from "./panels/settings.js";
import * as status from "./panels/status.js";
import * as stepper from "./panels/stepper.js";
import * as learnView from "./learn-view.js";
import * as theme from "./panels/theme.js";
import * as update from "./panels/update.js";

/** localStorage, or null when the browser blocks it (the saves say so instead of failing). */
function openStorage() {
  try {
    const s = window.localStorage;
    s.getItem("sudoku-grader-probe");
    return s;
  } catch {
    return null;
  }
}

/** The fewest clues a puzzle of each size can have with one solution. */
const MIN_CLUES = { 9: 17, 6: 8 };

const storage = openStorage();
const engine = new Engine();
const bank = new Bank(new URL("bank/", import.meta.url));
const store = createStore(act.initialState(act.loadSettings(storage)), {
  engine, storage, saves: new Saves(storage), bank, picker: new BankPicker(storage),
});
engine.timeLimit = store.state.settings.timeLimit;
// Further workers for rating scales side by side: made (and booted) when an analysis first needs them.
store.pool = new Pool(engine, act.poolSize(store.state.settings.workers), () => new Engine({ lanes: 1 }));
// A newer build's engine under this page's modules: keep the game, then reload once into the
// new build (sessionStorage stops a loop if the reload cannot help).
engine.addEventListener("stale", (e) => {
  const key = "sudoku-grader-stale-reload";
  const build = /** @type {CustomEvent} */ (e).detail.build;
  try {
    if (sessionStorage.getItem(key) === build) return;
    sessionStorage.setItem(key, build);
  } catch {
    return; // no session storage: the engine line says to reload
  }
  act.persist(store);
  location.reload();
});
/** @type {any} */ (window).sudokuGrader = { engine, store, pool: store.pool, actions: act, get state() { return store.state; } }; // for tests and the curious

const $ = (id) => document.getElementById(id);
const board = document.querySelector(".board-col");
enginePanel.mount(document.querySelector("header.top"), store);
grid.mount($("grid-panel"), store);
controls.mount(board, store);
status.mount($("status"), store);
load.mount(board, store);
newGame.mount($("new-game-box"), store);
games.mount(document.body, store);
feedback.mount(document.body, store);
exportPanel.mount(board, store);
bookPanel.mount(board, store);
generate.mount($("generate-box"), store);
hint.mount($("hint-panel"), store);
ratings.mount($("ratings-panel"), store);
stepper.mount($("steps-panel"), store);
settings.mount($("settings"), store);
const learnRoute = learnView.wire(store);
theme.mount(document.querySelector("header.top"), store);
document.documentElement.dataset.app = "mounted"; // the first paint's stand-ins go (app.css)

// ------------------------------------------------------------------ keys anywhere on the page
document.addEventListener("keydown", (e) => {
  if (/** @type {Element} */ (e.target).closest?.("input, textarea, select")) return;
  if (grid.undoKey(store, e)) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const view = store.state.view;
  if (e.key === "h" || e.key === "H") {
    act.hint(store);
    e.preventDefault();
  } else if (e.key === "]") act.goTo(store, (view ?? 0) + 1);
  else if (e.key === "[") act.goTo(store, (view ?? 1) - 1);
  else if (e.key === "Escape") act.dismiss(store);
});

// ------------------------------------------------------------------ the address bar
// A load pushes a history entry (Back returns to the puzzle before); edits replace it.
store.subscribe((s, keys) => {
  if (!touches(keys, "game", "mode", "nav") || s.learn?.open) return;
  const target = act.hashFor(s);
  if (target === location.hash) return;
  const url = target || location.pathname + location.search;
  if (keys.has("nav") && s.nav.push) history.pushState(null, "", url);
  else history.replaceState(null, "", url);
});
window.addEventListener("hashchange", () => {
  if (!learnRoute(location.hash)) act.openHash(store, location.hash);
});

// A puzzle on the grid in analyse mode will be rated: boot the long lane's worker now, so the
// rating does not wait for it. Solve mode and an empty grid keep to one worker (memory).
const expectRating = (s) => {
  if (s.mode === "analyse" && s.game.givenCount() >= MIN_CLUES[s.game.geo.size]) engine.prepareLong();
};
store.subscribe((s, keys) => {
  if (touches(keys, "game", "mode")) expectRating(s);
});
expectRating(store.state);

// Save the time played when the tab goes away (moves are saved as they are made).
window.addEventListener("pagehide", () => act.persist(store));
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") act.persist(store);
});

// ------------------------------------------------------------------ about
$("embed-snippet").textContent =
  `<script type="module" src="${new URL("web/embed.js", location.href).href}"></script>\n` +
  `<sudoku-grader puzzle="${EXAMPLES[0]?.puzzle || ""}"></sudoku-grader>`;

// ------------------------------------------------------------------ start
act.scheduleValidity(store);
if (location.hash.length > 1) {
  if (!learnRoute(location.hash)) act.openHash(store, location.hash);
} else act.resumeLastGame(store); // a return visit: the game in progress, as it was left

if ("serviceWorker" in navigator && location.protocol !== "file:") {
  update.mount($("update-ready"), store, navigator.serviceWorker.register(new URL("../sw.js", import.meta.url)));
}
