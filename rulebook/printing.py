"""Print: table cards and the printable rulebook, from the same data as the site.

Cards are HTML from ``templates/print/`` made into PDF by WeasyPrint: an A6
card per stakes and language, an A4 sheet of four for cutting, a two-sided
Romanian + English card (the house announces its rules in both), and a rake
band card. The rulebook PDF is Sphinx's single-page HTML of each language,
printed with its own stylesheet and a table of contents.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Callable

import jinja2
from markupsafe import Markup

from rulebook.formatting import LocaleFormatter
from rulebook.i18n import LANGUAGES
from rulebook.project import Project
from rulebook import workers
from rulebook.downloads import RAKE_FILE, bilingual_languages, card_file, rulebook_file, sheet_file
from rulebook.memo import digest
from rulebook.site import build_all, keep_unrebuilt, publish, work_dir
from rulebook.workers import forget, link_or_copy, remember, run_jobs, unchanged


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
            book=book, edition=fmt.edition,
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
    two-sided card pairing the house's language of authority with English. Each house's language
    (and its pair) is one job: run in parallel, and skipped when its cards' HTML is unchanged.
    """
    jobs = []
    for house_id in houses or tuple(project.houses):
        book = project.houses[house_id].book
        if not book.runs_cash_games:
            continue  # a tournament room has no stakes to put on a table card
        jobs += [(house_id, (lang,), str(build)) for lang in languages]
        pair = bilingual_languages(book)
        if bilingual and pair:
            jobs.append((house_id, pair, str(build)))
    return _print(project, build, "cards", jobs, _cards_job)


def _cards_job(job: tuple[str, tuple[str, ...], str]) -> tuple[list[str], str | None]:
    house_id, languages, build = job
    project = workers.project()
    css = (project.root / "templates" / "print" / "card.css").read_text(encoding="utf-8")
    rows = project.houses[house_id].book.house["stakes"]
    renderers = [PrintRenderer(project, house_id, lang) for lang in languages]
    folder = f"{house_id}/{'-'.join(languages)}"
    pages: dict[str, str] = {}
    if len(renderers) == 1:
        renderer = renderers[0]
        for row in rows:
            face = renderer.face(row)
            pages[f"{folder}/{card_file(row)}"] = renderer.card([face], row, css, "card")
            pages[f"{folder}/{sheet_file(row)}"] = renderer.card([face], row, css, "sheet")
        pages[f"{folder}/{RAKE_FILE}"] = renderer.bands(css)
    else:
        for row in rows:
            pages[f"{folder}/{card_file(row)}"] = renderers[0].card(
                [renderer.face(row) for renderer in renderers], row, css, "card")
    return _write_pages(project, Path(build), "cards", house_id, "-".join(languages), pages, project.root)


def build_pdfs(project: Project, build: Path, languages: tuple[str, ...] = LANGUAGES,
               houses: tuple[str, ...] | None = None) -> list[Path]:
    """The printed rulebook of each house and language, published together into ``build/pdf``:
    one job per house and language, in parallel, skipped when its HTML is unchanged."""
    jobs = [(house_id, (lang,), str(build)) for house_id in houses or tuple(project.houses) for lang in languages]
    return _print(project, build, "pdf", jobs, _pdf_job)


def print_rulebooks(project: Project, build: Path, languages: tuple[str, ...] = LANGUAGES,
                    houses: tuple[str, ...] | None = None) -> list[Path] | None:
    """The reader's edition as one page per house and language, printed; None if a build failed."""
    if not build_all(project, languages, "singlehtml", build, houses):
        return None
    return build_pdfs(project, build, languages, houses)


def _pdf_job(job: tuple[str, tuple[str, ...], str]) -> tuple[list[str], str | None]:
    house_id, (lang,), build = job
    project = workers.project()
    page = work_dir(Path(build), "singlehtml", house_id, lang) / "index.html"
    html = page.read_text(encoding="utf-8")
    first_part = html.find('<span id="document-')
    if first_part < 0:
        raise ValueError(f"{page} has no parts to print")
    html = html[:first_part] + PrintRenderer(project, house_id, lang).toc() + html[first_part:]
    return _write_pages(project, Path(build), "pdf", house_id, lang, {f"{house_id}/{rulebook_file(lang)}": html},
                        page, project.root / "templates" / "print" / "rulebook.css")


def _write_pages(project: Project, build: Path, kind: str, house_id: str, label: str, pages: dict[str, str],
                 base: Path, stylesheet: Path | None = None) -> tuple[list[str], str | None]:
    """One job's PDFs into ``<kind>.new`` (unless the published ones were made from the same HTML,
    stylesheets and code): the files it stands for, and its stamp (None: skipped)."""
    from importlib.metadata import version

    from weasyprint import CSS, HTML

    css = stylesheet.read_text(encoding="utf-8") if stylesheet else ""
    stamp = digest(version("weasyprint"), version("sphinx"), project.code_digest, css,
                   *(f"{name}\0{html}" for name, html in sorted(pages.items())))
    published = [build / kind / name for name in pages]
    if all(path.exists() for path in published) and unchanged(build, kind, house_id, label, stamp):
        return list(pages), None
    forget(build, kind, house_id, label)
    stylesheets = [CSS(string=css, base_url=str(stylesheet))] if stylesheet else []
    for name, html in pages.items():
        target = build / f"{kind}.new" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        HTML(string=html, base_url=str(base)).write_pdf(target, stylesheets=stylesheets)
    return list(pages), stamp


def _print(project: Project, build: Path, kind: str, jobs: list, job: Callable) -> list[Path]:
    """Run the print jobs in parallel and publish ``build/<kind>`` in one rename: what was rebuilt,
    what was skipped and every other house's and language's files, as they were."""
    staged = build / f"{kind}.new"
    shutil.rmtree(staged, ignore_errors=True)
    staged.mkdir(parents=True)
    results = run_jobs(project, job, jobs)
    for names, stamp in results:
        for name in names:
            if stamp is None:   # skipped: carry the published file over
                (staged / name).parent.mkdir(parents=True, exist_ok=True)
                link_or_copy(build / kind / name, staged / name)
    keep_unrebuilt(build / kind, staged, tuple(project.houses))
    publish(staged, build / kind)
    remember(build, kind, {(house_id, "-".join(languages)): stamp
                           for (house_id, languages, _), (_, stamp) in zip(jobs, results)})
    return [build / kind / name for names, _ in results for name in names]
