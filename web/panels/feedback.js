// Feedback where the player looks: after Hint, Check, Apply, solving or a warning, the message is
// docked at the foot of the screen (beside the grid on a laptop, under it on a phone, where the
// hint panel docks too) and the page scrolls, if it must, so the whole grid is in view above it.
// Layout only: what the messages say is the status and hint panels' business.
import { touches } from "../store.js";

const FEEDBACK = ["message", "solvedInfo", "checked", "hint", "saveProblem"];

/** @param {HTMLElement} root  the page @param {any} store */
export function mount(root, store) {
  const body = root.ownerDocument.body;
  const phone = root.ownerDocument.defaultView?.matchMedia("(max-width: 820px)");

  /** Scroll so the grid is whole and not under the docked feedback; the dock yields room first. */
  function keepGridInView() {
    const grid = root.querySelector("#grid-panel .sg-grid") || root.querySelector("#grid-panel");
    if (!grid) return;
    const view = root.ownerDocument.defaultView;
    if (!view) return;
    const height = grid.getBoundingClientRect().height;
    root.ownerDocument.documentElement.style.setProperty("--dock-room", `${Math.max(120, view.innerHeight - height - 16)}px`);
    const docked = [...root.querySelectorAll(".feedback > :not([hidden]), body.hint-docked #hint-panel")]
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.height > 0 && (phone?.matches || r.left < grid.getBoundingClientRect().right));
    const floor = Math.min(view.innerHeight, ...docked.map((r) => r.top));
    const r = grid.getBoundingClientRect();
    if (r.top < 0 || r.bottom > floor) view.scrollBy(0, r.top - Math.max(4, Math.min(r.top, floor - r.height - 4)));
  }

  /** @param {any} s */
  function render(s) {
    const hintShown = Boolean(s.hint && s.hint.ladder);
    body.classList.toggle("hint-shown", hintShown);
    body.classList.toggle("hint-docked", hintShown && Boolean(phone?.matches));
    body.classList.toggle("has-feedback", Boolean(s.message || (s.mode === "solve" && s.solvedInfo) || s.saveProblem));
  }

  // The dock stays while the player is near the grid: Close, or scrolling away from it, puts the
  // messages back in the page's flow (until the next news).
  const view = root.ownerDocument.defaultView;
  let dockedAt = 0;
  let settling = false; // the page is still moving from the news (a mode's layout, our own scroll)
  const undock = () => body.classList.add("feedback-undocked");
  const close = root.ownerDocument.createElement("button");
  close.type = "button";
  close.className = "feedback-close";
  close.textContent = "×";
  close.setAttribute("aria-label", "Close: put the message back under the grid");
  close.setAttribute("data-testid", "feedback-close");
  close.addEventListener("click", undock);
  root.querySelector("#feedback")?.prepend(close);
  view?.addEventListener("scroll", () => {
    if (!settling && Math.abs(view.scrollY - dockedAt) > 200) undock();
  }, { passive: true });

  store.subscribe((/** @type {any} */ s, /** @type {Set<string>} */ keys) => {
    if (!touches(keys, ...FEEDBACK)) return;
    render(s);
    const news = FEEDBACK.some((k) => keys.has(k) && s[k]);
    if (!news) return;
    body.classList.remove("feedback-undocked");
    settling = true;
    requestAnimationFrame(() => {
      keepGridInView(); // after the panels drew the news
      dockedAt = view?.scrollY || 0;
      requestAnimationFrame(() => {
        settling = false; // the scroll that put the grid in view has been heard
        dockedAt = view?.scrollY || 0;
      });
    });
  });
  render(store.state);
}
