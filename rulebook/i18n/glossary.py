"""The glossary: the card room's poker terms and the words each language must use for them.

``locales/glossary.yaml`` lists each term once, in English, with its meaning;
``locales/<lang>/glossary.yaml`` gives that language's accepted forms of each
term as whole words (every inflected form listed: no stems), the words a
translation must avoid (the seeds' machine-translation mistakes), and the
English words the language accepts as its own (loanwords, cognates). The
format is documented in ``locales/README.md``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Collection

from rulebook.core import yamlload
from rulebook.core.errors import ModelError, ModelErrors
from rulebook.core.languages import LANGUAGES
from rulebook.core.memo import digest
from rulebook.core.records import ID_PATTERN
from rulebook.core.schema import GlossaryRecord, LanguageGlossaryRecord, TermRecord, problems, unknown_keys

ENGLISH = "locales/glossary.yaml"
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def language_file(lang: str) -> str:
    return f"locales/{lang}/glossary.yaml"


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


@dataclass(frozen=True)
class Term:
    id: str
    english: tuple[str, ...]
    note: str
    line: int
    keep: bool = False
    other_senses: tuple[str, ...] = ()      # English phrases where a form means something else
    forms: dict[str, tuple[str, ...]] = field(default_factory=dict)
    avoid: dict[str, tuple[str, ...]] = field(default_factory=dict)
    search: dict[str, tuple[str, ...]] = field(default_factory=dict)   # words readers search for it with
    rules: tuple[str, ...] = ()             # the rules that say what it is: a house's first one it publishes
    rules_line: int = 0
    house_notes: dict[str, str] = field(default_factory=dict)   # a house's own meaning, where the houses differ
    house_notes_lines: dict[str, int] = field(default_factory=dict)   # where each house's meaning is

    @property
    def context(self) -> str:
        return f"glossary.{self.id}"

    def note_for(self, house: str) -> tuple[str, str]:
        """(context, English meaning) of the term in a house's glossary: its own where it has one."""
        if house in self.house_notes:
            return f"{self.context}.{house}", self.house_notes[house]
        return self.context, self.note

    def messages(self) -> list[tuple[int, str, str, list[str]]]:
        """(line, context, English, translator's comments) of each meaning to translate."""
        comment = [f"glossary term '{self.english[0]}'"]
        return [(self.line, self.context, self.note, comment)] + [
            (self.line, f"{self.context}.{house}", note, [*comment, f"its meaning at house {house}"])
            for house, note in sorted(self.house_notes.items())]

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


@dataclass(frozen=True)
class Glossary:
    terms: tuple[Term, ...]
    loanwords: dict[str, frozenset[str]]   # per language, lower-case
    apostrophes: dict[str, str] = field(default_factory=dict)   # the one apostrophe each language writes
    # How readers ask about a rule, in their words, per language: rule id → phrases (the search's).
    asked: dict[str, dict[str, tuple[str, ...]]] = field(default_factory=dict)
    asked_lines: dict[tuple[str, str], tuple[str, int]] = field(default_factory=dict)   # (lang, rule) → file, line
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
                                           repr(sorted((lang, sorted(asked.items())) for lang, asked in self.asked.items())))
        return self._cache["digest"]

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
        """The terms an English text uses (the same msgid is judged in every language)."""
        key = ("used", english_text)
        if key not in self._cache:
            self._cache[key] = tuple(term for term in self.terms if term.used_in(english_text))
        return self._cache[key]


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
        errors.append(ModelError(ENGLISH, line, None, f"unknown key(s) {', '.join(sorted(map(str, unknown)))} in a term"))
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
    house_notes = entry.get("house_notes", {})
    if not isinstance(house_notes, dict) or not all(
            isinstance(h, str) and ID_PATTERN.fullmatch(h) and isinstance(n, str) and n.strip()
            for h, n in house_notes.items()):
        errors.append(ModelError(ENGLISH, entry.line_of("house_notes"), ident, "'house_notes' maps a house id to the "
                                 "term's meaning at that house", "term"))
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
            {house: " ".join(note.split()) for house, note in entry.get("house_notes", {}).items()},
            {house: entry["house_notes"].line_of(house) for house in entry.get("house_notes", {})},
        ))
    asked |= {lang: found.asked for lang, found in local.items() if found.asked}
    return Glossary(tuple(terms), {lang: found.loanwords for lang, found in local.items()},
                    {lang: found.apostrophe for lang, found in local.items()},
                    {lang: {rule: phrases for rule, (phrases, _) in by_rule.items()} for lang, by_rule in asked.items()},
                    {(lang, rule): (ENGLISH if lang == "en" else language_file(lang), line)
                     for lang, by_rule in asked.items() for rule, (_, line) in by_rule.items()})
