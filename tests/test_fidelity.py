"""Faithful to each house's own words: every rule quotes the passage of its house's document it states.

A rule's ``excerpt`` (one passage, or a list of them) is the house's own text, in the document's
language; each must be found verbatim in the house's document the rule's part cites (spacing aside), so a
translation or a paraphrase can never pass for the source. A rule stated in variants is checked
as each house states it, in the part where that house's rulebook puts it.
"""

from __future__ import annotations

import re

import pytest

from rulebook.core.model import load_library
from tests.conftest import ROOT

LIBRARY = load_library(ROOT)


def normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


STATED = {f"{book.id}/{part.id}": (book, part) for book in LIBRARY.houses for part in book.parts}   # as each house states it


@pytest.mark.parametrize("book, part", STATED.values(), ids=list(STATED))
def test_every_rule_quotes_its_source_verbatim(book, part):
    """What the gate's document check holds (rulebook.gate.documents), read here from the house's own copy:
    every rule it states from its own documents (the game's own rules, where it names no document of them, quote none)."""
    seed = normal(book.documents.get(part.source, ""))
    rules = [rule for rule in part.rules if not rule.of_the_game_for(book.documents)]
    missing = [rule.id for rule in rules if not rule.excerpts and not rule.see]   # a reference quotes nothing
    assert missing == [], f"rules of {part.id} without an excerpt"
    invented = [(rule.id, excerpt) for rule in rules for excerpt in rule.excerpts if normal(excerpt) not in seed]
    assert invented == [], f"excerpts of {part.id} not found verbatim in {part.source}"


# -- Every number a reader reads is the house's own ------------------------------------------------

_NUMBER = re.compile(r"\d+(?:[.,]\d{3})*(?:[.,]\d+)?")


def numbers(text: str) -> set[str]:
    """The numbers written in a text, thousands separators dropped (1,000 and 1.000 are 1000)."""
    return {re.sub(r"[.,](?=\d{3}\b)", "", found) for found in _NUMBER.findall(text)}


def _flat_numbers(data) -> set[str]:
    if isinstance(data, dict):
        return {n for value in data.values() for n in _flat_numbers(value)}
    if isinstance(data, list):
        return {n for value in data for n in _flat_numbers(value)}
    if isinstance(data, bool) or data is None:
        return set()
    return numbers(str(data))


def published_english(book) -> dict[str, str]:
    """Each published rule of a house as a reader reads it in English: title, text, items and the
    proposals the house adopted, every placeholder filled with the house's value."""
    from rulebook.i18n.formatting import format_value
    from rulebook.i18n.catalogs import Translations
    from rulebook.core.model import fill
    from rulebook.core.values import resolve

    english = Translations("en", None)
    found = {}
    for rule in book.published().rules:
        shown = {name: format_value(*resolve(value, book.house), english, book.money) for name, value in rule.values.items()}
        messages = [rule.title, rule.text, *rule.items, *(p.text for p in rule.proposals)]
        found[rule.id] = " ".join(fill(message.text, shown) for message in messages)
    return found


def unsourced_numbers(book) -> dict[str, list[str]]:
    """Rule id → the numbers its published English text states that neither the house's excerpts
    (its own documents' words) nor its house parameters hold."""
    own = {n for rule in book.rules for excerpt in rule.excerpts for n in numbers(excerpt)} | _flat_numbers(book.house)
    return {rule_id: sorted(numbers(text) - own) for rule_id, text in published_english(book).items()
            if numbers(text) - own}


@pytest.mark.parametrize("book", LIBRARY.houses, ids=[book.id for book in LIBRARY.houses])
def test_every_published_number_is_the_houses_own(book):
    assert unsourced_numbers(book) == {}, (
        f"numbers in {book.id}'s published rules that its documents and house file do not give: "
        "remove them, or make the statement a proposal")


# Numbers the houses' documents write in words (Romanian, Croatian), as their digits.
NUMBER_WORDS = {
    "1": ("unu", "una", "un", "jedan", "jedna", "jedno"), "2": ("doi", "două", "doua", "dva", "dvije"),
    "3": ("trei", "tri"), "4": ("patru", "četiri", "cetiri"), "5": ("cinci", "pet"),
}


def literal_numbers_not_in_own_excerpts(book) -> dict[str, list[str]]:
    """Rule id → the numbers of its literal values (``504 lei``, ``2``: not house parameters) that its
    own excerpts do not give, in digits or in words: a number the rulebook brought in itself."""
    from rulebook.i18n.formatting import format_value
    from rulebook.i18n.catalogs import Translations
    from rulebook.core.values import resolve

    english, found = Translations("en", None), {}
    for rule in book.published().rules:
        excerpt = " ".join(rule.excerpts)
        words = set(re.findall(r"\w+", excerpt.lower()))
        own = numbers(excerpt) | {digit for digit, names in NUMBER_WORDS.items() if words & set(names)}
        shown = [format_value(*resolve(value, book.house), english, book.money) for value in rule.values.values() if value.path is None]
        missing = sorted({n for text in shown for n in numbers(text)} - own)
        if missing:
            found[rule.id] = missing
    return found


@pytest.mark.parametrize("book", LIBRARY.houses, ids=[book.id for book in LIBRARY.houses])
def test_every_literal_number_is_in_the_rules_own_excerpt(book):
    """Stricter than the house-wide test for the numbers a rule brings itself (not from the house
    file): each must be in the passage of the house's document that the rule states."""
    assert literal_numbers_not_in_own_excerpts(book) == {}


def test_a_literal_number_the_excerpt_does_not_give_is_caught():
    import dataclasses

    from rulebook.core.values import parse_value

    casino = LIBRARY.house("casino")
    rule = next(rule for rule in casino.rules if rule.id == "tournament-four-card-flop")
    broken_rule = dataclasses.replace(rule, values={**rule.values, "flop": parse_value("3 cards")})
    broken = dataclasses.replace(casino, parts=tuple(dataclasses.replace(part, sections=tuple(
        dataclasses.replace(section, rules=tuple(broken_rule if r is rule else r for r in section.rules))
        for section in part.sections)) for part in casino.parts))
    assert literal_numbers_not_in_own_excerpts(broken) == {"tournament-four-card-flop": ["3"]}


def test_an_invented_number_is_caught(tmp_path):
    """The number test can fail: a rule that states a number its house never wrote is reported."""
    import dataclasses

    club = LIBRARY.house("club")
    rule = next(rule for rule in club.rules if rule.id == "calling-time")
    text = dataclasses.replace(rule.text, text=rule.text.text + " He then has 45 seconds.")
    broken = dataclasses.replace(club, parts=tuple(dataclasses.replace(part, sections=tuple(
        dataclasses.replace(section, rules=tuple(dataclasses.replace(r, text=text) if r is rule else r
                                                 for r in section.rules))
        for section in part.sections)) for part in club.parts))
    assert unsourced_numbers(broken) == {"calling-time": ["45"]}
    assert unsourced_numbers(club) == {}


def test_a_proposed_sentence_is_not_in_the_published_text():
    """What only a proposal states (here the chip race's rounding) is the editors' to read, not the reader's."""
    casino = LIBRARY.house("casino")
    assert any(rule.is_proposal or any(not p.adopted for p in rule.proposals) for rule in casino.rules)
    for rule_id, text in published_english(casino).items():
        assert "half a larger chip" not in text, rule_id


# -- `rulebook fidelity`: the text of authority against the house's own words -----------------------

def test_the_fidelity_report_lists_each_houses_departures_with_their_decisions(capsys):
    from rulebook.cli import main

    assert main(["--root", str(ROOT), "fidelity", "--top", "5"]) == 0
    out = capsys.readouterr().out
    for house in ("club", "casino"):
        block = out[out.index(f"{house}: "):]
        rows = re.findall(r"^ +(\d+)%  ([a-z0-9-]+): (.+)$", block, flags=re.M)[:5]
        assert len(rows) == 5
        assert [int(share) for share, _, _ in rows] == sorted(int(share) for share, _, _ in rows)
    assert "rake-cap-definition: ADDITIONS.md: kept" in out      # a departure, with its recorded decision


def test_a_text_of_authority_in_other_words_tops_the_report(tree, capsys):
    """The report can fail its readers only if it misses a departure: a Romanian text rewritten in
    words of its own comes first, and says that no decision is recorded for it."""
    from rulebook.cli import main
    from rulebook.i18n.catalogs import po_path, read_catalog, write_catalog

    path = po_path(tree, "ro")
    catalog = read_catalog(path, "ro")
    next(m for m in catalog if m.context == "no-flop-no-drop.title").string = "Cine întârzie pierde"
    next(m for m in catalog if m.context == "no-flop-no-drop.text").string = (
        "Oricine întârzie rămâne fără mână, indiferent ce spune altcineva despre aceasta.")
    write_catalog(path, catalog)
    assert main(["--root", str(tree), "fidelity", "--house", "club", "--top", "1"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^ +\d+%  no-flop-no-drop: no editorial decision recorded$", out, flags=re.M), out


# A text of authority using less than this share of its document's words departs from them.
DEPARTS = 0.7


@pytest.mark.parametrize("house", [book.id for book in LIBRARY.houses])
def test_the_ten_largest_departures_of_each_house_have_a_recorded_decision(project, house):
    """Where a house's text of authority departs most from its own words (the ten rules that depart most,
    of those that depart at all: a new room whose rules are its document's words has none), an editor
    decided so."""
    from rulebook.gate.fidelity import departures

    undecided = [d.rule_id for d in departures(project, house)[:10] if d.overlap < DEPARTS and not d.decisions]
    assert undecided == [], f"record a decision (rules/ADDITIONS.md or a note), or bring them back to {house}'s words"


@pytest.fixture(scope="module")
def rooms(tmp_path_factory):
    """The project with the test suite's third room added (tests/fixtures/harbour), whose language of
    authority is English, the language the library's rules are written in."""
    from rulebook.project import Project
    from tests.conftest import add_room, copy_sources

    tree = copy_sources(tmp_path_factory.mktemp("rooms"))
    add_room(tree, "harbour", translated=False)
    return Project.load(tree)


def test_an_english_rooms_rules_are_weighed_against_its_english_document(rooms, capsys):
    """English is a language of authority as any other: the room's rules, their English text filled
    with its numbers, weighed against its own English document, the one it words otherwise first."""
    from rulebook.cli import main

    stated = len(rooms.houses["harbour"].book.statements)
    assert main(["--root", str(rooms.root), "fidelity", "--house", "harbour", "--top", str(stated)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"harbour: the {stated} of {stated} rules (in en, the house's language, from a document in "
                          "en)"), out
    shares = dict((rule_id, int(share)) for share, rule_id in re.findall(r"^ +(\d+)%  ([a-z0-9-]+):", out, flags=re.M))
    assert stated >= 12 and len(shares) == stated and shares["harbour-language"] == 100   # its text is the document's
    assert list(shares.values()) == sorted(shares.values())


@pytest.mark.parametrize("house", ["club", "casino", "harbour"])
def test_the_gate_reads_each_rule_as_its_page_shows_it(rooms, house):
    """One fill: the text the fidelity report weighs against the house's documents is, word for word,
    the rule's title, text, items and adopted proposals as the reader's page fills them in the
    document's language (``reading.filled``; the gate had a copy of its own that formatted the
    values by another call, free to drift from what is published). Every house is weighed, whatever
    its language: each rule it states from a document in its language of authority, and no other."""
    from rulebook.gate.fidelity import departures
    from rulebook.reading import Reading

    book = rooms.houses[house].book
    authority = book.house["official_language"]
    stated = {rule.id for part in book.parts if part.source_language == authority for rule in part.rules if not rule.see}
    found = departures(rooms, house)
    assert stated and sorted(departure.rule_id for departure in found) == sorted(stated)
    for departure in found:
        assert departure.excerpt_language == authority
        reading = Reading.of(rooms, house, departure.excerpt_language)
        _part, rule = reading.placed[departure.rule_id]
        messages = (rule.title, rule.text, *rule.items, *(proposal.text for proposal in rule.proposals))
        assert departure.text == " ".join(reading.fill(message, rule.values) for message in messages)
