"""Where a house is (``territory:`` in its house file, ISO 3166): how each of its languages writes its
dates, numbers and money there (CLDR's ``en_US``), and the paper it prints on."""

from __future__ import annotations

import functools
from typing import Any

from babel import Locale

# Where US Letter is the paper, as CLDR's supplemental measurement data says (paperSize "US-Letter"):
# everywhere else, A4.
LETTER_TERRITORIES = frozenset({"BZ", "CA", "CL", "CO", "CR", "GT", "MX", "NI", "PA", "PH", "PR", "SV", "US", "VE"})


@functools.cache
def _countries() -> frozenset[str]:
    return frozenset(code for code in map(str, Locale.parse("en").territories) if len(code) == 2 and code.isalpha())


def is_territory(code: Any) -> bool:
    """Whether ``code`` names a country as ISO 3166 does (two capital letters CLDR knows)."""
    return isinstance(code, str) and code.isupper() and code in _countries()


def paper_of(territory: str | None) -> str:
    """The paper a territory prints on (``letter`` or ``A4``), A4 where none is named."""
    return "letter" if territory in LETTER_TERRITORIES else "A4"
