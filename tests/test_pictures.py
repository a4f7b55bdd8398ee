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
from babel.lists import format_list

from rulebook.core.calls import Given, Items, Pairs
from rulebook.core.languages import LANGUAGES
from rulebook.core.values import Value
from rulebook.i18n.formatting import cldr
from rulebook.publish.render import PageRenderer
from rulebook.reading.pictures import PictureError, pictures
from tests.conftest import edit, line_of, run_rulebook

SVG = "{http://www.w3.org/2000/svg}"
BLOCK = re.compile(r'<div class="rb-pictures">(.*?)</div>')
# The English of the pictures' words that no other language writes the same way.
ENGLISH = ("Seat", "Wins", "Splits", "Hand ", "The table", "The hand", "How the pot", "each player")


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
            found.update(_svgs(rst))
        assert found, f"{house}/{lang}: no picture on any page"
        for example in reading.examples:
            svgs = found.pop(example.id, [])
            outcomes = reading.outcomes[example.id]
            calls = [o for o in outcomes if f"{o.check.call.owner}.{o.check.call.function}" in
                     ("hands.winners", "hands.evaluate", "pots.split", "table.hand_roles")]
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
                    assert not [w for w in ENGLISH if w in words], f"{house}/{lang} {example.id}: English in {words!r}"
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
        assert not found, f"pictures of examples the house does not publish: {sorted(found)}"
    assert {"hands.winners", "hands.evaluate", "pots.split"} <= drawn_kinds


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
