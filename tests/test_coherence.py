"""One house, one truth: each way a house's rulebook can contradict itself fails the gate.

Each case puts back, in a copy of the tree, what the rulebook said before these checks (two
statements of who shows first, two definitions of the ante, lei in the casino's examples, a note
written against an older rule, a removed statement said again, a repeated phrase, a mixed
apostrophe) and expects one line naming the file, the rule and the house.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.gate.coherence import note_digest, removed_statements
from rulebook.gate.textchecks import apostrophe_problem, doubled_problem, repeated
from tests.conftest import edit, line_of, run_rulebook
from tests.test_gate import set_msgstr

GUIDE_SHOWDOWN = """      - id: holdem-showdown-first-to-show
        title: The last player to bet or raise shows first
        source: Showdown
        states: {showdown.first_to_show: last_aggressor}
        excerpt: >-
          cel care a facut ultimul raise sau ultimul bet (daca nu a existat nici o
          plusare) trebuie sa-și arate cartile.
        text: >-
          The player who made the last raise, or the last bet if nobody raised,
          must show their cards first.
"""


def gate(tree: Path):
    return run_rulebook(tree, "check")


def test_two_statements_of_one_policy_in_a_house(tree):
    """The guide's "last raiser shows first" published beside the casino's rule 16 (today's tree)."""
    rules = tree / "rules" / "holdem-basics.yaml"
    edit(rules, """      - id: holdem-showdown-first-to-show   # each house states who shows first once, in its own rules
        title: Who shows first
        see: showdown-order
""", GUIDE_SHOWDOWN)
    line = line_of(rules, "- id: holdem-showdown-first-to-show")
    result = gate(tree)
    assert result.returncode == 1
    assert (f"rules/holdem-basics.yaml:{line}: [policy] holdem-showdown-first-to-show: house casino "
            "(houses/casino/house.yaml) rules showdown.first_to_show = first_bettor, stated by rule showdown-order; "
            "this rule, which it publishes, states last_aggressor") in result.stdout
    # and the club, whose value it is, now states the policy twice
    assert ("[policy] holdem-showdown-first-to-show: house club states showdown.first_to_show twice, by rules "
            "showdown-order and holdem-showdown-first-to-show") in result.stdout


def test_a_term_defined_twice_in_a_house(tree):
    """The guide's ante (every player) and the terminology's (the big blind) in one casino rulebook."""
    edit(tree / "houses" / "casino" / "house.yaml", "  holdem-ante: big-blind", "  holdem-ante: every-player")
    result = gate(tree)
    assert result.returncode == 1
    glossary = tree / "locales" / "glossary.yaml"
    line = line_of(glossary, "rules: [holdem-ante, tournament-official-terms]")
    assert (f"locales/glossary.yaml:{line}: [term] ante: house casino defines 'ante' twice, by rules holdem-ante "
            "and tournament-official-terms") in result.stdout
    assert "[policy] holdem-ante: house casino states holdem-ante twice" in result.stdout


def test_another_houses_money_in_an_example(tree):
    """Without its amounts in chips, the guide's example would show the casino an amount of money."""
    examples = tree / "executable_examples" / "holdem.yaml"
    edit(examples, """    in_chips:                       # at a house that plays in tournament chips: the same story, ×100
      given: {big_blind: 200}
      results: {call_amount: 200, min_raise: 400}
""", "")
    line = line_of(examples, "- id: holdem-preflop-big-blind-of-two")
    result = gate(tree)
    assert result.returncode == 1
    assert (f"executable_examples/holdem.yaml:{line}: [currency] holdem-preflop-first-to-act: example "
            "holdem-preflop-big-blind-of-two: big_blind is 2 money, but house casino (houses/casino/house.yaml) counts "
            "in chips") in result.stdout


def test_another_houses_money_in_a_rule_text(tree):
    rules = tree / "rules" / "tournament-dealing.yaml"
    edit(rules, "          player can win more than one chip in the race.\n",
         "          player can win more than one chip in the race, whatever it is worth in lei.\n")
    result = gate(tree)
    assert result.returncode == 1
    assert "[currency] tournament-chip-race: tournament-chip-race.text: says 'lei', but house casino" in result.stdout


def test_a_note_goes_stale_when_its_rule_changes(tree):
    rules = tree / "rules" / "holdem-basics.yaml"
    edit(rules, "The action then goes on around the table clockwise, from each player to",
         "The action then goes on around the table clockwise, always from each player to")
    result = gate(tree)
    assert result.returncode == 1
    line = line_of(rules, "reviewed: {holdem-action-clockwise:")
    assert (f"rules/holdem-basics.yaml:{line}: [note] note-holdem-clockwise: rule holdem-action-clockwise changed "
            "since the note was reviewed") in result.stdout
    # an editor reads it again and confirms it: the note is no longer stale
    assert run_rulebook(tree, "notes", "confirm", "note-holdem-clockwise").returncode == 0
    assert "note-holdem-clockwise" not in gate(tree).stdout


def test_confirming_notes_writes_their_digests(tree):
    """The digest recorded is the rule's digest now, written once (a second confirm changes nothing)."""
    from rulebook.project import Project

    rules = tree / "rules" / "holdem-basics.yaml"
    text = rules.read_text(encoding="utf-8")
    start = text.index('reviewed: {holdem-action-clockwise: "') + len('reviewed: {holdem-action-clockwise: "')
    rules.write_text(text[:start] + "000000000000" + text[start + 12:], encoding="utf-8")
    assert "note-holdem-clockwise" in gate(tree).stdout
    run_rulebook(tree, "notes", "confirm", "--all")
    once = rules.read_text(encoding="utf-8")
    library = Project.load(tree).library
    note = next(note for note in library.notes if note.id == "note-holdem-clockwise")
    digest = note_digest(library, note, "holdem-action-clockwise")
    assert f'holdem-action-clockwise: "{digest}"' in once
    run_rulebook(tree, "notes", "confirm", "--all")
    assert rules.read_text(encoding="utf-8") == once
    assert run_rulebook(tree, "notes", "confirm", "no-such-note").returncode == 2


def test_a_removed_statement_said_again(tree):
    """A statement rules/ADDITIONS.md records as removed may not come back."""
    removed = [(line, house, rule, phrase) for line, house, rule, phrase in removed_statements(tree, ["club", "casino"])
               if rule == "cash-table-seat-draw"]
    assert removed, "ADDITIONS.md records the removed seat-draw statement"
    line, _, _, phrase = removed[0]
    edit(tree / "rules" / "cash-table.yaml", "      - id: cash-table-seat-draw\n",
         "      - id: cash-table-seat-draw\n", 1)
    rules = tree / "rules" / "cash-table.yaml"
    text = rules.read_text(encoding="utf-8")
    start = text.index("      - id: cash-table-seat-draw\n")
    at = text.index("        text: >-\n", start) + len("        text: >-\n")
    rules.write_text(text[:at] + f"          {phrase[0].upper() + phrase[1:]}.\n" + text[at:], encoding="utf-8")
    result = gate(tree)
    assert result.returncode == 1
    assert f"rules/ADDITIONS.md:{line}: [removed] cash-table-seat-draw: {phrase!r} is recorded as removed, but house " \
           "club still says it (rule cash-table-seat-draw)" in result.stdout


def test_repeated_runs_of_words():
    assert repeated("un nouveau jeu de cartes de cartes de cartes") == {"cartes de", "de cartes"}
    assert repeated("the the pot") == {"the"}
    assert repeated("de cartes, de cartes") == set()         # punctuation breaks the run
    assert doubled_problem("a new deck", "un nouveau jeu de cartes de cartes") == "repeated word(s): de cartes"
    assert doubled_problem("pot by pot by the players", "pot par pot par les joueurs") is None


def test_a_repeated_phrase_fails_the_gate(tree):
    line = set_msgstr(tree, "fr", "cash-table-damaged-card.title",
                      "Une carte abîmée ou marquée entraîne un nouveau jeu de cartes de cartes")
    result = gate(tree)
    assert result.returncode == 1
    assert (f"locales/fr/LC_MESSAGES/rulebook.po:{line}: [doubled] cash-table-damaged-card (fr): "
            "cash-table-damaged-card.title: repeated word(s): de cartes") in result.stdout


def test_mixed_apostrophes():
    assert apostrophe_problem("\u2019", "l\u2019ante et le tour d'enchères") == \
        "apostrophe ' where this language writes \u2019"
    assert apostrophe_problem("'", "Hold'em") is None
    assert apostrophe_problem("\u2019", "« ante »") is None


def test_a_mixed_apostrophe_fails_the_gate(tree):
    line = set_msgstr(tree, "fr", "holdem-dealer-button.title", "Le bouton désigne le donneur d'une main")
    result = gate(tree)
    assert result.returncode == 1
    assert (f"locales/fr/LC_MESSAGES/rulebook.po:{line}: [apostrophe] holdem-dealer-button (fr): "
            "holdem-dealer-button.title: apostrophe ' where this language writes \u2019") in result.stdout


def test_an_example_cannot_choose_another_policy(tree):
    examples = tree / "executable_examples" / "tournament.yaml"
    edit(examples, "showdown.first_to_show(river, rule=house.first_to_show)",
         'showdown.first_to_show(river, rule="last_aggressor")')
    result = gate(tree)
    assert result.returncode == 2
    assert ("example tournament-first-bettor-shows-first: showdown.first_to_show rules by the house's policy: "
            "pass rule=house.first_to_show") in result.stderr


def test_a_reference_leads_to_a_rule_the_house_publishes(tree):
    edit(tree / "rules" / "holdem-basics.yaml", "        see: showdown-order", "        see: rake-rate")
    result = gate(tree)
    assert result.returncode == 2
    line = line_of(tree / "houses" / "casino" / "house.yaml", "  - holdem-basics")   # where the house publishes the part
    assert (f"houses/casino/house.yaml:{line}: house casino: part 'holdem-basics': rule 'holdem-showdown-first-to-show' "
            "(rules/holdem-basics.yaml:" in result.stderr
            and "refers to rule 'rake-rate', which the house does not publish" in result.stderr), result.stderr


def test_each_policy_stated_once_per_house(project):
    """The gate's own view on the tree as committed: one statement per policy, with the house's value."""
    for view in project.houses.values():
        book = view.book
        policies = [rule.states[0] for rule in book.statements if rule.states]
        assert len(policies) == len(set(policies)), book.id
        assert all(book.policy(rule.states[0]) == rule.states[1] for rule in book.statements if rule.states)
    casino = project.houses["casino"].book
    assert next(rule for rule in casino.rules if rule.id == "holdem-showdown-first-to-show").see == "showdown-order"


def test_each_house_glossary_lists_only_its_own_terms(project):
    from rulebook.publish.site.render import PageRenderer

    casino = {term.id for term in PageRenderer(project, "casino", "en").terms}
    club = {term.id for term in PageRenderer(project, "club", "en").terms}
    cash_only = {"rake", "straddle", "missed-blind", "chop", "buy-in", "running-it-twice", "dead-money"}
    assert not casino & cash_only
    assert "chip-race" in casino and "chip-race" not in club
    assert {"rake", "straddle", "buy-in"} <= club


def test_a_quotation_the_english_quotes_may_stay_as_written():
    """A note quotes a document's own words ("STRADLLE"): a translation keeps the quotation, and
    the English-word check still catches an English word outside it."""
    from rulebook.gate.textchecks import english_problem

    msgid = 'The document writes "STRADLLE" and "Si call".'
    assert english_problem(frozenset(), msgid, "Le texte écrit « STRADLLE » et « Si call ».") is None
    assert english_problem(frozenset(), msgid, "Le texte écrit STRADLLE.") is not None


def test_an_example_may_not_share_an_id_with_a_rule(tree):
    """Its strings would share a translation context with the rule's, and a merge would swap them."""
    edit(tree / "executable_examples" / "cash-buy-in.yaml", "  - id: buy-in-table-change-minimum-example\n",
         "  - id: buy-in-table-change-minimum\n")
    result = gate(tree)
    assert result.returncode == 2
    assert "example buy-in-table-change-minimum: example id is already the id of a rule" in result.stderr


def test_a_shared_rule_binds_to_the_house_it_states_a_policy_for(tree):
    """Rule 39 of the casino states that an all-in short of a raise reopens the betting at half a raise:
    a house that publishes it without saying so itself would borrow the engine's default (no house's
    rule). The gate names the rule, the policy and the choices."""
    edit(tree / "houses" / "casino" / "house.yaml", "    incomplete_all_in: half\n", "")
    result = gate(tree)
    assert result.returncode == 1
    assert ("[policy] tournament-short-all-in: states betting.incomplete_all_in = half, which house casino "
            "(houses/casino/house.yaml) does not state: write `betting: {incomplete_all_in: …}` in its house file "
            "if its documents say so, choose another variant of the rule, or leave the rule out") in result.stdout, \
        result.stdout[-2000:]


def test_a_note_on_a_rule_the_rooms_state_differently_cites_both_rooms(tree):
    """The odd-chip note decides between the club's and the casino's rule (two variants of one rule): it
    quotes both documents. With the club's passage taken out of its sources, the gate names the note,
    its file and line, and the room it no longer cites; a note kept to one room (``houses:``) need not."""
    rules = tree / "rules" / "tournament-showdown.yaml"
    text = rules.read_text(encoding="utf-8")
    start = text.index("  - id: note-tournament-odd-chip\n")
    club = text.index('      - "000_04a66977b465c41b.txt', start)
    rules.write_text(text[:club] + text[text.index("\n", club) + 1:], encoding="utf-8")
    result = gate(tree)
    line = line_of(rules, "  - id: note-tournament-odd-chip", whole=False)
    assert result.returncode == 1
    assert (f"rules/tournament-showdown.yaml:{line}: [note] note-tournament-odd-chip: the houses state odd-chip "
            "differently, but the note cites none of club's documents") in result.stdout, result.stdout[-2000:]
    edit(rules, "    rules: [odd-chip]\n    reviewed: {odd-chip", "    houses: [casino]\n    rules: [odd-chip]\n    reviewed: {odd-chip")
    assert "note-tournament-odd-chip" not in gate(tree).stdout


def test_a_term_a_rules_item_defines_again(tree):
    """The casino's string bet as it was: the glossary named rule 45 (tournament-string-bets) as its
    definition while the terminology's item said what the bet stands as. The item is a second definition."""
    glossary = tree / "locales" / "glossary.yaml"
    edit(glossary, "rules: [cash-betting-string-bet, tournament-official-terms]",
         "rules: [cash-betting-string-bet, tournament-string-bets]")
    rules = tree / "rules" / "tournament-floor-and-players.yaml"
    line = line_of(rules, '- "String bet: putting chips in the pot improperly.')
    result = gate(tree)
    assert result.returncode == 1
    assert (f"rules/tournament-floor-and-players.yaml:{line}: [term] string-bet: house casino defines 'string bet' "
            "twice: rule tournament-official-terms's item says 'The bet then stands only as the smallest bet "
            "possible at that moment', and rule tournament-string-bets defines it") in result.stdout, result.stdout[-2000:]


def test_a_glossary_note_that_rules_on_a_term_a_house_defines(tree):
    """The string bet's note as it was ("of which only the first counts", the club's rule) beside each
    house's own rule: a second definition in both houses, named at the note's line."""
    glossary = tree / "locales" / "glossary.yaml"
    edit(glossary, "note: \"A bet or raise made in several motions, or with the chips put out improperly: the house's "
         "rules say what it counts as.\"", "note: A bet or raise made in several motions, of which only the first counts.")
    line = line_of(glossary, "note: A bet or raise made in several motions, of which only the first counts.")
    result = gate(tree)
    assert result.returncode == 1
    for house, rule in (("club", "cash-betting-string-bet"), ("casino", "tournament-official-terms")):
        assert (f"locales/glossary.yaml:{line}: [term] string-bet: house {house} defines 'string bet' twice: the "
                "glossary's note (glossary.string-bet) says 'A bet or raise made in several motions, of which only "
                f"the first counts', and rule {rule} defines it") in result.stdout, result.stdout[-2000:]


def test_what_counts_as_a_ruling_definition():
    from rulebook.gate.coherence import rules_on

    assert rules_on("paying the bet of a player who acted before.") is None          # a plain gloss
    assert rules_on("A token that stands for money at the table.") is None
    assert rules_on("A bet or raise made in several motions, or with the chips put out improperly: the house's "
                    "rules say what it counts as.") is None                          # defers to the house's rules
    assert rules_on("A bet or raise made in several motions, of which only the first counts.") is not None
    assert rules_on("putting chips in the pot improperly. The bet then stands only as the smallest bet possible "
                    "at that moment.") == "The bet then stands only as the smallest bet possible at that moment"


def test_each_term_defined_in_one_place_per_house(project):
    """Today's rulebooks: no house defines a term twice (the casino's terminology glosses call, raise,
    fold… beside the guide's rules, without saying what they count as)."""
    from rulebook.gate.coherence import term_problems

    assert term_problems(project) == []


def test_an_example_that_states_a_consequence_no_check_computes(tree):
    """The seat-change example as it was: it ended "so he pays nothing" while its checks computed only
    who must post (the house's document says nothing of what he pays)."""
    examples = tree / "executable_examples" / "cash-seats-and-blinds.yaml"
    edit(examples, "        says: this rule does not make him pay them\n", "")
    edit(examples, "him sooner, so this rule does not make him pay them.", "him sooner, so he pays nothing.")
    line = line_of(examples, "- id: seat-change-away-from-blinds-example")
    text = line_of(examples, "text: >-", whole=True)   # the example's text, the first in the file
    assert text > line
    result = gate(tree)
    assert result.returncode == 1
    assert (f"executable_examples/cash-seats-and-blinds.yaml:{text}: [consequence] seat-change-away-from-blinds: "
            "example seat-change-away-from-blinds-example: 'so he pays nothing' states a consequence no check "
            "computes") in result.stdout, result.stdout[-2000:]


def test_what_a_check_says_is_in_the_text_and_a_yes_or_no(tree):
    """Declared words must be the text's own, and only for a yes/no or enum result: an amount is said
    by its placeholder."""
    examples = tree / "executable_examples" / "cash-seats-and-blinds.yaml"
    edit(examples, "        says: he pays both blinds ", "        says: he pays the big blind ")
    declared = line_of(examples, "says: he pays the big blind")
    holdem = tree / "executable_examples" / "holdem.yaml"
    text = holdem.read_text(encoding="utf-8")
    start = text.index("  - id: holdem-preflop-big-blind-of-two\n")
    at = text.index("        expect: min_raise\n", start) + len("        expect: min_raise\n")
    holdem.write_text(text[:at] + "        says: raise to at least\n" + text[at:], encoding="utf-8")
    amount = line_of(holdem, "says: raise to at least")
    result = gate(tree)
    assert result.returncode == 1
    assert (f"executable_examples/cash-seats-and-blinds.yaml:{declared - 2}: [consequence] seat-change-away-from-blinds: "
            "example seat-change-away-from-blinds-example: 'says: he pays the big blind' is not in the text") \
        in result.stdout, result.stdout[-2000:]
    assert (f"executable_examples/holdem.yaml:{amount - 2}: [consequence] holdem-preflop-first-to-act: example "
            "holdem-preflop-big-blind-of-two: 'says: raise to at least' on a check whose result is an amount") \
        in result.stdout, result.stdout[-2000:]
    # the 'so' clause the changed words no longer cover is reported too
    assert "'so he pays both blinds' states a consequence no check computes" in result.stdout


def test_consequence_clauses():
    from rulebook.gate.coherence import consequences

    assert list(consequences("Seat {first} bet first, so seat {first} shows first, then seat {second}. Done.")) == \
        ["so seat {first} shows first, then seat {second}"]
    assert list(consequences("It is a call; therefore he may not raise; he folds.")) == ["therefore he may not raise"]
    assert list(consequences("The blinds are {a} and {b}.")) == []


def test_every_example_consequence_is_computed(project):
    """Today's 110 examples: each consequence they state is a check's argument, result or declared words."""
    from rulebook.gate.coherence import consequence_problems

    assert consequence_problems(project) == []


# -- each branch of the coherence checks, guarded: each test names the mutation of the gate it kills --

def test_a_note_goes_stale_when_only_its_rules_values_change(tree: Path) -> None:
    """``exposed: 2`` made ``3`` under misdeal (its text, "{exposed} cards are exposed", unchanged)
    makes the notes about misdeal stale (confirmed first, so the digest recorded is the code's own).
    Kills: a note's digest (``note_digest``) ignoring the rule's values."""
    rules = tree / "rules" / "cash-table.yaml"
    assert run_rulebook(tree, "notes", "confirm", "note-cash-table-misdeal-first-cards").returncode == 0
    assert "note-cash-table-misdeal-first-cards" not in gate(tree).stdout
    edit(rules, "              exposed: 2\n", "              exposed: 3\n")
    result = gate(tree)
    assert result.returncode == 1, result.stdout + result.stderr
    line = line_of(rules, 'reviewed: {misdeal: "')
    assert (f"rules/cash-table.yaml:{line}: [note] note-cash-table-misdeal-first-cards: rule misdeal changed since "
            "the note was reviewed") in result.stdout


@pytest.mark.parametrize("house, term, rules, second", [
    ("club", "rake", "rules: [rake-rate]", "rake-cap-definition"),              # rules only the club publishes
    ("casino", "bet", "rules: [holdem-check-or-bet]", "tournament-chip-race"),  # the second only the casino's
])
def test_a_term_defined_twice_in_either_house(tree: Path, house: str, term: str, rules: str, second: str) -> None:
    """A term given a second defining rule that only one house publishes: that house, whichever it is,
    is refused, and only it. Kills: the once-defined-term check (``term_problems``) skipping one house."""
    glossary = tree / "locales" / "glossary.yaml"
    line = line_of(glossary, rules)
    edit(glossary, rules, rules.replace("]", f", {second}]"))
    result = gate(tree)
    assert result.returncode == 1, result.stdout + result.stderr
    first = rules.removeprefix("rules: [").removesuffix("]")
    assert (f"locales/glossary.yaml:{line}: [term] {term}: house {house} defines {term!r} twice, by rules {first} "
            f"and {second}") in result.stdout
    assert len([said for said in result.stdout.splitlines() if f"[term] {term}: house" in said]) == 1, result.stdout


def test_a_removed_statement_said_again_in_a_worked_example(tree: Path) -> None:
    """A phrase rules/ADDITIONS.md records as removed, put back into the text of an example the club
    shows, is refused, naming the example. Kills: ``removed_problems`` looking in rule texts only."""
    [(line, _, rule, phrase)] = [row for row in removed_statements(tree, ["club", "casino"]) if row[3] == "repeats every bet aloud"]
    edit(tree / "executable_examples" / "rake.yaml", "came from other players): the rake is {rake}.",
         "came from other players): the rake is {rake}, and the dealer repeats every bet aloud.")
    result = gate(tree)
    assert result.returncode == 1, result.stdout + result.stderr
    assert (f"rules/ADDITIONS.md:{line}: [removed] {rule}: {phrase!r} is recorded as removed, but house club still "
            "says it (example split-pot-little-dead-money)") in result.stdout
