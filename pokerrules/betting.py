"""Betting rulings: minimum bets and raises, incomplete all-ins and reopening, pot-limit and limit
sizes, what chips put out silently (or with a word) mean, undercalls, out-of-turn action.

A betting round is described by ``levels``: the successive bet totals ("raise to" amounts) that
each raised the current bet in this round, in order, including posted blinds and straddles
pre-flop (``[5, 10, 20, 25]`` = small blind 5, big blind 10, raise to 20, all-in to 25). Calls do
not appear. In a straddled pot, pass the largest blind (the straddle) as ``big_blind``: the
straddle then plays as the big blind, so the next raise is to at least twice the straddle.

How raises are measured (seed 000, "INCOMPLETE RAISE", and seed 003 rule 38): a raise is measured
from the bet it faces; it is a full raise when it is at least the last full raise (the first bet of
a round -- pre-flop the big blind -- counts as a full raise of its own size). An all-in short of a
full raise lifts the bet but not the increment: 5/10, raise to 20, all-in 25 -> next raise to 35;
then a raise to 40 is a full raise of 15 -> next raise to 55.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .cards import check_amount

__all__ = [
    "min_raise_to", "may_raise", "pot_limit_max_raise_to", "interpret_chips",
    "last_full_raise", "check_raise_size", "limit_bet_size", "limit_raise_to",
    "undercall", "out_of_turn_is_binding", "ambiguous_amount", "verbal_pot_bet", "RoundState",
    "Street", "AllInRule", "UndercallRule",
]


class Street(StrEnum):
    """A betting round of a flop game, in order (the ``street`` of ``limit_bet_size``)."""

    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"


class AllInRule(StrEnum):
    """Whether an all-in short of a full raise reopens the betting (the ``rule`` of ``may_raise``)."""

    TDA = "tda"      # only a full raise reopens it for a player who has acted (short all-ins add up)
    HALF = "half"    # seed 003 rule 39: an all-in of at least half a full raise counts as a raise


class UndercallRule(StrEnum):
    """What a player who put out less than the call may do (the ``rule`` of ``undercall``)."""

    CALL_OR_FOLD = "call_or_fold"   # seed 000: the chips stay; call the full amount or fold
    FULL_CALL = "full_call"         # seed 003 rule 34: the undercall is a full call


STREETS = tuple(Street)
ACTIONS = ("fold", "check", "call", "bet", "raise")


@dataclass(frozen=True)
class RoundState:
    """Where a betting round stands after its ``levels``."""

    current_bet: int       #: the bet to call
    last_full_raise: int   #: the size of the last full bet or raise (at least the big blind)
    opened: bool           #: whether a full bet has been made (pre-flop: the big blind)


def _check_levels(levels: Sequence[int], big_blind: int) -> list[int]:
    check_amount(big_blind, "big blind", positive=True)
    if isinstance(levels, (str, bytes)):
        raise ValueError("levels must be a list of bet totals such as [5, 10, 20]")
    out: list[int] = []
    for lv in levels:
        check_amount(lv, "bet level", positive=True)
        if out and lv == out[-1]:
            continue  # equal blinds (5/5): the big blind does not raise the small one
        if out and lv < out[-1]:
            raise ValueError(
                f"the bet levels must go up: {lv} after {out[-1]} is not a raise (list only the totals "
                f"that raised the bet, not calls)")
        out.append(lv)
    return out


def _walk(levels: Sequence[int], big_blind: int) -> list[tuple[int, int, int, str]]:
    """For each level: (level, raised_by, increment in force before it, kind).

    ``kind`` is ``"opening"`` for levels before and including the first full bet (blinds, short
    opening all-ins, the first full bet), ``"full"`` for a full raise, ``"short"`` for a raise short
    of a full raise (only an all-in can be one).
    """
    current, inc, opened = 0, big_blind, False
    out = []
    for lv in levels:
        by = lv - current
        if not opened:
            if lv >= big_blind:
                opened = True
                new_inc = max(by, big_blind)
                out.append((lv, by, inc, "opening"))
                inc = new_inc
            else:
                out.append((lv, by, inc, "opening"))
        elif by >= inc:
            out.append((lv, by, inc, "full"))
            inc = by
        else:
            out.append((lv, by, inc, "short"))
        current = lv
    return out


def _state(levels: Sequence[int], big_blind: int) -> RoundState:
    walked = _walk(levels, big_blind)
    current, inc, opened = 0, big_blind, False
    for lv, by, _before, kind in walked:
        if kind == "opening" and lv >= big_blind and not opened:
            opened = True
            inc = max(by, big_blind)
        elif kind == "full":
            inc = by
        current = lv
    return RoundState(current, inc, opened)


def last_full_raise(levels: Sequence[int], *, big_blind: int) -> int:
    """The size of the last full bet or raise in the round (the big blind when nobody has bet)."""
    return _state(_check_levels(levels, big_blind), big_blind).last_full_raise


def min_raise_to(levels: Sequence[int], *, big_blind: int) -> int:
    """The smallest legal no-limit raise total now; with no bet yet, the minimum bet (one big blind).

    The current bet plus the last full raise: an incomplete all-in raises the bet but not the
    increment (seed 000: 5/10, raise 20, all-in 25 -> 35; then 40 -> 55; all-in 15 -> 25).
    """
    lv = _check_levels(levels, big_blind)
    if not lv:
        return big_blind
    st = _state(lv, big_blind)
    return st.current_bet + st.last_full_raise


def may_raise(levels: Sequence[int], *, big_blind: int, acted_at: int | None = None,
              rule: AllInRule | str = AllInRule.TDA) -> bool:
    """Whether a player may raise now (stacks aside).

    ``acted_at`` is the level the player last bet or called in this round (0: checked; None: has
    not acted). ``rule="tda"``: a player who has not acted may raise; one who has acted may raise
    only if the bet has gone up by at least a full raise since (short all-ins add up).
    ``rule="half"`` (seed 003 rule 39): an all-in short of a full raise counts as a raise for every
    player if it raises by at least half of the last full raise; if it raises by less, nobody after
    it may raise -- they may only call.
    """
    if rule not in tuple(AllInRule):
        raise ValueError(f"unknown reopening rule {rule!r}: use 'tda' (full raise) or 'half' (50 % rule)")
    lv = _check_levels(levels, big_blind)
    if acted_at is not None:
        check_amount(acted_at, "level the player acted at")
        if acted_at != 0 and acted_at not in lv:
            raise ValueError(f"the player cannot have acted at {acted_at}: it is not one of the bet levels {lv}")
    walked = _walk(lv, big_blind)
    if rule == AllInRule.TDA:
        if acted_at is None:
            return True
        inc_then = _state([x for x in lv if x <= acted_at], big_blind).last_full_raise
        current = lv[-1] if lv else 0
        return current - acted_at >= inc_then
    # rule == AllInRule.HALF
    closed_at = None
    reopened_after: list[int] = []
    for level, by, inc, kind in walked:
        if closed_at is not None:
            raise ValueError(
                f"under the 50 % rule nobody may raise after the all-in to {closed_at}, which raised by less "
                f"than half of the last full raise; yet the levels go on to {level}")
        if kind == "full" or (kind == "short" and 2 * by >= inc):
            reopened_after.append(level)
        elif kind == "short":
            closed_at = level
    if closed_at is not None:
        return False
    if acted_at is None:
        return True
    return any(level > acted_at for level in reopened_after)


def pot_limit_max_raise_to(*, pot: int, current_bet: int, own_bet: int = 0) -> int:
    """The largest pot-limit bet or raise total: call first, then raise by the whole pot.

    ``pot`` counts every chip in the middle and in front of every player (the current bet and the
    player's own included), dead blinds included -- except that seed 000 counts a dead small blind
    posted from a middle position only after the flop. Seed 004: pot 100, bet 100 -> 400; seed 000:
    5/5, dead small 5 + big 5 in the pot -> 20.
    """
    check_amount(pot, "pot")
    check_amount(current_bet, "current bet")
    check_amount(own_bet, "player's own bet")
    if own_bet > current_bet:
        raise ValueError(f"the player's own bet ({own_bet}) cannot be more than the bet to call ({current_bet})")
    if pot < current_bet:
        raise ValueError(f"the pot ({pot}) must include the bet in front ({current_bet})")
    to_call = current_bet - own_bet
    return current_bet + pot + to_call


def check_raise_size(raise_to: int, *, levels: Sequence[int], big_blind: int, unit: int = 1,
                     all_in: bool = False) -> None:
    """Raise ValueError unless ``raise_to`` is a legal no-limit bet or raise total here.

    It must reach the minimum and, except all-in, be a multiple of the stakes' raise unit (seed 000:
    at 1/3 and 2/5 any amount, e.g. 2/5 raise to 16; at 5/5 multiples of 5, at 10/10 of 10).
    """
    check_amount(raise_to, "raise", positive=True)
    check_amount(unit, "raise unit", positive=True)
    lv = _check_levels(levels, big_blind)
    current = lv[-1] if lv else 0
    if raise_to <= current:
        raise ValueError(f"{raise_to} is not a raise: the bet is already {current}")
    if all_in:
        return
    minimum = min_raise_to(lv, big_blind=big_blind)
    if raise_to < minimum:
        raise ValueError(f"the smallest raise now is to {minimum}; {raise_to} is not enough (unless all-in)")
    if raise_to % unit:
        raise ValueError(f"at these stakes bets and raises go in multiples of {unit}; {raise_to} is not one")


def limit_bet_size(street: Street | str, *, big_blind: int) -> int:
    """Fixed-limit bet size: one big blind pre-flop and on the flop, two on the turn and river (seed 004)."""
    check_amount(big_blind, "big blind", positive=True)
    if street not in STREETS:
        raise ValueError(f"unknown street {street!r}: use one of {', '.join(STREETS)}")
    return big_blind if street in (Street.PREFLOP, Street.FLOP) else 2 * big_blind


def limit_raise_to(levels: Sequence[int], *, street: Street | str, big_blind: int, max_bets: int = 4) -> int | None:
    """The next bet or raise total in fixed limit, or None when the betting is capped.

    Four bets a round (seed 004): a bet, a raise, a re-raise and the cap; pre-flop the big blind is
    the first bet. Short all-ins in limit are not handled here (the levels must be whole bets).
    """
    size = limit_bet_size(street, big_blind=big_blind)
    lv = _check_levels(levels, big_blind)
    current = lv[-1] if lv else 0
    if current % size:
        raise ValueError(f"in limit betting the bets on the {street} are {size} each; {current} is not a whole "
                         f"number of bets")
    if current // size >= max_bets:
        return None
    return current + size


def interpret_chips(chips: Sequence[int], *, levels: Sequence[int], big_blind: int, own_bet: int = 0,
                    declared: str | None = None, bb_option: bool = False) -> tuple[str, int]:
    """What putting out these chips means: ``("bet", total)``, ``("call", total)`` or ``("raise", total)``.

    ``chips`` are the denominations put out now, on top of ``own_bet`` already in front; totals are
    "to" amounts for the round. Silently (``declared=None``):

    * one chip facing a bet is a call, however big (one-chip rule);
    * several chips are a call if one of them could be taken away and the rest would not cover the
      call (multiple-chip rule, seed 003 rule 41); otherwise they are a raise if they go over the call
      by at least half of the last bet or raise, completed to the minimum raise (50 % rule: bet 200,
      310 put out -> raise to 400), and a call if less;
    * with no bet yet, chips are a bet of their total, at least one big blind;
    * ``bb_option``: the big blind, in an unraised pot, putting out one chip raises to everything in
      front of them, at least to the minimum raise (seed 000's exception to the one-chip rule).

    ``declared="raise"`` raises to the chips in front (one chip: the chip on top of the player's own
    bet; seed 000: a 500 chip with "raise" facing 200 -> raise to 500), at least the minimum raise;
    ``declared="call"`` calls whatever the chips. Putting out less than the call is an undercall (a
    call; see ``undercall`` for the player's options).
    """
    if declared not in (None, "call", "raise"):
        raise ValueError(f"declared must be 'call', 'raise' or None (nothing said), not {declared!r}")
    if isinstance(chips, (str, bytes)) or not chips:
        raise ValueError("give the chips put out, as a list of chip values such as [100, 100, 25]")
    for c in chips:
        check_amount(c, "chip value", positive=True)
    lv = _check_levels(levels, big_blind)
    check_amount(own_bet, "player's own bet")
    st = _state(lv, big_blind)
    current = st.current_bet
    if own_bet > current:
        raise ValueError(f"the player's own bet ({own_bet}) cannot be more than the current bet ({current})")
    total = own_bet + sum(chips)
    minimum = min_raise_to(lv, big_blind=big_blind)
    if current == 0:
        if declared == "call":
            raise ValueError("nobody has bet yet: the player can check or bet, there is nothing to call")
        return ("bet", max(total, big_blind))
    if declared == "call":
        return ("call", current)
    if declared == "raise":
        return ("raise", max(total, minimum))
    to_call = current - own_bet
    if len(chips) == 1:
        if to_call == 0 and bb_option:
            return ("raise", max(total, minimum))
        return ("call", current)
    if sum(chips) - min(chips) < to_call:
        return ("call", current)
    if 2 * (total - current) >= st.last_full_raise:
        return ("raise", max(total, minimum))
    return ("call", current)


def undercall(put: int, *, current_bet: int, own_bet: int = 0,
              rule: UndercallRule | str = UndercallRule.CALL_OR_FOLD) -> tuple[str, ...]:
    """The options of a player who put out less than the call (missed the last raise, say).

    ``rule="call_or_fold"`` (seed 000): the chips put out stay in the pot; the player may call the
    full amount or fold, and may not raise (A bets 60, B raises to 130, C puts 60: C calls 130 or
    folds). ``rule="full_call"`` (seed 003 rule 34): an undercall is a full call; the player must
    complete it.
    """
    if rule not in tuple(UndercallRule):
        raise ValueError(f"unknown undercall rule {rule!r}: use 'call_or_fold' or 'full_call'")
    check_amount(put, "amount put out", positive=True)
    check_amount(current_bet, "current bet", positive=True)
    check_amount(own_bet, "player's own bet")
    if own_bet + put >= current_bet:
        raise ValueError(f"{put} on top of {own_bet} covers the bet of {current_bet}: that is not an undercall")
    return ("call", "fold") if rule == UndercallRule.CALL_OR_FOLD else ("call",)


def out_of_turn_is_binding(action: str, *, intervening: Sequence[str]) -> bool:
    """Whether an out-of-turn action stands once the skipped players have acted.

    It stands if the action did not change before it came to the player: the skipped players only
    folded, checked or called. If one of them bet or raised, the player may take the chips back and
    has every option (seed 000; seed 003 rule 35). An out-of-turn fold always stands (seed 003).
    """
    for a in (action, *intervening):
        if a not in ACTIONS:
            raise ValueError(f"unknown action {a!r}: use one of {', '.join(ACTIONS)}")
    if action == "fold":
        return True
    return not any(a in ("bet", "raise") for a in intervening)


def ambiguous_amount(spoken: int, *, small_blind: int) -> int:
    """The amount a player meant by a number that is ambiguous at these blinds: the smaller reading.

    Seed 003 rule 46: at 200/400 "bet 5" could mean five hundred or five thousand: it is five hundred.
    A number below the small blind is read in the smallest of tens, hundreds, thousands... that
    makes it at least the small blind; a number at least the small blind is taken as said.
    """
    check_amount(spoken, "amount said", positive=True)
    check_amount(small_blind, "small blind", positive=True)
    amount = spoken
    while amount < small_blind:
        amount *= 10
    return amount


def verbal_pot_bet(*, structure: str, levels: Sequence[int], big_blind: int, pot: int = 0, own_bet: int = 0) -> int:
    """The total a player is bound to after saying "pot".

    Pot limit: the pot-size bet or raise. No limit (seed 003 rule 44): "pot" is not a valid amount,
    but it binds the player to at least the minimum bet or raise.
    """
    lv = _check_levels(levels, big_blind)
    if structure == "pot_limit":
        return pot_limit_max_raise_to(pot=pot, current_bet=lv[-1] if lv else 0, own_bet=own_bet)
    if structure == "no_limit":
        return min_raise_to(lv, big_blind=big_blind)
    raise ValueError(f"a 'pot' declaration is ruled for 'pot_limit' or 'no_limit' games, not {structure!r}")
