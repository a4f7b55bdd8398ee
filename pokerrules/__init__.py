"""pokerrules: the card room's reference poker engine.

The referee every worked example of the rulebook is run against, and a library a card room can
use on its own. Pure (no I/O except ``House.load``, no global mutable state), amounts in whole units of the house's money (or chips),
seats numbered clockwise, cards as two-character strings (``"Ah"``, ``"Tc"``). Bad input raises
``ValueError`` (``HouseError`` for house files) with a message a floor manager understands.

Modules: ``house`` (parameters, rake), ``betting``, ``pots``, ``hands``, ``showdown``, ``table``,
``buyin``, ``cards``. See ENGINE_CONTRACT.md for the public API.
"""

from . import betting, buyin, cards, hands, house, pots, showdown, table
from .hands import HandValue, evaluate, evaluate_many, evaluate_omaha, winners
from .house import House, HouseError
from .pots import Pot, side_pots, split

__all__ = [
    "House", "HouseError", "HandValue", "Pot",
    "evaluate", "evaluate_many", "evaluate_omaha", "winners", "side_pots", "split",
    "betting", "buyin", "cards", "hands", "house", "pots", "showdown", "table",
]
