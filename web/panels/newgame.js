// The New game control: a level (the shipped bank's levels, with their SE and HoDoKu bands shown
// beside it) and one button that opens a puzzle of that level in Solve. The chosen level's file
// is fetched as soon as it is chosen, so the tap itself waits for nothing.
import { describeBands } from "../bank.js";
import { newGame } from "../actions/index.js";

const LEVEL_KEY = "sudoku-grader-new-game-level";

/** @param {HTMLElement} root @param {any} store */
export function mount(root, store) {
  const select = /** @type {HTMLSelectElement} */ (root.querySelector("#new-game-level"));
  const button = /** @type {HTMLButtonElement} */ (root.querySelector("#new-game"));
  const bands = /** @type {HTMLElement} */ (root.querySelector("#new-game-bands"));
  /** @type {import("../bank.js").BankIndex|null} */
  let index = null;

  const remember = () => {
    try {
      store.storage?.setItem(LEVEL_KEY, select.value);
    } catch {
      /* the level is only not remembered */
    }
  };
  const show = () => {
    const level = index?.levels.find((l) => l.id === select.value);
    bands.textContent = level ? describeBands(level, index?.scales) : "";
    if (level) store.bank.prefetch(level.id); // ready before the tap
  };

  select.addEventListener("change", () => {
    remember();
    show();
  });
  button.addEventListener("click", () => newGame(store, select.value));

  store.bank
    .index()
    .then((/** @type {import("../bank.js").BankIndex} */ idx) => {
      index = idx;
      let saved = null;
      try {
        saved = store.storage?.getItem(LEVEL_KEY);
      } catch {
        saved = null;
      }
      select.textContent = "";
      for (const l of idx.levels) {
        const o = document.createElement("option");
        o.value = l.id;
        o.textContent = l.label;
        select.appendChild(o);
      }
      if (saved && idx.levels.some((l) => l.id === saved)) select.value = saved;
      show();
      button.disabled = false;
    })
    .catch((/** @type {unknown} */ e) => {
      bands.textContent = `The puzzle bank did not load: ${e instanceof Error ? e.message : e}.`;
    });
}
