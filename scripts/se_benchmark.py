#!/usr/bin/env python3
"""Our Sudoku Explainer rater against the real serate, per ER band, each rater timed alone.

Usage: PYTHONPATH=py python scripts/se_benchmark.py SET [--limit N] [--every K] [--ours-path DIR]
       [--chunk 10] [--se-stop pearl|diamond] [--serate-args "--pearl"] [--out rows.tsv]
       [--side-by-side [--ours-args "--se-stop pearl"]] [--ab OLD_PATH]
       [--ours-only [--max-seconds 120]]

SET is one of
  top1465-200  a spread sample of 200 of top1465 (every k-th puzzle in order of its reference ER)
  forum        the reference's forum-hardest-1106 puzzles that serate finishes
  bands        up to 12 puzzles of each ER band of se-ratings.tsv (forum puzzles left to `forum`)
  FILE         any file of puzzles, one per line (or a name in ../shared/puzzles)

Default (alternating): the real serate (../shared/anchors/serate.sh reading its puzzles from
stdin: one JVM for the whole run, so its start and warm-up count once, not per chunk) and one
worker process of ours (`ratings.se.se_rating`) stay up together but never rate at once: a
chunk of ``--chunk`` puzzles goes to one rater while the other waits idle on its input, then
the same chunk to the other; which one goes first swaps every chunk. On a machine with few
cores two raters running at once slow each other unevenly (our one Python process about 3x,
serate about 1.3x on the 2-core box), so each is timed alone. Each side's seconds are its own
per-puzzle figures for the rating alone (serate's %e: 10 ms resolution, JVM start excluded;
our `se_rating` timed around the call). Both first rate ``--warmup`` puzzles untimed (JIT, imports).

``--side-by-side`` instead runs serate on a file and our ``rate --scales se`` at the same time,
one process each (the issue's first method).

Printed per ER band (<7, 7.0-7.9, 8.0-8.9, 9.0-9.9, 10+): puzzles, the sum of seconds of each,
the ratio ours/serate, both medians, our maximum, and how many have ER, EP and ED equal.
``--ours-path`` rates with another checkout's package. ``--ab OLD_PATH`` instead times the code
before a change against ours, interleaved: one worker process each, puzzle by puzzle, alternating
which goes first, and prints each puzzle's two CPU times as it goes, then per band the two
sums of CPU seconds, their ratio and whether ER/EP/ED agree.
``--ours-only`` rates with ours alone under a time limit per puzzle (``--max-seconds``) and
prints how many finish within it, the median and the maximum (for forum-hardest-1106).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
SERATE = SHARED / "anchors" / "serate.sh"
REFERENCE = SHARED / "reference" / "se-ratings.tsv"
PUZZLES = SHARED / "puzzles"

BANDS = (("<7", 0.0, 6.95), ("7.0-7.9", 6.95, 7.95), ("8.0-8.9", 7.95, 8.95), ("9.0-9.9", 8.95, 9.95),
         ("10+", 9.95, 99.0))
# Finer bands for drawing the `bands` sample, so that easy puzzles are not all alike.
SAMPLE_BANDS = ((0.0, 2.45), (2.45, 3.95), (3.95, 6.95), (6.95, 7.95), (7.95, 8.95), (8.95, 9.95), (9.95, 99.0))


@dataclass
class Rating:
    er: float | None
    ep: float | None
    ed: float | None
    seconds: float


def band_of(er: float | None) -> str:
    if er is None:
        return "unrated"
    for name, lo, hi in BANDS:
        if lo <= er < hi:
            return name
    return "unrated"


def reference_rows() -> list[tuple[str, float, str]]:
    """(puzzle, ER, source) of every rated row of se-ratings.tsv, in file order."""
    out = []
    for line in REFERENCE.read_text().splitlines()[1:]:
        cols = line.split("\t")
        if len(cols) >= 6 and cols[1] != "timeout":
            out.append((cols[0], float(cols[1]), cols[5]))
    return out


def spread(items: list, n: int) -> list:
    """``n`` items evenly spaced over ``items`` (all of them when there are fewer)."""
    if len(items) <= n:
        return list(items)
    return [items[round(i * (len(items) - 1) / (n - 1))] for i in range(n)] if n > 1 else items[:1]


def choose(name: str) -> list[str]:
    rows = reference_rows()
    if name == "top1465-200":
        er = {p: e for p, e, _ in rows}
        lines = [x[:81] for x in (PUZZLES / "top1465.txt").read_text().split() if len(x) >= 81]
        ranked = sorted((p for p in lines if p in er), key=lambda p: er[p])
        return spread(ranked, 200)
    if name == "forum":
        return [p for p, _, source in rows if "forum-hardest" in source]
    if name == "bands":
        out = []
        for lo, hi in SAMPLE_BANDS:
            inside = sorted(((e, p) for p, e, source in rows if lo <= e < hi and "forum" not in source),
                            key=lambda t: t[0])
            out += [p for _, p in spread(inside, 12)]
        return out
    path = Path(name)
    if not path.exists():
        path = PUZZLES / f"{name}.txt"
    return [x.strip()[:81] for x in path.read_text().splitlines() if x.strip()]


def _number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def seconds(text: str) -> float:
    """serate's %e: "2.35s", "0.5", or with minutes and hours ("1m57", "1m57.2s", "1h2m3s")."""
    total, number = 0.0, ""
    for ch in text:
        if ch in "hm":
            total = (total + float(number or 0)) * 60
            number = ""
        elif ch != "s":
            number += ch
    return total + float(number or 0)


def read_serate(text: str) -> dict[str, Rating]:
    out = {}
    for line in text.splitlines():
        cols = line.split()
        if len(cols) >= 5 and len(cols[0]) >= 81:
            out[cols[0][:81]] = Rating(_number(cols[1]), _number(cols[2]), _number(cols[3]),
                                       seconds(cols[4]))
    return out


def read_ours(text: str) -> dict[str, Rating]:
    out = {}
    for line in text.splitlines():
        try:
            rec = json.loads(line)
        except ValueError:
            continue
        se = (rec.get("ratings") or {}).get("se") or {}
        if "seconds" in se:
            out[rec["puzzle"][:81]] = Rating(se.get("er"), se.get("ep"), se.get("ed"), float(se["seconds"]))
    return out


def run_both(puzzles: list[str], ours_path: Path, ours_args: list[str], serate_args: list[str]
             ) -> tuple[dict[str, Rating], dict[str, Rating], float, float]:
    """Both raters on one file at the same time; their ratings and each process's wall time."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "puzzles.txt"
        src.write_text("\n".join(puzzles) + "\n")
        env_serate = dict(os.environ, SERATE_FORMAT="%g %r %p %d %e")
        env_ours = dict(os.environ, PYTHONPATH=str(ours_path))
        out_s, out_o = open(Path(tmp) / "serate.out", "w+"), open(Path(tmp) / "ours.out", "w+")
        t0 = time.perf_counter()
        serate = subprocess.Popen(["sh", str(SERATE), str(src), *serate_args], stdout=out_s,
                                  stderr=subprocess.DEVNULL, env=env_serate)
        ours = subprocess.Popen([sys.executable, "-m", "sudoku_grader", "rate", "--scales", "se", "-f", str(src),
                                 *ours_args], stdout=out_o, env=env_ours)
        walls = {}
        pending = {"serate": serate, "ours": ours}
        while pending:
            for key, proc in list(pending.items()):
                if proc.poll() is not None:
                    walls[key] = time.perf_counter() - t0
                    del pending[key]
            time.sleep(0.05)
        out_s.seek(0)
        out_o.seek(0)
        theirs, mine = read_serate(out_s.read()), read_ours(out_o.read())
        out_s.close()
        out_o.close()
    return theirs, mine, walls["serate"], walls["ours"]


def _same(a: float | None, b: float | None) -> bool:
    return a is not None and b is not None and abs(a - b) < 0.05


def report(puzzles: list[str], theirs: dict[str, Rating], mine: dict[str, Rating]) -> list[str]:
    lines = [f"{'band':>8} {'n':>4} {'serate s':>9} {'ours s':>9} {'ratio':>6} {'med serate':>10} "
             f"{'med ours':>9} {'max ours':>9} {'ER=':>5} {'EP=':>5} {'ED=':>5}"]
    rows: dict[str, list[tuple[Rating, Rating]]] = {}
    missing = [p for p in puzzles if p not in theirs or p not in mine]
    for p in puzzles:
        if p in theirs and p in mine:
            rows.setdefault(band_of(theirs[p].er), []).append((theirs[p], mine[p]))
    for name in [b[0] for b in BANDS] + ["unrated", "all"]:
        pairs = [x for rs in rows.values() for x in rs] if name == "all" else rows.get(name, [])
        if not pairs:
            continue
        s_sum = sum(t.seconds for t, _ in pairs)
        o_sum = sum(o.seconds for _, o in pairs)
        ratio = f"{o_sum / s_sum:6.2f}" if s_sum > 0 else "     -"
        lines.append(
            f"{name:>8} {len(pairs):>4} {s_sum:>9.2f} {o_sum:>9.2f} {ratio} "
            f"{statistics.median(t.seconds for t, _ in pairs):>10.2f} "
            f"{statistics.median(o.seconds for _, o in pairs):>9.2f} {max(o.seconds for _, o in pairs):>9.2f} "
            f"{sum(_same(t.er, o.er) for t, o in pairs):>5} {sum(_same(t.ep, o.ep) for t, o in pairs):>5} "
            f"{sum(_same(t.ed, o.ed) for t, o in pairs):>5}")
    differ = [p for p in puzzles if p in theirs and p in mine and not (
        _same(theirs[p].er, mine[p].er) and _same(theirs[p].ep, mine[p].ep) and _same(theirs[p].ed, mine[p].ed))]
    for p in differ:
        t, o = theirs[p], mine[p]
        lines.append(f"differs: {p} serate {t.er}/{t.ep}/{t.ed} ours {o.er}/{o.ep}/{o.ed}")
    if missing:
        lines.append(f"no answer from one side for {len(missing)} puzzles, e.g. {missing[0]}")
    return lines


WORKER = """
import json, sys, time
from sudoku_grader.formats import parse
from sudoku_grader.ratings.se import se_rating
stop = sys.argv[1] or None
limit = float(sys.argv[2]) or None
cpu = sys.argv[3] == "cpu"
clock = time.process_time if cpu else time.perf_counter
for line in sys.stdin:
    t0 = clock()
    r = se_rating(parse(line.strip()).board, stop=stop, max_seconds=limit)
    secs = clock() - t0
    print(json.dumps([r["er"], r["ep"], r["ed"], secs, r.get("complete", True) or bool(stop)]), flush=True)
"""


def start_worker(path: Path, stop: str = "", max_seconds: float = 0.0, cpu: bool = False) -> subprocess.Popen:
    """One process of the package at ``path`` rating the puzzles it reads, one JSON line each;
    its seconds are wall-clock, or CPU seconds with ``cpu``."""
    return subprocess.Popen([sys.executable, "-c", WORKER, stop, str(max_seconds), "cpu" if cpu else "wall"],
                            stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env=dict(os.environ, PYTHONPATH=str(path)))


def ask_worker(worker: subprocess.Popen, puzzle: str) -> Rating:
    """Our rating of ``puzzle`` (ER None when a time limit cut it) and its seconds."""
    worker.stdin.write(puzzle + "\n")  # type: ignore[union-attr]
    worker.stdin.flush()  # type: ignore[union-attr]
    er, ep, ed, secs, complete = json.loads(worker.stdout.readline())  # type: ignore[union-attr]
    return Rating(er if complete else None, ep, ed, secs)


def ask_serate(serate: subprocess.Popen, puzzle: str) -> Rating:
    """serate's rating of ``puzzle`` and its own seconds for it (%e)."""
    serate.stdin.write(puzzle + "\n")  # type: ignore[union-attr]
    serate.stdin.flush()  # type: ignore[union-attr]
    line = serate.stdout.readline()  # type: ignore[union-attr]
    got = read_serate(line)
    if puzzle not in got:
        raise RuntimeError(f"serate answered {line!r} for {puzzle}")
    return got[puzzle]


def run_alternating(puzzles: list[str], ours_path: Path, stop: str, serate_args: list[str], chunk: int,
                    warmup: int = 3) -> tuple[dict[str, Rating], dict[str, Rating]]:
    """serate and ours on the same chunks in turn, never at once; each one's per-puzzle seconds.
    Both first rate ``warmup`` puzzles spread over the set, untimed, so that serate's JIT and our
    imports and tables are warm before the first timed puzzle."""
    serate = subprocess.Popen(["sh", str(SERATE), "-", *serate_args], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                              env=dict(os.environ, SERATE_FORMAT="%g %r %p %d %e"))
    ours = start_worker(ours_path, stop)
    theirs: dict[str, Rating] = {}
    mine: dict[str, Rating] = {}
    try:
        for p in spread(puzzles, warmup) if warmup else []:
            ask_serate(serate, p)
            ask_worker(ours, p)
        for k in range(0, len(puzzles), chunk):
            part = puzzles[k: k + chunk]
            turns = [(serate, ask_serate, theirs), (ours, ask_worker, mine)]
            if (k // chunk) % 2:
                turns.reverse()
            for proc, ask, into in turns:
                for p in part:
                    into[p] = ask(proc, p)
            print(f"  chunk {k // chunk + 1}: {len(part)} puzzles, serate {sum(theirs[p].seconds for p in part):.2f} s,"
                  f" ours {sum(mine[p].seconds for p in part):.2f} s", file=sys.stderr, flush=True)
    finally:
        for proc in (serate, ours):
            proc.stdin.close()  # type: ignore[union-attr]
            proc.wait()
    return theirs, mine


def run_ours_only(puzzles: list[str], ours_path: Path, max_seconds: float) -> list[str]:
    """Our rater alone with a time limit per puzzle: how many finish within it, median and max."""
    worker = start_worker(ours_path, "", max_seconds)
    times, done = [], 0
    for i, p in enumerate(puzzles):
        r = ask_worker(worker, p)
        done += r.er is not None
        times.append(r.seconds)
        print(f"  {i + 1}/{len(puzzles)} {p} ER {r.er} EP {r.ep} ED {r.ed} {r.seconds:.1f} s"
              f"{'' if r.er is not None else ' (time limit)'}", file=sys.stderr, flush=True)
    worker.stdin.close()  # type: ignore[union-attr]
    worker.wait()
    return [f"{len(puzzles)} puzzles, {done} rated within {max_seconds:g} s; seconds median "
            f"{statistics.median(times):.1f}, max {max(times):.1f}"
            + ("" if done == len(puzzles) else " (a cut rating counts the seconds it ran: the limit is checked"
               " between steps)")]


def run_ab(puzzles: list[str], old_path: Path, new_path: Path) -> list[str]:
    """The code at ``old_path`` against ``new_path``, interleaved puzzle by puzzle."""
    # CPU seconds: on a loaded machine they drift far less than wall-clock ones between two
    # processes of the same kind.
    workers = [start_worker(path, cpu=True) for path in (old_path, new_path)]
    ref = dict((p, e) for p, e, _ in reference_rows())
    rows: dict[str, list[tuple[Rating, Rating]]] = {}
    for i, p in enumerate(puzzles):
        got: list[Rating] = [Rating(None, None, None, 0.0)] * 2
        for w in ((0, 1) if i % 2 == 0 else (1, 0)):
            got[w] = ask_worker(workers[w], p)
        print(f"{i + 1:>4} {p} before {got[0].seconds:.1f} s after {got[1].seconds:.1f} s "
              f"({got[1].seconds / max(got[0].seconds, 1e-9):.2f}) ER {got[0].er} / {got[1].er}", flush=True)
        rows.setdefault(band_of(ref.get(p, got[0].er)), []).append((got[0], got[1]))
    for w in workers:
        w.stdin.close()  # type: ignore[union-attr]
        w.wait()
    lines = [f"{'band':>8} {'n':>4} {'before s':>9} {'after s':>9} {'after/before':>12} {'same ER/EP/ED':>14}"]
    for name in [b[0] for b in BANDS] + ["unrated", "all"]:
        pairs = [x for rs in rows.values() for x in rs] if name == "all" else rows.get(name, [])
        if not pairs:
            continue
        b_sum = sum(o.seconds for o, _ in pairs)
        a_sum = sum(n.seconds for _, n in pairs)
        same = sum(_same(o.er, n.er) and _same(o.ep, n.ep) and _same(o.ed, n.ed) for o, n in pairs)
        lines.append(f"{name:>8} {len(pairs):>4} {b_sum:>9.2f} {a_sum:>9.2f} {a_sum / b_sum:>12.2f} {same:>14}")
    return lines


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("set", help="top1465-200, forum, bands, or a file of puzzles")
    ap.add_argument("--limit", type=int, default=0, help="only the first N puzzles of the set")
    ap.add_argument("--ours-path", default=str(ROOT / "py"), help="PYTHONPATH of the package to time")
    ap.add_argument("--ours-args", default="", help="extra arguments for our `rate` (--side-by-side)")
    ap.add_argument("--serate-args", default="", help="extra arguments for serate (e.g. --pearl)")
    ap.add_argument("--out", default="", help="write one TSV row per puzzle here")
    ap.add_argument("--every", type=int, default=1, help="only every K-th puzzle of the set")
    ap.add_argument("--chunk", type=int, default=10, help="puzzles per turn when alternating")
    ap.add_argument("--warmup", type=int, default=3,
                    help="puzzles (spread over the set) both rate untimed first when alternating")
    ap.add_argument("--se-stop", default="", choices=("", "pearl", "diamond"),
                    help="our se_rating's stop when alternating (pair it with --serate-args)")
    ap.add_argument("--side-by-side", action="store_true",
                    help="run serate and our `rate` at the same time instead of in turns")
    ap.add_argument("--ours-only", action="store_true",
                    help="no serate: ours alone with --max-seconds per puzzle (median, max, how many finish)")
    ap.add_argument("--max-seconds", type=float, default=120.0, help="time limit per puzzle with --ours-only")
    ap.add_argument("--ab", default="", metavar="OLD_PATH",
                    help="time the package at OLD_PATH against --ours-path, interleaved (no serate)")
    args = ap.parse_args()
    puzzles = choose(args.set)[:: args.every]
    if args.limit:
        puzzles = puzzles[: args.limit]
    if args.ab:
        print(f"{args.set}: {len(puzzles)} puzzles; before = {args.ab}, after = {args.ours_path}", flush=True)
        print("\n".join(run_ab(puzzles, Path(args.ab), Path(args.ours_path))))
        return 0
    if args.ours_only:
        print(f"{args.set}: {len(puzzles)} puzzles; ours alone = {args.ours_path}, limit {args.max_seconds:g} s",
              flush=True)
        print("\n".join(run_ours_only(puzzles, Path(args.ours_path), args.max_seconds)))
        return 0
    mode = "side by side" if args.side_by_side else f"alternating in chunks of {args.chunk}"
    print(f"{args.set}: {len(puzzles)} puzzles; ours = {args.ours_path} ({mode})", flush=True)
    if args.side_by_side:
        theirs, mine, wall_s, wall_o = run_both(puzzles, Path(args.ours_path), shlex.split(args.ours_args),
                                                shlex.split(args.serate_args))
    else:
        theirs, mine = run_alternating(puzzles, Path(args.ours_path), args.se_stop,
                                       shlex.split(args.serate_args), args.chunk, args.warmup)
    print("\n".join(report(puzzles, theirs, mine)))
    if args.side_by_side:
        print(f"process wall time: serate {wall_s:.1f} s, ours {wall_o:.1f} s")
    if args.out:
        with open(args.out, "w") as fh:
            fh.write("puzzle\tserate_er\tserate_ep\tserate_ed\tserate_s\ter\tep\ted\tseconds\n")
            for p in puzzles:
                t, o = theirs.get(p), mine.get(p)
                if t and o:
                    fh.write(f"{p}\t{t.er}\t{t.ep}\t{t.ed}\t{t.seconds}\t{o.er}\t{o.ep}\t{o.ed}\t{o.seconds}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
