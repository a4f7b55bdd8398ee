"""The table cards as a seated player and a print shop meet them: each stakes' own numbers with the
rules they come from, lines legible from the seat, numbers kept with their units, the QR code to
the rulebook, the duplex sheet, and the documents' titles in the card's language."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from rulebook.project import Project
from rulebook.reading import Reading
from rulebook.reading.table_facts import table_facts
from rulebook.publish.printing import build_cards
from tests.conftest import edit, pdf_info
from tests.test_print import A4, marks_of, runs_of, spaced, text_of

LANGS = ("ro", "fr", "hr")
BASE = "https://rules.example.org/poker"


def slug(row) -> str:
    return row["name"].replace("/", "-")


def foot_of(reading: Reading) -> str:
    """What a card's foot says (the language that prevails, the edition, whose card): exempt from 11 pt."""
    fmt, book = reading.fmt, reading.book
    official = reading.tr.gettext("The official language of these rules is {language}. In a dispute, the {language} "
                                  "text prevails.").format(language=fmt.language_name(book.house["official_language"]))
    return spaced(f"{official} {fmt.edition(book.name, book.edition, book.effective)} · © {book.copyright}")


def test_every_card_prints_its_own_stakes_lines_with_their_rule_numbers(cards, project):
    """The raise step (or any amount), which straddle applies when, running it twice (its pot and who
    agrees), the split-pot rake and its cap: each stakes' numbers from the house file, each line after
    the number of the rule it comes from."""
    out, book = cards
    numbers = project.houses["club"].numbering
    for lang in LANGS:
        reading = Reading.of(project, "club", lang)
        money = reading.fmt.money
        for row in book.house["stakes"]:
            text = text_of(out / lang / f"card-{slug(row)}.pdf")
            facts = table_facts(reading, row)
            for detail in facts.details:
                cited = ", ".join(rule.number for rule in detail.rules)
                assert spaced(f"{cited} {detail.text}".strip()) in text, (lang, row["name"], detail.text)
                assert [rule.number for rule in detail.rules] == [numbers[rule.rule_id] for rule in detail.rules]
            said = " ".join(spaced(detail.text) for detail in facts.details)
            unit = row["raise_unit"]
            raises = spaced(money(unit)) if unit else spaced(reading.tr.gettext("Raises: any amount, at least the "
                                                                                 "minimum raise."))
            assert raises in said, (lang, row["name"], raises)
            assert spaced(money(row["rake"]["split_pot_cap"])) in said
            assert spaced(money(book.house["rake"]["deal_twice_min_pot"])) in said
            if row["auto_straddle"] is not None:
                assert spaced(money(row["auto_straddle"])) in said
            cited_ids = {rule.rule_id for detail in facts.details for rule in detail.rules}
            assert {"rake-split-pot", "cash-betting-raise-unit", "deal-twice-minimum-pot",
                    "cash-betting-deal-twice-agreement", "cash-betting-deal-twice-side-pots"} <= cited_ids
            assert ("auto-straddle-third-blind" in cited_ids) == (row["auto_straddle"] is not None)


def test_the_rake_card_says_how_split_pots_are_raked_with_every_cap(cards, project):
    out, book = cards
    for lang in LANGS:
        reading = Reading.of(project, "club", lang)
        back = spaced(PdfReader(out / lang / "rake-bands.pdf").pages[1].extract_text())
        for row in book.house["stakes"]:
            assert spaced(f"{row['game']} {row['name']} {reading.fmt.count(row['rake']['cap'])} "
                          f"{reading.fmt.count(row['rake']['short_handed_cap'])} "
                          f"{reading.fmt.count(row['rake']['split_pot_cap'])}") in back, (lang, row["name"])
        for split in {row["rake"]["split_pot_cap"] for row in book.house["stakes"]}:
            assert spaced(reading.fmt.money(split)) in back
        assert reading.number_of("rake-split-pot") in back and reading.number_of("deal-twice-rake") in back


def test_every_line_a_player_reads_is_11_pt_or_more(cards, project):
    """Measured in the PDFs: every piece of text on every card at 11 pt or more, except the foot's."""
    out, book = cards
    for lang in LANGS:
        foot = foot_of(Reading.of(project, "club", lang))
        for path in [*(out / lang).glob("card-*.pdf"), out / lang / "rake-bands.pdf"]:
            small = [(size, text) for size, _, text in runs_of(path) if size < 11 and spaced(text) not in foot]
            assert not small, (lang, path.name, small[:5])


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils is not installed")
def test_no_number_is_split_from_its_unit(cards, project):
    """pdftotext's lines: no line break between a number and its unit ("400 de / lei", "400 / lei", "5 / %")."""
    out, book = cards
    for lang in (*LANGS, "ro-en"):
        units = {re.sub(r"^[\d.,]+\s", "", spaced(Reading.of(project, "club", code).fmt.money(amount)))
                 for code in lang.split("-") for amount in (1, 2, 20, 400, 1000)} | {"%"}
        breaks = [r"\d" + "".join(r"\s" + re.escape(word) for word in unit.split()[:at]) + r"\s*\n\s*"
                  + re.escape(" ".join(unit.split()[at:])) + r"(?!\w)"
                  for unit in units for at in range(len(unit.split()))]
        assert any("de" in unit for unit in units) == lang.startswith("ro")      # "de lei" as Romanian writes it
        for path in (out / lang).glob("*.pdf"):
            text = spaced_lines(subprocess.run(["pdftotext", "-raw", str(path), "-"], check=True, capture_output=True,
                                               text=True).stdout)
            split = [found.group(0) for pattern in breaks for found in re.finditer(pattern, text)]
            assert not split, (lang, path.name, split)


def spaced_lines(text: str) -> str:
    return "\n".join(spaced(line).strip() for line in text.splitlines())


def decoded(pdf: Path, page: int, tmp_path: Path) -> list[str]:
    """What zbarimg reads on one page of a PDF rendered at 200 dpi."""
    image = tmp_path / f"{pdf.stem}-{page}"
    subprocess.run(["pdftoppm", "-r", "200", "-png", "-singlefile", "-f", str(page), "-l", str(page), str(pdf),
                    str(image)], check=True)
    done = subprocess.run(["zbarimg", "--quiet", "--raw", f"{image}.png"], capture_output=True, text=True)
    return done.stdout.split()


@pytest.mark.skipif(shutil.which("zbarimg") is None, reason="zbar-tools is not installed")
def test_the_qr_code_leads_to_the_rulebook_in_the_cards_language_only_with_a_base_url(cards, tree, tmp_path):
    out, book = cards
    assert book.base_url is None
    assert decoded(out / "ro" / "card-2-2.pdf", 1, tmp_path) == []
    assert decoded(out / "ro" / "rake-bands.pdf", 2, tmp_path) == []
    edit(tree / "houses" / "club" / "house.yaml", "base_url: null", f"base_url: {BASE}")
    project = Project.load(tree)
    build_cards(project, tmp_path / "build", ("fr",), ("club",), bilingual=False)
    printed = tmp_path / "build" / "cards" / "club" / "fr"
    for row in project.houses["club"].book.house["stakes"]:
        assert decoded(printed / f"card-{slug(row)}.pdf", 1, tmp_path) == [f"{BASE}/club/fr/at-the-table.html"]
    part = Reading.of(project, "club", "fr").placed["rake-bands"][0]
    assert decoded(printed / "rake-bands.pdf", 2, tmp_path) == [f"{BASE}/club/fr/{part}.html#rake-bands"]


def trims(reader, page: int) -> list[tuple[float, float, float, float]]:
    """The cards' trim boxes on a sheet's page, from its crop marks: left, top, right, bottom in mm."""
    marks = marks_of(reader, page)
    rows = sorted({m[1] for m in marks if m[2] > m[3]})
    columns = sorted({m[0] for m in marks if m[3] > m[2]})
    return [(columns[i], rows[0], columns[i + 1], rows[1]) for i in range(0, len(columns), 2)]


def turned_side_to_side(trim: tuple[float, float, float, float], width: float) -> tuple[float, float, float, float]:
    """Where a trim of a sheet's back page lies once the sheet is turned about its vertical axis (as a
    cut card stood on a table is turned to read its back from across it), seen from the front."""
    left, top, right, bottom = trim
    return width - right, top, width - left, bottom


def test_the_duplex_sheets_backs_register_with_their_fronts_and_read_upright_turned_side_to_side(cards):
    """The two-sided card and the rake card on A4: front and back on two pages, each with its crop
    marks. Turned side to side, each back's trim lies exactly behind a front's, and the PDF asks for the
    flip about the sheet's short edge (a landscape sheet's edge that runs up the page): the flip on the
    long edge would show each cut card's back head down."""
    out, _book = cards
    width = A4[1] * 25.4 / 72
    for path in (out / "ro-en" / "sheet-2-2.pdf", out / "ro" / "rake-bands-sheet.pdf"):
        reader = PdfReader(path)
        assert len(reader.pages) == 2, path
        assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipShortEdge", path
        front, back = trims(reader, 0), trims(reader, 1)
        assert len(front) == len(back) == 2 and all(abs(right - left - 105) < 0.2 and abs(bottom - top - 148) < 0.2
                                                     for left, top, right, bottom in front + back), (front, back)
        turned = sorted(turned_side_to_side(trim, width) for trim in back)
        assert all(max(abs(a - b) for a, b in zip(f, k)) < 0.2 for f, k in zip(sorted(front), turned)), (front, back)
        assert all(0 < left and right < width for left, _, right, _ in front)
    romanian, english = (spaced(page.extract_text()) for page in PdfReader(out / "ro-en" / "sheet-2-2.pdf").pages)
    assert romanian.count("PLO 2/2") == english.count("PLO 2/2") == 2
    assert "Straddle-ul automat" in romanian and "Automatic straddle" in english


def test_card_titles_and_subjects_are_in_the_cards_language(cards, project):
    out, book = cards
    for lang in LANGS:
        tr = project.translations(lang)
        for row in book.house["stakes"]:
            meta = pdf_info(out / lang / f"card-{slug(row)}.pdf")
            stakes = f"{row['game']} {row['name']}"
            assert meta["Title"] == tr.gettext("Table card {stakes}").format(stakes=stakes) != f"Table card {stakes}"
            assert meta["Subject"] == tr.gettext("The blinds, straddles, buy-in, rake and rules of the {stakes} tables "
                                                  "of {house}").format(stakes=stakes, house=book.name)
        rake = pdf_info(out / lang / "rake-bands.pdf")
        assert rake["Title"] == tr.gettext("Rake card") != "Rake card"


def test_every_two_sided_pdf_asks_for_the_flip_that_keeps_its_backs_upright(built_site):
    """Every printed file of more than one page, of both houses in every language (books, short forms,
    two-sided cards and their sheets), asks to be printed two-sided, flipped on the edge that runs up its
    pages: a leaf turned about it, or a card cut from it turned side to side, shows its back upright.
    A one-page file asks for no duplex."""
    seen, names = set(), set()
    for path in sorted(built_site.glob("*/*/downloads/*.pdf")):
        names.add(path.name)
        if path.stat().st_ino in seen:
            continue
        seen.add(path.stat().st_ino)
        reader = PdfReader(path)
        preferences = reader.trailer["/Root"]["/ViewerPreferences"]
        assert preferences["/PrintScaling"] == "/None", path
        if len(reader.pages) == 1:
            assert "/Duplex" not in preferences, path
            continue
        for page in reader.pages:
            assert page.get("/Rotate", 0) == 0, path
        width, height = float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)
        edge = {"/DuplexFlipLongEdge": max(width, height), "/DuplexFlipShortEdge": min(width, height)}[preferences["/Duplex"]]
        assert edge == height, (path, preferences["/Duplex"], width, height)
    kinds = {name.split("-")[0] for name in names}
    assert {"rulebook", "short", "card", "sheet", "rake"} <= kinds, kinds


def test_every_line_of_every_card_is_a_sentence(project, tmp_path, monkeypatch):
    """Every line a card lists (its stakes' details, the rules it cites by number and title, the rake
    card's lines), on both houses' cards in every language, is a sentence with its full stop: a line that
    is a rule's title reads like the sentences beside it ("5.1 Straddles … up to the button.")."""
    from rulebook.publish import printing
    from rulebook.reading.table_facts import SENTENCE_ENDS

    pages = tmp_path / "pages"

    def keep_html(project, build, kind, house_id, label, html_of, *args, **kwargs):   # run in the forked jobs
        for name, html in html_of.items():   # the HTML kept, a stand-in printed (nothing reads it)
            (pages / name).parent.mkdir(parents=True, exist_ok=True)
            (pages / name).with_suffix(".html").write_text(html, encoding="utf-8")
            (build / f"{kind}.new" / name).parent.mkdir(parents=True, exist_ok=True)
            (build / f"{kind}.new" / name).write_bytes(b"%PDF-1.7\n")
        return list(html_of), "stand-in"

    monkeypatch.setattr(printing, "_write_pages", keep_html)
    build_cards(project, tmp_path / "build", LANGS, tuple(project.houses))
    lines = {}
    for page in sorted(pages.rglob("card-*.html")) + sorted(pages.rglob("rake-bands.html")):
        for item in re.findall(r"<li\b[^>]*>(.*?)</li>", page.read_text(encoding="utf-8"), re.S):
            lines[item] = page.relative_to(pages).as_posix()
    assert len(lines) > 50 and any("casino" in name for name in lines.values())
    text = [(name, re.sub(r"<[^>]+>", "", item).strip()) for item, name in lines.items()]
    assert not [(name, line) for name, line in text if line[-1:] not in SENTENCE_ENDS], text[:3]
