"""Archived editions: every earlier edition of a house stays readable beside the current one.

An edition recorded as a git tag (``rulebook.editions``) is published again under
``<house>/<lang>/edition/<n>/``, with the page names and rule anchors it had, so that a link to a rule
of an old edition (``edition/1/rake.html#rake-cap-definition``) keeps working however the rules move
on. Its data is read from git, once per commit, and passed by the gate as today's tree would be;
today's templates and code render it: an archived project is the old data with the current root
(templates, conf.py, and the repository its own earlier editions are found in) and the current
code's digest (which every stamp of its pages covers). The previous edition, which the changes page
compares with, is one of them.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from rulebook.project import Derived, Project
from rulebook.editions import EditionError, RefusedEdition, commit_of, load_at, tag_name
from rulebook.gate.checks import refused

FOLDER = "edition"   # <house>/<lang>/edition/<n>/


@dataclass(frozen=True)
class Archived:
    """An earlier edition of a house as tagged in git: its number, its tag, the commit it was tagged
    at (which keys its build: a commit never changes) and its data, rendered by today's code."""

    edition: int
    tag: str
    commit: str
    project: Project


# Each tagged commit's data, read from git and passed by the gate once per command.
_BY_COMMIT: dict[str, Project] = {}
# Each commit's data as rendered by a checkout's code: one project per (commit, root, code), so that the
# edition in force and every archived edition that compares with it share its readings.
_VIEWS: dict[tuple[str, str, str], Project] = {}


def edition_at(project: Project, house_id: str, edition: int) -> Archived | None:
    """A house's earlier edition ``edition`` as tagged in the project's repository, or None when
    that tag is not there. RefusedEdition for one the gate refuses: an earlier edition is published
    only as today's tree would be."""
    return EDITIONS.of(project, (house_id, edition), lambda: _edition_at(project, house_id, edition))


def _edition_at(project: Project, house_id: str, edition: int) -> Archived | None:
    tag = tag_name(house_id, edition)
    commit = commit_of(project.root, f"refs/tags/{tag}") if edition >= 1 else None
    if commit is None:
        return None
    if commit not in _BY_COMMIT:
        old = load_at(project.root, tag)   # named by its tag in any error
        problems = refused(project, tag, commit, old)
        if problems:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            raise RefusedEdition(f"{tag}: {problems[0]}{more}: the gate refuses the edition at this tag, so "
                                 "nothing is published; correct it in a new commit and tag that instead")
        _BY_COMMIT[commit] = old
    old = _BY_COMMIT[commit]
    if house_id not in old.houses:
        raise EditionError(f"tag {tag} has no house {house_id!r}")
    key = (commit, str(project.root), project.code_digest)
    if key not in _VIEWS:
        _VIEWS[key] = dataclasses.replace(old, root=project.root, code_digest=project.code_digest, layout=project.layout)
    return Archived(edition, tag, commit, _VIEWS[key])


def archived_editions(project: Project, house_id: str) -> tuple[Archived, ...]:
    """The house's earlier editions that are tagged in the project's repository, oldest first
    (none for a first edition, a clone without tags, or sources outside git)."""
    found = (edition_at(project, house_id, number) for number in range(1, project.houses[house_id].book.edition or 1))
    return tuple(item for item in found if item is not None)


def previous_edition(project: Project, house_id: str) -> Archived | None:
    """The house's previous edition (tag ``<house>/edition-<N-1>``), or None for a first edition,
    a clone without that tag, or sources outside git."""
    edition = project.houses[house_id].book.edition
    return edition_at(project, house_id, edition - 1) if edition and edition >= 2 else None


def archived(project: Project, house_id: str, edition: int) -> Archived:
    """One archived edition of the house (it must be tagged)."""
    return next(item for item in archived_editions(project, house_id) if item.edition == edition)


def folder(edition: int | None) -> str:
    """Where an edition's pages are, from its language's folder: "" for the current one."""
    return f"{FOLDER}/{edition}/" if edition else ""


def address(edition: int, page: str, anchor: str | None = None, from_archive: bool = False) -> str:
    """A page (and a rule on it) of an archived edition, from a page of the current edition or, with
    ``from_archive``, from a page of another archived one. Only ids and numbers make it up."""
    if not re.fullmatch(r"[a-z0-9-]+", page) or (anchor is not None and not re.fullmatch(r"[a-z0-9-]+", anchor)):
        raise ValueError(f"not a page or an anchor: {page!r}, {anchor!r}")
    return f"{'../' if from_archive else FOLDER + '/'}{int(edition)}/{page}.html" + (f"#{anchor}" if anchor else "")


def in_force_address(rule_id: str) -> str:
    """A rule's permanent address in the edition in force, from a page of an archived edition."""
    if not re.fullmatch(r"[a-z0-9-]+", rule_id):
        raise ValueError(f"not a rule id: {rule_id!r}")
    return f"../../r/{rule_id}.html"


def until(project: Project, house_id: str, edition: int) -> str | None:
    """The day the edition after ``edition`` came into force (ISO), if that edition is known."""
    book = project.houses[house_id].book
    if edition + 1 == book.edition:
        return book.effective.isoformat() if book.effective else None
    later = next((item for item in archived_editions(project, house_id) if item.edition == edition + 1), None)
    effective = later.project.houses[house_id].book.effective if later else None
    return effective.isoformat() if effective else None


def banner(project: Project, house_id: str, edition: int) -> dict:
    """What an archived edition's pages say of it and link to (Sphinx's ``rulebook_archive``): its
    number, the day the next edition came into force, and the pages and rules of the edition in force."""
    return {"edition": edition, "until": until(project, house_id, edition),
            "pages": list(current_pages(project, house_id)),
            "rules": sorted(rule.id for rule in project.houses[house_id].book.rules)}


def current_pages(project: Project, house_id: str) -> tuple[str, ...]:
    """The pages of the current edition an archived page may send its reader to (its own page
    name, or else the home page): those an archive has too, and Sphinx's search page."""
    names = {"index", "changes", "search", "genindex", *(part.id for part in project.houses[house_id].book.parts)}
    if project.glossary:
        names.add("glossary")
    return tuple(sorted(names))


@dataclass(frozen=True)
class Place:
    """Where a house's language is published: ``base`` its site's address (None: not known), ``folder``
    the archived edition's folder inside the language (``edition/1/``, or "" for the edition in force)."""

    base: str | None
    house: str
    lang: str
    official: str
    folder: str = ""

    def url(self, pagename: str, lang: str | None = None) -> str | None:
        """The absolute address of a page in this language (or ``lang``), None without a base."""
        return self.file(f"{pagename}.html", lang)

    def file(self, path: str, lang: str | None = None) -> str | None:
        """The absolute address of a file of this language's folder (or ``lang``'s), None without a base."""
        if not self.base:
            return None
        return f"{self.base.rstrip('/')}/{self.house}/{lang or self.lang}/{self.folder}{path}"


# A house's earlier editions as the project's repository tags them (None: not tagged), once per project.
EDITIONS: Derived[tuple[str, int], Archived | None] = Derived("earlier editions")
