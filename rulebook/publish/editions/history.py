"""A house's edition in one language among the editions before it: what its pages say of them.

The pages of an edition (the one in force, or an archived one) show what changed since the
previous edition (the changes page, the rules marked new or changed, the cards' changed numbers,
the redline PDF) and link each rule whose text a later edition changed to its earlier text in the
archive. ``History`` is that, as data. Every comparison of two consecutive editions is made once
per command and language, from the readings of both (``rulebook.reading``), in the command's
process before any job is forked (``prepare``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from rulebook.project import Derived, Project
from rulebook.editions import tag_name
from rulebook.reading import Reading
from rulebook.reading.changes import Changes, between
from rulebook.publish.editions.archive import Archived, archived_editions, previous_edition


@dataclass(frozen=True)
class History:
    """What one edition's pages in one language say of the editions before it."""

    changes: Changes | None                # since the previous edition; None: a first edition, or one not tagged
    # rule id → (edition, part id) of each earlier edition whose text of the rule the next edition changed,
    # newest first (none in the editors' edition, which publishes no archive)
    earlier: Mapping[str, tuple[tuple[int, str], ...]] = field(default_factory=dict)


def history(project: Project, house_id: str, lang: str, editors: bool = False) -> History:
    """The history of the house's edition that ``project`` holds (the one in force, or an archived
    one), in ``lang``, as the project's repository records the editions before it (made once)."""
    return HISTORIES.of(project, (house_id, lang, editors), lambda: _history(project, house_id, lang, editors))


def _history(project: Project, house_id: str, lang: str, editors: bool) -> History:
    number = project.houses[house_id].book.edition or 1
    before = list(archived_editions(project, house_id))
    previous = next((item for item in before if item.edition == number - 1), None)
    changes = _between(house_id, lang, previous, project) if previous else None
    earlier = {} if editors else _earlier(house_id, lang, before, project)
    return History(changes, MappingProxyType(earlier))


def _earlier(house_id: str, lang: str, before: list[Archived], shown: Project) -> dict[str, tuple[tuple[int, str], ...]]:
    """Rule id → (edition, part id) of every earlier edition whose text of the rule the next edition
    changed (reworded, removed, or quoting a number that changed), newest first: the distinct
    earlier texts a reader may want."""
    later = [*(item.project for item in before[1:]), shown]
    texts: dict[str, list[tuple[int, str]]] = {}
    for older, newer in reversed(list(zip(before, later))):
        changes = _between(house_id, lang, older, newer)
        changed = {change.rule_id for change in changes.rules if change.kind in ("changed", "removed")}
        changed |= {rule_id for parameter in changes.parameters for rule_id, _, _ in parameter.rules}
        for part in older.project.houses[house_id].book.parts:
            for rule in part.rules:
                if rule.id in changed:
                    texts.setdefault(rule.id, []).append((older.edition, part.id))
    return {rule_id: tuple(found) for rule_id, found in texts.items()}


def _between(house_id: str, lang: str, older: Archived, newer: Project) -> Changes:
    """The changes from an archived edition to a later one, compared once per command."""
    return CHANGES.of(newer, (house_id, lang, older.commit),
                      lambda: between(Reading.of(older.project, house_id, lang), Reading.of(newer, house_id, lang),
                                      tag_name(house_id, older.edition)))


def prepare(project: Project, house_id: str, lang: str, editors: bool = False) -> Reading:
    """Everything the pages, cards and PDFs of a house's edition in a language read, made now: its
    reading (with its glossary) and its history; the reading is returned. Called in the command's
    process before the jobs are forked, so that each finds them made rather than making its own."""
    reading = Reading.of(project, house_id, lang, editors)
    reading.terms   # noqa: B018 (found now, once, rather than in every job)
    history(project, house_id, lang, editors)
    return reading


def earlier_commits(project: Project, house: str) -> tuple[str, ...]:
    """The commits of the house's earlier editions: the changes page, the markers and the links to
    earlier texts depend on them, and a new tag changes no source file."""
    return (_previous(project, house), *(item.commit for item in archived_editions(project, house)))


def _previous(project: Project, house: str) -> str:
    """The commit of the house's previous edition ("" for none): its changes page and markers depend
    on it, and a new tag changes no source file."""
    previous = previous_edition(project, house)
    return previous.commit if previous else ""


# A house's history in a language (edition, editors' or readers'), and the changes from an archived edition
# (by its commit) to a later one: each made once per project.
HISTORIES: Derived[tuple[str, str, bool], History] = Derived("histories")
CHANGES: Derived[tuple[str, str, str], Changes] = Derived("changes")
