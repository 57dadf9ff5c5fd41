// The puzzle of the day in the <sudoku-grader> element: <sudoku-grader daily="/daily/"> shows the
// reader's own day from the feed `python -m sudoku_grader daily` wrote (YYYY-MM-DD.json), headed by
// its level and date, with links to the day before and to the feed's archive. A link to
// #YYYY-MM-DD (the archive's) or a `date` attribute shows another day; a day after the reader's
// today, or one the feed does not hold, is said plainly. `data-date` on the element names the day
// it shows. The reader's game of the day is saved like the app's games (model/saves.js), so a
// reload, or the app on the same site, continues it.
import { chooseDay, dayHeading, dayInWords, feedUrls, localDay, missingDay, shiftDay } from "../model/days.js";

/** @import { SudokuGraderElement as Element } from "../embed.js" */
/** @import { Game } from "../model/game.js" */

/**
 * @typedef {{heading: HTMLElement, yesterday: HTMLAnchorElement, archive: HTMLAnchorElement}} DayParts
 */

/** @type {WeakMap<Element, DayParts>} */
const made = new WeakMap();

/** The heading and the row of links above the grid, made on the first load. @param {Element} el */
function parts(el) {
  const known = made.get(el);
  if (known) return known;
  const heading = el.makePart("h2", "day", "daily-heading");
  const row = el.makePart("nav", "day-links", "daily-links");
  row.setAttribute("aria-label", "Other days");
  const yesterday = /** @type {HTMLAnchorElement} */ (el.makePart("a", "", "daily-yesterday"));
  const archive = /** @type {HTMLAnchorElement} */ (el.makePart("a", "", "daily-archive"));
  archive.textContent = "Every day";
  row.append(yesterday, archive);
  // With a `date` attribute the element's day is the attribute's: the link moves it.
  yesterday.addEventListener("click", (e) => {
    if (!el.hasAttribute("date")) return;
    e.preventDefault();
    el.setAttribute("date", yesterday.dataset.day || "");
  });
  el.shadowRoot.insertBefore(heading, el.gridEl);
  el.shadowRoot.insertBefore(row, el.gridEl);
  window.addEventListener("hashchange", () => {
    if (el.isConnected && el.hasAttribute("daily") && !el.hasAttribute("date")) el.load();
  });
  const p = { heading, yesterday, archive };
  made.set(el, p);
  return p;
}

/**
 * Show the day the reader asked for (by default their today). Throws what the element says as an error.
 * @param {Element} el
 * @param {number} seq  the element's load number: a later load wins
 */
export async function loadDay(el, seq) {
  const now = new Date();
  const today = localDay(now);
  const day = chooseDay({ date: el.getAttribute("date"), hash: location.hash, now });
  const urls = feedUrls(el.getAttribute("daily") || "./", document.baseURI, day);
  const p = parts(el);
  el.dataset.date = day;
  const before = shiftDay(day, -1);
  p.yesterday.href = `#${before}`;
  p.yesterday.dataset.day = before;
  p.yesterday.textContent = day === today ? "Yesterday's puzzle" : "The day before";
  p.archive.href = urls.archive;
  p.heading.textContent = dayInWords(day);
  if (day > today) return missing(el, day, today);
  el.say("Loading…");
  const res = await fetch(urls.json);
  if (seq !== el.seq) return;
  if (res.status === 404) return missing(el, day, today);
  if (!res.ok) throw new Error(`Could not load the puzzle of ${dayInWords(day)}: HTTP ${res.status}.`);
  const data = await res.json();
  if (seq !== el.seq) return;
  el.show(data);
  delete el.dataset.missing;
  p.heading.textContent = dayHeading(data, day);
}

/** No puzzle for the day: an empty grid and the reason, plainly. */
function missing(el, day, today) {
  el.showPuzzleOnly("");
  el.rateButton.hidden = true;
  el.say(missingDay(day, today));
  el.dataset.missing = "true";
}

/** The reader's saved game of a daily puzzle, or null (not a daily element, nothing saved, no storage).
 * @param {Element} el @param {string} puzzle @returns {Promise<Game|null>} */
export async function savedGame(el, puzzle) {
  if (!el.hasAttribute("daily")) return null;
  const saves = await store();
  return saves?.load(puzzle) || null;
}

/** Keep the reader's game of a daily puzzle after a move (a full or blocked storage is said).
 * @param {Element} el @param {boolean} solved */
export async function keep(el, solved) {
  if (!el.game || !el.hasAttribute("daily")) return;
  const saves = await store();
  const r = saves ? saves.save(el.game, { solved }) : null;
  if (r && !r.ok) el.say(r.message, true);
}

/** The page's saved games (the app's own store), or null when the browser refuses storage. */
async function store() {
  let storage = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  const { Saves } = await import("../model/saves.js");
  return new Saves(storage);
}
