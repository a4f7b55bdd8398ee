"""A house's money: chips or any ISO 4217 currency, written in each language from CLDR, and never
named anywhere but in the house's own file (issue "Any card room…").

The formatting tests are the specification, each checked against CLDR's own patterns: the symbol
where the language puts it ("$60", "60 $US", "€60"), or the name counted as the language counts
("2 lei", "20 de lei"). The scan reads every file of code, template and shared library for a
currency's code, its CLDR name or the house's own word, or a symbol beside a digit: a rule or a
template that said "lei" would hold for one house only.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from babel.messages.pofile import read_po
from babel.numbers import get_currency_name, get_currency_symbol

from rulebook.core.money import Money
from rulebook.i18n.formatting import cldr
from rulebook.i18n.money import format_money, money_patterns, money_words
from tests.conftest import ROOT, run_rulebook

CLUB = Money("RON", "name", {"ro": {"one": "leu", "few": "lei", "other": "lei"}, "hr": {"one": "lej", "few": "leja", "other": "leja"}})


@pytest.mark.parametrize("money, locale, amounts, expected", [
    (Money("USD"), "en_US", (1, 60, 1000), ("$1", "$60", "$1,000")),
    (Money("USD"), "en_GB", (60,), ("US$60",)),
    (Money("USD"), cldr("en", "US"), (60, 1000), ("$60", "$1,000")),            # a room in the US (territory: US)
    (Money("USD"), cldr("es", "US"), (60, 1000), ("$60", "$1,000")),            # es_US: as Spanish is written there
    (Money("USD"), cldr("fr", "US"), (60,), ("60\xa0$US",)),                   # CLDR has no fr_US: French's own
    (Money("USD", subunits=100), "en_US", (25, 50, 100, 150, 123456), ("$0.25", "$0.50", "$1", "$1.50", "$1,234.56")),
    (Money("USD", subunits=100), "es_US", (25, 100050), ("$0.25", "$1,000.50")),
    (Money("EUR", subunits=100), "fr", (5, 150), ("0,05\xa0€", "1,50\xa0€")),
    (Money("RON", "name", subunits=100), "ro", (50, 100, 2000, 2050), ("0,50 lei românești", "1 leu românesc",
                                                                      "20 de lei românești", "20,50 lei românești")),
    (Money("USD"), "fr", (60, 1000), ("60\xa0$US", "1\u202f000\xa0$US")),
    (Money("EUR"), "en_GB", (60,), ("€60",)),
    (Money("EUR"), "es", (60, 1000, 10_000), ("60\xa0€", "1.000\xa0€", "10.000\xa0€")),
    (Money("EUR"), "hr", (20,), ("20\xa0€",)),
    (CLUB, "ro", (1, 2, 19, 20, 101, 1000), ("1 leu", "2 lei", "19 lei", "20 de lei", "101 lei", "1.000 de lei")),
    (CLUB, "hr", (1, 2, 5, 21), ("1 lej", "2 leja", "5 leja", "21 lej")),
    (CLUB, "fr", (2,), ("2 lei roumains",)),                        # no word of the house's: CLDR's name
    (Money("USD", "name"), "en_GB", (1, 60), ("1 US dollar", "60 US dollars")),
    (Money(), "en_GB", (2000,), ("2,000",)),                        # chips: bare numbers
])
def test_amounts_are_written_as_cldr_and_the_house_say(money, locale, amounts, expected):
    assert tuple(format_money(money, amount, locale) for amount in amounts) == expected


def test_a_pages_script_gets_each_plural_categorys_pattern():
    assert money_patterns(CLUB, "ro", {"one": 1, "few": 2, "other": 20}) == {
        "one": "{amount} leu", "few": "{amount} lei", "other": "{amount} de lei"}
    assert money_patterns(Money("USD"), "en_US", {"one": 1, "other": 2}) == {"one": "${amount}", "other": "${amount}"}
    assert money_patterns(Money("EUR"), "fr", {"one": 1, "other": 2}) == {"one": "{amount}\xa0€", "other": "{amount}\xa0€"}
    assert money_patterns(Money("USD", subunits=100), "en_US", {"one": 1, "other": 2}) == {"one": "${amount}", "other": "${amount}"}


def test_the_club_publishes_its_own_word(project):
    """The club writes RON by name with its own word, "lei", as its documents do (000: "cap 20lei")."""
    money = project.houses["club"].book.money
    assert (money.currency, money.style) == ("RON", "name")
    assert format_money(money, 20, "ro") == "20 de lei" and format_money(money, 20, "hr") == "20 leja"
    assert project.houses["casino"].book.money.chips


# -- nothing but a house file names a currency -----------------------------------------------------

CURRENCIES = ("RON", "USD", "EUR", "GBP", "CHF", "HUF")
LOCALES = ("en", "en_GB", "en_US", "ro", "fr", "es", "hr")


def _vocabulary(project) -> tuple[re.Pattern, re.Pattern]:
    """The words (codes, CLDR names and their nouns, the houses' own words) and the symbols that name a
    currency; a symbol counts beside a digit only ("$60", "60 €": "$" ends many a regular expression)."""
    words: set[str] = set()
    symbols: set[str] = set()
    for code in CURRENCIES:
        words |= money_words(Money(code, "name"))
        words |= {get_currency_name(code, count=n, locale=locale) for n in (1, 2, 5, 20) for locale in LOCALES}
        symbols |= {get_currency_symbol(code, locale) for locale in LOCALES} - {code}
    for view in project.houses.values():
        words |= {word for forms in view.book.money.names.values() for word in forms.values()}
    symbol = "|".join(map(re.escape, sorted(symbols, key=len, reverse=True)))
    return (re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, sorted(words, key=len, reverse=True))) + r")(?!\w)",
                       re.IGNORECASE),
            re.compile(rf"(?:{symbol})\s?\d|\d\s?(?:{symbol})(?!\w)"))


def _library_texts(path: Path):
    """(line, text) of a library file's strings, but the verbatim passages of the houses' documents it
    quotes (excerpts, sources) and the notes bound to one house (its editors' records of its own money)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    found: list[str] = []

    def walk(node, key=None):
        if isinstance(node, dict):
            if node.get("houses") and "reviewed" in node:      # a note of one house's
                return
            for name, value in node.items():
                if name not in ("excerpt", "excerpts", "source", "sources"):
                    walk(value, name)
        elif isinstance(node, list):
            for value in node:
                walk(value, key)
        elif isinstance(node, str):
            found.append(node)
    walk(data)
    for text in found:
        first = text.split("\n")[0][:40]
        yield next((index + 1 for index, line in enumerate(lines) if first and first in line), 0), text


def _code_and_templates():
    for folder, patterns in (("rulebook", ("*.py", "*.js", "*.css", "*.jinja", "*.html")), ("pokerrules", ("*.py",)),
                             ("templates", ("*",)), ("runtime", ("*.py",))):
        for pattern in patterns:
            for path in sorted((ROOT / folder).rglob(pattern)):
                if path.is_file() and "node_modules" not in path.parts:
                    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                        yield path, number, line
    yield from ((ROOT / "conf.py", n, line) for n, line in enumerate((ROOT / "conf.py").read_text().splitlines(), 1))


def test_no_currency_is_named_in_code_templates_or_the_shared_library(project):
    words, symbols = _vocabulary(project)
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}"
             for path, number, line in _code_and_templates() if words.search(line) or symbols.search(line)]
    for path in (*sorted((ROOT / "rules").glob("*.yaml")), *sorted((ROOT / "executable_examples").glob("*.yaml")),
                 ROOT / "locales" / "glossary.yaml"):
        found += [f"{path.relative_to(ROOT)}:{number}: {text[:100]!r}" for number, text in _library_texts(path)
                  if words.search(text) or symbols.search(text)]
    bound = {note.id for note in project.library.notes if note.houses}     # one house's own records
    with (ROOT / "locales" / "rulebook.pot").open("rb") as pot:
        for message in read_po(pot):
            text = " ".join(message.id) if isinstance(message.id, tuple) else message.id
            if (message.context or "").split(".")[0] not in bound and (words.search(text) or symbols.search(text)):
                found.append(f"locales/rulebook.pot: {message.context}: {text[:100]!r}")
    assert not found, "\n".join(found)


def test_the_scan_finds_a_currency_where_one_is_written(project):
    """The scan above can fail: each kind of naming is found."""
    words, symbols = _vocabulary(project)
    for line in ('return "{amount} lei"', "Every amount is in USD.", "cap: 20 Euros", "un pot de 20 de lei", "raise to $60",
                 "60 € max", "20 leja"):
        assert words.search(line) or symbols.search(line), line
    for line in (r'match = re.match(r"^\d+$", text)', "the Romanian text prevails", "Europe", "20 money", "f\"{x}$\""):
        assert not (words.search(line) or symbols.search(line)), line


# -- a house in another currency -----------------------------------------------------------------

def test_a_house_in_dollars_publishes_dollars(tree):
    """The club's file turned to US dollars by its symbol: every amount of its rulebook follows, the
    shared rules unchanged."""
    house = tree / "houses" / "club" / "house.yaml"
    text = house.read_text(encoding="utf-8")
    text = re.sub(r"(?<=\d) RON\b", " USD", text).replace("unit: RON", "unit: USD").replace("currency: RON", "currency: USD")
    text = re.sub(r"^money:.*\n(?:  .*\n)+", "", text, count=1, flags=re.MULTILINE)
    house.write_text(text, encoding="utf-8")
    result = run_rulebook(tree, "check")
    assert result.returncode == 0, result.stdout + result.stderr
    from rulebook.project import Project
    from rulebook.reading import Reading

    reading = Reading.of(Project.load(tree), "club", "en")
    rule = reading.placed["rake-rate"][1]
    assert "US$20" in reading.fill(rule.text, rule.values) or "US$20" in reading.title(rule)


@pytest.mark.parametrize("unit, money, message", [
    ("dollars", "", "unit 'dollars' must be chips or the ISO 4217 code of the house's currency"),
    ("usd", "", "ISO 4217 codes are written in capitals: USD"),
    ("RON", "money: {style: words}\n", "money: style 'words' must be symbol"),
    ("RON", "money: {style: name, names: {ro: {one: leu}}}\n", "money: names: ro has the plural categories few, one, other"),
    ("RON", "money: {style: name, names: {xx: {other: lei}}}\n", "money: names: 'xx' is not a language of the site"),
    ("RON", "money: {names: {en: {other: lei}}}\n", "money: names are the words of the name style"),
    ("USD", "money: {territory: US}\n", "money: territory is the house's, not its money's: write 'territory: US'"),
    ("RON", "territory: USA\n", "territory 'USA' must be the two capital letters of a country"),
    ("RON", "territory: {en: US, de: DE}\n", "territory: 'de' is not a language the house publishes"),
])
def test_a_wrong_money_is_one_line(tree, unit, money, message):
    house = tree / "houses" / "club" / "house.yaml"
    text = re.sub(r"^money:.*\n(?:  .*\n)+", money, house.read_text(encoding="utf-8"), count=1,
                  flags=re.MULTILINE)
    house.write_text(text.replace("unit: RON", f"unit: {unit}"), encoding="utf-8")
    result = run_rulebook(tree, "check")
    assert result.returncode != 0
    lines = [line for line in (result.stdout + result.stderr).splitlines() if message in line]
    assert lines and lines[0].startswith("houses/club/house.yaml:"), result.stdout[-2000:] + result.stderr[-2000:]
    assert "Traceback" not in result.stderr
