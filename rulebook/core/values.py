"""The values behind a rule's ``{placeholders}``: house parameters or literals.

A value is written in the rule YAML either as a path into the house data,
``house.stakes[1/3].rake.cap`` (``[name]`` picks a stakes row by name,
``[key.sub=value]`` keeps every row that matches), or as a literal with its
unit: ``504 money`` (an amount in the house's money, whatever its currency),
``5 %``, ``30 minutes``, ``2 hours``, ``4`` (a count).
Every number a reader sees therefore has one source and a unit the page's
locale can format.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from dataclasses import dataclass, field
from typing import Any

from rulebook.core.quantities import Parameters
from rulebook.core.yamlload import MAX_NUMBER

UNITS = ("money", "percent", "minutes", "hours", "seconds", "players", "chips", "cards", "count", "text", "list",
         "language", "languages")
LANGUAGE_KEYS = ("official_language", "announced_in")  # language codes, shown as language names
_UNIT = r"money|%|minutes?|hours?|seconds?|players?|chips?|cards?"
_LITERAL = re.compile(rf"^(-?\d+(?:\.\d+)?)\s*({_UNIT})?$")
_PATH_UNIT = re.compile(rf"^(house\.\S+)\s+({_UNIT})$")   # a house number counted in a unit: "… players"
_UNIT_WORDS = {"money": "money", "%": "percent", "minute": "minutes", "minutes": "minutes",
               "hour": "hours", "hours": "hours", "second": "seconds", "seconds": "seconds",
               "player": "players", "players": "players", "chip": "chips", "chips": "chips",
               "card": "cards", "cards": "cards", None: "count"}
_STEP = re.compile(r"([a-z_]+|[A-Z]{3})(?:\[([^\]]+)\])?")   # a key, or a game's code (rake.games.PLO)


@dataclass(frozen=True)
class Value:
    """Where a placeholder's value comes from: a house path or a literal."""

    path: tuple[tuple[str, str | None], ...] | None = None
    # a number (an amount with cents: a Decimal); in a worked example also data or a list
    literal: int | Decimal | bool | str | list[Value] | None = None
    unit: str = "count"
    spec: str = ""
    line: int = field(default=0, compare=False)   # where the value is written, for error messages


def parse_value(spec: Any) -> Value:
    """Read a value as written in YAML; raise ValueError in an editor's words."""
    if isinstance(spec, bool):
        raise ValueError("true/false is not a value a rule can quote")
    if isinstance(spec, int):
        return Value(literal=spec, unit="count", spec=str(spec))
    if not isinstance(spec, str):
        raise ValueError(f"{spec!r} is neither a house path nor a number with its unit")
    spec = spec.strip()
    if (counted := _PATH_UNIT.match(spec)) is not None:
        return Value(path=_parse_path(counted.group(1)[len("house."):]), unit=_UNIT_WORDS[counted.group(2)], spec=spec)
    if spec.startswith("house."):
        return Value(path=_parse_path(spec[len("house."):]), unit="", spec=spec)
    match = _LITERAL.match(spec)
    if not match:
        raise ValueError(
            f"{spec!r} is neither a house path (house.…) nor a number with a unit "
            "(money, %, minutes, hours, seconds, players, chips, cards)"
        )
    number, unit = match.group(1), _UNIT_WORDS[match.group(2)]
    if len(number.split(".")[0].lstrip("-")) > 9 or not abs(Decimal(number)) < MAX_NUMBER:
        raise ValueError(f"{spec[:40]!r} is larger than any card-room number (at most {MAX_NUMBER - 1:,})")
    if "." in number and unit != "money":
        raise ValueError(f"{spec!r}: only an amount of money may have cents; a count, a time or a percentage is "
                         "a whole number")
    return Value(literal=Decimal(number) if "." in number else int(number), unit=unit, spec=spec)


def counted(amount: int | Decimal, subunits: int) -> int:
    """An amount written in a rule or an example (``20 money``, ``0.25 money``) as a house counts its
    money: in whole units, or in its cents (``subunits``); ValueError for cents a house does not count."""
    found = amount * subunits
    if found != int(found):
        raise ValueError(f"{amount} is an amount with cents, and this house counts its money in whole units")
    return int(found)


def _parse_path(text: str) -> tuple[tuple[str, str | None], ...]:
    steps = []
    position = 0
    while position < len(text):
        match = _STEP.match(text, position)
        if not match:
            raise ValueError(f"cannot read the house path at {text[position:]!r}")
        steps.append((match.group(1), match.group(2)))
        position = match.end()
        if position < len(text):
            if text[position] != ".":
                raise ValueError(f"cannot read the house path at {text[position:]!r}")
            position += 1
    if not steps:
        raise ValueError("the house path is empty")
    return tuple(steps)


def _lookup(data: Any, dotted: str) -> Any:
    for key in dotted.split("."):
        if not isinstance(data, dict) or key not in data:
            return _MISSING
        data = data[key]
    return data


_MISSING = object()


def _select(rows: Any, selector: str, where: str) -> Any:
    if not isinstance(rows, list):
        raise ValueError(f"{where} is not a table, so [{selector}] cannot pick from it")
    if "=" in selector:
        key, wanted = (part.strip() for part in selector.split("=", 1))
        if re.fullmatch(r"-?\d+", wanted):
            raise ValueError(f"[{selector}] selects rows by a number, so changing a number would change which "
                             "rows the rule names: name them by a role instead (e.g. [rake_tier=low])")
        return [row for row in rows if str(_lookup(row, key)) == wanted]
    for row in rows:   # a row by its role in the library's rules (nlh-low), or by its name (1/3)
        if isinstance(row, dict) and selector in (row.get("role"), str(row.get("name"))):
            return row
    names = ", ".join(str(row.get("role") or row.get("name")) for row in rows if isinstance(row, dict))
    raise ValueError(f"{where} has no row with the role or name {selector!r} (rows: {names})")


def resolve(value: Value, house: Mapping[str | int, Any]) -> tuple[Any, str]:
    """The value and its unit; ValueError if the path names nothing. An amount written in a rule
    (``504 money``) is counted as the house counts its own (in cents where it does)."""
    if value.path is None:
        if value.unit == "money" and isinstance(value.literal, (int, Decimal)):
            return counted(value.literal, house.subunits if isinstance(house, Parameters) else 1), value.unit
        return value.literal, value.unit
    data: Any = house
    where = "house"
    many = False
    for key, selector in value.path:
        if many:
            picked = [_lookup(row, key) for row in data]
            if any(item is _MISSING for item in picked):
                raise ValueError(f"{where} rows have no {key!r}")
            data = picked
        else:
            if not isinstance(data, dict) or key not in data:
                raise ValueError(f"{where} has no {key!r}")
            data = data[key]
        where = f"{where}.{key}"
        if selector is not None:
            data = _select(data, selector, where)
            where = f"{where}[{selector}]"
            if "=" in selector:
                many = True
                if not data:
                    raise ValueError(f"{where} selects no row")
    unit = unit_of([key for key, _ in value.path], data, house)
    if value.unit and unit == "count":
        unit = value.unit   # "house.rake.short_handed_players.max players"
    return data, unit


def unit_of(keys: list[str], data: Any, house: Any) -> str:
    """The unit of the house parameter at ``keys``: for a number, the unit its house file gives it
    (``rulebook.core.quantities``); otherwise what the value is (a text, a list of names, a language)."""
    key = keys[-1]
    if key in LANGUAGE_KEYS:
        return "languages" if isinstance(data, list) else "language"
    if isinstance(data, list):
        if all(isinstance(item, str) for item in data):
            return "list"
        raise ValueError("a list of numbers cannot fill one placeholder")
    if isinstance(data, str):
        return "text"
    if isinstance(data, bool) or isinstance(data, dict):
        raise ValueError("this is not a single number or name")
    unit = house.units.get(tuple(keys)) if isinstance(house, Parameters) else None
    if data is not None and unit is None:
        raise ValueError(f"house.{'.'.join(keys)} has no unit in the house file")
    # A count of players is a bare number unless the rule asks for its noun ("… players"); an amount
    # is "money", which each house writes in its own (rulebook.i18n.money: bare numbers for chips).
    return "count" if unit is None or unit == "players" else unit
