"""The house's editors see where every number comes from (``references:`` of its house file).

Beside each rule, the editors' edition shows the reference of every house number the rule quotes: the
passage of the house's documents, or, for numbers they do not give, a proposal with its reason. Its
status page lists every reference, the proposed numbers among the proposals (an invented number is
never a page saying there is no proposal), and the languages the house publishes, English as the
language the rules are written in. Read from the pages' nodes as the directives make them, and once
from the review builder for one house in one language; the reader's edition shows none of it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from docutils import nodes

from rulebook.gate.status import all_status
from rulebook.project import Project
from rulebook.publish.site.pages import proposals_nodes, references_nodes, status_nodes
from rulebook.publish.site.parts import part_nodes
from rulebook.publish.site.render import PageRenderer
from tests.conftest import add_room, article, edit

REASON = "the room posts its stakes at the cage, and its document is older"
PROPOSED = (f"Proposed: The house's documents do not give the numbers stakes: its house file states them.\n"
            f"Why: {REASON}")


def _rule_shown(page: PageRenderer, part_id: str, rule_id: str) -> str:
    """What a rule's section shows on its part's page, as text."""
    section = next(found for found in part_nodes(page, part_id).findall(nodes.section) if rule_id in found["ids"])
    return section.astext()


@pytest.fixture
def harbour(tree) -> Path:
    """A copy of the project with the harbour room (English and Spanish)."""
    add_room(tree, "harbour")
    return tree


@pytest.fixture
def proposed(harbour) -> Path:
    """The harbour room, whose stakes its house file states as a proposal."""
    edit(harbour / "houses" / "harbour" / "house.yaml",
         '  stakes: "house-rules.txt, “2. STAKES AND BUY-INS” and “4. STRADDLE”"', f'  stakes: {{proposed: "{REASON}"}}')
    return harbour


def test_beside_each_rule_the_editors_read_where_its_numbers_come_from(project):
    """The club's rate and cap: its caps are the stakes' rake (``stakes.rake``, the longest key that
    covers them), its stakes' names the stakes table's; each reference once, as the house file writes it."""
    page = PageRenderer(project, "club", "en", editors=True)
    shown = _rule_shown(page, "rake", "rake-rate")
    rake = ("Source of the numbers stakes.rake: 000, “RAKE:” (5 %, cap 20 lei and 30 lei, 2-4 players cap 10 lei "
            "and 15 lei, split pots)")
    stakes = "Source of the numbers stakes: 000, “CASH GAME LIMITS AND MIN. BUY-IN:” (blinds, buy-ins, rake caps)"
    assert shown.count(rake) == 1 and shown.count(stakes) == 1, shown
    assert "Source of the numbers" not in _rule_shown(page, "rake", "no-flop-no-drop")   # it quotes no number
    readers = PageRenderer(project, "club", "en")
    assert "Source of the numbers" not in part_nodes(readers, "rake").astext()
    assert references_nodes(PageRenderer(project, "casino", "en", editors=True)) == []   # it states no number


def test_a_proposed_number_is_a_proposal_beside_its_rules_and_on_the_status_page(proposed):
    project = Project.load(proposed)
    page = PageRenderer(project, "harbour", "en", editors=True)
    for rule_id in ("harbour-stakes", "harbour-straddle"):   # each quotes the stakes
        assert PROPOSED in _rule_shown(page, "harbour-house-rules", rule_id), rule_id
    assert "Source of the numbers" not in _rule_shown(page, "harbour-house-rules", "harbour-language")
    _label, proposals = proposals_nodes(page)
    assert PROPOSED in proposals.astext()
    assert "The house has no proposal to consider." not in proposals.astext()
    [references] = references_nodes(page)
    assert PROPOSED in references.astext()
    readers = PageRenderer(project, "harbour", "en")
    assert "Proposed" not in part_nodes(readers, "harbour-house-rules").astext()


def test_the_status_page_lists_the_languages_the_house_publishes(harbour):
    """An English and Spanish room: English, the language its rules are written in, and Spanish's
    translation; no language the room does not publish."""
    project = Project.load(harbour)
    page = PageRenderer(project, "harbour", "es", editors=True)
    table = next(status_nodes(page, all_status(project)).findall(nodes.table))
    rows = [[entry.astext() for entry in row.findall(nodes.entry)] for row in table.findall(nodes.row)][1:]
    assert [row[0] for row in rows] == ["inglés", "español"]
    assert rows[0][1:] == ["el idioma en que están escritas las reglas", "", "", ""]
    assert rows[1][4].endswith("%")


def test_the_review_builder_shows_them(proposed):
    """The editors' edition as ``rulebook site --builder review`` builds it: the rule's page and the
    status page say where the numbers come from, and list the proposed ones among the proposals."""
    from rulebook.publish.site.builds import build_all

    build = proposed / "_build"
    assert build_all(Project.load(proposed), ("en",), "review", build, ("harbour",))
    review = build / "review" / "harbour" / "en"
    rules = article((review / "harbour-house-rules.html").read_text(encoding="utf-8"))
    status = article((review / "status.html").read_text(encoding="utf-8"))
    why = f"Why: {REASON}"
    assert " ".join(rules.split()).count(why) == 2 and why in " ".join(status.split())
    assert "The house has no proposal to consider." not in status
    named = {name for name in ("English", "Spanish", "Romanian", "French", "Croatian") if f"<p>{name}</p>" in
             (review / "status.html").read_text(encoding="utf-8")}
    assert named == {"English", "Spanish"}
