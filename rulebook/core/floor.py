"""The floor calculators: what a reader types, read as numbers, asked of the engine, and answered in
steps. This module runs in the reader's browser (Pyodide), beside the engine's wheel, so it imports
nothing but ``pokerrules`` and the standard library; the build reads its ``CALCULATORS`` to make the
page (``rulebook.reading.calculators``). It never decides a rule itself: every number it answers is the
engine's. Its messages are English msgids, each translated into the page's data at build time.

``respond`` is the one entry point: a JSON request in, a JSON answer out (no object crosses the
border between JavaScript and Python but text).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from pokerrules import House, betting, pots, table
from pokerrules.house import GAMES
from pokerrules.rake import Rake


def N_(message: str) -> str:
    """Mark a message for the catalogs (``rulebook gettext`` extracts it); the build translates it.
    (Not ``rulebook.i18n.vocabulary.N_``: this module is shipped alone, without the generator.)"""
    return message


_Function = TypeVar("_Function", bound=Callable[..., Any])


def raked(function: _Function) -> _Function:
    """Mark a function whose messages speak of the house's rake, whichever calculator says them: the
    page of a house that takes no rake is sent none of them (``rulebook.reading.calculators``)."""
    return function


def dropped(function: _Function) -> _Function:
    """Mark a function whose messages speak of the house's jackpot drop: sent only to the page of a
    house that takes one."""
    return function


def unstaked(function: _Function) -> _Function:
    """Mark a function whose messages are said only where the house states no stakes (its games, a cap
    of no stakes): sent only to the page of a house that states its rake without stakes."""
    return function


def in_cents(function: _Function) -> _Function:
    """Mark a function whose messages speak of amounts with cents: sent only to the page of a house that
    counts in them."""
    return function


#: The largest amount or count a reader may type: beyond it, no table's chips (a guard, not a rule).
LARGEST = 10 ** 9
#: The most entries a list may hold where the house states no number of seats (a guard, not a rule).
LONGEST = 30

#: Card ranks and suits as a reader may type them: the engine's letters, or the suit symbols.
_SUITS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}


class Refused(ValueError):
    """Input the reader must correct: a message (an English msgid) and the values it names."""

    def __init__(self, message: str, **values: Any):
        super().__init__(message)
        self.message, self.values = message, values
        self.field: str | None = None   # the input it is about, once known


@dataclass(frozen=True)
class Field:
    """One input of a calculator: its name, its kind (how it is read) and its label."""

    name: str
    kind: str       # amount, count, seat, amounts, counts, ranks, seats, stakes, yesno, cards
    label: str
    #: A list's example, as a reader types it (data, never translated): the page says how to separate.
    example: str = ""
    optional: bool = False
    #: More than zero (a blind, a chip); a count, a seat and a rank always are.
    positive: bool = False
    #: Asked only of a house with no stakes table (a cash house's stakes give it).
    without_stakes: bool = False
    #: Asked only of a house that takes rake (what its rake needs; its label is sent to no other house).
    raked: bool = False
    #: Asked only of a house whose jackpot drop is taken once the big blind is called.
    dropped: bool = False
    #: Asked only of a house whose sums a flop changes ("no flop, no drop", a jackpot drop after the flop).
    flopped: bool = False
    #: Asked only of a house that states its rake by game and no stakes (a stakes row names its game).
    unstaked: bool = False
    #: What the answer takes where the house is not asked it (its stakes: none; a flop: dealt).
    default: Any = None


@dataclass(frozen=True)
class Calculator:
    """A calculator: its title, the engine function whose worked examples name the rules that decide
    its answer (the house offers it when it publishes one of them), and its inputs. ``also``: engine
    functions that decide part of the answer where the house has rules for them (its rake, beside
    the side pots), their rules named with the others."""

    id: str
    title: str
    engine: str
    fields: tuple[Field, ...]
    also: tuple[str, ...] = ()

    def asks(self, house: House) -> tuple[Field, ...]:
        """The inputs this house's readers give: the stakes where it has a stakes table, what they
        would have told otherwise where it has none, and what its rake needs where it takes one."""
        cash = bool(house.stakes_names)
        called = any(rake.jackpot is not None and rake.jackpot.after == "big-blind-called" for rake in house.rakes)
        flop = house.no_flop_no_drop or any(rake.jackpot is not None and rake.jackpot.after == "flop"
                                            for rake in house.rakes)
        return tuple(f for f in self.fields if (f.kind != "stakes" or cash) and not (f.without_stakes and cash)
                     and (house.takes_rake or not f.raked) and (called or not f.dropped) and (flop or not f.flopped)
                     and (not f.unstaked or (bool(house.game_rakes) and not cash)))


_STAKES = Field("stakes", "stakes", N_("Stakes"))
_GAME = Field("game", "game", N_("Game"), unstaked=True)
_CALLED = Field("called", "yesno", N_("Was the big blind called?"), dropped=True, default=True)
_BIG_BLIND = Field("big_blind", "amount", N_("Big blind"), positive=True)
_LEVELS = Field("levels", "amounts", N_("Bets and raises in this round, in order, blinds first"), "5; 10; 20")
_FLOP = Field("flop", "yesno", N_("Was a flop dealt?"), raked=True, flopped=True, default=True)

CALCULATORS: tuple[Calculator, ...] = (
    Calculator("rake", N_("Rake of a hand"), "house.rake", (
        _STAKES, _GAME, Field("players", "count", N_("Players dealt in")), _FLOP, _CALLED,
        Field("pots", "amounts", N_("Pots, main pot first"), "300; 120"),
    ), also=("house.jackpot_drop",)),
    Calculator("split-pot-rake", N_("Rake of a split pot"), "house.split_pot_rake", (
        _STAKES, _GAME, Field("pot", "amount", N_("Pot")),
        Field("dead", "amount", N_("Dead money (chips of players who did not share the pot)")),
    )),
    Calculator("min-raise", N_("Minimum raise"), "betting.min_raise_to", (_BIG_BLIND, _LEVELS)),
    Calculator("pot-limit", N_("Pot-limit maximum raise"), "betting.pot_limit_max_raise_to", (
        Field("pot", "amount", N_("Pot, every chip in the middle and in front of every player")),
        Field("current_bet", "amount", N_("Bet to call")),
        Field("own_bet", "amount", N_("Player's own bet in front"), optional=True),
    )),
    Calculator("reopening", N_("Short all-in: may the player raise?"), "betting.may_raise", (
        _BIG_BLIND, _LEVELS,
        Field("acted_at", "amount", N_("The total the player last bet or called in this round (0 if they checked; "
                                       "empty if they have not acted yet: posting a blind is not acting)"),
              optional=True),
    )),
    Calculator("side-pots", N_("Side pots and odd chips"), "pots.split", (
        Field("contributions", "amounts", N_("Chips each player put in, in seat order from seat 1"), "100; 250; 250"),
        Field("hands", "ranks", N_("Each player's hand at showdown, in the same order: 1 for the best, "
                                    "the same number for a tie"), "2; 1; 1"),
        Field("folded", "seats", N_("Seats that folded"), optional=True),
        Field("button", "seat", N_("Button seat")),
        _STAKES, _GAME, Field("chip", "amount", N_("Smallest chip in play"), positive=True, without_stakes=True), _FLOP,
        _CALLED,
    ), also=("house.rake", "house.split_pot_rake", "house.jackpot_drop")),
    Calculator("chip-race", N_("Chip race"), "table.chip_race", (
        Field("small", "amount", N_("Chip being removed"), positive=True),
        Field("large", "amount", N_("Next chip up"), positive=True),
        Field("odd", "counts", N_("Chips of the removed colour each player has left, in player order"), "3; 1; 2"),
        Field("cards", "cards", N_("Cards dealt to each player, one per chip, in the same order"), "Ah Kd 2c; 9s; Qh Jc"),
    )),
)


# -- reading what the reader typed --------------------------------------------------------------


def _digits(text: str, symbols: Mapping[str, str]) -> str:
    """A whole number as typed in the language ("1.000" in ro, "1 000" in fr), as plain digits."""
    text = text.strip()
    if not text:
        raise Refused(N_("Enter a number."))
    if text[0] in "-\u2212":
        raise Refused(N_("A number here cannot be negative."))
    groups = {symbols["group"]}
    if symbols["group"].isspace():
        groups |= {" ", "\u00a0", "\u202f"}   # whichever space a reader's keyboard types
    plain = "".join(" " if ch in groups else ch for ch in text)
    if symbols["decimal"] in plain:
        raise Refused(N_("Enter a whole number."))
    if not re.fullmatch(r"[0-9]+( [0-9]{3})*", plain):
        raise Refused(N_("This is not a number: {text}"), text=text)
    return plain.replace(" ", "")


def parse_number(text: str, symbols: Mapping[str, Any], *, positive: bool = False, amount: bool = False) -> int:
    """A whole number typed in the reader's language; an ``amount`` may also have cents where the house
    counts in them (``symbols["subunits"]``: 100), and is then returned in cents. ``Refused`` with the
    reason when it is not one."""
    subunits = int(symbols.get("subunits", 1)) if amount else 1
    whole, cents = _cents(text, symbols, subunits) if subunits > 1 else (text, "")
    digits = _digits(whole, symbols)
    if len(digits) > len(str(LARGEST)) or int(digits) > LARGEST:
        raise Refused(N_("This number is too large for a table: {text}"), text=text.strip())
    value = int(digits) * subunits + (int(cents.strip().ljust(len(str(subunits)) - 1, "0")) if cents else 0)
    if positive and value == 0:
        raise Refused(N_("This must be more than zero."))
    return value


@in_cents
def _cents(text: str, symbols: Mapping[str, Any], subunits: int) -> tuple[str, str]:
    """An amount typed with its cents ("12.50"), as its whole units and its cents' digits."""
    if symbols["decimal"] not in text:
        return text, ""
    whole, _, cents = text.rpartition(symbols["decimal"])
    if not re.fullmatch(rf"[0-9]{{1,{len(str(subunits)) - 1}}}", cents.strip()):
        raise Refused(N_("This is not an amount: {text}"), text=text.strip())
    return whole or "0", cents


def parse_list(text: str, symbols: Mapping[str, Any], *, positive: bool = False, amount: bool = False) -> list[int]:
    """Numbers separated by ``;``."""
    items = [item for item in text.split(";")]
    if items and not items[-1].strip():
        items.pop()   # a last ";" typed out of habit
    if not items:
        raise Refused(N_("Enter a number."))
    if len(items) > LONGEST:
        raise Refused(N_("At most {count} entries."), count=_count(LONGEST, symbols))
    return [parse_number(item, symbols, positive=positive, amount=amount) for item in items]


def parse_cards(text: str, symbols: Mapping[str, str]) -> list[list[str]]:
    """Each player's cards, players separated by ``;``: ``Ah Kd; 9s``, or with suit symbols."""
    players = []
    for item in text.split(";"):
        cards = []
        for word in item.split():
            word = word.replace("10", "T")
            word = word[:-1] + _SUITS.get(word[-1], word[-1])
            card = word[:1].upper() + word[1:].lower()
            if not re.fullmatch(r"[2-9TJQKA][cdhs]", card):
                raise Refused(N_("This is not a card: {text}"), text=word)
            cards.append(card)
        players.append(cards)
    if len(players) > LONGEST:
        raise Refused(N_("At most {count} entries."), count=_count(LONGEST, symbols))
    return players


def _count(value: int, symbols: Mapping[str, str]) -> dict[str, Any]:
    return {"count": value, "text": format_number(value, symbols)}


def _money(value: int, symbols: Mapping[str, Any]) -> dict[str, Any]:
    """An amount for the page: its number as the language writes it (with its cents, where there are
    some), and how many units of the money it is (what its plural form is chosen by)."""
    subunits = int(symbols.get("subunits", 1))
    units, cents = divmod(value, subunits)
    text = format_number(units, symbols) + (f"{symbols['decimal']}{cents:0{len(str(subunits)) - 1}d}" if cents else "")
    return {"money": value / subunits if cents else units, "text": text}


def _seats(values: Sequence[int]) -> dict[str, Any]:
    return {"seats": [str(value) for value in values]}


def format_number(value: int, symbols: Mapping[str, str]) -> str:
    """A whole number as the language writes it, with its group symbol (not below ``min_grouping``
    digits beyond the first group, as CLDR says: Spanish writes 1000 but 10.000)."""
    digits = str(value)
    if len(digits) < 4 + int(symbols.get("min_grouping", 1)) - 1:
        return digits
    head, tail = digits[:len(digits) % 3 or 3], digits[len(digits) % 3 or 3:]
    return symbols.get("group", "").join([head, *(tail[i:i + 3] for i in range(0, len(tail), 3))])


# -- the answers ---------------------------------------------------------------------------------


@dataclass
class Answer:
    """What a calculator answers: the result (data, what the page's test compares with the engine)
    and the steps that explain it, each a message and its values."""

    result: Any
    steps: list[tuple[str, dict[str, Any]]]


class _Inputs:
    """The request's fields, read by kind, each refusal naming its field."""

    def __init__(self, calculator: Calculator, fields: Mapping[str, str], symbols: Mapping[str, str], house: House):
        self.calculator, self.fields, self.symbols, self.house = calculator, fields, symbols, house

    def __getitem__(self, name: str) -> Any:
        field = next(f for f in self.calculator.fields if f.name == name)
        if field not in self.calculator.asks(self.house):
            return field.default         # not asked of this house: no stakes, a flop dealt…
        text = str(self.fields.get(name, ""))
        try:
            if field.optional and not text.strip():
                return None
            if field.kind == "stakes":
                if text not in self.house.stakes_names:
                    raise Refused(N_("Choose the stakes."))
                return text
            if field.kind == "game":
                return _game(text)
            if field.kind == "yesno":
                return text == "yes"
            if field.kind in ("amounts", "counts", "ranks", "seats"):
                return parse_list(text, self.symbols, positive=field.kind in ("ranks", "seats"),
                                  amount=field.kind == "amounts")
            if field.kind == "cards":
                return parse_cards(text, self.symbols)
            return parse_number(text, self.symbols, positive=field.positive or field.kind in ("seat", "count"),
                                amount=field.kind == "amount")
        except Refused as refused:
            refused.field = name
            raise


@unstaked
def _game(text: str) -> str:
    if text not in GAMES:
        raise Refused(N_("Choose the game."))
    return text


def _seats_ok(house: House, count: int, symbols: Mapping[str, str]) -> None:
    """More players than a table seats cannot happen (where the house says how many it seats)."""
    seats = house.full_table_players.high if house.full_table_players else LONGEST
    if count > seats:
        raise Refused(N_("{players} players: a table here seats at most {most}."),
                      players=_count(count, symbols), most=_count(seats, symbols))


Steps = list[tuple[str, dict[str, Any]]]


@raked
def _hand_rake(house: House, where: tuple[str | None, str | None], players: int, flop: bool, amounts: list[int],
               s: Mapping[str, Any]) -> tuple[list[int], Steps]:
    """The engine's rake from each pot of one hand (``House.rake``: one cap for the hand, main pot
    first) at a table (``where``: its stakes, or its game where the house states no stakes), and what an
    answer says of it first: that no flop means no rake, or the cap."""
    stakes, game = where
    taken = house.rake(amounts, stakes=stakes, game=game, players=players, flop=flop)
    if not flop and house.no_flop_no_drop:
        return taken, [(N_("No flop was dealt: no rake is taken."), {})]
    stated = house.rake_of(stakes, game=game)
    if stated is None or stated.cap is None:   # a house may rake without a cap
        return taken, []
    cap = {"players": _count(players, s), "cap": _money(house.rake_cap(stakes, players=players, game=game), s)}
    if stakes is None:
        return taken, [_cap_of_the_hand(cap)]
    return taken, [(N_("The cap for the hand at {stakes} with {players} players dealt in: {cap}."),
                    {"stakes": stakes, **cap})]


@unstaked
def _cap_of_the_hand(cap: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The cap of a hand where the house states no stakes."""
    return N_("The cap for the hand with {players} players dealt in: {cap}."), cap


@dropped
def _jackpot(house: House, where: tuple[str | None, str | None], amounts: list[int], flop: bool, called: bool,
             s: Mapping[str, Any]) -> tuple[int | None, Steps]:
    """The house's jackpot drop from the hand (``House.jackpot_drop``, from the main pot), and what the
    answer says of it; None where the house takes none at this table."""
    stakes, game = where
    if not any(rake.jackpot for rake in house.rakes) or (stated := house.rake_of(stakes, game=game)) is None \
            or stated.jackpot is None:
        return None, []
    drop = house.jackpot_drop(amounts, stakes=stakes, game=game, flop=flop, big_blind_called=called)
    return drop, [(N_("Jackpot drop, from the main pot: {drop}.") if drop else
                   N_("No jackpot drop is taken from this hand."), {"drop": _money(drop, s)})]


def _where(i: _Inputs) -> tuple[str | None, str | None]:
    """Where the hand is played: its stakes, or its game where the house states no stakes."""
    return i["stakes"], i["game"]


def rake(i: _Inputs) -> Answer:
    house, s = i.house, i.symbols
    where, players, flop, amounts = _where(i), i["players"], i["flop"], i["pots"]
    _seats_ok(house, players, s)
    if players < 2:
        raise Refused(N_("A hand needs at least two players."))
    if len(amounts) > players - 1:
        raise Refused(N_("{count} pots cannot happen with {players} players: each side pot needs another "
                         "player all-in."), count=_count(len(amounts), s), players=_count(players, s))
    if 0 in amounts:
        raise Refused(N_("A pot cannot be empty."))
    taken, steps = _hand_rake(house, where, players, flop, amounts, s)
    if flop or not house.no_flop_no_drop:
        for number, (pot, cut) in enumerate(zip(amounts, taken)):
            steps.append((N_("Main pot of {pot}: rake {rake}.") if number == 0 else
                          N_("Side pot {number} of {pot}: rake {rake}."),
                          {"pot": _money(pot, s), "rake": _money(cut, s), "number": _count(number, s)}))
    steps.append((N_("Rake for the hand: {rake}."), {"rake": _money(sum(taken), s)}))
    drop, said = _jackpot(house, where, amounts, flop, i["called"], s)
    steps += said
    total = sum(amounts)
    twice = house.can_deal_twice(total) if house.deal_twice_min_pot is not None else None
    if twice is not None:   # only where the house states the smallest pot run twice
        steps.append((N_("A pot of {pot} may be run more than once.") if twice else
                      N_("A pot of {pot} may not be run more than once."), {"pot": _money(total, s)}))
    return Answer({"rake": taken, "twice": twice, **({"jackpot": drop} if drop is not None else {})}, steps)


def split_pot_rake(i: _Inputs) -> Answer:
    s = i.symbols
    pot, dead, (stakes, game) = i["pot"], i["dead"], _where(i)
    if dead > pot:
        raise Refused(N_("The dead money cannot be more than the pot."))
    taken = i.house.split_pot_rake(pot, dead_money=dead, stakes=stakes, game=game)
    return Answer({"rake": taken}, [
        (N_("Rake of a pot of {pot} split by the players who contested it, with {dead} of dead money: {rake}."),
         {"pot": _money(pot, s), "dead": _money(dead, s), "rake": _money(taken, s)})])


def _levels(levels: list[int]) -> list[int]:
    for before, after in zip(levels, levels[1:]):
        if after < before:
            raise Refused(N_("The bets must go up: each total is at least the one before it."))
    return levels


def min_raise(i: _Inputs) -> Answer:
    s = i.symbols
    big, levels = i["big_blind"], _levels(i["levels"])
    smallest = betting.min_raise_to(levels, big_blind=big)
    full = betting.last_full_raise(levels, big_blind=big)
    return Answer({"min_raise_to": smallest}, [
        (N_("The bet to call is {bet}; the last full bet or raise was {full}."),
         {"bet": _money(max(levels), s), "full": _money(full, s)}),
        (N_("The smallest raise is to {total}."), {"total": _money(smallest, s)})])


def pot_limit(i: _Inputs) -> Answer:
    s = i.symbols
    pot, bet, own = i["pot"], i["current_bet"], i["own_bet"] or 0
    if own > bet:
        raise Refused(N_("The player's own bet cannot be more than the bet to call."))
    if bet > pot:
        raise Refused(N_("The pot counts the bet to call: it cannot be smaller."))
    largest = betting.pot_limit_max_raise_to(pot=pot, current_bet=bet, own_bet=own)
    return Answer({"max_raise_to": largest}, [
        (N_("To call: {call}. The pot after the call: {pot}."),
         {"call": _money(bet - own, s), "pot": _money(pot + bet - own, s)}),
        (N_("The largest raise is to {total}."), {"total": _money(largest, s)})])


def reopening(i: _Inputs) -> Answer:
    """One outcome for each player the round's totals describe: the player who acted at the total
    given (if one is), and a player yet to act. The engine decides both (``betting.may_raise``)."""
    s = i.symbols
    big, levels, acted = i["big_blind"], _levels(i["levels"]), i["acted_at"]
    bet = levels[-1]
    if acted is not None and acted != 0 and acted not in levels:
        raise Refused(N_("The player can only have bet or called one of the totals of the round."))
    if acted == bet:
        raise Refused(N_("A player who bet or called {level}, the bet now, has nothing to call: they act again "
                         "only if someone raises."), level=_money(bet, s))
    said = {   # what is said of a player, by what they did before: (may raise, may only call or fold)
        "not acted": (N_("A player who has not acted yet in this round may raise; the smallest raise is to {total}."),
                      N_("A player who has not acted yet in this round may only call or fold.")),
        "checked": (N_("A player who checked may raise; the smallest raise is to {total}."),
                    N_("A player who checked may only call or fold.")),
        "acted": (N_("A player who last bet or called {level} may raise; the smallest raise is to {total}."),
                  N_("A player who last bet or called {level} may only call or fold.")),
    }
    smallest = betting.min_raise_to(levels, big_blind=big)
    steps: Steps = [(N_("The bet to call is {bet}; the last full bet or raise was {full}."),
                     {"bet": _money(bet, s), "full": _money(betting.last_full_raise(levels, big_blind=big), s)})]
    outcomes = []
    for who in ([] if acted is None else [acted]) + [None]:
        may = betting.may_raise(levels, big_blind=big, acted_at=who, rule=i.house.incomplete_all_in)
        outcomes.append({"acted_at": who, "may_raise": may, "min_raise_to": smallest if may else None})
        may_say, may_not_say = said["not acted" if who is None else "checked" if who == 0 else "acted"]
        steps.append((may_say if may else may_not_say, {"level": _money(who or 0, s), "total": _money(smallest, s)}))
    return Answer({"players": outcomes}, steps)


def _not_called(given: Mapping[int, int], folded: Sequence[int]) -> dict[int, int]:
    """What one player put in that no other player matched: the last pot the engine makes of the
    chips when nobody has folded, if that player alone can win it (and is still in the hand). It
    goes back as it is: it is in no pot of the hand, and no rake is taken from it."""
    last = pots.side_pots(given)[-1]
    if len(last.eligible) == 1 and not last.eligible & set(folded):
        return {seat: last.amount for seat in last.eligible}
    return {}


@raked
def _pots_rake(house: House, where: tuple[str | None, str | None], players: int, flop: bool, made: list[pots.Pot],
               winners: list[list[int]], called: Mapping[int, int], s: Mapping[str, Any]) -> tuple[list[int | None], Steps]:
    """The house's rake from each pot of the hand (the engine's ``House.rake``), and what the answer
    says of it first. A pot split between tied players, where the house states a rule for it, is
    raked by that rule (``House.split_pot_rake``: only from the dead money) when it is the hand's only
    pot; beside side pots the house's rules do not say how, and the answer says so (None: no rake
    worked out)."""
    stakes, game = where
    split_cap = (house.rake_of(stakes, game=game) or Rake()).split_pot_cap
    split = flop and any(len(each) > 1 for each in winners) and split_cap is not None
    if split and len(made) > 1:
        return [None] * len(made), [(N_("The house's rules do not say how to rake a split pot in a hand with side "
                                        "pots: the shares below leave the rake out."), {})]
    if split:
        dead = pots.dead_money(called, winners[0])
        return [house.split_pot_rake(made[0].amount, dead_money=dead, stakes=stakes, game=game)], [
            (N_("The pot is split: its rake is taken only from the dead money ({dead}), and is at most {cap}."),
             {"dead": _money(dead, s), "cap": _money(split_cap or 0, s)})]
    taken, steps = _hand_rake(house, where, players, flop, [pot.amount for pot in made], s)
    return list(taken), steps


@raked
def _rake_taken(pot: int, cut: int, s: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """A pot's rake, and what it leaves to pay out."""
    return N_("Rake: {rake}, leaving {left}."), {"rake": _money(cut, s), "left": _money(pot - cut, s)}


@dropped
def _drop_taken(pot: int, drop: int, s: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """The jackpot drop from the main pot, and what it leaves to pay out."""
    return N_("Jackpot drop: {drop}, leaving {left}."), {"drop": _money(drop, s), "left": _money(pot - drop, s)}


@raked
def _paid(amount: int, winners: list[int], button: int, chip: int, s: Mapping[str, str]) -> tuple[dict[int, int], Steps]:
    """A pot's shares after its rake, by ``pots.split`` (odd chips one each to the winners clockwise from
    the button). What a rake leaves beyond whole chips of the smallest chip in play is an odd chip no
    chip in play can change: ``pots.split`` gives it, as one chip of its own, to the first winner
    clockwise (the house's odd-chip rule: an odd chip still left goes to the winner nearest the button)."""
    rest = amount % chip
    shares = pots.split(amount - rest, winners, button=button, chip=chip)
    if not rest:
        return shares, []
    (seat,) = (seat for seat, got in pots.split(rest, winners, button=button, chip=rest).items() if got)
    shares[seat] += rest
    if len(winners) == 1:
        return shares, []
    return shares, [(N_("The rake leaves {rest} over, less than the smallest chip in play: it goes to seat {seat}, "
                        "the first winner clockwise from the button."), {"rest": _money(rest, s), "seat": _count(seat, s)})]


def _hand(i: _Inputs) -> tuple[list[int], list[int], list[int], int, list[int]]:
    """What each player put in, their hands' ranks, the seats that folded, the button and the seats, as
    a hand at a table can have them (``Refused`` otherwise)."""
    s = i.symbols
    put, ranks, folded, button = i["contributions"], i["hands"], i["folded"] or [], i["button"]
    _seats_ok(i.house, len(put), s)
    if len(put) < 2:
        raise Refused(N_("A hand needs at least two players."))
    seats = list(range(1, len(put) + 1))
    if len(ranks) != len(put):
        raise Refused(N_("Give one hand for each player: {count} players put chips in."),
                      count=_count(len(put), s))
    for seat in [*folded, button]:
        if seat not in seats:
            raise Refused(N_("There is no seat {seat} among the players."), seat=_count(seat, s))
    if set(seats) <= set(folded):
        raise Refused(N_("At least one player must still be in the hand."))
    if not any(put):
        raise Refused(N_("A pot cannot be empty."))
    return put, ranks, folded, button, seats


def side_pots(i: _Inputs) -> Answer:
    """Main and side pots (the engine's ``pots.side_pots``), each paid to its winners (``pots.split``)
    after the house's rake where it takes one; a bet nobody called goes back first."""
    house, s = i.house, i.symbols
    put, ranks, folded, button, seats = _hand(i)
    where = _where(i)
    chip = house.smallest_chip(where[0]) if where[0] is not None else i["chip"]
    if chip == 0:
        raise Refused(N_("This must be more than zero."))
    given = dict(zip(seats, put))
    back = _not_called(given, folded)
    called = {seat: amount - back.get(seat, 0) for seat, amount in given.items()}
    made = [pot for pot in pots.side_pots(called, folded) if pot.amount]
    for pot in made:
        if len(pot.eligible) > 1 and pot.amount % chip:
            raise Refused(N_("A pot of {pot} is not a whole number of chips of {chip}, the smallest chip in play."),
                          pot=_money(pot.amount, s), chip=_money(chip, s))
    winners = [sorted(seat for seat in pot.eligible if ranks[seat - 1] == min(ranks[e - 1] for e in pot.eligible))
               for pot in made]
    steps: Steps = [(N_("{pot} nobody called goes back to seat {seat}."), {"pot": _money(amount, s), "seat": _count(seat, s)})
                    for seat, amount in back.items()]
    taken: list[int | None] = [0] * len(made)
    itemized = house.takes_rake and bool(made) and (i["flop"] or not house.no_flop_no_drop)
    if house.takes_rake and made:
        taken, said = _pots_rake(house, where, len(put), i["flop"], made, winners, called, s)
        steps += said
    drop = 0
    if made:
        found, said = _jackpot(house, where, [pot.amount for pot in made], i["flop"], i["called"], s)
        drop = found or 0
        steps += said
    result = []
    for number, (pot, won, cut) in enumerate(zip(made, winners, taken)):
        eligible = sorted(pot.eligible)
        if len(eligible) == 1:   # every other player with chips in it folded
            steps.append((N_("Main pot: {pot}, seat {seat} alone still in it.") if number == 0 else
                          N_("Side pot {number}: {pot}, seat {seat} alone still in it."),
                          {"pot": _money(pot.amount, s), "seat": _count(eligible[0], s), "number": _count(number, s)}))
        else:
            steps.append((N_("Main pot: {pot}, contested by seats {seats}.") if number == 0 else
                          N_("Side pot {number}: {pot}, contested by seats {seats}."),
                          {"pot": _money(pot.amount, s), "seats": _seats(eligible), "number": _count(number, s)}))
        if itemized and cut is not None:
            steps.append(_rake_taken(pot.amount, cut, s))
        dropped_here = drop if number == 0 else 0
        if dropped_here:
            steps.append(_drop_taken(pot.amount - (cut or 0), dropped_here, s))
        shares, said = _paid(pot.amount - (cut or 0) - dropped_here, won, button, chip, s)
        steps += said
        steps += [(N_("Seat {seat} wins {amount}."), {"seat": _count(seat, s), "amount": _money(share, s)})
                  for seat, share in shares.items()]
        result.append({"amount": pot.amount, "eligible": eligible, "rake": cut, "shares": shares,
                       **({"jackpot": dropped_here} if dropped_here else {})})
    return Answer({"pots": result, "back": back}, steps)


def chip_race(i: _Inputs) -> Answer:
    s = i.symbols
    small, large, odd, cards = i["small"], i["large"], i["odd"], i["cards"]
    if len(cards) != len(odd):
        raise Refused(N_("Give the cards of each player: {count} players have chips left."),
                      count=_count(len(odd), s))
    if small == 0 or large <= small or large % small:
        raise Refused(N_("The next chip up must be a multiple of the chip being removed, and larger."))
    per = large // small
    for player, (n, dealt) in enumerate(zip(odd, cards), 1):
        if n >= per:
            raise Refused(N_("Player {player} has {count} chips: they are changed up, not raced."),
                          player=_count(player, s), count=_count(n, s))
        if len(dealt) != n:
            raise Refused(N_("Player {player} gets one card per chip: {count}."),
                          player=_count(player, s), count=_count(n, s))
    flat = [card for dealt in cards for card in dealt]
    if len(set(flat)) != len(flat):
        raise Refused(N_("A card is dealt only once."))
    players = range(1, len(odd) + 1)
    won = table.chip_race(dict(zip(players, odd)), dict(zip(players, cards)), small=small, large=large)
    pooled = sum(odd) * small
    steps = [(N_("The chips left come to {total}: {count} chips of {large} to race for."),
              {"total": _money(pooled, s), "count": _count(sum(won.values()), s), "large": _money(large, s)})]
    steps += [(N_("Player {player} wins a chip of {large}."), {"player": _count(p, s), "large": _money(large, s)})
              for p in players if won[p]]
    return Answer({"won": won}, steps)


_ANSWERS: dict[str, Callable[[_Inputs], Answer]] = {
    "rake": rake, "split-pot-rake": split_pot_rake, "min-raise": min_raise, "pot-limit": pot_limit,
    "reopening": reopening, "side-pots": side_pots, "chip-race": chip_race,
}


def answer(house: House, calculator: str, fields: Mapping[str, str], symbols: Mapping[str, str]) -> Answer:
    """One calculator's answer; ``Refused`` when the input must be corrected."""
    found = next(c for c in CALCULATORS if c.id == calculator)
    return _ANSWERS[calculator](_Inputs(found, fields, symbols, house))


#: How a list's example is shown under its input (the example, as typed, is data).
LIST_HINT = N_("For example: {example}")
#: How a refusal reads, its input named: "Pot: Enter a number."
REFUSAL = N_("{field}: {problem}")

_HOUSES: dict[str, House] = {}


def respond(request: str) -> str:
    """A JSON request (``house``: the house's parameters, ``calculator``, ``fields``, ``symbols``) to a
    JSON answer: ``{"result", "steps"}``, or ``{"refused": [message, values]}``. The engine's own
    refusal, in English, is never shown: the reader gets the same sentence in the language."""
    asked = json.loads(request)
    subunits = int(asked["symbols"].get("subunits", 1))
    parameters = json.dumps([asked["house"], subunits], sort_keys=True)
    if parameters not in _HOUSES:
        _HOUSES[parameters] = House.from_mapping(asked["house"], subunits=subunits)
    try:
        given = answer(_HOUSES[parameters], asked["calculator"], asked["fields"], asked["symbols"])
    except Refused as refused:
        return json.dumps({"refused": [refused.message, refused.values], "field": refused.field})
    except ValueError:
        return json.dumps({"refused": [N_("These numbers cannot happen at a table: look at them again."), {}], "field": None})
    # Seats and players as text keys in JSON: the page reads them back the same.
    return json.dumps({"result": given.result, "steps": given.steps})
