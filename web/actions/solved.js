// A solved grid: the sentence that says so, with the puzzle's headline ratings and hardest step.
import { metaOf, solvedLead } from "./gamemeta.js";
import { analyze } from "./analysis.js";
import { persist } from "./saves.js";
import { say } from "./state.js";
import { loadCatalogue } from "./settings.js";
import { solutionOf } from "./validity.js";

/** @import { Store } from "./state.js" */

/** Once the grid is complete and right: say so, with the puzzle's ratings and its hardest step. @param {Store} store */
export async function noticeSolved(store) {
  const s = store.state;
  const sol = solutionOf(s);
  if (s.mode !== "solve" || !sol || !s.game.isSolved(sol)) return;
  const puzzle = s.game.puzzle();
  if (s.solvedInfo?.puzzle === puzzle) return;
  const meta = metaOf(store);
  const lead = solvedLead(s.game.elapsed, meta);
  const offer = { level: meta.level, label: meta.label }; // New game at the same level
  say(store, null); // the solved message replaces the last notice
  store.update({ solvedInfo: { puzzle, text: `${lead} Every digit is right.`, ...offer }, pathShown: true }); // nothing left to spoil
  persist(store);
  const runs = store.runs;
  if (runs.solvedFor === puzzle) return;
  runs.solvedFor = puzzle;
  // Nothing is left to spoil: every scale's rating and the solution path show in their panels
  // (rated now unless an analysis of this puzzle has them already).
  const a = s.analysis?.puzzle === puzzle ? s.analysis : null;
  const analysing = a?.explain || (a && store.state.running === "rate") ? null : analyze(store);
  let rate = complete(a) ? a.rate : null;
  if (!rate && meta.ratings) rate = { ratings: meta.ratings, bottleneck: meta.hardest ? { name: meta.hardest } : null };
  try {
    if (!store.state.catalogue) await loadCatalogue(store); // the sentence's scales come from it
    if (!rate && analysing) {
      await analysing;
      const b = store.state.analysis;
      if (b?.puzzle === puzzle && complete(b)) rate = b.rate;
    }
  } catch {
    rate = rate || null;
  } finally {
    runs.solvedFor = null;
  }
  if (store.state.game.puzzle() !== puzzle || !store.state.solvedInfo) return;
  const text = `${lead} ${solvedSentence(rate, store.state.catalogue, store.state.game.geo.size)}`;
  store.update({ solvedInfo: { puzzle, text, ...offer } });
}

/** An analysis whose every scale finished (the sentence may quote it). @param {any} a */
function complete(a) {
  return Boolean(a && !a.pending?.length && a.stopped?.phase !== "rate" && a.rate);
}

/** The scales the solved sentence names: the catalogue's scales with a `headline` that rate a
 * `size` x `size` grid, in catalogue order, at most two (9x9: SE and HoDoKu). */
export function sentenceScales(catalogue, size) {
  return (catalogue?.scales || []).filter((x) => x.headline && (x.sizes || []).includes(size)).slice(0, 2);
}

/** "You solved an SE 7.2 / HoDoKu Hard puzzle; its hardest step is ...": each sentence scale's
 * headline label and field (from the worker's catalogue), then the puzzle's bottleneck step. */
export function solvedSentence(rate, catalogue, size) {
  const parts = [];
  for (const x of sentenceScales(catalogue, size)) {
    const v = rate?.ratings?.[x.id]?.[x.headline.field];
    if (typeof v === "number") parts.push(`${x.headline.label} ${v.toFixed(1)}`);
    else if (typeof v === "string" && v) parts.push(`${x.headline.label} ${v}`);
  }
  let text = parts.length ? `You solved an ${parts.join(" / ")} puzzle` : "You solved the puzzle";
  const own = (catalogue?.scales || []).find((x) => x.bottleneck); // the scale whose hardest step is the puzzle's
  const b = rate?.bottleneck || (own && rate?.ratings?.[own.id]?.bottleneck);
  if (b && (b.name || b.technique)) {
    const name = b.name || b.technique;
    text += `; its hardest step is ${b.text ? (b.text.startsWith(name) ? b.text : `${name}: ${b.text}`) : name}`;
  }
  return text.endsWith(".") ? text : text + ".";
}
