"""The app's New-game bank (issue 30): puzzles made by our generator from fixed seeds, each rated
on every scale, sorted into the page's levels by bands of the SE and HoDoKu scales.

    PYTHONPATH=py python3 scripts/game_bank.py generate --seeds 0:8000 --six 0:400
    PYTHONPATH=py python3 scripts/game_bank.py pack [--per-level 500]

``generate`` makes one puzzle per seed (`generator.generate_one` with no target and one try:
a random full grid reduced to a minimal puzzle, so seed N always gives the same puzzle), rates it
on every scale (`api.rate`, at most ``--time-limit`` seconds, cooperative) and appends one JSON
line per seed to ``build/game-bank/raw9.jsonl`` (``raw6.jsonl`` for the 6x6 seeds). A run that
is stopped keeps every line written; the same command again starts after the last seed there, and
a larger range extends the log. ``pack`` reads the logs, keeps each 9x9 puzzle whose ratings fall
in one level's bands (`LEVELS`, in seed order, at most ``--per-level``) and writes
``web/bank/<level>.json`` plus ``web/bank/index.json`` (the levels, their bands, the counts and
the seed ranges). The shipped bank is therefore the same for the same logs and options. A log that
starts past seed 0 extends the shipped bank: ``pack`` keeps the shipped entries of the seeds before
it (the same lines a run from seed 0 would give). The shipped bank was made in two runs: seeds
0:4560 (and 6x6 0:400), then ``generate --seeds 4560:5738 --six 0:0`` for 84 more Expert puzzles.

Run it in the background on a shared machine: ``nice -n 15``, one process.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from sudoku_grader import api, levels  # noqa: E402
from sudoku_grader.errors import Cancelled  # noqa: E402
from sudoku_grader.generator import GenerateOptions, generate_one  # noqa: E402
from sudoku_grader.ratings import PAGES, SCALE_LIST  # noqa: E402

RAW = ROOT / "build" / "game-bank"
OUT = ROOT / "web" / "bank"

#: The page's levels, from the package's one table (`sudoku_grader.levels`): a 9x9 puzzle belongs to
#: the level whose HoDoKu level and SE band hold it; a puzzle outside every band is left out.
LEVELS: tuple[tuple[str, str, tuple[float, float], tuple[str, ...]], ...] = tuple(
    (lv.id, lv.name, lv.se, lv.hodoku) for lv in levels.LEVELS if lv.se is not None)
SIX = next((lv.id, lv.name) for lv in levels.LEVELS if lv.size == 6)


def compact(result: dict[str, Any]) -> dict[str, Any]:
    """Each scale's number and level (SE: ER, EP, ED) and the bottleneck step's name: what the
    page shows beside a game, small enough to ship."""
    out: dict[str, Any] = {}
    for scale in SCALE_LIST:
        got = result.get("ratings", {}).get(scale.id)
        if not got or "unsupported" in got:
            continue
        row: dict[str, Any] = {scale.number: got.get(scale.number)}
        if scale.level:
            row[scale.level] = got.get(scale.level)
        if scale.id == "se":
            row["ep"], row["ed"] = got.get("ep"), got.get("ed")
        if not got.get("solved", True):
            row["solved"] = False
        out[scale.id] = row
    return out


def _last_seed(path: Path) -> int | None:
    last = None
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                last = json.loads(line)["seed"]
    return last


def make(size: int, seed: int, time_limit: float) -> dict[str, Any]:
    """One bank line: the seed's puzzle, its solution and every scale's rating (or why not)."""
    made = generate_one(GenerateOptions(size=size), seed=seed, max_tries=1)
    assert made is not None  # no target: the first try is kept
    t0 = time.monotonic()
    line: dict[str, Any] = {"seed": seed, "size": size, "puzzle": made.puzzle, "solution": made.solution}
    try:
        result = api.rate(made.puzzle, cancel=lambda: time.monotonic() - t0 > time_limit)
    except Cancelled:
        line["skipped"] = f"not rated within {time_limit} s"
        return line
    line["seconds"] = round(time.monotonic() - t0, 3)
    ratings = result.get("ratings", {})
    stopped = [k for k, v in ratings.items() if isinstance(v, dict) and (v.get("status") == "timeout"
                                                                          or "error" in v)]
    if stopped:
        line["skipped"] = f"not rated within {time_limit} s on " + ", ".join(stopped)
        return line
    line["ratings"] = compact(result)
    bottleneck = result.get("bottleneck") or {}
    if bottleneck.get("name"):
        line["hardest"] = bottleneck["name"]
    return line


def generate(size: int, first: int, stop: int, time_limit: float, until: float | None) -> None:
    RAW.mkdir(parents=True, exist_ok=True)
    path = RAW / f"raw{size}.jsonl"
    last = _last_seed(path)
    start = first if last is None else max(first, last + 1)
    with path.open("a") as f:
        for seed in range(start, stop):
            if until is not None and time.time() > until:
                print(f"stopped at seed {seed} (time is up)", file=sys.stderr)
                return
            f.write(json.dumps(make(size, seed, time_limit), separators=(",", ":")) + "\n")
            f.flush()


def level_of(line: dict[str, Any]) -> str | None:
    """The level whose bands hold this 9x9 line's ratings, or None."""
    ratings = line.get("ratings")
    if not ratings:
        return None
    return levels.level_of(ratings)


def _lines(path: Path) -> Iterator[dict[str, Any]]:
    if path.exists():
        for text in path.read_text().splitlines():
            if text.strip():
                yield json.loads(text)


def _entry(line: dict[str, Any]) -> dict[str, Any]:
    entry = {"seed": line["seed"], "puzzle": line["puzzle"], "solution": line["solution"],
             "ratings": line["ratings"]}
    if line.get("hardest"):
        entry["hardest"] = line["hardest"]
    return entry


def _first_seed(path: Path) -> int | None:
    return next((line["seed"] for line in _lines(path)), None)


def _shipped(level: str, before: int | None) -> list[dict[str, Any]]:
    """The shipped bank's entries of ``level`` from seeds before ``before`` (the first seed in the
    logs): a log that starts past seed 0 extends the bank made from earlier logs, which need not be
    kept (each seed gives the same line again)."""
    path = OUT / f"{level}.json"
    if not before or not path.exists():
        return []
    return [e for e in json.loads(path.read_text()) if e["seed"] < before]


def pack(per_level: int, per_six: int) -> dict[str, Any]:
    OUT.mkdir(parents=True, exist_ok=True)
    first9, first6 = _first_seed(RAW / "raw9.jsonl"), _first_seed(RAW / "raw6.jsonl")
    old = json.loads((OUT / "index.json").read_text()) if (OUT / "index.json").exists() else {}
    chosen: dict[str, list[dict[str, Any]]] = {lid: _shipped(lid, first9)[:per_level] for lid, *_ in LEVELS}
    seeds9 = [-1, -1]
    seen = 0
    if first9 and old.get("seeds9") and old["seeds9"][1] == first9 - 1:  # the earlier logs' range
        seeds9, seen = list(old["seeds9"]), int(old.get("lines9", 0))
    for line in _lines(RAW / "raw9.jsonl"):
        seen += 1
        seeds9 = [line["seed"] if seeds9[0] < 0 else seeds9[0], line["seed"]]
        lid = level_of(line)
        if lid and len(chosen[lid]) < per_level:
            chosen[lid].append(_entry(line))
    six = (_shipped(SIX[0], first6 if first6 is not None else 1 << 62)
           + [_entry(x) for x in _lines(RAW / "raw6.jsonl") if x.get("ratings")])[:per_six]
    chosen[SIX[0]] = six
    levels = []
    for lid, label, (lo, hi), hodoku_levels in LEVELS:
        levels.append({"id": lid, "label": label, "size": 9, "count": len(chosen[lid]),
                       "se": [lo, hi], "hodoku": list(hodoku_levels)})
    levels.append({"id": SIX[0], "label": SIX[1], "size": 6, "count": len(six), "se": None, "hodoku": None})
    # the short names the page shows the bands with (the scales' headline labels)
    names = {s.id: (h[0] if (h := PAGES[s.id].headline) else s.name) for s in SCALE_LIST if s.id in ("se", "hodoku")}
    index = {"levels": levels, "scales": names, "seeds9": seeds9, "lines9": seen,
             "seeds6": [six[0]["seed"], six[-1]["seed"]] if six else None,
             "made_by": "scripts/game_bank.py"}
    for lid, entries in chosen.items():
        (OUT / f"{lid}.json").write_text(json.dumps(entries, separators=(",", ":")) + "\n")
    (OUT / "index.json").write_text(json.dumps(index, indent=1) + "\n")
    return index


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate", help="append rated puzzles for a seed range to build/game-bank/")
    g.add_argument("--seeds", default="0:8000", help="9x9 seeds FIRST:STOP (default 0:8000)")
    g.add_argument("--six", default="0:400", help="6x6 seeds FIRST:STOP (default 0:400)")
    g.add_argument("--time-limit", type=float, default=30.0, help="seconds per puzzle's rating")
    g.add_argument("--until", type=float, default=None, help="stop at this Unix time")
    p = sub.add_parser("pack", help="write web/bank/ from the logs")
    p.add_argument("--per-level", type=int, default=500)
    p.add_argument("--per-six", type=int, default=300)
    args = ap.parse_args(argv)
    if args.cmd == "generate":
        a, b = (int(x) for x in args.six.split(":"))
        generate(6, a, b, args.time_limit, args.until)
        a, b = (int(x) for x in args.seeds.split(":"))
        generate(9, a, b, args.time_limit, args.until)
    else:
        index = pack(args.per_level, args.per_six)
        for lv in index["levels"]:
            print(f"{lv['id']}: {lv['count']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
