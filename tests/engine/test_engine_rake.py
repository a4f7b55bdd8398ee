"""The rake as rooms state it (pokerrules.rake): a percentage with a cap, a threshold, an amount for every
amount, a rounding to the house's chip, a jackpot drop beside it, stated for the house, a game or a row;
and amounts in cents where a house counts in them."""

from __future__ import annotations

import pytest

from pokerrules import House, HouseError

# A room in dollars: "10 % rake up to a maximum of $4 per hand from each pot over $10, rounded down to the
# nearest 25¢, and $1 taken from each pot after a call to the big blind for the jackpot".
DOLLARS = {
    "currency": "USD", "official_language": "en", "announced_in": ["en"],
    "rake": {"percent": "10 %", "cap": "4 USD", "no_rake_up_to": "10 USD",
             "rounding": {"mode": "down", "to": "0.25 USD"},
             "jackpot": {"amount": "1 USD", "after": "big-blind-called"}, "no_flop_no_drop": True},
    "stakes": [
        {"name": "0.25/0.50", "game": "NLH", "small_blind": "0.25 USD", "big_blind": "0.50 USD",
         "buy_in": {"min": "20 USD", "max": "100 USD"}},
        {"name": "1/2", "game": "NLH", "small_blind": "1 USD", "big_blind": "2 USD",
         "buy_in": {"min": "40 USD", "max": "300 USD"}},
    ],
}


def _house(**rake) -> House:
    return House.from_mapping({"currency": "EUR", "official_language": "en", "announced_in": ["en"], "rake": rake})


@pytest.fixture(scope="module")
def dollars() -> House:
    return House.from_mapping(DOLLARS)


def test_a_house_that_writes_cents_counts_in_them(dollars):
    assert dollars.subunits == 100
    row = dollars.stakes("0.25/0.50")
    assert (row.small_blind, row.big_blind, row.buy_in_min, row.smallest_chip) == (25, 50, 2000, 25)
    assert dollars.stakes("1/2").big_blind == 200


@pytest.mark.parametrize("dollars_in_pot, taken", [
    ("10", "0"), ("10.25", "1"), ("12.40", "1.00"), ("12.50", "1.25"), ("17.49", "1.50"), ("39.99", "3.75"),
    ("40", "4"), ("40.01", "4"), ("250", "4"),
])
def test_every_pot_pays_what_the_rule_says(dollars, dollars_in_pot, taken):
    """10 % of each pot over $10, rounded down to 25¢, at most $4 a hand."""
    cents = int(float(dollars_in_pot) * 100 + 0.5)
    assert dollars.rake([cents], stakes="0.25/0.50", players=9) == [int(float(taken) * 100 + 0.5)]


def test_one_cap_a_hand_and_no_flop_no_drop(dollars):
    assert dollars.rake([3000, 2000], stakes="1/2", players=3) == [300, 100]     # $3 + $1: the $4 cap
    assert dollars.rake([3000], stakes="1/2", players=3, flop=False) == [0]
    assert dollars.rake_cap("1/2", players=9) == 400


def test_the_jackpot_drop_after_a_call_to_the_big_blind(dollars):
    assert dollars.jackpot_drop([3000, 2000], stakes="1/2") == 100
    assert dollars.jackpot_drop([300], stakes="1/2", big_blind_called=False) == 0
    assert dollars.jackpot_drop([50], stakes="0.25/0.50") == 50      # never more than the main pot
    assert House.from_mapping({**DOLLARS, "rake": {"percent": "10 %"}}).jackpot_drop([300], stakes="1/2") == 0


def test_rounding_down_to_the_nearest_and_up():
    for mode, taken in (("down", 2), ("nearest", 3), ("up", 3)):     # 5 % of 55 is 2.75
        assert _house(percent=5, rounding={"mode": mode}).rake([55], players=6) == [taken]
    assert _house(percent=5, rounding={"mode": "nearest"}).rake([50], players=6) == [3]   # 2.5: a half rounds up
    assert _house(percent=10, rounding={"mode": "up", "to": 5}).rake([3], players=6) == [3]   # never above the pot


def test_an_amount_for_every_amount_in_the_pot():
    house = _house(per={"take": 1, "every": 10}, cap=5, no_rake_up_to=19)
    assert [house.rake([pot], players=6)[0] for pot in (19, 20, 29, 30, 99)] == [0, 2, 2, 3, 5]


def test_a_jackpot_after_the_flop_and_over_an_amount():
    house = _house(percent=5, jackpot={"amount": 2, "after": "flop", "pots_over": 20})
    assert house.jackpot_drop([100]) == 2 and house.jackpot_drop([100], flop=False) == 0
    assert house.jackpot_drop([15, 5]) == 0 and house.jackpot_drop([15, 6]) == 2


def test_the_rake_of_a_game_and_of_a_row_replace_the_house_s():
    data = {"currency": "EUR", "official_language": "en", "announced_in": ["en"],
            "rake": {"percent": 10, "cap": 4, "games": {"PLO": {"percent": 5, "cap": 6}}},
            "stakes": [{"name": "1/2", "game": "NLH", "small_blind": 1, "big_blind": 2, "buy_in": {"min": 40, "max": 200}},
                       {"name": "2/2", "game": "PLO", "small_blind": 2, "big_blind": 2, "buy_in": {"min": 100, "max": 400}},
                       {"name": "5/10", "game": "NLH", "small_blind": 5, "big_blind": 10, "buy_in": {"min": 500, "max": None},
                        "rake": {"drop": 3}}]}
    house = House.from_mapping(data)
    assert [house.rake([200], stakes=name, players=6) for name in ("1/2", "2/2", "5/10")] == [[4], [6], [3]]
    with pytest.raises(ValueError, match="depends on the stakes"):
        house.rake([200], players=6)
    no_stakes = House.from_mapping({key: value for key, value in data.items() if key != "stakes"})
    assert no_stakes.rake([200], players=6, game="PLO") == [6] and no_stakes.rake([200], players=6, game="NLH") == [4]
    with pytest.raises(ValueError, match="depends on the game"):
        no_stakes.rake([200], players=6)


@pytest.mark.parametrize("rake, path, says", [
    ({"percent": 5, "drop": 1}, ("rake", "drop"), "give one, not percent and drop"),
    ({"cap": 4}, ("rake", "cap"), "give one"),
    ({"drop": 1, "rounding": {"mode": "down"}}, ("rake", "rounding"), "no cap and no rounding"),
    ({"per": {"take": 1, "every": 10}, "rounding": {"mode": "up"}}, ("rake", "rounding"), "no rounding"),
    ({"per": {"take": 11, "every": 10}}, ("rake", "per", "take"), "more than the pot"),
    ({"percent": 5, "rounding": {"mode": "sideways"}}, ("rake", "rounding", "mode"), "down, nearest, up"),
    ({"percent": 5, "jackpot": {"amount": 1, "after": "turn"}}, ("rake", "jackpot", "after"), "flop, big-blind-called"),
    ({"percent": 5, "games": {"PLO": {"percent": 200}}}, ("rake", "games", "PLO", "percent"), "more than the pot"),
    ({"percent": 5, "games": {"XYZ": {"percent": 5}}}, ("rake", "games", "XYZ"), "unknown key"),
])
def test_a_rake_stated_wrong_is_refused_at_its_key(rake, path, says):
    with pytest.raises(HouseError, match=says) as caught:
        _house(**rake)
    assert caught.value.path == path


def test_blinds_named_in_cents_and_amounts_finer_than_a_cent():
    wrong = {**DOLLARS, "stakes": [{**DOLLARS["stakes"][0], "name": "0.25/0.5"}]}
    assert House.from_mapping(wrong).stakes_names == ["0.25/0.5"]        # the same numbers, written shorter
    wrong["stakes"][0]["name"] = "0.25/0.75"
    with pytest.raises(HouseError, match="named '0.25/0.75' but the blinds are 0.25/0.5") as caught:
        House.from_mapping(wrong)
    assert caught.value.path == ("stakes", 0, "name")
    finer = {**DOLLARS, "rake": {"percent": "10 %", "cap": "4.005 USD"}}
    with pytest.raises(HouseError, match="cap must be a whole number"):
        House.from_mapping(finer)


def test_two_games_at_the_same_blinds_are_named_by_their_game():
    """A room that spreads No-Limit Hold'em and Pot-Limit Omaha at 1/2 names the second by its game too."""
    rows = [{"name": "1/2", "game": "NLH", "small_blind": 1, "big_blind": 2, "buy_in": {"min": 60, "max": 200}},
            {"name": "PLO 1/2", "game": "PLO", "small_blind": 1, "big_blind": 2, "buy_in": {"min": 100, "max": 300}}]
    house = House.from_mapping({"currency": "CAD", "official_language": "en", "announced_in": ["en"], "stakes": rows})
    assert house.stakes_names == ["1/2", "PLO 1/2"] and house.stakes("PLO 1/2").variant == "omaha"
    rows[1]["name"] = "PLO 1/3"
    with pytest.raises(HouseError, match=r"named 'PLO 1/3' but the blinds are 1/2 \(a name is the blinds"):
        House.from_mapping({"currency": "CAD", "official_language": "en", "announced_in": ["en"], "stakes": rows})
