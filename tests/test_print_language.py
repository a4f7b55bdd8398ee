"""The printed rulebook in its language: dates as each language writes them, poker loanwords and
glossary cells in another language never hyphenated by the page's patterns, no page holding a lone
line, a binding gutter; and the short form of each house and language."""

from __future__ import annotations

import re
import subprocess
from datetime import date
from pathlib import Path

import pytest

from rulebook.i18n.formatting import long_date
from rulebook.reading import Reading
from docutils import nodes

from rulebook.publish.machinery.staging import work_dir
from rulebook.publish.print.short_form import MAX_PAGES, short_form_rules
from rulebook.publish.print.single_page import SinglePage
from rulebook.publish.site.printed import loanword, mark_borrowed
from tests.conftest import edit, line_of, pdf_info, run_rulebook


@pytest.mark.parametrize("code, first, second", [
    ("fr", "1er décembre 2026", "2 décembre 2026"),
    ("ro", "1 decembrie 2026", "2 decembrie 2026"),
    ("en_GB", "1 December 2026", "2 December 2026"),
    ("es", "1 de diciembre de 2026", "2 de diciembre de 2026"),
    ("hr", "1. prosinca 2026.", "2. prosinca 2026."),
])
def test_a_date_is_written_with_the_languages_ordinal_day(code, first, second):
    assert long_date(date(2026, 12, 1), code) == first
    assert long_date(date(2026, 12, 2), code) == second


# -- the printed rulebooks and short forms `make site` publishes (the shared session build) -----------

# English poker words that Romanian and Croatian print as they are, or with their own endings.
LOANWORDS = ("raise", "straddle", "misdeal", "button", "check", "blind", "dealer", "showdown", "kicker",
             "flop", "river", "board", "muck", "fold", "call", "rake", "bet")


def pdf_pages(path: Path) -> list[list[str]]:
    """Each page's non-blank lines, as pdftotext lays them out."""
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout
    return [[line.strip() for line in page.splitlines() if line.strip()] for page in text.split("\f")[:-1]]


def split_loanwords(lines: list[str]) -> list[str]:
    """Each loanword that a line break cuts inside with a hyphen ("stradd‐" / "le", "rai‐" / "se-ul"),
    as "stradd- / le"; a break at a word's own hyphen ("raise-" / "ul") is no cut."""
    found = []
    for line, following in zip(lines, lines[1:]):
        end = re.search(r"([^\W\d_]+)[\u2010-]$", line)
        start = re.match(r"[^\W\d_]+", following)
        if not end or not start:
            continue
        before, after = end.group(1).lower(), start.group().lower()
        if any(before.endswith(word[:cut]) and after.startswith(word[cut:])
               for word in LOANWORDS for cut in range(1, len(word))):
            found.append(f"{end.group(1)}- / {start.group()}")
    return found


@pytest.fixture(scope="module")
def printed(built_site):
    """The PDFs `make site` publishes: the rulebooks and short forms of every house and language."""
    return built_site.parent / "pdf"


def test_split_loanwords_finds_a_loanword_cut_by_a_hyphen():
    assert split_loanwords(["a se poate face stradd\u2010", "le-ul în orice moment"]) == ["stradd- / le"]
    assert split_loanwords(["un raise-", "ul"]) == []             # a break at the word's own hyphen
    assert split_loanwords(["ce tre\u2010", "buie"]) == []


def test_no_loanword_is_hyphenated_by_romanian_or_croatian_patterns(printed, project):
    for house_id, view in project.houses.items():
        for lang in [lang for lang in ("ro", "hr") if lang in view.book.languages]:   # the shipped houses: both
            for name in (f"rulebook-{lang}.pdf", f"short-form-{lang}.pdf"):
                lines = [line for page in pdf_pages(printed / house_id / name) for line in page]
                assert not split_loanwords(lines), (house_id, name, split_loanwords(lines)[:5])


def running_lines(project, house_id: str, lang: str) -> tuple[str, str]:
    """The running head's title and the foot's edition line of a house's rulebook in a language."""
    book = project.houses[house_id].book
    reading = Reading.of(project, house_id, lang)
    return reading.text(book.title), reading.fmt.edition(book.name, book.edition, book.effective)


def test_no_page_of_a_rulebook_holds_fewer_than_three_lines(printed, project):
    for house_id, view in project.houses.items():
        for lang in view.book.languages:
            title, foot = running_lines(project, house_id, lang)
            for number, page in enumerate(pdf_pages(printed / house_id / f"rulebook-{lang}.pdf"), 1):
                body = [line for line in page if not line.startswith((title, foot))]
                assert len(body) >= 3, (house_id, lang, number, body)


def test_the_short_form_of_every_house_and_language_fits_two_pages_and_numbers_its_rules(printed, project, built_site):
    for house_id, view in project.houses.items():
        rules = short_form_rules(view.book)
        assert rules, house_id
        for lang in view.book.languages:
            path = printed / house_id / f"short-form-{lang}.pdf"
            info = pdf_info(path)
            assert 1 <= int(info["Pages"]) <= MAX_PAGES, (house_id, lang, info["Pages"])
            reading = Reading.of(project, house_id, lang)
            short = reading.tr.gettext("Short form")
            assert info["Title"].startswith(short), (house_id, lang, info["Title"])
            text = " ".join(" ".join(page) for page in pdf_pages(path))
            assert short in text
            for rule_id in rules:   # each rule with its number, as the rulebook cites it
                assert re.search(re.escape(reading.cite(rule_id)) + r"(?!\d|\.\d)", text), (house_id, lang, rule_id)
            assert text.count(reading.rule_number("").strip()) >= len(rules)
            downloads = (built_site / house_id / lang / "downloads.html").read_text(encoding="utf-8")
            assert f'href="downloads/short-form-{lang}.pdf"' in downloads, (house_id, lang)
            assert (built_site / house_id / lang / "downloads" / f"short-form-{lang}.pdf").stat().st_size > 0


def test_a_rulebook_says_its_title_and_subject_in_its_language(printed, project):
    for house_id, view in project.houses.items():
        book = view.book
        for lang in book.languages:
            reading = Reading.of(project, house_id, lang)
            meta = pdf_info(printed / house_id / f"rulebook-{lang}.pdf")
            assert meta["Title"].startswith(reading.text(book.title)), (house_id, lang)
            assert meta["Subject"] == reading.text(book.about if book.about else book.title), (house_id, lang)


def test_the_rulebook_has_a_binding_gutter_on_facing_pages(project):
    """Recto (odd pages): the wider margin on the left, by the binding; verso: on the right."""
    from weasyprint import CSS, HTML

    css = (project.root / "templates" / "print" / "rulebook.css").read_text(encoding="utf-8")
    pages = HTML(string="<p>1</p><p style='break-before: page'>2</p><p style='break-before: page'>3</p>").render(
        stylesheets=[CSS(string=css)]).pages
    margins = [(page._page_box.margin_left, page._page_box.margin_right) for page in pages]
    assert margins[0][0] > margins[0][1] and margins[1][0] < margins[1][1], margins
    assert margins[0] == margins[2] == margins[1][::-1], margins


def test_a_short_form_naming_a_rule_the_house_does_not_publish_is_one_line(tree):
    house = tree / "houses" / "club" / "house.yaml"
    edit(house, "  - cash-table-pot-announcement\n", "  - cash-table-pot-announcement\n  - no-such-rule\n")
    run = run_rulebook(tree, "check")
    line = line_of(house, "  - no-such-rule")
    assert run.returncode != 0
    assert f"houses/club/house.yaml:{line}:" in run.stderr and "'no-such-rule'" in run.stderr, run.stderr
    assert "Traceback" not in run.stderr


def test_loanwords_and_the_glossarys_other_languages_are_marked_in_the_text_only(built_site, project):
    """The print builder's single page (the Romanian club's): each borrowed word a ``loanword`` with the
    space before it inside (WeasyPrint breaks rightly there), English forms marked English, inflected ones
    not; the glossary's cells in the house's other languages with their ``lang``; a picture's words untouched."""
    single = SinglePage.read(work_dir(built_site.parent, "singlehtml", "club", "ro"))
    body = "".join(single.body)
    assert re.search(r'[^ ]<span lang="en" class="loanword"> straddle</span>', body)
    assert re.search(r'[^ ]<span class="loanword"> raise-ul</span>', body)
    others = [lang for lang in project.houses["club"].book.languages if lang != "ro"]
    glossary = body[body.index('<table class="glossary'):]
    row = glossary[glossary.index("<tbody>"):glossary.index("</tr>", glossary.index("<tbody>"))]
    assert re.findall(r"<td[^>]*>", row) == ["<td>", "<td>", *(f'<td lang="{lang}">' for lang in others)]
    pictures = re.findall(r"<svg\b.*?</svg>", body, re.S)
    assert pictures and not any("loanword" in picture for picture in pictures)
    assert "headerlink" not in body and all(f'<span id="document-{page}"></span>' in body for page in single.pages)


def test_a_borrowed_word_is_marked_in_text_written_in_pieces():
    """A word after a separator written as its own text ("Regula 3.4 · " then "Straddle-ul automat") is marked with
    the space before it, as the one text it reads as (mutation: ``_joined`` not called, the space left out)."""
    paragraph = nodes.paragraph("", "", nodes.Text("Regula 3.4 · "), nodes.Text("Straddle-ul automat"))
    mark_borrowed(paragraph, {"straddle-ul": False, "straddle": True})
    assert [piece.astext() for piece in paragraph.children] == ["Regula 3.4 ·", " Straddle-ul", " automat"]
    assert isinstance(paragraph[1], loanword) and not paragraph[1]["english"]
    english = nodes.paragraph("", "", nodes.Text("Un straddle"))
    mark_borrowed(english, {"straddle": True})
    assert isinstance(english[1], loanword) and english[1]["english"]
    plain = nodes.paragraph("", "", nodes.Text("nimic"))
    mark_borrowed(plain, {"raise": True})
    assert [type(piece) for piece in plain.children] == [nodes.Text]
