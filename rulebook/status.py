"""How complete each language's catalog is, for the status page and the gate's summary."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog

from rulebook.i18n import TRANSLATED, po_path, read_catalog


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


def language_status(root: Path, lang: str, template: Catalog) -> LanguageStatus:
    path = po_path(root, lang)
    catalog = read_catalog(path, lang) if path.exists() else None
    translated = fuzzy = total = 0
    for source in template:
        if not source.id:
            continue
        total += 1
        entry = catalog.get(source.id, source.context) if catalog else None
        if entry is None:
            continue
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if entry.fuzzy:
            fuzzy += 1
        elif all(strings):
            translated += 1
    return LanguageStatus(lang, total, translated, fuzzy)


def all_status(root: Path, template: Catalog) -> list[LanguageStatus]:
    return [language_status(root, lang, template) for lang in TRANSLATED]
