"""Checks of one msgstr against its msgid: digits, markup, terminology, typography.

Pure functions of two strings (and the glossary), so the drift gate can run
them over every catalog in a fraction of a second.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Mapping

from rulebook.i18n.glossary import Glossary, without_placeholders

_DIGITS = re.compile(r"[0-9]+")
# Any character that might be a number other than 0-9: everything past Latin, and the superscripts
# and fractions of Latin-1. Most msgstrs hold none that is numeric, and are read by _DIGITS alone.
_MAYBE_NUMERIC = re.compile(r"[^\x00-\xb1\xb4-\xb8\xba\xbb\xbf-\u024f]")
# Every pattern is linear in the length of the text (benchmarks/bench_adversarial.py): a run of
# letters is tried from its start only, and the spaces of a tag possessively.
_MARKUP = re.compile(
    r"<\s*+/?\s*+[A-Za-z][^>]*>?"       # HTML tags, closed or not
    r"|&[A-Za-z]+;|&#\d+;"               # HTML entities
    r"|(?:^|\s)\.\.\s"                   # reST explicit markup (directives, comments, targets)
    r"|(?<![A-Za-z-])[A-Za-z-]+::"       # directive names
    r"|(?<![A-Za-z:-])[A-Za-z-]*(?P<role>:[A-Za-z:-]+:`)"   # roles
    r"|`"                                # interpreted text, literals, links
    r"|\*\*|(?<!\w)\*(?=\w)"             # emphasis
    r"|\|[^|\s][^|]*\|"                  # substitutions
    r"|\[#?[\w-]*\]_"                    # footnotes, citations
    r"|(?<=\w)__?(?!\w)"                 # hyperlink references
)


def digits(text: str) -> Counter[str]:
    """Every number written in ``text``, as written: a run of digits of any script (0-9, Arabic-Indic,
    full-width, superscript, subscript, circled 1-9…), or one other numeric character (⑳, Ⅻ, ½, 三).
    A translation must not slip a number past the check by writing it in other characters."""
    if not any(char.isnumeric() for char in _MAYBE_NUMERIC.findall(text)):
        return Counter(_DIGITS.findall(text))
    found: Counter[str] = Counter()
    run = ""
    for char in text:
        if unicodedata.digit(char, None) is not None:
            run += char
            continue
        if run:
            found[run] += 1
            run = ""
        if char.isnumeric():
            found[char] += 1
    if run:
        found[run] += 1
    return found


def _shown(number: str) -> str:
    """A number as written, with the value it reads when it is not written in 0-9."""
    if number.isascii():
        return number
    if all(unicodedata.digit(char, None) is not None for char in number):
        return f"{number} ({''.join(str(unicodedata.digit(char)) for char in number).lstrip('0') or '0'})"
    value = unicodedata.numeric(number)
    return f"{number} ({int(value) if value.is_integer() else round(value, 4)})"


def digit_problem(msgid: str, msgstr: str) -> str | None:
    """Numbers belong in placeholders: a msgstr may not add, drop or rewrite a number, in any script."""
    source, translated = digits(msgid), digits(msgstr)
    if source == translated:
        return None
    added = sorted((translated - source).elements())
    lost = sorted((source - translated).elements())
    parts = []
    if added:
        parts.append(f"adds the number(s) {', '.join(map(_shown, added))}")
    if lost:
        parts.append(f"drops the number(s) {', '.join(map(_shown, lost))}")
    return " and ".join(parts) + " (numbers come from placeholders)"


# A character or pair that every kind of markup above needs (a role, its backtick): most texts have
# none, and one search for them is much cheaper than the full pattern.
_MARKUP_HINT = re.compile(r"[<&`*|_]|\.\.|::")


def markup(text: str) -> set[str]:
    if not _MARKUP_HINT.search(text):
        return set()
    return {(match.group("role") or match.group()).strip() for match in _MARKUP.finditer(text)}


def markup_problem(msgid: str, msgstr: str) -> str | None:
    """A translation is text: markup its msgid does not have is an error."""
    extra = markup(msgstr) - markup(msgid)
    if not extra:
        return None
    return f"adds markup {', '.join(sorted(extra))} (translations are plain text)"


def glossary_problems(glossary: Glossary, lang: str, msgid: str, msgstr: str) -> list[str]:
    """A term of the msgid not rendered with the language's words, or rendered with a word to avoid (a
    name the glossary keeps as written is neither)."""
    problems = []
    msgstr = glossary.without_names(msgstr)
    for term in glossary.terms_in(msgid):
        if not term.rendered_in(lang, msgstr):
            wanted = " / ".join(term.forms[lang])
            problems.append(f"'{term.english[0]}' must be translated as {wanted}")
    for term in glossary if glossary.may_avoid(lang, msgstr) else ():
        if (word := term.avoided_in(lang, msgstr)) is not None:
            problems.append(f"{word!r} is not how '{term.english[0]}' is said in this rulebook "
                            f"(use {term.forms[lang][0]!r})")
    return problems


_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


# A passage in quotation marks: a document's own words, which a note quotes as they are written.
_QUOTED = re.compile(r'"([^"]{1,200})"|“([^”]{1,200})”|„([^“”]{1,200})[“”]|«\s?([^»]{1,200}?)\s?»')


def _quotations(text: str) -> set[str]:
    return {next(group for group in match.groups() if group is not None).strip() for match in _QUOTED.finditer(text)}


def english_problem(accepted: frozenset[str], msgid: str, msgstr: str, elsewhere: Mapping[str, str] | None = None
                    ) -> str | None:
    """English words of the msgid left in the translation, unless the language accepts them, or both
    quote them (a document's own words, "STRADLLE", "Si call", kept as written). ``elsewhere``: the
    words a house's own glossary accepts where it does not judge, with where it says so (named, so that
    an editor sees why a room's name passes in its strings and not here)."""
    source = {word.lower() for word in _WORD.findall(without_placeholders(msgid))}
    quoted = {word.lower() for passage in _quotations(msgid) for word in _WORD.findall(passage)}
    source -= quoted & {word.lower() for passage in _quotations(msgstr) for word in _WORD.findall(passage)}
    left = []
    for word in _WORD.findall(without_placeholders(msgstr)):
        lower = word.lower()
        if len(lower) >= 3 and lower in source and lower not in accepted and lower not in left:
            left.append(lower)
    if not left:
        return None
    said = f"English word(s) left untranslated: {', '.join(left)} (add accepted loanwords to the language's glossary)"
    kept: dict[str, list[str]] = {}   # where a house's glossary accepts them → the words
    for word in left:
        if found := (elsewhere or {}).get(word):
            kept.setdefault(found, []).append(word)
    if kept:
        said += "; a house's own glossary accepts them for its strings alone: " + "; ".join(
            f"{', '.join(words)} ({where})" for where, words in kept.items())
    return said


_TOKEN = re.compile(r"\w+|[^\w\s]")
MAX_REPEATED_WORDS = 4


def repeated(text: str) -> set[str]:
    """Runs of one to four words typed twice in a row ("the the", "de cartes de cartes"), lower-case.
    Words only: a run broken by punctuation is not repeated. Linear in the text's length."""
    tokens = [match.group().lower() for match in _TOKEN.finditer(without_placeholders(text))]
    found = set()
    for start in range(len(tokens)):
        for size in range(1, MAX_REPEATED_WORDS + 1):
            run = tokens[start:start + size]
            if len(run) < size or not all(token[0].isalnum() or token[0] == "_" for token in run):
                break
            if tokens[start + size:start + 2 * size] == run:
                found.add(" ".join(run))
    return found


def doubled_problem(msgid: str, msgstr: str) -> str | None:
    """A word or a run of words typed twice in a row, unless the English repeats a run as long
    ("pot by pot by the players": "pot par pot par les joueurs")."""
    sizes = {len(run.split()) for run in repeated(msgid)}
    found = {run for run in repeated(msgstr) if len(run.split()) not in sizes}
    return f"repeated word(s): {'; '.join(sorted(found))}" if found else None


APOSTROPHES = ("'", "\u2019")
_APOSTROPHE = re.compile(r"(?<=[^\W\d_])['\u2019](?=[^\W\d_])")


def apostrophe_problem(apostrophe: str, msgstr: str) -> str | None:
    """Each language writes one apostrophe everywhere (French ’, the others '), never a mix."""
    wrong = {match.group() for match in _APOSTROPHE.finditer(msgstr)} - {apostrophe}
    return f"apostrophe {' '.join(sorted(wrong))} where this language writes {apostrophe}" if wrong else None


_NO_BREAK = "\u00a0\u202f"
_FRENCH = re.compile(r"(?P<before>.)(?P<mark>[:;?!»])|(?P<open>«)(?P<after>.)")


def french_typography_problem(msgstr: str) -> str | None:
    """French sets a no-break space before : ; ? ! and inside « », never a plain one."""
    text = without_placeholders(msgstr)
    wrong = []
    for match in _FRENCH.finditer(text):
        if match.group("mark"):
            before, mark = match.group("before"), match.group("mark")
            if mark == ":" and before.isdigit() and text[match.end():match.end() + 1].isdigit():
                continue  # a time of day, 10:30
            if before not in _NO_BREAK:
                wrong.append(mark)
        elif match.group("after") not in _NO_BREAK:
            wrong.append("«")
    if not wrong:
        return None
    return f"no no-break space before {' '.join(dict.fromkeys(wrong))} (French typography)"
