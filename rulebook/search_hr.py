"""Croatian search for the site: Sphinx ships no Croatian stemmer.

A light suffix-stripping stemmer, so that "pravila", "pravilo" and "pravilima"
find one another. The Python side stems the index; the same suffix list,
written into the page's JavaScript, stems what the reader types.
"""

from __future__ import annotations

import json

from sphinx.search import SearchLanguage

# Noun, adjective and verb endings, longest first; a stem keeps at least MIN_STEM letters.
SUFFIXES = sorted({
    "ovima", "evima", "ijega", "ijemu", "ijima", "asmo", "aste", "ismo", "iste",
    "ama", "ima", "ovi", "ove", "ova", "evi", "eve", "eva", "oga", "ega", "omu", "emu", "ome", "ijem",
    "iji", "ija", "ije", "iju", "ati", "iti", "eti", "ala", "ali", "alo", "ela", "eli", "elo", "ila", "ili",
    "ilo", "amo", "ate", "aju", "emo", "ete", "imo", "ite", "ena", "eno", "eni", "ene", "ana", "ano",
    "ani", "ane", "om", "em", "og", "oj", "ih", "im", "am", "aš", "eš", "iš", "ju",
    "a", "e", "i", "o", "u",
}, key=lambda suffix: (-len(suffix), suffix))
MIN_STEM = 3

STOPWORDS = frozenset(
    "i u na je se da za od do s sa iz ili a ali kao što koji koja koje ne su biti bi to taj ta ti".split()
)


def stem(word: str) -> str:
    word = word.lower()
    for suffix in SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= MIN_STEM:
            return word[: -len(suffix)]
    return word


class SearchCroatian(SearchLanguage):
    lang = "hr"
    language_name = "Croatian"
    stopwords = STOPWORDS
    js_stemmer_code = """
var Stemmer = function () {
  var suffixes = %s;
  this.stemWord = function (w) {
    w = w.toLowerCase();
    for (var i = 0; i < suffixes.length; i++) {
      var s = suffixes[i];
      if (w.length - s.length >= %d && w.slice(-s.length) === s) {
        return w.slice(0, w.length - s.length);
      }
    }
    return w;
  };
};
""" % (json.dumps(SUFFIXES, ensure_ascii=False), MIN_STEM)

    def stem(self, word: str) -> str:
        return stem(word)
