// The engine: Pyodide and the sudoku_grader package in a module Web Worker.
//
// Messages in:  {id, op, puzzle, options}   op: rate | explain | hint | steps | solve | parse | techniques ...
// Messages out: {id, type: "progress", ...} while working,
//               {id, type: "partial", scale, rating} for rate: each scale as soon as it is done,
//               {id, type: "result", result} with the CLI's --json shape,
//               {id, type: "error", message} with a one-line message (never a traceback),
//               {type: "ready", seconds, version, build} once after boot, {type: "boot-error", message}.
// Everything is loaded from this site: the Pyodide files and the package compiled for it (a zip of
// .pyc files put on sys.path), whose download starts at once, alongside Pyodide's own.
import { BUILD } from "./build-info.js";

const here = new URL(".", import.meta.url);
const at = (path) => new URL("../" + path, here).href;
const started = performance.now();
let api = null;

const packageBytes = fetch(at(BUILD.package)).then((r) => {
  if (!r.ok) throw new Error(`${BUILD.package}: HTTP ${r.status}`);
  return r.arrayBuffer();
});
packageBytes.catch(() => {}); // handled where it is awaited

async function boot() {
  const phases = {};
  let t = performance.now();
  const mark = (name) => {
    const now = performance.now();
    phases[name] = Math.round(now - t) / 1000;
    t = now;
  };
  const { loadPyodide } = await import(at("pyodide/pyodide.mjs"));
  const pyodide = await loadPyodide({
    indexURL: at("pyodide/"),
    // The worker installs no Pyodide packages: an empty lock spares fetching and parsing the real one.
    lockFileContents: { info: BUILD.lock, packages: {} },
    packageBaseUrl: at("pyodide/"),
  });
  mark("pyodide");
  api = await importPackage(pyodide);
  mark("import");
  const version = JSON.parse(api.handle("version", "", "{}")).version;
  postMessage({
    type: "ready",
    seconds: (performance.now() - started) / 1000,
    version,
    build: BUILD.build,
    phases,
    pyodide: BUILD.pyodide,
  });
}

/** The package from the compiled zip; if that cannot load, the wheel (slower, same code). */
async function importPackage(pyodide) {
  const zip = "/lib/sudoku_grader.zip";
  try {
    pyodide.FS.writeFile(zip, new Uint8Array(await packageBytes));
    pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(zip)})`);
    return pyodide.pyimport("sudoku_grader.worker_api");
  } catch (e) {
    pyodide.runPython(
      `import sys\nsys.path[:] = [p for p in sys.path if p != ${JSON.stringify(zip)}]\n` +
        "for m in [m for m in sys.modules if m.split('.')[0] == 'sudoku_grader']: del sys.modules[m]",
    );
    // loadPackage does not reject when an install fails: the import below is the real check.
    await pyodide.loadPackage(at(BUILD.wheel), { messageCallback: () => {}, errorCallback: () => {} });
    try {
      return pyodide.pyimport("sudoku_grader.worker_api");
    } catch {
      throw new Error(`the sudoku_grader package did not load from ${BUILD.package} or ${BUILD.wheel}`);
    }
  }
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
    const progress = (json) => {
      const msg = JSON.parse(json);
      postMessage(msg.partial ? { id, type: "partial", ...msg.partial } : { id, type: "progress", ...msg });
    };
    const text = api.handle(op, String(puzzle), JSON.stringify(options), progress);
    postMessage({ id, type: "result", result: JSON.parse(text) });
  } catch (e) {
    postMessage({ id, type: "error", message: "The engine failed: " + oneLine(e) });
  }
};
