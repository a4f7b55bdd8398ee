"""What a house counts in: tournament chips, or a currency named by its ISO 4217 code.

``unit:`` in the house file is ``chips`` or an ISO 4217 code CLDR knows (three capital letters);
``money:`` says how amounts are written (``rulebook.i18n.money`` formats them from CLDR): by the
currency's ``symbol`` (the default) or its ``name``, counted as each language counts (Romanian puts
"de" before the name from 20 on), with the house's own word for it where it gives one (``names``,
per language and CLDR plural category; houses/README.md shows the club's). Amounts in the rule library and the worked examples are written ``20 money``: an
amount in whatever the house counts in. No currency word or symbol is written in the code.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from babel import Locale
from babel.numbers import list_currencies

from rulebook.core.languages import LANGUAGES
from rulebook.core.reader import Reader
from rulebook.core.yamlload import Map

CHIPS = "chips"
STYLES = ("symbol", "name")


@functools.cache
def currencies() -> frozenset[str]:
    """The ISO 4217 codes CLDR knows."""
    return frozenset(list_currencies())


def is_unit(unit: Any) -> bool:
    """Whether a house may count in ``unit``: chips, or an ISO 4217 code."""
    return unit == CHIPS or unit in currencies()


def categories(lang: str) -> tuple[str, ...]:
    """The CLDR plural categories of a language (``one``, ``few``, ``many``…, and ``other``)."""
    return (*sorted(Locale.parse(lang).plural_form.tags), "other")


@dataclass(frozen=True)
class Money:
    """``currency``: chips or an ISO 4217 code; ``style``: symbol or name; ``names``: the house's own
    word for its currency, by language and plural category (``{"ro": {"one": …, "other": …}}``)."""

    currency: str = CHIPS
    style: str = "symbol"
    names: Mapping[str, Mapping[str, str]] = field(default_factory=lambda: MappingProxyType({}))
    subunits: int = 1                # how many of the whole amounts the engine counts make one unit (100: cents)

    @property
    def chips(self) -> bool:
        return self.currency == CHIPS


def read_money(data: Map, unit: str, reader: Reader, house_id: str) -> Money:
    """``money:`` of a house file (optional), each mistake one line naming its line."""
    given = data.get("money")
    if given is None:
        return Money(unit)
    at = data.line_of("money")
    if not isinstance(given, Map):
        reader.error(at, house_id, "money: must say how amounts are written: style (symbol or name) and, "
                     "optionally, names")
        return Money(unit)
    for key in given:
        if key not in ("style", "names", "territory"):
            reader.error(given.line_of(key), house_id, f"money: {key!r} is not a key of money (style, names)")
    if "territory" in given:
        reader.error(given.line_of("territory"), house_id, "money: territory is the house's, not its money's: write "
                     "'territory: US' at the top of the house file (its dates, numbers, money and paper follow it)")
    if unit == CHIPS:
        reader.error(at, house_id, "money: a house that counts in chips writes its amounts as bare numbers; "
                     "leave 'money' out")
        return Money(unit)
    style = given.get("style", "symbol")
    if style not in STYLES:
        reader.error(given.line_of("style") if "style" in given else at, house_id,
                     f"money: style {style!r} must be symbol (the currency's sign: 60 and its symbol) or "
                     "name (60 and the currency's name)")
        style = "symbol"
    names: dict[str, Mapping[str, str]] = {}
    words = given.get("names") or Map()
    if words and style != "name":
        reader.error(given.line_of("names"), house_id, "money: names are the words of the name style: add 'style: name'")
    if not isinstance(words, Map):
        reader.error(given.line_of("names"), house_id, "money: names maps each language to its words")
        words = Map()
    for lang, forms in words.items():
        line = words.line_of(lang)
        if lang not in LANGUAGES:
            reader.error(line, house_id, f"money: names: {lang!r} is not a language of the site ({', '.join(LANGUAGES)})")
            continue
        wanted = categories(lang)
        if not isinstance(forms, Map) or not all(isinstance(word, str) and word.strip() and "\n" not in word
                                                  for word in forms.values()):
            reader.error(line, house_id, f"money: names: {lang} gives one word for each plural category of the "
                         f"language ({', '.join(wanted)})")
            continue
        unknown = [str(category) for category in forms if category not in wanted]
        if unknown or "other" not in forms:
            reader.error(line, house_id, f"money: names: {lang} has the plural categories {', '.join(wanted)} "
                         f"(CLDR's), and needs 'other'" + (f"; not {', '.join(unknown)}" if unknown else ""))
            continue
        names[lang] = MappingProxyType({str(category): word.strip() for category, word in forms.items()})
    return Money(unit, style, MappingProxyType(names))
