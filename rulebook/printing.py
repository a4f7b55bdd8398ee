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
from rulebook.site import publish, work_dir


def _slug(stakes: str) -> str:
    return re.sub(r"[^0-9a-z]+", "-", stakes.lower()).strip("-")


class PrintRenderer:
    """HTML for print in one language; each language gets its own gettext callables."""

    def __init__(self, project: Project, lang: str):
        root, book = project.root, project.book
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
                bilingual: tuple[str, str] | None = ("ro", "en")) -> list[Path]:
    """Every card PDF, published together into ``build/cards``; returns the files written."""
    from weasyprint import HTML

    root, book = project.root, project.book
    css = (root / "templates" / "print" / "card.css").read_text(encoding="utf-8")
    renderers = {lang: PrintRenderer(project, lang) for lang in {*languages, *(bilingual or ())}}
    staged = build / "cards.new"
    shutil.rmtree(staged, ignore_errors=True)
    written = []

    def write(relative: str, html: str) -> None:
        path = staged / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        HTML(string=html, base_url=str(root)).write_pdf(path)
        written.append(build / "cards" / relative)

    for lang in languages:
        renderer = renderers[lang]
        for row in book.house["stakes"]:
            face = renderer.face(row)
            slug = _slug(row["name"])
            write(f"{lang}/card-{slug}.pdf", renderer.card([face], row, css, "card"))
            write(f"{lang}/sheet-{slug}.pdf", renderer.card([face], row, css, "sheet"))
        write(f"{lang}/rake-bands.pdf", renderer.bands(css))
    if bilingual:
        first, second = (renderers[lang] for lang in bilingual)
        for row in book.house["stakes"]:
            faces = [first.face(row), second.face(row)]
            write(f"{'-'.join(bilingual)}/card-{_slug(row['name'])}.pdf", first.card(faces, row, css, "card"))
    previous = build / "cards"
    if previous.is_dir():  # languages not rebuilt this time keep their cards
        for folder in previous.iterdir():
            if folder.is_dir() and not (staged / folder.name).exists():
                shutil.copytree(folder, staged / folder.name)
    publish(staged, previous)
    return written


def build_pdfs(project: Project, build: Path, languages: tuple[str, ...] = LANGUAGES) -> list[Path]:
    """The printed rulebook of each language, published together into ``build/pdf``."""
    staged = build / "pdf.new"
    shutil.rmtree(staged, ignore_errors=True)
    staged.mkdir(parents=True)
    for lang in languages:
        _write_pdf(project, work_dir(build, "singlehtml", lang) / "index.html", lang, staged / f"rulebook-{lang}.pdf")
    previous = build / "pdf"
    if previous.is_dir():  # languages not rebuilt this time keep their PDFs
        for old in previous.glob("rulebook-*.pdf"):
            if not (staged / old.name).exists():
                shutil.copy2(old, staged / old.name)
    publish(staged, previous)
    return [previous / f"rulebook-{lang}.pdf" for lang in languages]


def _write_pdf(project: Project, page: Path, lang: str, target: Path) -> None:
    """The whole rulebook of one language, from its single-page HTML build, with contents."""
    from weasyprint import CSS, HTML

    html = page.read_text(encoding="utf-8")
    first_part = html.find('<span id="document-')
    if first_part < 0:
        raise ValueError(f"{page} has no parts to print")
    html = html[:first_part] + PrintRenderer(project, lang).toc() + html[first_part:]
    HTML(string=html, base_url=str(page)).write_pdf(
        target, stylesheets=[CSS(filename=str(project.root / "templates" / "print" / "rulebook.css"))])
