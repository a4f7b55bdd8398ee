"""Side pots and splitting pots."""

import pytest

from pokerrules import Pot, side_pots, split
from pokerrules.pots import dead_money


def test_single_pot():
    assert side_pots({1: 100, 2: 100, 3: 100}) == [Pot(300, frozenset({1, 2, 3}))]


def test_all_in_makes_side_pot():
    assert side_pots({1: 50, 2: 200, 3: 200}) == [Pot(150, frozenset({1, 2, 3})), Pot(300, frozenset({2, 3}))]


def test_folded_chips_stay_in_the_pots_they_reached():
    pots = side_pots({1: 50, 2: 200, 3: 200, 4: 120}, folded=[4])
    assert pots == [Pot(200, frozenset({1, 2, 3})), Pot(370, frozenset({2, 3}))]
    pots = side_pots({1: 50, 2: 200, 3: 200, 4: 30}, folded=[4])
    assert pots[0] == Pot(180, frozenset({1, 2, 3}))


def test_uncalled_bet_is_a_pot_of_its_own():
    assert side_pots({1: 100, 2: 300}) == [Pot(200, frozenset({1, 2})), Pot(200, frozenset({2}))]


def test_everyone_folded_is_an_error():
    with pytest.raises(ValueError, match="folded"):
        side_pots({1: 10, 2: 10}, folded=[1, 2])


def test_side_pots_bad_input():
    with pytest.raises(ValueError, match="negative"):
        side_pots({1: -10, 2: 10})
    with pytest.raises(ValueError, match="seat"):
        side_pots({0: 10, 2: 10})
    with pytest.raises(ValueError):
        side_pots({1: 10}, folded=[5])


def test_seed000_odd_chip_5_5_plo():
    # pot 95 after rake, chips of 5: 50 to the first winner clockwise from the button, 45 to the other
    assert split(95, [2, 6], button=4, chip=5) == {6: 50, 2: 45}
    assert split(95, [2, 6], button=1, chip=5) == {2: 50, 6: 45}


def test_seed003_rule19_odd_chip():
    assert split(1075, [3, 7], button=2, chip=25) == {3: 550, 7: 525}


def test_button_seat_is_last_clockwise():
    assert split(10, [1, 2, 3], button=2, chip=1) == {3: 4, 1: 3, 2: 3}


def test_split_even():
    assert split(300, [1, 2, 3], button=9, chip=1) == {1: 100, 2: 100, 3: 100}


def test_split_not_a_multiple_of_the_chip():
    with pytest.raises(ValueError, match="whole number of chips of 5"):
        split(97, [1, 2], button=1, chip=5)


def test_split_bad_winners():
    with pytest.raises(ValueError, match="twice"):
        split(10, [1, 1], button=1, chip=1)
    with pytest.raises(ValueError, match="at least one winner"):
        split(10, [], button=1, chip=1)


def test_dead_money_for_split_pot_rake():
    # seed 000: both players put 250, 4 lei came from others
    assert dead_money({1: 250, 2: 250, 3: 2, 4: 2}, sharing=[1, 2]) == 4
