// The <sudoku-grader> element's own style (inside its shadow root, beside grid.css).
export const STYLE = `
:host { display: block; max-width: 480px; font: 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--sg-fg); background: var(--sg-bg); border: 1px solid var(--sg-thin); border-radius: 8px; padding: 10px; }
[hidden] { display: none !important; }
.status { min-height: 1.4em; color: var(--sg-cand); font-size: 0.9em; margin: 6px 0; }
.error { color: var(--sg-dup-fg); }
.ratings table { width: 100%; border-collapse: collapse; font-size: 0.9em; }
.ratings th, .ratings td { text-align: left; padding: 3px 4px; border-bottom: 1px solid var(--sg-thin); }
.ratings thead { display: none; }
.ratings .headline { font-weight: 700; }
.ratings .headline.unsupported { font-weight: 400; white-space: nowrap; color: var(--sg-cand); }
.ratings .details .field { margin-right: 8px; }
.ratings .label { color: var(--sg-cand); }
.nav { display: flex; align-items: center; gap: 6px; margin-top: 8px; }
.nav span { flex: 1; text-align: center; font-weight: 600; font-size: 0.92em; }
button { font: inherit; color: inherit; background: var(--sg-bg); border: 1px solid var(--sg-thin); border-radius: 6px; min-width: 44px; min-height: 44px; cursor: pointer; }
button:disabled { opacity: 0.45; }
button:focus-visible { outline: 3px solid var(--sg-placed); outline-offset: 2px; }
.engine { margin-top: 8px; font-size: 0.9em; display: flex; flex-wrap: wrap; align-items: center; gap: 10px; }
.engine a { color: var(--sg-placed); font-weight: 600; }
.play { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 8px; }
.play button[aria-pressed="true"] { background: var(--sg-thin); font-weight: 700; }
.text { min-height: 2.8em; font-size: 0.92em; margin: 6px 0 0; }
:host([compact]) .text { display: none; }
.day { font-size: 1.1em; margin: 0; }
.day-links { display: flex; flex-wrap: wrap; gap: 0 18px; margin-bottom: 4px; }
.day-links a { color: var(--sg-placed); font-weight: 600; min-height: 44px; display: inline-flex; align-items: center; }
`;
