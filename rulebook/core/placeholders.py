"""The ``{placeholders}`` of a rule's text: which it names, how they are written, and filling them."""

from __future__ import annotations

import string


def placeholders(text: str) -> list[str]:
    """The named ``{placeholders}`` of a source or translated string."""
    names = []
    for _literal, name, _spec, _conv in string.Formatter().parse(text):
        if name is not None:
            names.append(name)
    return names


def replacement_fields(text: str) -> list[str]:
    """Every replacement field as written, ``{amount}`` or ``{amount:>9}``, sorted; ValueError on bad braces.

    Compared whole between a source and its translation, so a format spec or a
    conversion can never be slipped into a translation.
    """
    fields = set()
    for _literal, name, spec, conversion in string.Formatter().parse(text):
        if name is not None:
            fields.add("{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
    return sorted(fields)


def fill(text: str, values: dict[str, str]) -> str:
    """``text`` with each ``{name}`` replaced by its value: names only, never a format spec,
    a conversion or an attribute (``str.format`` would run ``{amount.__class__}``).

    ValueError for anything else; the gate reports such a string before any page is built.
    """
    parts = []
    for literal, name, spec, conversion in string.Formatter().parse(text):
        parts.append(literal)
        if name is None:
            continue
        if spec or conversion or name not in values:
            raise ValueError(f"{{{name}}} is not a plain placeholder of this text")
        parts.append(values[name])
    return "".join(parts)


def clean(text: str) -> str:
    """Text as a rule file writes it, folded: one space between words, none at the ends."""
    return " ".join(text.split())
