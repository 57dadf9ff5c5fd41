"""Hypothesis strategies for fuzzing as an attacker would: puzzle text mutated from every format we
read, command lines of every puzzle command with good and bad options, and worker requests. Shared
by ``tests/test_fuzz.py`` (bounded, in the suite) and ``scripts/fuzz.py`` (the long run); the
checks that every answer must pass are here too.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from hypothesis import strategies as st

from sudoku_grader.formats import parse, to_library, to_pencilmark

EASY = "37......1...7....54.8.61.9.....1.....5..9.46..86..2.3..........694..52.38..1495.."
SIX = "1.....2...4..5....6..3..1....2...3..6"  # 36 cells; may or may not be a valid 6x6 puzzle
NO_CANDIDATE = "....1389.8.7....2...4.9...7.3.....5...234...8.7...6..41.9.27..6.8.1....5..38...12"

# characters that reach every branch of the readers: cells, blanks, separators, the library's
# colons, JSON, digits of other scripts (², ④, ٠, ٣, ３), controls, a lone surrogate's replacement
ODD = "0123456789.-*_+|:;#,' \t\r\n{}[]\"=@!²④٠٣３\x00\x0b\x0c\u2028\ufeff\ufffdé"


def _seeds() -> list[str]:
    board = parse(EASY).board
    return [EASY, SIX, NO_CANDIDATE, "." * 81, to_pencilmark(board), to_library(board),
            json.dumps({"givens": EASY, "placed": "." * 81, "candidates": [[] for _ in range(81)]}),
            EASY.replace(".", "0"), "\n".join(EASY[i:i + 9] for i in range(0, 81, 9)), EASY + " # label"]


SEEDS = _seeds()


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A seed text with a few characters replaced, inserted or deleted, or text of odd characters."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.text(alphabet=ODD, max_size=120))
    text = list(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(0, 4))):
        if not text:
            break
        at = draw(st.integers(0, len(text) - 1))
        kind = draw(st.integers(0, 2))
        ch = draw(st.sampled_from(ODD))
        if kind == 0:
            text[at] = ch
        elif kind == 1:
            text.insert(at, ch)
        else:
            del text[at]
    return "".join(text)


# option values worth trying: good ones, and numbers argparse or JSON take that a limit must not
NUMBERS = ["1", "2", "0", "-1", "nan", "inf", "-inf", "1e300", "1e-300", "99999999999999999999999", "٣", "３", "x", ""]
TECHS = ["hidden-single", "naked-pair", "x-wing", "nested-forcing-net", "no-such", "0300", "", ",", "Forcing Chain"]


@st.composite
def command_line(draw: st.DrawFn) -> list[str]:
    """A puzzle command with a mix of options and one to three puzzles (always bounded in time)."""
    command = draw(st.sampled_from(["solve", "explain", "steps", "hint", "rate"]))
    argv = [command]
    if command in ("explain", "steps", "hint", "rate"):
        # a bad limit is refused (exit 2); a good one keeps the example short
        argv += ["--time-limit", draw(st.sampled_from(["1", "0.5", *NUMBERS]))]
    if draw(st.booleans()):
        argv += ["--format", draw(st.sampled_from(["jsonl", "csv", "xml"]))]
    if command == "steps" and draw(st.booleans()):
        argv += ["--technique", draw(st.sampled_from(TECHS))]
    if command == "explain" and draw(st.booleans()):
        argv += [draw(st.sampled_from(["--techniques", "--disable"])), draw(st.sampled_from(TECHS))]
    if command == "explain":
        argv += ["--scales", draw(st.sampled_from(["none", "hodoku", "bogus", ""]))]
    if command == "rate":
        argv += ["--scales", draw(st.sampled_from(["hodoku", "grader2009", "sudokuwiki", "bogus", "hodoku,hodoku"]))]
        if draw(st.booleans()):
            argv += ["--chunk", draw(st.sampled_from(NUMBERS))]
    if command in ("explain", "steps", "hint") and draw(st.booleans()):
        argv += ["--option", draw(st.sampled_from(["uniqueness-missing-candidates=on", "x=y", "=", "als=maybe"]))]
    argv += draw(st.lists(mutated(), min_size=1, max_size=3))
    return argv


OPS = ["solve", "explain", "steps", "hint", "rate", "parse", "version", "catalogue", "generate", "sleep", "nope", ""]
OPTION_NAMES = ["techniques", "technique", "scales", "policy", "preset", "seed", "options", "scores", "se_stop",
                "scale", "level", "symmetry", "size", "minimal", "min", "max", "timeout", "seconds", "time_limit",
                "text", "progress", "cancel", "zzz"]
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(["", "hodoku", "se", "hidden-single", "simplest", "random", "hodoku,se", "nope", "1", "x=y"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["hodoku", "a", "hidden-single"]),
                                                                inner, max_size=3),
    max_leaves=6)


@st.composite
def worker_request(draw: st.DrawFn) -> tuple[str, str, str]:
    """(op, puzzle, options JSON) for `worker_api.handle`; long ops get short limits so a run stays bounded."""
    op = draw(st.sampled_from(OPS) | st.text(max_size=8))
    puzzle = draw(mutated())
    if draw(st.integers(0, 9)) == 0:
        return op, puzzle, draw(st.sampled_from(["", "[]", "{", "null", "NaN", '{"seconds": NaN}', "1", '"x"']))
    options = draw(st.dictionaries(st.sampled_from(OPTION_NAMES), JSON_VALUES, max_size=4))
    if op in ("explain", "steps", "hint", "rate"):
        options["time_limit"] = 1
    if op == "rate" and isinstance(options.get("scales"), (str, type(None))):
        options["scales"] = "hodoku"
    if op == "generate":
        options["timeout"] = 0.2
    if op == "sleep":
        options["seconds"] = 0.01
    return op, puzzle, json.dumps(options)


# ----------------------------------------------------------------- what every answer must pass
def _reject(name: str) -> Any:
    raise ValueError(f"non-standard JSON: {name}")


def check_cli(argv: list[str], code: int, out: str, err: str) -> None:
    """Exit codes as documented, no internal error, output valid JSON lines or CSV of one width."""
    assert code in (0, 1, 2), (argv, code, err[-500:])
    assert "internal" not in err and "Traceback" not in err, (argv, err[-500:])
    if code == 2:
        return
    if "csv" in argv and "--format" in argv:
        rows = list(csv.reader(io.StringIO(out, newline="")))
        assert rows and all(len(r) == len(rows[0]) for r in rows), (argv, out[:500])
        assert all(not cell.startswith(("=", "+", "-", "@")) for r in rows for cell in r), (argv, out[:500])
    elif argv[0] != "explain" or "--format" in argv:
        for line in out.splitlines():
            rec = json.loads(line, parse_constant=_reject)
            assert isinstance(rec, dict) and rec.get("status") != "error", (argv, line[:300])
            assert "internal" not in str(rec.get("error", "")), (argv, line[:300])


def check_worker(request: tuple[str, str, str], answer: str) -> None:
    """A JSON object (standard), and a bad request is "invalid", never an internal error."""
    got = json.loads(answer, parse_constant=_reject)
    assert isinstance(got, dict), (request, answer[:300])
    assert got.get("status") != "error", (request, answer[:300])
