"""How complete each language's catalog is, for the status page and the gate's summary."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from babel.messages.catalog import Catalog

from rulebook.i18n.catalogs import TRANSLATED, entry_state

if TYPE_CHECKING:
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


def language_status(lang: str, catalog: Catalog | None, template: Catalog) -> LanguageStatus:
    states = Counter(
        entry_state(catalog.get(source.id, source.context) if catalog else None)
        for source in template if source.id
    )
    return LanguageStatus(lang, sum(states.values()), states["translated"], states["fuzzy"])


def all_status(project: "Project") -> list[LanguageStatus]:
    return [language_status(lang, project.catalogs[lang], project.template) for lang in TRANSLATED]
