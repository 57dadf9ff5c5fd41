"""Checking numbers on the command line before any work starts, and the documented exit codes.

argparse's own ``type=int`` / ``type=float`` take ``nan``, ``inf``, ``1e300`` and numerals in other
scripts (``٣``); here a time limit is a finite number of seconds in (0, `MAX_SECONDS`], a count an
ASCII integer in its range, and ``--jobs`` is capped at the machine's cores with a note on stderr.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable

# Exit codes (README "Exit codes"): the same for every command.
OK = 0
BAD_INPUT = 1  # some puzzle invalid, unsolvable or not unique (the rest is still processed)
USAGE = 2  # unknown command, option or technique, bad number, unreadable file
INTERNAL = 3  # our bug on some puzzle (its row is not stored: a later run retries it)
STORE = 4  # the --db store cannot be used: another run writes it, damaged, foreign, full disk, read-only

# a week: longer limits are a typo, and a timer cannot be set past about 1e9 s anyway
MAX_SECONDS = 7 * 24 * 3600.0
MAX_COUNT = 10**9
# the limits when none is given: a listing or a hint is one search, a path or a rating may take minutes
DEFAULT_LIMITS = {"steps": 60.0, "hint": 60.0, "explain": 3600.0, "rate": 3600.0}


def seconds(option: str) -> Callable[[str], float]:
    """An argparse type: a finite number of seconds in (0, `MAX_SECONDS`]."""

    def parse(text: str) -> float:
        try:
            value = float(text) if text.isascii() else math.nan
        except ValueError:
            value = math.nan
        if not math.isfinite(value) or not 0 < value <= MAX_SECONDS:
            raise argparse.ArgumentTypeError(
                f"{option} {text!r}: give a number of seconds above 0 and at most {MAX_SECONDS:g} (a week)")
        return value

    return parse


def number(option: str, lowest: float = -math.inf, highest: float = math.inf) -> Callable[[str], float]:
    """An argparse type: a finite number within [lowest, highest] (``generate --min/--max``)."""

    def parse(text: str) -> float:
        try:
            value = float(text) if text.isascii() else math.nan
        except ValueError:
            value = math.nan
        if not math.isfinite(value) or not lowest <= value <= highest:
            raise argparse.ArgumentTypeError(f"{option} {text!r}: give a finite number")
        return value

    return parse


def count(option: str, lowest: int = 1, highest: int = MAX_COUNT) -> Callable[[str], int]:
    """An argparse type: an ASCII integer within [lowest, highest]."""

    def parse(text: str) -> int:
        t = text.strip()
        ok = t.isascii() and (t[1:] if t[:1] in "+-" else t).isdigit() and len(t) <= 20
        if not ok or not lowest <= int(t) <= highest:
            raise argparse.ArgumentTypeError(f"{option} {text!r}: give a whole number from {lowest} to {highest}")
        return int(t)

    return parse


def cores() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def capped_jobs(jobs: int, quiet: bool = False) -> int:
    """``--jobs`` no higher than the cores (more processes only cost memory), saying so on stderr."""
    have = cores()
    if jobs > have:
        if not quiet:
            print(f"note: --jobs {jobs} is more than this machine's {have} cores; using {have}", file=sys.stderr)
        return have
    return jobs
