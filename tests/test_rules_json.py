"""The rules as data for other programs (rulebook.publish.site.rules_json): each house's language's
``rules.json`` has the shape ``docs/rules.schema.json`` gives it, says what the house states (its own
numbering, its words in the language, its numbers with their units, cents as the house counts them),
nothing of another house and nothing a reader is not shown; the build publishes it, the same bytes
again when nothing changed, and what an edit says once it is made.

Read from two test rooms (``tests/fixtures``): Bluewater, a US room in dollars with cents, in English
and Spanish; Trent, a British tournament room in pounds and chips with its document's own numbering,
in English and French. (Every house and language of the published site: tests/test_site.py.)
"""

from __future__ import annotations

import json
import re

import jsonschema
import pytest

from rulebook.project import Project
from rulebook.publish.editions.archive import Place
from rulebook.publish.site import rules_json
from rulebook.publish.site.builds import build_all
from rulebook.publish.site.render import PageRenderer
from tests.conftest import ROOT, add_room, copy_sources, edit

SCHEMA = json.loads((ROOT / "docs" / "rules.schema.json").read_text(encoding="utf-8"))
ROOMS = {"bluewater": ("en", "es"), "trent": ("en", "fr")}
# What only another house says: its name, its town, its money.
OTHERS = {"bluewater": r"Trent|Nottingham|GBP|£|Gentlemen|Poker room|RON|\blei\b|EUR|€",
          "trent": r"Bluewater|Laughlin|USD|\$|Gentlemen|Poker room|RON|\blei\b|EUR|€"}


@pytest.fixture(scope="module")
def rooms(tmp_path_factory) -> Project:
    """The project with both rooms added and translated, loaded."""
    tree = copy_sources(tmp_path_factory.mktemp("rules-json"))
    for room in ROOMS:
        add_room(tree, room)
    return Project.load(tree)


def _data(project: Project, house: str, lang: str, base: str | None = None) -> dict:
    """What the house's language's ``rules.json`` says, read back as a program reads it."""
    renderer = PageRenderer(project, house, lang)
    place = Place(base, house, lang, renderer.book.house["official_language"])
    return json.loads(rules_json.rules_json(renderer, place))


def _rule(data: dict, number: str) -> dict:
    return next(rule for rule in data["rules"] if rule["number"] == number)


def _numbers(rule: dict) -> dict[str, tuple]:
    return {number["name"]: (number["value"], number["unit"], number["shown"].replace("\u00a0", " "))
            for number in rule["numbers"]}


@pytest.mark.parametrize(("room", "lang"), [(room, lang) for room, languages in ROOMS.items() for lang in languages])
def test_each_rooms_file_has_its_shape_and_every_rule_it_publishes_in_book_order(rooms, room, lang):
    data = _data(rooms, room, lang)
    jsonschema.validate(data, SCHEMA, format_checker=jsonschema.FormatChecker())
    book = rooms.houses[room].book
    assert data["schema"] == rules_json.SCHEMA == "rulebook-rules/1"
    assert (data["house"]["id"], data["house"]["name"], data["lang"]) == (room, book.name_in(lang), lang)
    assert data["edition"] == {"number": book.edition, "in_force_from": book.effective.isoformat()}
    assert [rule["id"] for rule in data["rules"]] == [rule.id for rule in book.rules]
    numbers = [rule["number"] for rule in data["rules"]]
    assert len(set(numbers)) == len(numbers) == len(book.rules)
    for rule in data["rules"]:
        assert rule["url"] == f"{room}/{lang}/r/{rule['id']}.html"   # no base_url: from the site's root
        for number in rule["numbers"]:   # each as the page writes it, in the words of the rule
            assert number["shown"] in f"{rule['title']} {rule['text']} {' '.join(rule['items'])}", (rule["id"], number)


def test_a_base_url_makes_each_address_absolute(rooms):
    data = _data(rooms, "trent", "fr", "https://rules.example.org/rooms")
    jsonschema.validate(data, SCHEMA)
    assert _rule(data, "3.1")["url"] == "https://rules.example.org/rooms/trent/fr/r/trent-english-only.html"


def test_trent_is_cited_by_its_own_numbers_in_its_words_with_its_units(rooms):
    english, french = _data(rooms, "trent", "en"), _data(rooms, "trent", "fr")
    spoken = _rule(english, "3.1")
    assert (spoken["id"], spoken["cited"], spoken["title"], spoken["text"]) == (
        "trent-english-only", "Rule 3.1", "Only English during a hand", "Only English is spoken at the table during a hand.")
    assert (spoken["part"]["id"], spoken["section"]) == (
        "trent-tournament-rules", {"id": "trent-at-the-table", "title": "At the table"})
    parle = _rule(french, "3.1")
    assert (parle["id"], parle["title"], parle["text"], parle["section"]["title"]) == (
        "trent-english-only", "Uniquement l’anglais pendant une main",
        "Pendant une main, on ne parle que l’anglais à la table.", "À la table")
    assert parle["cited"] != spoken["cited"] and parle["cited"].endswith(" 3.1")
    entry = _rule(english, "2")
    assert _numbers(entry) == {"entry": (30, "GBP", "£30"), "prizes": (25, "GBP", "£25"),
                               "stack": (10000, "chips", "10,000 chips")}
    assert entry["text"].replace("\u00a0", " ") == ("Entry to the Thursday tournament is £30, of which £25 goes to the prize pool. "
                             "Every player starts with 10,000 chips.")
    assert [(value, unit) for value, unit, _ in _numbers(_rule(french, "2")).values()] == [
        (30, "GBP"), (25, "GBP"), (10000, "chips")]
    assert _numbers(_rule(english, "4.1")) == {"clock": (60, "seconds", "60 seconds")}


def test_bluewater_writes_its_cents_as_it_counts_them(rooms):
    """25¢ is 0.25 of the house's dollars (never the 25 cents the engine counts), in every language."""
    for lang in ROOMS["bluewater"]:
        text = rules_json.rules_json(PageRenderer(rooms, "bluewater", lang),
                                     Place(None, "bluewater", lang, "en"))
        stakes = next(rule for rule in json.loads(text)["rules"] if rule["id"] == "bluewater-stakes")
        found = _numbers(stakes)
        assert [found[name][:2] for name in ("low_small", "low_big", "high_small", "high_big", "low_min", "high_max")] == [
            (0.25, "USD"), (0.5, "USD"), (1, "USD"), (2, "USD"), (20, "USD"), (300, "USD")]
        assert '"value": 0.25,' in text and '"value": 25,' not in text
        if lang == "en":
            assert [found[name][2] for name in ("low_small", "low_big", "high_small")] == ["$0.25", "$0.50", "$1"]
    rounding = next(rule for rule in _data(rooms, "bluewater", "en")["rules"] if rule["id"] == "bluewater-rake-rounding")
    assert rounding["title"] == "The rake is rounded down to $0.25" and _numbers(rounding)["chip"] == (0.25, "USD", "$0.25")


@pytest.mark.parametrize("room", ROOMS)
def test_nothing_of_another_house(rooms, room):
    others = re.compile(rf"(?<!\w)(?:{OTHERS[room]})(?!\w)", re.IGNORECASE)
    for lang in ROOMS[room]:
        text = rules_json.rules_json(PageRenderer(rooms, room, lang), Place(None, room, lang, "en"))
        assert sorted({found.group() for found in others.finditer(text)}) == [], (room, lang)
        own = {rule.id for rule in rooms.houses[room].book.rules}
        assert {rule["id"] for rule in json.loads(text)["rules"]} <= own


def test_only_what_readers_are_shown(tree):
    """The casino's editors' edition proposes a rule and a sentence: neither is in its file, nor a
    source file's name or a passage of its documents, until the house adopts the sentence, which then
    follows the rule's text as its page shows it."""
    project = Project.load(tree)
    view = project.houses["casino"]
    proposed = {rule.id for rule, proposal in view.editors_book.proposals if proposal is None}
    sentences = {rule.id: proposal for rule, proposal in view.editors_book.proposals if proposal is not None}
    assert proposed and sentences
    data = _data(project, "casino", "en")
    text = json.dumps(data, ensure_ascii=False)
    assert not proposed & {rule["id"] for rule in data["rules"]}
    assert not any(proposal.text.text[:40] in text for proposal in sentences.values())
    assert not re.search(r"\d{3}_[0-9a-f]{16}\.txt|Editorial note|Proposed|\.yaml", text)
    excerpts = [excerpt for rule in view.editors_book.rules for excerpt in rule.excerpts if len(excerpt) > 40]
    assert excerpts and not any(excerpt in text for excerpt in excerpts)
    rule_id, proposal = next(iter(sentences.items()))
    edit(tree / "houses" / "casino" / "house.yaml", "adopt: []", f"adopt: [{proposal.key}]")
    adopted = next(rule for rule in _data(Project.load(tree), "casino", "en")["rules"] if rule["id"] == rule_id)
    said = next(rule for rule in data["rules"] if rule["id"] == rule_id)
    assert adopted["text"].startswith(said["text"] + "\n\n") and len(adopted["text"]) > len(said["text"]) + 20


def test_the_schema_refuses_what_a_program_could_not_rely_on(rooms):
    """The schema can fail: a file of another version, a rule without its number, an amount in an unknown
    unit and a field it does not know are each refused."""
    data = _data(rooms, "trent", "en")
    jsonschema.validate(data, SCHEMA)
    rule = data["rules"][0]
    for broken in ({**data, "schema": "rulebook-rules/2"}, {**data, "rules": [{**rule, "number": None}]},
                   {**data, "rules": [{**rule, "numbers": [{"name": "entry", "value": 30, "unit": "pounds",
                                                            "shown": "£30"}]}]},
                   {**data, "rules": [{**rule, "source": "tournament-rules.txt"}]}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(broken, SCHEMA)


def test_the_build_publishes_it_the_same_again_and_as_an_edit_says(tree):
    """Beside the language's pages: the file this module makes, byte for byte; not written again when
    nothing changed; and after an edit of a number, what the edit says (never the stale file)."""
    add_room(tree, "trent", translated=False)
    build = tree / "_build"
    assert build_all(Project.load(tree), ("en",), "html", build, ("trent",))
    published = build / "site" / "trent" / "en" / rules_json.FILE
    project = Project.load(tree)
    made = rules_json.rules_json(PageRenderer(project, "trent", "en"), Place(None, "trent", "en", "en"))
    assert published.read_text(encoding="utf-8") == made
    jsonschema.validate(json.loads(made), SCHEMA)
    first = published.stat()
    assert build_all(project, ("en",), "html", build, ("trent",))
    assert (published.stat().st_ino, published.stat().st_mtime_ns) == (first.st_ino, first.st_mtime_ns)
    edit(tree / "rules" / "trent-tournament-rules.yaml", "clock: 60 seconds", "clock: 90 seconds")
    edited = Project.load(tree)
    assert build_all(edited, ("en",), "html", build, ("trent",))
    clock = _rule(json.loads(published.read_text(encoding="utf-8")), "4.1")
    assert _numbers(clock) == {"clock": (90, "seconds", "90 seconds")} and "90\u00a0seconds" in clock["text"]
    assert published.read_text(encoding="utf-8") == rules_json.rules_json(
        PageRenderer(edited, "trent", "en"), Place(None, "trent", "en", "en"))


def test_the_file_is_the_readers_edition_in_force_only(tree):
    """Not the editors' edition, which shows what readers are not shown (their folder has no file)."""
    add_room(tree, "trent", translated=False)
    build = tree / "_build"
    assert build_all(Project.load(tree), ("en",), "review", build, ("trent",))
    assert not list(build.rglob(rules_json.FILE))
