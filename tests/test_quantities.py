"""Every number of a house file says its unit and where it comes from, and no number selects rows.

Each case breaks the club's house file (or a rule) in a copy of the tree and expects one line naming
the file and line; the last cases show that the unit, and nothing else, decides how a number reads.
"""

from __future__ import annotations

import copy
import pickle

import pytest

from tests.conftest import edit, line_of, run_rulebook

HOUSE = "houses/club/house.yaml"


def one_line(tree, says: str, code: int) -> str:
    result = run_rulebook(tree, "check")
    assert result.returncode == code, result.stdout + result.stderr
    lines = [line for line in (result.stdout + result.stderr).splitlines() if says in line]
    assert lines, result.stdout + result.stderr
    return lines[0]


def test_a_number_without_its_unit(tree):
    edit(tree / HOUSE, "break_minutes: 30 minutes", "break_minutes: 30")
    line = line_of(tree / HOUSE, "break_minutes: 30")
    assert one_line(tree, "times.break_minutes: 30 needs its unit", 2).startswith(f"{HOUSE}:{line}:")


def test_another_houses_currency(tree):
    edit(tree / HOUSE, "straddle: 6 RON\n", "straddle: 6 chips\n")
    assert "stakes.straddle: 'chips' is another currency (this house counts in RON" in \
        one_line(tree, "another currency", 1)
    edit(tree / HOUSE, "straddle: 6 chips\n", "straddle: 6 EUR\n")
    assert "stakes.straddle: 'EUR' is another currency (this house counts in RON" in \
        one_line(tree, "another currency", 1)


def test_a_unit_that_contradicts_its_key(tree):
    edit(tree / HOUSE, "break_minutes: 30 minutes", "break_minutes: 30 hours")
    assert "times.break_minutes is in minutes, not hours" in one_line(tree, "is in minutes", 1)


def test_every_number_has_a_reference(tree):
    edit(tree / HOUSE, '  rake.bands: "000, “Pragurile de la care se va percepe rake”"\n', "")
    assert "rake.bands.from: no reference says which passage" in one_line(tree, "no reference says", 1)


RAKE_REFERENCE = '  stakes.rake: "000, “RAKE:” (5 %, cap 20 lei and 30 lei, 2-4 players cap 10 lei and 15 lei, split pots)"'
FIX = ("quote the passage the numbers come from, or write {proposed: why} for numbers its documents do not give")
DOCUMENTS = "(000_04a66977b465c41b.txt, 004_e8268ed98fbb6ab3.txt)"


@pytest.mark.parametrize("written, said", [
    ('"000, “NOT IN THE DOCUMENT”"', f"“NOT IN THE DOCUMENT” is not in the house's documents {DOCUMENTS}: {FIX}"),
    ("'000, \"RAKE:\" and \"a cap of 25 lei\"'", f"“a cap of 25 lei” is not in the house's documents {DOCUMENTS}: {FIX}"),
    ('"000, the rake section"', f"'000, the rake section' quotes no passage of the house's documents {DOCUMENTS} "
                               f"between quotes: {FIX}"),
    ('{proposed: ""}', "{proposed: …} says why the house states these numbers though its documents do not give them: "
                       "write the reason"),
    ('{because: "the floor says so"}', f"must name a passage of the house's documents, or be {{proposed: why}}: {FIX}"),
], ids=["invented", "one-invented", "no-quote", "no-reason", "neither"])
def test_a_reference_quotes_the_houses_documents_or_is_proposed(tree, written, said):
    """A reference is the passage the numbers come from, quoted as the house's documents write it (each
    passage between quotes found in one of them), or ``{proposed: why}``: anything else is one line at
    the reference's own line, never a number passing for the house's own."""
    edit(tree / HOUSE, RAKE_REFERENCE, f"  stakes.rake: {written}")
    line = line_of(tree / HOUSE, "  stakes.rake:")
    assert one_line(tree, "references: stakes.rake:", 1) == \
        f"{HOUSE}:{line}: [house] club: references: stakes.rake: {said}"


def test_a_reference_is_found_whatever_its_spacing_and_a_proposed_one_passes(tree):
    """The passage is found as an excerpt is, its spacing aside (the document's line breaks and
    doubled spaces); a number the documents do not give passes as a proposal, with its reason."""
    from rulebook.project import Project

    edit(tree / HOUSE, RAKE_REFERENCE, '  stakes.rake: "000, “ÎNTOTDEAUNA 5% –\\n  (pentru mizele 1/3,   2/2 PLO”"')
    edit(tree / HOUSE, '  times.break_minutes: "000, “Schimbarea meselor,locului sau BB” (a 30-minute break)"',
         '  times.break_minutes: {proposed: "the floor has always given 30 minutes"}')
    assert run_rulebook(tree, "check").returncode == 0
    references = {found.key: found for found in Project.load(tree).houses["club"].book.references}
    assert references["times.break_minutes"].proposed == "the floor has always given 30 minutes"
    assert references["times.break_minutes"].passage is None
    assert references["stakes.rake"].passage == "000, “ÎNTOTDEAUNA 5% – (pentru mizele 1/3, 2/2 PLO”"


def test_a_number_never_selects_rows(tree):
    """``[rake.cap=20]`` picks today the very stakes ``[rake_tier=low]`` names, but a raised cap would
    silently change which: refused, though it selects rows that exist."""
    edit(tree / "rules" / "rake.yaml", "house.stakes[rake_tier=low].name", "house.stakes[rake.cap=20].name")
    assert "[rake.cap=20] selects rows by a number" in one_line(tree, "selects rows by a number", 1)


def test_the_stakes_of_one_tier_share_one_rake(tree):
    """The 1/3 cap raised alone would make the rules say "20 lei at 1/3, 2/2 and 2/5": refused."""
    house = tree / HOUSE
    edit(house, "rake: {percent: 5 %, cap: 20 RON,", "rake: {percent: 5 %, cap: 25 RON,")
    assert "stakes 2/2: its rake differs from that of 1/3, in the same rake tier 'low'" in \
        one_line(tree, "in the same rake tier", 1)


def test_the_unit_decides_how_a_number_reads(tree):
    """The minutes of the house file read as minutes on every page, in each language's words, the number
    and its unit on one line (a no-break space between them)."""
    from rulebook.project import Project
    from rulebook.publish.site.render import PageRenderer

    house = tree / HOUSE
    renderer = PageRenderer(Project.load(tree), "club", "en")
    rule = renderer.placed["seat-break-time"][1]
    assert "30\u00a0minutes" in renderer.fill(rule.text, rule.values)
    edit(house, "cashier_return_minutes: 30 minutes", "cashier_return_minutes: 45 minutes")
    renderer = PageRenderer(Project.load(tree), "club", "ro")
    rule = renderer.placed["seat-no-post-exceptions"][1]
    assert "45\u00a0de\u00a0minute" in renderer.fill(rule.text, rule.values)


def test_a_houses_parameters_keep_their_units_as_a_field_and_cannot_be_changed(project):
    """The units are made with the parameters (not an attribute set on a dict afterwards), and no
    stage that reads a house can change its numbers or their units; a copy (an earlier edition's,
    Sphinx's pickled environment) keeps both, and each key's line."""
    house = project.houses["club"].book.house
    assert house.units[("stakes", "rake", "cap")] == "money"
    for change in (lambda: house.__setitem__("unit", "EUR"), lambda: house.update(unit="EUR"),
                   lambda: house.pop("stakes"), lambda: setattr(house, "units", {})):
        with pytest.raises(TypeError):
            change()
    for copied in (pickle.loads(pickle.dumps(house)), copy.deepcopy(house)):
        assert copied == house and copied.units == house.units
        assert copied.line_of("stakes") == house.line_of("stakes") > 1


def test_a_rule_names_a_games_rake_by_the_games_code():
    """A room that states its rake by game quotes it by the game's code: house.rake.games.PLO.cap."""
    from rulebook.core.quantities import Parameters, Quantities
    from rulebook.core.values import parse_value, resolve

    house = Parameters({"rake": {"games": {"PLO": {"cap": 5}}}}, Quantities({("rake", "games", "PLO", "cap"): "money"}))
    assert resolve(parse_value("house.rake.games.PLO.cap"), house) == (5, "money")
    with pytest.raises(ValueError, match="has no 'NLH'"):
        resolve(parse_value("house.rake.games.NLH.cap"), house)
