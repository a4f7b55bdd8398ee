"""The project, loaded once per command and handed to every stage.

``Project.load`` reads every source file exactly once: the rules and the house,
the worked examples (run once against the engine's ``House``), the glossary
(the shared one, and each house's own), the template catalog (from the loaded model, plus the templates' and code's own
strings) and each language's catalog, strictly. The gate, the Sphinx
extension, printing and the CLI all read this one object, so no stage can
disagree with another about what the sources say.
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Generic, Hashable, Iterable, Mapping, TypeVar

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir

from pokerrules import House
from rulebook.core import sources
from rulebook.core.errors import ModelError, ModelErrors
from rulebook.core.examples import Outcome, WorkedExample, load_examples, run
from rulebook.core.layout import PACKAGE, Layout
from rulebook.core.memo import Memo
from rulebook.core.model import Library, Message, Rulebook, load_library
from rulebook.core.numbering import Numbering, number_rules
from rulebook.i18n.catalogs import (DOMAIN, LANGUAGES, RULE_NOTE, SOURCE_LANGUAGE, TRANSLATED, Translations, layered_catalog)
from rulebook.i18n.glossary import (ENGLISH as ENGLISH_GLOSSARY, Glossary, HouseGlossary, load_glossary,
                                    load_house_glossary)

# Strings of the templates and the generator's own code; the rules, examples and glossary
# come from the loaded model instead of a second parse.
CODE_METHOD_MAP = [("templates/**.jinja", "jinja2"), ("rulebook/**.py", "python")]
CODE_OPTIONS_MAP = {"templates/**.jinja": {"extensions": "jinja2.ext.i18n", "trimmed": "true"}}
_KEYWORDS: dict[str, tuple[int, int] | tuple[tuple[int, str], int] | None] = {"_": None, "N_": None, "N_plural": (1, 2), "gettext": None, "ngettext": (1, 2),
             "pgettext": ((1, "c"), 2)}


K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Derived(Generic[K, V]):
    """One kind of thing a stage derives from a loaded project alone (a language's look-up, a reading, a
    Jinja environment, an earlier edition, a job's inputs), declared by the module that makes it and typed
    by its key and what it is. Each is made once per project and key, on first use, and kept with that
    project: it lives as long as the command's project, is found again by every stage and every job forked
    after, and is never seen by another project (a test's, an earlier edition's)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"<Derived {self.name}>"

    def of(self, project: Project, key: K, make: Callable[[], V]) -> V:
        """What ``make`` gives for ``key``, made once for ``project``."""
        made: dict[K, V] = project._made.setdefault(self, {})
        if key not in made:
            made[key] = make()
        return made[key]


@dataclass(frozen=True, eq=False)
class HouseView:
    """One house's view of the project: its rulebook, its engine House, its examples run once.

    ``book`` is the reader's edition (what the site, the cards and the PDFs publish: no proposal the
    house has not adopted); ``review`` is the editors', with the proposals in their places."""

    book: Rulebook
    engine: "House"                                  # the engine's House for this house's parameters
    examples: tuple[WorkedExample, ...]              # the examples of the rules it publishes, for it
    outcomes: Mapping[str, tuple[Outcome, ...]]      # example id → its checks, run once against ``house``
    review: Rulebook | None = None                   # the editors' edition (None: the same as ``book``)

    @property
    def editors_book(self) -> Rulebook:
        return self.review or self.book

    @property
    def id(self) -> str:
        return self.book.id

    def examples_of(self, rule_id: str) -> list[WorkedExample]:
        return [example for example in self.examples if example.rule == rule_id]

    @cached_property
    def numbering(self) -> Numbering:
        """The numbers its readers cite its rules by, the same in every language."""
        return number_rules(self.book)


@dataclass(frozen=True, eq=False)
class Project:
    root: Path
    library: Library
    houses: Mapping[str, HouseView]                  # in the order of houses/ (sorted ids)
    examples: tuple[WorkedExample, ...]
    glossary: Glossary
    template: Catalog                                # every translatable string, as the sources say now
    catalogs: Mapping[str, Catalog | None]           # each translated language; None: no catalog yet
    code_digest: str = ""                            # the templates and the generator's code, hashed once
    house_glossaries: Mapping[str, HouseGlossary] = field(default_factory=dict)   # each house's own (houses/<id>/glossary.yaml)
    read: Mapping[str, str] = field(default_factory=dict, repr=False)   # each file read → digest of its bytes
    layout: Layout | None = None                     # where the library is, for a room's own project (None: in root)
    # What the stages derive from this project alone, by kind (``Derived``); a copy made by
    # dataclasses.replace starts empty.
    _made: dict[Derived[Any, Any], dict[Any, Any]] = field(default_factory=dict, init=False, repr=False)

    @classmethod
    def load(cls, root: Path | str) -> "Project":
        """Read and validate everything; ModelErrors lists every mistake of every file. The project
        remembers the digest of every file's bytes as it read them (``read``)."""
        with sources.recording() as read:
            project = cls._load(Path(root).resolve())
        return dataclasses.replace(project, read=MappingProxyType(dict(read)))

    @classmethod
    def _load(cls, root: Path) -> "Project":

        layout = Layout.of(root)
        errors: list[ModelError] = []
        library = examples = glossary = None
        try:
            library = load_library(layout)
        except ModelErrors as exc:
            errors += exc.errors
        try:
            examples = load_examples(layout, library.variants() if library else None,
                                     {book.id for book in library.houses} if library else None)
        except ModelErrors as exc:
            errors += exc.errors
        try:
            glossary = load_glossary(layout.library, TRANSLATED)
        except ModelErrors as exc:
            errors += exc.errors
        if library and examples:
            # An example's strings are translated as <id>.text: an id it shares with a rule, a note, a
            # section or a part would give two strings one context, and a merge would swap them.
            taken = {rule.id for rule in library.rules} | {note.id for note in library.notes} | {
                part.id for part in library.parts} | {section.id for part in library.parts for section in part.sections}
            errors += [ModelError(example.file, example.line, example.id, "example id is already the id of a rule, "
                                  "a note, a section or a part: give the example its own", "example")
                       for example in examples if example.id in taken]
        house_glossaries: dict[str, HouseGlossary] = {}
        if library and glossary:
            for book in library.houses:
                try:
                    house_glossaries[book.id] = load_house_glossary(root, book.id, glossary, book.languages)
                except ModelErrors as exc:
                    errors += exc.errors
            known = {rule.id for rule in library.rules}
            errors += [ModelError(term.file, term.rules_line, term.id, f"rule {rule_id!r} is not in the rule library", "term")
                       for term in (*glossary, *(term for own in house_glossaries.values() for term in own.terms))
                       for rule_id in term.rules if rule_id not in known]
            errors += [ModelError(where, line, rule_id, "readers' words are 'asked' of it, but it is not in the rule library")
                       for (_, rule_id), (where, line) in sorted(glossary.asked_lines.items()) if rule_id not in known]
        if errors:
            raise ModelErrors(errors)
        assert library is not None and examples is not None and glossary is not None   # each loaded, or it raised
        houses = {}
        for book in library.houses:
            engine = book.engine or House.from_mapping(book.house, subunits=book.house.subunits)
            published = {(rule.id, rule.variant) for rule in book.rules}
            mine = tuple(example.in_unit(book.table_unit) for example in examples
                         if (example.rule, example.variant) in published
                         and (not example.houses or book.id in example.houses))
            mine = tuple(filter(None, (_counted(example, book, errors) for example in mine)))
            houses[book.id] = HouseView(book.published(), engine, mine,
                                           MappingProxyType({example.id: tuple(run(example, engine)) for example in mine}),
                                           book)
        if errors:
            raise ModelErrors(errors)
        code_digest = _code_digest(layout)
        template = _template(layout, library, examples, glossary, house_glossaries.values(), code_digest)
        catalogs: dict[str, Catalog | None] = {}
        for lang in TRANSLATED:
            try:
                catalogs[lang] = layered_catalog(layout, lang, root / "_build" / "cache", template)
            except ModelErrors as exc:
                errors += exc.errors
        if errors:
            raise ModelErrors(errors)
        return cls(root, library, MappingProxyType(houses), tuple(examples), glossary, template,
                   MappingProxyType(catalogs), code_digest, MappingProxyType(house_glossaries), layout=layout)

    @property
    def where(self) -> Layout:
        """Where its sources are: the project's folder, and the library's (the same folder here)."""
        return self.layout or Layout(self.root, self.root)

    def templates(self, folder: str) -> list[Path]:
        """The folders a kind of template (``site``, ``print``, ``sphinx``…) is looked up in, first first: a
        room's own overrides (``templates/<folder>/``), then the library's."""
        return [base / folder for base in reversed(self.where.folders("templates")) if (base / folder).is_dir()]

    def template_file(self, folder: str, name: str) -> Path:
        """One template file, as ``templates`` finds it (the room's own, else the library's)."""
        return next((base / name for base in self.templates(folder) if (base / name).is_file()),
                    self.root / "templates" / folder / name)

    def own_template(self, overridden: Iterable[str | None] = ()) -> Catalog:
        """The template of the project's own catalogs: every string here; in a room's project, the room's own
        strings (its houses, parts, examples and glossaries), and the library's whose context is in
        ``overridden`` (the room's translations of them, which replace the library's)."""
        if not self.where.room:
            return self.template
        keep = set(overridden) - {None}
        catalog = copy.deepcopy(self.template)
        for message in list(catalog):
            if message.id and message.context not in keep and \
                    not any(self.where.owns(file) for file, _ in message.locations):
                catalog.delete(message.id, message.context)
        return catalog

    def glossary_of(self, house_id: str) -> Glossary:
        """The glossary of a house's pages and checks: the shared terms, each with the house's meaning (its
        own, else that of what its tables count in), then its own terms and names (``Glossary.of_house``)."""
        return HOUSE_GLOSSARY.of(self, house_id, lambda: self.glossary.of_house(
            self.house_glossaries.get(house_id) or HouseGlossary(house_id, ""), self.houses[house_id].book.table_unit))

    def changed_sources(self) -> list[str]:
        """The files read by the load that no longer hold what it read, by their path in the project."""
        return [str(Path(name).relative_to(self.root)) if Path(name).is_relative_to(self.root) else name
                for name in sources.changed(self.read)]

    def translations(self, lang: str) -> Translations:
        """The look-up for one language (English: the source itself)."""
        return TRANSLATIONS.of(self, lang,
                               lambda: Translations(lang, None if lang == SOURCE_LANGUAGE else self.catalogs.get(lang)))

    def fingerprint(self, house_id: str, lang: str) -> str:
        """What every page of a house's language depends on, beyond its own source text.

        The interface strings, the titles that navigation and cross-references show
        on other pages, everything the house file says (any key: its address, names,
        languages, deck, paper… are on every page, in its head, or in what it offers),
        the templates and the generator's code. When it changes, Sphinx re-reads every
        page of that language, so an incremental build is never stale.
        """
        book = self.houses[house_id].book
        digest = hashlib.sha256(self.code_digest.encode())
        digest.update(repr((book.id, book.house_file_digest)).encode())
        # What the house has adopted changes which rules the pages, the navigation and r/ show.
        digest.update(repr([(rule.id, rule.adopted, [p.adopted for p in rule.proposals])
                            for rule in self.houses[house_id].editors_book.rules]).encode())
        tr = self.translations(lang)
        for message in self.template:
            if message.id and (not message.context or message.context.endswith(".title")
                               or message.context.startswith("glossary.")):
                msgid = message.id if isinstance(message.id, str) else message.id[0]
                shown = tr.pgettext(message.context, msgid) if isinstance(message.id, str) else \
                    repr([tr.ngettext(message.id[0], message.id[1], n) for n in (0, 1, 2, 5, 21)])
                digest.update(f"{message.context}\0{msgid}\0{shown}\0".encode())
        return digest.hexdigest()


def _counted(example: WorkedExample, book: Rulebook, errors: list[ModelError]) -> WorkedExample | None:
    """The example with its amounts counted as the house counts its money; None, told in ``errors``, for
    an amount with cents in a house that counts whole units."""
    try:
        return example.counted_in(book.house.subunits)
    except ValueError as exc:
        errors.append(ModelError(example.file, example.line, example.id, f"house {book.id} ({book.house_file}): {exc}",
                                 "example"))
        return None


def _code_digest(layout: Layout) -> str:
    """The templates and the generator's own code: a change to either can change every page. (The
    engine and conf.py are read here too, so that the project's ``read`` holds all a build reads.)"""
    digest = hashlib.sha256()
    for base, folder in code_folders(layout):
        for path in sorted((base / folder).rglob("*")):
            if "__pycache__" not in path.parts and "library" not in path.relative_to(base / folder).parts[:1] \
                    and (path.is_file() or path.is_symlink()):
                rel = str(path.relative_to(base))
                data = sources.read(path, rel, sources.MAX_CODE_BYTES)
                if folder != "pokerrules":
                    digest.update(rel.encode() + b"\0" + data)
    if (layout.root / "conf.py").exists():
        sources.read(layout.root / "conf.py", "conf.py", sources.MAX_CODE_BYTES)
    return digest.hexdigest()


def code_folders(layout: Layout) -> list[tuple[Path, str]]:
    """Where the templates and the generator's code are read from: the project's own folder when it is the
    library's home; for a room, the templates it overrides, the library's, and the installed code."""
    if not layout.room:
        return [(layout.root, folder) for folder in ("templates", "rulebook", "pokerrules")]
    code = PACKAGE.parent
    return [(layout.root, "templates"), (layout.library, "templates"), (code, "rulebook"), (code, "pokerrules")]


def _extracted(value: list) -> bool:
    """The shape of Babel's extraction, read back from JSON: [file, line, message(s), comments, context]."""
    def text(x) -> bool:
        return isinstance(x, str)
    return all(isinstance(row, list) and len(row) == 5 and text(row[0]) and isinstance(row[1], int)
               and (text(row[2]) or (isinstance(row[2], list) and row[2] and all(map(text, row[2]))))
               and isinstance(row[3], list) and all(map(text, row[3])) and (row[4] is None or text(row[4]))
               for row in value)


def _code_strings(layout: Layout) -> list[tuple[str, int, str | tuple[str, ...], list[str], str | None]]:
    """The strings of the templates and the generator's code (``CODE_METHOD_MAP``), each folder read
    where ``code_folders`` finds it, its files named by their path from that folder's parent."""
    found: list[tuple[str, int, str | tuple[str, ...], list[str], str | None]] = []
    for base, folder in code_folders(layout):
        method_map = [(pattern[len(folder) + 1:], method) for pattern, method in CODE_METHOD_MAP
                      if pattern.startswith(folder + "/")]
        options = {pattern[len(folder) + 1:]: value for pattern, value in CODE_OPTIONS_MAP.items()
                   if pattern.startswith(folder + "/")}
        if method_map and (base / folder).is_dir():
            found += [(f"{folder}/{filename}", lineno, msgid, list(comments), context)
                      for filename, lineno, msgid, comments, context in extract_from_dir(
                          str(base / folder), method_map, options, keywords=_KEYWORDS,
                          comment_tags=("Translators:",), strip_comment_tags=True)
                      if "library" not in Path(filename).parts[:1]]
    return found


def _template(layout: Layout, library: Library, examples, glossary: Glossary, house_glossaries: Iterable[HouseGlossary],
              code_digest: str) -> Catalog:
    """The template catalog: the loaded model's strings, then the templates' and code's."""
    catalog = Catalog(project="House rules", domain=DOMAIN, fuzzy=False,
                      msgid_bugs_address="", copyright_holder="", charset="utf-8")
    by_file: dict[str, list[tuple[int, str | None, str | tuple[str, ...], list[str]]]] = {}

    def add(message: Message) -> None:
        comments = [f"{RULE_NOTE}{message.rule_id}"] if message.rule_id else []
        by_file.setdefault(message.file, []).append((message.line, message.context, message.text,
                                                     comments + list(message.hints)))

    for message in library.messages():
        add(message)
    for example in examples:
        for message in example.messages():
            add(message)
    for term in glossary:
        by_file.setdefault(ENGLISH_GLOSSARY, []).extend(term.messages())
    for own in house_glossaries:
        if messages := own.messages():
            by_file.setdefault(own.file, []).extend(messages)
    memo = Memo(layout.root / "_build" / "cache", "code-strings", code_digest, _extracted)
    for filename, lineno, msgid, comments, context in memo("all", lambda: _code_strings(layout)):
        by_file.setdefault(filename, []).append((lineno, context, msgid if isinstance(msgid, str) else tuple(msgid),
                                                 list(comments)))
    memo.save()
    for filename in sorted(by_file, key=lambda name: Path(name).parts):
        for lineno, context, msgid, comments in by_file[filename]:
            catalog.add(msgid, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


__all__ = ["Project", "LANGUAGES"]


# Each language's look-up (``Project.translations``).
TRANSLATIONS: Derived[str, Translations] = Derived("translations")
# Each house's glossary (``Project.glossary_of``).
HOUSE_GLOSSARY: Derived[str, Glossary] = Derived("house glossary")
