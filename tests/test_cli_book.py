"""``python -m sudoku_grader book``: one self-contained HTML book (title page, N puzzles a page with
label and ratings, solutions at the back, candidates on the hardest, sections by level)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import SHARED
from sudoku_grader.book import BookOptions, Section, prepare, rating_text, render
from sudoku_grader.cli.main import main
from sudoku_grader.levels import level_of

EASY = "...5.6.1..5..2......8..32.91..4......7..9...15.9..7..2..5...78.8.....4....3.48..."
# made by `generate_level("extreme", seed=1)`: SE 7.1, HoDoKu Extreme (checked below), rated in seconds
HARD = ".7..86...6..3.....12..4....59.....6..41...7.3..2....4......4.....513...2....2541."
SIX = "5...1.2.1.3........2....1.45.....16."


def pages_of(page: str) -> list[str]:
    return re.findall(r'<section class="page[^"]*" data-page="\d+">.*?</section>', page, re.S)


def test_title_puzzles_answers_and_labels(tmp_path: Path) -> None:
    src = tmp_path / "p.txt"
    lines = (SHARED / "puzzles" / "newspaper-mixed.txt").read_text().splitlines()[:9]
    src.write_text(f"{lines[0]}  # Monday <easy>\n" + "\n".join(lines[1:]) + "\n")
    out = tmp_path / "book.html"
    assert main(["book", "-f", str(src), "-o", str(out), "--title", "Nine", "--per-page", "4"]) == 0
    page = out.read_text()
    assert "http://" not in page and "https://" not in page and "<script" not in page  # self-contained
    pages = pages_of(page)
    assert len(pages) == 1 + 3 + 1  # title, ceil(9 / 4) puzzle pages, one page of 12 solutions
    assert "<h1>Nine</h1>" in pages[0] and "9 puzzles, 4 to a page" in pages[0]
    assert [len(re.findall(r'class="pz" data-number', p)) for p in pages[1:4]] == [4, 4, 1]
    assert "<h2>1. Monday &lt;easy&gt;</h2>" in pages[1] and "<h2>Puzzle 2</h2>" in pages[1]
    assert pages[4].count("data-answer=") == 9
    for n, line in enumerate(lines, 1):
        assert f'data-number="{n}"' in page and f'data-puzzle="{line}"' in page
    assert re.search(r"SE \d+\.\d · HoDoKu (Easy|Medium|Hard|Unfair|Extreme) \(\d+\)", page)


def test_candidates_on_the_hardest_only_and_sizes(tmp_path: Path) -> None:
    easy, hard, six = prepare(EASY), prepare(HARD), prepare(SIX)
    assert level_of(hard.ratings) in ("expert", "extreme") and easy.level in ("easy", "medium")
    assert six.size == 6 and six.level == "six"
    opts = BookOptions(title="T", per_page=2, paper="letter", candidates="hardest", answers=False)
    page = render([Section("Mixed", [easy, hard, six])], opts)
    pages = pages_of(page)
    assert len(pages) == 1 + 2  # no solutions
    first, second = pages[1], pages[2]
    marked = re.compile(r'<td class="[^"]*\bmk\b"')
    assert not marked.search(first.split('data-number="2"')[0])  # the easy one: no marks
    assert len(marked.findall(first.split('data-number="2"')[1])) == HARD.count(".")  # every empty cell
    assert "size:letter" in page and second.count("<tr>") == 6  # the 6x6 grid
    assert rating_text(six, ["se", "hodoku", "sudokuwiki"]).startswith("SudokuWiki ")


def test_sections_by_level_from_a_bank(tmp_path: Path) -> None:
    out = tmp_path / "b.html"
    bank = SHARED / "puzzles" / "newspaper-mixed.txt"
    assert main(["book", "--bank", str(bank), "--sections", "easy:5,medium:3", "-o", str(out),
                 "--per-page", "4", "--seed", "2"]) == 0
    page = out.read_text()
    pages = pages_of(page)
    assert len(pages) == 1 + 2 + 1 + 1  # title, easy 5 (2 pages), medium 3 (1 page), solutions
    assert "Sudoku · Easy" in pages[1] and "Sudoku · Medium" in pages[3]
    assert "Easy: puzzles 1–5, page 2" in pages[0] and "Medium: puzzles 6–8, page 4" in pages[0]
    assert page.count('class="pz" data-number') == 8
    again = tmp_path / "again.html"
    assert main(["book", "--bank", str(bank), "--sections", "easy:5,medium:3", "-o", str(again),
                 "--per-page", "4", "--seed", "2"]) == 0
    assert again.read_text() == page


@pytest.mark.parametrize(("args", "message", "code"), [
    (["--sections", "easy:x"], "is not LEVEL:COUNT", 2),
    (["--level", "nightmare"], "unknown level 'nightmare'", 2),
    (["--count", "3", EASY], "--count goes with --level", 2),
    (["--bank", "x.txt", EASY], "--bank and --db go with --level or --sections", 2),
    (["not a puzzle"], "no puzzle could go into the book", 1),
])
def test_bad_input_says_what(args: list[str], message: str, code: int, tmp_path: Path,
                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["book", "-o", str(tmp_path / "b.html"), *args]) == code
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_generated_level(tmp_path: Path) -> None:
    out = tmp_path / "g.html"
    assert main(["book", "--level", "hard", "--count", "2", "-o", str(out), "--seed", "4"]) == 0
    page = out.read_text()
    assert page.count('class="pz" data-number') == 2 and "Sudoku · Hard" in page




def test_the_worker_builds_the_same_book() -> None:
    """The app's Print a book asks the worker (op "book"); a puzzle that brings its SE and HoDoKu
    ratings is printed with them, a bad one is listed, not fatal."""
    import json

    from sudoku_grader import worker_api

    easy = prepare(EASY)
    known = {"se": {"er": 9.9}, "hodoku": {"score": 1, "level": "Extreme"}}
    request = {"puzzles": [{"puzzle": EASY, "label": "Saved"}, {"puzzle": HARD, "ratings": known}, "nonsense"],
               "title": "Mine", "per_page": 2, "paper": "letter", "candidates": "hardest"}
    out = json.loads(worker_api.handle("book", "", json.dumps(request)))
    assert out["status"] == "ok" and out["count"] == 2
    assert [s["puzzle"] for s in out["skipped"]] == ["nonsense"]
    page = out["html"]
    assert "<h2>1. Saved</h2>" in page and "SE 9.9 · HoDoKu Extreme (1)" in page  # the ratings it brought
    assert rating_text(easy, ["se", "hodoku"]) in page and "size:letter" in page
    assert len(pages_of(page)) == 1 + 1 + 1
    bad = json.loads(worker_api.handle("book", "", json.dumps({"puzzles": "x"})))
    assert bad["status"] == "invalid" and "options.puzzles must be a list" in bad["error"]
    none = json.loads(worker_api.handle("book", "", json.dumps({"puzzles": ["x"], "per_page": 5})))
    assert none["status"] == "invalid" and "5 puzzles a page: choose from 1, 2, 4, 6" in none["error"]
