"""The results store: one SQLite file (standard library, WAL mode) holding a row per puzzle and
scale set, keyed by the puzzle, the scale set and the package version.

Rows are written by one process only (the one reading the input), in transactions of a second's
worth of results; SQLite makes each transaction all or nothing, so a run stopped at any moment
(Ctrl-C, ``kill -9``, power loss) keeps every committed row and never a half-written one, and the
next run skips them. ``synchronous=FULL`` makes a commit durable before the run goes on.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import SudokuError
from ..ratings import BY_ID

SCHEMA = """
CREATE TABLE IF NOT EXISTS ratings (
    puzzle     TEXT NOT NULL,   -- the puzzle as one 81-character line, or the text of a bad line
    scale_set  TEXT NOT NULL,   -- the scales asked for (and the score table's digest, if one was given)
    version    TEXT NOT NULL,   -- the sudoku-grader version that rated it
    source     TEXT NOT NULL,   -- the input it came from (file name, '-' for standard input, 'arguments')
    line       INTEGER NOT NULL,-- its line number there (the first, when it appears again)
    status     TEXT NOT NULL,   -- unique, timeout, invalid, none, multiple
    time_limit REAL,            -- the per-puzzle limit it ran under, NULL for none
    seconds    REAL,
    result     TEXT NOT NULL,   -- the JSON object `rate` prints
    rated_at   TEXT NOT NULL,
    PRIMARY KEY (puzzle, scale_set, version)
);
CREATE TABLE IF NOT EXISTS duplicates (
    source     TEXT NOT NULL,
    line       INTEGER NOT NULL,
    scale_set  TEXT NOT NULL,
    version    TEXT NOT NULL,
    puzzle     TEXT NOT NULL,
    first_line INTEGER NOT NULL,
    PRIMARY KEY (source, line, scale_set, version)
);
"""

COMMIT_SECONDS = 1.0
SQLITE_MAGIC = b"SQLite format 3\x00"


def scale_set_key(scales: list[str], scores: dict[str, Any] | None, se_stop: str | None = None) -> str:
    """``se,hodoku`` or ``hodoku+scores:1a2b3c4d5e6f`` when a user score table changes the prices;
    ``se+se-stop:pearl`` when SE stopped at EP (its ER is then not final)."""
    key = ",".join(scales)
    if se_stop and any(BY_ID[s].stops for s in scales if s in BY_ID):
        key += f"+se-stop:{se_stop}"
    if scores:
        digest = hashlib.sha1(json.dumps(scores, sort_keys=True).encode()).hexdigest()[:12]
        key += f"+scores:{digest}"
    return key


def is_store(path: str | Path) -> bool:
    """True when ``path`` is an SQLite file (``compare`` reads stores as well as text files)."""
    try:
        with open(path, "rb") as f:
            return f.read(16) == SQLITE_MAGIC
    except OSError:
        return False


@dataclass(frozen=True)
class Done:
    """What the store already knows about a puzzle."""

    source: str
    line: int
    status: str
    time_limit: float | None


class Store:
    """The ratings table of one SQLite file; open with ``Store(path)``, close with `close`."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if self.path.exists() and self.path.stat().st_size and not is_store(self.path):
            raise SudokuError(f"{self.path} is not an SQLite ratings store")
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.executescript(SCHEMA)
        except sqlite3.Error as e:
            raise SudokuError(f"cannot open the store {self.path}: {e}") from None
        self.pending = 0
        self.last_commit = time.monotonic()

    # ------------------------------------------------------------ reading
    def done(self, puzzle: str, scale_set: str, version: str) -> Done | None:
        row = self.db.execute(
            "SELECT source, line, status, time_limit FROM ratings WHERE puzzle=? AND scale_set=? AND version=?",
            (puzzle, scale_set, version)).fetchone()
        return Done(*row) if row else None

    def results(self, scale_set: str | None = None, version: str | None = None) -> Iterator[dict[str, Any]]:
        """The stored results (JSON objects) in input order, optionally of one scale set / version."""
        sql, params = "SELECT result FROM ratings", []
        where = []
        if scale_set is not None:
            where.append("scale_set=?")
            params.append(scale_set)
        if version is not None:
            where.append("version=?")
            params.append(version)
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY source, line, scale_set, version"
        for (text,) in self.db.execute(sql, params):
            yield json.loads(text)

    def duplicates(self, scale_set: str | None = None) -> list[tuple[str, int, str, int]]:
        sql = "SELECT source, line, puzzle, first_line FROM duplicates"
        rows = self.db.execute(sql + (" WHERE scale_set=?" if scale_set else "") + " ORDER BY source, line",
                               (scale_set,) if scale_set else ()).fetchall()
        return [tuple(r) for r in rows]

    def count(self) -> int:
        return int(self.db.execute("SELECT COUNT(*) FROM ratings").fetchone()[0])

    # ------------------------------------------------------------ writing
    def _begin(self) -> None:
        if not self.db.in_transaction:
            self.db.execute("BEGIN")

    def put(self, puzzle: str, scale_set: str, version: str, source: str, line: int, result: dict[str, Any],
            time_limit: float | None) -> None:
        """Record one puzzle's result (replacing an earlier timeout); committed within a second."""
        self._begin()
        self.db.execute(
            "INSERT OR REPLACE INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (puzzle, scale_set, version, source, line, str(result.get("status", "")), time_limit,
             result.get("seconds"), json.dumps(result), time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())))
        self._maybe_commit()

    def put_duplicate(self, source: str, line: int, scale_set: str, version: str, puzzle: str,
                      first_line: int) -> None:
        self._begin()
        self.db.execute("INSERT OR REPLACE INTO duplicates VALUES (?, ?, ?, ?, ?, ?)",
                        (source, line, scale_set, version, puzzle, first_line))
        self._maybe_commit()

    def _maybe_commit(self) -> None:
        self.pending += 1
        if time.monotonic() - self.last_commit >= COMMIT_SECONDS:
            self.commit()

    def commit(self) -> None:
        if self.db.in_transaction:
            self.db.execute("COMMIT")
        self.pending = 0
        self.last_commit = time.monotonic()

    def close(self) -> None:
        self.commit()
        self.db.close()
