"""Wall time of the page's analysis with 1, 2, 3, 4 workers, side by side (issue 32's floor).

For each puzzle (SE 7-9.5 rows of ``../shared/reference/se-ratings.tsv``, evenly spread over the
ER range) each worker count rates and explains it in its own open page (``?workers=N``), the
counts taking turns in an order that flips from puzzle to puzzle, on one build: the puzzle is put
on the grid without rating it, and the time runs from the click on *Rate & explain* to the last
scale and the path shown. Beside it, the renderer's CPU time meanwhile (its Web Workers', where
Python runs, and its other threads') and the load average: on a shared 2-core machine two workers
can only gain what the others leave free. Before that, each page rates a warm-up puzzle (every
worker booted, not timed) and the renderer's memory is read with that page alone open (``/proc``:
the sum of this run's chromium renderer processes, where the page's workers live), so the memory
of one worker is the difference between counts. ``--timeline`` prints each analysis's jobs: which
worker ran what, from when to when.

    python scripts/measure_workers.py --puzzles 12 --workers 1,2,3,4      # the floor: 2 vs 1 <= 0.65x
    nice -n 10 python scripts/measure_workers.py --puzzles 4 --workers 1,2   # a short run on a busy machine

Prints one line per puzzle and count, then per count the sum, the median and the ratio of sums
to one worker, the CPU time, the boot time of each worker and the renderer memory, and writes them
as JSON with ``--json FILE``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

import browser_support as bs  # noqa: E402

WARM_UP = bs.EASY


def pick(count: int, low: float, high: float) -> list[tuple[str, float]]:
    """``count`` puzzles of SE ``low``..``high``, evenly spread over the ER-sorted rows."""
    rows = []
    table = ROOT.parent / "shared" / "reference" / "se-ratings.tsv"
    for line in table.read_text().splitlines()[1:]:
        parts = line.split("\t")
        try:
            er = float(parts[1])
        except (IndexError, ValueError):
            continue  # a row serate did not finish ("timeout")
        if low <= er <= high:
            rows.append((parts[0], er))
    rows.sort(key=lambda r: (r[1], r[0]))
    if len(rows) <= count:
        return rows
    step = (len(rows) - 1) / max(1, count - 1)
    return [rows[round(i * step)] for i in range(count)]


def _descendants() -> set[int]:
    """This process's descendants (the playwright driver, its chromium and the renderers): other
    people's browsers on a shared machine are not counted."""
    parent: dict[int, int] = {}
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                stat = (proc / "stat").read_text()
                parent[int(proc.name)] = int(stat.rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
    mine = {os.getpid()}
    grew = True
    while grew:
        grew = False
        for pid, ppid in parent.items():
            if ppid in mine and pid not in mine:
                mine.add(pid)
                grew = True
    return mine


def _renderers() -> list[Path]:
    """``/proc`` folders of this run's chromium renderer processes (the pages and their workers)."""
    out = []
    for pid in _descendants():
        proc = Path("/proc") / str(pid)
        try:
            if b"--type=renderer" in (proc / "cmdline").read_bytes():
                out.append(proc)
        except OSError:
            continue
    return out


def renderer_cpu() -> dict[str, float]:
    """CPU seconds used so far by the renderers' threads: ``workers`` (the Web Workers, where Python
    runs) and ``page`` (every other thread: the page's main thread, the compositor...)."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {"workers": 0.0, "page": 0.0}
    for proc in _renderers():
        try:
            tasks = list((proc / "task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                stat = (task / "stat").read_text()
            except OSError:
                continue
            name = stat[stat.index("(") + 1:stat.rindex(")")]
            fields = stat.rsplit(")", 1)[1].split()
            used = (int(fields[11]) + int(fields[12])) / tick  # utime + stime
            out["workers" if name.startswith("DedicatedWorker") else "page"] += used
    return out


def renderer_rss_mb() -> float:
    """Resident memory of this run's chromium renderer processes (the page and its workers), in MB."""
    total = 0
    for proc in _renderers():
        try:
            for line in (proc / "status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return round(total / 1024, 1)


DONE = """(p) => {
  const s = window.sudokuGrader?.state;
  const a = s?.analysis;
  return Boolean(a && a.puzzle === p && a.explain && !s.running && !(a.pending || []).length);
}"""


LOADED = """async (p) => { const g = window.sudokuGrader;
  await g.actions.loadText(g.store, p, { analyzeAfter: false });
  return g.state.game.puzzle() === p && !g.state.running; }"""


def analyse(page: Any, puzzle: str, timeout_s: float) -> tuple[float, dict[str, float]]:
    """Put ``puzzle`` on the grid (not rated), click *Rate & explain* and wait for every scale and
    the path: the wall time from the click, and the renderer's CPU time meanwhile (`renderer_cpu`)."""
    if not page.evaluate(LOADED, puzzle):
        raise SystemExit(f"the page did not take {puzzle} without rating it")
    page.wait_for_function("() => !window.sudokuGrader.state.running && window.sudokuGrader.engine.state === 'ready'",
                           timeout=timeout_s * 1000, polling=50)
    cpu0 = renderer_cpu()
    t0 = time.perf_counter()
    page.click('[data-testid="analyze"]')
    page.wait_for_function(DONE, arg=puzzle, timeout=timeout_s * 1000, polling=50)
    seconds = time.perf_counter() - t0
    cpu1 = renderer_cpu()
    return seconds, {k: round(cpu1[k] - cpu0[k], 2) for k in cpu1}


def timeline(page: Any) -> str:
    """The last analysis's jobs as ``job@lane start-end`` (seconds from its start; lane -1: the quick worker)."""
    jobs = page.evaluate("() => window.sudokuGrader.pool?.timeline ?? []")
    def end(j: dict[str, Any]) -> str:
        return "?" if j["end"] is None else f"{j['end']:.1f}"

    return "  ".join(f"{j['job']}@{j['lane']} {j['start']:.1f}-{end(j)}" for j in jobs)


def open_page(browser: Any, url: str, n: int) -> Any:
    page = browser.new_page()
    page.goto(f"{url}?workers={n}")
    page.wait_for_function("() => window.sudokuGrader?.state?.catalogue", timeout=bs.BOOT_TIMEOUT_MS)
    return page


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--puzzles", type=int, default=12)
    ap.add_argument("--workers", default="1,2,3,4", help="worker counts, comma-separated")
    ap.add_argument("--min", type=float, default=7.0)
    ap.add_argument("--max", type=float, default=9.5)
    ap.add_argument("--timeout", type=float, default=900, help="seconds per analysis")
    ap.add_argument("--json", type=Path, default=None)
    ap.add_argument("--memory-only", action="store_true", help="only the memory and boot times of each count")
    ap.add_argument("--timeline", action="store_true", help="print each analysis's jobs: lane, start and end")
    args = ap.parse_args(argv)
    counts = [int(x) for x in args.workers.split(",")]
    puzzles = pick(args.puzzles, args.min, args.max)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        dist = bs.build_dist(Path(tmp))
        url, server = bs.serve(dist)
        with sync_playwright() as pw:
            browser = bs.launch(pw)
            memory: dict[int, float] = {}
            boots: dict[int, list[Any]] = {}
            for n in counts:  # memory with one page open at a time
                page = open_page(browser, url, n)
                analyse(page, WARM_UP, args.timeout)
                page.wait_for_function("() => (window.sudokuGrader.pool?.bootTimes() ?? []).every((s) => s !== null)",
                                       timeout=bs.BOOT_TIMEOUT_MS)  # a worker the warm-up did not need still boots
                memory[n] = renderer_rss_mb()
                boots[n] = page.evaluate("() => window.sudokuGrader.pool?.bootTimes() ?? []")
                page.close()
            if args.memory_only:
                for n in counts:
                    print(f"workers={n}: renderer {memory[n]} MB (page and workers, after rating one puzzle); "
                          f"boot {boots[n]} s")
                browser.close()
                server.shutdown()
                return 0
            pages = {n: open_page(browser, url, n) for n in counts}
            for page in pages.values():
                analyse(page, WARM_UP, args.timeout)
            times: dict[int, list[float]] = {n: [] for n in counts}
            cpus: dict[int, list[dict[str, float]]] = {n: [] for n in counts}
            for i, (puzzle, er) in enumerate(puzzles):
                order = counts if i % 2 == 0 else list(reversed(counts))
                for n in order:
                    seconds, cpu = analyse(pages[n], puzzle, args.timeout)
                    times[n].append(seconds)
                    cpus[n].append(cpu)
                    print(f"{i + 1:2d} ER {er:4.1f} workers={n}: {seconds:7.2f} s (CPU: workers "
                          f"{cpu['workers']:.1f} s, page {cpu['page']:.1f} s; load {os.getloadavg()[0]:.1f})",
                          flush=True)
                    if args.timeline:
                        print("     " + timeline(pages[n]), flush=True)
            browser.close()
        server.shutdown()
    print(f"load average at the end: {os.getloadavg()}")
    autogroup = Path("/proc/sys/kernel/sched_autogroup_enabled")
    if autogroup.exists() and autogroup.read_text().strip() == "1":
        # the kernel shares the CPU between sessions first: the browser's workers are one session's
        # threads, so while another session keeps a core busy, 2 workers get about what 1 gets
        print("sched_autogroup is on: the browser's workers share one session's CPU share; compare 'cores on average'")
    one = sum(times[counts[0]])
    report = {"puzzles": [p for p, _ in puzzles], "er": [e for _, e in puzzles], "runs": {}}
    for n in counts:
        total = sum(times[n])
        line = {"sum_s": round(total, 2), "median_s": round(statistics.median(times[n]), 2),
                "ratio_to_first": round(total / one, 3) if one else None, "times_s": [round(t, 2) for t in times[n]],
                "renderer_mb": memory[n], "boot_s": boots[n],
                "cpu_workers_s": round(sum(c["workers"] for c in cpus[n]), 1),
                "cpu_page_s": round(sum(c["page"] for c in cpus[n]), 1)}
        line["cores_used"] = round((line["cpu_workers_s"] + line["cpu_page_s"]) / total, 2) if total else None
        report["runs"][str(n)] = line
        print(f"workers={n}: sum {line['sum_s']} s, median {line['median_s']} s, {line['ratio_to_first']}x of "
              f"workers={counts[0]}; CPU: workers {line['cpu_workers_s']} s, page {line['cpu_page_s']} s "
              f"({line['cores_used']} cores on average); "
              f"renderer {memory[n]} MB (page and workers); boot {boots[n]} s")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
