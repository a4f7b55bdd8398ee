"""Printed files kept by the digest of what they were printed from, shared by every build folder.

Printing is most of a build's time, and the same HTML, stylesheets and code print the same bytes in
any folder (a test of ``tests/test_print.py`` holds this). So a print job that finds a page's digest
here links the file printed from it instead of printing it again: a second clone, a worktree, a build
folder of one's own, a test's copy of the project, or the next edition (whose unchanged cards are
the same pages) prints only what is new to the machine.

The cache is ``$RULEBOOK_PRINT_CACHE`` if set, else ``<build>/print-cache``. It is an input like
any other, so nothing in it is trusted: an entry is taken only whole and with every file's bytes
still those recorded when it was written; anything else is dropped and printed again. Entries are
written whole or not at all (a folder renamed into place), and only the most recently used
``KEEP`` stay. Beside the files, the type size each card face was fitted to (``fitted``): the two-sided
card's faces are the faces of its two languages' cards, fitted once.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

from rulebook.core.memo import read_json
from rulebook.core.sources import digest_of
from rulebook.publish.machinery.workers import link_or_copy

VARIABLE = "RULEBOOK_PRINT_CACHE"
KEEP = 2000   # entries (one printed file each): some twenty whole builds of two houses
MANIFEST = "file.json"   # the file's name where it was printed, and the digest of its bytes
FILE = "printed"
FIT = "size"   # a card face's fitted type size, in points


def folder(build: Path) -> Path:
    """Where this build's prints are kept."""
    return Path(os.environ.get(VARIABLE) or build / "print-cache")


def take(build: Path, key: str, name: str, target: Path) -> bool:
    """Link the file ``name`` printed from ``key`` into ``target``; False (nothing linked) when the
    cache has no whole, intact entry for it."""
    entry = folder(build) / key
    try:
        # A manifest that is no small regular file of JSON (a pipe, a deep nest) is no entry of ours.
        recorded = read_json(entry / MANIFEST, 4096)
        if recorded is None or not (entry / FILE).is_file() or \
                recorded != {"name": name, "digest": digest_of((entry / FILE).read_bytes())}:
            raise ValueError
    except (OSError, ValueError):
        shutil.rmtree(entry, ignore_errors=True)
        return False
    (target / name).parent.mkdir(parents=True, exist_ok=True)
    link_or_copy(entry / FILE, target / name)
    try:
        os.utime(entry)   # recently used: kept longest
    except OSError:
        pass   # a cache on a read-only disk is still read
    return True


def keep(build: Path, key: str, name: str, source: Path) -> None:
    """Keep the file ``name`` just printed into ``source`` under ``key``; never fails a build."""
    cache = folder(build)
    try:
        cache.mkdir(parents=True, exist_ok=True)
        partial = Path(tempfile.mkdtemp(prefix=".new-", dir=cache))
        link_or_copy(source / name, partial / FILE)
        recorded = {"name": name, "digest": digest_of((partial / FILE).read_bytes())}
        (partial / MANIFEST).write_text(json.dumps(recorded, sort_keys=True), encoding="utf-8")
        try:
            os.rename(partial, cache / key)
        except OSError:   # another process kept the same print first
            shutil.rmtree(partial, ignore_errors=True)
    except OSError:
        return


def fitted(build: Path, key: str) -> float | None:
    """The type size a card's face was fitted to (``printing.CardFit``), kept under ``key`` (what the
    face is and what lays it out); None when not kept, or not a size a card is set in."""
    try:
        size = float((folder(build) / f"fit-{key}" / FIT).read_text(encoding="ascii")[:16])
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    return size if 1.0 <= size <= 100.0 else None


def keep_fit(build: Path, key: str, size: float) -> None:
    """Keep a face's fitted type size under ``key``, whole or not at all; never fails a build."""
    cache = folder(build)
    try:
        cache.mkdir(parents=True, exist_ok=True)
        partial = Path(tempfile.mkdtemp(prefix=".new-", dir=cache))
        (partial / FIT).write_text(f"{size:g}", encoding="ascii")
        try:
            os.rename(partial, cache / f"fit-{key}")
        except OSError:   # another process kept it first
            shutil.rmtree(partial, ignore_errors=True)
    except OSError:
        return


def prune(build: Path) -> None:
    """Only the ``KEEP`` most recently used entries stay (once a command's print jobs are done, never
    by each page a worker keeps)."""
    cache = folder(build)
    try:
        entries = sorted(((entry.stat().st_mtime, entry) for entry in cache.iterdir()
                          if not entry.name.startswith(".")), reverse=True)
    except OSError:
        return
    for _, entry in entries[KEEP:]:
        shutil.rmtree(entry, ignore_errors=True)
