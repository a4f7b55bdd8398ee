"""House parameters: loading and validating the club's house file, and the rake rules of seed 000."""

import copy
from pathlib import Path

import pytest
import yaml

from pokerrules import House, HouseError

HOUSE_YAML = Path(__file__).resolve().parents[2] / "houses" / "club" / "house.yaml"


@pytest.fixture(scope="module")
def house() -> House:
    return House.load(HOUSE_YAML)


@pytest.fixture()
def data() -> dict:
    return yaml.safe_load(HOUSE_YAML.read_text(encoding="utf-8"))["parameters"]


# --- the file itself ---------------------------------------------------------------------------

def test_stakes_in_table_order(house):
    assert house.stakes_names == ["1/3", "2/2", "2/5", "5/5", "5/10"]


def test_stakes_table_rows(house):
    row = house.stakes("5/5")
    assert (row.game, row.small_blind, row.big_blind) == ("PLO", 5, 5)
    assert (row.buy_in_min, row.buy_in_max) == (300, None)
    assert (row.rake_percent, row.rake_cap, row.short_handed_cap, row.split_pot_cap) == (5, 30, 15, 15)
    assert row.structure == "pot_limit" and row.variant == "omaha"
    assert house.stakes("1/3").structure == "no_limit"


def test_bands_cover_every_pot(house):
    assert house.bands[0].low == 0 and house.bands[-1].high is None
    for a, b in zip(house.bands, house.bands[1:]):
        assert b.low == a.high + 1


def test_times(house):
    assert (house.times.break_minutes, house.times.cashier_return_minutes,
            house.times.return_same_table_hours) == (30, 30, 2)
    assert house.official_language == "ro" and house.announced_in == ("ro", "en")


def test_house_choices(house):
    assert (house.incomplete_all_in, house.undercall, house.first_to_show) == ("tda", "call_or_fold", "last_aggressor")


def test_house_is_frozen(house):
    with pytest.raises(AttributeError):
        house.currency = "eur"


# --- rake ------------------------------------------------------------------------------------

@pytest.mark.parametrize("pot, rake", [(0, 0), (10, 0), (11, 1), (29, 1), (30, 2), (201, 10), (409, 20),
                                       (450, 23), (549, 27), (550, 28), (569, 28), (570, 29), (590, 30), (5000, 30)])
def test_band_rake(house, pot, rake):
    assert house.band_rake(pot) == rake


def test_caps_by_stakes_and_players(house):
    assert house.rake_cap("1/3", players=9) == 20
    assert house.rake_cap("2/5", players=5) == 20
    assert house.rake_cap("2/5", players=4) == 10
    assert house.rake_cap("5/10", players=9) == 30
    assert house.rake_cap("5/5", players=2) == 15
    with pytest.raises(ValueError, match="2 to 9 players"):
        house.rake_cap("1/3", players=10)


def test_main_and_side_pot_share_one_cap(house):
    # seed 000: main 201, side 782 -> 10 + 10 (cap 20), 10 + 20 (cap 30)
    assert house.rake([201, 782], stakes="2/5", players=9) == [10, 10]
    assert house.rake([201, 782], stakes="5/10", players=9) == [10, 20]
    # main 629, side 450 -> 20 + 0 / 30 + 0
    assert house.rake([629, 450], stakes="1/3", players=9) == [20, 0]
    assert house.rake([629, 450], stakes="5/5", players=9) == [30, 0]


def test_short_handed_cap(house):
    assert house.rake([1000], stakes="1/3", players=3) == [10]
    assert house.rake([1000], stakes="5/10", players=4) == [15]
    assert house.rake([1000], stakes="5/10", players=5) == [30]


def test_no_flop_no_drop(house):
    assert house.rake([300, 100], stakes="1/3", players=9, flop=False) == [0, 0]


def test_rake_accepts_pot_objects(house):
    from pokerrules import side_pots
    pots = side_pots({1: 100, 2: 300, 3: 300})
    assert house.rake(pots, stakes="1/3", players=9) == [15, 5]


def test_split_pot_rake_from_dead_money_only(house):
    # seed 000: pot 504, dead money 4 -> 4; dead money 20 -> 10 (cap 10 at low stakes)
    assert house.split_pot_rake(504, dead_money=4, stakes="1/3") == 4
    assert house.split_pot_rake(504, dead_money=20, stakes="1/3") == 10
    assert house.split_pot_rake(504, dead_money=20, stakes="5/10") == 15
    assert house.split_pot_rake(504, dead_money=0, stakes="5/10") == 0
    with pytest.raises(ValueError, match="dead money"):
        house.split_pot_rake(100, dead_money=101, stakes="1/3")


def test_deal_twice_minimum(house):
    assert not house.can_deal_twice(399)
    assert house.can_deal_twice(400)


def test_chinese_poker_time_rake(house):
    assert house.chinese_poker_rake(3, 1) == 300
    assert house.chinese_poker_rake(4, 2) == 800
    assert house.chinese_poker_rake(2, 0.5) == 100
    with pytest.raises(ValueError):
        house.chinese_poker_rake(0, 1)


def test_straddles_and_buy_ins(house):
    assert [house.straddle(s) for s in house.stakes_names] == [6, 5, 10, 10, 20]
    # Seed 000 names the automatic straddle at 2/5 (10), 1/3 (6) and 2/2 (4) only.
    assert [house.auto_straddle(s) for s in house.stakes_names] == [6, 4, 10, None, None]
    assert house.straddle_by_agreement("5/10") == 25
    assert house.straddle_by_agreement("1/3") is None
    assert house.buyin_range("1/3") == (100, 400)
    assert house.buyin_range("2/5") == (200, 1000)
    assert house.buyin_range("5/10") == (500, None)
    assert [house.raise_unit(s) for s in house.stakes_names] == [1, 2, 1, 5, 5]
    assert house.smallest_chip("5/5") == 5


def test_unknown_stakes(house):
    with pytest.raises(ValueError, match="no '10/20' game"):
        house.rake([100], stakes="10/20", players=9)


def test_negative_pot(house):
    with pytest.raises(ValueError, match="negative"):
        house.rake([-5], stakes="1/3", players=9)


# --- validation --------------------------------------------------------------------------------

def _error(data) -> HouseError:
    with pytest.raises(HouseError) as info:
        House.from_mapping(data)
    assert isinstance(info.value, ValueError)
    return info.value


def test_seed_gap_550_569_is_caught(data):
    del data["rake"]["bands"][28]          # the seed's own table skips 550-569
    err = _error(data)
    assert err.path == ("rake", "bands", 28, "from")
    assert "550 to 569" in str(err)


def test_overlap(data):
    data["rake"]["bands"][3]["from"] = 45
    err = _error(data)
    assert err.path == ("rake", "bands", 3, "from") and "overlap" in str(err)


def test_band_inconsistent_with_percentage(data):
    data["rake"]["bands"][10]["rake"] = 12     # 190-209 lei at 12 lei is not 5 %
    err = _error(data)
    assert err.path == ("rake", "bands", 10, "rake") and "5 %" in str(err)


def test_open_last_band_required(data):
    data["rake"]["bands"][-1]["to"] = 609
    err = _error(data)
    assert err.path[:2] == ("rake", "bands") and "above 609" in str(err)


def test_bad_cap_has_path(data):
    data["stakes"][2]["rake"]["cap"] = "twenty"
    err = _error(data)
    assert err.path == ("stakes", 2, "rake", "cap")


def test_short_cap_above_cap(data):
    data["stakes"][0]["rake"]["short_handed_cap"] = 25
    assert _error(data).path == ("stakes", 0, "rake", "short_handed_cap")


def test_unknown_key(data):
    data["stakes"][1]["colour"] = "red"
    err = _error(data)
    assert err.path == ("stakes", 1, "colour") and "unknown key" in str(err)


def test_missing_key(data):
    del data["stakes"][0]["buy_in"]
    err = _error(data)
    assert err.path == ("stakes", 0) and "buy_in" in str(err)


def test_a_time_is_given_only_where_the_house_states_it(data):
    """Times are each the house's own: one left out is none, not a mistake (a room may state a break only)."""
    del data["times"]["cashier_return_minutes"]
    del data["times"]["return_same_table_hours"]
    house = House.from_mapping(data)
    assert house.times is not None and (house.times.break_minutes, house.times.cashier_return_minutes) == (30, None)


def test_name_must_match_blinds(data):
    data["stakes"][0]["name"] = "1/2"
    assert _error(data).path == ("stakes", 0, "name")


def test_duplicate_stakes(data):
    data["stakes"].append(copy.deepcopy(data["stakes"][0]))
    assert _error(data).path == ("stakes", 5, "name")


def test_stakes_roles_are_words_and_unique(data):
    data["stakes"][1]["role"] = "nlh-low"
    assert _error(data).path == ("stakes", 1, "role")
    data["stakes"][1]["role"] = "PLO Low"
    assert _error(data).path == ("stakes", 1, "role")


def test_bad_choice(data):
    data["betting"] = {"incomplete_all_in": "sometimes"}
    assert _error(data).path == ("betting", "incomplete_all_in")


def test_optional_sections_default(data):
    data.pop("betting", None)
    data.pop("showdown", None)
    h = House.from_mapping(data)
    assert h.incomplete_all_in == "tda" and h.undercall == "call_or_fold"


def test_not_a_mapping():
    assert _error([1, 2]).path == ()


def test_load_rejects_duplicate_keys(tmp_path):
    text = HOUSE_YAML.read_text(encoding="utf-8").replace("  currency: RON", "  currency: RON\n  currency: EUR")
    p = tmp_path / "house.yaml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(HouseError, match="twice"):
        House.load(p)


def test_a_tournament_room_has_no_cash_games():
    house = House.from_mapping({"currency": "chips", "official_language": "hr", "announced_in": ["hr", "en"],
                                "betting": {"undercall": "full_call"}})
    assert house.undercall == "full_call" and house.stakes_table == () and house.times is None
    for ask in (lambda: house.stakes("1/3"), lambda: house.rake([100], stakes="1/3", players=9),
                lambda: house.can_deal_twice(500), lambda: house.chinese_poker_rake(2, 1)):
        with pytest.raises(ValueError, match="runs no cash games"):
            ask()


def test_stakes_and_rake_come_together():
    """The house's band table without a rake it belongs to is refused; rows that rake without the house's
    pieces take their percentage, with one cap; a rake stated for the house needs no stakes."""
    data = yaml.safe_load(HOUSE_YAML.read_text(encoding="utf-8"))["parameters"]
    for row in data["stakes"]:
        del row["rake"]
    with pytest.raises(HouseError, match="the house's bands rakes pots, but neither the house nor a stakes row") as caught:
        House.from_mapping(data)
    assert caught.value.path == ("rake", "bands")
    data = yaml.safe_load(HOUSE_YAML.read_text(encoding="utf-8"))["parameters"]
    del data["rake"]
    assert House.from_mapping(data).rake([250], stakes="1/3", players=3) == [12]
    data = yaml.safe_load(HOUSE_YAML.read_text(encoding="utf-8"))["parameters"]
    del data["stakes"]
    with pytest.raises(HouseError, match="neither the house nor a stakes row states its rake"):
        House.from_mapping(data)
    alone = House.from_mapping({"currency": "USD", "official_language": "en", "announced_in": ["en"],
                                "rake": {"percent": "10 %", "cap": "4 USD", "no_rake_up_to": "10 USD"}})
    assert alone.runs_cash_games and alone.stakes_names == []
    assert alone.rake([10], players=6) == [0] and alone.rake([11], players=6) == [1] and alone.rake([90], players=6) == [4]
