"""Print: table cards and the printable rulebook, checked in the PDFs themselves."""

from __future__ import annotations

import dataclasses
import functools
import json
import xml.etree.ElementTree as ET
import itertools
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from rulebook.i18n.catalogs import LANGUAGES  # noqa: F401
from rulebook.i18n.formatting import LocaleFormatter
from rulebook.project import Project
from rulebook.publish.print.downloads import rulebook_file, short_form_file
from rulebook.publish.print.printing import build_cards
from tests.conftest import ROOT, edit, pdf_text, print_as_make_site_does, sample, set_translations

A6 = (297.6, 419.5)   # points
A4 = (595.3, 841.9)
LANGS = ("ro", "fr", "hr")


def text_of(path) -> str:
    return pdf_text(path)


def size_of(page) -> tuple[float, float]:
    return (round(float(page.mediabox.width), 1), round(float(page.mediabox.height), 1))


def same_size(a, b) -> bool:
    return abs(a[0] - b[0]) < 1 and abs(a[1] - b[1]) < 1


def spaced(text: str) -> str:
    return re.sub(r"[\s\u00a0\u202f]+", " ", text)


def test_every_card_shows_its_stakes_numbers_in_the_language(cards):
    out, book = cards
    for lang in LANGS:
        fmt = LocaleFormatter(Project.load(ROOT).translations(lang), book.money)
        for row in book.house["stakes"]:
            slug = row["name"].replace("/", "-")
            text = text_of(out / lang / f"card-{slug}.pdf")
            assert f"{row['game']} {row['name']}" in text
            assert spaced(f"\u00a9 {book.copyright}") in text, (lang, row["name"])    # whose card it is
            for amount in (row["small_blind"], row["big_blind"], row["buy_in"]["min"], row["rake"]["cap"],
                           row["rake"]["short_handed_cap"], row["straddle"], row["auto_straddle"] or row["straddle"]):
                assert spaced(fmt.money(amount)) in text, (lang, row["name"], fmt.money(amount))
            if row["buy_in"]["max"] is None:
                wanted = fmt.tr.gettext("minimum {minimum}, no maximum").format(minimum=fmt.money(row["buy_in"]["min"]))
                assert spaced(wanted) in text
            else:
                assert spaced(fmt.money(row["buy_in"]["max"])) in text
            assert spaced(fmt.percent(row["rake"]["percent"])) in text
            assert spaced(fmt.money(book.house["rake"]["deal_twice_min_pot"])) in text
            assert spaced(fmt.minutes(book.house["times"]["break_minutes"])) in text
            assert spaced(fmt.language_name(book.house["official_language"])) in text


def test_romanian_cards_use_romanian_number_formats(cards):
    out, _book = cards
    text = text_of(out / "ro" / "card-2-5.pdf")
    assert "1.000 de lei" in text and "200 de lei" in text and "5 %" in text


def test_cards_are_a6_with_embedded_fonts(cards):
    out, _book = cards
    for path in (out / "hr").glob("card-*.pdf"):
        reader = PdfReader(path)
        assert all(same_size(size_of(page), A6) for page in reader.pages)
        for page in reader.pages:
            fonts = page["/Resources"]["/Font"]
            for font in fonts.values():
                font = font.get_object()
                descriptor = font.get("/FontDescriptor") or font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
                descriptor = descriptor.get_object()
                assert any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")), path


def marks_of(reader, page: int = 0) -> list[tuple[float, float, float, float]]:
    """The thin rectangles (crop marks) drawn on a sheet's page, in mm from the top left: x, y, width, height
    (each placed by the transformation in force where it is drawn, as a reader places it)."""
    from pypdf.generic import ContentStream

    height = float(reader.pages[page].mediabox.height)
    matrix, saved, found = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), [], set()
    for operands, op in ContentStream(reader.pages[page].get_contents(), reader).operations:
        if op == b"q":
            saved.append(matrix)
        elif op == b"Q":
            matrix = saved.pop()
        elif op == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            ma, mb, mc, md, me, mf = matrix
            matrix = (a * ma + b * mc, a * mb + b * md, c * ma + d * mc, c * mb + d * md,
                      e * ma + f * mc + me, e * mb + f * md + mf)
        elif op == b"re":
            x, y, w, h = (float(v) for v in operands)
            ma, mb, mc, md, me, mf = matrix
            corners = [(ma * px + mc * py + me, mb * px + md * py + mf) for px in (x, x + w) for py in (y, y + h)]
            left, right = min(p[0] for p in corners), max(p[0] for p in corners)
            low, high = min(p[1] for p in corners), max(p[1] for p in corners)
            if min(right - left, high - low) < 1:
                found.add(tuple(round(v * 25.4 / 72, 1) for v in (left, height - high, right - left, high - low)))
    return sorted(found)


def test_the_sheet_holds_two_cards_at_true_size_with_crop_marks_outside_the_trim(cards):
    """Landscape A4 with two A6 cards: every corner of each card has its two marks, both outside the
    card, and the marks of a card are exactly 105 × 148 mm apart; the printer is told not to shrink it."""
    out, _book = cards
    for path, sides in ((out / "fr" / "sheet-1-3.pdf", 1), (out / "ro-en" / "sheet-5-10.pdf", 2)):
        reader = PdfReader(path)
        assert len(reader.pages) == sides and all(same_size(size_of(page), (A4[1], A4[0])) for page in reader.pages)
        assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"
        marks = marks_of(reader)
        horizontal = [m for m in marks if m[2] > m[3]]
        vertical = [m for m in marks if m[3] > m[2]]
        assert len(horizontal) == len(vertical) == 8, marks
        rows = sorted({m[1] for m in horizontal})            # the trims' top and bottom lines
        columns = sorted({m[0] for m in vertical})           # their left and right lines
        assert len(rows) == 2 and abs(rows[1] - rows[0] - 148) < 0.2, rows
        assert len(columns) == 4 and abs(columns[1] - columns[0] - 105) < 0.2 and abs(columns[3] - columns[2] - 105) < 0.2
        cards_at = [(columns[0], columns[1]), (columns[2], columns[3])]
        for x, y, w, h in marks:      # no mark reaches into a card
            for left, right in cards_at:
                assert not (left < x + w / 2 < right and rows[0] < y + h / 2 < rows[1]), (x, y)
    assert text_of(out / "fr" / "sheet-1-3.pdf").count("NLH 1/3") == 2
    both = text_of(out / "ro-en" / "sheet-5-10.pdf")
    assert "30 de lei" in both and "30 lei" in both          # the Romanian card beside the English one


def runs_of(path) -> list[tuple[float, bool, str]]:
    """Every piece of text of a PDF with its size in points and whether its font is bold."""
    runs = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            runs.append((round(abs(size * tm[3] * cm[3]), 1), "Bold" in str((font or {}).get("/BaseFont")), text.strip()))
    for page in PdfReader(path).pages:
        page.extract_text(visitor_text=visit)
    return runs


def test_cards_are_legible_from_a_seat(cards):
    """The stakes at 28 pt or more; blinds, buy-in, rake and straddle at 14 pt bold or more;
    nothing on any card under 8 pt, the rake card's numbers at 9 pt or more."""
    out, book = cards
    for lang in LANGS:
        fmt = LocaleFormatter(Project.load(ROOT).translations(lang), book.money)
        for row in book.house["stakes"]:
            runs = runs_of(out / lang / f"card-{row['name'].replace('/', '-')}.pdf")
            assert min(size for size, _, _ in runs) >= 8, (lang, row["name"])
            assert any(size >= 28 and f"{row['game']} {row['name']}" in text for size, _, text in runs)
            for amount in (row["big_blind"], row["straddle"], row["buy_in"]["min"], row["rake"]["cap"]):
                money = spaced(fmt.money(amount))
                assert any(size >= 14 and bold and money in spaced(text) for size, bold, text in runs), \
                    (lang, row["name"], money)
        rake = runs_of(out / lang / "rake-bands.pdf")
        assert min(size for size, _, _ in rake) >= 8, lang
        assert all(size >= 9 for size, _, text in rake if re.fullmatch(r"[\d.\s\u00a0]+", text)), lang


def test_the_bilingual_card_has_a_romanian_and_an_english_face(cards):
    out, _book = cards
    reader = PdfReader(out / "ro-en" / "card-5-10.pdf")
    assert len(reader.pages) == 2
    romanian, english = (spaced(page.extract_text()) for page in reader.pages)
    assert "30 de lei" in romanian and "Romanian" not in romanian
    assert "30 lei" in english and "Romanian" in english


def test_the_rake_band_card_lists_every_band(cards):
    out, book = cards
    text = text_of(out / "ro" / "rake-bands.pdf")
    fmt = LocaleFormatter(Project.load(ROOT).translations("ro"), book.money)
    for band in book.house["rake"]["bands"]:      # each band's row: from, up to (or "and above"), rake
        upto = fmt.count(band["to"]) if band["to"] is not None else fmt.tr.gettext("and above")
        assert spaced(f"{fmt.count(band['from'])} {upto} {fmt.count(band['rake'])}") in text, band
    assert spaced(fmt.tr.gettext("Every amount on this card is in {currency}.").format(currency="RON")) in text


def test_a_house_change_changes_the_cards(tree, tmp_path):
    edit(tree / "houses" / "club" / "house.yaml", "buy_in: {min: 100 RON, max: 400 RON}", "buy_in: {min: 150 RON, max: 400 RON}")
    build_cards(Project.load(tree), tmp_path, ("en",), bilingual=False)
    text = text_of(tmp_path / "cards" / "club" / "en" / "card-1-3.pdf")
    assert "minimum 150 lei" in text and "minimum 100 lei" not in text


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils is not installed")
def test_a_card_whose_text_does_not_fit_is_refused_not_printed_cut_off(tree):
    """A Romanian rule title four times too long for the card: `rulebook cards` stops with one line
    naming the house file, the stakes' line and the card, and publishes no card."""
    from tests.conftest import run_rulebook

    long_title = "Straddle-ul și re-straddle-ul sunt permise până la buton, " * 12
    set_translations(tree, {"ro": {"straddle-up-to-the-button.title": long_title.strip()}})
    done = run_rulebook(tree, "cards", "--lang", "ro", "--house", "club")
    assert done.returncode == 2 and done.stdout == "", done
    [line] = done.stderr.splitlines()
    stakes = Project.load(tree).houses["club"].book.house["stakes"]
    assert stakes[0]["name"] == "1/3"
    assert re.fullmatch(rf"houses/club/house\.yaml:{stakes.line_of(0)}: stakes 1/3: club/ro(?:-en)?/card-1-3\.pdf: the card's "
                        r"text runs \d+ mm past its foot; .*", line), line
    assert not (tree / "_build" / "cards").exists()


def test_overflow_measures_how_far_a_face_runs_past_its_foot():
    """The measure the refusal rests on: a face of a few lines holds them; one of two hundred does not;
    and lines that would fit the face run under its footer (set at the face's foot) when it has one."""
    from weasyprint import HTML

    from rulebook.publish.print.printing import overflow

    from rulebook.core.records import PrintChoice
    from rulebook.publish.print.paper import card_css

    css = (ROOT / "templates" / "print" / "card.css").read_text(encoding="utf-8") + card_css(PrintChoice())
    def face(lines: int, foot: bool = False) -> float:
        body = "".join(f"<p>Line {n}</p>" for n in range(lines))
        footer = "<footer><div class='foot-text'><p>Edition 1</p><p>In force</p></div></footer>" if foot else ""
        html = f"<html><head><style>{css}</style></head><body><div class='face'>{body}{footer}</div></body></html>"
        return overflow(HTML(string=html).render())
    assert face(3) == 0 and face(3, foot=True) == 0
    assert face(200) > 1000
    # as many lines as the face holds without a footer (rendered up to the first that overflows)
    fits = list(itertools.takewhile(lambda lines: face(lines) == 0, range(8, 24)))
    assert fits and fits[-1] < 23 and face(fits[-1], foot=True) > 0


def test_a_card_renders_to_an_image(cards, tmp_path):
    out, _book = cards
    subprocess.run(["pdftoppm", "-png", "-r", "60", str(out / "ro" / "card-1-3.pdf"), str(tmp_path / "card")], check=True)
    [image] = tmp_path.glob("card*.png")
    assert image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and image.stat().st_size > 5000


def test_the_printed_rulebook_has_contents_and_rule_numbers_and_is_the_same_from_any_folder(tmp_path, tree,
                                                                                              monkeypatch):
    """Printed here (or by any earlier build of these sources, as the print cache keeps it), then
    printed for real in another checkout folder with a cache of its own: the same bytes, which is
    what lets a build take another folder's prints."""
    from rulebook.publish.machinery import print_cache

    project = Project.load(ROOT)   # the shorter rulebook proves the same
    printed = print_as_make_site_does(project, tmp_path, ("es",), ("casino",))   # the rulebook and the short form
    assert [path.name for path in printed] == ["rulebook-es.pdf", "short-form-es.pdf"]
    elsewhere = tree / "_build"                  # the same sources in another checkout folder
    monkeypatch.setenv(print_cache.VARIABLE, str(tmp_path / "own-cache"))
    others = print_as_make_site_does(Project.load(tree), elsewhere, ("es",), ("casino",))
    for path, other in zip(printed, others, strict=True):
        assert other.read_bytes() == path.read_bytes() and str(tree).encode() not in path.read_bytes(), path.name
        assert other.stat().st_ino != path.stat().st_ino, "printed, not taken from the other folder's prints"
    kept = {json.loads(manifest.read_text())["name"] for manifest in (tmp_path / "own-cache").glob(f"*/{print_cache.MANIFEST}")}
    assert {"casino/rulebook-es.pdf", "casino/short-form-es.pdf"} <= kept   # kept for the next build, wherever it is
    pdf = printed[0]
    reader = PdfReader(pdf)
    assert all(same_size(size_of(page), A4) for page in reader.pages)
    contents = spaced(reader.pages[1].extract_text())
    assert project.translations("es").gettext("Contents") in contents
    text = text_of(pdf)
    # every rule under the number readers cite it by ("Regla 38.1"), none by its id
    numbers = project.houses["casino"].numbering
    for rule in project.houses["casino"].book.rules:
        assert f"Regla {numbers[rule.id]}" in text and f"# {rule.id}" not in text, rule.id


def test_cards_name_an_automatic_straddle_only_where_the_house_does(cards):
    """Seed 000 names automatic straddles at 2/5, 1/3 and 2/2 only: no card invents one elsewhere."""
    out, book = cards
    for row in book.house["stakes"]:
        text = text_of(out / "ro" / f"card-{row['name'].replace('/', '-')}.pdf")
        assert ("straddle-ul automat" in text.lower()) == (row["auto_straddle"] is not None), row["name"]


def test_a_french_edit_reprints_only_the_french_cards(tree):
    """Print jobs are stamped per house and language: an edit to the French catalog redoes the
    French cards, every other card is the very file published before, and a build of French alone
    keeps the other languages' cards published."""
    from rulebook.i18n.catalogs import po_path, read_catalog, write_catalog

    build = tree / "_build"
    build_cards(Project.load(tree), build, ("ro", "fr"), ("club",), bilingual=False)
    def files():
        return {path.relative_to(build / "cards"): path.stat().st_ino
                for path in (build / "cards").rglob("*.pdf")}
    before = files()
    assert {path.parts[1] for path in before} == {"ro", "fr"}
    # five stakes: card, sheet and the print shop's card; the rake card, its sheet and the print shop's
    assert len([path for path in before if path.parts[1] == "ro"]) == 18
    catalog = read_catalog(po_path(tree, "fr"), "fr")
    catalog.get("Blinds").string = "Les blindes"
    write_catalog(po_path(tree, "fr"), catalog)
    build_cards(Project.load(tree), build, ("fr",), ("club",), bilingual=False)
    after = files()
    assert after.keys() == before.keys()
    redone = {path.parts[1] for path in after if after[path] != before[path]}
    assert redone == {"fr"}
    text = " ".join(page.extract_text() for page in PdfReader(build / "cards" / "club" / "fr" / "card-1-3.pdf").pages)
    assert "les blindes" in text.lower()     # (the card sets its labels in capitals)


def printed_files(folder: Path) -> dict[Path, int]:
    """Each PDF under ``folder`` by its inode: a file printed again is a new file."""
    return {path.relative_to(folder): path.stat().st_ino for path in folder.rglob("*.pdf")}


def test_a_print_template_edit_reprints_the_cards_and_a_site_only_edit_forks_nothing(tree, monkeypatch):
    """A print job's sources are judged before any worker is forked: a change to what only the site
    reads (the search's script, the Sphinx extension) forks no worker and reprints nothing; a change
    to the card's template prints every card again, showing it."""
    import rulebook.publish.machinery.workers

    build = tree / "_build"
    build_cards(Project.load(tree), build, ("en",), ("club",), bilingual=False)
    before = printed_files(build / "cards")
    for name in ("rulebook/publish/site/static/rule_search.js", "rulebook/publish/site/sphinxext.py"):
        with open(tree / name, "a", encoding="utf-8") as handle:
            handle.write("\n// edited\n" if name.endswith(".js") else "\n# edited\n")

    def no_worker(*args, **kwargs):
        raise AssertionError("a worker was forked although nothing a card is printed from changed")
    monkeypatch.setattr(rulebook.publish.machinery.workers.multiprocessing, "get_context", no_worker)
    build_cards(Project.load(tree), build, ("en",), ("club",), bilingual=False)
    assert printed_files(build / "cards") == before
    monkeypatch.undo()
    edit(tree / "templates" / "print" / "face.html.jinja", "<h1>{{ facts.title }}</h1>", "<h1>{{ facts.title }} MARQUE</h1>")
    build_cards(Project.load(tree), build, ("en",), ("club",), bilingual=False)
    after = printed_files(build / "cards")
    assert after.keys() == before.keys()
    faces = [path for path in after if path.name.startswith(("card-", "sheet-"))]   # the print shop's cards too
    assert len(faces) == 15 and all(after[path] != before[path] for path in faces)
    assert "MARQUE" in text_of(build / "cards" / "club" / "en" / "card-1-3.pdf")


def test_a_french_edit_reprints_the_french_rulebook_and_no_other(tree):
    """A printed rulebook is stamped with its own language's catalog: a French msgstr edited
    reprints the French PDF, with the new words, and leaves the Romanian one the very file it was."""
    build = tree / "_build"

    def printed() -> dict[Path, int]:
        print_as_make_site_does(Project.load(tree), build, ("ro", "fr"), ("casino",))
        return printed_files(build / "pdf")

    before = printed()
    part = Project.load(tree).houses["casino"].book.parts[0]
    set_translations(tree, {"fr": {f"{part.id}.title": "Partie MARQUEE"}})
    after = printed()
    assert after.keys() == before.keys() and len(after) >= 2
    # The French job prints the rulebook and its short form again; the Romanian job prints nothing.
    assert {path.name for path in after if after[path] != before[path]} == {rulebook_file("fr"), short_form_file("fr")}
    assert "MARQUEE" in text_of(build / "pdf" / "casino" / rulebook_file("fr"))


@pytest.fixture(scope="module")
def rulebooks(built_site):
    """The printed rulebooks `make site` publishes, every house and language."""
    return built_site.parent / "pdf"


@functools.cache
def page_texts(path: Path) -> tuple[str, ...]:
    """Each page's text as poppler's ``pdftotext`` lays it out, read once for every test of the printed rulebooks."""
    out = subprocess.run(["pdftotext", "-enc", "UTF-8", str(path), "-"], capture_output=True, check=True).stdout
    return tuple(out.decode("utf-8").split("\f")[:-1])


@dataclasses.dataclass(frozen=True)
class Running:
    """What every page of a printed rulebook repeats around its text: the running head (the book's
    title), and the foot's edition line and page number ("Page 4 of 63", in the book's language)."""

    head: str
    foot: str
    number: re.Pattern[str]

    @classmethod
    def of(cls, book, lang: str, tr, fmt) -> "Running":
        pieces = re.split(r"(\{page\}|\{pages\})", tr.gettext("Page {page} of {pages}"))
        number = "".join(r"\d+" if piece in ("{page}", "{pages}") else re.escape(spaced(piece)) for piece in pieces)
        return cls(tr.pgettext(book.title.context, book.title.text),
                   spaced(fmt.edition(book.name_in(lang), book.edition, book.effective)), re.compile(number))


def body_lines(page: str, running: Running) -> list[str]:
    """A page's lines (its text) without its running head (its first line that starts with the book's
    title: a part of the same title keeps its own), its foot's edition line (its last that starts with
    it) and its page number."""
    lines = [line for line in (spaced(line).strip() for line in page.splitlines())
             if line and not running.number.fullmatch(line)]
    head = next((i for i, line in enumerate(lines) if line.startswith(running.head)), None)
    lines = lines if head is None else lines[:head] + lines[head + 1:]
    foot = next((i for i in reversed(range(len(lines))) if lines[i].startswith(running.foot)), None)
    return lines if foot is None else lines[:foot] + lines[foot + 1:]


def test_body_lines_leave_out_the_running_head_and_foot_and_the_page_number():
    """Not a heading at a page's end: its number, under the foot (test_no_heading_is_the_last_line_of_a_page
    read "Page 4 of 63" as every page's last line); and a part titled as the book keeps its title."""
    running = Running("Cash game rules", "Room, edition 1", re.compile(r"Page \d+ of \d+"))
    page = "Cash game rules\nCash game rules\nThe room\nThe floor decides\nRoom, edition 1\n\nPage 4 of 9\n"
    assert body_lines(page, running) == ["Cash game rules", "The room", "The floor decides"]


def test_every_contents_entry_names_the_page_that_holds_it_and_no_page_is_blank(rulebooks, project):
    for house_id, view in project.houses.items():
        book = view.book
        for lang in sample(book, ("en", "hr", "fr")):
            tr = project.translations(lang)
            fmt = LocaleFormatter(tr, book.money)
            pages = page_texts(rulebooks / house_id / f"rulebook-{lang}.pdf")
            running = Running.of(book, lang, tr, fmt)
            entries = []
            for page in pages[1:4]:
                entries += re.findall(r"^(.+?)\s*\.{4,}\s*(\d+)$", spaced_lines(page), re.M)
            titles = {tr.pgettext(part.title.context, part.title.text) for part in book.parts}
            assert titles <= {title for title, _ in entries}, (house_id, lang)       # every part listed
            assert tr.gettext("Glossary") in {title for title, _ in entries}, (house_id, lang)
            if book.runs_cash_games:   # and the list of the table cards
                assert tr.gettext("Downloads") in {title for title, _ in entries}, (house_id, lang)
            numbers = [int(number) for _, number in entries]
            assert numbers == sorted(numbers), (house_id, lang, entries)   # listed in the order they are printed
            for title, number in entries:
                text = " ".join(body_lines(pages[int(number) - 1], running))
                assert title in text, (house_id, lang, title, number)
            for number, page in enumerate(pages, 1):
                assert body_lines(page, running), (house_id, lang, f"page {number} is blank")


def spaced_lines(text: str) -> str:
    return "\n".join(spaced(line).strip() for line in text.splitlines())


def stranded_headings(pages: list[list[str]], ends: set[str], first: dict[str, str]) -> list[tuple[int, str]]:
    """(page number, its last line) of each page but the last that ends with a rule's title or id line
    (``ends``), or with a section title whose first rule's title (``first``: section title → it) opens the
    next page: a picture's caption reads as a section title too ("Full house"), under its own rule."""
    found = []
    for number, (lines, following) in enumerate(zip(pages, pages[1:]), 1):
        last, opens = lines[-1], first.get(lines[-1])
        if last in ends or (opens and opens not in " ".join(lines) and opens in " ".join(following)):
            found.append((number, last))
    return found


def test_a_stranded_heading_is_found():
    first = {"Full house": "A full house is three of a kind and a pair", "Flush": "A flush is five cards of a suit"}
    ends = {"Rule 3.7", "A full house is three of a kind and a pair", "A flush is five cards of a suit"}
    pages = [["Flush", "A flush is five cards of a suit", "Rule 3.6", "Text.", "Flush"],        # a caption
             ["More text.", "Full house"],                                                 # stranded
             ["A full house is three of a kind and a pair", "Rule 3.7", "Text.", "A flush is five cards of a suit"],
             ["Rule 3.8", "Text.", "Rule 3.7"], ["Last page."]]
    assert stranded_headings(pages, ends, first) == [(2, "Full house"), (3, "A flush is five cards of a suit"),
                                                     (4, "Rule 3.7")]


def test_no_heading_is_the_last_line_of_a_page(rulebooks, project):
    """A rule's title, its id line and its first lines stay together: no page ends with a rule's title,
    its id line ("Rule 4.12", straight under the title) or a section title (``stranded_headings``)."""
    from rulebook.publish.site.render import PageRenderer

    for house_id, view in project.houses.items():
        book = view.book
        for lang in sample(book, ("en", "hr")):
            renderer = PageRenderer(project, house_id, lang)
            reading = renderer.reading
            running = Running.of(book, lang, renderer.tr, renderer.fmt)
            rules = [rule for _, rule in reading.placed.values()]
            ends = {spaced(reading.cite(rule.id)) for rule in rules} | {spaced(reading.title(rule)) for rule in rules}
            first = {spaced(renderer.text(section.title)): spaced(reading.title(section.rules[0]))
                     for part in book.parts for section in part.sections if section.rules}
            pages = [body_lines(page, running) for page in page_texts(rulebooks / house_id / f"rulebook-{lang}.pdf")]
            assert stranded_headings(pages, ends, first) == [], (house_id, lang)


def test_the_printed_rulebook_links_inside_itself_and_says_whose_it_is(rulebooks, project):
    for house_id, view in project.houses.items():
        for lang in sample(view.book, LANGS):
            reader = PdfReader(rulebooks / house_id / f"rulebook-{lang}.pdf")
            meta = reader.metadata
            assert meta["/Author"] == view.book.name_in(lang) and view.book.name_in(lang) in meta["/Title"], (house_id, lang)
            assert reader.trailer["/Root"]["/Lang"] == lang
            annots = [annot.get_object() for page in reader.pages for annot in page.get("/Annots") or []]
            uris = [annot["/A"]["/URI"] for annot in annots if "/URI" in annot.get("/A", {})]
            assert not [uri for uri in uris if not uri.startswith("https://")], (house_id, lang, uris[:3])
            inside = {annot["/Dest"] for annot in annots if "/Dest" in annot}
            assert {rule.id for rule in view.book.rules} <= inside, (house_id, lang)   # each id jumps to its rule
            # tagged for screen readers: a structure tree in reading order, a heading for each part and rule
            root = reader.trailer["/Root"]
            assert root["/MarkInfo"]["/Marked"] and "/StructTreeRoot" in root, (house_id, lang)
            roles = structure_roles(root["/StructTreeRoot"])
            assert roles["/H2"] >= len(view.book.parts) and roles["/H4"] >= len(view.book.rules), roles
            assert roles["/Table"] and roles["/L"] and roles["/Link"], roles


def figures_said(node, found=None) -> list[str]:
    """The alternative text of every figure of a PDF's structure tree, in reading order."""
    found = [] if found is None else found
    node = node.get_object()
    if isinstance(node, dict):
        if node.get("/S") == "/Figure":
            found.append(str(node.get("/Alt", "")))
        kids = node.get("/K")
        for kid in kids if isinstance(kids, list) else [kids] if kids is not None else []:
            figures_said(kid, found)
    return found


def test_every_picture_of_the_printed_rulebook_is_a_figure_that_says_what_it_shows(rulebooks, project):
    """Each worked example's picture is tagged as a figure whose alternative text is its title and its
    description, in the book's language, as the site's picture says them (its ``<title>``, ``<desc>``)."""
    from collections import Counter

    from rulebook.publish.site.render import PageRenderer
    from tests.conftest import expanded
    from tests.test_pictures import BLOCK, SVG

    from rulebook.reading.pictures import pictures

    for house_id, view in project.houses.items():
        drawn = any(pictures(view.outcomes[example.id]) for example in view.examples)
        for lang in sample(view.book, ("en", "hr")):
            renderer = PageRenderer(project, house_id, lang)
            said = Counter()
            for rst in renderer.pages().values():
                for block in BLOCK.findall(expanded(renderer, rst)):
                    for svg in ET.fromstring(f"<div>{block}</div>"):
                        title, desc = svg.find(f"{SVG}title").text, svg.find(f"{SVG}desc").text
                        said[f"{title.rstrip('.')}. {desc.rstrip('.')}."] += 1
            root = PdfReader(rulebooks / house_id / f"rulebook-{lang}.pdf").trailer["/Root"]
            figures = figures_said(root["/StructTreeRoot"])
            assert (said or not drawn) and Counter(figures) == said, (house_id, lang, (Counter(figures) - said).most_common(2),
                                                       (said - Counter(figures)).most_common(2))


def structure_roles(node, found=None):
    """How many elements of each role a PDF's structure tree holds."""
    from collections import Counter

    found = Counter() if found is None else found
    node = node.get_object()
    if isinstance(node, dict):
        if "/S" in node:
            found[node["/S"]] += 1
        kids = node.get("/K")
        for kid in kids if isinstance(kids, list) else [kids] if kids is not None else []:
            structure_roles(kid, found)
    return found


def test_the_running_head_and_foot_are_css_strings_whatever_their_text(project):
    """A house name or a title reaches the PDF's running head as a CSS string: quotes, backslashes,
    braces, angle brackets and line breaks escaped, read back as written, never ending the style."""
    from rulebook.publish.print.printing import PrintRenderer

    hostile = 'Le "Club" \\ } @page { </style><script>x</script>\n; it\u2019s'
    css = PrintRenderer(project, "club", "fr")._running(hostile, hostile)
    strings = re.findall(r'"((?:[^"\\]|\\[0-9a-f]{1,6} ?)*)"', css)
    read = [re.sub(r"\\([0-9a-f]{1,6}) ?", lambda m: chr(int(m.group(1), 16)), s) for s in strings]
    assert read.count(hostile) == 2, css
    outside = re.sub(r'"((?:[^"\\]|\\[0-9a-f]{1,6} ?)*)"', '""', css)
    assert "<" not in css and "\n" not in css and outside.count("{") == outside.count("}") == 9, css


# A rule's number, then, before the line ends, a parenthesis that names it again ("Rule 3.3 (Rule 3.3, p. 14)").
# (A number's group of thousands, "10 000", is not a number of its own.)
_CITED_TWICE = re.compile(r"(?<![\d.])(?<!\d\s)(\d+(?:\.\d+)*)(?![\d.]*\d)[^()\n]{0,40}"
                          r"\([^()\n]*(?<![\d.])(?<!\d\s)\1, [^()\n\d]{1,8}\d+\)")


def test_a_reference_that_shows_a_rules_number_prints_only_its_page_after_it(rulebooks, project):
    """Every printed rulebook and short form, both houses, every language: a line never names a rule's
    number twice ("Rule 3.3 (Rule 3.3, p. 14)"); the references still give the page ("(p. 14)")."""
    pages_given = 0
    for house_id, view in project.houses.items():
        for lang in view.book.languages:
            for path in (rulebooks / house_id / f"rulebook-{lang}.pdf", rulebooks / house_id / f"short-form-{lang}.pdf"):
                if not path.is_file():
                    continue
                text = "\n".join(spaced_lines(page) for page in page_texts(path))
                twice = [found.group(0) for found in _CITED_TWICE.finditer(text)]
                assert not twice, (path.name, house_id, twice[:3])
                pages_given += len(re.findall(r"\([^()\n]*\d+\)", text))
    assert pages_given > 100, pages_given


def unit_breaks(project, house_id: str, lang: str) -> list[re.Pattern]:
    """A line break between a number and its unit, as the house's language writes each kind of
    quantity ("250 / lei", "25 / minutes", "4 de / jucători", "5 / %"), or inside a page reference
    ("p. / 32"): the patterns that find one in pdftotext's lines."""
    from rulebook.reading import Reading

    fmt = Reading.of(project, house_id, lang).fmt
    # (Not cards and chips: a line of the index may start with the word.)
    shown = [fmt.value(amount, unit) for unit in ("money", "minutes", "hours", "percent", "players")
             for amount in (1, 2, 5, 20, 25, 400, 1000)]
    units = {spaced(re.sub(r"^[\d.,\s\u00a0\u202f]+", "", text)).strip() for text in shown if text[:1].isdigit()}
    patterns = [re.compile(r"\d" + "".join(r"\s" + re.escape(word) for word in unit.split()[:at]) + r"\s*\n\s*"
                           + re.escape(" ".join(unit.split()[at:])) + r"(?!\w)")
                for unit in units if unit for at in range(len(unit.split()))]
    page_words = project.translations(lang).gettext("Rule {number}, p. {page}").partition("{page}")[0]
    last = spaced(page_words).split()[-1]
    return [*patterns, re.compile(re.escape(last) + r"\s*\n\s*\d")]


def test_no_number_leaves_its_unit_nor_a_page_reference_its_page_in_any_printed_book(rulebooks, project):
    """The printed rulebooks, redlines and short forms of both houses in every language, as pdftotext
    lays out their lines: no line ends between a number and its unit, or inside "(Rule 9.18, p. 32)"."""
    read = 0
    for house_id, view in project.houses.items():
        for lang in view.book.languages:
            breaks = unit_breaks(project, house_id, lang)
            for path in sorted((rulebooks / house_id).glob(f"*-{lang}.pdf")):
                text = spaced_lines(subprocess.run(["pdftotext", "-raw", str(path), "-"], check=True,
                                                   capture_output=True, text=True).stdout)
                split = [found.group(0) for pattern in breaks for found in pattern.finditer(text)]
                assert not split, (house_id, path.name, split[:5])
                read += 1
    assert read >= 20, read


def last_page_fill(path: Path) -> float:
    """How far down the text area (A4 less its 20 mm margins, where the running head and foot are) the
    text of a PDF's last page reaches, from 0 to 1, as poppler's word boxes place it."""
    pages = int(re.search(r"Pages:\s+(\d+)", subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True,
                                                              check=True).stdout).group(1))
    boxes = subprocess.run(["pdftotext", "-bbox", "-f", str(pages), "-l", str(pages), str(path), "-"],
                           capture_output=True, text=True, check=True).stdout
    height = float(re.search(r'<page width="[\d.]+" height="([\d.]+)"', boxes).group(1))
    margin = 20 / 25.4 * 72
    bottoms = [float(y) for y in re.findall(r'yMax="([\d.]+)"', boxes) if margin < float(y) < height - margin]
    return (max(bottoms, default=margin) - margin) / (height - 2 * margin)


def test_a_short_form_says_it_is_a_selection_and_leaves_no_page_nearly_empty(rulebooks, project):
    """Every short form, both houses, every language: under its title, that it is a selection and where
    every rule is; on one page, or with its last page at least a third full (set a little smaller
    rather than spill two rules onto a page of their own)."""
    from rulebook.publish.print.printing import SELECTION
    from rulebook.publish.print.short_form import LEAST_FILL

    for house_id, view in project.houses.items():
        assert view.book.base_url is None   # (with an address, the sentence names it: test_cards' QR test builds one)
        for lang in view.book.languages:
            path = rulebooks / house_id / f"short-form-{lang}.pdf"
            letters = functools.partial(re.sub, r"[\s\-\u00ad\u2010]", "")   # as hyphenated at any line's end
            assert letters(project.translations(lang).gettext(SELECTION)) in letters(page_texts(path)[0]), (house_id, lang)
            if len(page_texts(path)) > 1:
                assert last_page_fill(path) >= LEAST_FILL - 0.05, (house_id, lang, last_page_fill(path))


def test_a_house_with_its_own_numbering_prints_its_rules_by_number_with_their_pages(rulebooks, project):
    """The casino numbers its rules by topic (54–56 after 5): its printed rulebook, in every language,
    lists every rule by number in counting order, each with the page that holds it, and names the list
    in its contents. The club, numbered in the order it prints, needs no such list."""
    from rulebook.publish.print.printing import number_order
    from rulebook.reading import Reading

    assert number_order("9.2") < number_order("9.18") < number_order("10.1") < number_order("H1.1")
    for house_id, view in project.houses.items():
        for lang in view.book.languages:
            reading = Reading.of(project, house_id, lang)
            heading = project.translations(lang).gettext("Rules by number")
            pages = page_texts(rulebooks / house_id / f"rulebook-{lang}.pdf")
            printed = [reading.number_of(rule.id) for part in view.book.parts for rule in part.rules
                       if rule.id in reading.placed]
            listed = [page for page in pages[4:] if heading in spaced_lines(page).splitlines()]
            if printed == sorted(printed, key=number_order):
                assert not listed, (house_id, lang)
                continue
            assert len(listed) >= 1 and heading in " ".join(spaced_lines(page) for page in pages[1:4]), (house_id, lang)
            start = pages.index(listed[0]) + 1   # its pages in the order they are printed: column after column
            text = spaced_lines(subprocess.run(["pdftotext", "-raw", "-f", str(start), "-l", str(start + 2),
                                                str(rulebooks / house_id / f"rulebook-{lang}.pdf"), "-"],
                                               capture_output=True, text=True, check=True).stdout)
            index_heading = project.translations(lang).gettext("Index")
            found, number = {}, None   # an entry's title may run on to the next lines; "(p. 14)" ends it
            for line in text.splitlines()[1:]:
                if line == index_heading:
                    break   # the list has ended
                if number is None and (start_of := re.match(r"([A-Z]?\d+(?:\.\d+)*) \S", line)):
                    number = start_of.group(1)
                if number is not None and (end := re.search(r"\([^()\d]*(\d+)\)$", line)):
                    found.setdefault(number, int(end.group(1)))
                    number = None
            assert list(found) == sorted(printed, key=number_order), (house_id, lang, list(found)[:10])
            for number, page in found.items():
                assert re.search(rf"\b{re.escape(reading.rule_number(number))}\b", spaced(pages[page - 1])), (number, page)


def lone_words(text: str) -> list[str]:
    """pdftotext's lines (laid out) that hold one short word alone at the start of a paragraph's or a
    heading's lines, the text going on below it at the same indent ("O" / "singură carte …", "… de mai
    multe" / "ori"); an index's letter heading ("O" above "board 17, p. 8") is not one."""
    lines = text.splitlines()
    found = []
    for line, below in zip(lines, lines[1:]):
        word, rest = line.strip(), below.strip()
        if not rest or not re.fullmatch(r"[^\W\d_]{1,3}", word):
            continue
        if len(word) == 1 and word.isupper() and (re.search(r"\d+, \S+ \d+", rest) or not rest[0].islower()):
            continue   # an index letter above its first entry (or beside the next column's letter)
        if len(below) - len(below.lstrip()) == len(line) - len(line.lstrip()):   # its own column's next line
            found.append(f"{word} / {rest[:40]}")
    return found


def test_lone_words_are_found():
    assert lone_words("Regula 1.23\n\nO\nsingură carte întoarsă cu fața în sus") == ["O / singură carte întoarsă cu fața în sus"]
    assert lone_words("O\nboard 17, p. 8\n") == [] and lone_words("a whole line of words\nthat goes on\n") == []
    assert lone_words(" C\n" + " " * 60 + "pot véase bote\n") == []   # the next column's entry beside a letter


def test_no_printed_book_leaves_a_short_word_alone_on_a_line(rulebooks, project):
    """Every printed rulebook, redline and short form, both houses, every language: no line holds one
    short word alone with its sentence or heading going on below it (a WeasyPrint break before a marked
    loanword left "O", "Le", "În" alone; a heading's last word "ori" went alone to a line)."""
    read = 0
    for house_id, view in project.houses.items():
        for lang in view.book.languages:
            for path in sorted((rulebooks / house_id).glob(f"*-{lang}.pdf")):
                text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True,
                                      check=True).stdout
                assert not lone_words(text), (house_id, path.name, lone_words(text)[:5])
                read += 1
    assert read >= 20


def test_a_long_table_never_leaves_fewer_than_three_rows_on_a_page():
    """The printed rulebook's style sheet, with a long table (the rake bands') placed lower and lower on
    an A4 page: wherever the page ends, each page holds at least three of its rows (with the old rule,
    first two and last two together, two rows were left at a page's foot or head)."""
    from weasyprint import CSS, HTML
    from weasyprint.formatting_structure import boxes

    css = CSS(string=(ROOT / "templates" / "print" / "rulebook.css").read_text(encoding="utf-8"))
    rows = "".join(f"<tr><td>{i} lei</td><td>{i} lei</td></tr>" for i in range(12))

    def boxes_in(box):
        yield box
        for child in getattr(box, "children", ()):
            yield from boxes_in(child)

    split = 0
    for above in range(180, 260, 3):   # mm of text above the table
        document = HTML(string=f'<html lang="en"><body><div style="height:{above}mm"></div><table class="rake-bands">'
                               f"<thead><tr><th>Pot</th><th>Rake</th></tr></thead><tbody>{rows}</tbody></table>"
                               "</body></html>").render(stylesheets=[css])
        on_pages = [sum(isinstance(row, boxes.TableRowBox) for group in boxes_in(page._page_box)
                        if isinstance(group, boxes.TableRowGroupBox) and not group.is_header for row in group.children)
                    for page in document.pages]
        on_pages = [count for count in on_pages if count]
        assert sum(on_pages) == 12 and min(on_pages) >= 3, (above, on_pages)
        split += len(on_pages) > 1
    assert split >= 5   # the table was split at many places


def test_no_page_is_less_than_a_third_full_unless_a_part_starts_after_it(rulebooks):
    """Every printed rulebook, redline and short form, both houses, every language: a page whose text
    ends above the first third of its text area is followed by a page that starts a part (its title at
    the part heading's 18 pt, first on the page): the space is the part's break, never a rule or two left
    over. Read with poppler's word boxes (a word's box is about 1.16 times its type's size)."""
    margin = 20 * 72 / 25.4   # the running head's and foot's margins: their lines are not the page's text
    checked = 0
    for path in sorted(rulebooks.glob("*/*.pdf")):
        laid = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True).stdout
        pages = []
        for page in re.findall(r'<page width="[\d.]+" height="([\d.]+)">(.*?)</page>', laid, re.S):
            height = float(page[0])
            words = [(float(top), float(bottom)) for top, bottom in re.findall(r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)"', page[1])]
            pages.append((height, [(top, bottom) for top, bottom in words if margin < top and bottom < height - margin]))
        for number, ((height, words), (_, following)) in enumerate(zip(pages, pages[1:]), start=1):
            fill = (max((bottom for _, bottom in words), default=margin) - margin) / (height - 2 * margin)
            if fill < 1 / 3:
                top, bottom = min(following)
                assert bottom - top >= 18 * 1.1, (path.relative_to(rulebooks).as_posix(), number, f"{fill:.0%} full")
            checked += 1
    assert checked > 400


def test_the_single_page_print_reads_is_refused_in_a_line_when_missing_or_malformed(tmp_path):
    """Print reads the pieces the print builder wrote (``print.json``): a folder without them, or with a
    file that is not those pieces (cut short, a body not in four pieces), is said in one line naming the
    file, never a traceback from deep in the assembly."""
    from rulebook.publish.print.single_page import FILE, SinglePage

    with pytest.raises(ValueError, match=f"{FILE}: the single page to print is unreadable"):
        SinglePage.read(tmp_path)
    (tmp_path / FILE).write_text('{"title": "x", "body": ["a", "b"]', encoding="utf-8")
    with pytest.raises(ValueError, match="unreadable"):
        SinglePage.read(tmp_path)
    page = SinglePage("T", ("_static/basic.css",), ("a", "b", "c", "d"), ("rake",), {"rake": "Rake"}, None, {})
    page.write(tmp_path)
    assert SinglePage.read(tmp_path) == page
    (tmp_path / FILE).write_text((tmp_path / FILE).read_text(encoding="utf-8").replace('"d"]', '"d", "e"]'), encoding="utf-8")
    with pytest.raises(ValueError, match="four pieces"):
        SinglePage.read(tmp_path)
