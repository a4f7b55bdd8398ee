"""Houses are folders: a third card room adopts the library with a file, not a fork."""

from __future__ import annotations

import re
import shutil

import pytest

from rulebook.i18n.catalogs import po_path, read_catalog, write_catalog
from rulebook.project import Project
from rulebook.publish.site.builds import build_all
from rulebook.cli import main
from tests.conftest import article, edit, expanded, line_of, pdf_text, run_rulebook

THIRD_EXAMPLE = """
  - id: riverside-full-table-cap
    rule: rake-cap-by-players
    houses: [riverside]
    given:
      pot: 1000 money
      stakes: 1/2
      players: 9 players
    results:
      rake: 25 money
    checks:
      - call: house.rake([pot], stakes=stakes, players=players)
        expect: [rake]
    text: >-
      At NLH {stakes}, with {players} dealt in, a pot of {pot} pays {rake}, the cap.
"""


TRANSLATIONS = {  # what the room's translators add for its own example
    "ro": "La NLH {stakes}, cu {players} la masă, un pot de {pot} plătește {rake}, adică cap-ul.",
    "fr": "En NLH {stakes}, avec {players} servis, un pot de {pot} paie {rake}, soit le plafond.",
    "es": "En NLH {stakes}, con {players} en la mano, un bote de {pot} paga {rake}, el tope.",
    "hr": "Na NLH {stakes}, s {players} u dijeljenju, pot od {pot} plaća {rake}, koliko iznosi cap.",
}


def _third_house(tree) -> None:
    assert main(["--root", str(tree), "new-house", "riverside", "--from", "club", "--name", "Riverside Card Room"]) == 0
    house = tree / "houses" / "riverside" / "house.yaml"
    # Other numbers than the club's: its smallest No-Limit game is 1/2, not 1/3, with another buy-in,
    # cap and straddle; another break time.
    edit(house, """    - name: 1/3
      role: nlh-low""", """    - name: 1/2
      role: nlh-low""")
    edit(house, """      small_blind: 1 RON
      big_blind: 3 RON
      buy_in: {min: 100 RON, max: 400 RON}""", """      small_blind: 1 RON
      big_blind: 2 RON
      buy_in: {min: 150 RON, max: 600 RON}""")
    # Its low tier (1/2, 2/2, 2/5) has one cap, 25 lei: the rules name a tier's stakes together.
    edit(house, "rake: {percent: 5 %, cap: 20 RON,", "rake: {percent: 5 %, cap: 25 RON,", count=3)
    edit(house, "      straddle: 6 RON\n      auto_straddle: 6 RON\n", "      straddle: 4 RON\n      auto_straddle: 4 RON\n")
    edit(house, "break_minutes: 30 minutes", "break_minutes: 45 minutes")
    examples = tree / "executable_examples" / "rake.yaml"
    examples.write_text(examples.read_text(encoding="utf-8") + THIRD_EXAMPLE, encoding="utf-8")
    assert main(["--root", str(tree), "gettext"]) == 0
    assert main(["--root", str(tree), "update-po"]) == 0
    for lang, text in TRANSLATIONS.items():
        path = po_path(tree, lang)
        catalog = read_catalog(path, lang)
        next(m for m in catalog if m.context == "riverside-full-table-cap.text").string = text
        # Its title and line are its own entries (the club's translation of the same English fills none).
        for field in ("title", "about"):
            ours = next(m for m in catalog if m.context == f"house.riverside.{field}")
            assert not ours.string
            ours.string = next(m for m in catalog if m.context == f"house.club.{field}").string
        write_catalog(path, catalog)


def test_a_new_house_belongs_to_nobody_and_check_lists_every_piece_to_write(tree, capsys):
    """The skeleton holds nothing of another house's (no name, ©, stakes, variants, references or short
    form), and one run of the gate names each piece still to write, at its line."""
    assert main(["--root", str(tree), "new-house", "riverside", "--name", "Riverside Card Room"]) == 0
    said = capsys.readouterr().out
    assert said.startswith("houses/riverside/house.yaml: written") and "Next:" in said and "rulebook check" in said
    path = tree / "houses" / "riverside" / "house.yaml"
    text = path.read_text(encoding="utf-8")
    for other in ("Gentlemen", "Poker room", "lei", "RON", "1/3", "festivals", "000_", "003_", "official-language",
                  "straddle-up-to-the-button", "stakes:", "rake:"):
        assert other not in text.replace("`stakes:`", "").replace("`rake:`", ""), other
    # Every key a house file may hold is there, written or commented with its default.
    from rulebook.core.schema import HouseRecord
    written = set(re.findall(r"^#? ?([a-z_]+):", text, re.MULTILINE))
    assert set(HouseRecord.__annotations__) <= written, set(HouseRecord.__annotations__) - written
    result = run_rulebook(tree, "check")
    assert result.returncode == 2
    lines = [line for line in result.stderr.splitlines() if line.startswith("houses/riverside/house.yaml:")]
    pieces = ("title", "effective", "languages", "unit", "documents", "parts", "parameters: currency",
              "parameters: official_language", "parameters: announced_in")
    assert len(lines) == len(pieces), lines
    for line, piece in zip(lines, pieces):
        key = piece.split(": ")[-1]
        assert f"house.yaml:{line_of(path, key + ':')}: house riverside: {piece}: still to write: " in line, line


def test_new_house_from_another_copies_its_file_commented(tree, capsys):
    assert main(["--root", str(tree), "new-house", "riverside", "--from", "club", "--name", "Riverside Card Room"]) == 0
    text = (tree / "houses" / "riverside" / "house.yaml").read_text(encoding="utf-8")
    assert text.startswith("# Riverside Card Room: a house of its own")
    for key in ("name:", "city:", "contact:", "title:", "unit:", "parts:", "variants:", "parameters:", "stakes:", "rake:",
                "times:", "betting:", "showdown:"):
        assert re.search(rf"^\s*{key}", text, re.M), key
    assert main(["--root", str(tree), "new-house", "riverside"]) == 2          # never overwrites
    assert main(["--root", str(tree), "new-house", "Bad_Id"]) == 2
    capsys.readouterr()


def test_a_third_house_publishes_its_own_numbers(tree, capsys):
    _third_house(tree)
    assert main(["--root", str(tree), "check"]) == 0, capsys.readouterr().out[-3000:]
    project = Project.load(tree)
    riverside = project.houses["riverside"]
    assert [example.id for example in riverside.examples if example.houses] == ["riverside-full-table-cap"]
    assert all(outcome.ok for outcomes in riverside.outcomes.values() for outcome in outcomes)

    build = tree / "_build"   # its pages in two languages, and (below) its cards: no test reads its PDFs
    assert build_all(project, ("en", "ro"), "html", build, ("riverside",)), capsys.readouterr().err[-3000:]
    rake = (build / "site" / "riverside" / "en" / "rake.html").read_text(encoding="utf-8").replace("\u00a0", " ")
    assert "25 lei" in rake and "At NLH 1/2, with 9 players dealt in, a pot of 1,000 lei pays 25 lei" in rake
    assert "the straddle is 10 lei at NLH 2/5, 4 lei at NLH 1/2 and 4 lei at PLO 2/2" in rake
    assert "1/3" not in article(rake)   # the club's game is nowhere in the room's rulebook
    straddles = (build / "site" / "riverside" / "ro" / "cash-straddle.html").read_text(encoding="utf-8")
    assert re.search(r"NLH 1/2: 4(\xa0|&#160;| )lei", straddles) and "1/3" not in article(straddles)
    assert "Riverside Card Room" in (build / "site" / "riverside" / "en" / "index.html").read_text(encoding="utf-8")
    buy_in = (build / "site" / "riverside" / "ro" / "cash-buy-in.html").read_text(encoding="utf-8")
    assert "150\u00a0de\u00a0lei" in buy_in   # a number never leaves its unit
    assert "riverside" in (build / "site" / "index.html").read_text(encoding="utf-8")

    assert main(["--root", str(tree), "cards", "--house", "riverside", "--lang", "en", "--build-dir", str(build)]) == 0
    card = pdf_text(build / "cards" / "riverside" / "en" / "card-1-2.pdf")
    assert "1/2" in card and "150 lei" in card and "600 lei" in card and "25 lei" in card and "45 minutes" in card
    assert not (build / "cards" / "riverside" / "en" / "card-1-3.pdf").exists()
    capsys.readouterr()


def test_a_tournament_room_gets_the_table_card_it_chooses(project, tmp_path, tree):
    """The casino runs no cash games: its one table card, and its *At the table*, cite the rules its
    house file chooses (table_card:), by number and title, each its own; without a choice, none."""
    from rulebook.publish.print.printing import build_cards
    from rulebook.publish.site.render import PageRenderer
    from rulebook.reading import Reading

    build_cards(project, tmp_path, ("hr",), ("casino",))
    assert sorted(path.name for path in (tmp_path / "cards" / "casino" / "hr").iterdir()) == [
        "card-tournament.pdf", "press", "sheet-tournament.pdf"]
    card = " ".join(pdf_text(tmp_path / "cards" / "casino" / "hr" / "card-tournament.pdf").split())
    reading = Reading.of(project, "casino", "hr")
    # the head: the room and the title (the table's box beside them is read between, or after, as laid out)
    assert card.replace(reading.tr.gettext("Table") + " ", "", 1).startswith("POKER ROOM Turnir"), card[:60]
    for rule_id in project.houses["casino"].book.table_card:
        number, title = reading.number_of(rule_id), reading.title(reading.placed[rule_id][1])
        assert f"{number} {' '.join(title.split())}" in card, (rule_id, card)
    renderer = PageRenderer(project, "casino", "en")
    page = expanded(renderer, renderer.pages()["at-the-table"], shown=lambda node: node.astext()).replace("\u00a0", " ")
    assert "Tournament" in page and "Rule 26 · A player on whom time is called has 30 seconds to decide" in page
    house = tree / "houses" / "casino" / "house.yaml"
    house.write_text(re.sub(r"\ntable_card:\n(?:  - .*\n)+", "\n", house.read_text(encoding="utf-8")), encoding="utf-8")
    written = build_cards(Project.load(tree), tmp_path / "none", ("hr",), ("casino",))
    assert written == [] and not (tmp_path / "none" / "cards" / "casino").exists()
    assert "at-the-table" not in PageRenderer(Project.load(tree), "casino", "en").pages()


# A subject both rooms rule on is one library rule stated in variants: each house states its own.

def _stated(book, rule_id):
    return next((part.id, rule) for part in book.parts for rule in part.rules if rule.id == rule_id)


def test_a_rule_in_variants_is_stated_by_each_house_in_its_own_words_and_place(project):
    club, casino = project.houses["club"].book, project.houses["casino"].book
    assert project.library.variants()["showdown-order"] == {"last_aggressor", "first_bettor"}
    assert _stated(club, "showdown-order")[0] == "cash-showdown"
    assert _stated(casino, "showdown-order")[0] == "tournament-showdown"
    assert _stated(club, "showdown-order")[1].title.text == "The last aggressor shows first"
    assert _stated(casino, "showdown-order")[1].title.text == "The first player to bet on the river shows first"
    # Each house's catalog entry is its own variant's: the club's translators' words for the club.
    ro = project.translations("ro")
    club_rule, casino_rule = _stated(club, "misdeal")[1], _stated(casino, "misdeal")[1]
    assert club_rule.text.context == "misdeal.two-cases.text" and casino_rule.text.context == "misdeal.four-causes.text"
    assert ro.pgettext(club_rule.text.context, club_rule.text.text) != ro.pgettext(casino_rule.text.context,
                                                                                    casino_rule.text.text)
    # An example runs only where its variant is stated.
    assert "tournament-first-bettor-shows-first" in project.houses["casino"].outcomes
    assert all(example.variant != "first_bettor" for example in project.houses["club"].examples)


def test_the_house_parameter_the_engine_applies_chooses_the_text(tree):
    """The text can never say one thing while the engine rules another: the policy picks the variant."""
    edit(tree / "houses" / "casino" / "house.yaml", "first_to_show: first_bettor", "first_to_show: last_aggressor")
    project = Project.load(tree)
    assert _stated(project.houses["casino"].book, "showdown-order")[1].variant == "last_aggressor"
    assert all(example.variant != "first_bettor" for example in project.houses["casino"].examples)
    # The room's own worked examples of the first bettor now run for no house: the gate says so.
    run = run_rulebook(tree, "check")
    assert run.returncode == 1
    orphans = [line for line in run.stdout.splitlines() if "no house publishes its rule" in line]
    assert len(orphans) == 2 and all("showdown-order" in line for line in orphans), run.stdout[-2000:]


VARIANT_MISTAKES = [
    # (file, old, new, the line's text, what the message says)
    ("houses/casino/house.yaml", "  no-rabbit-hunting: after-any-end ", "  no-rabbit-hunting: after-a-flop ",
     "no-rabbit-hunting: after-a-flop", "rule 'no-rabbit-hunting' is stated in variants (after-a-fold, after-any-end)"),
    ("houses/casino/house.yaml", "  misdeal: four-causes ", "  cash-table-deck-change: four-causes ",
     "cash-table-deck-change: four-causes", "'variants' chooses for rule 'cash-table-deck-change'"),
    ("houses/casino/house.yaml", "  misdeal: four-causes ", "  showdown-order: first_bettor ",
     "showdown-order: first_bettor", "'variants' chooses for rule 'showdown-order'"),
    ("rules/tournament-dealing.yaml", "- use: misdeal", "- use: misdeals", "- use: misdeals",
     "use of rule 'misdeals', which no part defines"),
    ("rules/cash-table.yaml", "          two-cases:", "          Two_Cases:", "Two_Cases:",
     "variant name 'Two_Cases' must be lower-case"),
    ("executable_examples/tournament.yaml", "    variant: full_call\n", "", "rule: undercall",
     "rule 'undercall' is stated in variants (call_or_fold, full_call): say which one"),
]


@pytest.mark.parametrize("file, old, new, needle, says", VARIANT_MISTAKES, ids=[c[4][:40] for c in VARIANT_MISTAKES])
def test_a_mistake_with_variants_is_one_line_naming_file_line_and_rule(tree, file, old, new, needle, says):
    edit(tree / file, old, new)
    run = run_rulebook(tree, "check")
    assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr
    lines = run.stderr.strip().splitlines()
    assert any(says in line for line in lines), lines
    line = next(line for line in lines if says in line)
    assert line.startswith(f"{file}:{line_of(tree / file, needle)}: "), (line, line_of(tree / file, needle))


def test_a_house_without_a_row_the_cash_rules_need_is_told_which_role(tree):
    edit(tree / "houses" / "club" / "house.yaml", "      role: plo-high\n", "")
    run = run_rulebook(tree, "check")
    assert run.returncode == 1 and "Traceback" not in run.stderr + run.stdout   # the house is inconsistent
    lines = [line for line in run.stdout.splitlines() if ": [house] " in line]
    assert len(lines) == 6 and all("house.stakes has no row with the role or name 'plo-high'" in line
                         and "houses/club/house.yaml" in line for line in lines), lines
    assert any(line.startswith("rules/cash-straddle.yaml:") and " straddle-amount: " in line for line in lines), lines


def test_an_edition_needs_a_real_date(tree):
    edit(tree / "houses" / "casino" / "house.yaml", 'effective: "2026-12-01"', 'effective: "2026-13-01"')
    run = run_rulebook(tree, "check")
    assert run.returncode == 2 and "Traceback" not in run.stderr
    [line] = run.stderr.strip().splitlines()
    assert line.startswith(f"houses/casino/house.yaml:{line_of(tree / 'houses' / 'casino' / 'house.yaml', 'effective:')}: ")
    assert "must be a date written 2026-12-01" in line


BAD_ADDRESSES = ["https://../..", "https://-rules.example.org", "https://rules..example.org", "https://rules.example-.org",
                 "https://rules.example.org:99999", "https://rules.example.org/club/../..", "http://rules.example.org",
                 "https://editor@rules.example.org"]


@pytest.mark.parametrize("address", BAD_ADDRESSES)
def test_a_base_url_without_a_real_host_is_one_line(tree, address):
    """base_url is read as a URL: an https address whose host is a DNS name (no empty label, none
    starting or ending with a hyphen), an optional port from 1 to 65535, a path without '..'."""
    house = tree / "houses" / "club" / "house.yaml"
    edit(house, "base_url: null ", f"base_url: {address!r} ")
    run = run_rulebook(tree, "check")
    assert run.returncode == 2 and "Traceback" not in run.stdout + run.stderr, run.stdout[-2000:] + run.stderr
    [line] = run.stderr.strip().splitlines()
    assert line.startswith(f"houses/club/house.yaml:{line_of(house, 'base_url:')}: house club: base_url "), line


def test_a_base_url_with_a_host_is_kept():
    from rulebook.core.houses import base_url_problem

    for address in ("https://rules.example.org", "https://rules.example.org/", "https://poker-7.example.org:8443/club/",
                    "https://localhost", "https://xn--pker-xqa.example.ro/reguli"):
        assert base_url_problem(address) is None, address
    assert "host" in base_url_problem("https://../..")


def _house_folder(tree, relative: str) -> None:
    """The casino's folder (its file and the documents it names) copied to hold ``relative``."""
    shutil.copytree(tree / "houses" / "casino", (tree / relative).parent)


@pytest.mark.parametrize("house_id, says", [("con", "device name on Windows"), ("lpt1", "device name on Windows"),
                                            ("nul", "device name on Windows"), ("a" * 40, "at most 32 characters")])
def test_a_house_folder_no_file_system_holds_is_one_line(tree, house_id, says):
    """A house id names a folder on every system an editor works on, and on every build's paths."""
    _house_folder(tree, f"houses/{house_id}/house.yaml")
    run = run_rulebook(tree, "check")
    assert run.returncode == 2 and "Traceback" not in run.stdout + run.stderr, run.stdout[-2000:] + run.stderr
    [line] = run.stderr.strip().splitlines()
    assert line.startswith(f"houses/{house_id}/house.yaml:1: ") and says in line, line


def test_a_house_file_in_a_nested_folder_is_one_line(tree):
    """Only houses/<id>/house.yaml is a house: one deeper is told, not silently left out."""
    _house_folder(tree, "houses/a/b/house.yaml")
    run = run_rulebook(tree, "check")
    assert run.returncode == 2 and "Traceback" not in run.stdout + run.stderr, run.stdout[-2000:] + run.stderr
    [line] = run.stderr.strip().splitlines()
    assert line.startswith("houses/a/b/house.yaml:1: ") and "houses/b/house.yaml" in line, line


@pytest.mark.parametrize("house_id, says", [("con", "device name on Windows"), ("com7", "device name on Windows"),
                                            ("a" * 40, "at most 32 characters"), ("a" * 300, "at most 32 characters")])
def test_new_house_refuses_an_id_no_file_system_holds(tree, house_id, says):
    for extra in ((), ("--from", "club")):
        run = run_rulebook(tree, "new-house", house_id, *extra)
        assert run.returncode == 2 and run.stdout == "" and "Traceback" not in run.stderr, run
        [line] = run.stderr.strip().splitlines()
        assert says in line, line
        assert not (tree / "houses" / house_id[:200]).exists()
