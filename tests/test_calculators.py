"""The floor calculators' Python side, without a browser: numbers read as each language writes them,
the house's parameters as data, the engine's wheel, and the calculators each house offers."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import random
import zipfile
from collections import Counter
from typing import Any

import pytest
from babel.numbers import format_decimal

from pokerrules import House, betting, pots
from pokerrules.cards import clockwise_from
from rulebook.core import floor
from rulebook.i18n.catalogs import LANGUAGES
from rulebook.reading import Reading
from rulebook.reading import calculators
from rulebook.publish.site import wheel
from tests.conftest import ROOT

ALL = LANGUAGES


@pytest.mark.parametrize("lang", ALL)
def test_a_number_babel_writes_is_read_back_and_written_the_same(lang):
    symbols = calculators.symbols(lang)
    rng = random.Random(lang)
    for value in [0, 7, 999, 1000, 12_345, 1_000_000, *(rng.randint(0, floor.LARGEST) for _ in range(300))]:
        written = format_decimal(value, locale=lang)
        assert floor.parse_number(written, symbols) == value
        assert floor.format_number(value, symbols) == written


@pytest.mark.parametrize(("lang", "text", "value"), [
    ("ro", "1.000", 1000), ("hr", "12.500", 12500), ("es", "2.000", 2000), ("en", "1,000", 1000),
    ("fr", "1 000", 1000), ("fr", "1\u202f000", 1000), ("fr", "1\u00a0000", 1000), ("ro", " 250 ", 250),
])
def test_amounts_typed_in_the_language(lang, text, value):
    assert floor.parse_number(text, calculators.symbols(lang)) == value


@pytest.mark.parametrize(("lang", "text", "message"), [
    ("ro", "", "Enter a number."), ("ro", "-5", "A number here cannot be negative."),
    ("ro", "\u22125", "A number here cannot be negative."), ("ro", "12,5", "Enter a whole number."),
    ("fr", "1.000", "This is not a number: {text}"), ("ro", "1.00", "This is not a number: {text}"),
    ("en", "ten", "This is not a number: {text}"), ("ro", "1" * 40, "This number is too large for a table: {text}"),
])
def test_what_is_not_a_whole_number_is_refused_with_its_reason(lang, text, message):
    with pytest.raises(floor.Refused) as refused:
        floor.parse_number(text, calculators.symbols(lang))
    assert refused.value.message == message


def test_the_house_parameters_are_data_the_engine_reads_as_the_build_does(project):
    for view in project.houses.values():
        data = calculators.plain(view.book.house)
        sent = json.loads(json.dumps(data))     # what the page's JSON carries
        assert sent == data
        assert House.from_mapping(sent) == House.from_mapping(view.book.house)


def test_each_house_offers_the_calculators_its_rules_cover_with_those_rules(project):
    offered = {house: {item.calculator.id: item for item in calculators.offered(Reading.of(project, house, "en"))}
               for house in project.houses}
    assert set(offered["club"]) == {"rake", "split-pot-rake", "min-raise", "pot-limit", "side-pots"}
    assert set(offered["casino"]) == {"min-raise", "pot-limit", "reopening", "side-pots", "chip-race"}
    assert [rule.rule_id for rule in offered["club"]["split-pot-rake"].rules] == ["rake-split-pot"]
    assert [rule.cited for rule in offered["casino"]["reopening"].rules] == ["Rule 39"]
    # the club's side pots are paid after its rake: its rake rules decide them too; the casino takes none
    club_side_pots = {rule.rule_id for rule in offered["club"]["side-pots"].rules}
    assert {"odd-chip", "rake-main-and-side-pots", "rake-split-pot", "no-flop-no-drop"} <= club_side_pots
    assert not any(rule.rule_id.startswith("rake") for rule in offered["casino"]["side-pots"].rules)


def test_the_page_data_is_in_the_language(project):
    reading = Reading.of(project, "casino", "hr")
    data = calculators.page_data(reading, calculators.offered(reading), {"pyodide": "p/", "engine": "e/", "wheel": "w"})
    assert data["symbols"] == {"group": ".", "decimal": ",", "min_grouping": 1}
    assert set(data["money"]) == {"one", "few", "other"} and data["money"]["one"] == "{amount} žeton"
    house = House.from_mapping(calculators.plain(reading.book.house))
    assert set(data["messages"]) == set(calculators.messages_of(calculators.offered(reading), house))
    # the casino takes no rake: no word of the rake is sent (not even its side pots'), but every other calculator's is
    assert "Rake for the hand: {rake}." not in data["messages"] and "Rake of a hand" not in data["messages"]
    assert not {"Was a flop dealt?", "Rake: {rake}, leaving {left}.", "No flop was dealt: no rake is taken."} \
        & set(data["messages"])
    assert "Chip race" in data["messages"] and "Enter a number." in data["messages"]
    assert set(calculators.messages()) - set(data["messages"]) >= {"Main pot of {pot}: rake {rake}."}
    assert (data["messages"]["Enter a number."], data["ui"]["calculate"]) == ("Upišite broj.", "Izračunaj")
    chip_race = next(item for item in data["calculators"] if item["id"] == "chip-race")
    assert [field["name"] for field in chip_race["fields"]] == ["small", "large", "odd", "cards"]
    side_pots = next(item for item in data["calculators"] if item["id"] == "side-pots")
    assert "stakes" not in [field["name"] for field in side_pots["fields"]]   # a tournament room has none
    assert "flop" not in [field["name"] for field in side_pots["fields"]]     # nor any rake to ask a flop for
    club = Reading.of(project, "club", "ro")
    data = calculators.page_data(club, calculators.offered(club), {"pyodide": "p/", "engine": "e/", "wheel": "w"})
    side_pots = next(item for item in data["calculators"] if item["id"] == "side-pots")
    assert [field["name"] for field in side_pots["fields"]][-2:] == ["stakes", "flop"]
    assert {"Was a flop dealt?", "Rake: {rake}, leaving {left}."} <= set(data["messages"])


def test_respond_answers_from_the_engine_and_refuses_in_messages(project):
    params = calculators.plain(project.houses["club"].book.house)
    ask = {"house": params, "calculator": "split-pot-rake", "symbols": calculators.symbols("ro"),
           "fields": {"stakes": "1/3", "pot": "504", "dead": "20"}}
    house = House.from_mapping(params)
    assert json.loads(floor.respond(json.dumps(ask)))["result"] == \
        {"rake": house.split_pot_rake(504, dead_money=20, stakes="1/3")}
    refused = json.loads(floor.respond(json.dumps({**ask, "fields": {"stakes": "1/3", "pot": "x", "dead": "0"}})))
    assert refused == {"refused": ["This is not a number: {text}", {"text": "x"}], "field": "pot"}
    assert refused["refused"][0] in calculators.messages()


def test_the_wheel_holds_the_engine_alone_with_a_valid_record_and_the_same_bytes_each_time():
    built = wheel.build()
    assert built == wheel.build()
    with zipfile.ZipFile(io.BytesIO(built)) as archive:
        names = archive.namelist()
        engine = sorted(path.name for path in (ROOT / "pokerrules").glob("*.py"))
        assert sorted(name for name in names if name.startswith("pokerrules/")) == [f"pokerrules/{n}" for n in engine]
        assert {name.split("/")[0] for name in names} == {"pokerrules", "pokerrules-1.0.dist-info"}
        for name in engine:
            assert archive.read(f"pokerrules/{name}") == (ROOT / "pokerrules" / name).read_bytes()
        record = archive.read("pokerrules-1.0.dist-info/RECORD").decode().splitlines()
        for line in record:
            name, hashed, size = line.rsplit(",", 2)
            if name.endswith("RECORD"):
                continue
            data = archive.read(name)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert (hashed, int(size)) == (f"sha256={digest}", len(data))
        assert {info.date_time for info in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}


@pytest.mark.parametrize("package, said", [
    (None, "no Pyodide version pinned in dependencies.pyodide"),
    ("{not json", "no Pyodide version pinned in dependencies.pyodide"),
    ('{"dependencies": {"pyodide": "^314.0.8"}}', "Pyodide must be pinned to an exact version such as 314.0.8, not '^314.0.8'"),
    ('{"dependencies": {"pyodide": "../../site"}}', "Pyodide must be pinned to an exact version"),
])
def test_a_runtime_pinned_badly_is_one_line_naming_its_file(tmp_path, package, said):
    """The pinned version names a folder and an address of the site: only an exact version is taken."""
    from rulebook.core.errors import ModelError
    from rulebook.publish.site.runtime import pinned_version

    (tmp_path / "runtime").mkdir()
    (tmp_path / "locales").mkdir()   # the library's home (a room's project reads the pin of the library it has)
    (tmp_path / "locales" / "glossary.yaml").write_text("terms: []\n", encoding="utf-8")
    if package is not None:
        (tmp_path / "runtime" / "package.json").write_text(package, encoding="utf-8")
    with pytest.raises(ModelError) as raised:
        pinned_version(tmp_path)
    assert str(raised.value).startswith("runtime/package.json:0: ") and said in str(raised.value)
    assert "\n" not in str(raised.value)


# -- side pots after the house's rake, and the short all-in's answer, against the engine -----------


def ask(params: dict, calculator: str, fields: dict, lang: str = "en") -> dict:
    """``floor.respond`` as the page asks it."""
    return json.loads(floor.respond(json.dumps({"house": params, "calculator": calculator, "fields": fields,
                                                "symbols": calculators.symbols(lang)})))


def said(answer: dict) -> list[str]:
    """An answer's steps as English sentences (each value as the page writes it)."""
    return [message.format(**{name: value if isinstance(value, str) else
                              ", ".join(value["seats"]) if "seats" in value else value["text"]
                              for name, value in values.items()})
            for message, values in answer["steps"]]


def expected_side_pots(house: House, put: list[int], ranks: list[int], folded: list[int], button: int, chip: int,
                       stakes: str | None = None, flop: bool = True) -> dict[str, Any]:
    """What the floor pays, worked out from the engine alone and from the rules, not from ``floor``: the
    chips of the player still in who put in most, beyond what any other player put in, go back (nobody
    called them); the rest makes the pots (``pots.side_pots``). A house that takes rake takes
    ``House.rake`` over them, the players dealt in the players listed; a hand's only pot split
    between tied players by ``House.split_pot_rake`` from its dead money, where the house states that
    rule; a split pot beside side pots: no rake worked out (None). Each pot is then split by
    ``pots.split``, and what the rake leaves below a whole chip goes to the first winner clockwise
    from the button."""
    given = dict(zip(range(1, len(put) + 1), put))
    top = max((seat for seat in given if seat not in folded), key=given.__getitem__)
    most_of_others = max(amount for seat, amount in given.items() if seat != top)
    back = {top: given[top] - most_of_others} if given[top] > most_of_others else {}
    called = {seat: amount - back.get(seat, 0) for seat, amount in given.items()}
    made = [pot for pot in pots.side_pots(called, folded) if pot.amount]
    winners = []
    for pot in made:
        best = min(ranks[seat - 1] for seat in pot.eligible)
        winners.append(sorted(seat for seat in pot.eligible if ranks[seat - 1] == best))
    rake: list[int | None] = [0] * len(made)
    if house.takes_rake and made:
        assert stakes is not None
        if flop and any(len(won) > 1 for won in winners) and house.stakes(stakes).split_pot_cap is not None:
            rake = [house.split_pot_rake(made[0].amount, dead_money=pots.dead_money(called, winners[0]), stakes=stakes)] \
                if len(made) == 1 else [None] * len(made)
        else:
            rake = list(house.rake([pot.amount for pot in made], stakes=stakes, players=len(put), flop=flop))
    paid = []
    for pot, won, cut in zip(made, winners, rake):
        left = pot.amount - (cut or 0)
        shares = pots.split(left - left % chip, won, button=button, chip=chip)
        shares[clockwise_from(won, button)[0]] += left % chip
        paid.append({"amount": pot.amount, "eligible": sorted(pot.eligible), "rake": cut, "shares": shares})
    return {"pots": paid, "back": back}


def side_pot_case(rng: random.Random, house: House, lang: str) -> tuple[dict[str, str], dict[str, Any]]:
    """A hand at random (2 to 9 players, some folded, ties, a flop or none) as a reader of ``lang``
    types it, and what the floor pays for it."""
    chip, stakes, flop = 25, None, rng.random() < 0.8
    fields: dict[str, str] = {}
    if house.stakes_names:
        stakes = rng.choice(house.stakes_names)
        fields["stakes"], chip = stakes, house.smallest_chip(stakes)
    else:
        fields["chip"] = format_decimal(chip, locale=lang)
    if house.takes_rake:
        fields["flop"] = "yes" if flop else "no"
    seats = rng.randint(2, 9)
    most = rng.choice([12, 400])   # small pots too, whose rake is not yet its cap
    put = [chip * rng.randint(1, most) for _ in range(seats)]
    ranks = [rng.randint(1, 3) for _ in range(seats)]
    folded = sorted(rng.sample(range(1, seats + 1), rng.randint(0, seats - 1)))
    button = rng.randint(1, seats)
    fields.update(contributions="; ".join(format_decimal(value, locale=lang) for value in put),
                  hands="; ".join(map(str, ranks)), folded="; ".join(map(str, folded)), button=str(button))
    return fields, expected_side_pots(house, put, ranks, folded, button, chip, stakes, flop)


@pytest.mark.parametrize("house_id", ["club", "casino"])
def test_side_pots_are_paid_after_the_house_rake_as_the_engine_says_on_a_thousand_random_cases(project, house_id):
    """The club's pots are paid after its rake (each pot's rake a step, then its shares); the casino
    takes none, and its answers say no word of a rake. Every chip put in is paid out, kept as rake or
    given back, and every sentence is one the house's page is sent."""
    params = calculators.plain(project.houses[house_id].book.house)
    house = House.from_mapping(params)
    reading = Reading.of(project, house_id, "en")
    sent = set(calculators.messages_of(calculators.offered(reading), house))
    rng, seen, raked = random.Random(f"side-pots-{house_id}"), Counter(), 0
    for _ in range(1000):
        fields, expected = side_pot_case(rng, house, "ro")
        answer = ask(params, "side-pots", fields, "ro")
        assert answer.get("result") == json.loads(json.dumps(expected)), (fields, answer)
        put = sum(int(value.replace(".", "")) for value in fields["contributions"].split("; "))
        assert put == sum(sum(pot["shares"].values()) + (pot["rake"] or 0) for pot in expected["pots"]) + \
            sum(expected["back"].values())
        messages = [message for message, _ in answer["steps"]]
        assert set(messages) <= sent
        assert messages.count("Rake: {rake}, leaving {left}.") == sum(
            pot["rake"] is not None for pot in expected["pots"]) * (house.takes_rake and fields.get("flop") == "yes")
        seen.update(message for message in messages if message != "Seat {seat} wins {amount}.")
        raked += any(pot["rake"] for pot in expected["pots"])
    if house.takes_rake:
        assert raked > 300 and seen["No flop was dealt: no rake is taken."] > 100
        for message in ("{pot} nobody called goes back to seat {seat}.", "Side pot {number}: {pot}, seat {seat} alone still in it.",
                        "The pot is split: its rake is taken only from the dead money ({dead}), and is at most {cap}.",
                        "The house's rules do not say how to rake a split pot in a hand with side pots: the shares below "
                        "leave the rake out.",
                        "The rake leaves {rest} over, less than the smallest chip in play: it goes to seat {seat}, the first "
                        "winner clockwise from the button."):
            assert seen[message] >= 3, message
    else:
        assert not raked and seen["{pot} nobody called goes back to seat {seat}."] > 100
        assert not [message for message in seen if "rake" in message.lower() or "flop" in message.lower()]


def test_three_all_ins_at_the_smallest_stakes_pay_the_winner_what_the_rake_leaves(project):
    """The issue's hand: three all-ins at 1/3 (70, 70 and 60), seat 1 best: 200 in, 190 paid after
    the 10 of the short-handed cap (main pot 9, side pot 1)."""
    params = calculators.plain(project.houses["club"].book.house)
    answer = ask(params, "side-pots", {"stakes": "1/3", "contributions": "70; 70; 60", "hands": "1; 2; 3",
                                       "folded": "", "button": "3", "flop": "yes"})
    assert said(answer) == [
        "The cap for the hand at 1/3 with 3 players dealt in: 10.",
        "Main pot: 180, contested by seats 1, 2, 3.", "Rake: 9, leaving 171.", "Seat 1 wins 171.",
        "Side pot 1: 20, contested by seats 1, 2.", "Rake: 1, leaving 19.", "Seat 1 wins 19."]
    assert sum(pot["shares"]["1"] for pot in answer["result"]["pots"]) == 190
    # no flop (everyone else folded before it): no rake, and seat 1's chips nobody matched go back first
    answer = ask(params, "side-pots", {"stakes": "1/3", "contributions": "9; 3; 1", "hands": "1; 1; 1",
                                       "folded": "2; 3", "button": "3", "flop": "no"})
    assert said(answer) == ["6 nobody called goes back to seat 1.", "No flop was dealt: no rake is taken.",
                            "Main pot: 7, seat 1 alone still in it.", "Seat 1 wins 7."]


def test_a_split_pot_is_raked_only_from_its_dead_money_and_what_the_rake_leaves_below_a_chip_goes_first(project):
    """5/5, the smallest chip 5: seats 1 and 2 tie and share a pot of 150, seat 3's 50 is the dead
    money; the rake of 8 leaves 142, and the 2 below a whole chip go to the first winner clockwise."""
    params = calculators.plain(project.houses["club"].book.house)
    house = House.from_mapping(params)
    answer = ask(params, "side-pots", {"stakes": "5/5", "contributions": "50; 50; 50", "hands": "1; 1; 2",
                                       "folded": "", "button": "1", "flop": "yes"})
    rake = house.split_pot_rake(150, dead_money=50, stakes="5/5")
    assert answer["result"] == {"pots": [{"amount": 150, "eligible": [1, 2, 3], "rake": rake,
                                          "shares": {"2": 72, "1": 70}}], "back": {}} and rake == 8
    assert said(answer)[0] == "The pot is split: its rake is taken only from the dead money (50), and is at most 15."
    assert said(answer)[3] == ("The rake leaves 2 over, less than the smallest chip in play: it goes to seat 2, "
                               "the first winner clockwise from the button.")


def _player(outcome: dict) -> str:
    return "yet to act" if outcome["acted_at"] is None else f"at {outcome['acted_at']}"


@pytest.mark.parametrize(("rule", "levels", "acted", "may"), [
    # the casino's rule 39: an all-in raising by half the last full raise or more counts as a raise for everyone
    ("half", [100, 200, 1000, 1400], None, {"yet to act": True}),
    ("half", [100, 200, 1000, 1300], None, {"yet to act": False}),
    ("half", [100, 200, 1000, 1400], 1000, {"at 1000": True, "yet to act": True}),
    ("half", [100, 200, 1000, 1300], 1000, {"at 1000": False, "yet to act": False}),
    # a full raise reopens the betting only for a player who acted before it: the two players differ
    ("tda", [100, 200, 1000, 1400], 1000, {"at 1000": False, "yet to act": True}),
    ("tda", [100, 200, 1000, 1800], 1000, {"at 1000": True, "yet to act": True}),
    ("tda", [200, 300], 0, {"at 0": True, "yet to act": True}),
])
def test_the_short_all_in_answer_states_one_outcome_for_each_player(project, rule, levels, acted, may):
    """Each player the round describes gets one sentence: may raise (and the smallest raise), or may
    only call or fold (and no smallest raise): the engine's ``may_raise`` for each."""
    params = {**calculators.plain(project.houses["casino"].book.house)}
    params["betting"] = {**params.get("betting", {}), "incomplete_all_in": rule}
    answer = ask(params, "reopening", {"big_blind": "200", "levels": "; ".join(map(str, levels)),
                                       "acted_at": "" if acted is None else str(acted)})
    players = answer["result"]["players"]
    assert {_player(outcome): outcome["may_raise"] for outcome in players} == may
    smallest = betting.min_raise_to(levels, big_blind=200)
    written = {value: floor.format_number(value, calculators.symbols("en")) for value in
               (smallest, levels[-1], betting.last_full_raise(levels, big_blind=200))}
    lines = said(answer)[1:]
    assert len(lines) == len(players)
    for outcome, line in zip(players, lines):
        assert outcome["may_raise"] == betting.may_raise(levels, big_blind=200, acted_at=outcome["acted_at"], rule=rule)
        if outcome["may_raise"]:
            assert outcome["min_raise_to"] == smallest and line.endswith(f"may raise; the smallest raise is to {written[smallest]}.")
        else:
            assert outcome["min_raise_to"] is None and line.endswith("may only call or fold.") and "raise is" not in line
    assert said(answer)[0] == f"The bet to call is {written[levels[-1]]}; the last full bet or raise was " \
                              f"{written[betting.last_full_raise(levels, big_blind=200)]}."


def test_a_player_whose_total_is_the_bet_now_is_told_they_have_nothing_to_call(project):
    params = calculators.plain(project.houses["casino"].book.house)
    answer = ask(params, "reopening", {"big_blind": "200", "levels": "100; 200; 600", "acted_at": "600"})
    assert answer["refused"][0].startswith("A player who bet or called {level}, the bet now, has nothing to call")
