"""Every section of every seed document is in the rulebook of the house it belongs to.

`tests/coverage/<seed>.yaml` lists a seed's section headings; each must be cited
(`source:`) by at least one rule that the seed's house publishes (the guide, 004,
by both houses). Each rule's citation must also occur in the seed itself, so a
heading cannot be invented.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from rulebook.core.model import load_library
from tests.conftest import ROOT

SEEDS = ROOT.parent / "shared" / "seeds"
LISTS = sorted((ROOT / "tests" / "coverage").glob("*.yaml"))


def normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


# Whose document is each seed: the club's cash rules, the room's rules, the guide both publish.
HOUSES_OF_SEED = {"000": ("club",), "003": ("casino",), "004": ("club", "casino")}


def citations(house_id: str | None = None) -> dict[str, set[str]]:
    """Seed file → the headings the rules of a house (or of the whole library) cite."""
    library = load_library(ROOT)
    # Each part as a house states it: a rule stated in variants cites the document of its house.
    parts = [part for book in library.houses if book.id == house_id or house_id is None for part in book.parts]
    cited: dict[str, set[str]] = {}
    for part in parts:
        for rule in part.rules:
            cited.setdefault(part.source, set()).add(normal(rule.source))
    return cited


@pytest.mark.parametrize("listing", LISTS, ids=[path.stem for path in LISTS])
def test_every_section_of_the_seed_is_published_by_its_house(listing: Path):
    headings = [normal(h) for h in yaml.safe_load(listing.read_text(encoding="utf-8"))["headings"]]
    for house_id in HOUSES_OF_SEED[listing.stem[:3]]:
        cited = citations(house_id).get(f"{listing.stem}.txt", set())
        missing = [heading for heading in headings if heading not in cited]
        assert missing == [], f"sections of {listing.stem} that {house_id} does not publish"


def test_each_house_publishes_its_own_documents_only():
    for house_id in ("club", "casino"):
        seeds = {seed[:3] for seed in citations(house_id)}
        assert seeds == {seed for seed, houses in HOUSES_OF_SEED.items() if house_id in houses}, house_id


def test_every_seed_has_a_coverage_list():
    seeds_cited = set(citations())
    assert seeds_cited <= {f"{path.stem}.txt" for path in LISTS}


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed documents (../shared/seeds) are not beside this clone")
def test_every_citation_and_heading_is_in_its_seed():
    for seed, headings in citations().items():
        text = normal((SEEDS / seed).read_text(encoding="utf-8"))
        invented = sorted(heading for heading in headings if heading not in text)
        assert invented == [], f"citations not found in {seed}"
    for listing in LISTS:
        text = normal((SEEDS / f"{listing.stem}.txt").read_text(encoding="utf-8"))
        listed = [normal(h) for h in yaml.safe_load(listing.read_text(encoding="utf-8"))["headings"]]
        assert [h for h in listed if h not in text] == [], f"headings of {listing.name} not in the seed"
