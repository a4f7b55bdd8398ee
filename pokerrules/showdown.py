"""Showdown: who shows first, and who wins each pot.

Seed 000: the player who made the last aggressive action (bet or raise, an all-in bet or raise
included) shows first; if the last round was checked through, the first player clockwise from the
button shows first; then the others clockwise. Its all-in cases follow from that: two players, one
all-in and called -> the all-in player shows first; A all-in, then B bets and C folds -> B shows
first (his bet was the last aggression), then A. Seed 003 rule 16 names instead the player who bet
first on the river; that room's choice is ``first_to_show="first_bettor"``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum

from .cards import check_cards, check_seat, check_seats, clockwise_from
from .hands import Game, evaluate, evaluate_omaha
from .pots import Pot, side_pots, split

__all__ = ["order", "first_to_show", "settle", "ShowdownRule"]


class ShowdownRule(StrEnum):
    """Who shows first at showdown (the ``rule`` of ``first_to_show``)."""

    LAST_AGGRESSOR = "last_aggressor"   # seed 000: the last bet or raise of the final round
    FIRST_BETTOR = "first_bettor"       # seed 003 rule 16: the first bet of the final round


def order(active: Iterable[int], *, button: int, last_aggressor: int | None = None) -> list[int]:
    """The seats in the order they must show: the last aggressor of the final round first,
    otherwise the first active seat clockwise from the button; then clockwise."""
    seats = check_seats(active, "active seats")
    if not seats:
        raise ValueError("nobody is left to show")
    check_seat(button, "button")
    if last_aggressor is not None:
        check_seat(last_aggressor, "last aggressor")
        if last_aggressor not in seats:
            raise ValueError(f"seat {last_aggressor} made the last bet but is not among the players still in the hand")
        return clockwise_from(seats, last_aggressor, include_start=True)
    return clockwise_from(seats, button)


def first_to_show(actions: Sequence[tuple[int, str]], *,
                  rule: ShowdownRule | str = ShowdownRule.LAST_AGGRESSOR) -> int | None:
    """The seat that made the deciding bet of the final round, or None if nobody bet.

    ``actions`` are ``(seat, action)`` in order, action one of fold, check, call, bet, raise (an
    all-in is a bet, a raise or a call). ``rule="last_aggressor"`` (seed 000) picks the last bet or
    raise; ``rule="first_bettor"`` (seed 003 rule 16) picks the first bet.
    """
    if rule not in tuple(ShowdownRule):
        raise ValueError(f"unknown showdown rule {rule!r}: use 'last_aggressor' or 'first_bettor'")
    aggressive = []
    for seat, action in actions:
        check_seat(seat)
        if action not in ("fold", "check", "call", "bet", "raise"):
            raise ValueError(f"unknown action {action!r} for seat {seat}")
        if action in ("bet", "raise"):
            aggressive.append(seat)
    if not aggressive:
        return None
    return aggressive[-1] if rule == ShowdownRule.LAST_AGGRESSOR else aggressive[0]


def settle(contributions: Mapping[int, int], holes: Mapping[int, Sequence[str]], board: Sequence[str], *,
           button: int, chip: int, folded: Iterable[int] = (), game: Game | str = Game.HOLDEM,
           rake: Sequence[int] = ()) -> dict[int, int]:
    """What each seat collects: every pot (less its rake) goes to the best hand among its eligible
    seats, split with odd chips clockwise from the button. ``holes`` needs the cards of every seat
    still in the hand. Returns only seats that win something."""
    folded = tuple(folded)
    pots: list[Pot] = side_pots(contributions, folded)
    rake = list(rake) + [0] * (len(pots) - len(rake))
    if len(rake) > len(pots):
        raise ValueError(f"rake is given for {len(rake)} pots but the hand has {len(pots)}")
    if game not in tuple(Game):
        raise ValueError(f"unknown game {game!r}: use 'holdem' or 'omaha'")
    contested = sorted({s for pot in pots if len(pot.eligible) > 1 for s in pot.eligible})
    missing = [s for s in contested if s not in holes]
    if missing:
        raise ValueError(f"seat(s) {', '.join(map(str, missing))} are still in the hand but their cards are not given")
    values = {}
    if contested:
        check_cards([c for s in contested for c in holes[s]] + list(board), what="hole and board cards")
        if game == Game.HOLDEM:
            values = {s: evaluate(list(holes[s]) + list(board)) for s in contested}
        else:
            values = {s: evaluate_omaha(holes[s], board) for s in contested}
    won: dict[int, int] = {}
    for pot, r in zip(pots, rake):
        if r > pot.amount:
            raise ValueError(f"the rake ({r}) cannot be more than the pot ({pot.amount})")
        if len(pot.eligible) == 1:
            tied = list(pot.eligible)
        else:
            best = max(values[s] for s in pot.eligible)
            tied = [s for s in pot.eligible if values[s] == best]
        for seat, amount in split(pot.amount - r, tied, button=button, chip=chip).items():
            won[seat] = won.get(seat, 0) + amount
    return won
