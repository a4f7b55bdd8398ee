"""A house's numbers, each with its unit and the passage of the house's documents it comes from.

A house file writes every number with its unit, as OpenFisca's parameters carry theirs: an amount
with its currency's ISO 4217 code (or ``200 chips`` in a house that counts in chips),
``break_minutes: 30 minutes``, ``percent: 5 %``, ``short_handed_players: {min: 2 players, max: 4 players}``;
and names, under ``references:``, the passage each group of numbers comes from (``rulebook.core.references``).
Reading the house turns each quantity into the whole number the engine rules with, and remembers its
unit by its place (``("stakes", "rake", "cap")``: every row alike), so that formatting uses that unit
and nothing else.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Iterator

from babel.numbers import get_currency_precision

from pokerrules.strict import in_subunits, subunits_of
from rulebook.core.errors import ModelError
from rulebook.core.money import CHIPS, is_unit
from rulebook.core.yamlload import MAX_NUMBER, Map, Seq

# The units a house number may be given in, besides its money (its ``unit:``, rulebook.core.money).
UNITS = {"%": "percent", "minutes": "minutes", "hours": "hours", "seconds": "seconds", "players": "players"}
_QUANTITY = re.compile(r"(-?\d{1,30}(?:\.\d{1,30})?)\s*(%|[A-Za-z]+)\Z")   # an amount and its code, "30 minutes"
# A key's name says what it measures: a number under it must be in that unit.
_KEY_UNITS = (("_minutes", "minutes"), ("_hours", "hours"), ("_seconds", "seconds"), ("percent", "percent"))


class Quantities(dict[tuple[str, ...], str]):
    """Each quantity's unit by its place in the parameters, rows alike: ``("stakes", "rake", "cap")``; and
    ``subunits``, how many of the whole numbers the amounts are read as make one unit of the house's
    money: 1, or its cents (100) where the house file writes an amount with them (a quarter: ``0.25``)."""

    def __init__(self, units: Mapping[tuple[str, ...], str] = {}, subunits: int = 1):   # noqa: B006 - read only
        super().__init__(units)
        self.subunits = subunits


class Parameters(Map):
    """A house's parameters as its file gives them (each key's line kept), with the unit of each
    number beside them: what every ``house.…`` value reads (``values.unit_of``) and the engine judged.
    Made whole by the house file's reader, then read-only: its units are a field, not an attribute
    added later, and neither they nor its keys can be changed by a stage that reads it."""

    units: Quantities

    def __init__(self, data: Mapping[str | int, Any], units: Mapping[tuple[str, ...], str]):
        super().__init__(data)
        object.__setattr__(self, "line", getattr(data, "line", 1))
        object.__setattr__(self, "key_lines", dict(getattr(data, "key_lines", {})))
        object.__setattr__(self, "units", Quantities(units, getattr(units, "subunits", 1)))

    @property
    def subunits(self) -> int:
        """How many of its whole amounts make one unit of the house's money (``Quantities``)."""
        return self.units.subunits

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (a Sphinx environment, a copy) as what it is made of, not item by item."""
        return _remade, (dict(self), dict(self.units), self.line, self.key_lines, self.units.subunits)

    def _read_only(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("a house's parameters are read-only once read")

    __setattr__ = __setitem__ = __delitem__ = _read_only
    clear = pop = popitem = setdefault = update = __ior__ = _read_only   # type: ignore[assignment]


def _remade(data: dict[str | int, Any], units: dict[tuple[str, ...], str], line: int,
            key_lines: dict[str | int, int], subunits: int = 1) -> Parameters:
    found = Parameters(data, Quantities(units, subunits))
    object.__setattr__(found, "line", line)
    object.__setattr__(found, "key_lines", key_lines)
    return found


def with_units(data: Mapping[str | int, Any], units: Mapping[tuple[str, ...], str]) -> Parameters:
    """Plain parameters (a copy, an earlier edition's) with the units of their house file."""
    return Parameters(data, units)


def read_quantities(parameters: Map, currency: str, file: str, errors: list[ModelError]) -> Quantities:
    """Replace each ``<number> <unit>`` of the parameters by its number, and return the units by place.
    A bare number, an unknown unit or another currency is a one-line error naming the line. Amounts
    may have cents where the house's currency has them (``0.25`` and its code): then every amount of the house
    is read in cents (``Quantities.subunits``), as the engine counts them."""
    allowed = {**UNITS, currency: "money"}   # the house's amounts, in its currency (or chips)
    found = []
    for container, key, place, value in _leaves(parameters, ()):
        line = container.line_of(key)
        if isinstance(value, bool) or value is None or not isinstance(value, (int, str)):
            continue
        if isinstance(value, int):
            errors.append(ModelError(file, line, None, f"{'.'.join(place)}: {value} needs its unit "
                                     f"(for example {value} {currency}, {value} minutes, {value} players)"))
            continue
        match = _QUANTITY.match(value.strip())
        if match is None:
            continue                              # a name: "1/3", "NLH", "nlh-low", a language code
        number, unit = match.group(1), match.group(2)
        if re.match(r"-?0\d", number):
            errors.append(ModelError(file, line, None, f"{'.'.join(place)}: {value.strip()!r} is not written in "
                                     "decimal (write 8, not 010)"))
            continue
        if unit not in allowed:
            other = "another currency" if is_unit(unit) else "not a unit a house number is given in"
            errors.append(ModelError(file, line, None, f"{'.'.join(place)}: {unit!r} is {other} (this house counts "
                                     f"in {currency}; units: {', '.join(allowed)})", check="house"))
            continue
        wanted = next((name for suffix, name in _KEY_UNITS if place[-1].endswith(suffix)), None)
        if wanted is not None and allowed[unit] != wanted:
            errors.append(ModelError(file, line, None, f"{'.'.join(place)} is in {wanted}, not {unit}", check="house"))
            continue
        found.append((container, key, place, line, number, allowed[unit]))
    units = Quantities(subunits=_subunits(found, currency, file, errors))
    for container, key, place, line, number, named in found:
        whole = in_subunits(number, units.subunits if named == "money" else 1)
        if whole is None:
            errors.append(ModelError(file, line, None, f"{'.'.join(place)}: {number} is not a whole number of "
                                     f"{named}" if named != "money" else f"{'.'.join(place)}: {number} {currency} "
                                     f"is finer than {currency}'s smallest coin", check="house"))
            continue
        if not abs(whole) < MAX_NUMBER:
            errors.append(ModelError(file, line, None, f"{'.'.join(place)}: {number} is larger than any card-room "
                                     f"number (at most {(MAX_NUMBER - 1) // (units.subunits if named == 'money' else 1):,})",
                                     check="house"))
            continue
        if units.setdefault(place, named) != named:
            errors.append(ModelError(file, line, None, f"{'.'.join(place)} is in {units[place]} in another row, "
                                     f"not {number} {currency if named == 'money' else named}", check="house"))
            continue
        container[key] = whole
    return units


def _subunits(found: list[tuple[Any, ...]], currency: str, file: str, errors: list[ModelError]) -> int:
    """How finely the house counts its money: in cents where one of its amounts has them, if its money
    has cents (not chips, not a currency without a smaller coin: each refused at the amount's line)."""
    amounts = [(line, number) for _, _, _, line, number, named in found if named == "money"]
    with_cents = next(((line, number) for line, number in amounts if "." in number), None)
    if with_cents is None:
        return 1
    digits = 0 if currency == CHIPS else get_currency_precision(currency)
    if digits == 0:
        line, number = with_cents
        errors.append(ModelError(file, line, None, f"{number} {currency}: amounts in {currency} are whole numbers "
                                 f"({'chips are counted whole' if currency == CHIPS else f'{currency} has no cents'})",
                                 check="house"))
        return 1
    return subunits_of([number for _, number in amounts], digits)


def _leaves(data: Any, place: tuple[str, ...]) -> Iterator[tuple[Any, Any, tuple[str, ...], Any]]:
    """(container, key, place, value) of every scalar; a row of a list keeps its list's place."""
    if isinstance(data, Map):
        for key, value in data.items():
            if isinstance(value, (Map, Seq)):
                yield from _leaves(value, place + (str(key),))
            else:
                yield data, key, place + (str(key),), value
    elif isinstance(data, Seq):
        for index, value in enumerate(data):
            if isinstance(value, (Map, Seq)):
                yield from _leaves(value, place)
            else:
                yield data, index, place, value
