"""How complete each language's catalog is, for the status page and the gate's summary."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from babel.messages.catalog import Catalog, Message

from rulebook.gate.showing import shown_by
from rulebook.i18n.catalogs import TRANSLATED, entry_state, rule_of, strict_catalog

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


def language_status(lang: str, catalog: Catalog | None, template: Catalog,
                    unshown: frozenset[str] = frozenset()) -> LanguageStatus:
    """``unshown``: the contexts no reader of the language sees (``unpublished_in``), left out of the count."""
    states = Counter(
        entry_state(catalog.get(source.id, source.context) if catalog else None)
        for source in template if source.id and source.context not in unshown
    )
    return LanguageStatus(lang, sum(states.values()), states["translated"], states["fuzzy"])


def all_status(project: "Project") -> list[LanguageStatus]:
    """Each language's translation status: every translated language here (the library's home, whose
    catalogs serve any room); in a room's project, those its houses publish."""
    return [language_status(lang, project.catalogs[lang], project.template, unpublished_in(project, lang))
            for lang in TRANSLATED
            if not project.where.room or any(lang in view.book.languages for view in project.houses.values())]


def unpublished_in(project: "Project", lang: str) -> frozenset[str]:
    """The contexts whose entries only houses that do not publish ``lang`` show (their own rules, their
    worked examples, their title and line, their glossary's meanings: ``showing.shown_by``): no reader
    of the language sees them, so the gate does not ask for their translation. Empty while every house
    publishes the language."""
    others = frozenset(house_id for house_id, view in project.houses.items() if lang not in view.book.languages)
    if not others:
        return frozenset()
    return frozenset(context for context, houses in shown_by(project).items() if houses and houses <= others)


def room_overrides(project: "Project") -> list[tuple[str, Message, Message]]:
    """In a room's project, each entry of its catalogs that translates a string of the shared library its
    own way (``rulebook update-po --own``), with its language and the library's string as it is now
    (none here, where the project is the library's home)."""
    layout = project.where
    if not layout.room:
        return []
    shared = {m.context: m for m in project.template
              if m.id and m.context and not any(layout.owns(file) for file, _ in m.locations)}
    return [(lang, entry, shared[entry.context]) for lang in TRANSLATED
            for entry in strict_catalog(layout.root, lang, layout.root / "_build" / "cache") or ()
            if entry.id and entry.context in shared]


def own_wordings(project: "Project") -> dict[str, tuple[str, ...]]:
    """Each rule of the shared library whose strings a room's catalogs word their own way (``room_overrides``),
    replacing the library's translation → those languages."""
    found: dict[str, list[str]] = {}
    for lang, _, source in room_overrides(project):
        rule_id = rule_of(source)
        if rule_id is not None and lang not in found.setdefault(rule_id, []):
            found[rule_id].append(lang)
    return {rule_id: tuple(langs) for rule_id, langs in sorted(found.items())}
