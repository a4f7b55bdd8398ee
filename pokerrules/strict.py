"""Strict reading of a house's parameters: every mistake a ``HouseError`` that says, in a floor
manager's words, what is wrong and where (the keys and list indices leading to the bad value), so a
loader can point at the file and line. Shared by the house (``house``) and its rake (``rake``)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any

#: Where a bad value is in a house file: the keys and list indices leading to it.
Path = tuple[str | int, ...]


class HouseError(ValueError):
    """A house-parameter file is wrong. ``path`` locates the bad value; ``str(err)`` says what is wrong."""

    def __init__(self, message: str, path: Sequence[str | int] = ()) -> None:
        super().__init__(message)
        self.path: Path = tuple(path)
        self.message = message

    def __str__(self) -> str:
        return self.message


def mapping(data: Any, path: Path, keys: Iterable[str], optional: Iterable[str] = ()) -> Mapping[str, Any]:
    """``data`` as a mapping holding every key of ``keys`` and nothing but those and ``optional``."""
    if not isinstance(data, Mapping):
        raise HouseError(f"expected a mapping of {', '.join([*keys, *optional])}", path)
    known = set(keys) | set(optional)
    for k in data:
        if k not in known:
            raise HouseError(f"unknown key {k!r}; expected one of: {', '.join(sorted(map(str, known)))}", path + (k,))
    for k in keys:
        if k not in data:
            raise HouseError(f"missing key {k!r}", path)
    return data


def whole(data: Mapping[str, Any], key: str, path: Path, *, minimum: int = 0, allow_null: bool = False) -> Any:
    """A whole number (an amount, a count) at ``key``, at least ``minimum`` (None where ``allow_null``)."""
    v = data[key]
    p = path + (key,)
    if v is None and allow_null:
        return None
    if isinstance(v, bool) or not isinstance(v, int):
        raise HouseError(f"{key} must be a whole number, not {v!r}", p)
    if v < minimum:
        raise HouseError(f"{key} must be at least {minimum}, not {v}", p)
    return v


def optional_whole(data: Mapping[str, Any], key: str, path: Path, *, minimum: int = 0) -> int | None:
    """A whole number where the house states one (the key given and not null), else None."""
    return whole(data, key, path, minimum=minimum) if data.get(key) is not None else None


def text(data: Mapping[str, Any], key: str, path: Path) -> str:
    v = data[key]
    if not isinstance(v, str) or not v.strip():
        raise HouseError(f"{key} must be a text, not {v!r}", path + (key,))
    return v


def choice(data: Mapping[str, Any], key: str, path: Path, choices: Sequence[str]) -> str:
    v = data[key]
    if v not in choices:
        raise HouseError(f"{key} must be one of {', '.join(choices)}, not {v!r}", path + (key,))
    return v


# -- quantities as a house file writes them -------------------------------------------------------

#: A number with its unit, as a house file writes it: an amount with its currency's code (a quarter: "0.25" and the code),
#: "30 minutes", "5 %".
QUANTITY = re.compile(r"(-?\d+(?:\.\d+)?)\s*(%|[A-Za-z]+)\Z")


def subunits_of(amounts: Iterable[str], digits: int = 2) -> int:
    """How many of the engine's amounts make one unit of the house's money: 1 where every amount the
    house file writes is whole (or chips), else ``10 ** digits`` (its currency's cents), so
    that the engine still counts in whole numbers (0.25 is 25). ``amounts``: the numbers as
    written, without their unit."""
    return 10 ** digits if any("." in amount for amount in amounts) else 1


def in_subunits(amount: str, subunits: int) -> int | None:
    """An amount as written ("0.25") in the engine's whole numbers, or None when it has more decimals
    than the money counts (a tenth of a cent)."""
    value = Decimal(amount) * subunits
    return int(value) if value == value.to_integral_value() else None


def numbers(data: Any) -> Any:
    """A house file's parameters with its quantities (an amount with its code, ``30 minutes``, ``5 %``) as the
    whole numbers the engine rules with, amounts in subunits where the file writes cents
    (``subunits_of``). Already whole numbers are left as they are."""
    currency = data.get("currency") if isinstance(data, Mapping) else None
    written = [match.group(1) for value in _strings(data)
               if (match := QUANTITY.match(value.strip())) and match.group(2) == currency]
    subunits = subunits_of(written)

    def read(value: Any) -> Any:
        if isinstance(value, Mapping):
            return {key: read(item) for key, item in value.items()}
        if isinstance(value, list):
            return [read(item) for item in value]
        if isinstance(value, str) and (match := QUANTITY.match(value.strip())):
            scale = subunits if match.group(2) == currency else 1
            found = in_subunits(match.group(1), scale)
            return found if found is not None else value   # left as text: refused where it is read
        return value

    return read(data), subunits


def _strings(data: Any) -> Iterable[str]:
    if isinstance(data, Mapping):
        for item in data.values():
            yield from _strings(item)
    elif isinstance(data, list):
        for item in data:
            yield from _strings(item)
    elif isinstance(data, str):
        yield data
