"""The book prints: chromium's own print to PDF (Playwright's ``page.pdf``) of ``book.html`` at 4 a
page has the title, the puzzle pages and the solution pages, no more; every puzzle's cells are in
the page as given, and every puzzle lies inside its page."""

from __future__ import annotations

import math
import re
from pathlib import Path

from browser_support import ARTIFACTS, launch
from conftest import SHARED
from sudoku_grader.cli.main import main

CELLS = """els => els.map(t => ({puzzle: t.dataset.puzzle,
  cells: [...t.querySelectorAll('td')].map(td => td.classList.contains('mk') ? '.' : (td.textContent || '.'))
    .join('')}))"""
OUTSIDE = """() => [...document.querySelectorAll('.pz')].filter(pz => {
  const a = pz.getBoundingClientRect(), b = pz.closest('.page').getBoundingClientRect();
  return a.top < b.top - 0.5 || a.bottom > b.bottom + 0.5 || a.left < b.left - 0.5 || a.right > b.right + 0.5;
}).map(pz => pz.dataset.number || pz.dataset.answer)"""


def pdf_pages(data: bytes) -> list[tuple[float, float]]:
    """Each page's MediaBox size in points (chromium writes one /Type /Page object per page)."""
    assert data.startswith(b"%PDF")
    pages = re.findall(rb"/Type\s*/Page\b(?!s)", data)
    boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", data)
    assert len(boxes) >= len(pages)
    return [(float(w), float(h)) for w, h in boxes[:len(pages)]]


def test_book_prints_to_the_expected_pages(tmp_path: Path) -> None:
    lines = [ln for ln in (SHARED / "puzzles" / "newspaper-mixed.txt").read_text().splitlines() if ln.strip()][:14]
    src = tmp_path / "p.txt"
    src.write_text("\n".join(lines) + "\n")
    book = tmp_path / "book.html"
    assert main(["book", "-f", str(src), "-o", str(book), "--per-page", "4", "--candidates", "hardest"]) == 0
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(book.as_uri())
        grids = page.eval_on_selector_all("table.g[data-puzzle]", CELLS)
        assert [g["puzzle"] for g in grids] == lines  # numbered in input order
        assert all(g["cells"] == g["puzzle"] for g in grids)  # every given in its cell, blanks blank
        assert page.evaluate(OUTSIDE) == []
        pdf = page.pdf(prefer_css_page_size=True, print_background=True)
        page.set_viewport_size({"width": 900, "height": 1200})
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "book-screen.png"))
        browser.close()
    assert not errors
    (ARTIFACTS / "book.pdf").write_bytes(pdf)
    sizes = pdf_pages(pdf)
    assert len(sizes) == 1 + math.ceil(14 / 4) + math.ceil(14 / 12)  # title, puzzles, solutions
    assert all(abs(w - 595.3) < 2 and abs(h - 841.9) < 2 for w, h in sizes)  # A4 portrait
