// The hint ladder: one rung more per press of Hint (or H), from the player's own position and
// marks; mistakes come first. The last rung offers Apply, which is an ordinary (undoable) move.
import * as act from "../actions/index.js";
import { touches } from "../store.js";

export function mount(root, store) {
  const q = (sel) => root.querySelector(sel);
  q("#hint-more").addEventListener("click", () => act.hint(store));
  q("#hint-apply").addEventListener("click", () => act.applyHint(store));

  function render(s) {
    const ol = q("#hint-ladder");
    ol.textContent = "";
    const h = s.hint && s.hint.version === s.game.version && s.hint.mode === s.mode ? s.hint : null;
    q("#hint-empty").hidden = Boolean(h);
    q("#hint-more").hidden = !h || h.rung >= h.ladder.rungs.length;
    const apply = q("#hint-apply");
    apply.hidden = !h || h.rung < h.ladder.rungs.length || !h.ladder.apply;
    if (h?.ladder.apply) apply.textContent = h.ladder.apply;
    if (!h) return;
    h.ladder.rungs.slice(0, h.rung).forEach((rung, i) => {
      const li = document.createElement("li");
      li.setAttribute("data-testid", `hint-${i + 1}`);
      li.textContent = rung.text;
      ol.appendChild(li);
    });
  }
  store.subscribe((s, keys) => {
    if (touches(keys, "hint", "game", "mode")) render(s);
  });
  render(store.state);
}
