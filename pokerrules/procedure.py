"""Dealing procedure: misdeals, cards that leave the table, what the dealer may say about the pot.

Seed 000 ("MISSDEAL -- the only situations in which the dealer may declare a misdeal"): the deal is a
misdeal when the first or second card of the deal is turned face up, or when two or more cards are
turned face up; one card turned face up is not a misdeal, nor is a card that leaves the playing
surface (it is shown to every player, used as the first burn card, and the deck is changed after
the hand). "The first or second card" counts in the order the cards come off the deck -- the first
card goes to the small blind, the second to the big blind -- which is how seed 003 rule 31 puts it
("the first card at the small or big blind is turned over").

Seed 000 ("POT ANNOUNCEMENT"): only in pot-limit games may the dealer tell the players how much is
in the pot; in no-limit games (and, seed 003 rule 44, limit games) he only spreads the pot so that
the players can count it.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

__all__ = ["is_misdeal", "dealer_may_state_pot", "STRUCTURES", "Structure"]


class Structure(StrEnum):
    """A betting structure, as ``House.stakes(name).structure`` gives it."""

    NO_LIMIT = "no_limit"
    POT_LIMIT = "pot_limit"
    LIMIT = "limit"


#: Betting structures, as ``House.stakes(name).structure`` gives them.
STRUCTURES = tuple(Structure)


def _places(values: Iterable[object], what: str) -> tuple[int, ...]:
    if isinstance(values, (str, bytes)):
        raise ValueError(f"the {what} must be a list of places in the deal such as [1] or [3, 7], not {values!r}")
    out: list[int] = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise ValueError(f"the {what} must be places in the deal (1 for the first card dealt, 2 for the "
                             f"second, ...), not {v!r}")
        if v in out:
            raise ValueError(f"card {v} of the deal is listed twice among the {what}")
        out.append(v)
    return tuple(out)


def is_misdeal(exposed: Iterable[int], *, dropped: Iterable[int] = ()) -> bool:
    """Whether the dealer declares a misdeal for cards that went wrong during the deal (seed 000).

    ``exposed``: the cards turned face up on the table while dealing, by their place in the deal
    (1 = the first card off the deck, which goes to the small blind; 2 = the second, to the big
    blind; ...). ``dropped``: cards that left the playing surface, by the same numbering; they are
    never a misdeal (the card is shown to everyone and becomes the first burn card; the deck is
    changed after the hand), so they do not count as exposed.

    A misdeal when the first or second card is exposed, or when two or more cards are; one other
    exposed card is not a misdeal. These are the only misdeals the dealer may declare.
    """
    up = _places(exposed, "exposed cards")
    off = _places(dropped, "cards that left the table")
    both = sorted(set(up) & set(off))
    if both:
        raise ValueError(f"card {both[0]} of the deal is listed both as exposed and as having left the table; "
                         f"a card that left the table is listed only as such")
    return len(up) >= 2 or any(place in (1, 2) for place in up)


def dealer_may_state_pot(structure: Structure | str) -> bool:
    """Whether the dealer may tell the players how much is in the pot: only in pot-limit games.

    ``structure`` is ``"pot_limit"``, ``"no_limit"`` or ``"limit"`` (``House.stakes(name).structure``).
    Where the answer is no, the dealer may only spread the pot so that the players can count it.
    """
    if structure not in STRUCTURES:
        raise ValueError(f"unknown betting structure {structure!r}: use one of {', '.join(STRUCTURES)}")
    return structure == Structure.POT_LIMIT
