// "Solve here" in the <sudoku-grader> element: the player's own game of the puzzle with the page's
// DOM-free model and the app's play code (solve-here.js: keys, modes, pad, selection, highlight),
// loaded on the first click; Notes, undo/redo, Check and hints. The engine loads
// only for a hint, or for Check when the element has no solved path. Each function takes the element.
import { duplicateCells, plainLineGeometry } from "../board.js";
import { keep, savedGame } from "./daily.js";
import { loadedSolver, solver } from "./solver.js";

/** @import { SudokuGraderElement as Element } from "../embed.js" */

const errorText = (e) => String(e?.message || e).replace(/^Error:\s*/, "");

/** Start (or continue) a game of this puzzle: the model loads now, the engine only when needed. @param {Element} el */
export async function play(el) {
  const puzzle = (el.data?.puzzle || el.positions[0]?.text() || "").replace(/0/g, ".");
  if (!plainLineGeometry(puzzle)) return;
  const [{ Game }, { SolveHere }] = await Promise.all([import("../model/game.js"), import("./solve-here.js")]);
  if (!el.game || el.game.puzzle() !== puzzle) el.game = (await savedGame(el, puzzle)) || new Game(puzzle);
  el.solver ??= new SolveHere(el.grid, el.padEl, { onMove: () => moved(el), onChange: () => el.update() });
  el.solver.start(el.game);
  el.flags = null;
  el.playRow.hidden = false;
  el.padEl.hidden = false;
  el.nav.hidden = true;
  el.textEl.hidden = true;
  el.playButton.hidden = true;
  el.say("Your move: pick cells, type a digit; Shift+digit a corner mark, Ctrl+digit a centre mark.");
  el.update();
  el.grid.select(el.solver.state?.selected ?? -1, true);
}

/** Back to the solution's steps. @param {Element} el */
export function stopPlaying(el) {
  el.game = null;
  el.solver?.stop();
  el.playRow.hidden = true;
  el.padEl.hidden = true;
  el.nav.hidden = false;
  el.textEl.hidden = false;
  el.playButton.hidden = !el.positions[0];
  el.say("");
  el.update();
}

/** Notes (the button, N): centre marks on or off. @param {Element} el */
export function toggleNotes(el) {
  el.solver?.toggleNotes();
}

/** A change to the game; Check's flags and a shown hint last until the next one. @param {Element} el */
function moved(el) {
  el.flags = null;
  el.hintStep = null;
  el.hinted = null;
  el.update();
  const sol = solution(el);
  const solved = Boolean(sol && el.game?.isSolved(sol));
  if (solved) el.say("Solved. Well done!");
  keep(el, solved);
}

/** Undo and Redo (the buttons). @param {Element} el @param {(g: import("../model/game.js").Game) => unknown} fn */
export function playMove(el, fn) {
  if (el.game && fn(el.game)) moved(el);
}

/** A key on the grid or the pad while playing (solve-here.js). @param {Element} el @param {KeyboardEvent} e */
export function playKey(el, e) {
  if (el.solver?.key(e)) e.preventDefault();
}

/** The grid while playing: the game, Check's flags, the hint's step, the pad. @param {Element} el */
export function drawGame(el) {
  const game = el.game;
  el.solver?.render({
    mistakes: el.flags || undefined, step: el.hintStep || undefined,
    duplicates: game ? duplicateCells(game.values(), game.geo) : undefined, // a digit twice in a house
  });
  el.notesButton.setAttribute("aria-pressed", String(el.solver?.entry() === "centre"));
}

/** The solution, when the precomputed path reaches it (no engine needed). @param {Element} el */
export function solution(el) {
  const last = el.positions[el.positions.length - 1];
  const line = el.steps.length && last ? last.text() : "";
  return plainLineGeometry(line) && !/[.0]/.test(line) ? line : el.solved || null;
}

/** Check: wrong digits and marks that lost the answer, flagged on the grid. @param {Element} el */
export async function check(el) {
  if (!el.game) return;
  let sol = solution(el);
  if (!sol) {
    el.say("Loading the solver to find the solution…");
    try {
      const eng = await solver();
      await eng.ready;
      const res = await eng.request("solve", el.game.puzzle());
      if (res.error || !res.solution) throw new Error(res.error || "This puzzle has no single solution.");
      sol = el.solved = res.solution;
    } catch (e) {
      el.say(errorText(e), true);
      return;
    }
  }
  const { wrong, missing } = el.game.mistakes(sol);
  const flags = new Map();
  for (const c of wrong) flags.set(c, "digit");
  for (const c of missing) flags.set(c, "marks");
  el.flags = flags;
  el.update();
  el.say(el.game.isSolved(sol) ? "Solved. Well done!" : wrong.length || missing.length ?
    `${wrong.length} wrong digit${wrong.length === 1 ? "" : "s"}, ${missing.length} cell${missing.length === 1 ? "" : "s"} whose marks lost the answer.` :
    "No mistakes so far.");
}

/** A hint from the player's position and marks, one rung per click (the engine loads on the first). @param {Element} el */
export async function hint(el) {
  if (!el.game) return;
  const version = el.game.version;
  const h = el.hinted;
  if (!h || h.version !== version) {
    el.say(loadedSolver() ? "Thinking…" : "Loading the solver (Python in your browser, about 7 MB the first time)…");
    try {
      const eng = await solver();
      await eng.ready;
      const [answer, { hintLadder }] = await Promise.all([
        eng.request("hint", el.game.positionJSON(), {}), import("../model/ladder.js")]);
      if (!el.game || el.game.version !== version) return;
      el.hinted = { version, ladder: hintLadder(answer, null), rung: 0 };
    } catch (e) {
      el.say(errorText(e), true);
      return;
    }
  }
  const { ladder } = el.hinted;
  el.hinted.rung = Math.min(el.hinted.rung + 1, ladder.rungs.length);
  const rung = ladder.rungs[el.hinted.rung - 1];
  el.hintStep = rung.view?.step || null;
  el.flags = rung.view?.mistakes ? new Map(rung.view.mistakes.map((c) => [c, "digit"])) : el.flags;
  el.say(rung.text + (el.hinted.rung < ladder.rungs.length ? " (Hint again for more.)" : ""));
  el.update();
}
