// The theme switch in the page's header: light, dark, or as the system is set. The choice is a
// setting (saved with the others); the page follows it through the color-scheme of its root
// element (app.css and grid.css pick each colour with light-dark()).
import * as act from "../actions/index.js";
import { touches } from "../store.js";

/**
 * @param {HTMLElement} root  the element holding the theme select (#theme)
 * @param {import("../actions/state.js").Store} store
 */
export function mount(root, store) {
  const select = /** @type {HTMLSelectElement} */ (root.querySelector("#theme"));
  select.addEventListener("change", () => act.changeSettings(store, { theme: /** @type {"system"|"light"|"dark"} */ (select.value) }));
  /** @param {import("../actions/state.js").State} s */
  function render(s) {
    const theme = ["light", "dark"].includes(s.settings.theme) ? s.settings.theme : "system";
    select.value = theme;
    if (theme === "system") delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
  }
  store.subscribe((s, keys) => {
    if (touches(keys, "settings")) render(s);
  });
  render(store.state);
}
