"""Rating a stream of puzzles in chunks, in input order, on one process, N processes or a Dask
cluster, with flat memory: at most ``window`` chunks are in flight, so a 10 million line input
costs what a few hundred puzzles cost.

Chunks are sized from the measured time per puzzle so that one chunk takes about
``CHUNK_SECONDS``: the per-task cost of the executor (a millisecond for a process pool, a few for
Dask) stays far below 5% of the work, and a hard puzzle still travels alone.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from .. import api, ratings
from ..errors import SudokuError
from . import timed

CHUNK_SECONDS = 1.0
FIRST_CHUNK = 4
MAX_CHUNK = 2000
BAD_STATUSES = ("invalid", "none", "multiple", "duplicate", "error")
# how often a --jobs worker looks whether the process that started it is still there
WATCH_SECONDS = 0.5


@dataclass(frozen=True)
class Settings:
    """What every puzzle of a run is rated with (sent with each chunk): the rating's own
    `ratings.Settings`, whole, and the time limit per puzzle."""

    rating: ratings.Settings = field(default_factory=ratings.Settings)
    time_limit: float | None = None

    def key(self) -> str:
        """The store's name for what is rated (`ratings.Settings.key`; the time limit is its own column)."""
        return self.rating.key()


_BLANKS = str.maketrans("0-*_", "....")
_LINE_CHARS = frozenset("123456789.0-*_")


def puzzle_key(text: str) -> str:
    """The puzzle as one 81-character line (how the store knows it), or the stripped text if unreadable.

    A plain 81-character line is keyed without building a board (the main process keys every line
    of the bank); anything else goes through the parser.
    """
    line = text.strip()
    if len(line) == 81 and _LINE_CHARS.issuperset(line):
        return line.translate(_BLANKS)
    try:
        return api.load(text).to_string(".")
    except SudokuError:
        return text.strip()
    except Exception:  # never let one bad line stop the bank
        return text.strip()


def rate_one(text: str, settings: Settings) -> dict[str, Any]:
    """One puzzle's result; our own failure is ``status`` "error" (not a verdict: never stored)."""
    try:
        return timed.rate(text, settings.rating, settings.time_limit)
    except RecursionError:
        return {"puzzle": text.strip(), "status": "error",
                "error": "internal error (the position is too deep to analyse); please report this puzzle"}
    except Exception as e:  # a worker reports, never dies: the line keeps its place
        first = str(e).splitlines()[0] if str(e).strip() else "no message"
        return {"puzzle": text.strip(), "status": "error",
                "error": f"internal error ({type(e).__name__}: {first}); please report this puzzle"}


def rate_chunk(chunk: list[tuple[int, str]], settings: Settings) -> list[dict[str, Any]]:
    """Rate ``(line, text)`` pairs; each result carries its ``line``. Runs in workers (picklable)."""
    out = []
    for line, text in chunk:
        r = rate_one(text, settings)
        r["line"] = line
        out.append(r)
    return out


class _Future(Protocol):
    def result(self) -> list[dict[str, Any]]: ...


Submit = Callable[[list[tuple[int, str]]], _Future]


class ChunkSizer:
    """Chunk sizes from the time per puzzle seen so far (a running mean of the results' seconds)."""

    def __init__(self, seconds: float = CHUNK_SECONDS, fixed: int | None = None) -> None:
        self.seconds, self.fixed = seconds, fixed
        self.rated, self.total = 0, 0.0

    def saw(self, results: list[dict[str, Any]]) -> None:
        for r in results:
            s = r.get("seconds")
            if isinstance(s, (int, float)):
                self.rated += 1
                self.total += float(s)

    def size(self) -> int:
        if self.fixed:
            return self.fixed
        if not self.rated:
            return FIRST_CHUNK
        per = max(self.total / self.rated, 1e-4)
        return max(1, min(MAX_CHUNK, int(self.seconds / per)))


def chunked(items: Iterable[tuple[int, str]], sizer: ChunkSizer) -> Iterator[list[tuple[int, str]]]:
    it = iter(items)
    while chunk := list(itertools.islice(it, sizer.size())):
        yield chunk


def ordered(submit: Submit, chunks: Iterable[list[tuple[int, str]]], window: int,
            sizer: ChunkSizer) -> Iterator[dict[str, Any]]:
    """Results in input order with at most ``window`` chunks submitted and not yet handed out."""
    pending: deque[_Future] = deque()
    for chunk in chunks:
        pending.append(submit(chunk))
        while len(pending) >= window:
            got = pending.popleft().result()
            sizer.saw(got)
            yield from got
    while pending:
        got = pending.popleft().result()
        sizer.saw(got)
        yield from got


class _Done:
    def __init__(self, value: list[dict[str, Any]]) -> None:
        self.value = value

    def result(self) -> list[dict[str, Any]]:
        return self.value


def rate_stream(items: Iterable[tuple[int, str]], settings: Settings, jobs: int = 1,
                cluster: str | None = None, chunk: int | None = None) -> Generator[dict[str, Any], None, None]:
    """Rate ``(line, text)`` items in input order: here, on ``jobs`` processes, or on a Dask cluster."""
    sizer = ChunkSizer(fixed=chunk)
    if cluster:
        from .cluster import connect

        with connect(cluster) as (client, workers):
            def submit_dask(c: list[tuple[int, str]]) -> _Future:
                fut: _Future = client.submit(rate_chunk, c, settings, pure=False)
                return fut

            yield from ordered(submit_dask, chunked(items, sizer), 4 * workers + 2, sizer)
        return
    if jobs <= 1:
        yield from ordered(lambda c: _Done(rate_chunk(c, settings)), chunked(items, ChunkSizer(fixed=1)), 1, sizer)
        return
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(jobs, initializer=watch_parent, initargs=(os.getpid(),))

    def submit_local(c: list[tuple[int, str]]) -> _Future:
        return pool.submit(rate_chunk, c, settings)

    # chunks for processes aim at a tenth of the cluster's: a pool task costs far less
    sizer.seconds = CHUNK_SECONDS / 10
    try:
        yield from ordered(submit_local, chunked(items, sizer), 4 * jobs, sizer)
    except BaseException:
        # stopped (Ctrl-C, SIGTERM, an error, the reader gone): the workers go now, mid-puzzle
        pool.shutdown(wait=False, cancel_futures=True)
        for child in multiprocessing.active_children():
            child.kill()
        raise
    pool.shutdown(wait=True)


def watch_parent(parent: int) -> None:
    """A ``--jobs`` worker's first act: a thread that ends the worker once the process that started
    it is gone (``kill -9`` gives the parent no chance to stop its workers)."""

    # a forked worker inherits the CLI's SIGTERM handler (raise SystemExit), which the pool would
    # catch as a task's result: a worker told to stop must stop
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    first = os.getppid()  # the parent itself (fork) or a fork server (spawn, forkserver)

    def watch() -> None:
        while os.getppid() == first:
            try:
                os.kill(parent, 0)
            except ProcessLookupError:
                break
            except OSError:
                pass
            time.sleep(WATCH_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()
