"""A house's view of the library: each place resolved to the rule or variant the house states, the
proposals it adopts made its rules, and the checks that its readers can read every rule it rules by."""

from __future__ import annotations

import dataclasses
from typing import Any

from rulebook.core.reader import Reader
from rulebook.core.records import RULING_PARAMETERS, Part, Rule, Slot
from rulebook.core.yamlload import Map, Seq, line_of_path


def adopt(parts: tuple[Part, ...], adopt: list[Any], reader: Reader, house_id: str) -> tuple[Part, ...]:
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


def check_ruling(parts: tuple[Part, ...], parameters: Map, defined: dict[str, Slot], reader: Reader,
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


def check_see(parts: tuple[Part, ...], reader: Reader, house_id: str, lines: dict[str, int]) -> None:
    """A reference (``see:``) leads to a rule the house's readers read: published, and no reference. Told
    at the house file's line that publishes the part holding the reference (``lines``)."""
    rules = {rule.id: (part.id, rule) for part in parts for rule in part.rules}
    for part_id, rule in rules.values():
        if not rule.see or rule.is_proposal:
            continue
        target = rules.get(rule.see, (None, None))[1]
        if target is None or target.see or target.is_proposal:
            what = ("does not publish" if target is None else "publishes only as a reference" if target.see
                    else "only proposes")
            reader.error(lines.get(part_id, 1), house_id, f"part {part_id!r}: rule {rule.id!r} ({rule.file}:{rule.line}) "
                         f"refers to rule {rule.see!r}, which the house {what}: a reference leads to the rule that "
                         "states it (publish that rule, or leave the part out)")


def house_part(part: Part, parameters: Map, choices: Map, defined: dict[str, Slot], reader: Reader,
                house_id: str) -> Part:
    """The part as the house states it: each slot resolved to the rule, or the variant, the house chose."""
    sections = []
    for section in part.sections:
        rules = []
        for slot in section.slots:
            library = defined.get(slot.rule_id)
            if library is None:          # reported by load_library
                continue
            rule = variant_for(library, parameters, choices, reader, house_id)
            if rule is not None:
                rules.append(rule)
        sections.append(dataclasses.replace(section, rules=tuple(rules), slots=()))
    return dataclasses.replace(part, sections=tuple(sections))


def variant_for(slot: Slot, parameters: Map, choices: Map, reader: Reader, house_id: str) -> Rule | None:
    """The rule a house states: the one text, the variant its parameter names, or the one it chose."""
    if not slot.names:
        return slot.variants[0] if slot.variants else None
    if slot.chosen_by:
        value: Any = parameters
        for step in slot.chosen_by.split("."):
            value = value.get(step) if isinstance(value, Map) else None
        name, line, how = value, line_of_path(parameters, tuple(slot.chosen_by.split("."))), f"{slot.chosen_by} = {value!r}"
    else:
        name, how = choices.get(slot.rule_id), None
        line = choices.line_of(slot.rule_id) if slot.rule_id in choices else getattr(choices, "line", 1)
    chosen = next((rule for rule in slot.variants if rule.variant == name), None)
    if chosen is None:
        options = ", ".join(slot.names)
        reader.error(line, house_id, f"rule {slot.rule_id!r} is stated by {slot.chosen_by}, which the house does not set: "
                     f"set it under parameters ({options}), or leave the part out" if how and name is None
                     else f"rule {slot.rule_id!r} has no variant for {how} (variants: {options})" if how
                     else f"rule {slot.rule_id!r} is stated in variants ({options}): choose one under 'variants'")
    return chosen

