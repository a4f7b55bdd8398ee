"""Two more rooms publish as their own documents state them, with no code change (issue "Any card room…").

Each is written for this test from a document of its own (``tests/fixtures/<room>``), not the shipped
rooms', and added to a copy of the project as its editors add it (``conftest.add_room``):

- Bluewater Card Room, a US cash room: "a 10% rake, up to a maximum of $4 per hand, from each pot over
  $10", rounded down to the quarter, a $1 drop for its Bad Beat Jackpot after a call to the big blind,
  25¢/50¢ and $1/$2 stakes, English and Spanish as written in the United States, US Letter and A5 cards,
  a two-sided card in English and Spanish;
- Trent Poker Club, a British tournament room: its fees in pounds and its tables in chips, English and
  French, its document's own numbering (1, 2, 3.1…), a 60-second clock with a 10-second countdown,
  penalties.

Both are built (site, cards, printed books) and every file they publish is read: no word, amount or
rule of another house, nothing the room does not state, and the sums its calculators answer are the
sums its rules state.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from rulebook.core import floor
from rulebook.publish.build import build_site
from tests.conftest import add_room, copy_sources, pdf_text, run_rulebook

pytestmark = pytest.mark.xdist_group("new-rooms")   # one worker builds both rooms once for every test here

ROOMS = {"bluewater": ("en", "es"), "trent": ("en", "fr")}

# What only another house says: its name, its money, its stakes, its own rules' words.
OTHERS = {
    "bluewater": r"Gentlemen|Poker room|Sala de póker|Harbour|Trent|Nottingham|lei|leu|RON|€|£|GBP|EUR|Romanian|"
                 r"Croatian|rumano|croata|1/3|5/10|2/2|PLO|Omaha|chip race|carrera de fichas|tournament|torneo|"
                 r"straddle|000_|003_|004_",
    "trent": r"Gentlemen|Poker room|Salle de poker|Harbour|Bluewater|Laughlin|lei|leu|RON|€|\$|USD|EUR|Romanian|"
             r"Croatian|roumain|croate|1/3|5/10|2/2|PLO|Omaha|rake|straddle|jackpot|cash game|partie de cash|"
             r"000_|003_|004_",
}


@pytest.fixture(scope="module")
def rooms(tmp_path_factory) -> Path:
    """The project with both rooms added, checked, and each built in its languages: the build folder."""
    from rulebook.project import Project

    tree = copy_sources(tmp_path_factory.mktemp("rooms"))
    for room in ROOMS:
        add_room(tree, room)
    checked = run_rulebook(tree, "check")
    assert checked.returncode == 0, checked.stdout[-3000:] + checked.stderr[-3000:]
    assert build_site(Project.load(tree), ("en", "es", "fr"), tree / "_build", tuple(ROOMS))
    return tree / "_build"


def _published(build: Path, room: str) -> dict[str, str]:
    """Every file a room published that a reader reads, as text (a PDF by its text): its pages, their
    data, its cards and books; not the scripts and styles every house shares."""
    found = {}
    for kind in ("site", "cards", "pdf"):
        for path in sorted((build / kind / room).rglob("*")):
            if not path.is_file() or "_static" in path.parts and path.suffix != ".json" and path.name != "rule_index.js":
                continue
            if path.suffix in (".html", ".json", ".xml", ".webmanifest", ".txt", ".pdf") or path.name == "rule_index.js":
                found[str(path.relative_to(build))] = pdf_text(path) if path.suffix == ".pdf" else \
                    path.read_text(encoding="utf-8", errors="replace")
    return found


def _text(html: str) -> str:
    """A page's text, its spaces plain."""
    return re.sub(r"[\s\u00a0\u202f]+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#36;", "$")


@pytest.mark.parametrize("room", ROOMS)
def test_each_room_publishes_its_languages_only(rooms, room):
    assert sorted(path.name for path in (rooms / "site" / room).iterdir() if path.is_dir()) == sorted(ROOMS[room])
    printed = sorted(path.name for path in (rooms / "pdf" / room).iterdir())
    assert printed == sorted(f"{kind}-{lang}.pdf" for kind in ("rulebook", "short-form") for lang in ROOMS[room])


def test_the_us_room_prints_letter_a5_cards_and_a_two_sided_card_in_its_second_language(rooms):
    from pypdf import PdfReader

    cards = rooms / "cards" / "bluewater"
    assert sorted(path.name for path in cards.iterdir()) == ["en", "en-es", "es"]
    card = PdfReader(cards / "en" / "card-1-2.pdf").pages[0].mediabox
    assert (round(float(card.width) * 25.4 / 72), round(float(card.height) * 25.4 / 72)) == (148, 210)     # A5
    sheet = PdfReader(cards / "en" / "sheet-1-2.pdf").pages[0].mediabox
    assert {round(float(sheet.width)), round(float(sheet.height))} == {612, 792}                          # US Letter
    book = PdfReader(rooms / "pdf" / "bluewater" / "rulebook-en.pdf").pages[0].mediabox
    assert (round(float(book.width)), round(float(book.height))) == (612, 792)
    both = pdf_text(cards / "en-es" / "card-1-2.pdf").lower()    # its labels in capitals, as the card sets them
    assert "blinds $1 / $2" in both and "ciegas $1 / $2" in both


@pytest.mark.parametrize("room", ROOMS)
def test_nothing_of_another_house_is_published(rooms, room):
    others = re.compile(rf"(?<!\w)(?:{OTHERS[room]})(?!\w)", re.IGNORECASE)
    found = {name: sorted({match.group() for match in others.finditer(text)})
             for name, text in _published(rooms, room).items()}
    assert len(found) > 40
    assert {name: words for name, words in found.items() if words} == {}


def test_the_us_room_states_its_rake_as_its_document_does(rooms):
    site = rooms / "site" / "bluewater"
    table = _text((site / "en" / "at-the-table.html").read_text(encoding="utf-8"))
    assert "Blinds $0.25 / $0.50" in table and "Rake 10% of each pot over $10, cap $4" in table
    assert "Jackpot drop $1 a hand, once the big blind is called" in table
    assert "Rule 3.2 · The rake is rounded down to $0.25" in table
    assert "straddle" not in table.lower()                      # it states none: nothing promises one
    home = _text((site / "en" / "index.html").read_text(encoding="utf-8"))
    assert "the blinds, buy-in and rake of each game" in home
    card = pdf_text(rooms / "cards" / "bluewater" / "en" / "card-0-25-0-50.pdf")
    assert "$0.25 / $0.50" in card and "10% of each pot over $10, cap $4" in card and "minimum $20, maximum $100" in card
    spanish = _text((site / "es" / "at-the-table.html").read_text(encoding="utf-8"))
    assert "10 % de cada bote de más de $10, tope $4" in spanish or "10% de cada bote de más de $10, tope $4" in spanish


@pytest.mark.parametrize("room, lang, said", [
    ("bluewater", "en", "in force from January 1, 2027"),          # en_US
    ("bluewater", "es", "1 de enero de 2027"),                     # es_US
    ("trent", "en", "in force from 1 February 2027"),              # en_GB
    ("trent", "fr", "1er février 2027"),
])
def test_dates_are_written_as_the_rooms_country_writes_them(rooms, room, lang, said):
    assert said in _text((rooms / "site" / room / lang / "index.html").read_text(encoding="utf-8"))
    assert said in pdf_text(rooms / "pdf" / room / f"rulebook-{lang}.pdf")
    card = next((rooms / "cards" / room / lang).glob("card-*.pdf"))
    assert said.removeprefix("in force from ") in pdf_text(card)


def test_the_tournament_room_counts_its_tables_in_chips_and_its_entry_in_pounds(rooms):
    site = rooms / "site" / "trent"
    rules = _text((site / "en" / "trent-tournament-rules.html").read_text(encoding="utf-8"))
    assert "Entry to the Thursday tournament is £30, of which £25 goes to the prize pool" in rules
    assert "Every player starts with 10,000 chips" in rules
    for number, title in (("Rule 1", "The Tournament Director"), ("Rule 3.1", "Only English during a hand"),
                          ("Rule 4.1", "Calling the clock gives a player 60 seconds to act"),
                          ("Rule 4.2", "The last 10 seconds are counted down aloud"), ("Rule 6.2", "A warning")):
        assert re.search(rf"{re.escape(title)}.{{0,80}}{re.escape(number)}\b", rules), (number, title)
    glossary = _text((site / "en" / "glossary.html").read_text(encoding="utf-8"))
    assert "chip A token used to bet; in a tournament, chips are not money." in glossary
    assert "stands for money" not in glossary
    data = json.loads((site / "en" / "_static" / "calculators.json").read_text(encoding="utf-8"))
    assert {form["id"] for form in data["calculators"]} == {"min-raise", "side-pots"}
    assert set(data["money"].values()) == {"{amount} chip", "{amount} chips"}       # chips, not pounds
    card = pdf_text(rooms / "cards" / "trent" / "en" / "card-tournament.pdf")
    assert "60 seconds" in card and "10 seconds" in card and "disqualification" in card.lower()
    home = _text((site / "en" / "index.html").read_text(encoding="utf-8"))
    assert "the rules asked about at the tournament tables" in home and "blinds" not in home


def _rake_by_the_rule(pot: Fraction) -> Fraction:
    """Bluewater's rules 3.1 and 3.2, read as its floor reads them: nothing from a pot of $10 or less;
    else 10% of it, rounded down to the quarter, at most $4 a hand."""
    if pot <= 10:
        return Fraction(0)
    return min(Fraction(int(pot * Fraction(1, 10) * 4), 4), Fraction(4))


@pytest.mark.parametrize("lang", ROOMS["bluewater"])
def test_the_us_rooms_calculators_answer_the_sums_its_rules_state(rooms, lang):
    """The page's own data asked as the page asks (``floor.respond``) over a table of pots, the threshold
    and the cap's edges among them, each answer against the rules' own arithmetic, in dollars and cents."""
    data = json.loads((rooms / "site" / "bluewater" / lang / "_static" / "calculators.json").read_text(encoding="utf-8"))
    decimal = data["symbols"]["decimal"]
    pots = ["10", "10.01", "10.25", "12.49", "12.50", "17.40", "39.99", "40", "40.01", "100", "1234.56"]
    for pot in pots:
        for called in ("yes", "no"):
            for stakes in ("0.25/0.50", "1/2"):
                asked = {"house": data["house"], "calculator": "rake", "symbols": data["symbols"],
                         "fields": {"stakes": stakes, "players": "6", "flop": "yes", "called": called,
                                    "pots": pot.replace(".", decimal)}}
                answer = json.loads(floor.respond(json.dumps(asked)))
                wanted = _rake_by_the_rule(Fraction(Decimal(pot)))
                assert answer["result"]["rake"] == [int(wanted * 100)], (pot, answer)
                assert answer["result"]["jackpot"] == (100 if called == "yes" else 0), (pot, called, answer)
    no_flop = {"house": data["house"], "calculator": "rake", "symbols": data["symbols"],
               "fields": {"stakes": "1/2", "players": "6", "flop": "no", "called": "yes", "pots": "30"}}
    assert json.loads(floor.respond(json.dumps(no_flop)))["result"]["rake"] == [0]     # rule 3.4
    split = {"house": data["house"], "calculator": "side-pots", "symbols": data["symbols"],
             "fields": {"contributions": "6.25; 6.25", "hands": "1; 1", "folded": "", "button": "1",
                        "stakes": "0.25/0.50", "flop": "yes", "called": "yes"}}
    pot = json.loads(floor.respond(json.dumps(split)))["result"]["pots"][0]
    assert (pot["amount"], pot["rake"], pot["jackpot"]) == (1250, 125, 100)
    assert sum(pot["shares"].values()) == 1250 - 125 - 100 and pot["shares"] == {"2": 525, "1": 500}
    rules = {form["id"]: [rule["href"].split("#")[1] for rule in form["rules"]] for form in data["calculators"]}
    assert rules["rake"] == ["bluewater-rake", "bluewater-rake-rounding", "bluewater-jackpot", "bluewater-no-flop-no-drop"]
    assert "bluewater-odd-chip" in rules["side-pots"] and "bluewater-odd-chip" not in rules["rake"]


def test_a_room_publishes_the_games_hand_rankings_without_another_houses_document(rooms):
    """Bluewater's document does not rank the hands: it publishes the library's, the game's own rules
    (``game: true``), numbered as its others are (H1.1…), with no passage of the guide they were written
    from shown to its editors as its own."""
    from rulebook.project import Project
    from rulebook.publish.site.parts import part_nodes
    from rulebook.publish.site.render import PageRenderer

    page = _text((rooms / "site" / "bluewater" / "en" / "holdem-hand-rankings.html").read_text(encoding="utf-8"))
    assert "The royal flush is the best hand ¶ Rule H1.3" in page
    project = Project.load(rooms.parent)
    assert "004_e8268ed98fbb6ab3.txt" not in project.houses["bluewater"].book.documents
    editors = part_nodes(PageRenderer(project, "bluewater", "en", editors=True), "holdem-hand-rankings").astext()
    assert "The game's own rule, as the rule library states it (written from 004_e8268ed98fbb6ab3.txt)" in editors
    assert "Chintă" not in editors and "Source: 004" not in editors and "Editorial note" not in editors
