"""A house's money as each language writes it, from CLDR through Babel (docs/DESIGN.md, principle 1).

Chips are bare numbers ("2,000"). A currency is written by CLDR's rules for the language: by its
symbol in the language's currency pattern (before the number in English, after it in French), or by
its name, counted as the language counts (CLDR's plural category and unit pattern: Romanian puts
"de" before the name from 20 on), the name being the house's own word where it gives one, else
CLDR's. tests/test_money.py shows each.
Amounts are whole units of the house's money, written without decimals ("4", "20" and the money), or,
for a house that counts in cents, with the cents where there are some ("0.25", "1,50" and the money).
"""

from __future__ import annotations

import functools
import re
from typing import Mapping

from babel import Locale
from decimal import Decimal

from babel.numbers import (format_currency, format_decimal, get_currency_name, get_currency_unit_pattern,
                           get_decimal_symbol, get_minus_sign_symbol)

from rulebook.core.money import Money


def format_money(money: Money, amount: int, locale: str) -> str:
    """``amount`` of the house's money (whole units, or cents where it counts in them) in the language of
    ``locale`` (a CLDR locale: ``ro``, ``en_GB``)."""
    number = amount_number(money, amount, locale)
    if money.chips:
        return number
    counted = Decimal(amount) / money.subunits
    if money.style == "name":
        pattern = get_currency_unit_pattern(money.currency, count=counted, locale=locale)
        return pattern.format(number, money_name(money, counted, locale))
    # the symbol where CLDR's pattern puts it (as the house's territory writes it, where the locale is
    # the language there: en_US "$", es_US "$"), around the number written as every other number of
    # the page (so that a page's script finds the number in it, money_patterns)
    return format_currency(0, money.currency, format=_whole(locale), locale=locale,
                           currency_digits=False).replace("0", number)


def amount_number(money: Money, amount: int, locale: str) -> str:
    """The number of an amount as the language writes it: whole units bare ("1,000"), and where there are
    cents, every digit of them after the language's decimal sign ("0.25", "1,50")."""
    if amount < 0:
        return get_minus_sign_symbol(locale) + amount_number(money, -amount, locale)
    units, cents = divmod(amount, money.subunits)
    whole = format_decimal(units, locale=locale)
    if not cents:
        return whole
    return f"{whole}{get_decimal_symbol(locale)}{cents:0{len(str(money.subunits)) - 1}d}"


def money_name(money: Money, amount: int | Decimal, locale: str) -> str:
    """The currency's name counted for ``amount`` (in units of the money): the house's own word where
    it gives one, else CLDR's."""
    own = money.names.get(locale.split("_")[0])
    if own:
        return own.get(Locale.parse(locale).plural_form(amount)) or own["other"]
    return get_currency_name(money.currency, count=amount, locale=locale)


def money_patterns(money: Money, locale: str, samples: Mapping[str, int]) -> dict[str, str]:
    """For a page's script, how each plural category writes an amount, ``{amount}`` standing for the
    number as the language writes it (``samples``: a number of each category)."""
    found = {}
    for category, n in samples.items():
        number, shown = format_decimal(n, locale=locale), format_money(money, n * money.subunits, locale)
        found[category] = shown.replace(number, "{amount}", 1) if number in shown else "{amount}"
    return found


@functools.cache
def _whole(locale: str) -> str:
    """The language's currency pattern without its decimals."""
    pattern = Locale.parse(locale).currency_formats["standard"].pattern
    return re.sub(r"\.[0#]+", "", pattern.split(";")[0])


def money_words(money: Money) -> set[str]:
    """The English words that name a house's currency (its code, CLDR's names and their nouns, the
    house's own): words that no page of a house counting in another money may say."""
    if money.chips:
        return set()
    names = {get_currency_name(money.currency, count=n, locale="en") for n in (1, 2)}
    names |= set(money.names.get("en", {}).values())
    return {money.currency} | names | {name.split()[-1] for name in names}
