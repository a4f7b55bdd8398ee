"""What a player looks for at a table of given stakes, in the reader's language.

The blinds, the straddle, the buy-in, the rake and its caps, the raise step, the straddles and
when each applies, when a hand may be run more than once, the house's times, each line with the
number of the rule it comes from, and the rules players ask about at that table: the table card
prints them and the site's "At the table" page shows them. One list for both, so a card and the
page never say different things. Each line states a rule of the house's: it is printed only where
the house publishes that rule and gives the numbers it needs (a room that takes no rake, or states
no break, has no line about them), never a line of another house's rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from pokerrules.rake import Jackpot, Rake
from rulebook.core.records import Rulebook, stakes_title
from rulebook.i18n.vocabulary import N_
from rulebook.reading import Reading

# The rules players ask about at the table, named by their numbers and titles where the house
# publishes them: straddles up to the button; the pot announced in pot-limit. (The raise step, the straddles and the rake are lines of their own, each
# with its stakes' numbers and the number of the rule it comes from.)
TABLE_RULES = ("straddle-up-to-the-button",)
POT_LIMIT_RULES = ("cash-table-pot-announcement",)


@dataclass(frozen=True)
class Key:
    """A number a player looks for first: large on the card, a line of its own on the page."""
    label: str
    value: str
    wide: bool = False          # a long value: the card gives it a line of its own


@dataclass(frozen=True)
class CitedRule:
    rule_id: str
    part_id: str
    number: str
    title: str

    @property
    def sentence(self) -> str:
        """The title as a line of a card beside lines that are sentences: with its full stop."""
        return self.title if self.title.rstrip()[-1:] in SENTENCE_ENDS else f"{self.title}."


#: What ends a sentence in the five languages (a title that ends so needs no full stop added).
SENTENCE_ENDS = frozenset(".!?…")


@dataclass(frozen=True)
class Detail:
    """A line with the stakes' own numbers, and the rules it comes from (those the house publishes),
    whose numbers the card prints before it and the page links."""
    text: str
    stressed: bool = False      # a rule that surprises newcomers ("no flop, no drop")
    rules: tuple[CitedRule, ...] = ()


@dataclass(frozen=True)
class TableFacts:
    """One stakes' facts, in the order the card prints them: the keys, the lines with the stakes'
    numbers (each with the rule it comes from), then the rules asked about."""
    row: Mapping[str, Any]
    title: str                  # "NLH 1/3": the game and the stakes, as every language writes them
    game: str                   # the game's name in the language
    keys: tuple[Key, ...]
    details: tuple[Detail, ...]
    rules: tuple[CitedRule, ...]


def cited(reading: Reading, rule_id: str) -> CitedRule | None:
    """A rule of the house by its number and title in the reader's language; None where the house
    does not publish it."""
    if rule_id not in reading.placed:
        return None
    part_id, rule = reading.placed[rule_id]
    return CitedRule(rule_id, part_id, reading.number_of(rule_id) or "", reading.title(rule))


def citing(reading: Reading, *rule_ids: str) -> tuple[CitedRule, ...]:
    """Those of the rules the house publishes, by number and title."""
    return tuple(rule for rule in map(lambda rule_id: cited(reading, rule_id), rule_ids) if rule)


# The one table of a room that runs no cash games (a tournament room): its card cites the rules the
# house chooses (``table_card:``), with no stakes of its own.
TOURNAMENT = MappingProxyType({"name": "tournament", "game": "", "tournament": True})
TOURNAMENT_TITLE = N_("Tournament")


def table_rows(book: Rulebook) -> list[Mapping[str, Any]]:
    """The tables a house prints a card for and shows *At the table*: each row of its stakes; for a
    room with no stakes that chooses its table card's rules, its tournament tables."""
    if book.runs_cash_games:
        return list(book.house.get("stakes") or ())   # a rake stated with no stakes has no table of its own
    return [TOURNAMENT] if book.table_card else []


def table_offer(book: Rulebook, row: Mapping[str, Any] | None = None) -> tuple[bool, bool]:
    """Whether the house's tables (one stakes ``row``, or any of them) have a straddle, and a rake: what a
    page or a card that says what the tables' cards hold may promise, and nothing more."""
    rows = [row] if row is not None else list(book.house.get("stakes") or ())
    ruled = book.ruled()
    return (any(each.get("straddle") is not None for each in rows),
            any((rake := ruled.stakes(each["name"]).rake) is not None and rake.takes for each in rows))


def table_facts(reading: Reading, row: Mapping[str, Any]) -> TableFacts:
    """The facts of one row of the house's stakes (or of its tournament tables, ``TOURNAMENT``), as
    ``reading``'s language writes them."""
    if row.get("tournament"):
        title = reading.tr.gettext(TOURNAMENT_TITLE)
        return TableFacts(row, title, reading.book.name, (), (), citing(reading, *(reading.book.table_card or ())))
    fmt, gettext, house = reading.fmt, reading.tr.gettext, reading.book.house
    stated = reading.book.ruled().stakes(row["name"]).rake   # its own, its game's or the house's
    rake = stated if stated is not None and stated.takes else None
    times = house.get("times") or {}

    money, percent = fmt.money, fmt.percent   # each a number with its unit on one line (formatting.unbroken)

    def line(text: str, *rule_ids: str, stressed: bool = False) -> Detail:
        return Detail(text, stressed, citing(reading, *rule_ids))

    def states(*rule_ids: str) -> bool:
        return any(rule_id in reading.placed for rule_id in rule_ids)

    buy_in = row["buy_in"]
    if buy_in["max"] is None:
        bought = gettext("minimum {minimum}, no maximum").format(minimum=money(buy_in["min"]))
    else:
        bought = gettext("minimum {minimum}, maximum {maximum}").format(minimum=money(buy_in["min"]),
                                                                        maximum=money(buy_in["max"]))
    charge = (house.get("rake") or {}).get("time_charge")
    keys = (
        Key(gettext("Blinds"), f"{money(row['small_blind'])} / {money(row['big_blind'])}"),
        *([Key(gettext("Straddle"), money(row["straddle"]))] if row.get("straddle") is not None else []),
        *([Key(gettext("Rake"), rake_said(reading, rake), wide=rake.no_rake_up_to is not None)] if rake else []),
        *([Key(gettext("Jackpot drop"), jackpot_said(reading, stated.jackpot), wide=True)]
          if stated is not None and stated.jackpot else []),
        *([Key(gettext("Time charge"), gettext("{amount} per seat every {minutes}").format(
            amount=money(charge["amount"]), minutes=fmt.minutes(charge["every_minutes"])), wide=True)]
          if charge else []),
        Key(gettext("Buy-in"), bought, wide=True),
    )
    pieces = house.get("rake") or {}
    details = []
    if rake and rake.short_handed_cap is not None and pieces.get("short_handed_players") \
            and states("rake-cap-by-players"):
        short = pieces["short_handed_players"]
        details.append(line(gettext("With {low} to {high} players dealt in, the rake cap is {short_cap}.").format(
            short_cap=money(rake.short_handed_cap), low=fmt.count(short["min"]),
            high=fmt.count(short["max"])), "rake-cap-by-players"))
    if rake and rake.split_pot_cap is not None and rake.percent is not None and states("rake-split-pot"):
        details.append(split_pot_line(reading, percent(rake.percent), money(rake.split_pot_cap)))
    if rake and pieces.get("no_flop_no_drop") and states("no-flop-no-drop"):
        details.append(line(gettext("No flop, no drop: no rake before the flop."), "no-flop-no-drop", stressed=True))
    if row.get("auto_straddle") is not None and states("auto-straddle-third-blind"):   # the house's, not a player's
        details.append(line(gettext("Automatic straddle, when the game is played with one: {auto}; it counts as a "
                                    "third blind.").format(auto=money(row["auto_straddle"])),
                            "auto-straddle-third-blind"))
    if row.get("straddle_by_agreement") and states("straddle-by-agreement"):
        details.append(line(gettext("Straddle of {amount} when every player agrees.").format(
            amount=money(row["straddle_by_agreement"])), "straddle-by-agreement"))
    if states("cash-betting-raise-unit"):
        if row.get("raise_unit") is None:
            details.append(line(gettext("Raises: any amount, at least the minimum raise."), "cash-betting-raise-unit"))
        else:
            details.append(line(gettext("Raises only in multiples of {unit}.").format(unit=money(row["raise_unit"])),
                                "cash-betting-raise-unit"))
    if rake and pieces.get("deal_twice_min_pot") is not None and states("deal-twice-minimum-pot"):
        details.append(line(gettext("Running it twice: only in a pot of at least {pot}, and only if every player in "
                                    "the hand agrees (in a side pot, its players).").format(
            pot=money(pieces["deal_twice_min_pot"])),
            "deal-twice-minimum-pot", "cash-betting-deal-twice-agreement", "cash-betting-deal-twice-side-pots"))
    if times.get("break_minutes") is not None and states("seat-break-time"):
        details.append(line(gettext("A break may last up to {break}, unless the floor says otherwise.").format(
            **{"break": fmt.minutes(times["break_minutes"])}), "seat-break-time"))  # "break": a keyword
    chosen = reading.book.table_card   # the house's own choice, or the rules players ask about most
    asked = chosen if chosen is not None else (*TABLE_RULES, *(POT_LIMIT_RULES if row["game"] == "PLO" else ()))
    rules = citing(reading, *asked)
    return TableFacts(row, stakes_title(row), fmt.word(row["game"]), keys, tuple(details), rules)


def rake_said(reading: Reading, rake: Rake) -> str:
    """The rake of a table as the house states it, in one line: its share of a pot (a percentage, so
    much for every so much, or a flat drop a hand), from which pots (over its threshold), and its cap."""
    gettext, money = reading.tr.gettext, reading.fmt.money
    over = money(rake.no_rake_up_to) if rake.no_rake_up_to is not None else None
    if rake.drop is not None:
        share = (gettext("{amount} a hand, from pots over {threshold}") if over else gettext("{amount} a hand")).format(
            amount=money(rake.drop), threshold=over)
    elif rake.per is not None:
        share = (gettext("{take} for every {every} in each pot over {threshold}") if over else
                 gettext("{take} for every {every} in the pot")).format(take=money(rake.per.take),
                                                                        every=money(rake.per.every), threshold=over)
    else:
        percent = reading.fmt.percent(rake.percent or 0)
        share = gettext("{percent} of each pot over {threshold}").format(percent=percent, threshold=over) if over \
            else percent
    if rake.cap is None:
        return share
    return gettext("{rake}, cap {cap}").format(rake=share, cap=money(rake.cap))


def jackpot_said(reading: Reading, jackpot: Jackpot) -> str:
    """A jackpot or promotional drop as the house states it: how much a hand, and when it is taken."""
    gettext, money = reading.tr.gettext, reading.fmt.money
    said = {None: gettext("{amount} a hand"), "flop": gettext("{amount} a hand, once the flop is dealt"),
            "big-blind-called": gettext("{amount} a hand, once the big blind is called")}[jackpot.after]
    said = said.format(amount=money(jackpot.amount))
    if jackpot.pots_over is not None:
        said = gettext("{drop}, from pots over {amount}").format(drop=said, amount=money(jackpot.pots_over))
    return said


def split_pot_line(reading: Reading, percent: str, cap: str) -> Detail:
    """How a pot split on one board is raked, with its cap (one stakes' on its table card, every
    stakes' on the rake card): only from the dead money."""
    return Detail(reading.tr.gettext("Split pot on one board: rake {percent}, cap {cap}, taken only from the dead "
                                     "money.").format(percent=percent, cap=cap), rules=citing(reading, "rake-split-pot"))


def deal_twice_rake_line(reading: Reading, cap: str) -> Detail:
    """How a pot run more than once and split is raked: the normal rake if the first board does not split it."""
    return Detail(reading.tr.gettext("Run more than once with the pot split: the normal rake, cap {cap}, if the first "
                                     "board does not split the pot.").format(cap=cap), rules=citing(reading, "deal-twice-rake"))


# On the rake card, after how split pots are raked (split_pot_line, deal_twice_rake_line): side pots.
RAKE_RULES = ("rake-main-and-side-pots",)


def titled_on_cards(reading: Reading) -> dict[str, list[str]]:
    """Rule id → the cards that print the rule's number and title (each table card by its stakes, the
    rake card), as ``face`` and ``bands`` print them: what the catalog tells the title's translator."""
    cards: dict[str, list[str]] = {}
    for row in table_rows(reading.book):
        for rule in table_facts(reading, row).rules:
            cards.setdefault(rule.rule_id, []).append(
                "tournament table card" if row.get("tournament") else f"table card {stakes_title(row)}")
    for rule_id in RAKE_RULES:
        if rule_id in reading.placed:
            cards.setdefault(rule_id, []).append("rake card")
    return cards
