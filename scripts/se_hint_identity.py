"""Proof that a rewrite of SE's chaining searches finds the same hints: old code against new.

Usage: python scripts/se_hint_identity.py PUZZLES --old OLD_PYTHONPATH [--new PYTHONPATH]
       [--producers nishio,multiple,dynamic] [--nested 1] [--limit N]

Producers: cycles (Forcing Chains & Cycles), nishio, multiple, dynamic, aligned2, aligned3, rules
(each of SE's producers before the chains, from hidden singles to BUG, its steps); a
chaining producer's name with ``-first`` (``cycles-first``) lists only the hint SE takes, as the
rater asks for it (`Chaining.first_hint`; before it existed, the head of the whole list).

PUZZLES is a file with one puzzle per line (the first tab-separated field is used). Each side, in
its own process with its own package, walks SE's path of every puzzle and, at every position,
lists the full hint list of each chosen chaining producer: name, difficulty, complexity, sort
key, removals, the placed cell and value, and every chain (each potential with its cause, its
parents and the complexity of a nested chain); aligned exclusion lists its steps. Each list is
kept as its length and a SHA-256 of its records. Each side keeps one producer object of each
kind for the whole run, as the rater does (so that what a producer keeps from one grid for the
next is checked too); ``--fresh`` makes a new one at every position instead. The nested
producers Dynamic Forcing Chains (+) and up to ``--nested`` levels are listed only at the
positions where SE's path used a level that deep (elsewhere they cost minutes). The two sides
are compared list by list; any difference is printed and the exit code is 1.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

# (name, multiple, dynamic, nishio, level) of SE's chaining producers from Nishio on.
PRODUCERS = {
    "cycles": (False, False, False, 0),
    "nishio": (False, True, True, 0),
    "multiple": (True, False, False, 0),
    "dynamic": (True, True, False, 0),
}


def dump(puzzles: list[str], producers: list[str], nested: int, fresh: bool = False) -> list[Any]:
    """Every hint of the chosen producers at every position of SE's path of each puzzle."""
    from sudoku_grader import api
    from sudoku_grader.ratings.se import SEPolicy
    from sudoku_grader.se import policy as se_policy
    from sudoku_grader.se.chaining import Chaining

    try:  # the hint model's own module since `se/` was split by concern
        from sudoku_grader.se.hints import chain_of
    except ImportError:
        from sudoku_grader.se.chaining import chain_of  # type: ignore[attr-defined,no-redef]
    try:  # its own module since `se/` was split by concern
        from sudoku_grader.se.exclusion import aligned_exclusion
    except ImportError:
        from sudoku_grader.se.rules import aligned_exclusion  # type: ignore[attr-defined,no-redef]

    if hasattr(se_policy, "Solver"):  # a rating's own solver owns its producers
        solver = se_policy.Solver()
        se_producers = solver.producers

        def next_step(board: Any) -> Any:
            found = solver.next_choice(board)
            return found[0] if found else None
    else:  # code from before `Solver`: module-level producers
        se_producers = tuple((name, produce) for name, _base, produce in se_policy.PRODUCERS)
        next_step = se_policy.next_step

    def record(h: Any) -> list[Any]:
        chains = [[(p.key, p.cause, [q.key for q in p.parents],
                    None if p.nested is None else p.nested.complexity) for p in chain_of(t)]
                  for t in h.targets]
        source = None if h.source is None else h.source.key
        return [h.name, h.difficulty, h.complexity, h.sort_key, sorted(h.removals.items()),
                h.cell, h.value, source, chains]

    out: list[Any] = []
    engines: dict[str, Any] = {}
    # SE's own producer objects (what they keep from grid to grid is checked too; --fresh does
    # not apply to them), all but the chaining ones.
    rules = [(name, produce) for name, produce in se_producers if "Forcing Chains" not in name]
    for n, puzzle in enumerate(puzzles):
        board = api.load(puzzle)
        policy = SEPolicy()
        pos = 0
        while True:
            step = next_step(board)
            if step is None:
                break
            level = _level(step.technique)
            names = list(producers) + [f"level{k}" for k in range(1, nested + 1) if level >= k]
            for name in names:
                if name == "rules":  # every producer before the chains, as the rater keeps them
                    for rule, produce in rules:
                        steps = list(produce(board.copy()))
                        out.append([n, pos, rule, _digest([[s.technique, s.name, s.eliminations, s.placements,
                                                            s.text, repr(sorted(s.extra.items())),
                                                            [(m.cell, m.digit, m.role) for m in s.highlights]]
                                                           for s in steps])])
                    continue
                if name.startswith("aligned"):  # Aligned Pair (2) / Triplet (3) Exclusion: its steps
                    if fresh or name not in engines:
                        engines[name] = aligned_exclusion(int(name[7:]))
                    steps = list(engines[name](board.copy()))
                    out.append([n, pos, name, _digest([[s.eliminations, s.text] for s in steps])])
                    continue
                if name.endswith("-first"):  # the hint SE takes, as the rater asks for it
                    if fresh or name not in engines:
                        engines[name] = Chaining(*PRODUCERS[name[:-6]])
                    engine = engines[name]
                    if hasattr(engine, "first_hint"):
                        first = engine.first_hint(board.copy())
                    else:  # code from before first_hint: the head of the whole list
                        first = next(iter(engine.hint_list(board.copy())), None)
                    out.append([n, pos, name, _digest([record(first)] if first is not None else [])])
                    continue
                args = PRODUCERS[name] if name in PRODUCERS else (True, True, False, int(name[5:]))
                if fresh or name not in engines:
                    engines[name] = Chaining(*args)
                hints = engines[name].hint_list(board.copy())
                out.append([n, pos, name, _digest([record(h) for h in hints])])
            policy.apply(board, step)
            pos += 1
    return out


def _digest(records: list[Any]) -> list[Any]:
    """How many records a list has and a SHA-256 of all of them (the lists are too big to keep)."""
    text = json.dumps(records, sort_keys=True)
    return [len(records), hashlib.sha256(text.encode()).hexdigest()]


def _level(technique: str) -> int:
    if technique == "se-dynamic-forcing-chains-plus":
        return 1
    if technique == "se-nested-forcing-chains":
        return 2
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("puzzles")
    ap.add_argument("--old", help="PYTHONPATH of the code before the change")
    ap.add_argument("--new", default=str(Path(__file__).resolve().parents[1] / "py"),
                    help="PYTHONPATH of the code after the change (default: this checkout)")
    ap.add_argument("--producers", default="nishio,multiple,dynamic")
    ap.add_argument("--nested", type=int, default=1, help="deepest nested level to list (0: none)")
    ap.add_argument("--limit", type=int)
    ap.add_argument("--fresh", action="store_true", help="a new producer object at every position")
    ap.add_argument("--dump", help=argparse.SUPPRESS)  # internal: write this side's list here
    a = ap.parse_args()
    puzzles = [line.split("\t")[0].strip() for line in open(a.puzzles) if line.strip()]
    puzzles = [p for p in puzzles if p and p != "puzzle"][: a.limit]
    producers = [p for p in a.producers.split(",") if p]
    if a.dump:
        with open(a.dump, "w") as f:
            json.dump(dump(puzzles, producers, a.nested, a.fresh), f)
        return 0
    if not a.old:
        ap.error("--old is required")
    sides = {}
    for side, path in (("old", a.old), ("new", a.new)):
        target = f"/tmp/se_hint_identity_{os.getpid()}_{side}.json"
        cmd = [sys.executable, __file__, a.puzzles, "--dump", target, "--producers", a.producers,
               "--nested", str(a.nested)] + (["--limit", str(a.limit)] if a.limit else []) + (
               ["--fresh"] if a.fresh else [])
        subprocess.run(cmd, check=True, env={**os.environ, "PYTHONPATH": path})
        with open(target) as f:
            sides[side] = json.load(f)
        os.unlink(target)
    old, new = sides["old"], sides["new"]
    same = len(old) == len(new)
    counts: dict[str, list[int]] = {}
    for ro, rn in zip(old, new):
        c = counts.setdefault(ro[2], [0, 0])
        c[0] += 1
        c[1] += ro[3][0]
        if ro != rn:
            same = False
            print(f"DIFFERENT: puzzle {ro[0]} position {ro[1]} {ro[2]} (new: {rn[:3]})")
    print(f"{len(puzzles)} puzzles, {len(old)} lists old, {len(new)} new")
    for name, (lists, hints) in counts.items():
        print(f"  {name}: {lists} positions, {hints} hints")
    print("IDENTICAL" if same else "DIFFERENT")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
