"""One registry of technique families (`techniques.families`): every technique names one of its
kebab-case ids, the worker's catalogue sends its names and hints, and the old underscore ids that
the ``techniques`` output once carried still resolve."""

from __future__ import annotations

import re

import pytest

from sudoku_grader import worker_api
from sudoku_grader.techniques import REGISTRY, ordered, technique
from sudoku_grader.techniques.families import BY_ID, FAMILIES, family
from sudoku_grader.techniques.registry import _LOOKUP


def test_every_technique_names_a_registered_family_in_one_id_style() -> None:
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", f.id) for f in FAMILIES)
    assert {t.family for t in REGISTRY.values()} == set(BY_ID)  # no family without techniques
    assert family("sue_de_coq").id == "sue-de-coq" and family("se_chains").id == "se-chains"
    with pytest.raises(KeyError, match="unknown technique family 'nope'"):
        family("nope")


def test_the_registry_refuses_an_unknown_family_and_files_an_old_id_under_the_new() -> None:
    def find(board: object) -> list[object]:
        return []

    with pytest.raises(ValueError, match="unknown technique family"):
        technique("test-family-unknown", "Test", family="no-such-family", level=1.0)(find)  # type: ignore[arg-type]
    assert "test-family-unknown" not in REGISTRY
    technique("test-family-old-id", "Test old id", family="sue_de_coq", level=99.0, default=False)(find)  # type: ignore[arg-type]
    try:
        assert REGISTRY["test-family-old-id"].family == "sue-de-coq"
    finally:
        del REGISTRY["test-family-old-id"]
        for key in [k for k, v in _LOOKUP.items() if v == "test-family-old-id"]:
            del _LOOKUP[key]


def test_the_catalogue_families_come_from_the_registry_in_path_order() -> None:
    out = worker_api.families()
    first_seen = list(dict.fromkeys(t.family for t in ordered()))
    assert [f["id"] for f in out] == first_seen
    for f in out:
        assert (f["name"], f["hint"]) == (BY_ID[f["id"]].name, BY_ID[f["id"]].hint)


def test_every_family_the_code_compares_against_is_registered() -> None:
    """A family id spelled in a comparison (``t.family != "se-chains"``) must be a registered id:
    a stale spelling would silently match nothing."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    spelled = set()
    for path in [*(root / "py").rglob("*.py"), *(root / "tests").glob("*.py")]:
        text = path.read_text(encoding="utf-8")
        spelled |= set(re.findall(r'family\s*[!=]=\s*"([^"]+)"', text))
        for group in re.findall(r"family\s+(?:not\s+)?in\s+\(([^)]*)\)", text):
            spelled |= set(re.findall(r'"([^"]+)"', group))
    assert spelled and spelled <= set(BY_ID), spelled - set(BY_ID)
