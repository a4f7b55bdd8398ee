"""The floor calculators in Debian's Chromium: each one, on its page, against the engine in this process.

Only the sites the tests read are built (the club in Romanian and French, the casino in Croatian),
into the project's own ``_build`` by the same incremental build as ``make site`` (nothing to do after
it). The runtime starts once per page; the cases go through the form's own code path in a loop inside
the page (its inputs set, its submit dispatched, its answer read), not one browser round trip each.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Callable

import pytest
from babel.numbers import format_decimal

from pokerrules import House, betting, table
from pokerrules.cards import RANKS, SUITS
from rulebook.reading.calculators import plain
from rulebook.publish.machinery import lock
from rulebook.publish.site.builds import build_all
from tests.browser.conftest import Served
from tests.conftest import ROOT
from tests.test_calculators import side_pot_case

CASES = 1000


@pytest.fixture(scope="module")
def site(project) -> Path:
    with lock.held(ROOT / "_build"):   # one build at a time in _build, whichever worker asks
        assert build_all(project, ("ro", "fr"), "html", ROOT / "_build", ("club",))
        assert build_all(project, ("hr",), "html", ROOT / "_build", ("casino",))
    return ROOT / "_build" / "site"


@pytest.fixture(scope="module")
def server(site):
    with Served(site) as served:
        yield served.address


def engine_house(project, house_id: str) -> House:
    return House.from_mapping(plain(project.houses[house_id].book.house))


# Feeds each case to its form and reads the answer: the data the page shows (``data-result``), or
# the message it refuses with. The form's own submit handler answers, synchronously. The first case
# goes through the browser's own submission (were the handler not to stop it, the page would navigate
# away); the others get the submit event it dispatches, without the style and layout it brings up to
# date first (a millisecond and a half each: most of a thousand cases' time).
FEED = """([calculator, cases]) => {
  const form = document.querySelector(`form[data-calculator="${calculator}"]`);
  const submitter = form.querySelector('button[type="submit"]');
  return cases.map((fields, at) => {
    for (const [name, value] of Object.entries(fields)) {
      form.elements[name].value = value;
    }
    if (at === 0) {
      form.requestSubmit();
    } else {
      form.dispatchEvent(new SubmitEvent('submit', {cancelable: true, submitter}));
    }
    const result = form.querySelector('.calculator-result');
    return {result: result.dataset.result === undefined ? null : JSON.parse(result.dataset.result),
            shown: result.textContent, error: form.querySelector('.calculator-error').textContent};
  });
}"""


def opened(browser, address: str):
    """A calculators page, its runtime started, with the site's offline worker allowed, as a reader's
    browser has it. (Kept for reading offline: tests/browser/test_offline_and_motion.py.)"""
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(address)
    page.wait_for_function("document.documentElement.dataset.calculators", timeout=180_000)
    assert page.evaluate("document.documentElement.dataset.calculators") == "ready", errors
    return context, page, errors


@pytest.fixture(scope="module")
def calculators(browser, server):
    """A house's calculators page in a language, opened once for the module's tests (the runtime
    starts in seconds, every time a page opens): the page, and the errors it has raised so far.
    The tests set every field of a form they submit, so none reads what another left."""
    pages: dict[tuple[str, str], tuple] = {}

    def open_page(house_id: str, lang: str):
        if (house_id, lang) not in pages:
            pages[house_id, lang] = opened(browser, f"{server}{house_id}/{lang}/calculators.html")
        _, page, errors = pages[house_id, lang]
        return page, errors

    yield open_page
    for context, _, _ in pages.values():
        context.close()


def typed(value: int, lang: str) -> str:
    """An amount as a reader of the language types it (Babel's grouping: 1.000 in ro)."""
    return format_decimal(value, locale=lang)


def listed(values, lang: str) -> str:
    return "; ".join(typed(value, lang) for value in values)


def rising(rng: random.Random, count: int, top: int) -> list[int]:
    return sorted(rng.sample(range(1, top), count))


def chip_race_case(rng: random.Random, house: House, lang: str) -> tuple[dict, Any]:
    small = rng.choice([5, 25, 100, 500])
    large = small * rng.randint(2, 5)
    players = rng.randint(1, 6)
    odd = [rng.randint(0, large // small - 1) for _ in range(players)]
    deck = rng.sample([rank + suit for rank in RANKS for suit in SUITS], sum(odd))
    cards, at = [], 0
    for n in odd:
        cards.append(deck[at:at + n])
        at += n
    won = table.chip_race(dict(zip(range(1, players + 1), odd)), dict(zip(range(1, players + 1), cards)),
                          small=small, large=large)
    return ({"small": typed(small, lang), "large": typed(large, lang), "odd": "; ".join(map(str, odd)),
             "cards": "; ".join(" ".join(dealt) for dealt in cards)}, {"won": won})


def rake_case(rng: random.Random, house: House, lang: str) -> tuple[dict, Any]:
    stakes, players, flop = rng.choice(house.stakes_names), rng.randint(2, 9), rng.random() < 0.8
    amounts = [rng.randint(1, 2500) for _ in range(rng.randint(1, min(3, players - 1)))]
    return ({"stakes": stakes, "players": str(players), "flop": "yes" if flop else "no", "pots": listed(amounts, lang)},
            {"rake": house.rake(amounts, stakes=stakes, players=players, flop=flop),
             "twice": house.can_deal_twice(sum(amounts))})


def split_pot_case(rng: random.Random, house: House, lang: str) -> tuple[dict, Any]:
    stakes, pot = rng.choice(house.stakes_names), rng.randint(1, 3000)
    dead = rng.randint(0, pot)
    return ({"stakes": stakes, "pot": typed(pot, lang), "dead": typed(dead, lang)},
            {"rake": house.split_pot_rake(pot, dead_money=dead, stakes=stakes)})


def min_raise_case(rng: random.Random, house: House, lang: str) -> tuple[dict, Any]:
    big = rng.choice([2, 3, 5, 10, 100, 400, 1000])
    levels = rising(rng, rng.randint(1, 5), big * 40)
    return ({"big_blind": typed(big, lang), "levels": listed(levels, lang)},
            {"min_raise_to": betting.min_raise_to(levels, big_blind=big)})


def pot_limit_case(rng: random.Random, house: House, lang: str) -> tuple[dict, Any]:
    bet = rng.randint(0, 600)
    own, pot = rng.randint(0, bet), bet + rng.randint(0, 3000)
    return ({"pot": typed(pot, lang), "current_bet": typed(bet, lang), "own_bet": typed(own, lang) if own else ""},
            {"max_raise_to": betting.pot_limit_max_raise_to(pot=pot, current_bet=bet, own_bet=own)})


def reopening_case(rng: random.Random, house: House, lang: str) -> tuple[dict, Any]:
    """The player who acted at the total given (if one is), then a player yet to act: each may raise
    (to the engine's smallest raise) or may only call or fold."""
    big = rng.choice([100, 200, 400, 1000])
    levels = rising(rng, rng.randint(1, 5), big * 12)
    acted = rng.choice([None, 0, *levels[:-1]])
    try:
        players = []
        for who in ([] if acted is None else [acted]) + [None]:
            may = betting.may_raise(levels, big_blind=big, acted_at=who, rule=house.incomplete_all_in)
            players.append({"acted_at": who, "may_raise": may,
                            "min_raise_to": betting.min_raise_to(levels, big_blind=big) if may else None})
        expected: dict | None = {"players": players}
    except ValueError:   # levels that cannot happen under the house's rule: the page refuses them
        expected = None
    return ({"big_blind": typed(big, lang), "levels": listed(levels, lang),
             "acted_at": "" if acted is None else typed(acted, lang)}, expected)


GENERATORS: dict[str, Callable[[random.Random, House, str], tuple[dict, Any]]] = {
    "rake": rake_case, "split-pot-rake": split_pot_case, "min-raise": min_raise_case, "pot-limit": pot_limit_case,
    "reopening": reopening_case, "side-pots": side_pot_case, "chip-race": chip_race_case,
}
OFFERED = {"club": ("rake", "split-pot-rake", "min-raise", "pot-limit", "side-pots"),
           "casino": ("min-raise", "pot-limit", "reopening", "side-pots", "chip-race")}
LANG = {"club": "ro", "casino": "hr"}


@pytest.mark.parametrize("house_id", ["club", "casino"])
def test_every_calculator_answers_as_the_engine_on_a_thousand_random_cases(calculators, project, house_id):
    house, lang = engine_house(project, house_id), LANG[house_id]
    page, errors = calculators(house_id, lang)
    shown = page.evaluate("[...document.querySelectorAll('form[data-calculator]')].map((f) => f.dataset.calculator)")
    assert tuple(shown) == OFFERED[house_id]
    for calculator in OFFERED[house_id]:
        rng = random.Random(f"{house_id}-{calculator}")
        cases = [GENERATORS[calculator](rng, house, lang) for _ in range(CASES)]
        answers = page.evaluate(FEED, [calculator, [fields for fields, _ in cases]])
        differences = []
        for (fields, expected), answer in zip(cases, answers):
            got = answer["result"]
            want = None if expected is None else json.loads(json.dumps(expected))
            if got != want or (want is None) != bool(answer["error"]):
                differences.append((fields, want, answer))
        assert not differences, f"{calculator}: {len(differences)} differences, first {differences[:3]}"
        assert sum(expected is not None for _, expected in cases) > CASES // 2   # answered, mostly
    assert not errors


def test_amounts_are_read_as_the_language_writes_them(calculators, project):
    """French groups with a space (Babel's narrow no-break one, or the one a keyboard types)."""
    house = engine_house(project, "club")
    page, _ = calculators("club", "fr")
    typed_in = {"1 200": 1200, "1\u202f200": 1200, "1\u00a0200": 1200, "12 345": 12345, "800": 800}
    cases = [{"stakes": "5/10", "pot": text, "dead": "0"} for text in typed_in]
    answers = page.evaluate(FEED, ["split-pot-rake", cases])
    assert [answer["result"] for answer in answers] == \
        [{"rake": house.split_pot_rake(value, dead_money=0, stakes="5/10")} for value in typed_in.values()]
    (refused,) = page.evaluate(FEED, ["split-pot-rake", [{"stakes": "5/10", "pot": "1.200", "dead": "0"}]])
    assert refused["result"] is None and refused["error"].startswith("Pot\u00a0:")


# The lines of a form's answer, as the page shows them.
LINES = """(calculator) => [...document.querySelectorAll(`form[data-calculator="${calculator}"] .calculator-result li`)]
  .map((line) => line.textContent)"""


def test_a_side_pot_answer_shows_each_pot_rake_and_the_shares_after_it(calculators):
    """The issue's hand at the club, in Romanian: three all-ins at 1/3 (70, 70 and 60), seat 1 best,
    paid 190 lei after the 10 lei of the short-handed cap, each pot's rake a line before its shares."""
    page, errors = calculators("club", "ro")
    page.evaluate(FEED, ["side-pots", [{"stakes": "1/3", "contributions": "70; 70; 60", "hands": "1; 2; 3",
                                        "folded": "", "button": "3", "flop": "yes"}]])
    lines = page.evaluate(LINES, "side-pots")
    assert lines[:7] == [
        "Cap-ul mâinii la 1/3 cu 3 jucători care au primit cărți: 10 lei.",
        "Potul principal: 180 de lei, disputat de locurile 1, 2 și 3.", "Rake: 9 lei; restul: 171 de lei.",
        "Locul 1 câștigă 171 de lei.",
        "Potul secundar 1: 20 de lei, disputat de locurile 1 și 2.", "Rake: 1 leu; restul: 19 lei.",
        "Locul 1 câștigă 19 lei."]
    assert lines[7].startswith("Decis de:") and "Rake" in lines[7]   # the rake's rules decide it too
    assert not errors


@pytest.mark.parametrize(("all_in", "may"), [("1300", False), ("1400", True)])
def test_the_short_all_in_answer_says_one_outcome_for_each_player(calculators, all_in, may):
    """The casino's rule 39 in Croatian: the player who raised to 1,000 and a player yet to act each
    get one sentence; the smallest raise only where they may raise, never beside "only call or fold"."""
    page, errors = calculators("casino", "hr")
    page.evaluate(FEED, ["reopening", [{"big_blind": "200", "levels": f"100; 200; 1000; {all_in}", "acted_at": "1000"}]])
    lines = page.evaluate(LINES, "reopening")
    if may:
        assert lines[1:3] == ["Igrač koji je zadnji put betao ili callao 1.000 žetona smije raiseati; najmanji raise je na "
                              "2.200 žetona.",
                              "Igrač koji u ovom krugu još nije bio na potezu smije raiseati; najmanji raise je na 2.200 žetona."]
    else:
        assert lines[1:3] == ["Igrač koji je zadnji put betao ili callao 1.000 žetona smije samo callati ili foldati.",
                              "Igrač koji u ovom krugu još nije bio na potezu smije samo callati ili foldati."]
        assert not any("najmanji raise" in line.lower() for line in lines)
    assert not errors


# What a reader may type wrong, and the beginning of what the page answers (the casino in Croatian,
# the club in Romanian): each is refused in the language, and the page answers the next case.
HOSTILE = [
    ("club", "rake", {"stakes": "2/5", "players": "", "flop": "yes", "pots": "100"}, "Jucători care au primit cărți: Introduceți"),
    ("club", "rake", {"stakes": "2/5", "players": "-3", "flop": "yes", "pots": "100"}, "Jucători care au primit cărți: Numărul"),
    ("club", "rake", {"stakes": "2/5", "players": "zece", "flop": "yes", "pots": "100"}, "Jucători care au primit cărți: Acesta nu"),
    ("club", "rake", {"stakes": "2/5", "players": "12", "flop": "yes", "pots": "100"}, "12 jucători: o masă"),
    ("club", "rake", {"stakes": "2/5", "players": "3", "flop": "yes", "pots": "100; 50; 20"}, "3 poturi nu sunt posibile"),
    ("club", "rake", {"stakes": "2/5", "players": "3", "flop": "yes", "pots": "100; 0"}, "Un pot nu poate fi gol"),
    ("club", "rake", {"stakes": "2/5", "players": "3", "flop": "yes", "pots": "99999999999999"}, "Poturile, întâi potul principal: Numărul este prea mare"),
    ("club", "rake", {"stakes": "2/5", "players": "3", "flop": "yes", "pots": "12,5"}, "Poturile, întâi potul principal: Introduceți un număr întreg"),
    ("club", "rake", {"stakes": "2/5", "players": "0", "flop": "yes", "pots": "100"}, "Jucători care au primit cărți: Valoarea"),
    ("club", "split-pot-rake", {"stakes": "1/3", "pot": "100", "dead": "150"}, "Banii morți nu pot fi"),
    ("club", "split-pot-rake", {"stakes": "1/3", "pot": "1.2.3", "dead": "0"}, "Pot: Acesta nu este un număr"),
    ("club", "split-pot-rake", {"stakes": "1/3", "pot": "<b>5</b>", "dead": "0"}, "Pot: Acesta nu este un număr: <b>5</b>"),
    ("club", "min-raise", {"big_blind": "10", "levels": "20; 10"}, "Pariurile trebuie să crească"),
    ("club", "min-raise", {"big_blind": "0", "levels": "5; 10"}, "Big blind: Valoarea"),
    ("club", "min-raise", {"big_blind": "10", "levels": ";".join(["5"] * 40)}, "Pariurile și raise-urile din această rundă, în ordine, întâi blind-urile: Cel mult 30"),
    ("club", "pot-limit", {"pot": "100", "current_bet": "50", "own_bet": "80"}, "Pariul jucătorului nu poate fi"),
    ("club", "pot-limit", {"pot": "40", "current_bet": "50", "own_bet": ""}, "Potul include pariul"),
    ("club", "side-pots", {"stakes": "2/5", "contributions": "100; 200", "hands": "1", "folded": "", "button": "1"}, "Dați câte o mână"),
    ("club", "side-pots", {"stakes": "2/5", "contributions": "100; 200", "hands": "1; 2", "folded": "1; 2", "button": "1"}, "Cel puțin un jucător"),
    ("club", "side-pots", {"stakes": "2/5", "contributions": "100; 200", "hands": "1; 2", "folded": "", "button": "7"}, "Nu există locul 7"),
    ("club", "side-pots", {"stakes": "2/5", "contributions": "101; 101; 101", "hands": "1; 2; 2", "folded": "", "button": "1"},
     "Un pot de 303 lei nu este"),
    ("club", "side-pots", {"stakes": "2/5", "contributions": "; ".join(["10"] * 11), "hands": "; ".join(["1"] * 11),
                           "folded": "", "button": "1"}, "11 jucători: o masă"),
    ("casino", "chip-race", {"small": "25", "large": "100", "odd": "3; 1", "cards": "Ah Kd Qs; Ah"}, "Karta se dijeli samo jednom"),
    ("casino", "chip-race", {"small": "25", "large": "100", "odd": "5; 1", "cards": "Ah Kd Qs 2c 3c; 9h"}, "Igrač 1 ima 5 žetona"),
    ("casino", "chip-race", {"small": "25", "large": "60", "odd": "1", "cards": "Ah"}, "Veći žeton mora biti"),
    ("casino", "chip-race", {"small": "25", "large": "100", "odd": "2", "cards": "Ah Zz"}, "Karte podijeljene svakom igraču, jedna po žetonu, istim redom: Ovo nije karta: Zz"),
    ("casino", "chip-race", {"small": "25", "large": "100", "odd": "2; 1", "cards": "Ah Kd"}, "Upišite karte svakog igrača"),
    ("casino", "chip-race", {"small": "25", "large": "100", "odd": "2", "cards": "Ah"}, "Igrač 1 dobiva jednu kartu"),
    ("casino", "reopening", {"big_blind": "100", "levels": "100; 200; 300", "acted_at": "250"}, "Igrač je mogao betati"),
    ("casino", "side-pots", {"chip": "", "contributions": "100; 200", "hands": "1; 2", "folded": "", "button": "1"}, "Najmanji žeton u igri: Upišite broj"),
]
VALID = {"rake": {"stakes": "2/5", "players": "6", "flop": "yes", "pots": "200"},
         "split-pot-rake": {"stakes": "1/3", "pot": "504", "dead": "20"},
         "min-raise": {"big_blind": "10", "levels": "5; 10; 20"},
         "pot-limit": {"pot": "100", "current_bet": "100", "own_bet": ""},
         "side-pots": {"stakes": "2/5", "chip": "25", "contributions": "100; 200", "hands": "1; 2", "folded": "", "button": "1",
                       "flop": "yes"},
         "chip-race": {"small": "25", "large": "100", "odd": "3; 1", "cards": "Ah Kd Qs; 2c"},
         "reopening": {"big_blind": "100", "levels": "100; 300", "acted_at": ""}}


def test_thirty_hostile_inputs_each_get_a_message_in_the_language_and_the_page_goes_on(calculators):
    assert len(HOSTILE) == 30
    for house_id in ("club", "casino"):
        page, errors = calculators(house_id, LANG[house_id])
        for _, calculator, fields, said in (case for case in HOSTILE if case[0] == house_id):
            asked = {name: value for name, value in fields.items()}
            valid = {name: value for name, value in VALID[calculator].items()
                     if page.evaluate("([c, n]) => !!document.querySelector(`form[data-calculator='${c}']`).elements[n]",
                                      [calculator, name])}
            refused, answered = page.evaluate(FEED, [calculator, [asked, valid]])
            assert refused["result"] is None and refused["error"].startswith(said), (fields, refused["error"])
            assert "Traceback" not in refused["error"] + refused["shown"]
            assert answered["result"] is not None and not answered["error"], (calculator, answered)
        assert not errors
