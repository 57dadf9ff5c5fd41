"""HoDoKu's regression library through the command line (a sample; scripts/reglib_cli.py runs it
all): with ``--preset hodoku`` every sampled case passes unless its variant needs a switch HoDoKu's
tester flips beyond the preset (tests/test_reglib.VARIANT_OPTIONS) or it is listed not applicable."""

from __future__ import annotations

from reglib_cli import cases, run_case

from reglib_skips import NOT_APPLICABLE
from sudoku_grader.formats import parse_library
from sudoku_grader.techniques import PRESETS
from test_reglib import variant_options

EVERY = 8


def test_reglib_sample_through_the_cli() -> None:
    expected_fail, failed, passed = set(), set(), 0
    for n, line in cases(every=EVERY):
        code = parse_library(line).code
        beyond_preset = variant_options(code).changed() and variant_options(code) != PRESETS["hodoku"]
        if n in NOT_APPLICABLE or beyond_preset:
            expected_fail.add(n)
        result = run_case(line, ["--preset", "hodoku"])
        assert result != "unknown", line
        if result == "pass":
            passed += 1
        else:
            failed.add(n)
    assert failed <= expected_fail, sorted(failed - expected_fail)
    # the preset is what makes the 06xx-2 rectangles with a missing candidate pass
    assert passed >= len(cases(every=EVERY)) - len(expected_fail) > 120
    ur = [line for _, line in cases() if line.startswith(":0600-2:")][:1]
    assert ur and run_case(ur[0], []) == "fail" and run_case(ur[0], ["--preset", "hodoku"]) == "pass"
