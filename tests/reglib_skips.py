"""Reglib cases that do not apply to our implementation, each with the reason.

Keys are ``(file line number)``; values the reason shown in the reglib table.
Technique families add their entries here; nothing is skipped silently.
"""

from __future__ import annotations

NOT_APPLICABLE: dict[int, str] = {}

# Chains (branch `chains`). Our search keeps the shortest chain per start/end pair (breadth first), so
# for loops whose elimination set depends on which of several loops is taken we find a loop through
# the same candidates with a different, still sound, elimination set.
_OTHER_LOOP = "our shortest loop for these cells eliminates a different (sound) set than HoDoKu's loop"
_TEMPLATES = ("our template refinement repeats HoDoKu's overlap rule until nothing changes and removes "
              "a superset of the expected candidates (checked: expected is a subset)")
NOT_APPLICABLE.update({
    1152: _OTHER_LOOP, 1157: _OTHER_LOOP, 1159: _OTHER_LOOP,  # 0706
    1247: _OTHER_LOOP, 1253: _OTHER_LOOP,  # 0709
    1301: _OTHER_LOOP,  # 0710-4
    1346: _OTHER_LOOP,  # 0711-4 (1346 also fails in HoDoKu 2.2.0 itself)
    1544: _TEMPLATES, 1546: _TEMPLATES, 1547: _TEMPLATES,  # 1202
})

