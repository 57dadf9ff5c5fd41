#!/usr/bin/env bash
# Runs every test. Installs what the tests need into .venv on first use; later runs are fast.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=.venv/.installed-$(sha1sum pyproject.toml | cut -c1-12)
if [ ! -f "$stamp" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e ".[test,dev,cluster]"
  touch "$stamp"
fi
if [ -f scripts/browser-setup.sh ]; then
  bash scripts/browser-setup.sh
fi
.venv/bin/ruff check py tests scripts
# type hints of the whole package (pyproject's [tool.mypy]); mypy is in the dev extra
.venv/bin/python -m mypy
# The front end's checks: TypeScript (JSDoc types, tsconfig.json) and eslint (eslint.config.js),
# installed from package-lock.json into node_modules on first use and whenever the lock changes.
if ! command -v npm >/dev/null; then
  echo "scripts/test.sh: npm (Node 20 or later) is needed for the front end's type check and lint" >&2
  exit 1
fi
node_stamp=node_modules/.installed-$(sha1sum package-lock.json | cut -c1-12)
if [ ! -f "$node_stamp" ]; then
  npm ci --no-audit --no-fund --loglevel=error
  touch "$node_stamp"
fi
node_modules/.bin/tsc -p . --noEmit
node_modules/.bin/eslint .
# two workers (this machine and CI have 2 cores); worksteal evens out the long corpus chunks
if [ $# -gt 0 ]; then
  exec .venv/bin/python -m pytest -n 2 --dist worksteal "$@"
fi
.venv/bin/python -m pytest -n 2 --dist worksteal -m "not timing"
# Wall-clock bounds (a key press's frame, ten embeds drawn, New game, a drill opened) are measured
# with nothing else running: beside a second worker and its chromium the same code took up to twice
# as long (26 ms against 12 ms for a key press's frame).
.venv/bin/python -m pytest -p no:xdist -m timing
