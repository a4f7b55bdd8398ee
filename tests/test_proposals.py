"""Proposals: what a rule would say beyond its house's documents reaches the editors, never the readers.

A whole rule (``proposed: <reason>``) or a sentence of one (``proposals:``) that the house's own
documents do not say is shown in the editors' edition, marked with its reason and listed on the
status page; the reader's edition (the site, and the cards and PDFs made from it) has none of it
until the house names it under ``adopt:``. And the engine never applies a policy a reader cannot
read: a ruling house parameter must be stated by a rule the house publishes.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulebook.core.model import RULING_PARAMETERS, Rulebook, load_library
from rulebook.project import Project
from docutils import nodes

from rulebook.publish.site.pages import proposals_nodes
from rulebook.publish.site.render import PageRenderer
from tests.conftest import ROOT, edit, expanded

WHOLE = "cash-table-button-draw-highest-card"          # a proposed rule of the club
SENTENCE = "tournament-chip-race.proposal1"            # a proposed sentence of the casino's chip race
SENTENCE_TEXT = "A remainder of half a larger chip or more counts as one more chip."


def _plain(rst: str) -> str:
    """reST as a reader reads it: the escapes of punctuation dropped."""
    return re.sub(r"\\(.)", r"\1", rst)


def _pages(project: Project, house: str, editors: bool) -> str:
    """The pages' reST, each rule's directive replaced by the words it shows (``rules.rule_nodes``)."""
    renderer = PageRenderer(project, house, "en", editors)
    # each part as its nodes (their ids: ``ids="<rule>"``) and then its words as a reader reads them
    return expanded(renderer, _plain("\n".join(renderer.pages([]).values())),
                    shown=lambda node: node.pformat() + "\n" + node.astext())


def test_the_houses_have_proposals(project):
    """The data this file tests: each house has proposals, none adopted."""
    assert [rule.id for rule, proposal in project.houses["club"].editors_book.proposals if proposal is None] == [
        WHOLE, "cash-betting-incomplete-raise-reopening", "holdem-bets-within-limits"]
    assert [proposal.key for _, proposal in project.houses["casino"].editors_book.proposals if proposal] == [SENTENCE]


def test_the_readers_edition_has_no_proposal(project):
    """The site's pages, and the book the cards and PDFs print (HouseView.book), hold none."""
    for house in project.houses.values():
        book = house.book
        assert book.proposals == ()
        assert not any(rule.proposed and not rule.adopted for rule in book.rules)
    club, casino = _pages(project, "club", False), _pages(project, "casino", False)
    assert f'ids="{WHOLE}"' not in club and "The highest card takes the button" not in club
    assert "holdem-bets-within-limits" not in club and "holdem-bets-within-limits" not in casino
    assert "half a larger chip" not in casino
    assert "Proposed" not in club + casino


def test_the_editors_edition_marks_each_proposal_with_its_reason(project):
    club = _pages(project, "club", True)
    assert f'ids="{WHOLE}"' in club
    rule_page = club[club.index(f'ids="{WHOLE}"'):]
    assert "Proposed rule: the house's documents do not say this." in rule_page[:1500]
    assert "deals cards for the button" in rule_page[:1500]          # its reason, shown beside it
    casino = _pages(project, "casino", True)
    assert "Proposed: " + SENTENCE_TEXT in casino


def test_the_status_page_lists_every_proposal_of_the_house(project):
    renderer = PageRenderer(project, "club", "en", True)
    assert renderer.pages([])["status"].startswith(".. rulebook:status::")
    _label, proposals = proposals_nodes(renderer)
    listed = [ref["refuri"] for ref in proposals.findall(nodes.reference)]
    assert listed == [f"r/{rule.id}.html" for rule, _ in project.houses["club"].editors_book.proposals]
    assert "Why:" in proposals.astext()


def _tree_with_adoptions(tree: Path) -> Path:
    edit(tree / "houses/club/house.yaml", "adopt: []\n", f"adopt: [{WHOLE}]\n")
    edit(tree / "houses/casino/house.yaml", "adopt: []\n", f"adopt: [{SENTENCE}]\n")
    return tree


def test_a_house_adopts_a_proposal_with_one_line(tree):
    """Adopted, the rule and the sentence are published as the house's own, with no mark."""
    project = Project.load(_tree_with_adoptions(tree))
    club, casino = _pages(project, "club", False), _pages(project, "casino", False)
    assert f'ids="{WHOLE}"' in club and "The highest card takes the button" in club
    assert SENTENCE_TEXT in casino
    assert "Proposed" not in club + casino
    assert [p.key for _, p in project.houses["casino"].editors_book.proposals if p] == []
    # The other house publishes neither: an adoption is one house's.
    assert "half a larger chip" not in _pages(project, "club", False)


def _stated(book: Rulebook, library) -> set[str]:
    """The policies a house's published rules state (``states:``, or a variant ``chosen_by:`` one)."""
    chosen = {slot.rule_id: slot.chosen_by for part in library.parts for section in part.sections
              for slot in section.slots if slot.chosen_by}
    return {rule.states[0] for rule in book.published().statements if rule.states} | {
        chosen[rule.id] for rule in book.published().statements if rule.id in chosen}


def _set(house: dict, path: str) -> bool:
    group, key = path.split(".")
    return isinstance(house.get(group), dict) and key in house[group]


def test_every_ruling_parameter_a_house_sets_is_a_rule_its_readers_read():
    library = load_library(ROOT)
    for book in library.houses:
        unstated = [path for path in RULING_PARAMETERS if _set(book.house, path) and path not in _stated(book, library)]
        assert unstated == [], f"{book.house_file} sets {unstated}, which no rule it publishes states"


def test_every_policy_an_example_asks_is_stated_to_its_readers(project):
    """An example that lets the house rule (``rule=house.undercall``) runs only for a house that states it."""
    by_name = {path.split(".")[1]: path for path in RULING_PARAMETERS}
    asked = 0
    for house in project.houses.values():
        stated = _stated(house.editors_book, project.library)
        for example in house.examples:
            for name in [argument.path[-1] for check in example.checks for _, argument in check.call.kwargs
                         if type(argument).__name__ == "HouseSetting"]:
                if name in by_name:
                    asked += 1
                    assert by_name[name] in stated, f"{example.id} asks {house.id} for {name}, which it does not publish"
    assert asked >= 3


@pytest.mark.parametrize("house_file, line, says", [
    ("houses/club/house.yaml", "  betting:\n", "parameter betting.incomplete_all_in is stated by no rule"),
])
def test_a_ruling_parameter_no_rule_states_is_refused(tree, house_file, line, says):
    edit(tree / house_file, line, line + "    incomplete_all_in: tda\n")
    from tests.conftest import run_rulebook

    run = run_rulebook(tree, "check")
    text = run.stdout + run.stderr
    assert run.returncode == 2
    assert re.search(rf"^{re.escape(house_file)}:\d+: house club: {says}", text, re.M), text
    assert "cash-betting-incomplete-raise-reopening" in text   # names the proposed rule to adopt
