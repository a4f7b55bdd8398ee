"""Every source file the build reads, read once, bounded, and remembered by the digest of its bytes.

A build is stamped with what it actually read, not with what the folder holds by the time it is
done: each file is digested as it is read (``read``), under every recording open in this process
(``recording``: a project's load), and a build checks at its end that each file it read still holds
those bytes (``changed``). One edited meanwhile makes the build say so and stamp nothing, so the
next build redoes it.

A file is read only if it is a regular file, no larger than its bound, inside the project (a link
may point within it, never outside, to a device or to a pipe): the size is known before one byte is
read, and no more than the bound is ever read, however the file grows.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
import time
from pathlib import Path
from typing import Iterator, Mapping

from rulebook.core.errors import ModelError

MAX_CODE_BYTES = 2_000_000   # a template, a module of the generator or the engine, conf.py

_RECORDINGS: list[dict[str, str]] = []


def digest_of(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


@contextlib.contextmanager
def recording() -> Iterator[dict[str, str]]:
    """Collect every file read meanwhile in this process: absolute path → digest of its bytes."""
    read: dict[str, str] = {}
    _RECORDINGS.append(read)
    try:
        yield read
    finally:
        _RECORDINGS.remove(read)


def read(path: Path, display: str, limit: int, what: str = "file") -> bytes:
    """The bytes of a source file, at most ``limit`` of them; a ModelError naming ``display`` for a file
    that is missing, not a regular file, outside the project (through a link) or too large."""
    path = Path(path)
    data, info = _bounded(path, display, limit, what)
    found = digest_of(data)
    name = str(path.absolute())
    _SEEN[name] = (found, info.st_size, info.st_mtime_ns, info.st_ino, time.time_ns())
    for recorded in _RECORDINGS:
        recorded[name] = found
    return data


# Each file read in this process: the digest of its bytes, its size, time and inode as it was read,
# and when it was read (to tell later, without reading it again, that it has not changed).
_SEEN: dict[str, tuple[str, int, int, int, int]] = {}


def _bounded(path: Path, display: str, limit: int, what: str) -> tuple[bytes, os.stat_result]:
    inside = _project_of(path)
    if inside is not None and not (target := path.resolve()).is_relative_to(inside):
        raise ModelError(display, 1, None, f"the {what} leads to {target}, outside the project: "
                                           "commit the file itself, not a link")
    try:
        # Non-blocking: a named pipe opens at once (and is refused below) instead of waiting for a writer.
        handle = open(path, "rb", buffering=0, opener=lambda name, flags: os.open(name, flags | os.O_NONBLOCK))
    except OSError as exc:
        raise ModelError(display, 0, None, f"cannot read: {exc.strerror}") from None
    with handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise ModelError(display, 1, None, f"the {what} is not a regular file (a device, a pipe or a folder)")
        if info.st_size > limit:
            raise ModelError(display, 1, None, f"the {what} is larger than {limit:,} bytes")
        chunks, left = [], limit + 1
        while left > 0:
            chunk = handle.read(min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    data = b"".join(chunks)
    if len(data) > limit:   # it grew while it was read
        raise ModelError(display, 1, None, f"the {what} is larger than {limit:,} bytes")
    return data, info


def _project_of(path: Path) -> Path | None:
    """The project folder a source path lies in: the nearest folder above it holding ``rules/``."""
    for folder in path.absolute().parents:
        if (folder / "rules").is_dir() and (folder / "houses").is_dir():
            return folder.resolve()
    return None


def changed(read: Mapping[str, str]) -> list[str]:
    """The files of ``read`` whose bytes are no longer those read (gone, or edited since). A file whose
    size, time and inode are those it had when it was read is not read again, unless it was written
    within two seconds of that read (a later write in the same tick of the clock would not show)."""
    different = []
    for name, expected in sorted(read.items()):
        seen = _SEEN.get(name)
        try:
            now = os.stat(name)
        except OSError:
            different.append(name)
            continue
        if seen is not None and seen[0] == expected and (now.st_size, now.st_mtime_ns, now.st_ino) == seen[1:4] \
                and now.st_mtime_ns + 2_000_000_000 < seen[4]:
            continue
        try:
            data, _ = _bounded(Path(name), name, 1 << 31, "file")
        except ModelError:
            different.append(name)
            continue
        if digest_of(data) != expected:
            different.append(name)
    return different


def digest_of_reads(read: Mapping[str, str], root: Path) -> str:
    """One digest of what was read, each file by its path in the project and the digest of its bytes."""
    h = hashlib.blake2b(digest_size=16)
    for name, found in sorted(read.items()):
        path = Path(name)
        shown = path.relative_to(root) if path.is_relative_to(root) else path
        h.update(f"{shown}\0{found}\0".encode("utf-8", "surrogateescape"))
    return h.hexdigest()
