"""Jobs of one build run side by side in forked processes, and skipped when nothing they read changed.

Every job (a house's language for Sphinx, its cards, its PDF) runs in a process forked from the
command, as many at once as there are cores, so it finds the project the command loaded and gated
already in memory: nothing is pickled, read or computed again. A job reports a *stamp*, a digest of
everything it read (``rulebook.publish.machinery.stamps``), and the next build skips a job whose stamp is unchanged.

Ctrl-C is the command's alone: the workers ignore it, and the command stops them all at once.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import shutil
import signal
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Sequence, TypeVar

from rulebook.publish.machinery import faults

if TYPE_CHECKING:
    from rulebook.project import Project

J = TypeVar("J")
R = TypeVar("R")

_PROJECT: "Project | None" = None   # the command's project, seen by the forked workers


def project() -> "Project":
    """The project of the command that forked this worker."""
    assert _PROJECT is not None, "called outside run_jobs"
    return _PROJECT


def run_jobs(loaded: "Project", function: Callable[[J], R], jobs: Sequence[J], *, fresh: bool = False) -> list[R]:
    """``function`` over ``jobs`` in forked workers, in order. ``fresh``: a new process per job
    (Sphinx needs one: docutils keeps its directive registry process-wide)."""
    global _PROJECT
    if not jobs:
        return []
    workers = max(1, min(len(jobs), os.cpu_count() or 1))
    _PROJECT = loaded
    # What the command holds (the project, its readings, Sphinx) is out of the collector's reach while
    # the jobs run: a full collection in a job would otherwise walk all of it, and write to every page
    # of it that the fork shares (a tenth of a second, in each job, every time).
    gc.freeze()
    try:
        # Leaving the block (done, or interrupted) terminates every worker.
        with multiprocessing.get_context("fork").Pool(workers, initializer=_ignore_interrupts,
                                                      maxtasksperchild=1 if fresh else None) as pool:
            return pool.map(_Job(function), jobs, chunksize=1)
    finally:
        gc.unfreeze()
        _PROJECT = None


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _Job:
    """A job as a worker runs it: at the fault tests' ``job`` moment first."""

    def __init__(self, function: Callable):
        self.function = function

    def __call__(self, job):
        faults.at("job")
        return self.function(job)


def link_or_copy(source: Path | str, target: Path | str) -> None:
    """A hard link where the file system allows one, else a copy (for published files, which are
    never written in place, only replaced with their whole folder)."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)
