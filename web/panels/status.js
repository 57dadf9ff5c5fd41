// What the page says about the puzzle and the last action: its validity as you type, the two
// solutions of a puzzle that has several, the solved message, errors and notices, and storage
// that could not save a move.
import * as act from "../actions/index.js";
import { touches } from "../store.js";

export function mount(root, store) {
  const q = (sel) => root.querySelector(sel);
  const box = q("#solutions");

  q("#show-solutions").addEventListener("click", () => act.showSolutions(store, 1));

  function renderSolutions(s) {
    const sols = s.status?.solutions || [];
    box.hidden = !s.showSolutions || sols.length < 2 || s.mode === "solve";
    if (box.hidden) {
      box.textContent = "";
      return;
    }
    box.textContent = "";
    const intro = document.createElement("p");
    intro.textContent = `Two solutions; the ${act.plural((s.status.differ || []).length, "cell")} where they differ are marked. Show:`;
    box.appendChild(intro);
    for (const i of [1, 2]) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = `Solution ${i}`;
      b.setAttribute("data-testid", `solution-${i}`);
      b.setAttribute("aria-pressed", String(i === s.showSolutions));
      b.addEventListener("click", () => act.showSolutions(store, i));
      box.appendChild(b);
    }
    const hide = document.createElement("button");
    hide.type = "button";
    hide.textContent = "Hide";
    hide.addEventListener("click", () => act.showSolutions(store, 0));
    box.appendChild(hide);
    const pre = document.createElement("pre");
    pre.className = "sol-lines";
    pre.textContent = sols.slice(0, 2).join("\n");
    box.appendChild(pre);
  }

  function render(s, keys) {
    const v = act.describeValidity(s);
    const el = q("#validity");
    el.textContent = v.text;
    el.className = `validity ${v.cls}`.trim();
    q("#show-solutions").hidden = !(s.status?.status === "multiple" && s.status.puzzle === s.game.puzzle()) || s.mode === "solve";
    if (!keys || touches(keys, "status", "showSolutions", "mode")) renderSolutions(s);
    const msg = q("#error");
    msg.textContent = s.message?.text || "";
    msg.hidden = !s.message;
    msg.classList.toggle("notice", s.message?.kind === "notice");
    const solved = q("#solved");
    solved.hidden = !(s.mode === "solve" && s.solvedInfo);
    solved.textContent = s.solvedInfo?.text || "";
    const level = s.solvedInfo?.level;
    if (level && !solved.hidden) {
      // the same level again, in one tap
      const again = document.createElement("button");
      again.type = "button";
      again.className = "primary";
      again.textContent = `New ${s.solvedInfo.label || level} game`;
      again.setAttribute("data-testid", "solved-new-game");
      again.addEventListener("click", () => act.newGame(store, level));
      solved.append(" ", again);
    }
    const sp = q("#save-problem");
    sp.hidden = !s.saveProblem;
    sp.textContent = s.saveProblem || "";
  }
  store.subscribe((s, keys) => {
    if (touches(keys, "game", "status", "showSolutions", "mode", "message", "solvedInfo", "saveProblem")) render(s, keys);
  });
  render(store.state);
}
