"""The drift gate: each kind of inconsistency, seeded into a copy of the tree, fails it.

Every mutation must make `rulebook check` exit 1 with a line naming the file
and the rule (or example) at fault; the untouched tree passes.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rulebook.i18n.catalogs import po_path, read_catalog, write_catalog
from tests.conftest import ROOT, Run, edit, line_of, run_rulebook


def gate(tree: Path, *extra: str) -> Run:
    return run_rulebook(tree, "check", *extra)


def set_msgstr(tree: Path, lang: str, context: str, text: str, fuzzy: bool = False) -> int:
    """Give one entry a new translation; returns its line in the .po file after writing."""
    path = po_path(tree, lang)
    catalog = read_catalog(path, lang)
    entry = next(m for m in catalog if m.context == context)
    entry.string = text
    entry.flags.discard("fuzzy")
    if fuzzy:
        entry.flags.add("fuzzy")
    write_catalog(path, catalog)
    return read_catalog(path, lang).get(entry.id, context).lineno


def test_the_clean_tree_passes():
    """As CI runs it: a process of its own, through ``python -m rulebook``."""
    result = subprocess.run([sys.executable, "-m", "rulebook", "--root", str(ROOT), "check"],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[-1].endswith(": 0 problem(s)")


def test_example_disagreeing_with_the_engine(tree):
    examples = tree / "executable_examples" / "rake.yaml"
    edit(examples, "      rake: 4 money\n", "      rake: 5 money\n")
    line = line_of(examples, "- call: house.split_pot_rake(pot, dead_money=dead, stakes=stakes)")  # the first
    result = gate(tree)
    assert result.returncode == 1
    assert (f"executable_examples/rake.yaml:{line}: [example] rake-split-pot: example split-pot-little-dead-money (house club): "
            "house.split_pot_rake(504, dead_money=4, stakes='1/3') gives 4, the example says 5") in result.stdout


def test_example_that_cannot_run(tree):
    examples = tree / "executable_examples" / "rake.yaml"
    edit(examples, "      stakes: 1/3\n    results:\n      rake: 4 money", "      stakes: 9/9\n    results:\n      rake: 4 money")
    result = gate(tree)
    assert result.returncode == 1
    assert "[example] rake-split-pot: example split-pot-little-dead-money (house club): house.split_pot_rake(504, dead_money=4, stakes='9/9') cannot run: " in result.stdout


def test_example_without_expected_result(tree):
    examples = tree / "executable_examples" / "rake.yaml"
    edit(examples, "      - call: house.can_deal_twice(pot)\n        expect: true\n", "      - call: house.can_deal_twice(pot)\n")
    line = line_of(examples, "- call: house.can_deal_twice(pot)")
    result = gate(tree)
    assert result.returncode == 1
    assert f"executable_examples/rake.yaml:{line}: [example] deal-twice-pot-size: a check has no expected result" in result.stdout


def test_missing_translation(tree):
    path = po_path(tree, "hr")
    catalog = read_catalog(path, "hr")
    entry = next(m for m in catalog if m.context == "no-flop-no-drop.text")
    catalog.delete(entry.id, entry.context)
    write_catalog(path, catalog)
    result = gate(tree)
    assert result.returncode == 1
    line = line_of(tree / "rules" / "rake.yaml", "No rake is taken from a hand") - 1  # its `text:` key
    assert f"rules/rake.yaml:{line}: [missing] no-flop-no-drop (hr): no-flop-no-drop.text: not in the catalog" in result.stdout


def test_untranslated_and_fuzzy(tree):
    empty = set_msgstr(tree, "ro", "deal-twice-minimum-pot.text", "")
    fuzzy = set_msgstr(tree, "fr", "chinese-poker-rake.text", "Le poker chinois se rake au temps : {amount} par joueur et par heure.", fuzzy=True)
    out = gate(tree).stdout
    assert f"locales/ro/LC_MESSAGES/rulebook.po:{empty}: [untranslated] deal-twice-minimum-pot (ro)" in out
    assert f"locales/fr/LC_MESSAGES/rulebook.po:{fuzzy}: [fuzzy] chinese-poker-rake (fr)" in out


def test_stale_catalogs(tree):
    edit(tree / "rules" / "rake.yaml", "Chinese poker is raked by time", "Chinese poker is always raked by time")
    out = gate(tree).stdout
    assert "[stale] chinese-poker-rake (es): chinese-poker-rake.text: source changed" in out
    assert "locales/rulebook.pot:0: [stale]" in out


def test_lost_placeholder(tree):
    line = set_msgstr(tree, "es", "chinese-poker-rake.text", "El póker chino paga rake por tiempo: 100 lei por jugador y hora.")
    out = gate(tree).stdout
    assert f"locales/es/LC_MESSAGES/rulebook.po:{line}: [placeholders] chinese-poker-rake (es): chinese-poker-rake.text: placeholders [] differ from the source's ['{{amount}}']" in out


def test_changed_number(tree):
    context = "missed-small-blind-table.column.seat3"
    path = po_path(tree, "fr")
    current = read_catalog(path, "fr")
    text = next(m for m in current if m.context == context).string
    assert text == "Siège 3"
    line = set_msgstr(tree, "fr", context, "Siège 4")
    out = gate(tree).stdout
    assert f"locales/fr/LC_MESSAGES/rulebook.po:{line}: [digits] " in out
    assert f"(fr): {context}: adds the number(s) 4 and drops the number(s) 3" in out


def test_wrong_term(tree):
    line = set_msgstr(tree, "es", "no-flop-no-drop.text", "No se cobra comisión en una mano que termina antes del flop.")
    out = gate(tree).stdout
    assert f"locales/es/LC_MESSAGES/rulebook.po:{line}: [glossary] no-flop-no-drop (es): no-flop-no-drop.text: 'rake' must be translated as rake" in out


def test_markup_in_a_translation(tree):
    line = set_msgstr(tree, "hr", "no-flop-no-drop.text", "Nema rakea <b>prije</b> flopa. .. raw:: html")
    out = gate(tree).stdout
    assert f"locales/hr/LC_MESSAGES/rulebook.po:{line}: [markup] no-flop-no-drop (hr)" in out
    assert "adds markup .., </b>, <b>, raw::" in out


def test_broken_house_data(tree):
    house = tree / "houses" / "club" / "house.yaml"
    edit(house, "      - {from: 550 RON, to: 569 RON, rake: 28 RON}\n", "")
    result = gate(tree)
    assert result.returncode == 1
    assert result.stdout.startswith("houses/club/house.yaml:")
    assert "[house]" in result.stdout.splitlines()[0]


def test_json_output(tree):
    set_msgstr(tree, "ro", "deal-twice-minimum-pot.text", "")
    result = gate(tree, "--format", "json")
    report = json.loads(result.stdout)
    assert result.returncode == 1
    [problem] = report["problems"]
    assert problem["check"] == "untranslated" and problem["rule_id"] == "deal-twice-minimum-pot" and problem["lang"] == "ro"
    ro = next(row for row in report["languages"] if row["lang"] == "ro")
    assert ro["missing"] == 1 and ro["translated"] == ro["total"] - 1


def test_a_number_repeated_in_a_translation_is_an_added_number():
    """Numbers are counted, not just seen: "20" twice where the English has it once adds a 20."""
    from rulebook.gate.textchecks import digit_problem

    assert digit_problem("The cap is 20 {currency}.", "Plafonul este 20 {currency}.") is None
    assert digit_problem("The cap is 20 {currency}.", "Plafonul este 20 {currency}, adică 20.") == \
        "adds the number(s) 20 (numbers come from placeholders)"
    assert digit_problem("Seats 1 and 1 again.", "Locul 1.") == "drops the number(s) 1 (numbers come from placeholders)"


@pytest.mark.parametrize("written", ["⑳ lei", "²⁰ lei", "Ⅻ", "٢٠ lei", "２０ lei", "₂₀ lei", "½ lei"])
def test_a_number_in_another_script_is_an_added_number(tree, written):
    """Circled, superscript, subscript, Roman-numeral, Arabic-Indic, full-width digits and fractions
    are numbers too: a title whose source has none may not gain one written in them."""
    line = set_msgstr(tree, "ro", "no-flop-no-drop.title", f"Regula „fără flop, fără rake” {written}")
    result = gate(tree)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    wanted = (f"locales/ro/LC_MESSAGES/rulebook.po:{line}: [digits] no-flop-no-drop (ro): no-flop-no-drop.title: "
              f"adds the number(s) {written.split()[0]}")
    assert wanted in result.stdout, result.stdout


def test_a_number_rewritten_in_other_characters_is_changed():
    """Writing the source's 20 as ²⁰ or ٢٠ changes it: the number as written is compared, and the
    message says the value it reads."""
    from rulebook.gate.textchecks import digit_problem

    assert digit_problem("The cap is 20 {currency}.", "Plafonul este ²⁰ {currency}.") == \
        "adds the number(s) ²⁰ (20) and drops the number(s) 20 (numbers come from placeholders)"
    assert digit_problem("Seat 12.", "Locul Ⅻ.") == \
        "adds the number(s) Ⅻ (12) and drops the number(s) 12 (numbers come from placeholders)"
    assert digit_problem("Half ½ a pot.", "Jumătate ½ din pot.") is None
    assert digit_problem("Seat ⑳.", "Locul.") == "drops the number(s) ⑳ (20) (numbers come from placeholders)"


def test_json_output_for_what_the_load_refuses(tree):
    """A tool reading ``check --format json`` gets JSON whatever is wrong: an inconsistency found while
    loading (exit 1) and an input that cannot be read (exit 2, its check "unreadable") alike."""
    house = tree / "houses" / "club" / "house.yaml"
    edit(house, "      - {from: 550 RON, to: 569 RON, rake: 28 RON}\n", "")
    result = gate(tree, "--format", "json")
    assert result.returncode == 1, result.stdout + result.stderr
    problems = json.loads(result.stdout)["problems"]
    assert problems and all(p["file"] == "houses/club/house.yaml" and p["check"] == "house" for p in problems)
    edit(house, "parts:", "parts: [")
    result = gate(tree, "--format", "json")
    assert result.returncode == 2 and result.stderr == "", result.stdout + result.stderr
    [problem] = json.loads(result.stdout)["problems"]
    assert problem["file"] == "houses/club/house.yaml" and problem["check"] == "unreadable" and problem["line"] > 0


# -- each branch of the catalog checks, guarded: each test names the mutation of the gate it kills ----

PO = "locales/{}/LC_MESSAGES/rulebook.po"


def test_a_template_still_listing_a_dropped_message_is_stale(tree: Path) -> None:
    """A .pot holding a message no source gives (nothing new) is out of date. Kills: the template
    compared for new messages only, so that one still listing dropped messages passes."""
    from rulebook.i18n.catalogs import pot_path

    with pot_path(tree).open("a", encoding="utf-8") as pot:
        pot.write('\n#: rules/rake.yaml:3\nmsgctxt "gone-rule.title"\nmsgid "A rule no source gives"\nmsgstr ""\n')
    result = gate(tree)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "locales/rulebook.pot:0: [stale] -: out of date (0 new, 1 gone): run `make gettext`" in result.stdout


def test_a_line_break_in_the_translation_of_a_one_line_message(tree: Path) -> None:
    """The msgid has no line break, so its msgstr may not have one. Kills: a line break allowed in the
    translation of a one-line message (``not_text(string, one_line=False)``)."""
    line = set_msgstr(tree, "ro", "no-flop-no-drop.title", "Regula „fără flop,\nfără rake”")
    result = gate(tree)
    assert result.returncode == 1, result.stdout + result.stderr
    assert (f"{PO.format('ro')}:{line}: [characters] no-flop-no-drop (ro): no-flop-no-drop.title: "
            "U+000A (a control character) is not text: this is one line") in result.stdout


def test_the_length_limit_just_above_and_just_below(tree: Path) -> None:
    """One character more than ``MAX_TRANSLATION`` is refused; exactly as many is not. Kills: the
    limit multiplied by ten (and ``>=`` for ``>``)."""
    from rulebook.gate.checks import MAX_TRANSLATION
    from tests.conftest import set_translations

    set_translations(tree, {"fr": {"no-flop-no-drop.title": "p" * (MAX_TRANSLATION + 1),
                                   "no-flop-no-drop.text": "p" * MAX_TRANSLATION}})
    line = read_catalog(po_path(tree, "fr"), "fr").get("No flop, no drop", "no-flop-no-drop.title").lineno
    result = gate(tree)
    assert result.returncode == 1, result.stdout + result.stderr
    assert (f"{PO.format('fr')}:{line}: [length] no-flop-no-drop (fr): no-flop-no-drop.title: "
            f"{MAX_TRANSLATION + 1:,} characters: no translation is longer than {MAX_TRANSLATION:,}") in result.stdout
    assert [said for said in result.stdout.splitlines() if "[length]" in said] == \
        [said for said in result.stdout.splitlines() if "[length]" in said and "no-flop-no-drop.title" in said]


def test_a_three_letter_english_word_left_in_a_translation(tree: Path) -> None:
    """"the" (three letters) of the msgid left in the msgstr is English left untranslated; a two-letter
    word is too short to tell. Kills: the untranslated-English check ignoring three-letter words."""
    from rulebook.gate.textchecks import english_problem

    assert english_problem(frozenset(), "Go to the table.", "Mergi la masă, go.") is None
    assert english_problem(frozenset(), "Go to the table.", "Mergi la the masă.") == \
        "English word(s) left untranslated: the (add accepted loanwords to the language's glossary)"
    line = set_msgstr(tree, "ro", "no-flop-no-drop.text", "Nu se ia rake dintr-o mână care se termină înainte de the flop.")
    result = gate(tree)
    assert result.returncode == 1, result.stdout + result.stderr
    assert (f"{PO.format('ro')}:{line}: [english] no-flop-no-drop (ro): no-flop-no-drop.text: "
            "English word(s) left untranslated: the ") in result.stdout


def test_a_plain_space_after_an_opening_guillemet(tree: Path) -> None:
    """French writes a no-break space (U+00A0 or U+202F) inside « »: « followed by a plain space is
    refused, even when » is right. Kills: « followed by a plain space passing."""
    from rulebook.gate.textchecks import french_typography_problem

    assert french_typography_problem("Pas de flop, «\u00a0pas de rake\u202f»") is None
    assert french_typography_problem("Pas de flop, « pas de rake\u00a0»") == "no no-break space before « (French typography)"
    line = set_msgstr(tree, "fr", "no-flop-no-drop.title", "Pas de flop, « pas de rake\u00a0»")
    result = gate(tree)
    assert result.returncode == 1, result.stdout + result.stderr
    assert (f"{PO.format('fr')}:{line}: [typography] no-flop-no-drop (fr): no-flop-no-drop.title: "
            "no no-break space before « (French typography)") in result.stdout


def test_a_repeat_the_english_does_not_make_is_caught_beside_one_it_makes(tree: Path) -> None:
    """The English repeats "pot by" (two words), which excuses "pot par pot par", but not a word typed
    twice. Kills: any repeated phrase in the English excusing every repeat in the translation."""
    from rulebook.gate.textchecks import doubled_problem

    assert doubled_problem("pot by pot by the players", "pot par pot par les les joueurs") == "repeated word(s): les"
    context = "note-cash-betting-dealing-twice-side-pots.text"
    text = next(m for m in read_catalog(po_path(tree, "fr"), "fr") if m.context == context).string
    assert "pot par pot par les joueurs" in text
    line = set_msgstr(tree, "fr", context, text.replace("pot par pot par les joueurs", "pot par pot par les les joueurs"))
    result = gate(tree)
    assert result.returncode == 1, result.stdout + result.stderr
    assert (f"{PO.format('fr')}:{line}: [doubled] note-cash-betting-dealing-twice-side-pots (fr): {context}: "
            "repeated word(s): les") in result.stdout
