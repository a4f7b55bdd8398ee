"""The pictures of a worked example, as data: what the engine was asked and answered, nothing else.

A floor manager or a tourist reads a table faster than a sentence, so an example whose checks ask
the engine about cards, seats or a pot is also drawn (``rulebook.publish.site.svg``). What is drawn is
taken only from the example's checks as the gate ran them (``Outcome.arguments``, ``.actual``), and
only from checks the engine agreed with: a picture can never show a number the engine did not check.
A picture that cannot be drawn (a seat no table has, a card twice, shares that do not make the pot)
is refused here, and the gate names the example (``rulebook.gate.coherence.picture_problems``).
The pictures are language-free; the drawing says them in the reader's words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Union

from rulebook.core.calls import Given, Items
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


@dataclass(frozen=True)
class Betting:
    """``betting.min_raise_to``: the round's bets and raises so far, each the total it raised to, in
    order (the blinds first before the flop), and the smallest raise the engine allows next."""
    levels: tuple[Value, ...]
    minimum: Value


@dataclass(frozen=True)
class Chips:
    """``betting.interpret_chips``: the bet the player faces (None: nobody has bet), what is already in
    front of them (None: nothing), the chips they put out now, what they said (None: nothing), and what
    the engine says the chips are (``bet``, ``call`` or ``raise``) with the round's total it makes."""
    facing: Value | None
    own: Value | None
    chips: tuple[Value, ...]
    declared: str | None
    action: str
    total: Value


@dataclass(frozen=True)
class Rake:
    """``house.rake``: the stakes, the players dealt in (None: not asked), whether there was a flop,
    and each pot with the rake the engine takes from it (main pot first)."""
    stakes: str
    players: int | None
    flop: bool
    pots: tuple[tuple[Value, Value], ...]


@dataclass(frozen=True)
class ShowOrder:
    """``showdown.order``: the button, the last aggressor asked about (None: nobody bet), and the
    seats in the order the engine says they show."""
    button: int
    last_aggressor: int | None
    order: tuple[int, ...]


@dataclass(frozen=True)
class FirstToShow:
    """``showdown.first_to_show``: the final round's actions in order (seat, engine word), the house's
    rule (``last_aggressor`` or ``first_bettor``) and the seat the engine says shows first."""
    actions: tuple[tuple[int, str], ...]
    rule: str
    first: int


@dataclass(frozen=True)
class Table:
    """A seat table and what the engine answered about it (``table.may_straddle``,
    ``table.seat_change_must_post``, ``table.blind_positions``, ``table.heads_up_button``): the seats
    with a player, the button and the blinds where the engine puts them (None: not asked), the seats
    away and those that have straddled, a seat change (old, new), and the answers, each a seat and
    ``straddle``/``no-straddle``, ``post``/``no-post``."""
    seats: tuple[int, ...]
    button: int | None = None
    small: int | None = None
    big: int | None = None
    away: tuple[int, ...] = ()
    straddles: tuple[int, ...] = ()
    move: tuple[int, int] | None = None
    answers: tuple[tuple[int, str], ...] = ()


Picture = Union[Showdown, Hand, Split, Seats, Betting, Chips, Rake, ShowOrder, FirstToShow, Table]
MOST_CHIPS = 12   # chips put out at once that a picture draws one by one
TABLE_CALLS = ("table.may_straddle", "table.seat_change_must_post", "table.blind_positions", "table.heads_up_button")


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
    return tuple(_tables(found))


def _tables(found: list[Picture]) -> list[Picture]:
    """One seat table per situation: the answers about the same seats, button, seats away and
    straddles on one table, with the blinds the engine placed for that table and button."""
    merged: list[Picture] = []
    for picture in found:
        tables = [(i, other) for i, other in enumerate(merged) if isinstance(other, Table)]
        same = next(((i, other) for i, other in tables if isinstance(picture, Table) and _together(other, picture)), None)
        if same is None or not isinstance(picture, Table):
            merged.append(picture)
        else:
            merged[same[0]] = _joined(same[1], picture)
    return merged


def _together(a: Table, b: Table) -> bool:
    def agree(x: int | None, y: int | None) -> bool:
        return x is None or y is None or x == y
    return (a.seats == b.seats and a.button == b.button and a.move is None and b.move is None
            and agree(a.small, b.small) and agree(a.big, b.big)
            and ((a.away, a.straddles) == (b.away, b.straddles) or _blinds_only(a) or _blinds_only(b)))


def _blinds_only(table: Table) -> bool:
    return not table.answers and table.move is None and not table.away and not table.straddles


def _joined(table: Table, more: Table) -> Table:
    return replace(table, small=table.small if table.small is not None else more.small,
                   big=table.big if table.big is not None else more.big, away=table.away or more.away,
                   straddles=table.straddles or more.straddles,
                   answers=table.answers + tuple(a for a in more.answers if a not in table.answers))


def _picture(outcome: Outcome) -> Picture | None:
    """The picture of one check the engine agreed with (None: a call no picture draws)."""
    call = outcome.check.call
    drawing = _DRAWN.get(f"{call.owner}.{call.function}")
    return drawing(outcome, dict(outcome.keywords), outcome.check.line) if drawing else None


def _showdown(outcome: Outcome, keywords: dict[str, Any], line: int) -> Showdown | None:
    if len(outcome.arguments) != 2 or keywords.get("game", "holdem") != "holdem":
        return None
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


def _hand(outcome: Outcome, keywords: dict[str, Any], line: int) -> Hand | None:
    if outcome.check.call.fields != ("category",) or len(outcome.arguments) != 1:
        return None
    cards = _cards(outcome.arguments[0], line, 5, 7)
    _distinct(list(cards), line)
    return Hand(cards, str(outcome.actual))


def _split(outcome: Outcome, keywords: dict[str, Any], line: int) -> Split | None:
    if len(outcome.arguments) != 2:
        return None
    pot, _ = outcome.arguments
    unit = _unit(outcome, outcome.check.call.args[0])
    shares = {_seat(seat, line): amount for seat, amount in outcome.actual.items()}
    if sum(shares.values()) != pot:
        raise PictureError(line, f"the shares {shares} do not add up to the pot of {pot}")
    return Split(Value(literal=pot, unit=unit), _seat(keywords["button"], line),
                 tuple((seat, Value(literal=amount, unit=unit)) for seat, amount in sorted(shares.items())))


def _seats_of_hand(outcome: Outcome, keywords: dict[str, Any], line: int) -> Seats | None:
    if len(outcome.arguments) != 1:
        return None
    seats = tuple(sorted(_seat(seat, line) for seat in outcome.arguments[0]))
    if len(set(seats)) != len(seats):
        raise PictureError(line, f"a seat is listed twice among the seats {list(seats)}")
    roles = tuple(sorted((seat, str(role)) for seat, role in outcome.actual.items()))
    if {seat for seat, _ in roles} - set(seats):
        raise PictureError(line, f"the engine names a seat outside the seats {list(seats)}")
    hand = dict(outcome.binding).get("hand")
    number = hand.literal if hand is not None and isinstance(hand.literal, int) else None
    return Seats(seats, roles, _seat(keywords["button"], line), number)


def _betting(outcome: Outcome, keywords: dict[str, Any], line: int) -> Betting | None:
    if len(outcome.arguments) != 1:
        return None
    levels = outcome.arguments[0]
    if not isinstance(levels, (list, tuple)) or not levels or not all(_amount(a) for a in levels):
        raise PictureError(line, f"{levels!r} is not a list of bets, each an amount")
    if list(levels) != sorted(levels):
        raise PictureError(line, f"the bets {list(levels)} go down: each raise is to more than the bet before")
    if not _amount(outcome.actual) or outcome.actual <= levels[-1]:
        raise PictureError(line, f"a minimum raise to {outcome.actual!r} is not above the bet of {levels[-1]!r}")
    units = _units(outcome, outcome.check.call.args[0], len(levels))
    unit = _expected_unit(outcome) or units[-1]
    return Betting(tuple(Value(literal=a, unit=u) for a, u in zip(levels, units)), Value(literal=outcome.actual, unit=unit))


def _rake(outcome: Outcome, keywords: dict[str, Any], line: int) -> Rake | None:
    if len(outcome.arguments) != 1:
        return None
    pots, rakes = outcome.arguments[0], outcome.actual
    if not isinstance(pots, (list, tuple)) or not 1 <= len(pots) <= 4 or not all(_amount(p, 0) for p in pots):
        raise PictureError(line, f"{pots!r} is not a list of one to four pots, each an amount")
    if not isinstance(rakes, (list, tuple)) or len(rakes) != len(pots):
        raise PictureError(line, f"the rakes {rakes!r} are not one for each of the pots {list(pots)}")
    for pot, rake in zip(pots, rakes):
        if not _amount(rake, 0) or rake > pot:
            raise PictureError(line, f"a rake of {rake!r} cannot be taken from a pot of {pot!r}")
    if len(outcome.example.rows) > 2:     # a table of pots is its own picture
        return None
    units = _units(outcome, outcome.check.call.args[0], len(pots))
    players = keywords.get("players")
    return Rake(str(keywords.get("stakes", "")), players if isinstance(players, int) else None,
                keywords.get("flop", True) is not False,
                tuple((Value(literal=p, unit=u), Value(literal=r, unit=u)) for p, r, u in zip(pots, rakes, units)))


def _show_order(outcome: Outcome, keywords: dict[str, Any], line: int) -> ShowOrder | None:
    if len(outcome.arguments) != 1:
        return None
    active = [_seat(seat, line) for seat in outcome.arguments[0]]
    order = tuple(_seat(seat, line) for seat in outcome.actual)
    if sorted(order) != sorted(set(active)) or len(active) < 2:
        raise PictureError(line, f"the order {list(order)} is not the seats at the showdown {active}, each once")
    last = keywords.get("last_aggressor")
    return ShowOrder(_seat(keywords["button"], line), None if last is None else _seat(last, line), order)


def _first_to_show(outcome: Outcome, keywords: dict[str, Any], line: int) -> FirstToShow | None:
    if len(outcome.arguments) != 1 or outcome.actual is None:
        return None
    actions = tuple((_seat(seat, line), str(action)) for seat, action in outcome.arguments[0])
    if _seat(outcome.actual, line) not in {seat for seat, _ in actions}:
        raise PictureError(line, f"seat {outcome.actual} shows first but did not act in {list(actions)}")
    return FirstToShow(actions, str(keywords.get("rule", "last_aggressor")), outcome.actual)


def _chips(outcome: Outcome, keywords: dict[str, Any], line: int) -> Chips | None:
    """The chips one player puts out, and what the engine says they are: every amount in the unit the
    example gives the big blind in (money, or a tournament's chips)."""
    if len(outcome.arguments) != 1:
        return None
    chips, levels, own = outcome.arguments[0], keywords.get("levels"), keywords.get("own_bet", 0)
    if not isinstance(chips, (list, tuple)) or not 1 <= len(chips) <= MOST_CHIPS or not all(_amount(c) for c in chips):
        raise PictureError(line, f"{chips!r} is not one to {MOST_CHIPS} chips, each an amount")
    if not isinstance(levels, (list, tuple)) or not all(_amount(a) for a in levels) or list(levels) != sorted(levels):
        raise PictureError(line, f"{levels!r} is not the round's bets so far, each more than the one before")
    facing = levels[-1] if levels else 0
    if not _amount(own, 0) or own > facing:
        raise PictureError(line, f"a player with {own!r} in front cannot be facing a bet of {facing!r}")
    answer = outcome.actual
    if not (isinstance(answer, (list, tuple)) and len(answer) == 2 and answer[0] in ("bet", "call", "raise")
            and _amount(answer[1])):
        raise PictureError(line, f"{answer!r} is not what chips are (a bet, a call or a raise, and its total)")
    unit = _unit(outcome, dict(outcome.check.call.kwargs).get("big_blind"))
    declared = keywords.get("declared")

    def amount(value: int) -> Value:
        return Value(literal=value, unit=unit)

    return Chips(amount(facing) if facing else None, amount(own) if own else None,
                 tuple(amount(chip) for chip in chips), str(declared) if declared else None,
                 str(answer[0]), amount(answer[1]))


def _table(outcome: Outcome, keywords: dict[str, Any], line: int) -> Table:
    """The seat table of one ``table.*`` question, its answer marked."""
    call = outcome.check.call
    where, args, actual = f"{call.owner}.{call.function}", outcome.arguments, outcome.actual
    if where == "table.may_straddle":
        seats = _seats(keywords["seats"], line)
        away, straddles = _seats(keywords.get("away", ()), line), tuple(_seat(s, line) for s in keywords.get("straddles", ()))
        asked = _seat(args[0], line)
        if not {asked, *away, *straddles} <= set(seats):
            raise PictureError(line, f"seat {asked}, the seats away and the straddles must be among the seats {list(seats)}")
        return Table(seats, _seat(keywords["button"], line), away=away, straddles=straddles,
                     answers=((asked, "straddle" if actual else "no-straddle"),))
    if where == "table.seat_change_must_post":
        seats, old, new = _seats(keywords["seats"], line), _seat(args[0], line), _seat(args[1], line)
        if old not in seats or new in seats:
            raise PictureError(line, f"a move from seat {old} to seat {new} is not from a seat taken to a free one "
                                     f"(seats taken: {list(seats)})")
        return Table(seats, big=_seat(keywords["big_blind"], line), move=(old, new),
                     answers=((new, "post" if actual else "no-post"),))
    seats = _seats(args[0], line)
    if where == "table.blind_positions":
        button, (small, big) = _seat(keywords["button"], line), actual
    else:
        (button, big), small = actual, None
    if not {_seat(button, line), _seat(big, line)} | ({_seat(small, line)} if small is not None else set()) <= set(seats):
        raise PictureError(line, f"the button and the blinds must be among the seats {list(seats)}")
    return Table(seats, button, small, big)


# Each engine call a picture draws, and the function that takes its picture from a check's outcome.
_DRAWN: dict[str, Callable[[Outcome, dict[str, Any], int], Picture | None]] = {
    "hands.winners": _showdown, "hands.evaluate": _hand, "pots.split": _split, "table.hand_roles": _seats_of_hand,
    "betting.min_raise_to": _betting, "betting.interpret_chips": _chips, "house.rake": _rake,
    "showdown.order": _show_order, "showdown.first_to_show": _first_to_show,
    **{where: _table for where in TABLE_CALLS},
}


def _seats(seats: Any, line: int) -> tuple[int, ...]:
    if not isinstance(seats, (list, tuple)):
        raise PictureError(line, f"{seats!r} is not a list of seats")
    found = tuple(sorted(_seat(seat, line) for seat in seats))
    if len(set(found)) != len(found):
        raise PictureError(line, f"a seat is listed twice among the seats {list(found)}")
    return found


def _amount(amount: Any, least: int = 1) -> bool:
    return not isinstance(amount, bool) and isinstance(amount, int) and amount >= least


def _units(outcome: Outcome, argument: Any, count: int) -> list[str]:
    """The unit of each item of a list argument: each item's given value, or the list's."""
    binding = dict(outcome.binding)
    if isinstance(argument, Items):
        return [_unit(outcome, item) for item in argument.items]
    if isinstance(argument, Given) and isinstance(value := binding.get(argument.name), Value) \
            and isinstance(value.literal, list):
        return [item.unit for item in value.literal]
    return ["count"] * count


def _expected_unit(outcome: Outcome) -> str | None:
    """The unit of the example's value the engine's answer is compared with."""
    expect = outcome.check.expect
    value = dict(outcome.binding).get(expect) if isinstance(expect, str) else None
    return value.unit if isinstance(value, Value) else None


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
