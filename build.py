"""Build the browser app into ``dist/`` and serve it.

    python build.py                    # assemble dist/
    python build.py serve [--port N]   # build, then serve dist/ on http://127.0.0.1:N/

``dist/`` is a static site that works from any static host, a sub-path too:

    index.html, sw.js                  the app page and its offline service worker
    web/                               JS modules, styles, the worker, build-info.js
    drills/                            the drill pool: index.json and one JSON file per technique
    examples/                          embed, micropip and PyScript demo pages
    pyodide/                           the pinned Pyodide npm package (no CDN at run time)
    pyscript/                          the pinned @pyscript/core npm package (examples only)
    wheels/                            our wheel, latest.json naming it, micropip's wheel, and
                                       the package compiled for Pyodide (what the app's worker loads)

Downloads happen here, at build time, once: the npm packages with ``npm pack``
and micropip's wheel with ``pip download``, into ``.cache/``. Later builds and
the app itself need no network. The package wheel is made here with `zipfile`
(a pure-Python wheel is a zip with three metadata files), so building needs no
build backend either.

The worker does not install the wheel: it puts ``sudoku_grader-<version>-<hash>.zip`` on
``sys.path`` (zipimport), a zip of ``.pyc`` files compiled by Pyodide's own Python (run
here with node, cached in ``.cache/``), so the browser neither unpacks nor compiles
anything at start-up. Its name carries a hash of the sources, so a page can never load
another build's package under the same name. Without node the zip holds the ``.py``
files instead (slower start, same behaviour).
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import email.utils
import functools
import gzip
import hashlib
import http.server
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
PACKAGE = ROOT / "py" / "sudoku_grader"

PYODIDE_VERSION = "314.0.7"
PYSCRIPT_VERSION = "0.7.31"
MICROPIP_VERSION = "0.11.1"

#: The Pyodide files needed at boot (and nothing of the npm package's docs, maps or node console).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
                 "pyodide.js")
#: What the app's worker loads of them (the lock file and the UMD script serve the examples only).
PYODIDE_RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
#: Files (or folders, ending in "/") the service worker does not precache for the app page (they are
#: cached when a page uses them): the <sudoku-grader> element and its parts are for other pages.
NOT_APP = ("web/examples.css", "web/embed.js", "web/embed/", "web/offline.js")


def _for_app(rel: str) -> bool:
    """Is ``rel`` (a path in dist/) part of the app page, so the service worker precaches it?"""
    return not any(rel == x or (x.endswith("/") and rel.startswith(x)) for x in NOT_APP)

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html",
    ".py": "text/plain",
    ".toml": "text/plain",
}


# ----------------------------------------------------------------- downloads
def _npm_package(name: str, version: str) -> Path:
    """The unpacked npm package ``name@version`` in ``.cache``, fetched with ``npm pack`` once."""
    folder = CACHE / f"{name.replace('@', '').replace('/', '-')}-{version}"
    if (folder / "package.json").exists():
        return folder
    CACHE.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        print(f"build: fetching npm {name}@{version} (once, into {folder.relative_to(ROOT)})", flush=True)
        out = subprocess.run(
            ["npm", "pack", f"{name}@{version}", "--pack-destination", tmp, "--silent"],
            check=True, capture_output=True, text=True, timeout=600,
        )
        tgz = Path(tmp) / out.stdout.strip().splitlines()[-1]
        unpacked = Path(tmp) / "unpacked"
        with tarfile.open(tgz) as tar:
            tar.extractall(unpacked, filter="data")
        shutil.move(str(unpacked / "package"), folder)
    return folder


def pyodide_dir() -> Path:
    folder = _npm_package("pyodide", PYODIDE_VERSION)
    missing = [f for f in PYODIDE_FILES if not (folder / f).exists()]
    if missing:
        raise SystemExit(f"build: the pyodide package in {folder} lacks {', '.join(missing)}")
    return folder


def pyscript_dir() -> Path:
    return _npm_package("@pyscript/core", PYSCRIPT_VERSION)


def micropip_wheel() -> Path:
    """micropip's pure-Python wheel from PyPI, pinned, fetched with pip once."""
    folder = CACHE / f"micropip-{MICROPIP_VERSION}"
    found = sorted(folder.glob("micropip-*.whl")) if folder.exists() else []
    if found:
        return found[0]
    folder.mkdir(parents=True, exist_ok=True)
    print(f"build: fetching micropip=={MICROPIP_VERSION} wheel (once)", flush=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
         "--python-version", "3.13", "--implementation", "py", "-d", str(folder), f"micropip=={MICROPIP_VERSION}"],
        check=True, timeout=600,
    )
    found = sorted(folder.glob("micropip-*.whl"))
    if not found:
        raise SystemExit("build: pip download did not produce a micropip wheel")
    return found[0]


# ----------------------------------------------------------------- the wheel
def project_meta() -> dict[str, str]:
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return {"name": meta["name"], "version": meta["version"], "summary": meta.get("description", ""),
            "requires_python": meta.get("requires-python", "")}


def build_wheel(dest: Path, package: Path = PACKAGE) -> Path:
    """``sudoku_grader-<version>-py3-none-any.whl`` from ``py/sudoku_grader``, reproducibly."""
    meta = project_meta()
    dist_name = meta["name"].replace("-", "_")
    version = meta["version"]
    info = f"{dist_name}-{version}.dist-info"
    files: list[tuple[str, bytes]] = []
    for path in sorted(package.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix in (".py", ".typed"):
            files.append((path.relative_to(package.parent).as_posix(), path.read_bytes()))
    metadata = (
        f"Metadata-Version: 2.1\nName: {meta['name']}\nVersion: {version}\nSummary: {meta['summary']}\n"
        f"Requires-Python: {meta['requires_python']}\n"
    )
    files.append((f"{info}/METADATA", metadata.encode()))
    files.append((f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: sudoku-grader build.py\n"
                                   b"Root-Is-Purelib: true\nTag: py3-none-any\n"))
    files.append((f"{info}/top_level.txt", b"sudoku_grader\n"))
    record = []
    for name, data in files:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{name},sha256={digest},{len(data)}")
    record.append(f"{info}/RECORD,,")
    files.append((f"{info}/RECORD", ("\n".join(record) + "\n").encode()))
    dest.mkdir(parents=True, exist_ok=True)
    wheel = dest / f"{dist_name}-{version}-py3-none-any.whl"
    _zip(wheel, files)
    return wheel


#: Run by node at build time: Pyodide's Python compiles the package's files to .pyc (argv: pyodide
#: folder, sources folder, output folder). Hash-based .pyc that never look for a source file.
_COMPILE_JS = r"""
import { pathToFileURL } from "node:url";
const [pyodideDir, src, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
py.FS.mkdirTree("/src");
py.FS.mkdirTree("/out");
py.FS.mount(py.FS.filesystems.NODEFS, { root: src }, "/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root: out }, "/out");
console.log(py.runPython(`
import os, py_compile
done = 0
for folder, dirs, files in os.walk("/src"):
    for name in files:
        if name.endswith(".py"):
            rel = os.path.relpath(os.path.join(folder, name), "/src")
            target = os.path.join("/out", rel + "c")
            os.makedirs(os.path.dirname(target), exist_ok=True)
            py_compile.compile(os.path.join(folder, name), cfile=target, dfile=rel, doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            done += 1
str(done)
`));
"""


def package_sources(package: Path = PACKAGE) -> list[tuple[str, bytes]]:
    """``(sudoku_grader/..., bytes)`` for every module of the package, in a stable order."""
    return [(p.relative_to(package.parent).as_posix(), p.read_bytes())
            for p in sorted(package.rglob("*.py")) if "__pycache__" not in p.parts]


def _zip(path: Path, files: list[tuple[str, bytes]]) -> None:
    """A reproducible zip (fixed dates and modes) of ``files``."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in files:
            zi = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            zf.writestr(zi, data)


def _compile_with_pyodide(sources: list[tuple[str, bytes]]) -> list[tuple[str, bytes]] | None:
    """The sources compiled to .pyc by Pyodide's Python under node, or None when that is not possible."""
    node = shutil.which("node")
    if node is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp, "src"), Path(tmp, "out")
        for name, data in sources:
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            (src / name).write_bytes(data)
        out.mkdir()
        script = Path(tmp, "compile.mjs")
        script.write_text(_COMPILE_JS)
        try:
            run = subprocess.run([node, str(script), str(pyodide_dir()), str(src), str(out)],
                                 capture_output=True, text=True, timeout=300)
        except (OSError, subprocess.TimeoutExpired):
            return None
        if run.returncode != 0:
            print(f"build: compiling for Pyodide failed, shipping .py files: {run.stderr.strip()[-300:]}", flush=True)
            return None
        compiled = [(name + "c", (out / (name + "c")).read_bytes()) for name, _ in sources]
    return compiled


def build_pyodide_package(dest: Path, package: Path = PACKAGE) -> Path:
    """``sudoku_grader-<version>-<hash>.zip``: the package as .pyc for Pyodide's zipimport.

    The compile runs once per source state (cached in ``.cache/pyodide-pyc/``); the hash in
    the name is of the sources and the Pyodide version, so a new build of changed code has a
    new name.
    """
    sources = package_sources(package)
    digest = hashlib.sha256(PYODIDE_VERSION.encode())
    for name, data in sources:
        digest.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    key = digest.hexdigest()[:12]
    name = f"{project_meta()['name'].replace('-', '_')}-{project_meta()['version']}-{key}.zip"
    cached = CACHE / "pyodide-pyc" / name
    dest.mkdir(parents=True, exist_ok=True)
    if not cached.exists():
        compiled = _compile_with_pyodide(sources)
        if compiled is None:  # no node: zipimport compiles the sources in the browser instead
            _zip(dest / name, sources)
            return dest / name
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(f".{os.getpid()}.part")  # two test workers may compile at once
        _zip(partial, compiled)
        partial.replace(cached)
    shutil.copy2(cached, dest / name)
    return dest / name


def scale_shows(package: Path = PACKAGE) -> dict[str, dict[str, object]]:
    """How each rating scale of the package being shipped is shown (``ratings.catalogue``):
    ``scale_numbers`` its number field (SE ``er``, ...), ``scale_decimals`` its fields written with
    fixed decimals. The element shows a precomputed JSON without a worker to ask, and JSON written
    before the ``embed`` command wrote these still needs them."""
    code = ("import json; from sudoku_grader import ratings; c = ratings.catalogue(); "
            "print(json.dumps({'scale_numbers': {s['id']: s['number'] for s in c}, "
            "'scale_decimals': {s['id']: s['decimals'] for s in c}}))")
    run = subprocess.run([sys.executable, "-c", code], env={**os.environ, "PYTHONPATH": str(package.parent)},
                         capture_output=True, text=True, timeout=120)
    if run.returncode != 0:
        raise SystemExit(f"build: reading the scales of {package} failed: {run.stderr.strip()[-300:]}")
    return dict(json.loads(run.stdout))


def use_local_micropip(pyodide: Path, wheel: Path) -> None:
    """Let ``loadPackage("micropip")`` (what PyScript calls) find micropip in ``pyodide/``.

    Pyodide's lock file names micropip's wheel and its sha256, and Pyodide fetches it from
    beside the lock file. The npm package does not ship that wheel (it is on Pyodide's CDN), so
    we put PyPI's wheel of the same version there and write its hash into our copy of the lock.
    """
    lock_path = pyodide / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    entry = lock["packages"].get("micropip")
    if entry is None:
        raise SystemExit("build: pyodide-lock.json has no micropip entry")
    version = wheel.name.split("-")[1]
    if entry["version"] != version:
        raise SystemExit(f"build: Pyodide {PYODIDE_VERSION} pins micropip {entry['version']}, we ship {version}")
    shutil.copy2(wheel, pyodide / wheel.name)
    entry["file_name"] = wheel.name
    entry["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    lock_path.write_text(json.dumps(lock, separators=(",", ":")))


# ----------------------------------------------------------------- assembling
def _copy_tree(src: Path, dest: Path, skip_suffixes: tuple[str, ...] = ()) -> None:
    for path in sorted(src.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and not path.name.endswith(skip_suffixes):
            target = dest / path.relative_to(src)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)


#: The embedding demo's puzzles, drawn from JSON that the package's own `embed` command writes here.
EMBED_DEMO = ("...5.6.1..5..2......8..32.91..4......7..9...15.9..7..2..5...78.8.....4....3.48...",
              "3.5...94....4.....6....9.7...7136..8.........1..7826...5.2....3.....7....32...8.7")


def embed_demo(examples: Path, package: Path = PACKAGE) -> None:
    """``examples/embed/puzzle-NN.json`` for ``examples/embed.html``: the first element reads its
    file by ``src``, the second has the JSON inline."""
    folder = examples / "embed"
    run = subprocess.run(
        [sys.executable, "-m", "sudoku_grader", "embed", "-o", str(folder), "--base", "../", *EMBED_DEMO],
        env={**os.environ, "PYTHONPATH": str(package.parent)}, capture_output=True, text=True, timeout=600)
    if run.returncode != 0:
        raise SystemExit(f"build: the embed demo's data failed: {run.stderr.strip()[-300:]}")
    for extra in [folder / "index.html", *folder.glob("puzzle-*.html")]:
        extra.unlink()  # the demo page is examples/embed.html
    page = examples / "embed.html"
    inline = (folder / "puzzle-02.json").read_text().strip().replace("</", "<\\/")
    page.write_text(page.read_text().replace("__EMBED_2__", inline))


def _file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def build(with_extras: bool = True, dist: Path | None = None, package: Path = PACKAGE) -> Path:
    """Assemble ``dist/`` (or another folder) from scratch; returns its path.

    ``package`` is the Python package to ship (the tests build a changed copy to deploy a
    second build over the first).
    """
    out = dist or DIST
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    meta = project_meta()

    # The app: page, modules, examples. The service worker sits at the root so its scope covers all.
    shutil.copy2(ROOT / "index.html", out / "index.html")
    _copy_tree(ROOT / "web", out / "web")
    examples = out / "web" / "examples"
    if examples.exists():
        shutil.move(str(examples), out / "examples")
    shutil.move(str(out / "web" / "sw.js"), out / "sw.js")
    # The drill pool (built ahead by `drills build`): the Learn view fetches one technique's file
    # when it is first opened, then has the service worker keep them all (its "keep" message), so
    # Learn works offline after its first visit; the first visit to the app does not load them.
    if (ROOT / "drills").is_dir():
        _copy_tree(ROOT / "drills", out / "drills")

    # The runtime.
    pyo = pyodide_dir()
    (out / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(pyo / name, out / "pyodide" / name)
    lock_info = json.loads((pyo / "pyodide-lock.json").read_text())["info"]

    # Wheels: ours under a stable name plus latest.json; micropip's for the micropip route; the
    # package compiled for Pyodide, for the app's worker.
    wheels = out / "wheels"
    wheel = build_wheel(wheels, package)
    compiled = build_pyodide_package(wheels, package)
    extras: dict[str, str] = {}
    if with_extras:
        mp = micropip_wheel()
        shutil.copy2(mp, wheels / mp.name)
        extras["micropip"] = mp.name
        use_local_micropip(out / "pyodide", mp)
        ps = pyscript_dir()
        _copy_tree(ps / "dist", out / "pyscript", skip_suffixes=(".map",))
    (wheels / "latest.json").write_text(json.dumps(
        {"name": meta["name"], "version": meta["version"], "wheel": wheel.name, **extras}, indent=2) + "\n")

    for page in (out / "examples").glob("*.html"):
        page.write_text(page.read_text().replace("__WHEEL__", wheel.name))
    embed_demo(out / "examples", package)

    info: dict[str, object] = {
        "version": meta["version"],
        "wheel": f"wheels/{wheel.name}",
        "package": f"wheels/{compiled.name}",
        "pyodide": PYODIDE_VERSION,
        "lock": lock_info,
        "micropip": f"wheels/{extras['micropip']}" if "micropip" in extras else None,
        # what the worker loads, for the service worker's cache
        "runtime": [f"pyodide/{name}" for name in PYODIDE_RUNTIME] + [f"wheels/{compiled.name}"],
        **scale_shows(package),
    }
    # One hash over every file names this build; the service worker keys its cache by it.
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file() and p.name != "sw.js")
    digest = hashlib.sha256()
    for rel in files:
        digest.update(rel.encode())
        digest.update(hashlib.sha256((out / rel).read_bytes()).digest())
    info["build"] = digest.hexdigest()[:12]
    (out / "web" / "build-info.js").write_text(
        "// Written by build.py: what this build contains.\nexport const BUILD = "
        + json.dumps(info, indent=2) + ";\n")

    # What the service worker keeps for the app, with a hash per file so a new build reuses
    # what did not change: the page and its modules (precached), the runtime (cached as the
    # worker first loads it). Demo pages and PyScript are cached only when a page uses them.
    shell = {"./": _file_hash(out / "index.html"), "index.html": _file_hash(out / "index.html")}
    for path in sorted((out / "web").rglob("*")):
        rel = path.relative_to(out).as_posix()
        if path.is_file() and _for_app(rel):
            shell[rel] = _file_hash(path)
    runtime = {rel: _file_hash(out / rel) for rel in info["runtime"]}  # type: ignore[attr-defined]
    sw = (out / "sw.js").read_text()
    sw = (sw.replace("__BUILD__", str(info["build"]))
            .replace("__SHELL__", json.dumps(shell, indent=1))
            .replace("__RUNTIME__", json.dumps(runtime, indent=1)))
    (out / "sw.js").write_text(sw)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    app = sum((out / (rel if rel != "./" else "index.html")).stat().st_size for rel in {**shell, **runtime})
    print(f"build: dist/ ready ({len(files) + 1} files, {size / 1e6:.1f} MB; the app needs {len(shell) + len(runtime)}"
          f" of them, {app / 1e6:.1f} MB; build {info['build']})", flush=True)
    return out


# ----------------------------------------------------------------- serving
#: Files worth compressing on the wire (zips, wheels and the stdlib are compressed already).
COMPRESSIBLE = (".wasm", ".mjs", ".js", ".json", ".css", ".html", ".svg", ".webmanifest", ".py", ".toml", ".txt")

_gzip_cache: dict[tuple[str, int, int], bytes] = {}
_gzip_lock = threading.Lock()


def gzipped(path: str) -> bytes:
    """The file gzip-compressed, computed once per file state (the wasm takes about a second)."""
    st = os.stat(path)
    key = (os.path.basename(path), st.st_size, st.st_mtime_ns)
    with _gzip_lock:
        data = _gzip_cache.get(key)
    if data is None:
        with open(path, "rb") as f:
            data = gzip.compress(f.read(), compresslevel=6, mtime=0)
        with _gzip_lock:
            _gzip_cache[key] = data
    return data


def warm_gzip(directory: Path) -> None:
    """Compress every compressible file of ``directory`` ahead of the first request."""
    for path in sorted(directory.rglob("*")):
        if path.is_file() and path.name.endswith(COMPRESSIBLE):
            gzipped(str(path))


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide needs, gzip for clients that accept it, optional
    sub-path prefix, quiet log. Every response may be cached but is revalidated (Last-Modified,
    304), except the package zip, whose name changes with its content."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    prefix = "/"

    def translate_path(self, path: str) -> str:
        if self.prefix != "/":
            clean = path.split("?", 1)[0].split("#", 1)[0]
            if not clean.startswith(self.prefix):
                return str(Path(self.directory) / "__outside_prefix__")
            path = "/" + path[len(self.prefix):]
        return super().translate_path(path)

    def send_head(self) -> io.BufferedIOBase | None:  # type: ignore[override]
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            index = os.path.join(path, "index.html")
            if not self.path.split("?", 1)[0].endswith("/") or not os.path.isfile(index):
                return super().send_head()  # type: ignore[return-value]
            path = index
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (accepts and os.path.isfile(path) and path.endswith(COMPRESSIBLE)):
            return super().send_head()  # type: ignore[return-value]
        st = os.stat(path)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            with contextlib.suppress(TypeError, ValueError, IndexError, OverflowError):
                if int(st.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(304)
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    return None
        data = gzipped(path)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Last-Modified", self.date_time_string(st.st_mtime))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(data)

    def end_headers(self) -> None:
        name = self.path.split("?", 1)[0].rsplit("/", 1)[-1]
        immutable = name.startswith("sudoku_grader-") and name.endswith(".zip")
        self.send_header("Cache-Control", "public, max-age=31536000, immutable" if immutable else "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("SUDOKU_GRADER_HTTP_LOG"):
            super().log_message(format, *args)


class QuietServer(http.server.ThreadingHTTPServer):
    """A browser that closes a connection early (navigation, offline tests) is no error worth a traceback."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(port: int = 8000, directory: Path = DIST, prefix: str = "/") -> http.server.ThreadingHTTPServer:
    """An HTTP server for ``directory`` at ``http://127.0.0.1:<port><prefix>`` (port 0: any free port)."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    handler = functools.partial(type("PrefixHandler", (Handler,), {"prefix": prefix}), directory=str(directory))
    threading.Thread(target=warm_gzip, args=(Path(directory),), daemon=True).start()
    return QuietServer(("127.0.0.1", port), handler)


def serve_in_thread(port: int = 0, directory: Path = DIST, prefix: str = "/") -> tuple[str, http.server.HTTPServer]:
    """Start a server in a daemon thread; returns its base URL and the server (for tests)."""
    server = make_server(port, directory, prefix)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, real_port = server.server_address[:2]
    return f"http://{host}:{real_port}{'/' + prefix.strip('/') + '/' if prefix.strip('/') else '/'}", server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the Sudoku Grader browser app into dist/ and serve it.")
    parser.add_argument("command", nargs="?", choices=("build", "serve"), default="build")
    parser.add_argument("--port", type=int, default=8000, help="port for serve (default 8000)")
    parser.add_argument("--prefix", default="/", help="serve dist/ under this sub-path, e.g. /puzzles/grader/")
    parser.add_argument("--no-build", action="store_true", help="serve the existing dist/ as it is")
    args = parser.parse_args(argv)
    if not (args.command == "serve" and args.no_build and DIST.exists()):
        build()
    if args.command == "serve":
        server = make_server(args.port, DIST, args.prefix)
        host, port = server.server_address[:2]
        prefix = "/" + args.prefix.strip("/") + "/" if args.prefix.strip("/") else "/"
        print(f"Serving the app at http://{host}:{port}{prefix}  (Ctrl+C stops)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
