"""The consistency gate: the model, and every catalog against the current sources.

Each problem is one line, ``file:line: [check] rule-id (lang): message``, so an
editor or a CI log points straight at what to fix.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import shutil
from collections.abc import Callable, Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import PoFileError, read_po

from rulebook.core import sources
from rulebook.core.characters import not_text
from rulebook.core.errors import Problem
from rulebook.core.layout import generator_version
from rulebook.core.memo import Memo, digest
from rulebook.core.model import replacement_fields
from rulebook.core.numbering import numbering_problems
from rulebook.core.yamlload import MAX_TEXT
from rulebook.i18n.catalogs import (MAX_CATALOG_BYTES, TRANSLATED, entry_state, po_path, pot_path, rule_of)
from rulebook.i18n.glossary import Glossary
from rulebook.project import Derived, Project, code_folders
from rulebook.editions import load_at, tagged_editions
from rulebook.gate.coherence import coherence_problems
from rulebook.gate.documents import document_problems
from rulebook.gate.showing import shown_by
from rulebook.gate.status import room_overrides, unpublished_in
from rulebook.gate.textchecks import (apostrophe_problem, digit_problem, doubled_problem, english_problem,
                                      french_typography_problem,
                                      glossary_problems, markup_problem)


# The names of the gate's checks, for the reports that list what passed too (rulebook.gate.reports): those
# each language's catalog goes through (``check_catalog``), and those of the model, the houses and
# the template, which are no one language's.
CATALOG_CHECKS = ("missing", "stale", "obsolete", "fuzzy", "untranslated", "length", "characters", "placeholders",
                  "digits", "markup", "glossary", "english", "doubled", "apostrophe", "typography")
MODEL_CHECKS = ("example", "house", "numbering", "policy", "currency", "note", "term", "removed", "consequence", "decides",
                "stale", "edition", "document")


def check_template(root: Path, template: Catalog) -> list[Problem]:
    """The committed .pot must be what extraction gives now: its messages, and where each is."""
    path = pot_path(root)
    rel = str(path.relative_to(root))
    if not path.exists():
        return [Problem(rel, 0, "stale", None, None, "missing: run `make gettext`")]
    now = {(m.id, m.context) for m in template if m.id}
    try:
        committed = _read_template(sources.read(path, rel, MAX_CATALOG_BYTES, "template"))
    except PoFileError as exc:   # a hand-edited or half-merged template: extraction writes it anew
        what = str(exc).removesuffix(f" on {exc.lineno}").rstrip(".")
        return [Problem(rel, exc.lineno, "stale", None, None, f"not valid gettext ({what}): run `make gettext`")]
    then = {(m.id, m.context) for m in committed if m.id}
    if now != then:
        return [Problem(rel, 0, "stale", None, None,
                        f"out of date ({len(now - then)} new, {len(then - now)} gone): run `make gettext`")]
    return location_problems(root, rel, None, committed, template, "make gettext")


@lru_cache(maxsize=4)
def _read_template(pot: bytes) -> Catalog:
    """A template's bytes read (once per content in a process; never changed by its readers)."""
    return read_po(io.BytesIO(pot), abort_invalid=True)


def location_problems(root: Path, rel: str, lang: str | None, catalog: Catalog, template: Catalog,
                      command: str) -> list[Problem]:
    """Each entry's ``#:`` lines must be where extraction finds its message now: a file that no longer
    exists, or a line it no longer gives, is stale. One problem per file a catalog cites wrongly, at
    its first such entry (a line added to a rule file moves every message after it)."""
    found: dict[str, list[Any]] = {}   # the file cited → [its first wrong entry, the template's, how many]
    for entry in catalog:
        source = template.get(entry.id, entry.context) if entry.id else None
        if source is None or sorted(entry.locations) == sorted(source.locations):
            continue
        wrong = [where for where in entry.locations if where not in source.locations]
        cited = wrong[0][0] if wrong else ""
        if cited in found:
            found[cited][2] += 1
        else:
            found[cited] = [entry, source, 0, wrong[0] if wrong else None]
    problems = []
    for cited, (entry, source, more, where) in found.items():
        label = source.context or (source.id if isinstance(source.id, str) else source.id[0])
        given = ", ".join(f"{file}:{line}" for file, line in source.locations) or "no location"
        if where is None:
            said = f"cites no location (extraction gives {given})"
        elif not (root / where[0]).is_file():
            said = f"cites {where[0]}:{where[1]}, a file that does not exist (extraction gives {given})"
        else:
            said = f"cites {where[0]}:{where[1]}, extraction gives {given}"
        if more:
            said += f"; and {more} more entr{'y' if more == 1 else 'ies'} citing {cited or 'no location'}"
        problems.append(Problem(rel, _line(entry), "stale", rule_of(source), lang, f"{label}: {said}: run `{command}`"))
    return problems


def _line(entry: Message) -> int:
    """Where an entry is in its catalog (read from its file, every entry has its line)."""
    return entry.lineno or 0


def check_catalog(root: Path, lang: str, catalog: Catalog | None, template: Catalog, glossary: Glossary,
                  memo: Memo | None = None, unpublished: frozenset[str] = frozenset(),
                  names: Mapping[str, frozenset[str]] | None = None, locations: bool = True,
                  judged: Callable[[str | None], Glossary] | None = None) -> list[Problem]:
    """Completeness of one language: every current message translated, none fuzzy, none left over,
    each where extraction finds it (``locations``: off for an earlier edition, whose template is not
    today's code's).
    ``memo`` remembers each message's text checks (salted with the glossary and the code);
    ``unpublished``: the contexts no house publishing the language shows, which it need not translate;
    ``names``: context → the words of a proper name its translation may keep (a house's own name in
    its title: "Harbour" is no English left untranslated); ``judged``: context → the glossary its
    translation is judged against (``judging_glossaries``; ``glossary`` for every one when None)."""
    rel = str(po_path(root, lang).relative_to(root))
    if catalog is None:
        return [Problem(rel, 0, "missing", None, lang, "no catalog: run `make update-po`")]
    problems = []
    current = {(m.id, m.context) for m in template if m.id}
    contexts = {m.context for m in template if m.context}
    entry: Message | None   # each of the catalog's, then the one of each source message
    for entry in catalog:
        if entry.id and (entry.id, entry.context) not in current and entry.context not in contexts:
            label = entry.context or (entry.id if isinstance(entry.id, str) else entry.id[0])
            problems.append(Problem(rel, _line(entry), "obsolete", None, lang,
                                    f"{label}: no longer in the sources (run `make update-po` to mark it obsolete)"))
    for source in template:
        if not source.id:
            continue
        rule = rule_of(source)
        where = source.locations[0] if source.locations else (rel, 0)
        entry = catalog.get(source.id, source.context)
        label = source.context or (source.id if isinstance(source.id, str) else source.id[0])
        if entry is None:
            if source.context in unpublished:
                continue   # shown in no language of this catalog's: `make update-po` adds it, untranslated
            stale = source.context and any(m.context == source.context for m in catalog)
            problems.append(Problem(
                where[0], where[1], "stale" if stale else "missing", rule, lang,
                f"{label}: source changed, catalog not updated (run `make update-po`)" if stale
                else f"{label}: not in the catalog (run `make update-po`)",
            ))
            continue
        state = entry_state(entry)
        if state == "fuzzy":
            problems.append(Problem(rel, _line(entry), "fuzzy", rule, lang, f"{label}: fuzzy translation, review it"))
        elif state == "untranslated":
            if source.context not in unpublished:   # shown in this language, so it needs its translation
                problems.append(Problem(rel, _line(entry), "untranslated", rule, lang, f"{label}: not translated"))
        else:
            ids: tuple[str, ...] = entry.id if isinstance(entry.id, tuple) else (str(entry.id),)
            strings: tuple[str, ...] = tuple(entry.string) if isinstance(entry.string, tuple) else (str(entry.string),)
            interface = not source.context
            kept = (names or {}).get(source.context or "", frozenset())
            here = judged(source.context) if judged else glossary
            # A message judged by more than the shared glossary (the memo's salt) is remembered by its own.
            own = () if here is glossary else (here.digest,)
            found = (memo(digest(lang, str(interface), *sorted(kept), *own, "\2", *ids, "\1", *strings),
                          lambda: list(_text_problems(ids, strings, lang, here, interface, kept)))  # noqa: B023
                     if memo else _text_problems(ids, strings, lang, here, interface, kept))
            for check, message in found:
                problems.append(Problem(rel, _line(entry), check, rule, lang, f"{label}: {message}"))
    if locations:
        problems += location_problems(root, rel, lang, catalog, template, "make update-po")
    return problems


# Twice the longest text a rule file may hold (``yamlload.MAX_TEXT``): room for any language.
MAX_TRANSLATION = 2 * MAX_TEXT


def _text_problems(ids: tuple[str, ...], strings: tuple[str, ...], lang: str, glossary: Glossary,
                   interface: bool, names: frozenset[str] = frozenset()) -> Iterator[tuple[str, str]]:
    """What is wrong with one entry's msgstr(s), each plural form judged against its msgid."""
    wanted = replacement_fields(ids[-1])
    for index, string in enumerate(strings):
        # msgstr[0] answers the singular msgid; every other form the plural one.
        source = ids[0] if index == 0 else ids[-1]
        form = f"msgstr[{index}]: " if len(strings) > 1 else ""
        if len(string) > MAX_TRANSLATION:
            yield "length", f"{form}{len(string):,} characters: no translation is longer than {MAX_TRANSLATION:,}"
            continue
        if problem := not_text(string, one_line="\n" not in source):
            yield "characters", form + problem
        try:
            got = replacement_fields(string)
        except ValueError:
            got = ["<unbalanced braces>"]
        if got != wanted:
            yield "placeholders", f"{form}placeholders {got} differ from the source's {wanted}"
        if problem := digit_problem(source, string):
            yield "digits", form + problem
        if problem := markup_problem(source, string):
            yield "markup", form + problem
        if interface and (unsafe := sorted(set(string) & set('"<>&'))):
            yield "markup", f"{form}interface text may not contain {' '.join(unsafe)}"
        for problem in glossary_problems(glossary, lang, source, string):
            yield "glossary", form + problem
        if problem := english_problem(glossary.accepted_english(lang) | names, source, glossary.without_names(string),
                                      glossary.accepted_elsewhere(lang)):
            yield "english", form + problem
        if problem := doubled_problem(source, string):
            yield "doubled", form + problem
        if problem := apostrophe_problem(glossary.apostrophes.get(lang, "'"), string):
            yield "apostrophe", form + problem
        if lang == "fr" and (problem := french_typography_problem(string)):
            yield "typography", form + problem


def check_examples(project: Project) -> list[Problem]:
    """The engine is the referee: every check of every example must agree with it."""
    problems = []
    for view in project.houses.values():
        for example in view.examples:
            for outcome in view.outcomes[example.id]:
                if outcome.ok:
                    continue
                if outcome.error:
                    message = f"{outcome.call} cannot run: {outcome.error}"
                else:
                    message = f"{outcome.call} gives {outcome.actual!r}, the example says {outcome.expected!r}"
                problems.append(Problem(example.file, outcome.check.line, "example", example.rule, None,
                                        f"example {example.id} (house {view.id}): {message}"))
    run_anywhere = {example.id for view in project.houses.values() for example in view.examples}
    for example in project.examples:
        if example.id not in run_anywhere and project.where.owns(example.file):   # a room's, or this library's
            problems.append(Problem(example.file, example.line, "example", example.rule, None,
                                    f"example {example.id}: no house publishes its rule for the houses it names"))
    return problems


# The longest house name every card holds in every language, in wide capitals (measured by
# tests/test_faults.py): the cards are printed after the gate, so it is checked here. (The print job
# still measures each card, and refuses one whose text does not fit, naming the stakes' line.)
MAX_HOUSE_NAME = 24


def name_problem(name: str) -> str | None:
    """What keeps ``name`` from being a house's name on its pages and cards, or None."""
    if not name.strip():
        return "the house name is empty"
    if problem := not_text(name, one_line=True):
        return problem
    if len(name) > MAX_HOUSE_NAME:
        return f"the house name has {len(name)} characters: a card holds {MAX_HOUSE_NAME}"
    return None


def check_houses(project: Project) -> list[Problem]:
    """Each house's name, printed on every card: one line of text a card holds; its rule numbers."""
    problems = []
    for house_id, view in project.houses.items():
        book = view.book
        lines = (project.root / book.house_file).read_text(encoding="utf-8").splitlines()
        for lang, name in [(None, book.name), *book.names.items()]:
            if problem := name_problem(name):
                # ``name:`` at the top level; a language's name is indented under ``names:``.
                after = 0 if lang is None else next((n for n, text in enumerate(lines) if text.startswith("names:")), 0)
                key = "name:" if lang is None else f"{lang}:"
                line = next((number for number, text in enumerate(lines[after:], after + 1)
                             if (text if lang is None else text.strip()).startswith(key)), 1)
                said = problem if lang is None else f"names: {lang}: {problem}"
                problems.append(Problem(book.house_file, line, "house", house_id, None, said))
        problems += numbering_problems(view.book)
    return problems


def house_names(project: Project) -> dict[str, frozenset[str]]:
    """The house strings' contexts (``house.<id>.title``, ``.about``) → the words of the house's own
    names, which a translation of them keeps as they are."""
    found = {}
    for house_id, view in project.houses.items():
        words = frozenset(word.lower() for name in (view.book.name, *view.book.names.values())
                          for word in re.findall(r"\w+", name))
        found.update({f"house.{house_id}.{field}": words for field in ("title", "about")})
    return found


def judging_glossaries(project: Project) -> Callable[[str | None], Glossary]:
    """Context → the glossary a translation of its message is judged against: the shared glossary, with
    what the own glossaries of every house showing the message accept (``showing.shown_by``,
    ``Glossary.judging``). A room's name passes in the strings only it shows, and a shared rule's string
    several houses publish is judged by the words all of them accept, never widened by one."""
    every = tuple(project.house_glossaries.values())
    showing = shown_by(project)
    everyone = frozenset(project.houses)
    made: dict[frozenset[str], Glossary] = {}

    def judged(context: str | None) -> Glossary:
        houses = showing.get(context or "", everyone)
        if houses not in made:
            made[houses] = project.glossary.judging(
                [own for house_id, own in project.house_glossaries.items() if house_id in houses], every)
        return made[houses]

    return judged


def run_checks(project: Project) -> list[Problem]:
    """Every problem of the project: examples, the house names, coherence, the template, each
    language's catalog, and each earlier edition the site publishes from git."""
    problems = check_examples(project) + check_houses(project)
    problems += coherence_problems(project)
    problems += document_problems(project)
    problems += check_template(project.root, project.own_template())
    names = house_names(project)   # the same for every language
    stale = stale_overrides(project)
    for lang in TRANSLATED:
        memo = Memo(project.root / "_build" / "cache", f"text-checks-{lang}",
                    digest(project.code_digest, project.glossary.digest, lang))
        # a string the room words its own way, and whose English changed, is told once, by override_problems
        told = frozenset(str(entry.context) for stale_lang, entry, _ in stale if stale_lang == lang)
        problems += check_catalog(project.root, lang, project.catalogs[lang], project.template, project.glossary, memo,
                                  unpublished_in(project, lang) | told, names, judged=judging_glossaries(project))
        memo.save()
    return problems + override_problems(stale, project.root) + check_editions(project)


def stale_overrides(project: Project) -> list[tuple[str, Message, Message]]:
    """In a room's project, each of its translations of a library string whose English the library has
    since changed (a newer generator installed): its language, its entry, the library's string now."""
    return [(lang, entry, source) for lang, entry, source in room_overrides(project) if source.id != entry.id]


def override_problems(stale: list[tuple[str, Message, Message]], root: Path) -> list[Problem]:
    """Each stale override, told in two lines: the change, at the library's line, and the room's
    translation of the old text, at its own; each until the room's translator has translated the new."""
    problems = []
    for lang, entry, source in stale:
        rule = rule_of(source)
        where = source.locations[0] if source.locations else ("", 0)
        problems.append(Problem(where[0], where[1], "stale", rule, lang,
                                f"{entry.context}: changed in the library ({generator_version()}): "
                                + " → ".join(repr(said) for said in _where_they_differ(entry.id, source.id))))
        problems.append(Problem(str(po_path(root, lang).relative_to(root)), _line(entry), "stale", rule, lang,
                                f"{entry.context}: this project's own translation is of the library's old text: "
                                "translate the new (`make update-po` marks it fuzzy)"))
    return problems


def _where_they_differ(old: object, new: object, width: int = 50) -> tuple[str, str]:
    """Two messages' English, each cut to the stretch where they part (what changed, not how both begin)."""
    said = [" ".join((text[0] if isinstance(text, tuple) else str(text)).split()) for text in (old, new)]
    start = next((i for i, (a, b) in enumerate(zip(*said)) if a != b), min(map(len, said)))
    start = max(0, said[0].rfind(" ", 0, max(0, start - 10)) + 1)
    def cut(text: str) -> str:
        text = text[start:]
        return ("…" if start else "") + (text if len(text) <= width else text[:width - 1].rstrip() + "…")
    return cut(said[0]), cut(said[1])


# Code: the templates' and the generator's own strings. An earlier edition is rendered by today's
# code, whose strings its catalogs cannot all have: one it lacks is shown in English, and one of
# its own that today's code no longer has is not shown at all.
_CODE = ("templates/", "rulebook/")


def edition_problems(old: Project, current: Project) -> list[Problem]:
    """The gate for an earlier edition read from git and shown by today's code: the same checks as
    today's tree (its examples against today's engine; its catalogs against its own sources' strings
    and today's code strings, every translation's text), but for the template file (extraction is
    today's code's) and today's code strings it cannot have."""
    template = Catalog(domain=old.template.domain, fuzzy=False)
    for message in (*old.template, *(m for m in current.template if m.locations and m.locations[0][0].startswith(_CODE))):
        if message.id:
            template[message.id] = message
    problems = check_examples(old)
    for lang in TRANSLATED:
        # Most of an edition's messages are today's and every other edition's: their text checks are
        # looked up in today's table when the edition has today's glossary (the same salt), and in one
        # this process shares between the editions of a glossary otherwise; never saved from here (a
        # save replaces the name's tables of other salts: today's table is run_checks' to write).
        memo = Memo(current.root / "_build" / "cache", f"text-checks-{lang}",
                    digest(current.code_digest, old.glossary.digest, lang))
        for problem in check_catalog(old.root, lang, old.catalogs[lang], template, old.glossary, memo,
                                     unpublished_in(old, lang), house_names(old), locations=False,
                                     judged=judging_glossaries(old)):
            if problem.check == "obsolete" or problem.check in ("missing", "stale") and problem.file.startswith(_CODE):
                continue
            problems.append(problem)
    return problems


def check_editions(project: Project) -> list[Problem]:
    """Each tagged earlier edition of each house, refused as today's tree would be (one line each,
    naming the tag)."""
    problems, seen = [], set()
    for house_id in project.houses:
        for tag, commit in tagged_editions(project, house_id):
            if commit not in seen:
                seen.add(commit)
                problems += [Problem(p.file, p.line, "edition", p.rule_id, p.lang, f"at tag {tag}: [{p.check}] {p.message}")
                             for p in refused(project, tag, commit)]
    return problems


def refused(project: Project, tag: str, commit: str, old: Project | None = None) -> list[Problem]:
    """The gate's problems with the edition tagged at ``commit`` (``edition_problems``), remembered
    per commit and code in ``_build/cache`` (``_recalled``), so that the edition is read from git only
    the first time (or given as ``old``, already read)."""
    code = _judging_code(project)
    rows = _recalled(project.root, code, commit)
    if rows is None:
        rows = [[p.file, p.line, p.check, p.rule_id, p.lang, p.message]
                for p in edition_problems(old or load_at(project.root, tag), project)]
        _remember(project.root, code, commit, rows)
    return [Problem(*row) for row in rows]


# What the gate found in each tagged edition: one file per commit, ``_build/cache/editions-<code>/<commit>.json``,
# holding the commit, the code that judged it and a seal over both and the problems. A commit never
# changes, so the entry stands until the code does (another folder; the old one is removed).
EDITIONS_CACHE = "editions-"


def _judging_code(project: Project) -> str:
    """The code an edition's verdict depends on: the generator and templates (``code_digest``) and the
    engine its examples run on (which ``code_digest`` leaves out)."""
    def engine() -> str:
        h = hashlib.blake2b(project.code_digest.encode(), digest_size=16)
        base = next(base for base, folder in code_folders(project.where) if folder == "pokerrules")
        for path in sorted((base / "pokerrules").rglob("*.py")):
            h.update(path.relative_to(base).as_posix().encode() + b"\0" + path.read_bytes() + b"\1")
        return h.hexdigest()
    return JUDGING_CODE.of(project, (), engine)


def _seal(commit: str, code: str, rows: list[list[Any]]) -> str:
    return digest(commit, code, json.dumps(rows, ensure_ascii=False, separators=(",", ":")))


def _recalled(root: Path, code: str, commit: str) -> list[list[Any]] | None:
    """The remembered problems of ``commit``, or None: none remembered, or an entry that does not
    parse, has the wrong shape, names another commit or code, or whose seal does not match its
    problems (damaged: never trusted, the edition is read and judged again)."""
    try:
        entry = json.loads((root / "_build" / "cache" / f"{EDITIONS_CACHE}{code}" / f"{commit}.json")
                           .read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(entry, dict) or set(entry) != {"commit", "code", "problems", "seal"}:
        return None
    rows = entry["problems"]
    if entry["commit"] != commit or entry["code"] != code or not isinstance(rows, list) or not _problem_rows(rows) \
            or entry["seal"] != _seal(commit, code, rows):
        return None
    return rows


def _remember(root: Path, code: str, commit: str, rows: list[list[Any]]) -> None:
    """Write one commit's entry (atomically), and remove the entries of other code."""
    cache = root / "_build" / "cache"
    folder = cache / f"{EDITIONS_CACHE}{code}"
    try:
        for other in cache.glob(f"{EDITIONS_CACHE}*"):
            if other != folder:
                shutil.rmtree(other, ignore_errors=True)
        folder.mkdir(parents=True, exist_ok=True)
        temporary = folder / f"{commit}.{os.getpid()}.tmp"
        temporary.write_text(json.dumps({"commit": commit, "code": code, "problems": rows,
                                         "seal": _seal(commit, code, rows)}, ensure_ascii=False), encoding="utf-8")
        os.replace(temporary, folder / f"{commit}.json")
    except OSError:
        pass   # a cache that cannot be written only costs time


def _problem_rows(value: list[Any]) -> bool:
    """The shape of the gate's problems read back from the cache."""
    def text(x: object) -> bool:
        return isinstance(x, str)
    return all(isinstance(row, list) and len(row) == 6 and text(row[0]) and isinstance(row[1], int) and text(row[2])
               and (row[3] is None or text(row[3])) and (row[4] is None or text(row[4])) and text(row[5])
               for row in value)


# The digest of the code that judges a catalog (``judging_code``), once per project.
JUDGING_CODE: Derived[tuple[()], str] = Derived("judging code")
