"""How far each house's text of authority departs from the house's own words (``rulebook fidelity``).

The rule a player disputes is read in the house's language of authority (Romanian for the club,
Croatian for the casino, English for a room whose documents are English), and that text should be
the house's own wording. For every rule a house publishes, this compares its text in that language
(title, text, items and adopted proposals, with the house's values filled in: the catalog's, or the
library's own English) with the passages of the house's document it states (``excerpt``), word by
word, and lists the rules that depart most, each with the editorial decisions recorded about it: the
editorial notes on the rule and its line in ``rules/ADDITIONS.md``. A rule whose document is written
in another language (its part's ``source_language``: the Romanian guide, for the Croatian room) has
nothing to compare its text of authority with, and is left out.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from rulebook.core.model import Rule, Rulebook
from rulebook.i18n.catalogs import Translations
from rulebook.i18n.formatting import LocaleFormatter
from rulebook.project import Project
from rulebook.reading import filled

_WORD = re.compile(r"[^\W\d_]{3,}")
STEM = 5          # letters that make a word's stem: inflected forms (jucător, jucătorul) meet


def stems(text: str) -> set[str]:
    """The text's words of three letters or more, without diacritics (the documents often omit
    them), lower-case and cut to a stem, so that a word's inflected forms count as one."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return {word[:STEM] for word in _WORD.findall(plain)}


def overlap(text: str, source: str) -> float:
    """The share of the text's stems that the source uses too (1.0: every word is the house's)."""
    words = stems(text)
    return len(words & stems(source)) / len(words) if words else 1.0


@dataclass(frozen=True)
class Departure:
    """One rule's text of authority against the house's own words."""

    rule_id: str
    overlap: float
    text: str
    excerpt: str
    decisions: tuple[str, ...]        # the editorial notes on the rule, and its line in rules/ADDITIONS.md
    excerpt_language: str             # the language of the house's document (that of authority)


def recorded_decisions(root: Path) -> dict[tuple[str, str | None], str]:
    """(rule id, variant or None for every variant) → the decision rules/ADDITIONS.md records for it:
    the last cell of the table row whose first cell names the rule (and, in brackets, its variant)."""
    path = root / "rules" / "ADDITIONS.md"
    found: dict[tuple[str, str | None], str] = {}
    for line in path.read_text(encoding="utf-8").splitlines() if path.exists() else []:
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and cells[0].startswith("`"):
            variant = re.search(r"\(([a-z0-9_-]+)\)", cells[0])
            for rule_id in re.findall(r"`([a-z0-9-]+)`", cells[0]):
                found.setdefault((rule_id, variant.group(1) if variant else None), cells[-1])
    return found


def departures(project: "Project", house_id: str) -> list[Departure]:
    """Every rule the house publishes from a document written in its language of authority (the
    part's ``source_language``: English too, whose text is the library's own, filled with the house's
    values), the one whose text in that language departs most from the document's words first."""

    book = project.houses[house_id].book
    lang = book.house["official_language"]
    tr = project.translations(lang)
    additions = recorded_decisions(project.root)
    notes: dict[str, list[str]] = {}
    for note in book.notes:
        for rule_id in note.rules:
            notes.setdefault(rule_id, []).append(note.id)
    found = []
    for part in book.parts:
        if part.source_language != lang:
            continue   # a document in another language (the Romanian guide, for the Croatian room)
        for rule in part.rules:
            if rule.see or rule.of_the_game_for(book.documents):
                continue   # a reference states nothing of its own; the game's rules quote no document of the house
            text, excerpt = _text(tr, rule, book), " ".join(rule.excerpts)
            recorded = additions.get((rule.id, rule.variant)) or additions.get((rule.id, None))
            decisions = tuple(notes.get(rule.id, ())) + ((f"ADDITIONS.md: {recorded}",) if recorded else ())
            found.append(Departure(rule.id, overlap(text, excerpt), text, excerpt, decisions, part.source_language))
    return sorted(found, key=lambda departure: (departure.overlap, departure.rule_id))


def _text(tr: Translations, rule: Rule, book: Rulebook) -> str:
    """The rule as published in the translator's language: title, text, items, adopted proposals
    (filled as every page fills them: ``reading.filled``)."""
    fmt = LocaleFormatter(tr, book.money, book.territory.get(tr.locale))
    return " ".join(filled(tr, fmt, message, rule.values, book)
                    for message in (rule.title, rule.text, *rule.items, *(p.text for p in rule.proposals)))
