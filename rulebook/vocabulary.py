"""The engine's words, as readers see them: seat roles, actions, hand categories, yes and no.

A worked example's data (``button``, ``small+big``, ``raise``, ``full_house``) is what the
engine returns and what the drift gate compares; on a page each word is shown in the reader's
language. Words not listed here (stakes such as ``1/3``, cards such as ``Ah``) are shown as they are.
"""

from __future__ import annotations


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


def show_word(word: str, gettext) -> str:
    """A data word in the reader's language; combined roles ("button + small") word by word."""
    parts = word.split(" + ")
    if all(part in WORDS for part in parts):
        return " + ".join(gettext(WORDS[part]) for part in parts)
    return word
