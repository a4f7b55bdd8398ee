"""What a player looks for at a table of given stakes, in the reader's language.

The blinds, the straddle, the buy-in, the rake and its cap, the rules players ask about at that
table, and the house's times: the table card prints them and the site's "At the table" page shows
them. One list for both, so a card and the page never say different things.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rulebook.reading import Reading

# The rules players ask about at the table, named by their numbers and titles where the house
# publishes them: straddles up to the button and the raise steps; the pot announced in pot-limit.
TABLE_RULES = ("straddle-up-to-the-button", "cash-betting-raise-unit")
POT_LIMIT_RULES = ("cash-table-pot-announcement",)


@dataclass(frozen=True)
class Key:
    """A number a player looks for first: large on the card, a line of its own on the page."""
    label: str
    value: str
    wide: bool = False          # a long value: the card gives it the whole width


@dataclass(frozen=True)
class Detail:
    text: str
    stressed: bool = False      # a rule that surprises newcomers ("no flop, no drop")


@dataclass(frozen=True)
class CitedRule:
    rule_id: str
    part_id: str
    number: str
    title: str


@dataclass(frozen=True)
class TableFacts:
    """One stakes' facts, in the order the card prints them: the keys, the details, the rules asked
    about, then the house's times (``after``)."""
    row: Mapping[str, Any]
    title: str                  # "NLH 1/3": the game and the stakes, as every language writes them
    game: str                   # the game's name in the language
    keys: tuple[Key, ...]
    details: tuple[Detail, ...]
    rules: tuple[CitedRule, ...]
    after: tuple[str, ...]


def table_facts(reading: Reading, row: Mapping[str, Any]) -> TableFacts:
    """The facts of one row of the house's stakes, as ``reading``'s language writes them."""
    fmt, gettext, house = reading.fmt, reading.tr.gettext, reading.book.house
    money, rake = fmt.money, row["rake"]
    buy_in = row["buy_in"]
    if buy_in["max"] is None:
        bought = gettext("minimum {minimum}, no maximum").format(minimum=money(buy_in["min"]))
    else:
        bought = gettext("minimum {minimum}, maximum {maximum}").format(minimum=money(buy_in["min"]),
                                                                        maximum=money(buy_in["max"]))
    keys = (
        Key(gettext("Blinds"), f"{money(row['small_blind'])} / {money(row['big_blind'])}"),
        Key(gettext("Straddle"), money(row["straddle"])),
        Key(gettext("Buy-in"), bought, wide=True),
        Key(gettext("Rake"), gettext("{percent}, cap {cap}").format(percent=fmt.percent(rake["percent"]),
                                                                    cap=money(rake["cap"])), wide=True),
    )
    short = house["rake"]["short_handed_players"]
    details = [Detail(gettext("{percent} of the pot, cap {cap} per hand; {short_cap} with {low} to {high} players "
                              "dealt in").format(percent=fmt.percent(rake["percent"]), cap=money(rake["cap"]),
                                                 short_cap=money(rake["short_handed_cap"]),
                                                 low=fmt.count(short["min"]), high=fmt.count(short["max"])))]
    if house["rake"]["no_flop_no_drop"]:
        details.append(Detail(gettext("No flop, no drop: no rake before the flop."), stressed=True))
    if row["auto_straddle"] is not None:
        details.append(Detail(gettext("Automatic straddle: {auto}, and it counts as a third blind.").format(
            auto=money(row["auto_straddle"]))))
    if row.get("straddle_by_agreement"):
        details.append(Detail(gettext("Straddle of {amount} when every player agrees.").format(
            amount=money(row["straddle_by_agreement"]))))
    asked = (*TABLE_RULES, *(POT_LIMIT_RULES if row["game"] == "PLO" else ()))
    rules = tuple(CitedRule(rule_id, reading.placed[rule_id][0], reading.number_of(rule_id) or "",
                            reading.title(reading.placed[rule_id][1]))
                  for rule_id in asked if rule_id in reading.placed)
    after = (gettext("Running it twice: only in a pot of at least {pot}.").format(pot=money(house["rake"]["deal_twice_min_pot"])),
             gettext("A break may last up to {break}, unless the floor says otherwise.").format(
                 **{"break": fmt.minutes(house["times"]["break_minutes"])}))   # "break": a keyword of Python
    return TableFacts(row, f"{row['game']} {row['name']}", fmt.word(row["game"]), keys, tuple(details), rules, after)
