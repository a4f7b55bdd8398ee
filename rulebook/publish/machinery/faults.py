"""Faults injected at named moments of a build, so that the fault tests never race or sleep.

``RULEBOOK_FAULT="<moment>:<action>[,...]"`` makes the build, on reaching ``<moment>``:

- ``interrupt``: send SIGINT to its process group, as Ctrl-C in a terminal does;
- ``kill``: die at once (SIGKILL), as in a crash or a power cut;
- ``pause=<folder>``: create ``<folder>/<moment>.paused`` and wait until ``<folder>/<moment>.resume``
  exists (the test edits a source or starts a second build meanwhile);
- ``ENOSPC``, ``EROFS`` (any errno name): raise that ``OSError`` for the file about to be written, as
  a full disk or a read-only mount would, at the exact write (the tests of the machine's faults run
  everywhere, even where no file system can be mounted).

The moments: ``loaded`` (the project loaded and gated, the build folder locked), ``job`` (a
worker starting a job), ``staged`` (everything built, nothing published), ``publishing`` (the
journal written, the links not yet moved); and the writes a full or read-only disk refuses:
``lock`` (opening ``_build/.lock``), ``stage`` (a staged folder made), ``journal`` (the journal
written), ``link`` (a published link moved), ``stamp`` (a stamp written). Without the variable,
``at`` does nothing.

A fault of the machine (no space, a read-only disk, a path of the wrong kind, a damaged file the
build cannot set aside) ends a command in one line naming the path and what to do (``Refused``,
``explained``), never a traceback.
"""

from __future__ import annotations

import errno
import os
import signal
import time
from pathlib import Path

VARIABLE = "RULEBOOK_FAULT"


NOTHING_PUBLISHED = "nothing was published (what was published before stands)"


class Refused(Exception):
    """A fault of the machine that stops a command: ``path``, what is wrong with it and what to do,
    said in one line (``main`` prints it and exits with ``CODE``); ``stands``, what is published now."""

    def __init__(self, path: Path | str, problem: str, remedy: str, stands: str = NOTHING_PUBLISHED) -> None:
        super().__init__(path, problem, remedy)
        self.path, self.problem, self.remedy, self.stands = Path(path), problem, remedy, stands

    def __str__(self) -> str:
        return f"{self.path}: {self.problem}; {self.remedy}; {self.stands}"


CODE = 3   # the exit code of a fault of the machine (2: an input cannot be read, 1: inconsistent sources)

# What to do about each kind of OSError, by errno.
_REMEDIES = {
    errno.ENOSPC: ("no space left on its disk", "free some space there, or build elsewhere with --build-dir"),
    errno.EDQUOT: ("over the disk quota", "free some space there, or build elsewhere with --build-dir"),
    errno.EROFS: ("on a read-only file system", "build elsewhere with --build-dir, or mount it read-write"),
    errno.EACCES: ("permission denied", "make it writable, or build elsewhere with --build-dir"),
    errno.EPERM: ("not permitted", "make it writable, or build elsewhere with --build-dir"),
    errno.EISDIR: ("a folder where the build writes a file", "remove it, then build again"),
    errno.ENOTDIR: ("a file where the build needs a folder", "remove it, then build again"),
    errno.EEXIST: ("a file where the build needs a folder", "remove it, or give --build-dir a folder"),
    errno.ELOOP: ("a link that leads back to itself", "remove it, then build again"),
    errno.ENOENT: ("missing (a dangling link, or removed during the build)", "remove it if it is a link, then build again"),
    errno.EIO: ("an input/output error on its disk", "check the disk, or build elsewhere with --build-dir"),
}


def explained(exc: OSError, stands: str = NOTHING_PUBLISHED) -> Refused:
    """An ``OSError`` said as a fault of the machine: its file, what is wrong and what to do."""
    problem, remedy = _REMEDIES.get(exc.errno or 0, (exc.strerror or str(exc), "fix it, or build elsewhere with --build-dir"))
    # A copy or a rename names its source first: a full or read-only disk is the destination's.
    written = exc.filename2 if exc.filename2 is not None and exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EROFS) \
        else exc.filename
    return Refused(written if written is not None else "(the build folder)", problem, remedy, stands)


def at(moment: str, path: Path | str | None = None) -> None:
    """The fault asked for at ``moment`` (``path``: the file about to be written there), if any."""
    for item in filter(None, os.environ.get(VARIABLE, "").split(",")):
        where, _, action = item.partition(":")
        if where != moment:
            continue
        if action == "interrupt":
            os.killpg(os.getpgrp(), signal.SIGINT)
        elif action == "kill":
            os.kill(os.getpid(), signal.SIGKILL)
        elif action.startswith("pause="):
            folder = Path(action.removeprefix("pause="))
            (folder / f"{moment}.paused").touch()
            while not (folder / f"{moment}.resume").exists():
                time.sleep(0.02)
        elif isinstance(code := getattr(errno, action, None), int):
            raise OSError(code, os.strerror(code), None if path is None else str(path))
