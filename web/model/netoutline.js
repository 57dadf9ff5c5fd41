// A forcing chain or net step's outline (the step JSON's `net`, see the README's contract), and
// what the grid draws when one implication of it is selected: that branch up to the implication.
// DOM-free, so node's test runner checks it.

/**
 * @typedef {{move: string, reason: string, from: string[], net?: Net}} Implication
 * @typedef {{assume: string, implications: Implication[], ends: string}} Branch
 * @typedef {{kind: string, premise: string, branches: Branch[], conclusion: string, contradiction?: string}} Net
 * @typedef {{cells: string[], digit: number, on: boolean}} Move
 * @typedef {{cell: string, digit: number, role: string}} Mark
 * @typedef {{from: string[], from_digit: number, to: string[], to_digit: number, strong: boolean}} Link
 */

/**
 * `r1c2=5`, `r1c12<>5` (a group: 5 is in one of r1c1, r1c2) or `r1c1,r5c7=3` as cells, digit and
 * truth; null for text that is not a move.
 * @param {string} text
 * @returns {Move | null}
 */
export function parseMove(text) {
  const m = /^((?:r\d+c\d+,?)+)(=|<>)(\d)$/.exec(String(text));
  if (!m) return null;
  /** @type {string[]} */
  const cells = [];
  for (const part of m[1].split(",").filter(Boolean)) {
    const [rows, cols] = part.slice(1).split("c");
    for (const r of rows) for (const c of cols) cells.push(`r${r}c${c}`);
  }
  return { cells, digit: Number(m[3]), on: m[2] === "=" };
}

/**
 * The branch a selection path points at: `[b]` is branch b of `net`; `[b, k, b2]` is branch b2 of
 * the sub-outline carried by implication k of branch b (a nested net), and so on.
 * @param {Net} net
 * @param {number[]} path  branch indices, with implication indices between them
 * @returns {{branch: Branch, outer: Branch[]} | null}  the branch and the branches around it
 */
export function branchAt(net, path) {
  /** @type {Net | undefined} */
  let here = net;
  /** @type {Branch[]} */
  const outer = [];
  let branch = null;
  for (let i = 0; i < path.length; i += 2) {
    branch = here?.branches?.[path[i]];
    if (!branch) return null;
    if (i + 1 < path.length - 1) {
      outer.push(branch);
      here = branch.implications[path[i + 1]]?.net;
    }
  }
  return branch ? { branch, outer } : null;
}

/**
 * What the grid draws for a selected implication: the branch's assumption and its implications up
 * to and including index `upTo` as candidates (true: chain-on, false: chain-off; the selected move
 * as target), and an arrow from each move to each move it follows from (strong when it follows
 * from a false move). `upTo` -1 draws the assumption alone.
 * @param {Branch} branch
 * @param {number} upTo
 * @returns {{highlights: Mark[], links: Link[]}}
 */
export function branchDrawing(branch, upTo) {
  /** @type {Mark[]} */
  const highlights = [];
  /** @type {Link[]} */
  const links = [];
  const seen = new Set();
  /** @param {string} text @param {string} [role] */
  const mark = (text, role) => {
    const mv = parseMove(text);
    if (!mv) return;
    for (const cell of mv.cells) {
      const key = `${cell}/${mv.digit}`;
      if (seen.has(key) && !role) continue;
      seen.add(key);
      highlights.push({ cell, digit: mv.digit, role: role || (mv.on ? "chain-on" : "chain-off") });
    }
  };
  mark(branch.assume);
  const last = Math.min(upTo, branch.implications.length - 1);
  for (let k = 0; k <= last; k++) {
    const imp = branch.implications[k];
    mark(imp.move, k === last ? "target" : undefined);
    const to = parseMove(imp.move);
    for (const f of imp.from) {
      const from = parseMove(f);
      if (from && to) links.push({ from: from.cells, from_digit: from.digit, to: to.cells, to_digit: to.digit, strong: !from.on });
    }
  }
  return { highlights, links };
}

/**
 * Counts for a summary line: branches, implications (nested ones included), nesting depth.
 * @param {Net} net
 * @returns {{branches: number, implications: number, depth: number}}
 */
export function netSize(net) {
  let implications = 0;
  let depth = 0;
  for (const b of net.branches) {
    for (const imp of b.implications) {
      implications++;
      if (imp.net) {
        const inner = netSize(imp.net);
        implications += inner.implications;
        depth = Math.max(depth, inner.depth + 1);
      }
    }
  }
  return { branches: net.branches.length, implications, depth };
}
