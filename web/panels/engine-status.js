// The header's engine line: booting, ready, working (with progress and Cancel), failed; and the
// versions in the About box. The engine's events become store updates here.
import * as act from "../actions/index.js";
import { BUILD } from "../build-info.js";
import { touches } from "../store.js";

const WORDS = { booting: "Starting the engine…", ready: "Engine ready", busy: "Working…", failed: "Engine failed" };

export function mount(root, store) {
  const q = (sel) => root.querySelector(sel);
  const engine = store.engine;
  engine.addEventListener("state", (e) => {
    act.engineState(store, e.detail);
    if (e.detail === "failed") act.say(store, engine.bootError, "error");
  });
  engine.addEventListener("ready", (e) => {
    const v = document.getElementById("versions");
    if (v) v.textContent = `Engine ${e.detail.version}, Pyodide ${BUILD.pyodide}, started in ${e.detail.seconds.toFixed(1)} s.`;
    if (!store.state.catalogue) act.loadCatalogue(store);
  });
  engine.addEventListener("restart", (e) => {
    const reason = e.detail;
    act.say(store, reason.kind === "timeout"
      ? `${reason.message} The engine was restarted; raise the time limit in Settings to let it run longer.`
      : "Cancelled. The engine was restarted and is ready for the next puzzle.");
  });
  q("#cancel").addEventListener("click", () => act.cancel(store));

  function render(s) {
    q("#engine-status").textContent = WORDS[s.engine] || s.engine;
    q("#cancel").hidden = s.engine !== "busy";
    q("#progress").textContent = s.engine === "busy" ? s.progress : "";
    // the body's state: the engine's, or "solved" once a game in Solve is complete and right
    const solved = s.engine === "ready" && s.mode === "solve" && s.solvedInfo && s.game.puzzle() === s.solvedInfo.puzzle;
    document.body.dataset.state = solved ? "solved" : s.engine;
  }
  store.subscribe((s, keys) => {
    if (touches(keys, "engine", "progress", "mode", "solvedInfo", "game")) render(s);
  });
  render(store.state);
}
