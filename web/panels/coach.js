// The coach's line in Solve mode (setting `coach`, off by default): after each move, which
// technique justifies it from the position before the move and the player's own marks.
import * as learn from "../learn-actions.js";
import { touches } from "../store.js";

/** @param {HTMLElement} root  the line (`data-testid="coach"`) @param {any} store */
export function mount(root, store) {
  let seen = -1;
  function render() {
    const s = store.state;
    const on = Boolean(s.settings?.coach) && s.mode === "solve";
    root.hidden = !on || !s.coach?.line;
    root.textContent = on && s.coach ? s.coach.line : "";
    root.dataset.verdict = s.coach?.verdict || "";
  }
  store.subscribe((/** @type {any} */ s, /** @type {Set<string>} */ keys) => {
    if (touches(keys, "game") && s.game && s.game.version !== seen) {
      seen = s.game.version;
      learn.coachMove(store);
    }
    if (touches(keys, "coach", "settings", "mode")) render();
  });
  render();
}
