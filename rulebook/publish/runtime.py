"""The floor calculators' runtime, published once for the whole site in ``_runtime/``: Pyodide (the
files it needs of the npm package ``runtime/package.json`` pins, which ``make runtime`` installs) and
the engine (its wheel, ``rulebook.publish.wheel``, and ``rulebook/core/floor.py`` beside it).

Every house and language shares it: it is never copied into a language's folder. Each folder is named
by what it holds (Pyodide's version, the engine's digest), so a reader's browser and the offline
worker may keep it as long as they like: a new engine is a new folder.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from rulebook.core import floor as floor_module
from rulebook.core.errors import ModelError
from rulebook.publish import wheel

FOLDER = "_runtime"
PACKAGE = "runtime/package.json"
#: What Pyodide loads to run pure Python: its loader, its WebAssembly and the standard library (not
#: the rest of the npm package: consoles, type declarations, source maps).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
FLOOR = "floor.py"


@dataclass(frozen=True)
class Runtime:
    """Where the runtime is, relative to the site's root, and where it comes from."""

    pyodide: str       # _runtime/pyodide-<version>/
    engine: str        # _runtime/engine-<digest>/
    wheel: bytes
    floor: bytes
    installed: Path    # runtime/node_modules/pyodide

    @property
    def files(self) -> dict[str, Path | bytes]:
        """Each published file, by its path under the site's root."""
        found: dict[str, Path | bytes] = {self.pyodide + name: self.installed / name for name in PYODIDE_FILES}
        found[self.engine + wheel.FILE] = self.wheel
        found[self.engine + FLOOR] = self.floor
        return found


def pinned_version(root: Path) -> str:
    """The Pyodide version ``runtime/package.json`` pins: an exact version, never a range (it names a
    folder and an address of the site); a one-line error when the file does not pin one."""
    try:
        version = json.loads((root / PACKAGE).read_text(encoding="utf-8"))["dependencies"]["pyodide"]
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
    except (OSError, ValueError, KeyError):
        found = None
    if found != version or not all((installed / name).is_file() for name in PYODIDE_FILES):
        raise ModelError(PACKAGE, 0, None,
                         f"Pyodide {version} is not installed in runtime/node_modules: run `make runtime`", "runtime")
    built = wheel.build()
    floor = Path(floor_module.__file__).read_bytes()
    digest = hashlib.sha256(built + b"\0" + floor).hexdigest()[:12]
    return Runtime(f"{FOLDER}/pyodide-{version}/", f"{FOLDER}/engine-{digest}/", built, floor, installed)


def published(found: Runtime, site: Path) -> bool:
    """Whether ``site`` holds this runtime already (and nothing else in its runtime folder)."""
    folder = site / FOLDER
    there = sorted(path.relative_to(site).as_posix() for path in folder.rglob("*") if path.is_file()) \
        if folder.is_dir() else []
    return there == sorted(found.files)


def write(found: Runtime, site: Path) -> None:
    """Publish the runtime into a staged site: Pyodide's files hard-linked from the npm cache (never
    written in place), the engine's written."""
    for name, source in found.files.items():
        target = site / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(source, bytes):
            target.write_bytes(source)
        else:
            try:
                target.hardlink_to(source)
            except OSError:
                shutil.copyfile(source, target)
