"""Print: table cards and the printable rulebook, from the same data as the site.

Cards are HTML from ``templates/print/`` made into PDF by WeasyPrint: an A6
card per stakes and language, an A4 sheet of four for cutting, a two-sided
Romanian + English card (the house announces its rules in both), and a rake
band card. The rulebook PDF is Sphinx's single-page HTML of each language,
printed with its own stylesheet and a table of contents.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import jinja2
from markupsafe import Markup

from rulebook.formatting import LocaleFormatter
from rulebook.i18n import LANGUAGES
from rulebook.project import Project
from rulebook.site import keep_unrebuilt, publish, work_dir


def _slug(stakes: str) -> str:
    return re.sub(r"[^0-9a-z]+", "-", stakes.lower()).strip("-")


class PrintRenderer:
    """HTML for print in one language; each language gets its own gettext callables."""

    def __init__(self, project: Project, house_id: str, lang: str):
        root, book = project.root, project.houses[house_id].book
        self.book, self.lang = book, lang
        self.translations = project.translations(lang)
        self.fmt = LocaleFormatter(self.translations)
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(root / "templates" / "print")),
            autoescape=True, extensions=["jinja2.ext.i18n"], undefined=jinja2.StrictUndefined,
        )
        self.env.install_gettext_callables(self.translations.gettext, self.translations.ngettext, newstyle=False)
        fmt = self.fmt
        self.env.globals.update(
            house=book.house, code=lang, money=fmt.money, percent=fmt.percent, count=fmt.count,
            minutes=fmt.minutes, hours=fmt.hours, word=fmt.word, language_name=fmt.language_name,
        )

    def toc(self) -> str:
        """The printed table of contents: parts and sections, page numbers filled in by CSS."""
        text = lambda message: self.translations.pgettext(message.context, message.text)  # noqa: E731
        return self.env.get_template("toc.html.jinja").render(book=self.book, text=text)

    def face(self, row: dict) -> Markup:
        return Markup(self.env.get_template("face.html.jinja").render(row=row))

    def bands(self, css: str) -> str:
        return self.env.get_template("bands.html.jinja").render(css=Markup(css))

    def card(self, faces: list[Markup], row: dict, css: str, layout: str) -> str:
        title = f"{self.translations.gettext('Table card')} {row['game']} {row['name']}"
        return self.env.get_template("card.html.jinja").render(
            faces=faces, lang=self.lang, title=title, css=Markup(css), layout=layout)


def build_cards(project: Project, build: Path, languages: tuple[str, ...] = LANGUAGES,
                houses: tuple[str, ...] | None = None, bilingual: bool = True) -> list[Path]:
    """Every card PDF of every house that runs cash games, published together into ``build/cards``.

    Per house and language: an A6 card and an A4 sheet per stakes and the rake card; and a
    two-sided card pairing the house's language of authority with English.
    """
    from weasyprint import HTML

    root = project.root
    css = (root / "templates" / "print" / "card.css").read_text(encoding="utf-8")
    staged = build / "cards.new"
    shutil.rmtree(staged, ignore_errors=True)
    staged.mkdir(parents=True)
    written = []

    def write(relative: str, html: str) -> None:
        path = staged / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        HTML(string=html, base_url=str(root)).write_pdf(path)
        written.append(build / "cards" / relative)

    for house_id in houses or tuple(project.houses):
        book = project.houses[house_id].book
        if not book.runs_cash_games:
            continue  # a tournament room has no stakes to put on a table card
        official = book.house["official_language"]
        pair = (official, "en") if bilingual and official != "en" else None
        renderers = {lang: PrintRenderer(project, house_id, lang) for lang in {*languages, *(pair or ())}}
        for lang in languages:
            renderer = renderers[lang]
            for row in book.house["stakes"]:
                face = renderer.face(row)
                slug = _slug(row["name"])
                write(f"{house_id}/{lang}/card-{slug}.pdf", renderer.card([face], row, css, "card"))
                write(f"{house_id}/{lang}/sheet-{slug}.pdf", renderer.card([face], row, css, "sheet"))
            write(f"{house_id}/{lang}/rake-bands.pdf", renderer.bands(css))
        if pair:
            first, second = (renderers[lang] for lang in pair)
            for row in book.house["stakes"]:
                faces = [first.face(row), second.face(row)]
                write(f"{house_id}/{'-'.join(pair)}/card-{_slug(row['name'])}.pdf", first.card(faces, row, css, "card"))
    keep_unrebuilt(build / "cards", staged, tuple(project.houses))
    publish(staged, build / "cards")
    return written


def build_pdfs(project: Project, build: Path, languages: tuple[str, ...] = LANGUAGES,
               houses: tuple[str, ...] | None = None) -> list[Path]:
    """The printed rulebook of each house and language, published together into ``build/pdf``."""
    staged = build / "pdf.new"
    shutil.rmtree(staged, ignore_errors=True)
    staged.mkdir(parents=True)
    written = []
    for house_id in houses or tuple(project.houses):
        for lang in languages:
            target = staged / house_id / f"rulebook-{lang}.pdf"
            target.parent.mkdir(parents=True, exist_ok=True)
            _write_pdf(project, house_id, work_dir(build, "singlehtml", house_id, lang) / "index.html", lang, target)
            written.append(build / "pdf" / house_id / target.name)
    keep_unrebuilt(build / "pdf", staged, tuple(project.houses))
    publish(staged, build / "pdf")
    return written


def _write_pdf(project: Project, house_id: str, page: Path, lang: str, target: Path) -> None:
    """The whole rulebook of one house in one language, from its single-page HTML build, with contents."""
    from weasyprint import CSS, HTML

    html = page.read_text(encoding="utf-8")
    first_part = html.find('<span id="document-')
    if first_part < 0:
        raise ValueError(f"{page} has no parts to print")
    html = html[:first_part] + PrintRenderer(project, house_id, lang).toc() + html[first_part:]
    HTML(string=html, base_url=str(page)).write_pdf(
        target, stylesheets=[CSS(filename=str(project.root / "templates" / "print" / "rulebook.css"))])
