"""What changed between two editions of one house, as a reader of one language sees it.

Two readings of the house in one language (``rulebook.reading``: the previous edition's, read from
git by ``rulebook.editions``, and the current one's) are compared: the rules added, removed (with
their last text) and changed (their text in that language, before its numbers are filled in, or the
values it quotes); the house parameters whose values changed, with the rules that quote them; and
the worked examples whose stated results changed. A number's change is listed once, as a
parameter, rather than as a change to every rule that quotes it. Texts and values are as the pages
show them (filled in and formatted for the language), so the CLI, the JSON, the changes page, the
cards and the redline PDF say the same thing. ``Changes`` is data: the renderers read it, and
nothing here renders.
"""

from __future__ import annotations

import copy
import difflib
import re
from dataclasses import asdict, dataclass
from datetime import date
from typing import Any, Iterator

from rulebook.core.examples import WorkedExample
from rulebook.core.model import Rule, Rulebook
from rulebook.core.quantities import with_units
from rulebook.core.values import resolve
from rulebook.i18n.parameters import cards_showing, formatted, label
from rulebook.project import Project
from rulebook.reading import Reading


_WORDS = re.compile(r"[ \t\r\n]+")   # not str.split(): a no-break space binds a number to its unit


@dataclass(frozen=True)
class RuleChange:
    """A rule added, removed or changed; titles and texts as the reader's language shows them."""

    kind: str                    # "added", "removed", "changed" or "renumbered" (the same words, another number)
    rule_id: str
    part_id: str                 # the part it is in now (was in, for a removed rule)
    old_title: str | None
    new_title: str | None
    old_text: str | None         # the text and its items, values filled in
    new_text: str | None
    old_number: str | None = None   # the number readers cited it by, in the earlier edition and now
    new_number: str | None = None

    @property
    def anchor(self) -> str:
        """Its entry's id on the changes page."""
        return f"{self.kind}-{self.rule_id}"


@dataclass(frozen=True)
class ParameterChange:
    """A house number or policy that changed, formatted for the language, and the rules quoting it."""

    path: str                    # as a rule's value names it: stakes[nlh-low].rake.cap
    label: str                   # the reader's words: Rake cap (NLH 1/3)
    old: str                     # "—" where the edition had no such parameter
    new: str
    old_value: Any
    new_value: Any
    rules: tuple[tuple[str, str, str], ...]   # (rule id, part id, title) of each rule that quotes it
    cards: tuple[str, ...] = ()              # the printed cards it is on: NLH 1/3, Rake


@dataclass(frozen=True)
class ExampleChange:
    """A worked example whose stated results changed: each result, then the whole narrative, old and new."""

    example_id: str
    rule_id: str
    part_id: str
    rule_title: str
    results: tuple[tuple[str, str, str], ...]   # (result, old, new), formatted for the language
    old_text: str
    new_text: str


@dataclass(frozen=True)
class Changes:
    """One house's changes since an earlier edition, in one language."""

    house_id: str
    lang: str
    since: str                   # the git ref of the earlier edition
    previous_edition: int | None
    previous_effective: date | None
    edition: int | None
    effective: date | None
    rules: tuple[RuleChange, ...]
    parameters: tuple[ParameterChange, ...]
    examples: tuple[ExampleChange, ...]

    def of_kind(self, kind: str) -> list[RuleChange]:
        return [change for change in self.rules if change.kind == kind]

    def marked(self, rule_id: str) -> RuleChange | None:
        """The change a rule of the current edition carries a marker for (added or changed)."""
        return next((change for change in self.rules if change.rule_id == rule_id
                     and change.kind in ("added", "changed")), None)

    def __bool__(self) -> bool:
        return bool(self.rules or self.parameters or self.examples)

    def as_json(self) -> dict:
        data = asdict(self)
        for key in ("previous_effective", "effective"):
            data[key] = data[key].isoformat() if data[key] else None
        for change in data["parameters"]:
            change["rules"] = [dict(zip(("rule_id", "part_id", "title"), rule)) for rule in change["rules"]]
        for change in data["examples"]:
            change["results"] = [dict(zip(("result", "old", "new"), result)) for result in change["results"]]
        return data


def redline(old: str, new: str) -> tuple[tuple[str, str], ...]:
    """Word-level differences: runs of ("same" | "del" | "ins", words), in reading order."""
    before, after = [w for w in _WORDS.split(old) if w], [w for w in _WORDS.split(new) if w]
    runs: list[tuple[str, str]] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes():
        if tag == "equal":
            runs.append(("same", " ".join(before[i1:i2])))
            continue
        if i2 > i1:
            runs.append(("del", " ".join(before[i1:i2])))
        if j2 > j1:
            runs.append(("ins", " ".join(after[j1:j2])))
    return tuple(runs)


def compare(old: Project, new: Project, house_id: str, lang: str, since: str) -> Changes:
    """The changes to ``house_id`` from the project ``old`` to ``new``, in ``lang``."""
    return between(Reading.of(old, house_id, lang), Reading.of(new, house_id, lang), since)


def between(then: Reading, now: Reading, since: str) -> Changes:
    """The changes from one reading of a house to another in the same language (reader's rulebooks)."""
    return Changes(now.house_id, now.lang, since, then.book.edition, then.book.effective, now.book.edition,
                   now.book.effective, tuple(_rule_changes(then, now)), tuple(_parameter_changes(then, now)),
                   tuple(_example_changes(then, now)))


def _wording(shown: Reading, rule: Rule) -> tuple:
    """What a rule says in the language before its numbers are filled in, and what it quotes."""
    return (rule.variant, *(shown.text(message) for message in rule.messages()),
            tuple(sorted((name, value.spec) for name, value in rule.values.items() if value is not None)))


def _rule_changes(then: Reading, now: Reading) -> Iterator[RuleChange]:
    before, after = then.placed, now.placed
    for rule_id, (part_id, rule) in after.items():
        numbers = {"old_number": then.number_of(rule_id), "new_number": now.number_of(rule_id)}
        if rule_id not in before:
            yield RuleChange("added", rule_id, part_id, None, now.title(rule), None, now.wording(rule), **numbers)
        elif _wording(then, before[rule_id][1]) != _wording(now, rule):
            old = before[rule_id][1]
            yield RuleChange("changed", rule_id, part_id, then.title(old), now.title(rule),
                             then.wording(old), now.wording(rule), **numbers)
        elif numbers["old_number"] != numbers["new_number"]:
            yield RuleChange("renumbered", rule_id, part_id, then.title(rule), now.title(rule), None, None, **numbers)
    for rule_id, (part_id, rule) in before.items():
        if rule_id not in after:
            yield RuleChange("removed", rule_id, part_id, then.title(rule), None, then.wording(rule), None,
                             old_number=then.number_of(rule_id))


def _leaves(data: Any, path: str = "", steps: tuple = ()) -> Iterator[tuple[str, tuple, Any]]:
    """Every parameter as (path, where it is, value); a table's rows are named by role or name, as
    rules name them, so a reordered table is not a change."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _leaves(value, f"{path}.{key}" if path else str(key), (*steps, key))
    elif isinstance(data, list) and data and all(isinstance(row, dict) for row in data):
        for index, row in enumerate(data):
            yield from _leaves(row, f"{path}[{row.get('role') or row.get('name') or index + 1}]", (*steps, index))
    else:
        yield path, steps, data


def _plain(data: Any) -> Any:
    if isinstance(data, dict):
        return {key: _plain(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_plain(value) for value in data]
    return data


def _parameters(house: Any) -> Any:
    """The house parameters as plain data, with the units its house file gives them."""
    return with_units(_plain(house), house.units)


def _parameter_changes(then: Reading, now: Reading) -> Iterator[ParameterChange]:
    old_house, new_house = _parameters(then.book.house), _parameters(now.book.house)
    before = {path: value for path, _, value in _leaves(old_house)}
    after = {path: (steps, value) for path, steps, value in _leaves(new_house)}
    paths = [*after, *(path for path in before if path not in after)]
    for path in paths:
        missing = object()
        old_value, (steps, new_value) = before.get(path, missing), after.get(path, ((), missing))
        if old_value == new_value:
            continue
        quoting = tuple(_quoting(now.book, new_house, steps, old_value)) if steps and old_value is not missing else ()
        yield ParameterChange(
            path, label(path, new_house if new_value is not missing else old_house, now.tr),
            "—" if old_value is missing else formatted(path, old_value, old_house, now.fmt),
            "—" if new_value is missing else formatted(path, new_value, new_house, now.fmt),
            None if old_value is missing else old_value, None if new_value is missing else new_value,
            tuple((rule.id, part_id, now.title(rule)) for rule, part_id in quoting),
            cards_showing(path, new_house if new_value is not missing else old_house, now.tr.gettext("Rake")))


def _quoting(book: Rulebook, house: dict, steps: tuple, old_value: Any) -> Iterator[tuple[Rule, str]]:
    """The rules whose values would read otherwise with this one parameter as it was: exactly the
    rules that quote it, however they name it (by role, by name, or as a row that matches)."""
    reverted = copy.deepcopy(house)
    spot = reverted
    for step in steps[:-1]:
        spot = spot[step]
    spot[steps[-1]] = old_value

    def seen(rule: Rule, data: dict) -> list[tuple[Any, str] | str | None]:
        shown: list[tuple[Any, str] | str | None] = []
        for value in rule.values.values():
            try:
                shown.append(resolve(value, data) if value is not None else None)
            except ValueError:
                shown.append("unresolved")
        return shown

    for part in book.parts:
        for rule in part.rules:
            if any(value is not None and value.path for value in rule.values.values()) \
                    and seen(rule, house) != seen(rule, reverted):
                yield rule, part.id


def _results(example: WorkedExample) -> dict:
    """An example's stated results, a table's results by row."""
    found = dict(example.results)
    for number, row in enumerate(example.rows, 1):
        found.update({f"{name} ({number})": value for name, value in row.items()})
    return found


def _example_changes(then: Reading, now: Reading) -> Iterator[ExampleChange]:
    before = {example.id: example for example in then.examples}
    for example in now.examples:
        previous = before.get(example.id)
        if previous is None:
            continue
        was, became = _results(previous), _results(example)
        differ = [name for name in [*became, *(n for n in was if n not in became)] if was.get(name) != became.get(name)]
        if not differ:
            continue
        part_id, rule = now.placed[example.rule]
        yield ExampleChange(
            example.id, example.rule, part_id, now.title(rule),
            tuple((name, then.show(was[name]) if name in was else "—", now.show(became[name]) if name in became else "—")
                  for name in differ),
            then.narrate(previous), now.narrate(example))
