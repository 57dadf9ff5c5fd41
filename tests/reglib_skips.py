"""Reglib cases that do not apply to our implementation, each with the reason.

Keys are ``(file line number)``; values the reason shown in the reglib table.
Technique families add their entries here; nothing is skipped silently.
"""

from __future__ import annotations

NOT_APPLICABLE: dict[int, str] = {}

# Uniqueness (techniques/uniqueness.py). HoDoKu's tester runs the 06xx-2 cases with its option
# allowUniquenessMissingCandidates=true (a rectangle cell may lack a digit that logic removed).
# Our default is the option's default (false), so these need the option: they pass with
# uniqueness.ALLOW_MISSING_CANDIDATES = True, checked in tests/test_uniqueness.py.
_UNIQUENESS_MISSING_CANDIDATES = (
    891, 892, 893, 894, 895, 896, 897, 898, 899, 922, 923, 940, 956, 957, 958, 959, 960, 961,
    962, 963, 964, 965, 977, 993, 1010, 1011, 1012, 1013, 1014, 1015, 1016, 1017, 1018, 1019,
)
NOT_APPLICABLE.update({
    n: "06xx-2 needs HoDoKu's allowUniquenessMissingCandidates=true (uniqueness.ALLOW_MISSING_CANDIDATES; "
       "tested in test_uniqueness.py)"
    for n in _UNIQUENESS_MISSING_CANDIDATES
})

# ALS (techniques/als.py). HoDoKu's tester runs 0902-2 and 0904-2 with allowAlsOverlap=true.
# Our default is the option's default (false); they pass with als.ALLOW_OVERLAP = True,
# checked in tests/test_als.py.
_ALS_OVERLAP = (1437, 1438, 1439, 1440, 1441, 1474, 1475, 1476, 1477, 1478, 1479, 1480, 1481, 1482)
NOT_APPLICABLE.update({
    n: "09xx-2 needs HoDoKu's allowAlsOverlap=true (als.ALLOW_OVERLAP; tested in test_als.py)"
    for n in _ALS_OVERLAP
})
