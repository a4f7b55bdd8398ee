"""Numbers and names as each language writes them (docs/DESIGN.md, principle 1).

Digits, grouping, percent signs, durations, lists and money come from Babel's
CLDR data (a house's money: ``rulebook.i18n.money``); the nouns a rule counts
(players, chips, cards) come from the catalogs, each language's plural forms.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from datetime import date
from typing import Any, Protocol

from babel import Locale, localedata
from babel.dates import format_date, get_date_format
from babel.lists import format_list
from babel.numbers import format_decimal, format_percent
from babel.units import format_unit

from rulebook.core.money import Money
from rulebook.i18n.money import amount_number, format_money
from rulebook.i18n.vocabulary import show_word


class Translator(Protocol):
    locale: str

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural pair for extraction; each language's catalog gives its CLDR plural forms."""
    return singular, plural


# Counted things, each with its plural forms in every language (1 player, 2 players; ro 20 de jucători).
COUNTED = {
    "players": N_plural("{count} player", "{count} players"),
    "chips": N_plural("{count} chip", "{count} chips"),
    "cards": N_plural("{count} card", "{count} cards"),
}


# The English of the rulebook is British (its spelling, "1 December 2026", "a, b and c").
CLDR_LOCALES = {"en": "en_GB"}

# The money of a formatter made for no house (a test's, a date's): amounts as bare numbers.
CHIPS_ONLY = Money()


def cldr(code: str, territory: str | None = None) -> str:
    """The CLDR locale a language's dates, numbers, lists and units are written in: as the language is
    written in the house's ``territory`` where CLDR has it (en_US, es_US), else as written by default."""
    if territory is not None:
        here = f"{code}_{territory}"
        if here in _locales():
            return here
    return CLDR_LOCALES.get(code, code)


@functools.cache
def _locales() -> frozenset[str]:
    return frozenset(localedata.locale_identifiers())


# The days a language writes as ordinals in a date, which CLDR's date patterns do not say: French
# writes the first of the month "1er" ("1er décembre 2026"), every other day as a bare number.
ORDINAL_DAYS = {"fr": {1: "er"}}


def plural_samples(lang: str) -> dict[str, int]:
    """A number of each CLDR plural category of the language (one, few, many, other…): what a page's
    script picks a plural form with (the browser's Intl.PluralRules), each form taken from the catalog."""
    plural = Locale.parse(lang).plural_form
    sample: dict[str, int] = {}
    for n in (*range(200), 10 ** 6):   # a million: French and Spanish say "de" ("many") from there
        sample.setdefault(plural(n), n)
    return sample


def long_date(day: date, code: str) -> str:
    """A date as the language (``code``: a CLDR locale) writes it in full: its CLDR long pattern, the
    day with the language's ordinal suffix where it takes one (fr "1er décembre 2026")."""
    suffix = ORDINAL_DAYS.get(code.split("_")[0], {}).get(day.day)
    if not suffix:
        return format_date(day, format="long", locale=code)
    pattern = get_date_format("long", locale=code).pattern
    # the day field outside the pattern's quoted literals, followed by the suffix as a literal
    pieces = re.split(r"('(?:[^']|'')*')", pattern)
    pattern = "".join(piece if piece.startswith("'") else re.sub(r"(?<!d)d(?!d)", f"d'{suffix}'", piece)
                      for piece in pieces)
    return format_date(day, format=pattern, locale=code)


def language_name(code: str, locale: str) -> str:
    """A language's name in a locale's words (CLDR's; it names every language it has data for, which
    the house files are held to, so the code itself is never shown in practice)."""
    return Locale.parse(code).get_display_name(locale) or code


def unbroken(text: str) -> str:
    """A number and its unit ("400 de jucători", "5 %", "25 minutes") on one line wherever the text is
    printed or shown: its spaces made no-break spaces."""
    return text.replace(" ", "\u00a0")


#: The units whose value is a number with its unit, kept on one line (``unbroken``).
QUANTITIES = frozenset({"money", "percent", "minutes", "hours", "seconds", "count"})


def format_value(value: Any, unit: str, translator: Translator, money: Money | None = None,
                 locale: str | None = None) -> str:
    """One placeholder's value, in the words and digits of ``locale`` (the translator's language as
    written where the house is; by default, as CLDR writes it); an amount (``money``) in the house's
    money. A quantity (a number and its unit) never breaks across lines."""
    shown = _format_value(value, unit, translator, money, locale or cldr(translator.locale))
    return unbroken(shown) if value is not None and (unit in QUANTITIES or unit in COUNTED) else shown


def _format_value(value: Any, unit: str, translator: Translator, money: Money | None, locale: str) -> str:
    if value is None:
        return translator.gettext("no maximum")
    if unit == "money":
        if money is None:
            raise ValueError("an amount is written in a house's money: say which")
        return format_money(money, value, locale)
    if unit == "percent":
        return format_percent(value / 100, locale=locale)
    if unit == "minutes":
        return format_unit(value, "duration-minute", length="long", locale=locale)
    if unit == "hours":
        return format_unit(value, "duration-hour", length="long", locale=locale)
    if unit == "seconds":
        return format_unit(value, "duration-second", length="long", locale=locale)
    if unit in COUNTED:
        return translator.ngettext(*COUNTED[unit], value).format(count=format_decimal(value, locale=locale))
    if unit == "count":
        return format_decimal(value, locale=locale)
    if unit == "list":
        return format_list([str(item) for item in value], locale=locale)
    if unit == "language":
        return language_name(value, locale)
    if unit == "languages":
        return format_list([language_name(code, locale) for code in value], locale=locale)
    return str(value)


# The letters a language's alphabet orders as letters of their own, each right after the letter it
# is built on (Romanian ă â after a, Croatian č ć after c, Spanish ñ after n); every other accent
# only breaks ties, as in French. (Babel has no collation, and ICU is not on this machine.)
_OWN_LETTERS = {"ro": "ăâîșşțţ", "es": "ñ", "hr": "čćđšž"}


def collation_key(text: str, lang: str) -> tuple:
    """A key that sorts words in the language's alphabetical order, as an index lists them."""
    own = _OWN_LETTERS.get(lang, "")
    letters = []
    for char in unicodedata.normalize("NFC", text.casefold()):
        base = unicodedata.normalize("NFD", char)[0] if char != "đ" else "d"
        letters.append((base, own.index(char) + 1 if char in own else 0))
    return (tuple(letters), text)


def initial(text: str, lang: str) -> str:
    """The letter an index files a word under: its first, as a letter of the language's alphabet
    ("Č" in Croatian, "E" for "Égalité" in French)."""
    (base, own), *_ = collation_key(text, lang)[0] or (("", 0),)
    first = unicodedata.normalize("NFC", text.casefold())[:1]
    return (first if own else base).upper()


class LocaleFormatter:
    """One language's way of writing every kind of value, for pages and print alike: as written where
    the house is (``territory``: its dates, numbers and money), else as CLDR writes the language."""

    def __init__(self, translator: Translator, money: Money = CHIPS_ONLY, territory: str | None = None):
        self.tr = translator
        self.code = cldr(translator.locale, territory)
        self.house_money = money

    def value(self, value: Any, unit: str) -> str:
        """A placeholder's value, an amount in the house's money."""
        return format_value(value, unit, self.tr, self.house_money, self.code)

    def money(self, amount: int | None) -> str:
        """An amount in the house's money (its currency, or tournament chips)."""
        return format_value(amount, "money", self.tr, self.house_money, self.code)

    def amount(self, amount: int) -> str:
        """An amount's number alone, as the language writes it (a table whose heading names the money)."""
        return amount_number(self.house_money, amount, self.code)

    def percent(self, value: int) -> str:
        return format_value(value, "percent", self.tr, locale=self.code)

    def long_date(self, day: date) -> str:
        """A date as the language writes it in full: 1 decembrie 2026, 1. prosinca 2026, 1er décembre 2026."""
        return long_date(day, self.code)

    def edition(self, name: str, number: int, effective: date) -> str:
        """The line that tells a current rulebook or card from a stale one, on every page and card."""
        return self.tr.gettext("{house}, edition {edition}, in force from {date}").format(
            house=name, edition=number, date=self.long_date(effective))

    def file_size(self, size: int) -> str:
        """A file's size as the language writes it: 12 kB, 0,2 MB, 12 ko."""
        if size < 1_000_000:
            return format_unit(max(1, round(size / 1000)), "digital-kilobyte", length="short", locale=self.code)
        return format_unit(round(size / 1_000_000, 1), "digital-megabyte", length="short", locale=self.code,
                           format="#,##0.0")

    def count(self, value: int) -> str:
        return format_value(value, "count", self.tr, locale=self.code)

    def minutes(self, value: int) -> str:
        return format_value(value, "minutes", self.tr, locale=self.code)

    def hours(self, value: int) -> str:
        return format_value(value, "hours", self.tr, locale=self.code)

    def word(self, word: str) -> str:
        """An engine or house word (``NLH``, ``button``) in this language."""
        return show_word(word, self.tr.gettext)

    def language_name(self, code: str) -> str:
        return format_value(code, "language", self.tr, locale=self.code)
