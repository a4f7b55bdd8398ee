"""House parameters in the reader's words: each one's name, and its value as the pages write it.

The changes page, ``rulebook changes`` and the table cards name a changed parameter (a cap, a time,
a policy the engine applies) by these labels, never by its path in the house file, and show a
policy's value (``call_or_fold``) by what it means at the table. A path with no label here is shown
as it is: tests/test_changes.py requires a label for every parameter of every house file.
"""

from __future__ import annotations

from collections.abc import Mapping

import re
from typing import Any

from babel.numbers import get_currency_name

from rulebook.core.money import currencies
from rulebook.core.records import stakes_title
from rulebook.core.values import parse_value, resolve, unit_of
from rulebook.i18n.formatting import LocaleFormatter, Translator
from rulebook.i18n.vocabulary import N_

# Each parameter's name, keyed by its path without row selectors (``_key``); ``{band}`` is a rake band's
# number. A piece of one statement of the rake (``pokerrules.rake.RAKE_KEYS``) is keyed ``rake.<piece>``
# wherever the house states it: for the house, a game (``rake.games.PLO``) or a stakes row.
PARAMETER_LABELS = {
    "currency": N_("Currency"),
    "official_language": N_("Language of authority"),
    "announced_in": N_("Languages the rules are announced in"),
    "stakes.name": N_("Stakes"),
    "stakes.role": N_("Place of the stakes in the shared rules"),
    "stakes.game": N_("Game"),
    "stakes.small_blind": N_("Small blind"),
    "stakes.big_blind": N_("Big blind"),
    "stakes.buy_in.min": N_("Minimum buy-in"),
    "stakes.buy_in.max": N_("Maximum buy-in"),
    "stakes.straddle": N_("Straddle"),
    "stakes.auto_straddle": N_("Automatic straddle"),
    "stakes.straddle_by_agreement": N_("Straddle by agreement"),
    "stakes.raise_unit": N_("Raise unit"),
    "stakes.rake_tier": N_("Rake tier"),
    "rake.percent": N_("Rake rate"),
    "rake.per.take": N_("Rake for each step of the pot"),
    "rake.per.every": N_("Step of the pot that pays the rake"),
    "rake.drop": N_("Rake per hand"),
    "rake.cap": N_("Rake cap"),
    "rake.short_handed_cap": N_("Rake cap with few players"),
    "rake.split_pot_cap": N_("Rake cap of a split pot"),
    "rake.no_rake_up_to": N_("Largest pot with no rake"),
    "rake.rounding.mode": N_("Rounding of the rake"),
    "rake.rounding.to": N_("Rake rounded to a multiple of"),
    "rake.jackpot.amount": N_("Jackpot drop"),
    "rake.jackpot.after": N_("When the jackpot drop is taken"),
    "rake.jackpot.pots_over": N_("Jackpot drop only from pots over"),
    "rake.time_charge.amount": N_("Time charge per seat"),
    "rake.time_charge.every_minutes": N_("Period of the time charge"),
    "rake.short_handed_players.min": N_("Fewest players for the cap with few players"),
    "rake.short_handed_players.max": N_("Most players for the cap with few players"),
    "rake.full_table_players.min": N_("Fewest players for the full cap"),
    "rake.full_table_players.max": N_("Most players for the full cap"),
    "rake.no_flop_no_drop": N_("No flop, no drop"),
    "rake.deal_twice_min_pot": N_("Smallest pot that may be run twice"),
    "rake.chinese_poker_per_player_per_hour": N_("Chinese poker, per player and hour"),
    "rake.bands.from": N_("Rake band {band}: pot from"),
    "rake.bands.to": N_("Rake band {band}: pot up to"),
    "rake.bands.rake": N_("Rake band {band}: rake"),
    "times.break_minutes": N_("Break"),
    "times.cashier_return_minutes": N_("Return from the cashier"),
    "times.return_same_table_hours": N_("Return to the same table"),
    "betting.undercall": N_("Calling with too few chips"),
    "betting.incomplete_all_in": N_("All-in for less than a full raise"),
    "showdown.first_to_show": N_("Who shows first at showdown"),
}

# A word-valued parameter's values as they read at the table (every choice pokerrules.House accepts).
VALUE_WORDS = {
    "currency": {"chips": N_("Tournament chips")},   # a currency: its name in CLDR (get_currency_name)
    "stakes.rake_tier": {"low": N_("the lower rake cap"), "high": N_("the higher rake cap")},
    "betting.undercall": {"call_or_fold": N_("the player may only call the full bet or fold"),
                          "full_call": N_("a full call: the player puts in the rest")},
    "betting.incomplete_all_in": {"tda": N_("does not reopen the betting for a player who has already acted"),
                                  "half": N_("reopens the betting if it is at least half a raise")},
    "showdown.first_to_show": {"last_aggressor": N_("the player who made the last bet or raise"),
                               "first_bettor": N_("the first player to bet on the river")},
    "rake.rounding.mode": {"down": N_("rounded down"), "nearest": N_("rounded to the nearest"),
                           "up": N_("rounded up")},
    "rake.jackpot.after": {"flop": N_("after the flop"), "big-blind-called": N_("once the big blind is called")},
}

_SELECTOR = re.compile(r"\[[^\]]*\]")
# Where a statement of the rake is written besides the house's own ``rake:``: a game's, a stakes row's.
_STATEMENT = re.compile(r"^(?:rake\.games\.[^.]+|stakes\.rake)\.")


def _key(path: str) -> str:
    """A parameter's key in the tables above: its path without row selectors, a piece of a game's or a
    row's statement of the rake as the house's (``stakes[1/2].rake.cap``: ``rake.cap``)."""
    return _STATEMENT.sub("rake.", _SELECTOR.sub("", path))

# What a table card prints of the house file: its own stakes' numbers, and these, on every card alike.
CARD_NUMBERS = ("official_language", "rake.short_handed_players.min", "rake.short_handed_players.max",
                "rake.deal_twice_min_pot", "rake.no_flop_no_drop", "times.break_minutes")
# What the rake card prints: the bands, the short-handed player counts, no flop no drop, and each stakes' rake.
RAKE_CARD_NUMBERS = ("rake.bands", "rake.short_handed_players", "rake.no_flop_no_drop")
RAKE_CARD_STAKES = ("stakes.rake.cap", "stakes.rake.short_handed_cap", "stakes.rake.percent")


def on_table_card(path: str, row: Mapping) -> bool:
    """Whether the table card of these stakes prints the parameter."""
    return path in CARD_NUMBERS or path.startswith(f"stakes[{row.get('role') or row.get('name')}].")


def on_rake_card(path: str) -> bool:
    """Whether the rake card prints the parameter."""
    bare = _SELECTOR.sub("", path)
    return bare.startswith(RAKE_CARD_NUMBERS) or bare in RAKE_CARD_STAKES


def cards_showing(path: str, house: Mapping, rake_card: str) -> tuple[str, ...]:
    """The printed cards a parameter is on, by the names the downloads page gives them (NLH 1/3, and
    ``rake_card`` for the rake card); none for a house without stakes, which prints no card."""
    stakes = house.get("stakes") or []
    cards = [stakes_title(row) for row in stakes if on_table_card(path, row)]
    return tuple(cards + ([rake_card] if stakes and on_rake_card(path) else []))


def name_of(path: str, tr: Translator) -> str:
    """The parameter's name alone (Rake cap), as a table card says it of its own stakes; the path if unknown."""
    label = PARAMETER_LABELS.get(_key(path))
    if label is None:
        return path
    band = re.search(r"bands\[([^\]]+)\]", path)
    return tr.gettext(label).format(band=band.group(1) if band else "")


def label(path: str, house: dict, tr: Translator) -> str:
    """The parameter in the reader's words, with the game it belongs to: Rake cap (NLH 1/3), Rake cap (PLO)."""
    name = name_of(path, tr)
    row = re.match(r"stakes\[([^\]]+)\]", path)
    game_rake = re.match(r"rake\.games\.([^.]+)\.", path)
    if game_rake is not None and name != path:
        return f"{name} ({game_rake.group(1)})"
    if row is None or name == path:
        return name
    stakes = next((r for r in house.get("stakes", []) if row.group(1) in (r.get("role"), str(r.get("name")))), None)
    return f"{name} ({stakes_title(stakes) if stakes is not None else row.group(1)})"   # NLH 1/3, as every card names it


def formatted(path: str, value: Any, house: dict, fmt: LocaleFormatter) -> str:
    """A parameter's value as the pages write it, in the unit its name implies; a policy in words."""
    bare = _SELECTOR.sub("", path)
    try:
        found, unit = resolve(parse_value(f"house.{path}"), house)
    except ValueError:   # a row no rule can name (a rake band), a game's rake: its unit from its keys alone
        try:
            found, unit = value, unit_of(bare.split("."), value, house)
        except ValueError:
            found, unit = value, "text"
    if unit == "count" and "_players." in bare:
        unit = "players"
    if found is None and bare == "rake.bands.to":
        return fmt.tr.gettext("and above")
    if found is None and bare == "stakes.raise_unit":
        return fmt.tr.gettext("any amount")
    if unit != "text":
        return fmt.value(found, unit)
    if found is None:
        return "—"
    if bare == "currency" and found in currencies():
        return get_currency_name(found, locale=fmt.code)
    word = VALUE_WORDS.get(_key(path), {}).get(str(found))
    return fmt.tr.gettext(word) if word else fmt.word(str(found))   # a game or a yes/no, in the reader's words
