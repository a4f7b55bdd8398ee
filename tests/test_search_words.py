"""What a question measures is each language's data, never the search script's: every language says
how it writes quantities, lengths of time and comparisons, and the script holds none of its words."""

from __future__ import annotations

import re
from pathlib import Path

from rulebook.core.languages import LANGUAGES
from rulebook.i18n.search_words import FORMS, TIME_UNITS, measures

SCRIPT = Path(__file__).parent.parent / "rulebook" / "publish" / "site" / "static" / "rule_search.js"


def test_every_language_says_how_it_measures():
    for lang in LANGUAGES:
        said = measures(lang)
        assert set(said["units"]) == {"players", *TIME_UNITS}, lang
        for kind in ("how_long", "less", "more", "not", "enough", "through"):
            assert said[kind], (lang, kind)


def test_the_search_script_holds_no_word_of_a_language():
    """Readers' words are data (search_words.py, the glossaries): the script compares them, and
    names none (a word of four letters or more of any language's lists)."""
    code = re.sub(r"/\*.*?\*/|(?<![:\\])//[^\n]*", "", SCRIPT.read_text(encoding="utf-8"), flags=re.DOTALL)   # its comments
    strings = " ".join(re.findall(r'"([^"\\n]*)"', code) + re.findall(r"'([^'\\n]*)'", code)).lower()
    words = {word for lang in LANGUAGES for kind, values in measures(lang).items() if kind != "time"
             for value in (values.values() if isinstance(values, dict) else values)
             for phrase in (value if isinstance(value, tuple) else (value,)) for word in phrase.split()
             if len(word) > 3 and word.isalpha()} | {word for forms in FORMS.values() for word in forms}
    kinds = {kind for lang in LANGUAGES for kind in measures(lang)} | {"players", *TIME_UNITS}   # the data's own keys
    assert words and not [word for word in sorted(words - kinds) if re.search(rf"\b{re.escape(word)}\b", strings)]
