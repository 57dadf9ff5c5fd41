"""``python -m sudoku_grader embed``: per-puzzle JSON (what <sudoku-grader> draws), the snippet to
paste for each, and index.html; bad lines are skipped with a message and exit code 1."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from sudoku_grader import api, worker_api

ROOT = Path(__file__).resolve().parent.parent
EASY = "...5.6.1..5..2......8..32.91..4......7..9...15.9..7..2..5...78.8.....4....3.48..."
TOUGH = "3.5...94....4.....6....9.7...7136..8.........1..7826...5.2....3.....7....32...8.7"


def embed(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "sudoku_grader", "embed", *args], cwd=ROOT, input=stdin,
                          env={"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin"},
                          capture_output=True, text=True, timeout=300)


def test_writes_json_snippets_and_index(tmp_path: Path) -> None:
    src = tmp_path / "puzzles.txt"
    src.write_text(f"# a post\n{EASY}\n{TOUGH}\n")
    run = embed("-f", str(src), "-o", str(tmp_path / "post"), "--base", "/grader")
    assert run.returncode == 0, run.stderr
    post = tmp_path / "post"
    assert sorted(p.name for p in post.iterdir()) == [
        "index.html", "puzzle-01.html", "puzzle-01.json", "puzzle-02.html", "puzzle-02.json"]
    for n, puzzle in ((1, EASY), (2, TOUGH)):
        data = json.loads((post / f"puzzle-{n:02d}.json").read_text())
        explain, rate = api.explain(puzzle), api.rate(puzzle)
        assert data["format"] == 1 and data["puzzle"] == puzzle and data["solution"] == rate["solution"]
        assert [s["text"] for s in data["steps"]] == [s["text"] for s in explain["steps"]]
        assert all("extra" not in s for s in data["steps"])
        for scale, r in rate["ratings"].items():
            want = {k: v for k, v in r.items() if k not in ("seconds", "path")}
            assert data["ratings"][scale] == want, scale
        # the names the page's worker gives (its catalogue), so the element needs no copy of them
        catalogue = worker_api.handle("catalogue", "", "{}")
        names = {s["id"]: s["name"] for s in json.loads(catalogue)["scales"]}
        assert data["scale_names"] == {s: names[s] for s in rate["ratings"]}
        numbers = {s["id"]: s["number"] for s in json.loads(catalogue)["scales"]}
        assert data["scale_numbers"] == {s: numbers[s] for s in rate["ratings"]}
        assert data["scale_numbers"]["se"] == "er" and data["scale_numbers"]["grader2009"] == "total"
        assert data["scale_decimals"]["se"] == {"er": 1, "ep": 1, "ed": 1} and data["scale_decimals"]["hodoku"] == {}
        assert data["field_names"]["er"] == json.loads(catalogue)["fields"]["er"] == "ER"
        snippet = (post / f"puzzle-{n:02d}.html").read_text()
        assert '<script type="module" src="/grader/web/embed.js"></script>' in snippet
        assert f'<sudoku-grader src="puzzle-{n:02d}.json"></sudoku-grader>' in snippet
    index = (post / "index.html").read_text()
    assert index.count('<script type="module" src="/grader/web/embed.js"></script>') == 1
    assert index.count("<sudoku-grader src=") == 2


def test_inline_puts_the_json_in_the_snippet(tmp_path: Path) -> None:
    run = embed(EASY, "-o", str(tmp_path), "--inline")
    assert run.returncode == 0, run.stderr
    assert not list(tmp_path.glob("*.json"))
    snippet = (tmp_path / "puzzle-01.html").read_text()
    body = snippet.split('<script type="application/json">', 1)[1].split("</script>", 1)[0]
    assert json.loads(body.replace("<\\/", "</"))["puzzle"] == EASY
    assert '<script type="module" src="/grader/web/embed.js">' in snippet  # the default base


def test_bad_lines_are_skipped_with_a_message(tmp_path: Path) -> None:
    multi = EASY[:3] + "." + EASY[4:]  # one given fewer: several solutions
    run = embed("-o", str(tmp_path), stdin=f"{EASY}\nnot a puzzle\n{multi}\n")
    assert run.returncode == 1
    assert "line 2" in run.stderr and "line 3" in run.stderr and "Traceback" not in run.stderr
    assert [p.name for p in sorted(tmp_path.glob("*.json"))] == ["puzzle-01.json"]
    run = embed("-o", str(tmp_path / "none"), stdin="nonsense\n")
    assert run.returncode == 1 and "no puzzle could be written" in run.stderr


def test_labels_become_the_headings(tmp_path: Path) -> None:
    run = embed("-o", str(tmp_path), stdin=f"{EASY}  # Easy <one>\n{TOUGH}\n")
    assert run.returncode == 0, run.stderr
    first = json.loads((tmp_path / "puzzle-01.json").read_text())
    second = json.loads((tmp_path / "puzzle-02.json").read_text())
    assert first["label"] == "Easy <one>" and "label" not in second
    index = (tmp_path / "index.html").read_text()
    assert "<h2>Easy &lt;one&gt;</h2>" in index and "<h2>Puzzle 2</h2>" in index
