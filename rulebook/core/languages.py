"""The languages of every rulebook: the five it is published in, and English, in which its sources
are written. Core data, so that reading a part file needs nothing of the catalogs."""

from __future__ import annotations

LANGUAGES = ("ro", "en", "fr", "es", "hr")
SOURCE_LANGUAGE = "en"
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE)
