"""Executable worked examples: load them, run them against the engine, show them.

An example belongs to a rule, gives its inputs with units, calls the engine,
and states the expected result; its English narrative quotes those values by
placeholder. The format is documented in ``executable_examples/README.md``.
The calls are a small, checked subset of Python (engine calls, names,
literals), so the same text is run by the drift gate and shown as a doctest.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

from rulebook.core import yamlload
from rulebook.core.calls import (ENGINE_MODULES, Call, CallError, call_arguments, parse_call, reads_the_house, run_call,
                                 show_call)
from rulebook.core.errors import ModelError, ModelErrors
from rulebook.core.layout import Layout
from rulebook.core.placeholders import clean, placeholders
from rulebook.core.reader import Reader
from rulebook.core.records import ID_PATTERN, MAX_ID, Message
from rulebook.core.schema import (HOUSE_UNITS, CheckRecord, ExampleRecord, ExamplesFileRecord, ExampleTableRecord,
                                  InUnitRecord)
from rulebook.core.values import Value, counted, parse_value
from rulebook.core.yamlload import Map

if TYPE_CHECKING:
    from pokerrules import House

@dataclass(frozen=True)
class Check:
    call: Call           # parsed once into the engine-call grammar (rulebook.core.calls)
    expect: Any          # a name, a list of expects, a mapping of expects, or a bool/None
    line: int
    says: tuple[str, ...] = ()   # the English words of the example's text that state its (yes/no, enum) result


@dataclass(frozen=True)
class Column:
    name: str
    label: Message


@dataclass(frozen=True)
class WorkedExample:
    id: str
    rule: str
    text: Message
    given: dict[str, Value]
    results: dict[str, Value]
    checks: tuple[Check, ...]
    columns: tuple[Column, ...]
    rows: tuple[dict[str, Value], ...]
    file: str
    line: int
    houses: tuple[str, ...] = ()     # the houses whose numbers it uses (empty: every house publishing its rule)
    variant: str | None = None       # for a rule stated in variants: the variant it works through
    # The same story told in another house unit (``in_chips:``): the given values, results and rows that
    # change, so each house's rulebook shows amounts in its own unit.
    by_unit: dict[str, tuple[dict[str, Value], dict[str, Value], tuple[dict[str, Value], ...] | None]] = \
        field(default_factory=dict)

    def in_unit(self, unit: str) -> "WorkedExample":
        """The example as a house whose amounts are in ``unit`` publishes it."""
        if unit not in self.by_unit:
            return self
        given, results, rows = self.by_unit[unit]
        return dataclasses.replace(self, given={**self.given, **given}, results={**self.results, **results},
                                   rows=self.rows if rows is None else rows, by_unit={})

    def counted_in(self, subunits: int) -> "WorkedExample":
        """The example as a house that counts its money in ``subunits`` of a unit (100: cents) runs and
        shows it: each amount it writes (``20 money``, ``0.25 money``) counted as that house counts its
        own (ValueError for cents in a house that counts whole units)."""
        given, results = _counted(self.given, subunits), _counted(self.results, subunits)
        return dataclasses.replace(self, given=given, results=results,
                                   rows=tuple(_counted(row, subunits) for row in self.rows))

    def messages(self) -> list[Message]:
        return [self.text, *(column.label for column in self.columns)]

    def bindings(self) -> Iterator[dict[str, Value]]:
        """The values each run sees: given and results, once per table row."""
        base = {**self.given, **self.results}
        if not self.rows:
            yield base
        for row in self.rows:
            yield {**base, **row}


def _counted(values: dict[str, Value], subunits: int) -> dict[str, Value]:
    return {name: _count(value, subunits) for name, value in values.items()}


def _count(value: Value, subunits: int) -> Value:
    if isinstance(value.literal, list):
        return dataclasses.replace(value, literal=[_count(item, subunits) for item in value.literal])
    if value.unit == "money" and isinstance(value.literal, (int, Decimal)):
        return dataclasses.replace(value, literal=counted(value.literal, subunits))
    return value


def parse_example_value(spec: Any) -> Value:
    """Numbers take their unit (``504 money``); other text, lists and yes/no are data."""
    if isinstance(spec, bool) or spec is None:
        return Value(literal=spec, unit="data", spec=str(spec))
    if isinstance(spec, list):
        return Value(literal=[parse_example_value(item) for item in spec], unit="items", spec=str(spec))
    try:
        return parse_value(spec)
    except ValueError:
        if isinstance(spec, str) and not spec.startswith("house."):
            return Value(literal=spec, unit="text", spec=spec)
        raise


def raw(value: Value) -> Any:
    """The Python value the engine is called with."""
    if isinstance(value.literal, list):   # unit "items"
        return [raw(item) for item in value.literal]
    return value.literal


def _load_file(path: Path, rel: str, errors: list[ModelError], rule_ids: dict[str, frozenset[str]] | None,
               seen: dict[str, tuple[str, int]]) -> list[WorkedExample]:
    try:
        data = yamlload.load(path, rel)
    except ModelError as exc:
        errors.append(exc)
        return []
    reader = Reader(rel, errors, "example")
    top = reader.fields(data, 1, None, "an examples file", ExamplesFileRecord)
    if top is None:
        return []
    found = []
    for index, entry in enumerate(top["examples"]):
        line = data["examples"].line_of(index)
        ident = entry.get("id") if isinstance(entry, dict) and isinstance(entry.get("id"), str) else None
        fields = reader.fields(entry, line, ident, "an example", ExampleRecord)
        if fields is None or ident is None:   # the record holds an id as text: no fields, no id
            continue
        if not ID_PATTERN.match(ident) or len(ident) > MAX_ID:
            reader.error(line, ident, f"example id {ident!r} must be lower-case words joined by hyphens")
            continue
        if ident in seen:
            reader.error(line, ident, "duplicate example id (first at {}:{})".format(*seen[ident]))
            continue
        seen[ident] = (rel, line)
        if rule_ids is not None and fields["rule"] not in rule_ids:
            reader.error(entry.line_of("rule"), ident, f"example of rule {fields['rule']!r}, which does not exist")
        elif rule_ids is not None and fields.get("variant") not in (rule_ids[fields["rule"]] or {None}):
            variants = ", ".join(sorted(rule_ids[fields["rule"]])) or "none"
            reader.error(entry.line_of("variant") if "variant" in entry else entry.line_of("rule"), ident,
                         f"rule {fields['rule']!r} is stated in variants ({variants}): say which one the example "
                         "works through with 'variant:'" if rule_ids[fields["rule"]] else
                         f"rule {fields['rule']!r} has no variants: remove 'variant:'")
        example = _example(reader, entry, fields, ident, line)
        if example is not None:
            found.append(example)
    return found


def _values(reader: Reader, data: Any, ident: str) -> dict[str, Value]:
    values = {}
    for name, spec in (data or {}).items():
        try:
            values[name] = parse_example_value(spec)
        except ValueError as exc:
            reader.error(data.line_of(name), ident, f"value {name!r}: {exc}")
    return values


def _table(reader: Reader, entry: Any, fields: dict[str, Any],
           ident: str) -> tuple[list[Column], list[dict[str, Value]]] | None:
    """An example's table, its columns and rows (none without one), read apart; None when it is no table at all."""
    columns: list[Column] = []
    rows: list[dict[str, Value]] = []
    table = fields.get("table")
    if table is None:
        return columns, rows
    spec = reader.fields(table, entry.line_of("table"), ident, "a table", ExampleTableRecord)
    if spec is None:
        return None
    for name, label in spec["columns"].items():
        if not isinstance(label, str):
            reader.error(table["columns"].line_of(name), ident, f"column {name!r} needs an English label")
            continue
        columns.append(Column(name, Message(f"{ident}.column.{name}", clean(label), reader.file,
                                            table["columns"].line_of(name), fields["rule"])))
    for number, row in enumerate(spec["rows"]):
        at = table["rows"].line_of(number)
        if not isinstance(row, list) or len(row) != len(columns):
            reader.error(at, ident, f"each row needs {len(columns)} values, one per column")
            continue
        try:
            rows.append({c.name: parse_example_value(v) for c, v in zip(columns, row)})
        except ValueError as exc:
            reader.error(at, ident, str(exc))
    return columns, rows


def _checks(reader: Reader, entry: Any, fields: dict[str, Any], ident: str, names: set[str]) -> list[Check]:
    """An example's checks, each read apart (a wrong one is reported and left out; the others still run)."""
    checks = []
    for number, item in enumerate(fields["checks"]):
        at = entry["checks"].line_of(number)
        spec = reader.fields(item, at, ident, "a check", CheckRecord)
        if spec is None:
            continue
        if "expect" not in spec:
            reader.error(at, ident, "a check has no expected result ('expect')", check="example")
            continue
        try:
            call = parse_call(spec["call"], names)
            _validate_expect(spec["expect"], names)
        except (CallError, ValueError) as exc:
            reader.error(at, ident, str(exc))
            continue
        says = spec.get("says", [])
        says = [says] if isinstance(says, str) else says
        if not all(isinstance(phrase, str) and phrase.strip() for phrase in says):
            reader.error(at, ident, "'says' must be the words of the text (or a list of them) that state the check's result")
            says = []
        checks.append(Check(call, spec["expect"], at, tuple(" ".join(phrase.split()) for phrase in says)))
    return checks


def _example(reader: Reader, entry: Any, fields: dict[str, Any], ident: str, line: int) -> WorkedExample | None:
    given = _values(reader, fields.get("given"), ident)
    results = _values(reader, fields.get("results"), ident)
    table = _table(reader, entry, fields, ident)
    if table is None:
        return None
    columns, rows = table
    names = {*given, *results, *(c.name for c in columns)}
    checks = _checks(reader, entry, fields, ident, names)
    if not checks:
        reader.error(line, ident, "an example must run at least one check against the engine", check="example")
    text = Message(f"{ident}.text", clean(fields["text"]), reader.file, entry.line_of("text"), fields["rule"])
    try:
        named = placeholders(text.text)
    except ValueError as exc:
        reader.error(text.line, ident, f"bad braces in text: {exc} (write {{{{ and }}}} for a brace)")
        named = []
    for name in named:
        if name not in given and name not in results:
            reader.error(text.line, ident, f"placeholder {{{name}}} names no given value or result")
    houses = fields.get("houses", [])
    if not houses and any(reads_the_house(check.call) for check in checks):
        reader.error(line, ident, "an example that asks the house (house.…) names the houses whose numbers it "
                                  "uses: add 'houses: [<house-id>]'")
    if not all(isinstance(house, str) for house in houses):
        reader.error(entry.line_of("houses"), ident, "'houses' must list house ids")
        houses = []
    by_unit = {}
    for unit in HOUSE_UNITS:
        if f"in_{unit}" in fields:
            by_unit[unit] = _in_unit(reader, entry[f"in_{unit}"], ident, unit, given, results, columns, len(rows))
    return WorkedExample(ident, fields["rule"], text, given, results, tuple(checks), tuple(columns),
                         tuple(rows), reader.file, line, tuple(houses), fields.get("variant"), by_unit)


def _in_unit(reader: Reader, data: Map, ident: str, unit: str, given: dict[str, Value], results: dict[str, Value],
             columns: list[Column], rows: int) -> tuple[dict[str, Value], dict[str, Value], tuple[dict[str, Value], ...] | None]:
    """``in_<unit>:``: the given values, results and rows that an example gives in another unit; each
    names a value the example already has (the story is the same, only its amounts change)."""
    spec = reader.fields(data, data.line, ident, f"'in_{unit}'", InUnitRecord)
    if spec is None:
        return {}, {}, None
    values = {}
    for key, known in (("given", given), ("results", results)):
        values[key] = _values(reader, spec.get(key), ident)
        for name in values[key]:
            if name not in known:
                reader.error(data[key].line_of(name), ident, f"'in_{unit}' gives {key} {name!r}, which the example "
                             f"does not have (it changes the amounts of the same story)")
    table = None
    if "rows" in spec:
        if len(spec["rows"]) != rows:
            reader.error(data.line_of("rows"), ident, f"'in_{unit}' gives {len(spec['rows'])} rows for the "
                         f"table's {rows}")
        found = []
        for number, row in enumerate(spec["rows"]):
            if not isinstance(row, list) or len(row) != len(columns):
                reader.error(data["rows"].line_of(number), ident, f"each row needs {len(columns)} values")
                continue
            try:
                found.append({c.name: parse_example_value(v) for c, v in zip(columns, row)})
            except ValueError as exc:
                reader.error(data["rows"].line_of(number), ident, str(exc))
        table = tuple(found)
    return values["given"], values["results"], table


def _validate_expect(expect: Any, names: set[str]) -> None:
    if isinstance(expect, bool) or expect is None:
        return
    if isinstance(expect, str):
        if expect not in names:
            raise ValueError(f"expect names {expect!r}, which is not a given value or a result")
        return
    items = expect.values() if isinstance(expect, dict) else expect
    for item in items:
        _validate_expect(item, names)


def load_examples(root: Path | Layout, rule_ids: dict[str, frozenset[str]] | None = None,
                  house_ids: set[str] | None = None) -> list[WorkedExample]:
    """Every example under ``executable_examples/`` (the library's, and a room's own beside them);
    ModelErrors lists all mistakes. A library example for other houses is not a room's concern.

    ``rule_ids`` maps each library rule to the names of its variants (empty for a rule stated one way)."""
    layout = root if isinstance(root, Layout) else Layout(Path(root), Path(root))
    errors: list[ModelError] = []
    seen: dict[str, tuple[str, int]] = {}
    examples = []
    for folder in layout.folders("executable_examples"):
        for path in sorted(folder.glob("*.yaml")):
            examples += _load_file(path, layout.rel(path), errors, rule_ids, seen)
    if house_ids is not None:
        examples = [example for example in examples if layout.owns(example.file) or not example.houses
                    or set(example.houses) & house_ids]
        errors += [ModelError(example.file, example.line, example.id,
                              f"example for house {house!r}, which does not exist", "example")
                   for example in examples for house in example.houses if house not in house_ids]
    if errors:
        raise ModelErrors(errors)
    return examples


def read_messages(path: Path, rel: str) -> Iterator[Message]:
    errors: list[ModelError] = []
    for example in _load_file(path, rel, errors, None, {}):
        yield from example.messages()


# -- running -------------------------------------------------------------

def expected(expect: Any, binding: dict[str, Value]) -> Any:
    if isinstance(expect, str):
        return raw(binding[expect])
    if isinstance(expect, list):
        return [expected(item, binding) for item in expect]
    if isinstance(expect, dict):
        return {key: expected(item, binding) for key, item in expect.items()}
    return expect


def plain(value: Any) -> Any:
    """Engine results in comparable form: tuples as lists, sets sorted."""
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if isinstance(value, (set, frozenset)):
        return sorted(plain(item) for item in value)
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    return value


@dataclass(frozen=True)
class Outcome:
    example: WorkedExample
    check: Check
    call: str            # the literal call
    expected: Any
    actual: Any          # the engine's result, or None if it raised
    error: str | None
    # What the engine was asked, as it received it, and the example's values for this run (a table
    # row's included): a picture of the example draws these and ``actual``, never numbers of its own.
    arguments: tuple[Any, ...] = ()
    keywords: tuple[tuple[str, Any], ...] = ()
    binding: tuple[tuple[str, Value], ...] = ()

    @property
    def ok(self) -> bool:
        return self.error is None and plain(self.actual) == plain(self.expected)


def run(example: WorkedExample, house: "House") -> list[Outcome]:
    """Every check of the example, for each of its table rows, answered by the engine."""
    outcomes = []
    for binding in example.bindings():
        scope = {name: raw(value) for name, value in binding.items()}
        for check in example.checks:
            wanted = expected(check.expect, binding)
            args: tuple[Any, ...] = ()
            kwargs: dict[str, Any] = {}
            try:
                args, kwargs = call_arguments(check.call, house, scope)
                actual, error = run_call(check.call, house, scope), None
            except Exception as exc:  # the engine's complaint is the example's failure
                actual, error = None, f"{type(exc).__name__}: {exc}"
            outcomes.append(Outcome(example, check, show_call(check.call, scope), wanted, actual, error,
                                    args, tuple(kwargs.items()), tuple(binding.items())))
    return outcomes


def shown_result(outcome: Outcome) -> str:
    """What the doctest prints: the engine's own repr when it agrees with the example."""
    return repr(outcome.actual) if outcome.ok else repr(outcome.expected)


def doctest_setup(house_file: Path) -> str:
    """What every doctest block starts from: the same names the drift gate gives a call."""
    imports = "".join(f"{name} = importlib.import_module('pokerrules.{name}')\n" for name in ENGINE_MODULES)
    return f"import importlib\nfrom pokerrules import House\n{imports}house = House.load({str(house_file)!r})\n"
