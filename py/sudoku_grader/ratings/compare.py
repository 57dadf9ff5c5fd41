"""Reports for publishers: several collections rated side by side on every scale.

Per collection and scale: count, mean, median, spread (standard deviation,
min and max); an SVG histogram per scale with one bar colour per collection;
and, for every pair of collections, Welch's t-test on each scale (the 2009
Sudoku Grader study compared newspapers this way). The report is HTML (SVGs
inline) or Markdown with the SVG files beside it.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

from . import BY_ID, SCALE_LIST
from .stats import Summary, Welch, summary, welch

# (metric id, label, path into a rate result): each scale's compared field (`Scale.compared`)
METRICS: tuple[tuple[str, str, tuple[str, ...]], ...] = tuple(
    (f"{s.id}.{s.compared[0]}", s.compared[1], (s.id, s.compared[0])) for s in SCALE_LIST)

COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf")


@dataclass
class Collection:
    name: str
    results: list[dict[str, Any]] = field(default_factory=list)

    def values(self, path: Sequence[str]) -> list[float]:
        out = []
        for r in self.results:
            v: Any = r.get("ratings", {})
            for key in path:
                v = v.get(key) if isinstance(v, dict) else None
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                rated = BY_ID.get(path[0])
                if rated and rated.compare_solved_only and not r["ratings"][path[0]].get("solved", True):
                    continue
                out.append(float(v))
        return out


def _fmt(x: float) -> str:
    if isinstance(x, float) and math.isnan(x):
        return "-"
    return f"{x:.2f}" if abs(x) < 1000 else f"{x:.0f}"


def histogram_svg(title: str, series: list[tuple[str, list[float]]], bins: int = 12,
                  width: int = 560, height: int = 260) -> str:
    """Grouped histogram: equal-width bins over all values, one bar per collection and bin."""
    allv = [v for _, vs in series for v in vs]
    if not allv:
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="60">'
                f'<text x="10" y="30" font-family="sans-serif" font-size="13">{html.escape(title)}: no values'
                f'</text></svg>')
    lo, hi = min(allv), max(allv)
    if hi == lo:
        hi = lo + 1
    edges = [lo + (hi - lo) * i / bins for i in range(bins + 1)]
    counts = []
    for _, vs in series:
        c = [0] * bins
        for v in vs:
            c[min(bins - 1, int((v - lo) / (hi - lo) * bins))] += 1
        counts.append(c)
    top = max(max(c) for c in counts) or 1
    left, right, top_pad, bottom = 45, 10, 30, 45
    pw, ph = width - left - right, height - top_pad - bottom
    bw = pw / bins
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
           f'<text x="{left}" y="18" font-size="13" font-weight="bold">{html.escape(title)}</text>',
           f'<line x1="{left}" y1="{top_pad + ph}" x2="{left + pw}" y2="{top_pad + ph}" stroke="#333"/>',
           f'<line x1="{left}" y1="{top_pad}" x2="{left}" y2="{top_pad + ph}" stroke="#333"/>']
    for k in range(5):
        y = top_pad + ph - ph * k / 4
        out.append(f'<text x="{left - 4}" y="{y + 4:.1f}" text-anchor="end">{round(top * k / 4)}</text>')
    n = len(series)
    for si, c in enumerate(counts):
        colour = COLOURS[si % len(COLOURS)]
        for b, cnt in enumerate(c):
            if not cnt:
                continue
            h = ph * cnt / top
            x = left + b * bw + 1 + (bw - 2) * si / n
            out.append(f'<rect x="{x:.1f}" y="{top_pad + ph - h:.1f}" width="{(bw - 2) / n:.1f}" '
                       f'height="{h:.1f}" fill="{colour}"><title>{html.escape(series[si][0])}: {cnt} in '
                       f'[{_fmt(edges[b])}, {_fmt(edges[b + 1])})</title></rect>')
    for b in range(0, bins + 1, max(1, bins // 6)):
        x = left + b * bw
        out.append(f'<text x="{x:.1f}" y="{top_pad + ph + 14}" text-anchor="middle">{_fmt(edges[b])}</text>')
    for si, (name, _) in enumerate(series):
        x = left + si * 130
        out.append(f'<rect x="{x}" y="{height - 18}" width="10" height="10" fill="{COLOURS[si % len(COLOURS)]}"/>'
                   f'<text x="{x + 14}" y="{height - 9}">{html.escape(name[:18])}</text>')
    out.append("</svg>")
    return "\n".join(out)


@dataclass
class Report:
    stats: dict[str, dict[str, Summary]]  # metric -> collection -> summary
    tests: dict[str, list[tuple[str, str, Welch | None]]]  # metric -> pairs
    svgs: dict[str, str]
    labels: dict[str, str]


def build(collections: list[Collection], metrics: Sequence[tuple[str, str, tuple[str, ...]]] = METRICS) -> Report:
    stats: dict[str, dict[str, Summary]] = {}
    tests: dict[str, list[tuple[str, str, Welch | None]]] = {}
    svgs: dict[str, str] = {}
    labels: dict[str, str] = {}
    for mid, label, path in metrics:
        values = {c.name: c.values(path) for c in collections}
        if not any(values.values()):
            continue
        labels[mid] = label
        stats[mid] = {name: summary(v) for name, v in values.items()}
        tests[mid] = [(a, b, welch(values[a], values[b])) for a, b in combinations(values, 2)]
        svgs[mid] = histogram_svg(label, list(values.items()))
    return Report(stats, tests, svgs, labels)


def records(report: Report) -> list[dict[str, Any]]:
    """The report's figures as records (``compare --format``): per scale, one ``summary`` per
    collection, then one ``welch`` per pair of collections (None where the test has no answer)."""
    out: list[dict[str, Any]] = []
    for mid, label in report.labels.items():
        for name, s in report.stats[mid].items():
            out.append({"kind": "summary", "metric": mid, "label": label, "collection": name, "count": s.count,
                        "mean": s.mean, "median": s.median, "stdev": s.stdev, "min": s.minimum,
                        "max": s.maximum})
        for a, b, w in report.tests[mid]:
            out.append({"kind": "welch", "metric": mid, "label": label, "collection": a, "other": b,
                        "t": w.t if w else None, "df": w.df if w else None,
                        "p_two_sided": w.p_two_sided if w else None})
    return out


def _stat_rows(report: Report, mid: str) -> list[list[str]]:
    rows = []
    for name, s in report.stats[mid].items():
        rows.append([name, str(s.count), _fmt(s.mean), _fmt(s.median), _fmt(s.stdev), _fmt(s.minimum),
                     _fmt(s.maximum)])
    return rows


def _test_rows(report: Report, mid: str) -> list[list[str]]:
    rows = []
    for a, b, w in report.tests[mid]:
        if w is None:
            rows.append([a, b, "-", "-", "-", "not enough values or no variance"])
        else:
            verdict = "differ (p < 0.05)" if w.p_two_sided < 0.05 else "no significant difference"
            rows.append([a, b, f"{w.t:.3f}", f"{w.df:.1f}", f"{w.p_two_sided:.4g}", verdict])
    return rows


STAT_HEAD = ["collection", "count", "mean", "median", "std dev", "min", "max"]
TEST_HEAD = ["collection A", "collection B", "t", "df", "p (two-sided)", "verdict"]


def write(report: Report, out_dir: str | Path, fmt: str = "html", title: str = "Puzzle collections compared") -> Path:
    """Write ``report.html`` (SVG inline) or ``report.md`` plus one SVG per scale; returns the report path."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for mid, svg in report.svgs.items():
        (out / f"{mid.replace('.', '-')}.svg").write_text(svg, encoding="utf-8")
    if fmt == "md":
        lines = [f"# {_md_text(title)}", "", "Welch's t-test (unequal variances), two-sided, alpha 0.05.", ""]
        for mid, label in report.labels.items():
            lines += [f"## {label}", "", f"![{label}]({mid.replace('.', '-')}.svg)", ""]
            lines += _md_table(STAT_HEAD, _stat_rows(report, mid)) + [""]
            if report.tests[mid]:
                lines += _md_table(TEST_HEAD, _test_rows(report, mid)) + [""]
        path = out / "report.md"
        path.write_text("\n".join(lines), encoding="utf-8")
        return path
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>",
             "<style>body{font-family:sans-serif;max-width:900px;margin:2em auto}table{border-collapse:collapse;"
             "margin:1em 0}td,th{border:1px solid #bbb;padding:3px 8px;text-align:right}"
             "td:first-child,th:first-child{text-align:left}</style></head><body>",
             f"<h1>{html.escape(title)}</h1><p>Welch's t-test (unequal variances), two-sided, alpha 0.05.</p>"]
    for mid, label in report.labels.items():
        parts.append(f"<h2>{html.escape(label)}</h2>")
        parts.append(report.svgs[mid])
        parts.append(_html_table(STAT_HEAD, _stat_rows(report, mid)))
        if report.tests[mid]:
            parts.append(_html_table(TEST_HEAD, _test_rows(report, mid)))
    parts.append("</body></html>")
    path = out / "report.html"
    path.write_text("\n".join(parts), encoding="utf-8")
    return path


_MD_SPECIAL = str.maketrans({ch: "\\" + ch for ch in "\\`*_[]()#|!<>"} | {"\n": " ", "\r": " "})


def _md_text(text: str) -> str:
    """Text (a file name, the title) shown as itself in Markdown: no HTML, link, emphasis or table cell break."""
    return text.translate(_MD_SPECIAL)


def _md_table(head: list[str], rows: list[list[str]]) -> list[str]:
    return (["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
            + ["| " + " | ".join(_md_text(c) for c in r) + " |" for r in rows])


def _html_table(head: list[str], rows: list[list[str]]) -> str:
    th = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><tr>{th}</tr>{body}</table>"
