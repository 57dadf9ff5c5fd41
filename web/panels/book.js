// Print a book: the player's saved and generated puzzles as one printable HTML file, made by the
// worker (the `book` command's book); opened in a new tab or downloaded from the links it gives.
import * as act from "../actions/index.js";

/** @import { Store } from "../actions/state.js" */

/** @param {Element} root  the board column (the panel's elements are found by id) @param {Store} store */
export function mount(root, store) {
  const q = (/** @type {string} */ id) => /** @type {HTMLElement} */ (root.querySelector(`#${id}`));
  const button = /** @type {HTMLButtonElement} */ (q("print-book"));
  const perPage = /** @type {HTMLSelectElement} */ (q("book-per-page"));
  const candidates = /** @type {HTMLInputElement} */ (q("book-candidates"));
  const result = q("book-result");
  /** @type {string|null} */
  let url = null;

  button.addEventListener("click", async () => {
    button.disabled = true;
    result.textContent = "Making the book…";
    try {
      const book = await act.printBook(store, { perPage: Number(perPage.value), candidates: candidates.checked });
      result.textContent = "";
      if (!book) return;
      if (url) URL.revokeObjectURL(url);
      url = URL.createObjectURL(new Blob([book.html], { type: "text/html" }));
      const open = link(url, `Open the book (${book.count} puzzle${book.count === 1 ? "" : "s"})`, "book-link");
      open.target = "_blank";
      const save = link(url, "Download it", "book-download");
      save.download = "sudoku-book.html";
      const skipped = book.skipped.length ? ` ${book.skipped.length} could not go in.` : "";
      result.append(open, " · ", save, `. Print it from the browser.${skipped}`);
    } finally {
      button.disabled = false;
    }
  });
}

/** @param {string} href @param {string} text @param {string} testid */
function link(href, text, testid) {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = text;
  a.setAttribute("data-testid", testid);
  return a;
}
