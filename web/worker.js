// The engine: Pyodide and the sudoku_grader wheel in a module Web Worker.
//
// Messages in:  {id, op, puzzle, options}   op: rate | explain | hint | steps | solve | parse | techniques ...
// Messages out: {id, type: "progress", ...} while working,
//               {id, type: "result", result} with the CLI's --json shape,
//               {id, type: "error", message} with a one-line message (never a traceback),
//               {type: "ready", seconds, version} once after boot, {type: "boot-error", message} if boot fails.
// Everything is loaded from this site: the Pyodide files next to us, our wheel from ../wheels/.
import { BUILD } from "./build-info.js";

const here = new URL(".", import.meta.url);
const started = performance.now();
let api = null;

async function boot() {
  const phases = {};
  const mark = (name, t0) => (phases[name] = Math.round(performance.now() - t0) / 1000);
  let t = performance.now();
  const { loadPyodide } = await import(new URL("../pyodide/pyodide.mjs", here).href);
  const pyodide = await loadPyodide({ indexURL: new URL("../pyodide/", here).href });
  mark("pyodide", t);
  t = performance.now();
  const wheel = new URL("../" + BUILD.wheel, here).href;
  // loadPackage does not reject when an install fails: the import below is the real check.
  await pyodide.loadPackage(wheel, { messageCallback: () => {}, errorCallback: () => {} });
  mark("wheel", t);
  t = performance.now();
  try {
    api = pyodide.pyimport("sudoku_grader.worker_api");
  } catch (e) {
    throw new Error("the sudoku_grader package did not install from " + wheel);
  }
  const version = JSON.parse(api.handle("version", "", "{}")).version;
  mark("import", t);
  postMessage({ type: "ready", seconds: (performance.now() - started) / 1000, version, phases, pyodide: BUILD.pyodide });
}

const booted = boot().catch((e) => {
  postMessage({ type: "boot-error", message: oneLine(e) });
  throw e;
});

function oneLine(e) {
  // A PythonError's message is a whole traceback: keep its last line ("ValueError: ...").
  const text = String((e && e.message) || e || "unknown error").trim();
  const lines = text.split("\n").filter((l) => l.trim());
  return lines.length ? lines[lines.length - 1].trim() : "unknown error";
}

self.onmessage = async (event) => {
  const { id, op, puzzle = "", options = {} } = event.data || {};
  try {
    await booted;
    const progress = (json) => postMessage({ id, type: "progress", ...JSON.parse(json) });
    const text = api.handle(op, String(puzzle), JSON.stringify(options), progress);
    postMessage({ id, type: "result", result: JSON.parse(text) });
  } catch (e) {
    postMessage({ id, type: "error", message: "The engine failed: " + oneLine(e) });
  }
};
