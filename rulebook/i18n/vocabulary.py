"""The engine's words, as readers see them: seat roles, actions, hand categories, yes and no.

A worked example's data (``button``, ``small+big``, ``raise``, ``full_house``) is what the
engine returns and what the drift gate compares; on a page each word is shown in the reader's
language; a card (``Th``) as players read it everywhere (``10♥``). Words not listed here (stakes
such as ``1/3``) are shown as they are.
"""

from __future__ import annotations

import re


def N_(message: str) -> str:
    """Mark a string for extraction; it is translated where it is shown."""
    return message


WORDS: dict[str, str] = {
    # seat roles in a hand (pokerrules.table.hand_roles)
    "button": N_("Button"),
    "small": N_("Small blind"),
    "big": N_("Big blind"),
    "small+big": N_("Small + big blind"),
    "straddle/post": N_("Straddle or post"),
    "straddle": N_("Straddle"),
    "post": N_("Post"),
    "missed": N_("Missed blind"),
    "out": N_("Not dealt in"),
    "wait_for_big_blind": N_("Wait for the big blind"),
    "play": N_("Play at once"),
    # actions
    "bet": N_("Bet"),
    "call": N_("Call"),
    "raise": N_("Raise"),
    "fold": N_("Fold"),
    "check": N_("Check"),
    "all-in": N_("All-in"),
    # hand categories (pokerrules.hands)
    "high_card": N_("High card"),
    "pair": N_("One pair"),
    "two_pair": N_("Two pair"),
    "three_of_a_kind": N_("Three of a kind"),
    "straight": N_("Straight"),
    "flush": N_("Flush"),
    "full_house": N_("Full house"),
    "four_of_a_kind": N_("Four of a kind"),
    "straight_flush": N_("Straight flush"),
    # streets
    "preflop": N_("Pre-flop"),
    "flop": N_("Flop"),
    "turn": N_("Turn"),
    "river": N_("River"),
    # games (the stakes table)
    "NLH": N_("No-Limit Texas Hold'em"),
    "PLO": N_("Pot-Limit Omaha"),
    # answers
    "True": N_("Yes"),
    "False": N_("No"),
}


# A card as the engine writes it ("Th", "9h") and as players read it in every language ("10♥", "9♥").
_CARD = re.compile(r"(10|[2-9TJQKA])([shdc])\Z")
_SUITS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}


def card_symbol(word: str) -> str | None:
    """``Th`` → ``10♥``; None for anything that is not a card."""
    found = _CARD.match(word)
    if not found:
        return None
    rank = "10" if found.group(1) == "T" else found.group(1)
    return f"{rank}{_SUITS[found.group(2)]}"


def show_word(word: str, gettext) -> str:
    """A data word in the reader's language: a card as its symbol; combined roles ("button + small")
    word by word."""
    card = card_symbol(word)
    if card is not None:
        return card
    parts = word.split(" + ")
    if all(part in WORDS for part in parts):
        return " + ".join(gettext(WORDS[part]) for part in parts)
    return word
