"""Checks of one msgstr against its msgid: digits, markup, terminology.

Pure functions of two strings (and the glossary), so the drift gate can run
them over every catalog in a fraction of a second.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from rulebook import yamlload
from rulebook.errors import ModelError

_DIGITS = re.compile(r"\d+")
_MARKUP = re.compile(
    r"<\s*/?\s*[A-Za-z][^>]*>"          # HTML tags
    r"|&[A-Za-z]+;|&#\d+;"               # HTML entities
    r"|(?:^|\s)\.\.\s"                   # reST explicit markup (directives, comments, targets)
    r"|[A-Za-z-]+::"                     # directive names
    r"|:[A-Za-z:-]+:`"                   # roles
    r"|`"                                # interpreted text, literals, links
    r"|\*\*|(?<!\w)\*(?=\w)"             # emphasis
    r"|\|[^|\s][^|]*\|"                  # substitutions
    r"|\[#?[\w-]*\]_"                    # footnotes, citations
    r"|(?<=\w)__?(?!\w)"                 # hyperlink references
)


def digits(text: str) -> Counter:
    return Counter(_DIGITS.findall(text))


def digit_problem(msgid: str, msgstr: str) -> str | None:
    """Numbers belong in placeholders: a msgstr may not add or drop a digit sequence."""
    source, translated = digits(msgid), digits(msgstr)
    if source == translated:
        return None
    added = sorted((translated - source).elements())
    lost = sorted((source - translated).elements())
    parts = []
    if added:
        parts.append(f"adds the number(s) {', '.join(added)}")
    if lost:
        parts.append(f"drops the number(s) {', '.join(lost)}")
    return " and ".join(parts) + " (numbers come from placeholders)"


def markup(text: str) -> set[str]:
    return {match.group().strip() for match in _MARKUP.finditer(text)}


def markup_problem(msgid: str, msgstr: str) -> str | None:
    """A translation is text: markup its msgid does not have is an error."""
    extra = markup(msgstr) - markup(msgid)
    if not extra:
        return None
    return f"adds markup {', '.join(sorted(extra))} (translations are plain text)"


@dataclass(frozen=True)
class Term:
    english: tuple[str, ...]
    forms: dict[str, tuple[str, ...]]
    keep: bool
    note: str
    line: int

    @property
    def context(self) -> str:
        return "glossary." + "-".join(self.english[0].lower().split())

    def shown(self, lang: str) -> str:
        """The term as a reader sees it: the first form, without its stem mark."""
        forms = self.english if lang == "en" else self.forms[lang]
        return " ".join(word.rstrip("*") for word in forms[0].split())

    def used_in(self, english_text: str) -> bool:
        return any(_pattern(form, english=True).search(english_text) for form in self.english)

    def rendered_in(self, lang: str, text: str) -> bool:
        return any(_pattern(form).search(text) for form in self.forms.get(lang, ()))


def _pattern(form: str, english: bool = False) -> re.Pattern:
    words = []
    for word in form.split():
        stem = word.rstrip("*")
        words.append(re.escape(stem) + (r"\w*" if word.endswith("*") else ""))
    return re.compile(r"(?<!\w)" + r"[\s-]+".join(words) + r"(?!\w)", re.IGNORECASE)


def load_glossary(path: Path, languages: tuple[str, ...]) -> list[Term]:
    """The glossary, strictly: every term needs a form in every language."""
    name = "locales/glossary.yaml"
    data = yamlload.load(path, name)
    if not isinstance(data, dict) or not isinstance(data.get("terms"), list):
        raise ModelError(name, 1, None, "the glossary needs a list under 'terms'")
    terms = []
    for index, entry in enumerate(data["terms"]):
        line = data["terms"].line_of(index)
        if not isinstance(entry, dict):
            raise ModelError(name, line, None, "each term must be a mapping")
        unknown = set(entry) - {"en", "keep", "note", *languages}
        if not isinstance(entry.get("note"), str):
            raise ModelError(name, line, None, "each term needs a 'note' saying what it means")
        if unknown:
            raise ModelError(name, line, None, f"unknown key(s) {', '.join(sorted(unknown))} in a term")
        forms = {}
        for lang in ("en", *languages):
            value = entry.get(lang)
            if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
                raise ModelError(name, line, None, f"term needs a list of '{lang}' forms")
            forms[lang] = tuple(value)
        terms.append(Term(forms.pop("en"), forms, bool(entry.get("keep")), " ".join(entry["note"].split()),
                          entry.line_of("note")))
    return terms


def glossary_problems(terms: list[Term], lang: str, msgid: str, msgstr: str) -> list[str]:
    problems = []
    for term in terms:
        if term.used_in(msgid) and not term.rendered_in(lang, msgstr):
            wanted = " / ".join(term.forms[lang])
            problems.append(f"'{term.english[0]}' must be translated as {wanted}")
    return problems
