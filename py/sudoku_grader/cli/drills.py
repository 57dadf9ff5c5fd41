"""The ``drills`` command: find-the-step drills from the pool, the pool's build, printable sheets.

    python -m sudoku_grader drills --technique x-wing --count 10 [--seed N] [--json] [--pool DIR]
    python -m sudoku_grader drills build -o DIR [--generated N] [--fill-generated N] [--seed S] [--shared DIR]
                                            [--no-fill | --from-pool DIR | --from-fill DIR | --from-harvest DIR]
                                            [--extra-seeds A..B] [--neighbourhood TRIES]
                                            [--automorphic N] [--sets DIR] [--bank FILE,...]
                                            [--bank-techniques ID,...]
    python -m sudoku_grader drills merge -o DIR --base DIR --parts DIR,DIR
    python -m sudoku_grader drills sheet --technique x-wing,xy-wing --count 12 -o sheet.html

Without ``--seed`` the drills come in the pool's order (the n-th is the page's ``#learn:<id>:<n>``);
with it, a seeded random choice. The pool defaults to the checkout's ``drills/`` folder.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from .. import drill_pool, drills
from ..board import Board
from ..errors import SudokuError
from ..formats import to_pencilmark
from ..techniques import get

DEFAULT_POOL = Path(__file__).resolve().parents[3] / "drills"
DEFAULT_SHARED = Path(__file__).resolve().parents[3].parent / "shared"


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The ``drills`` subcommand's options."""
    p.add_argument("action", nargs="?", choices=("build", "merge", "sheet"),
                   help="build: walk puzzles and write the pool; merge: join pools that grew apart from "
                        "--base; sheet: a printable HTML drill sheet; none: print drills")
    p.add_argument("--technique", metavar="NAME[,NAME...]", help="the technique(s): id, name or HoDoKu code")
    p.add_argument("--count", type=int, default=10, help="how many drills (per technique for a sheet; default 10)")
    p.add_argument("--seed", type=int, default=None, help="a seeded random choice from the pool (default: in order)")
    p.add_argument("--json", action="store_true", help="one JSON line per drill (default: a pencilmark grid each)")
    p.add_argument("--pool", type=Path, default=None, help=f"the pool folder (default {DEFAULT_POOL})")
    p.add_argument("-o", "--output", type=Path, help="build: the pool folder to write; sheet: the HTML file")
    p.add_argument("--generated", type=int, default=1200,
                   help="build: puzzles made by the generator from seeds 1.. (default 1200)")
    p.add_argument("--fill-generated", type=int, default=2400,
                   help="build: more generated puzzles (seeds after the first ones) walked for the techniques "
                        f"still short of {drill_pool.FLOOR} drills (default 2400)")
    p.add_argument("--from-pool", type=Path, default=None, metavar="DIR",
                   help="build: start from DIR, a pool the main walk made with the same options and no fill "
                        "(--no-fill): that walk is skipped, the fill runs on")
    p.add_argument("--from-fill", type=Path, default=None, metavar="DIR",
                   help="build: start from DIR, a pool the main walk and the fill made with the same options: "
                        "only the harvest (the public puzzles they did not walk) runs on")
    parts = ",".join(name for name, _, _ in drill_pool.HARVEST_PARTS)
    p.add_argument("--harvest", default=parts, metavar="PARTS",
                   help=f"build: the harvest's parts to walk (default {parts}); they grow from the filled pool "
                        "apart, so runs of one part each, merged, give the pool one run of them all gives")
    p.add_argument("--harvest-puzzles", type=int, default=None, metavar="N",
                   help="build: walk only the first N puzzles of each harvest part (what a run stopped at a "
                        "checkpoint had)")
    p.add_argument("--from-harvest", type=Path, default=None, metavar="DIR",
                   help="build: start from DIR, a pool the main walk, the fill and the harvest made: only the "
                        "extra walk (--extra-seeds) runs on")
    p.add_argument("--extra-seeds", default=None, metavar="A..B",
                   help="build: last, walk the generated puzzles of seeds A..B for the techniques still short "
                        f"of {drill_pool.FLOOR} that a generated puzzle met (default: none)")
    p.add_argument("--neighbourhood", type=int, default=0, metavar="TRIES",
                   help="build: last, try TRIES moves (a given moved, then made minimal) around each generated "
                        f"puzzle with a drill of a technique still short, {drill_pool.NEIGHBOURHOOD} drills at most "
                        "from one puzzle's neighbours (default 0: none)")
    p.add_argument("--automorphic", type=int, default=0, metavar="N",
                   help="build: last, walk up to N puzzles whose givens show a symmetry (digits relabelled) for "
                        "Gurth's theorem, which only they meet (default 0: none)")
    p.add_argument("--sets", type=Path, default=None, metavar="DIR",
                   help="build: last, walk DIR/<technique id>.txt, puzzles made for that technique, for it "
                        "alone (default: none)")
    p.add_argument("--bank", default=None, metavar="FILE[,FILE...]",
                   help="build: after --extra-seeds, walk the puzzles of these files (one a line, or one "
                        "field of a line) as the extra walk does (default: none)")
    p.add_argument("--bank-techniques", default=None, metavar="ID[,ID...]",
                   help="build: walk the --bank puzzles, last, for these techniques alone (not as the extra "
                        f"walk), cut after the hardest of them, until each has {drill_pool.FLOOR} (for the late "
                        "chains, which only hard puzzles meet; default: none)")
    p.add_argument("--base", type=Path, default=None, metavar="DIR",
                   help="merge: the pool the --parts grew from")
    p.add_argument("--parts", default=None, metavar="DIR[,DIR...]",
                   help="merge: pools built from --base (e.g. two --extra-seeds ranges run at once), joined "
                        "in order, at most --per-technique drills each")
    p.add_argument("--no-fill", action="store_true", help="build: the main walk only")
    p.add_argument("--shared", type=Path, default=None,
                   help=f"build: the shared data folder with puzzles/ (default {DEFAULT_SHARED})")
    p.add_argument("--per-technique", type=int, default=drill_pool.PER_TECHNIQUE,
                   help=f"build: drills kept per technique (default {drill_pool.PER_TECHNIQUE})")


def run(args: argparse.Namespace) -> int:
    """Dispatch ``drills``; usage errors exit 2, a missing pool or technique too."""
    try:
        if args.count < 1:
            raise SudokuError("--count must be at least 1")
        if args.action == "build":
            return _build(args)
        if args.action == "merge":
            return _merge(args)
        if not args.technique:
            raise SudokuError("--technique is required (e.g. --technique x-wing)")
        chosen = [_choose(args, name) for name in args.technique.split(",") if name.strip()]
        if args.action == "sheet":
            if not args.output:
                raise SudokuError("drills sheet needs -o FILE.html")
            args.output.write_text(drills.sheet([d for group in chosen for d in group]))
            print(f"wrote {args.output} ({sum(len(g) for g in chosen)} drills)", file=sys.stderr)
            return 0
        for group in chosen:
            for d in group:
                print(json.dumps(d) if args.json else _text(d))
        return 0
    except SudokuError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


def _choose(args: argparse.Namespace, name: str) -> list[dict[str, Any]]:
    tid = get(name).id
    folder = args.pool or DEFAULT_POOL
    drills.load_index(folder)  # says plainly when there is no pool
    pool = drills.load_technique(folder, tid)
    if not pool:
        raise SudokuError(f"the pool has no drill of {tid}")
    numbered = [{**d, "number": i} for i, d in enumerate(pool, 1)]
    if args.seed is None:
        return numbered[: args.count]
    return random.Random(args.seed).sample(numbered, min(args.count, len(numbered)))


def _text(d: dict[str, Any]) -> str:
    board = drills.drill_board(d)
    return f"# {d['name']} drill {d['number']} ({d['source']}): find the step\n{to_pencilmark(board)}\n"


def _seeds(text: str) -> tuple[int, int]:
    """``A..B`` as (A, B), seeds from 1; a clear message otherwise."""
    first, sep, last = text.partition("..")
    try:
        a, b = int(first), int(last)
    except ValueError:
        a = b = 0
    if not sep or not 1 <= a <= b:
        raise SudokuError(f"--extra-seeds wants A..B with 1 <= A <= B (e.g. 3601..20000), not {text!r}")
    return a, b


def _build(args: argparse.Namespace) -> int:
    if not args.output:
        raise SudokuError("drills build needs -o DIR")
    shared = args.shared or DEFAULT_SHARED
    if not (shared / "puzzles").is_dir():
        print(f"note: no {shared}/puzzles: the pool comes from generated puzzles only", file=sys.stderr)
    started = time.perf_counter()

    def progress(puzzles: int, total: int) -> None:
        if puzzles % 50 == 0:
            print(f"{puzzles} puzzles, {total} drills, {time.perf_counter() - started:.0f} s", file=sys.stderr)

    seed = args.seed or 1
    fill = () if args.no_fill else drill_pool.fill_sources(shared, args.fill_generated, seed + args.generated)
    chosen = {p.strip() for p in args.harvest.split(",") if p.strip()}
    known = {name for name, _, _ in drill_pool.HARVEST_PARTS}
    if chosen - known:
        raise SudokuError(f"no harvest part {', '.join(sorted(chosen - known))}: "
                          f"choose from {', '.join(sorted(known))}")
    harvest: list[tuple[Iterable[tuple[str, Board]], bool]] = [
        (itertools.islice(drill_pool.harvest_sources(shared, name), args.harvest_puzzles)
         if name in chosen and not args.no_fill else (), whole) for name, whole, _ in drill_pool.HARVEST_PARTS]
    extra: Iterable[tuple[str, Board]] = ()
    if not args.no_fill and args.extra_seeds is not None:
        extra = drill_pool.extra_sources(*_seeds(args.extra_seeds))
    if not args.no_fill and args.bank and not args.bank_techniques:
        extra = itertools.chain(extra, drill_pool.bank_sources(_banks(args)))
    start = None
    if args.from_pool or args.from_fill or args.from_harvest:
        start = _load(args.from_harvest or args.from_fill or args.from_pool)

    def checkpoint(pool: dict[str, list[dict[str, Any]]]) -> None:
        # the worked examples from the walks come at the end
        drill_pool.write_pool(pool, args.output, drill_pool.reglib_examples(shared, pool))

    special: list[tuple[Sequence[str], Iterable[tuple[str, Board]], bool]] = []
    if not args.no_fill:
        special.append((("gurths-theorem",), drill_pool.automorphic_sources(1, args.automorphic), False))
        special += drill_pool.technique_sets(args.sets) if args.sets else []
        if args.bank_techniques:
            special.append((_bank_techniques(args), drill_pool.bank_sources(_banks(args)), False))
    pool = drill_pool.build_pool(drill_pool.pool_sources(shared, args.generated, seed), args.per_technique,
                                 seed=seed, progress=progress, fill=fill, start=start, harvest=harvest,
                                 filled=args.from_fill is not None, checkpoint=checkpoint, extra=extra,
                                 harvested=args.from_harvest is not None,
                                 neighbourhood=0 if args.no_fill else args.neighbourhood, special=special)
    _write(pool, args, shared, started)
    return 0


def _banks(args: argparse.Namespace) -> list[Path]:
    """The files of ``--bank``, each one there."""
    banks = [Path(f.strip()) for f in args.bank.split(",") if f.strip()]
    missing = [str(f) for f in banks if not f.is_file()]
    if missing:
        raise SudokuError(f"--bank: no file {', '.join(missing)}")
    return banks


def _bank_techniques(args: argparse.Namespace) -> list[str]:
    """The ids of ``--bank-techniques``, each a technique of the default path; ``--bank`` given."""
    if not args.bank:
        raise SudokuError("--bank-techniques needs --bank FILE[,FILE...] to walk")
    taught = {t.id for t in drills.path_techniques()}
    tids = [get(name).id for name in args.bank_techniques.split(",") if name.strip()]
    off = [t for t in tids if t not in taught]
    if off or not tids:
        raise SudokuError(f"--bank-techniques wants techniques of the default path, not {', '.join(off) or 'none'}")
    return tids


def _load(folder: Path) -> dict[str, list[dict[str, Any]]]:
    """A pool folder's drills (not its worked examples), per technique."""
    return {e["technique"]: drills.load_technique(folder, e["technique"])
            for e in drills.load_index(folder)["techniques"] if e["count"]}


def _merge(args: argparse.Namespace) -> int:
    if not args.output or not args.base or not args.parts:
        raise SudokuError("drills merge needs -o DIR, --base DIR and --parts DIR[,DIR...]")
    parts = [_load(Path(p.strip())) for p in args.parts.split(",") if p.strip()]
    pool = drill_pool.merge_pools(_load(args.base), parts, args.per_technique)
    _write(pool, args, args.shared or DEFAULT_SHARED, time.perf_counter())
    return 0


def _write(pool: dict[str, list[dict[str, Any]]], args: argparse.Namespace, shared: Path, started: float) -> None:
    """The pool with its worked examples into ``args.output``, and a one-line report."""
    examples = drill_pool.path_examples(shared, pool, drill_pool.reglib_examples(shared, pool),
                                        bank=drill_pool.bank_sources(_banks(args)) if args.bank else ())
    index = drill_pool.write_pool(pool, args.output, examples)
    size = sum(p.stat().st_size for p in args.output.glob("*.json"))
    counts = sorted(e["count"] for e in index["techniques"] if e["count"])  # not those with examples only
    print(f"wrote {args.output}: {len(counts)} techniques, {sum(counts)} drills (per technique min {counts[0]}, "
          f"median {counts[len(counts) // 2]}), {size} bytes, {time.perf_counter() - started:.0f} s",
          file=sys.stderr)
