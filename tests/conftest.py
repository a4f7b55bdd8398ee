"""Shared fixtures: a private copy of the project's sources to break or build."""

from __future__ import annotations

import contextlib
import gc
import io
import os
import re
import shutil
import stat
import subprocess
from dataclasses import dataclass
from typing import TYPE_CHECKING
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
import yaml

from rulebook.core import yamlload
from rulebook.publish.site.rule_index import RuleIndexDomain

if TYPE_CHECKING:
    from rulebook.project import Project

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("rules", "houses", "locales", "templates", "executable_examples", "rulebook", "pokerrules", "conf.py",
           "runtime")

# A test's build prints only what no build on this machine printed before from the same pages and
# code (rulebook.publish.machinery.print_cache): what `make site` printed, and what one test printed, another links.
os.environ.setdefault("RULEBOOK_PRINT_CACHE", str(ROOT / "_build" / "print-cache"))

# The suite loads the project hundreds of times, each time from files most of which it parsed
# before: like the editors' preview, it keeps each file's data by its bytes (a copy given to each
# load; a changed file is parsed again).
yamlload.remember_parses()

# A worker's heap grows with every project and build it keeps; Python's default collection (every
# 700 new objects) walks it again and again, a tenth of the suite's time. Collected less often, as
# nothing here depends on when.
gc.set_threshold(100_000, 50, 100)


@pytest.fixture(scope="session", autouse=True)
def compiled_templates(tmp_path_factory) -> Path:
    """Where the session's builds keep the templates they compile (Sphinx's theme, the pages' own):
    each test's copy of the project starts without its ``_build``, and would compile them again in
    every Sphinx job. A folder of the session's: Jinja keys a compiled template by its file's path,
    which no copy of another session shares, so the project's own ``_build/cache`` would only grow
    (by some forty files at every run of test_site.py alone)."""
    folder = tmp_path_factory.getbasetemp() / "jinja"
    os.environ.setdefault("RULEBOOK_JINJA_CACHE", str(folder))
    return Path(os.environ["RULEBOOK_JINJA_CACHE"])


@pytest.fixture(scope="session")
def project():
    """The project as committed, loaded once for every test that only reads it."""
    from rulebook.project import Project

    return Project.load(ROOT)


@pytest.fixture(scope="session")
def built_site(project) -> Path:
    """The published output of `make site` (the five-language site, with the cards and the rulebook
    PDFs it offers for download), for every test that reads it: the project's own ``_build``, brought
    up to date once per session by the same incremental build (nothing is redone that is current, so
    `make test` after `make site` reads what was published, and never a stale page)."""
    from rulebook.i18n.catalogs import LANGUAGES
    from rulebook.publish.machinery import lock
    from rulebook.publish.build import build_site

    with lock.held(ROOT / "_build"):   # each xdist worker asks; the first builds, the others find it done
        assert build_site(project, LANGUAGES, ROOT / "_build")
    return ROOT / "_build" / "site"


@pytest.fixture(scope="session")
def cards(built_site, project):
    """The club's cards as `make site` publishes them (printed once, with the site, for every test)."""
    return built_site.parent / "cards" / "club", project.houses["club"].book


_NOT_COPIED = shutil.ignore_patterns("__pycache__", "node_modules")
_RUNTIME = Path("runtime") / "node_modules"


def copy_sources(target: Path) -> Path:
    """Copy rules, catalogs, templates, the generator, the engine and conf.py into ``target``."""
    for name in SOURCES:
        _copy(Path(name), target)
    return target


def _copy(relative: Path, target: Path) -> None:
    """One file or folder of the project's sources into the same place under ``target``."""
    source = ROOT / relative
    if relative == _RUNTIME:   # the calculators' runtime, as `make runtime` installed it (14 MB: shared, not copied)
        if source.is_dir():
            (target / relative).symlink_to(source, target_is_directory=True)
    elif source.is_dir():
        shutil.copytree(source, target / relative, ignore=_NOT_COPIED)
        if relative == _RUNTIME.parent:
            _copy(_RUNTIME, target)
    elif source.exists():
        shutil.copy2(source, target / relative)


class _Sources:
    """One copy of the sources per worker, put back before each test as it was made: creating two
    hundred files took a fifth of a second a test, and a few hundred tests ask for a copy. A file
    whose status (kind, inode, size, times) is still that of the copy is as it was (writing it,
    even its times, changes its ctime); anything else is copied again, and what a test added is removed."""

    def __init__(self, path: Path) -> None:
        self.path = copy_sources(path)
        self.made = self._status()

    def _status(self) -> dict[Path, tuple[int, ...]]:
        found = {}
        for folder, folders, files in os.walk(self.path):   # a linked folder is listed, not entered
            for name in folders + files:
                info = os.lstat(os.path.join(folder, name))
                kept = (info.st_mode, info.st_ino) if stat.S_ISDIR(info.st_mode) else \
                    (info.st_mode, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)
                found[Path(folder, name).relative_to(self.path)] = kept
        return found

    def as_made(self) -> Path:
        now = self._status()
        if now == self.made:
            return self.path
        for relative in sorted(set(now) - set(self.made)):   # a folder before what it holds
            _remove(self.path / relative)
        put_back: list[Path] = []
        for relative in sorted(self.made):
            if now.get(relative) != self.made[relative] and not any(folder in relative.parents for folder in put_back):
                _remove(self.path / relative)
                _copy(relative, self.path)
                put_back.append(relative)
        self.made = self._status()
        return self.path


def _remove(path: Path) -> None:
    """A file, a link or a folder (never what a link leads to), if it is still there."""
    if path.is_symlink() or (path.exists() and not path.is_dir()):
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)


@pytest.fixture(scope="session")
def _sources(tmp_path_factory) -> _Sources:
    return _Sources(tmp_path_factory.mktemp("sources"))


@pytest.fixture
def tree(_sources: _Sources) -> Path:
    """A copy of rules, catalogs, templates and conf.py that a test may edit (the worker's one copy,
    as it was made)."""
    return _sources.as_made()


FIXTURES = ROOT / "tests" / "fixtures"
HARBOUR = FIXTURES / "harbour"
# What a test room's folder (tests/fixtures/<room>) holds besides its house folder's files: its translations,
# <lang>.yaml (catalog context -> msgstr), what its translator writes into the catalogs.
_TRANSLATIONS = ("ro", "en", "fr", "es", "hr")


def add_room(tree: Path, room: str, *, translated: bool = True) -> Path:
    """A test room (``tests/fixtures/<room>``) added to a copy of the project as its editors add it: its
    house folder (house file, documents, lists of passages, glossary), its part in ``rules/``, its worked
    examples in ``executable_examples/``; and, unless not ``translated``, its catalogs brought up to date
    and its translator's strings written into them. Its house folder."""
    fixture, folder = FIXTURES / room, tree / "houses" / room
    folder.mkdir()
    for path in sorted(fixture.iterdir()):
        if path.name.endswith(".examples.yaml"):
            shutil.copy(path, tree / "executable_examples" / path.name.replace(".examples", ""))
        elif path.suffix == ".yaml" and path.name not in ("house.yaml", "glossary.yaml") \
                and not path.name.endswith(".sections.yaml") and path.stem not in _TRANSLATIONS:
            shutil.copy(path, tree / "rules" / path.name)
        elif path.stem not in _TRANSLATIONS:
            shutil.copy(path, folder / path.name)
    if translated:
        assert run_rulebook(tree, "gettext").returncode == 0
        assert run_rulebook(tree, "update-po").returncode == 0
        set_translations(tree, {path.stem: yaml.safe_load(path.read_text(encoding="utf-8"))
                                for path in sorted(fixture.glob("*.yaml")) if path.stem in _TRANSLATIONS})
    return folder


def sample(book, languages: tuple[str, ...]) -> list[str]:
    """Of the languages a test reads a house in (a sample of the five, for speed), those the house
    publishes; its language of authority where it publishes none of them (a new room publishes fewer:
    the shipped houses all five)."""
    return [lang for lang in languages if lang in book.languages] or [book.languages[0]]


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    """Replace text in a file, failing loudly if the text is not there."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def set_translations(tree: Path, strings: dict[str, dict[str, str]]) -> None:
    """Write translations as a translator would: language → message context → msgstr, each
    entry then translated (neither fuzzy nor remembering a previous msgid)."""
    from rulebook.i18n.catalogs import po_path, read_catalog, write_catalog

    for lang, by_context in strings.items():
        path = po_path(tree, lang)
        catalog = read_catalog(path, lang)
        for message in catalog:
            if message.context in by_context:
                message.string = by_context[message.context]
                message.flags.discard("fuzzy")
                message.previous_id = []
        write_catalog(path, catalog)


def one_line(text: str) -> str:
    """A PDF's text in one line: words the printer hyphenated at a line's end joined again, every run
    of spaces one space."""
    return re.sub(r"[\s\u00a0\u202f]+", " ", re.sub(r"\u2010\n", "", text))


def pdf_text(path: Path) -> str:
    """A PDF's text as poppler's ``pdftotext`` reads it (twenty times faster than pypdf), in one line
    (``one_line``): for the tests that look for words in a PDF, not at its pages or its lines."""
    out = subprocess.run(["pdftotext", "-enc", "UTF-8", str(path), "-"], capture_output=True, check=True).stdout
    return one_line(out.decode("utf-8"))


def pdf_info(path: Path) -> dict[str, str]:
    """A PDF's document information (Title, Subject, Author, Pages, Tagged…) as poppler's ``pdfinfo``
    reads it: for the tests that read a PDF's metadata (pypdf takes ten times as long to find it)."""
    out = subprocess.run(["pdfinfo", "-enc", "UTF-8", str(path)], capture_output=True, check=True).stdout
    return {key: value.strip() for key, _, value in
            (line.partition(":") for line in out.decode("utf-8").splitlines()) if value}


def line_of(path: Path, needle: str, whole: bool = False) -> int:
    """The 1-based line where ``needle`` first appears (as the whole line, stripped)."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if (line.strip() == needle) if whole else (needle in line):
            return number
    raise AssertionError(f"{needle!r} not in {path}")


# The tests that read the published output share `make site`'s ``_build``, brought up to date under
# its lock (``built_site``), so they run on any xdist worker. A browser module's tests stay on one
# worker (``--dist loadgroup``), which starts its Chromium once.
@pytest.hookimpl(tryfirst=True)   # before xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.parent.name == "browser":
            item.add_marker(pytest.mark.xdist_group(f"browser-{item.path.stem}"))


@dataclass
class Run:
    returncode: int
    stdout: str
    stderr: str


def run_rulebook(tree: Path, *args: str) -> Run:
    """``rulebook --root <tree> <args>`` in this process (what a subprocess would print and return,
    without starting Python again for each of the gate's cases)."""
    from rulebook.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--root", str(tree), *args])
    return Run(code, out.getvalue(), err.getvalue())


def article_html(html: str) -> str:
    """The page's own HTML, without the theme around it (its menu links every page, its switcher every
    language); "" for a page without one."""
    found = re.search(r'<article[^>]*>(.*)</article>', html, re.S)
    return found.group(1) if found else ""


def article(html: str) -> str:
    """The page's own text: the rules, without the theme around them (the language switcher names every language)."""
    # Column headings that list the site's languages (the glossary) name a language, not a house's.
    body = re.sub(r"<thead>.*?</thead>", " ", article_html(html), flags=re.S)
    return re.sub(r"<[^>]+>", " ", body)


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])


def broken_links(site: Path) -> list[str]:
    """Every link of the site's pages to a file that is not there, or to an anchor its page lacks."""
    site = site.resolve()   # the published folder is a link to its version (links resolve into it)
    pages: dict[Path, _Links] = {}
    for path in site.rglob("*.html"):
        parser = _Links()
        parser.feed(path.read_text(encoding="utf-8"))
        pages[path] = parser
    broken = []
    for path, parsed in pages.items():
        for href in parsed.links:
            url = urlparse(href)
            if url.scheme or href.startswith("//") or href.startswith("mailto:"):
                continue
            # a path from the server's root (the 404 pages') is from the site's root
            base = site if url.path.startswith("/") else path.parent
            target = (base / unquote(url.path).lstrip("/")).resolve() if url.path else path
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{path.relative_to(site)} → {href}")
            elif url.fragment and target.suffix == ".html" and url.fragment not in pages[target].ids:
                broken.append(f"{path.relative_to(site)} → {href} (no such anchor)")
    return broken


# A rulebook directive's block: its name, its argument, its options (indented, one a line).
_DIRECTIVE = re.compile(r"^\.\. rulebook:([a-z-]+)::(?: ([a-z0-9-]+))?\n((?:   :[a-z-]+:.*\n?)*)", re.M)


def expanded(renderer, rst: str, shown=lambda node: node.pformat()) -> str:
    """A page's reST with each ``rulebook:`` directive's block replaced by what the directive shows
    (``shown`` of its node: its docutils dump, or ``astext``), made as the domain's directive makes it
    from its argument and options, for the tests that read a page's words and pictures without building it."""
    def made(found: re.Match[str]) -> str:
        directive = RuleIndexDomain.directives[found.group(1)]
        options = {}
        for line in found.group(3).splitlines():
            name, _, value = line.strip()[1:].partition(":")
            options[name] = directive.option_spec[name](value.strip() or None)
        made = directive.made(renderer, [found.group(2)] if found.group(2) else [], options)
        return "".join(shown(node) for node in (made if isinstance(made, list) else [made])) + "\n"   # a label, then its page

    return _DIRECTIVE.sub(made, rst)


def print_as_make_site_does(project: Project, build: Path, languages: tuple[str, ...],
                            houses: tuple[str, ...]) -> list[Path]:
    """The printed rulebooks and short forms as `make site` prints them: after the cards, which a
    rulebook lists. So a book of unchanged sources is the very file `make site` printed, taken from
    the print cache, and only what a test changed is printed again (on a fresh clone, as in CI, the
    cache holds only what `make site` printed)."""
    from rulebook.publish.build import print_rulebooks
    from rulebook.publish.print.printing import build_cards

    build_cards(project, build, languages, houses)
    printed = print_rulebooks(project, build, languages, houses)
    assert printed is not None
    return printed
