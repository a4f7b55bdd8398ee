"""Faithful to each house's own words: every rule quotes the passage of its house's document it states.

A rule's ``excerpt`` (one passage, or a list of them) is the house's own text, in the document's
language; each must be found verbatim in the seed the rule's part cites (spacing aside), so a
translation or a paraphrase can never pass for the source. A rule stated in variants is checked
as each house states it, in the part where that house's rulebook puts it.
"""

from __future__ import annotations

import re

import pytest

from rulebook.model import load_library
from tests.conftest import ROOT

SEEDS = ROOT.parent / "shared" / "seeds"
LIBRARY = load_library(ROOT)


def normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


STATED = {f"{book.id}/{part.id}": part for book in LIBRARY.houses for part in book.parts}   # as each house states it


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed documents (../shared/seeds) are not beside this clone")
@pytest.mark.parametrize("part", STATED.values(), ids=list(STATED))
def test_every_rule_quotes_its_source_verbatim(part):
    seed = normal((SEEDS / part.source).read_text(encoding="utf-8"))
    missing = [rule.id for rule in part.rules if not rule.excerpts]
    assert missing == [], f"rules of {part.id} without an excerpt"
    invented = [(rule.id, excerpt) for rule in part.rules for excerpt in rule.excerpts if normal(excerpt) not in seed]
    assert invented == [], f"excerpts of {part.id} not found verbatim in {part.source}"
