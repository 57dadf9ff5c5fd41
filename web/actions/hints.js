// Hints: the engine's next step from the player's position, shown one rung at a time, and its
// last rung applied as the player's own move.
import { countUse } from "./gamemeta.js";
import { duplicateCells } from "../board.js";
import { hintLadder } from "../model/ladder.js";
import { applyStepMove, fixMistakesMove } from "./moves.js";
import { engineOptions } from "./settings.js";
import { engineFailed, say } from "./state.js";
import { solutionOf } from "./validity.js";

/** @import { Store } from "./state.js" */

/** Hint: the next rung of the hint shown, or a new hint for the position now. @param {Store} store */
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
    if (mode === "solve") countUse(store, "hints");
    // ms: how long the player waited for it (the tests report it)
    store.update({ hint: { version, mode, answer, ladder, rung: 1, ms: performance.now() - t0 } });
  } catch (e) {
    engineFailed(store, e);
  }
}

/** The hint's last rung: the step (or the fix of a mistake) as the player's own move. @param {Store} store */
export function applyHint(store) {
  const h = store.state.hint;
  if (!h || !h.ladder.apply) return;
  const { ladder } = h;
  if (ladder.kind === "step") {
    applyStepMove(store, ladder.step);
    say(store, `Applied: ${ladder.step.name}.`);
  } else {
    const sol = solutionOf(store.state) || h.answer?.solution;
    if (!sol) return;
    fixMistakesMove(store, sol, ladder.cells);
    say(store, "Fixed.");
  }
}
