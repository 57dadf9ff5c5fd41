// The puzzle of the day without a DOM: which day a reader sees, the feed's URLs and the heading.
// `python -m sudoku_grader daily` writes the feed (YYYY-MM-DD.json per day, index.json,
// archive.html); <sudoku-grader daily="..."> reads it with these helpers.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * "YYYY-MM-DD" of a moment in the reader's own time zone (their calendar day, not UTC's).
 * @param {Date} when
 * @returns {string}
 */
export function localDay(when) {
  const p = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return `${when.getFullYear()}-${p(when.getMonth() + 1)}-${p(when.getDate())}`;
}

/**
 * Whether the text is a real calendar day written YYYY-MM-DD.
 * @param {string} text
 * @returns {boolean}
 */
export function isDay(text) {
  const m = DAY.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/**
 * The day ``n`` days after ``day`` (before, for a negative n).
 * @param {string} day  YYYY-MM-DD
 * @param {number} n
 * @returns {string}
 */
export function shiftDay(day, n) {
  const m = /** @type {RegExpExecArray} */ (DAY.exec(day));
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + n));
  return d.toISOString().slice(0, 10);
}

/**
 * The day a page link names (``#2027-01-03``), or null.
 * @param {string} hash  location.hash
 * @returns {string|null}
 */
export function dayFromHash(hash) {
  const text = decodeURIComponent((hash || "").replace(/^#/, ""));
  return isDay(text) ? text : null;
}

/**
 * The day to show: an explicit one (the element's ``date`` attribute), else a link's, else today.
 * @param {{date?: string|null, hash?: string, now: Date}} where
 * @returns {string}
 */
export function chooseDay({ date = null, hash = "", now }) {
  if (date && isDay(date)) return date;
  return dayFromHash(hash) || localDay(now);
}

/**
 * The URL of a day's JSON and of the archive, for a feed folder given relative to the page.
 * @param {string} feed  the ``daily`` attribute ("/daily/", "./")
 * @param {string} base  the page's URL (document.baseURI)
 * @param {string} day
 * @returns {{json: string, archive: string}}
 */
export function feedUrls(feed, base, day) {
  const folder = new URL(feed.endsWith("/") ? feed : `${feed}/`, base);
  return { json: new URL(`${day}.json`, folder).href, archive: new URL("archive.html", folder).href };
}

/**
 * "Friday 1 January 2027": a day in words, in the reader's language.
 * @param {string} day
 * @param {string|undefined} [locale]
 * @returns {string}
 */
export function dayInWords(day, locale) {
  const m = /** @type {RegExpExecArray} */ (DAY.exec(day));
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toLocaleDateString(locale, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

/**
 * The heading of a day's puzzle: its level and date ("Hard · Friday 1 January 2027").
 * @param {{level_name?: string, level?: string}} data  the day's JSON
 * @param {string} day
 * @param {string|undefined} [locale]
 * @returns {string}
 */
export function dayHeading(data, day, locale) {
  const level = data.level_name || data.level || "";
  return level ? `${level} · ${dayInWords(day, locale)}` : dayInWords(day, locale);
}

/**
 * What the reader reads when the feed has no such day.
 * @param {string} day
 * @param {string} today
 * @param {string|undefined} [locale]
 * @returns {string}
 */
export function missingDay(day, today, locale) {
  const when = dayInWords(day, locale);
  if (day > today) return `There is no puzzle for ${when} yet: come back on the day.`;
  return `There is no puzzle for ${when}: the feed does not hold that day.`;
}
