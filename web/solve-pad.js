// The number pad and the entry-mode buttons under the grid, shared by the app and the
// <sudoku-grader> element: Digit / Corner / Centre / Colour (aria-pressed; Z X C V), the digits with
// how many of each are still to place (data-remaining, dimmed at 0), the colours in Colour mode
// (a long press on a digit there colours that candidate), and erase. It only draws and reports
// presses; what a press does is the caller's (model/play.js).
import { CAND_COLOUR_NAMES, COLOUR_NAMES } from "./cell-label.js";
import { setAttr, setText } from "./dom-write.js";

/** @typedef {import("./model/play.js").Entry} Entry */
/**
 * @typedef {object} PadHandlers
 * @property {(d: number, long: boolean) => void} onDigit  a digit (long: held on touch)
 * @property {() => void} onErase
 * @property {(entry: Entry) => void} onEntry
 */
/**
 * @typedef {object} PadState
 * @property {import("./board.js").Geometry} geo
 * @property {boolean} solve           Solve (modes and counts) or entering a puzzle (digits only)
 * @property {Entry} [entry]
 * @property {number[]|null} [remaining]  index d: how many of digit d are left to place
 * @property {"standard"|"safe"} [palette]
 */

const MODES = /** @type {[Entry, string, string, string][]} */ ([
  ["digit", "Digit", "Z", "digit keys place digits"],
  ["corner", "Corner", "X", "digit keys toggle corner marks"],
  ["centre", "Centre", "C", "digit keys toggle centre marks"],
  ["colour", "Colour", "V", "digit keys colour the cells"],
]);

const LONG_PRESS_MS = 450;

export class SolvePad {
  /**
   * @param {HTMLElement} root  an empty element: the mode buttons and the pad go in it
   * @param {PadHandlers} handlers
   */
  constructor(root, handlers) {
    this.root = root;
    this.handlers = handlers;
    root.classList.add("sg-padbox");
    this.modes = document.createElement("div");
    this.modes.className = "sg-entry";
    this.modes.setAttribute("role", "group");
    this.modes.setAttribute("aria-label", "What the digit keys enter");
    this.modes.innerHTML = MODES.map(([e, name, key, what]) =>
      `<button type="button" data-testid="mode-${e}" data-entry="${e}" aria-pressed="false" aria-keyshortcuts="${key}" ` +
      `title="${name} (${key}): ${what}">${name}</button>`).join("");
    this.pad = document.createElement("div");
    this.pad.className = "numpad sg-pad";
    this.pad.setAttribute("role", "group");
    this.pad.setAttribute("aria-label", "Enter a digit in the selected cells");
    root.append(this.modes, this.pad);
    this.shape = "";
    this.drawn = ""; // what the last render drew
    this.longFired = false;
    /** @type {ReturnType<typeof setTimeout>|undefined} */
    this.timer = undefined;
    this.modes.addEventListener("click", (e) => {
      const b = /** @type {HTMLElement|null} */ (/** @type {HTMLElement} */ (e.target).closest("button[data-entry]"));
      if (b) handlers.onEntry(/** @type {Entry} */ (b.dataset.entry));
    });
    this.pad.addEventListener("click", (e) => {
      const b = /** @type {HTMLElement|null} */ (/** @type {HTMLElement} */ (e.target).closest("button[data-digit]"));
      if (!b) return;
      if (this.longFired) {
        this.longFired = false; // the long press already did its work
        return;
      }
      const d = Number(b.dataset.digit);
      if (d) handlers.onDigit(d, false);
      else handlers.onErase();
    });
    this.pad.addEventListener("pointerdown", (e) => {
      const b = /** @type {HTMLElement|null} */ (/** @type {HTMLElement} */ (e.target).closest("button[data-digit]"));
      this.longFired = false;
      clearTimeout(this.timer);
      if (!b || b.dataset.digit === "0" || this.root.dataset.entry !== "colour") return;
      this.timer = setTimeout(() => {
        this.longFired = true;
        handlers.onDigit(Number(b.dataset.digit), true);
      }, LONG_PRESS_MS);
    });
    for (const ev of ["pointerup", "pointerleave", "pointercancel"]) this.pad.addEventListener(ev, () => clearTimeout(this.timer));
    this.pad.addEventListener("contextmenu", (e) => {
      if (this.root.dataset.entry === "colour") e.preventDefault(); // a long press is ours
    });
  }

  /** Draw the pad for `s`. @param {PadState} s */
  render(s) {
    const { geo, solve } = s;
    const entry = solve ? s.entry || "digit" : "digit";
    const palette = s.palette || "standard";
    const shape = `${geo.size}`;
    if (shape !== this.shape) {
      this.shape = shape;
      this.drawn = "";
      this.pad.innerHTML =
        geo.digits.map((d) => `<button type="button" data-digit="${d}"><span class="sg-pad-d">${d}</span><span class="sg-pad-n" aria-hidden="true"></span></button>`).join("") +
        '<button type="button" data-digit="0" data-testid="erase" aria-label="Erase the selected cells">⌫</button>';
      this.pad.dataset.size = String(geo.size);
      this.pad.style.setProperty("--pad-keys", String(geo.size + 1));
      this.pad.style.setProperty("--pad-half", String(Math.ceil((geo.size + 1) / 2)));
    }
    const key = `${shape}|${solve}|${entry}|${palette}|${(s.remaining || []).join(",")}`;
    if (key === this.drawn) return; // a new selection changes nothing here
    this.drawn = key;
    this.modes.hidden = !solve;
    setAttr(this.root, "data-entry", entry);
    setAttr(this.pad, "data-entry", entry);
    setAttr(this.pad, "data-palette", palette);
    this.pad.classList.toggle("notes", entry === "corner" || entry === "centre");
    for (const b of this.modes.querySelectorAll("button")) setAttr(b, "aria-pressed", String(b.dataset.entry === entry));
    const names = COLOUR_NAMES[palette] || COLOUR_NAMES.standard;
    const cand = CAND_COLOUR_NAMES[palette] || CAND_COLOUR_NAMES.standard;
    for (const b of /** @type {NodeListOf<HTMLElement>} */ (this.pad.querySelectorAll("button[data-digit]"))) {
      const d = Number(b.dataset.digit);
      if (!d) {
        setAttr(b, "aria-label", entry === "colour" ? "Erase the colours of the selected cells" : "Erase the selected cells");
        continue;
      }
      const left = solve && s.remaining ? s.remaining[d] : null;
      const n = /** @type {HTMLElement} */ (b.querySelector(".sg-pad-n"));
      setText(n, left === null || entry === "colour" ? "" : String(left));
      setAttr(b, "data-remaining", left === null ? null : String(left));
      b.classList.toggle("done", left === 0 && entry !== "colour");
      setAttr(b, "data-colour", entry === "colour" ? String(d) : null);
      let label = `${d}`;
      if (entry === "colour") label = `colour ${d}, ${names[d - 1]}${d <= cand.length ? "; hold to colour candidate " + d : ""}`;
      else if (left !== null) label += `, ${left ? `${left} left` : "all placed"}`;
      if (entry === "corner") label += ", corner mark";
      else if (entry === "centre") label += ", centre mark";
      setAttr(b, "aria-label", label);
    }
  }
}
