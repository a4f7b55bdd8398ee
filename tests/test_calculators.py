"""The floor calculators' Python side, without a browser: numbers read as each language writes them,
the house's parameters as data, the engine's wheel, and the calculators each house offers."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import random
import zipfile

import pytest
from babel.numbers import format_decimal

from pokerrules import House
from rulebook.core import floor
from rulebook.i18n.catalogs import LANGUAGES
from rulebook.reading import Reading
from rulebook.reading import calculators
from rulebook.publish import wheel
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


def test_the_page_data_is_in_the_language(project):
    reading = Reading.of(project, "casino", "hr")
    data = calculators.page_data(reading, calculators.offered(reading), {"pyodide": "p/", "engine": "e/", "wheel": "w"})
    assert data["symbols"] == {"group": ".", "decimal": ",", "min_grouping": 1}
    assert set(data["money"]) == {"one", "few", "other"} and data["money"]["one"] == "{amount} žeton"
    assert set(data["messages"]) == set(calculators.messages_of(calculators.offered(reading)))
    # the casino takes no rake: no word of the rake calculators is sent, but every other calculator's is
    assert "Rake for the hand: {rake}." not in data["messages"] and "Rake of a hand" not in data["messages"]
    assert "Chip race" in data["messages"] and "Enter a number." in data["messages"]
    assert set(calculators.messages()) - set(data["messages"]) >= {"Main pot of {pot}: rake {rake}."}
    assert (data["messages"]["Enter a number."], data["ui"]["calculate"]) == ("Upišite broj.", "Izračunaj")
    chip_race = next(item for item in data["calculators"] if item["id"] == "chip-race")
    assert [field["name"] for field in chip_race["fields"]] == ["small", "large", "odd", "cards"]
    side_pots = next(item for item in data["calculators"] if item["id"] == "side-pots")
    assert "stakes" not in [field["name"] for field in side_pots["fields"]]   # a tournament room has none


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
    from rulebook.publish.runtime import pinned_version

    (tmp_path / "runtime").mkdir()
    if package is not None:
        (tmp_path / "runtime" / "package.json").write_text(package, encoding="utf-8")
    with pytest.raises(ModelError) as raised:
        pinned_version(tmp_path)
    assert str(raised.value).startswith("runtime/package.json:0: ") and said in str(raised.value)
    assert "\n" not in str(raised.value)
