"""Which houses show each message of the template: one answer for every check that asks.

The translator notes name, under a rule's string, the houses that show it; a language need not be
translated where only houses that do not publish it show a message (``status.unpublished_in``); and a
translation is judged against the glossaries of the houses that show it, never another's
(``checks.judging_glossaries``). All three read ``shown_by``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulebook.i18n.catalogs import rule_of
from rulebook.project import Derived, Project


def shown_by(project: Project) -> Mapping[str, frozenset[str]]:
    """Each context of the template that not every house shows → the houses that show it, the editors'
    edition included (it may be none: a rule no house publishes yet). A worked example's strings: the
    houses that show the example; a library rule's (any of its variants): the houses whose rulebook holds
    the rule; a part's or a section's: those that publish it; a house's own strings (its title, its
    line): that house; a variant's, the houses that state it; a glossary meaning: the houses whose glossary gives it (the shared one: each house
    with no meaning of its own or of its unit). A context not here (the interface's strings, the
    editorial notes) every house shows."""

    def find() -> Mapping[str, frozenset[str]]:
        examples, rules, variants, headings, meanings = _what_each_house_shows(project)
        every_heading = {part.id for part in project.library.parts} | {
            section.id for part in project.library.parts for section in part.sections}
        found: dict[str, frozenset[str]] = {}
        for message in project.template:
            context = message.context
            if not message.id or not context:
                continue
            first, _, rest = context.partition(".")
            if context in examples:
                found[context] = frozenset(examples[context])
            elif (rule_id := rule_of(message)) in rules:
                variant = context.removeprefix(f"{rule_id}.").partition(".")[0]
                found[context] = frozenset(variants.get((rule_id or "", variant), rules[rule_id or ""]))
            elif rule_id is None and first in every_heading:
                found[context] = frozenset(headings.get(first, ()))
            elif first == "house" and (house_id := rest.partition(".")[0]) in project.houses:
                found[context] = frozenset({house_id})
            elif first == "glossary":
                found[context] = frozenset(meanings.get(context, ()))
        return found

    return SHOWN_BY.of(project, (), find)


def _what_each_house_shows(project: Project) -> tuple[dict[Any, set[str]], ...]:
    """The houses that show each worked example's string (every example's, by context), each library
    rule (every rule's, by id) and each of its variants (by rule and variant: a room's own variant is
    shown by the rooms that state it, whoever else publishes the rule), each part and section (by id)
    and each glossary meaning (by context)."""
    examples: dict[str, set[str]] = {string.context: set() for example in project.examples
                                     for string in example.messages() if string.context}
    rules: dict[str, set[str]] = {rule.id: set() for rule in project.library.rules}
    variants: dict[tuple[str, str], set[str]] = {(rule.id, rule.variant): set() for rule in project.library.rules
                                                 if rule.variant}
    headings: dict[str, set[str]] = {}
    meanings: dict[str, set[str]] = {}
    for house_id, view in project.houses.items():
        for example in view.examples:
            for string in example.messages():
                examples[string.context].add(house_id)
        for rule in view.editors_book.rules:
            rules[rule.id].add(house_id)
            if rule.variant:
                variants[(rule.id, rule.variant)].add(house_id)
        for part in view.editors_book.parts:
            for heading in (part.id, *(section.id for section in part.sections)):
                headings.setdefault(heading, set()).add(house_id)
        for term in project.glossary_of(house_id):
            meanings.setdefault(term.context, set()).add(house_id)
    return examples, rules, variants, headings, meanings


# What ``shown_by`` found, once per project.
SHOWN_BY: Derived[tuple[()], Mapping[str, frozenset[str]]] = Derived("shown by")
