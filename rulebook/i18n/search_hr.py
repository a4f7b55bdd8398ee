"""Croatian search for the site: Sphinx ships no Croatian stemmer.

A light suffix-stripping stemmer, so that "pravila", "pravilo" and "pravilima"
find one another. The Python side stems the index; the same suffix list,
written into the page's JavaScript, stems what the reader types.
"""

from __future__ import annotations

import json
import re

from sphinx.search import SearchLanguage

# Noun, adjective and verb endings, longest first; a stem keeps at least MIN_STEM letters.
SUFFIXES = sorted({
    "ovima", "evima", "ijega", "ijemu", "ijima", "asmo", "aste", "ismo", "iste",
    "ujemo", "ujete", "ujem", "uješ", "uju", "uje",   # the present of verbs in -ovati/-ati ("pokazuju", "pokazati")
    "ama", "ima", "ovi", "ove", "ova", "evi", "eve", "eva", "oga", "ega", "omu", "emu", "ome", "ijem",
    "iji", "ija", "ije", "iju", "ati", "iti", "eti", "ala", "ali", "alo", "ela", "eli", "elo", "ila", "ili",
    "ilo", "amo", "ate", "aju", "emo", "ete", "imo", "ite", "ena", "eno", "eni", "ene", "ana", "ano",
    "ani", "ane", "om", "em", "og", "oj", "ih", "im", "am", "aš", "eš", "iš", "ju",
    "a", "e", "i", "o", "u",
}, key=lambda suffix: (-len(suffix), suffix))
MIN_STEM = 3
# The past participle's endings (-la, -li, -lo) also end nouns ("pravila", "dijeli"): they are taken
# off only a longer word, so "pravila" stays with "pravilo" and "dijeli" with "dijeliti".
PARTICIPLE = frozenset({"ala", "ali", "alo", "ela", "eli", "elo", "ila", "ili", "ilo"})
MIN_PARTICIPLE_STEM = 5

# An adjective's short form keeps a vowel its other forms drop ("minimalan", "minimalni",
# "minimalna"): a long word ending in a consonant (not j) and "an" loses that "a".
FLEETING_A = re.compile(r"(?<=[^aeiouj])a(?=n$)")
MIN_FLEETING = 7

STOPWORDS = frozenset(
    "i u na je se da za od do s sa iz ili a ali kao što koji koja koje ne su biti bi to taj ta ti".split()
)


def stem(word: str) -> str:
    word = word.lower()
    if len(word) >= MIN_FLEETING:
        word = FLEETING_A.sub("", word)
    for suffix in SUFFIXES:
        least = MIN_PARTICIPLE_STEM if suffix in PARTICIPLE else MIN_STEM
        if word.endswith(suffix) and len(word) - len(suffix) >= least:
            stemmed = word[: -len(suffix)]
            # A plural in -zi is a noun in -g ("ulozi", "ulog"): sibilarisation undone.
            return stemmed[:-1] + "g" if suffix == "i" and stemmed.endswith("z") else stemmed
    return word


class SearchCroatian(SearchLanguage):
    lang = "hr"
    language_name = "Croatian"
    stopwords = STOPWORDS
    js_stemmer_code = """
var Stemmer = function () {
  var suffixes = %s;
  var participle = %s;
  this.stemWord = function (w) {
    w = w.toLowerCase();
    if (w.length >= %d) w = w.replace(/(?<=[^aeiouj])a(?=n$)/, "");
    for (var i = 0; i < suffixes.length; i++) {
      var s = suffixes[i];
      var least = participle.indexOf(s) >= 0 ? %d : %d;
      if (w.length - s.length >= least && w.slice(-s.length) === s) {
        var stemmed = w.slice(0, w.length - s.length);
        return s === "i" && stemmed.slice(-1) === "z" ? stemmed.slice(0, -1) + "g" : stemmed;
      }
    }
    return w;
  };
};
""" % (json.dumps(SUFFIXES, ensure_ascii=False), json.dumps(sorted(PARTICIPLE)), MIN_FLEETING, MIN_PARTICIPLE_STEM, MIN_STEM)

    def stem(self, word: str) -> str:
        return stem(word)
