// Wires the Learn view and the coach into the page: the store's `learn` and `coach` slices, the
// two panels, the `#learn[:technique[:n]]` links, and the body class that swaps the grid for the view.
import * as act from "./actions/index.js";
import { learnHash, parseLearnHash } from "./model/drill.js";
import * as coachPanel from "./panels/coach.js";
import * as learnPanel from "./panels/learn.js";
import { touches } from "./store.js";

/**
 * Mount the coach's line on `#coach` now and the Learn view on `#learn` when it is first opened
 * (its grids stay out of the page until then: the app's own grid is the page's only `cell-r1c1`).
 * @param {any} store
 * @returns {(hash: string) => boolean} route: opens a Learn link (true), or closes the view (false)
 */
export function wire(store) {
  act.loadLearnProgress(store);
  const view = document.getElementById("learn");
  const coach = document.getElementById("coach");
  let mounted = false;
  let kept = false;
  if (coach) coachPanel.mount(coach, store);
  store.subscribe((/** @type {any} */ s, /** @type {Set<string>} */ keys) => {
    if (!touches(keys, "learn")) return;
    document.body.classList.toggle("learning", s.learn.open);
    if (!s.learn.open) return;
    const target = learnHash(s.learn.technique, s.learn.n);
    if (location.hash !== target) history.replaceState(null, "", target);
  });
  return (hash) => {
    const where = parseLearnHash(hash);
    if (where) {
      if (view && !mounted) learnPanel.mount(view, store);
      mounted = true;
      // A drill's own link (a shared one) shows the drill; a technique's link, its lesson.
      act.openLearn(store, where).then(() => {
        if (where.n) document.querySelector(".learn-drill")?.scrollIntoView({ block: "start" });
        if (!kept) keepPoolOffline(store); // after the first file, so no file is fetched twice
        kept = true;
      });
      if (!where.n) window.scrollTo(0, 0);
      return true;
    }
    if (store.state.learn.open) act.closeLearn(store);
    return false;
  };
}

/** A first Learn visit: have the service worker keep the whole drill pool (its "keep" message
 * fetches what its cache lacks), so Learn works offline from then on. A bonus: failures are quiet.
 * @param {any} store */
async function keepPoolOffline(store) {
  const sw = globalThis.navigator?.serviceWorker;
  if (!sw || location.protocol === "file:") return;
  try {
    const urls = await act.poolFiles(store);
    const reg = await sw.ready;
    if (urls.length > 1) reg.active?.postMessage({ type: "keep", urls });
  } catch {
    /* offline or no worker: each file is cached when it is first opened */
  }
}
