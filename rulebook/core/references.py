"""Where each group of a house's numbers comes from: ``references:`` of its house file.

Each key names a group of numbers by its place in the parameters (``stakes``, ``stakes.rake``,
``rake.bands``, ``times.break_minutes``), and every number of the house is covered by one. A value is
either the passage of the house's documents the numbers come from, quoting it (between “…”, „…”,
«…» or "…"), each quotation found in one of the documents the house names (its spacing aside, as
an excerpt is found: ``normal``), or ``{proposed: "<why>"}`` for numbers the documents do not give,
which the editors' edition shows as a proposal beside every rule quoting them and on its status
page. So no number passes for the house's own when the house's documents do not say it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rulebook.core.errors import ModelError
from rulebook.core.yamlload import Map

# A quotation of a reference: between English, Romanian or Croatian, French or Spanish, or straight quotes.
_QUOTED = re.compile(r"“([^”]+)”|„([^”“]+)[”“]|«([^»]+)»|\"([^\"]+)\"")
_FIX = "quote the passage the numbers come from, or write {proposed: why} for numbers its documents do not give"


def normal(text: str) -> str:
    """A text with its spacing folded: how a quotation (an excerpt, a reference) is found in a document."""
    return re.sub(r"\s+", " ", text).strip()


def quotations(passage: str) -> list[str]:
    """The passages a reference quotes, as written between its quotes."""
    return [next(group for group in found.groups() if group is not None) for found in _QUOTED.finditer(passage)]


@dataclass(frozen=True)
class Reference:
    """One entry of ``references:``: the group of numbers it covers (``key``), its line in the house
    file, and either the ``passage`` of the house's documents they come from or why the house states
    them though its documents do not give them (``proposed``)."""

    key: str
    line: int
    passage: str | None = None
    proposed: str | None = None

    @property
    def place(self) -> tuple[str, ...]:
        return tuple(self.key.split("."))


def reference_of(references: Sequence[Reference], keys: Sequence[str]) -> Reference | None:
    """The reference covering the number at ``keys`` (``("stakes", "rake", "cap")``): the one whose key
    is the longest beginning of it; None for a value no reference covers (a name, a language)."""
    covering = [found for found in references if tuple(keys[:len(found.place)]) == found.place]
    return max(covering, key=lambda found: len(found.place), default=None)


def read_references(given: Any, units: Mapping[tuple[str, ...], str], documents: Mapping[str, str] | None, file: str,
                    line: int, house_id: str, errors: list[ModelError]) -> tuple[Reference, ...]:
    """``references:`` as read: each a passage quoted from ``documents`` or a proposal, every number
    of the house (``units``, by place) covered. Each mistake is one line at the reference's own line.
    ``documents`` None: they could not all be read (told at their line), so no quotation is judged."""
    def error(at: int, message: str) -> None:
        errors.append(ModelError(file, at, house_id, message, "house", check="house"))

    if given is None and not units:
        return ()
    if not isinstance(given, Map):
        error(line, "'references' maps each group of numbers (stakes, rake.bands, times…) to the passage of the "
                    "house's documents it comes from")
        return ()
    texts = [normal(text) for text in (documents or {}).values()]
    named = ", ".join(documents or ()) or "it names none under 'documents'"
    found = []
    for key, value in given.items():
        at, said, group = given.line_of(key), f"references: {key}:", tuple(str(key).split("."))
        if not any(place[:len(group)] == group for place in units):
            error(at, f"{said} names no number of the house")
            continue
        if isinstance(value, Map) and list(value) == ["proposed"]:
            why = value["proposed"]
            if not isinstance(why, str) or not why.strip():
                error(at, f"{said} {{proposed: …}} says why the house states these numbers though its documents do "
                          "not give them: write the reason")
                continue
            found.append(Reference(str(key), at, proposed=normal(why)))
            continue
        if not isinstance(value, str) or not value.strip():
            error(at, f"{said} must name a passage of the house's documents, or be {{proposed: why}}: {_FIX}")
            continue
        quoted = quotations(value)
        missing = next((quote for quote in quoted if not any(normal(quote) in text for text in texts)), None)
        if documents is not None and not quoted:
            error(at, f"{said} {normal(value)[:60]!r} quotes no passage of the house's documents ({named}) between "
                      f"quotes: {_FIX}")
        elif documents is not None and missing is not None:
            error(at, f"{said} “{normal(missing)[:60]}” is not in the house's documents ({named}): {_FIX}")
        else:
            found.append(Reference(str(key), at, passage=normal(value)))
    places = [tuple(str(key).split(".")) for key in given]
    for place in units:
        if not any(place[:len(prefix)] == prefix for prefix in places):
            error(line, f"{'.'.join(place)}: no reference says which passage of the house's documents it comes from "
                        "(add it under 'references')")
    return tuple(found)
