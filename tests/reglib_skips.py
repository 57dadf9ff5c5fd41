"""Reglib cases that do not apply to our implementation, each with the reason.

Keys are ``(file line number)``; values the reason shown in the reglib table.
Technique families add their entries here; nothing is skipped silently.
"""

from __future__ import annotations

NOT_APPLICABLE: dict[int, str] = {}
