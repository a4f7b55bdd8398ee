"""Buy-ins (seed 000, "BUYIN"): the first buy-in, a rebuy after going broke, a reload below the
minimum, coming back to the same table within two hours, and moving tables.

Amounts come from ``House.buyin_range(stakes)``: ``maximum`` is None where there is no maximum.
"""

from __future__ import annotations

from .cards import check_amount

__all__ = ["add_chips", "returning_range", "table_change_stack"]


def _range(minimum: int, maximum: int | None) -> None:
    check_amount(minimum, "minimum buy-in", positive=True)
    if maximum is not None:
        check_amount(maximum, "maximum buy-in", positive=True)
        if maximum < minimum:
            raise ValueError(f"the maximum buy-in ({maximum}) is below the minimum ({minimum})")


def add_chips(stack: int, amount: int, *, minimum: int, maximum: int | None) -> int:
    """The player's stack after buying ``amount`` more; ValueError saying why if not allowed.

    With no chips (a new player, or one who lost everything) the buy-in is at least the minimum.
    With chips left, even fewer than the minimum, any reload is allowed (seed 000: 110 at 1/3
    or 2/5, buying 200 more, is allowed). The stack may never go above the maximum.
    """
    check_amount(stack, "stack")
    check_amount(amount, "amount bought", positive=True)
    _range(minimum, maximum)
    if stack == 0 and amount < minimum:
        raise ValueError(f"a player with no chips buys in for at least the minimum of {minimum}, not {amount}")
    if maximum is not None and stack + amount > maximum:
        raise ValueError(f"{stack} + {amount} = {stack + amount} is above the maximum buy-in of {maximum}")
    return stack + amount


def returning_range(left_with: int, *, minutes_away: int, minimum: int, maximum: int | None,
                    limit_hours: int = 2) -> tuple[int, int | None]:
    """``(least, most)`` a player may sit down with when coming back to the same game.

    Back within ``limit_hours`` (2 in seed 000) he plays with at least what he left with, even
    above the maximum; later he is a new player (the normal range).
    """
    check_amount(left_with, "amount the player left with")
    check_amount(minutes_away, "minutes away")
    _range(minimum, maximum)
    if minutes_away < limit_hours * 60:
        if maximum is None or left_with > maximum:
            return (left_with, None if maximum is None else left_with)
        return (left_with, maximum)
    return (minimum, maximum)


def table_change_stack(stack: int, *, minimum: int, maximum: int | None) -> int:
    """What a player moving to another table (his broken, or by choice) plays with there: at most
    that table's maximum, and at least its minimum (he tops up to it)."""
    check_amount(stack, "stack")
    _range(minimum, maximum)
    if maximum is not None and stack > maximum:
        return maximum
    return max(stack, minimum)
