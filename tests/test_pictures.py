"""Every worked example drawn: the pictures say what the example and the engine say, in the reader's words.

The pictures are read back from the pages as rendered (the reST each language's Sphinx build reads),
parsed as XML, and compared with the example's own values (its ``given``, ``results`` and table rows,
which the gate has run against the engine), never with the picture model that drew them; and a
picture that cannot be drawn is refused by the gate, naming the example.
"""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ET

import pytest
from docutils import nodes
from babel.lists import format_list

from rulebook.core.calls import Given, Items, Pairs
from rulebook.core.examples import raw
from rulebook.core.languages import LANGUAGES
from rulebook.core.values import Value
from rulebook.i18n.formatting import cldr
from rulebook.publish.site.render import PageRenderer
from rulebook.publish.site.rules import example_nodes
from rulebook.reading.pictures import PictureError, pictures
from tests.conftest import edit, expanded, line_of, run_rulebook

SVG = "{http://www.w3.org/2000/svg}"
BLOCK = re.compile(r'<div class="rb-pictures">(.*?)</div>')
KINDS = ("hands.winners", "hands.evaluate", "pots.split", "table.hand_roles", "betting.min_raise_to",
         "betting.interpret_chips", "house.rake",
         "showdown.order", "showdown.first_to_show", "table.may_straddle", "table.seat_change_must_post",
         "table.blind_positions", "table.heads_up_button")
# The English of the pictures' words that no other language writes the same way.
# English words a language's poker talk borrows, as its own text writes them: Croatian says "hand" for
# a deal ("u tom handu"; the casino's own document: "o svom handu"), its tables' column "Hand".
BORROWED = {"hr": ("Hand ",)}
ENGLISH = ("Seat", "Wins", "Splits", "Hand ", "The table", "The hand", "How the pot", "each player", "Minimum raise",
           "Left in", "shows first", "may straddle", "must post", "Main pot",
           "Stakes", "Bets and", "Away from")


def _svgs(rst: str) -> dict[str, list[ET.Element]]:
    """Example id → its pictures, from a page's reST (each picture's ids start ``pic-<example>-<n>``)."""
    found: dict[str, list[ET.Element]] = {}
    for block in BLOCK.findall(rst):
        root = ET.fromstring(f'<div xmlns:svg="http://www.w3.org/2000/svg">{block}</div>')
        for svg in root:
            ident = svg.find(f"{SVG}title").get("id")
            example = re.fullmatch(r"pic-(.+)-\d+-t", ident).group(1)
            found.setdefault(example, []).append(svg)
    return found


def _texts(svg: ET.Element) -> list[str]:
    return [text.text or "" for text in svg.iter(f"{SVG}text")]


def _cards(svg: ET.Element) -> list[str]:
    """The cards drawn, each its rank and suit symbol as printed on it."""
    return ["".join(text.text or "" for text in card.iter(f"{SVG}text"))
            for card in svg.iter(f"{SVG}g") if card.get("class") == "rb-playing-card"]


def _given(binding: dict[str, Value], argument) -> object:
    """An argument of a check written in the example's YAML: the value the example gives by name."""
    if isinstance(argument, Given):
        value = binding[argument.name]
        return [item.literal for item in value.literal] if isinstance(value.literal, list) else value.literal
    if isinstance(argument, Items):
        return [_given(binding, item) for item in argument.items]
    if isinstance(argument, Pairs):
        return {_given(binding, key): _given(binding, item) for key, item in argument.pairs}
    return argument.value


@pytest.mark.parametrize("house", ["club", "casino"])
def test_every_picture_says_the_examples_values_in_every_language(project, house):
    drawn_kinds: set[str] = set()
    for lang in LANGUAGES:
        renderer = PageRenderer(project, house, lang)
        reading, fmt = renderer.reading, renderer.reading.fmt
        pages = renderer.pages()
        found: dict[str, list[ET.Element]] = {}
        for rst in pages.values():
            found.update(_svgs(expanded(renderer, rst)))
        assert found, f"{house}/{lang}: no picture on any page"
        for example in reading.examples:
            svgs = found.pop(example.id, [])
            outcomes = reading.outcomes[example.id]
            calls = [o for o in outcomes if f"{o.check.call.owner}.{o.check.call.function}" in KINDS
                     and not (o.check.call.function == "rake" and len(example.rows) > 2)]   # a table of pots is not drawn
            if not calls:
                assert not svgs, f"{example.id}: a picture of nothing the engine was asked"
                continue
            assert svgs, f"{house}/{lang}: example {example.id} is not drawn"
            for svg in svgs:
                assert svg.get("role") == "img"
                title, desc = svg.find(f"{SVG}title").text, svg.find(f"{SVG}desc").text
                assert title and desc and len(desc) > 10, f"{example.id}: no text alternative"
                words = " ".join([title, desc, *_texts(svg)])
                if lang != "en":
                    assert not [w for w in ENGLISH if w in words and w not in BORROWED.get(lang, ())], \
                        f"{house}/{lang} {example.id}: English in {words!r}"
                assert "<" not in words and "{" not in words
            drawn = " ".join(" ".join([*_texts(svg), svg.find(f"{SVG}desc").text]) for svg in svgs)
            cards = [card for svg in svgs for card in _cards(svg)]
            for outcome in calls:
                binding = dict(outcome.binding)
                call = outcome.check.call
                kind = f"{call.owner}.{call.function}"
                drawn_kinds.add(kind)
                if kind == "hands.winners":
                    holes, board = (_given(binding, argument) for argument in call.args)
                    wanted = [fmt.word(card) for card in [*board, *(c for s in sorted(holes) for c in holes[s])]]
                    assert all(card in cards for card in wanted), f"{example.id}: {wanted} not all in {cards}"
                    winners = [binding[name].literal for name in _as_list(outcome.check.expect)]
                    said = (reading.tr.gettext("Seat {number} wins.").format(number=fmt.count(winners[0]))
                            if len(winners) == 1 else reading.tr.gettext("Seats {numbers} split the pot.").format(
                                numbers=format_list([fmt.count(s) for s in winners], locale=cldr(reading.tr.locale))))
                    assert said in drawn, f"{house}/{lang} {example.id}: {said!r} not in {drawn!r}"
                elif kind == "hands.evaluate" and call.fields == ("category",):
                    hand = _given(binding, call.args[0])
                    assert all(fmt.word(card) in cards for card in hand), f"{example.id}: {hand} not in {cards}"
                    assert fmt.word(binding[outcome.check.expect].literal) in drawn, example.id
                elif kind == "pots.split":
                    pot = binding[call.args[0].name]
                    assert reading.show(pot) in drawn, f"{example.id}: pot {reading.show(pot)} not in {drawn!r}"
                    for seat, name in outcome.check.expect.items():
                        share = reading.show(binding[name])
                        assert f"{fmt.count(seat)}" in drawn and share in drawn, f"{example.id}: {share}"
                    assert fmt.count(_given(binding, dict(call.kwargs)["button"])) in drawn
                elif kind == "table.hand_roles":
                    seats = _given(binding, call.args[0])
                    for seat, name in outcome.check.expect.items():
                        role = binding[name].literal
                        assert seat in seats
                        if role:
                            said = reading.tr.gettext("Seat {number}: {what}.").format(
                                number=fmt.count(seat), what=fmt.word(role))
                            assert said in drawn, f"{house}/{lang} {example.id}: {said!r} not drawn"
                    numbers = [t for svg in svgs for t in _texts(svg) if t.isdigit()]
                    assert {fmt.count(s) for s in seats} <= set(numbers), example.id
                else:
                    _read_back(kind, outcome, reading, drawn, svgs)
        assert not found, f"pictures of examples the house does not publish: {sorted(found)}"
    assert {"hands.winners", "hands.evaluate", "betting.min_raise_to", "showdown.order"} <= drawn_kinds
    assert {"house.rake", "table.may_straddle", "table.seat_change_must_post", "pots.split"} <= drawn_kinds \
        if house == "club" else {"table.heads_up_button", "table.blind_positions"} <= drawn_kinds


def _read_back(kind: str, outcome, reading, drawn: str, svgs: list[ET.Element]) -> None:
    """A picture of the newer kinds says the example's values (its ``given`` and what it expects the
    engine to answer, which the gate has checked) in the reader's words."""
    fmt, binding, call = reading.fmt, dict(outcome.binding), outcome.check.call
    said = lambda msgid, **values: reading.tr.gettext(msgid).format(**values)   # noqa: E731
    where = f"{reading.tr.locale} {outcome.example.id}"
    numbers = [t for svg in svgs for t in _texts(svg)]
    if kind == "betting.min_raise_to":
        levels = _shown(reading, binding, call.args[0])
        minimum = reading.show(binding[outcome.check.expect])
        for step, level in enumerate(levels, 1):
            assert level in numbers and fmt.count(step) in numbers, f"{where}: step {step}, {level}"
        assert minimum in numbers and said("Minimum raise: to {amount}", amount=minimum) in drawn, where
    elif kind == "betting.interpret_chips":
        for chip in _shown(reading, binding, call.args[0]):
            assert chip in numbers, f"{where}: the chip {chip} is not drawn"
        facing = _shown(reading, binding, dict(call.kwargs)["levels"])[-1]
        assert said("Bet to call: {amount}", amount=facing) in drawn, f"{where}: facing {facing}"
        action, total = outcome.check.expect
        action, total = binding[action].literal, reading.show(binding[total])
        meaning = said("{action} to {amount}" if action == "raise" else "{action}: {amount}",
                       action=fmt.word(action), amount=total)
        assert meaning in drawn, f"{where}: {meaning!r} not in {drawn!r}"
    elif kind == "house.rake":
        pots = [binding[item.name] for item in call.args[0].items] if hasattr(call.args[0], "items") \
            else [binding[call.args[0].name]]
        for pot, name in zip(pots, outcome.check.expect):
            rake = binding[name]
            left = dataclasses.replace(pot, literal=pot.literal - rake.literal)
            assert reading.show(pot) in numbers, f"{where}: pot {reading.show(pot)}"
            assert said("Rake: {amount}", amount=reading.show(rake)) in drawn, f"{where}: rake {reading.show(rake)}"
            assert said("Left in the pot: {amount}", amount=reading.show(left)) in drawn, f"{where}: {reading.show(left)}"
    elif kind == "showdown.order":
        order = outcome.expected
        assert said("{order}. Seat {number} shows first.", order=fmt.count(1), number=fmt.count(order[0])) in drawn, where
        for turn, seat in enumerate(order[1:], 2):
            assert said("{order}. Seat {number}.", order=fmt.count(turn), number=fmt.count(seat)) in drawn, where
        button = _given(binding, dict(call.kwargs)["button"])
        assert said("Button: seat {number}.", number=fmt.count(button)) in drawn, where
    elif kind == "showdown.first_to_show":
        assert said("Seat {number} shows first.", number=fmt.count(outcome.expected)) in drawn, where
        actions = raw(binding[call.args[0].name]) if isinstance(call.args[0], Given) else _given(binding, call.args[0])
        for seat, action in actions:
            assert said("Seat {number}: {what}.", number=fmt.count(seat), what=fmt.word(action)) in drawn, where
    elif kind == "table.may_straddle":
        seat = fmt.count(_given(binding, call.args[0]))
        wanted = said("Seat {number} may straddle." if outcome.expected else "Seat {number} may not straddle.", number=seat)
        assert wanted in drawn, f"{where}: {wanted!r} not in {drawn!r}"
    elif kind == "table.seat_change_must_post":
        old, new = (fmt.count(_given(binding, argument)) for argument in call.args)
        wanted = said("From seat {old} to seat {new}: he must post both blinds." if outcome.expected
                      else "From seat {old} to seat {new}: he need not post the blinds.", old=old, new=new)
        assert wanted in drawn, f"{where}: {wanted!r} not in {drawn!r}"
    elif kind in ("table.blind_positions", "table.heads_up_button"):
        first, big = outcome.expected
        said_first = (said("Small blind: seat {number}.", number=fmt.count(first)) if kind == "table.blind_positions"
                      else said("Button: seat {number}.", number=fmt.count(first)))
        assert said_first in drawn and said("Big blind: seat {number}.", number=fmt.count(big)) in drawn, where


def _shown(reading, binding: dict[str, Value], argument) -> list[str]:
    """Each item of a list argument as the example's text writes it."""
    if isinstance(argument, Items):
        return [reading.show(binding[item.name]) for item in argument.items]
    return [reading.show(item) for item in binding[argument.name].literal]


def test_at_least_sixty_examples_are_drawn(project):
    """The issue's bar: at least 60 distinct examples of both houses illustrated."""
    drawn = {example.id for view in project.houses.values() for example in view.examples
             if pictures(view.outcomes[example.id])}
    examples = {example.id for view in project.houses.values() for example in view.examples}
    assert len(drawn) >= 60, f"{len(drawn)} of {len(examples)} examples drawn"


def test_the_editors_edition_shows_each_picture_beside_its_doctests(project):
    """In the editors' edition a picture sits in the same block as the doctests of the calls it draws."""
    renderer = PageRenderer(project, "club", "fr", editors=True)
    boxes = [example_nodes(renderer, example.id) for example in renderer.reading.examples]
    beside = [block for box in boxes for block in box.findall(nodes.container) if "rb-beside" in block["classes"]]
    drawn = [("".join(raw.astext() for raw in block.findall(nodes.raw)),
              "".join(code.astext() for code in block.findall(nodes.literal_block))) for block in beside]
    drawn = [(svgs, doctest) for svgs, doctest in drawn if svgs]
    assert len(drawn) >= 30, len(drawn)
    for svgs, doctest in drawn:
        assert ">>> " in doctest and "<svg" in svgs
    straddle = next(doctest for svgs, doctest in drawn if "pic-restraddle-up-to-the-button-1" in svgs)
    assert ">>> table.may_straddle(" in straddle
    assert [raw for box in boxes for raw in box.findall(nodes.raw) if "rb-beside" not in raw.parent["classes"]] == []


def _as_list(expect) -> list:
    return expect if isinstance(expect, list) else [expect]


def test_a_picture_that_cannot_be_drawn_is_refused(project):
    """A card twice, shares that do not make the pot, a seat no table has: each refused, naming the line."""
    view = project.houses["club"]
    showdown = next(o for o in view.outcomes["holdem-royal-flush-beats-all"] if o.check.call.function == "winners")
    holes, board = showdown.arguments
    twice = dataclasses.replace(showdown, arguments=({**holes, 5: [board[0], "4s"]}, board))
    with pytest.raises(PictureError, match="Kh is drawn twice") as refused:
        pictures([twice])
    assert refused.value.line == showdown.check.line
    split = next(o for o in view.outcomes["cash-betting-odd-chip-plo-95"] if o.check.call.function == "split")
    with pytest.raises(PictureError, match="do not add up to the pot of 95"):
        pictures([dataclasses.replace(split, actual={3: 50, 6: 40}, expected={3: 50, 6: 40})])
    assert pictures([dataclasses.replace(split, actual={3: 50, 6: 40}, error="ValueError: …")]) == ()


def test_the_gate_refuses_an_example_it_cannot_draw(tree):
    """Seat 12 holds cards: the engine compares the hands, but no table has that seat to draw."""
    examples = tree / "executable_examples" / "holdem.yaml"
    edit(examples, "      hole_a: [Ah, 3d]\n      seat_b: 5\n      hole_b: [9h, 4s]",
         "      hole_a: [Ah, 3d]\n      seat_b: 12\n      hole_b: [9h, 4s]")
    start = line_of(examples, "- id: holdem-royal-flush-beats-all")
    lines = examples.read_text(encoding="utf-8").splitlines()
    check = next(n for n, text in enumerate(lines, 1) if n > start and "call: 'hands.winners" in text)
    result = run_rulebook(tree, "check")
    assert result.returncode == 1
    assert (f"executable_examples/holdem.yaml:{check}: [picture] holdem-royal-flush: example "
            "holdem-royal-flush-beats-all (house club): cannot be drawn: seat 12 is not a seat of a table (1 to 10)") \
        in result.stdout, result.stdout[-2000:]


def test_a_picture_of_the_newer_kinds_that_cannot_be_drawn_is_refused(project):
    """A rake above its pot, bets that go down, a seat change into a taken seat, an order of seats
    that are not the showdown's: each refused, naming the check's line."""
    view = project.houses["club"]

    def outcome(example: str, function: str):
        return next(o for o in view.outcomes[example] if o.check.call.function == function)

    rake = outcome("no-flop-no-rake", "rake")
    with pytest.raises(PictureError, match="a rake of 50 cannot be taken from a pot of 45") as refused:
        pictures([dataclasses.replace(rake, actual=[50], expected=[50])])
    assert refused.value.line == rake.check.line
    bets = outcome("holdem-no-limit-minimum-reraise", "min_raise_to")
    with pytest.raises(PictureError, match="go down"):
        pictures([dataclasses.replace(bets, arguments=([15, 5],))])
    move = outcome("seat-change-away-from-blinds-example", "seat_change_must_post")
    with pytest.raises(PictureError, match="not from a seat taken to a free one"):
        pictures([dataclasses.replace(move, arguments=(4, 5))])
    chips = outcome("cash-betting-big-blind-single-chip", "interpret_chips")
    with pytest.raises(PictureError, match="is not what chips are"):
        pictures([dataclasses.replace(chips, actual=("fold", 0), expected=("fold", 0))])
    with pytest.raises(PictureError, match="cannot be facing a bet of 10"):
        pictures([dataclasses.replace(chips, keywords=(*chips.keywords, ("own_bet", 25)))])
    order = outcome("cash-showdown-river-checked", "order")
    with pytest.raises(PictureError, match="is not the seats at the showdown"):
        pictures([dataclasses.replace(order, actual=[8, 2], expected=[8, 2])])


def test_the_gate_refuses_a_showdown_order_it_cannot_draw(tree):
    """Seat 12 shows first: the engine orders the seats, but no table has that seat to draw."""
    examples = tree / "executable_examples" / "cash-showdown.yaml"
    edit(examples, "      button: 5\n      first: 8\n", "      button: 5\n      first: 12\n")
    start = line_of(examples, "- id: cash-showdown-river-checked")
    lines = examples.read_text(encoding="utf-8").splitlines()
    check = next(n for n, text in enumerate(lines, 1) if n > start and "call: showdown.order" in text)
    result = run_rulebook(tree, "check")
    assert result.returncode == 1
    assert (f"executable_examples/cash-showdown.yaml:{check}: [picture] cash-showdown-checked-river: example "
            "cash-showdown-river-checked (house club): cannot be drawn: seat 12 is not a seat of a table (1 to 10)") \
        in result.stdout, result.stdout[-2000:]


def test_a_house_that_deals_a_four_colour_deck_sees_its_suits_in_four_colours(tree):
    """``deck: four-colour``: on the site, each diamond of the text and of the pictures blue, each club
    green, each heart red, each spade in the text's colour; the house that keeps the default is untouched
    (``test_site``: hearts and diamonds red)."""
    house = tree / "houses" / "club" / "house.yaml"
    house.write_text(house.read_text(encoding="utf-8") + "deck: four-colour\n", encoding="utf-8")
    run = run_rulebook(tree, "site", "--house", "club", "--lang", "en", "--builder", "html",
                       "--build-dir", str(tree / "_build"))
    assert run.returncode == 0, (run.stdout + run.stderr)[-2000:]
    site = tree / "_build" / "site" / "club" / "en"
    chart = (site / "holdem-hand-rankings.html").read_text(encoding="utf-8")
    for card, colour in (("9\u2665", "red"), ("8\u2666", "blue"), ("7\u2663", "green")):
        assert f'<span class="suit-{colour}">{card}</span>' in chart, card
    assert not re.search(r'class="suit-[a-z]+">[^<]*\u2660', chart)
    drawn = {colour: 0 for colour in ("red", "blue", "green", None)}
    for page in site.glob("*.html"):
        for block in BLOCK.findall(page.read_text(encoding="utf-8")):
            for card in ET.fromstring(f"<div>{block}</div>").iter(f"{SVG}g"):
                if card.get("class") != "rb-playing-card":
                    continue
                suit = card.findall(f"{SVG}text")[1]
                colour = {"\u2665": "red", "\u2666": "blue", "\u2663": "green", "\u2660": None}[suit.text]
                assert suit.get("class") == (f"rb-{colour}" if colour else None), ET.tostring(card)
                drawn[colour] += 1
    assert all(drawn.values()), drawn   # every suit seen drawn


def test_a_deck_the_house_does_not_deal_is_one_line_naming_the_house_file_and_line(tree):
    house = tree / "houses" / "club" / "house.yaml"
    house.write_text(house.read_text(encoding="utf-8") + "deck: six-colour\n", encoding="utf-8")
    run = run_rulebook(tree, "check")
    assert run.returncode != 0 and "Traceback" not in run.stderr + run.stdout
    said = run.stdout + run.stderr
    assert f"houses/club/house.yaml:{line_of(house, 'deck: six-colour')}: " in said
    assert "deck 'six-colour' must be one of two-colour, four-colour" in said
