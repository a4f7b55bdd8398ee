"""Properties that must hold for every input (Hypothesis): chips are conserved, rake respects its
caps, odd chips are spread fairly, and hand values form a total order."""

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules import House, evaluate, evaluate_omaha, side_pots, split
from pokerrules.betting import min_raise_to, may_raise, pot_limit_max_raise_to
from pokerrules.cards import DECK
from pokerrules.showdown import settle

HOUSE = House.load(Path(__file__).resolve().parents[2] / "houses" / "club" / "house.yaml")

contributions = st.dictionaries(st.integers(1, 10), st.integers(0, 2000), min_size=2, max_size=9)


@st.composite
def deals(draw):
    contrib = draw(contributions)
    seats = sorted(contrib)
    folded = draw(st.lists(st.sampled_from(seats), unique=True, max_size=len(seats) - 1))
    return contrib, folded


@given(deals())
def test_side_pots_conserve_chips(deal):
    contrib, folded = deal
    pots = side_pots(contrib, folded)
    assert sum(p.amount for p in pots) == sum(contrib.values())
    for p in pots:
        assert p.eligible and not (p.eligible & set(folded))
    # each later pot is contested by a subset of the players of the one before
    for a, b in zip(pots, pots[1:]):
        assert b.eligible < a.eligible


@given(deals(), st.sampled_from(HOUSE.stakes_names), st.integers(2, 9))
def test_rake_plus_pots_equal_contributions_and_cap_holds(deal, stakes, players):
    contrib, folded = deal
    pots = side_pots(contrib, folded)
    rake = HOUSE.rake(pots, stakes=stakes, players=players)
    assert sum(rake) <= HOUSE.rake_cap(stakes, players=players)
    assert all(0 <= r <= p.amount for r, p in zip(rake, pots))
    net = [p.amount - r for p, r in zip(pots, rake)]
    assert sum(net) + sum(rake) == sum(contrib.values())


@given(st.integers(0, 5000), st.integers(0, 5000), st.sampled_from(HOUSE.stakes_names))
def test_split_pot_rake_never_exceeds_dead_money_or_cap(pot, dead, stakes):
    dead = min(dead, pot)
    r = HOUSE.split_pot_rake(pot, dead_money=dead, stakes=stakes)
    assert 0 <= r <= dead and r <= HOUSE.stakes(stakes).split_pot_cap


@given(st.integers(0, 100_000))
def test_band_rake_within_one_leu_of_five_percent_below_the_open_band(pot):
    r = HOUSE.band_rake(pot)
    if pot < HOUSE.bands[-1].low:
        assert abs(100 * r - 5 * pot) <= 100


@given(st.integers(0, 400), st.lists(st.integers(1, 10), min_size=1, max_size=9, unique=True),
       st.integers(1, 10), st.sampled_from([1, 2, 5, 25]))
def test_split_adds_up_and_odd_chips_are_fair(units, winners, button, chip):
    shares = split(units * chip, winners, button=button, chip=chip)
    assert sum(shares.values()) == units * chip
    assert set(shares) == set(winners)
    assert max(shares.values()) - min(shares.values()) <= chip
    assert all(v % chip == 0 for v in shares.values())


hands7 = st.lists(st.sampled_from(DECK), min_size=7, max_size=7, unique=True)


@settings(max_examples=60)
@given(deals(), st.lists(st.sampled_from(DECK), min_size=25, max_size=25, unique=True), st.integers(1, 10))
def test_settle_pays_out_everything(deal, cards, button):
    contrib, folded = deal
    board, rest = cards[:5], cards[5:]
    holes = {s: rest[2 * i: 2 * i + 2] for i, s in enumerate(sorted(contrib))}
    won = settle(contrib, holes, board, button=button, chip=1, folded=folded)
    assert sum(won.values()) == sum(contrib.values())
    assert not set(won) & set(folded)


@given(hands7, hands7, hands7)
def test_hand_order_is_total_and_transitive(a, b, c):
    va, vb, vc = evaluate(a), evaluate(b), evaluate(c)
    assert (va < vb) + (va == vb) + (va > vb) == 1
    if va <= vb and vb <= vc:
        assert va <= vc


@given(hands7)
def test_best_five_never_worse_than_any_five(cards):
    from itertools import combinations
    best = evaluate(cards)
    assert best == max(evaluate(list(five)) for five in combinations(cards, 5))
    assert best.category in {"high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush",
                             "full_house", "four_of_a_kind", "straight_flush"}


@given(st.lists(st.sampled_from(DECK), min_size=9, max_size=9, unique=True))
def test_omaha_is_the_best_two_plus_three(cards):
    from itertools import combinations
    hole, board = cards[:4], cards[4:]
    expected = max(evaluate(list(h) + list(b)) for h in combinations(hole, 2) for b in combinations(board, 3))
    assert evaluate_omaha(hole, board) == expected


@given(st.lists(st.integers(1, 3000), max_size=8).map(lambda xs: sorted(set(xs))), st.integers(1, 50))
def test_min_raise_is_above_the_bet_and_a_raise_to_it_reopens(levels, big_blind):
    m = min_raise_to(levels, big_blind=big_blind)
    current = levels[-1] if levels else 0
    assert m > current
    if levels:
        assert may_raise(levels + [m], big_blind=big_blind, acted_at=current)


@given(st.integers(0, 5000), st.integers(0, 1000), st.integers(0, 1000))
def test_pot_limit_at_least_a_call(pot, bet, own):
    own = min(own, bet)
    pot = max(pot, bet + own)
    assert pot_limit_max_raise_to(pot=pot, current_bet=bet, own_bet=own) >= bet
