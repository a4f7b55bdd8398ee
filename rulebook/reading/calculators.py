"""The floor calculators a house's page offers in one language, and the data its script reads.

A house offers a calculator when it publishes a rule whose worked example runs the engine function
that answers it (``floor.Calculator.engine``): those rules are the ones named, linked, beside its
answer. Everything the page's script shows is here, already in the reader's language (labels,
messages, plural forms of the unit, Babel's number symbols), with the house's parameters as the data
its house file gives: the script only reads the form, asks ``floor.respond`` and writes the answer.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.extract import extract
from babel.numbers import format_decimal, get_decimal_symbol, get_group_symbol

from pokerrules import House
from rulebook.core import floor
from rulebook.i18n.formatting import COUNTED, cldr, plural_samples
from rulebook.i18n.money import money_patterns
from rulebook.i18n.vocabulary import N_
from rulebook.reading import Reading

PAGE = "calculators"

# What the page's script says around the calculators (their own words are ``floor``'s).
UI = {
    # Translators: the button that works out a floor calculator's answer.
    "calculate": N_("Calculate"),
    # Translators: shown while the calculators' engine loads in the reader's browser.
    "loading": N_("Loading the calculator…"),
    "failed": N_("The calculator could not start: reload the page to try again."),
    # Translators: shown on the calculators page opened without a signal before it was ever opened with one.
    "offline": N_("The calculators need a signal once, the first time they open: open this page again with a "
                  "signal, and after that they work without one."),
    # Translators: before the rules (their numbers, linked) that decided a calculator's answer.
    "decided": N_("Decided by:"),
    "yes": N_("Yes"),
    "no": N_("No"),
    "refusal": floor.REFUSAL,
}


@dataclass(frozen=True)
class RuleLink:
    """A rule that decides a calculator's answer, as the page cites and links it."""

    rule_id: str
    part_id: str
    cited: str
    title: str


@dataclass(frozen=True)
class Offered:
    """A calculator the house offers, in the reader's words."""

    calculator: floor.Calculator
    title: str
    rules: tuple[RuleLink, ...]


def _runs(reading: Reading, rule_id: str, engine: str) -> bool:
    """Whether one of the rule's worked examples runs the engine function (``owner.function``)."""
    owner, function = engine.split(".")
    return any(check.call.owner == owner and check.call.function == function
               for example in reading.examples_of(rule_id) for check in example.checks)


def offered(reading: Reading) -> tuple[Offered, ...]:
    """The calculators the house's published rules cover, in ``floor.CALCULATORS``'s order: each with
    the rules of its engine function and, where the house has them, of the functions that decide part
    of its answer (``also``: the rake of the side pots), in the rulebook's order."""
    found = []
    for calculator in floor.CALCULATORS:
        if not any(_runs(reading, rule_id, calculator.engine) for rule_id in reading.placed):
            continue
        rules = tuple(
            RuleLink(rule_id, part_id, reading.cite(rule_id) or "", reading.title(rule))
            for rule_id, (part_id, rule) in reading.placed.items()
            if any(_runs(reading, rule_id, engine) for engine in (calculator.engine, *calculator.also)))
        found.append(Offered(calculator, reading.tr.gettext(calculator.title), rules))
    return tuple(found)


def symbols(lang: str) -> dict[str, Any]:
    """How the language writes a whole number, from Babel: its group and decimal symbols, and
    whether a four-digit number is grouped (Spanish writes 1000 but 10.000)."""
    return {"group": get_group_symbol(lang), "decimal": get_decimal_symbol(lang),
            "min_grouping": 1 if len(format_decimal(1000, locale=lang)) > 4 else 2}


@functools.cache
def messages() -> tuple[str, ...]:
    """Every message ``floor`` can answer with, as ``rulebook gettext`` extracts them."""
    return tuple(dict.fromkeys(message for message, _ in _messages_by_owner()))


#: The owner of the messages that speak of the house's rake, whichever calculator says them: the
#: functions ``floor.raked`` marks and the fields asked only where the house takes rake.
RAKED = "raked"


def _marked_raked(node: ast.FunctionDef | ast.Call) -> bool:
    if isinstance(node, ast.FunctionDef):
        return any(getattr(decorator, "id", None) == floor.raked.__name__ for decorator in node.decorator_list)
    return isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Field" and any(
        keyword.arg == "raked" and isinstance(keyword.value, ast.Constant) and keyword.value.value is True
        for keyword in node.keywords)


@functools.cache
def _messages_by_owner() -> tuple[tuple[str, str | None], ...]:
    """Each of ``floor``'s messages with what says it: the calculator (its entry in ``CALCULATORS``, or
    its answering function, named as its id is: ``split_pot_rake`` for ``split-pot-rake``), ``RAKED``
    for the words of the house's rake, the innermost that holds it; None for the messages every
    calculator may say (reading a number, a seat)."""
    path = Path(floor.__file__)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    ids = {calculator.id.replace("-", "_"): calculator.id for calculator in floor.CALCULATORS}
    spans: list[tuple[int, int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.Call)) and _marked_raked(node):
            spans.append((node.lineno, node.end_lineno or node.lineno, RAKED))
        elif isinstance(node, ast.FunctionDef) and node.name in ids:
            spans.append((node.lineno, node.end_lineno or node.lineno, ids[node.name]))
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Calculator" and node.args \
                and isinstance(node.args[0], ast.Constant) and node.args[0].value in ids.values():
            spans.append((node.lineno, node.end_lineno or node.lineno, str(node.args[0].value)))
    spans.sort(key=lambda span: span[1] - span[0])   # the innermost first: a raked field in a calculator
    with path.open("rb") as source:
        found = extract("python", source, keywords={"N_": None})
        return tuple((message, next((owner for start, end, owner in spans if start <= line <= end), None))
                     for line, message, _, _ in found if isinstance(message, str))


def messages_of(calculators: tuple[Offered, ...], house: House) -> tuple[str, ...]:
    """The messages the offered calculators may answer with: none of a calculator the house does not
    offer, and none of the rake's where the house takes none (a room without rake ships no word of
    the rake's)."""
    owners = {item.calculator.id for item in calculators} | ({RAKED} if house.takes_rake and calculators else set())
    return tuple(dict.fromkeys(message for message, owner in _messages_by_owner() if owner is None or owner in owners))


def plain(data: Any) -> Any:
    """A house file's values as JSON's (the lines they were read from left behind)."""
    if isinstance(data, Mapping):
        return {str(key): plain(value) for key, value in data.items()}
    if isinstance(data, (list, tuple)):
        return [plain(value) for value in data]
    return data


def page_data(reading: Reading, calculators: tuple[Offered, ...], runtime: Mapping[str, Any]) -> dict[str, Any]:
    """What the calculators page's script reads (written as JSON, never as code): the house's
    parameters, the language's number symbols and words, each calculator's inputs and rules, and
    where the runtime is (``runtime``: addresses relative to the page)."""
    tr, lang = reading.tr, reading.lang
    samples = plural_samples(lang)
    if reading.book.money.chips:   # tournament chips, counted as the answers count them ("2,100 chips")
        money = {category: tr.ngettext(*COUNTED["chips"], n).replace("{count}", "{amount}")
                 for category, n in samples.items()}
    else:
        money = money_patterns(reading.book.money, cldr(lang), samples)
    house = reading.book.engine or House.from_mapping(plain(reading.book.house), subunits=reading.book.house.subunits)
    ui = {key: tr.gettext(message) for key, message in UI.items()}
    hint = tr.gettext(floor.LIST_HINT)
    forms = []
    for item in calculators:
        fields = []
        for field in item.calculator.asks(house):
            shown: dict[str, Any] = {"name": field.name, "kind": field.kind, "label": tr.gettext(field.label),
                                     "hint": hint.replace("{example}", field.example)
                                     if field.example else "", "optional": field.optional}
            if field.kind == "stakes":
                shown["choices"] = [[name, name] for name in house.stakes_names]
            elif field.kind == "yesno":
                shown["choices"] = [["yes", ui["yes"]], ["no", ui["no"]]]
            fields.append(shown)
        forms.append({"id": item.calculator.id, "title": item.title, "fields": fields,
                      "rules": [{"text": f"{rule.cited} · {rule.title}" if rule.cited else rule.title,
                                 "href": f"{rule.part_id}.html#{rule.rule_id}"} for rule in item.rules]})
    return {"lang": lang, "house": plain(reading.book.house), "symbols": symbols(lang), "money": money,
            "messages": {message: tr.gettext(message) for message in messages_of(calculators, house)},
            "ui": ui,
            "calculators": forms, "runtime": dict(runtime)}
