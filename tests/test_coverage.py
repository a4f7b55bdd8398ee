"""Each house's documents live with it, and its rulebook states them whole and word for word.

A house names its documents (``documents:``, files in its folder) and, beside each, may list its
passages (``<stem>.sections.yaml``: which passages became rules). The gate, not only the tests,
finds every excerpt of every rule the house publishes in its document, every rule's heading there,
and every listed passage stated by a rule; a part citing a document the house does not name is
refused. These tests break each of those and read the gate's one line.
"""

from __future__ import annotations

import hashlib

import pytest

from rulebook.core.model import load_library
from tests.conftest import ROOT, edit, line_of, run_rulebook

SEEDS = ROOT.parent / "shared" / "seeds"


def test_each_house_cites_its_own_documents_only():
    """The club publishes seeds 000 and 004, the casino 003 and 004: its documents, and no other. A list
    of passages is optional (houses/README.md), of a document the house names; the shipped houses list
    each of their documents' passages."""
    for book in load_library(ROOT).houses:
        assert {part.source for part in book.parts} == set(book.documents), book.id
        assert set(book.sections) <= set(book.documents), book.id
        if book.id in ("club", "casino"):
            assert set(book.sections) == set(book.documents), book.id    # each document's passages listed


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed documents (../shared/seeds) are not beside this clone")
def test_the_houses_documents_are_the_rooms_own():
    """The copies in the house folders are the rooms' documents, byte for byte: each that the seeds hold
    (a room added to the project brings documents of its own, which no seed is)."""
    compared = []
    for book in load_library(ROOT).houses:
        for name in book.documents:
            if not (SEEDS / name).is_file():
                continue
            ours = (ROOT / "houses" / book.id / name).read_bytes()
            assert hashlib.sha256(ours).digest() == hashlib.sha256((SEEDS / name).read_bytes()).digest(), name
            compared.append(name)
    assert len(compared) >= 4, compared   # the club's two and the casino's two, at least


def test_an_excerpt_not_in_the_document_is_refused(tree):
    rules = tree / "rules" / "cash-straddle.yaml"
    edit(rules, "Straddle și restraddle este permis in toate mesele până in buton .",
         "Straddle și restraddle este permis la toate mesele.")
    result = run_rulebook(tree, "check")
    assert result.returncode == 1
    line = line_of(rules, "- id: straddle-up-to-the-button")
    assert (f"rules/cash-straddle.yaml:{line}: [document] straddle-up-to-the-button: its excerpt 'Straddle și "
            "restraddle este permis la toate mesele.'… is not in 000_04a66977b465c41b.txt (house club) word for "
            "word") in result.stdout, result.stdout[-2000:]


def test_a_part_citing_a_document_the_house_does_not_name_is_refused(tree):
    """The guide's fair-play rules are the club's and the casino's own; its hand rankings and structures
    are the game itself (``game: true``), which a house publishes without the document (``test_library``)."""
    edit(tree / "houses" / "casino" / "house.yaml", "  - 004_e8268ed98fbb6ab3.txt      # the Texas", "  # the Texas")
    (tree / "houses" / "casino" / "004_e8268ed98fbb6ab3.sections.yaml").unlink()   # its list of passages goes with it
    result = run_rulebook(tree, "check")
    assert result.returncode == 1
    assert ("rules/holdem-conduct.yaml:1: [document] holdem-conduct: part 'holdem-conduct' cites "
            "004_e8268ed98fbb6ab3.txt, which is not a document of house casino") in result.stdout
    assert "part 'holdem-basics' cites" not in result.stdout and "part 'holdem-hand-rankings' cites" not in result.stdout


def test_a_passage_no_rule_states_is_named(tree):
    """A listed passage of the casino's document that no rule states any more: its heading, at its line."""
    sections = tree / "houses" / "casino" / "003_8d5597e505eeeeee.sections.yaml"
    edit(tree / "rules" / "cash-table.yaml", 'source: "5. SLUŽBENI JEZIK"', 'source: "4. ELEKTRONSKI UREĐAJI I KOMUNIKACIJA"')
    result = run_rulebook(tree, "check")
    assert result.returncode == 1
    line = line_of(sections, "5. SLUŽBENI JEZIK")
    assert (f"houses/casino/003_8d5597e505eeeeee.sections.yaml:{line}: [document] casino: the passage "
            "'5. SLUŽBENI JEZIK' of 003_8d5597e505eeeeee.txt is stated by no rule house casino publishes") \
        in result.stdout, result.stdout[-2000:]


def test_a_heading_the_document_lacks_is_named(tree):
    sections = tree / "houses" / "club" / "000_04a66977b465c41b.sections.yaml"
    sections.write_text(sections.read_text(encoding="utf-8") + "  - 'INVENTED HEADING:'\n", encoding="utf-8")
    result = run_rulebook(tree, "check")
    assert result.returncode == 1
    assert "[document] club: 'INVENTED HEADING:' is no heading of 000_04a66977b465c41b.txt" in result.stdout


def test_a_list_of_passages_named_for_no_document_is_named(tree):
    """``<document>.txt.sections.yaml``, as a reader may take the docs literally, lists no document's
    passages: the gate says so, and what its name should be, rather than leaving it unread."""
    stray = tree / "houses" / "club" / "000_04a66977b465c41b.txt.sections.yaml"
    stray.write_text("headings:\n  - 'RAKE:'\n", encoding="utf-8")
    result = run_rulebook(tree, "check")
    assert result.returncode == 2
    assert ("houses/club/house.yaml:1: house club: houses/club/000_04a66977b465c41b.txt.sections.yaml: lists the "
            "passages of no document the house names (000_04a66977b465c41b.txt, 004_e8268ed98fbb6ab3.txt): the list "
            "of 000_04a66977b465c41b.txt's passages is 000_04a66977b465c41b.sections.yaml") in result.stderr, \
        result.stdout[-2000:] + result.stderr[-2000:]
