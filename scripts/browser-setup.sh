#!/usr/bin/env bash
# What the browser tests need beyond the Python test extra: Debian's chromium (Playwright's own
# browser download does not work here), and dist/ built once (build.py fetches the pinned Pyodide
# and PyScript npm packages and micropip's wheel into .cache/ on first use). Fast when all is there.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq chromium >/dev/null
  else
    echo "browser-setup: /usr/bin/chromium is missing; run: sudo apt-get install -y chromium" >&2
    exit 1
  fi
fi
PY=.venv/bin/python
[ -x "$PY" ] || PY=python3
"$PY" build.py >/dev/null
