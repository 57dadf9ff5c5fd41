"""The import graph follows the layers (pyproject ``[tool.importlinter]``, README "Layout").

geometry, errors -> board, step -> solver, formats, chains, se -> techniques -> engine ->
ratings -> levels -> generator -> api -> bank -> book -> cli, worker_api: a module imports only from its own layer or
below. `import-linter` (the ``dev`` extra) checks every import, including those inside
functions, of this checkout's package.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import ROOT


def _lint_imports() -> str:
    beside = Path(sys.executable).parent / "lint-imports"
    found = str(beside) if beside.exists() else shutil.which("lint-imports")
    assert found, "lint-imports not found: install the dev extra (pip install -e '.[dev]')"
    return found


def test_layers_run_one_way_down() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    proc = subprocess.run([_lint_imports(), "--no-cache"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert "1 kept, 0 broken" in proc.stdout
