// Selecting cells with a mouse, pen or finger, shared by the app and the <sudoku-grader> element:
// press on a cell to select it alone, Shift+press to add to the selection, Ctrl/Cmd+press to add
// or remove it, and drag across cells to add each one crossed. It reports cells; the caller keeps
// the selection (model/selection.js).

/**
 * @typedef {object} PointerHandlers
 * @property {(c: number, how: "only"|"add"|"toggle") => void} onStart  the press's cell
 * @property {(c: number) => void} onExtend  a cell crossed while dragging
 * @property {() => void} [onEnd]
 */

/**
 * Listen on `grid`'s root. While `enabled()` is false (not solving), presses do nothing here.
 * @param {HTMLElement} root  the grid's root (cells carry data-cell)
 * @param {PointerHandlers} handlers
 * @param {() => boolean} enabled
 */
export function attachCellPointer(root, handlers, enabled = () => true) {
  /** @type {number|null} */
  let dragging = null; // the pointer id while dragging
  let last = -1;
  /** @param {EventTarget|null} t */
  const cellOf = (t) => {
    const el = t instanceof Element ? t.closest(".sg-cell") : null;
    return el && root.contains(el) ? Number(/** @type {HTMLElement} */ (el).dataset.cell) : -1;
  };
  /** The cell under a point; a touch keeps sending its events to the cell it started on. @param {PointerEvent} e */
  const cellAt = (e) => {
    const doc = /** @type {Document|ShadowRoot} */ (root.getRootNode());
    return cellOf(doc.elementFromPoint ? doc.elementFromPoint(e.clientX, e.clientY) : e.target);
  };
  root.addEventListener("pointerdown", (e) => {
    if (!enabled() || e.button !== 0) return;
    const c = cellOf(e.target);
    if (c < 0) return;
    e.preventDefault(); // no text selection, no focus jump: the caller focuses the cell
    const how = e.ctrlKey || e.metaKey ? "toggle" : e.shiftKey ? "add" : "only";
    dragging = e.pointerId;
    last = c;
    handlers.onStart(c, how);
  });
  root.addEventListener("pointermove", (e) => {
    if (dragging !== e.pointerId) return;
    const c = cellAt(e);
    if (c >= 0 && c !== last) {
      last = c;
      handlers.onExtend(c);
    }
  });
  const end = (/** @type {PointerEvent} */ e) => {
    if (dragging !== e.pointerId) return;
    dragging = null;
    last = -1;
    handlers.onEnd?.();
  };
  root.addEventListener("pointerup", end);
  root.addEventListener("pointercancel", end);
  root.addEventListener("lostpointercapture", end);
}
