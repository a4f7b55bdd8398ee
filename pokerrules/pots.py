"""Main and side pots, and splitting a pot between tied winners.

Side pots are built in layers at each all-in level of the players still in the hand; chips of
folded players stay in the pots they reached (they are dead money there, and nobody can win them
back by folding). Each pot is split on its own (seed 003 rule 20). Odd chips, counted in the
smallest chip in play, go one per winner starting with the first winner clockwise from the button
(seed 000: 5/5 PLO, pot 95 -> 50 to the first winner clockwise from the button, 45 to the other;
seed 003 rule 19: 1075 in 25s -> 550 and 525).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .cards import check_amount, check_seat, clockwise_from

__all__ = ["Pot", "side_pots", "split", "dead_money"]


@dataclass(frozen=True)
class Pot:
    """One pot: its amount and the seats that can win it."""

    amount: int
    eligible: frozenset[int]


def _contributions(contributions: Mapping[int, int]) -> dict[int, int]:
    if not isinstance(contributions, Mapping):
        raise ValueError("contributions must map each seat to the amount it put in the pot, e.g. {1: 100, 2: 50}")
    return {check_seat(s): check_amount(a, f"amount put in by seat {s}") for s, a in contributions.items()}


def side_pots(contributions: Mapping[int, int], folded: Iterable[int] = ()) -> list[Pot]:
    """The main pot then the side pots, from what each seat put in this hand.

    A pot is formed at each level where a player still in the hand has nothing more to put in;
    every seat's chips fill the pots up to what it put in, folded or not; only players still in
    the hand who reached a pot's level are eligible for it. A bet nobody called makes a last pot
    with one eligible seat (it goes back to its owner).
    """
    contrib = _contributions(contributions)
    dead = set()
    for s in folded:
        check_seat(s, "folded seat")
        if s not in contrib:
            raise ValueError(f"seat {s} folded but is not among the seats that put chips in")
        dead.add(s)
    live = {s: a for s, a in contrib.items() if s not in dead}
    if not live:
        raise ValueError("every player folded: at least one player must still be in the hand")
    levels = sorted({a for a in live.values() if a > 0})
    pots: list[Pot] = []
    previous = 0
    for i, level in enumerate(levels):
        top = i == len(levels) - 1
        amount = 0
        for a in contrib.values():
            upto = a if top else min(a, level)  # chips above the last live level stay in the last pot
            amount += max(0, upto - previous)
        eligible = frozenset(s for s, a in live.items() if a >= level)
        pots.append(Pot(amount, eligible))
        previous = level
    if not pots:
        # Nobody still in the hand put anything in: folded chips (if any) go to the live players.
        total = sum(contrib.values())
        pots.append(Pot(total, frozenset(live)))
    return pots


def dead_money(contributions: Mapping[int, int], sharing: Iterable[int]) -> int:
    """Chips in the pot that came from players other than those sharing it (for split-pot rake)."""
    contrib = _contributions(contributions)
    share = set(sharing)
    for s in share:
        if s not in contrib:
            raise ValueError(f"seat {s} shares the pot but put nothing in it")
    return sum(a for s, a in contrib.items() if s not in share)


def split(amount: int, winners: Sequence[int], *, button: int, chip: int) -> dict[int, int]:
    """Share a pot equally; the odd chips go one per winner, first winner clockwise from the button first.

    ``chip`` is the smallest chip in play (one small blind in seed 000): odd amounts are never broken
    into anything smaller, so the pot must be a whole number of such chips.
    """
    check_amount(amount, "pot")
    check_amount(chip, "smallest chip", positive=True)
    check_seat(button, "button")
    seats = [check_seat(w, "winner") for w in winners]
    if not seats:
        raise ValueError("a pot needs at least one winner to be split")
    if len(set(seats)) != len(seats):
        raise ValueError("a winner is listed twice")
    if amount % chip:
        raise ValueError(f"a pot of {amount} is not a whole number of chips of {chip}, the smallest chip "
                         f"in play")
    units = amount // chip
    share, odd = divmod(units, len(seats))
    order = clockwise_from(seats, button)
    return {seat: (share + (1 if i < odd else 0)) * chip for i, seat in enumerate(order)}
