"""Where each string of the template appears, told to its translator in the catalog's ``#.`` comments.

A rule's strings (its title, text, items and its worked examples) get, after their ``rule <id>``
comment, one line per house that publishes the rule: its number, its title as that house reads it,
and its address on the site (the part's page and the rule's anchor, as published); a title that a
card prints names those cards. All of it is read from the loaded project (the readings the pages and
cards are made from), never written by hand. The template names the English site (a house that does
not publish English: its site in its language of authority); ``update-po`` gives each language's
catalog its own pages, those of each house that publishes it (``i18n.localized_notes``). An entry whose msgid keeps a
line break is flagged ``no-wrap``, so translators' tools do not fold it; placeholders are flagged
``python-brace-format`` by Babel itself (``Message``), which Weblate's, Poedit's and msgfmt's
checks read.
"""

from __future__ import annotations

import copy
from typing import Iterable

from babel.messages.catalog import Catalog

from rulebook.gate.showing import shown_by
from rulebook.i18n.catalogs import SOURCE_LANGUAGE, rule_of
from rulebook.project import Project
from rulebook.reading import Reading
from rulebook.reading.table_facts import titled_on_cards


def annotated(project: Project, overridden: Iterable[str | None] = ()) -> Catalog:
    """The template of the project's own catalogs (``Project.own_template``) with each rule string's
    whereabouts and the flags its text needs."""
    catalog = copy.deepcopy(project.own_template(overridden))
    notes, cards = _whereabouts(project)
    # Each string's houses: those that show it (a worked example: those its rule and its houses select).
    showing = shown_by(project)
    for message in catalog:
        if not message.id:
            continue
        rule_id = rule_of(message)
        if rule_id is not None:
            houses = showing.get(message.context or "", frozenset(project.houses))
            lines = [line for house_id in project.houses if house_id in houses
                     for line in notes.get((house_id, rule_id), [])]
            lines += [line for house_id in project.houses if house_id in houses
                      for line in cards.get((house_id, message.context or ""), [])]
            message.auto_comments = [message.auto_comments[0], *(lines or [NOWHERE]),
                                     *message.auto_comments[1:]]
        if any("\n" in text for text in _texts(message.id)):
            message.flags.add("no-wrap")
    return catalog


NOWHERE = "in no house's rulebook yet"


def _texts(msgid: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return (msgid,) if isinstance(msgid, str) else tuple(msgid)


def _whereabouts(project: Project) -> tuple[dict[tuple[str, str], list[str]], dict[tuple[str, str], list[str]]]:
    """(house, rule id) → the lines saying where the house publishes the rule: its number and title,
    then its address; and (house, the context of a rule's title) → the line naming the cards that print it."""
    notes: dict[tuple[str, str], list[str]] = {}
    cards: dict[tuple[str, str], list[str]] = {}
    for house_id, view in project.houses.items():
        reading = Reading.of(project, house_id, SOURCE_LANGUAGE)
        site = SOURCE_LANGUAGE if SOURCE_LANGUAGE in view.book.languages else view.book.languages[0]
        for rule_id, (part_id, rule) in reading.placed.items():
            number = reading.number_of(rule_id)
            notes[house_id, rule_id] = [
                f"{house_id}, rule {number}: {reading.title(rule)}" if number else f"{house_id}: {reading.title(rule)}",
                f"{house_id}, on the site: {house_id}/{site}/{part_id}.html#{rule_id}"]
        for rule_id, printed in titled_on_cards(reading).items():
            cards[house_id, reading.placed[rule_id][1].title.context] = [f"{house_id}, its number and title printed on: {', '.join(printed)}"]
    return notes, cards
