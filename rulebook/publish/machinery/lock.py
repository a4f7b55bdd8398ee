"""One build at a time in a build folder: a second one waits for the first, and says so in one line.

A build folder that cannot be locked (not a folder, on a read-only or full disk, its ``.lock`` a
folder or a link) stops the command in one line naming the path and what to do
(``rulebook.publish.machinery.faults.Refused``), before anything is read or written there.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from pathlib import Path
from typing import Iterator

from filelock import FileLock, Timeout

from rulebook.publish.machinery import faults


@contextlib.contextmanager
def held(build: Path) -> Iterator[None]:
    """Hold ``build``'s lock (released however the process ends: it is the kernel's, on an open file)."""
    if os.path.lexists(build) and not build.is_dir():
        raise faults.Refused(build, "not a folder, so no build can publish there",
                             "give --build-dir a folder (or remove what is there)")
    path = build / ".lock"
    try:
        build.mkdir(parents=True, exist_ok=True)
        kind = os.lstat(path).st_mode if os.path.lexists(path) else stat.S_IFREG
        if not stat.S_ISREG(kind):
            raise faults.Refused(path, "not the build's lock file (a folder, a link or a device is there)",
                                 f"remove it (rm -r {path}), then build again")
        faults.at("lock", path)
        lock = FileLock(str(path))
        try:
            lock.acquire(timeout=0)
        except Timeout:
            print(f"{build}: another build is publishing there; waiting for it to finish", file=sys.stderr, flush=True)
            lock.acquire()
    except OSError as exc:
        raise faults.explained(exc) from None
    try:
        yield
    finally:
        lock.release()
