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
from rulebook.publish.print.printing import build_cards
from tests.conftest import edit, line_of, pdf_info, run_rulebook
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
    from rulebook.publish.print import printing
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


MM = 25.4 / 72
A6 = (105.0, 148.0)


def _no_rgb(reader) -> list[str]:
    """What of a PDF is in RGB: a colour set by ``rg``/``RG`` in a page or a form it draws (the QR code's
    SVG), or an RGB image."""
    from pypdf.generic import ContentStream

    found, seen = [], set()

    def walk(stream, resources, where: str) -> None:
        for _, op in ContentStream(stream, reader).operations:
            if op in (b"rg", b"RG"):
                found.append(f"{where}: {op.decode()}")
        for name, ref in ((resources or {}).get("/XObject") or {}).items():
            xobject = ref.get_object()
            if id(xobject) in seen:
                continue
            seen.add(id(xobject))
            if xobject["/Subtype"] == "/Form":
                walk(xobject, xobject.get("/Resources"), f"{where} {name}")
            elif xobject.get("/ColorSpace") == "/DeviceRGB":
                found.append(f"{where} {name}: RGB image")

    for number, page in enumerate(reader.pages, start=1):
        walk(page.get_contents(), page.get("/Resources"), f"page {number}")
    return found


def _ink_at(png: Path) -> tuple[int, int, list[list[bool]]]:
    from PIL import Image

    image = Image.open(png).convert("L")
    width, height = image.size
    pixels = image.load()
    return width, height, [[pixels[x, y] < 128 for x in range(width)] for y in range(height)]


def test_the_print_shops_cards_are_pdf_x4_cut_to_the_card_with_bleed_and_marks_beyond_it(cards, tmp_path):
    """Each card of the print shop's edition (every language, the two-sided card, the rake card): PDF/X-4
    with a CMYK output intent, every colour in the press's inks (no RGB, the QR code's neither), each face
    alone on a page whose trim box is the card and whose bleed box lies 3 mm round it, no art box beside
    them; rendered as the print shop sees the page, nothing is printed in the bleed and the crop marks
    lie beyond it, on the trim's lines; the page says what the card says."""
    out, book = cards
    pressed = sorted((out / "ro-en" / "press").glob("*.pdf")) + [path for lang in ("ro", "en", "hr")
                                                                 for path in sorted((out / lang / "press").glob("*.pdf"))]
    assert len(pressed) == 5 + 3 * 6, pressed
    for path in pressed:
        reader = PdfReader(path)
        intent = reader.trailer["/Root"]["/OutputIntents"][0].get_object()
        assert intent["/S"] == "/GTS_PDFX" and intent["/DestOutputProfile"].get_object()["/N"] == 4, path
        xmp = reader.trailer["/Root"]["/Metadata"].get_object().get_data().decode("utf-8")
        assert re.search(r"GTS_PDFXVersion>PDF/X-4<", xmp), path
        assert reader.metadata["/CreationDate"] == reader.metadata["/ModDate"] == "D:" + book.effective.strftime("%Y%m%d")
        assert _no_rgb(reader) == [], (path, _no_rgb(reader)[:3])
        plain = PdfReader(path.parent.parent / path.name)
        assert len(reader.pages) == len(plain.pages)
        for number, (page, card) in enumerate(zip(reader.pages, plain.pages)):
            trim, bleed, media = page.trimbox, page.bleedbox, page.mediabox
            assert "/ArtBox" not in page
            assert abs(float(trim.width) * MM - A6[0]) < 0.1 and abs(float(trim.height) * MM - A6[1]) < 0.1, path
            assert all(abs(float(a - b) * MM - 3) < 0.01 for a, b in ((trim.left, bleed.left), (trim.bottom, bleed.bottom),
                                                                    (bleed.right, trim.right), (bleed.top, trim.top))), path
            assert media.left < bleed.left and media.bottom < bleed.bottom and media.right > bleed.right
            assert spaced(page.extract_text()) == spaced(card.extract_text()), (path, number)
    # As the print shop's RIP sees one: 1 px = 0.1 mm.
    subprocess.run(["pdftoppm", "-r", "254", "-f", "1", "-l", "1", "-png", str(out / "en" / "press" / "card-1-3.pdf"),
                    str(tmp_path / "press")], check=True)
    width, height, ink = _ink_at(next(tmp_path.glob("press*.png")))
    page = PdfReader(out / "en" / "press" / "card-1-3.pdf").pages[0]
    left = round((float(page.trimbox.left) - float(page.mediabox.left)) * MM * 10)
    top = round((float(page.mediabox.top) - float(page.trimbox.top)) * MM * 10)
    right, bottom = left + 1050, top + 1480

    def ring(inner: int, outer: int) -> list[tuple[int, int]]:
        """The pixels from ``inner`` to ``outer`` tenths of a mm outside the trim."""
        return [(x, y) for y in range(top - outer, bottom + outer) for x in range(left - outer, right + outer)
                if not (left - inner <= x < right + inner and top - inner <= y < bottom + inner)]

    assert not any(ink[y][x] for x, y in ring(2, 30)), "something is printed in the bleed"
    marks = [(x, y) for x, y in ring(35, 95) if ink[y][x]]
    assert marks and all(abs(x - left) <= 2 or abs(x - right) <= 2 or abs(y - top) <= 2 or abs(y - bottom) <= 2
                         for x, y in marks), marks[:5]


def _lines(page) -> list[tuple[float, float, str]]:
    """A card page's text: size (pt), baseline (mm from the foot of the page) and text."""
    found = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            found.append((round(abs(size * tm[3] * cm[3]), 1), (tm[5] * cm[3] + cm[5]) * MM, text.strip()))
    page.extract_text(visitor_text=visit)
    return found


def test_the_type_of_every_card_grows_to_fill_it(cards, project):
    """Every face of every table card (each language, the two-sided card): its text set at the size that
    fills the card down to its foot, never under 11 pt, leaving at most 18 mm above the foot's first
    line (the English cards set at 11 pt left 30–38 mm empty; the foot's own gap to its first line is
    about 4 mm, and a quarter point more type can wrap a line again); a face with room set larger."""
    out, book = cards
    faces = 0
    for folder in ("ro", "en", "fr", "es", "hr", "ro-en"):
        for path in sorted((out / folder).glob("card-*.pdf")):
            for number, page in enumerate(PdfReader(path).pages, start=1):
                lines = _lines(page)
                foot = max(baseline for size, baseline, _ in lines if size < 11)
                body = [(size, baseline) for size, baseline, _ in lines if size >= 11 and baseline > foot]
                gap = min(baseline for _, baseline in body) - foot
                assert gap <= 18, (path, number, f"{gap:.1f} mm above the foot", min(size for size, _ in body))
                faces += 1
    assert faces == 5 * 5 + 5 * 2
    grown = [size for size, _, _ in _lines(PdfReader(out / "en" / "card-2-5.pdf").pages[0])]
    assert sorted(grown)[len(grown) // 2] > 11, grown


def test_a_house_prints_its_cards_and_books_on_the_paper_it_chooses(tree, tmp_path):
    """A room that prints on US letter and cuts A5 cards for far seats (``print:`` in its house file):
    its card pages are A5, its sheets letter, upright, one card centred with its crop marks (two A5
    cards do not fit across), its print shop's pages trimmed to A5; its type set larger than on A6;
    its printed rulebook's pages letter."""
    from weasyprint import CSS, HTML

    from rulebook.publish.print.printing import PrintRenderer

    house = tree / "houses" / "club" / "house.yaml"
    house.write_text(house.read_text(encoding="utf-8") + "print:\n  paper: letter\n  card: A5\n", encoding="utf-8")
    project = Project.load(tree)
    build_cards(project, tmp_path / "build", ("fr",), ("club",), bilingual=False)
    printed = tmp_path / "build" / "cards" / "club" / "fr"
    card, sheet, press = (PdfReader(printed / name) for name in ("card-1-3.pdf", "sheet-1-3.pdf", "press/card-1-3.pdf"))
    assert all(abs(a - b) < 0.2 for a, b in zip(
        (float(card.pages[0].mediabox.width) * MM, float(card.pages[0].mediabox.height) * MM), (148, 210)))
    width, height = (float(sheet.pages[0].mediabox.width) * MM, float(sheet.pages[0].mediabox.height) * MM)
    assert abs(width - 215.9) < 0.2 and abs(height - 279.4) < 0.2
    [(left, top, right, bottom)] = trims(sheet, 0)
    assert abs(right - left - 148) < 0.2 and abs(bottom - top - 210) < 0.2 and abs(left - (width - right)) < 0.2
    assert abs(float(press.pages[0].trimbox.width) * MM - 148) < 0.1
    sizes = sorted(size for size, _, _ in _lines(card.pages[0]) if size >= 11)
    assert sizes[len(sizes) // 2] >= 14, sizes
    renderer = PrintRenderer(project, "club", "fr")
    page = HTML(string=f"<html><head><style>{renderer._running('x', None)}</style></head><body>x</body></html>").render(
        stylesheets=[CSS(filename=str(tree / "templates" / "print" / "rulebook.css"))]).pages[0]
    assert (round(page.width * 25.4 / 96, 1), round(page.height * 25.4 / 96, 1)) == (215.9, 279.4)


@pytest.mark.parametrize("given, says", [("print:\n  paper: A3\n", "print: paper 'A3' must be one of A4, letter"),
                                         ("print:\n  card: A7\n", "print: card 'A7' must be one of A6, A5"),
                                         ("print:\n  cards: A5\n", "print: 'cards' is not known (paper, card, two_sided)")])
def test_a_paper_the_printer_does_not_know_is_one_line_naming_the_house_file_and_line(tree, given, says):
    house = tree / "houses" / "club" / "house.yaml"
    house.write_text(house.read_text(encoding="utf-8") + given, encoding="utf-8")
    run = run_rulebook(tree, "check")
    assert run.returncode != 0 and "Traceback" not in run.stderr + run.stdout
    line = line_of(house, given.splitlines()[1].strip())
    assert f"houses/club/house.yaml:{line}: " in run.stdout + run.stderr and says in run.stdout + run.stderr


def test_each_face_is_set_as_large_as_it_holds(project):
    """The fit's promise, face by face (English and Spanish cards, the casino's tournament card, the
    rake card): at the size it chose the face's text fits above its foot, and a quarter point larger it
    would not, unless it already fills the room almost to the foot or is at the largest size."""
    from weasyprint import HTML

    from rulebook.publish.print.printing import CardFit, PrintRenderer, _stylesheet, card_css, faces_room, table_faces
    from rulebook.reading.table_facts import table_rows

    checked = 0
    for house, lang in (("club", "en"), ("club", "es"), ("casino", "hr")):
        book = project.houses[house].book
        css = _stylesheet(project, project.root / "templates" / "print" / "card.css") + card_css(book.printing)
        renderer = PrintRenderer(project, house, lang)
        cards = [(table_faces([renderer], row), row) for row in table_rows(book)]
        if house == "club":
            cards.append((renderer.bands, None))
        for faces, row in cards:
            def layout(sizes, faces=faces, row=row, renderer=renderer, css=css):
                return renderer.card(faces(False, sizes), row, css, "card")

            fit = CardFit({"card": "card"}, {"card": layout}, {"card": [str(face) for face in faces(False, None)]}, 105)

            def render(html: str):
                return HTML(string=html, base_url=str(project.root)).render()

            laid = fit("card", layout({}), render)[1]
            sizes = fit.sizes["card"]
            for index, (used, room) in faces_room(laid).items():
                assert used <= room and sizes[index] >= CardFit.SMALLEST, (house, lang, index, sizes)
                if used < CardFit.ENOUGH * room and sizes[index] < CardFit.LARGEST:
                    larger = faces_room(render(layout({**sizes, index: sizes[index] + CardFit.STEP})))[index]
                    assert larger[0] > larger[1], (house, lang, index, sizes[index], used / room)
                checked += 1
    assert checked == 5 + 2 + 5 + 2 + 1


def test_a_face_fitted_once_is_laid_out_once_on_the_two_sided_card(project, tmp_path, monkeypatch):
    """The Romanian and the English card of a stakes fitted, each face's size kept: the two-sided card,
    whose faces are theirs, is laid out once, at the sizes they were fitted to; with no sizes kept it is
    fitted again (several layouts) to the same sizes; a kept size that is no size of a card is not taken."""
    from weasyprint import HTML

    from rulebook.publish.machinery import print_cache
    from rulebook.publish.print.printing import CardFit, PrintRenderer, _stylesheet, card_css, table_faces
    from rulebook.reading.table_facts import table_rows

    monkeypatch.delenv(print_cache.VARIABLE, raising=False)
    book = project.houses["club"].book
    css = _stylesheet(project, project.root / "templates" / "print" / "card.css") + card_css(book.printing)
    row = table_rows(book)[0]
    ro, en = PrintRenderer(project, "club", "ro"), PrintRenderer(project, "club", "en")
    layouts = []

    def render(html: str):
        layouts.append(html)
        return HTML(string=html, base_url=str(project.root)).render()

    def fitted(renderers, build):
        faces = table_faces(renderers, row)

        def layout(sizes):
            return ro.card(faces(False, sizes), row, css, "card")

        fit = CardFit({"card": "card"}, {"card": layout}, {"card": [str(face) for face in faces(False, None)]}, 105,
                      build, "salt")
        layouts.clear()
        fit("card", layout({}), render)
        return fit.sizes["card"], len(layouts)

    alone = [fitted([renderer], tmp_path) for renderer in (ro, en)]
    assert all(count >= 2 for _, count in alone), alone     # each fitted by laying it out more than once
    both, count = fitted([ro, en], tmp_path)
    assert count == 1 and both == {0: alone[0][0][0], 1: alone[1][0][0]}, (both, count, alone)
    again, count = fitted([ro, en], tmp_path / "elsewhere")
    assert count >= 2 and again == both
    for entry in print_cache.folder(tmp_path).glob("fit-*"):
        (entry / print_cache.FIT).write_text("400", encoding="ascii")
    assert fitted([ro, en], tmp_path)[1] >= 2


def test_the_print_shops_cards_print_the_same_bytes_in_any_build(project, tmp_path, monkeypatch):
    """A print shop's card printed twice, in two build folders with no print cache between them, is the
    same file to the byte: its PDF/X document id is made from what it is printed from (WeasyPrint's own
    is random), so a reprint is never a new file to the shop or to the stamps."""
    printed = []
    for build in ("a", "b"):
        monkeypatch.setenv("RULEBOOK_PRINT_CACHE", str(tmp_path / f"cache-{build}"))
        build_cards(project, tmp_path / build, ("hr",), ("club",), bilingual=False)
        printed.append({path.name: path.read_bytes() for path in (tmp_path / build / "cards" / "club" / "hr" / "press").iterdir()})
    assert len(printed[0]) == 6 and printed[0] == printed[1]
