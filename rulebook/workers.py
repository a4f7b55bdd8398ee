"""Jobs of one build run side by side in forked processes, and skipped when nothing they read changed.

Every job (a house's language for Sphinx, its cards, its PDF) runs in a process forked from the
command, as many at once as there are cores, so it finds the project the command loaded and gated
already in memory: nothing is pickled, read or computed again. A job reports a *stamp*, a digest of
everything it read; the command writes the stamps under ``_build/stamps`` only once its output is
published, and the next build skips a job whose stamp is unchanged (its published output stands).
"""

from __future__ import annotations

import multiprocessing
import os
import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Sequence, TypeVar

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
    try:
        with multiprocessing.get_context("fork").Pool(workers, maxtasksperchild=1 if fresh else None) as pool:
            return pool.map(function, jobs, chunksize=1)
    finally:
        _PROJECT = None


def stamp_file(build: Path, kind: str, house: str, label: str) -> Path:
    """Where the stamp of a published job is kept (never inside what is published)."""
    return build / "stamps" / kind / house / f"{label}.stamp"


def unchanged(build: Path, kind: str, house: str, label: str, stamp: str) -> bool:
    """True if the published output of this job was built from exactly these inputs."""
    path = stamp_file(build, kind, house, label)
    try:
        return path.read_text(encoding="utf-8") == stamp
    except OSError:
        return False


def forget(build: Path, kind: str, house: str, label: str) -> None:
    """Before a job rebuilds: until its new output is published, nothing may be skipped on its account."""
    stamp_file(build, kind, house, label).unlink(missing_ok=True)


def remember(build: Path, kind: str, stamps: dict[tuple[str, str], str | None]) -> None:
    """After publishing: the stamp of every job that ran (None: it was skipped, its stamp stands)."""
    for (house, label), stamp in stamps.items():
        if stamp is not None:
            path = stamp_file(build, kind, house, label)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(stamp, encoding="utf-8")


def link_or_copy(source: Path | str, target: Path | str) -> None:
    """A hard link where the file system allows one, else a copy (for published files, which are
    never written in place, only replaced with their whole folder)."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)
