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


# -- what a question measures -----------------------------------------------------------------------
#
# "the rake cap with 4 players", "how long may I be away", "paying less than the raise": the words
# that carry such a question are a quantity with its unit, a question asking for a length of time, and
# a comparison, none of which a rule need say in the reader's words ("with 2 to 4 players", "a break
# of 30 minutes", "too few chips"). Each language's words for them, as readers type them (without
# diacritics too: the page folds every word before comparing) and as the rules and their
# translations write them; the browser finds them in the question and in every rule
# (``rule_search.js``).

# The units a number counts, each with its words in the language.
UNITS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {"players": ("player", "players", "people", "persons"),
           "seconds": ("second", "seconds", "sec", "secs"),
           "minutes": ("minute", "minutes", "min", "mins"),
           "hours": ("hour", "hours", "hr", "hrs")},
    "fr": {"players": ("joueur", "joueurs", "personnes"),
           "seconds": ("seconde", "secondes", "sec"),
           "minutes": ("minute", "minutes", "min"),
           "hours": ("heure", "heures")},
    "es": {"players": ("jugador", "jugadores", "personas"),
           "seconds": ("segundo", "segundos", "seg"),
           "minutes": ("minuto", "minutos", "min"),
           "hours": ("hora", "horas")},
    "ro": {"players": ("jucător", "jucători", "jucătorii", "jucătorilor", "persoane", "oameni"),
           "seconds": ("secundă", "secunde", "secundele"),
           "minutes": ("minut", "minute", "minutele", "min"),
           "hours": ("oră", "ore", "orele")},
    "hr": {"players": ("igrač", "igrača", "igrači", "igračima", "osobe", "ljudi"),
           "seconds": ("sekunda", "sekunde", "sekundi"),
           "minutes": ("minuta", "minute", "minuti"),
           "hours": ("sat", "sata", "sati")},
}
# The units of a length of time (which a question asking "how long" asks for), each in seconds:
# "two hours" is "120 minutes".
TIME_UNITS = {"seconds": 1, "minutes": 60, "hours": 3600}

# Words that may stand between a number and its unit ("30 de secunde").
BEFORE_UNIT: dict[str, tuple[str, ...]] = {"ro": ("de",)}

# Words joining the two ends of a range of numbers ("2 to 4 players", "od 2 do 4 igrača"); a dash
# between two numbers joins them in every language.
THROUGH: dict[str, tuple[str, ...]] = {
    "en": ("to", "through"),
    "fr": ("à", "a"),
    "es": ("a", "y"),
    "ro": ("până", "la", "și", "şi"),
    "hr": ("do", "i"),
}

# Questions asking for a length of time.
HOW_LONG: dict[str, tuple[str, ...]] = {
    "en": ("how long", "how much time", "for how long"),
    "fr": ("combien de temps", "pendant combien de temps", "quelle durée", "combien dure"),
    "es": ("cuánto tiempo", "por cuánto tiempo", "cuánto dura", "cuánto duran"),
    "ro": ("cât timp", "cât durează", "pentru cât timp"),
    "hr": ("koliko dugo", "koliko vremena", "koliko traje", "koliko traju"),
}

# Comparisons: the words saying "less" and "more" of something, phrases included.
LESS: dict[str, tuple[str, ...]] = {
    "en": ("less", "less than", "fewer", "fewer than", "too few", "too little", "short of", "smaller",
           "below", "underpay", "underpaid", "underpays"),
    "fr": ("moins", "moins de", "moins que", "trop peu", "insuffisant", "insuffisante", "insuffisants",
           "inférieur", "inférieure", "en dessous"),
    "es": ("menos", "menos de", "menos que", "muy pocas", "muy pocos", "demasiado pocas", "demasiado pocos",
           "insuficiente", "insuficientes", "inferior", "por debajo"),
    "ro": ("mai puțin", "mai puține", "mai puțini", "prea puțin", "prea puține", "prea puțini",
           "insuficient", "insuficientă", "insuficiente", "mai mic", "mai mică", "sub"),
    "hr": ("manje", "manje od", "premalo", "nedovoljno", "nedovoljan", "nedovoljna", "manji", "manja", "ispod"),
}
MORE: dict[str, tuple[str, ...]] = {
    "en": ("more than", "too many", "too much", "larger", "bigger", "greater", "higher", "above", "exceeds"),
    "fr": ("plus de", "plus que", "trop de", "davantage", "supérieur", "supérieure", "au-dessus"),
    "es": ("más de", "más que", "demasiadas", "demasiados", "superior", "por encima", "mayor"),
    "ro": ("mai mult", "mai multe", "mai mulți", "prea mult", "prea multe", "peste", "mai mare"),
    "hr": ("više", "više od", "previše", "veći", "veća", "iznad"),
}
# A negation shortly before "enough" says "less" ("not enough chips", "ne stavi dovoljan broj").
NOT: dict[str, tuple[str, ...]] = {
    "en": ("not", "no", "never", "didn't", "doesn't", "isn't", "without"),
    "fr": ("pas", "ne", "n", "sans"),
    "es": ("no", "sin"),
    "ro": ("nu", "fără"),
    "hr": ("ne", "nije", "nisu", "nema", "bez"),
}
ENOUGH: dict[str, tuple[str, ...]] = {
    "en": ("enough", "sufficient"),
    "fr": ("assez", "suffisamment", "suffisant", "suffisante"),
    "es": ("suficiente", "suficientes", "bastante", "bastantes"),
    "ro": ("destul", "destule", "destui", "suficient", "suficiente"),
    "hr": ("dovoljno", "dovoljan", "dovoljna", "dovoljni"),
}


def measures(lang: str) -> dict[str, object]:
    """What a question in ``lang`` measures, for the page (``SEARCH_MEASURES``): its units, the
    words around numbers, the questions asking how long, and the words comparing."""
    return {"units": UNITS.get(lang, {}), "time": TIME_UNITS, "before_unit": BEFORE_UNIT.get(lang, ()),
            "through": THROUGH.get(lang, ()), "how_long": HOW_LONG.get(lang, ()),
            "less": LESS.get(lang, ()), "more": MORE.get(lang, ()),
            "not": NOT.get(lang, ()), "enough": ENOUGH.get(lang, ())}


# Forms the language's stemmer leaves apart from the rest of their word (English irregular verbs:
# "shown" is not stemmed as "show", nor "dealt" as "deal"; "left" is not "leave", being also the side
# of the table), each with a form it stems as the others:
# "are the cards shown" finds "showing the cards". Stemmed so in the index and in the question alike.
FORMS: dict[str, dict[str, str]] = {
    "en": {"shown": "show", "showed": "show", "dealt": "deal", "paid": "pay", "came": "come",
           "lost": "lose", "won": "win", "took": "take", "taken": "take", "gave": "give",
           "given": "give", "sat": "sit", "held": "hold", "threw": "throw",
           "thrown": "throw", "fell": "fall", "fallen": "fall", "went": "go", "gone": "go", "saw": "see",
           "seen": "see", "chose": "choose", "chosen": "choose", "broke": "break", "broken": "break",
           "misdealt": "misdeal", "spoke": "speak", "spoken": "speak", "said": "say", "told": "tell",
           "got": "get", "gotten": "get", "bought": "buy", "began": "begin", "begun": "begin",
           "ran": "run", "hid": "hide", "hidden": "hide"},
    # Snowball's French stems "payé" folded ("paye") apart from "payer", "paie": every form as "paye".
    "fr": {"payer": "paye", "paie": "paye", "payez": "paye", "payons": "paye", "payent": "paye",
           "paient": "paye", "payait": "paye", "payera": "paye"},
}


def stem_forms(lang: str) -> dict[str, str]:
    """The forms of ``lang`` stemmed as another (``FORMS``), with and without diacritics."""
    return {fold(word): form for word, form in FORMS.get(lang, {}).items()} | FORMS.get(lang, {})
