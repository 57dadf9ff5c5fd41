// The page's actions (web/actions/) on a store with a fake engine: no DOM, no worker. The fake
// answers "solve" for two puzzles the way the worker does; everything else is refused.
import test from "node:test";
import assert from "node:assert/strict";
import * as act from "../../web/actions/index.js";
import { Saves } from "../../web/model/saves.js";
import { createStore } from "../../web/store.js";

const P = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

function memoryStorage() {
  const m = new Map();
  return { getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)), removeItem: (k) => m.delete(k) };
}

function makeStore() {
  const engine = {
    timeLimit: 0,
    async request(op, puzzle) {
      if (op !== "solve") throw Object.assign(new Error(`no ${op} here`), { kind: "error" });
      if (puzzle === P) return { status: "unique", solution: SOLUTION };
      return { status: "multiple", differ: ["r1c1", "r1c2"], solutions: [SOLUTION, SOLUTION] };
    },
  };
  const storage = memoryStorage();
  return createStore(act.initialState(act.loadSettings(storage)), { engine, storage, saves: new Saves(storage) });
}

const empties = [...P].map((ch, c) => (ch === "." ? c : -1)).filter((c) => c >= 0);

test("Solve needs exactly one solution; givens are locked there", async () => {
  const store = makeStore();
  act.typeDigit(store, 5, 0);
  assert.equal(await act.setMode(store, "solve"), false);
  assert.match(store.state.message.text, /exactly one solution/);
  await act.openPosition(store, { givens: P }, "analyse");
  assert.equal(await act.setMode(store, "solve"), true);
  assert.equal(store.state.mode, "solve");
  act.eraseCell(store, { cell: 0 });
  act.typeDigit(store, 9, 0);
  assert.equal(store.state.game.digit(0), 4, "r1c1 is a given");
});

test("moves, notes, check and the save of each move", async () => {
  const store = makeStore();
  await act.openPosition(store, { givens: P }, "solve");
  const [a, b, c] = empties;
  act.typeDigit(store, Number(SOLUTION[a]), a);
  const wrong = SOLUTION[b] === "1" ? 2 : 1;
  act.typeDigit(store, wrong, b);
  act.toggleNotes(store);
  act.typeDigit(store, 3, c);
  act.toggleNotes(store);
  assert.equal(store.state.game.marks[c], 1 << 2);
  act.check(store);
  assert.deepEqual(store.state.checked.wrong, [b]);
  const saved = store.saves.load(P);
  assert.equal(saved.placedLine(), store.state.game.placedLine());
  act.undo(store);
  assert.equal(store.state.checked, null, "a move clears the last check");
  assert.equal(store.state.game.marks[c], 0);
  act.redo(store);
  assert.equal(store.state.game.marks[c], 1 << 2);
});

test("Clear and loading another puzzle can be undone", async () => {
  const store = makeStore();
  await act.openPosition(store, { givens: P }, "analyse");
  act.clearGrid(store);
  assert.equal(store.state.game.givenCount(), 0);
  assert.ok(act.canUndo(store.state));
  act.undo(store);
  assert.equal(store.state.game.puzzle(), P);
  act.redo(store);
  assert.equal(store.state.game.givenCount(), 0);
});

test("links: the puzzle, Solve, Solve with progress", async () => {
  const store = makeStore();
  await act.openPosition(store, { givens: P }, "analyse");
  assert.equal(act.hashFor(store.state), `#${P}`);
  await act.setMode(store, "solve");
  act.typeDigit(store, Number(SOLUTION[empties[0]]), empties[0]);
  assert.equal(act.hashFor(store.state), `#solve:${P}`);
  const placed = [...P].map((_, k) => (k === empties[0] ? SOLUTION[k] : ".")).join("");
  assert.equal(act.linkFor(store.state, "x", { progress: true }), `x#solve:${P}:${placed}`);
});

test("which pasted texts carry every cell's candidates", () => {
  assert.ok(act.carriesMarks(`:0000::${P}:::`, 81));
  const grid = Array.from({ length: 9 }, () => Array(9).fill("123").join(" ")).join("\n");
  assert.ok(act.carriesMarks(grid, 81));
  const plain = Array.from({ length: 9 }, (_, r) => P.slice(r * 9, r * 9 + 9)).join("\n");
  assert.equal(act.carriesMarks(plain, 81), false);
  // a 6x6 pencilmark grid: 36 groups
  const six = Array.from({ length: 6 }, () => Array(6).fill("12").join(" ")).join("\n");
  assert.ok(act.carriesMarks(six, 36));
  assert.equal(act.carriesMarks(six, 81), false);
});

// The worker's catalogue as Python's scale records make it (only the fields the sentence reads).
const CATALOGUE = { scales: [
  { id: "se", sizes: [9], bottleneck: true, headline: { label: "SE", field: "er" } },
  { id: "hodoku", sizes: [9], bottleneck: false, headline: { label: "HoDoKu", field: "level" } },
  { id: "sudokuwiki", sizes: [9, 6], bottleneck: false, headline: { label: "SudokuWiki", field: "grade" } },
  { id: "sourgumdrop", sizes: [9], bottleneck: false, headline: null },
] };

test("the solved sentence names the catalogue's headline scales and the hardest step once", () => {
  const ratings = { se: { er: 7.1 }, hodoku: { level: "Extreme" }, sudokuwiki: { grade: "Diabolical" }, sourgumdrop: { score: 3 } };
  const rate = { ratings, bottleneck: { name: "Forcing Chain", text: "Forcing Chain: r1c2<>4." } };
  assert.equal(act.solvedSentence(rate, CATALOGUE, 9), "You solved an SE 7.1 / HoDoKu Extreme puzzle; its hardest step is Forcing Chain: r1c2<>4.");
  assert.equal(act.solvedSentence(null, CATALOGUE, 9), "You solved the puzzle.");
  // 6x6: the one headline scale that rates it
  assert.equal(act.solvedSentence({ ratings }, CATALOGUE, 6), "You solved an SudokuWiki Diabolical puzzle.");
  assert.deepEqual(act.sentenceScales(CATALOGUE, 9).map((x) => x.id), ["se", "hodoku"]);
  assert.deepEqual(act.sentenceScales(CATALOGUE, 6).map((x) => x.id), ["sudokuwiki"]);
  // labels, fields and order are the catalogue's, not the page's
  const renamed = { scales: [
    { id: "hodoku", sizes: [9], headline: { label: "HDK", field: "level" } },
    { id: "se", sizes: [9], bottleneck: true, headline: { label: "Explainer", field: "ep" } },
  ] };
  const other = { ratings: { se: { er: 7.1, ep: 2.5, bottleneck: { name: "XY-Wing" } }, hodoku: { score: 1234, level: "Hard" } } };
  assert.equal(act.solvedSentence(other, renamed, 9), "You solved an HDK Hard / Explainer 2.5 puzzle; its hardest step is XY-Wing.");
  assert.equal(act.solvedSentence(other, { scales: [] }, 9), "You solved the puzzle.");
});

test("a return visit opens the last game in progress in Solve, as it was left", async () => {
  const first = makeStore();
  await act.openPosition(first, { givens: P }, "solve");
  act.typeDigit(first, Number(SOLUTION[empties[0]]), empties[0]);
  // the next visit: a new store on the same storage, an empty grid
  const again = createStore(act.initialState(), { engine: first.engine, storage: first.storage, saves: new Saves(first.storage) });
  assert.equal(await act.resumeLastGame(again), true);
  assert.equal(again.state.mode, "solve");
  assert.equal(again.state.game.placedLine(), first.state.game.placedLine(), "the move is kept");
  assert.equal(again.state.resumed.givens, P);
  act.typeDigit(again, Number(SOLUTION[empties[1]]), empties[1]);
  assert.equal(again.saves.load(P).placedLine(), again.state.game.placedLine());
  // a grid the player has typed on meanwhile is left alone; no game in progress: nothing opens
  const busy = createStore(act.initialState(), { engine: first.engine, storage: first.storage, saves: new Saves(first.storage) });
  act.typeDigit(busy, 5, 0);
  assert.equal(await act.resumeLastGame(busy), false);
  assert.equal(busy.state.game.puzzle()[0], "5");
  const none = makeStore();
  assert.equal(await act.resumeLastGame(none), false);
  assert.equal(none.state.game.givenCount(), 0);
});

test("a bank game resumes with no engine work: its solution and ratings come from the bank", async () => {
  const store = makeStore();
  const entry = { seed: 1, puzzle: P, solution: SOLUTION, ratings: { se: { er: 2.0 } }, hardest: "Hidden Single" };
  store.bank = { entries: async () => [entry], index: async () => ({ levels: [{ id: "easy", label: "Easy" }] }) };
  store.picker = { next: () => entry };
  await act.newGame(store, "easy");
  act.typeDigit(store, Number(SOLUTION[empties[0]]), empties[0]);
  const asked = [];
  const engine = { timeLimit: 0, request: async (op) => { asked.push(op); throw new Error("no engine yet"); } };
  const again = createStore(act.initialState(), { engine, storage: store.storage, saves: new Saves(store.storage), bank: store.bank });
  assert.equal(await act.resumeLastGame(again), true);
  assert.deepEqual(asked, []);
  assert.equal(again.state.mode, "solve");
  assert.equal(again.state.status.solution, SOLUTION);
  assert.deepEqual(again.state.gameMeta.ratings, entry.ratings);
  assert.equal(again.state.gameMeta.level, "easy");
});
