"""Poker terms in every language's search: never dropped as stopwords, hyphenated forms found.

Sphinx's English stopwords include "all" and "in", so "all-in" (or "all in") searched for nothing.
For each language, the words of a glossary term made only of stopwords stop being stopwords, and a
hyphenated word ("all-in", "buy-in") is indexed joined as well ("allin"), as readers type it.
"""

from __future__ import annotations

import re
from typing import Iterable

from sphinx.search import SearchLanguage, languages
from sphinx.util import import_object

_WORD = re.compile(r"\w+")
_HYPHENATED = re.compile(r"\w+(?:-\w+)+")


def with_poker_terms(lang: str, base: type[SearchLanguage], terms: Iterable[str]) -> type[SearchLanguage]:
    """``base`` for ``lang``, keeping every word of a term that its stopwords would erase whole."""
    erased = {word for term in terms
              if (words := _WORD.findall(term.lower())) and all(word in base.stopwords for word in words)
              for word in words}

    class SearchWithTerms(base):  # type: ignore[misc, valid-type]
        stopwords = frozenset(base.stopwords) - erased

        def split(self, input: str) -> list[str]:
            return super().split(input) + ["".join(_WORD.findall(word)) for word in _HYPHENATED.findall(input)]

    SearchWithTerms.lang = lang
    SearchWithTerms.__name__ = SearchWithTerms.__qualname__ = f"{base.__name__}WithTerms"
    return SearchWithTerms


def search_language(lang: str) -> type[SearchLanguage] | None:
    """The search language Sphinx (or an extension) registered for ``lang``, as a class."""
    found = languages.get(lang)
    return import_object(found) if isinstance(found, str) else found
