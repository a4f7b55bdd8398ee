"""Hostile input: every file a user edits, broken on purpose or written by an attacker.

Each case breaks one thing in a private copy of the project and asserts what an
editor sees: the exit code (2: the input cannot be read; 1: it is inconsistent),
one line naming the file and line with what is wrong, no traceback, nothing run
from the data, and that publishing (``rulebook site``, what ``make html`` runs)
then refuses and leaves no site behind.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

from rulebook.i18n.catalogs import po_path, read_catalog, write_catalog
from rulebook.cli import main
from tests.conftest import edit

PAYLOAD_FILE = "/tmp/rulebook-hostile-payload"


@dataclass
class Case:
    id: str
    file: str
    break_it: Callable[[Path], None]
    exit: int
    says: str


def append(relative: str, text: str) -> Callable[[Path], None]:
    return lambda tree: (tree / relative).write_text((tree / relative).read_text(encoding="utf-8") + text,
                                                     encoding="utf-8")


def replace(relative: str, old: str, new: str) -> Callable[[Path], None]:
    return lambda tree: edit(tree / relative, old, new)


def under_rake_rate_source(line: str) -> Callable[[Path], None]:
    """The rake-rate rule (the first whose source is "RAKE:") with one more key under its source."""
    return replace(RAKE, '        source: "RAKE:"\n', f'        source: "RAKE:"\n        {line}\n')


def write_bytes(relative: str, change: Callable[[bytes], bytes]) -> Callable[[Path], None]:
    return lambda tree: (tree / relative).write_bytes(change((tree / relative).read_bytes()))


def set_msgstr(lang: str, context: str | None, string, msgid: str | None = None) -> Callable[[Path], None]:
    def run(tree: Path) -> None:
        path = po_path(tree, lang)
        catalog = read_catalog(path, lang)
        entry = next(m for m in catalog if m.id and m.context == context and (msgid is None or m.id == msgid
                                                                                or (isinstance(m.id, tuple) and m.id[0] == msgid)))
        entry.string = string
        entry.flags.discard("fuzzy")
        write_catalog(path, catalog)
    return run


def example_call(call: str) -> Callable[[Path], None]:
    """Replace the first check of the rake examples with ``call``."""
    return replace("executable_examples/rake.yaml", "- call: house.split_pot_rake(pot, dead_money=dead, stakes=stakes)",
                   f"- call: {call!r}")


RAKE = "rules/rake.yaml"
HOUSE = "houses/club/house.yaml"
EXAMPLES = "executable_examples/rake.yaml"
RO = "locales/ro/LC_MESSAGES/rulebook.po"
FR = "locales/fr/LC_MESSAGES/rulebook.po"
ES = "locales/es/LC_MESSAGES/rulebook.po"
HR = "locales/hr/LC_MESSAGES/rulebook.po"
GLOSSARY = "locales/glossary.yaml"
RO_GLOSSARY = "locales/ro/glossary.yaml"
FR_GLOSSARY = "locales/fr/glossary.yaml"
RUN_CODE = f"__import__('os').system('touch {PAYLOAD_FILE}')"

CASES = [
    # -- YAML: structure and size ------------------------------------------------------------
    Case("yaml-alias-bomb", RAKE, append(RAKE, "bomb: &a [1, 1, 1]\nbomb2: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
                                         "bomb3: [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n"), 2, "anchors (&name) are not allowed"),
    Case("yaml-self-reference", RAKE, append(RAKE, "loop: &loop [*loop]\n"), 2, "are not allowed"),
    Case("yaml-alias-reuse", RAKE, replace(RAKE, "\nsections:", "\nsections: &s"), 2, "anchors (&name) are not allowed"),
    Case("yaml-deep-nesting", RAKE, append(RAKE, "deep: " + "[" * 200 + "]" * 200 + "\n"), 2, "nested more than"),
    Case("yaml-not-utf8", RAKE, write_bytes(RAKE, lambda b: b.replace(b"No rake is taken", b"No r\xe2ke is taken", 1)),
         2, "is not UTF-8"),
    Case("yaml-4401-digits", HOUSE, replace(HOUSE, "break_minutes: 30 minutes", "break_minutes: " + "9" * 4401), 2,
         "cannot read the value"),
    Case("yaml-huge-number", HOUSE, replace(HOUSE, "break_minutes: 30 minutes", "break_minutes: " + "1" + "0" * 29), 2,
         "larger than any card-room number"),
    Case("yaml-huge-file", RAKE, append(RAKE, "# " + "x" * 2_100_000 + "\n"), 2, "larger than"),
    Case("yaml-long-string", RAKE, replace(RAKE, "        title: No flop, no drop", "        title: " + "x" * 30_000), 2,
         "longer than"),
    Case("source-language-unknown", RAKE, replace(RAKE, "source_language: ro", "source_language: xx"), 2,
         "source_language 'xx' must be one of"),
    Case("yaml-syntax", RAKE, replace(RAKE, "\nsections:", "\nsections: [unclosed"), 2, "YAML syntax"),
    Case("yaml-empty-file", RAKE, lambda tree: (tree / RAKE).write_text("", encoding="utf-8"), 2, "the file is empty"),
    Case("yaml-python-tag", RAKE, replace(RAKE, "        title: No flop, no drop", "        title: !!python/object/apply:os.system [id]"),
         2, "must be text"),
    Case("yaml-date-value", RAKE, replace(RAKE, "        title: No flop, no drop", "        title: 2024-01-01"), 2, "dates, binary"),
    Case("yaml-nan", HOUSE, replace(HOUSE, "break_minutes: 30 minutes", "break_minutes: .nan"), 2, "not a number"),
    Case("yaml-duplicate-key", RAKE, replace(RAKE, "        title: No flop, no drop", "        title: No flop, no drop\n        title: again"),
         2, "duplicate key 'title'"),
    Case("yaml-unknown-key", RAKE, replace(RAKE, "        title: No flop, no drop", "        title: No flop, no drop\n        colour: red"),
         2, "unknown key 'colour'"),
    # -- rules: ids, braces, placeholders ----------------------------------------------------
    Case("id-with-newline", RAKE, replace(RAKE, "- id: no-flop-no-drop", '- id: "no-flop-no-drop\\n"'), 2,
         "must be lower-case words"),
    Case("id-too-long", RAKE, replace(RAKE, "- id: no-flop-no-drop", "- id: " + "a" * 120), 2, "at most 80"),
    Case("id-upper-case", RAKE, replace(RAKE, "- id: no-flop-no-drop", "- id: No-Flop"), 2, "must be lower-case"),
    Case("id-duplicate", RAKE, replace(RAKE, "- id: no-flop-no-drop", "- id: rake-rate"), 2, "duplicate id 'rake-rate'"),
    Case("part-named-search", "rules/search.yaml", lambda tree: _rename_part(tree, "search"), 2,
         "is the name of a page of the site"),
    Case("part-named-glossary", "rules/glossary.yaml", lambda tree: _rename_part(tree, "glossary"), 2,
         "is the name of a page of the site"),
    Case("part-named-status", "rules/status.yaml", lambda tree: _rename_part(tree, "status"), 2,
         "is the name of a page of the site"),
    Case("part-named-genindex", "rules/genindex.yaml", lambda tree: _rename_part(tree, "genindex"), 2,
         "is the name of a page of the site"),
    Case("lone-brace-in-title", RAKE, replace(RAKE, "        title: No flop, no drop", "        title: No flop { no drop"), 2,
         "bad braces"),
    Case("format-spec-in-source", RAKE, replace(RAKE, "{amount}", "{amount:x>999999999}"), 2, "must be a plain"),
    Case("attribute-in-source", RAKE, replace(RAKE, "{amount}", "{amount.__class__}"), 2, "must be a plain"),
    Case("conversion-in-source", RAKE, replace(RAKE, "{amount}", "{amount!r}"), 2, "must be a plain"),
    Case("placeholder-names-nothing", RAKE, replace(RAKE, "        title: No flop, no drop", "        title: No flop {nothing}"), 2,
         "names no value"),
    Case("part-incomplete", "rules/extra.yaml", lambda tree: (tree / "rules" / "extra.yaml").write_text("id: extra\n"),
         2, "is missing 'title'"),
    Case("part-published-by-no-house", "rules/extra.yaml", lambda tree: (tree / "rules" / "extra.yaml").write_text(
        "id: extra\ntitle: Extra\nsource: x\nsource_language: ro\nsections:\n  - id: extra-section\n    title: Extra\n    rules:\n"
        "      - id: extra-rule\n        title: Extra\n        text: Extra.\n        source: x\n"), 2, "published by no house"),
    Case("house-unknown-part", HOUSE, replace(HOUSE, "  - rake\n", "  - rake\n  - no-such-part\n"), 2,
         "has no file rules/no-such-part.yaml"),
    Case("house-unknown-key", HOUSE, replace(HOUSE, "name: Gentlemen's Poker Club", "nom: x"), 2, "unknown key 'nom'"),
    Case("house-bad-unit", HOUSE, replace(HOUSE, "unit: RON", "unit: dollars"), 2, "must be chips or the ISO 4217 code"),
    Case("house-value-missing-for-house", "rules/holdem-basics.yaml",
         replace("rules/holdem-basics.yaml", "    houses: [club]          # quotes the club's cash-game blinds\n", ""),
         1, "for house 'casino'"),
    Case("example-unknown-house", EXAMPLES, replace(EXAMPLES, "houses: [club]", "houses: [nowhere]"), 2,
         "example for house 'nowhere'"),
    Case("example-asks-house-without-houses", EXAMPLES, replace(EXAMPLES, "    houses: [club]\n", ""), 2,
         "names the houses whose numbers it uses"),
    # -- the house ----------------------------------------------------------------------------
    Case("house-unknown-language", HOUSE, replace(HOUSE, "official_language: ro", "official_language: xx"), 1,
         "is not a language code"),
    Case("house-bogus-announced", HOUSE, replace(HOUSE, "announced_in: [ro, en]", "announced_in: [ro, '<b>']"), 1,
         "is not a language code"),
    Case("house-rake-band-gap", HOUSE, replace(HOUSE, "      - {from: 550 RON, to: 569 RON, rake: 28 RON}\n", ""), 1, "[house]"),
    Case("house-negative-blind", HOUSE, replace(HOUSE, "small_blind: 1 RON\n", "small_blind: -1 RON\n"), 1, "[house]"),
    # -- proposals: what a house's documents do not say, and its adoption -------------------
    Case("house-adopt-unknown", HOUSE, replace(HOUSE, "adopt: []\n", "adopt: [no-such-rule]\n"), 2,
         "'adopt' names 'no-such-rule', but rule 'no-such-rule'"),
    Case("house-adopt-not-proposed", HOUSE, replace(HOUSE, "adopt: []\n", "adopt: [rake-rate]\n"), 2,
         "rule 'rake-rate' as this house publishes it has no such proposal"),
    Case("house-adopt-other-houses", HOUSE, replace(HOUSE, "adopt: []\n", "adopt: [tournament-chip-race.proposal1]\n"), 2,
         "rule 'tournament-chip-race' as this house publishes it has no such proposal"),
    Case("house-adopt-twice", HOUSE, replace(HOUSE, "adopt: []\n", "adopt: [holdem-bets-within-limits, "
                                                                "holdem-bets-within-limits]\n"), 2,
         "'adopt' lists 'holdem-bets-within-limits' twice"),
    Case("house-adopt-not-a-list", HOUSE, replace(HOUSE, "adopt: []\n", "adopt: holdem-bets-within-limits\n"),
         2, "'adopt' must be a list"),
    Case("house-unstated-policy", HOUSE, replace(HOUSE, "  betting:\n", "  betting:\n    incomplete_all_in: tda\n"), 2,
         "parameter betting.incomplete_all_in is stated by no rule the house publishes"),
    Case("rule-proposed-blank", RAKE, under_rake_rate_source('proposed: " "'), 2,
         "rule rake-rate: 'proposed' must say why"),
    Case("rule-proposed-not-text", RAKE, under_rake_rate_source('proposed: [a]'), 2,
         "rule rake-rate: 'proposed' must be text"),
    Case("rule-states-text", RAKE, under_rake_rate_source('states: betting.rake'), 2,
         "rule rake-rate: 'states' must be a mapping, not text"),
    Case("rule-states-unknown", RAKE, under_rake_rate_source('states: {betting.rake: high}'), 1,
         "[policy] rake-rate: states 'betting.rake', which is no house policy"),
    Case("rule-proposal-no-reason", RAKE, under_rake_rate_source('proposals: [{text: More.}]'),
         2, "rule rake-rate: a proposal is missing 'reason'"),
    Case("rule-proposal-unknown-key", RAKE, under_rake_rate_source('proposals: [{text: More., reason: Why., adopted: yes}]'),
         2, "rule rake-rate: unknown key 'adopted' in a proposal"),
    Case("rule-proposal-placeholder", RAKE, under_rake_rate_source('proposals: [{text: "Up to {nothing}.", reason: Why.}]'),
         2, "rule rake-rate: placeholder {nothing} names no value"),
    # -- the rake and money as a room states them, each mistake at its line ---------------------
    Case("house-two-rakes-in-a-row", HOUSE, replace(HOUSE, "rake: {percent: 5 %, cap: 20 RON, short_handed_cap: 10 RON, "
                                                            "split_pot_cap: 10 RON}", "rake: {percent: 5 %, drop: 1 RON}"),
         1, "give one, not percent and drop"),
    Case("house-rake-rounded-sideways", HOUSE, replace(HOUSE, "split_pot_cap: 10 RON}", "split_pot_cap: 10 RON, "
                                                       "rounding: {mode: sideways}}"), 1,
         "mode must be one of down, nearest, up, not 'sideways'"),
    Case("house-jackpot-after-the-turn", HOUSE, replace(HOUSE, "split_pot_cap: 10 RON}", "split_pot_cap: 10 RON, "
                                                        "jackpot: {amount: 1 RON, after: turn}}"), 1,
         "after must be one of flop, big-blind-called, not 'turn'"),
    Case("house-finer-than-a-ban", HOUSE, replace(HOUSE, "deal_twice_min_pot: 400 RON", "deal_twice_min_pot: 400.005 RON"),
         1, "rake.deal_twice_min_pot: 400.005 RON is finer than RON's smallest coin"),
    Case("house-territory-not-a-country", HOUSE, replace(HOUSE, "base_url: null", "base_url: null\nterritory: USA"), 2,
         "territory 'USA' must be the two capital letters of a country"),
    Case("house-money-territory", HOUSE, replace(HOUSE, "  style: name\n", "  style: name\n  territory: US\n"), 2,
         "money: territory is the house's, not its money's"),
    Case("call-value-named-raise", EXAMPLES, lambda tree: (
        edit(tree / EXAMPLES, "      pot: 504 money\n      dead: 4 money", "      raise: 504 money\n      dead: 4 money"),
        edit(tree / EXAMPLES, "house.split_pot_rake(pot, dead_money=dead, stakes=stakes)",
             "house.split_pot_rake(raise, dead_money=dead, stakes=stakes)")), 2,
         "'raise' is a word the call's grammar keeps for itself"),
    # -- worked examples: code is refused before anything runs -------------------------------
    Case("call-issue-payload", EXAMPLES, example_call(
        "[players, betting.__builtins__['__import__']('os').system('touch " + PAYLOAD_FILE + "')][0]"), 2,
        "the call must be an engine function"),
    Case("call-dunder", EXAMPLES, example_call("betting.__builtins__"), 2, "names starting with '_'"),
    Case("call-dunder-function", EXAMPLES, example_call("betting.__dict__(1)"), 2, "names starting with '_'"),
    Case("call-class-walk", EXAMPLES, example_call("house.rake.__class__.__init__.__globals__(1)"), 2,
         "the callee must be"),
    Case("call-class-walk-result", EXAMPLES, example_call("house.split_pot_rake(pot, dead_money=dead, stakes=stakes)"
                                                          ".__class__.__base__"), 2, "names starting with '_'"),
    Case("call-getattr", EXAMPLES, example_call("getattr(house, 'load')('/etc/passwd')"), 2, "the callee must be"),
    Case("call-builtin", EXAMPLES, example_call(RUN_CODE), 2, "the callee must be"),
    Case("call-house-load", EXAMPLES, example_call("house.load('/etc/passwd')"), 2, "is not a question a house answers"),
    Case("call-house-from-mapping", EXAMPLES, example_call("house.from_mapping({})"), 2,
         "is not a question a house answers"),
    Case("call-unknown-module", EXAMPLES, example_call("os.system('id')"), 2, "is not an engine module"),
    Case("call-not-in-all", EXAMPLES, example_call("betting.importlib('os')"), 2, "is not a public function"),
    Case("call-constant-not-function", EXAMPLES, example_call("procedure.STRUCTURES()"), 2,
         "is not a public function"),
    Case("call-lambda", EXAMPLES, example_call("house.rake(lambda: 1, stakes=stakes, players=players)"), 2,
         "a lambda"),
    Case("call-comprehension", EXAMPLES, example_call("house.rake([x for x in [1]], stakes=stakes, players=players)"),
         2, "a comprehension"),
    Case("call-nested", EXAMPLES, example_call("house.rake([betting.min_raise_to([1], big_blind=1)], stakes=stakes, "
                                               "players=players)"), 2, "may only ask the house"),
    Case("call-subscript", EXAMPLES, example_call("house.rake([pot][0], stakes=stakes, players=players)"), 2,
         "a subscript"),
    Case("call-arithmetic", EXAMPLES, example_call("house.rake([pot + 1], stakes=stakes, players=players)"), 2,
         "arithmetic"),
    Case("call-fstring", EXAMPLES, example_call("house.rake([f'{pot}'], stakes=stakes, players=players)"), 2,
         "an f-string"),
    Case("call-double-star", EXAMPLES, example_call("house.rake([pot], **{'stakes': stakes})"), 2, "** arguments"),
    Case("call-unknown-name", EXAMPLES, example_call("house.rake([pot], stakes=secret, players=players)"), 2,
         "is not a given value"),
    Case("call-private-field", EXAMPLES, example_call("house.rake([pot], stakes=stakes, players=players)._x"), 2,
         "names starting with '_'"),
    Case("call-walrus-syntax", EXAMPLES, example_call("(x := 1)"), 2, "the call must be"),
    Case("example-wrong-result", EXAMPLES, replace(EXAMPLES, "rake: 4 money", "rake: 5 money"), 1, "[example]"),
    Case("example-no-expect", EXAMPLES, replace(EXAMPLES, "        expect: rake\n", ""), 1, "has no expected result"),
    Case("example-unknown-rule", EXAMPLES, replace(EXAMPLES, "rule: rake-split-pot", "rule: no-such-rule"), 2,
         "which does not exist"),
    Case("example-lone-brace", EXAMPLES, replace(EXAMPLES, "text: >-", "text: >-\n      a { b"), 2, "bad braces"),
    # -- catalogs: what cannot be read --------------------------------------------------------
    Case("po-unquoted-msgstr", RO, write_bytes(RO, lambda b: b.replace(b'msgstr "Limba"', b"msgstr Limba", 1)), 2,
         "not valid gettext"),
    Case("po-duplicate-entry", RO, lambda tree: _duplicate_entry(tree / RO), 2, "not valid gettext"),
    Case("po-charset", RO, write_bytes(RO, lambda b: b.replace(b"charset=utf-8", b"charset=iso-8859-1", 1)), 2,
         "charset must be UTF-8"),
    Case("po-bogus-charset", RO, write_bytes(RO, lambda b: b.replace(b"charset=utf-8", b"charset=klingon", 1)), 2,
         "unknown encoding"),
    Case("po-bom", RO, write_bytes(RO, lambda b: b"\xef\xbb\xbf" + b), 2, "byte-order mark"),
    Case("po-not-utf8", RO, write_bytes(RO, lambda b: b.replace('Limba'.encode(), b"Limb\xe2", 1)), 2, "is not UTF-8"),
    Case("po-stray-line", RO, write_bytes(RO, lambda b: b.replace(b'msgstr "Limba"', b'msgstr "Limba"\nstray words', 1)),
         2, "not valid gettext"),
    Case("po-nplurals", RO, write_bytes(RO, lambda b: re.sub(rb"nplurals=3; plural=[^\\]*", b"nplurals=2; plural=(n != 1);",
                                                              b, count=1)), 2, "nplurals = 2"),
    Case("po-plural-rule-differs", RO, write_bytes(RO, lambda b: re.sub(rb"plural=\(n==1[^\\]*", b"plural=(n==1 ? 0 : n==2 ? 1 : 2);",
                                                                         b, count=1)), 2, "Plural-Forms must follow"),
    Case("po-plural-n", HR, write_bytes(HR, lambda b: re.sub(rb"plural=\(n%10==1[^\\]*(\\n\"\n\"[^\\]*)?", b"plural=n;",
                                                             b, count=1)), 2, "nplurals = 3"),
    # -- catalogs: what is inconsistent --------------------------------------------------------
    Case("po-missing-catalog", FR, lambda tree: po_path(tree, "fr").unlink(), 1, "[missing]"),
    Case("po-fuzzy", FR, lambda tree: _fuzzy(tree, "fr", "rake-rate.text"), 1, "[fuzzy]"),
    Case("po-plural-digit", RO, set_msgstr("ro", None, ("{count} jucător", "{count} jucători", "{count}0 de jucători"),
                                           "{count} player"), 1, "[digits]"),
    Case("po-format-spec", ES, set_msgstr("es", "no-flop-no-drop.title", "Sin flop {amount:x>999999999}"), 1,
         "[placeholders]"),
    Case("po-attribute-placeholder", ES, set_msgstr("es", "rake-rate.title", "El rake es {percent.__class__}"), 1,
         "[placeholders]"),
    Case("po-attribute-breaker", HR, set_msgstr("hr", None, 'Jezik" onfocus="alert(this)" autofocus x="', "Language"), 1,
         "interface text may not contain"),
    Case("po-unclosed-tag-title", RO, set_msgstr("ro", "house.club.title", "Regulile casei <img src=x onerror=alert(this) x=", "House rules"),
         1, "[markup]"),
    Case("po-markup-in-plural", FR, set_msgstr("fr", None, ("{count} joueur <b>", "{count} joueurs"), "{count} player"), 1,
         "[markup]"),
    Case("po-rst-in-rule", ES, set_msgstr("es", "no-flop-no-drop.text", "Sin rake antes del flop. .. raw:: html"), 1,
         "[markup]"),
    Case("po-orphan-entry", FR, append(FR, '\nmsgctxt "gone-rule.text"\nmsgid "Gone"\nmsgstr "Parti"\n'), 1, "[obsolete]"),
    Case("po-lost-placeholder", ES, set_msgstr("es", "chinese-poker-rake.text", "El póker chino paga rake por tiempo."),
         1, "[placeholders]"),
    # -- glossary ------------------------------------------------------------------------------
    Case("glossary-duplicate-term", GLOSSARY, replace(GLOSSARY, "  - id: cap\n", "  - id: rake\n"), 2, "duplicate term id"),
    Case("glossary-number-as-key", GLOSSARY, replace(GLOSSARY, "    note: The house's share of a pot.\n",
                                                     "    note: The house's share of a pot.\n    1: one\n"),
         2, "unknown key(s) 1 in a term"),
    Case("glossary-missing-form", RO_GLOSSARY, lambda tree: _drop_line(tree / RO_GLOSSARY, "  cap:"), 2, "has no ro forms"),
    Case("glossary-stem", FR_GLOSSARY, lambda tree: _first_form(tree / FR_GLOSSARY, "pot", "pot*"), 2, "whole word"),
    Case("glossary-unknown-rule", GLOSSARY, replace(GLOSSARY, "rules: [rake-cap-definition]", "rules: [rake-cap]"), 2,
         "rule 'rake-cap' is not in the rule library"),
    Case("glossary-rules-not-ids", GLOSSARY, replace(GLOSSARY, "rules: [rake-cap-definition]", "rules: 'x y'"), 2,
         "'rules' must be a list of rule ids"),
    Case("glossary-unknown-term", FR_GLOSSARY, replace(FR_GLOSSARY, "terms:\n", "terms:\n  no-such-term: [rien]\n"), 2, "is not a term of"),
    Case("glossary-wrong-term", ES, set_msgstr("es", "no-flop-no-drop.text",
                                               "No se cobra comisión en una mano que termina antes del flop."),
         1, "'rake' must be translated as"),
    Case("glossary-avoided-word", FR, set_msgstr("fr", "rake.title", "Le râteau"), 1, "is not how 'rake' is said"),
    Case("english-left", ES, set_msgstr("es", "no-flop-no-drop.text", "No rake is taken antes del flop."), 1, "[english]"),
    Case("doubled-word", RO, set_msgstr("ro", "rake-rate.title", "Rake-ul este este {percent} din pot"), 1, "[doubled]"),
    Case("french-typography", FR, set_msgstr("fr", "rake-rate.title", "Le rake : {percent} du pot"), 1, "[typography]"),
]


def _rename_part(tree: Path, new_id: str) -> None:
    (tree / "rules" / "rake.yaml").rename(tree / "rules" / f"{new_id}.yaml")
    edit(tree / "rules" / f"{new_id}.yaml", "id: rake\n", f"id: {new_id}\n")
    edit(tree / HOUSE, "  - rake\n", f"  - {new_id}\n")


def _duplicate_entry(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    block = re.search(r'\n(msgctxt "rake-rate.title"\nmsgid "[^"]*"\nmsgstr "[^"]*"\n)', text).group(1)
    path.write_text(text + "\n" + block, encoding="utf-8")


def _fuzzy(tree: Path, lang: str, context: str) -> None:
    path = po_path(tree, lang)
    catalog = read_catalog(path, lang)
    next(m for m in catalog if m.context == context).flags.add("fuzzy")
    write_catalog(path, catalog)


def _drop_line(path: Path, start: str) -> None:
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(line for line in lines if not line.startswith(start)), encoding="utf-8")


def _first_form(path: Path, term: str, form: str) -> None:
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(rf"^  {term}: \[[^,\]]*", f"  {term}: [{form}", text, count=1, flags=re.M), encoding="utf-8")


def test_there_are_at_least_sixty_cases():
    assert len(CASES) >= 60 and len({case.id for case in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_hostile_input_is_refused_with_one_clear_line(case: Case, tree: Path, capsys):
    """One command per case, the publishing one: its gate (the same load and checks as ``rulebook
    check``) names the fault in one line, exits 2 or 1, and publishes nothing."""
    Path(PAYLOAD_FILE).unlink(missing_ok=True)
    case.break_it(tree)

    build = tree / "_build"
    code = main(["--root", str(tree), "site", "--builder", "html", "--build-dir", str(build)])
    out, err = capsys.readouterr()
    text = out + err
    assert code == case.exit, text[-2000:]
    assert "Traceback" not in text
    where = re.escape(case.file)
    lines = [line for line in text.splitlines() if re.match(rf"^{where}:\d+: ", line) and case.says in line]
    assert lines, f"no line '{case.file}:<line>: …{case.says}…' in:\n{text[-3000:]}"
    assert not (build / "site").exists() and not (build / "work").exists()
    assert not Path(PAYLOAD_FILE).exists(), "code from the data ran"
