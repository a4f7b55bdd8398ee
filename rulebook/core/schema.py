"""The records the editors write, each declared once: its keys, which are required, and their types.

Every YAML mapping a loader reads (a part, a section, a rule and its variants and references,
a proposal, a note, a house file, a worked example and its table and checks, the glossary, a
language's glossary and a house's) is declared here as a ``TypedDict`` and validated by pydantic-core (pydantic's
validation engine, given the declaration as a core schema: pydantic's own schema generation would
cost the gate a fifth of a second) in strict mode (a ``true`` is not a number, ``1`` is not text),
which collects every error of a record at once.
:func:`problems` turns pydantic's errors into the editor's words, each at its line
(``yamlload.Map`` knows the line of every key), in the order an editor reads them: unknown keys,
missing keys, then values of the wrong type. The loaders then judge what a type cannot say
(ids, tags, placeholders, references).
"""

# No ``from __future__ import annotations``: TypedDict reads NotRequired from live annotations.
import types
import typing
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from typing import NotRequired, TypedDict

from pydantic_core import SchemaValidator, ValidationError, core_schema

from rulebook.core.languages import TRANSLATED
from rulebook.core.yamlload import Map

# The units an example may tell its story again in (``in_chips:``): a house in chips, where the
# example's amounts are written in money (``20 money``: the house's currency, whichever it is).
HOUSE_UNITS = ("chips",)


# -- the rule library (rules/<part>.yaml) -----------------------------------------------------

class PartRecord(TypedDict):
    id: str
    title: str
    source: str
    source_language: str
    sections: list[Any]
    intro: NotRequired[str]
    tags: NotRequired[list[Any]]
    notes: NotRequired[list[Any]]
    table: NotRequired[str]
    game: NotRequired[bool]         # the game's own rules, which any house may publish (rules/README.md)


class SectionRecord(TypedDict):
    id: str
    title: str
    rules: list[Any]


class UseRecord(TypedDict):
    """``use: <rule-id>``: a library rule placed in this section too."""

    use: str


class RuleInVariantsRecord(TypedDict):
    id: str
    variants: dict[str, Any]
    tags: NotRequired[list[Any]]
    chosen_by: NotRequired[str]


class _Statement(TypedDict, total=False):
    """What a rule and each of its variants may say beyond its title, text and source."""

    items: list[Any]
    values: dict[str, Any]
    table: str
    excerpt: str | list[Any]
    proposed: str
    proposals: list[Any]
    states: dict[str, Any]


class VariantRecord(_Statement):
    title: str
    text: str
    source: str


class RuleRecord(_Statement):
    id: str
    title: str
    text: str
    source: str
    tags: NotRequired[list[Any]]


class VariantReferenceRecord(TypedDict):
    title: str
    see: str


class ReferenceRecord(TypedDict):
    id: str
    title: str
    see: str
    tags: NotRequired[list[Any]]


class ProposalRecord(TypedDict):
    text: str
    reason: str


class NoteRecord(TypedDict):
    id: str
    title: str
    text: str
    rules: list[Any]
    sources: list[Any]
    values: NotRequired[dict[str, Any]]
    houses: NotRequired[list[Any]]
    reviewed: NotRequired[dict[str, Any]]


# -- a house (houses/<id>/house.yaml) ---------------------------------------------------------

class HouseRecord(TypedDict):
    name: str
    names: NotRequired[dict[str, Any]]       # its name in other languages than its language of authority
    title: str
    unit: str
    money: NotRequired[dict[str, Any]]       # how its amounts are written (rulebook.core.money)
    languages: NotRequired[list[Any]]        # the languages it publishes, its language of authority first
    documents: NotRequired[list[Any]]        # its own documents, files in its folder (rulebook.gate.documents)
    parts: list[Any]
    about: NotRequired[str | None]
    parameters: dict[str, Any]
    city: NotRequired[str | None]
    contact: NotRequired[str | None]
    variants: NotRequired[dict[str, Any]]
    edition: NotRequired[int]
    effective: NotRequired[str]
    copyright: NotRequired[str | None]
    base_url: NotRequired[str | None]
    numbering: NotRequired[dict[str, Any]]   # how its rules are numbered (rulebook.core.numbering)
    adopt: NotRequired[list[Any]]
    references: NotRequired[dict[str, Any]]
    short_form: NotRequired[list[Any]]       # the rules its short form prints, by id (rulebook.publish.print.short_form)
    table_card: NotRequired[list[Any]]       # the rules its table cards cite, by id (rulebook.reading.table_facts)
    print: NotRequired[dict[str, Any]]       # its paper and card size (rulebook.core.records.PrintChoice)
    deck: NotRequired[str]                   # the colours of its suits: two-colour or four-colour (records.DECKS)
    territory: NotRequired[str | dict[str, Any]]   # where it is: its dates, numbers, money and paper (ISO 3166, per language)


# -- worked examples (executable_examples/*.yaml) ---------------------------------------------

class ExamplesFileRecord(TypedDict):
    examples: list[Any]


# An example may tell its story again in each other house unit (``in_chips:``).
ExampleRecord = TypedDict("ExampleRecord", {
    "id": str, "rule": str, "text": str, "checks": list[Any],
    "given": NotRequired[dict[str, Any]], "results": NotRequired[dict[str, Any]], "table": NotRequired[dict[str, Any]],
    "houses": NotRequired[list[Any]], "variant": NotRequired[str],
    **{f"in_{unit}": NotRequired[dict[str, Any]] for unit in HOUSE_UNITS},  # type: ignore[misc]  # in_<unit> per unit
})


class ExampleTableRecord(TypedDict):
    columns: dict[str, Any]
    rows: list[Any]


class CheckRecord(TypedDict):
    call: str
    expect: NotRequired[str | list[Any] | dict[str, Any] | bool]
    says: NotRequired[str | list[Any]]   # the words of the text that state a yes/no or enum result


class InUnitRecord(TypedDict, total=False):
    given: dict[str, Any]
    results: dict[str, Any]
    rows: list[Any]


# -- the glossary (locales/glossary.yaml, locales/<lang>/glossary.yaml) ----------------------

class GlossaryRecord(TypedDict):
    terms: list[Any]
    asked: NotRequired[dict[str, Any]]


# A term may give its meaning again for each house unit (``in_chips: {note: …}``): the meaning any
# house counting in that unit reads.
TermRecord = TypedDict("TermRecord", {
    "id": str, "en": list[Any], "note": str, "keep": NotRequired[bool], "other_senses": NotRequired[list[Any]],
    "search": NotRequired[list[Any]], "rules": NotRequired[list[Any]],
    **{f"in_{unit}": NotRequired[dict[str, Any]] for unit in HOUSE_UNITS},  # type: ignore[misc]  # in_<unit> per unit
})


class InUnitTermRecord(TypedDict):
    note: str


class LanguageGlossaryRecord(TypedDict):
    terms: dict[str, Any]
    avoid: NotRequired[dict[str, Any]]
    loanwords: NotRequired[list[Any]]
    search: NotRequired[dict[str, Any]]
    asked: NotRequired[dict[str, Any]]
    apostrophe: NotRequired[str]


# -- a house's own glossary (houses/<id>/glossary.yaml) -----------------------------------------

class HouseGlossaryRecord(TypedDict):
    senses: NotRequired[dict[str, Any]]
    terms: NotRequired[list[Any]]
    names: NotRequired[list[Any]]


# A house's own term: the shared glossary's keys, with its words in each language it publishes.
HouseTermRecord = TypedDict("HouseTermRecord", {
    "id": str, "en": list[Any], "note": str, "other_senses": NotRequired[list[Any]], "rules": NotRequired[list[Any]],
    **{lang: NotRequired[list[Any]] for lang in TRANSLATED},  # type: ignore[misc]  # its words per language
})


# -- validation -------------------------------------------------------------------------------

_NAMES = {bool: "true or false", str: "text", int: "a whole number", list: "a list", dict: "a mapping",
          float: "a decimal number", type(None): "empty"}


def describe(kinds: tuple[type, ...]) -> str:
    """A type as an editor says it: ``text or empty`` (bool first: a bool is an int to Python only)."""
    return " or ".join(next((name for base, name in _NAMES.items() if issubclass(kind, base)), kind.__name__)
                       for kind in kinds)


def _kinds(annotation: Any) -> tuple[type, ...]:
    """The kinds a key's declared type allows: ``list[Any]`` is a list (only the kind is checked here;
    the loaders judge what is inside)."""
    if typing.get_origin(annotation) is NotRequired:
        annotation = typing.get_args(annotation)[0]
    kinds = typing.get_args(annotation) if isinstance(annotation, types.UnionType) else (annotation,)
    return tuple(typing.get_origin(kind) or kind for kind in kinds)


# The types a record's keys may have, as pydantic-core checks them (strictly: a bool is no int).
_CORE = {str: core_schema.str_schema, int: core_schema.int_schema, bool: core_schema.bool_schema,
         list: core_schema.list_schema, dict: core_schema.dict_schema, type(None): core_schema.none_schema}


def _core(kinds: tuple[type, ...]) -> core_schema.CoreSchema:
    schemas = [_CORE[kind](strict=True) if kind is not type(None) else _CORE[kind]()  # type: ignore[operator]
               for kind in kinds]
    return schemas[0] if len(schemas) == 1 else core_schema.union_schema(schemas)


@dataclass(frozen=True)
class Shape:
    """A record's keys as its declaration gives them, and its validator."""

    record: type

    @cached_property
    def kinds(self) -> dict[str, tuple[type, ...]]:
        """Each key's types: the required keys first, in declared order, then the optional ones."""
        hints = typing.get_type_hints(self.record)
        required = [key for key in hints if key in self.required]
        return {key: _kinds(hints[key]) for key in (*required, *(key for key in hints if key not in self.required))}

    @cached_property
    def required(self) -> frozenset[str]:
        return frozenset(getattr(self.record, "__required_keys__"))  # noqa: B009  # a TypedDict's, unknown to mypy on type

    @cached_property
    def validator(self) -> SchemaValidator:
        fields = {key: core_schema.typed_dict_field(_core(kinds), required=key in self.required)
                  for key, kinds in self.kinds.items()}
        return SchemaValidator(core_schema.typed_dict_schema(fields, extra_behavior="forbid", strict=True))

    def errors(self, data: Any) -> list[tuple[Any, ...]]:
        """(the error's type, the key it is about) for each error in ``data``, or (type,) when
        ``data`` is no mapping; none when it is valid."""
        try:
            self.validator.validate_python(data)
        except ValidationError as exc:
            return [(error["type"], *error["loc"][:1]) for error in exc.errors()]
        return []


_SHAPES: dict[type, Shape] = {}


def shape(record: type) -> Shape:
    """The one validator of a record, built the first time it is asked for."""
    if record not in _SHAPES:
        _SHAPES[record] = Shape(record)
    return _SHAPES[record]


def problems(record: type, data: Any, line: int, what: str) -> list[tuple[int, str]]:
    """(line, message) for each way ``data`` is not the record ``what``; empty when it is one."""
    found = shape(record).errors(data)
    if not found:
        return []
    if not isinstance(data, Map) or any(len(error) == 1 for error in found):
        return [(line, f"{what} must be a mapping of keys to values")]
    kinds = shape(record).kinds
    extra = {key for kind, key in found if kind in ("extra_forbidden", "invalid_key")}   # invalid: a number
    missing = {key for kind, key in found if kind == "missing"}
    wrong = {key for _, key in found} - extra - missing
    known = ", ".join(sorted(kinds))
    return [*((data.line_of(key), f"unknown key {key!r} in {what} (known: {known})") for key in data if key in extra),
            *((data.line, f"{what} is missing {key!r}") for key in kinds if key in missing),
            *((data.line_of(key), f"{key!r} must be {describe(kinds[key])}, not {describe((type(data[key]),))}")
              for key in kinds if key in wrong)]


def unknown_keys(record: type, data: Map) -> list[str | int]:
    """The keys of ``data`` its record does not declare, in the order written."""
    return [key for key in data if key not in shape(record).kinds]
