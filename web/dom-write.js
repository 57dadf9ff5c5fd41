// Writing to the DOM only what changes: the grid view redraws many cells per key, and an
// unchanged text or attribute written again still costs the browser a style and layout pass.

/**
 * Set or (with null) remove an attribute, touching the DOM only when it changes.
 * @param {Element} el @param {string} name @param {string|null} value
 */
export function setAttr(el, name, value) {
  if (value === null) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/** Set a class list only when it changes. @param {Element} el @param {string} cls */
export function setClass(el, cls) {
  if (el.className !== cls) el.className = cls;
}

/** Set a text only when it changes. @param {Element} el @param {string} text */
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}
