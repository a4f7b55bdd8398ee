"""Strict loading: each kind of broken rule file gets its own one-line message."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from rulebook.core.errors import ModelErrors
from rulebook.core.model import load_rulebook
from tests.conftest import ROOT, edit, line_of


def errors_of(tree: Path) -> list[str]:
    with pytest.raises(ModelErrors) as caught:
        load_rulebook(tree)
    return [str(error) for error in caught.value.errors]


def test_the_project_rules_load():
    book = load_rulebook(ROOT, "club")
    ids = [rule.id for rule in book.rules]
    assert len(ids) == len(set(ids))
    assert "rake-rate" in ids and "rake-split-pot" in ids
    assert book.house["official_language"] == "ro"


def test_unknown_key(tree):
    rake = tree / "rules" / "rake.yaml"
    edit(rake, "        title: What the cap is\n", "        title: What the cap is\n        titel: oops\n")
    line = line_of(rake, "titel: oops")
    assert errors_of(tree) == [
        f"rules/rake.yaml:{line}: rule rake-cap-definition: unknown key 'titel' in a rule "
        "(known: excerpt, id, items, proposals, proposed, source, states, table, tags, text, title, values)"
    ]


def test_duplicate_id(tree):
    rake = tree / "rules" / "rake.yaml"
    edit(rake, "- id: no-flop-no-drop", "- id: rake-rate")
    first, second = line_of(rake, "- id: rake-rate", whole=True), line_of(rake, "title: No flop, no drop") - 1
    assert errors_of(tree) == [
        f"rules/rake.yaml:{second}: rule rake-rate: duplicate id 'rake-rate' (first used at rules/rake.yaml:{first})"
    ]


def test_duplicate_yaml_key(tree):
    rake = tree / "rules" / "rake.yaml"
    edit(rake, "        title: What the cap is\n", "        title: What the cap is\n        title: Again\n")
    line = line_of(rake, "title: Again")
    [message] = errors_of(tree)
    assert message.startswith(f"rules/rake.yaml:{line}: rule rake-cap-definition: duplicate key 'title'")


def test_missing_field(tree):
    rake = tree / "rules" / "rake.yaml"
    edit(rake, "        source: \"Rake-ul pentru poker chinezesc: 100 lei de jucator /1h .\"\n", "")
    line = line_of(rake, "- id: chinese-poker-rake")
    assert errors_of(tree) == [f"rules/rake.yaml:{line}: rule chinese-poker-rake: a rule is missing 'source'"]


def test_wrong_type(tree):
    rake = tree / "rules" / "rake.yaml"
    edit(rake, "title: What the cap is", "title: [What, the, cap]")
    line = line_of(rake, "title: [What")
    assert errors_of(tree) == [f"rules/rake.yaml:{line}: rule rake-cap-definition: 'title' must be text, not a list"]


def test_placeholder_naming_nothing(tree):
    rake = tree / "rules" / "rake.yaml"
    edit(rake, "raked by time: {amount}", "raked by time: {amount} per {unit}")
    line = line_of(rake, "Chinese poker is raked by time")
    assert errors_of(tree) == [
        f"rules/rake.yaml:{line - 1}: rule chinese-poker-rake: placeholder {{unit}} names no value (add it under 'values')"
    ]


def test_value_naming_no_house_parameter(tree):
    rake = tree / "rules" / "rake.yaml"
    edit(rake, "amount: house.rake.chinese_poker_per_player_per_hour", "amount: house.rake.chinese_poker_per_table")
    line = line_of(rake, "amount: house.rake.chinese_poker_per_table")
    assert errors_of(tree) == [
        f"rules/rake.yaml:{line}: rule chinese-poker-rake: value 'amount' for house 'club' (houses/club/house.yaml): "
        "house.rake has no 'chinese_poker_per_table'"
    ]


def test_unused_value(tree):
    rake = tree / "rules" / "rake.yaml"
    edit(rake, "          amount: house.rake.chinese_poker_per_player_per_hour\n",
         "          amount: house.rake.chinese_poker_per_player_per_hour\n          extra: 4 money\n")
    line = line_of(rake, "- id: chinese-poker-rake")
    assert errors_of(tree) == [f"rules/rake.yaml:{line}: rule chinese-poker-rake: value 'extra' is not used by any placeholder"]


def test_yaml_syntax_error(tree):
    rake = tree / "rules" / "rake.yaml"
    edit(rake, "title: What the cap is", "title: [What the cap is")
    [message] = errors_of(tree)
    assert message.startswith("rules/rake.yaml:") and "YAML syntax" in message


def test_bad_house_value_points_at_its_line(tree):
    house = tree / "houses" / "club" / "house.yaml"
    edit(house, "buy_in: {min: 200 RON, max: 1000 RON}", "buy_in: {min: 200 RON, max: -1000 RON}")
    line = line_of(house, "max: -1000 RON")
    [message] = errors_of(tree)
    assert message.startswith(f"houses/club/house.yaml:{line}: ")


def test_cli_reports_one_line_per_error_and_exits_2(tree):
    rake = tree / "rules" / "rake.yaml"
    edit(rake, "- id: no-flop-no-drop", "- id: Bad_Id")
    result = subprocess.run([sys.executable, "-m", "rulebook", "--root", str(tree), "check"],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    [line] = result.stderr.strip().splitlines()
    assert line.startswith("rules/rake.yaml:") and "rule id 'Bad_Id' must be lower-case" in line


def test_the_examples_readme_lists_every_function_an_example_may_call():
    """executable_examples/README.md's table of callables is the engine's, whole (a new room's editors
    write calls from it): a public function added or removed fails here until the table says so."""
    from rulebook.core.calls import FUNCTIONS, HOUSE_METHODS

    text = (ROOT / "executable_examples" / "README.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^  \| `(\w+)` \| (.+) \|$", text, re.MULTILINE))
    listed = {owner: set(re.findall(r"`(\w+)`", functions)) for owner, functions in rows.items()}
    assert listed == {**{owner: set(names) for owner, names in FUNCTIONS.items()}, "house": set(HOUSE_METHODS)}
