"""Houses are folders: a third card room adopts the library with a file, not a fork."""

from __future__ import annotations

import re

from pypdf import PdfReader

from rulebook.cli import main
from rulebook.i18n import po_path, read_catalog, write_catalog
from rulebook.project import Project
from tests.conftest import edit

THIRD_EXAMPLE = """
  - id: riverside-full-table-cap
    rule: rake-cap-by-players
    houses: [riverside]
    given:
      pot: 1000 lei
      stakes: 1/3
      players: 9 players
    results:
      rake: 25 lei
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
    assert main(["--root", str(tree), "new-house", "riverside", "--name", "Riverside Card Room"]) == 0
    house = tree / "houses" / "riverside" / "house.yaml"
    # Other numbers than the club's: the 1/3 cap and buy-in, the break time.
    edit(house, "buy_in: {min: 100, max: 400}\n      rake: {percent: 5, cap: 20,",
         "buy_in: {min: 150, max: 600}\n      rake: {percent: 5, cap: 25,")
    edit(house, "break_minutes: 30", "break_minutes: 45")
    examples = tree / "executable_examples" / "rake.yaml"
    examples.write_text(examples.read_text(encoding="utf-8") + THIRD_EXAMPLE, encoding="utf-8")
    assert main(["--root", str(tree), "gettext"]) == 0
    assert main(["--root", str(tree), "update-po"]) == 0
    for lang, text in TRANSLATIONS.items():
        path = po_path(tree, lang)
        catalog = read_catalog(path, lang)
        next(m for m in catalog if m.context == "riverside-full-table-cap.text").string = text
        write_catalog(path, catalog)


def test_new_house_writes_a_complete_commented_file(tree, capsys):
    assert main(["--root", str(tree), "new-house", "riverside", "--name", "Riverside Card Room"]) == 0
    text = (tree / "houses" / "riverside" / "house.yaml").read_text(encoding="utf-8")
    assert text.startswith("# Riverside Card Room: a house of its own")
    for key in ("name:", "city:", "contact:", "title:", "unit:", "parts:", "parameters:", "stakes:", "rake:",
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

    build = tree / "_build"
    assert main(["--root", str(tree), "site", "--house", "riverside", "--lang", "en", "--lang", "ro",
                 "--build-dir", str(build)]) == 0, capsys.readouterr().err[-3000:]
    rake = (build / "site" / "riverside" / "en" / "rake.html").read_text(encoding="utf-8")
    assert "25 lei" in rake and "At NLH 1/3, with 9 players dealt in, a pot of 1,000 lei pays 25 lei" in rake
    assert "Riverside Card Room" in (build / "site" / "riverside" / "en" / "index.html").read_text(encoding="utf-8")
    buy_in = (build / "site" / "riverside" / "ro" / "cash-buy-in.html").read_text(encoding="utf-8")
    assert "150 de lei" in buy_in or "150\u00a0de lei" in buy_in
    assert "riverside" in (build / "site" / "index.html").read_text(encoding="utf-8")

    assert main(["--root", str(tree), "cards", "--house", "riverside", "--lang", "en", "--build-dir", str(build)]) == 0
    card = " ".join(page.extract_text() for page in PdfReader(build / "cards" / "riverside" / "en" / "card-1-3.pdf").pages)
    card = re.sub(r"\s+", " ", card)
    assert "150 lei" in card and "600 lei" in card and "25 lei" in card and "45 minutes" in card
    capsys.readouterr()


def test_a_tournament_room_gets_no_table_cards(project, tmp_path):
    from rulebook.printing import build_cards

    written = build_cards(project, tmp_path, ("en",), ("casino",))
    assert written == [] and not (tmp_path / "cards" / "casino").exists()
