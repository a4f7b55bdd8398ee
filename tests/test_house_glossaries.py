"""Each house's own glossary (``houses/<id>/glossary.yaml``) applies to that house alone (issue "Any card
room, as its own rules are written"): a term's meaning follows what a house is (it counts in chips), not
who it is; a room's names and phrases pass in its own strings and never in another house's; and a house
glossary is read strictly, each mistake at its line."""

from __future__ import annotations

import re

from docutils import nodes

from rulebook.project import Project
from rulebook.publish.site.pages import glossary_nodes
from rulebook.publish.site.render import PageRenderer
from tests.conftest import add_room, edit, line_of, run_rulebook, set_translations

HARBOUR_GLOSSARY = "houses/harbour/glossary.yaml"
CASINO_GLOSSARY = "houses/casino/glossary.yaml"


def _meanings(project: Project, house: str, lang: str) -> dict[str, str]:
    """The glossary page of a house in a language, as its rows say it: the term's id → its meaning."""
    page = glossary_nodes(PageRenderer(project, house, lang))
    found = {}
    for row in page.findall(nodes.row):
        cells = list(row.findall(nodes.entry))
        label = next((p["ids"][0] for p in cells[0].findall(nodes.paragraph) if p["ids"]), None) if cells else None
        if label:
            found[label.removeprefix("term-")] = next(iter(cells[1].findall(nodes.paragraph))).astext()
    return found


def test_a_house_in_chips_reads_that_chips_are_not_money(tree):
    """A second tournament room in chips, copied from the casino, names itself nowhere in the shared
    glossary: its glossary page says what chips are in a tournament, as the casino's does, in every
    language; the club, in lei, keeps the chip that stands for money."""
    assert run_rulebook(tree, "new-house", "riverside", "--from", "casino", "--name", "Riverside Poker").returncode == 0
    project = Project.load(tree)
    assert project.houses["riverside"].book.unit == "chips"
    for lang in ("en", "hr", "fr"):
        riverside, casino, club = (_meanings(project, house, lang) for house in ("riverside", "casino", "club"))
        assert riverside["chip"] == casino["chip"] != club["chip"], (lang, riverside["chip"], club["chip"])
    assert _meanings(project, "riverside", "en")["chip"] == "A token used to bet; in a tournament, chips are not money."
    assert _meanings(project, "club", "en")["chip"] == "A token that stands for money at the table."
    # The casino's own meanings (its glossary, in its folder) are not the copy's: a house's own is its own.
    assert _meanings(project, "riverside", "en").get("cap") != _meanings(project, "casino", "en").get("cap")


def test_a_rooms_names_and_phrases_pass_in_its_strings_and_in_no_other_houses(tree):
    """Harbour's glossary keeps "Bad Beat Jackpot" as written and says its own phrase "call the clock"
    (not the shared "call") in Spanish: its strings pass. The casino's French and Spanish keeping the same
    name fail, each naming the glossary that accepts it and for whom."""
    add_room(tree, "harbour")
    passed = run_rulebook(tree, "check")
    assert passed.returncode == 0, passed.stdout[-3000:] + passed.stderr[-3000:]

    rules = tree / "rules" / "tournament-floor-and-players.yaml"
    edit(rules, "          Every player is expected to:\n",
         "          Every player, Bad Beat Jackpot winners too, is expected to:\n")
    assert run_rulebook(tree, "gettext").returncode == 0 and run_rulebook(tree, "update-po").returncode == 0
    set_translations(tree, {
        "es": {"tournament-player-duties.text": "Se espera que cada jugador, también los ganadores del Bad Beat Jackpot:"},
        "fr": {"tournament-player-duties.text": "Chaque joueur, gagnants du Bad Beat Jackpot compris, est tenu de :"},
    })
    refused = run_rulebook(tree, "check")
    assert refused.returncode == 1
    named = line_of(tree / HARBOUR_GLOSSARY, "names: [Bad Beat Jackpot]")
    for lang, words in (("es", "bad, beat"), ("fr", "bad, beat")):   # jackpot is said so in French and Spanish too
        assert (f"[english] tournament-player-duties ({lang}): tournament-player-duties.text: English word(s) left "
                f"untranslated: {words} (add accepted loanwords to the language's glossary); a house's own "
                f"glossary accepts them for its strings alone: {words} ({HARBOUR_GLOSSARY}:{named}: "
                "'Bad Beat Jackpot', house harbour)") in refused.stdout, refused.stdout[-3000:]
    assert "harbour-bad-beat-jackpot" not in refused.stdout and "harbour-clock" not in refused.stdout

    # Without its glossary, the room's own strings are judged by the shared words alone.
    (tree / HARBOUR_GLOSSARY).unlink()
    alone = run_rulebook(tree, "check").stdout
    assert "[english] harbour-bad-beat-jackpot (es): harbour-bad-beat-jackpot.text: English word(s) left " \
           "untranslated: bad, beat" in alone
    assert "[glossary] harbour-clock (es): harbour-clock.text: 'call' must be translated as igualar" in alone


def test_a_shared_string_is_judged_by_what_every_house_showing_it_accepts():
    """A message several houses show is judged against the names and own terms all of them give, never
    widened by one of them; a house alone showing it, against its own."""
    from rulebook.i18n.glossary import Glossary, HouseGlossary, Term

    shared = Glossary((Term("pot", ("pot",), "The chips bet.", 1, forms={"es": ("bote",)}),), {"es": frozenset()})
    clock = Term("call-the-clock", ("call the clock",), "Asking for time.", 3, forms={"es": ("pedir tiempo",)},
                 file=HARBOUR_GLOSSARY, sense="harbour")
    harbour = HouseGlossary("harbour", HARBOUR_GLOSSARY, terms=(clock,), names=(("Bad Beat Jackpot", 2),))
    club = HouseGlossary("club", "houses/club/glossary.yaml")
    every = (harbour, club)
    alone, together = shared.judging([harbour], every), shared.judging([harbour, club], every)
    assert alone.without_names("El Bad Beat Jackpot") == "El  \u25a1 " and "pedir" in alone.accepted_english("es")
    assert together.without_names("El Bad Beat Jackpot") == "El Bad Beat Jackpot"
    assert [term.id for term in together] == ["pot"] and "pedir" not in together.accepted_english("es")
    assert together.accepted_elsewhere("es")["jackpot"] == f"{HARBOUR_GLOSSARY}:2: 'Bad Beat Jackpot', house harbour"
    both = shared.judging([harbour, HouseGlossary("club", "houses/club/glossary.yaml", names=(("bad beat jackpot", 5),))],
                          every)
    assert both.without_names("El Bad Beat Jackpot") == "El  \u25a1 "   # every house showing it keeps the name
    assert shared.judging([club], (club,)) is shared   # no house widens anything: the shared glossary itself


def test_a_malformed_house_glossary_is_refused_at_its_lines(tree):
    """Each mistake of a house's glossary is one line naming its file, its line and the term: an unknown
    key, a sense of no shared term, a shared term given other words, a name that is a shared term. (Words
    in a language the house does not publish are kept for when it does: a language dropped needs no edit
    of its glossary.)"""
    glossary = tree / CASINO_GLOSSARY
    glossary.write_text("""senses:
  cap: In Limit Hold'em, the last raise allowed in a betting round.
  no-such-term: Something else.
terms:
  - id: pot
    en: [pot, pots]
    ro: [oală]
    fr: [pot]
    es: [bote]
    hr: [pot]
    note: The chips in the middle.
  - id: bounty
    en: [bounty, bounties]
    ro: [recompensă]
    fr: [prime]
    es: [recompensa]
    hr: [nagrada]
    note: A prize for knocking a player out.
    colour: red
names: [Poker Room Zagreb, rake]
""", encoding="utf-8")
    edit(tree / "houses" / "casino" / "house.yaml", "unit: chips ", "languages: [hr, en, fr, es]\nunit: chips ")
    run = run_rulebook(tree, "check")
    said = run.stdout + run.stderr
    assert run.returncode == 2, said[-3000:]
    at = line_of
    assert f"{CASINO_GLOSSARY}:{at(glossary, 'no-such-term:')}: 'senses': 'no-such-term' is not a term of " \
           "locales/glossary.yaml (a term of the house's own goes under 'terms')" in said, said[-3000:]
    assert f"{CASINO_GLOSSARY}:{at(glossary, 'colour: red')}: term bounty: unknown key 'colour' in a term" in said
    assert f"{CASINO_GLOSSARY}:{at(glossary, '- id: pot')}: term pot: is a term of locales/glossary.yaml (line " in said
    assert "with other words (fr: pot / pot, pots; es: bote / bote, botes; " in said and "said one way in every house" in said
    assert f"{CASINO_GLOSSARY}:{at(glossary, 'names:')}: 'names': 'rake' is the shared term 'rake'" in said
    assert "does not publish ro" not in said and "oală" not in said
    # The shared glossary names no house: a house's own meaning written there is refused, and told where it goes.
    shared = tree / "locales" / "glossary.yaml"
    edit(shared, "    note: The house's share of a pot.\n",
         "    note: The house's share of a pot.\n    house_notes:\n      club: What the club takes.\n")
    assert "under 'senses'" in run_rulebook(tree, "check").stderr


def test_the_shipped_glossaries_name_no_house_in_the_shared_file(project):
    """The shipped houses' own meanings are in their folders: the shared glossary names neither, and
    the casino reads its cap, its ante and (as a house in chips) its chip from there."""
    shared = (project.root / "locales" / "glossary.yaml").read_text(encoding="utf-8")
    assert not re.search(r"\b(?:club|casino)\b", re.sub(r"#.*", "", shared))
    casino = {term.id: term for term in project.glossary_of("casino")}
    assert (casino["cap"].context, casino["ante"].context, casino["chip"].context) == (
        "glossary.cap.casino", "glossary.ante.casino", "glossary.chip.in_chips")
    assert casino["cap"].meaning_file == CASINO_GLOSSARY and casino["chip"].meaning_file == "locales/glossary.yaml"
    assert {term.context for term in project.glossary_of("club")} == {term.context for term in project.glossary}
