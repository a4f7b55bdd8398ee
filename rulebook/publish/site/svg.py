"""A worked example's pictures as inline SVG, in the reader's language.

The pictures are the data of ``rulebook.reading.pictures`` (what the engine checked), drawn so a
player sees the table: cards with their rank and suit symbol (never colour alone), seats around an
oval with the button and the blinds, a pot and each winner's share. Every word and number in the
SVG is this module's, escaped for XML here (``_x``): data is never markup. Each picture says what it
shows (``role="img"``, ``<title>``, ``<desc>``) in the reader's language; its strokes and words are
``currentColor`` and its tints CSS classes (``rb-…``, in the site's and the print's stylesheets),
so it reads in light and dark mode and in black and white on paper; it holds no script.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any
from dataclasses import replace
from html import escape

from babel.lists import format_list

from rulebook.core.values import Value
from rulebook.i18n.vocabulary import card_symbol
from rulebook.publish.site.rst import Markup
from rulebook.reading import Reading
from rulebook.reading.pictures import (Betting, Chips, FirstToShow, Hand, Picture, Rake, Seats, ShowOrder, Showdown,
                                       Split, Table)

WIDTH = 360                  # the viewBox's width: one px of it is about one px on a 390 px phone
CARD_W, CARD_H, GAP = 52, 72, 8
# Each suit's colour in the house's deck, as the site's text prints it (dark mode: rulebook.css): a
# suit without one is drawn in the text's colour. The symbol always tells the suit; colour is only added.
SUIT_COLOURS = {"two-colour": {"h": "red", "d": "red"}, "four-colour": {"h": "red", "d": "blue", "c": "green"}}
INKS = {"red": "#b3261e", "blue": "#1560bd", "green": "#2e7d32"}
SYMBOL_SUITS = {"\u2660": "s", "\u2665": "h", "\u2666": "d", "\u2663": "c"}


def suit_colour(suit: str, deck: str) -> str | None:
    """The colour of a suit (``h``, or its symbol ``♥``) in a deck (``records.DECKS``); None: the text's."""
    return SUIT_COLOURS[deck].get(SYMBOL_SUITS.get(suit, suit))
POSTS = ("small", "big", "small+big", "straddle/post")   # the engine's roles that put chips in front of a seat
OUT = ("out", "missed")
TABLE_X, TABLE_Y, TABLE_RX, TABLE_RY = WIDTH / 2, 108, 150, 72   # the oval table: its centre and radii


def _x(text: object) -> str:
    """Text as XML character data or an attribute value: whatever it holds stays text."""
    return escape(str(text), quote=True)


def _text(x: float, y: float, words: str, size: int = 14, bold: bool = False, anchor: str = "start",
          cls: str = "", fill: str = "currentColor") -> str:
    weight = ' font-weight="bold"' if bold else ""
    klass = f' class="{cls}"' if cls else ""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}"{weight} text-anchor="{anchor}" fill="{fill}"{klass}>'
            f"{_x(words)}</text>")


def _number(value: Value) -> int:
    """An amount the engine checked, as a number (a picture draws no other)."""
    assert isinstance(value.literal, int) and not isinstance(value.literal, bool), value
    return value.literal


def _wrapped(sentence: str, size: int, bold: bool) -> list[str]:
    """A sentence cut at spaces into lines that fit the picture's width (DejaVu Sans: a character is
    about 0.58 of the font's size wide on average, 0.64 in bold)."""
    most = max(12, int(WIDTH / (size * (0.64 if bold else 0.58))))
    lines: list[str] = []
    for word in sentence.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= most:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


class Drawing:
    """The pictures of one house in one language: its words (``tr``) and its amounts (``Reading.show``,
    as the example's text writes them)."""

    def __init__(self, reading: Reading):
        self.reading, self.gettext = reading, reading.tr.gettext

    def example(self, example_id: str, drawn: tuple[Picture, ...]) -> Markup | None:
        """An example's pictures as one HTML block (None: nothing to draw), each picture's ids made
        from the example's id so that a page holds each once."""
        if not drawn:
            return None
        svgs = [self.picture(picture, f"pic-{example_id}-{number}") for number, picture in enumerate(drawn, 1)]
        return Markup(f'<div class="rb-pictures">{"".join(svgs)}</div>')

    def picture(self, picture: Picture, ident: str) -> str:
        """One picture, drawn by the method for its kind (``DRAWN``)."""
        return DRAWN[type(picture)](self, picture, ident)

    # -- words -------------------------------------------------------------------------------------

    def _(self, msgid: str, **values: object) -> str:
        return self.gettext(msgid).format(**values)

    def cards(self, cards: tuple[str, ...]) -> str:
        return " ".join(self.reading.fmt.word(card) for card in cards)

    def amount(self, value: Value) -> str:
        return self.reading.show(value)

    def listed(self, items: list[str]) -> str:
        return format_list(items, locale=self.reading.fmt.code)

    # -- the parts ---------------------------------------------------------------------------------

    @staticmethod
    def _svg(kind: str, ident: str, height: float, title: str, desc: str, body: list[str]) -> str:
        return (f'<svg xmlns="http://www.w3.org/2000/svg" class="rb-pic rb-pic-{kind}" role="img" '
                f'aria-labelledby="{_x(ident)}-t {_x(ident)}-d" viewBox="0 0 {WIDTH} {height:g}" width="{WIDTH}" '
                f'height="{height:g}" font-family="DejaVu Sans, Verdana, sans-serif">'
                f'<title id="{_x(ident)}-t">{_x(title)}</title><desc id="{_x(ident)}-d">{_x(desc)}</desc>'
                + "".join(body) + "</svg>")

    def card(self, x: float, y: float, card: str, w: float = CARD_W, h: float = CARD_H) -> str:
        """One playing card: its rank in the corner and its suit's symbol large in the middle (the
        symbol tells the suit; its colour in the house's deck is only added)."""
        symbol = card_symbol(card) or card
        rank, suit = symbol[:-1], symbol[-1]
        colour = suit_colour(card[1], self.reading.book.deck)
        fill, cls = (INKS[colour], f"rb-{colour}") if colour else ("currentColor", "")
        return (f'<g class="rb-playing-card" transform="translate({x:g},{y:g})"><rect class="rb-card" x="0.75" y="0.75" width="{w - 1.5:g}" '
                f'height="{h - 1.5:g}" rx="5" fill="none" stroke="currentColor" stroke-width="1.5"/>'
                + _text(5, 21, rank, 19, True, cls=cls, fill=fill)
                + _text(w / 2, h - 12, suit, 30, anchor="middle", cls=cls, fill=fill) + "</g>")

    @staticmethod
    def button_disc(x: float, y: float) -> str:
        """The dealer button as it lies on the table: a disc with a D (the letter every card room prints on it)."""
        return (f'<circle class="rb-button" cx="{x:.1f}" cy="{y:.1f}" r="9" fill="currentColor"/>'
                + _text(round(x, 1), round(y + 4, 1), "D", 11, True, "middle", "rb-on-button", fill="#fff"))

    @staticmethod
    def place(seat: int, places: int) -> tuple[float, float]:
        """Where a seat sits around the oval: seat 1 to the dealer's left, on clockwise."""
        angle = math.radians(-60 + (seat - 1) * 300 / max(1, places - 1))
        return TABLE_X + TABLE_RX * math.cos(angle), TABLE_Y + TABLE_RY * math.sin(angle)

    @staticmethod
    def felt() -> str:
        return (f'<ellipse class="rb-felt" cx="{TABLE_X:g}" cy="{TABLE_Y:g}" rx="{TABLE_RX - 26}" ry="{TABLE_RY - 22}" '
                f'fill="none" stroke="currentColor" stroke-width="2"/>')

    def seat_disc(self, x: float, y: float, seat: int, style: str = "taken") -> str:
        """A seat and its number: ``taken`` (a player), ``away`` (dashed), ``free`` (dotted, faint)."""
        dash = {"taken": "", "away": ' stroke-dasharray="4 3"', "free": ' stroke-dasharray="1.5 3" opacity="0.6"'}[style]
        return (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="16" fill="none" stroke="currentColor" '
                f'stroke-width="{2 if style == "taken" else 1.5}"{dash}/>'
                + _text(round(x, 1), round(y + 5, 1), self.reading.fmt.count(seat), 15, style == "taken", "middle",
                        "rb-free" if style == "free" else ""))

    @staticmethod
    def chips(x: float, y: float, count: int = 1) -> str:
        """Chips put in front of a seat (a blind, a straddle)."""
        return "".join(f'<circle cx="{x + (k - (count - 1) / 2) * 16:.1f}" cy="{y:.1f}" r="7" fill="none" '
                       f'stroke="currentColor" stroke-width="1.5"/><circle cx="{x + (k - (count - 1) / 2) * 16:.1f}" '
                       f'cy="{y:.1f}" r="3.5" fill="currentColor"/>' for k in range(count))

    @staticmethod
    def inward(x: float, y: float, by: float = 0.4) -> tuple[float, float]:
        return x + (TABLE_X - x) * by, y + (TABLE_Y - y) * (by + 0.18)

    @staticmethod
    def step(x: float, y: float, number: str, marked: bool = False) -> str:
        """A step's number in a disc (filled for the step the picture is about)."""
        if marked:
            return (f'<circle class="rb-mark" cx="{x:g}" cy="{y:g}" r="11" fill="currentColor"/>'
                    + _text(x, y + 5, number, 13, True, "middle", "rb-on-button", fill="#fff"))
        return (f'<circle cx="{x:g}" cy="{y:g}" r="11" fill="none" stroke="currentColor" stroke-width="1.5"/>'
                + _text(x, y + 5, number, 13, False, "middle"))

    @staticmethod
    def lines(top: float, sentences: list[str], bold: tuple[int, ...] = (), size: int = 14) -> tuple[list[str], float]:
        """Sentences one under the other, each wrapped to the picture's width; and the last line's y."""
        body, y = [], top - 19
        for i, sentence in enumerate(sentences):
            for line in _wrapped(sentence, size, i in bold):
                y += 19
                body.append(_text(0, y, line, size, i in bold))
        return body, y

    # -- the kinds ---------------------------------------------------------------------------------

    def showdown(self, picture: Showdown, ident: str) -> str:
        """The board's cards, and under it each seat's two cards; the winners framed and labelled."""
        body = [_text(0, 15, self._("Board"), 14, True)]
        body += [self.card(i * (CARD_W + GAP), 22, card) for i, card in enumerate(picture.board)]
        top = 22 + CARD_H + 18
        block = 2 * CARD_W + GAP + 16
        per_row = max(1, (WIDTH + 12) // (block + 12))
        tie = len(picture.winners) > 1
        for i, (seat, cards) in enumerate(picture.holes):
            x, y = (i % per_row) * (block + 12), top + (i // per_row) * (CARD_H + 58)
            won = seat in picture.winners
            if won:
                body.append(f'<rect class="rb-win" x="{x + 1.5:g}" y="{y + 1.5:g}" width="{block - 3}" '
                            f'height="{CARD_H + 47}" rx="8" fill="none" stroke="currentColor" stroke-width="3"/>')
            body.append(_text(x + 8, y + 20, self._("Seat {number}", number=self.reading.fmt.count(seat)), 14, True))
            body += [self.card(x + 8 + j * (CARD_W + GAP), y + 28, card) for j, card in enumerate(cards)]
            if won:
                said = self._("Splits the pot") if tie else self._("Wins")
                body.append(_text(x + block / 2, y + CARD_H + 42, "★ " + said, 13, True, "middle"))
        rows = -(-len(picture.holes) // per_row)
        height = top + rows * (CARD_H + 58) - 8
        seats = [self.reading.fmt.count(seat) for seat in picture.winners]
        desc = [self._("Board: {cards}.", cards=self.cards(picture.board))]
        desc += [self._("Seat {number}: {what}.", number=self.reading.fmt.count(seat), what=self.cards(cards))
                 for seat, cards in picture.holes]
        desc.append(self._("Seats {numbers} split the pot.", numbers=self.listed(seats)) if tie
                    else self._("Seat {number} wins.", number=seats[0]))
        return self._svg("showdown", ident, height, self._("The board and each player's cards"), " ".join(desc), body)

    def hand(self, picture: Hand, ident: str) -> str:
        """The hand's cards in a row, and the category the engine gives them under it."""
        n = len(picture.cards)
        w = min(CARD_W, (WIDTH - (n - 1) * GAP) / n)
        body = [self.card(i * (w + GAP), 2, card, w, CARD_H) for i, card in enumerate(picture.cards)]
        category = self.reading.fmt.word(picture.category)
        body.append(_text(0, CARD_H + 24, category, 15, True))
        desc = self._("{cards}: {category}.", cards=self.cards(picture.cards), category=category)
        return self._svg("hand", ident, CARD_H + 32, self._("The hand's cards"), desc, body)

    def split(self, picture: Split, ident: str) -> str:
        """The pot above, an arrow to each winner's seat below with the share the engine gives it."""
        pot = self.amount(picture.pot)
        body = [f'<rect x="{WIDTH / 2 - 90}" y="1.5" width="180" height="50" rx="25" fill="none" '
                f'stroke="currentColor" stroke-width="2"/>',
                _text(WIDTH / 2, 21, self._("Pot"), 13, anchor="middle"),
                _text(WIDTH / 2, 42, pot, 17, True, "middle")]
        n = len(picture.shares)
        box = min(150, (WIDTH - (n - 1) * 12) / n)
        left = (WIDTH - (n * box + (n - 1) * 12)) / 2
        for i, (seat, share) in enumerate(picture.shares):
            x = left + i * (box + 12)
            cx = x + box / 2
            body.append(f'<line x1="{WIDTH / 2:g}" y1="52" x2="{cx:g}" y2="84" stroke="currentColor" stroke-width="2"/>'
                        f'<path d="M{cx - 6:g},78 L{cx:g},88 L{cx + 6:g},78 Z" fill="currentColor"/>')
            body.append(f'<rect x="{x + 1:g}" y="90" width="{box - 2:g}" height="56" rx="8" fill="none" '
                        f'stroke="currentColor" stroke-width="2"/>')
            body.append(_text(cx, 110, self._("Seat {number}", number=self.reading.fmt.count(seat)), 14, True, "middle"))
            body.append(_text(cx, 134, self.amount(share), 16, True, "middle"))
        button = self._("Button: seat {number}.", number=self.reading.fmt.count(picture.button))
        body.append(self.button_disc(9, 168) + _text(24, 172, button, 13))
        desc = [self._("Pot: {amount}.", amount=pot)]
        desc += [self._("Seat {number}: {what}.", number=self.reading.fmt.count(seat), what=self.amount(share))
                 for seat, share in picture.shares]
        desc.append(button)
        return self._svg("split", ident, 180, self._("How the pot is split"), " ".join(desc), body)

    def seats(self, picture: Seats, ident: str) -> str:
        """The table seen from above: seat 1 to the dealer's left and on clockwise, the button's disc
        (D) and the blinds' chips in front of their seats, a seat not dealt in dashed; under it, each
        seat's part in the reader's words."""
        fmt = self.reading.fmt
        roles = dict(picture.roles)
        places = max(len(picture.seats), max(picture.seats))
        cx, cy, rx, ry = WIDTH / 2, 108, 150, 72
        body = []
        if picture.hand is not None:
            body.append(_text(0, 15, self._("Hand {number}", number=fmt.count(picture.hand)), 14, True))
        body.append(f'<ellipse class="rb-felt" cx="{cx:g}" cy="{cy:g}" rx="{rx - 26}" ry="{ry - 22}" fill="none" '
                    f'stroke="currentColor" stroke-width="2"/>')
        for seat in picture.seats:
            angle = math.radians(-60 + (seat - 1) * 300 / max(1, places - 1))
            x, y = cx + rx * math.cos(angle), cy + ry * math.sin(angle)
            role = roles.get(seat, "")
            parts = role.split(" + ") if role else []
            away = any(part in OUT for part in parts)
            dash = ' stroke-dasharray="4 3"' if away else ""
            body.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="16" fill="none" stroke="currentColor" '
                        f'stroke-width="{1.5 if away else 2}"{dash}/>')
            body.append(_text(round(x, 1), round(y + 5, 1), fmt.count(seat), 15, not away, "middle"))
            inward = [(x + (cx - x) * 0.36, y + (cy - y) * 0.55)]
            if "button" in parts and any(part in POSTS for part in parts):   # heads-up: the button posts too
                dx = 11
                inward = [(inward[0][0] - dx, inward[0][1]), (inward[0][0] + dx, inward[0][1])]
            marks = iter(inward)
            if "button" in parts:
                body.append(self.button_disc(*next(marks)))
            if any(part in POSTS for part in parts):
                px, py = next(marks, inward[-1])
                chips = 2 if "small+big" in parts else 1   # a chip, or two for both blinds
                for k in range(chips):
                    at = px + (k - (chips - 1) / 2) * 16
                    body.append(f'<circle cx="{at:.1f}" cy="{py:.1f}" r="7" fill="none" stroke="currentColor" '
                                f'stroke-width="1.5"/><circle cx="{at:.1f}" cy="{py:.1f}" r="3.5" fill="currentColor"/>')
        lines = [(seat, role) for seat, role in picture.roles if role]
        top = cy + ry + 38
        for i, (seat, role) in enumerate(lines):
            body.append(_text(0, top + i * 19, self._("Seat {number}: {what}.", number=fmt.count(seat),
                                                      what=fmt.word(role)), 14))
        height = top + (len(lines) - 1) * 19 + 6
        title = (self._("The table in hand {number}", number=fmt.count(picture.hand)) if picture.hand is not None
                 else self._("The table"))
        desc = [self._("Seats at the table: {numbers}.", numbers=self.listed([fmt.count(s) for s in picture.seats]))]
        desc += [self._("Seat {number}: {what}.", number=fmt.count(seat), what=fmt.word(role)) for seat, role in lines]
        return self._svg("seats", ident, height, title, " ".join(desc), body)

    def betting(self, picture: Betting, ident: str) -> str:
        """The round's bets and raises as numbered steps, each with a bar as long as its total, and
        the smallest raise the engine allows next, marked."""
        fmt = self.reading.fmt
        steps = [*picture.levels, picture.minimum]
        top = max(_number(step) for step in steps)
        body = [_text(0, 15, self._("Bets and raises so far"), 14, True)]
        for i, step in enumerate(steps):
            y, last = 40 + i * 30, i == len(steps) - 1
            body.append(self.step(11, y, fmt.count(i + 1), last))
            body.append(_text(30, y + 5, self.amount(step), 14, last))
            width = max(3.0, 190 * _number(step) / top)
            style = ' stroke-dasharray="5 3" stroke-width="2.5"' if last else ' stroke-width="1.5"'
            body.append(f'<rect class="{"rb-minimum" if last else "rb-level"}" x="160" y="{y - 8:g}" width="{width:.1f}" '
                        f'height="16" rx="3" fill="none" stroke="currentColor"{style}/>')
        said = self._("Minimum raise: to {amount}", amount=self.amount(picture.minimum))
        marked, bottom = self.lines(40 + len(steps) * 30 + 2, ["\u2605 " + said], (0,))
        body += marked
        desc = [self._("Step {number}: to {amount}.", number=fmt.count(i + 1), amount=self.amount(level))
                for i, level in enumerate(picture.levels)]
        desc.append(said + ".")
        return self._svg("betting", ident, bottom + 8, self._("The bets so far and the minimum raise"), " ".join(desc), body)

    def chips_put_out(self, picture: Chips, ident: str) -> str:
        """The bet a player faces, the chips they put out (each a chip with its value under it) and what
        they said, and what the chips are, marked: a call, a raise to a total, or a bet."""
        fmt = self.reading.fmt
        head = [self._("Bet to call: {amount}", amount=self.amount(picture.facing)) if picture.facing
                else self._("No bet yet")]
        if picture.own:
            head.append(self._("Already in front of the player: {amount}", amount=self.amount(picture.own)))
        head.append(self._("Announced: {word}", word=fmt.word(picture.declared)) if picture.declared
                    else self._("Nothing announced"))
        body, bottom = self.lines(15, head, (0,))
        per_row, spacing, radius = 6, 60, 21
        for i, chip in enumerate(picture.chips):
            x, y = radius + 2 + (i % per_row) * spacing, bottom + 34 + (i // per_row) * 70
            body.append(f'<g class="rb-chip"><circle cx="{x:g}" cy="{y:g}" r="{radius}" fill="none" stroke="currentColor" '
                        f'stroke-width="2"/><circle cx="{x:g}" cy="{y:g}" r="{radius - 5}" fill="none" '
                        f'stroke="currentColor" stroke-width="4" stroke-dasharray="5 5"/>'
                        f'<circle cx="{x:g}" cy="{y:g}" r="{radius - 10}" fill="none" stroke="currentColor" '
                        f'stroke-width="1"/></g>')
            body.append(_text(x, y + radius + 16, self.amount(chip), 12, anchor="middle"))
        rows = (len(picture.chips) + per_row - 1) // per_row
        meaning = (self._("{action} to {amount}", action=fmt.word(picture.action), amount=self.amount(picture.total))
                   if picture.action == "raise" else
                   self._("{action}: {amount}", action=fmt.word(picture.action), amount=self.amount(picture.total)))
        marked, bottom = self.lines(bottom + 34 + rows * 70, ["\u2605 " + meaning], (0,))
        body += marked
        put = self._("Chips put out: {chips}", chips=self.listed([self.amount(chip) for chip in picture.chips]))
        desc = " ".join(sentence.rstrip(".") + "." for sentence in [*head, put, meaning])
        return self._svg("chips", ident, bottom + 8, self._("The chips put out and what they are"), desc, body)

    def rake(self, picture: Rake, ident: str) -> str:
        """Each pot, the rake the house takes from it and what is left in it, in the house's money."""
        fmt = self.reading.fmt
        stakes = fmt.word(picture.stakes)
        head = (self._("Stakes {stakes}, {players}", stakes=stakes, players=fmt.value(picture.players, "players"))
                if picture.players is not None else self._("Stakes {stakes}", stakes=stakes))
        if not picture.flop:
            head += " \u2014 " + self._("No flop")
        body, desc = [_text(0, 15, head, 14, True)], [head + "."]
        n = len(picture.pots)
        for i, (pot, rake) in enumerate(picture.pots):
            name = (self._("Pot") if n == 1 else self._("Main pot") if i == 0
                    else self._("Side pot") if n == 2 else self._("Side pot {number}", number=fmt.count(i)))
            left = replace(pot, literal=_number(pot) - _number(rake))
            y = 28 + i * 62
            body.append(f'<rect x="1" y="{y:g}" width="110" height="48" rx="10" fill="none" stroke="currentColor" '
                        f'stroke-width="2"/>')
            body.append(_text(56, y + 19, name, 12, anchor="middle"))
            body.append(_text(56, y + 39, self.amount(pot), 15, True, "middle"))
            body.append(f'<path d="M112,{y + 24:g} H124 M124,{y + 12:g} V{y + 36:g} M124,{y + 12:g} H132 '
                        f'M124,{y + 36:g} H132" fill="none" stroke="currentColor" stroke-width="1.5"/>'
                        f'<path d="M132,{y + 8:g} L139,{y + 12:g} L132,{y + 16:g} Z M132,{y + 32:g} L139,{y + 36:g} '
                        f'L132,{y + 40:g} Z" fill="currentColor"/>')
            rake_said = self._("Rake: {amount}", amount=self.amount(rake))
            left_said = self._("Left in the pot: {amount}", amount=self.amount(left))
            body.append(_text(144, y + 17, rake_said, 13))
            body.append(_text(144, y + 41, left_said, 13, True))
            desc.append(f"{name}: {self.amount(pot)}. {rake_said}. {left_said}.")
        return self._svg("rake", ident, 28 + n * 62 - 6, self._("The pot and the rake"), " ".join(desc), body)

    def show_order(self, picture: ShowOrder, ident: str) -> str:
        """The table with the seats at the showdown, each with its turn to show in a disc (the first
        filled and its seat framed), the button's disc; under it the order in words."""
        fmt = self.reading.fmt
        turn = {seat: i for i, seat in enumerate(picture.order, 1)}
        places = max(*picture.order, picture.button)
        body = [self.felt()]
        for seat in sorted({*picture.order, picture.button}):
            x, y = self.place(seat, places)
            body.append(self.seat_disc(x, y, seat, "taken" if seat in turn else "away"))
            if seat == picture.order[0]:
                body.append(f'<circle class="rb-win" cx="{x:.1f}" cy="{y:.1f}" r="21" fill="none" stroke="currentColor" '
                            f'stroke-width="3"/>')
            ix, iy = self.inward(x, y)
            if seat == picture.button:
                bx, by = self.inward(x, y, 0.22) if seat in turn else (ix, iy)
                body.append(self.button_disc(bx + (14 if seat in turn else 0), by))
            if seat in turn:
                body.append(self.step(ix, iy, fmt.count(turn[seat]), turn[seat] == 1))
        sentences = [self._("{order}. Seat {number} shows first.", order=fmt.count(1), number=fmt.count(picture.order[0]))]
        sentences += [self._("{order}. Seat {number}.", order=fmt.count(i), number=fmt.count(seat))
                      for i, seat in enumerate(picture.order[1:], 2)]
        sentences.append(self._("Button: seat {number}.", number=fmt.count(picture.button)))
        said, bottom = self.lines(TABLE_Y + TABLE_RY + 38, sentences, (0,))
        return self._svg("show-order", ident, bottom + 6, self._("The order of showing"),
                         " ".join(sentences), body + said)

    def first_to_show(self, picture: FirstToShow, ident: str) -> str:
        """The last round's actions as numbered steps; the seat the engine says shows first, marked."""
        fmt = self.reading.fmt
        body = [_text(0, 15, self._("The last betting round"), 14, True)]
        said = []
        for i, (seat, action) in enumerate(picture.actions):
            y = 40 + i * 28
            line = self._("Seat {number}: {what}.", number=fmt.count(seat), what=fmt.word(action))
            body.append(self.step(11, y, fmt.count(i + 1), False))
            body.append(_text(30, y + 5, line, 14, seat == picture.first))
            said.append(line)
        rule = (self._("The first to bet shows first.") if picture.rule == "first_bettor"
                else self._("The last to bet or raise shows first."))
        first = self._("Seat {number} shows first.", number=fmt.count(picture.first))
        ruled, _ = self.lines(40 + len(picture.actions) * 28 + 2, [rule], size=13)
        marked, bottom = self.lines(40 + len(picture.actions) * 28 + 2 + 19 * len(ruled) + 4, ["\u2605 " + first], (0,))
        body += ruled + marked
        return self._svg("first-to-show", ident, bottom + 8, self._("Who shows first"),
                         " ".join([*said, rule, first]), body)

    def table(self, picture: Table, ident: str) -> str:
        """A seat table and the engine's answer about it: the seats taken (a free seat dotted, a seat
        away dashed), the button's disc, a chip before each blind and each straddle, a seat change's
        arrow; the seat asked about framed; under it all of this in words."""
        fmt = self.reading.fmt
        moved: tuple[int, ...] = picture.move or ()
        places = max(len(picture.seats), *picture.seats, *moved)
        answered = {seat: what for seat, what in picture.answers}
        body = [self.felt()]
        for seat in range(1, places + 1):
            x, y = self.place(seat, places)
            style = "free" if seat not in picture.seats else "away" if seat in picture.away else "taken"
            body.append(self.seat_disc(x, y, seat, style))
            if seat in answered:
                dash = "" if answered[seat] in ("straddle", "post") else ' stroke-dasharray="6 4"'
                body.append(f'<circle class="rb-win" cx="{x:.1f}" cy="{y:.1f}" r="21" fill="none" stroke="currentColor" '
                            f'stroke-width="3"{dash}/>')
            ix, iy = self.inward(x, y)
            marks = [self.button_disc] if seat == picture.button else []
            posts = (seat in (picture.small, picture.big)) + (seat in picture.straddles)
            if marks and posts:
                body.append(self.button_disc(ix - 12, iy) + self.chips(ix + 12, iy, posts))
            elif marks:
                body.append(self.button_disc(ix, iy))
            elif posts:
                body.append(self.chips(ix, iy, posts))
        if moved:
            (x1, y1), (x2, y2) = self.place(moved[0], places), self.place(moved[1], places)
            qx, qy = (x1 + x2) / 2 + (TABLE_X - (x1 + x2) / 2) * 0.8, (y1 + y2) / 2 + (TABLE_Y - (y1 + y2) / 2) * 0.8
            sx, sy = x1 + (qx - x1) * 0.28, y1 + (qy - y1) * 0.28
            ex, ey = x2 + (qx - x2) * 0.3, y2 + (qy - y2) * 0.3
            dx, dy = ex - qx, ey - qy
            norm = math.hypot(dx, dy) or 1
            ux, uy = dx / norm, dy / norm
            body.append(f'<path class="rb-move" d="M{sx:.1f},{sy:.1f} Q{qx:.1f},{qy:.1f} {ex - ux * 6:.1f},{ey - uy * 6:.1f}" '
                        f'fill="none" stroke="currentColor" stroke-width="2"/>'
                        f'<path d="M{ex:.1f},{ey:.1f} L{ex - ux * 10 - uy * 5:.1f},{ey - uy * 10 + ux * 5:.1f} '
                        f'L{ex - ux * 10 + uy * 5:.1f},{ey - uy * 10 - ux * 5:.1f} Z" fill="currentColor"/>')
        n = fmt.count
        sentences: list[str] = []
        bold: list[int] = []
        for seat, what in picture.answers:
            bold.append(len(sentences))
            if what in ("post", "no-post"):
                sentences.append("\u2605 " + self._("From seat {old} to seat {new}: he must post both blinds.",
                                                     old=n(moved[0]), new=n(moved[1])) if what == "post"
                                 else "\u2717 " + self._("From seat {old} to seat {new}: he need not post the blinds.",
                                                          old=n(moved[0]), new=n(moved[1])))
            else:
                sentences.append("\u2605 " + self._("Seat {number} may straddle.", number=n(seat)) if what == "straddle"
                                 else "\u2717 " + self._("Seat {number} may not straddle.", number=n(seat)))
        if picture.button is not None:
            sentences.append(self._("Button: seat {number}.", number=n(picture.button)))
        if picture.small is not None:
            sentences.append(self._("Small blind: seat {number}.", number=n(picture.small)))
        if picture.big is not None:
            sentences.append(self._("Big blind: seat {number}.", number=n(picture.big)))
        if picture.away:
            sentences.append(self._("Away from the table: {seats}.", seats=self.seats_said(picture.away)))
        if picture.straddles:
            sentences.append(self._("Straddled already: {seats}.", seats=self.seats_said(picture.straddles)))
        said, bottom = self.lines(TABLE_Y + TABLE_RY + 38, sentences, tuple(bold))
        desc = [self._("Seats at the table: {numbers}.", numbers=self.listed([n(s) for s in picture.seats])), *sentences]
        return self._svg("table", ident, bottom + 6, self._("The table"), " ".join(desc), body + said)

    def seats_said(self, seats: tuple[int, ...]) -> str:
        """Seats in words: "seat 4", "seats 4 and 5"."""
        numbers = [self.reading.fmt.count(seat) for seat in seats]
        return (self._("seat {number}", number=numbers[0]) if len(numbers) == 1
                else self._("seats {numbers}", numbers=self.listed(numbers)))


# Each kind of picture and the method of ``Drawing`` that draws it.
DRAWN: dict[type, Callable[[Drawing, Any, str], str]] = {
    Showdown: Drawing.showdown, Hand: Drawing.hand, Split: Drawing.split, Seats: Drawing.seats, Betting: Drawing.betting,
    Chips: Drawing.chips_put_out, Rake: Drawing.rake, ShowOrder: Drawing.show_order,
    FirstToShow: Drawing.first_to_show, Table: Drawing.table,
}
