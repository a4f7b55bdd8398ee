"""The rulebook as validated data: parts, sections, rules and their values.

Loading is strict (docs/DESIGN.md, principle 4): every unknown key, missing field, wrong
type, duplicate id or placeholder that names nothing is a :class:`ModelError`
naming the file, line and rule. All errors of a load are reported together.
"""

from __future__ import annotations

import dataclasses
import re
import string
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any, Iterator

from pokerrules import HouseError, House
from rulebook import yamlload
from rulebook.errors import ModelError, ModelErrors
from rulebook.i18n import LANGUAGES
from rulebook.quantities import check_references, read_quantities
from rulebook.values import Value, parse_value, resolve
from rulebook.yamlload import Map, Seq

ID_PATTERN = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*\Z")   # \Z: "rake\n" is not an id
MAX_ID = 80
# Names the site itself uses: a part with one of these ids would replace a page of the site.
RESERVED_IDS = frozenset({"index", "search", "genindex", "glossary", "status", "editorial-notes", "r",
                          "py-modindex", "searchindex", "objects", "static", "sources", "downloads",
                          "changes", "edition"})
_PLACEHOLDER_NAME = re.compile(r"[a-z_][a-z0-9_]*\Z")
_VARIANT_NAME = re.compile(r"[a-z][a-z0-9]*([_-][a-z0-9]+)*\Z")
# The house parameters that choose how the engine rules (pokerrules.House): a house that sets one
# must publish a rule that states it (``states:``, or ``chosen_by:`` for a rule in variants), so
# the engine never applies a rule the reader cannot read.
RULING_PARAMETERS = ("betting.incomplete_all_in", "betting.undercall", "showdown.first_to_show")
TAGS = frozenset({"cash-game", "tournament", "conduct", "guide"})
TABLES = frozenset({"rake-bands", "stakes", "hand-ranks"})


@dataclass(frozen=True)
class Message:
    """One translatable English string; ``context`` keeps it tied to its rule."""

    context: str
    text: str
    file: str
    line: int
    rule_id: str | None
    hints: tuple[str, ...] = ()

    def explained(self, values: dict[str, "Value"]) -> "Message":
        """The message with a note on each placeholder, for the translator."""
        try:
            names = placeholders(self.text)
        except ValueError:  # bad braces: reported by the loader
            return self
        hints = tuple(f"{{{name}}} = {values[name].spec}" for name in names if values.get(name) is not None)
        return Message(self.context, self.text, self.file, self.line, self.rule_id, hints)


@dataclass(frozen=True)
class Proposal:
    """A sentence a rule would add beyond its house's document: shown to the editors, marked
    proposed with its reason, and published only once the house adopts it (``adopt:``)."""

    key: str                         # "<rule-id>.proposal<n>": what a house's ``adopt:`` names
    text: Message
    reason: str                      # why it is proposed, for the editors (English, not translated)
    adopted: bool = False            # set per house, from its ``adopt:``


@dataclass(frozen=True)
class Rule:
    id: str
    title: Message
    text: Message
    items: tuple[Message, ...]
    values: dict[str, Value]
    source: str
    tags: frozenset[str]
    table: str | None
    file: str
    line: int
    excerpts: tuple[str, ...] = ()   # the passages of the house's document it states, verbatim, in its language
    variant: str | None = None       # the variant's name, for a rule the houses state each their own way
    proposed: str | None = None      # why the whole rule is only proposed (its house's documents do not say it)
    proposals: tuple[Proposal, ...] = ()   # sentences proposed beyond the rule's text
    states: tuple[str, str] | None = None   # (policy, value): the house policy the rule states, and how
    adopted: bool = False            # a proposed rule its house adopted (set per house)
    see: str | None = None           # a reference: the rule that states this (the house states it once)

    @property
    def is_proposal(self) -> bool:
        """Proposed and not adopted by the house: the editors see it, the readers never do."""
        return self.proposed is not None and not self.adopted

    def messages(self) -> list[Message]:
        if self.see:                 # a reference has a title and no text of its own
            return [self.title]
        return [self.title, self.text, *self.items, *(proposal.text for proposal in self.proposals)]

    def published(self) -> "Rule":
        """The rule as readers see it: without the proposed sentences its house has not adopted."""
        if all(proposal.adopted for proposal in self.proposals):
            return self
        return dataclasses.replace(self, proposals=tuple(p for p in self.proposals if p.adopted))


@dataclass(frozen=True)
class Slot:
    """A place in a section: a rule defined there (one text, or its variants), or a ``use:`` of a rule
    defined in another part, so that one library rule sits where each house's reading order puts it."""

    rule_id: str
    variants: tuple[Rule, ...]       # the rule itself, or its variants; empty for a use
    chosen_by: str | None            # the house parameter whose value names the variant
    file: str
    line: int

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(rule.variant for rule in self.variants if rule.variant)


@dataclass(frozen=True)
class Note:
    """An editorial note: a gap, typo or contradiction in the sources and how it was resolved."""

    id: str
    title: Message
    text: Message
    values: dict[str, Value]
    rules: tuple[str, ...]
    sources: tuple[str, ...]
    file: str
    line: int
    houses: tuple[str, ...] = ()     # the houses whose numbers it quotes (empty: every house)
    reviewed: dict[str, str] = dataclasses.field(default_factory=dict)   # rule id → digest of the text reviewed
    reviewed_line: int = 0


@dataclass(frozen=True)
class Section:
    """In the library, ``rules`` are the rules defined here (every variant) and ``slots`` their places;
    in a house's rulebook, ``rules`` are the ones the house states, in order, and there are no slots."""

    id: str
    title: Message
    rules: tuple[Rule, ...]
    line: int
    slots: tuple[Slot, ...] = ()


@dataclass(frozen=True)
class Part:
    id: str
    title: Message
    intro: Message | None
    source: str
    tags: frozenset[str]
    sections: tuple[Section, ...]
    file: str
    notes: tuple[Note, ...] = ()
    source_language: str = "en"      # the language of the source document (its excerpts are quoted in it)
    table: str | None = None         # a table from the engine or the house shown under the intro

    @property
    def rules(self) -> tuple[Rule, ...]:
        return tuple(rule for section in self.sections for rule in section.rules)

    def messages(self) -> list[Message]:
        found = [self.title, *([self.intro] if self.intro else [])]
        for section in self.sections:
            found.append(section.title)
            for rule in section.rules:
                found += rule.messages()
        for note in self.notes:
            found += [note.title, note.text]
        return found


@dataclass(frozen=True)
class Rulebook:
    """One house's rulebook: its identity, its parameters and the library parts it publishes."""

    id: str
    name: str
    city: str | None
    contact: str | None
    unit: str
    title: Message
    house: Map                  # the house parameters (what ``house.…`` values and the engine read)
    house_file: str
    parts: tuple[Part, ...]
    root: Path
    edition: int | None = None          # the edition in force, raised each time the house publishes a change
    effective: date | None = None       # the day it is in force from
    copyright: str | None = None        # the house's copyright line, without the sign: "2026 Gentlemen's Poker Club"
    base_url: str | None = None         # where the house publishes its site (the PDF's links lead there)
    choices: dict = dataclasses.field(default_factory=dict)   # the variants the house chose (``variants:``)

    @property
    def rules(self) -> tuple[Rule, ...]:
        return tuple(rule for part in self.parts for rule in part.rules)

    @property
    def statements(self) -> tuple[Rule, ...]:
        """The rules that state something to the readers: neither a reference nor a proposal."""
        return tuple(rule for rule in self.rules if not rule.see and not rule.is_proposal)

    def policy(self, name: str) -> str | None:
        """The house's value of a policy: a ruling parameter as the engine applies it (its default
        where the house sets none), or the variant the house chose for a rule in variants."""
        if name in RULING_PARAMETERS:

            return getattr(House.from_mapping(self.house), name.split(".")[1])
        choice = self.choices.get(name)
        if choice is not None:
            return choice
        return next((rule.variant for rule in self.rules if rule.id == name and rule.variant), None)

    @property
    def notes(self) -> tuple[Note, ...]:
        return tuple(note for part in self.parts for note in part.notes if not note.houses or self.id in note.houses)

    @property
    def proposals(self) -> tuple[tuple[Rule, Proposal | None], ...]:
        """Every proposal the house has not adopted, in reading order: (rule, None) for a proposed
        rule, (rule, proposal) for a proposed sentence of a rule."""
        found: list[tuple[Rule, Proposal | None]] = []
        for rule in self.rules:
            if rule.is_proposal:
                found.append((rule, None))
            found += [(rule, proposal) for proposal in rule.proposals if not proposal.adopted]
        return tuple(found)

    def published(self) -> "Rulebook":
        """The reader's edition of the rulebook: no proposed rule or sentence the house has not
        adopted, and no section left empty by them. The site, the cards and the PDFs read this."""
        parts = []
        for part in self.parts:
            sections = []
            for section in part.sections:
                rules = tuple(rule.published() for rule in section.rules if not rule.is_proposal)
                if rules:
                    sections.append(dataclasses.replace(section, rules=rules))
            parts.append(dataclasses.replace(part, sections=tuple(sections)))
        return dataclasses.replace(self, parts=tuple(parts))

    @property
    def runs_cash_games(self) -> bool:
        return bool(self.house.get("stakes"))


@dataclass(frozen=True)
class Library:
    """The shared rule library (each rule once) and the houses that publish from it."""

    parts: tuple[Part, ...]
    houses: tuple[Rulebook, ...]
    root: Path

    @property
    def rules(self) -> tuple[Rule, ...]:
        return tuple(rule for part in self.parts for rule in part.rules)

    @property
    def notes(self) -> tuple[Note, ...]:
        return tuple(note for part in self.parts for note in part.notes)

    def house(self, house_id: str) -> Rulebook:
        return next(book for book in self.houses if book.id == house_id)

    def variants(self) -> dict[str, frozenset[str]]:
        """Each rule id → the names of its variants (none for a rule stated one way)."""
        found: dict[str, set[str]] = {}
        for rule in self.rules:
            found.setdefault(rule.id, set()).update([rule.variant] if rule.variant else [])
        return {rule_id: frozenset(names) for rule_id, names in found.items()}

    def messages(self) -> list[Message]:
        """Every translatable string, each once: the houses' titles, then the library in order."""
        found = [book.title for book in self.houses]
        for part in self.parts:
            found += part.messages()
        return found


class _Reader:
    """Collects errors while reading one file, so a load reports them all."""

    def __init__(self, file: str, errors: list[ModelError], what: str = "rule"):
        self.file, self.errors, self.what = file, errors, what

    def error(self, line: int, rule_id: str | None, message: str, check: str | None = None) -> None:
        self.errors.append(ModelError(self.file, line, rule_id, message, self.what, check))

    def fields(
        self, data: Any, line: int, rule_id: str | None, what: str,
        required: dict[str, type | tuple], optional: dict[str, type | tuple] | None = None,
    ) -> dict[str, Any] | None:
        """Check a mapping's keys and value types; None when it is unusable."""
        optional = optional or {}
        if not isinstance(data, Map):
            self.error(line, rule_id, f"{what} must be a mapping of keys to values")
            return None
        ok = True
        for key in data:
            if key not in required and key not in optional:
                known = ", ".join(sorted({*required, *optional}))
                self.error(data.line_of(key), rule_id, f"unknown key {key!r} in {what} (known: {known})")
                ok = False
        for key in required:
            if key not in data:
                self.error(data.line, rule_id, f"{what} is missing {key!r}")
                ok = False
        for key, kind in {**required, **optional}.items():
            if key in data and not _is(data[key], kind):
                self.error(data.line_of(key), rule_id, f"{key!r} must be {_describe(kind)}, not {_describe(type(data[key]))}")
                ok = False
        return dict(data) if ok else None


def _is(value: Any, kind: type | tuple) -> bool:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool):
        return bool in kinds
    return isinstance(value, kinds)


def _describe(kind: type | tuple) -> str:
    # bool before int: a bool is an int to Python, not to an editor.
    names = {bool: "true or false", str: "text", int: "a whole number", list: "a list", dict: "a mapping",
             float: "a decimal number", type(None): "empty"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(next((name for base, name in names.items() if issubclass(k, base)), k.__name__)
                       for k in kinds)


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


def _clean(text: str) -> str:
    return " ".join(text.split())


class _Loader:
    def __init__(self, root: Path):
        self.root = root
        self.errors: list[ModelError] = []
        self.ids: dict[str, tuple[str, int]] = {}

    def rel(self, path: Path) -> str:
        try:
            return str(path.relative_to(self.root.parent))
        except ValueError:
            return str(path)

    def load_yaml(self, path: Path) -> Any:
        try:
            return yamlload.load(path, self.rel(path))
        except ModelError as exc:
            self.errors.append(exc)
            return None

    def claim(self, reader: _Reader, ident: Any, line: int, what: str) -> str | None:
        if not isinstance(ident, str) or not ID_PATTERN.match(ident) or len(ident) > MAX_ID:
            reader.error(line, None,
                         f"{what} id {ident!r} must be lower-case words joined by hyphens, e.g. 'rake-cap' "
                         f"(at most {MAX_ID} characters)")
            return None
        if what == "part" and ident in RESERVED_IDS:
            reader.error(line, ident, f"part id {ident!r} is the name of a page of the site: choose another")
            return None
        if ident in self.ids:
            first_file, first_line = self.ids[ident]
            reader.error(line, ident, f"duplicate id {ident!r} (first used at {first_file}:{first_line})")
            return None
        self.ids[ident] = (reader.file, line)
        return ident

    def message(self, reader: _Reader, context: str, text: str, line: int, rule_id: str | None) -> Message:
        return Message(context, _clean(text), reader.file, line, rule_id)

    def values(self, reader: _Reader, data: Any, line: int, rule_id: str | None,
               house: Map | None) -> dict[str, Value | None]:
        """Placeholder name → value; None for a value already reported as wrong."""
        if data is None:
            return {}
        if not isinstance(data, Map):
            reader.error(line, rule_id, "'values' must map each placeholder to a value")
            return {}
        found: dict[str, Value | None] = {}
        for name, spec in data.items():
            at = data.line_of(name)
            try:
                value = dataclasses.replace(parse_value(spec), line=at)
                if house is not None:
                    resolve(value, house)
            except ValueError as exc:
                reader.error(at, rule_id, f"value {name!r}: {exc}")
                value = None
            found[name] = value
        return found

    def check_placeholders(self, reader: _Reader, rule_id: str, texts: list[Message], values: dict, line: int) -> None:
        used = set()
        for message in texts:
            try:
                fields = list(string.Formatter().parse(message.text))
            except ValueError as exc:
                reader.error(message.line, rule_id, f"bad braces in text: {exc} (write {{{{ and }}}} for a brace)")
                continue
            bad = [f"{{{name}{'!' + conv if conv else ''}{':' + spec if spec else ''}}}" for _, name, spec, conv in fields
                   if name is not None and (spec or conv or not _PLACEHOLDER_NAME.match(name))]
            if bad:
                reader.error(message.line, rule_id, f"placeholder {bad[0]} must be a plain {{name}} "
                             "(lower-case letters, digits and _; no format, no attribute)")
                continue
            names = [name for _, name, _, _ in fields if name is not None]
            for name in names:
                used.add(name)
                if name not in values:
                    reader.error(message.line, rule_id, f"placeholder {{{name}}} names no value (add it under 'values')")
        for name in values:
            if name not in used:
                reader.error(line, rule_id, f"value {name!r} is not used by any placeholder")

    def slot(self, reader: _Reader, data: Any, line: int, part_tags: frozenset, house: Map | None) -> Slot | None:
        """One entry of a section's rules: a rule, a rule with variants, or ``use: <rule-id>``."""
        if isinstance(data, Map) and "use" in data:
            fields = reader.fields(data, line, None, "a use of a library rule", required={"use": str})
            if fields is None:
                return None
            return Slot(fields["use"], (), None, reader.file, line)
        if not (isinstance(data, Map) and "variants" in data):
            rule = self.rule(reader, data, line, part_tags, house, None)
            return Slot(rule.id, (rule,), None, reader.file, line) if rule else None
        rule_id = data.get("id") if isinstance(data.get("id"), str) else None
        fields = reader.fields(data, line, rule_id, "a rule with variants",
                               required={"id": str, "variants": dict}, optional={"tags": list, "chosen_by": str})
        if fields is None:
            return None
        rule_id = self.claim(reader, fields["id"], data.line_of("id"), "rule")
        if rule_id is None:
            return None
        chosen_by = fields.get("chosen_by")
        if chosen_by is not None and not re.fullmatch(r"[a-z_]+(\.[a-z_]+)*", chosen_by):
            reader.error(data.line_of("chosen_by"), rule_id, "'chosen_by' must name a house parameter, "
                         "e.g. showdown.first_to_show")
        tags = part_tags | self.tags(reader, data, rule_id)
        variants = []
        for name, body in fields["variants"].items():
            at = data["variants"].line_of(name)
            if not isinstance(name, str) or not _VARIANT_NAME.match(name):
                reader.error(at, rule_id, f"variant name {name!r} must be lower-case words joined by - or _")
                continue
            rule = self.rule(reader, body, at, tags, house, (rule_id, name))
            if rule is not None and rule.states is not None:
                reader.error(body.line_of("states"), rule_id, "a variant states its rule's policy already "
                             f"({chosen_by or rule_id} = {name}): leave 'states' out")
            if rule is not None:   # each variant states the policy its rule is about: its value is its name
                variants.append(dataclasses.replace(rule, states=(chosen_by or rule_id, name)))
        if len(fields["variants"]) < 2:
            reader.error(data.line_of("variants"), rule_id, "a rule with variants has at least two "
                         "(a rule stated one way needs none)")
        return Slot(rule_id, tuple(variants), chosen_by, reader.file, line)

    def rule(self, reader: _Reader, data: Any, line: int, part_tags: frozenset, house: Map | None,
             variant_of: tuple[str, str] | None) -> Rule | None:
        """A rule's text and values; for a variant (``variant_of`` = rule id, variant name), the
        variant's, whose messages carry both names in their context. A rule (or variant) with
        ``see:`` is a reference: a title, and the rule that states it in the house's rulebook."""
        if isinstance(data, Map) and "see" in data:
            return self.reference(reader, data, line, part_tags, variant_of)
        optional = {"items": list, "values": dict, "table": str, "excerpt": (str, list), "proposed": str,
                    "proposals": list, "states": dict}
        if variant_of:
            rule_id, variant = variant_of
            fields = reader.fields(data, line, rule_id, f"variant {variant!r}",
                                   required={"title": str, "text": str, "source": str}, optional=optional)
            if fields is None:
                return None
            prefix, tags = f"{rule_id}.{variant}", part_tags
        else:
            rule_id = data.get("id") if isinstance(data, Map) and isinstance(data.get("id"), str) else None
            fields = reader.fields(data, line, rule_id, "a rule",
                                   required={"id": str, "title": str, "text": str, "source": str},
                                   optional={**optional, "tags": list})
            if fields is None:
                return None
            rule_id = self.claim(reader, fields["id"], data.line_of("id"), "rule")
            if rule_id is None:
                return None
            prefix, variant, tags = rule_id, None, part_tags | self.tags(reader, data, rule_id)
        title = self.message(reader, f"{prefix}.title", fields["title"], data.line_of("title"), rule_id)
        text = self.message(reader, f"{prefix}.text", fields["text"], data.line_of("text"), rule_id)
        items = []
        for index, item in enumerate(fields.get("items", [])):
            at = data["items"].line_of(index)
            if not isinstance(item, str):
                reader.error(at, rule_id, "each of 'items' must be text")
                continue
            items.append(self.message(reader, f"{prefix}.item{index + 1}", item, at, rule_id))
        proposals = self.proposals(reader, data, fields, prefix, rule_id)
        values = self.values(reader, fields.get("values"), data.line_of("values"), rule_id, house)
        self.check_placeholders(reader, rule_id, [title, text, *items, *(p.text for p in proposals)], values, data.line)
        title, text = title.explained(values), text.explained(values)
        items = [item.explained(values) for item in items]
        proposals = [dataclasses.replace(p, text=p.text.explained(values)) for p in proposals]
        proposed = fields.get("proposed")
        if proposed is not None and not proposed.strip():
            reader.error(data.line_of("proposed"), rule_id, "'proposed' must say why the rule is only proposed")
        table = fields.get("table")
        if table is not None and table not in TABLES:
            reader.error(data.line_of("table"), rule_id, f"unknown table {table!r} (known: {', '.join(sorted(TABLES))})")
        excerpts = fields.get("excerpt", [])
        excerpts = [excerpts] if isinstance(excerpts, str) else excerpts
        if not all(isinstance(excerpt, str) and excerpt.strip() for excerpt in excerpts):
            reader.error(data.line_of("excerpt"), rule_id, "'excerpt' must be a passage of the source, or a list of them")
            excerpts = []
        return Rule(
            id=rule_id, title=title, text=text, items=tuple(items), values=values,
            source=fields["source"], tags=tags, table=table,
            file=reader.file, line=line, excerpts=tuple(" ".join(e.split()) for e in excerpts), variant=variant,
            proposed=_clean(proposed) if proposed else None, proposals=tuple(proposals),
            states=self.states(reader, data, rule_id),
        )

    def states(self, reader: _Reader, data: Map, rule_id: str) -> tuple[str, str] | None:
        """``states: {policy: value}``: the house policy a rule states and the value it states
        (a ruling parameter such as ``showdown.first_to_show``, or a rule in variants by its id)."""
        states = data.get("states")
        if states is None:
            return None
        if len(states) != 1 or not all(isinstance(x, str) and x for item in states.items() for x in item):
            reader.error(data.line_of("states"), rule_id, "'states' names one policy and the value the rule states, "
                         "e.g. states: {showdown.first_to_show: last_aggressor}")
            return None
        return next(iter(states.items()))

    def reference(self, reader: _Reader, data: Map, line: int, part_tags: frozenset,
                  variant_of: tuple[str, str] | None) -> Rule | None:
        """``see: <rule-id>``: where a house's rulebook states a policy or a term once, another part's
        place for it is a reference to that rule (its title, and a link), never a second statement."""
        if variant_of:
            rule_id, variant = variant_of
            fields = reader.fields(data, line, rule_id, f"variant {variant!r}",
                                   required={"title": str, "see": str})
            prefix, tags = f"{rule_id}.{variant}", part_tags
        else:
            rule_id = data.get("id") if isinstance(data.get("id"), str) else None
            fields = reader.fields(data, line, rule_id, "a reference to a rule",
                                   required={"id": str, "title": str, "see": str}, optional={"tags": list})
            if fields is not None:
                rule_id = self.claim(reader, fields["id"], data.line_of("id"), "rule")
            variant, prefix, tags = None, rule_id, part_tags | self.tags(reader, data, rule_id)
        if fields is None or rule_id is None:
            return None
        if not ID_PATTERN.match(fields["see"]):
            reader.error(data.line_of("see"), rule_id, f"'see' must name a rule by its id, not {fields['see']!r}")
        title = self.message(reader, f"{prefix}.title", fields["title"], data.line_of("title"), rule_id)
        self.check_placeholders(reader, rule_id, [title], {}, data.line)
        return Rule(id=rule_id, title=title, text=Message(f"{prefix}.text", "", reader.file, line, rule_id), items=(),
                    values={}, source="", tags=tags, table=None, file=reader.file, line=line, variant=variant,
                    see=fields["see"])

    def proposals(self, reader: _Reader, data: Map, fields: dict, prefix: str, rule_id: str) -> list[Proposal]:
        """A rule's ``proposals:``: each ``{text, reason}``, a sentence proposed beyond the rule."""
        found = []
        for index, item in enumerate(fields.get("proposals", [])):
            at = data["proposals"].line_of(index)
            entry = reader.fields(item, at, rule_id, "a proposal", required={"text": str, "reason": str})
            if entry is None:
                continue
            if not entry["text"].strip() or not entry["reason"].strip():
                reader.error(at, rule_id, "a proposal needs its text and the reason it is proposed")
                continue
            key = f"{rule_id}.proposal{index + 1}"
            found.append(Proposal(key, self.message(reader, f"{prefix}.proposal{index + 1}", entry["text"],
                                                    item.line_of("text"), rule_id), _clean(entry["reason"])))
        return found

    def tags(self, reader: _Reader, data: Map, rule_id: str | None) -> frozenset[str]:
        tags = data.get("tags", [])
        good = set()
        for index, tag in enumerate(tags):
            if tag not in TAGS:
                reader.error(tags.line_of(index), rule_id, f"unknown tag {tag!r} (known: {', '.join(sorted(TAGS))})")
            else:
                good.add(tag)
        return frozenset(good)

    def part(self, path: Path, house: Map | None) -> Part | None:
        """One part file; with no house data, values are read but not resolved."""
        data = self.load_yaml(path)
        if data is None:
            return None
        reader = _Reader(self.rel(path), self.errors)
        fields = reader.fields(
            data, 1, None, "a part",
            required={"id": str, "title": str, "source": str, "source_language": str, "sections": list},
            optional={"intro": str, "tags": list, "notes": list, "table": str},
        )
        if fields is None:
            return None
        part_id = self.claim(reader, fields["id"], data.line_of("id"), "part")
        if part_id is not None and part_id != path.stem:
            reader.error(data.line_of("id"), part_id, f"part id {part_id!r} must match its file name {path.stem!r}")
        part_id = part_id or path.stem
        tags = self.tags(reader, data, None)
        sections = []
        for index, section in enumerate(fields["sections"]):
            at = data["sections"].line_of(index)
            sec = reader.fields(section, at, None, "a section", required={"id": str, "title": str, "rules": list})
            if sec is None:
                continue
            section_id = self.claim(reader, sec["id"], section.line_of("id"), "section")
            if section_id is None:
                continue
            slots = [self.slot(reader, rule, section["rules"].line_of(i), tags, house)
                     for i, rule in enumerate(sec["rules"])]
            slots = tuple(slot for slot in slots if slot is not None)
            if not sec["rules"]:
                reader.error(at, None, f"section {section_id!r} has no rules")
            sections.append(Section(
                section_id,
                self.message(reader, f"{section_id}.title", sec["title"], section.line_of("title"), None),
                tuple(rule for slot in slots for rule in slot.variants), at, slots,
            ))
        notes = [self.note(reader, note, data["notes"].line_of(i), house)
                 for i, note in enumerate(fields.get("notes", []))]
        intro = fields.get("intro")
        table = fields.get("table")
        if fields["source_language"] not in LANGUAGES:
            reader.error(data.line_of("source_language"), part_id,
                         f"source_language {fields['source_language']!r} must be one of {', '.join(LANGUAGES)}")
        if table is not None and table not in TABLES:
            reader.error(data.line_of("table"), part_id, f"unknown table {table!r} (known: {', '.join(sorted(TABLES))})")
        return Part(
            id=part_id,
            title=self.message(reader, f"{part_id}.title", fields["title"], data.line_of("title"), None),
            intro=self.message(reader, f"{part_id}.intro", intro, data.line_of("intro"), None) if intro else None,
            source=fields["source"], tags=tags, sections=tuple(sections), file=reader.file,
            notes=tuple(note for note in notes if note is not None), table=table,
            source_language=fields["source_language"],
        )

    def note(self, reader: _Reader, data: Any, line: int, house: Map | None) -> Note | None:
        note_id = data.get("id") if isinstance(data, Map) and isinstance(data.get("id"), str) else None
        fields = reader.fields(data, line, note_id, "an editorial note",
                               required={"id": str, "title": str, "text": str, "rules": list, "sources": list},
                               optional={"values": dict, "houses": list, "reviewed": dict})
        if fields is None:
            return None
        note_id = self.claim(reader, fields["id"], data.line_of("id"), "note")
        if note_id is None:
            return None
        values = self.values(reader, fields.get("values"), data.line_of("values"), note_id, house)
        title = self.message(reader, f"{note_id}.title", fields["title"], data.line_of("title"), note_id)
        text = self.message(reader, f"{note_id}.text", fields["text"], data.line_of("text"), note_id)
        self.check_placeholders(reader, note_id, [title, text], values, line)
        if not fields["rules"] or not all(isinstance(r, str) for r in fields["rules"]):
            reader.error(data.line_of("rules"), note_id, "'rules' must list the ids of the rules the note is about")
        if not fields["sources"] or not all(isinstance(s, str) for s in fields["sources"]):
            reader.error(data.line_of("sources"), note_id, "'sources' must cite each source as text")
        houses = fields.get("houses", [])
        if not all(isinstance(h, str) for h in houses):
            reader.error(data.line_of("houses"), note_id, "'houses' must list house ids")
            houses = []
        reviewed = fields.get("reviewed", {})
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in reviewed.items()):
            reader.error(data.line_of("reviewed"), note_id, "'reviewed' maps each rule the note discusses to the "
                         "digest of the text reviewed (written by `rulebook notes confirm`)")
            reviewed = {}
        return Note(note_id, title.explained(values), text.explained(values), values,
                    tuple(fields["rules"]), tuple(str(s) for s in fields["sources"]), reader.file, line, tuple(houses),
                    dict(reviewed), data.line_of("reviewed") if "reviewed" in data else data.line_of("rules"))


HOUSE_UNITS = ("lei", "chips")


def load_library(root: Path | str) -> Library:
    """Load and validate ``rules/`` (the library) and ``houses/*/house.yaml``; ModelErrors lists every mistake.

    Each part file is read once; each house's numbers are then resolved for every
    rule and note of the parts it publishes, so a part shared by two houses is
    checked against both.
    """
    root = Path(root).resolve()
    loader = _Loader(root / "rules")
    parts = {}
    for path in sorted((root / "rules").glob("*.yaml")):
        part = loader.part(path, None)
        if part is not None:
            parts[part.id] = part
    houses = []
    house_paths = sorted((root / "houses").glob("*/house.yaml"))
    if not house_paths:
        loader.errors.append(ModelError("houses", 0, None, "no house: add houses/<house-id>/house.yaml", "house"))
    unreadable = {path.stem for path in (root / "rules").glob("*.yaml")} - set(parts)  # already reported
    defined = {slot.rule_id: slot for part in parts.values() for section in part.sections
               for slot in section.slots if slot.variants}
    for part in parts.values() if not loader.errors else ():
        for section in part.sections:
            for slot in section.slots:
                if slot.rule_id not in defined:
                    loader.errors.append(ModelError(part.file, slot.line, slot.rule_id, f"use of rule {slot.rule_id!r}, "
                                                    "which no part defines", "rule"))
    for path in house_paths:
        book = _house(loader, path, parts, unreadable, defined)
        if book is not None:
            houses.append(book)
    published = {part.id for book in houses for part in book.parts}
    for part in parts.values() if len(houses) == len(house_paths) else ():  # a broken house file publishes nothing
        if part.id not in published:
            loader.errors.append(ModelError(part.file, 1, None, f"part {part.id!r} is published by no house "
                                            "(list it under 'parts' in a house file)", "part"))
    rule_ids = {rule.id for part in parts.values() for rule in part.rules}
    house_ids = {book.id for book in houses}
    for part in parts.values() if not loader.errors else ():  # a part that failed to load would dangle them all
        for note in part.notes:
            for rule_id in note.rules:
                if rule_id not in rule_ids:
                    loader.errors.append(ModelError(part.file, note.line, note.id, f"note about rule {rule_id!r}, which does not exist", "note"))
            for house_id in note.houses:
                if house_id not in house_ids:
                    loader.errors.append(ModelError(part.file, note.line, note.id, f"note for house {house_id!r}, which does not exist", "note"))
    for book in houses:
        _resolve_values(book, loader.errors)
    if loader.errors:
        raise ModelErrors(loader.errors)
    order = [part_id for book in houses for part_id in (p.id for p in book.parts)]
    library_order = sorted(parts.values(), key=lambda part: (order.index(part.id) if part.id in order else len(order), part.id))
    return Library(tuple(library_order), tuple(houses), root)


def _house(loader: "_Loader", path: Path, parts: dict[str, Part], unreadable: set[str],
           defined: dict[str, Slot]) -> Rulebook | None:
    """One house file: identity, the parts it publishes, its parameters (judged by the engine)."""
    rel = str(path.relative_to(loader.root.parent))
    data = loader.load_yaml(path)
    if data is None:
        return None
    reader = _Reader(rel, loader.errors, "house")
    house_id = path.parent.name
    if not ID_PATTERN.match(house_id) or house_id in RESERVED_IDS:
        reader.error(1, None, f"house folder {house_id!r} must be lower-case words joined by hyphens, and not a site page name")
        return None
    fields = reader.fields(data, 1, house_id, "a house",
                           required={"name": str, "title": str, "unit": str, "parts": list, "parameters": dict},
                           optional={"city": (str, type(None)), "contact": (str, type(None)), "variants": dict,
                                     "edition": int, "effective": str, "copyright": str,
                                     "base_url": (str, type(None)), "adopt": list, "references": dict})
    if fields is None:
        return None
    if fields["unit"] not in HOUSE_UNITS:
        reader.error(data.line_of("unit"), house_id, f"unit {fields['unit']!r} must be one of {', '.join(HOUSE_UNITS)}")
    published = []
    for index, part_id in enumerate(fields["parts"]):
        at = data["parts"].line_of(index)
        if part_id in unreadable:
            continue
        if not isinstance(part_id, str) or part_id not in parts:
            reader.error(at, house_id, f"part {part_id!r} has no file rules/{part_id}.yaml")
        elif part_id in (p.id for p in published):
            reader.error(at, house_id, f"part {part_id!r} is listed twice")
        else:
            published.append(parts[part_id])
    if not isinstance(data["parameters"], Map) or fields["unit"] not in HOUSE_UNITS:
        return None
    before = len(loader.errors)
    units = read_quantities(data["parameters"], fields["unit"], rel, loader.errors)
    if units:
        check_references(data.get("references"), units, rel, data.line_of("references") if "references" in data
                         else 1, loader.errors)
    parameters = _validate_house(data["parameters"], rel, loader.errors) if len(loader.errors) == before else None
    if parameters is None:
        return None
    parameters.units = units
    _check_tiers(parameters, rel, loader.errors)
    # One context for every house: two houses with the same title share its translations.
    title = Message("house.title", _clean(fields["title"]), rel, data.line_of("title"), None)
    choices = data.get("variants") or {}
    adopt = data.get("adopt") or []
    stated = tuple(_house_part(part, parameters, choices, defined, reader, house_id) for part in published)
    stated = _adopt(stated, adopt, reader, house_id)
    _check_ruling(stated, parameters, defined, reader, house_id)
    _check_references(stated, reader, house_id)
    placed: dict[str, str] = {}
    for part in stated:
        for rule in part.rules:
            if rule.id in placed:
                reader.error(1, house_id, f"rule {rule.id!r} is placed twice in the house's rulebook "
                             f"(parts {placed[rule.id]!r} and {part.id!r})")
            placed[rule.id] = part.id
    for rule_id in choices:
        slot = defined.get(rule_id)
        if rule_id not in placed or slot is None or not slot.names or slot.chosen_by:
            reader.error(choices.line_of(rule_id), house_id, f"'variants' chooses for rule {rule_id!r}, which the house "
                         "does not publish or which has no variants to choose from (or whose parameter chooses)")
    edition, effective = fields.get("edition"), None
    if edition is not None and not 1 <= edition <= 10_000:
        reader.error(data.line_of("edition"), house_id, f"edition {edition} must be a number from 1")
    if "effective" in fields:
        try:
            effective = date.fromisoformat(fields["effective"])
        except ValueError:
            reader.error(data.line_of("effective"), house_id,
                         f"effective {fields['effective']!r} must be a date written 2026-12-01")
    base_url = fields.get("base_url")
    if base_url is not None and not re.fullmatch(r"https://[A-Za-z0-9.-]+(?::[0-9]+)?(?:/[A-Za-z0-9._~/-]*)?", base_url):
        reader.error(data.line_of("base_url"), house_id, f"base_url {base_url!r} must be an https:// address "
                     "(letters, digits, dots, hyphens and slashes)")
        base_url = None
    if (edition is None) != ("effective" not in fields):
        reader.error(1, house_id, "'edition' and 'effective' go together: the edition and the day it is in force from")
    return Rulebook(house_id, _clean(fields["name"]), fields.get("city"), fields.get("contact"), fields["unit"],
                    title, parameters, rel, stated, loader.root.parent, edition, effective,
                    _clean(fields["copyright"]) if fields.get("copyright") else None, base_url,
                    dict(choices) if isinstance(choices, dict) else {})


def _check_tiers(parameters: Map, file: str, errors: list[ModelError]) -> None:
    """The stakes of one rake tier (``rake_tier: low``) share one rake: the rules name the stakes of a
    tier together, so a cap changed for one of them alone must move it to a tier of its own."""
    tiers: dict[str, Map] = {}
    for row in parameters.get("stakes") or ():
        if not isinstance(row, Map) or row.get("rake_tier") is None:
            continue
        first = tiers.setdefault(row["rake_tier"], row)
        if first is not row and first.get("rake") != row.get("rake"):
            errors.append(ModelError(file, row.line_of("rake"), None, f"stakes {row.get('name')}: its rake differs from "
                                     f"that of {first.get('name')}, in the same rake tier {row['rake_tier']!r}: the rules "
                                     "name a tier's stakes together, so give it a tier of its own", check="house"))


def _adopt(parts: tuple[Part, ...], adopt: list, reader: _Reader, house_id: str) -> tuple[Part, ...]:
    """The house's parts with the proposals it adopts (``adopt: [rule-id, rule-id.proposal2]``) made its rules."""
    keys: dict[str, int] = {}
    for index, key in enumerate(adopt):
        at = adopt.line_of(index) if isinstance(adopt, Seq) else 1
        if not isinstance(key, str):
            reader.error(at, house_id, f"'adopt' lists {key!r}: name a proposed rule by its id, or a proposed "
                         "sentence as <rule-id>.proposal<n>")
        elif key in keys:
            reader.error(at, house_id, f"'adopt' lists {key!r} twice")
        else:
            keys[key] = at
    found: set[str] = set()

    def adopted(rule: Rule) -> Rule:
        proposals = tuple(dataclasses.replace(p, adopted=True) if p.key in keys else p for p in rule.proposals)
        found.update(p.key for p in proposals if p.adopted)
        whole = rule.proposed is not None and rule.id in keys
        found.update([rule.id] if whole else [])
        return dataclasses.replace(rule, proposals=proposals, adopted=whole)

    parts = tuple(dataclasses.replace(part, sections=tuple(
        dataclasses.replace(section, rules=tuple(adopted(rule) for rule in section.rules))
        for section in part.sections)) for part in parts)
    for key, at in keys.items():
        if key not in found:
            rule_id = key.split(".")[0]
            reader.error(at, house_id, f"'adopt' names {key!r}, but rule {rule_id!r} as this house publishes it "
                         f"has no such proposal (a proposed rule is adopted by its id, a proposed sentence as "
                         f"{rule_id}.proposal<n>)")
    return parts


def _check_ruling(parts: tuple[Part, ...], parameters: Map, defined: dict[str, Slot], reader: _Reader,
                  house_id: str) -> None:
    """Each ruling parameter the house sets must be stated by a rule its readers can read."""
    published = [rule for part in parts for rule in part.rules if not rule.is_proposal and not rule.see]
    stated = {rule.states[0] for rule in published if rule.states}
    for path in RULING_PARAMETERS:
        group, key = path.split(".")
        section = parameters.get(group)
        if isinstance(section, Map) and key in section and path not in stated:
            proposed = [rule.id for part in parts for rule in part.rules
                        if rule.states and rule.states[0] == path and rule.is_proposal]
            hint = (f"rule {proposed[0]!r}, which states it, is only proposed: adopt it or leave the parameter out"
                    if proposed else f"add 'states: {{{path}: {section[key]}}}' to the rule that says it, "
                    "or leave the parameter out")
            reader.error(section.line_of(key), house_id, f"parameter {path} is stated by no rule the house "
                         f"publishes: {hint}")


def _check_references(parts: tuple[Part, ...], reader: _Reader, house_id: str) -> None:
    """A reference (``see:``) leads to a rule the house's readers read: published, and no reference."""
    rules = {rule.id: rule for part in parts for rule in part.rules}
    for rule in rules.values():
        if not rule.see or rule.is_proposal:
            continue
        target = rules.get(rule.see)
        if target is None or target.see or target.is_proposal:
            what = ("does not publish" if target is None else "publishes only as a reference" if target.see
                    else "only proposes")
            reader.error(1, house_id, f"rule {rule.id!r} ({rule.file}:{rule.line}) refers to rule {rule.see!r}, "
                         f"which the house {what}: a reference leads to the rule that states it")


def _house_part(part: Part, parameters: Map, choices: Map, defined: dict[str, Slot], reader: _Reader,
                house_id: str) -> Part:
    """The part as the house states it: each slot resolved to the rule, or the variant, the house chose."""
    sections = []
    for section in part.sections:
        rules = []
        for slot in section.slots:
            library = defined.get(slot.rule_id)
            if library is None:          # reported by load_library
                continue
            rule = _variant_for(library, parameters, choices, reader, house_id)
            if rule is not None:
                rules.append(rule)
        sections.append(dataclasses.replace(section, rules=tuple(rules), slots=()))
    return dataclasses.replace(part, sections=tuple(sections))


def _variant_for(slot: Slot, parameters: Map, choices: Map, reader: _Reader, house_id: str) -> Rule | None:
    """The rule a house states: the one text, the variant its parameter names, or the one it chose."""
    if not slot.names:
        return slot.variants[0] if slot.variants else None
    if slot.chosen_by:
        value: Any = parameters
        for step in slot.chosen_by.split("."):
            value = value.get(step) if isinstance(value, Map) else None
        name, line, how = value, _line_of_path(parameters, tuple(slot.chosen_by.split("."))), f"{slot.chosen_by} = {value!r}"
    else:
        name, how = choices.get(slot.rule_id), None
        line = choices.line_of(slot.rule_id) if slot.rule_id in choices else getattr(choices, "line", 1)
    chosen = next((rule for rule in slot.variants if rule.variant == name), None)
    if chosen is None:
        options = ", ".join(slot.names)
        reader.error(line, house_id, f"rule {slot.rule_id!r} has no variant for {how} (variants: {options})" if how
                     else f"rule {slot.rule_id!r} is stated in variants ({options}): choose one under 'variants'")
    return chosen


def _resolve_values(book: Rulebook, errors: list[ModelError]) -> None:
    """Every ``house.…`` value of the rules and notes the house publishes must name one of its parameters."""
    for item in (*book.rules, *book.notes):
        for name, value in item.values.items():
            if value is None or value.path is None:
                continue
            try:
                resolve(value, book.house)
            except ValueError as exc:
                errors.append(ModelError(item.file, value.line or item.line, item.id, f"value {name!r} for house "
                                         f"{book.id!r} ({book.house_file}): {exc}", "rule", check="house"))


def load_rulebook(root: Path | str, house_id: str | None = None) -> Rulebook:
    """One house's rulebook (the first house when none is named), from the project folder."""
    library = load_library(root)
    return library.house(house_id) if house_id else library.houses[0]


def _validate_house(house: Map, file: str, errors: list[ModelError]) -> Map | None:
    """Let the engine judge the house data, and point its complaint at a line."""
    from babel import Locale, UnknownLocaleError

    for key in ("official_language", "announced_in"):
        codes = house.get(key)
        for code in codes if isinstance(codes, list) else [codes] if codes is not None else []:
            try:
                if not isinstance(code, str) or not re.fullmatch(r"[a-z]{2,3}", code):
                    raise ValueError
                Locale.parse(code)
            except (ValueError, UnknownLocaleError):
                errors.append(ModelError(file, house.line_of(key), None,
                                         f"{key}: {code!r} is not a language code such as 'ro' or 'hr'", check="house"))
                return None
    try:
        House.from_mapping(house)
    except HouseError as exc:
        errors.append(ModelError(file, _line_of_path(house, exc.path), None, str(exc), check="house"))
        return None
    return house


def _line_of_path(data: Any, path: tuple) -> int:
    line = getattr(data, "line", 1)
    for step in path:
        if isinstance(data, Map) and step in data:
            line, data = data.line_of(step), data[step]
        elif isinstance(data, Seq) and isinstance(step, int) and step < len(data):
            line, data = data.line_of(step), data[step]
        else:
            break
    return line


def read_messages(path: Path) -> Iterator[Message]:
    """The translatable strings of one rules file, for the catalog extractor.

    Reads the file as the full load does (same contexts, same lines) but
    without the house data, so extraction never depends on house values.
    """
    path = Path(path).resolve()
    loader = _Loader(path.parent)
    data = loader.load_yaml(path)
    if isinstance(data, Map) and "parts" in data and "parameters" in data:
        if isinstance(data.get("title"), str):
            yield Message("house.title", _clean(data["title"]), loader.rel(path),
                          data.line_of("title"), None)
    elif isinstance(data, Map) and "sections" in data:
        part = loader.part(path, None)
        if part is not None:
            yield from part.messages()
    if loader.errors:
        raise ModelErrors(loader.errors)
