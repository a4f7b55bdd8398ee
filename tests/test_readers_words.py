"""No reader's page says how the rulebook or its site is made: not the engine or the program that
works the answers out, not the build, not the tools (Python, Pyodide, Sphinx, JavaScript…). Readers
need to know that an answer follows the rulebook's rules, not what computes it.

Every published page of every house and language is read as a reader meets it: the words on the page
(a browser without scripts shows its ``<noscript>`` too), the words a pointer or a screen reader gets
(``title``, ``alt``, ``aria-label``, ``placeholder``), the description a link preview shows, and the
words the pages' scripts write from their data (the rules the search lists, the search index's titles,
the calculators' labels and messages, the web app's name). The editors' edition (``_build/review``)
may say all of it and is never read here.
"""

from __future__ import annotations

import json
import re
import shutil
import unicodedata
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

from rulebook.i18n.catalogs import LANGUAGES

# The tools and files the site is made with: their names are the same in every language.
TOOLS = ("Python", "Pyodide", "Sphinx", "Furo", "docutils", "JavaScript", "WebAssembly", "YAML", "JSON", "HTML",
         "pokerrules", "msgid", "msgstr", "gettext")

# Each language's words for how it is made, matched whole and in any case ("programată", a chip
# change "scheduled", and the Croatian preposition "kod" are a reader's words, not these).
BUILDERS_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("engine", "engines", "program", "programs", "programme", "software", "script", "scripts", "code",
           "generated", "generator", "build", "built", "compiled", "runtime", "computed by", "consistency check",
           "parameters", "catalog", "source file", "source files"),
    "ro": ("motor", "motorul", "motorului", "motoare", "program", "programul", "programului", "programe",
           "software", "script", "scripturi", "cod", "codul", "generat", "generată", "generate", "compilat",
           "verificarea de consecvență", "parametrii casei"),
    "fr": ("moteur", "moteurs", "programme", "programmes", "logiciel", "logiciels", "script", "scripts", "code",
           "généré", "générée", "générés", "générées", "compilé", "contrôle de cohérence", "paramètres de la salle"),
    "es": ("motor", "motores", "programa", "programas", "software", "script", "scripts", "código", "generado",
           "generada", "generados", "generadas", "compilado", "comprobación de coherencia", "parámetros de la casa"),
    "hr": ("program", "programa", "programom", "programu", "programi", "programe", "softver", "softvera",
           "pokretač", "pokretača", "skripta", "skripte", "generiran", "generirano", "generirana", "generirani",
           "provjera dosljednosti", "parametara kuće"),
}


def _pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    alternatives = sorted((r"\s+".join(map(re.escape, word.split())) for word in words), key=len, reverse=True)
    return re.compile(rf"(?<!\w)(?:{'|'.join(alternatives)})(?!\w)", re.IGNORECASE)


PATTERNS = {lang: _pattern(TOOLS + words) for lang, words in BUILDERS_WORDS.items()}
EVERY_LANGUAGE = _pattern(TOOLS + tuple(word for words in BUILDERS_WORDS.values() for word in words))


class _ReadersText(HTMLParser):
    """A page's words as its readers meet them: the text (a script's or a style's source is not
    text), the attributes a pointer or a screen reader shows, and the description of a link preview."""

    SHOWN = ("title", "alt", "aria-label", "placeholder")
    PREVIEW = ("description", "og:title", "og:description", "og:site_name", "twitter:title", "twitter:description")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.words: list[str] = []
        self._code = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag in ("script", "style"):
            self._code += 1
        self.words += [value for name, value in attrs if name in self.SHOWN and value]
        if tag == "meta" and (attributes.get("name") or attributes.get("property")) in self.PREVIEW:
            self.words.append(attributes.get("content") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._code:
            self._code -= 1

    def handle_data(self, data: str) -> None:
        if not self._code:
            self.words.append(data)


def _page_words(path: Path) -> str:
    parser = _ReadersText()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return " ".join(parser.words)


# What the calculators' and the search's data hold that no reader sees: ids, addresses, the runtime's
# files, the number symbols and each field's own name.
_NOT_SHOWN = {"id", "href", "runtime", "symbols", "name", "kind", "house", "lang"}


def _strings(value: object) -> Iterator[str]:
    """Every string a script may write on the page from this data (dictionary keys are not: the
    calculators' messages are keyed by their English)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in _NOT_SHOWN:
                yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _script_data(path: Path) -> object:
    """The JSON a data script hands to its function (``RuleSearch.setIndex({...});``)."""
    text = path.read_text(encoding="utf-8")
    return json.loads(text[text.index("(") + 1:text.rindex(")")])


def _data_words(path: Path) -> str:
    if path.name == "searchindex.js":
        index = _script_data(path)
        assert isinstance(index, dict)
        return " ".join([*index.get("titles", []), *index.get("alltitles", {})])
    if path.name == "rule_index.js":
        return " ".join(_strings(_script_data(path)))
    data = json.loads(path.read_text(encoding="utf-8"))
    if path.name == "manifest.webmanifest":
        return " ".join(data.get(key, "") for key in ("name", "short_name", "description"))
    return " ".join(_strings(data))


_DATA = ("searchindex.js", "_static/rule_index.js", "_static/calculators.json", "manifest.webmanifest")


def readers_texts(site: Path, folder: str) -> Iterator[tuple[str, str, str]]:
    """(where, language, words) for everything a reader meets in ``folder`` of the published site: a
    house's folder (each language's pages and data), or ``"."``, the site's own root and 404 pages,
    which speak every language."""
    if folder == ".":
        for path in sorted(site.glob("*.html")):
            yield path.name, "*", _page_words(path)
        return
    for language in sorted((site / folder).iterdir()):
        if language.name not in LANGUAGES:
            continue
        for path in sorted(language.rglob("*.html")):
            if "_static" not in path.relative_to(language).parts:
                yield str(path.relative_to(site)), language.name, _page_words(path)
        for name in _DATA:
            for path in [language / name, *sorted((language / "edition").glob(f"*/{name}"))]:
                if path.is_file():
                    yield str(path.relative_to(site)), language.name, _data_words(path)


def builders_words(site: Path, folder: str) -> list[tuple[str, str]]:
    """(where, word) for each word of how the site is made that a reader meets in ``folder``."""
    found = []
    for where, lang, words in readers_texts(site, folder):
        pattern = EVERY_LANGUAGE if lang == "*" else PATTERNS[lang]
        text = unicodedata.normalize("NFC", " ".join(words.split()))
        found += sorted({(where, " ".join(match.group(0).split())) for match in pattern.finditer(text)})
    return found


@pytest.mark.parametrize("folder", ["club", "casino", "."])
def test_no_reader_meets_a_word_of_how_the_site_is_made(built_site, project, folder):
    """Every page, in every language, with its data: the words found, each with where it is."""
    read = {where for where, _, _ in readers_texts(built_site, folder)}
    if folder == ".":
        assert read == {"index.html", "404.html"}
    else:   # each language's pages, its permanent addresses and its data were read
        for lang in project.houses[folder].book.languages:
            assert {f"{folder}/{lang}/{name}" for name in ("index.html", "404.html", "genindex.html", *_DATA)} <= read
            assert any(where.startswith(f"{folder}/{lang}/r/") for where in read), lang
    assert builders_words(built_site, folder) == []


# A real page or data file of each kind, and what is planted in it: (file, old, new).
_PLANTED = [
    ("club/ro/index.html", "<h1>", "<h1>Calculele, făcute de motorul regulilor. "),
    ("club/en/search.html", '<div id="search-results">', "<noscript><p>Turn JavaScript on.</p></noscript>"
                                                       '<div id="search-results">'),
    ("club/fr/calculators.html", "<article", '<article aria-label="Calculs du moteur"'),
    ("club/hr/r/1.1.html", '<meta name="description" content="', '<meta name="description" content="Radi program. '),
    ("club/en/_static/calculators.json", '"failed":"', '"failed":"The engine could not start. '),
    ("club/es/_static/rule_index.js", '"title":"', '"title":"El motor: '),
    ("casino/en/searchindex.js", '"titles":["', '"titles":["Built with Sphinx: '),
    ("casino/fr/manifest.webmanifest", '"description": "', '"description": "Site généré. '),
    ("404.html", "<h1>", "<h1>Python "),
]
_FOUND = {("club/ro/index.html", "motorul"), ("club/en/search.html", "JavaScript"),
          ("club/fr/calculators.html", "moteur"), ("club/hr/r/1.1.html", "program"),
          ("club/en/_static/calculators.json", "engine"), ("club/es/_static/rule_index.js", "motor"),
          ("casino/en/searchindex.js", "Built"), ("casino/en/searchindex.js", "Sphinx"),
          ("casino/fr/manifest.webmanifest", "généré"), ("404.html", "Python")}
# Where a reader never meets a word (a script's source, a comment, a class, an id the search links
# to), and a reader's own words that look like one: none of these is found.
_UNSEEN = [
    ("club/ro/index.html", "</body>", "<script>const engine = 'Pyodide';</script><!-- built by Sphinx -->"
                                      '<p class="engine">La o schimbare programată a jetoanelor.</p></body>'),
    ("club/hr/r/1.1.html", "<p>", "<p>Kod string beta vrijedi samo prvi pokret. "),
    ("club/es/_static/rule_index.js", '"id":"', '"id":"motor-'),
]


def test_a_planted_word_is_found_wherever_a_reader_meets_it(built_site, tmp_path):
    """A copy of real pages and data of each kind: clean as published, then each planted with a word
    of how the site is made (in its text, its <noscript>, an attribute, a link preview's description,
    the calculators' and the search's data, the web app's description, the root 404 page) is named
    with its page; words where no reader meets them, and readers' words alike, are not."""
    site = tmp_path / "site"
    for where, _, _ in _PLANTED + _UNSEEN:
        if not (site / where).exists():
            (site / where).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(built_site / where, site / where)
    folders = ("club", "casino", ".")
    assert [found for folder in folders for found in builders_words(site, folder)] == []
    for where, old, new in _UNSEEN + _PLANTED:
        text = (site / where).read_text(encoding="utf-8")
        assert old in text, (where, old)
        (site / where).write_text(text.replace(old, new, 1), encoding="utf-8")
    assert {found for folder in folders for found in builders_words(site, folder)} == _FOUND
