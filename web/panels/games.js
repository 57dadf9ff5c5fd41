// The player's games: on a return visit the last game in progress opens by itself (a card at the top
// says so and offers an empty grid instead); a Continue card at the top when the grid is empty with
// a game in progress, the games in progress (updated as the player plays; each can be continued or
// deleted), the finished games (date, level, time, hints, checks) and the statistics per level,
// with a Reset that asks first. Everything is read from the saves (web/model/saves.js).
import * as act from "../actions/index.js";
import { touches } from "../store.js";
import { clock, count } from "../words.js";

/** @param {HTMLElement} root  the page (the card and the games box are found by id) @param {any} store */
export function mount(root, store) {
  const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (root.querySelector(`#${id}`));
  const card = $("continue-card");
  const box = /** @type {HTMLDetailsElement} */ ($("saved-box"));
  /** @type {Object<string, string>} level id -> label, from the bank's index */
  let labels = {};
  /** @type {string[]} */
  let order = [];
  store.bank
    ?.index()
    .then((/** @type {import("../bank.js").BankIndex} */ idx) => {
      labels = Object.fromEntries(idx.levels.map((l) => [l.id, l.label]));
      order = idx.levels.map((l) => l.id);
      render(store.state);
    })
    .catch(() => {});
  const levelName = (/** @type {string|null|undefined} */ id) => (id ? labels[id] || id : "Other");

  /** @param {any} g  a saved entry */
  const open = (g) => act.resumeGame(store, g);

  /** A return visit opened the last game by itself: say so, with the way to something else.
   * @param {any} s */
  function renderResumed(s) {
    const r = s.resumed;
    card.dataset.kind = "resumed";
    const p = document.createElement("p");
    p.textContent = `Welcome back: your ${levelName(r.level)} game as you left it, ${clock(r.seconds)} played.`;
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = "Empty grid";
    b.title = "An empty grid to enter a puzzle (this game stays in Your games)";
    b.setAttribute("data-testid", "resumed-leave");
    b.addEventListener("click", () => act.clearGrid(store)); // the game stays in the list (Undo brings it back)
    card.append(p, b);
  }

  /** @param {any} s */
  function renderCard(s, games) {
    const g = games[0];
    const resumed = s.resumed && s.mode === "solve" && s.game.puzzle() === s.resumed.givens;
    card.hidden = !resumed && !(g && s.mode === "analyse" && !s.game.givenCount());
    card.textContent = "";
    if (card.hidden) return;
    if (resumed) {
      renderResumed(s);
      return;
    }
    card.dataset.kind = "continue";
    const p = document.createElement("p");
    p.textContent = `Your ${levelName(g.level)} game: ${clock(g.seconds || 0)} played, ` +
      `${g.filled} of ${g.filled + g.empty} cells filled.`;
    const b = document.createElement("button");
    b.type = "button";
    b.className = "primary";
    b.textContent = "Continue";
    b.setAttribute("data-testid", "continue");
    b.addEventListener("click", () => open(g));
    card.append(p, b);
  }

  function renderList(s, games) {
    const list = $("saved-list");
    list.textContent = "";
    $("saved-empty").hidden = games.length > 0;
    if (games.length && !box.dataset.offered && !s.game.givenCount()) {
      box.open = true; // the page's first view offers to continue
      box.dataset.offered = "1";
    }
    games.slice(0, 20).forEach((g, i) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.setAttribute("data-testid", `continue-${i + 1}`);
      const when = new Date(g.updated).toLocaleString();
      b.textContent = `Continue: ${levelName(g.level)}, ${g.filled} of ${g.filled + g.empty} cells filled, ` +
        `${clock(g.seconds || 0)} played (${when})`;
      b.title = g.givens;
      b.addEventListener("click", () => open(g));
      const del = document.createElement("button");
      del.type = "button";
      del.className = "delete";
      del.textContent = "Delete";
      del.setAttribute("data-testid", "delete-game");
      del.setAttribute("aria-label", `Delete the ${levelName(g.level)} game saved ${when}`);
      del.addEventListener("click", () => {
        store.saves.remove(g.givens);
        // the game on the grid goes too (its next move would save it again)
        if (store.state.mode === "solve" && store.state.game.puzzle() === g.givens) act.clearGrid(store);
        render(store.state);
      });
      li.append(b, del);
      list.appendChild(li);
    });
  }

  function renderHistory() {
    const list = $("history");
    list.textContent = "";
    const done = store.saves?.history() || [];
    $("history-empty").hidden = done.length > 0;
    for (const h of done.slice(0, 20)) {
      const li = document.createElement("li");
      li.textContent = `${new Date(h.date).toLocaleDateString()}: ${levelName(h.level)}, ${clock(h.seconds)}, ` +
        `${count(h.hints, "hint")}, ${count(h.checks, "check")}`;
      list.appendChild(li);
    }
  }

  function renderStats() {
    const body = /** @type {HTMLTableSectionElement} */ (root.querySelector("#stats tbody"));
    body.textContent = "";
    const rows = (store.saves?.stats(order) || []).filter((/** @type {any} */ r) => r.solved || order.includes(r.level));
    for (const r of rows) {
      const tr = document.createElement("tr");
      tr.dataset.level = r.level || "other";
      const cells = [levelName(r.level), String(r.solved), r.best === null ? "–" : clock(r.best),
        r.median === null ? "–" : clock(r.median), String(r.hints), String(r.streak)];
      cells.forEach((text, i) => {
        const td = document.createElement(i ? "td" : "th");
        if (!i) td.setAttribute("scope", "row");
        td.textContent = text;
        tr.appendChild(td);
      });
      body.appendChild(tr);
    }
  }

  /** The card always; the list, history and statistics while their box is open (or about to be
   * offered), so a move costs no more than reading the index.
   * @param {any} s */
  function render(s) {
    const games = store.saves?.inProgress() || [];
    renderCard(s, games);
    if (!box.open && (box.dataset.offered || !games.length || s.game.givenCount())) return;
    renderList(s, games);
    renderHistory();
    renderStats();
  }
  box.addEventListener("toggle", () => box.open && render(store.state));

  $("stats-reset").addEventListener("click", () => {
    if (!window.confirm("Reset the statistics? Every finished game is forgotten (games in progress stay).")) return;
    store.saves?.resetStats();
    render(store.state);
  });
  store.subscribe((/** @type {any} */ s, /** @type {Set<string>} */ keys) => {
    // the welcome goes with the first move (or anything else put on the grid)
    if (keys.has("game") && !keys.has("resumed") && s.resumed) queueMicrotask(() => act.forgetResumed(store));
    if (touches(keys, "mode", "saveProblem", "solvedInfo", "gameMeta", "resumed") || (keys.has("game") && (s.mode === "solve" || box.open))) {
      queueMicrotask(() => render(store.state)); // once the move is saved (the save follows the update)
    } else if (keys.has("game") && !card.hidden) renderCard(s, store.saves?.inProgress() || []);
  });
  render(store.state);
}
