// The shipped New-game bank as the page reads it: web/bank/index.json (the levels, their SE and
// HoDoKu bands, the counts) and one file per level, each fetched once and kept by this object
// (the service worker precaches them with the page, so they also load offline).

/**
 * @typedef {{id: string, label: string, size: number, count: number, se: number[]|null,
 *   hodoku: string[]|null}} BankLevel
 * @typedef {{levels: BankLevel[], scales: Object<string, string>}} BankIndex
 * @typedef {import("./model/bank.js").BankEntry} BankEntry
 */

export class Bank {
  /**
   * @param {URL|string} base  the folder of index.json
   * @param {(url: string) => Promise<Response>} [fetcher]
   */
  constructor(base, fetcher = (u) => fetch(u)) {
    this.base = new URL(String(base));
    this.fetcher = fetcher;
    /** @type {Map<string, Promise<any>>} */
    this.files = new Map();
  }

  /** @param {string} name @returns {Promise<any>} */
  #file(name) {
    let p = this.files.get(name);
    if (!p) {
      p = this.fetcher(new URL(name, this.base).href).then((r) => {
        if (!r.ok) throw new Error(`the puzzle bank's ${name} did not load (HTTP ${r.status})`);
        return r.json();
      });
      p.catch(() => this.files.delete(name)); // a failed load is tried again next time
      this.files.set(name, p);
    }
    return p;
  }

  /** @returns {Promise<BankIndex>} */
  index() {
    return this.#file("index.json");
  }

  /** @param {string} level @returns {Promise<BankEntry[]>} */
  entries(level) {
    return this.#file(`${level}.json`);
  }

  /** Load `level`'s file ahead of the tap, once the page's service worker (if any) serves the
   * page: on a first visit it is installing and copies the bank from the HTTP cache, and a
   * second request of ours would race it (the same file over the network twice).
   * @param {string} level @param {Promise<unknown>} [served] */
  prefetch(level, served = pageServed()) {
    served.then(() => this.entries(level)).catch(() => {});
  }
}

/** Resolves when a service worker controls this page, at once when there is none to wait for,
 * and after `ms` at the latest. */
export function pageServed(ms = 15_000) {
  const sw = globalThis.navigator?.serviceWorker;
  if (!sw || globalThis.location?.protocol === "file:" || sw.controller) return Promise.resolve();
  return new Promise((resolve) => {
    sw.addEventListener("controllerchange", () => resolve(undefined), { once: true });
    setTimeout(resolve, ms);
  });
}

/** "SE 1.0–2.3, HoDoKu Easy" (or "a 6x6 grid"): a level's bands in words.
 * @param {BankLevel} level @param {Object<string, string>} [names] */
export function describeBands(level, names = {}) {
  if (level.size !== 9) return `${level.size}x${level.size} grid, ${level.count} puzzles`;
  const parts = [];
  if (level.se) parts.push(`${names.se || "se"} ${level.se[0].toFixed(1)}–${level.se[1].toFixed(1)}`);
  if (level.hodoku) parts.push(`${names.hodoku || "hodoku"} ${level.hodoku.join(" or ")}`);
  return `${parts.join(", ")} (${level.count} puzzles)`;
}
