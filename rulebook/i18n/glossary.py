"""The glossary: the card room's poker terms and the words each language must use for them.

``locales/glossary.yaml`` lists each term once, in English, with its meaning (and, where a house's unit
changes it, its meaning there: ``in_chips``); ``locales/<lang>/glossary.yaml`` gives that language's
accepted forms of each term as whole words (every inflected form listed: no stems), the words a
translation must avoid (the seeds' machine-translation mistakes), and the English words the language
accepts as its own (loanwords, cognates). A house's own glossary, ``houses/<id>/glossary.yaml``
(optional), gives its own meanings of shared terms, its own terms with their words, and the names it
writes as they are in every language: they apply to that house alone, never widening another's
(``Glossary.of_house``, ``Glossary.judging``). The formats are documented in ``locales/README.md``
and ``houses/README.md``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any, Collection, Mapping, Sequence

from rulebook.core import yamlload
from rulebook.core.errors import ModelError, ModelErrors
from rulebook.core.languages import LANGUAGES, SOURCE_LANGUAGE, TRANSLATED
from rulebook.core.memo import digest
from rulebook.core.records import ID_PATTERN
from rulebook.core.schema import (HOUSE_UNITS, GlossaryRecord, HouseGlossaryRecord, HouseTermRecord, InUnitTermRecord,
                                  LanguageGlossaryRecord, TermRecord, problems, unknown_keys)

ENGLISH = "locales/glossary.yaml"
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def language_file(lang: str) -> str:
    return f"locales/{lang}/glossary.yaml"


def house_file(house: str) -> str:
    """A house's own glossary, in its folder."""
    return f"houses/{house}/glossary.yaml"


def without_placeholders(text: str) -> str:
    """Placeholders are values, never words: ``{pot}`` is not the word "pot"."""
    return _PLACEHOLDER.sub(" \u25a1 ", text)  # a mark, not a word: "{a} y {b} y" has no "y y"


def phrase_pattern(forms: Collection[str]) -> re.Pattern:
    """Any of the forms as whole words (case-insensitive; spaces or hyphens between words)."""
    alternatives = sorted(
        (r"[\s\u00a0-]+".join(re.sub("['\u2019]", "['\u2019]", re.escape(word)) for word in form.split())
         for form in forms),
        key=len, reverse=True,
    )
    return re.compile(r"(?<!\w)(?:" + "|".join(alternatives) + r")(?!\w)", re.IGNORECASE)


def in_unit(unit: str) -> str:
    """The key, and the end of the catalog context, of a term's meaning at a house counting in ``unit``
    (``in_chips``: no house id has an underscore, so it is never a house's own meaning's)."""
    return f"in_{unit}"


@dataclass(frozen=True)
class Term:
    id: str
    english: tuple[str, ...]
    note: str                               # what it means (in a house's glossary: at that house)
    line: int                               # the line of ``note`` in ``file``
    keep: bool = False
    other_senses: tuple[str, ...] = ()      # English phrases where a form means something else
    forms: dict[str, tuple[str, ...]] = field(default_factory=dict)
    avoid: dict[str, tuple[str, ...]] = field(default_factory=dict)
    search: dict[str, tuple[str, ...]] = field(default_factory=dict)   # words readers search for it with
    rules: tuple[str, ...] = ()             # the rules that say what it is: a house's first one it publishes
    rules_line: int = 0
    # Its meaning at any house counting in a unit (``in_chips``), with its line: what the house is, never who.
    in_units: dict[str, tuple[str, int]] = field(default_factory=dict)
    file: str = ENGLISH                     # the glossary file the term is written in (its words, its rules)
    sense: str = ""                         # whose meaning ``note`` is: the shared one (""), a unit's, a house's id
    note_file: str = ""                     # the file ``note`` is written in, when another (a house's own meaning)

    @property
    def meaning_file(self) -> str:
        """The glossary file ``note`` (at ``line``) is written in."""
        return self.note_file or self.file

    @property
    def context(self) -> str:
        """The catalog context ``note`` is translated under: ``glossary.<id>``, ``glossary.<id>.in_chips``
        (a unit's meaning) or ``glossary.<id>.<house>`` (a house's own meaning, or its own term)."""
        return f"glossary.{self.id}.{self.sense}" if self.sense else f"glossary.{self.id}"

    def messages(self) -> list[tuple[int, str, str, list[str]]]:
        """(line, context, English, translator's comments) of each meaning of the shared glossary to
        translate: the term's, then its meaning in each house unit."""
        comment = [f"glossary term '{self.english[0]}'"]
        return [(self.line, self.context, self.note, comment)] + [
            (line, f"glossary.{self.id}.{in_unit(unit)}", note, [*comment, f"its meaning at a house that counts in {unit}"])
            for unit, (note, line) in sorted(self.in_units.items())]

    def at(self, unit: str) -> "Term":
        """The term as a house counting in ``unit`` reads it: its meaning there, where it has one."""
        if unit not in self.in_units:
            return self
        note, line = self.in_units[unit]
        return replace(self, note=note, line=line, sense=in_unit(unit))

    def forms_in(self, lang: str) -> tuple[str, ...]:
        """The term's accepted forms in a language (English: the source's)."""
        return self.english if lang == "en" else self.forms.get(lang, ())

    def rule_in(self, published: Collection[str]) -> str | None:
        """The rule a house publishes that says what the term is (the glossary links to it, and the
        search puts it first for the term), or None."""
        return next((rule_id for rule_id in self.rules if rule_id in published), None)

    def names(self, english: str) -> bool:
        """Whether an English phrase is one of the term's forms, whole (any case): a definition's head."""
        return bool(self._english.fullmatch(" ".join(english.split())))

    def shown(self, lang: str) -> str:
        """The term as the glossary page names it: the first form."""
        return self.forms_in(lang)[0]

    @cached_property
    def _english(self) -> re.Pattern:
        return phrase_pattern(self.english)

    @cached_property
    def _patterns(self) -> dict[str, re.Pattern]:
        return {lang: phrase_pattern(forms) for lang, forms in self.forms.items()}

    @cached_property
    def _avoid(self) -> dict[str, re.Pattern]:
        return {lang: phrase_pattern(words) for lang, words in self.avoid.items() if words}

    @cached_property
    def _other_senses(self) -> re.Pattern | None:
        return phrase_pattern(self.other_senses) if self.other_senses else None

    def used_in(self, english_text: str) -> bool:
        text = without_placeholders(english_text)
        if self._other_senses is not None:
            text = self._other_senses.sub(" ", text)
        return bool(self._english.search(text))

    def rendered_in(self, lang: str, text: str) -> bool:
        pattern = self._patterns.get(lang)
        return pattern is None or bool(pattern.search(without_placeholders(text)))

    def avoided_in(self, lang: str, text: str) -> str | None:
        pattern = self._avoid.get(lang)
        found = pattern.search(without_placeholders(text)) if pattern else None
        return found.group() if found else None


def glossary_languages(lang: str, published: tuple[str, ...] = LANGUAGES) -> tuple[str, ...]:
    """The languages of the glossary page's columns of terms: the page's own first, then the house's
    others (``published``: the languages it publishes)."""
    return (lang, *(other for other in published if other != lang))


_WORDS = re.compile(r"\w+")


@dataclass(frozen=True)
class HouseGlossary:
    """A house's own glossary (``houses/<id>/glossary.yaml``; empty when it has none): its own meaning of
    shared terms, its own terms with their words in each language it publishes, and the names it writes
    as they are in every language (the room's, its city's, its promotions', the loanwords of its own
    documents). What it gives applies to that house's pages and checks alone."""

    house: str
    file: str
    senses: Mapping[str, Term] = field(default_factory=dict)   # shared term id → the term with the house's meaning
    terms: tuple[Term, ...] = ()                               # its own terms
    names: tuple[tuple[str, int], ...] = ()                    # (a name, its line)

    def messages(self) -> list[tuple[int, str, str, list[str]]]:
        """(line, context, English, translator's comments) of each meaning it gives."""
        return [(term.line, term.context, term.note,
                 [f"glossary term '{term.english[0]}'", f"its meaning at house {self.house}" if term.id in self.senses
                  else f"a term of house {self.house}'s own"])
                for term in (*self.senses.values(), *self.terms)]

    @property
    def widens(self) -> bool:
        """Whether it accepts words the shared glossaries do not: names, or terms of its own."""
        return bool(self.names or self.terms)

    def accepts(self, lang: str) -> dict[str, str]:
        """Each word (lower-case) it lets a translation into ``lang`` keep as written, with where it says so."""
        found: dict[str, str] = {}
        for name, line in self.names:
            for word in _WORDS.findall(name):
                found.setdefault(word.lower(), f"{self.file}:{line}: {name!r}")
        for term in self.terms:
            for word in (word for form in term.forms.get(lang, ()) for word in _WORDS.findall(form)):
                found.setdefault(word.lower(), f"{self.file}:{term.line}: term {term.id}")
        return found

    @cached_property
    def digest(self) -> str:
        return digest(self.house, self.file, repr(sorted(self.senses.items())), repr(self.terms), repr(self.names))


@dataclass(frozen=True)
class Glossary:
    terms: tuple[Term, ...]
    loanwords: dict[str, frozenset[str]]   # per language, lower-case
    apostrophes: dict[str, str] = field(default_factory=dict)   # the one apostrophe each language writes
    # How readers ask about a rule, in their words, per language: rule id → phrases (the search's).
    asked: dict[str, dict[str, tuple[str, ...]]] = field(default_factory=dict)
    asked_lines: dict[tuple[str, str], tuple[str, int]] = field(default_factory=dict)   # (lang, rule) → file, line
    # Names written as they are in every language (a house's own): kept whole, never a term's use.
    names: tuple[str, ...] = ()
    # Houses' own glossaries that do not judge here: where a word they accept is accepted, to say so.
    elsewhere: tuple[HouseGlossary, ...] = ()
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    def __iter__(self):
        return iter(self.terms)

    def __len__(self) -> int:
        return len(self.terms)

    @property
    def digest(self) -> str:
        """Everything the checks read from the glossary, hashed (what their remembered results depend on)."""
        if "digest" not in self._cache:
            self._cache["digest"] = digest(repr(self.terms),
                                           repr(sorted((lang, sorted(words)) for lang, words in self.loanwords.items())),
                                           repr(sorted(self.apostrophes.items())),
                                           repr(sorted((lang, sorted(asked.items())) for lang, asked in self.asked.items())),
                                           repr(self.names), *(house.digest for house in self.elsewhere))
        return self._cache["digest"]

    def of_house(self, own: HouseGlossary, unit: str) -> Glossary:
        """The glossary of one house's pages and checks: each shared term with the house's meaning (its own
        sense, else its unit's, else the shared one), then its own terms; its names kept as they are."""
        terms = tuple(own.senses.get(term.id) or term.at(unit) for term in self.terms)
        return replace(self, terms=(*_around(terms, own.terms), *own.terms), names=tuple(name for name, _ in own.names),
                       elsewhere=(), _cache={})

    def judging(self, houses: Sequence[HouseGlossary], every: Sequence[HouseGlossary]) -> Glossary:
        """The glossary a translation is judged against when ``houses`` show its message (each by its own
        glossary): the shared one, with the own terms and names all of them give, their words those all
        of them accept (a shared rule's string is never widened by one house); ``every`` house's glossary
        to say, of a word left untranslated, which accepts it elsewhere. The shared glossary itself when
        no house's glossary accepts a word of its own."""
        elsewhere = tuple(house for house in every if house.widens)
        if not elsewhere:
            return self
        first, others = (houses[0], houses[1:]) if houses else (HouseGlossary("", ""), ())
        names = tuple(name for name, _ in first.names
                      if all(name.casefold() in {other.casefold() for other, _ in house.names} for house in others))
        terms = []
        for term in first.terms:
            theirs = [other for house in others for other in house.terms if other.id == term.id]
            if len(theirs) < len(others):
                continue   # a house showing the message has no such term
            english = tuple(form for form in term.english if all(form in other.english for other in theirs))
            forms = {lang: common for lang, words in term.forms.items()
                     if (common := tuple(form for form in words if all(form in other.forms.get(lang, ()) for other in theirs)))}
            if english:
                terms.append(replace(term, english=english, forms=forms))
        return replace(self, terms=(*_around(self.terms, terms), *terms), names=names, elsewhere=elsewhere, _cache={})

    def without_names(self, text: str) -> str:
        """``text`` with each of the names kept as written (a mark in its place, no word)."""
        if not self.names:
            return text
        if "names" not in self._cache:
            self._cache["names"] = phrase_pattern(self.names)
        return self._cache["names"].sub(" \u25a1 ", text)

    def accepted_elsewhere(self, lang: str) -> dict[str, str]:
        """Each word a house's own glossary that does not judge here accepts, with where it says so."""
        key = ("elsewhere", lang)
        if key not in self._cache:
            found: dict[str, str] = {}
            for house in self.elsewhere:
                for word, where in house.accepts(lang).items():
                    found.setdefault(word, f"{where}, house {house.house}")
            self._cache[key] = found
        return self._cache[key]

    def accepted_english(self, lang: str) -> frozenset[str]:
        """Words of English origin a translation in ``lang`` may keep."""
        key = ("accepted", lang)
        if key not in self._cache:
            words = set(self.loanwords.get(lang, ()))
            for term in self.terms:
                for form in term.forms.get(lang, ()):
                    words.update(word.lower() for word in re.findall(r"\w+", form))
            self._cache[key] = frozenset(words)
        return self._cache[key]

    def borrowed(self, lang: str) -> dict[str, bool]:
        """The words of ``lang`` that come from English, lower-case, each True when it is written as in
        English (a term's English word) and False when the language inflects it (``raise-ul``, ``raiseom``: an English word with the language's ending).
        Print keeps them from the language's hyphenation (``rulebook.publish.site.printed``)."""
        key = ("borrowed", lang)
        if key not in self._cache:
            found: dict[str, bool] = {}
            for term in self.terms if lang != "en" else ():
                stems = {word.lower() for form in term.english for word in form.split() if len(word) >= 3}
                for word in (word.lower() for form in term.forms.get(lang, ()) for word in form.split()):
                    if word in stems:
                        found[word] = True
                    elif any(word.startswith(stem) for stem in stems):
                        found.setdefault(word, False)
            self._cache[key] = found
        return self._cache[key]

    def may_avoid(self, lang: str, text: str) -> bool:
        """False when ``text`` holds none of the language's words to avoid (one search, instead
        of one per term: the common case); True when a term's own check must look."""
        key = ("avoid", lang)
        if key not in self._cache:
            words = [word for term in self.terms for word in term.avoid.get(lang, ())]
            self._cache[key] = phrase_pattern(words) if words else None
        pattern = self._cache[key]
        return pattern is not None and bool(pattern.search(without_placeholders(text)))

    def terms_in(self, english_text: str) -> tuple[Term, ...]:
        """The terms an English text uses (the same msgid is judged in every language); a name kept as
        written is no use of a term ("Chip Leader Bonus" says no "chip")."""
        key = ("used", english_text)
        if key not in self._cache:
            text = self.without_names(english_text)
            self._cache[key] = tuple(term for term in self.terms if term.used_in(text))
        return self._cache[key]


def _around(terms: Sequence[Term], own: Sequence[Term]) -> tuple[Term, ...]:
    """Shared terms beside a house's own: an own term's English form that holds a shared one's is another
    sense of that shared form ("call the clock" is no "call"), as ``other_senses`` says in the shared file."""
    forms = [form for term in own for form in term.english]
    return tuple(replace(term, other_senses=(*term.other_senses, *inside))
                 if (inside := [form for form in forms if term.used_in(form)]) else term for term in terms)


def _words(data: Any, where: str, line: int, what: str, errors: list[ModelError]) -> tuple[str, ...] | None:
    """A list of whole words, folded; None (the error reported) when it is not one."""
    if not isinstance(data, list) or not data or not all(isinstance(v, str) and v.strip() for v in data):
        errors.append(ModelError(where, line, None, f"{what} must be a list of words"))
        return None
    for word in data:
        if "*" in word or any(c in word for c in "<>&\"`{}"):
            errors.append(ModelError(where, line, None, f"{what}: {word!r} must be a whole word, without '*' or markup"))
            return None
    return tuple(" ".join(word.split()) for word in data)


def _mapping(data: Any, where: str, what: str, errors: list[ModelError]) -> yamlload.Map | None:
    if not isinstance(data, yamlload.Map):
        errors.append(ModelError(where, getattr(data, "line", 1), None, f"{what} must be a mapping"))
        return None
    return data


def _load(root: Path, where: str, what: str, errors: list[ModelError]) -> yamlload.Map | None:
    """A glossary file as a mapping; None (the error reported) when it cannot be read as one."""
    try:
        data = yamlload.load(root / where, where)
    except ModelError as exc:
        errors.append(exc)
        return None
    return _mapping(data, where, what, errors)


def _term(entry: Any, line: int, english: dict[str, tuple[int, yamlload.Map]], errors: list[ModelError]) -> None:
    """One term of the English glossary, added to ``english`` once its id is sound."""
    entry = _mapping(entry, ENGLISH, "each term", errors)
    if entry is None:
        return
    unknown = unknown_keys(TermRecord, entry)
    if unknown:
        # A house's own meaning was once written here, naming the house: it is in the house's folder now.
        moved = " (a house's own meaning of a term is in its own glossary, houses/<id>/glossary.yaml, under 'senses')" \
            if "house_notes" in unknown else ""
        errors.append(ModelError(ENGLISH, line, None, f"unknown key(s) {', '.join(sorted(map(str, unknown)))} in a term{moved}"))
        return
    ident = entry.get("id")
    if not isinstance(ident, str) or not ID_PATTERN.fullmatch(ident):
        errors.append(ModelError(ENGLISH, line, None, "each term needs an 'id' of lower-case words joined by hyphens"))
        return
    if ident in english:
        errors.append(ModelError(ENGLISH, line, ident, f"duplicate term id (first on line {english[ident][0]})", "term"))
        return
    english[ident] = (line, entry)   # known to the language files, even when its entry has a mistake
    if not isinstance(entry.get("note"), str) or not entry["note"].strip():
        errors.append(ModelError(ENGLISH, line, ident, "each term needs a 'note' saying what it means", "term"))
    _words(entry.get("en"), ENGLISH, entry.line_of("en"), f"term {ident!r}: 'en'", errors)
    for unit in HOUSE_UNITS:
        if (key := in_unit(unit)) in entry:
            errors += [ModelError(ENGLISH, at, ident, message, "term")
                       for at, message in problems(InUnitTermRecord, entry[key], entry.line_of(key), f"'{key}'")]
            if isinstance(entry[key], dict) and isinstance(entry[key].get("note"), str) and not entry[key]["note"].strip():
                errors.append(ModelError(ENGLISH, entry.line_of(key), ident, f"'{key}' needs a 'note' saying what the term "
                                         f"means at a house that counts in {unit}", "term"))
    rules = entry.get("rules", [])
    if not isinstance(rules, list) or not all(isinstance(r, str) and ID_PATTERN.fullmatch(r) for r in rules):
        errors.append(ModelError(ENGLISH, entry.line_of("rules"), ident, "'rules' must be a list of rule ids", "term"))


def _english(root: Path, errors: list[ModelError],
             asked: dict[str, dict[str, tuple[tuple[str, ...], int]]]) -> dict[str, tuple[int, yamlload.Map]] | None:
    """Each term of ``locales/glossary.yaml`` by id, with its line (and its ``asked`` into ``asked``);
    None when the file is unusable."""
    data = _load(root, ENGLISH, "the glossary", errors)
    if data is None:
        return None
    if problems(GlossaryRecord, data, 1, "the glossary"):
        errors.append(ModelError(ENGLISH, 1, None, "the glossary has the key 'terms', listing the terms, "
                                                   "and may have 'asked' (readers' words for rules)"))
        return None
    if "asked" in data:
        asked["en"] = _asked(data["asked"], ENGLISH, errors)
    english: dict[str, tuple[int, yamlload.Map]] = {}
    for index, entry in enumerate(data["terms"]):
        _term(entry, data["terms"].line_of(index), english, errors)
    return english


def _asked(data: Any, where: str, errors: list[ModelError]) -> dict[str, tuple[tuple[str, ...], int]]:
    """``asked``: how readers ask about a rule, in their words (rule id → phrases, each with its line);
    the rule ids are checked against the library by the project's load."""
    found: dict[str, tuple[tuple[str, ...], int]] = {}
    asked = _mapping(data, where, "'asked'", errors)
    if asked is None:
        return found
    for ident, phrases in asked.items():
        if not isinstance(ident, str) or not ID_PATTERN.fullmatch(ident):
            errors.append(ModelError(where, asked.line_of(ident), None, f"'asked': {ident!r} must be a rule id"))
            continue
        checked = _words(phrases, where, asked.line_of(ident), f"asked {ident!r}", errors)
        if checked is not None:
            found[ident] = (checked, asked.line_of(ident))
    return found


def _by_term(data: Any, where: str, what: str, english: dict, errors: list[ModelError]
             ) -> dict[str, tuple[str, ...]]:
    """A language's words for each term (``terms``, ``avoid`` or ``search``): every entry judged."""
    found: dict[str, tuple[str, ...]] = {}
    for ident, words in data.items():
        if ident not in english:
            errors.append(ModelError(where, data.line_of(ident), None, f"{ident!r} is not a term of {ENGLISH}"))
            continue
        checked = _words(words, where, data.line_of(ident), f"{what} {ident!r}", errors)
        if checked is not None:
            found[ident] = checked
    return found


@dataclass
class _Language:
    """What one language's glossary file gives: forms, words to avoid and to search, loanwords, apostrophe."""

    forms: dict[str, tuple[str, ...]] = field(default_factory=dict)
    avoid: dict[str, tuple[str, ...]] = field(default_factory=dict)
    search: dict[str, tuple[str, ...]] = field(default_factory=dict)
    asked: dict[str, tuple[tuple[str, ...], int]] = field(default_factory=dict)
    loanwords: frozenset[str] = frozenset()
    apostrophe: str = "'"


def _language(root: Path, lang: str, english: dict, errors: list[ModelError]) -> _Language:
    """``locales/<lang>/glossary.yaml``, every mistake in it reported."""
    where = language_file(lang)
    found = _Language()
    local = _load(root, where, "a language's glossary", errors)
    if local is None:
        return found
    unknown = unknown_keys(LanguageGlossaryRecord, local)
    if unknown:
        errors.append(ModelError(where, 1, None, f"unknown key(s) {', '.join(sorted(map(str, unknown)))} "
                                                 "(known: apostrophe, asked, avoid, loanwords, search, terms)"))
        return found
    found.apostrophe = local.get("apostrophe", "'")
    if found.apostrophe not in ("'", "\u2019"):
        errors.append(ModelError(where, local.line_of("apostrophe"), None, "apostrophe must be ' or \u2019"))
        found.apostrophe = "'"
    terms = _mapping(local.get("terms"), where, "'terms'", errors)
    if terms is not None:
        found.forms = _by_term(terms, where, "term", english, errors)
        errors += [ModelError(where, terms.line, ident, f"term {ident!r} has no {lang} forms", "term")
                   for ident in english if ident not in terms]
    for key, what in (("avoid", "avoid"), ("search", "search")):
        words = _mapping(local[key], where, f"'{key}'", errors) if key in local else None
        setattr(found, key, _by_term(words, where, what, english, errors) if words is not None else {})
    if "asked" in local:
        found.asked = _asked(local["asked"], where, errors)
    loans = local.get("loanwords", [])
    loanwords = _words(loans, where, local.line_of("loanwords"), "'loanwords'", errors) if loans else ()
    found.loanwords = frozenset(w.lower() for w in loanwords or ())
    return found


def load_glossary(root: Path, languages: tuple[str, ...]) -> Glossary:
    """The glossary, strictly: every term needs its forms in every language. ModelErrors lists every
    mistake of every glossary file."""
    errors: list[ModelError] = []
    asked: dict[str, dict[str, tuple[tuple[str, ...], int]]] = {}
    english = _english(root, errors, asked)
    if english is None:
        raise ModelErrors(errors)
    search: dict[str, dict[str, tuple[str, ...]]] = {}
    other_senses: dict[str, tuple[str, ...]] = {}
    for ident, (_, entry) in english.items():
        if "search" in entry:
            words = _words(entry["search"], ENGLISH, entry.line_of("search"), f"term {ident!r}: 'search'", errors)
            search[ident] = {"en": words or ()}
        if "other_senses" in entry:
            words = _words(entry["other_senses"], ENGLISH, entry.line_of("other_senses"), "'other_senses'", errors)
            other_senses[ident] = words or ()
    if errors:   # the languages' files are judged against a sound English glossary
        raise ModelErrors(errors)
    local = {lang: _language(root, lang, english, errors) for lang in languages}
    if errors:
        raise ModelErrors(errors)
    terms = []
    for ident, (line, entry) in english.items():
        terms.append(Term(
            ident, tuple(" ".join(w.split()) for w in entry["en"]), " ".join(entry["note"].split()),
            entry.line_of("note"), bool(entry.get("keep")), other_senses.get(ident, ()),
            {lang: found.forms[ident] for lang, found in local.items() if ident in found.forms},
            {lang: found.avoid[ident] for lang, found in local.items() if ident in found.avoid},
            {**search.get(ident, {}), **{lang: found.search[ident] for lang, found in local.items()
                                         if ident in found.search}},
            tuple(entry.get("rules", ())),
            entry.line_of("rules") if "rules" in entry else line,
            {unit: (" ".join(entry[in_unit(unit)]["note"].split()), entry[in_unit(unit)].line_of("note"))
             for unit in HOUSE_UNITS if in_unit(unit) in entry},
        ))
    asked |= {lang: found.asked for lang, found in local.items() if found.asked}
    return Glossary(tuple(terms), {lang: found.loanwords for lang, found in local.items()},
                    {lang: found.apostrophe for lang, found in local.items()},
                    {lang: {rule: phrases for rule, (phrases, _) in by_rule.items()} for lang, by_rule in asked.items()},
                    {(lang, rule): (ENGLISH if lang == "en" else language_file(lang), line)
                     for lang, by_rule in asked.items() for rule, (_, line) in by_rule.items()})


def load_house_glossary(root: Path, house: str, shared: Glossary, languages: Sequence[str] | None) -> HouseGlossary:
    """``houses/<house>/glossary.yaml``, strictly (an empty one when the house has none): its meanings of
    terms of ``shared``, its own terms, each with its words in every language of ``languages`` (those the
    house publishes; None: not judged, as the extractor reads it) and in no other, and its names.
    ModelErrors lists every mistake, each at its line; a term the shared glossary has already (by its id
    or an English form) is refused, so that a house never says a shared term in words of its own."""
    where = house_file(house)
    if not ((root / where).exists() or (root / where).is_symlink()):
        return HouseGlossary(house, where)
    errors: list[ModelError] = []
    data = _load(root, where, "a house's glossary", errors)
    if data is not None:
        errors += [ModelError(where, at, None, message)
                   for at, message in problems(HouseGlossaryRecord, data, data.line, "a house's glossary")]
    if data is None or errors:
        raise ModelErrors(errors)
    shared_terms = {term.id: term for term in shared}
    senses: dict[str, Term] = {}
    given = data.get("senses", yamlload.Map())
    for ident, note in given.items():
        line = given.line_of(ident)
        if ident not in shared_terms:
            errors.append(ModelError(where, line, None, f"'senses': {ident!r} is not a term of {ENGLISH} (a term of the "
                                                        "house's own goes under 'terms')"))
        elif not isinstance(note, str) or not note.strip() or "\n" in note.strip():
            errors.append(ModelError(where, line, ident, "a sense is the term's meaning at the house, one line of English",
                                     "term"))
        else:
            senses[str(ident)] = replace(shared_terms[ident], note=" ".join(note.split()), line=line, note_file=where,
                                         sense=house)
    terms: dict[str, Term] = {}
    for index, entry in enumerate(data.get("terms", ())):
        term = _house_term(entry, data["terms"].line_of(index), where, house, shared, languages, errors)
        if term is not None and term.id in terms:
            errors.append(ModelError(where, data["terms"].line_of(index), term.id,
                                     f"duplicate term id (first on line {terms[term.id].line})", "term"))
        elif term is not None:
            terms[term.id] = term
    names = _names(data, where, shared, errors)
    if errors:
        raise ModelErrors(errors)
    return HouseGlossary(house, where, senses, tuple(terms.values()), names)


def _house_term(entry: Any, line: int, where: str, house: str, shared: Glossary, languages: Sequence[str] | None,
                errors: list[ModelError]) -> Term | None:
    """One of a house's own terms (None, its mistakes reported, when it is not sound)."""
    found = problems(HouseTermRecord, entry, line, "a term")
    if found:
        named = entry.get("id") if isinstance(entry, dict) and isinstance(entry.get("id"), str) else None
        errors += [ModelError(where, at, named, message, "term") for at, message in found]
        return None
    ident = entry["id"]
    if not ID_PATTERN.fullmatch(ident):
        errors.append(ModelError(where, line, None, "each term needs an 'id' of lower-case words joined by hyphens"))
        return None
    before = len(errors)
    english = _words(entry["en"], where, entry.line_of("en"), f"term {ident!r}: 'en'", errors) or ()
    if not entry["note"].strip():
        errors.append(ModelError(where, entry.line_of("note"), ident, "each term needs a 'note' saying what it means",
                                 "term"))
    forms: dict[str, tuple[str, ...]] = {}
    for lang in TRANSLATED:
        if lang not in entry:
            if languages is not None and lang in languages:
                errors.append(ModelError(where, line, ident, f"term {ident!r} has no {lang} words, and house {house} "
                                                             f"publishes {lang}", "term"))
        elif languages is not None and lang not in languages:
            continue   # kept for when the house publishes it: a language dropped needs no edit of its glossary
        elif (words := _words(entry[lang], where, entry.line_of(lang), f"term {ident!r}: {lang!r}", errors)) is not None:
            forms[lang] = words
    other_senses = _words(entry["other_senses"], where, entry.line_of("other_senses"), "'other_senses'", errors) \
        if "other_senses" in entry else ()
    rules = entry.get("rules", [])
    if not all(isinstance(r, str) and ID_PATTERN.fullmatch(r) for r in rules):
        errors.append(ModelError(where, entry.line_of("rules"), ident, "'rules' must be a list of rule ids", "term"))
    term = Term(ident, english, " ".join(entry["note"].split()), entry.line_of("note"), False, other_senses or (), forms,
                rules=tuple(rules), rules_line=entry.line_of("rules") if "rules" in entry else line, file=where,
                sense=house)
    if (conflict := _shared_term(term, shared)) is not None:
        errors.append(ModelError(where, line, ident, conflict, "term", "term"))
    return term if len(errors) == before else None


def _shared_term(term: Term, shared: Glossary) -> str | None:
    """Why a house's own term is one of the shared glossary's (by its id, or an English form), or None: a
    shared term is said in the shared words in every house, and its meaning at the house is a sense."""
    said = f"give the house's meaning of it under 'senses' ({ENGLISH} and the languages' glossaries say its words)"
    for other in shared:
        if other.id == term.id:
            differ = [f"{lang}: {', '.join(term.forms_in(lang))} / {', '.join(other.forms_in(lang))}"
                      for lang in (SOURCE_LANGUAGE, *term.forms) if set(term.forms_in(lang)) != set(other.forms_in(lang))]
            if differ:
                return (f"is a term of {ENGLISH} (line {other.line}) with other words ({'; '.join(differ)}): "
                        f"a shared term is said one way in every house; {said}")
            return f"is a term of {ENGLISH} already (line {other.line}): {said}"
        if same := [form for form in term.english if other.names(form)]:
            return (f"{same[0]!r} is the shared term {other.id!r} ({ENGLISH}, line {other.line}), whose words every "
                    f"house uses: {said}")
    return None


def _names(data: yamlload.Map, where: str, shared: Glossary, errors: list[ModelError]) -> tuple[tuple[str, int], ...]:
    """``names``: what the house writes as it is in every language, each with its line; never a shared term
    (keeping "pot" as written would leave the shared word unsaid in every string of the house)."""
    if "names" not in data:
        return ()
    given = data["names"]
    words = _words(given, where, data.line_of("names"), "'names'", errors)
    found: dict[str, tuple[str, int]] = {}
    for index, name in enumerate(words or ()):
        line = given.line_of(index)
        if (term := next((term for term in shared if term.names(name)), None)) is not None:
            errors.append(ModelError(where, line, None, f"'names': {name!r} is the shared term {term.id!r}: a term is "
                                                        "translated, never kept as written"))
        elif name.casefold() in found:
            errors.append(ModelError(where, line, None, f"'names': {name!r} is named twice (first on line "
                                                        f"{found[name.casefold()][1]})"))
        else:
            found[name.casefold()] = (name, line)
    return tuple(found.values())
