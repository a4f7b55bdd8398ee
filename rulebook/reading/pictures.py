"""The pictures of a worked example, as data: what the engine was asked and answered, nothing else.

A floor manager or a tourist reads a table faster than a sentence, so an example whose checks ask
the engine about cards, seats or a pot is also drawn (``rulebook.publish.svg``). What is drawn is
taken only from the example's checks as the gate ran them (``Outcome.arguments``, ``.actual``), and
only from checks the engine agreed with: a picture can never show a number the engine did not check.
A picture that cannot be drawn (a seat no table has, a card twice, shares that do not make the pot)
is refused here, and the gate names the example (``rulebook.gate.coherence.picture_problems``).
The pictures are language-free; the drawing says them in the reader's words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Union

from rulebook.core.calls import Given
from rulebook.core.examples import Outcome
from rulebook.core.values import Value

MAX_SEATS = 10            # the most seats a poker table has: a seat beyond it has no place to be drawn
RANKS = "23456789TJQKA"
SUITS = "shdc"


class PictureError(ValueError):
    """An example whose picture cannot be drawn: ``line`` is its check's line in the examples file."""

    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line, self.message = line, message


@dataclass(frozen=True)
class Showdown:
    """``hands.winners``: the board, each seat's hole cards, and the seats the engine says win."""
    board: tuple[str, ...]
    holes: tuple[tuple[int, tuple[str, ...]], ...]
    winners: tuple[int, ...]


@dataclass(frozen=True)
class Hand:
    """``hands.evaluate(…).category``: the cards of one hand and the category the engine gives them."""
    cards: tuple[str, ...]
    category: str


@dataclass(frozen=True)
class Split:
    """``pots.split``: the pot, the button, and each winner's share as the engine splits it, in the
    unit the example gives the pot in (so the drawing writes them as the text does)."""
    pot: Value
    button: int
    shares: tuple[tuple[int, Value], ...]


@dataclass(frozen=True)
class Seats:
    """``table.hand_roles``: one hand at the table, each occupied seat with its part in it (the
    engine's words: ``button``, ``small``, ``big + …``), and the hand's number in a table of hands."""
    seats: tuple[int, ...]
    roles: tuple[tuple[int, str], ...]
    button: int
    hand: int | None


Picture = Union[Showdown, Hand, Split, Seats]


def pictures(outcomes: Sequence[Outcome]) -> tuple[Picture, ...]:
    """Every picture of one example (each once, in the order of its checks); PictureError for the
    first that cannot be drawn. A check the engine disagreed with draws nothing: the gate reports it."""
    found: list[Picture] = []
    for outcome in outcomes:
        if not outcome.ok:
            continue
        picture = _picture(outcome)
        if picture is not None and picture not in found:
            found.append(picture)
    return tuple(found)


def _picture(outcome: Outcome) -> Picture | None:
    call, line = outcome.check.call, outcome.check.line
    keywords = dict(outcome.keywords)
    where = f"{call.owner}.{call.function}"
    if where == "hands.winners" and len(outcome.arguments) == 2 and keywords.get("game", "holdem") == "holdem":
        holes, board = outcome.arguments
        seats = tuple(sorted(holes))
        for seat in seats:
            _seat(seat, line)
        drawn = Showdown(_cards(board, line, 3, 5), tuple((seat, _cards(holes[seat], line, 2, 2)) for seat in seats),
                         tuple(outcome.actual))
        _distinct([*drawn.board, *(card for _, cards in drawn.holes for card in cards)], line)
        if not drawn.winners or not set(drawn.winners) <= set(seats):
            raise PictureError(line, f"the winners {list(drawn.winners)} are not among the seats shown {list(seats)}")
        return drawn
    if where == "hands.evaluate" and call.fields == ("category",) and len(outcome.arguments) == 1:
        cards = _cards(outcome.arguments[0], line, 5, 7)
        _distinct(list(cards), line)
        return Hand(cards, str(outcome.actual))
    if where == "pots.split" and len(outcome.arguments) == 2:
        pot, _ = outcome.arguments
        unit = _unit(outcome, call.args[0])
        shares = {_seat(seat, line): amount for seat, amount in outcome.actual.items()}
        if sum(shares.values()) != pot:
            raise PictureError(line, f"the shares {shares} do not add up to the pot of {pot}")
        return Split(Value(literal=pot, unit=unit), _seat(keywords["button"], line),
                     tuple((seat, Value(literal=amount, unit=unit)) for seat, amount in sorted(shares.items())))
    if where == "table.hand_roles" and len(outcome.arguments) == 1:
        seats = tuple(sorted(_seat(seat, line) for seat in outcome.arguments[0]))
        if len(set(seats)) != len(seats):
            raise PictureError(line, f"a seat is listed twice among the seats {list(seats)}")
        roles = tuple(sorted((seat, str(role)) for seat, role in outcome.actual.items()))
        if {seat for seat, _ in roles} - set(seats):
            raise PictureError(line, f"the engine names a seat outside the seats {list(seats)}")
        hand = dict(outcome.binding).get("hand")
        number = hand.literal if hand is not None and isinstance(hand.literal, int) else None
        return Seats(seats, roles, _seat(keywords["button"], line), number)
    return None


def _seat(seat: Any, line: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= MAX_SEATS:
        raise PictureError(line, f"seat {seat!r} is not a seat of a table (1 to {MAX_SEATS})")
    return seat


def _cards(cards: Any, line: int, least: int, most: int) -> tuple[str, ...]:
    if not isinstance(cards, (list, tuple)) or not least <= len(cards) <= most:
        raise PictureError(line, f"{cards!r} is not {least}{f' to {most}' if most != least else ''} cards")
    for card in cards:
        if not (isinstance(card, str) and len(card) == 2 and card[0] in RANKS and card[1] in SUITS):
            raise PictureError(line, f"{card!r} is not a card (a rank of {RANKS} and a suit of {SUITS})")
    return tuple(cards)


def _distinct(cards: list[str], line: int) -> None:
    twice = sorted({card for card in cards if cards.count(card) > 1})
    if twice:
        raise PictureError(line, f"the card {', '.join(twice)} is drawn twice (a deck has one of each)")


def _unit(outcome: Outcome, argument: Any) -> str:
    """The unit of the example's value a call's argument names (a pot in money or in chips)."""
    if isinstance(argument, Given):
        value = dict(outcome.binding).get(argument.name)
        if value is not None:
            return value.unit
    return "count"
