"""No English on a page in another language, and no escaped markup on any page.

Every HTML page of both houses' built site is read as a reader meets it: its text (the ``<noscript>``
notices and the SVG icons' titles among it) and the attributes a browser shows or reads aloud
(``alt``, ``title``, ``aria-label``, ``placeholder``), and the strings inlined for the search's
JavaScript (``_static/translations.js``). They are held against the English that the theme (Furo),
Sphinx and our own templates can write, gathered from their sources rather than typed here. A string
of that list may stand on a page of another language only where that language's catalog (ours, or
Sphinx's) says it is written the same ("Index" in French); an element marked ``lang="en"`` (English
named in the language switcher, the glossary's English column) is English on purpose.
"""

from __future__ import annotations

import gettext
import json
import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import yaml
from babel.messages.pofile import read_po

from rulebook.i18n.catalogs import LANGUAGES
from rulebook.i18n.theme_strings import NO_RESULTS, SPHINX_NO_RESULTS
from tests.conftest import ROOT

SHOWN_ATTRIBUTES = ("alt", "title", "aria-label", "placeholder")
# Sphinx's and Furo's sources, where their English is written.
SPHINX = Path(__import__("sphinx").__file__).parent
FURO = Path(__import__("furo").__file__).parent / "theme" / "furo"
# The English the search's JavaScript asks its catalog for: _("…"), Documentation.gettext("…", …).
_TEMPLATE_CALL = re.compile(r"""_\(\s*(?:"([^"]+)"|'([^']+)')\s*\)""")
_JS_CALL = re.compile(r'(?:\b_|Documentation\.n?gettext)\(\s*"((?:[^"\\]|\\.)+)"', re.S)


def _normal(text: str) -> str:
    return " ".join(text.split())


@cache
def english_strings() -> frozenset[str]:
    """What the theme, Sphinx and our templates and code can write in English, gathered from their
    sources: translation calls and literal titles and labels of the HTML templates, the search
    scripts' messages, and every interface string of our catalogs' template."""
    found: set[str] = set()
    templates = [*FURO.rglob("*.html"), *(SPHINX / "themes" / "basic").rglob("*.html"),
                 *(ROOT / "templates" / "sphinx").rglob("*.html"), *(ROOT / "templates" / "site").rglob("*.jinja")]
    for path in templates:
        text = path.read_text(encoding="utf-8")
        found.update(double or single for double, single in _TEMPLATE_CALL.findall(text))
        found.update(re.findall(r"<title>([^<{]+)</title>", text))
        found.update(re.findall(rf'(?:{"|".join(SHOWN_ATTRIBUTES)})="([^"{{}}]+)"', text))
    for path in (SPHINX / "themes" / "basic" / "static").glob("*.js"):
        found.update(_JS_CALL.findall(path.read_text(encoding="utf-8")))
    with (ROOT / "locales" / "rulebook.pot").open("rb") as handle:
        found.update(message.id for message in read_po(handle) if isinstance(message.id, str) and not message.context)
    # A string with a placeholder is never on a page as it is; one without a word is no language's.
    return frozenset(_normal(text) for text in found
                     if text and not re.search(r"[{}%]|\$\{", text) and re.search(r"[A-Za-z]{2}", text))


@cache
def written_alike(lang: str) -> frozenset[str]:
    """The English strings ``lang`` writes the same, as its translations say (ours, or Sphinx's)."""
    with (ROOT / "locales" / lang / "LC_MESSAGES" / "rulebook.po").open("rb") as handle:
        ours = {_normal(m.id): _normal(m.string) for m in read_po(handle) if isinstance(m.id, str) and not m.context
                and isinstance(m.string, str) and m.string and "fuzzy" not in m.flags}
    sphinx = gettext.translation("sphinx", SPHINX / "locale", [lang], fallback=True)
    theirs = {_normal(key): _normal(value) for key, value in getattr(sphinx, "_catalog", {}).items()
              if isinstance(key, str) and isinstance(value, str) and value}
    # The language's own words spelled as English ones: its glossary's forms ("main", a hand, in
    # French) and the words it accepts as its own.
    glossary = yaml.safe_load((ROOT / "locales" / lang / "glossary.yaml").read_text(encoding="utf-8"))
    words = {str(form).lower() for forms in (glossary.get("terms") or {}).values() for form in forms or ()}
    words |= {str(word).lower() for word in glossary.get("loanwords") or ()}
    return frozenset(text for text in english_strings()
                     if ours.get(text, theirs.get(text)) == text or text.lower() in words)


class _Shown(HTMLParser):
    """The text and shown attributes of a page, each with whether it is marked English (``lang="en"``)."""

    VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
                      "track", "wbr"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, bool, str]] = []   # (what, marked English, where)
        self._langs: list[str | None] = []
        self._skip = 0

    @property
    def _english(self) -> bool:
        return next((lang for lang in reversed(self._langs) if lang), "") == "en"

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        english = values.get("lang") == "en" or self._english
        for name in SHOWN_ATTRIBUTES:
            if values.get(name):
                self.found.append((values[name], english, f"<{tag} {name}>"))
        if tag not in self.VOID:
            self._langs.append(values.get("lang"))
            self._skip += tag in ("script", "style")

    def handle_startendtag(self, tag, attrs):
        values = dict(attrs)
        for name in SHOWN_ATTRIBUTES:
            if values.get(name):
                self.found.append((values[name], values.get("lang") == "en" or self._english, f"<{tag} {name}>"))

    def handle_endtag(self, tag):
        if tag not in self.VOID and self._langs:
            self._langs.pop()
            self._skip -= tag in ("script", "style") and self._skip > 0

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.found.append((data, self._english, "text"))


def _shown(path: Path) -> list[tuple[str, bool, str]]:
    parser = _Shown()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.found


def _pages(site: Path) -> list[tuple[str, Path]]:
    return [(lang, path) for house in ("club", "casino") for lang in LANGUAGES
            for path in sorted((site / house / lang).rglob("*.html"))]


def test_the_list_of_english_is_gathered_from_the_sources():
    english = english_strings()
    # Furo's icon titles, Sphinx's search messages, the search page's notice, our templates' words.
    assert {"Light mode", "Contents", "Search Results", "Preparing search...", "Skip to content",
            _normal(SPHINX_NO_RESULTS), "Page not found"} <= english


def test_no_page_in_another_language_shows_english(built_site):
    found = []
    for lang, path in _pages(built_site):
        if lang == "en":
            continue
        english, alike = english_strings(), written_alike(lang)
        for text, marked, where in _shown(path):
            said = _normal(text)
            if not marked and said in english and said not in alike:
                found.append(f"{path.relative_to(built_site)}: {where}: {said!r}")
    assert not found, "\n".join(found[:40]) + f"\n({len(found)} in all)"


def test_the_search_scripts_strings_are_in_the_pages_language_and_ask_for_nothing_that_is_not_there(built_site, project):
    for house in ("club", "casino"):
        for lang in LANGUAGES:
            script = (built_site / house / lang / "_static" / "translations.js").read_text(encoding="utf-8")
            data = json.loads(re.search(r"addTranslations\((\{.*\})\);", script, re.S).group(1))
            messages = data["messages"]
            said = messages[SPHINX_NO_RESULTS]
            assert said == project.translations(lang).gettext(NO_RESULTS), (house, lang)
            assert not re.search(r"categor|kategi|ningún documentos|allá", said, re.I), (house, lang, said)
            if lang == "en":
                continue
            asked = set(_JS_CALL.findall((SPHINX / "themes" / "basic" / "static" / "searchtools.js").read_text(encoding="utf-8")))
            for message in asked:
                value = messages.get(message)
                shown = value[0] if isinstance(value, list) else value
                assert shown and (shown != message or _normal(message) in written_alike(lang)), (house, lang, message)


def test_no_page_shows_escaped_markup(built_site):
    escaped = re.compile(r"&(?:lt|gt|amp|quot|#[0-9]+|#x[0-9a-f]+);", re.I)
    found = [f"{path.relative_to(built_site)}: {where}: {_normal(text)[:80]!r}"
             for _lang, path in _pages(built_site) for text, _marked, where in _shown(path) if escaped.search(text)]
    assert not found, "\n".join(found[:20])
