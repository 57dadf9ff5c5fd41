// The coach's line in Solve mode (setting `coach`, off by default): after each new move, which
// technique justifies it from the position before the move and the player's own marks. Undo and
// redo are not moves to judge: they clear the line.
import * as act from "../actions/index.js";
import { touches } from "../store.js";

/** @param {HTMLElement} root  the line (`data-testid="coach"`) @param {any} store */
export function mount(root, store) {
  /** @type {any} */
  let game = null;
  let moves = 0;
  function render() {
    const s = store.state;
    const on = Boolean(s.settings?.coach) && s.mode === "solve";
    root.hidden = !on || !s.coach?.line;
    root.textContent = on && s.coach ? s.coach.line : "";
    root.dataset.verdict = s.coach?.verdict || "";
  }
  store.subscribe((/** @type {any} */ s, /** @type {Set<string>} */ keys) => {
    if (touches(keys, "game") && s.game) {
      const made = s.game.past.length;
      const fresh = s.game === game && made === moves + 1 && !s.game.future.length;
      game = s.game;
      moves = made;
      if (fresh) act.coachMove(store);
      else act.clearCoach(store);
    }
    if (touches(keys, "coach", "settings", "mode")) render();
  });
  render();
}
