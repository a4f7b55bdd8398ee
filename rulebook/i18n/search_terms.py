"""Poker terms in every language's search, found however readers type them.

Sphinx's English stopwords include "all" and "in", so "all-in" (or "all in") searched for nothing.
Rather than index every "in" (and highlight it inside every word of the results), a term written
in several words or with hyphens is indexed as one joined word as well ("all-in", "all in" →
"allin"), and the reader's query is joined the same way before it is split: the glossary's
multi-word terms of the language, and any hyphenated word.

Readers also search with words the rules do not use ("comision" for the rake): the glossary's
``search`` words of a term stand for the term's own word in the query.

Phone keyboards rarely give diacritics: every word is folded (accents and cedillas dropped, "đ" as
"d") before it is stemmed, in the index and in the browser alike, so "mana moarta" finds
"mână moartă" and "zetoni" finds "žetoni".
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Iterable, Mapping

from sphinx.search import SearchLanguage, languages
from sphinx.util import import_object

_WORD = re.compile(r"\w+")

# The same folding in the browser: decomposed, combining marks removed, đ as d. It wraps the
# language's stemmer, whatever defined it (Sphinx's Snowball code sets window.Stemmer); Sphinx writes
# the splitter code after the stemmer's, so this goes there.
_FOLD_JS = """
const foldDiacritics = (word) =>
  word.normalize("NFD").replace(/[\\u0300-\\u036f]/g, "").replace(/đ/g, "d").replace(/Đ/g, "D");
const UnfoldedStemmer = window.Stemmer;
window.Stemmer = function () {
  const inner = new UnfoldedStemmer();
  this.stemWord = (word) => inner.stemWord(foldDiacritics(SEARCH_FORMS[word] || word));
};
"""


def fold(word: str) -> str:
    """A word without its diacritics, as readers type it on a phone."""
    decomposed = unicodedata.normalize("NFD", word)
    return "".join(c for c in decomposed if not "\u0300" <= c <= "\u036f").replace("đ", "d").replace("Đ", "D")


# What must be escaped to stand for itself in a pattern read by both Python and JavaScript (whose
# "u" patterns refuse any other escape, such as Python's "\#" for "c#").
_SYNTAX = re.compile(r"[\\^$.*+?()\[\]{}|/]")


def literal(text: str) -> str:
    """``text`` as a pattern matching it literally, in Python and in JavaScript alike."""
    return _SYNTAX.sub(lambda found: "\\" + found.group(), text)


def _phrase_source(terms: Iterable[str]) -> str:
    """One pattern for the terms of two words or more, each word separated by spaces or hyphens."""
    phrases = sorted({tuple(words) for term in terms if len(words := _WORD.findall(term.lower())) > 1},
                     key=lambda words: (-len(words), words))
    return "|".join(r"[\s-]+".join(literal(word) for word in words) for words in phrases)


def _synonym_source(synonyms: dict[str, str]) -> tuple[str, dict[str, str]]:
    """A pattern for the readers' words (with and without diacritics), and each one's term, lower-case."""
    table = {}
    for word, term in sorted(synonyms.items()):
        for spelling in sorted({word.lower(), fold(word).lower()}):
            table[" ".join(re.split(r"[\s-]+", spelling))] = term   # "all-in" and "all in" alike
    words = sorted(table, key=lambda word: (-len(word), word))
    return "|".join(r"[\s-]+".join(literal(part) for part in word.split()) for word in words), table


def with_poker_terms(lang: str, base: type[SearchLanguage], terms: Iterable[str],
                     synonyms: dict[str, str] | None = None, stopwords: frozenset[str] | None = None,
                     numbers: dict[str, str] | None = None,
                     measures: Mapping[str, object] | None = None,
                     forms: Mapping[str, str] | None = None) -> type[SearchLanguage]:
    """``base`` for ``lang``, indexing and querying ``terms`` (and hyphenated words) joined; in the
    query, each of the readers' ``synonyms`` (word → the term's own word) stands for its term.
    ``stopwords`` replace the base's; ``numbers`` (number word → digits) and ``measures`` (the
    words of quantities, lengths of time and comparisons: ``search_words.measures``) go to the page
    for the search of rules (``SEARCH_NUMBERS``, ``SEARCH_MEASURES``); ``forms`` (a word's form
    the language's stemmer does not join to its others → one it does: "shown" → "show") are stemmed
    as that form, in the index and in the query."""
    phrases = _phrase_source(terms)
    synonym_source, synonym_table = _synonym_source(synonyms or {})
    # Python and JavaScript read the same pattern: a phrase of the glossary, or words joined by hyphens.
    source = (f"(?:{phrases})|" if phrases else "") + r"[^\W_]+(?:-[^\W_]+)+"
    python = re.compile(rf"(?<!\w)(?:{source})(?!\w)", re.IGNORECASE)
    javascript = source.replace(r"[^\W_]", r"[\p{L}\p{N}]")
    stems: dict[str, str] = {}
    joined = dict(forms or {})

    class SearchWithTerms(base):  # type: ignore[misc, valid-type]
        js_splitter_code = _FOLD_JS + """
const SEARCH_SYNONYMS = %s;
const SEARCH_NUMBERS = %s;
const SEARCH_MEASURES = %s;
const SEARCH_FORMS = %s;
function splitQuery(query) {
  // The readers' words for a term ("comision") stand for the term's own word ("rake").
  if (SEARCH_SYNONYMS.source) {
    query = query.replace(new RegExp(SEARCH_SYNONYMS.source, "giu"),
      (found, before, word) => before + SEARCH_SYNONYMS.table[word.toLowerCase().split(/[\\s-]+/).join(" ")]);
  }
  // Terms of several words, and hyphenated words, are searched joined, as the index holds them.
  const joined = query.replace(new RegExp(%s, "giu"),
    (found, before, term) => before + term.toLowerCase().split(/[\\s-]+/).join(""));
  return joined.split(/[^\\p{Letter}\\p{Number}_\\p{Emoji_Presentation}]+/gu).filter((term) => term);
}
""" % (json.dumps({"source": rf"(^|[^\p{{L}}\p{{N}}_])({synonym_source})(?=$|[^\p{{L}}\p{{N}}_])"
                   if synonym_source else "", "table": synonym_table}, ensure_ascii=False),
       json.dumps(numbers or {}, ensure_ascii=False, sort_keys=True),
       json.dumps(measures or {}, ensure_ascii=False, sort_keys=True),
       json.dumps(dict(forms or {}), ensure_ascii=False, sort_keys=True),
       json.dumps(rf"(^|[^\p{{L}}\p{{N}}_])({javascript})(?=$|[^\p{{L}}\p{{N}}_])"))

        def stem(self, word: str) -> str:
            # Sphinx stems each word of each page as it meets it; a page repeats its words, and the
            # Snowball stemmers are pure Python: each word's stem is found once.
            if (found := stems.get(word)) is None:
                found = stems[word] = super().stem(fold(joined.get(word.lower(), word)))
            return found

        def split(self, input: str) -> list[str]:
            return super().split(input) + ["".join(_WORD.findall(found)) for found in python.findall(input)]

    SearchWithTerms.lang = lang
    if stopwords is not None:
        SearchWithTerms.stopwords = set(stopwords)
    SearchWithTerms.__name__ = SearchWithTerms.__qualname__ = f"{base.__name__}WithTerms"
    return SearchWithTerms


def search_language(lang: str) -> type[SearchLanguage] | None:
    """The search language Sphinx (or an extension) registered for ``lang``, as a class."""
    found = languages.get(lang)
    return import_object(found) if isinstance(found, str) else found
