"""How complete each language's catalog is, for the status page and the gate's summary."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from babel.messages.catalog import Catalog

from rulebook.i18n.catalogs import TRANSLATED, entry_state, rule_of

if TYPE_CHECKING:
    from rulebook.core.records import Rulebook
    from rulebook.project import Project


@dataclass(frozen=True)
class LanguageStatus:
    lang: str
    total: int
    translated: int
    fuzzy: int

    @property
    def missing(self) -> int:
        return self.total - self.translated - self.fuzzy

    @property
    def percent(self) -> int:
        return 100 * self.translated // self.total if self.total else 100


def language_status(lang: str, catalog: Catalog | None, template: Catalog,
                    unshown: frozenset[str] = frozenset()) -> LanguageStatus:
    """``unshown``: the contexts no reader of the language sees (``unpublished_in``), left out of the count."""
    states = Counter(
        entry_state(catalog.get(source.id, source.context) if catalog else None)
        for source in template if source.id and source.context not in unshown
    )
    return LanguageStatus(lang, sum(states.values()), states["translated"], states["fuzzy"])


def all_status(project: "Project") -> list[LanguageStatus]:
    return [language_status(lang, project.catalogs[lang], project.template, unpublished_in(project, lang))
            for lang in TRANSLATED]


def unpublished_in(project: "Project", lang: str) -> frozenset[str]:
    """The contexts whose entries only houses that do not publish ``lang`` show (their own rules, their
    worked examples, their title and line): no reader of the language sees them, so the gate does
    not ask for their translation. Empty while every house publishes the language."""
    others = [view.book for view in project.houses.values() if lang not in view.book.languages]
    if not others:
        return frozenset()

    def rules(books: list["Rulebook"]) -> set[str]:
        return {rule.id for book in books for rule in project.houses[book.id].editors_book.rules}

    def headings(books: list["Rulebook"]) -> set[str]:   # their parts' and sections' own strings
        parts = [part for book in books for part in project.houses[book.id].editors_book.parts]
        return {part.id for part in parts} | {section.id for part in parts for section in part.sections}

    publishing = [view.book for view in project.houses.values() if lang in view.book.languages]
    theirs = rules(others) - rules(publishing)
    titled = headings(others) - headings(publishing)
    contexts = {message.context for message in project.template if message.id and message.context
                and (rule_of(message) in theirs or message.context.split(".")[0] in titled)}
    return frozenset(contexts | {f"house.{book.id}.{field}" for book in others for field in ("title", "about")})
