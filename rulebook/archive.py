"""Archived editions: every earlier edition of a house stays readable beside the current one.

An edition recorded as a git tag (``rulebook.editions``) is published again under
``<house>/<lang>/edition/<n>/``, with the page names and rule anchors it had, so that a link to a rule
of an old edition (``edition/1/rake.html#rake-cap-definition``) keeps working however the rules move
on. Its data is read from git; today's templates and code render it: an archived project is the old
data with the current root (templates, conf.py, and the repository its own earlier editions are
found in) and the current code's digest (which every stamp of its pages covers).

Each rule of an edition whose text a later edition changed (reworded, or quoting a number that
changed) links to that earlier text; so does a removed rule's entry on the changes page.
"""

from __future__ import annotations

import dataclasses
import re
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulebook.editions import edition_at, tag_name
from rulebook.project import Project

if TYPE_CHECKING:
    from rulebook.changes import Changes

FOLDER = "edition"   # <house>/<lang>/edition/<n>/


@dataclass(frozen=True)
class Archived:
    """An earlier edition as the site publishes it: its number, the commit it was tagged at (which
    keys its build: a commit never changes) and its data, rendered by today's code."""

    edition: int
    commit: str
    project: Project


_ARCHIVED: "weakref.WeakKeyDictionary[Project, dict[str, tuple[Archived, ...]]]" = weakref.WeakKeyDictionary()


def archived_editions(project: Project, house_id: str) -> tuple[Archived, ...]:
    """The house's earlier editions that are tagged in the project's repository, oldest first
    (none for a first edition, a clone without tags, or sources outside git). Read once per command."""
    known = _ARCHIVED.setdefault(project, {})
    if house_id not in known:
        found = []
        for number in range(1, project.houses[house_id].book.edition or 1):
            earlier = edition_at(project, house_id, number)
            if earlier is not None:
                view = dataclasses.replace(earlier.project, root=project.root, code_digest=project.code_digest)
                found.append(Archived(number, earlier.commit, view))
        known[house_id] = tuple(found)
    return known[house_id]


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


def earlier_texts(project: Project, house_id: str, lang: str,
                  latest: "Changes | None" = None) -> dict[str, tuple[tuple[int, str], ...]]:
    """Rule id → (edition, part id) of every earlier edition whose text of the rule the next edition
    changed, newest first: the distinct earlier texts a reader may want. ``latest``: the changes
    from the previous edition to this one, if already compared."""
    from rulebook.changes import compare

    chain = [(item.edition, item.project) for item in archived_editions(project, house_id)]
    chain.append((project.houses[house_id].book.edition or 1, project))
    texts: dict[str, list[tuple[int, str]]] = {}
    for (number, older), (_, newer) in reversed(list(zip(chain, chain[1:]))):
        changes = latest if newer is project and latest is not None else \
            compare(older, newer, house_id, lang, tag_name(house_id, number))
        changed = {change.rule_id for change in changes.rules if change.kind in ("changed", "removed")}
        changed |= {rule_id for parameter in changes.parameters for rule_id, _, _ in parameter.rules}
        for part in older.houses[house_id].book.parts:
            for rule in part.rules:
                if rule.id in changed:
                    texts.setdefault(rule.id, []).append((number, part.id))
    return {rule_id: tuple(found) for rule_id, found in texts.items()}


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
