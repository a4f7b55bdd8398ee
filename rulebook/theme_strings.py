"""The theme's own words, in the reader's language.

Furo writes a few words of its own on every page ("Skip to content", "Next", "On this page"…) and
ships no Croatian, Romanian, French or Spanish for them; Sphinx's catalogs do not have them either.
They are listed here so that the catalog extraction puts them in ``locales/`` beside every other
interface string (the gate checks them like the rest), and :func:`translate_theme` hands our catalog
to Sphinx's template translator as a fallback.
"""

from __future__ import annotations

import gettext

from rulebook.i18n import Translations


def _(text: str) -> str:   # marks a string for extraction; the theme translates it at build time
    return text


THEME_STRINGS = (
    _("Skip to content"),
    _("Back to top"),
    _("Next"),
    _("Previous"),
    _("On this page"),
    _("Home"),
)


class _Fallback(gettext.NullTranslations):
    """Our catalog, as the ``gettext`` translations object Sphinx's templates call."""

    def __init__(self, translations: Translations):
        super().__init__()
        self._translations = translations

    def gettext(self, message: str) -> str:
        return self._translations.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


def translate_theme(translator: gettext.NullTranslations, translations: Translations) -> None:
    """Let ``translator`` (Sphinx's, for its templates) fall back on our catalog for what it lacks."""
    translator.add_fallback(_Fallback(translations))
