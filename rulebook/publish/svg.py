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
from html import escape

from babel.lists import format_list

from rulebook.core.values import Value
from rulebook.i18n.formatting import cldr
from rulebook.i18n.vocabulary import card_symbol
from rulebook.publish.rst import Markup
from rulebook.reading import Reading
from rulebook.reading.pictures import Hand, Picture, Seats, Showdown, Split

WIDTH = 360                  # the viewBox's width: one px of it is about one px on a 390 px phone
CARD_W, CARD_H, GAP = 52, 72, 8
RED = "#b3261e"              # hearts and diamonds, as the site's text prints them (dark mode: rulebook.css)
POSTS = ("small", "big", "small+big", "straddle/post")   # the engine's roles that put chips in front of a seat
OUT = ("out", "missed")


def _x(text: object) -> str:
    """Text as XML character data or an attribute value: whatever it holds stays text."""
    return escape(str(text), quote=True)


def _text(x: float, y: float, words: str, size: int = 14, bold: bool = False, anchor: str = "start",
          cls: str = "", fill: str = "currentColor") -> str:
    weight = ' font-weight="bold"' if bold else ""
    klass = f' class="{cls}"' if cls else ""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}"{weight} text-anchor="{anchor}" fill="{fill}"{klass}>'
            f"{_x(words)}</text>")


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
        if isinstance(picture, Showdown):
            return self.showdown(picture, ident)
        if isinstance(picture, Hand):
            return self.hand(picture, ident)
        if isinstance(picture, Split):
            return self.split(picture, ident)
        return self.seats(picture, ident)

    # -- words -------------------------------------------------------------------------------------

    def _(self, msgid: str, **values: object) -> str:
        return self.gettext(msgid).format(**values)

    def cards(self, cards: tuple[str, ...]) -> str:
        return " ".join(self.reading.fmt.word(card) for card in cards)

    def amount(self, value: Value) -> str:
        return self.reading.show(value)

    def listed(self, items: list[str]) -> str:
        return format_list(items, locale=cldr(self.reading.tr.locale))

    # -- the parts ---------------------------------------------------------------------------------

    @staticmethod
    def _svg(kind: str, ident: str, height: float, title: str, desc: str, body: list[str]) -> str:
        return (f'<svg xmlns="http://www.w3.org/2000/svg" class="rb-pic rb-pic-{kind}" role="img" '
                f'aria-labelledby="{_x(ident)}-t {_x(ident)}-d" viewBox="0 0 {WIDTH} {height:g}" width="{WIDTH}" '
                f'height="{height:g}" font-family="DejaVu Sans, Verdana, sans-serif">'
                f'<title id="{_x(ident)}-t">{_x(title)}</title><desc id="{_x(ident)}-d">{_x(desc)}</desc>'
                + "".join(body) + "</svg>")

    @staticmethod
    def card(x: float, y: float, card: str, w: float = CARD_W, h: float = CARD_H) -> str:
        """One playing card: its rank in the corner and its suit's symbol large in the middle (the
        symbol tells the suit; red is only added)."""
        symbol = card_symbol(card) or card
        rank, suit = symbol[:-1], symbol[-1]
        red = card[1] in "hd"
        fill, cls = (RED, "rb-red") if red else ("currentColor", "")
        return (f'<g class="rb-playing-card" transform="translate({x:g},{y:g})"><rect class="rb-card" x="0.75" y="0.75" width="{w - 1.5:g}" '
                f'height="{h - 1.5:g}" rx="5" fill="none" stroke="currentColor" stroke-width="1.5"/>'
                + _text(5, 21, rank, 19, True, cls=cls, fill=fill)
                + _text(w / 2, h - 12, suit, 30, anchor="middle", cls=cls, fill=fill) + "</g>")

    @staticmethod
    def button_disc(x: float, y: float) -> str:
        """The dealer button as it lies on the table: a disc with a D (the letter every card room prints on it)."""
        return (f'<circle class="rb-button" cx="{x:.1f}" cy="{y:.1f}" r="9" fill="currentColor"/>'
                + _text(round(x, 1), round(y + 4, 1), "D", 11, True, "middle", "rb-on-button", fill="#fff"))

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
