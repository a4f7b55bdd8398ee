"""The library any room draws from (issue "Any card room…"): a room's own variant of a shared rule is its
own, and the game's rules are the game's.

A room that states a shared rule its own way adds its variant beside the others and places the rule in
its own part: the shipped houses' editorial notes about that rule, which decide between their own
documents, do not go stale for it, and its variant is asked only in the languages the room publishes.
(The game's own rules, published by a room without the document they were written from, are read in
``test_new_rooms``: Bluewater publishes the hand rankings.)
"""

from __future__ import annotations

from tests.conftest import add_room, copy_sources, edit, run_rulebook

# Harbour's own odd-chip rule, its rule 8, as a variant of the shared odd-chip rule: its words, its document.
VARIANT = """          first-winner-left-of-the-button:
            title: The odd chip goes to the first winner left of the button
            source: "8. SPLIT POTS"
            excerpt: >-
              When a pot is split, an odd chip goes to the first winner to the left of the button.
            text: >-
              When a pot is split, an odd chip goes to the first winner to the left of the button.
"""


def test_a_rooms_own_variant_of_a_shared_rule_touches_no_other_houses_notes_or_languages(tree):
    add_room(tree, "harbour")
    part = tree / "rules" / "harbour-house-rules.yaml"
    text = part.read_text(encoding="utf-8")
    start = text.index("      - id: harbour-odd-chip\n")
    part.write_text(text[:start] + "      - use: odd-chip\n\n" + text[text.index("      - id: harbour-cards-speak", start):],
                    encoding="utf-8")
    (tree / "executable_examples" / "harbour-house-rules.yaml").write_text(
        (tree / "executable_examples" / "harbour-house-rules.yaml").read_text(encoding="utf-8")
        .replace("    rule: harbour-odd-chip\n", "    rule: odd-chip\n    variant: first-winner-left-of-the-button\n"),
        encoding="utf-8")
    edit(tree / "rules" / "cash-betting.yaml", "          smallest-denomination:\n",
         VARIANT + "          smallest-denomination:\n")
    edit(tree / "houses" / "harbour" / "house.yaml", "variants: {}", "variants: {odd-chip: first-winner-left-of-the-button}")
    assert run_rulebook(tree, "gettext").returncode == 0 and run_rulebook(tree, "update-po").returncode == 0
    said = run_rulebook(tree, "check").stdout
    # The shipped houses' notes on odd chips decide between their own documents: still true, still reviewed.
    assert "[note]" not in said, said[-3000:]
    # Its strings are asked in Spanish, the room's other language, and in no language it does not publish.
    asked = [line for line in said.splitlines() if "odd-chip.first-winner-left-of-the-button" in line]
    assert asked and {line.split("(")[1].split(")")[0] for line in asked} == {"es"}, said[-3000:]


def test_an_earlier_edition_asks_no_language_of_a_room_that_does_not_publish_it(tmp_path):
    """An edition tagged with a room beside the shipped houses (Harbour: English and Spanish) is judged as
    today's tree is: its strings are not asked in Romanian, French or Croatian."""
    from tests.test_changes import commit, git

    repo = tmp_path / "repo"
    repo.mkdir()
    copy_sources(repo)
    (repo / ".gitignore").write_text("_build/\n", encoding="utf-8")
    add_room(repo, "harbour")
    git(repo, "init", "-q")
    commit(repo, "edition 1, with a room of its own")
    assert run_rulebook(repo, "edition", "tag", "club").returncode == 0
    edit(repo / "houses" / "club" / "house.yaml", "edition: 1 ", "edition: 2 ")   # the club's next edition
    edit(repo / "houses" / "club" / "house.yaml", 'effective: "2026-12-01"', 'effective: "2027-06-01"')
    commit(repo, "edition 2")
    checked = run_rulebook(repo, "check")
    assert checked.returncode == 0 and "[edition]" not in checked.stdout, checked.stdout[-3000:]


def test_a_shared_part_a_room_has_not_chosen_for_is_told_at_its_lines(tree):
    """A room that publishes a shared part stating policies it has not chosen hears each at the line to
    write it at (its `variants:`, its parameters), what to choose among, and that it may leave the part out."""
    from tests.conftest import line_of

    folder = add_room(tree, "harbour", translated=False)
    edit(folder / "house.yaml", "  - harbour-house-rules\n", "  - harbour-house-rules\n  - cash-betting\n")
    said = run_rulebook(tree, "check").stderr
    variants = line_of(folder / "house.yaml", "variants: {}")
    assert (f"houses/harbour/house.yaml:{variants}: house harbour: rule 'odd-chip' is stated in variants "
            "(no-smaller-than-small-blind, smallest-denomination): choose one under 'variants'") in said, said
    assert ("house harbour: rule 'undercall' is stated by betting.undercall, which the house does not set: set it "
            "under parameters (call_or_fold, full_call), or leave the part out") in said, said
    assert "house.yaml:1:" not in said
