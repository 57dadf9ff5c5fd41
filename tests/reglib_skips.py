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
# Chains (branch `chains`). Our search keeps the shortest chain per start/end pair (breadth first), so
# for loops whose elimination set depends on which of several loops is taken we find a loop through
# the same candidates with a different, still sound, elimination set.
_OTHER_LOOP = "our shortest loop for these cells eliminates a different (sound) set than HoDoKu's loop"
_BIG_ALS = "HoDoKu's loop uses an ALS of 5+ cells; our ALS nodes stop at 4 cells (speed)"
_TEMPLATES = ("our template refinement repeats HoDoKu's overlap rule until nothing changes and removes "
              "a superset of the expected candidates (checked: expected is a subset)")
    1152: _OTHER_LOOP, 1157: _OTHER_LOOP, 1159: _OTHER_LOOP,  # 0706
    1247: _OTHER_LOOP, 1253: _OTHER_LOOP,  # 0709
    1255: _BIG_ALS,  # 0709-2
    1299: _BIG_ALS, 1301: _OTHER_LOOP,  # 0710-4
    1334: _BIG_ALS, 1346: _OTHER_LOOP,  # 0711-3/4 (1346 also fails in HoDoKu 2.2.0 itself)
    1544: _TEMPLATES, 1546: _TEMPLATES, 1547: _TEMPLATES,  # 1202
})
