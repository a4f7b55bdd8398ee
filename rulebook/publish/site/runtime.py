"""The floor calculators' runtime, published once for the whole site in ``_runtime/``: Pyodide (the
files it needs of the npm package ``runtime/package.json`` pins, which ``make runtime`` installs) and
the engine (its wheel, ``rulebook.publish.site.wheel``, ``rulebook/core/floor.py``, and a memory snapshot of
Pyodide with both already imported).

Starting Pyodide means starting CPython and importing what Pyodide and the engine import: five
seconds on a phone, every time the page opens. The snapshot is that memory once it is done, made at
build time by Node running the same Pyodide (``runtime_snapshot.mjs``), so the page restores it in a
fraction of the time and runs the very engine the build checked the worked examples with. It is made
in a world without time or chance (no clock, no entropy, no environment) so that the same sources
give the same bytes, and stored sparse: the runs of zero pages left out (``SNAPSHOT_MAGIC``).

Every house and language shares the runtime: it is never copied into a language's folder. Each folder
is named by what it holds (Pyodide's version, the engine's digest), so a reader's browser and the
offline worker may keep it as long as they like: a new engine is a new folder. What is slow to make
(the snapshot, the compressed siblings of the largest files) is kept in the print cache by the digest
of what it is made from.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import struct
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulebook.core import floor as floor_module
from rulebook.core.errors import ModelError
from rulebook.core.layout import Layout
from rulebook.publish.machinery import precompress, print_cache
from rulebook.publish.site import wheel

FOLDER = "_runtime"
PACKAGE = "runtime/package.json"
#: What Pyodide loads to run pure Python: its loader, its WebAssembly and the standard library (not
#: the rest of the npm package: consoles, type declarations, source maps).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: What the page fetches to start from the snapshot (the standard library's zip and the lock file only
#: when the snapshot cannot be used: a fresh start needs them).
STARTING = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
FLOOR = "floor.py"
SNAPSHOT = "snapshot.bin"
#: A sparse snapshot: this, the memory's length and the number of runs kept (u32 little-endian), each
#: run's offset and length, then the runs' bytes in order. Every other byte is zero.
SNAPSHOT_MAGIC = b"RBSNAP1\0"
_PAGE = 1 << 16   # WebAssembly's page: the runs are whole pages
_MAKER = Path(__file__).with_name("runtime_snapshot.mjs")
# Node's limit for making the snapshot (it takes some five seconds).
_TIMEOUT = 300


@dataclass(frozen=True)
class Runtime:
    """Where the runtime is, relative to the site's root, and where it comes from."""

    pyodide: str       # _runtime/pyodide-<version>/
    engine: str        # _runtime/engine-<digest>/
    wheel: bytes
    floor: bytes
    installed: Path    # runtime/node_modules/pyodide
    lock: dict[str, Any]   # the lock file's description of this Pyodide (what a start from the snapshot passes it)

    @property
    def sources(self) -> dict[str, Path | bytes]:
        """Each published file but the snapshot, by its path under the site's root."""
        found: dict[str, Path | bytes] = {self.pyodide + name: self.installed / name for name in PYODIDE_FILES}
        found[self.engine + wheel.FILE] = self.wheel
        found[self.engine + FLOOR] = self.floor
        return found

    @property
    def files(self) -> list[str]:
        """Every published file but the compressed siblings, by its path under the site's root."""
        return sorted([*self.sources, self.engine + SNAPSHOT])

    @property
    def starting(self) -> list[str]:
        """What the calculators page fetches to start, by path under the site's root: the offline
        worker keeps these."""
        return [self.pyodide + name for name in STARTING] + [self.engine + SNAPSHOT]


def pinned_version(root: Path) -> str:
    """The Pyodide version the library's ``runtime/package.json`` pins: an exact version, never a range (it names a
    folder and an address of the site); a one-line error when the file does not pin one."""
    try:
        version = json.loads((Layout.of(root).library / PACKAGE).read_text(encoding="utf-8"))["dependencies"]["pyodide"]
    except (OSError, ValueError, KeyError, TypeError):
        raise ModelError(PACKAGE, 0, None, "no Pyodide version pinned in dependencies.pyodide "
                                           "(the calculators' runtime): restore the file", "runtime") from None
    if not isinstance(version, str) or not re.fullmatch(r"\d+\.\d+\.\d+", version):
        raise ModelError(PACKAGE, 0, None, f"Pyodide must be pinned to an exact version such as 314.0.8, not "
                                           f"{version!r}", "runtime")
    return version


def runtime(root: Path) -> Runtime:
    """The runtime of this checkout; a one-line error when Pyodide is not installed as pinned."""
    version = pinned_version(root)
    installed = root / "runtime" / "node_modules" / "pyodide"
    try:
        found = json.loads((installed / "package.json").read_text(encoding="utf-8"))["version"]
        lock = json.loads((installed / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    except (OSError, ValueError, KeyError):
        found = lock = None
    if found != version or not isinstance(lock, dict) or not all((installed / name).is_file() for name in PYODIDE_FILES):
        raise ModelError(PACKAGE, 0, None,
                         f"Pyodide {version} is not installed in runtime/node_modules: run `make runtime`", "runtime")
    built = wheel.build()
    floor = Path(floor_module.__file__).read_bytes()
    # The snapshot is made from all of these: a new Pyodide, engine or maker is a new folder.
    digest = hashlib.sha256(b"\0".join([built, floor, version.encode("ascii"), _MAKER.read_bytes(), SNAPSHOT_MAGIC]))
    return Runtime(f"{FOLDER}/pyodide-{version}/", f"{FOLDER}/engine-{digest.hexdigest()[:12]}/", built, floor, installed,
                   {"info": lock, "packages": {}})


def published(found: Runtime, site: Path) -> bool:
    """Whether ``site`` holds this runtime already (and nothing else in its runtime folder)."""
    folder = site / FOLDER
    there = sorted(path.relative_to(site).as_posix() for path in folder.rglob("*")
                   if path.is_file() and path.suffix not in precompress.SUFFIXES) if folder.is_dir() else []
    return there == found.files


def write(found: Runtime, site: Path, build: Path) -> None:
    """Publish the runtime into a staged site: Pyodide's files hard-linked from the npm cache (never
    written in place), the engine's written, the snapshot and the compressed siblings taken from the
    print cache of ``build`` (made and kept there the first time)."""
    for name, source in found.sources.items():
        target = site / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(source, bytes):
            target.write_bytes(source)
        else:
            try:
                target.hardlink_to(source)
            except OSError:
                shutil.copyfile(source, target)
    snapshot = site / found.engine / SNAPSHOT
    key = "runtime-" + found.engine.rstrip("/").rsplit("-", 1)[-1]
    if not print_cache.take(build, key, SNAPSHOT, snapshot.parent):
        snapshot.write_bytes(sparse(make_snapshot(found)))
        print_cache.keep(build, key, SNAPSHOT, snapshot.parent)
    for name in [*found.sources, found.engine + SNAPSHOT]:
        _write_compressed(site / name, build)


def _write_compressed(path: Path, build: Path) -> None:
    """The file's compressed siblings, from the print cache when they were made before."""
    if not precompress.wanted(path):
        return
    data = path.read_bytes()
    key = "compressed-" + hashlib.sha256(data).hexdigest()[:32]
    names = [path.name + suffix for suffix in precompress.SUFFIXES]
    if all(print_cache.take(build, f"{key}{Path(name).suffix}", name, path.parent) for name in names):
        return
    for suffix, made in precompress.compressed(data).items():
        path.with_name(path.name + suffix).write_bytes(made)
        print_cache.keep(build, key + suffix, path.name + suffix, path.parent)


def make_snapshot(found: Runtime) -> bytes:
    """Pyodide's memory once it has imported the engine and ``floor`` (``runtime_snapshot.mjs``, run by
    Node with nothing of this machine's environment); a one-line error when Node cannot make it."""
    node = shutil.which("node")
    if node is None:
        raise ModelError(PACKAGE, 0, None, "Node.js is needed to prepare the calculators' runtime: run `make runtime`",
                         "runtime")
    with tempfile.TemporaryDirectory(prefix="rulebook-runtime-") as scratch:
        folder = Path(scratch)
        (folder / wheel.FILE).write_bytes(found.wheel)
        (folder / FLOOR).write_bytes(found.floor)
        # The script read from its standard input and the paths given in the environment: no path of
        # this machine is an argument the snapshot could remember.
        env = {"PATH": os.environ.get("PATH", ""), "PYODIDE": f"{found.installed.resolve()}/",
               "WHEEL": str(folder / wheel.FILE), "FLOOR": str(folder / FLOOR), "OUT": str(folder / SNAPSHOT)}
        try:
            ran = subprocess.run([node, "--input-type=module"], input=_MAKER.read_bytes(), env=env, cwd=scratch,
                                 capture_output=True, timeout=_TIMEOUT)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise ModelError(PACKAGE, 0, None, f"the calculators' runtime could not be prepared: {exc}", "runtime") from None
        if ran.returncode != 0 or not (folder / SNAPSHOT).is_file():
            said = (ran.stderr or ran.stdout).decode("utf-8", "replace").strip().splitlines()
            raise ModelError(PACKAGE, 0, None, "the calculators' runtime could not be prepared: "
                                               f"{said[-1] if said else 'Node said nothing'}", "runtime")
        return (folder / SNAPSHOT).read_bytes()


def sparse(memory: bytes) -> bytes:
    """The memory without its runs of zero pages (``SNAPSHOT_MAGIC``); ``dense`` reads it back."""
    runs: list[tuple[int, int]] = []
    zero = bytes(_PAGE)
    for start in range(0, len(memory), _PAGE):
        page = memory[start:start + _PAGE]
        if page == zero[:len(page)]:
            continue
        if runs and runs[-1][0] + runs[-1][1] == start:
            runs[-1] = (runs[-1][0], runs[-1][1] + len(page))
        else:
            runs.append((start, len(page)))
    header = SNAPSHOT_MAGIC + struct.pack("<II", len(memory), len(runs))
    return b"".join([header, *(struct.pack("<II", *run) for run in runs),
                     *(memory[start:start + length] for start, length in runs)])


def dense(data: bytes) -> bytes:
    """The memory a sparse snapshot holds (what the calculators page's script does, for the tests)."""
    if not data.startswith(SNAPSHOT_MAGIC):
        raise ValueError("not a sparse snapshot")
    size, count = struct.unpack_from("<II", data, len(SNAPSHOT_MAGIC))
    memory = bytearray(size)
    at = len(SNAPSHOT_MAGIC) + 8 + 8 * count
    for number in range(count):
        start, length = struct.unpack_from("<II", data, len(SNAPSHOT_MAGIC) + 8 + 8 * number)
        memory[start:start + length] = data[at:at + length]
        at += length
    return bytes(memory)
