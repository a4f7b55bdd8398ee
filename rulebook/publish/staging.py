"""Publishing: a command's new folders put in place together, whole, or not at all.

Each published folder (``_build/site``, ``review``, ``cards``, ``pdf``) is a symbolic link to a
version folder beside it (``site.3``). A build stages each new folder in ``<kind>.new``; publishing
names it as a version, writes the list of links to move in a journal, and moves each link (a new
link made beside it, then renamed over it: one rename per link, not one for the whole publication,
which is why the journal is there). A command interrupted anywhere (Ctrl-C, a crash, a power cut)
leaves either the journal, which the next command carries out before it does anything else, or no
journal and the previous publication untouched: a published folder is never missing, and never
half of one build beside half of another. What no link names (a staged folder never published, a
replaced version) is removed then too.

Ctrl-C while the links move waits until they have moved (the signal is held, then delivered).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator, TypeVar

from rulebook.core.json_shapes import Journal, fits
from rulebook.publish import faults
from rulebook.publish.report import Report

if TYPE_CHECKING:
    from rulebook.project import Project

T = TypeVar("T")

KINDS = ("site", "review", "cards", "pdf")
JOURNAL = "publishing.json"
_HELD = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}


class Publication:
    """The folders one command publishes (``stage``), put in place by ``commit``; ``after`` runs
    once they are published (the stamps that describe them). Creating one first completes or
    clears what an interrupted command left."""

    def __init__(self, build: Path, changed: Callable[[], list[str]] | None = None):
        self.build = build
        self._changed = changed
        self._staged: dict[str, Path] = {}
        self._after: list[Callable[[], None]] = []
        self.report = Report()   # what each job rebuilt or kept, said once the build is published
        recover(build)

    def stage(self, kind: str) -> Path:
        """An empty folder to build ``kind``'s next publication in."""
        staged = self.build / f"{kind}.new"
        _remove(staged)
        staged.mkdir(parents=True)
        self._staged[kind] = staged
        return staged

    def where(self, kind: str) -> Path:
        """Where ``kind`` is now for this command: its staged folder, or the published one."""
        return self._staged.get(kind, self.build / kind)

    def after(self, callback: Callable[[], None]) -> None:
        self._after.append(callback)

    def discard(self) -> None:
        """Publish nothing: remove what was staged."""
        for staged in self._staged.values():
            _remove(staged)
        self._staged, self._after = {}, []

    def commit(self) -> list[str]:
        """Publish every staged folder at once, then write what describes them, unless a source the
        build read changed meanwhile: then each such file is named (returned) and nothing is stamped,
        so that the next build redoes it."""
        held = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
        try:
            swaps = {}
            for kind, staged in self._staged.items():
                version = _next_version(self.build, kind)
                staged.rename(self.build / version)
                swaps[kind] = version
            faults.at("staged")
            if swaps:
                _write_journal(self.build, swaps)
                faults.at("publishing")
                _carry_out(self.build, swaps)
            changed = self._changed() if self._changed else []
            for name in changed:
                print(f"{name}: changed while it was being built; what was published is from before the "
                      "change and is not stamped, so the next build redoes it", file=sys.stderr)
            if not changed:
                for callback in self._after:
                    callback()
            self._staged, self._after = {}, []
            _collect(self.build)
            return changed
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)


@contextlib.contextmanager
def publishing(project: "Project", build: Path, publication: Publication | None = None
               ) -> Iterator[tuple[Publication, Callable[[T], T]]]:
    """The publication to stage into, and ``done(result)`` to say how the body ended: the caller's
    publication as it is, or a new one, committed on leaving if the last result given to ``done``
    was true, else (or on an exception, Ctrl-C included) discarded."""
    if publication is not None:
        yield publication, lambda result: result
        return
    own = Publication(build, project.changed_sources)
    results: list = []

    def done(result: T) -> T:
        results.append(result)
        return result

    try:
        yield own, done
    except BaseException:
        own.discard()
        raise
    if results and results[-1]:
        own.commit()
    else:
        own.discard()


def recover(build: Path) -> None:
    """Carry out an interrupted publication's journal, adopt a folder an older version of this code
    left renamed aside, and remove every version no link names."""
    journal = build / JOURNAL
    if journal.is_file():
        try:
            swaps = json.loads(journal.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            swaps = {}
        swaps = swaps if fits(Journal, swaps) else {}   # a damaged journal moves nothing
        _carry_out(build, {kind: version for kind, version in swaps.items()
                           if kind in KINDS and isinstance(version, str) and (build / version).is_dir()
                           and re.fullmatch(rf"{kind}\.\d+", version)})
    for kind in KINDS:   # the previous code renamed the published folder to <kind>.old, then the new one in
        if not os.path.lexists(build / kind) and (build / f"{kind}.old").is_dir():
            version = _next_version(build, kind)
            (build / f"{kind}.old").rename(build / version)
            _point(build / kind, version)
    _collect(build)


def _carry_out(build: Path, swaps: dict[str, str]) -> None:
    for kind, version in swaps.items():
        _point(build / kind, version)
    (build / JOURNAL).unlink(missing_ok=True)


def _point(link: Path, version: str) -> None:
    """Make ``link`` name ``version`` in one rename (a folder published by older code becomes a version first)."""
    if link.is_dir() and not link.is_symlink():
        link.rename(link.with_name(_next_version(link.parent, link.name)))
    temporary = link.with_name(f".{link.name}.link")
    temporary.unlink(missing_ok=True)
    os.symlink(version, temporary)
    os.replace(temporary, link)


def _write_journal(build: Path, swaps: dict[str, str]) -> None:
    temporary = build / f".{JOURNAL}.tmp"
    with open(temporary, "w", encoding="utf-8") as handle:
        json.dump(swaps, handle)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, build / JOURNAL)


def _next_version(build: Path, kind: str) -> str:
    numbers = [int(found.group(1)) for path in build.glob(f"{kind}.*")
               if (found := re.fullmatch(rf"{re.escape(kind)}\.(\d+)", path.name))]
    return f"{kind}.{max(numbers, default=0) + 1}"


def _collect(build: Path) -> None:
    """Remove what no published link names: staged folders never published, replaced versions."""
    if (build / JOURNAL).exists():
        return
    for kind in KINDS:
        link = build / kind
        current = os.readlink(link) if link.is_symlink() else None
        for path in build.glob(f"{kind}.*"):
            if path.name != current:
                _remove(path)


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    elif os.path.lexists(path):
        path.unlink(missing_ok=True)
