"""The theme's own words, in the reader's language.

Furo writes a few words of its own on every page ("Skip to content", "Next", "On this page"…) and
ships no Croatian, Romanian, French or Spanish for them; Sphinx's catalogs do not have them either.
They are listed here so that the catalog extraction puts them in ``locales/`` beside every other
interface string (the gate checks them like the rest), and :func:`translate_theme` hands our catalog
to Sphinx's template translator as a fallback.
"""

from __future__ import annotations

import gettext
import re
from pathlib import Path

from markupsafe import Markup, escape

from rulebook.i18n.catalogs import Translations, entry_state


def _(text: str) -> str:   # marks a string for extraction; the theme translates it at build time
    return text


def ngettext(singular: str, plural: str, n: int) -> tuple[str, str]:   # marks a counted string
    return singular, plural


THEME_STRINGS = (
    _("Skip to content"),
    _("Back to top"),
    _("Next"),
    _("Previous"),
    _("On this page"),
    _("Home"),
    _("Link to this heading"),   # Sphinx's title on the ¶ links, missing from its Romanian catalog
)

# The search page's <noscript> (templates/sphinx/search.html writes it), in place of Sphinx's "Please
# activate JavaScript to enable the search functionality": what to do, not how the page is made.
SEARCH_WITHOUT_SCRIPTS = _("The search cannot work in this browser with its present settings. "
                           "The contents on the home page lead to every rule.")

# The labels a screen reader reads for Furo's three buttons, which Furo writes in English without a
# translation call: :func:`translated_labels` puts ours in their place on every page.
THEME_LABELS = (
    _("Toggle site navigation sidebar"),
    _("Toggle table of contents sidebar"),
    _("Toggle Light / Dark / Auto color theme"),
)

# The titles of Furo's icons (its ``partials/icons.html``: an SVG ``<title>`` each, which browsers show
# on hovering and screen readers may read), written in English without a translation call:
# :func:`translated_labels` puts ours in their place too.
THEME_TITLES = (
    _("Contents"),
    _("Menu"),
    _("Expand"),
    _("Light mode"),
    _("Dark mode"),
    _("Auto light/dark, in light mode"),
    _("Auto light/dark, in dark mode"),
)

# The theme's two side panels, each an <aside> (a landmark) without a name: a screen reader's list of
# landmarks showed two alike. Each is named by words the theme already shows: its button's, its title.
THEME_ASIDES = (('<aside class="sidebar-drawer"', "Menu"), ('<aside class="toc-drawer', "On this page"))

# What the search page says when nothing is found: Sphinx's own sentence asks the reader to select
# "enough categories", which these pages have none of (in English too), and its Spanish and Croatian
# are wrong ("ningún documentos", "kategija"). Ours stands in its place in every language.
SPHINX_NO_RESULTS = ("Your search did not match any documents. Please make sure that all words are spelled "
                     "correctly and that you've selected enough categories.")
NO_RESULTS = _("Nothing matches your search. Make sure every word is spelled correctly, or search with fewer words.")

# The search page's result count, which Sphinx's own JavaScript catalogs leave empty in Romanian,
# Spanish and Croatian (the count line then reads nothing).
SEARCH_FINISHED = ngettext("Search finished, found one page matching the search query.",
                           "Search finished, found ${resultCount} pages matching the search query.", 2)


class _Fallback(gettext.NullTranslations):
    """Our catalog, as the ``gettext`` translations object Sphinx's templates call. The theme writes
    what it gets into HTML as it is (Sphinx's templates do not escape): a translation is text, so it
    is handed over escaped."""

    def __init__(self, translations: Translations):
        super().__init__()
        self._translations = translations

    def gettext(self, message: str) -> str:
        return str(escape(self._translations.gettext(message)))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return str(escape(singular if n == 1 else plural))


def translate_theme(translator: gettext.NullTranslations, translations: Translations) -> None:
    """Let ``translator`` (Sphinx's, for its templates) fall back on our catalog for what it lacks."""
    translator.add_fallback(_Fallback(translations))


# Furo's credits at the foot of every page ("Copyright © …", "Made with Sphinx and @pradyunsg's
# Furo"): English in every language, and escaped twice by Sphinx's template translator. The house's
# own line (its name, edition and copyright, in the page's language) stands in their place.
_CREDITS = re.compile(r'<div class="left-details">.*?</div>\s*<div class="right-details">', re.S)


def translated_labels(html: str, translations: Translations) -> Markup:
    """The theme's page body with its untranslatable English ``aria-label`` values and icon titles in
    the reader's language (escaped: a translation is text), its side panels named, and without the
    theme's English credits. Only the theme's own attribute values, titles, panels and credits change."""
    for label in THEME_LABELS:
        html = html.replace(f'aria-label="{label}"', f'aria-label="{escape(translations.gettext(label))}"')
    for title in THEME_TITLES:
        html = html.replace(f"<title>{title}</title>", f"<title>{escape(translations.gettext(title))}</title>")
    for aside, name in THEME_ASIDES:
        html = html.replace(aside, f'<aside aria-label="{escape(translations.gettext(name))}"{aside[len("<aside"):]}', 1)
    return Markup(_CREDITS.sub('<div class="left-details"></div>\n<div class="right-details">', html, count=1))


def search_translations_js(lang: str, translations: Translations, folder: Path) -> Path | None:
    """Sphinx's JavaScript catalog for ``lang`` with our search-count forms (and our catalog's plural
    rule, which they follow) and our "nothing found" sentence, written as
    ``<folder>/<lang>/LC_MESSAGES/sphinx.js``, where Sphinx looks before its own (English too: its
    sentence is replaced). None for a language whose catalog does not translate the count."""
    import json

    import sphinx
    from babel.messages.plurals import get_plural

    catalog = translations.catalog
    message = catalog.get(SEARCH_FINISHED) if catalog is not None else None
    if catalog is not None and (message is None or entry_state(message) != "translated"):   # nothing fuzzy
        return None
    ours = Path(sphinx.__file__).parent / "locale" / lang / "LC_MESSAGES" / "sphinx.js"
    found = re.search(r"Documentation\.addTranslations\((\{.*\})\);", ours.read_text(encoding="utf-8"), re.S) \
        if ours.is_file() else None
    data: dict = json.loads(found.group(1)) if found else {"locale": lang, "messages": {}}
    if message is not None:
        assert message.string is not None   # translated: its plural forms
        data["messages"][SEARCH_FINISHED[0]] = list(message.string)
    data["messages"][SPHINX_NO_RESULTS] = translations.gettext(NO_RESULTS)
    # The language's CLDR rule (which the gate holds the catalog's header to), never the header itself:
    # the browser evaluates it. "(n != 1)" is a boolean; the index must be a number.
    data["plural_expr"] = f"+({get_plural(lang).plural_expr})"
    target = folder / lang / "LC_MESSAGES" / "sphinx.js"
    target.parent.mkdir(parents=True, exist_ok=True)
    text = f"Documentation.addTranslations({json.dumps(data, ensure_ascii=False, indent=1)});\n"
    if not target.is_file() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")
    return target
