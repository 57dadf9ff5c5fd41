"""Fuzzing in the suite (issue 36): the readers, the command line in-process and the worker's
entry point, fed mutated puzzles and bad options. No exception escapes, every answer is standard
JSON or CSV of one width, a bad input's message is never an internal error, and exit codes are the
documented ones. Bounded (a fixed number of examples, no shrinking past a few seconds) so the
suite grows by about a minute; ``scripts/fuzz.py`` runs the same checks for longer.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz_inputs import check_cli, check_worker, command_line, mutated, worker_request
from sudoku_grader import worker_api
from sudoku_grader.cli import main
from sudoku_grader.errors import SudokuError
from sudoku_grader.formats import parse, parse_library, parse_position

FAST = settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
SLOW = settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))


@FAST
@given(mutated())
def test_readers_raise_only_their_own_errors(text: str) -> None:
    for reader in (parse, parse_position, parse_library):
        try:
            reader(text)
        except SudokuError as e:
            assert str(e) and "internal" not in str(e)


@SLOW
@given(command_line())
def test_command_line_in_process(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code = main(argv)
    out, err = capsys.readouterr()
    check_cli(argv, code, out, err)


@settings(max_examples=120, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(worker_request())
def test_worker_handle(request: tuple[str, str, str]) -> None:
    check_worker(request, worker_api.handle(*request))


@SLOW
@given(st.sampled_from(["solve", "steps", "explain"]), st.text(max_size=30))
def test_worker_progress_hook_is_optional(op: str, options_text: str) -> None:
    heard: list[str] = []
    check_worker((op, "", options_text), worker_api.handle(op, "." * 81, options_text, heard.append))
