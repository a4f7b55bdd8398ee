"""One build at a time in a build folder: a second one waits for the first, and says so in one line."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import Iterator

from filelock import FileLock, Timeout


@contextlib.contextmanager
def held(build: Path) -> Iterator[None]:
    """Hold ``build``'s lock (released however the process ends: it is the kernel's, on an open file)."""
    build.mkdir(parents=True, exist_ok=True)
    lock = FileLock(str(build / ".lock"))
    try:
        lock.acquire(timeout=0)
    except Timeout:
        print(f"{build}: another build is publishing there; waiting for it to finish", file=sys.stderr, flush=True)
        lock.acquire()
    try:
        yield
    finally:
        lock.release()
