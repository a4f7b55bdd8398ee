"""Editions recorded in git: the tag of each published edition, and an earlier edition read back.

A house publishes edition N by tagging the commit as ``<house-id>/edition-<N>`` (``rulebook
edition tag``). Nothing of an old edition is kept in the tree: to compare, its data files are read
from git into a temporary folder and loaded by *today's* code. Only data is taken from the old
commit (the rules, houses, examples and catalogs: YAML and gettext files), never its code, so an old
ref can never run anything. (The gate judges each tagged edition, ``checks.check_editions``; the
archive publishes those it passes, ``rulebook.publish.editions.archive``.)
"""

from __future__ import annotations

import io
import subprocess
import tarfile
import tempfile
from pathlib import Path, PurePosixPath

from rulebook.core import yamlload
from rulebook.core.errors import ModelError, ModelErrors
from rulebook.project import Project

# What an edition is made of: the data folders, and the only kinds of file read from them.
DATA_FOLDERS = ("rules", "houses", "executable_examples", "locales")
DATA_SUFFIXES = (".yaml", ".po", ".pot", ".txt")   # .txt: a house's own documents
MAX_DATA_BYTES = 64_000_000


class EditionError(ModelError):
    """A ref or a tag that cannot be used: one line, exit status 2."""

    def __init__(self, message: str, check: str | None = None):
        super().__init__("git", 0, None, message, check=check)

    def __reduce__(self):
        return type(self), (self.message, self.check)

    def __str__(self) -> str:
        return self.message


class RefusedEdition(EditionError):
    """A tagged edition the gate refuses: one line naming the tag, the file and the line; exit status 1."""

    def __init__(self, message: str, check: str | None = "edition"):
        super().__init__(message, check)


def tag_name(house_id: str, edition: int) -> str:
    """The tag that records a house's edition: one namespace per house, so houses publish apart."""
    return f"{house_id}/edition-{edition}"


def _git(root: Path, *args: str, data: bool = False) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=not data, check=False)


def commit_of(root: Path, ref: str) -> str | None:
    """The commit a ref names, or None (no such ref, or no git repository here)."""
    if not ref or ref.startswith("-"):
        return None
    try:
        done = _git(root, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}")
    except OSError:
        return None
    if done.returncode != 0:
        return None
    return done.stdout.strip() or None


def tag_edition(project: Project, house_id: str) -> str:
    """Tag HEAD as the house's edition in force; EditionError if the data is not committed as loaded
    or the edition is tagged already (an edition is published once: raise ``edition`` for the next)."""
    book = project.houses[house_id].book
    root = project.root
    if not book.edition:
        raise EditionError(f"{book.house_file} has no 'edition': add `edition: 1` and its `effective` date")
    head = commit_of(root, "HEAD")
    if head is None:
        raise EditionError(f"{root} is not a git repository with a commit to tag")
    dirty = _git(root, "status", "--porcelain", "--", *DATA_FOLDERS).stdout.strip()
    if dirty:
        raise EditionError(f"uncommitted changes in {', '.join(DATA_FOLDERS)}: commit them before tagging the edition")
    tag = tag_name(house_id, book.edition)
    existing = commit_of(root, f"refs/tags/{tag}")
    if existing:
        raise EditionError(f"tag {tag} exists already (commit {existing[:12]}): raise 'edition' in "
                           f"{book.house_file} for a new edition")
    message = f"{book.name}, edition {book.edition}, in force from {book.effective}"
    done = _git(root, "tag", "-a", "-m", message, tag, head)
    if done.returncode != 0:   # no identity to sign an annotated tag with: a plain tag records it as well
        done = _git(root, "tag", tag, head)
    if done.returncode != 0:
        raise EditionError(f"git tag {tag}: {done.stderr.strip().splitlines()[-1] if done.stderr.strip() else 'failed'}")
    return tag


def _extract(archive: bytes, target: Path) -> None:
    """Write the archive's data files under ``target``; anything else (code, links, odd paths) is skipped."""
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        for member in tar:
            path = PurePosixPath(member.name)
            if not member.isfile() or path.is_absolute() or ".." in path.parts or not path.parts \
                    or path.parts[0] not in DATA_FOLDERS or path.suffix not in DATA_SUFFIXES:
                continue
            handle = tar.extractfile(member)
            if handle is None:
                continue
            out = target.joinpath(*path.parts)
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(handle.read())


def load_at(root: Path, ref: str) -> Project:
    """The project as it was at ``ref``: its data read from git, loaded by the current code."""
    try:
        top = _git(root, "rev-parse", "--show-toplevel")
    except OSError:
        raise EditionError("git is not installed: earlier editions are read from git") from None
    if top.returncode != 0:
        raise EditionError(f"{root} is not in a git repository: earlier editions are read from git")
    commit = commit_of(root, ref)
    if commit is None:
        raise EditionError(f"unknown git ref {ref!r} (a tag such as club/edition-1, a branch or a commit)")
    prefix = Path(root).resolve().relative_to(Path(top.stdout.strip()).resolve()).as_posix()
    tree = commit if prefix == "." else f"{commit}:{prefix}"
    listed = _git(root, "ls-tree", "--name-only", tree).stdout.split()
    folders = [folder for folder in DATA_FOLDERS if folder in listed]
    if "rules" not in folders or "houses" not in folders:
        raise EditionError(f"{ref} holds no rulebook (no rules/ and houses/ at {prefix})")
    done = _git(root, "archive", "--format=tar", tree, "--", *folders, data=True)
    if done.returncode != 0 or len(done.stdout) > MAX_DATA_BYTES:
        raise EditionError(f"cannot read the sources of {ref} from git")
    # Editions share most of their files with each other (forty tags: forty copies of nearly the same
    # rules): each file's parse is kept by its bytes, so that a file is parsed once, not once an edition.
    yamlload.remember_parses()
    with tempfile.TemporaryDirectory(prefix="rulebook-edition-") as folder:
        _extract(done.stdout, Path(folder))
        try:
            return Project.load(folder)
        except ModelErrors as exc:
            raise EditionError(f"the sources at {ref} cannot be read by this version: {exc.errors[0]}") from None


def tagged_editions(project: Project, house_id: str) -> list[tuple[str, str]]:
    """The tag and commit of each of the house's earlier editions that is tagged, oldest first."""
    found = []
    for number in range(1, project.houses[house_id].book.edition or 1):
        tag = tag_name(house_id, number)
        commit = commit_of(project.root, f"refs/tags/{tag}")
        if commit is not None:
            found.append((tag, commit))
    return found
