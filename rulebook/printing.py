"""Print: table cards and the printable rulebook, from the same data as the site.

Cards are HTML from ``templates/print/`` made into PDF by WeasyPrint: an A6
card per stakes and language, an A4 sheet of four for cutting, a two-sided
Romanian + English card (the house announces its rules in both), and a rake
band card. The rulebook PDF is Sphinx's single-page HTML of each language,
printed with its own stylesheet and a table of contents.
"""

from __future__ import annotations

import re
from pathlib import Path

import jinja2
from markupsafe import Markup

from rulebook.formatting import LocaleFormatter
from rulebook.i18n import LANGUAGES, Translations
from rulebook.model import Rulebook


def _slug(stakes: str) -> str:
    return re.sub(r"[^0-9a-z]+", "-", stakes.lower()).strip("-")


class PrintRenderer:
    """HTML for print in one language; each language gets its own gettext callables."""

    def __init__(self, root: Path, book: Rulebook, lang: str):
        self.book, self.lang = book, lang
        self.translations = Translations.load(root, lang)
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


def build_cards(root: Path, book: Rulebook, out: Path, languages: tuple[str, ...] = LANGUAGES,
                bilingual: tuple[str, str] | None = ("ro", "en")) -> list[Path]:
    """Every card PDF; returns the files written."""
    from weasyprint import HTML

    css = (root / "templates" / "print" / "card.css").read_text(encoding="utf-8")
    renderers = {lang: PrintRenderer(root, book, lang) for lang in {*languages, *(bilingual or ())}}
    written = []

    def write(path: Path, html: str) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        HTML(string=html, base_url=str(root)).write_pdf(path)
        written.append(path)

    for lang in languages:
        renderer = renderers[lang]
        for row in book.house["stakes"]:
            face = renderer.face(row)
            slug = _slug(row["name"])
            write(out / lang / f"card-{slug}.pdf", renderer.card([face], row, css, "card"))
            write(out / lang / f"sheet-{slug}.pdf", renderer.card([face], row, css, "sheet"))
        write(out / lang / "rake-bands.pdf", renderer.bands(css))
    if bilingual:
        first, second = (renderers[lang] for lang in bilingual)
        for row in book.house["stakes"]:
            faces = [first.face(row), second.face(row)]
            write(out / "-".join(bilingual) / f"card-{_slug(row['name'])}.pdf", first.card(faces, row, css, "card"))
    return written


def build_pdf(root: Path, book: Rulebook, build: Path, lang: str) -> Path:
    """The whole rulebook of one language, from its single-page HTML build, with contents."""
    from weasyprint import CSS, HTML

    page = build / "singlehtml" / lang / "index.html"
    html = page.read_text(encoding="utf-8")
    first_part = html.find('<span id="document-')
    if first_part < 0:
        raise ValueError(f"{page} has no parts to print")
    html = html[:first_part] + PrintRenderer(root, book, lang).toc() + html[first_part:]
    target = build / "pdf" / f"rulebook-{lang}.pdf"
    target.parent.mkdir(parents=True, exist_ok=True)
    HTML(string=html, base_url=str(page)).write_pdf(
        target, stylesheets=[CSS(filename=str(root / "templates" / "print" / "rulebook.css"))])
    return target
