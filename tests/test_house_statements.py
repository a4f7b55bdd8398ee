"""A house publishes what it states: a room that takes no rake, states no straddle or no break, or
does not publish a rule, has no line of it on its table cards and its *At the table* page, and the
engine rules its pots without rake (issue "Any card room…")."""

from __future__ import annotations

import copy
import dataclasses
from types import MappingProxyType

import pytest

from pokerrules import House, HouseError
from rulebook.core.quantities import with_units
from rulebook.reading import Reading
from rulebook.reading.table_facts import table_facts
from tests.conftest import ROOT

HOUSE_YAML = ROOT / "houses" / "club" / "house.yaml"


def _without_rake(parameters: dict) -> dict:
    data = copy.deepcopy(dict(parameters))   # an editable copy (a house's own parameters are read-only)
    del data["rake"]
    for row in data["stakes"]:
        del row["rake"]
    return data


def _club_parameters() -> dict:
    import yaml
    return yaml.safe_load(HOUSE_YAML.read_text(encoding="utf-8"))["parameters"]


def test_a_room_without_rake_takes_none():
    house = House.from_mapping(_without_rake(_club_parameters()))
    assert not house.takes_rake
    assert house.rake([200, 500], stakes="1/3", players=6) == [0, 0]
    assert house.split_pot_rake(504, dead_money=20, stakes="1/3") == 0
    with pytest.raises(ValueError, match="takes no rake"):
        house.rake_cap("1/3", players=6)
    with pytest.raises(ValueError, match="no '9/9' game"):
        house.rake([200], stakes="9/9", players=6)
    assert House.from_mapping(_club_parameters()).takes_rake


def test_rake_at_some_stakes_only_is_refused():
    data = _club_parameters()
    del data["stakes"][2]["rake"]
    with pytest.raises(HouseError, match="rakes the pots of all its stakes or of none") as caught:
        House.from_mapping(data)
    assert caught.value.path == ("stakes", 2)
    data = _without_rake(_club_parameters())
    data["stakes"][0]["rake"] = _club_parameters()["stakes"][0]["rake"]
    with pytest.raises(HouseError, match="rakes the pots of all its stakes or of none"):
        House.from_mapping(data)


def test_straddles_and_raise_steps_are_optional():
    data = _without_rake(_club_parameters())
    for row in data["stakes"]:
        for key in ("straddle", "auto_straddle", "raise_unit"):
            row.pop(key, None)
    house = House.from_mapping(data)
    with pytest.raises(ValueError, match="no straddle at 1/3"):
        house.straddle("1/3")
    assert house.raise_unit("1/3") == 1


def _reading_as(project, house: dict, unpublished: tuple[str, ...] = (), lang: str = "en") -> Reading:
    """The club's reading (English by default) with other house numbers, and some of its rules not published."""
    reading = copy.copy(Reading.of(project, "club", lang))
    reading.book = dataclasses.replace(reading.book, house=with_units(house, reading.book.house.units),
                                       engine=House.from_mapping(house))
    reading.placed = MappingProxyType({rule_id: placed for rule_id, placed in reading.placed.items()
                                       if rule_id not in unpublished})
    return reading


def _said(facts) -> str:
    return " | ".join([*(f"{key.label}: {key.value}" for key in facts.keys), *(detail.text for detail in facts.details)])


def test_a_card_without_rake_says_nothing_of_rake(project):
    club = project.houses["club"].book.house
    house = _without_rake(club)
    house.pop("times")
    facts = table_facts(_reading_as(project, house), house["stakes"][0])
    said = _said(facts)
    assert "Blinds: 1\xa0leu / 3\xa0lei" in said and "Straddle: 6\xa0lei" in said
    assert "rake" not in said.lower() and "running it twice" not in said.lower() and "break" not in said.lower(), said
    with_rake = _said(table_facts(Reading.of(project, "club", "en"), club["stakes"][0]))
    assert "Rake: 5%, cap 20\xa0lei" in with_rake and "A break may last up to 30\xa0minutes" in with_rake


def test_a_line_needs_the_rule_it_states(project):
    """The break line is the club's rule seat-break-time: a house that does not publish it prints no such line."""
    club = project.houses["club"].book.house
    said = _said(table_facts(_reading_as(project, club, ("seat-break-time", "no-flop-no-drop")), club["stakes"][0]))
    assert "break" not in said.lower() and "no flop" not in said.lower(), said
    assert "With 2 to 4 players dealt in, the rake cap is 10\xa0lei." in said


def _percentage_only(parameters: dict, cap: int | None) -> dict:
    """The club's numbers turned into a room that rakes 5 % with one cap (or none): no band table, no cap
    for few players, no split-pot cap, no "no flop, no drop", no smallest pot run twice."""
    data = copy.deepcopy(dict(parameters))
    data["rake"] = {}
    for row in data["stakes"]:
        row["rake"] = {"percent": 5, **({"cap": cap} if cap is not None else {})}
    return data


def test_a_percentage_with_one_cap_or_none_is_a_rake_a_house_may_state():
    capped = House.from_mapping(_percentage_only(_club_parameters(), 10))
    assert capped.takes_rake and capped.rake([150], stakes="1/3", players=9) == [7]      # 5 % of 150, rounded down
    assert capped.rake([300, 100], stakes="1/3", players=3) == [10, 0]                    # one cap, whatever the players
    assert capped.rake_cap("1/3", players=2) == capped.rake_cap("1/3", players=9) == 10
    uncapped = House.from_mapping(_percentage_only(_club_parameters(), None))
    assert uncapped.rake([1000, 400], stakes="2/5", players=6) == [50, 20]
    with pytest.raises(ValueError, match="no cap"):
        uncapped.rake_cap("2/5", players=6)
    with pytest.raises(ValueError, match="no rake for a pot split"):
        uncapped.split_pot_rake(500, dead_money=20, stakes="2/5")
    with pytest.raises(ValueError, match="no smallest pot"):
        uncapped.can_deal_twice(500)


def test_a_cap_for_few_players_needs_its_ranges_and_each_rows_cap():
    data = _percentage_only(_club_parameters(), 10)
    data["rake"]["short_handed_players"] = {"min": 2, "max": 4}
    with pytest.raises(HouseError, match="needs both ranges"):
        House.from_mapping(data)
    data["rake"]["full_table_players"] = {"min": 5, "max": 9}
    with pytest.raises(HouseError, match="give these stakes their short_handed_cap") as caught:
        House.from_mapping(data)
    assert caught.value.path == ("stakes", 0, "rake")


def test_a_card_says_the_rake_as_the_house_states_it(project):
    house = _percentage_only(project.houses["club"].book.house, None)
    said = _said(table_facts(_reading_as(project, house), house["stakes"][0]))
    assert "Rake: 5%" in said and "cap" not in said.lower() and "dealt in" not in said and "split pot" not in said.lower()


def test_a_flat_drop_and_a_time_charge_are_rakes_a_house_may_state():
    data = _without_rake(_club_parameters())
    for row in data["stakes"]:
        row["rake"] = {"drop": 2}
    data["rake"] = {"no_flop_no_drop": True, "time_charge": {"amount": 6, "every_minutes": 30}}
    house = House.from_mapping(data)
    assert house.rake([90, 40], stakes="2/5", players=4) == [2, 0]     # from the main pot, once a hand
    assert house.rake([90], stakes="2/5", players=4, flop=False) == [0]
    assert [house.time_charge(minutes) for minutes in (0, 1, 30, 31, 90)] == [0, 6, 6, 12, 18]
    with pytest.raises(ValueError, match="flat drop"):
        house.rake_cap("2/5", players=4)
    only_time = _without_rake(_club_parameters())
    only_time["rake"] = {"time_charge": {"amount": 5, "every_minutes": 60}}
    charged = House.from_mapping(only_time)
    assert not charged.takes_rake and charged.time_charge(61) == 10 and charged.rake([100], stakes="1/3", players=5) == [0]
    data["stakes"][0]["rake"] = {"drop": 2, "cap": 5}
    with pytest.raises(HouseError, match="a drop is a flat amount per hand: it has no cap"):
        House.from_mapping(data)
    with pytest.raises(ValueError, match="takes no time charge"):
        House.from_mapping(_club_parameters()).time_charge(30)


def test_a_card_says_a_drop_and_a_time_charge(project):
    house = _without_rake(project.houses["club"].book.house)
    for row in house["stakes"]:
        row["rake"] = {"drop": 2}
    house["rake"] = {"time_charge": {"amount": 6, "every_minutes": 30}}
    said = _said(table_facts(_reading_as(project, house), house["stakes"][0]))
    assert "Rake: 2\xa0lei a hand" in said and "Time charge: 6\xa0lei per seat every 30\xa0minutes" in said, said
    assert "cap" not in said.lower()
    romanian = _said(table_facts(_reading_as(project, house, lang="ro"), house["stakes"][0]))
    assert "2\xa0lei pe mână" in romanian and "6\xa0lei pe loc la fiecare 30\xa0de\xa0minute" in romanian, romanian



HARBOUR_ROWS = ("      straddle: 4 EUR\n", "      straddle: 10 EUR\n")


def _harbour_raking(tree, *rakes: str, house_rake: str = "", references: str = ""):
    """The harbour room (tests/fixtures/harbour) raking its rows as given, with the house's ``rake:`` block
    where given: a new room's shapes of a rake, as the issue's editors wrote them."""
    from rulebook.project import Project
    from tests.conftest import add_room, edit

    folder = add_room(tree, "harbour", translated=False)
    for row, rake in zip(HARBOUR_ROWS, rakes):
        edit(folder / "house.yaml", row, f"{row}      rake: {rake}\n")
    edit(folder / "house.yaml", "references:\n", f'references:\n  stakes.rake: "house-rules.txt, “3. NO RAKE”"\n{references}')
    (folder / "house.yaml").write_text((folder / "house.yaml").read_text(encoding="utf-8") + house_rake, encoding="utf-8")
    return Project.load(tree)


def test_rows_that_rake_with_no_rake_block_of_the_house_make_their_card(tree):
    """The issue's first traceback (``KeyError: 'rake'`` in table_facts): each row its percentage and cap,
    the house no ``rake:`` of its own."""
    project = _harbour_raking(tree, "{percent: 5 %, cap: 4 EUR}", "{percent: 5 %, cap: 8 EUR}")
    said = _said(table_facts(Reading.of(project, "harbour", "en"), project.houses["harbour"].book.house["stakes"][1]))
    assert "Rake: 5%, cap €8" in said and "dealt in" not in said, said


def test_a_band_table_without_a_split_pot_cap_prints_its_rake_card(tree):
    """The issue's second traceback (``KeyError: 'split_pot_cap'``): the rake card's back lists the caps the
    house states, and no split-pot column or line where it states none."""
    from rulebook.publish.print.printing import PrintRenderer

    bands = "".join(f"      - {{from: {low} EUR, to: {high}, rake: {rake} EUR}}\n" for low, high, rake in (
        (0, "19 EUR", 0), (20, "39 EUR", 1), (40, "59 EUR", 2), (60, "79 EUR", 3), (80, "null", 4)))
    project = _harbour_raking(tree, "{percent: 5 %, cap: 4 EUR}", "{percent: 5 %, cap: 4 EUR}",
                              house_rake=f"  rake:\n    bands:\n{bands}",
                              references='  rake.bands: "house-rules.txt, “3. NO RAKE”"\n')
    front, back = PrintRenderer(project, "harbour", "en").bands()
    assert "Pot from" in front and ">80<" in front and "and above" in front
    assert ">Cap<" in back and ">4<" in back and "Split pot" not in back and "split" not in back.lower()


def test_a_room_that_states_its_rake_and_no_stakes_has_it_worked_out_without_a_game_invented(project):
    """A document that gives its rake ("10% of each pot over 10, at most 4") and no stakes: the house
    states its rake alone; no table card of a game it never named, no tournament table either; its rake
    calculator asks no stakes and answers the rake its rule states."""
    import json

    from rulebook.core import floor
    from rulebook.reading.calculators import Offered, page_data
    from rulebook.reading.table_facts import table_rows

    house = {key: value for key, value in _club_parameters().items() if key not in ("stakes", "rake", "times")}
    house["rake"] = {"percent": 10, "cap": 4, "no_rake_up_to": 10}
    reading = _reading_as(project, house)
    assert reading.book.runs_cash_games and table_rows(reading.book) == []
    calculator = next(calculator for calculator in floor.CALCULATORS if calculator.id == "rake")
    data = page_data(reading, (Offered(calculator, "Rake of a hand", ()),), {})
    rake = next(form for form in data["calculators"] if form["id"] == "rake")
    assert [field["name"] for field in rake["fields"]] == ["players", "pots"]      # no stakes, no flop (no "no flop, no drop")
    for pot, taken in (("10", 0), ("11", 1), ("35", 3), ("90", 4)):
        asked = {"house": data["house"], "calculator": "rake", "symbols": data["symbols"],
                 "fields": {"players": "6", "pots": pot}}
        assert json.loads(floor.respond(json.dumps(asked)))["result"]["rake"] == [taken], pot


@pytest.mark.parametrize("rake, said", [
    ({"percent": 10, "cap": 4, "no_rake_up_to": 10}, "Rake: 10% of each pot over 10\xa0lei, cap 4\xa0lei"),
    ({"per": {"take": 1, "every": 10}, "cap": 5, "no_rake_up_to": 20},
     "Rake: 1\xa0leu for every 10\xa0lei in each pot over 20\xa0lei, cap 5\xa0lei"),   # English: "20 lei"
    ({"per": {"take": 1, "every": 10}}, "Rake: 1\xa0leu for every 10\xa0lei in the pot"),
    ({"drop": 2, "no_rake_up_to": 10}, "Rake: 2\xa0lei a hand, from pots over 10\xa0lei"),
    ({"percent": 5, "jackpot": {"amount": 1, "after": "flop", "pots_over": 20}},
     "Rake: 5% | Jackpot drop: 1\xa0leu a hand, once the flop is dealt, from pots over 20\xa0lei"),
])
def test_a_card_says_each_form_of_rake_in_one_line(project, rake, said):
    """The rake of a table as its house states it, in one line of its card: its share, from which pots,
    its cap; a jackpot drop with its condition."""
    house = _without_rake(project.houses["club"].book.house)
    house["rake"] = rake
    shown = _said(table_facts(_reading_as(project, house), house["stakes"][0]))
    assert said in shown, shown
