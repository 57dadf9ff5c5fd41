// What the panels can do. Every change of the shared state and every engine request goes through
// these functions; panels only draw the state and call them. All Sudoku logic stays in Python (the
// worker) or in the DOM-free model (model/*.js). One module per concern; this file gathers them so a
// panel imports `* as act from "../actions/index.js"`. The state's shape is typed in state.js.
export * from "./state.js";
export * from "./settings.js";
export * from "./validity.js";
export * from "./moves.js";
export * from "./aids.js";
export * from "./puzzles.js";
export * from "./saves.js";
export * from "./solved.js";
export * from "./hints.js";
export * from "./analysis.js";
export * from "./generation.js";
export * from "./book.js";
export * from "./learn.js";
export * from "./gamemeta.js";
export * from "./newgame.js";
