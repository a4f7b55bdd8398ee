"""How a question typed at the table is read: its function words left out, its numbers as readers write them.

People type questions ("cat e straddle la 2/5", "koliko traje time"), not terms. The words that only
make the sentence (interrogatives, articles, prepositions, auxiliaries) come from a maintained list:
Snowball's, which Sphinx ships for English, French and Spanish, and stopwords-iso for Romanian and
Croatian, which Snowball has none for. Neither list knows poker: a word that is a poker term in the
language ("pot", "all", "in", "time") or a number stays a word, and so do the few everyday words a
general list drops that carry the question at a card table (``KEPT``). ``ADDED`` holds the question
words a list lacks.

A number is searched as readers write it, in digits and in words: "four" also finds "4", and "4"
also finds "četiri". One is left out: its words are the articles ("un", "o", "una").
"""

from __future__ import annotations

from collections.abc import Iterable

import stopwordsiso

from rulebook.i18n.search_terms import fold

# Languages whose Sphinx search already carries Snowball's stop list.
SNOWBALL = frozenset({"en", "fr", "es"})

# Question words the maintained list lacks.
ADDED: dict[str, frozenset[str]] = {
    "en": frozenset("can may must need happens happen get got ok okay what's whats much many long"
                    " someone somebody anyone nobody".split()),
    "fr": frozenset("combien quel quelle quels quelles quoi comment pourquoi quand où est-ce peut peux"
                    " faut dois doit estce atil".split()),   # "est-ce", "a-t-il", searched joined
    "es": frozenset("cuánto cuánta cuántos cuántas cuanto cuanta cuantos cuantas qué cuál cuáles cómo"
                    " cuándo dónde quién quiénes puedo puede hay pasa tengo".split()),
    "ro": frozenset("cât câte câți cum ce cine când unde poți trebuie".split()),
    "hr": frozenset("tko što sto koliko koliki kolika koliko kome čemu zašto gdje kad mogu smijem smije"
                    " li ide".split()),
}

# Words a general list drops that are the question's point at a card table (or poker terms that are
# not glossary terms in that language).
KEPT: dict[str, frozenset[str]] = {
    "en": frozenset("first last before after off out over under up down".split()),
    "fr": frozenset(),
    "es": frozenset(),
    "ro": frozenset("pot timp nou noua nouă mare prima primul fata spate mod ori".split()),
    "hr": frozenset("nema".split()),
}

# Number words, 2 to 12 and the round numbers rules quote, each with its digits; none that is also
# another word as phones type it (ro "nouă", nine and new; hr "sto", a hundred and "što").
NUMBERS: dict[str, dict[str, str]] = {
    "en": {"two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8",
           "nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "twenty": "20", "thirty": "30",
           "fifty": "50", "sixty": "60", "hundred": "100"},
    "ro": {"doi": "2", "două": "2", "doua": "2", "trei": "3", "patru": "4", "cinci": "5", "șase": "6",
           "sase": "6", "şase": "6", "șapte": "7", "sapte": "7", "opt": "8",
           "zece": "10", "unsprezece": "11", "doisprezece": "12", "douăzeci": "20", "douazeci": "20",
           "treizeci": "30", "cincizeci": "50", "șaizeci": "60", "saizeci": "60", "sută": "100", "suta": "100"},
    "fr": {"deux": "2", "trois": "3", "quatre": "4", "cinq": "5", "six": "6", "sept": "7", "huit": "8",
           "neuf": "9", "dix": "10", "onze": "11", "douze": "12", "vingt": "20", "trente": "30",
           "cinquante": "50", "soixante": "60", "cent": "100"},
    "es": {"dos": "2", "tres": "3", "cuatro": "4", "cinco": "5", "seis": "6", "siete": "7", "ocho": "8",
           "nueve": "9", "diez": "10", "once": "11", "doce": "12", "veinte": "20", "treinta": "30",
           "cincuenta": "50", "sesenta": "60", "cien": "100"},
    "hr": {"dva": "2", "dvije": "2", "tri": "3", "četiri": "4", "cetiri": "4", "pet": "5", "šest": "6",
           "sest": "6", "sedam": "7", "osam": "8", "devet": "9", "deset": "10", "jedanaest": "11",
           "dvanaest": "12", "dvadeset": "20", "trideset": "30", "pedeset": "50", "šezdeset": "60",
           "sezdeset": "60"},   # not "sto" (100): "što" typed without its caron
}


def question_stopwords(lang: str, own: Iterable[str], poker_words: Iterable[str]) -> frozenset[str]:
    """The words a question in ``lang`` is searched without: the maintained list (``own``, the
    language's Snowball list, where it has one), the question words it lacks, less the poker words
    (``poker_words``, the glossary's words in the language), the numbers and ``KEPT``; each also
    without its diacritics, as phones type it."""
    listed = set(own) if lang in SNOWBALL else set(own) | set(stopwordsiso.stopwords(lang))
    listed |= ADDED.get(lang, frozenset())
    listed = {word.lower() for word in listed} | {fold(word).lower() for word in listed}
    kept = {word.lower() for word in poker_words} | set(NUMBERS.get(lang, {})) | KEPT.get(lang, frozenset())
    kept |= {fold(word) for word in kept}
    return frozenset(word for word in listed if word not in kept)


def number_words(lang: str) -> dict[str, str]:
    """Each number word of ``lang`` (with and without diacritics) and its digits."""
    return {fold(word): digits for word, digits in NUMBERS.get(lang, {}).items()} | NUMBERS.get(lang, {})
