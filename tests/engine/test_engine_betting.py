"""Betting rulings, each from a seed's own example where it has one."""

import pytest

from pokerrules.betting import (ambiguous_amount, check_raise_size, interpret_chips, last_full_raise, limit_bet_size,
                                limit_raise_to, may_raise, min_raise_to, out_of_turn_is_binding,
                                pot_limit_max_raise_to, undercall, verbal_pot_bet)


# --- minimum bet and raise -------------------------------------------------------------------

def test_minimum_bet_is_one_big_blind():
    assert min_raise_to([], big_blind=10) == 10


def test_first_raise_doubles_the_big_blind():
    assert min_raise_to([5, 10], big_blind=10) == 20
    assert min_raise_to([1, 3], big_blind=3) == 6


def test_seed004_min_raise_equals_previous_bet():
    # "if the first player bets $5, the minimum raise is $5, to $10"
    assert min_raise_to([5], big_blind=2) == 10


def test_seed003_rule38_difference_of_the_two_previous_bets():
    # SB 100, BB 200, UTG 1000 -> UTG+1 raises to at least 1800
    assert min_raise_to([100, 200, 1000], big_blind=200) == 1800


def test_seed000_incomplete_raise_example_1():
    # 5/10, raise to 20, all-in 25 -> minimum raise 35
    assert min_raise_to([5, 10, 20, 25], big_blind=10) == 35


def test_seed000_incomplete_raise_example_2():
    # ... then seat 5 raises to 40 -> minimum raise 55 (40 + the last valid difference, 15)
    assert min_raise_to([5, 10, 20, 25, 40], big_blind=10) == 55


def test_seed000_incomplete_raise_example_3():
    # 5/10, UTG all-in 15 -> UTG+1 raises to at least 25
    assert min_raise_to([5, 10, 15], big_blind=10) == 25


def test_straddle_played_as_big_blind():
    assert min_raise_to([5, 10, 20], big_blind=20) == 40


def test_last_full_raise():
    assert last_full_raise([5, 10, 20, 25], big_blind=10) == 10
    assert last_full_raise([], big_blind=10) == 10


# --- reopening ---------------------------------------------------------------------------------

def test_tda_player_who_has_not_acted_may_raise():
    assert may_raise([5, 10, 20, 25], big_blind=10)


def test_tda_short_all_in_does_not_reopen():
    assert not may_raise([5, 10, 20, 25], big_blind=10, acted_at=20)


def test_tda_full_raise_reopens():
    assert may_raise([5, 10, 20, 25, 40], big_blind=10, acted_at=20)


def test_tda_short_all_ins_add_up():
    # bet 100, all-in 150, all-in 200: 100 raised since the bettor acted -> a full raise
    assert may_raise([100, 150, 200], big_blind=50, acted_at=100)
    assert not may_raise([100, 150], big_blind=50, acted_at=100)


def test_seed003_rule39_half_rule_reopens():
    # SB 100, BB 200, UTG 1000, UTG+1 all-in 1400: 400 is half of 800 -> everyone may raise
    assert may_raise([100, 200, 1000, 1400], big_blind=200, rule="half")
    assert may_raise([100, 200, 1000, 1400], big_blind=200, acted_at=1000, rule="half")
    assert not may_raise([100, 200, 1000, 1400], big_blind=200, acted_at=1000, rule="tda")


def test_seed003_rule39_less_than_half_closes_the_betting():
    assert not may_raise([100, 200, 1000, 1300], big_blind=200, rule="half")
    assert not may_raise([100, 200, 1000, 1300], big_blind=200, acted_at=1000, rule="half")
    assert may_raise([100, 200, 1000, 1300], big_blind=200, rule="tda")


def test_half_rule_rejects_a_raise_after_closing():
    with pytest.raises(ValueError, match="50 %"):
        may_raise([100, 200, 1000, 1300, 3000], big_blind=200, rule="half")


def test_acted_at_must_be_a_level():
    with pytest.raises(ValueError, match="not one of the bet levels"):
        may_raise([5, 10, 20], big_blind=10, acted_at=15)
    with pytest.raises(ValueError, match="unknown reopening rule"):
        may_raise([5, 10], big_blind=10, rule="loose")


# --- pot limit -------------------------------------------------------------------------------

def test_seed004_pot_limit_example():
    assert pot_limit_max_raise_to(pot=100, current_bet=0) == 100
    # after a bet of 100 the pot is 200; call 100 -> 300, raise 300 -> total 400
    assert pot_limit_max_raise_to(pot=200, current_bet=100) == 400


def test_seed000_plo_missed_blind_small_blind_counts():
    # 5/5 PLO, the returning player pays small 5 (dead) + big 5 (live): pot raise is 20
    assert pot_limit_max_raise_to(pot=5 + 5, current_bet=5) == 20


def test_seed000_plo_post_in_middle_position():
    # blinds 5 + 5 and a live post of 5; the dead 5 posted in middle position counts after the flop
    assert pot_limit_max_raise_to(pot=5 + 5 + 5, current_bet=5) == 25


def test_pot_limit_with_own_bet():
    # big blind 5 facing a raise to 20 in a pot of 5 + 5 + 20 = 30: call 15 -> 45, raise 45 -> 65
    assert pot_limit_max_raise_to(pot=30, current_bet=20, own_bet=5) == 65


def test_pot_limit_bad_input():
    with pytest.raises(ValueError):
        pot_limit_max_raise_to(pot=10, current_bet=5, own_bet=10)
    with pytest.raises(ValueError, match="negative"):
        pot_limit_max_raise_to(pot=-1, current_bet=0)


# --- limit -------------------------------------------------------------------------------------

def test_limit_bet_sizes():
    assert [limit_bet_size(s, big_blind=2) for s in ("preflop", "flop", "turn", "river")] == [2, 2, 4, 4]


def test_limit_four_bets_a_round():
    assert limit_raise_to([1, 2], street="preflop", big_blind=2) == 4
    assert limit_raise_to([1, 2, 4, 6], street="preflop", big_blind=2) == 8
    assert limit_raise_to([1, 2, 4, 6, 8], street="preflop", big_blind=2) is None
    assert limit_raise_to([], street="turn", big_blind=2) == 4
    assert limit_raise_to([4, 8, 12], street="river", big_blind=2) == 16
    assert limit_raise_to([4, 8, 12, 16], street="river", big_blind=2) is None
    with pytest.raises(ValueError):
        limit_raise_to([3], street="turn", big_blind=2)


# --- raise size ------------------------------------------------------------------------------

def test_seed000_any_raise_at_2_5():
    check_raise_size(16, levels=[2, 5], big_blind=5, unit=1)


def test_seed000_multiples_of_the_small_blind():
    check_raise_size(15, levels=[5, 5], big_blind=5, unit=5)
    with pytest.raises(ValueError, match="multiples of 5"):
        check_raise_size(16, levels=[5, 5], big_blind=5, unit=5)
    with pytest.raises(ValueError, match="multiples of 10"):
        check_raise_size(35, levels=[10, 10], big_blind=10, unit=10)


def test_raise_below_minimum_unless_all_in():
    with pytest.raises(ValueError, match="smallest raise now is to 35"):
        check_raise_size(30, levels=[5, 10, 20, 25], big_blind=10)
    check_raise_size(30, levels=[5, 10, 20, 25], big_blind=10, all_in=True)


# --- chips put out -----------------------------------------------------------------------------

def test_seed000_one_chip_is_a_call():
    # A bets 200, B calls, C throws a 500 chip without a word: a call
    assert interpret_chips([500], levels=[200], big_blind=10) == ("call", 200)


def test_seed000_one_chip_with_raise_is_a_raise_to_the_chip():
    assert interpret_chips([500], levels=[200], big_blind=10, declared="raise") == ("raise", 500)


def test_declared_raise_below_minimum_is_completed():
    # seed 003 rule 37/38: "raise" with too few chips -> the minimum raise
    assert interpret_chips([300], levels=[200], big_blind=10, declared="raise") == ("raise", 400)


def test_seed003_rule40_one_big_chip_is_a_call():
    assert interpret_chips([5000], levels=[1000], big_blind=1000) == ("call", 1000)


def test_seed000_bb_option_one_chip_raises():
    # 5/10, limpers only; the big blind puts a 25 chip over his 10: raise to 35
    assert interpret_chips([25], levels=[5, 10], big_blind=10, own_bet=10, bb_option=True) == ("raise", 35)
    # a 5 chip: raise to the minimum, 20
    assert interpret_chips([5], levels=[5, 10], big_blind=10, own_bet=10, bb_option=True) == ("raise", 20)


def test_one_chip_at_option_without_the_exception_checks():
    assert interpret_chips([25], levels=[5, 10], big_blind=10, own_bet=10) == ("call", 10)


def test_seed000_fifty_percent_rule():
    # bet 200, the next player puts out 310 -> must complete to 400
    assert interpret_chips([100, 100, 100, 10], levels=[200], big_blind=10) == ("raise", 400)


def test_fifty_percent_rule_under_half_is_a_call():
    assert interpret_chips([100, 100, 50, 20, 20], levels=[200], big_blind=10) == ("call", 200)


def test_seed003_rule41_multiple_chip_rule():
    # P3 raises to 1200; P4 puts two 1000 chips: without one of them he cannot call -> a call
    assert interpret_chips([1000, 1000], levels=[200, 400, 1200], big_blind=400) == ("call", 1200)


def test_seed003_rule50_no_overbet_for_change():
    # A bets 325, B puts 500 + 25 -> a raise, completed to 650
    assert interpret_chips([500, 25], levels=[325], big_blind=25) == ("raise", 650)


def test_chips_with_no_bet_are_a_bet():
    assert interpret_chips([100], levels=[], big_blind=10) == ("bet", 100)
    assert interpret_chips([5], levels=[], big_blind=10) == ("bet", 10)
    with pytest.raises(ValueError, match="nothing to call"):
        interpret_chips([5], levels=[], big_blind=10, declared="call")


def test_declared_call_is_a_call():
    assert interpret_chips([100, 100, 100, 100], levels=[200], big_blind=10, declared="call") == ("call", 200)


def test_interpret_chips_bad_input():
    with pytest.raises(ValueError, match="whole number"):
        interpret_chips([2.5], levels=[5, 10], big_blind=10)
    with pytest.raises(ValueError, match="must go up"):
        interpret_chips([10], levels=[10, 5], big_blind=10)
    with pytest.raises(ValueError, match="declared"):
        interpret_chips([10], levels=[5, 10], big_blind=10, declared="allin")


# --- undercall, out of turn, verbal ------------------------------------------------------------

def test_seed000_undercall_call_or_fold():
    # A bets 60, B raises to 130, C puts 60: the 60 stays; C may only call or fold
    assert undercall(60, current_bet=130) == ("call", "fold")


def test_seed003_undercall_is_a_full_call():
    assert undercall(60, current_bet=130, rule="full_call") == ("call",)


def test_undercall_must_be_short():
    with pytest.raises(ValueError, match="not an undercall"):
        undercall(130, current_bet=130)


def test_out_of_turn():
    assert out_of_turn_is_binding("call", intervening=["fold", "check", "call"])
    assert not out_of_turn_is_binding("call", intervening=["fold", "raise"])
    assert not out_of_turn_is_binding("bet", intervening=["bet"])
    assert out_of_turn_is_binding("fold", intervening=["raise"])        # seed 003 rule 35
    with pytest.raises(ValueError):
        out_of_turn_is_binding("shove", intervening=[])


def test_seed003_rule46_ambiguous_amount():
    assert ambiguous_amount(5, small_blind=200) == 500
    assert ambiguous_amount(5, small_blind=1) == 5
    assert ambiguous_amount(1500, small_blind=200) == 1500


def test_seed003_rule44_pot_in_no_limit_binds_to_minimum():
    assert verbal_pot_bet(structure="no_limit", levels=[100, 200], big_blind=200) == 400
    assert verbal_pot_bet(structure="pot_limit", levels=[5, 5], big_blind=5, pot=10) == 20
