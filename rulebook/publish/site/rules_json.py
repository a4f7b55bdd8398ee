"""The rules as data for other programs: ``<house>/<lang>/rules.json``, one file per house and language.

A room's own website, a tournament clock or an app shows "rule 3.1" by reading this file, never by
scraping pages. It holds what a reader of the language is shown and nothing else: every rule the house
publishes, in book order, with the number readers cite it by, its title and words exactly as the page
shows them (made from the same nodes, ``rules.rule_nodes``, not written again here), its part and
section, its permanent address and the house's numbers it quotes, each with its unit. No proposal,
editorial note or source file: it is made from the reader's edition (``Reading``, not the editors').

Its shape is ``docs/rules.schema.json``, named by ``SCHEMA``: a file validates against the schema of
the version it names. Any change of shape (a field added, removed or renamed) or of a field's meaning
raises the version (``rulebook-rules/2``), so a program that knows version 1 reads exactly what it expects.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from docutils import nodes

from rulebook.core.model import Part, Rule, Section
from rulebook.core.values import resolve
from rulebook.publish.editions.archive import Place
from rulebook.publish.site.offline import RULES
from rulebook.publish.site.parts import TABLES
from rulebook.publish.site.rst import one_line
from rulebook.publish.site.rules import META, Page, rule_nodes

SCHEMA = "rulebook-rules/1"
FILE = "rules.json"
#: The units a quoted number may have (``rulebook.core.values``), as the file names them; money is
#: named by what the house counts in (its currency's ISO 4217 code, or chips). Names, languages and
#: lists of names a rule quotes are words of its text, not numbers.
NUMBER_UNITS = frozenset({"money", "chips", "percent", "minutes", "hours", "seconds", "players", "cards", "count"})


def rules_json(page: Page, place: Place) -> str:
    """The file's text: the same bytes from the same reading (keys in a fixed order, no time, no path
    of the machine)."""
    return json.dumps(data(page, place), ensure_ascii=False, indent=1) + "\n"


def data(page: Page, place: Place) -> dict[str, Any]:
    """The house, its language, its edition and every rule it publishes, in book order."""
    reading, book = page.reading, page.book
    in_force = book.in_force
    return {
        "schema": SCHEMA,
        "house": {"id": book.id, "name": book.name, "official_language": book.house["official_language"]},
        "lang": reading.lang,
        "title": one_line(reading.text(book.title)),
        "edition": {"number": in_force[0], "in_force_from": in_force[1].isoformat()} if in_force else None,
        "rules": [_rule(page, place, part, section, rule) for part, section, rule in _in_book_order(page)],
    }


def _in_book_order(page: Page) -> Iterator[tuple[Part, Section, Rule]]:
    for part in page.book.parts:
        for section in part.sections:
            for rule in section.rules:
                yield part, section, rule


def _rule(page: Page, place: Place, part: Part, section: Section, rule: Rule) -> dict[str, Any]:
    """A rule as its page shows it: the words of its paragraphs and list as the page's nodes hold them."""
    reading = page.reading
    shown = rule_nodes(page, rule.id)
    paragraphs = [child.astext() for child in shown.children
                  if isinstance(child, nodes.paragraph) and META not in child["classes"]]
    items = [item.astext() for child in shown.children if isinstance(child, nodes.bullet_list) for item in child.children]
    address = f"{RULES}/{rule.id}.html"
    return {
        "id": rule.id,
        "number": reading.number_of(rule.id),
        "cited": reading.cite(rule.id),
        "title": one_line(reading.title(rule)),
        "text": "\n\n".join(paragraphs),
        "items": items,
        "table": _table(page, rule),
        "see": {"id": rule.see, "number": reading.number_of(rule.see)} if rule.see else None,
        "part": {"id": part.id, "title": one_line(reading.text(part.title))},
        "section": {"id": section.id, "title": one_line(reading.text(section.title))},
        "url": place.file(address) or f"{place.house}/{place.lang}/{address}",
        "numbers": list(_numbers(page, rule)),
    }


def _table(page: Page, rule: Rule) -> dict[str, list[Any]] | None:
    """The table the page shows under the rule (its heading row and rows of cells), as words."""
    if not rule.table:
        return None
    shown = TABLES[rule.table](page)
    head = [[entry.astext() for entry in row.children] for row in shown.findall(nodes.row) if isinstance(row.parent, nodes.thead)]
    body = [[entry.astext() for entry in row.children] for row in shown.findall(nodes.row) if isinstance(row.parent, nodes.tbody)]
    return {"head": head[0] if head else [], "rows": body}


def _numbers(page: Page, rule: Rule) -> Iterator[dict[str, Any]]:
    """Each number the rule quotes (its placeholders' values, in the order the rule gives them): its
    value in the unit it is counted in (an amount in the house's money, cents as a fraction of it, as
    its house file writes it), that unit, and the words the page writes it in."""
    reading, book = page.reading, page.book
    for name, value in rule.values.items():
        if value is None:
            continue
        found, unit = resolve(value, book.house)
        if unit not in NUMBER_UNITS or isinstance(found, bool) or not isinstance(found, (int, Decimal, type(None))):
            continue
        yield {"name": name, "value": _counted(found, book.money.subunits if unit == "money" else 1),
               "unit": book.money.currency if unit == "money" else unit,
               "shown": one_line(reading.fmt.value(found, unit))}


def _counted(amount: int | Decimal | None, subunits: int) -> int | float | None:
    """A number in whole units of what it counts (an amount the engine counts in cents, in its money's
    units: 25 is 0.25); a fraction as the shortest decimal that reads back as it (0.25, never 0.2500001)."""
    if amount is None:
        return None
    units = Decimal(amount) / subunits
    return int(units) if units == units.to_integral_value() else float(units)
