// The hint ladder, without a DOM: from the engine's hint answer (a step and the player's mistakes)
// to the rungs the page reveals one by one, what the grid shows at each rung, and what Apply does.
//
// Mistakes come first: a wrong digit ("one of your digits is wrong", then the cell), then marks
// that lost the solution's digit; only then the step: its family, its technique and house, its
// cells (not yet its digits), the whole step.
import { NINE, geometryOf } from "../board.js";

const HOUSE_WORDS = { r: "row", c: "column", b: "box" };
const KIND_WORDS = ["row", "column", "box"];

export function houseLabel(short) {
  const m = /^([rcb])(\d)$/.exec(short || "");
  return m ? `${HOUSE_WORDS[m[1]]} ${m[2]}` : String(short || "");
}

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/**
 * Where a step happens on a grid of `geo`: its marked house, a house holding all its cells, or its
 * rows and columns.
 */
export function stepPlace(step, geo = NINE) {
  const house = (step.highlights || []).find((h) => h.house);
  if (house) return houseLabel(house.house);
  const cells = new Set(
    (step.highlights || []).filter((h) => h.cell && h.role !== "target").map((h) => geo.cellIndex(h.cell)),
  );
  for (const p of step.placements || []) cells.add(geo.cellIndex(p.cell));
  if (!cells.size) for (const e of step.eliminations || []) cells.add(geo.cellIndex(e.cell));
  const list = [...cells].filter((c) => c >= 0);
  const n = geo.size;
  for (let h = 0; h < geo.houses.length; h++) {
    if (list.length && list.every((c) => geo.houses[h].includes(c))) return `${KIND_WORDS[Math.floor(h / n)]} ${(h % n) + 1}`;
  }
  const rows = [...new Set(list.map((c) => geo.rowOf(c) + 1))].sort();
  const cols = [...new Set(list.map((c) => geo.colOf(c) + 1))].sort();
  return `rows ${rows.join(", ")} and columns ${cols.join(", ")}`;
}

/** The step's pattern as whole cells and houses: where to look, without the digits. */
export function cellsOnly(step) {
  const seen = new Set();
  const highlights = [];
  for (const h of step.highlights || []) {
    if (h.house) highlights.push({ house: h.house, role: "house" });
    else if (h.cell && !seen.has(h.cell)) {
      seen.add(h.cell);
      highlights.push({ cell: h.cell, digit: 0, role: h.role || "base" });
    }
  }
  return { highlights, placements: [], eliminations: [], links: [] };
}

function familyWords(step, catalogue) {
  const tech = (catalogue?.techniques || []).find((t) => t.id === step.technique);
  const fam = tech && (catalogue?.families || []).find((f) => f.id === tech.family);
  if (fam?.hint) return fam.hint;
  if (tech?.family) return `a technique of the ${tech.family} family`;
  return "the next technique";
}

/**
 * The ladder for one hint answer.
 * @param {object} answer  the engine's hint JSON ({step, mistakes, solved, error}, the grid's size and box)
 * @param {object} catalogue  the worker's catalogue ({techniques, families})
 * @returns {{kind: string, rungs: {text: string, view: object|null}[], apply: string|null, step?: object, cells?: number[]}}
 *   ``view`` is what the grid shows at that rung: {step} (a pattern to draw) or {mistakes: cells};
 *   ``apply`` labels the last rung's button (null when there is nothing to apply).
 */
export function hintLadder(answer, catalogue) {
  const geo = geometryOf(answer);
  if (!answer || answer.error) {
    return { kind: "error", rungs: [{ text: answer?.error || "No hint: the engine gave no answer.", view: null }], apply: null };
  }
  const mistakes = answer.mistakes || [];
  const wrong = mistakes.filter((m) => m.kind === "wrong-digit");
  const missing = mistakes.filter((m) => m.kind === "missing-candidate");
  if (wrong.length) {
    const first = wrong[0];
    const c = geo.cellIndex(first.cell);
    return {
      kind: "wrong-digit",
      cells: [c],
      rungs: [
        { text: wrong.length === 1 ? "One of your digits is wrong." : `${plural(wrong.length, "digit", "digits")} of yours are wrong.`, view: null },
        { text: `Look at ${first.cell}: its ${first.digit} is not the digit that belongs there.`, view: { mistakes: [c] } },
      ],
      apply: `Erase the ${first.digit} in ${first.cell}`,
    };
  }
  if (missing.length) {
    const first = missing[0];
    const c = geo.cellIndex(first.cell);
    return {
      kind: "missing-candidate",
      cells: [c],
      rungs: [
        {
          text:
            missing.length === 1
              ? "Your pencil marks removed a digit from a cell where it belongs."
              : `Your pencil marks removed the right digit from ${plural(missing.length, "cell", "cells")}.`,
          view: null,
        },
        { text: `Look at the marks in ${first.cell}: the digit that belongs there is not among them.`, view: { mistakes: [c] } },
        { text: `${first.cell} needs the mark ${first.digit} back.`, view: { mistakes: [c] } },
      ],
      apply: `Put ${first.digit} back in ${first.cell}`,
    };
  }
  if (answer.solved) return { kind: "solved", rungs: [{ text: "The grid is solved.", view: null }], apply: null };
  const step = answer.step;
  if (!step) {
    return {
      kind: "none",
      rungs: [{ text: "No technique the solver may use applies here (see Settings for the techniques it uses).", view: null }],
      apply: null,
    };
  }
  const shape = cellsOnly(step);
  const cells = shape.highlights.filter((h) => h.cell).map((h) => h.cell);
  const houses = shape.highlights.filter((h) => h.house).map((h) => houseLabel(h.house));
  return {
    kind: "step",
    step,
    rungs: [
      { text: `Look for ${familyWords(step, catalogue)}.`, view: null },
      { text: `Use a ${step.name} in ${stepPlace(step, geo)}.`, view: null },
      {
        text: `The cells that matter are marked on the grid: ${[...houses, ...cells].join(", ") || "see the grid"}.`,
        view: { step: shape },
      },
      { text: step.text || `${step.name}.`, view: { step } },
    ],
    apply: "Apply this step",
  };
}

