// Settings: the time limit, the play options (advance, auto-remove marks, live mistakes, timer),
// and the techniques the solver may use with their SourGumdrop scores. The technique list is the
// worker's catalogue; everything is saved in this browser.
import * as act from "../actions/index.js";
import { touches } from "../store.js";

export function mount(root, store) {
  const q = (sel) => root.querySelector(sel);
  const workers = /** @type {HTMLSelectElement} */ (q("#setting-workers"));
  workers.addEventListener("change", () => {
    act.changeSettings(store, { workers: workers.value === "auto" ? "auto" : Number(workers.value) });
  });
  q("#time-limit").addEventListener("change", () => {
    const v = Math.max(0, Math.min(3600, Number(q("#time-limit").value) || 0));
    act.changeSettings(store, { timeLimit: v });
  });
  for (const box of root.querySelectorAll("[data-setting]")) {
    box.addEventListener("change", () => act.changeSettings(store, { [box.dataset.setting]: box.checked }));
  }
  for (const sel of root.querySelectorAll("select[data-choice]")) {
    sel.addEventListener("change", () => act.changeSettings(store, { [sel.dataset.choice]: sel.value }));
  }
  q("#tech-all").addEventListener("click", () => {
    const techniques = store.state.catalogue?.techniques || [];
    act.changeSettings(store, { disabled: [], enabled: techniques.filter((t) => t.default === false).map((t) => t.id) });
    act.settingsChanged(store);
  });
  q("#tech-reset").addEventListener("click", () => {
    act.resetSettings(store);
    act.settingsChanged(store);
  });

  function techRow(t, s) {
    const tr = document.createElement("tr");
    const on = document.createElement("input");
    on.type = "checkbox";
    on.checked = act.techniqueOn(s, t);
    on.setAttribute("data-testid", `tech-${t.id}`);
    on.setAttribute("aria-label", `Use ${t.name}`);
    on.addEventListener("change", () => {
      const cur = store.state.settings;
      const off = new Set(cur.disabled);
      const extra = new Set(cur.enabled || []);
      off.delete(t.id);
      extra.delete(t.id);
      if (on.checked && t.default === false) extra.add(t.id);
      if (!on.checked && t.default !== false) off.add(t.id);
      act.changeSettings(store, { disabled: [...off], enabled: [...extra] });
      act.settingsChanged(store);
    });
    const score = document.createElement("input");
    score.type = "number";
    score.step = "1";
    score.min = "0";
    score.value = s.scores[t.id] !== undefined ? String(s.scores[t.id]) : t.score ?? "";
    score.placeholder = "–";
    score.setAttribute("data-testid", `score-${t.id}`);
    score.setAttribute("aria-label", `Score of ${t.name}`);
    score.addEventListener("change", () => {
      const v = score.value.trim() === "" ? NaN : Number(score.value);
      const scores = { ...store.state.settings.scores };
      if (!Number.isFinite(v) || v < 0 || v === t.score) delete scores[t.id];
      else scores[t.id] = v;
      act.changeSettings(store, { scores });
      act.settingsChanged(store);
    });
    const families = store.state.catalogue?.families || [];
    const name = document.createElement("span");
    name.textContent = t.name;
    // a technique that runs on fewer grid sizes than others do (the catalogue's sizes): say which
    const all = new Set((store.state.catalogue?.techniques || []).flatMap((x) => x.sizes || []));
    if (t.sizes && t.sizes.length < all.size) {
      const only = document.createElement("span");
      only.className = "muted";
      only.setAttribute("data-testid", `tech-sizes-${t.id}`);
      only.textContent = ` (${t.sizes.map((n) => `${n}x${n}`).join(", ")} only)`;
      name.append(only);
    }
    const cells = [on, name, families.find((f) => f.id === t.family)?.name || t.family, score].map((x) => {
      const td = document.createElement("td");
      td.append(x);
      return td;
    });
    tr.append(...cells);
    return tr;
  }

  function render(s, keys) {
    q("#time-limit").value = String(s.settings.timeLimit);
    workers.value = String(s.settings.workers ?? "auto");
    for (const box of root.querySelectorAll("[data-setting]")) box.checked = Boolean(s.settings[box.dataset.setting]);
    for (const sel of root.querySelectorAll("select[data-choice]")) sel.value = String(s.settings[sel.dataset.choice]);
    // the table is rebuilt only when the catalogue comes or a reset changed it from outside
    const body = q("#techs tbody");
    if (!keys || keys.has("catalogue") || !body.children.length || keys.has("settingsReset")) {
      body.textContent = "";
      for (const t of s.catalogue?.techniques || []) body.appendChild(techRow(t, s.settings));
    }
    const ignored = s.analysis?.rate?.ignored_options || [];
    const el = q("#ignored-options");
    el.hidden = !ignored.length;
    el.textContent = ignored.length ? `This engine version does not use these settings for ratings yet: ${ignored.join(", ")}.` : "";
  }
  store.subscribe((s, keys) => {
    if (touches(keys, "settings", "catalogue", "analysis", "settingsReset")) render(s, keys);
  });
  render(store.state);
}
