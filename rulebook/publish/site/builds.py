"""The published site: one Sphinx build per language, from the one loaded project.

The builds run in forked worker processes (as many as there are cores), each
running Sphinx in-process with the project the command already loaded and
gated, and the readings and histories of its pages it made before forking
(``rulebook.publish.editions.history.prepare``), so no job reads a source or compares two
editions again. Sphinx builds into a work folder
(kept for incremental builds); only when every language succeeded is the
result staged whole and published with the command's other folders
(``rulebook.publish.machinery.staging``). A build that fails publishes nothing and leaves the
previous site as it was. A language whose inputs are all as they were at its
last published build, and whose published files are still as stamped, is not
rebuilt (``rulebook.publish.machinery.stamps``).
"""

from __future__ import annotations

import importlib
import io
import shutil
import sys
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

from rulebook.core.characters import for_terminal
from rulebook.core.memo import digest
from rulebook.i18n.catalogs import LANGUAGES, language_choices
from rulebook.project import Project
from rulebook.reading import Reading
from rulebook.gate.status import all_status
from rulebook.publish.site import offline, printed, runtime
from rulebook.publish.machinery import precompress
from rulebook.publish.machinery import workers
from rulebook.publish.editions.archive import FOLDER as ARCHIVE, archived, archived_editions, banner as archive_banner, \
    folder as archive_folder
from rulebook.publish.print.downloads import FOLDER as DOWNLOADS, Download, downloads, fingerprint
from rulebook.publish.machinery.environments import environment
from rulebook.publish.editions.history import earlier_commits, prepare
from rulebook.publish.machinery.inputs import inputs_of
from rulebook.publish.site.notfound import write_root as write_not_found
from rulebook.publish.site.render import PageRenderer, rst_environment
from rulebook.publish.machinery.staging import Publication, carry, keep_unrebuilt, publishing, stage, work_dir
from rulebook.publish.machinery.stamps import forget, remember, unchanged
from rulebook.publish.site.web import write_site_files
from rulebook.publish.machinery.workers import link_or_copy, run_jobs

# The printed rulebook is made from a single page (``printed``) with Sphinx's plain theme's styles: a
# screen theme's fixed-height layout does not paginate.
PRINT_OPTIONS = {"singlehtml": {"html_theme": "basic"}}

# Builders whose output depends on nothing but what the stamp covers: an unchanged one is not rerun.
# (The doctest builder always runs: running the examples is its purpose.) The site's stamps are
# remembered once it is published; the single page the PDFs are printed from is not published, so
# its stamp is remembered as soon as its build succeeds (the PDFs carry stamps of their own).
SKIPPABLE = ("html", "review", "singlehtml")

# What each build is: (the Sphinx builder, the editors' edition?, the folder it is published to).
# The reader's edition is the site (and the single page the PDFs are printed from); the editors'
# edition adds sources, excerpts, editorial notes, the translation status and the doctests, which
# the doctest builder runs.
EDITIONS = {"html": ("html", False, "site"), "review": ("html", True, "review"),
            "singlehtml": (printed.NAME, False, None), "doctest": ("doctest", True, None)}


def edition(builder: str) -> tuple[str, bool, str | None]:
    return EDITIONS.get(builder, (builder, False, None))


@dataclass(frozen=True)
class Built:
    """What one job reports: its status and Sphinx's output; ``stamp``, the digest of the pages and
    all they show (None: skipped, the last published build of exactly these inputs stands); and
    ``sources``, the digest of every source file (to skip even the rendering next time)."""

    label: str
    status: int
    output: str
    stamp: str | None
    sources: str | None


# One job: (house, language, builder, build folder, edition, where the printed files are), the edition
# 0 for the one in force, else the number of an archived edition (published under <lang>/edition/<n>/,
# html only); the printed files as (kind, folder) pairs: this command's staged cards and PDFs, or the
# published ones.
Job = tuple[str, str, str, str, int, tuple[tuple[str, str], ...]]


def unit(lang: str, archived: int) -> str:
    """A job's name among its house's work folders and stamps: the language, or the language's
    archived edition (``en.edition-1``, never a folder Sphinx reads or writes for another job)."""
    return f"{lang}.edition-{archived}" if archived else lang


def _build_one(job: Job) -> Built:
    """One house in one language (or one of its archived editions) with one builder, in this
    (forked) process.

    Run only when a source changed since its last published build (``already_published``: decided before
    forking), and skipped without running Sphinx when its pages and all they show are as they were."""
    house, lang, builder, build, number, printed_at = job
    build_dir = Path(build)
    project = workers.project()
    sphinx_builder, editors, folder = edition(builder)
    archive = archived(project, house, number) if number else None
    shown = archive.project if archive else project
    printed_in = {kind: Path(where) for kind, where in printed_at}
    files = offered(project, job)
    printed = fingerprint(files)
    banner = _banner(project, house, number)
    name = unit(lang, number)
    # Each edition writes its own reST: a build of one never makes Sphinx re-read the other's.
    src = build_dir / ("src-editors" if editors else "src") / house / name
    src.mkdir(parents=True, exist_ok=True)
    out = io.StringIO()
    label = _label(job)
    skippable = builder in SKIPPABLE
    output, leave = output_of(build_dir, builder, house, lang, number)
    try:
        sources = sources_of(project, job, files)
        renderer = PageRenderer(shown, house, lang, editors, banner or None, files)
        pages = renderer.pages(None if archive else all_status(project), calculators_page=builder == "html")
        stamp = digest(build_stamp(project, shown, house, lang, builder, pages), printed, repr(banner))
        if skippable and unchanged(build_dir, builder, house, name, stamp, output, leave=leave):
            return Built(label, 0, "", None, sources)
        forget(build_dir, builder, house, name)
        forget(build_dir, f"{builder}-sources", house, name)
        if folder:   # before Sphinx: the offline list written as it finishes names the printed files there
            copy_downloads(files, printed_in, work_dir(build_dir, builder, house, name) / DOWNLOADS)
        from sphinx.application import Sphinx   # lazy: Sphinx loads in the jobs that run it (imported beforehand when forked)

        app = Sphinx(
            str(src), str(project.root), str(work_dir(build_dir, builder, house, name)),
            str(build_dir / "doctrees" / builder / house / name), sphinx_builder,
            confoverrides={"language": lang, "rulebook_house": house, "rulebook_project": lambda: shown,
                           "rulebook_renderer": lambda: renderer, "rulebook_pages": lambda: pages, "rulebook_editors": editors,
                           "rulebook_archive": banner, **PRINT_OPTIONS.get(builder, {})},
            status=None, warning=out, warningiserror=True, keep_going=True,
        )
        app.build()
        return Built(label, app.statuscode, out.getvalue(), stamp, sources)
    except Exception as exc:  # a Sphinx error is this build's failure, reported in one line
        return Built(label, 1, f"{out.getvalue()}{type(exc).__name__}: {exc}", None, None)


# What one printed rulebook's job prints (rulebook.publish.print.printing): never offered inside the rulebook itself.
PRINTED_FROM_THE_RULEBOOK = ("rulebook", "redline", "short-form")


def offered(project: Project, job: Job) -> list[Download]:
    """The printed files a job's pages offer, as they are now: a published edition offers the
    printed rulebook, its redline, its short form and the cards; the printed rulebook lists the cards
    (it cannot offer itself, nor the redline and the short form printed from it: a page that listed
    their sizes would change them at every print, and a build would never be a no-op); the doctest
    build offers nothing, and neither does an archived edition (what it printed is not kept)."""
    house, lang, builder, build, number, printed_at = job
    folder = edition(builder)[2]
    if number or not (folder or builder == "singlehtml"):
        return []
    files = downloads(project.houses[house].book, lang, Path(build), {kind: Path(where) for kind, where in printed_at})
    return files if folder else [item for item in files if item.kind not in PRINTED_FROM_THE_RULEBOOK]


def sources_of(project: Project, job: Job, files: list[Download]) -> str:
    """What a job's pages are made of, read without rendering them: the sources its house's pages in
    its language read (the editors' edition reports on every language), the printed files it offers,
    the commits of the house's earlier editions, and the versions of Sphinx and the theme."""
    house, lang, builder, _, number, _ = job
    if number:
        return _archive_sources(project, house, lang, builder, archived(project, house, number))
    every = edition(builder)[1]   # the editors' edition: every language, and every entry of its catalogs
    return digest(builder, version("sphinx"), version("furo"),
                  inputs_of(project, house, LANGUAGES if every else (lang,), every_entry=every), house, lang,
                  fingerprint(files), runtime.pinned_version(project.root), *earlier_commits(project, house))


def already_published(project: Project, job: Job) -> Built | None:
    """What a job reports without running, in the command's process (no worker forked, no page
    rendered): its sources are those its published output was made of, and its published files are
    still those bytes. None: the job must run."""
    house, lang, builder, build, number, _ = job
    if builder not in SKIPPABLE:
        return None
    output, leave = output_of(Path(build), builder, house, lang, number)
    if not unchanged(Path(build), f"{builder}-sources", house, unit(lang, number),
                     sources_of(project, job, offered(project, job)), output, leave=leave):
        return None
    return Built(_label(job), 0, "", None, None)   # both its stamps stand


def _label(job: Job) -> str:
    house, lang, _, _, number, _ = job
    return f"{house}/{lang}" + (f" edition {number}" if number else "")


def _banner(project: Project, house: str, number: int) -> dict:
    """What an archived edition's pages say of it and link to (``rulebook_archive``); {} for the current."""
    return archive_banner(project, house, number) if number else {}


def _archive_sources(project: Project, house: str, lang: str, builder: str, archive) -> str:
    """What an archived edition's pages are made of, read without rendering them: its commit (its
    data never changes) and those of the editions before it, today's code and templates, conf.py,
    the engine, and what its banner says and links to."""
    return digest(builder, version("sphinx"), version("furo"), house, lang, *earlier_commits(archive.project, house),
                  project.code_digest, *_runtime(project), repr(_banner(project, house, archive.edition)), archive.commit)


def build_stamp(project: Project, shown: Project, house: str, lang: str, builder: str, pages: dict[str, str]) -> str:
    """Everything a house's language build reads: its pages' reST, what every page shows besides
    (the fingerprint of the project shown: interface strings, titles, house data, templates and
    code), the house's glossary (its search words are the search's), the engine, conf.py, and the versions
    of Sphinx and the theme. Equal stamps, equal output."""
    return digest(builder, version("sphinx"), version("furo"), shown.fingerprint(house, lang), shown.glossary_of(house).digest,
                  *_runtime(project), *(f"{name}\0{text}" for name, text in sorted(pages.items())))


def _runtime(project: Project) -> list[str]:
    """conf.py and the reference engine's code (which checked every worked example a page shows), by
    the digests of the bytes the project's load read."""
    return [f"{name}\0{found}" for name, found in sorted(project.read.items())
            if Path(name).name == "conf.py" or Path(name).parent.name == "pokerrules"]


def output_of(build: Path, builder: str, house: str, lang: str, number: int) -> tuple[Path, tuple[str, ...]]:
    """What a job's stamp describes: the folder it publishes (without the archived editions inside an
    edition in force: those are jobs of their own), or for a build that is not published, its work folder."""
    folder = edition(builder)[2]
    if folder is None:
        return work_dir(build, builder, house, unit(lang, number)), ()
    return build / folder / house / lang / archive_folder(number), () if number else (ARCHIVE,)


def copy_downloads(files: list[Download], printed: dict[str, Path], folder: Path) -> None:
    """The printed files into the site's downloads folder, as they are now (hard links: a print
    job never rewrites a published file in place, it publishes a new folder)."""
    shutil.rmtree(folder, ignore_errors=True)
    for item in files:
        if item.size is not None:
            folder.mkdir(parents=True, exist_ok=True)
            link_or_copy(item.located(printed), folder / item.name)


def import_sphinx() -> None:
    """Import what every Sphinx job imports (Sphinx, its built-in extensions, the theme, the
    extensions the rulebook's set-up loads) in the process that forks the jobs, so that each forked
    job starts with them: half a second a job. Importing registers nothing with docutils (that is
    each job's Sphinx's set-up), so every job still starts clean."""
    from sphinx import application

    ours = importlib.import_module("rulebook.publish.site.sphinxext")
    for name in (*application.builtin_extensions, "furo", *ours.EXTENSIONS):
        importlib.import_module(name)


def build_all(project: Project, languages: tuple[str, ...] = LANGUAGES, builder: str = "html",
              build: Path | None = None, houses: tuple[str, ...] | None = None,
              publication: Publication | None = None) -> bool:
    """Build every house in every language, as many at once as there are cores; True if all passed.
    What is published goes into ``publication`` (the command's), or is published at once."""
    build = build or project.root / "_build"
    with publishing(project, build, publication) as (publication, done):
        ok = done(_build_all(project, languages, builder, build, houses or tuple(project.houses), publication))
    return ok


def _read_earlier_editions(project: Project, houses: tuple[str, ...]) -> None:
    """Each house's earlier editions, read from git once, here, for every worker (the site publishes each tagged one)."""
    for house in houses:
        earlier_commits(project, house)
        for item in archived_editions(project, house):
            earlier_commits(item.project, house)


def _told(builder: str, results: list[Built]) -> bool:
    """Whether every job built: each job's output and each failure told on stderr, whatever the others did."""
    ok = True
    for result in results:
        if result.output.strip():
            print(for_terminal("\n".join(f"[{result.label}] {line}" for line in result.output.strip().splitlines())),
                  file=sys.stderr)
        if result.status != 0:
            print(for_terminal(f"{builder} build of {result.label} failed"), file=sys.stderr)
            ok = False
    return ok


def _build_all(project: Project, languages: tuple[str, ...], builder: str, build: Path, houses: tuple[str, ...],
               publication: Publication) -> bool:
    _read_earlier_editions(project, houses)
    archives = {house: tuple(item.edition for item in archived_editions(project, house)) if builder == "html" else ()
                for house in houses}
    printed = tuple((kind, str(publication.where(kind))) for kind in ("cards", "pdf"))
    # The editions in force first (they are staged before the archives that go inside them).
    publishes = {house: [lang for lang in languages if lang in project.houses[house].book.languages] for house in houses}
    jobs: list[Job] = [(house, lang, builder, str(build), 0, printed) for house in houses for lang in publishes[house]]
    jobs += [(house, lang, builder, str(build), number, printed) for house in houses for number in archives[house]
             for lang in publishes[house]]
    # The calculators' runtime, shared by every house and language of the reader's site: missing, the
    # build stops here with one line saying how to install it.
    shared = runtime.runtime(project.root) if edition(builder)[2] == "site" else None
    known = [already_published(project, job) for job in jobs]
    running = [job for job, result in zip(jobs, known) if result is None]
    if running:
        import_sphinx()   # once here rather than by every job (and by the next stage's jobs)
    editors = edition(builder)[1]
    for house, lang, _, _, number, _ in running:   # each page's reading and history, made once, here, for every worker
        shown = archived(project, house, number).project if number else project
        rst_environment(shown, prepare(shown, house, lang, editors).tr)
    ran = iter(run_jobs(project, _build_one, running, fresh=True))
    results: list[Built] = [result or next(ran) for result in known]
    if builder == "html":
        for (house, lang, _, _, number, _), result in zip(jobs, results):
            if not number:
                publication.report.record(house, lang, "site", result.stamp is not None)
    ok = _told(builder, results)
    if builder not in SKIPPABLE or not ok:
        return ok

    def remember_all() -> None:
        """Once published: the stamps of the jobs that ran (a skipped job's stamp stands)."""
        for (house, lang, _, _, number, _), result in zip(jobs, results):
            output, leave = output_of(build, builder, house, lang, number)
            for kind, stamp in ((builder, result.stamp), (f"{builder}-sources", result.sources)):
                if stamp is not None:
                    remember(build, kind, house, unit(lang, number), stamp, output, leave=leave)

    publication.after(remember_all)
    folder = edition(builder)[2]
    if folder is None:
        return ok   # not published: the work folder is what a stamp describes
    places = [Path(house, lang, archive_folder(number)) for house, lang, _, _, number, _ in jobs]
    skipped = [result.stamp is None and (build / folder / place).is_dir() for place, result in zip(places, results)]
    published = build / folder / "index.html"
    if all(skipped) and published.is_file() and \
            published.read_text(encoding="utf-8") == chooser_html(project, build / folder) and \
            all(_archives_published(build / folder / house / lang) == archives[house] for house, lang, *_ in jobs) and \
            (shared is None or runtime.published(shared, build / folder)) and offline.root_written(build / folder):
        return ok   # nothing was rebuilt: the published site is this build already
    site = publication.stage(folder)
    # The editions in force first, each without the archive it published (the archived editions
    # built now go into it next): an archived edition no longer tagged is no longer published.
    for place, (house, lang, _, _, number, _), kept in zip(places, jobs, skipped):
        if not kept:
            stage(work_dir(build, builder, house, unit(lang, number)), build / folder / place, site / place)
        else:
            carry(build / folder / place, site / place, leave=() if number else (ARCHIVE,))
    keep_unrebuilt(build / folder, site, {house_id: view.book.languages for house_id, view in project.houses.items()})
    write_root(project, site, shared, build)
    return ok


def write_root(project: Project, site: Path, shared: runtime.Runtime | None, build: Path) -> None:
    """What the site holds beside its houses, from the houses found in ``site``: the root page, robots.txt
    and the sitemaps, the 404 pages, the calculators' runtime (``shared``; what is slow to make of it kept
    in ``build``'s print cache), and the offline worker with its lists, each compressed beside it where
    that gains. Also what assembles a site from houses built apart (``rulebook site-root``, the CI's
    houses built one per runner)."""
    write_chooser(project, site)
    write_site_files({house_id: (view.book.base_url, view.book.house["official_language"])
                      for house_id, view in project.houses.items()}, site)
    write_not_found(project, site)
    if shared is not None:
        runtime.write(shared, site, build)
    offline.write_root(site)
    precompress.write_folder(site, leave=[path.name for path in site.iterdir() if path.is_dir()])


def _archives_published(language: Path) -> tuple[int, ...]:
    """The archived editions published in a language's folder."""
    return tuple(sorted(int(path.name) for path in (language / ARCHIVE).glob("*") if path.name.isdigit()))


def write_chooser(project: Project, site: Path) -> Path:
    """The root page where a reader picks a house and a language, each language named in its own tongue."""
    path = site / "index.html"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(chooser_html(project, site), encoding="utf-8")
    shutil.copyfile(Path(__file__).parent / "static" / "favicon.svg", site / "favicon.svg")
    return path


def chooser_html(project: Project, site: Path) -> str:
    """The root page for the houses and languages ``site`` holds."""
    env = environment(project, "site")
    houses = []
    for house_id, view in project.houses.items():
        languages = tuple(lang for lang in LANGUAGES if (site / house_id / lang).is_dir())
        if languages:
            official = view.book.house["official_language"]
            about = view.book.about
            said = [(lang, Reading.of(project, house_id, lang).text(about)) for lang in dict.fromkeys((official, "en"))] \
                if about else []
            book = view.book
            # Named as its language of authority names it, and in English where that differs.
            names = list(dict.fromkeys((book.name_in(official), book.name_in("en"))))
            houses.append({"id": house_id, "name": names[0], "english_name": names[1:], "city": book.city,
                           "contact": book.contact, "official": official, "about": said,
                           "languages": language_choices(languages)})
    return env.get_template("index.html.jinja").render(houses=houses)
