"""One house in one language, as every stage shows it: its words, its numbers and its rules in place.

A ``Reading`` is what the Sphinx pages, the cards, the PDFs, the changes and the gate's checks of
the published English all read: the language's translations and formatter, the rulebook shown
(the reader's, or the editors' with its proposals), each rule with the part it is in, and the
filling of a string's ``{placeholders}`` with the house's values as the language writes them
(the club's "cap 20" is written in Romanian, with the club's money, on a Romanian page here, and
nowhere else). It is made once per project, house, language and audience (``Reading.of``), in the command's process before any job is
forked, so every job finds the one its command made. It writes no markup: the renderers do.
"""

from __future__ import annotations

import dataclasses

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType

from babel.lists import format_list

from rulebook.core.examples import Outcome, WorkedExample
from rulebook.core.model import Message, Note, Rule, Rulebook, fill
from rulebook.core.values import Value, resolve
from rulebook.i18n.catalogs import Translations
from rulebook.i18n.formatting import LocaleFormatter, collation_key
from rulebook.i18n.glossary import Glossary, Term
from rulebook.project import Derived, Project
from rulebook.reading.pictures import Picture, PictureError, pictures


def in_words(tr: Translations, message: Message, shown: Mapping[str, str]) -> str:
    """A message in ``tr``'s language with its placeholders filled with ``shown``; the English if the
    translation's placeholders are broken (the gate reports that translation)."""
    try:
        return fill(tr.pgettext(message.context, message.text), dict(shown))
    except ValueError:
        return fill(message.text, dict(shown))


def filled(tr: Translations, fmt: LocaleFormatter, message: Message, values: Mapping[str, Value | None],
           book: Rulebook) -> str:
    """The one fill: a rule's (a note's, a title's) message in ``tr``'s language, each placeholder the
    house's value as ``fmt`` writes it. What the pages, the cards and the gate's reading of a house
    against its own documents (``gate.fidelity``) all show. A value reported as wrong fails the load,
    so none is None here but in a gate reading a library that did not load (it is left out)."""
    shown = {name: fmt.value(*resolve(value, book.house)) for name, value in values.items() if value is not None}
    return in_words(tr, message, shown)


@dataclass(frozen=True)
class IndexEntry:
    """A line of the printed index: the words a reader looks up, and the rules (ids, in the order
    printed) that say what they are; or, for a reader's own word for a term, the term it sends to."""
    words: str
    rules: tuple[str, ...] = ()
    see: str | None = None


class Reading:
    """One house in one language: the translations, the formatter, the rulebook shown and its rules
    as placed; ``editors``: the editors' rulebook (with its proposals) rather than the reader's."""

    project: Project
    house_id: str
    lang: str
    editors: bool
    tr: Translations
    fmt: LocaleFormatter
    book: Rulebook
    glossary: Glossary
    examples: tuple[WorkedExample, ...]                  # the house's worked examples
    outcomes: Mapping[str, tuple[Outcome, ...]]          # example id → its checks, run once by the load
    placed: Mapping[str, tuple[str, Rule]]               # rule id → (its part's id, the rule)
    anchor_ids: frozenset[str]                           # the ids every language shares: parts, sections, rules

    def __init__(self, project: Project, house_id: str, lang: str, editors: bool = False):
        """Use ``Reading.of``, which makes each reading once per project."""
        view = project.houses[house_id]
        self.project, self.house_id, self.lang, self.editors = project, house_id, lang, editors
        self.tr = project.translations(lang)
        # Readers never see a proposal; the house is named as the language names it.
        book = view.editors_book if editors else view.book
        self.book = book = dataclasses.replace(book, name=book.name_in(lang))
        self.fmt = LocaleFormatter(self.tr, view.book.money, view.book.territory.get(lang))
        self.glossary = project.glossary_of(house_id)
        self.examples, self.outcomes = view.examples, view.outcomes
        self.placed = MappingProxyType({rule.id: (part.id, rule) for part in book.parts for rule in part.rules})
        self.anchor_ids = frozenset({part.id for part in book.parts}
                                    | {section.id for part in book.parts for section in part.sections}
                                    | set(self.placed))
        examples: dict[str, list[WorkedExample]] = {}
        for example in view.examples:
            examples.setdefault(example.rule, []).append(example)
        self._examples = {rule_id: tuple(found) for rule_id, found in examples.items()}
        notes: dict[str, list[Note]] = {}
        for note in book.notes:
            for rule_id in note.rules:
                notes.setdefault(rule_id, []).append(note)
        self._notes = {rule_id: tuple(found) for rule_id, found in notes.items()}

    @classmethod
    def of(cls, project: Project, house_id: str, lang: str, editors: bool = False) -> "Reading":
        """The project's one reading of a house in a language (made on first use)."""
        return READINGS.of(project, (house_id, lang, editors), lambda: cls(project, house_id, lang, editors))

    @property
    def numbers(self) -> Mapping[str, str]:
        """Rule id → the number readers cite it by, for every rule of the reader's edition."""
        return self.project.houses[self.house_id].numbering.numbers

    def number_of(self, rule_id: str) -> str | None:
        """The number readers cite a rule by (none for a proposal the house has not adopted)."""
        return self.numbers.get(rule_id)

    def cite(self, rule_id: str) -> str | None:
        """"Regula 4.12": a rule named by its number, in the language."""
        number = self.number_of(rule_id)
        return self.rule_number(number) if number else None

    def rule_number(self, number: str) -> str:
        """"Regula 4.12", "Pravilo 38": the words a reader cites a rule number with."""
        return self.tr.gettext("Rule {number}").format(number=number)

    def __repr__(self) -> str:
        return f"<Reading {self.house_id} {self.lang}{' editors' if self.editors else ''}>"

    # -- words -------------------------------------------------------------------------------------

    def text(self, message: Message) -> str:
        """A rule's, a part's or an example's string in this language (English where it has none)."""
        return self.tr.pgettext(message.context, message.text)

    def fill(self, message: Message, values: Mapping[str, Value | None]) -> str:
        """A string in this language with its placeholders filled with the house's values."""
        return filled(self.tr, self.fmt, message, values, self.book)

    def title(self, rule: Rule) -> str:
        """A rule's title, filled."""
        return self.fill(rule.title, rule.values)

    def wording(self, rule: Rule) -> str:
        """A rule's text and its items, filled, in one line of words (as the changes compare them)."""
        return " ".join(self.fill(message, rule.values) for message in (rule.text, *rule.items))

    def _filled(self, message: Message, shown: dict[str, str]) -> str:
        return in_words(self.tr, message, shown)

    # -- worked examples ---------------------------------------------------------------------------

    def examples_of(self, rule_id: str) -> tuple[WorkedExample, ...]:
        return self._examples.get(rule_id, ())

    def show(self, value: Value) -> str:
        """An example's value as this language writes it."""
        if isinstance(value.literal, list):   # unit "items"; an empty list ("no bets yet") is a dash, never blank
            return format_list([self.show(item) for item in value.literal], locale=self.fmt.code) or "—"
        if value.literal is None:
            return "—"
        if value.unit in ("data", "text"):
            return self.fmt.word(str(value.literal))
        return self.fmt.value(value.literal, value.unit)

    def narrate(self, example: WorkedExample) -> str:
        """An example's narrative, its givens and results filled in."""
        values = {**example.given, **example.results}
        return self._filled(example.text, {name: self.show(value) for name, value in values.items()})

    def cell(self, row: Mapping[str, Value], name: str) -> str:
        return self.show(row[name])

    def pictures(self, example: WorkedExample) -> tuple[Picture, ...]:
        """What an example's checks let a page draw (``reading.pictures``); nothing for one the gate
        refuses (``PictureError``), which is never published."""
        try:
            return pictures(self.outcomes[example.id])
        except PictureError:
            return ()

    # -- notes and glossary ------------------------------------------------------------------------

    def notes_of(self, rule_id: str) -> tuple[Note, ...]:
        """The editorial notes about a rule (the editors' rulebook shows them under it)."""
        return self._notes.get(rule_id, ())

    @cached_property
    def terms(self) -> tuple[Term, ...]:
        """The glossary of this house: the terms its published rules and examples use. (Found on first
        use: the gate's readings never need it; a build's are asked for it before any job forks.)"""
        english = [message.text for part in self.book.parts
                   for message in (part.title, *([part.intro] if part.intro else []),
                                   *(section.title for section in part.sections),
                                   *(m for rule in part.rules for m in rule.messages()))]
        english += [message.text for example in self.examples for message in example.messages()]
        used = {term.id for text in english for term in self.glossary.terms_in(text)}
        return tuple(term for term in self.glossary if term.id in used)

    @cached_property
    def index(self) -> tuple[IndexEntry, ...]:
        """The printed rulebook's index, in the language's alphabetical order: each glossary term of
        the house, with the rule that says what it is and then every rule whose title names it; and
        each of the readers' own words for a term (the glossary's search words), sending to it."""
        numbered = [rule for rule in self.book.statements if rule.id in self.numbers]
        entries: dict[str, IndexEntry] = {}
        seen: list[IndexEntry] = []
        for term in self.terms:
            defined = self.rule_of(term)
            rules = [defined[1].id] if defined else []
            rules += [rule.id for rule in numbered if rule.id not in rules and term in self.glossary.terms_in(rule.title.text)]
            if rules:
                entries.setdefault(term.shown(self.lang).casefold(), IndexEntry(term.shown(self.lang), tuple(rules)))
                seen += [IndexEntry(word, see=term.shown(self.lang)) for word in _other_words(term, self.lang)]
        for entry in seen:                       # a term's own entry, where a word is also a term
            entries.setdefault(entry.words.casefold(), entry)
        return tuple(sorted(entries.values(), key=lambda entry: collation_key(entry.words, self.lang)))

    def meaning(self, term: Term) -> str:
        """What a term means at this house (the house's glossary gives it its meaning), in this language."""
        return self.tr.pgettext(term.context, term.note)

    def rule_of(self, term: Term) -> tuple[str, Rule] | None:
        """The house's rule that says what a glossary term is, with its part (None: it has none);
        never a reference, which only leads to the rule that says it."""
        rule_id = term.rule_in({rule.id for rule in self.book.statements})
        return self.placed[rule_id] if rule_id else None

    # -- languages ---------------------------------------------------------------------------------

    def official_language(self) -> str:
        """The house's language of authority, named in this language."""
        return self.fmt.language_name(self.book.house["official_language"])

    def source_language(self, source: str) -> str:
        """The language of a passage an editorial note quotes, from the document it names first
        (``000_….txt, "HEADING": …``): so it is marked as Romanian or Croatian on the page."""
        for view in self.project.houses.values():
            for part in view.book.parts:
                if source.startswith(part.source):
                    return part.source_language
        return "en"


def _letters(words: str) -> str:
    return "".join(char for char in words.casefold() if char.isalnum())


def _other_words(term: Term, lang: str) -> list[str]:
    """The readers' own words for a term worth an index line: not the term written another way
    ("all in", "allin" for "all-in"), nor another form of a word already kept ("comisionul" after
    "comision", "utrke žetona" after "utrka žetona": the same first four letters)."""
    kept: list[str] = []
    for word in term.search.get(lang, ()):
        if _letters(word) != _letters(term.shown(lang)) and not any(
                _letters(word)[:4] == _letters(other)[:4] for other in kept):
            kept.append(word)
    return kept


# The project's readings, by house, language and edition (the editors' or the reader's): ``Reading.of``.
READINGS: Derived[tuple[str, str, bool], Reading] = Derived("readings")
