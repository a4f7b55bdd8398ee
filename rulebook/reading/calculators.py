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
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.extract import extract
from babel.numbers import format_decimal, get_decimal_symbol, get_group_symbol

from pokerrules import House
from rulebook.core import floor
from rulebook.core.money import CHIPS
from rulebook.i18n.formatting import COUNTED, plural_samples
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


#: The words a rule uses when it is about what an engine function works out (its English, any form):
#: a worked example of the function makes the calculators cite the rule that decides the sum, so the
#: gate holds the rule to saying something of that sum (rulebook.gate.coherence.decision_problems).
ABOUT = {
    "house.rake": ("the rake", r"rake[sd]?|caps?"),
    "house.split_pot_rake": ("the rake", r"rake[sd]?|caps?"),
    "house.jackpot_drop": ("the jackpot drop", r"jackpots?|drops?"),
    "betting.min_raise_to": ("the minimum raise", r"rais(?:e|es|ed|ing)"),
    "betting.pot_limit_max_raise_to": ("the pot-limit raise", r"pot[- ]limit|rais(?:e|es|ed|ing)"),
    "betting.may_raise": ("who may raise", r"rais(?:e|es|ed|ing)|reopens?"),
    "pots.split": ("how a pot is split", r"pots?|odd chips?|split"),
    "table.chip_race": ("the chip race", r"chip races?|rac(?:e|ed)"),
}


def decides(function: str, english: str) -> bool:
    """Whether a rule whose English (title, text, items) is ``english`` says something of the sum
    ``function`` works out: it uses one of the words of ``ABOUT``; a function no calculator answers
    decides nothing a calculator cites, and any rule may run it."""
    return function not in ABOUT or re.search(rf"\b(?:{ABOUT[function][1]})\b", english, re.IGNORECASE) is not None


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


#: The owners of the messages that speak of the house's rake, of its jackpot drop, of a house that
#: states no stakes (its games, its cap) or of cents, whichever calculator says them: the functions
#: ``floor.raked`` (``dropped``, ``unstaked``, ``in_cents``) marks, and the fields asked only where the
#: house has them.
RAKED, DROPPED, UNSTAKED, IN_CENTS = "raked", "dropped", "unstaked", "in_cents"
_MARKS = {floor.raked.__name__: RAKED, floor.dropped.__name__: DROPPED, floor.unstaked.__name__: UNSTAKED,
          floor.in_cents.__name__: IN_CENTS}


def _mark(node: ast.FunctionDef | ast.Call) -> str | None:
    """What a function or a field of ``floor`` speaks of by its mark (``RAKED``, ``DROPPED``), if any."""
    if isinstance(node, ast.FunctionDef):
        return next((_MARKS[decorator.id] for decorator in node.decorator_list
                     if isinstance(decorator, ast.Name) and decorator.id in _MARKS), None)
    if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Field":
        return next((_MARKS[keyword.arg] for keyword in node.keywords if keyword.arg in _MARKS
                     and isinstance(keyword.value, ast.Constant) and keyword.value.value is True), None)
    return None


@functools.cache
def _messages_by_owner() -> tuple[tuple[str, str | None], ...]:
    """Each of ``floor``'s messages with what says it: the calculator (its entry in ``CALCULATORS``, or
    its answering function, named as its id is: ``split_pot_rake`` for ``split-pot-rake``), ``RAKED``
    for the words of the house's rake (``DROPPED``, ``UNSTAKED``, ``IN_CENTS``: its jackpot drop's, a
    house's with no stakes, its cents'), the innermost that holds it; None for the messages every calculator may say
    (reading a number, a seat)."""
    path = Path(floor.__file__)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    ids = {calculator.id.replace("-", "_"): calculator.id for calculator in floor.CALCULATORS}
    spans: list[tuple[int, int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.Call)) and (mark := _mark(node)):
            spans.append((node.lineno, node.end_lineno or node.lineno, mark))
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
    offer, and none of the rake's (the jackpot drop's) where the house takes none (a room without rake
    ships no word of the rake's)."""
    has = {RAKED: house.takes_rake, DROPPED: any(rake.jackpot is not None for rake in house.rakes),
           UNSTAKED: house.runs_cash_games and not house.stakes_names, IN_CENTS: house.subunits > 1}
    owners = {item.calculator.id for item in calculators} | {owner for owner, held in has.items() if held and calculators}
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
    house = reading.book.ruled()
    # Tournament chips, counted as the answers count them ("2,100 chips"), where the tables count in them.
    if reading.book.table_unit == CHIPS:
        money = {category: tr.ngettext(*COUNTED["chips"], n).replace("{count}", "{amount}")
                 for category, n in samples.items()}
    else:
        money = money_patterns(reading.book.money, reading.fmt.code, samples)
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
            elif field.kind == "game":
                shown["choices"] = [[game, reading.fmt.word(game)] for game in house.game_rakes]
            elif field.kind == "yesno":
                shown["choices"] = [["yes", ui["yes"]], ["no", ui["no"]]]
            fields.append(shown)
        forms.append({"id": item.calculator.id, "title": item.title, "fields": fields,
                      "rules": [{"text": f"{rule.cited} · {rule.title}" if rule.cited else rule.title,
                                 "href": f"{rule.part_id}.html#{rule.rule_id}"} for rule in item.rules]})
    counted = {"subunits": reading.book.house.subunits} if house.runs_cash_games and reading.book.house.subunits > 1 else {}
    return {"lang": lang, "house": plain(reading.book.house), "symbols": {**symbols(reading.fmt.code), **counted},
            "money": money,
            "messages": {message: tr.gettext(message) for message in messages_of(calculators, house)},
            "ui": ui,
            "calculators": forms, "runtime": dict(runtime)}
