"""Hand rankings and tie-breaks of seed 004."""

import pytest

from pokerrules import evaluate, evaluate_many, evaluate_omaha, winners
from pokerrules.hands import CATEGORIES


def ev(text):
    return evaluate(text.split())


@pytest.mark.parametrize("hand, category", [
    ("Ah Kh Qh Jh Th", "straight_flush"),
    ("9c 9d 9h 9s 2c", "four_of_a_kind"),
    ("9c 9d 9h 2s 2c", "full_house"),
    ("Ah 9h 7h 4h 2h", "flush"),
    ("5c 4d 3h 2s Ac", "straight"),
    ("7c 7d 7h Ks 2c", "three_of_a_kind"),
    ("7c 7d 5h 5s 2c", "two_pair"),
    ("7c 7d 5h 4s 2c", "pair"),
    ("Ac Jd 8h 4s 2c", "high_card"),
])
def test_categories(hand, category):
    assert ev(hand).category == category


def test_category_order():
    hands = ["Ac Jd 8h 4s 2c", "7c 7d 5h 4s 2c", "7c 7d 5h 5s 2c", "7c 7d 7h Ks 2c", "5c 4d 3h 2s Ac",
             "Ah 9h 7h 4h 2h", "9c 9d 9h 2s 2c", "9c 9d 9h 9s 2c", "5h 4h 3h 2h Ah"]
    values = [ev(h) for h in hands]
    assert values == sorted(values)
    assert [v.category for v in values] == list(CATEGORIES)


def test_royal_flush_beats_lower_straight_flush():
    assert ev("Ah Kh Qh Jh Th") > ev("Kd Qd Jd Td 9d")


def test_wheel_is_the_lowest_straight():
    assert ev("5c 4d 3h 2s Ac") < ev("6c 5d 4h 3s 2c")
    assert ev("Ac Kd Qh Js Tc") > ev("Kc Qd Jh Ts 9c")
    assert ev("5h 4h 3h 2h Ah") < ev("6d 5d 4d 3d 2d")
    assert ev("5c 4d 3h 2s Ac").ranks == "5"


def test_no_wraparound_straight():
    assert ev("Qc Kd Ah 2s 3c").category == "high_card"


def test_quads_kicker_decides_with_community_cards():
    board = "9c 9d 9h 9s 2c".split()
    assert evaluate(["Ah", "3d"] + board) > evaluate(["Kh", "Qd"] + board)


def test_full_house_trips_then_pair():
    assert ev("Kc Kd Kh 2s 2c") > ev("Qc Qd Qh As Ac")
    assert ev("Kc Kd Kh 5s 5c") > ev("Kc Kd Kh 4s 4c")


def test_flush_high_card_then_next_and_suits_never_break_ties():
    assert ev("Ah 9h 7h 4h 2h") > ev("Kd Qd Jd 9d 7d")
    assert ev("Ah 9h 7h 4h 3h") > ev("Ad 9d 7d 4d 2d")
    assert ev("Ah 9h 7h 4h 2h") == ev("As 9s 7s 4s 2s")


def test_straight_top_card():
    assert ev("9c 8d 7h 6s 5c") > ev("8c 7d 6h 5s 4c")
    assert ev("9c 8d 7h 6s 5c") == ev("9d 8h 7s 6c 5d")


def test_trips_kickers():
    assert ev("7c 7d 7h As 2c") > ev("7c 7d 7h Ks Qc")
    assert ev("7c 7d 7h As 3c") > ev("7c 7d 7h As 2c")


def test_two_pair_high_pair_second_pair_kicker():
    assert ev("Ac Ad 2h 2s 3c") > ev("Kc Kd Qh Qs Ac")
    assert ev("Ac Ad 5h 5s 3c") > ev("Ac Ad 4h 4s Kc")
    assert ev("Ac Ad 5h 5s Kc") > ev("Ac Ad 5h 5s Qc")


def test_pair_kickers_in_order():
    assert ev("8c 8d Ah 4s 3c") > ev("8c 8d Kh Qs Jc")
    assert ev("8c 8d Ah Ks 3c") > ev("8c 8d Ah Qs Jc")
    assert ev("8c 8d Ah Ks 4c") > ev("8c 8d Ah Ks 3d")


def test_high_card_all_five():
    assert ev("Ac Jd 8h 4s 3c") > ev("Ac Jd 8h 4s 2c")
    assert ev("Ac Jd 8h 4s 2c") == ev("Ad Jh 8s 4c 2d")


def test_best_five_of_seven():
    v = evaluate("Ah Kh Qh Jh 2c 3d Th".split())
    assert v.category == "straight_flush" and v.ranks == "A"
    v = evaluate("Ah Ad Ac Kh Kd Qc Qd".split())
    assert v.category == "full_house" and v.ranks == "AK"
    assert evaluate("2c 3c 4c 5c 7c 8d 9d".split()).category == "flush"
    assert evaluate("As Ks 3h 3d 3c 3s 2d".split()).ranks == "3A"


def test_six_cards():
    assert evaluate("2c 3d 4h 5s 6c Kd".split()).category == "straight"


def test_playing_the_board_splits():
    board = "Ac Kd Qh Js Tc".split()
    assert winners({1: ["2c", "3d"], 2: ["4h", "5s"]}, board) == [1, 2]


def test_winners_kicker():
    board = "Ac Kd 8h 5s 2c".split()
    assert winners({1: ["Ad", "Qc"], 2: ["Ah", "Jc"], 3: ["9s", "9h"]}, board) == [1]


def test_omaha_exactly_two_hole_cards():
    # four hearts in hand, one on board: no flush in Omaha
    hole, board = ["Ah", "Kh", "Qh", "Jh"], ["2h", "7c", "8d", "9s", "3c"]
    assert evaluate_omaha(hole, board).category == "high_card"
    assert evaluate(hole[:2] + board).category == "high_card"
    # board four to a straight, hand one card: no straight in Omaha
    hole, board = ["9c", "2d", "2h", "3s"], ["5c", "6d", "7h", "8s", "Kc"]
    assert evaluate_omaha(hole, board).category == "pair"
    # three of a kind on board and a pair in hand = full house in Omaha
    assert evaluate_omaha(["Ac", "Ad", "2s", "3s"], ["Kc", "Kd", "Kh", "7s", "8s"]).category == "full_house"


def test_omaha_winners():
    board = ["Kc", "Kd", "7h", "7s", "2c"]
    holes = {3: ["Ac", "Ad", "3h", "4h"], 5: ["Kh", "Qd", "Jh", "Th"]}
    assert winners(holes, board, game="omaha") == [5]


def test_evaluate_many_matches_evaluate():
    hands = [["Ah", "Kh", "Qh", "Jh", "Th", "2c", "3d"], ["2c", "3d", "4h", "5s", "7c"],
             ["9c", "9d", "9h", "9s", "2c", "3c", "4c"]]
    assert evaluate_many(hands) == [evaluate(h) for h in hands]


def test_repr_and_describe():
    v = ev("Kc Kd Kh 2s 2c")
    assert "full_house" in repr(v) and v.describe().startswith("full house")


@pytest.mark.parametrize("cards, message", [
    ("Ah Kh Qh Jh 1h", "not a card"),
    ("Ah Kh Qh Jh Xx", "not a card"),
    ("Ah Kh Qh Jh Ah", "appears twice"),
    ("Ah Kh Qh Jh", "5 to 7 cards"),
])
def test_bad_cards(cards, message):
    with pytest.raises(ValueError, match=message):
        evaluate(cards.split())
    if len(cards.split()) >= 5:
        with pytest.raises(ValueError, match=message):
            evaluate_many([cards.split() + ["2c", "3c"][: 7 - len(cards.split())]])


def test_duplicates_across_players():
    with pytest.raises(ValueError, match="appears twice"):
        winners({1: ["Ah", "Kd"], 2: ["Ah", "2c"]}, ["3c", "4d", "5h"])


def test_lowercase_or_text_rejected():
    with pytest.raises(ValueError):
        evaluate(["ah", "kh", "qh", "jh", "th"])
    with pytest.raises(ValueError, match="list of cards"):
        winners({1: "AhKd"}, ["3c", "4d", "5h"])


def test_bad_game_and_hole_count():
    with pytest.raises(ValueError, match="unknown game"):
        winners({1: ["Ah", "Kd"]}, ["3c", "4d", "5h"], game="stud")
    with pytest.raises(ValueError, match="two"):
        winners({1: ["Ah", "Kd", "Qs"]}, ["3c", "4d", "5h"])
    with pytest.raises(ValueError, match="four hole cards"):
        evaluate_omaha(["Ah", "Kd"], ["3c", "4d", "5h"])


def test_a_single_hand_is_valued_like_the_batch_table():
    """``evaluate`` values one hand's ranks directly (no table at import); ``evaluate_many`` uses a
    table of every rank multiset. Both must agree on every multiset."""
    from pokerrules import hands

    table = hands._rank_table()
    assert len(table) > 40_000
    assert all(hands._nonflush_of_key(key) == value for key, value in table.items())
