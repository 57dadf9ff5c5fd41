// Saves and links: the game saved as it is played, the URL's code for the state, Copy link.
import { saveOptions } from "./gamemeta.js";
import { say } from "./state.js";
import { solutionOf } from "./validity.js";

/** @import { State, Store } from "./state.js" */

/** Save the game in Solve (every move); a save that fails says why in `saveProblem`. @param {Store} store */
export function persist(store) {
  const s = store.state;
  if (!store.saves || s.mode !== "solve" || !s.game.givenCount()) return;
  const sol = solutionOf(s);
  const opts = { solved: sol ? s.game.isSolved(sol) : false, ...saveOptions(store) };
  const r = store.saves.save(s.game, opts);
  if (r.ok && opts.solved) store.saves.finish(s.game, opts); // to the history, once
  const problem = r.ok ? null : r.message;
  if (problem !== s.saveProblem) store.update({ saveProblem: problem });
}

/** The code the URL shows for the current state (no progress: that is what Copy link is for). @param {State} state */
export function hashFor(state) {
  const g = state.game;
  if (!g.givenCount()) return "";
  return state.mode === "solve" ? `#${g.shareCode({ progress: false })}` : `#${g.puzzle()}`;
}

/** The page's address for the current puzzle; with `progress`, the player's digits and marks too. @param {State} state @param {string} base */
export function linkFor(state, base, { progress = false } = {}) {
  const g = state.game;
  if (!g.givenCount()) return base;
  return base + "#" + (state.mode === "solve" ? g.shareCode({ progress }) : g.puzzle());
}

/** Copy the link to the clipboard, or show it when the browser does not allow that. @param {Store} store */
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
