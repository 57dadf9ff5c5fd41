// Generating a puzzle aimed at a technique, then loading it (to analyse or to solve).
import { rememberGenerated } from "../model/book.js";
import { ratingShown } from "../ratings-view.js";
import { openPosition, loadText } from "./puzzles.js";
import { engineFailed, progressReporter, say } from "./state.js";

/** @import { Store } from "./state.js" */

/** Ask the engine for a puzzle with `opts`; say what came, then put it on the grid. @param {Store} store */
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
  rememberGenerated(store.storage || null, res.puzzle); // for Print a book
  let shown = ratingShown(store.state.catalogue, res.rating || {});
  const hodoku = res.rating?.hodoku; // a New game level: its second scale too
  const hs = (store.state.catalogue?.scales || []).find((/** @type {any} */ x) => x.id === "hodoku");
  const level = hodoku ? ratingShown(store.state.catalogue, { ...hodoku, scale: "hodoku" }) : "";
  if (level) shown += `${shown ? ", " : ""}${hs?.headline?.label || hs?.name || "HoDoKu"} ${level}`;
  const said =
    `New puzzle: ${res.givens} givens, seed ${res.seed}${shown ? ", " + shown : ""}, ` +
    `${res.tries} ${res.tries === 1 ? "try" : "tries"} in ${res.seconds.toFixed(1)} s.`;
  store.update({ genStatus: said, genPuzzle: res.puzzle });
  if (mode === "solve") await openPosition(store, { givens: res.puzzle }, "solve");
  else await loadText(store, res.puzzle);
  // said where the player looks too: the message docks by the grid, which scrolls into view
  if (store.state.game.puzzle() === res.puzzle && !store.state.message) say(store, said);
  // an option this engine version does not take (a grid size it cannot generate yet): say so
  const ignored = res.ignored_options || [];
  if (ignored.length) say(store, `This engine version does not use these options for generating yet: ${ignored.join(", ")}.`);
}
