"""The command line's entry: ``python -m sudoku_grader COMMAND [PUZZLE ...] [-f FILE]``.

Commands: solve, explain, steps, rate, hint, techniques, generate, compare, embed, daily, book, drills. Puzzles come
from the arguments, from ``-f FILE`` or from standard input, one a line (a file
or argument holding a single multi-line grid or pencilmark grid is one puzzle).
Files are streamed line by line, so their size does not matter.

Output: one JSON object per puzzle, in input order (``explain`` prints numbered
steps as text unless ``--json`` or ``--format jsonl``); ``--format csv`` writes CSV rows
instead (`records`). Exit codes: 0 all good, 1 some input was invalid or unsolvable (the
rest is still processed, and stderr says which lines), 2 usage error (unknown command,
option or technique, missing file).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

from .. import __version__, api
from ..bank import timed
from ..bank.store import StoreError
from ..errors import SudokuError
from ..formats import looks_like_line
from ..ratings import BY_ID, SCALES, Settings, parse_scales
from ..techniques import Options
from . import book as book_cmd
from . import compare as compare_cmd
from . import daily as daily_cmd
from . import drills as drills_cmd
from . import embed as embed_cmd
from . import generate as generate_cmd
from . import rate as rate_cmd
from .checks import BAD_INPUT, DEFAULT_LIMITS, INTERNAL, OK, STORE, USAGE
from .detail import add_detail_argument, check_detail, net_lines, scale_lines
from .records import COMMAND_TABLES, OPTIONS, TECHNIQUES, RecordWriter, add_format_argument, output_format

COMMANDS = ("solve", "explain", "steps", "rate", "hint")
PROGRESS_MIN_PUZZLES = 300
# a file whose first line is not a one-line puzzle is read whole (as one grid) up to this size
GRID_MAX_LINES = 60


class UsageError(Exception):
    """Bad command-line usage: exit code 2."""


# ---------------------------------------------------------------- input
def _lines(stream: Iterable[bytes], name: str) -> Iterator[str]:
    """The stream's lines as text (bad UTF-8 replaced); a read error is the user's file, not our bug."""
    try:
        for raw in stream:
            yield raw.decode("utf-8", errors="replace").rstrip("\r\n")
    except OSError as e:
        raise UsageError(f"cannot read {name}: {e.strerror or e}") from None


def clean_argument(text: str) -> str:
    """An argument as valid text: bytes that were not UTF-8 (kept by Python as lone surrogates, which
    no output can encode) become U+FFFD, as they do in files."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _read_items(stream: Iterable[bytes], name: str = "standard input") -> Iterator[tuple[int, str]]:
    """(line number, text) per puzzle; a stream holding one multi-line grid gives one item.

    Empty lines and ``#`` comment lines are skipped (their numbers still count).
    """
    lines = _lines(stream, name)
    numbered = enumerate(lines, 1)
    head: list[tuple[int, str]] = []
    for n, text in numbered:
        head.append((n, text))
        if text.strip() and not text.lstrip().startswith("#"):
            break
    first_text = head[-1][1] if head else ""
    if first_text.strip() and not first_text.lstrip().startswith("#") and not looks_like_line(first_text):
        # maybe a single multi-line grid: look ahead a little
        more = list(itertools.islice(numbered, GRID_MAX_LINES))
        head += more
        # one grid, unless several lines are puzzles of their own (then the first line is just bad)
        if len(more) < GRID_MAX_LINES and sum(looks_like_line(t) for _, t in more) < 2:
            yield head[-len(more) - 1][0], "\n".join(t for _, t in head)
            return
    for n, text in itertools.chain(head, numbered):
        if text.strip() and not text.lstrip().startswith("#"):
            yield n, text


class _Counting:
    """Wraps a binary stream to count bytes read, for the progress indicator."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream
        self.read_bytes = 0

    def __iter__(self) -> Iterator[bytes]:
        for raw in self.stream:
            self.read_bytes += len(raw)
            yield raw


class _Progress:
    """``\\r1234 puzzles, 12%`` on stderr, at most a few times a second."""

    def __init__(self, counter: _Counting, total_bytes: int) -> None:
        self.counter = counter
        self.total = max(1, total_bytes)
        self.last = 0.0
        self.shown = False

    def tick(self, done: int) -> None:
        now = time.monotonic()
        if now - self.last < 0.25:
            return
        self.last = now
        pct = 100 * self.counter.read_bytes // self.total
        sys.stderr.write(f"\r{done} puzzles, {pct}% of the file ")
        sys.stderr.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\r" + " " * 40 + "\r")
            sys.stderr.flush()


def _inputs(args: argparse.Namespace) -> tuple[Iterable[tuple[int, str]], _Progress | None, IO[bytes] | None]:
    if args.puzzles:
        if args.file:
            raise UsageError("give puzzles as arguments or with -f FILE, not both")
        return list(enumerate(map(clean_argument, args.puzzles), 1)), None, None
    if args.file and args.file != "-":
        try:
            handle: IO[bytes] = open(args.file, "rb")  # noqa: SIM115 - closed by main
        except OSError as e:
            raise UsageError(f"cannot read {args.file}: {e.strerror}") from None
        size = os.fstat(handle.fileno()).st_size
        counter = _Counting(handle)
        progress = None
        # about 82 bytes per puzzle line
        if size // 82 > PROGRESS_MIN_PUZZLES and sys.stderr.isatty():
            progress = _Progress(counter, size)
        return _read_items(counter, clean_argument(args.file)), progress, handle
    if sys.stdin.isatty() and not args.file:
        raise UsageError("no puzzle given: pass puzzles as arguments, -f FILE, or pipe them on standard input")
    return _read_items(sys.stdin.buffer), None, None


# ---------------------------------------------------------------- output
def _explain_text(n: int, out: dict[str, Any], detail: bool = False) -> str:
    lines = [f"Puzzle {n}: {out.get('puzzle', '')}"]
    status = out.get("status")
    if status == "invalid" or "error" in out:
        lines.append(f"  {status}: {out.get('error', '')}")
        return "\n".join(lines)
    for scale, r in (out.get("ratings") or {}).items():
        keys = BY_ID[scale].columns if scale in BY_ID else ()  # the fields its record says a row shows
        shown = (r.get("error") or (r.get("unsupported") and f"unsupported ({r['unsupported']})")
                 or ", ".join(f"{k} {r[k]}" for k in keys if k in r))
        lines.append(f"  {scale}: {shown}")
        if detail:
            lines += scale_lines(r, "      ")
    # without an SE rating (a 6x6 grid, SE not asked) the marked step is the hardest by technique level
    by_se = "source" not in (out.get("bottleneck") or {})
    for i, step in enumerate(out.get("steps", []), 1):
        mark = ("   <== sets the SE rating" if by_se else "   <== hardest step") if step.get("bottleneck") else ""
        lines.append(f"{i:4}. {step['name']}: {step['text']}{mark}")
        if detail and isinstance(step.get("net"), dict):
            lines += net_lines(step["net"])
    if out.get("solved"):
        lines.append(f"  Solved in {len(out.get('steps', []))} steps.")
    else:
        stuck = out.get("stuck", {})
        lines.append(f"  Stuck after {len(out.get('steps', []))} steps: {stuck.get('reason', '')}")
        if stuck.get("position"):
            lines.append(f"  Position: {stuck['position']}")
    lines.append(f"  Solution: {out.get('solution', '')}")
    return "\n".join(lines)


def _is_bad(out: dict[str, Any]) -> bool:
    return out.get("status") in ("invalid", "none", "multiple", "error")


def internal_error(text: str, e: BaseException) -> dict[str, Any]:
    """The record of a puzzle our own code failed on: ``status`` "error", never a verdict on the puzzle."""
    if isinstance(e, RecursionError):
        why = "the position is too deep to analyse"
    else:
        why = f"{type(e).__name__}: {str(e).splitlines()[0] if str(e).strip() else 'no message'}"
    return {"puzzle": text.strip(), "status": "error", "error": f"internal error ({why}); please report this puzzle"}


def _run_one(args: argparse.Namespace, text: str, techniques: list[str] | None, options: Options) -> dict[str, Any]:
    if args.command == "solve":
        return api.solve(text)
    if args.command == "explain":
        annotated = (techniques is None and args.policy == "simplest" and not options.changed()
                     and args.scales != [])
        t0 = time.perf_counter()

        def annotate(out: dict[str, Any], text: str) -> dict[str, Any]:
            left = max(args.time_limit - (time.perf_counter() - t0), 0.001)
            return rate_cmd.annotate_explain(out, text, left, Settings(tuple(args.scales), detail=args.detail))

        return timed.explain(text, techniques, args.policy, args.seed, args.time_limit,
                             annotate if annotated else None, options)
    if args.command == "steps":
        return timed.limited(text, args.time_limit,
                             lambda cancel: api.steps(text, techniques, options=options, cancel=cancel))
    if args.command == "hint":
        return timed.limited(text, args.time_limit, lambda cancel: api.hint(text, options=options, cancel=cancel))
    return api.rate(text)


def _process(args: argparse.Namespace) -> int:
    techniques: list[str] | None = None
    try:
        fmt = output_format(args, "text" if args.command == "explain" else "jsonl")
        options = api.finder_options(getattr(args, "option", None), getattr(args, "preset", None))
        if args.command == "explain":
            techniques = api.enabled_techniques(_split(args.techniques), _split(args.disable))
            args.scales = _explain_scales(args.scales)
        elif args.command == "steps" and args.technique:
            techniques = api.enabled_techniques(_split(args.technique))
        check_detail(args, fmt)
    except SudokuError as e:
        raise UsageError(str(e)) from None
    items, progress, handle = _inputs(args)
    if args.command == "rate":
        try:
            return rate_cmd.run_rate(args, items)
        finally:
            if handle is not None:
                handle.close()
    writer = RecordWriter(fmt, COMMAND_TABLES[args.command]) if fmt != "text" else None
    bad_lines: list[int] = []
    done = internal = 0
    try:
        for lineno, text in items:
            try:
                out = _run_one(args, text, techniques, options)
            except SudokuError as e:
                out = api.invalid(text, e)
            except Exception as e:  # never a traceback: say what happened and go on
                out = internal_error(text, e)
            if _is_bad(out):
                bad_lines.append(lineno)
                internal += out.get("status") == "error"
                out["line"] = lineno  # the input line (or argument) number
            if writer is None:
                print(_explain_text(lineno, out, getattr(args, "detail", False)), flush=True)
            else:
                writer.write(out)
            done += 1
            if progress is not None:
                progress.tick(done)
    finally:
        if progress is not None:
            progress.close()
        if handle is not None:
            handle.close()
    sys.stdout.flush()
    if done == 0:
        print("error: the input holds no puzzle", file=sys.stderr)
        return BAD_INPUT
    if bad_lines:
        where = ("argument" if args.puzzles else "line") + ("s" if len(bad_lines) > 1 else "")
        shown = ", ".join(map(str, bad_lines[:20])) + (" ..." if len(bad_lines) > 20 else "")
        print(
            f"{len(bad_lines)} of {done} puzzles invalid, unsolvable or not unique ({where} {shown}); "
            "see their \"error\" fields",
            file=sys.stderr,
        )
        return INTERNAL if internal else BAD_INPUT
    return OK


def _explain_scales(spec: str | None) -> list[str]:
    """``explain --scales``: the scales to rate above the path; ``none`` rates nothing, so the path
    comes at once (an SE 10 puzzle's path takes seconds, its SE rating minutes)."""
    if spec is not None and spec.strip().lower() == "none":
        return []
    return parse_scales(spec)


def _search_options(p: argparse.ArgumentParser, name: str) -> None:
    """A command that runs one search or walk: its time limit and the finders' switches."""
    rate_cmd.add_time_limit(p, DEFAULT_LIMITS[name])
    p.add_argument("--option", action="append", metavar="NAME=VALUE",
                   help="a finder switch, e.g. uniqueness-missing-candidates=on (repeatable; "
                        "`techniques --options` lists them)")
    p.add_argument("--preset", help="a named set of finder switches: hodoku (HoDoKu 2.2's defaults)")


#: The options more than one puzzle command takes: each group once, with the commands it is added to.
SHARED_OPTIONS: tuple[tuple[tuple[str, ...], Callable[[argparse.ArgumentParser, str], None]], ...] = (
    (("explain", "steps", "hint"), _search_options),
    (("explain", "rate"), lambda p, _name: add_detail_argument(p)),
    (("rate",), lambda p, _name: rate_cmd.add_rate_arguments(p)),
)


def _split(value: str | None) -> list[str] | None:
    if not value:
        return None
    return [v.strip() for v in value.split(",") if v.strip()]


def _list_techniques(args: argparse.Namespace) -> int:
    try:
        fmt = output_format(args, "text")
    except SudokuError as e:
        raise UsageError(str(e)) from None
    records, table = (api.options_catalogue(), OPTIONS) if args.options else (api.techniques(), TECHNIQUES)
    if fmt != "text":
        writer = RecordWriter(fmt, table, flush=False)
        for r in records:
            writer.write(r)
        return 0
    if args.options:
        for o in records:
            presets = "".join(f"; preset {p}: {v}" for p, v in o["presets"].items())
            print(f"{o['name']}={o['default']} ({o['type']}{presets}): {o['help']}")
        return 0
    print(f"{'id':28} {'name':45} {'codes':12} level")
    for t in records:
        print(f"{t['id']:28} {t['name']:45} {','.join(t['codes']):12} {t['level']}")
    return 0


# ---------------------------------------------------------------- parser
def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m sudoku_grader",
        description="Solve, explain and rate Sudoku puzzles the way a person does.",
        epilog="Exit codes: 0 ok, 1 some input invalid or unsolvable, 2 usage error.",
    )
    parser.add_argument("--version", action="version", version=f"sudoku-grader {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    helps = {
        "solve": "status (unique / multiple / none) and solution, as JSON",
        "explain": "the numbered logical steps (text, or --json)",
        "steps": "every step available in the position (HoDoKu's find all steps), as JSON",
        "rate": "ratings, as JSON lines",
        "hint": "the easiest step from a position (a puzzle, pencilmark grid, HoDoKu library line or JSON "
                '{"givens", "placed", "candidates"}) and the player\'s mistakes, as JSON',
    }
    for name in COMMANDS:
        p = sub.add_parser(name, help=helps[name], description=helps[name])
        p.add_argument("puzzles", nargs="*", metavar="PUZZLE",
                       help="puzzles (81 characters; a multi-line grid quoted as one argument is one puzzle)")
        p.add_argument("-f", "--file", help="read puzzles from FILE, one a line ('-' = standard input)")
        p.add_argument("--json", action="store_true", help="JSON output (the default except for explain); "
                       "the same as --format jsonl")
        add_format_argument(p, "text" if name == "explain" else "jsonl")
        if name == "explain":
            p.add_argument("--policy", choices=("simplest", "most-effective", "random"), default="simplest",
                           help="which step to apply next (default simplest first)")
            p.add_argument("--seed", type=int, default=0, help="seed for --policy random")
            p.add_argument("--techniques", metavar="TECH,...", help="use only these techniques")
            p.add_argument("--disable", metavar="TECH,...", help="do not use these techniques")
            p.add_argument("--scales", metavar="LIST|none", default=None,
                           help=f"ratings shown above the path: comma-separated, from {','.join(SCALES)} "
                                "(default all), or none")
        else:
            p.set_defaults(policy="simplest", seed=0)
        if name == "steps":
            p.add_argument("--technique", metavar="NAME[,NAME...]",
                           help="only this technique: id, name, usual spelling or HoDoKu code (0300)")
        for commands, add in SHARED_OPTIONS:
            if name in commands:
                add(p, name)
    compare_cmd.add_parser(sub)
    t = sub.add_parser("techniques", help="list technique ids, names and HoDoKu codes")
    t.add_argument("--json", action="store_true", help="the same as --format jsonl")
    add_format_argument(t, "text")
    t.add_argument("--options", action="store_true", help="list the finder switches (--option) instead")
    g = sub.add_parser("generate", help="make new puzzles with a unique solution, aimed at a difficulty")
    generate_cmd.add_arguments(g)
    e = sub.add_parser("embed", help="a blog post's puzzles: JSON, HTML snippets and index.html for <sudoku-grader>",
                       description=embed_cmd.__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    embed_cmd.add_arguments(e)
    d = sub.add_parser("daily", help="a puzzle of the day for a static site: YYYY-MM-DD.json, index.json, archive.html",
                       description=daily_cmd.__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    daily_cmd.add_arguments(d)
    b = sub.add_parser("book", help="a print-ready puzzle book: one self-contained HTML file",
                       description=book_cmd.__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    book_cmd.add_arguments(b)
    dr = sub.add_parser("drills", help="find-the-step drills from the pool; `drills build -o DIR` builds the pool, "
                       "`drills sheet ... -o FILE.html` prints a sheet", description=drills_cmd.__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    drills_cmd.add_arguments(dr)
    return parser


def _terminate(signum: int, frame: Any) -> None:
    """SIGTERM ends the run as Ctrl-C does: stores commit what they have, ``--jobs`` workers stop."""
    raise SystemExit(128 + signum)


def _tolerant_output() -> None:
    """Text that cannot be encoded (a lone surrogate) is written escaped instead of stopping the run."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]


def main(argv: list[str] | None = None) -> int:
    """Run one command; the exit code is one of `checks`' (0, 1, 2, 3 or 4)."""
    _tolerant_output()
    in_main = threading.current_thread() is threading.main_thread()
    old = signal.signal(signal.SIGTERM, _terminate) if in_main else None
    try:
        return _main(argv)
    finally:
        if in_main:
            signal.signal(signal.SIGTERM, old)


def _main(argv: list[str] | None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # argparse has printed the usage message
        return 0 if e.code == 0 else 2
    if not args.command:
        parser.print_help(sys.stderr)
        return 2
    try:
        if args.command == "techniques":
            return _list_techniques(args)
        if args.command == "generate":
            return generate_cmd.run(args)
        if args.command == "compare":
            return compare_cmd.run(args)
        if args.command == "daily":
            return daily_cmd.run(args)
        if args.command == "book":
            if args.level or args.sections:
                return book_cmd.run(args, None)
            items, _, handle = _inputs(args)
            try:
                return book_cmd.run(args, items)
            finally:
                if handle is not None:
                    handle.close()
        if args.command == "drills":
            return drills_cmd.run(args)
        if args.command == "embed":
            items, _, handle = _inputs(args)
            try:
                return embed_cmd.run(args, items)
            finally:
                if handle is not None:
                    handle.close()
        return _process(args)
    except UsageError as e:
        print(f"error: {e}", file=sys.stderr)
        return USAGE
    except StoreError as e:
        print(f"error: {e}", file=sys.stderr)
        return STORE
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (e.g. `| head`): stop quietly
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115
        return 0
    except Exception as e:  # never a traceback
        print(f"error: internal problem ({type(e).__name__}: {e}); please report it", file=sys.stderr)
        return INTERNAL
