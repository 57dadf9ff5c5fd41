// Generating a puzzle: aim at a New game level (both its bands; the default, Medium), a band of
// one scale, a scale's level, or a technique as the hardest step, on a grid of a size the
// worker's techniques run on (9x9, 6x6). The New game levels come from the bank's index; scale
// levels, technique names and sizes from the worker's catalogue.
import * as act from "../actions/index.js";
import { describeBands } from "../bank.js";
import { touches } from "../store.js";

const DEFAULT_LEVEL = "medium";

export function mount(root, store) {
  const q = (sel) => root.querySelector(sel);
  const scaleInfo = (id) => (store.state.catalogue?.scales || []).find((s) => s.id === id);

  /** @type {import("../bank.js").BankIndex|null} */
  let bank = null;
  let chosen = false; // the player picked a target: the levels' arrival does not change it
  const levelOf = (/** @type {string} */ v) => (v.startsWith("level:") ? bank?.levels.find((l) => l.id === v.slice(6)) : null);

  /** The New game levels first in "Aim at", named as New game names them, the bands beside. */
  function fillLevels() {
    const sel = q("#gen-scale");
    for (const o of [...sel.options]) if (o.dataset.level) o.remove();
    const first = sel.options[0];
    for (const l of bank?.levels || []) {
      const o = new Option(`level ${l.label}`, `level:${l.id}`);
      o.dataset.level = l.id;
      o.dataset.size = String(l.size);
      sel.insertBefore(o, first);
    }
    if (!chosen && bank?.levels.some((l) => l.id === DEFAULT_LEVEL)) sel.value = `level:${DEFAULT_LEVEL}`;
    scaleChanged();
  }

  function scaleChanged() {
    const scale = q("#gen-scale").value;
    const level = levelOf(scale);
    q("#gen-bands").hidden = !level;
    q("#gen-bands").textContent = level ? describeBands(level, bank?.scales) : "";
    const size = q("#gen-size");
    if (level && [...size.options].some((o) => o.value === String(level.size)) && size.value !== String(level.size)) {
      size.value = String(level.size); // the level's grid
      sizeChanged();
    }
    const info = scaleInfo(scale);
    const levels = info?.levels || [];
    // a scale with levels is aimed at by level, one without (SE) by a band of its number
    q("#gen-range").hidden = !info || levels.length > 0;
    q("#gen-level-box").hidden = !info || levels.length === 0;
    if (info?.band) {
      const [low, high, step] = info.band;
      for (const id of ["#gen-min", "#gen-max"]) Object.assign(q(id), { min: low, max: high, step });
    }
    q("#gen-technique-box").hidden = scale !== "technique";
    const sel = q("#gen-level");
    if (sel.dataset.scale !== scale) {
      sel.textContent = "";
      for (const name of levels) {
        const o = document.createElement("option");
        o.value = String(name).toLowerCase();
        o.textContent = name;
        sel.appendChild(o);
      }
      sel.dataset.scale = scale;
    }
  }

  /** The scale targets: each scale's level (if it has levels) or a band of its number (its record's
   * `band`), named and ordered as the catalogue gives them, before the technique target. */
  function fillScales(s) {
    const sel = q("#gen-scale");
    const chosen = sel.value;
    for (const o of [...sel.options]) if (o.dataset.scale) o.remove();
    const technique = sel.querySelector('option[value="technique"]');
    for (const info of s.catalogue?.scales || []) {
      if (!(info.levels || []).length && !info.band) continue;
      const o = new Option(`${info.name} ${(info.levels || []).length ? info.level : "rating"}`, info.id);
      o.dataset.scale = info.id;
      sel.insertBefore(o, technique);
    }
    if ([...sel.options].some((o) => o.value === chosen)) sel.value = chosen;
  }

  function fillTechniques(s) {
    fillScales(s);
    const list = q("#gen-technique-list");
    list.textContent = "";
    for (const t of s.catalogue?.techniques || []) {
      const o = document.createElement("option");
      o.value = t.id;
      o.label = t.name;
      list.appendChild(o);
    }
    // levels come from the catalogue too: redraw once it is here
    q("#gen-level").dataset.scale = "";
    scaleChanged();
    const sizes = [...new Set((s.catalogue?.techniques || []).flatMap((t) => t.sizes || []))].sort((x, y) => y - x);
    const sel = q("#gen-size");
    sel.textContent = "";
    for (const n of sizes) sel.add(new Option(`${n}×${n}`, String(n)));
    q("#gen-size-box").hidden = sizes.length < 2;
    sizeChanged();
  }

  /** The worker's generate options (the same choices as the CLI's `generate`). */
  function options() {
    const scale = q("#gen-scale").value;
    const limit = store.engine.timeLimit > 0 ? Math.max(1, store.engine.timeLimit - 2) : 600;
    const opts = { symmetry: q("#gen-symmetry").value, minimal: q("#gen-minimal").checked, timeout: limit };
    if (!q("#gen-size-box").hidden) opts.size = Number(q("#gen-size").value);
    const seed = q("#gen-seed").value.trim();
    if (seed !== "") opts.seed = Number(seed);
    const info = scaleInfo(scale);
    const level = levelOf(scale);
    if (level) {
      delete opts.size; // a level has its own
      return { ...opts, game_level: level.id };
    }
    if (scale === "technique") {
      opts.technique = q("#gen-technique").value.trim();
      if (!opts.technique) return null;
    } else if (info && !(info.levels || []).length) Object.assign(opts, { scale, min: q("#gen-min").value, max: q("#gen-max").value });
    else if (scale) Object.assign(opts, { scale, level: q("#gen-level").value });
    return opts;
  }

  /** Only the scales that rate the chosen size can be aimed at (the catalogue's scale sizes); a
   * level of another size gives way to the level of this one. */
  function sizeChanged() {
    const size = Number(q("#gen-size").value);
    const sel = q("#gen-scale");
    for (const o of sel.options) {
      if (o.dataset.level) continue; // a level brings its own size (see scaleChanged)
      const sizes = scaleInfo(o.value)?.sizes;
      const off = Boolean(size && sizes && !sizes.includes(size));
      o.disabled = off;
      o.hidden = off;
    }
    const picked = sel.selectedOptions[0];
    if (picked?.dataset.level && size && Number(picked.dataset.size) !== size) {
      sel.value = [...sel.options].find((o) => Number(o.dataset.size) === size)?.value || "";
      scaleChanged();
    } else if (picked?.disabled) {
      sel.value = "";
      scaleChanged();
    }
  }

  q("#gen-scale").addEventListener("change", () => {
    chosen = true;
    scaleChanged();
  });
  store.bank
    ?.index()
    .then((/** @type {import("../bank.js").BankIndex} */ idx) => {
      bank = idx;
      fillLevels();
    })
    .catch(() => {}); // no bank: the scales' targets remain
  q("#gen-size").addEventListener("change", sizeChanged);
  q("#generate").addEventListener("click", () =>
    act.generate(store, options(), { mode: q("#gen-solve").checked ? "solve" : "analyse" }));

  function render(s) {
    const stale = s.genPuzzle && s.genPuzzle !== s.game.puzzle(); // another puzzle since
    q("#gen-status").textContent = stale ? "" : s.genStatus || "";
    q("#generate").disabled = Boolean(s.running);
  }
  store.subscribe((s, keys) => {
    if (touches(keys, "catalogue")) fillTechniques(s);
    if (touches(keys, "genStatus", "genPuzzle", "running", "game")) render(s);
  });
  fillTechniques(store.state);
  render(store.state);
}
