"""Dealing procedure: misdeals and cards off the table (seed 000, "MISSDEAL"), and what the dealer
may say about the pot (seed 000, "POT ANNOUNCEMENT")."""

from pathlib import Path

import pytest

from pokerrules import House, procedure

HOUSE_YAML = Path(__file__).resolve().parents[2] / "houses" / "club" / "house.yaml"


# --- misdeals ----------------------------------------------------------------------------------

@pytest.mark.parametrize("exposed", [[1], [2], [1, 2]])
def test_first_or_second_card_exposed_is_a_misdeal(exposed):
    assert procedure.is_misdeal(exposed) is True


@pytest.mark.parametrize("exposed", [[3], [6], [18]])
def test_one_other_exposed_card_is_not_a_misdeal(exposed):
    assert procedure.is_misdeal(exposed) is False


@pytest.mark.parametrize("exposed", [[3, 8], [4, 5], [5, 9, 12]])
def test_two_or_more_exposed_cards_are_a_misdeal(exposed):
    assert procedure.is_misdeal(exposed) is True


def test_nothing_wrong_is_no_misdeal():
    assert procedure.is_misdeal([]) is False


def test_a_card_off_the_table_is_never_a_misdeal():
    assert procedure.is_misdeal([], dropped=[1]) is False
    assert procedure.is_misdeal([], dropped=[2, 7]) is False
    # it does not count towards "two or more exposed"
    assert procedure.is_misdeal([5], dropped=[9]) is False
    assert procedure.is_misdeal([5, 6], dropped=[9]) is True


def test_accepts_any_iterable():
    assert procedure.is_misdeal((1,)) is True
    assert procedure.is_misdeal(iter([4, 7])) is True


@pytest.mark.parametrize("bad, message", [
    ([0], "places in the deal"),
    ([-1], "places in the deal"),
    (["Ah"], "places in the deal"),
    ([True], "places in the deal"),
    ([3, 3], "listed twice"),
    ("12", "must be a list"),
])
def test_bad_exposed_cards(bad, message):
    with pytest.raises(ValueError, match=message):
        procedure.is_misdeal(bad)


def test_a_card_cannot_be_both_exposed_and_dropped():
    with pytest.raises(ValueError, match="both as exposed and as having left the table"):
        procedure.is_misdeal([4], dropped=[4])


# --- pot announcements -------------------------------------------------------------------------

def test_only_pot_limit_pot_is_stated():
    assert procedure.dealer_may_state_pot("pot_limit") is True
    assert procedure.dealer_may_state_pot("no_limit") is False
    assert procedure.dealer_may_state_pot("limit") is False


def test_house_games():
    house = House.load(HOUSE_YAML)
    stated = {name: procedure.dealer_may_state_pot(house.stakes(name).structure) for name in house.stakes_names}
    assert stated == {"1/3": False, "2/2": True, "2/5": False, "5/5": True, "5/10": False}


def test_unknown_structure():
    with pytest.raises(ValueError, match="unknown betting structure"):
        procedure.dealer_may_state_pot("NLH")
