"""The printed rulebook in its language: dates as each language writes them, poker loanwords and
glossary cells in another language never hyphenated by the page's patterns, no page holding a lone
line, a binding gutter; and the short form of each house and language."""

from __future__ import annotations

from datetime import date

import pytest

from rulebook.formatting import long_date


@pytest.mark.parametrize("code, first, second", [
    ("fr", "1er décembre 2026", "2 décembre 2026"),
    ("ro", "1 decembrie 2026", "2 decembrie 2026"),
    ("en_GB", "1 December 2026", "2 December 2026"),
    ("es", "1 de diciembre de 2026", "2 de diciembre de 2026"),
    ("hr", "1. prosinca 2026.", "2. prosinca 2026."),
])
def test_a_date_is_written_with_the_languages_ordinal_day(code, first, second):
    assert long_date(date(2026, 12, 1), code) == first
    assert long_date(date(2026, 12, 2), code) == second
