"""One house, one truth: each house's rulebook read whole, as its editors would read it.

The catalog checks keep every translation true to its English; these keep each house's edition
true to itself (docs/DESIGN.md, principle 9):

- ``policy``: a table policy (who shows first, undercalls, the ante…) is stated once, and with the
  value the house applies, so the engine and the reader never disagree;
- ``term``: a glossary term is defined in one place of the house: one rule, and no other rule's
  definition-list item or glossary note saying what the term counts as;
- ``currency``: every amount is in the house's own unit, never another house's money;
- ``note``: an editorial note records a digest of each rule it discusses, and goes stale when one
  of them changes, as a translation does when its English changes;
- ``removed``: a statement ``rules/ADDITIONS.md`` records as removed is said nowhere;
- ``consequence``: a worked example states no consequence ("so he pays…") that none of its checks computes;
- ``decides``: a worked example that works out a sum the calculators answer (the rake, a minimum raise…)
  is bound to a rule about that sum, which the calculators then cite as deciding it;
- ``picture``: a worked example whose cards, seats or pot the page draws can be drawn from what the engine
  checked (a seat of a table, each card once, shares that make the pot).
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Iterable, Iterator

from rulebook.core import sources
from rulebook.core.calls import Call, Given, Items, Pairs
from rulebook.core.errors import Problem
from rulebook.core.examples import Check, WorkedExample
from rulebook.core.model import RULING_PARAMETERS, Library, Note, Rule, Rulebook
from rulebook.core.money import Money
from rulebook.core.records import Message
from rulebook.core.values import Value
from rulebook.core.yamlload import MAX_FILE_BYTES
from rulebook.i18n.glossary import Term
from rulebook.i18n.money import money_words
from rulebook.project import Project
from rulebook.reading import Reading
from rulebook.reading.calculators import ABOUT, decides
from rulebook.reading.pictures import PictureError, pictures

ADDITIONS = "rules/ADDITIONS.md"


def coherence_problems(project: Project) -> list[Problem]:
    """Every way a house's rulebook contradicts itself or its records."""
    problems = policy_problems(project)
    problems += term_problems(project)
    problems += currency_problems(project)
    problems += note_problems(project.library)
    problems += two_room_note_problems(project)
    problems += removed_problems(project)
    problems += consequence_problems(project)
    problems += decision_problems(project)
    problems += picture_problems(project)
    return problems


def decision_problems(project: Project) -> list[Problem]:
    """Each house's examples that work out a calculator's sum are bound to rules that speak of it: an
    example of the minimum raise bound to "Bets are placed for all to read" would make the house's
    calculators cite that rule as deciding minimum raises."""
    problems = []
    for view in project.houses.values():
        rules = {rule.id: rule for rule in view.editors_book.rules}
        for example in view.examples:
            rule = rules.get(example.rule)
            if rule is None:
                continue
            english = " ".join(message.text for message in (rule.title, rule.text, *rule.items))
            for check in example.checks:
                function = f"{check.call.owner}.{check.call.function}"
                if not decides(function, english):
                    problems.append(Problem(example.file, check.line, "decides", example.rule, None,
                                            f"example {example.id} (house {view.id}) works out {ABOUT[function][0]} "
                                            f"({function}), and the calculators cite its rule as deciding it, but rule "
                                            f"{rule.id} says nothing of {ABOUT[function][0]}: bind the example to the "
                                            "rule that states it"))
    return problems


def picture_problems(project: Project) -> list[Problem]:
    """Each house's examples drawn as their pages draw them (``rulebook.reading.pictures``): one that
    cannot be is named by its file, its check's line and the house, and no page of it is published."""
    problems = []
    for view in project.houses.values():
        for example in view.examples:
            try:
                pictures(view.outcomes[example.id])
            except PictureError as exc:
                problems.append(Problem(example.file, exc.line, "picture", example.rule, None,
                                        f"example {example.id} (house {view.id}): cannot be drawn: {exc.message}"))
    return problems


# -- policies --------------------------------------------------------------------------------------

def known_policies(library: Library) -> frozenset[str]:
    """The ruling parameters, and each rule a house states in a variant of its own choosing."""
    return frozenset(RULING_PARAMETERS) | {policy for rule in library.rules if rule.variant and rule.states
                                           for policy in (rule.states[0],)}


def policy_problems(project: Project) -> list[Problem]:
    """Each policy a house publishes is stated once, with the house's own value."""
    known = known_policies(project.library)
    problems = []
    for view in project.houses.values():
        book = view.editors_book
        stated: dict[str, list[Rule]] = {}
        for rule in book.statements:
            if rule.states is None:
                continue
            policy, value = rule.states
            if policy not in known:
                problems.append(Problem(rule.file, rule.line, "policy", rule.id, None,
                                        f"states {policy!r}, which is no house policy (known: {', '.join(sorted(known))})"))
                continue
            stated.setdefault(policy, []).append(rule)
            if policy in RULING_PARAMETERS and not _sets(book, policy):
                section, key = policy.split(".")
                problems.append(Problem(rule.file, rule.line, "policy", rule.id, None,
                                        f"states {policy} = {value}, which house {book.id} ({book.house_file}) does "
                                        f"not state: write `{section}: {{{key}: …}}` in its house file if its "
                                        "documents say so, choose another variant of the rule, or leave the rule "
                                        "out (the engine's default is no house's rule)"))
                continue
            if value != (house_value := book.policy(policy)):
                others = [other.id for other in book.statements if other.states == (policy, house_value)]
                by = f", stated by rule {others[0]}" if others else ""
                problems.append(Problem(rule.file, rule.line, "policy", rule.id, None,
                                        f"house {book.id} ({book.house_file}) rules {policy} = {house_value}{by}; "
                                        f"this rule, which it publishes, states {value}"))
        for policy, rules in stated.items():
            for twice in rules[1:]:
                problems.append(Problem(twice.file, twice.line, "policy", twice.id, None,
                                        f"house {book.id} states {policy} twice, by rules {rules[0].id} and {twice.id}: "
                                        "one statement per policy (make one a reference, see: <rule-id>)"))
    return problems


def _sets(book: Rulebook, policy: str) -> bool:
    """Whether the house file itself sets a ruling parameter (not the engine's default)."""
    section, key = policy.split(".")
    found = book.house.get(section)
    return isinstance(found, dict) and found.get(key) is not None


# -- terms -----------------------------------------------------------------------------------------

# What a term counts as, in a house's words: "of which only the first counts", "the bet then stands only
# as the smallest bet possible", "is treated as a call". A definition that says it rules; a plain gloss
# ("Call: paying the bet of a player who acted before") only says what the word means.
_RULING = re.compile(r"\bonly\b[^.;:]*?\bcounts?\b|\bcounts?\s+(?:as|only)\b|\bstands?\s+(?:only\s+)?as\b"
                     r"|\b(?:is|are)\s+(?:treated|taken|read|counted)\s+as\b", re.IGNORECASE)
# A clause that leaves the ruling to the house's rules ("the house's rules say what it counts as") defers.
_DEFERS = re.compile(r"\bhouse(?:'s|s'|\u2019s|s\u2019)?\s+rules?\b", re.IGNORECASE)
# A definition-list item: "String bet: putting chips in the pot improperly. …"
_DEFINITION_ITEM = re.compile(r"\s*([^:{}]{1,60}?)\s*:\s+(\S.*)", re.DOTALL)


def rules_on(text: str) -> str | None:
    """The clause of a definition that says what the term counts as (not deferring to the house's
    rules), or None for a plain gloss."""
    for clause in re.split(r"[.;:](?:\s+|$)", text):
        if _RULING.search(clause) and not _DEFERS.search(clause):
            return clause.strip()
    return None


def definition_items(term: Term, rules: Iterable[Rule]) -> Iterator[tuple[Rule, Message, str]]:
    """(rule, item, definition) for each "<term>: <definition>" item of the rules, the item's head one
    of the term's English forms (any case)."""
    for rule in rules:
        for item in rule.items:
            found = _DEFINITION_ITEM.fullmatch(item.text)
            if found and term.names(found.group(1)):
                yield rule, item, found.group(2)


def term_problems(project: Project) -> list[Problem]:
    """A house defines each term in one place: one of the glossary's ``rules`` it publishes as a
    statement, or else one definition-list item of its rules. A second definition that says what the
    term counts as (an item of another rule, or the glossary note the house reads) is the fault the
    casino's string bet had: three places, each with its own consequence."""
    problems = []
    for view in project.houses.values():
        house = view.id
        statements = view.editors_book.statements
        stated = {rule.id for rule in statements}
        for term in project.glossary_of(house):
            name = term.english[0]
            defining = [rule_id for rule_id in term.rules if rule_id in stated]
            if len(defining) > 1:
                problems.append(Problem(term.file, term.rules_line, "term", term.id, None,
                                        f"house {house} defines {name!r} twice, by rules "
                                        f"{' and '.join(defining)}: one definition per term (make one a "
                                        "reference, see: <rule-id>)"))
            first: str | None = f"rule {defining[0]}" if defining else None
            for rule, item, definition in definition_items(term, statements):
                if rule.id in defining:
                    continue
                ruling = rules_on(definition)
                if first is None:
                    first = f"the item of rule {rule.id} ({item.file}:{item.line})"
                elif ruling is not None or not defining:
                    problems.append(Problem(item.file, item.line, "term", term.id, None,
                                            f"house {house} defines {name!r} twice: rule {rule.id}'s item says "
                                            f"{(ruling or definition)!r}, and {first} defines it: define it in one "
                                            f"place (name {rule.id} in the glossary's 'rules', or leave the item "
                                            "a plain gloss that says what the word means)"))
            ruling = rules_on(term.note)
            if first is not None and ruling is not None:
                problems.append(Problem(term.meaning_file, term.line, "term", term.id, None,
                                        f"house {house} defines {name!r} twice: the glossary's note ({term.context}) "
                                        f"says {ruling!r}, and {first} defines it: the note says what the term "
                                        "is, the house's rule what it counts as (or: \"the house's rules say "
                                        "what it counts as\")"))
    return problems


# -- currency --------------------------------------------------------------------------------------

def _foreign_words(project: Project, money: Money) -> re.Pattern[str] | None:
    """The English words naming the money of the project's other houses: a house never shows them."""
    words = {word for view in project.houses.values() if view.book.money.currency != money.currency
             for word in money_words(view.book.money)} - money_words(money)
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, sorted(words))) + r")(?!\w)", re.IGNORECASE) \
        if words else None


def currency_problems(project: Project) -> list[Problem]:
    """Every amount a house shows is in its own money: no page of a house in chips names another
    house's currency, and an amount of money written in the library is never shown as chips."""
    problems = []
    for view in project.houses.values():
        book = view.editors_book
        where = f"house {book.id} ({book.house_file}) counts in {book.unit}"
        if book.money.chips:
            items: list[Rule | Note] = [*book.rules, *book.notes]
            for item in items:
                for name, value in item.values.items():
                    if value is not None and value.path is None and value.unit == "money":
                        problems.append(Problem(item.file, value.line or item.line, "currency", item.id, None,
                                                f"value {name!r} is an amount of money, but {where}"))
            for example in view.examples:
                for binding in example.bindings():
                    named = next((name for name, value in binding.items() if _is_money(value)), None)
                    if named is not None:
                        problems.append(Problem(example.file, example.line, "currency", example.rule, None,
                                                f"example {example.id}: {named} is {binding[named].spec}, but {where} "
                                                f"(give its amounts under 'in_{book.unit}:')"))
                        break
        foreign = _foreign_words(project, book.money)
        for message in _english_of(book, view.examples) if foreign is not None else ():
            if foreign is not None and (found := foreign.search(message.text)) is not None:
                problems.append(Problem(message.file, message.line, "currency", message.rule_id, None,
                                        f"{message.context}: says {found.group()!r}, but {where}"))
    return problems


def _is_money(value: Value) -> bool:
    if value.unit == "items" and isinstance(value.literal, list):   # an "items" value is a list of values
        return any(_is_money(item) for item in value.literal)
    return value.unit == "money" and value.path is None


def _english_of(book: Rulebook, examples: Iterable[WorkedExample]) -> Iterator[Message]:
    """Every English source string a house publishes (its parts, sections, rules and examples)."""
    for part in book.parts:
        yield part.title
        yield from [part.intro] if part.intro else []
        for section in part.sections:
            yield section.title
            for rule in section.rules:
                yield from rule.messages()
    for example in examples:
        yield from example.messages()


# -- editorial notes -------------------------------------------------------------------------------

def note_digest(library: Library, note: Note, rule_id: str) -> str | None:
    """A rule's reviewable text as a note reads it (every variant's title, text, items, values, excerpts,
    proposals and references), hashed: of the variants the houses the note concerns state (``Note.concerns``;
    every variant where none publishes it), so another room's own variant never makes the note stale.
    None for a rule the library does not have."""
    rules = [rule for rule in library.rules if rule.id == rule_id]
    if not rules:
        return None
    stated = {rule.variant for book in library.houses if note.concerns(book) for rule in book.rules if rule.id == rule_id}
    read = [rule for rule in rules if rule.variant in stated] or rules
    return hashlib.sha256("\n".join(repr((
        rule.variant, [m.text for m in rule.messages()],
        sorted((name, value.spec if value else None) for name, value in rule.values.items()),
        rule.excerpts, rule.proposed, rule.states, rule.see)) for rule in read).encode()).hexdigest()[:12]


def note_problems(library: Library) -> list[Problem]:
    """A note whose rules changed since it was reviewed is stale until an editor confirms or rewrites it."""
    problems = []
    for note in library.notes:
        if library.layout and not library.layout.owns(note.file) and \
                not any(note.concerns(book) for book in library.houses):
            continue   # in a room's project, a library note about other rooms is theirs to review
        for rule_id in note.rules:
            digest = note_digest(library, note, rule_id)
            if digest is None:
                continue          # reported by the loader
            recorded = note.reviewed.get(rule_id)
            if recorded == digest:
                continue
            what = "is not among the texts it was reviewed against" if recorded is None else \
                "changed since the note was reviewed"
            problems.append(Problem(note.file, note.reviewed_line, "note", note.id, None,
                                    f"rule {rule_id} {what}: read the note again, rewrite it if it no longer "
                                    f"holds, then run `rulebook notes confirm {note.id}`"))
        for rule_id in note.reviewed:
            if rule_id not in note.rules:
                problems.append(Problem(note.file, note.reviewed_line, "note", note.id, None,
                                        f"'reviewed' names rule {rule_id}, which the note is not about"))
    return problems


def two_room_note_problems(project: Project) -> list[Problem]:
    """A note about a rule that houses state in different variants decides between their documents: it
    cites a passage of each house's own documents (``sources:`` naming one of its files), never one room
    alone. A note kept to some houses (``houses:``) answers for those."""
    stated = {house_id: {rule.id: rule.variant for rule in view.editors_book.statements if rule.variant}
              for house_id, view in project.houses.items()}   # each house's rules in variants, and the variant it states
    problems = []
    for note in project.library.notes:
        variants: dict[str, str] = {}   # house → the variant it states of the note's rules
        for house_id, by_rule in stated.items():
            variant = next((by_rule[rule_id] for rule_id in note.rules if rule_id in by_rule), None)
            if variant and (not note.houses or house_id in note.houses) and \
                    (note.houses or not note.documents or note.concerns(project.houses[house_id].book)):
                variants[house_id] = variant
        if len(set(variants.values())) < 2:
            continue
        for house_id in sorted(variants):
            files = tuple(project.houses[house_id].book.documents)
            if files and not any(source.startswith(files) for source in note.sources):
                problems.append(Problem(note.file, note.line, "note", note.id, None,
                                        f"the houses state {', '.join(note.rules)} differently, but the note cites "
                                        f"none of {house_id}'s documents ({', '.join(files)}): quote its passage "
                                        "in 'sources:' beside the other room's"))
    return problems


def confirm_notes(library: Library, note_ids: set[str] | None) -> list[str]:
    """Record, in each note's file, the digests of the rules it discusses as they are now (every note
    when ``note_ids`` is None): the editor has read it against them. Returns the notes confirmed."""
    confirmed = []
    by_file: dict[str, list[Note]] = {}
    for note in library.notes:
        if note_ids is None or note.id in note_ids:
            by_file.setdefault(note.file, []).append(note)
    for file, notes in by_file.items():
        path = library.path(file)
        lines = path.read_text(encoding="utf-8").split("\n")
        for note in sorted(notes, key=lambda n: n.line, reverse=True):
            digests = {rule_id: note_digest(library, note, rule_id) for rule_id in note.rules}
            reviewed = ", ".join(f'{rule_id}: "{digest}"' for rule_id, digest in digests.items() if digest)
            _set_key(lines, note, "reviewed", "{" + reviewed + "}")
            confirmed.append(note.id)
        path.write_text("\n".join(lines), encoding="utf-8")
    return confirmed


def _set_key(lines: list[str], note: Note, key: str, flow: str) -> None:
    """Write ``key: flow`` in the note that starts at ``note.line`` (after its ``rules:`` line, or in
    place of the key's own lines)."""
    start = note.line - 1
    indent = len(lines[start]) - len(lines[start].lstrip(" -"))
    end = start + 1
    while end < len(lines) and (not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) >= indent
                                and not lines[end].lstrip().startswith("- ")):
        end += 1
    keys = {m.group(1): at for at in range(start, end) if (m := re.match(rf" {{{indent}}}(?:- )?([a-z_]+):", lines[at]))}
    line = " " * indent + f"{key}: {flow}"
    if key in keys:
        at = keys[key]
        stop = at + 1
        while stop < end and (not lines[stop].strip() or len(lines[stop]) - len(lines[stop].lstrip()) > indent):
            stop += 1
        lines[at:stop] = [line]
    else:
        at = keys.get("rules", start) + 1
        while at < end and lines[at].strip() and len(lines[at]) - len(lines[at].lstrip()) > indent:
            at += 1
        lines.insert(at, line)


# -- consequences in worked examples ---------------------------------------------------------------

# Where an example's English states what follows: "…, so he pays both blinds", "so that seat {last_big} is
# not the big blind twice". The clause runs to the end of its sentence or a semicolon.
_CONSEQUENCE = re.compile(r"\b(?:so that|so|therefore|thus|hence|which means|as a result)\b", re.IGNORECASE)
_CLAUSE_END = re.compile(r"[.;](?:\s|$)")
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_NOT_AMOUNTS = frozenset({"data", "text"})   # yes/no answers and engine words (call, raise, wait_for_big_blind…)


def consequences(text: str) -> Iterator[str]:
    """Each clause of an example's text that states a consequence, from its marker ("so", "therefore"…)
    to the end of its sentence."""
    for found in _CONSEQUENCE.finditer(text):
        rest = text[found.start():]
        end = _CLAUSE_END.search(rest)
        yield rest[:end.start()] if end else rest


def _named(item: object) -> Iterator[str]:
    """The example's names a check's call or expect uses (arguments, results, columns)."""
    if isinstance(item, Given):
        yield item.name
    elif isinstance(item, str):
        yield item
    elif isinstance(item, Call):
        for argument in (*item.args, *(value for _, value in item.kwargs)):
            yield from _named(argument)
    elif isinstance(item, Items):
        for element in item.items:
            yield from _named(element)
    elif isinstance(item, Pairs):
        for key, value in item.pairs:
            yield from _named(key)
            yield from _named(value)
    elif isinstance(item, dict):
        for value in item.values():
            yield from _named(value)
    elif isinstance(item, (list, tuple)):
        for element in item:
            yield from _named(element)


def _answers(example: WorkedExample, check: Check) -> bool:
    """Whether a check's result is a yes/no or an enum (engine words), never an amount: words may say it."""
    if isinstance(check.expect, bool):
        return True
    values = [value for binding in example.bindings() for name in _named(check.expect) if (value := binding.get(name))]
    flat: list[Value] = []
    for value in values:
        flat += value.literal if value.unit == "items" and isinstance(value.literal, list) else [value]
    return bool(flat) and all(item.unit in _NOT_AMOUNTS for item in flat)


def consequence_problems(project: Project) -> list[Problem]:
    """A worked example states no consequence its checks do not compute: each clause after "so",
    "therefore"… holds a placeholder a check reads or returns, or words a check declares (``says:``) as
    what its yes/no or enum result says. "So he pays nothing" beside a check of who must post was one."""
    problems = []
    for example in project.examples:
        text = example.text.text

        def problem(message: str, line: int = example.text.line, example: WorkedExample = example) -> None:
            problems.append(Problem(example.file, line, "consequence", example.rule, None,
                                    f"example {example.id}: {message}"))

        bound = {name for check in example.checks for name in (*_named(check.call), *_named(check.expect))}
        said = [phrase for check in example.checks for phrase in check.says]
        for check in example.checks:
            for phrase in check.says:
                if not _answers(example, check):
                    problem(f"'says: {phrase}' on a check whose result is an amount: the text says it with the "
                            "result's placeholder", check.line)
                elif phrase.lower() not in " ".join(text.split()).lower():
                    problem(f"'says: {phrase}' is not in the text: write the words the text uses for the "
                            "check's result", check.line)
        for clause in consequences(text):
            if set(_PLACEHOLDER.findall(clause)) & bound or any(phrase.lower() in clause.lower() for phrase in said):
                continue
            problem(f"{clause!r} states a consequence no check computes: use a placeholder a check reads or "
                    "returns, or, for a yes/no or enum result, name these words under the check's 'says:' "
                    "(or add the check that computes it)")
    return problems


# -- removed statements ----------------------------------------------------------------------------

_QUOTED = re.compile(r'"([^"]+)"')


def removed_statements(root: Path, house_ids: list[str]) -> Iterator[tuple[int, str, str, str]]:
    """(line, house, rule, phrase) for each statement ``rules/ADDITIONS.md`` records as removed: in a
    house's table, a row whose decision starts with "removed" quotes each removed phrase in "…"."""
    path = root / ADDITIONS
    if not path.exists():
        return
    house = None
    for number, line in enumerate(sources.read(path, ADDITIONS, MAX_FILE_BYTES).decode("utf-8").splitlines(), 1):
        if line.startswith("## "):
            house = next((h for h in house_ids if re.search(rf"\b{re.escape(h)}\b", line, re.IGNORECASE)), None)
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")] if line.startswith("|") else []
        if house is None or len(cells) != 3:
            continue
        rule, added, decision = cells
        named = re.search(r"`([a-z0-9-]+)`", rule)
        if re.match(r"\W*removed\b", decision, re.IGNORECASE):
            for phrase in _QUOTED.findall(added):
                yield number, house, named.group(1) if named else rule.strip("`* "), phrase


def removed_problems(project: Project) -> list[Problem]:
    """A statement recorded as removed appears in no published English text or example of its house."""
    said: dict[str, list[tuple[str, str]]] = {}
    problems = []
    for line, house, rule, phrase in removed_statements(project.root, list(project.houses)):
        if house not in said:
            said[house] = list(_published_english(Reading.of(project, house, "en")))
        wanted = " ".join(phrase.lower().split())
        for where, text in said[house]:
            if wanted in text:
                problems.append(Problem(ADDITIONS, line, "removed", rule, None,
                                        f"{phrase!r} is recorded as removed, but house {house} still says it ({where})"))
                break
    return problems


def _published_english(english: Reading) -> Iterator[tuple[str, str]]:
    """(where, text) for every rule text and worked example a house's readers read in English."""
    for rule in english.book.statements:
        texts = [english.fill(message, rule.values) for message in (rule.title, rule.text, *rule.items)]
        yield f"rule {rule.id}", " ".join(" ".join(texts).lower().split())
    for example in english.examples:
        cells = [english.cell(row, column.name) for row in example.rows for column in example.columns]
        yield f"example {example.id}", " ".join(" ".join([english.narrate(example), *cells]).lower().split())
