// A forcing chain or net step drawn as a collapsible outline (the step JSON's `net`): the premise,
// one collapsible branch per case with its implications in order, each with its reason and the
// moves it follows from; an implication proved by a net of its own (inside a nested net) opens a
// sub-outline. Choosing an implication calls `onSelect(path, k)`: `path` points at its branch
// (see model/netoutline.js `branchAt`), `k` at the implication (-1: the assumption alone).

/** @typedef {import("./model/netoutline.js").Net} Net */
/** @typedef {import("./model/netoutline.js").Branch} Branch */
/** @typedef {(path: number[], k: number) => void} OnSelect */

/**
 * @param {HTMLElement} root  emptied and filled
 * @param {Net} net
 * @param {OnSelect} onSelect
 * @param {{path: number[], k: number} | null} [selected]
 */
export function renderOutline(root, net, onSelect, selected = null) {
  root.textContent = "";
  const box = document.createElement("div");
  box.className = "net-outline";
  box.setAttribute("data-testid", "net-outline");
  const head = document.createElement("p");
  head.className = "net-premise";
  const cases = net.kind === "verity" ? `Each case of ${net.premise}` : `Suppose ${net.premise}`;
  head.textContent = net.kind === "verity"
    ? `${cases} leads to ${net.conclusion}, so it holds.`
    : `${cases}: ${net.contradiction || "a contradiction"}; so ${net.conclusion}.`;
  box.appendChild(head);
  box.appendChild(branchList(net, [], onSelect, selected, true));
  root.appendChild(box);
}

/**
 * @param {Net} net
 * @param {number[]} prefix  the selection path to this net (empty at the top)
 * @param {OnSelect} onSelect
 * @param {{path: number[], k: number} | null} selected
 * @param {boolean} top  only the top level's branches carry the test hook
 */
function branchList(net, prefix, onSelect, selected, top) {
  const list = document.createElement("div");
  list.className = "net-branches";
  net.branches.forEach((branch, b) => {
    const path = [...prefix, b];
    const details = document.createElement("details");
    details.className = "net-branch";
    if (top) details.setAttribute("data-testid", "net-branch");
    details.open = top && net.branches.length <= 4;
    const summary = document.createElement("summary");
    summary.textContent = `${net.kind === "verity" ? "Case" : "Branch"} ${b + 1}: if ${branch.assume}` +
      ` … ${branch.ends} (${branch.implications.length} step${branch.implications.length === 1 ? "" : "s"})`;
    details.appendChild(summary);
    const ol = document.createElement("ol");
    ol.className = "net-implications";
    ol.appendChild(row(`${branch.assume}`, "assumed", [], () => onSelect(path, -1), same(selected, path, -1)));
    branch.implications.forEach((imp, k) => {
      const li = row(imp.move, imp.reason, imp.from, () => onSelect(path, k), same(selected, path, k));
      if (imp.net) {
        const sub = document.createElement("details");
        sub.className = "net-sub";
        const s = document.createElement("summary");
        s.textContent = `Why: if ${imp.net.premise}, ${imp.net.contradiction || "a contradiction"}`;
        sub.appendChild(s);
        sub.appendChild(branchList(imp.net, [...path, k], onSelect, selected, false));
        sub.open = Boolean(selected && selected.path.length > path.length + 1 &&
          path.every((x, i) => selected.path[i] === x) && selected.path[path.length] === k);
        li.appendChild(sub);
      }
      ol.appendChild(li);
    });
    details.appendChild(ol);
    list.appendChild(details);
  });
  return list;
}

/**
 * @param {{path: number[], k: number} | null} selected
 * @param {number[]} path
 * @param {number} k
 */
function same(selected, path, k) {
  return Boolean(selected && selected.k === k && selected.path.length === path.length && selected.path.every((x, i) => x === path[i]));
}

/**
 * @param {string} move
 * @param {string} reason
 * @param {string[]} from
 * @param {() => void} pick
 * @param {boolean} current
 */
function row(move, reason, from, pick, current) {
  const li = document.createElement("li");
  const btn = document.createElement("button");
  btn.type = "button";
  btn.className = "net-imp" + (current ? " current" : "");
  btn.setAttribute("aria-pressed", current ? "true" : "false");
  const m = document.createElement("span");
  m.className = "net-move";
  m.textContent = move;
  const why = document.createElement("span");
  why.className = "net-reason";
  why.textContent = reason + (from.length ? ` (from ${from.join(", ")})` : "");
  btn.append(m, " ", why);
  btn.addEventListener("click", pick);
  li.appendChild(btn);
  return li;
}
