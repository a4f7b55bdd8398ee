"""What one job is made of: the digest of only the sources a house's job in some languages reads.

A build decides in the command's process, before any worker is forked and before WeasyPrint is
imported, whether a job must run at all: it compares the digest of the job's *inputs* with the one
stamped when its output was last published (``rulebook.publish.machinery.stamps``). That digest must change with
everything that can change the output, and with as little else as possible, so that an edit
redoes only what it touches:

* a house's job reads its own ``houses/<id>/`` files, never another house's;
* a job in some languages reads those languages' catalogs (``locales/<lang>/LC_MESSAGES``), never
  another language's (the glossaries, which every glossary page shows side by side, always); and of
  a catalog, only the entries its house can show: the strings (and worked examples) of a library
  rule that neither the house's rulebook nor its editors' edition holds never count for it, so a
  French word of the club's rake rule redoes nothing of the casino's. Everything else in the file
  counts (its header, every other entry, the obsolete ones), and the editors' edition, whose
  translation status reports on every entry, counts the whole file (``every_entry``);
* a print job reads the code that prints: the modules ``rulebook.publish.print.printing`` imports, directly or not,
  the print templates and the engine, never the site's search, theme or Sphinx extension;
* every other file the project's load read (the rules, the examples, the glossary) is read by all.

Each file counts by the digest of the bytes the load read (``Project.read``), never by what the
folder holds later: a file edited during the build is caught when it publishes (``rulebook.publish.machinery.staging``).
"""

from __future__ import annotations

import functools
import os
from importlib.metadata import version
from pathlib import Path
from typing import Callable, Iterable

from rulebook.core import sources
from rulebook.core.code import closure
from rulebook.core.memo import Memo, digest
from rulebook.i18n.catalogs import rule_of
from rulebook.project import Derived, Project

CODE = ("rulebook", "templates", "pokerrules")
# What prints (besides the modules ``PRINTING`` imports): its templates and stylesheets, and the
# engine, whose results the cards and the rulebook show.
PRINT_FOLDERS = ("templates/print/", "pokerrules/")
PRINTING = "rulebook.publish.print.printing"
CATALOG = "rulebook.po"
# The libraries whose version changes what is printed.
PRINT_LIBRARIES = ("weasyprint", "pydyf", "pypdf", "jinja2", "babel", "markupsafe")   # pypdf: sheets are imposed


def inputs_of(project: Project, house: str, languages: Iterable[str], code: Callable[[str], bool] | None = None,
              every_entry: bool = False) -> str:
    """The digest of the files a job of ``house`` in ``languages`` reads: ``code`` says which files of
    the code (``rulebook/``, ``templates/``, ``pokerrules/``, conf.py) it reads (None: all of them);
    ``every_entry``: a catalog counts whole, not by the entries the house can show. Found once per
    project (what it read does not change), however many jobs ask."""
    languages = frozenset(languages)

    def find() -> str:
        chosen = {}
        for name, found in project.read.items():
            parts = _relative(project.root, name)
            if _read_by(parts, house, languages, code):
                chosen[name] = found if every_entry or not _is_catalog(parts) else \
                    _entries_of(project, house, parts[1], found)
        return sources.digest_of_reads(chosen, project.root)

    return JOB_INPUTS.of(project, (house, languages, code, every_entry), find)


def _is_catalog(parts: tuple[str, ...]) -> bool:
    return parts[:1] == ("locales",) and parts[2:] == ("LC_MESSAGES", CATALOG)


def _entries_of(project: Project, house: str, lang: str, found: str) -> str:
    """A catalog's digest as ``house`` reads it: every entry but those of the rules it never shows
    (the file's own digest when the load kept no catalog of it); found once per house and language."""
    catalog = project.catalogs.get(lang)
    if catalog is None:
        return found

    def find() -> str:
        unread = unshown_contexts(project)[house]
        entries = [repr((message.context, message.id, message.string, sorted(message.flags), message.auto_comments,
                         message.user_comments, message.previous_id, message.locations))
                   for message in (*catalog, *catalog.obsolete.values()) if message.context not in unread]
        return digest("entries", str(catalog.locale), *(f"{key}: {value}" for key, value in catalog.mime_headers),
                      *entries)

    return CATALOG_ENTRIES.of(project, (house, lang), find)


def unshown_contexts(project: Project) -> dict[str, frozenset[str]]:
    """House → the contexts of the template's entries that belong to library rules the house shows
    nowhere (neither in its rulebook nor in its editors' edition): their rule's strings and its worked
    examples' (each tagged ``rule <id>`` by the extraction: ``i18n.rule_of``)."""

    def find() -> dict[str, frozenset[str]]:
        library = {rule.id for rule in project.library.rules} if project.library else set()
        of_rule: dict[str, set[str]] = {}
        for message in project.template:
            rule_id = rule_of(message)
            if message.id and message.context and rule_id in library:
                of_rule.setdefault(rule_id, set()).add(message.context)
        return {house: frozenset(context for rule_id, contexts in of_rule.items() if rule_id not in shown
                                 for context in contexts)
                for house, view in project.houses.items()
                for shown in [{rule.id for rule in view.editors_book.rules}]}

    return UNSHOWN.of(project, (), find)


def _relative(root: Path, name: str) -> tuple[str, ...]:
    """A file's path in the project, as its parts (none for a file outside it)."""
    inside = f"{root}{os.sep}"
    return tuple(name[len(inside):].split(os.sep)) if name.startswith(inside) else ()


def _read_by(parts: tuple[str, ...], house: str, languages: frozenset[str], code: Callable[[str], bool] | None) -> bool:
    if len(parts) > 2 and parts[0] == "houses":
        return parts[1] == house
    if len(parts) > 3 and parts[0] == "locales" and parts[2] == "LC_MESSAGES":
        return parts[1] in languages
    if parts and (parts[0] in CODE or parts == ("conf.py",)):
        return code is None or code("/".join(parts))
    return True   # anything else the load read (rules, examples, glossaries, a file outside): read by every job


def print_code(project: Project) -> Callable[[str], bool]:
    """Which code files a print job reads: the modules ``rulebook.publish.print.printing`` imports (directly or
    not), the print templates and stylesheets, and the engine (found once per project, before the
    jobs are forked)."""

    def find() -> Callable[[str], bool]:
        modules = frozenset(_imported(project))
        return lambda path: path in modules or path.startswith(PRINT_FOLDERS)

    return PRINT_CODE.of(project, (), find)


def print_code_digest(project: Project) -> str:
    """The digest of the code files a print job reads (``print_code``), and nothing else."""
    code = print_code(project)
    return sources.digest_of_reads({name: found for name, found in project.read.items()
                                    if (parts := _relative(project.root, name)) and parts[0] in CODE
                                    and code("/".join(parts))}, project.root)



@functools.cache
def print_versions() -> tuple[str, ...]:
    """The versions of the libraries that print, each named."""
    return tuple(f"{name} {version(name)}" for name in PRINT_LIBRARIES)


def _imported(project: Project) -> list[str]:
    """The files of the modules ``PRINTING`` imports, itself included, as paths in the project;
    found from their source once per version of the code (remembered under ``_build/cache``)."""
    code = {name: found for name, found in project.read.items()
            if _relative(project.root, name)[:1] == ("rulebook",) and name.endswith(".py")}
    memo = Memo(project.root / "_build" / "cache", "print-code", "1", code=("rulebook.core.code",),
                valid=lambda value: all(isinstance(item, str) for item in value))
    found = memo(digest(PRINTING, sources.digest_of_reads(code, project.root)),
                 lambda: sorted(_closure(project.root, PRINTING)))
    memo.save()
    return found


_closure = closure   # the modules a module imports: rulebook.core.code


# What the jobs of a project read, each found once per project: a job's inputs (by house, languages, the
# code it reads and whether a catalog counts whole), the entries of a catalog a house can show, the
# contexts no house shows, and which files of the code a print job reads.
JOB_INPUTS: Derived[tuple[str, frozenset[str], Callable[[str], bool] | None, bool], str] = Derived("job inputs")
CATALOG_ENTRIES: Derived[tuple[str, str], str] = Derived("catalog entries")
UNSHOWN: Derived[tuple[()], dict[str, frozenset[str]]] = Derived("unshown contexts")
PRINT_CODE: Derived[tuple[()], Callable[[str], bool]] = Derived("print code")
