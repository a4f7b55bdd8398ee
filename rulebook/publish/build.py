"""What a publishing command builds, in order: the cards, the printed rulebooks, the site.

The site offers the cards and the PDFs for download, so they are made first; the printed rulebook
is Sphinx's single page of the reader's edition (``rulebook.publish.site.builds``) made into a PDF
(``rulebook.publish.print.printing``). Everything a command builds is published together once every build passed
(``rulebook.publish.machinery.staging``).
"""

from __future__ import annotations

from pathlib import Path

from rulebook.i18n.catalogs import LANGUAGES
from rulebook.project import Project
from rulebook.publish.print.printing import build_cards, build_pdfs
from rulebook.publish.site.builds import build_all
from rulebook.publish.machinery.report import Report
from rulebook.publish.machinery.staging import Publication, publishing


def print_rulebooks(project: Project, build: Path, languages: tuple[str, ...] = LANGUAGES,
                    houses: tuple[str, ...] | None = None, publication: Publication | None = None) -> list[Path] | None:
    """The reader's edition as one page per house and language, printed; None if a build failed."""
    with publishing(project, build, publication) as (publication, done):
        printed = None
        if build_all(project, languages, "singlehtml", build, houses, publication):
            printed = build_pdfs(project, build, languages, houses, publication)
        done(printed is not None)
    return printed


def build_site(project: Project, languages: tuple[str, ...] = LANGUAGES, build: Path | None = None,
               houses: tuple[str, ...] | None = None, report: Report | None = None) -> bool:
    """The whole published output: the cards and the printed rulebooks first, since the site offers
    them for download, then the site, all published together once every build passed. ``report``:
    where to say what each house's language rebuilt and kept."""
    build = build or project.root / "_build"
    with publishing(project, build) as (publication, done):
        if report is not None:
            publication.report = report
        build_cards(project, build, languages, houses, publication=publication)
        ok = done(print_rulebooks(project, build, languages, houses, publication) is not None and
                  build_all(project, languages, "html", build, houses, publication))
    return ok
