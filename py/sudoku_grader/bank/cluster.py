"""Sending the work to Dask distributed: ``tcp://HOST:8786`` (a scheduler started with
``dask scheduler``, workers with ``dask worker tcp://HOST:8786``) or ``local:N`` (a `LocalCluster`
of N single-threaded worker processes on this machine).

Dask is an optional extra (``pip install "sudoku-grader[cluster]"``); every worker needs
sudoku-grader installed too. Dask reschedules the chunks of a worker that dies, and the client
takes each chunk's result once, so a lost worker costs time, never a puzzle.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from ..errors import SudokuError

INSTALL_HINT = 'Dask is not installed: pip install "sudoku-grader[cluster]" (or pip install "dask[distributed]")'


def parse_address(spec: str) -> tuple[str, int | None]:
    """``("local", N)`` for ``local:N``, ``(address, None)`` for a scheduler address."""
    if spec.startswith("local:") or spec == "local":
        n = spec.partition(":")[2] or "2"
        if not n.isdigit() or int(n) < 1:
            raise SudokuError(f"--cluster {spec}: local:N needs a number of workers N >= 1")
        return "local", int(n)
    if "://" not in spec and ":" not in spec:
        raise SudokuError(f"--cluster {spec}: give a scheduler address tcp://HOST:8786 or local:N")
    return (spec if "://" in spec else f"tcp://{spec}"), None


@contextlib.contextmanager
def connect(spec: str) -> Iterator[tuple[Any, int]]:
    """A Dask client for ``spec`` and its number of worker threads; closes what it opened."""
    kind, n = parse_address(spec)
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise SudokuError(INSTALL_HINT) from None
    import logging

    logging.getLogger("distributed").setLevel(logging.ERROR)
    if kind == "local":
        assert n is not None
        with LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=":0") as lc, \
                Client(lc) as client:
            yield client, n
        return
    try:
        client = Client(kind, timeout="20s")
    except OSError as e:
        raise SudokuError(f"cannot reach the Dask scheduler at {kind}: {e}") from None
    try:
        workers = sum(client.nthreads().values()) or 1
        yield client, workers
    finally:
        client.close()
