"""A third room publishes from its own documents with no code change (issue "Any card room…").

Harbour Card Room (``tests/fixtures/harbour``) is written for this test from a short house-rules
document of its own, not the shipped rooms': fourteen rules, one of them a number the library has
nowhere (20 minutes away from the table), in euros, taking no rake, publishing English and Spanish
only, with its own table-card rules, and its own glossary (its promotion's name, its phrase "call the
clock"). Its files are copied into a copy of the project as a room's editors would add them (its house
folder with its document and glossary, its part, its worked examples, its Spanish);
the project is then checked and the room built: its site, its cards and its printed rulebooks. Every
file it publishes is read, and none says a word, an amount or a rule of the other two houses.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rulebook.publish.build import build_site
from tests.conftest import ROOT, add_room, pdf_text, run_rulebook


# One worker builds the room once for every test here (xdist would build it once per worker).
pytestmark = pytest.mark.xdist_group("harbour")

# What only the other houses say: their names, their money, their stakes and rules.
OTHERS = re.compile(r"(?<!\w)(?:Gentlemen|Poker room|Sala de póker|lei|leu|RON|Romanian|Croatian|croata|rumano|"
                    r"chips? race|carrera de fichas|1/3|5/10|2/2|PLO|Omaha|rake cap|tope de rake|FineDrinks|"
                    r"no flop, no drop|sin flop|tournament|torneo|000_|003_|004_)(?!\w)", re.IGNORECASE)


@pytest.fixture(scope="module")
def harbour(tmp_path_factory) -> Path:
    """The project with the room added, checked, and the room built (site, cards, PDFs)."""
    from tests.conftest import copy_sources
    from rulebook.project import Project

    tree = copy_sources(tmp_path_factory.mktemp("harbour"))
    add_room(tree, "harbour")
    checked = run_rulebook(tree, "check")
    assert checked.returncode == 0, checked.stdout[-3000:] + checked.stderr[-3000:]
    assert build_site(Project.load(tree), ("en", "es", "fr"), tree / "_build", ("harbour",))
    return tree / "_build"


# The generator's own scripts and the theme's, the same bytes for every house (rulebook/publish/site/static).
SHARED_SCRIPTS = {path.name for path in (ROOT / "rulebook" / "publish" / "site" / "static").iterdir()} - {"calculators.json"}


def _published(build: Path) -> dict[str, str]:
    """Every file the room published, as text (a PDF by its text), but the scripts every house shares."""
    found = {}
    for kind in ("site", "cards", "pdf"):
        for path in sorted((build / kind / "harbour").rglob("*")):
            if path.name in SHARED_SCRIPTS or "scripts" in path.parts:
                continue
            if path.is_file() and path.suffix in (".html", ".js", ".json", ".xml", ".webmanifest", ".txt", ".pdf"):
                found[str(path.relative_to(build))] = pdf_text(path) if path.suffix == ".pdf" else \
                    path.read_text(encoding="utf-8", errors="replace")
    return found


def test_the_room_builds_in_its_two_languages_only(harbour):
    assert sorted(path.name for path in (harbour / "site" / "harbour").iterdir() if path.is_dir()) == ["en", "es"]
    assert sorted(path.name for path in (harbour / "cards" / "harbour").iterdir()) == ["en", "es"]   # no two-sided card
    assert sorted(path.name for path in (harbour / "pdf" / "harbour").iterdir()) == [
        "rulebook-en.pdf", "rulebook-es.pdf", "short-form-en.pdf", "short-form-es.pdf"]
    switcher = (harbour / "site" / "harbour" / "es" / "index.html").read_text(encoding="utf-8")
    assert "Français" not in switcher and "Română" not in switcher and "English" in switcher


def test_nothing_of_another_house_is_published(harbour):
    found = {name: sorted({match.group() for match in OTHERS.finditer(text)})
             for name, text in _published(harbour).items()}
    assert len(found) > 40
    assert {name: words for name, words in found.items() if words} == {}


def test_no_reader_of_the_room_meets_a_word_of_how_its_site_is_made(harbour):
    """Its pages and their data, in its two languages, as test_readers_words reads the shipped rooms'."""
    from tests.test_readers_words import builders_words, readers_texts

    assert {where.split("/")[1] for where, _, _ in readers_texts(harbour / "site", "harbour")} == {"en", "es"}
    assert builders_words(harbour / "site", "harbour") == []


def test_its_amounts_are_in_euros_and_its_numbers_its_own(harbour):
    site = harbour / "site" / "harbour"
    cash = (site / "en" / "harbour-house-rules.html").read_text(encoding="utf-8")
    flat = re.sub(r"(&#160;|\xa0|\u202f)", " ", cash)
    assert "with a buy-in of €40 to €200, and at 2/5, with a buy-in of €100 to €500" in flat
    assert "(1/2: €4; 2/5: €10)" in flat
    table = re.search(r'<table class="[^"]*stakes.*?</table>', flat, re.S)      # its stakes table: no rake columns
    assert table and "€40" in table.group() and "Rake" not in table.group() and "Cap" not in table.group()
    assert "more than 20 minutes loses the seat" in flat               # the number the library has nowhere
    spanish = re.sub(r"(&#160;|\xa0|\u202f)", " ", (site / "es" / "harbour-house-rules.html").read_text(encoding="utf-8"))
    assert "con un buy-in de 40 € a 200 €" in spanish and "más de 20 minutos pierde el asiento" in spanish
    assert "Regla 6" in spanish or "Regla 6" in re.sub(r"<[^>]+>", "", spanish)   # its document's own numbering


def test_its_table_cards_print_its_own_rules(harbour):
    card = " ".join(pdf_text(harbour / "cards" / "harbour" / "en" / "card-1-2.pdf").split())
    assert "€1 / €2" in card and "€4" in card and "minimum €40, maximum €200" in card
    for title in ("Only the player to the left of the big blind may straddle",
                  "Away for more than 20 minutes, a player loses the seat", "No phone calls at the table"):
        assert title in card, card
    assert "rake" not in card.lower() and "break" not in card.lower()
    at_the_table = (harbour / "site" / "harbour" / "en" / "at-the-table.html").read_text(encoding="utf-8")
    assert "No phone calls at the table" in at_the_table and "rake" not in re.sub(r"<[^>]+>", " ", at_the_table).lower()


def test_its_calculators_and_search_know_its_money(harbour):
    data = json.loads((harbour / "site" / "harbour" / "es" / "_static" / "calculators.json").read_text(encoding="utf-8"))
    assert {form["id"] for form in data["calculators"]} == {"min-raise", "side-pots"}   # what its rules cover
    assert set(data["money"].values()) == {"{amount}\xa0€"} and data["house"]["currency"] == "EUR"
    index = (harbour / "site" / "harbour" / "en" / "_static" / "rule_index.js").read_text(encoding="utf-8")
    assert "The room takes no rake" in index and "€40" in index.replace("\\u20ac", "€")


def test_its_glossary_page_has_its_own_terms_and_the_shared_ones(harbour):
    """Its own phrase with its own Spanish and meaning, beside the shared terms its rules use (the chip,
    in a room in euros, standing for money); its promotion's name is no term's use."""
    spanish = re.sub(r"<[^>]+>", " ", (harbour / "site" / "harbour" / "es" / "glossary.html").read_text(encoding="utf-8"))
    assert "pedir tiempo" in spanish and "Pedir al floor que dé a un jugador que tarda demasiado" in spanish
    english = re.sub(r"<[^>]+>", " ", (harbour / "site" / "harbour" / "en" / "glossary.html").read_text(encoding="utf-8"))
    assert "call the clock" in english and "A token that stands for money at the table." in english
    assert "chips are not money" not in english
