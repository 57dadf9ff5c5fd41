"""The results store: one SQLite file (standard library, WAL mode) holding a row per puzzle and
scale set, keyed by the puzzle, the scale set and the package version.

Rows are written by one process only (the one reading the input): results wait in memory and go in
one short transaction about once a second, so no write transaction stays open while puzzles are
rated. SQLite makes each transaction all or nothing, so a run stopped at any moment (Ctrl-C,
``kill -9``, power loss) keeps every committed row and never a half-written one, and the next run
skips them. ``synchronous=FULL`` makes a commit durable before the run goes on.

One writer at a time: a run that writes takes an exclusive lock on the file (``flock``, released by
the system when the process ends however it ends), and a second writer is refused at once with a
message (readers, ``--export`` and ``compare``, need no lock). A store that cannot be used says why
(`StoreError`): another run writes it, it fails SQLite's integrity check (checked before a run adds
to it), it is another program's database, the disk is full, or it is read-only.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import SudokuError

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
COLUMNS = {"ratings": ("puzzle", "scale_set", "version", "source", "line", "status", "time_limit", "seconds",
                       "result", "rated_at"),
           "duplicates": ("source", "line", "scale_set", "version", "puzzle", "first_line")}
# how long a reader waits for a writer's commit to end before saying the store is busy
BUSY_MS = 10000


class StoreError(SudokuError):
    """The store cannot be used, said plainly (the CLI's exit code 4)."""


def is_store(path: str | Path) -> bool:
    """True when ``path`` is an SQLite file (``compare`` reads stores as well as text files)."""
    try:
        with open(path, "rb") as f:
            return f.read(16) == SQLITE_MAGIC
    except OSError:
        return False


def describe_failure(path: Path, e: BaseException) -> str:
    """A store failure in words: what happened to which file, and what to do."""
    text = str(e)
    low = text.lower()
    if "full" in low or getattr(e, "errno", None) == 28:
        why = "the disk is full: free some space and run again (committed rows are kept)"
    elif "readonly" in low or "read-only" in low or getattr(e, "errno", None) in (13, 30):
        why = "the store (or its folder) is read-only: make it writable or rate into another file"
    elif "locked" in low or "busy" in low:
        why = "another program holds it locked: wait for it to finish"
    elif "malformed" in low or "not a database" in low or "corrupt" in low:
        why = "the file is damaged: --export what is readable and rate into a new store"
    elif "unable to open" in low:
        why = "it cannot be opened (missing folder or no permission)"
    else:
        why = f"SQLite says: {text}"
    return f"store {path}: {why}"


@dataclass(frozen=True)
class Done:
    """What the store already knows about a puzzle."""

    source: str
    line: int
    status: str
    time_limit: float | None


class Store:
    """The ratings table of one SQLite file; open with ``Store(path)``, close with `close`.

    ``write=True`` (a rating run) creates the file if need be, takes the writer's lock and checks
    the file's integrity first; otherwise the store is only read (``--export``, ``compare``) and
    nothing is created or changed.
    """

    def __init__(self, path: str | Path, write: bool = False) -> None:
        self.path = Path(path)
        self.write = write
        self.lock: int | None = None
        self.buffer: dict[tuple[str, str, str], tuple[Any, ...]] = {}
        self.dup_buffer: list[tuple[Any, ...]] = []
        self.pending = 0
        self.last_commit = time.monotonic()
        existed = self.path.exists() and self.path.stat().st_size > 0
        if existed and not is_store(self.path):
            raise StoreError(f"{self.path} is not an SQLite ratings store (it is not an SQLite file at all)")
        if not write and not existed:
            raise StoreError(f"no such store: {self.path}")
        try:
            if write:
                self.db = sqlite3.connect(self.path, isolation_level=None)
            else:
                self.db = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", isolation_level=None, uri=True)
            # a damaged row's text is read with replacement characters instead of stopping the read
            self.db.text_factory = lambda b: b.decode("utf-8", errors="replace")
            self.db.execute(f"PRAGMA busy_timeout={BUSY_MS}")
            if write:
                self._take_lock()
            if existed:
                self._check_schema()
            if write:
                if existed:
                    self._check_integrity()
                self.db.execute("PRAGMA journal_mode=WAL")
                self.db.execute("PRAGMA synchronous=FULL")
                self.db.executescript(SCHEMA)
        except sqlite3.Error as e:
            self._release()
            raise StoreError(describe_failure(self.path, e)) from None
        except OSError as e:
            self._release()
            raise StoreError(describe_failure(self.path, e)) from None
        except StoreError:
            self._release()
            raise

    def _take_lock(self) -> None:
        """The writer's lock, refused at once when another run holds it (POSIX; elsewhere none)."""
        try:
            import fcntl
        except ImportError:
            return
        fd = os.open(self.path, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise StoreError(f"store {self.path}: another run is writing to it; wait for it to finish, or rate "
                             "into another store (reading it with --export needs no wait)") from None
        self.lock = fd

    def _release(self) -> None:
        if self.lock is not None:
            with contextlib.suppress(OSError):
                os.close(self.lock)
            self.lock = None
        with contextlib.suppress(Exception):
            self.db.close()

    def _check_schema(self) -> None:
        tables = {name for (name,) in self.db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if "ratings" not in tables:
            if tables:
                raise StoreError(f"{self.path} is another program's SQLite database (tables: "
                                 f"{', '.join(sorted(tables)[:5])}), not a ratings store; give a new file name")
            return
        for table, wanted in COLUMNS.items():
            if table not in tables:
                continue
            have = [row[1] for row in self.db.execute(f"PRAGMA table_info({table})")]
            missing = [c for c in wanted if c not in have]
            if missing:
                raise StoreError(f"{self.path} has a {table} table of another layout (no column "
                                 f"{', '.join(missing)}): not a store of this program; give a new file name")

    def _check_integrity(self) -> None:
        rows = [r[0] for r in self.db.execute("PRAGMA integrity_check(3)")]
        if rows != ["ok"]:
            raise StoreError(f"store {self.path} is damaged (SQLite's integrity check: {'; '.join(rows)[:300]}); "
                             "--export what is readable and rate into a new store")

    # ------------------------------------------------------------ reading
    def done(self, puzzle: str, scale_set: str, version: str) -> Done | None:
        held = self.buffer.get((puzzle, scale_set, version))
        if held is not None:
            return Done(held[3], held[4], held[5], held[6])
        try:
            row = self.db.execute(
                "SELECT source, line, status, time_limit FROM ratings WHERE puzzle=? AND scale_set=? AND version=?",
                (puzzle, scale_set, version)).fetchone()
        except sqlite3.Error as e:
            raise StoreError(describe_failure(self.path, e)) from None
        return Done(*row) if row else None

    def results(self, scale_set: str | None = None, version: str | None = None,
                on_bad: Any = None) -> Iterator[dict[str, Any]]:
        """The stored results (JSON objects) in input order, optionally of one scale set / version.

        A row that cannot be read (a damaged file) is skipped, not the end of the read:
        ``on_bad(message)`` hears of each one, and the rows after it still come."""
        sql, params = "SELECT rowid, result FROM ratings", []
        where = []
        if scale_set is not None:
            where.append("scale_set=?")
            params.append(scale_set)
        if version is not None:
            where.append("version=?")
            params.append(version)
        if where:
            sql += " WHERE " + " AND ".join(where)
        seen: set[int] = set()
        try:
            for rowid, text in self.db.execute(sql + " ORDER BY source, line, scale_set, version", params):
                seen.add(rowid)
                got = _decode(text, rowid, on_bad)
                if got is not None:
                    yield got
            return
        except sqlite3.DatabaseError as e:
            if on_bad is not None:
                on_bad(f"the ordered read stopped ({e}); reading the remaining rows one by one")
        # the ordered read broke on a damaged page: read every other row by its rowid
        try:
            (top,) = self.db.execute("SELECT max(rowid) FROM ratings").fetchone()
        except sqlite3.DatabaseError as e:
            if on_bad is not None:
                on_bad(f"the rest of the store cannot be read: {e}")
            return
        one = "SELECT result FROM ratings WHERE rowid=?" + ("".join(f" AND {w}" for w in where))
        for rowid in range(1, (top or 0) + 1):
            if rowid in seen:
                continue
            try:
                row = self.db.execute(one, [rowid, *params]).fetchone()
            except sqlite3.DatabaseError as e:
                if on_bad is not None:
                    on_bad(f"row {rowid} cannot be read: {e}")
                continue
            if row is not None and (got := _decode(row[0], rowid, on_bad)) is not None:
                yield got

    def duplicates(self, scale_set: str | None = None) -> list[tuple[str, int, str, int]]:
        sql = "SELECT source, line, puzzle, first_line FROM duplicates"
        rows = self.db.execute(sql + (" WHERE scale_set=?" if scale_set else "") + " ORDER BY source, line",
                               (scale_set,) if scale_set else ()).fetchall()
        return [tuple(r) for r in rows]

    def count(self) -> int:
        return int(self.db.execute("SELECT COUNT(*) FROM ratings").fetchone()[0])

    # ------------------------------------------------------------ writing
    def put(self, puzzle: str, scale_set: str, version: str, source: str, line: int, result: dict[str, Any],
            time_limit: float | None) -> None:
        """Record one puzzle's result (replacing an earlier timeout); committed within a second."""
        self.buffer[(puzzle, scale_set, version)] = (
            puzzle, scale_set, version, source, line, str(result.get("status", "")), time_limit,
            result.get("seconds"), json.dumps(result, allow_nan=False),
            time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
        self._maybe_commit()

    def put_duplicate(self, source: str, line: int, scale_set: str, version: str, puzzle: str,
                      first_line: int) -> None:
        self.dup_buffer.append((source, line, scale_set, version, puzzle, first_line))
        self._maybe_commit()

    def _maybe_commit(self) -> None:
        self.pending += 1
        if time.monotonic() - self.last_commit >= COMMIT_SECONDS:
            self.commit()

    def commit(self) -> None:
        """Write the held rows in one short transaction (raises `StoreError` if the disk refuses)."""
        if self.buffer or self.dup_buffer:
            try:
                self.db.execute("BEGIN IMMEDIATE")
                self.db.executemany("INSERT OR REPLACE INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                                    list(self.buffer.values()))
                self.db.executemany("INSERT OR REPLACE INTO duplicates VALUES (?, ?, ?, ?, ?, ?)", self.dup_buffer)
                self.db.execute("COMMIT")
            except sqlite3.Error as e:
                with contextlib.suppress(sqlite3.Error):
                    if self.db.in_transaction:
                        self.db.execute("ROLLBACK")
                raise StoreError(describe_failure(self.path, e)) from None
            self.buffer.clear()
            self.dup_buffer.clear()
        self.pending = 0
        self.last_commit = time.monotonic()

    def close(self) -> None:
        """Commit what is held, then close (the lock goes with the file)."""
        try:
            if self.write:
                self.commit()
        finally:
            self._release()


def _decode(text: Any, rowid: int, on_bad: Any) -> dict[str, Any] | None:
    try:
        got = json.loads(text)
    except (TypeError, ValueError) as e:
        if on_bad is not None:
            on_bad(f"row {rowid} is damaged ({type(e).__name__}: {e}); skipped")
        return None
    if not isinstance(got, dict):
        if on_bad is not None:
            on_bad(f"row {rowid} is damaged (not a JSON object); skipped")
        return None
    return got
