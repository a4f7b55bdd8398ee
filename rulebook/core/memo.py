"""Results of pure, slow steps, remembered by a digest of everything they read.

The gate checks the same four thousand translated messages at every run, and only a changed message
(or a changed glossary or generator) can change what it finds. A ``Memo`` answers a step from a
table of earlier results keyed by the step's inputs, kept for the life of the process and, between
processes, in a JSON file under ``_build/cache`` (JSON, never pickle: the file is read like any
other input and cannot run code).

A cache is advice, never authority. A memo's *salt* names everything its results depend on besides
the key (the glossary, a catalog's bytes), and its *code* the modules that compute them (by default
the gate's: every module of ``rulebook/gate`` and every ``rulebook`` module they import, found by
``rulebook.core.code``): a different salt or a changed line of that code is a different file, so a
result of an older check is never read. Each remembered result is stored with a digest of itself,
its key, the salt and the code, checked when it is read back: a result edited by hand or damaged is
ignored and computed again, as is a file that does not parse, has the wrong shape, is no regular
file or is larger than any table this code writes.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import stat
from pathlib import Path
from typing import Any, Callable

from rulebook.core.code import closure
from rulebook.core.json_shapes import Findings, fits

_TABLES: dict[str, dict[str, list[Any]]] = {}   # by file name: the tables read or filled in this process

# The code a remembered result depends on unless said otherwise: the gate's.
GATE = ("rulebook.gate.checks", "rulebook.gate.coherence", "rulebook.gate.documents", "rulebook.gate.fidelity",
        "rulebook.gate.reports", "rulebook.gate.status", "rulebook.gate.textchecks",
        "rulebook.gate.translator_notes", "rulebook.i18n.catalogs")
MAX_TABLE_BYTES = 256 * 1024 * 1024   # far above any table the gate fills; beyond it, a file is not ours
_PACKAGE = Path(__file__).resolve().parent.parent   # the rulebook package running now


def digest(*parts: str) -> str:
    """A short digest of strings, unambiguous however they are split."""
    h = hashlib.blake2b(digest_size=16)
    for part in parts:
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\0\1")
    return h.hexdigest()


def pairs_of_text(value: Any) -> bool:
    """The shape of what a check finds: a list of [check, message] pairs."""
    return fits(Findings, value)


@functools.cache
def code_digest(modules: tuple[str, ...], directory: Path | None = None) -> str:
    """The digest of the files of ``modules`` and of every ``rulebook`` module they import, as they are
    now in the package that runs (once per process). Which files those are is remembered in
    ``directory`` by the digest of every file of the package (parsing them all takes most of a second)."""
    if not modules:
        return digest("code")
    root = _PACKAGE.parent
    read = {}
    for path in sorted(_PACKAGE.rglob("*.py")):
        try:
            read[path.relative_to(root).as_posix()] = path.read_bytes()
        except OSError:
            read[path.relative_to(root).as_posix()] = b""
    every = digest("package", *(f"{name}\0{hashlib.blake2b(data, digest_size=16).hexdigest()}"
                                for name, data in read.items()))

    def find() -> list[str]:
        return sorted(set().union(*(closure(root, module) for module in modules)))

    if directory is None:
        files = find()
    else:
        memo = Memo(directory, "code-closure", "1", lambda value: all(isinstance(item, str) for item in value), code=())
        files = memo(digest(every, *modules), find)
        memo.save()
    return digest("code", *(f"{name}\0{hashlib.blake2b(read.get(name, b''), digest_size=16).hexdigest()}"
                            for name in files))


def read_json(path: Path, limit: int) -> Any:
    """The JSON value of a regular file of at most ``limit`` bytes (a link to one counts); None for
    anything else (missing, a folder, a device or a pipe, larger, not JSON, nested beyond reason)."""
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        found = os.fstat(handle)
        if not stat.S_ISREG(found.st_mode) or found.st_size > limit:
            return None
        with os.fdopen(handle, "rb", closefd=False) as file:
            data = file.read(limit + 1)
        return json.loads(data) if len(data) <= limit else None
    except (OSError, ValueError, RecursionError):
        return None
    finally:
        os.close(handle)


class Memo:
    """One step's remembered results, each a JSON list: ``memo(key, compute)`` returns ``compute()``
    the first time and the same list after. ``valid`` is the shape a result read back must have;
    ``code``, the modules that compute the results (the gate's by default; () for none)."""

    def __init__(self, directory: Path, name: str, salt: str, valid: Callable[[list[Any]], bool] = pairs_of_text,
                 code: tuple[str, ...] = GATE) -> None:
        self._salt = digest(salt, code_digest(code, directory))
        self.path = directory / f"{name}-{self._salt}.json"
        self._name = name
        table = _TABLES.setdefault(self.path.name, {})
        exists = os.path.lexists(self.path)
        if exists:
            for key, value in _read(self.path, valid, self._salt).items():
                table.setdefault(key, value)
        self._table = table
        # A folder without this table gets it at the next save, even if every result came from this
        # process's memory (the next process starts from the file).
        self._dirty = not exists

    def __call__(self, key: str, compute: Callable[[], list[Any]]) -> list[Any]:
        if key not in self._table:
            # As JSON gives it back (tuples as lists), so a result is the same whether computed now
            # or read back later.
            self._table[key] = _as_json(compute())
            self._dirty = True
        return self._table[key]

    def get(self, key: str) -> list[Any] | None:
        """The remembered result, or None (nothing computed: for a step that may fail)."""
        return self._table.get(key)

    def save(self) -> None:
        """Write the table (atomically), each result beside its digest, replacing this step's tables of
        other salts."""
        if not self._dirty:
            return
        temporary = self.path.with_suffix(f".{os.getpid()}.tmp")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            for old in self.path.parent.glob(f"{self._name}-*.json"):
                if old != self.path:
                    old.unlink(missing_ok=True)
            sealed = {key: [_seal(self._salt, key, value), value] for key, value in self._table.items()}
            temporary.write_text(json.dumps(sealed, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
            os.replace(temporary, self.path)
        except OSError:   # a cache that cannot be written only costs time
            try:
                temporary.unlink(missing_ok=True)
            except OSError:
                pass
        self._dirty = False


def _seal(salt: str, key: str, value: Any) -> str:
    """The digest a remembered result is stored with: of the result, its key, and its memo's salt and code."""
    return digest("result", salt, key, json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True))


def _as_json(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_as_json(item) for item in value]
    if isinstance(value, dict):
        return {str(key): _as_json(item) for key, item in value.items()}
    return value


def _read(path: Path, valid: Callable[[list[Any]], bool], salt: str) -> dict[str, list[Any]]:
    """The results of a table file whose digests hold (each other entry is ignored, to be computed again)."""
    table = read_json(path, MAX_TABLE_BYTES)
    if not isinstance(table, dict):
        return {}
    found = {}
    for key, entry in table.items():
        if isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str) and isinstance(entry[1], list):
            try:
                sealed = entry[0] == _seal(salt, key, entry[1]) and valid(entry[1])
            except RecursionError:
                sealed = False
            if sealed:
                found[key] = entry[1]
    return found
