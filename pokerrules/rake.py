"""The rake as a card room states it: what one pot pays, before the cap that the house puts on a hand.

A room states its rake once for the house, once for a game, or for each stakes row (``House`` finds
the statement that holds at a table: the row's, else its game's, else the house's). One statement
(``Rake``) is, each piece only where the room states it:

- how much: a percentage of the pot (``percent``), so much for every so much in the pot (``per``:
  "1 for every 10"), or a flat drop per hand (``drop``);
- a threshold: no rake from a pot up to an amount (``no_rake_up_to``: "from each pot over 10");
- a rounding of the percentage: down, to the nearest or up, to a multiple of an amount ("rounded
  down to the nearest quarter"); without one, down to a whole amount of the engine's money;
- the caps: for a hand (``cap``), for a hand dealt to few players (``short_handed_cap``) and for a pot
  split on one board (``split_pot_cap``);
- a jackpot or promotional drop beside the rake (``jackpot``), with its condition: every hand, only
  once a flop is dealt, or only once the big blind is called, and only from pots over an amount.

Pure: amounts are whole numbers of the engine's money (its cents where the house counts in them).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .strict import HouseError, Path, choice, mapping, optional_whole, whole

__all__ = ["Rake", "Rounding", "Per", "Jackpot", "ROUNDINGS", "JACKPOT_AFTER", "RAKE_KEYS", "read_rake"]

#: How a percentage of a pot is rounded to an amount the house can take.
ROUNDINGS = ("down", "nearest", "up")
#: When a jackpot drop is taken: only once a flop is dealt, or once the big blind is called.
JACKPOT_AFTER = ("flop", "big-blind-called")


@dataclass(frozen=True)
class Rounding:
    """A percentage of a pot rounded ``mode`` (down, nearest: a half up, up) to a multiple of ``to``."""

    mode: str = "down"
    to: int = 1

    def __call__(self, exact: Fraction) -> int:
        steps = exact / self.to
        whole_steps = (math.floor(steps) if self.mode == "down" else math.ceil(steps) if self.mode == "up"
                       else math.floor(steps + Fraction(1, 2)))
        return whole_steps * self.to


@dataclass(frozen=True)
class Per:
    """``take`` for every whole ``every`` in the pot ("1 for every 10": a pot of 25 pays 2)."""

    take: int
    every: int


@dataclass(frozen=True)
class Jackpot:
    """A drop for a jackpot or a promotion, taken from the main pot beside the rake: ``amount`` a hand,
    only ``after`` a flop or a call of the big blind where the house says so (None: every hand), and
    only from hands whose pots come to more than ``pots_over`` where it says so."""

    amount: int
    after: str | None = None
    pots_over: int | None = None

    def taken(self, pots: Sequence[int], *, flop: bool, big_blind_called: bool) -> int:
        if (self.after == "flop" and not flop) or (self.after == "big-blind-called" and not big_blind_called):
            return 0
        if not pots or (self.pots_over is not None and sum(pots) <= self.pots_over):
            return 0
        return min(self.amount, pots[0])


@dataclass(frozen=True)
class Rake:
    """One statement of the rake (a row's, a game's or the house's): see the module's docstring."""

    percent: int | None = None
    per: Per | None = None
    drop: int | None = None
    cap: int | None = None
    short_handed_cap: int | None = None
    split_pot_cap: int | None = None
    no_rake_up_to: int | None = None
    rounding: Rounding = Rounding()
    jackpot: Jackpot | None = None

    @property
    def takes(self) -> bool:
        """Whether it rakes the pots (a statement may hold only a jackpot drop)."""
        return self.percent is not None or self.per is not None or self.drop is not None

    def of_pot(self, pot: int) -> int:
        """What one pot pays before any cap: nothing up to the threshold, else its share, as stated."""
        if not self.takes or (self.no_rake_up_to is not None and pot <= self.no_rake_up_to):
            return 0
        if self.drop is not None:
            return min(self.drop, pot)
        if self.per is not None:
            return pot // self.per.every * self.per.take
        assert self.percent is not None
        return min(self.rounding(Fraction(pot * self.percent, 100)), pot)


#: The keys of one statement of the rake, wherever it is written (a stakes row, a game, the house).
RAKE_KEYS = ("percent", "per", "drop", "cap", "short_handed_cap", "split_pot_cap", "no_rake_up_to", "rounding",
             "jackpot")
_HOW_MUCH = ("percent", "per", "drop")
_CAPS = ("cap", "short_handed_cap", "split_pot_cap")


def read_rake(data: Mapping[str, Any], path: Path) -> Rake:
    """One statement of the rake from the keys of ``RAKE_KEYS`` that ``data`` gives (it may hold others:
    the house's own, read by ``House``). Each mistake is a ``HouseError`` at its key."""
    given = [key for key in _HOW_MUCH if data.get(key) is not None]
    if len(given) > 1:
        raise HouseError(f"the rake of a pot is a percentage (percent: 5 %), an amount for every amount in the "
                         f"pot (per: {{take: …, every: …}}) or a flat drop per hand (drop: …): give one, not "
                         f"{' and '.join(given)}", path + (given[1],))
    jackpot = _jackpot(data["jackpot"], path + ("jackpot",)) if data.get("jackpot") is not None else None
    if not given:
        stray = next((key for key in (*_CAPS, "no_rake_up_to", "rounding") if key in data), None)
        if stray is not None or jackpot is None:
            raise HouseError("the rake of a pot is a percentage (percent: 5 %), an amount for every amount in the pot "
                             "(per: {take: …, every: …}) or a flat drop per hand (drop: …): give one",
                             path + ((stray,) if stray else ()))
    threshold = optional_whole(data, "no_rake_up_to", path)
    if "drop" in given:
        beside = next((key for key in (*_CAPS, "rounding") if key in data), None)
        if beside is not None:
            raise HouseError("a drop is a flat amount per hand: it has no cap and no rounding", path + (beside,))
        return Rake(drop=whole(data, "drop", path, minimum=1), no_rake_up_to=threshold, jackpot=jackpot)
    percent = per = None
    if "percent" in given:
        percent = whole(data, "percent", path)
        if percent > 100:
            raise HouseError(f"a rake of {percent} % is more than the pot", path + ("percent",))
    elif "per" in given:
        pp = path + ("per",)
        pm = mapping(data["per"], pp, ("take", "every"))
        per = Per(whole(pm, "take", pp, minimum=1), whole(pm, "every", pp, minimum=1))
        if per.take > per.every:
            raise HouseError(f"{per.take} for every {per.every} is more than the pot", pp + ("take",))
        if "rounding" in data:
            raise HouseError("a rake of so much for every so much in the pot is whole already: it has no rounding",
                             path + ("rounding",))
    cap, short, split = (optional_whole(data, key, path) for key in _CAPS)
    for key, v in (("short_handed_cap", short), ("split_pot_cap", split)):
        if v is not None and cap is not None and v > cap:
            raise HouseError(f"the {key.replace('_', ' ')} ({v}) is above the normal cap ({cap})", path + (key,))
    rounding = _rounding(data["rounding"], path + ("rounding",)) if data.get("rounding") is not None else Rounding()
    return Rake(percent, per, None, cap, short, split, threshold, rounding, jackpot)


def _rounding(data: Any, path: Path) -> Rounding:
    m = mapping(data, path, ("mode",), optional=("to",))
    mode = choice(m, "mode", path, ROUNDINGS)
    return Rounding(mode, whole(m, "to", path, minimum=1) if m.get("to") is not None else 1)


def _jackpot(data: Any, path: Path) -> Jackpot:
    m = mapping(data, path, ("amount",), optional=("after", "pots_over"))
    after = choice(m, "after", path, JACKPOT_AFTER) if m.get("after") is not None else None
    return Jackpot(whole(m, "amount", path, minimum=1), after, optional_whole(m, "pots_over", path))
