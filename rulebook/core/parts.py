"""Reading the rule library's part files (``rules/<part>.yaml``): sections, rules, variants, references,
proposals and notes, each checked against its declared record and then for what a type cannot say."""

from __future__ import annotations

import dataclasses
import re
import string
from pathlib import Path
from typing import Any

from rulebook.core import yamlload
from rulebook.core.errors import ModelError
from rulebook.core.languages import LANGUAGES
from rulebook.core.layout import Layout
from rulebook.core.placeholders import clean
from rulebook.core.reader import Reader
from rulebook.core.records import (ID_PATTERN, MAX_ID, RESERVED_IDS, TABLES, TAGS, Message, Note, Part, Proposal, Rule,
                                   Section, Slot)
from rulebook.core.schema import (NoteRecord, PartRecord, ProposalRecord, ReferenceRecord, RuleInVariantsRecord, RuleRecord,
                                  SectionRecord, UseRecord, VariantRecord, VariantReferenceRecord)
from rulebook.core.values import Value, parse_value, resolve
from rulebook.core.yamlload import Map

_PLACEHOLDER_NAME = re.compile(r"[a-z_][a-z0-9_]*\Z")
_VARIANT_NAME = re.compile(r"[a-z][a-z0-9]*([_-][a-z0-9]+)*\Z")


def of_the_game(section: Section, document: str) -> Section:
    """A section of a part of the game itself: each rule it defines (each variant) the game's, written
    from ``document``."""
    def game(rule: Rule) -> Rule:
        return dataclasses.replace(rule, game=document)

    return dataclasses.replace(section, rules=tuple(map(game, section.rules)), slots=tuple(
        dataclasses.replace(slot, variants=tuple(map(game, slot.variants))) for slot in section.slots))


class PartLoader:
    """Reads the library's part files, remembering every id claimed so far (ids are unique across files)."""

    def __init__(self, root: Path, layout: Layout | None = None):
        self.root = root
        self.layout = layout           # a room's project: files are named in the folder they live in
        self.errors: list[ModelError] = []
        self.ids: dict[str, tuple[str, int]] = {}

    def rel(self, path: Path) -> str:
        if self.layout is not None:
            return self.layout.rel(path)
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

    def claim(self, reader: Reader, ident: Any, line: int, what: str) -> str | None:
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

    def identified(self, reader: Reader, data: Any, line: int, what: str, record: type,
                   kind: str) -> tuple[dict[str, Any], str] | None:
        """A record with an id of its own (a rule, a note): its fields, and its id once claimed."""
        ident = data.get("id") if isinstance(data, Map) and isinstance(data.get("id"), str) else None
        fields = reader.fields(data, line, ident, what, record)
        if fields is None:
            return None
        ident = self.claim(reader, fields["id"], data.line_of("id"), kind)
        return None if ident is None else (fields, ident)

    def message(self, reader: Reader, context: str, text: str, line: int, rule_id: str | None) -> Message:
        return Message(context, clean(text), reader.file, line, rule_id)

    def values(self, reader: Reader, data: Any, line: int, rule_id: str | None,
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
            if not isinstance(name, str):   # a number names no placeholder
                reader.error(at, rule_id, f"value {name!r} is not used by any placeholder")
                continue
            try:
                value = dataclasses.replace(parse_value(spec), line=at)
                if house is not None:
                    resolve(value, house)
            except ValueError as exc:
                reader.error(at, rule_id, f"value {name!r}: {exc}")
                value = None
            found[name] = value
        return found

    def check_placeholders(self, reader: Reader, rule_id: str, texts: list[Message], values: dict[str, Value | None], line: int) -> None:
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

    def slot(self, reader: Reader, data: Any, line: int, part_tags: frozenset[str], house: Map | None) -> Slot | None:
        """One entry of a section's rules: a rule, a rule with variants, or ``use: <rule-id>``."""
        if isinstance(data, Map) and "use" in data:
            fields = reader.fields(data, line, None, "a use of a library rule", UseRecord)
            if fields is None:
                return None
            return Slot(fields["use"], (), None, reader.file, line)
        if not (isinstance(data, Map) and "variants" in data):
            rule = self.rule(reader, data, line, part_tags, house, None)
            return Slot(rule.id, (rule,), None, reader.file, line) if rule else None
        found = self.identified(reader, data, line, "a rule with variants", RuleInVariantsRecord, "rule")
        if found is None:
            return None
        fields, rule_id = found
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

    def rule(self, reader: Reader, data: Any, line: int, part_tags: frozenset[str], house: Map | None,
             variant_of: tuple[str, str] | None) -> Rule | None:
        """A rule's text and values; for a variant (``variant_of`` = rule id, variant name), the
        variant's, whose messages carry both names in their context. A rule (or variant) with
        ``see:`` is a reference: a title, and the rule that states it in the house's rulebook."""
        if isinstance(data, Map) and "see" in data:
            return self.reference(reader, data, line, part_tags, variant_of)
        if variant_of:
            rule_id, variant = variant_of
            fields = reader.fields(data, line, rule_id, f"variant {variant!r}", VariantRecord)
            if fields is None:
                return None
            prefix, tags = f"{rule_id}.{variant}", part_tags
        else:
            found = self.identified(reader, data, line, "a rule", RuleRecord, "rule")
            if found is None:
                return None
            fields, rule_id = found
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
            proposed=clean(proposed) if proposed else None, proposals=tuple(proposals),
            states=self.states(reader, data, rule_id),
        )

    def states(self, reader: Reader, data: Map, rule_id: str) -> tuple[str, str] | None:
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

    def reference(self, reader: Reader, data: Map, line: int, part_tags: frozenset[str],
                  variant_of: tuple[str, str] | None) -> Rule | None:
        """``see: <rule-id>``: where a house's rulebook states a policy or a term once, another part's
        place for it is a reference to that rule (its title, and a link), never a second statement."""
        rule_id: str | None   # None: an id already reported as wrong (the reference is left out)
        prefix: str | None
        if variant_of:
            rule_id, variant = variant_of
            fields = reader.fields(data, line, rule_id, f"variant {variant!r}", VariantReferenceRecord)
            prefix, tags = f"{rule_id}.{variant}", part_tags
        else:
            rule_id = data.get("id") if isinstance(data.get("id"), str) else None
            fields = reader.fields(data, line, rule_id, "a reference to a rule", ReferenceRecord)
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

    def proposals(self, reader: Reader, data: Map, fields: dict[str, Any], prefix: str, rule_id: str) -> list[Proposal]:
        """A rule's ``proposals:``: each ``{text, reason}``, a sentence proposed beyond the rule."""
        found = []
        for index, item in enumerate(fields.get("proposals", [])):
            at = data["proposals"].line_of(index)
            entry = reader.fields(item, at, rule_id, "a proposal", ProposalRecord)
            if entry is None:
                continue
            if not entry["text"].strip() or not entry["reason"].strip():
                reader.error(at, rule_id, "a proposal needs its text and the reason it is proposed")
                continue
            key = f"{rule_id}.proposal{index + 1}"
            found.append(Proposal(key, self.message(reader, f"{prefix}.proposal{index + 1}", entry["text"],
                                                    item.line_of("text"), rule_id), clean(entry["reason"])))
        return found

    def tags(self, reader: Reader, data: Map, rule_id: str | None) -> frozenset[str]:
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
        reader = Reader(self.rel(path), self.errors)
        fields = reader.fields(data, 1, None, "a part", PartRecord)
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
            sec = reader.fields(section, at, None, "a section", SectionRecord)
            if sec is None:
                continue
            section_id = self.claim(reader, sec["id"], section.line_of("id"), "section")
            if section_id is None:
                continue
            read = [self.slot(reader, rule, section["rules"].line_of(i), tags, house)
                    for i, rule in enumerate(sec["rules"])]
            slots = tuple(slot for slot in read if slot is not None)
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
        game = fields.get("game", False)
        if game:   # each of its rules is the game's, wherever a house places it
            sections = [of_the_game(section, fields["source"]) for section in sections]
        return Part(
            id=part_id,
            title=self.message(reader, f"{part_id}.title", fields["title"], data.line_of("title"), None),
            intro=self.message(reader, f"{part_id}.intro", intro, data.line_of("intro"), None) if intro else None,
            source=fields["source"], tags=tags, sections=tuple(sections), file=reader.file,
            notes=tuple(note for note in notes if note is not None), table=table,
            source_language=fields["source_language"], game=bool(game),
        )

    def note(self, reader: Reader, data: Any, line: int, house: Map | None) -> Note | None:
        found = self.identified(reader, data, line, "an editorial note", NoteRecord, "note")
        if found is None:
            return None
        fields, note_id = found
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

