"""Hand values: the best five cards for Hold'em (5 to 7 cards) and Omaha (two hole cards + three board).

Rankings and tie-breaks follow seed 004: kickers decide within a category, the ace plays high
(T-J-Q-K-A) or low in the wheel A-2-3-4-5 (a five-high straight), and suits never break a tie.

How it is fast in pure Python: every card maps to one integer that packs three things at once --
its rank as a base-5 digit (so the sum of up to seven cards' ranks identifies the rank multiset),
its suit as a 4-bit counter (so a flush shows up as a counter of 5 or more), and one bit of its own
(so a card given twice shows up as a carry). A hand's value is then one sum and one dictionary
look-up in a table of every rank multiset, built once at import (about 0.2 s); flushes go through a
second table indexed by the 13-bit rank mask of the flush suit. Values are shared, immutable
``HandValue`` objects, so evaluating allocates nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from itertools import combinations

from .cards import RANKS, SUITS, check_cards

__all__ = ["HandValue", "evaluate", "evaluate_many", "evaluate_omaha", "winners", "Game"]


class Game(StrEnum):
    """How a hand is made (the ``game`` of ``winners`` and ``showdown.settle``)."""

    HOLDEM = "holdem"   # the best five of the hole cards and the board
    OMAHA = "omaha"     # exactly two of the four hole cards and three of the board

CATEGORIES: tuple[str, ...] = (
    "high_card", "pair", "two_pair", "three_of_a_kind", "straight",
    "flush", "full_house", "four_of_a_kind", "straight_flush",
)
_CATEGORY_WORDS = {
    "high_card": "high card", "pair": "one pair", "two_pair": "two pair",
    "three_of_a_kind": "three of a kind", "straight": "straight", "flush": "flush",
    "full_house": "full house", "four_of_a_kind": "four of a kind", "straight_flush": "straight flush",
}
# How many significant ranks each category stores (the rest of the 5 slots are zero).
_SIGNIFICANT = (5, 4, 3, 3, 1, 5, 2, 2, 1)


class HandValue(int):
    """The value of a five-card poker hand: greater wins, equal splits.

    It is an ``int`` (category in the high bits, then the deciding ranks in order of importance,
    four bits each), so values compare, sort and hash like numbers.
    """

    __slots__ = ()

    @property
    def category(self) -> str:
        """One of ``CATEGORIES`` (``"pair"``, ``"flush"``, ...)."""
        return CATEGORIES[int(self) >> 20]

    @property
    def ranks(self) -> str:
        """The ranks that decide ties, most important first (``"AK"`` for aces full of kings)."""
        v = int(self)
        n = _SIGNIFICANT[v >> 20]
        return "".join(RANKS[(v >> (16 - 4 * i)) & 15] for i in range(n))

    def describe(self) -> str:
        """Words for the hand, e.g. ``"full house, A over K"``."""
        return f"{_CATEGORY_WORDS[self.category]} ({' '.join(self.ranks)})"

    def __repr__(self) -> str:
        return f"HandValue({self.category!r}, {self.ranks!r})"


_INTERN: dict[int, HandValue] = {}


def _value(category: int, ranks: Sequence[int]) -> HandValue:
    v = category << 20
    for i, r in enumerate(ranks):
        v |= r << (16 - 4 * i)
    hv = _INTERN.get(v)
    if hv is None:
        hv = _INTERN[v] = HandValue(v)
    return hv


def _straight_top(mask: int) -> int:
    """Highest straight in a 13-bit rank mask (bit 0 = deuce), -1 if none; the wheel counts as five-high."""
    for top in range(12, 3, -1):
        need = 0b11111 << (top - 4)
        if mask & need == need:
            return top
    if mask & 0b1000000001111 == 0b1000000001111:  # A-2-3-4-5
        return 3
    return -1


_STRAIGHT_TOP: tuple[int, ...] = tuple(_straight_top(m) for m in range(1 << 13))


def _top_ranks(mask: int, n: int) -> list[int]:
    out: list[int] = []
    r = 12
    while len(out) < n and r >= 0:
        if mask >> r & 1:
            out.append(r)
        r -= 1
    return out


def _build_flush_table() -> tuple[HandValue | None, ...]:
    table: list[HandValue | None] = [None] * (1 << 13)
    for mask in range(1 << 13):
        if mask.bit_count() < 5:
            continue
        top = _STRAIGHT_TOP[mask]
        table[mask] = _value(8, [top]) if top >= 0 else _value(5, _top_ranks(mask, 5))
    return tuple(table)


_FLUSH = _build_flush_table()

# Bit layout of a card's code: rank digit (base 5) in bits 0-31, suit counters in bits 32-47
# (4 bits per suit), and the card's own bit at 48 + index.
_RANK_MASK = (1 << 32) - 1
_SUIT_SHIFT = 32
_ID_SHIFT = 48


def _nonflush_value(held: Sequence[tuple[int, int]]) -> HandValue:
    """Best non-flush five-card value for ``(rank, count)`` pairs in descending rank order."""
    quads = [r for r, c in held if c == 4]
    trips = [r for r, c in held if c == 3]
    pairs = [r for r, c in held if c == 2]
    present = [r for r, _ in held]
    if quads:
        q = quads[0]
        return _value(7, [q, next(r for r in present if r != q)])
    if trips and (len(trips) >= 2 or pairs):
        t = trips[0]
        return _value(6, [t, max(trips[1:] + pairs)])
    mask = 0
    for r in present:
        mask |= 1 << r
    top = _STRAIGHT_TOP[mask]
    if top >= 0:
        return _value(4, [top])
    if trips:
        t = trips[0]
        return _value(3, [t] + [r for r in present if r != t][:2])
    if len(pairs) >= 2:
        a, b = pairs[0], pairs[1]
        return _value(2, [a, b, next(r for r in present if r != a and r != b)])
    if pairs:
        p = pairs[0]
        return _value(1, [p] + [r for r in present if r != p][:3])
    return _value(0, present[:5])


_POW5 = tuple(5 ** r for r in range(13))


def _nonflush_of_key(key: int) -> HandValue:
    """The non-flush value of the ranks a base-5 rank sum holds (one hand, no table needed)."""
    held = []
    for r in range(12, -1, -1):
        count = key // _POW5[r] % 5
        if count:
            held.append((r, count))
    return _nonflush_value(held)


# Every multiset of 5, 6 or 7 ranks, valued once for batch evaluation. Building it takes a fifth of a
# second, so it is built on the first ``evaluate_many``, not at import: a single ``evaluate`` (all that
# a rulebook build asks for) values its ranks directly.
_TABLE: dict[int, HandValue] = {}


def _nonflush(key: int) -> HandValue:
    value = _TABLE.get(key)
    return value if value is not None else _nonflush_of_key(key)


def _rank_table() -> dict[int, HandValue]:
    if not _TABLE:
        _TABLE.update(_build_rank_table())
    return _TABLE


def _build_rank_table() -> dict[int, HandValue]:
    """Every multiset of 5, 6 or 7 ranks (at most four of a rank), keyed by its base-5 rank sum."""
    table: dict[int, HandValue] = {}
    held: list[tuple[int, int]] = []

    def fill(rank: int, left: int, key: int) -> None:
        if rank < 0 or left == 0:
            if left <= 2:
                table[key] = _nonflush_value(held)
            return
        fill(rank - 1, left, key)
        for c in range(1, min(4, left) + 1):
            held.append((rank, c))
            fill(rank - 1, left - c, key + c * _POW5[rank])
            held.pop()

    fill(12, 7, 0)
    return table

_CODE: dict[str, int] = {}
_SUIT_OF: dict[str, int] = {}
_RANK_BIT: dict[str, int] = {}
for _i, _card in enumerate(r + s for r in RANKS for s in SUITS):
    _r, _s = RANKS.index(_card[0]), SUITS.index(_card[1])
    _CODE[_card] = 5 ** _r + (1 << (_SUIT_SHIFT + 4 * _s)) + (1 << (_ID_SHIFT + _i))
    _SUIT_OF[_card] = _s
    _RANK_BIT[_card] = 1 << _r
del _i, _card, _r, _s


def _flush_value(cards: Iterable[str], suits: int) -> HandValue:
    for s in range(4):
        if (suits >> (4 * s)) & 15 >= 5:
            mask = 0
            for c in cards:
                if _SUIT_OF[c] == s:
                    mask |= _RANK_BIT[c]
            value = _FLUSH[mask]
            if value is None:   # five cards of the suit: five ranks or more
                raise AssertionError("no flush of five ranks")  # pragma: no cover
            return value
    raise AssertionError("no flush suit")  # pragma: no cover


def evaluate(cards: Sequence[str]) -> HandValue:
    """The value of the best five of 5, 6 or 7 cards (Hold'em: hole cards plus board)."""
    n = len(cards)
    if isinstance(cards, str):
        check_cards(cards)
    if not 5 <= n <= 7:
        raise ValueError(f"a hand is valued on 5 to 7 cards (the best five count); {n} were given")
    code = _CODE
    v = 0
    try:
        for c in cards:
            v += code[c]
    except (KeyError, TypeError):
        check_cards(cards)  # raises the plain message
        raise
    if (v >> _ID_SHIFT).bit_count() != n:
        check_cards(cards)
    suits = (v >> _SUIT_SHIFT) & 0xFFFF
    if (suits + 0x3333) & 0x8888:
        return _flush_value(cards, suits)
    return _nonflush(v & _RANK_MASK)


def evaluate_many(hands: Iterable[Sequence[str]]) -> list[HandValue]:
    """``evaluate`` for many hands at once (each of 5 to 7 cards): the same values, much faster per hand."""
    code = _CODE
    table = _rank_table()
    out: list[HandValue] = []
    append = out.append
    for hand in hands:
        try:
            if len(hand) == 7:
                a, b, c, d, e, f, g = hand
                v = code[a] + code[b] + code[c] + code[d] + code[e] + code[f] + code[g]
                if (v >> 48).bit_count() == 7:
                    suits = (v >> 32) & 0xFFFF
                    if (suits + 0x3333) & 0x8888:
                        append(_flush_value(hand, suits))
                    else:
                        append(table[v & 0xFFFFFFFF])
                    continue
        except (KeyError, TypeError, ValueError):
            pass
        append(evaluate(hand))  # other sizes, and the plain error message for bad hands
    return out


_OMAHA_ERR = "Omaha is played with exactly four hole cards"


def evaluate_omaha(hole: Sequence[str], board: Sequence[str]) -> HandValue:
    """The best Omaha hand: exactly two of the four hole cards with exactly three board cards."""
    if len(hole) != 4:
        raise ValueError(f"{_OMAHA_ERR}; {len(hole)} were given")
    if not 3 <= len(board) <= 5:
        raise ValueError(f"the board has 3 to 5 cards (flop, turn, river); {len(board)} were given")
    check_cards(list(hole) + list(board), what="hole and board cards")
    code = _CODE
    best = None
    twos = [(code[a] + code[b], (a, b)) for a, b in combinations(hole, 2)]
    threes = [(code[a] + code[b] + code[c], (a, b, c)) for a, b, c in combinations(board, 3)]
    for v2, h2 in twos:
        for v3, h3 in threes:
            v = v2 + v3
            suits = (v >> _SUIT_SHIFT) & 0xFFFF
            if (suits + 0x3333) & 0x8888:
                hv = _flush_value(h2 + h3, suits)
            else:
                hv = _nonflush(v & _RANK_MASK)
            if best is None or hv > best:
                best = hv
    assert best is not None
    return best


def winners(holes: Mapping[int, Sequence[str]], board: Sequence[str], *, game: Game | str = Game.HOLDEM) -> list[int]:
    """The seats (keys of ``holes``) holding the best hand, in ascending seat order.

    ``game`` is ``"holdem"`` (best five of hole + board) or ``"omaha"`` (exactly two hole cards
    and three board cards). Suits never break a tie, so several seats can win.
    """
    if game not in tuple(Game):
        raise ValueError(f"unknown game {game!r}: use 'holdem' or 'omaha'")
    if not holes:
        raise ValueError("no hands to compare: give at least one seat's hole cards")
    everything: list[str] = list(check_cards(board, what="board cards"))
    for seat, cards in holes.items():
        everything.extend(check_cards(cards, what=f"cards of seat {seat}"))
    check_cards(everything, what="hole and board cards")
    if game == Game.HOLDEM:
        for seat, cards in holes.items():
            if len(cards) != 2:
                raise ValueError(f"seat {seat} has {len(cards)} hole cards; Hold'em is played with two")
        values = {seat: evaluate(list(cards) + list(board)) for seat, cards in holes.items()}
    else:
        values = {seat: evaluate_omaha(cards, board) for seat, cards in holes.items()}
    best = max(values.values())
    return sorted(seat for seat, v in values.items() if v == best)
