"""The rulebook as data: parts, sections, rules and their variants, notes, a house's rulebook, the library.

Frozen dataclasses built by the loaders (:mod:`rulebook.core.loading`) once their input has passed
the schema (:mod:`rulebook.core.schema`); every stage after the load reads these and nothing else.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any, Iterable

from pokerrules import House
from rulebook.core.languages import LANGUAGES
from rulebook.core.layout import Layout
from rulebook.core.money import CHIPS, Money
from rulebook.core.placeholders import placeholders
from rulebook.core.quantities import Parameters
from rulebook.core.references import Reference, reference_of
from rulebook.core.values import Value

ID_PATTERN = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*\Z")   # \Z: "rake\n" is not an id
MAX_ID = 80
# Names the site itself uses: a part with one of these ids would replace a page of the site.
RESERVED_IDS = frozenset({"index", "search", "genindex", "glossary", "status", "editorial-notes", "r",
                          "py-modindex", "searchindex", "objects", "static", "sources", "downloads",
                          "changes", "edition", "at-the-table", "404", "sitemap", "robots", "manifest", "sw"})
# The house parameters that choose how the engine rules (pokerrules.House): a house that sets one
# must publish a rule that states it (``states:``, or ``chosen_by:`` for a rule in variants), so
# the engine never applies a rule the reader cannot read.
RULING_PARAMETERS = ("betting.incomplete_all_in", "betting.undercall", "showdown.first_to_show")
TAGS = frozenset({"cash-game", "tournament", "conduct", "guide"})
TABLES = frozenset({"rake-bands", "stakes", "hand-ranks"})


def stakes_title(row: Any) -> str:
    """A stakes row as every card, page and catalog note names it: its game's code and its name ("NLH
    1/3"), or its name alone where it names its game already ("PLO 1/2", beside an NLH 1/2)."""
    return row["name"] if row["game"] in str(row["name"]).split() else f"{row['game']} {row['name']}"


@dataclass(frozen=True)
class Message:
    """One translatable English string; ``context`` keeps it tied to its rule."""

    context: str
    text: str
    file: str
    line: int
    rule_id: str | None
    hints: tuple[str, ...] = ()

    def explained(self, values: dict[str, "Value | None"]) -> "Message":
        """The message with a note on each placeholder, for the translator."""
        try:
            names = placeholders(self.text)
        except ValueError:  # bad braces: reported by the loader
            return self
        # each placeholder noted once, however often the text uses it
        hints = tuple(f"{{{name}}} = {value.spec}" for name in dict.fromkeys(names)
                      if (value := values.get(name)) is not None)
        return Message(self.context, self.text, self.file, self.line, self.rule_id, hints)


@dataclass(frozen=True)
class Proposal:
    """A sentence a rule would add beyond its house's document: shown to the editors, marked
    proposed with its reason, and published only once the house adopts it (``adopt:``)."""

    key: str                         # "<rule-id>.proposal<n>": what a house's ``adopt:`` names
    text: Message
    reason: str                      # why it is proposed, for the editors (English, not translated)
    adopted: bool = False            # set per house, from its ``adopt:``


@dataclass(frozen=True)
class Rule:
    id: str
    title: Message
    text: Message
    items: tuple[Message, ...]
    values: dict[str, Value | None]   # None: a value already reported as wrong (the load fails)
    source: str
    tags: frozenset[str]
    table: str | None
    file: str
    line: int
    excerpts: tuple[str, ...] = ()   # the passages of the house's document it states, verbatim, in its language
    variant: str | None = None       # the variant's name, for a rule the houses state each their own way
    proposed: str | None = None      # why the whole rule is only proposed (its house's documents do not say it)
    proposals: tuple[Proposal, ...] = ()   # sentences proposed beyond the rule's text
    states: tuple[str, str] | None = None   # (policy, value): the house policy the rule states, and how
    adopted: bool = False            # a proposed rule its house adopted (set per house)
    see: str | None = None           # a reference: the rule that states this (the house states it once)
    # A rule of the game itself (its part's ``game: true``): the document its text was written from, which a
    # house may publish it without (as the game's rule, not a passage of its own documents); None otherwise.
    game: str | None = None

    def of_the_game_for(self, documents: "Iterable[str]") -> bool:
        """Whether a house with these documents publishes the rule as the game's own, not from a
        document of its own: a rule of the game whose document the house does not name."""
        return self.game is not None and self.game not in documents

    @property
    def is_proposal(self) -> bool:
        """Proposed and not adopted by the house: the editors see it, the readers never do."""
        return self.proposed is not None and not self.adopted

    def messages(self) -> list[Message]:
        if self.see:                 # a reference has a title and no text of its own
            return [self.title]
        return [self.title, self.text, *self.items, *(proposal.text for proposal in self.proposals)]

    def published(self) -> "Rule":
        """The rule as readers see it: without the proposed sentences its house has not adopted."""
        if all(proposal.adopted for proposal in self.proposals):
            return self
        return dataclasses.replace(self, proposals=tuple(p for p in self.proposals if p.adopted))


@dataclass(frozen=True)
class Slot:
    """A place in a section: a rule defined there (one text, or its variants), or a ``use:`` of a rule
    defined in another part, so that one library rule sits where each house's reading order puts it."""

    rule_id: str
    variants: tuple[Rule, ...]       # the rule itself, or its variants; empty for a use
    chosen_by: str | None            # the house parameter whose value names the variant
    file: str
    line: int

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(rule.variant for rule in self.variants if rule.variant)


@dataclass(frozen=True)
class Note:
    """An editorial note: a gap, typo or contradiction in the sources and how it was resolved."""

    id: str
    title: Message
    text: Message
    values: dict[str, Value | None]
    rules: tuple[str, ...]
    sources: tuple[str, ...]
    file: str
    line: int
    houses: tuple[str, ...] = ()     # the houses whose numbers it quotes (empty: every house)
    reviewed: dict[str, str] = dataclasses.field(default_factory=dict)   # rule id → digest of the text reviewed
    reviewed_line: int = 0

    @property
    def documents(self) -> frozenset[str]:
        """The documents its sources quote, each source starting with the file's name."""
        return frozenset(found.group(1) for source in self.sources if (found := _CITED_FILE.match(source)))

    def concerns(self, book: "Rulebook") -> bool:
        """Whether the note is about this house's rulebook: the houses it names (``houses:``); else the
        houses whose documents it quotes, a decision between their passages; a note that quotes no
        document, every house. A room that publishes the rule from documents of its own never reads, nor
        answers for, a decision between other rooms' documents."""
        if self.houses:
            return book.id in self.houses
        return not self.documents or bool(self.documents & set(book.documents))


# A note's source names the document it quotes first: "000_04a66977b465c41b.txt, “RAKE:”: …".
_CITED_FILE = re.compile(r"([A-Za-z0-9][A-Za-z0-9._-]*\.[A-Za-z0-9]+)[,:]")


@dataclass(frozen=True)
class Section:
    """In the library, ``rules`` are the rules defined here (every variant) and ``slots`` their places;
    in a house's rulebook, ``rules`` are the ones the house states, in order, and there are no slots."""

    id: str
    title: Message
    rules: tuple[Rule, ...]
    line: int
    slots: tuple[Slot, ...] = ()


@dataclass(frozen=True)
class Part:
    id: str
    title: Message
    intro: Message | None
    source: str
    tags: frozenset[str]
    sections: tuple[Section, ...]
    file: str
    notes: tuple[Note, ...] = ()
    source_language: str = "en"      # the language of the source document (its excerpts are quoted in it)
    table: str | None = None         # a table from the engine or the house shown under the intro
    game: bool = False               # the game's own rules (rankings, structures): any house may publish them

    @property
    def rules(self) -> tuple[Rule, ...]:
        return tuple(rule for section in self.sections for rule in section.rules)

    def messages(self) -> list[Message]:
        found = [self.title, *([self.intro] if self.intro else [])]
        for section in self.sections:
            found.append(section.title)
            for rule in section.rules:
                found += rule.messages()
        for note in self.notes:
            found += [note.title, note.text]
        return found


# What a house prints on (``print:`` in its house file): the paper of its sheets and printed
# rulebooks, and the size its table cards are cut to. The sizes themselves are the printer's
# (rulebook.publish.print.paper).
PAPERS = ("A4", "letter")
CARD_SIZES = ("A6", "A5")
# The decks a house deals (``deck:``): hearts and diamonds red, or each suit its own colour (hearts red,
# diamonds blue, clubs green, spades black), as cards and worked examples are drawn and printed.
DECKS = ("two-colour", "four-colour")


@dataclass(frozen=True)
class PrintChoice:
    """The house's paper (``paper``: A4 or US letter), table card size (``card``: A6 or A5), and the
    language on the back of its two-sided card (``two_sided``; None: English, where the house
    publishes it beside another language of authority)."""

    paper: str = "A4"
    card: str = "A6"
    two_sided: str | None = None


@dataclass(frozen=True)
class Rulebook:
    """One house's rulebook: its identity, its parameters and the library parts it publishes."""

    id: str
    name: str
    city: str | None
    contact: str | None
    unit: str
    title: Message
    house: Parameters           # the house parameters (what ``house.…`` values and the engine read)
    house_file: str
    parts: tuple[Part, ...]
    root: Path
    edition: int | None = None          # the edition in force, raised each time the house publishes a change
    effective: date | None = None       # the day it is in force from
    copyright: str | None = None        # the house's copyright line, without the sign: "2026 Gentlemen's Poker Club"
    base_url: str | None = None         # where the house publishes its site (the PDF's links lead there)
    choices: dict[str, str] = dataclasses.field(default_factory=dict)   # the variants the house chose (``variants:``)
    numbering: dict[str | int, Any] = dataclasses.field(default_factory=dict)  # how its rules are numbered (rulebook.core.numbering)
    about: Message | None = None        # what the house is, in one line (the site's root page says it)
    names: dict[str, str] = dataclasses.field(default_factory=dict)   # language → its name there, where it differs (``names:``)
    short_form: tuple[str, ...] | None = None   # the rules its short form prints (None: the default)
    short_form_line: int = 1            # where the house file chooses them (a short form too long is refused there)
    money: Money = Money()              # what its amounts are in, and how they are written (``unit:``, ``money:``)
    languages: tuple[str, ...] = LANGUAGES   # the languages it publishes (``languages:``), of the site's five
    table_card: tuple[str, ...] | None = None   # the rules its table cards cite by number and title (None: the default)
    table_card_line: int = 1            # where the house file chooses them (a card too full is refused there)
    documents: dict[str, str] = dataclasses.field(default_factory=dict)   # its own documents: file name → text
    documents_line: int = 1             # where the house file names them
    # document → its sections file (houses/<id>/<stem>.sections.yaml) and each heading with its line:
    # the passages of the document, each of which some rule the house publishes must state
    sections: dict[str, tuple[str, tuple[tuple[str, int], ...]]] = dataclasses.field(default_factory=dict)
    # where each group of its numbers comes from (``references:``): a passage of its documents, or a proposal
    references: tuple[Reference, ...] = ()
    printing: PrintChoice = PrintChoice()   # its paper and card size (``print:``)
    deck: str = DECKS[0]                    # the colours of its suits (``deck:``)
    # Where the house is, by language (``territory:``, ISO 3166): how each of its languages writes its
    # dates, numbers and money there (en → en_US); a language it does not name is written as CLDR's own.
    territory: dict[str, str] = dataclasses.field(default_factory=dict)
    # The digest of everything its house file says, every key as read (not its comments or layout): what
    # any page, card or book of the house may show, so a build that sees it change redoes them all.
    house_file_digest: str = ""
    # The engine's house made from ``house`` when the house file was read: built once, asked by every stage.
    engine: House | None = dataclasses.field(default=None, compare=False, repr=False)

    def name_in(self, lang: str) -> str:
        """The house's name as readers of ``lang`` know it: its own for that language, else ``name``."""
        return self.names.get(lang, self.name)

    @property
    def rules(self) -> tuple[Rule, ...]:
        return tuple(rule for part in self.parts for rule in part.rules)

    @property
    def in_force(self) -> tuple[int, date] | None:
        """The edition and the day it is in force from; None before a first edition (a house file
        gives both or neither)."""
        return (self.edition, self.effective) if self.edition and self.effective else None

    @property
    def statements(self) -> tuple[Rule, ...]:
        """The rules that state something to the readers: neither a reference nor a proposal."""
        return tuple(rule for rule in self.rules if not rule.see and not rule.is_proposal)

    def ruled(self) -> House:
        """The engine's house that rules this rulebook's hands: the one its house file was judged by
        (made again for a rulebook whose parameters were copied, as an earlier edition's are)."""
        return self.engine or House.from_mapping(self.house, subunits=self.house.subunits)

    def policy(self, name: str) -> str | None:
        """The house's value of a policy: a ruling parameter as the engine applies it (its default
        where the house sets none), or the variant the house chose for a rule in variants."""
        if name in RULING_PARAMETERS:
            return getattr(self.ruled(), name.split(".")[1])
        choice = self.choices.get(name)
        if choice is not None:
            return choice
        return next((rule.variant for rule in self.rules if rule.id == name and rule.variant), None)

    def reference_of(self, value: Value) -> Reference | None:
        """The reference of the house number a ``house.…`` value quotes (the longest key of
        ``references`` it falls under); None for a literal, or a value no reference covers (a name)."""
        return reference_of(self.references, [key for key, _ in value.path]) if value.path else None

    def references_quoted(self, rule: Rule) -> tuple[Reference, ...]:
        """Where the house numbers a rule quotes come from: the reference of each, once, in the order
        of the rule's values."""
        found = (self.reference_of(value) for value in rule.values.values() if value is not None)
        return tuple(dict.fromkeys(reference for reference in found if reference is not None))

    @property
    def notes(self) -> tuple[Note, ...]:
        return tuple(note for part in self.parts for note in part.notes if note.concerns(self))

    @property
    def proposals(self) -> tuple[tuple[Rule, Proposal | None], ...]:
        """Every proposal the house has not adopted, in reading order: (rule, None) for a proposed
        rule, (rule, proposal) for a proposed sentence of a rule."""
        found: list[tuple[Rule, Proposal | None]] = []
        for rule in self.rules:
            if rule.is_proposal:
                found.append((rule, None))
            found += [(rule, proposal) for proposal in rule.proposals if not proposal.adopted]
        return tuple(found)

    def published(self) -> "Rulebook":
        """The reader's edition of the rulebook: no proposed rule or sentence the house has not
        adopted, and no section left empty by them. The site, the cards and the PDFs read this."""
        parts = []
        for part in self.parts:
            sections = []
            for section in part.sections:
                rules = tuple(rule.published() for rule in section.rules if not rule.is_proposal)
                if rules:
                    sections.append(dataclasses.replace(section, rules=rules))
            parts.append(dataclasses.replace(part, sections=tuple(sections)))
        return dataclasses.replace(self, parts=tuple(parts))

    @property
    def runs_cash_games(self) -> bool:
        """Whether it states cash games: its stakes, or a rake alone (a room whose document gives its rake
        and no stakes), not a tournament room's tables."""
        return self.ruled().runs_cash_games

    @property
    def table_unit(self) -> str:
        """What the chips on its tables count in: its money at a cash room, tournament chips at a room that
        runs no cash games, whatever money its entry fees are in (a glossary's chips are not money there,
        an example told in chips is told so)."""
        return self.unit if self.ruled().runs_cash_games else CHIPS


@dataclass(frozen=True)
class Library:
    """The shared rule library (each rule once) and the houses that publish from it."""

    parts: tuple[Part, ...]
    houses: tuple[Rulebook, ...]
    root: Path
    layout: Layout | None = None     # where its files are (None: all under ``root``)

    def path(self, file: str) -> Path:
        """A source file of the library or the room, by the path its records name it by."""
        return self.layout.locate(file) if self.layout else self.root / file

    @property
    def rules(self) -> tuple[Rule, ...]:
        return tuple(rule for part in self.parts for rule in part.rules)

    @property
    def notes(self) -> tuple[Note, ...]:
        return tuple(note for part in self.parts for note in part.notes)

    def house(self, house_id: str) -> Rulebook:
        return next(book for book in self.houses if book.id == house_id)

    def variants(self) -> dict[str, frozenset[str]]:
        """Each rule id → the names of its variants (none for a rule stated one way)."""
        found: dict[str, set[str]] = {}
        for rule in self.rules:
            found.setdefault(rule.id, set()).update([rule.variant] if rule.variant else [])
        return {rule_id: frozenset(names) for rule_id, names in found.items()}

    def messages(self) -> list[Message]:
        """Every translatable string, each once: the houses' titles and lines, then the library in order."""
        found = [message for book in self.houses for message in (book.title, book.about) if message]
        for part in self.parts:
            found += part.messages()
        return found

