"""The engine's options as enumerations: each member is its old string, and the string still works."""

import inspect
from enum import StrEnum
from pathlib import Path

import pytest

from pokerrules import House, HouseError, betting, hands, procedure, showdown
from pokerrules.betting import AllInRule, Street, UndercallRule
from pokerrules.hands import Game
from pokerrules.house import ALL_IN_RULES, SHOWDOWN_RULES, UNDERCALL_RULES
from pokerrules.procedure import Structure
from pokerrules.showdown import ShowdownRule

ROOT = Path(__file__).resolve().parents[2]

# Each option, with the strings it was before it was an enumeration.
OPTIONS = [
    (AllInRule, ("tda", "half")),
    (UndercallRule, ("call_or_fold", "full_call")),
    (ShowdownRule, ("last_aggressor", "first_bettor")),
    (Game, ("holdem", "omaha")),
    (Street, ("preflop", "flop", "turn", "river")),
    (Structure, ("no_limit", "pot_limit", "limit")),
]


@pytest.mark.parametrize("option, strings", OPTIONS, ids=[option.__name__ for option, _ in OPTIONS])
def test_each_member_is_its_string(option, strings):
    assert issubclass(option, StrEnum)
    assert tuple(option) == strings and [member.value for member in option] == list(strings)
    for member, text in zip(option, strings):
        assert member == text and str(member) == text and f"{member}" == text and hash(member) == hash(text)
        assert option(text) is member


def test_the_tuples_of_choices_stay_and_hold_the_strings():
    assert ALL_IN_RULES == ("tda", "half") and UNDERCALL_RULES == ("call_or_fold", "full_call")
    assert SHOWDOWN_RULES == ("last_aggressor", "first_bettor")
    assert betting.STREETS == ("preflop", "flop", "turn", "river")
    assert procedure.STRUCTURES == ("no_limit", "pot_limit", "limit")
    assert "tda" in ALL_IN_RULES and "sometimes" not in ALL_IN_RULES   # membership by value, on Python 3.11 too


def test_the_defaults_are_still_the_strings():
    defaults = {(betting.may_raise, "rule"): "tda", (betting.undercall, "rule"): "call_or_fold",
                (showdown.first_to_show, "rule"): "last_aggressor", (hands.winners, "game"): "holdem",
                (showdown.settle, "game"): "holdem"}
    for (function, name), text in defaults.items():
        assert inspect.signature(function).parameters[name].default == text


def test_a_string_works_as_the_member_does():
    levels = [5, 10, 20, 25]   # an all-in to 25 raises by 5, half of the last full raise (10)
    for rule in ("tda", AllInRule.TDA, "half", AllInRule.HALF):
        assert betting.may_raise(levels, big_blind=10, acted_at=20, rule=rule) == (rule == "half")
    assert betting.undercall(60, current_bet=130, rule="full_call") == ("call",)
    assert betting.undercall(60, current_bet=130, rule=UndercallRule.CALL_OR_FOLD) == ("call", "fold")
    actions = [(1, "bet"), (2, "raise"), (3, "call")]
    assert showdown.first_to_show(actions, rule="first_bettor") == showdown.first_to_show(
        actions, rule=ShowdownRule.FIRST_BETTOR) == 1
    assert showdown.first_to_show(actions, rule="last_aggressor") == 2
    holes = {1: ["Ah", "Kd"], 2: ["Qc", "Qs"]}
    board = ["Qh", "7d", "2c", "9s", "3h"]
    assert hands.winners(holes, board, game="holdem") == hands.winners(holes, board, game=Game.HOLDEM) == [2]
    assert betting.limit_bet_size("turn", big_blind=4) == betting.limit_bet_size(Street.TURN, big_blind=4) == 8
    assert procedure.dealer_may_state_pot("pot_limit") and procedure.dealer_may_state_pot(Structure.POT_LIMIT)
    assert not procedure.dealer_may_state_pot("no_limit")


@pytest.mark.parametrize("call, message", [
    (lambda: betting.may_raise([5, 10], big_blind=10, rule="sometimes"),
     "unknown reopening rule 'sometimes': use 'tda' (full raise) or 'half' (50 % rule)"),
    (lambda: betting.undercall(60, current_bet=130, rule="TDA"),
     "unknown undercall rule 'TDA': use 'call_or_fold' or 'full_call'"),
    (lambda: showdown.first_to_show([(1, "bet")], rule="first"),
     "unknown showdown rule 'first': use 'last_aggressor' or 'first_bettor'"),
    (lambda: hands.winners({1: ["Ah", "Kd"]}, ["Qh", "7d", "2c"], game="stud"), "unknown game 'stud': use 'holdem' or 'omaha'"),
    (lambda: betting.limit_bet_size("fifth", big_blind=4), "unknown street 'fifth': use one of preflop, flop, turn, river"),
    (lambda: procedure.dealer_may_state_pot("spread"),
     "unknown betting structure 'spread': use one of no_limit, pot_limit, limit"),
    (lambda: betting.may_raise([5, 10], big_blind=10, rule=None), "unknown reopening rule None"),
])
def test_an_unknown_value_is_still_refused_in_the_same_words(call, message):
    with pytest.raises(ValueError) as raised:
        call()
    assert str(raised.value).startswith(message)


def test_a_house_holds_its_policies_as_members_equal_to_its_strings():
    house = House.load(ROOT / "houses" / "club" / "house.yaml")
    assert isinstance(house.incomplete_all_in, AllInRule) and house.incomplete_all_in == "tda"
    assert isinstance(house.undercall, UndercallRule) and isinstance(house.first_to_show, ShowdownRule)
    assert House("RON", "ro", ("ro",)).first_to_show == "last_aggressor"


def test_a_house_file_with_an_unknown_policy_is_refused_in_the_same_words():
    with pytest.raises(HouseError) as raised:
        House.from_mapping({"currency": "RON", "official_language": "ro", "announced_in": ["ro"],
                            "showdown": {"first_to_show": "dealer"}})
    assert str(raised.value) == "first_to_show must be one of last_aggressor, first_bettor, not 'dealer'"
    assert raised.value.path == ("showdown", "first_to_show")
