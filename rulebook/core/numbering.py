"""Rule numbers: what a floor cites ("rule 38", "Pravilo 34.2"), the same in every language of a house.

A rule's id is its anchor and permanent address; its number is what readers see and say. The house
file's ``numbering:`` chooses the scheme (houses/README.md):

- ``scheme: parts`` (the default): ``<part>.<rule>`` in the house's reading order, "4.12";
- ``scheme: document``: a rule stated from a numbered passage of the house's own document
  (``source: "38. MINIMALAN RAISE"``, or ``"3.1 Only English…"`` for a document that numbers its
  paragraphs) keeps the document's number, 38 or 3.1, and where one passage gives several rules they
  are 34.1, 34.2… (3.1.1, 3.1.2…) in reading order; the rules the document does not number (the
  Hold'em guide's) get ``<others><part>.<rule>``, "H2.4", counting only the parts that hold them.

Numbers are computed from the reader's edition (a proposal has none until it is adopted), so they
are stable within an edition and identical in every language; ``numbering_problems`` is the gate's
check that they are complete and unique.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulebook.core.errors import Problem
from rulebook.core.records import Rulebook

SCHEMES = ("parts", "document")
# "38. MINIMALAN RAISE", "3.1 Only English…": a passage heading the house's document numbers, its number
# the document's own (a section and its paragraph, 3.1, where it numbers them so).
# A lone number needs its full stop ("36 METODE" has lost it: no number is guessed).
NUMBERED_PASSAGE = re.compile(r"\s*([1-9][0-9]{0,3}(?:\.[1-9][0-9]{0,3}){1,2}(?=\.?\s)|[1-9][0-9]{0,3}(?=\.\s))")
# A prefix for the rules a document does not number: one capital letter, so "H2.4" never reads as a
# passage's number.
OTHERS = re.compile(r"[A-Z]")
# What a reader may type or a link may carry: 38, 34.2, 4.12, H2.4, and a document's own 3.1 or 3.1.2.
NUMBER = re.compile(r"[A-Z]?[1-9][0-9]{0,3}(?:\.[1-9][0-9]{0,3}){0,3}")


@dataclass(frozen=True)
class Numbering:
    """A house's rule numbers, both ways."""

    numbers: dict[str, str]          # rule id → number, in reading order

    def __getitem__(self, rule_id: str) -> str:
        return self.numbers[rule_id]

    def get(self, rule_id: str) -> str | None:
        return self.numbers.get(rule_id)

    def rule(self, number: str) -> str | None:
        """The rule a number names; a number that was split (34 into 34.1, 34.2) names its first rule."""
        exact = next((rule_id for rule_id, given in self.numbers.items() if given == number), None)
        return exact or next((rule_id for rule_id, given in self.numbers.items()
                              if given.startswith(number + ".")), None)


def settings(book: Rulebook) -> tuple[str, str]:
    """The house's scheme and its prefix for unnumbered rules (already checked by the gate)."""
    numbering = book.numbering or {}
    scheme = numbering.get("scheme", "parts")
    others = numbering.get("others", "")
    return (scheme if scheme in SCHEMES else "parts"), (others if isinstance(others, str) and OTHERS.fullmatch(others) else "")


def passage_number(rule_source: str) -> str | None:
    """The number of the document's passage a rule states, if the passage is numbered."""
    match = NUMBERED_PASSAGE.match(rule_source or "")
    return match.group(1) if match else None


def number_rules(book: Rulebook) -> Numbering:
    """Every published rule of the house, numbered by its scheme, in reading order."""
    published = book.published()
    scheme, others = settings(book)
    numbers: dict[str, str] = {}
    if scheme == "parts":
        for part_index, part in enumerate(published.parts, start=1):
            for rule_index, rule in enumerate(part.rules, start=1):
                numbers[rule.id] = f"{part_index}.{rule_index}"
        return Numbering(numbers)
    by_passage: dict[str, list[str]] = {}
    for rule in published.rules:
        passage = passage_number(rule.source)
        if passage is not None:
            by_passage.setdefault(passage, []).append(rule.id)
    unnumbered_part = 0
    for part in published.parts:
        rule_index = 0
        for rule in part.rules:
            passage = passage_number(rule.source)
            if passage is not None:
                siblings = by_passage[passage]
                numbers[rule.id] = passage if len(siblings) == 1 else f"{passage}.{siblings.index(rule.id) + 1}"
                continue
            if rule_index == 0:
                unnumbered_part += 1
            rule_index += 1
            numbers[rule.id] = f"{others}{unnumbered_part}.{rule_index}"
    return Numbering(numbers)


def _ungiven_numbers(book: Rulebook) -> list[Problem]:
    """Under ``scheme: document``, every number is one the house's documents give: a rule stated from
    a document that numbers its passages must name its passage's number (a typo in the number would
    otherwise fall back to another numbering unseen), and the parts from a document that numbers
    none need the house's ``others`` prefix."""
    scheme, others = settings(book)
    if scheme != "document":
        return []
    published = book.published()
    numbered = {part.source for part in published.parts if any(passage_number(r.source) for r in part.rules)}
    line = getattr(book.numbering, "line_of", lambda key: 1)
    problems = []
    for part in published.parts:
        if part.source in numbered:
            problems += [Problem(rule.file, rule.line, "numbering", rule.id, None,
                                 f"house {book.id!r} numbers its rules by its document, {part.source}, which numbers "
                                 f"its passages, but this rule's source {rule.source[:60]!r} gives no number: begin "
                                 "it with the passage's number (\"38. …\")")
                         for rule in part.rules if passage_number(rule.source) is None]
        elif not others:
            problems.append(Problem(book.house_file, line("scheme"), "numbering", book.id, None,
                                    f"part {part.id!r} comes from {part.source}, which numbers no passage: give "
                                    "numbering 'others', a capital letter that numbers its rules (H1.1, H1.2…)"))
    return problems


def numbering_problems(book: Rulebook) -> list[Problem]:
    """The house's ``numbering:`` is readable, and its numbers are complete and unique."""
    problems: list[Problem] = []
    numbering = book.numbering or {}
    line = getattr(numbering, "line_of", lambda key: 1)
    for key, value in numbering.items():
        if key == "scheme" and value not in SCHEMES:
            problems.append(Problem(book.house_file, line(key), "numbering", book.id, None,
                                    f"numbering scheme {value!r} must be one of {', '.join(SCHEMES)}"))
        elif key == "others" and not (isinstance(value, str) and OTHERS.fullmatch(value)):
            problems.append(Problem(book.house_file, line(key), "numbering", book.id, None,
                                    f"numbering 'others' {value!r} must be one capital letter, such as H"))
        elif key not in ("scheme", "others"):
            problems.append(Problem(book.house_file, line(key), "numbering", book.id, None,
                                    f"unknown key {key!r} in numbering (known: others, scheme)"))
    problems += _ungiven_numbers(book)
    numbered = number_rules(book)
    seen: dict[str, str] = {}
    for rule in book.published().rules:
        number = numbered.get(rule.id)
        if number is None or not NUMBER.fullmatch(number):
            problems.append(Problem(rule.file, rule.line, "numbering", rule.id, None,
                                    f"the rule has no number in house {book.id!r}"))
        elif number in seen:
            problems.append(Problem(rule.file, rule.line, "numbering", rule.id, None,
                                    f"number {number} is also rule {seen[number]!r}'s in house {book.id!r}"))
        else:
            seen[number] = rule.id
    return problems
