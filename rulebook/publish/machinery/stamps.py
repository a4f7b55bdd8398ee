"""Stamps: what each published job was made from, and what it published.

A job's stamp (under ``_build/stamps``, never inside what is published) holds the digest of all it
read (its *inputs*) and the digest of each file it published (its *outputs*). A later build skips
the job only while both hold: the same inputs, and the published files still those bytes. A deleted
or truncated output is therefore rebuilt, never carried over into the next publication.

A stamp is written only once what it describes is published (``rulebook.publish.machinery.staging``), and removed
before its job is redone, so a skipped job can never stand for a failed or unpublished one.

A stamp is advice, never authority: one that cannot be read (damaged, no regular file, larger than
any stamp this code writes, nested beyond reason) counts as none, and its job is redone.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Iterable

from rulebook.core.json_shapes import Stamp, fits
from rulebook.core.memo import read_json
from rulebook.core.sources import digest_of
from rulebook.publish.machinery import faults

MAX_STAMP_BYTES = 64 * 1024 * 1024   # a stamp of every file of the largest site is a few megabytes


def stamp_file(build: Path, kind: str, house: str, label: str) -> Path:
    return build / "stamps" / kind / house / f"{label}.stamp"


def outputs(folder: Path, names: Iterable[str] | None = None, leave: tuple[str, ...] = ()) -> dict[str, str]:
    """Each file under ``folder`` (or only those ``names``), by its path there → the digest of its
    bytes; the entries of its top level named in ``leave`` (another job's) are left out. A named
    file that is missing is recorded as missing ("")."""
    if names is not None:
        found = {}
        for name in names:
            try:
                found[name] = digest_of((folder / name).read_bytes())
            except OSError:
                found[name] = ""
        return found
    found = {}
    for top, folders, files in os.walk(folder):
        here = Path(top)
        if here == folder:
            folders[:] = [name for name in folders if name not in leave]
            files = [name for name in files if name not in leave]
        for name in files:
            path = here / name
            try:
                found[path.relative_to(folder).as_posix()] = digest_of(path.read_bytes())
            except OSError:
                found[path.relative_to(folder).as_posix()] = ""
    return found


def _read(build: Path, kind: str, house: str, label: str) -> dict | None:
    stamp = read_json(stamp_file(build, kind, house, label), MAX_STAMP_BYTES)
    if not fits(Stamp, stamp):
        return None
    return stamp


def stamped(build: Path, kind: str, house: str, label: str, inputs: str) -> dict[str, str] | None:
    """The files a job published (each by the digest of its bytes), if its stamp names these inputs."""
    stamp = _read(build, kind, house, label)
    return stamp["outputs"] if stamp is not None and stamp["inputs"] == inputs else None


def unchanged(build: Path, kind: str, house: str, label: str, inputs: str, folder: Path,
              names: Iterable[str] | None = None, leave: tuple[str, ...] = ()) -> bool:
    """True if the job's published output (in ``folder``) was made from exactly these inputs and is
    still, byte for byte, what was published."""
    was = stamped(build, kind, house, label, inputs)
    return was is not None and all(was.values()) and was == outputs(folder, names, leave)


def published_from(build: Path, kind: str, house: str, label: str, inputs: str, folder: Path) -> list[str] | None:
    """The files (in ``folder``) a job published from exactly these inputs, if each is still, byte for
    byte, what was published; None if the job must run."""
    was = stamped(build, kind, house, label, inputs)
    if was is None or not all(was.values()) or was != outputs(folder, list(was)):
        return None
    return list(was)


def forget(build: Path, kind: str, house: str, label: str) -> None:
    """Before a job is redone: until its new output is published, nothing may be skipped on its account."""
    stamp_file(build, kind, house, label).unlink(missing_ok=True)


def remember(build: Path, kind: str, house: str, label: str, inputs: str, folder: Path,
             names: Iterable[str] | None = None, leave: tuple[str, ...] = ()) -> None:
    """Once published: the job's inputs and the digest of each file it published (in ``folder``)."""
    path = stamp_file(build, kind, house, label)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(f".{os.getpid()}.tmp")
    faults.at("stamp", temporary)
    temporary.write_text(json.dumps({"inputs": inputs, "outputs": outputs(folder, names, leave)}, sort_keys=True),
                         encoding="utf-8")
    os.replace(temporary, path)
