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

What the build did not leave is never removed or half-replaced: a published link that dangles,
loops or names anything but a version beside it, a folder or a file where a link should be, and a
journal that is not a regular file stop the command in one line naming the path and what to
remove (``faults.Refused``), before anything is built, and nothing of that kind is removed. A journal
that cannot be read (damaged, hostile, larger than any journal this code writes) is set aside
(``publishing.json.damaged``) and said in one line: no link moves for it, and the build goes on. A
full or read-only disk while publishing stops the command in one line saying what stands: the
previous publication, or (its links moved) the new one.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import shutil
import signal
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator, TypeVar

from rulebook.core.json_shapes import Journal, fits
from rulebook.i18n.catalogs import LANGUAGES
from rulebook.publish.machinery import faults
from rulebook.publish.machinery.report import Report
from rulebook.publish.machinery.workers import link_or_copy

if TYPE_CHECKING:
    from rulebook.project import Project

T = TypeVar("T")

KINDS = ("site", "review", "cards", "pdf")
JOURNAL = "publishing.json"
JOURNAL_BYTES = 64 * 1024   # a journal names at most four links: anything larger is not one this code wrote
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
        faults.at("stage", staged)
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
        stands = faults.NOTHING_PUBLISHED
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
                stands = "the next command completes this publication from its journal before anything else"
                _carry_out(self.build, swaps)
            stands = "this build is published, but not stamped: the next build redoes it"
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
        except OSError as exc:   # a full or read-only disk: one line, saying what is published now
            raise faults.explained(exc, stands) from None
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
    left renamed aside, and remove every version no link names; first, refuse (``faults.Refused``)
    a published folder or a journal that is not what a build left."""
    swaps = _read_journal(build)
    for kind in KINDS:
        if kind not in swaps:   # the journal's links are made anew from versions that exist
            _check_published(build, kind)
    try:
        _carry_out(build, swaps)
    except OSError as exc:
        raise faults.explained(exc, "the journal is kept: the next command completes it") from None
    for kind in KINDS:   # the previous code renamed the published folder to <kind>.old, then the new one in
        if not os.path.lexists(build / kind) and (build / f"{kind}.old").is_dir():
            version = _next_version(build, kind)
            (build / f"{kind}.old").rename(build / version)
            _point(build / kind, version)
    _collect(build)


def _read_journal(build: Path) -> dict[str, str]:
    """The links an interrupted publication was moving, each to a version that exists. A journal that is
    no regular file is refused; one that cannot be read is set aside, said in one line, and moves nothing."""
    journal = build / JOURNAL
    try:
        found = os.lstat(journal)
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise faults.explained(exc) from None
    if not stat.S_ISREG(found.st_mode):
        raise faults.Refused(journal, "not a journal this build wrote (a folder, a link or a device)",
                             f"remove it (rm -r {journal}), then build again")
    swaps = None
    if found.st_size <= JOURNAL_BYTES:
        try:
            with open(journal, "rb") as handle:
                swaps = json.loads(handle.read(JOURNAL_BYTES + 1))
        except (OSError, ValueError, RecursionError):
            swaps = None
    if swaps is None or not fits(Journal, swaps):
        aside = journal.with_name(f"{JOURNAL}.damaged")
        try:
            os.replace(journal, aside)
        except OSError as exc:
            raise faults.Refused(journal, f"a journal that cannot be read ({exc.strerror})",
                                 f"remove it (rm {journal}), then build again") from None
        print(f"{journal}: a journal that cannot be read (damaged, or not one this build wrote): set aside as "
              f"{aside.name}, no link moved for it; what is published stands", file=sys.stderr)
        return {}
    return {kind: version for kind, version in swaps.items()
            if kind in KINDS and isinstance(version, str) and re.fullmatch(rf"{kind}\.\d+", version)
            and _is_folder(build / version)}


def _is_folder(path: Path) -> bool:
    """A real folder (never a link to one)."""
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


def _check_published(build: Path, kind: str) -> None:
    """Refuse a published ``kind`` that is not what a build left: a link to a version folder beside it."""
    link = build / kind
    try:
        found = os.lstat(link)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise faults.explained(exc) from None
    if stat.S_ISLNK(found.st_mode):
        target = os.readlink(link)
        if re.fullmatch(rf"{kind}\.\d+", target) and _is_folder(build / target):
            return
        try:
            os.stat(link)
            problem = f"a link to {target}, not a version folder the build published beside it"
        except OSError as exc:
            problem = f"a link to {target}, " + \
                ("which leads back to itself" if exc.errno == errno.ELOOP else "which does not exist")
        raise faults.Refused(link, problem, f"remove the link (rm {link}) to publish anew, or point it at "
                                            f"the version to keep (ln -sfn {kind}.<n> {link})")
    what = "a folder" if stat.S_ISDIR(found.st_mode) else "a file"
    raise faults.Refused(link, f"{what} the build did not publish (it publishes a link to {kind}.<n> there)",
                         f"move it elsewhere or remove it (rm -r {link}), then build again")


def _carry_out(build: Path, swaps: dict[str, str]) -> None:
    for kind, version in swaps.items():
        _point(build / kind, version)
    (build / JOURNAL).unlink(missing_ok=True)


def _point(link: Path, version: str) -> None:
    """Make ``link`` name ``version`` in one rename; whatever else is there (not a link) is refused, never replaced."""
    if os.path.lexists(link) and not link.is_symlink():
        _check_published(link.parent, link.name)
    temporary = link.with_name(f".{link.name}.link")
    temporary.unlink(missing_ok=True)
    faults.at("link", temporary)
    os.symlink(version, temporary)
    os.replace(temporary, link)


def _write_journal(build: Path, swaps: dict[str, str]) -> None:
    temporary = build / f".{JOURNAL}.tmp"
    faults.at("journal", temporary)
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
    """Remove what no published link names: staged folders never published, replaced versions (only
    names a build gives, ``<kind>.<n>`` and ``<kind>.new``, and only beside a link a build left)."""
    if os.path.lexists(build / JOURNAL):
        return
    for kind in KINDS:
        link = build / kind
        if os.path.lexists(link) and not link.is_symlink():
            continue
        current = os.readlink(link) if link.is_symlink() else None
        for path in build.glob(f"{kind}.*"):
            if path.name != current and re.fullmatch(rf"{kind}\.(\d+|new)", path.name):
                _remove(path)


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    elif os.path.lexists(path):
        path.unlink(missing_ok=True)


def work_dir(build: Path, builder: str, house: str, lang: str) -> Path:
    """Where Sphinx writes (unpublished, kept for incremental builds)."""
    return build / "work" / builder / house / lang


def stage(work: Path, published: Path, staged: Path) -> None:
    """Copy a build's output to the staged folder; a file Sphinx did not rewrite (the same size and
    modification time as the published copy, which ``copy2`` made from it) is hard-linked instead."""
    def copy(source: str, target: str) -> None:
        old = published / Path(source).relative_to(work)
        try:
            mine, theirs = os.stat(source), os.stat(old)
            if (mine.st_size, mine.st_mtime_ns) == (theirs.st_size, theirs.st_mtime_ns):
                os.link(old, target)
                return
        except OSError:
            pass
        shutil.copy2(source, target)

    shutil.copytree(work, staged, copy_function=copy, ignore=shutil.ignore_patterns(".buildinfo", ".buildinfo.bak", ".doctrees"))


def keep_unrebuilt(previous: Path, staged: Path, houses: dict[str, tuple[str, ...]]) -> None:
    """Carry into ``staged`` what this build did not redo: each ``<house>/<lang or file>`` of the
    previously published folder that ``staged`` lacks, whole, for the houses that still exist.

    Files are hard-linked, not copied (a tenth of the time of a no-op rebuild otherwise): a
    published file is never written again in place, only replaced with its whole folder by
    ``publish``, so the previous and the new folder may share it."""
    if not previous.is_dir():
        return
    for house in houses:
        for entry in sorted((previous / house).glob("*")):
            if not set(_languages_of(entry.name)) <= set(houses[house]):
                continue   # a language the house no longer publishes
            target = staged / house / entry.name
            if target.exists():
                continue  # rebuilt this time
            target.parent.mkdir(parents=True, exist_ok=True)
            if entry.is_dir():
                carry(entry, target)
            else:
                link_or_copy(entry, target)


def _languages_of(name: str) -> tuple[str, ...]:
    """The languages a published entry of a house is in: its folder ``fr`` or ``ro-en``, its file
    ``rulebook-fr.pdf``; none for the house's own files (its sitemap)."""
    stem = name.rsplit(".", 1)[0] if "." in name else name
    words = stem.split("-")
    if all(word in LANGUAGES for word in words):
        return tuple(words)
    return (words[-1],) if words[-1] in LANGUAGES else ()


def carry(published: Path, staged: Path, leave: tuple[str, ...] = ()) -> None:
    """A published folder into the staged one, hard-linked (see ``keep_unrebuilt``), but for the
    entries of its top level named in ``leave``."""
    shutil.copytree(published, staged, copy_function=link_or_copy,
                    ignore=lambda folder, names: [name for name in names if name in leave and Path(folder) == published])
