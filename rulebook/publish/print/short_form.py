"""The short form: the rules players meet most, on one or two A4 pages for the cage and the rail
(as the TDA publishes a Short Form beside its Longform), printed by ``rulebook.publish.print.printing`` from the
same single page, rules, numbers and texts as the rulebook.

A house names its rules in its file (``short_form:``, by id). By default the short form prints the
rules the house states in variants, where card rooms differ and players ask (the official language,
misdeals, time, acting out of turn, the one-chip call, …); a house stating none gets the first rule
of each part it publishes.
"""

from __future__ import annotations

from rulebook.core.model import Rulebook

MAX_PAGES = 2   # a short form that needs more is refused, naming the house file's line
#: A last page that holds less than this share of a page is a page wasted: the form is set smaller.
LEAST_FILL = 1 / 3
#: The sizes (pt) a short form is set in, in turn, to save such a page (its own size is 9 pt: rulebook.css).
SMALLER = (8.5, 8.0)


def short_form_rules(book: Rulebook) -> tuple[str, ...]:
    """The ids of the rules the house's short form prints, in its order."""
    if book.short_form is not None:
        return book.short_form
    stated = book.statements
    in_variants = tuple(rule.id for rule in stated if rule.variant)
    if in_variants:
        return in_variants
    ids = {rule.id for rule in stated}
    firsts = (next((rule.id for rule in part.rules if rule.id in ids), None) for part in book.parts)
    return tuple(rule_id for rule_id in firsts if rule_id)
