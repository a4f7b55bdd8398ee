"""Showdown order, button and blinds, missed blinds (every seat-by-hand table of seed 000),
straddles, new players, the seat draw and the chip race, buy-ins."""

import pytest

from pokerrules import buyin, showdown, table
from pokerrules.table import hand_positions

SEATS5 = [1, 2, 3, 4, 5]


# --- showdown ----------------------------------------------------------------------------------

def test_last_aggressor_shows_first():
    assert showdown.order([2, 5, 7], button=1, last_aggressor=5) == [5, 7, 2]


def test_checked_river_first_clockwise_from_button():
    assert showdown.order([2, 5, 7], button=5) == [7, 2, 5]
    assert showdown.order([2, 5, 7], button=9) == [2, 5, 7]


def test_seed000_two_players_all_in_shows_first():
    # the all-in, called, is the last aggressive action
    aggressor = showdown.first_to_show([(3, "raise"), (6, "call")])
    assert showdown.order([3, 6], button=3, last_aggressor=aggressor) == [3, 6]


def test_seed000_three_players_bettor_who_forced_a_fold_shows_first():
    # A (seat 1) all-in earlier; B (seat 4) bets on the river and C (seat 6) folds: B, then A
    aggressor = showdown.first_to_show([(4, "bet"), (6, "fold")])
    assert showdown.order([1, 4], button=6, last_aggressor=aggressor) == [4, 1]


def test_seed003_first_bettor_rule():
    actions = [(2, "bet"), (5, "raise"), (2, "call")]
    assert showdown.first_to_show(actions) == 5
    assert showdown.first_to_show(actions, rule="first_bettor") == 2
    assert showdown.first_to_show([(2, "check"), (5, "check")]) is None


def test_order_bad_input():
    with pytest.raises(ValueError, match="not among the players"):
        showdown.order([2, 5], button=1, last_aggressor=3)


def test_settle_side_pot_and_odd_chip():
    contributions = {1: 50, 2: 200, 3: 200, 4: 25}
    holes = {1: ["Ah", "Ad"], 2: ["Kh", "Kd"], 3: ["Ks", "Kc"]}
    board = ["2c", "7d", "9h", "Js", "3s"]
    won = showdown.settle(contributions, holes, board, button=4, chip=1, folded=[4])
    assert won == {1: 175, 2: 150, 3: 150}
    won = showdown.settle({2: 101, 3: 101, 4: 3}, holes, board, button=4, chip=1, folded=[4])
    assert won == {2: 103, 3: 102}


# --- button and blinds -------------------------------------------------------------------------

def test_next_hand_button_and_blinds():
    assert table.next_blinds(SEATS5, button=1) == (2, 3, 4)
    assert table.next_blinds(SEATS5, button=4) == (5, 1, 2)
    assert table.next_blinds([1, 4, 8], button=8) == (1, 4, 8)


def test_heads_up_button_is_small_blind():
    assert table.blind_positions([3, 7], button=3) == (3, 7)
    assert table.next_blinds([3, 7], button=3) == (7, 7, 3)


def test_seed003_rule30_heads_up_start():
    # seat 5 was the big blind of the last three-handed hand: he takes the button, seat 2 is big blind
    assert table.heads_up_button([2, 5], last_big_blind=5) == (5, 2)


def test_seed000_missed_small_blind_table():
    # HAND 1: button 1, small 2, big 3
    h1 = hand_positions(SEATS5, button=1)
    assert (h1.small_blind, h1.big_blind, h1.posts) == (2, 3, {2: "small", 3: "big"})
    # HAND 2: button 2, seat 3 away for his small blind, big 4
    h2 = hand_positions(SEATS5, button=2, away=[3])
    assert (h2.small_blind, h2.big_blind, h2.posts) == (None, 4, {4: "big"})
    assert h2.missed == {3} and h2.owing == {3} and 3 not in h2.dealt
    # HAND 3: the button stays on seat 2; seat 3, back in the small-blind seat, buys the
    # button: small + big (the seed's table; see the editorial note on this table)
    h3 = hand_positions(SEATS5, button=2, owing=h2.owing, posting=[3])
    assert h3.posts == {3: "small+big"} and h3.owing == frozenset()
    # HAND 4: button 3, small 4, big 5
    assert table.next_blinds(SEATS5, button=2) == (3, 4, 5)


def test_seed000_missed_big_blind_table():
    h2 = hand_positions(SEATS5, button=2, away=[4])
    assert (h2.small_blind, h2.big_blind, h2.posts) == (3, 5, {3: "small", 5: "big"})
    assert h2.owing == {4}
    # HAND 3: seat 4, in the small-blind seat, buys the button: his big blind is the hand's
    h3 = hand_positions(SEATS5, button=3, owing=h2.owing, posting=[4])
    assert (h3.small_blind, h3.big_blind, h3.posts, h3.owing) == (4, 4, {4: "small+big"}, frozenset())
    # HAND 4: button 4, small 5, big 1
    h4 = hand_positions(SEATS5, button=4)
    assert (h4.small_blind, h4.big_blind) == (5, 1)


def test_seed000_two_missed_blinds_table():
    h1 = hand_positions(SEATS5, button=1, away=[3, 4], owing=[3, 4])
    assert (h1.small_blind, h1.big_blind) == (2, 5) and h1.dealt == (2, 5, 1)
    # HAND 2: seat 3 buys the button (small + big), seat 4 posts or straddles and still owes
    h2 = hand_positions(SEATS5, button=2, owing=h1.owing, posting=[3, 4])
    assert h2.posts == {3: "small+big", 4: "straddle/post"} and h2.big_blind == 3 and h2.owing == {4}
    # HAND 3: seat 4 buys the button in turn
    h3 = hand_positions(SEATS5, button=3, owing=h2.owing, posting=[4])
    assert h3.posts == {4: "small+big"} and h3.owing == frozenset()
    # HAND 4: button 4, small 5
    assert hand_positions(SEATS5, button=4).small_blind == 5


def test_seed000_plo_missed_big_blind_pot():
    from pokerrules.betting import pot_limit_max_raise_to
    h3 = hand_positions(SEATS5, button=3, owing=[4], posting=[4])
    assert h3.posts == {4: "small+big"}
    # small 5 (dead, counts) + big 5: pot raise 20
    assert pot_limit_max_raise_to(pot=5 + 5, current_bet=5) == 20


def test_seed000_plo_post_in_middle_position():
    seats = range(1, 8)
    h2 = hand_positions(seats, button=2, owing=[6], posting=[6])
    assert h2.posts == {3: "small", 4: "big", 6: "small+big"}
    from pokerrules.betting import pot_limit_max_raise_to
    # blinds 5 + 5 and seat 6's live 5; his dead 5 counts after the flop -> pot raise 25
    assert pot_limit_max_raise_to(pot=15, current_bet=5) == 25


def test_waiting_player_comes_in_on_the_big_blind():
    h = hand_positions(SEATS5, button=1, owing=[3])
    assert h.big_blind == 3 and h.owing == frozenset()


def test_waiting_player_is_not_dealt():
    h = hand_positions(SEATS5, button=3, owing=[1])
    assert 1 not in h.dealt and h.owing == {1}


def test_hand_positions_bad_input():
    with pytest.raises(ValueError, match="owe no blinds"):
        hand_positions(SEATS5, button=1, posting=[3])
    with pytest.raises(ValueError, match="at least two"):
        hand_positions([1], button=1)


# --- straddle, new players, seat change --------------------------------------------------------

def test_seed000_straddle_table():
    seats = range(1, 7)
    assert table.may_straddle(6, seats=seats, button=1, away=[4, 5])
    assert table.may_straddle(6, seats=seats, button=2, away=[5])
    assert table.may_straddle(6, seats=seats, button=3)


def test_straddle_belongs_to_utg():
    seats = range(1, 7)
    assert table.may_straddle(4, seats=seats, button=1)
    assert not table.may_straddle(5, seats=seats, button=1)
    assert not table.may_straddle(3, seats=seats, button=1)          # the big blind
    assert not table.may_straddle(6, seats=range(1, 8), button=1, away=[4, 5, 6])


def test_restraddle_up_to_the_button():
    seats = range(1, 7)
    assert table.may_straddle(5, seats=seats, button=1, straddles=[4])
    assert table.may_straddle(1, seats=seats, button=1, straddles=[4, 5, 6])
    assert not table.may_straddle(2, seats=seats, button=1, straddles=[4, 5, 6, 1])


def test_seed000_chop_only_preflop_between_the_blinds():
    assert table.may_chop([2, 3], small_blind=2, big_blind=3)
    assert not table.may_chop([2, 3, 5], small_blind=2, big_blind=3)
    assert not table.may_chop([2, 3], small_blind=2, big_blind=3, street="flop")


def test_new_player_options():
    assert table.entry_options(big_blind=3, straddle=6, may_straddle=True) == (
        ("post", 3), ("straddle", 6), ("wait_for_big_blind", 0))
    assert table.entry_options(big_blind=3) == (("post", 3), ("wait_for_big_blind", 0))
    assert table.entry_options(big_blind=3, broken_table=True) == (("play", 0),)
    assert table.entry_options(big_blind=3, back_from_cashier_minutes=25) == (("play", 0),)
    assert table.entry_options(big_blind=3, back_from_cashier_minutes=45)[0] == ("post", 3)


def test_seat_change_away_from_the_blinds():
    seats = [1, 2, 4, 5, 7]
    assert table.seat_change_must_post(4, 6, seats=seats, big_blind=2)
    assert not table.seat_change_must_post(5, 3, seats=seats, big_blind=2)


def test_seed000_seat_draw_suit_order():
    assert table.draw_order({"ana": "Kd", "bogdan": "Ks", "dan": "Kh", "ion": "Kc", "mara": "2s"}) == [
        "bogdan", "dan", "ana", "ion", "mara"]
    with pytest.raises(ValueError, match="twice"):
        table.draw_order({"a": "Ks", "b": "Ks"})


def test_seed003_chip_race():
    odd = {"P1": 2, "P2": 2, "P3": 3}
    cards = {"P1": ["Ac", "Jd"], "P2": ["Qh", "3c"], "P3": ["Js", "5d", "2h"]}
    # 7 x 25 = 175 -> two chips of 100, to the highest cards of two different players
    assert table.chip_race(odd, cards, small=25, large=100) == {"P1": 1, "P2": 1, "P3": 0}


def test_chip_race_nobody_raced_out():
    odd = {"P1": 1, "P2": 2}
    cards = {"P1": ["2c"], "P2": ["Ah", "Kh"]}
    won = table.chip_race(odd, cards, small=25, large=100, stacks={"P1": 25, "P2": 5000})
    assert won == {"P1": 1, "P2": 0}          # 75 -> one chip, and P1 cannot be raced out


def test_chip_race_bad_input():
    with pytest.raises(ValueError, match="coloured up"):
        table.chip_race({"P1": 4}, {"P1": ["2c", "3c", "4c", "5c"]}, small=25, large=100)
    with pytest.raises(ValueError, match="gets 2 cards"):
        table.chip_race({"P1": 2}, {"P1": ["2c"]}, small=25, large=100)


# --- buy-ins -----------------------------------------------------------------------------------

def test_buy_in_minimum_and_maximum():
    assert buyin.add_chips(0, 100, minimum=100, maximum=400) == 100
    with pytest.raises(ValueError, match="at least the minimum of 100"):
        buyin.add_chips(0, 99, minimum=100, maximum=400)
    with pytest.raises(ValueError, match="above the maximum"):
        buyin.add_chips(0, 401, minimum=100, maximum=400)
    assert buyin.add_chips(0, 5000, minimum=500, maximum=None) == 5000


def test_seed000_reload_below_minimum():
    # a player at 1/3 or 2/5 with 110 lei buys 200 more: allowed
    assert buyin.add_chips(110, 200, minimum=100, maximum=400) == 310
    assert buyin.add_chips(110, 200, minimum=200, maximum=1000) == 310
    assert buyin.add_chips(110, 20, minimum=200, maximum=1000) == 130


def test_returning_within_two_hours():
    assert buyin.returning_range(650, minutes_away=90, minimum=100, maximum=400) == (650, 650)
    assert buyin.returning_range(250, minutes_away=119, minimum=100, maximum=400) == (250, 400)
    assert buyin.returning_range(250, minutes_away=120, minimum=100, maximum=400) == (100, 400)
    assert buyin.returning_range(900, minutes_away=30, minimum=500, maximum=None) == (900, None)


def test_moving_from_a_broken_table():
    assert buyin.table_change_stack(1200, minimum=200, maximum=1000) == 1000
    assert buyin.table_change_stack(150, minimum=200, maximum=1000) == 200
    assert buyin.table_change_stack(600, minimum=200, maximum=1000) == 600
    with pytest.raises(ValueError, match="negative"):
        buyin.table_change_stack(-1, minimum=200, maximum=1000)
