"""Results of pure, slow steps, remembered by a digest of everything they read.

The gate checks the same four thousand translated messages at every run, and only a changed message
(or a changed glossary or generator) can change what it finds. A ``Memo`` answers a step from a
table of earlier results keyed by the step's inputs, kept for the life of the process and, between
processes, in a JSON file under ``_build/cache`` (JSON, never pickle: the file is read like any
other input and cannot run code; one that does not parse, or has the wrong shape, is ignored).

A memo's *salt* names everything its results depend on besides the key (the glossary, the code):
a different salt is a different file, so a stale result can never be read.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Callable

from rulebook.core.json_shapes import Findings, fits

_TABLES: dict[str, dict[str, list]] = {}   # by file name: the tables read or filled in this process


def digest(*parts: str) -> str:
    """A short digest of strings, unambiguous however they are split."""
    h = hashlib.blake2b(digest_size=16)
    for part in parts:
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\0\1")
    return h.hexdigest()


def pairs_of_text(value) -> bool:
    """The shape of what a check finds: a list of [check, message] pairs."""
    return fits(Findings, value)


class Memo:
    """One step's remembered results, each a JSON list: ``memo(key, compute)`` returns ``compute()``
    the first time and the same list after. ``valid`` is the shape a result read back must have."""

    def __init__(self, directory: Path, name: str, salt: str, valid: Callable[[list], bool] = pairs_of_text) -> None:
        self.path = directory / f"{name}-{digest(salt)}.json"
        self._name = name
        table = _TABLES.setdefault(self.path.name, {})
        exists = self.path.exists()
        if exists:
            for key, value in _read(self.path, valid).items():
                table.setdefault(key, value)
        self._table = table
        # A folder without this table gets it at the next save, even if every result came from this
        # process's memory (the next process starts from the file).
        self._dirty = not exists

    def __call__(self, key: str, compute: Callable[[], list]) -> list:
        if key not in self._table:
            # As JSON gives it back (tuples as lists), so a result is the same whether computed now
            # or read back later.
            self._table[key] = _as_json(compute())
            self._dirty = True
        return self._table[key]

    def get(self, key: str) -> list | None:
        """The remembered result, or None (nothing computed: for a step that may fail)."""
        return self._table.get(key)

    def save(self) -> None:
        """Write the table (atomically), replacing this step's tables of other salts."""
        if not self._dirty:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            for old in self.path.parent.glob(f"{self._name}-*.json"):
                if old != self.path:
                    old.unlink(missing_ok=True)
            temporary = self.path.with_suffix(f".{os.getpid()}.tmp")
            temporary.write_text(json.dumps(self._table, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
            os.replace(temporary, self.path)
        except OSError:
            pass   # a cache that cannot be written only costs time
        self._dirty = False


def _as_json(value):
    if isinstance(value, (list, tuple)):
        return [_as_json(item) for item in value]
    if isinstance(value, dict):
        return {str(key): _as_json(item) for key, item in value.items()}
    return value


def _read(path: Path, valid: Callable[[list], bool]) -> dict[str, list]:
    try:
        table = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(table, dict):
        return {}
    return {key: value for key, value in table.items() if isinstance(value, list) and valid(value)}
