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

from rulebook import yamlload
from rulebook.memo import digest
from rulebook.errors import ModelError
from rulebook.model import ID_PATTERN

ENGLISH = "locales/glossary.yaml"
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def language_file(lang: str) -> str:
    return f"locales/{lang}/glossary.yaml"


def without_placeholders(text: str) -> str:
    """Placeholders are values, never words: ``{pot}`` is not the word "pot"."""
    return _PLACEHOLDER.sub(" \u25a1 ", text)  # a mark, not a word: "{a} y {b} y" has no "y y"


def phrase_pattern(forms: tuple[str, ...]) -> re.Pattern:
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


@dataclass(frozen=True)
class Glossary:
    terms: tuple[Term, ...]
    loanwords: dict[str, frozenset[str]]   # per language, lower-case
    apostrophes: dict[str, str] = field(default_factory=dict)   # the one apostrophe each language writes
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
                                           repr(sorted(self.apostrophes.items())))
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


def _words(data: Any, where: str, line: int, what: str) -> tuple[str, ...]:
    if not isinstance(data, list) or not data or not all(isinstance(v, str) and v.strip() for v in data):
        raise ModelError(where, line, None, f"{what} must be a list of words")
    for word in data:
        if "*" in word or any(c in word for c in "<>&\"`{}"):
            raise ModelError(where, line, None, f"{what}: {word!r} must be a whole word, without '*' or markup")
    return tuple(" ".join(word.split()) for word in data)


def _mapping(data: Any, where: str, what: str) -> yamlload.Map:
    if not isinstance(data, yamlload.Map):
        raise ModelError(where, getattr(data, "line", 1), None, f"{what} must be a mapping")
    return data


def load_glossary(root: Path, languages: tuple[str, ...]) -> Glossary:
    """The glossary, strictly: every term needs its forms in every language."""
    data = _mapping(yamlload.load(root / ENGLISH, ENGLISH), ENGLISH, "the glossary")
    entries = data.get("terms")
    if not isinstance(entries, list) or set(data) != {"terms"}:
        raise ModelError(ENGLISH, 1, None, "the glossary has one key, 'terms', listing the terms")
    english: dict[str, tuple[int, yamlload.Map]] = {}
    for index, entry in enumerate(entries):
        line = entries.line_of(index)
        entry = _mapping(entry, ENGLISH, "each term")
        unknown = set(entry) - {"id", "en", "note", "keep", "other_senses", "search", "rules", "house_notes"}
        if unknown:
            raise ModelError(ENGLISH, line, None, f"unknown key(s) {', '.join(sorted(unknown))} in a term")
        ident = entry.get("id")
        if not isinstance(ident, str) or not ID_PATTERN.fullmatch(ident):
            raise ModelError(ENGLISH, line, None, "each term needs an 'id' of lower-case words joined by hyphens")
        if ident in english:
            raise ModelError(ENGLISH, line, ident, f"duplicate term id (first on line {english[ident][0]})", "term")
        if not isinstance(entry.get("note"), str) or not entry["note"].strip():
            raise ModelError(ENGLISH, line, ident, "each term needs a 'note' saying what it means", "term")
        _words(entry.get("en"), ENGLISH, entry.line_of("en"), f"term {ident!r}: 'en'")
        house_notes = entry.get("house_notes", {})
        if not isinstance(house_notes, dict) or not all(
                isinstance(h, str) and ID_PATTERN.fullmatch(h) and isinstance(n, str) and n.strip()
                for h, n in house_notes.items()):
            raise ModelError(ENGLISH, entry.line_of("house_notes"), ident, "'house_notes' maps a house id to the "
                             "term's meaning at that house", "term")
        rules = entry.get("rules", [])
        if not isinstance(rules, list) or not all(isinstance(r, str) and ID_PATTERN.fullmatch(r) for r in rules):
            raise ModelError(ENGLISH, entry.line_of("rules"), ident, "'rules' must be a list of rule ids", "term")
        english[ident] = (line, entry)
    forms: dict[str, dict[str, tuple[str, ...]]] = {ident: {} for ident in english}
    avoid: dict[str, dict[str, tuple[str, ...]]] = {ident: {} for ident in english}
    search: dict[str, dict[str, tuple[str, ...]]] = {
        ident: {"en": _words(entry["search"], ENGLISH, entry.line_of("search"), f"term {ident!r}: 'search'")}
        for ident, (_, entry) in english.items() if "search" in entry}
    loanwords: dict[str, frozenset[str]] = {}
    apostrophes: dict[str, str] = {}
    for lang in languages:
        where = language_file(lang)
        local = _mapping(yamlload.load(root / where, where), where, "a language's glossary")
        unknown = set(local) - {"terms", "avoid", "loanwords", "search", "apostrophe"}
        if unknown:
            raise ModelError(where, 1, None, f"unknown key(s) {', '.join(sorted(unknown))} "
                                             "(known: apostrophe, avoid, loanwords, search, terms)")
        apostrophes[lang] = local.get("apostrophe", "'")
        if apostrophes[lang] not in ("'", "\u2019"):
            raise ModelError(where, local.line_of("apostrophe"), None, "apostrophe must be ' or \u2019")
        terms = _mapping(local.get("terms"), where, "'terms'")
        for ident, words in terms.items():
            if ident not in english:
                raise ModelError(where, terms.line_of(ident), None, f"{ident!r} is not a term of {ENGLISH}")
            forms[ident][lang] = _words(words, where, terms.line_of(ident), f"term {ident!r}")
        for ident in english:
            if ident not in terms:
                raise ModelError(where, terms.line, ident, f"term {ident!r} has no {lang} forms", "term")
        avoided = _mapping(local.get("avoid", yamlload.Map()), where, "'avoid'") if "avoid" in local else {}
        for ident, words in avoided.items():
            if ident not in english:
                raise ModelError(where, avoided.line_of(ident), None, f"{ident!r} is not a term of {ENGLISH}")
            avoid[ident][lang] = _words(words, where, avoided.line_of(ident), f"avoid {ident!r}")
        searched = _mapping(local["search"], where, "'search'") if "search" in local else {}
        for ident, words in searched.items():
            if ident not in english:
                raise ModelError(where, searched.line_of(ident), None, f"{ident!r} is not a term of {ENGLISH}")
            search.setdefault(ident, {})[lang] = _words(words, where, searched.line_of(ident), f"search {ident!r}")
        loans = local.get("loanwords", [])
        loanwords[lang] = frozenset(w.lower() for w in _words(loans, where, local.line_of("loanwords"), "'loanwords'")) \
            if loans else frozenset()
    terms_out = []
    for ident, (line, entry) in english.items():
        terms_out.append(Term(
            ident, tuple(" ".join(w.split()) for w in entry["en"]), " ".join(entry["note"].split()),
            entry.line_of("note"), bool(entry.get("keep")),
            _words(entry["other_senses"], ENGLISH, entry.line_of("other_senses"), "'other_senses'")
            if "other_senses" in entry else (),
            forms[ident], avoid[ident], search.get(ident, {}), tuple(entry.get("rules", ())),
            entry.line_of("rules") if "rules" in entry else line,
            {house: " ".join(note.split()) for house, note in entry.get("house_notes", {}).items()},
        ))
    return Glossary(tuple(terms_out), loanwords, apostrophes)
