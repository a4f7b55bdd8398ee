"""Cards and amounts: parsing and the plain-language checks every other module relies on.

A card is a two-character string, rank ``23456789TJQKA`` then suit ``cdhs`` (``"Ah"``, ``"Tc"``).
Where a suit has to decide between two cards of the same rank (the seat draw, the chip race),
the order is the one seed 000 gives for breaking tables: spades, hearts, diamonds, clubs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

RANKS = "23456789TJQKA"
SUITS = "cdhs"
#: Suit order for draws, highest first (seed 000, "Breaking table": spades, hearts, diamonds, clubs).
DRAW_SUIT_ORDER = "shdc"
DECK: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)
_DECK_SET = frozenset(DECK)

_RANK_WORDS = {
    "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
    "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace",
}
_SUIT_WORDS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}


def card_name(card: str) -> str:
    """Spell a card out ("Ah" -> "ace of hearts") for messages."""
    return f"{_RANK_WORDS[card[0]]} of {_SUIT_WORDS[card[1]]}"


def check_card(card: object) -> str:
    """Return the card unchanged, or raise ValueError saying why it is not a card."""
    if not isinstance(card, str) or card not in _DECK_SET:
        raise ValueError(
            f"{card!r} is not a card: write the rank (2-9, T, J, Q, K, A) then the suit "
            f"(c, d, h, s), for example 'Ah' or 'Tc'"
        )
    return card


def check_cards(cards: Iterable[object], *, what: str = "cards") -> tuple[str, ...]:
    """Validate a group of cards that are all in play together: every card known, none twice."""
    if isinstance(cards, str):
        raise ValueError(f"the {what} must be a list of cards such as ['Ah', 'Kd'], not the text {cards!r}")
    out = tuple(check_card(c) for c in cards)
    seen: set[str] = set()
    for c in out:
        if c in seen:
            raise ValueError(f"the {c} ({card_name(c)}) appears twice among the {what}: one deck has one of each card")
        seen.add(c)
    return out


def rank_index(card: str) -> int:
    """0 for a two up to 12 for an ace."""
    return RANKS.index(card[0])


def draw_strength(card: str) -> tuple[int, int]:
    """How high a card is in a draw for seats or the button: rank first, then spades > hearts > diamonds > clubs."""
    check_card(card)
    return (RANKS.index(card[0]), 3 - DRAW_SUIT_ORDER.index(card[1]))


def check_amount(value: object, what: str = "amount", *, positive: bool = False) -> int:
    """An amount of the house's money: a whole number, not negative (or above zero when ``positive``)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"the {what} must be a whole number, not {value!r}")
    if value < 0:
        raise ValueError(f"the {what} cannot be negative ({value})")
    if positive and value == 0:
        raise ValueError(f"the {what} must be more than 0")
    return value


def check_seat(value: object, what: str = "seat") -> int:
    """A table seat number: a whole number, 1 or more."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"the {what} must be a seat number (1, 2, 3, ...), not {value!r}")
    return value


def check_seats(seats: Iterable[object], what: str = "seats") -> tuple[int, ...]:
    """Distinct seat numbers, sorted (clockwise order starting from the lowest seat)."""
    out = [check_seat(s, what) for s in seats]
    if len(set(out)) != len(out):
        raise ValueError(f"a seat is listed twice among the {what}")
    return tuple(sorted(out))


def clockwise_from(seats: Sequence[int], start: int, *, include_start: bool = False) -> list[int]:
    """The seats in clockwise order beginning with the first one after ``start``.

    Seats are numbered clockwise in ascending order and wrap round, so the seat after the highest
    is the lowest. ``start`` need not be occupied (a dead button). With ``include_start`` the seat
    ``start`` itself, if listed, comes first instead of last.
    """
    ordered = sorted(seats)
    if include_start:
        return [s for s in ordered if s >= start] + [s for s in ordered if s < start]
    return [s for s in ordered if s > start] + [s for s in ordered if s <= start]
