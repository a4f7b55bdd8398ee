"""The table between hands: button and blinds, heads-up, missed blinds and "buy the button",
straddle eligibility, new players' options, seat changes, the seat draw and the chip race.

Seats are numbered clockwise in ascending order and wrap round. The button moves one occupied
seat clockwise each hand; the small blind is the next seat after it and the big blind the next
after that, except heads-up, where the button is the small blind (seed 003 rule 30).

Missed blinds (seed 000, its seat-by-hand tables): a player away from the table is dealt in until
the blinds reach him; when he would post, he misses that blind (no small blind is posted / the big
blind passes to the next player), gets the MISSED BLIND button and is dealt out. Coming back he
pays both blinds -- the small one dead, the big one live -- or waits for the big blind. Coming back
in the small-blind seat and paying both is "buying the button": his big blind is the hand's big
blind (the next player does not post one) and he has the button next hand.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from .cards import check_amount, check_cards, check_seat, check_seats, clockwise_from, draw_strength

__all__ = [
    "Positions", "next_button", "blind_positions", "next_blinds", "heads_up_button", "hand_positions",
    "may_straddle", "may_chop", "entry_options", "seat_change_must_post", "draw_order", "chip_race",
    "hand_roles",
]

K = TypeVar("K", bound=Hashable)


def _occupied(seats: Iterable[int]) -> tuple[int, ...]:
    out = check_seats(seats, "occupied seats")
    if len(out) < 2:
        raise ValueError("a hand needs at least two players at the table")
    return out


def next_button(seats: Iterable[int], *, button: int, skip: Iterable[int] = ()) -> int:
    """Where the button goes for the next hand: the next occupied seat clockwise (``skip``: seats out
    of the rotation, such as players sitting out with a missed-blind button)."""
    check_seat(button, "button")
    out = set(skip)
    live = [s for s in check_seats(seats, "occupied seats") if s not in out]
    if not live:
        raise ValueError("no seat can take the button")
    return clockwise_from(live, button)[0]


def blind_positions(seats: Iterable[int], *, button: int) -> tuple[int, int]:
    """``(small blind, big blind)`` seats for a hand with this button; heads-up the button is the small blind."""
    occ = _occupied(seats)
    check_seat(button, "button")
    if len(occ) == 2:
        if button not in occ:
            raise ValueError(f"heads-up the button must be one of the two players (seats {occ[0]} and {occ[1]})")
        other = occ[0] if occ[1] == button else occ[1]
        return (button, other)
    after = clockwise_from(occ, button)
    return (after[0], after[1])


def next_blinds(seats: Iterable[int], *, button: int) -> tuple[int, int, int]:
    """``(button, small blind, big blind)`` for the next hand, from this hand's button."""
    occ = _occupied(seats)
    nb = next_button(occ, button=button)
    sb, bb = blind_positions(occ, button=nb)
    return (nb, sb, bb)


def heads_up_button(seats: Iterable[int], *, last_big_blind: int) -> tuple[int, int]:
    """``(button, big blind)`` for the first heads-up hand: the button is placed so that nobody is
    big blind twice running (seed 003 rule 30); the last big blind takes the button (small blind)."""
    occ = _occupied(seats)
    if len(occ) != 2:
        raise ValueError(f"heads-up means two players; {len(occ)} are at the table")
    if last_big_blind not in occ:
        raise ValueError(f"seat {last_big_blind} was the last big blind but is not one of the two players left")
    other = occ[0] if occ[1] == last_big_blind else occ[1]
    return (last_big_blind, other)


@dataclass(frozen=True)
class Positions:
    """Who posts what in one hand, and who owes blinds afterwards."""

    button: int
    small_blind: int | None          #: seat in the small-blind position that posts it (None: missed)
    big_blind: int                   #: seat whose big blind is the hand's live big blind
    posts: Mapping[int, str] = field(default_factory=dict)
    """seat -> "small", "big", "small+big" (small dead, big live) or "straddle/post"."""
    missed: frozenset[int] = frozenset()   #: seats that missed a blind in this hand
    owing: frozenset[int] = frozenset()    #: seats that owe both blinds after this hand
    dealt: tuple[int, ...] = ()            #: seats dealt in, clockwise from the button


def _absences(occ: Sequence[int], away: Iterable[int], owing: Iterable[int],
              posting: Iterable[int]) -> tuple[set[int], set[int], set[int]]:
    """The away, owing and posting seats, each checked against the table and the others before any blind is placed."""
    away_s, owing_s, posting_s = (set(check_seats(x, what)) for x, what in
                                  ((away, "away seats"), (owing, "owing seats"), (posting, "posting seats")))
    for name, group in (("away", away_s), ("owing", owing_s)):
        if not group <= set(occ):
            raise ValueError(f"seat(s) {sorted(group - set(occ))} are listed as {name} but have no chips on the table")
    if not posting_s <= owing_s:
        raise ValueError(f"seat(s) {sorted(posting_s - owing_s)} post to come back but owe no blinds")
    if posting_s & away_s:
        raise ValueError(f"seat(s) {sorted(posting_s & away_s)} cannot post while away from the table")
    return away_s, owing_s, posting_s


def hand_positions(seats: Iterable[int], *, button: int, away: Iterable[int] = (), owing: Iterable[int] = (),
                   posting: Iterable[int] = ()) -> Positions:
    """The blinds and posts of one hand under the missed-blind rules (seed 000's seat tables).

    ``seats``: every seat with chips on the table; ``button``: this hand's button; ``away``: players
    not at the table for this hand; ``owing``: seats that owe missed blinds at the start of the
    hand; ``posting``: owing players who come back now and pay rather than wait for the big blind.
    """
    occ = _occupied(seats)
    check_seat(button, "button")
    away_s, owing_s, posting_s = _absences(occ, away, owing, posting)
    waiting = owing_s - posting_s              # out of the rotation until they post or reach the big blind
    sb_rotation = [s for s in occ if s not in waiting]
    bb_rotation = [s for s in occ if not (s in waiting and s in away_s)]
    posts: dict[int, str] = {}
    missed: set[int] = set()
    cleared: set[int] = set()
    still_owing_post: set[int] = set()

    if len(sb_rotation) == 2 and len(bb_rotation) == 2 and button in sb_rotation:
        sbp = button                           # heads-up: the button is the small blind
    else:
        sbp = clockwise_from(sb_rotation, button)[0]
    small: int | None
    big: int | None = None
    if sbp in away_s:
        small = None
        missed.add(sbp)
    elif sbp in posting_s:
        posts[sbp] = "small+big"
        small = big = sbp
        cleared.add(sbp)
    else:
        posts[sbp] = "small"
        small = sbp
    candidates = [s for s in clockwise_from(bb_rotation, sbp) if s != sbp]
    if big is not None:
        # Bought the button: his big blind is the hand's. An owing player in the big-blind seat
        # posts a straddle or a post to play, and still owes the blinds (table with two missed blinds).
        if candidates and candidates[0] in posting_s:
            posts[candidates[0]] = "straddle/post"
            still_owing_post.add(candidates[0])
    else:
        for c in candidates:
            if c in away_s:
                missed.add(c)              # missed the big blind; it passes to the next player
                continue
            posts[c] = "big"
            big = c
            if c in owing_s:
                cleared.add(c)             # waited for (or came back on) the big blind
            break
        if big is None:
            raise ValueError("nobody at the table can post the big blind")
    for s in posting_s:
        if s not in posts:
            posts[s] = "small+big"         # back in any other seat: small dead, big live
            cleared.add(s)
    owing_after = (owing_s - cleared) | missed
    not_dealt = missed | (waiting - cleared)
    dealt = tuple(s for s in clockwise_from(occ, button) if s not in not_dealt)
    return Positions(button=button, small_blind=small, big_blind=big, posts=dict(sorted(posts.items())),
                     missed=frozenset(missed), owing=frozenset(owing_after), dealt=dealt)


def hand_roles(seats: Iterable[int], *, button: int, away: Iterable[int] = (), owing: Iterable[int] = (),
               posting: Iterable[int] = ()) -> dict[int, str]:
    """Each seat's part in one hand, as seed 000's seat-by-hand tables write it.

    ``"button"``, ``"small"``, ``"big"``, ``"small+big"``, ``"straddle/post"``, ``"missed"`` (missed a
    blind this hand), ``"out"`` (away or waiting, not dealt in), or ``""``; a seat with two parts
    joins them with ``" + "`` (heads-up: ``"button + small"``).
    """
    positions = hand_positions(seats, button=button, away=away, owing=owing, posting=posting)
    parts: dict[int, list[str]] = {seat: [] for seat in _occupied(seats)}
    parts[positions.button].append("button")
    for seat, post in positions.posts.items():
        parts[seat].append(post)
    for seat in parts:
        if seat in positions.missed:
            parts[seat].append("missed")
        elif seat not in positions.dealt and not parts[seat]:
            parts[seat].append("out")
    return {seat: " + ".join(found) for seat, found in parts.items()}


def may_straddle(seat: int, *, seats: Iterable[int], button: int, away: Iterable[int] = (),
                 straddles: Sequence[int] = ()) -> bool:
    """Whether ``seat`` may straddle (or re-straddle) now (seed 000, "STRADDLE, RE-STRADDLE").

    The straddle belongs to the first player after the big blind (UTG); if UTG, or UTG and UTG+1,
    are away from the table with their chips on it, the next player present may straddle.
    Re-straddles go on clockwise, one seat at a time, up to the button. ``straddles`` are the seats
    that have already straddled this hand, in order.
    """
    check_seat(seat)
    occ = _occupied(seats)
    away_s = set(away)
    present = [s for s in occ if s not in away_s]
    if seat not in present:
        return False
    sb, bb = blind_positions(present, button=button)
    if seat in (sb, bb):
        return False
    if straddles:
        last = straddles[-1]
        if last == button:
            return False
        return clockwise_from(present, last)[0] == seat and seat not in straddles
    skipped = 0
    for s in clockwise_from(occ, bb):
        if s == seat:
            return skipped <= 2
        if s in away_s:
            skipped += 1
            continue
        return False
    return False  # pragma: no cover


def may_chop(in_hand: Iterable[int], *, small_blind: int, big_blind: int, street: str = "preflop") -> bool:
    """Whether the blinds may chop (take their blinds back): only pre-flop, and only when the small
    and the big blind are the only players left in the hand (seed 000, "CHOP")."""
    players = set(check_seats(in_hand, "players in the hand"))
    return street == "preflop" and players == {check_seat(small_blind), check_seat(big_blind)}


def entry_options(*, big_blind: int, straddle: int | None = None, may_straddle: bool = False,
                  broken_table: bool = False, back_from_cashier_minutes: int | None = None,
                  cashier_limit_minutes: int = 30) -> tuple[tuple[str, int], ...]:
    """A player's ways into the game, as ``(option, amount)``.

    New player (seed 000): post one big blind and play now, or straddle where a straddle is
    possible, or wait for the big blind. No post at all for a player from a table that was broken,
    or one who lost all his chips and is back from the cashier within 30 minutes.
    """
    check_amount(big_blind, "big blind", positive=True)
    if back_from_cashier_minutes is not None:
        check_amount(back_from_cashier_minutes, "minutes away")
    if broken_table or (back_from_cashier_minutes is not None and back_from_cashier_minutes <= cashier_limit_minutes):
        return (("play", 0),)
    options: list[tuple[str, int]] = [("post", big_blind)]
    if may_straddle:
        if straddle is None:
            raise ValueError("give the straddle amount for a player who may straddle")
        options.append(("straddle", check_amount(straddle, "straddle", positive=True)))
    options.append(("wait_for_big_blind", 0))
    return tuple(options)


def seat_change_must_post(old: int, new: int, *, seats: Iterable[int], big_blind: int) -> bool:
    """Whether a player changing seats must post both blinds: yes if the move takes him away from
    the blinds, so they would reach him later than in his old seat (seed 000)."""
    occ = set(check_seats(seats, "occupied seats"))
    check_seat(old, "old seat")
    check_seat(new, "new seat")
    if old not in occ:
        raise ValueError(f"seat {old} is not occupied")
    if new in occ:
        raise ValueError(f"seat {new} is taken")
    order = clockwise_from(sorted(occ | {new}), big_blind)
    return order.index(new) > order.index(old)


def draw_order(draws: Mapping[K, str]) -> list[K]:
    """Players (keys) from the highest card drawn to the lowest: rank first, then spades, hearts,
    diamonds, clubs (seed 000, drawing for seats when a table breaks; also the draw for the button)."""
    check_cards(draws.values(), what="cards drawn")
    return sorted(draws, key=lambda k: draw_strength(draws[k]), reverse=True)


def chip_race(odd_chips: Mapping[K, int], cards: Mapping[K, Sequence[str]], *, small: int, large: int,
              stacks: Mapping[K, int] | None = None) -> dict[K, int]:
    """The chip race at a colour-up (seed 003 rule 23): how many ``large`` chips each player wins.

    ``odd_chips``: how many ``small`` chips each player has left that cannot be coloured up.
    Each player gets one card per such chip; the small chips are pooled and changed into large
    chips, a remainder of half a large chip or more counting as one (7 x 25 = 175 -> two 100s);
    the highest card wins the first large chip, the highest card of another player the next, and so
    on -- nobody wins more than one. Nobody is raced out: a player whose whole stack is odd chips
    (``stacks``, in the house's money) gets one large chip whatever the cards.
    """
    check_amount(small, "small chip", positive=True)
    check_amount(large, "large chip", positive=True)
    if large <= small or large % small:
        raise ValueError(f"the large chip ({large}) must be a multiple of the small chip ({small}) and bigger")
    per_large = large // small
    for p, n in odd_chips.items():
        check_amount(n, f"odd chips of {p}")
        if n >= per_large:
            raise ValueError(f"{p} has {n} chips of {small}: {per_large} of them are coloured up to a {large}, "
                             f"not raced")
        if len(cards.get(p, ())) != n:
            raise ValueError(f"{p} has {n} odd chips and so gets {n} cards, not {len(cards.get(p, ()))}")
    for p in cards:
        if p not in odd_chips:
            raise ValueError(f"{p} has cards but no odd chips")
    check_cards([c for p in odd_chips for c in cards[p]], what="chip-race cards")
    total = sum(odd_chips.values()) * small
    to_award = (2 * total + large) // (2 * large)      # round half up
    won: dict[K, int] = {p: 0 for p in odd_chips}
    if stacks is not None:
        for p, n in odd_chips.items():
            if n and check_amount(stacks.get(p, n * small), f"stack of {p}") <= n * small:
                won[p] = 1
                to_award -= 1
    ranked = sorted(((draw_strength(c), p) for p in odd_chips for c in cards[p]),
                    key=lambda t: t[0], reverse=True)
    for _, p in ranked:
        if to_award <= 0:
            break
        if not won[p]:
            won[p] = 1
            to_award -= 1
    return won
