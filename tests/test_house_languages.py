"""A house publishes the languages it names (``languages:``, its language of authority first): only
those are built, offered by the switcher and asked of the translators (issue "Any card room…")."""

from __future__ import annotations

import re

import pytest

from rulebook.i18n.catalogs import po_path, read_catalog, write_catalog
from rulebook.project import Project
from rulebook.publish.site.builds import build_all
from tests.conftest import edit, line_of, run_rulebook

CASINO = "houses/casino/house.yaml"


def _publish(tree, languages: str) -> None:
    edit(tree / CASINO, "unit: chips ", f"languages: {languages}\nunit: chips ")


def _untranslate(tree, lang: str, context: str) -> None:
    path = po_path(tree, lang)
    catalog = read_catalog(path, lang)
    next(m for m in catalog if m.context == context).string = ""
    write_catalog(path, catalog)


def test_a_language_no_house_of_the_rule_publishes_needs_no_translation(tree):
    """The casino's own rule untranslated in French: the gate asks for it while the casino publishes
    French, and not once it publishes Croatian and English only."""
    _untranslate(tree, "fr", "tournament-chip-race.text")
    refused = run_rulebook(tree, "check")
    assert refused.returncode == 1 and "[untranslated] tournament-chip-race (fr): tournament-chip-race.text" in refused.stdout
    _publish(tree, "[hr, en]")
    result = run_rulebook(tree, "check")
    assert result.returncode == 0, result.stdout[-2000:]
    french = next(line for line in result.stdout.splitlines() if line.startswith("fr: "))
    assert french.endswith(", 0 fuzzy, 0 missing") and "0 problem(s)" in french, french   # counted apart, not missing
    _untranslate(tree, "fr", "holdem-showdown-split-pot.text")   # the guide's: the club still publishes French
    assert "[untranslated] holdem-showdown-split-pot" in run_rulebook(tree, "check").stdout


@pytest.mark.parametrize("languages, says", [
    ("[en, hr]", "languages: the language of authority (hr, parameters: official_language) comes first"),
    ("[hr, de]", "languages: 'de' is not a language of the site (ro, en, fr, es, hr)"),
    ("[hr, en, hr]", "languages: a language is named twice"),
    ("hr", "'languages' must be a list, not text"),
])
def test_a_wrong_list_of_languages_is_one_line(tree, languages, says):
    _publish(tree, languages)
    result = run_rulebook(tree, "check")
    assert result.returncode != 0
    line = line_of(tree / CASINO, "languages:")
    assert f"{CASINO}:{line}: house casino: {says}" in result.stdout + result.stderr, result.stdout + result.stderr


def test_only_the_houses_languages_are_built_and_offered(tree, capsys):
    _publish(tree, "[hr, en]")
    project = Project.load(tree)
    build = tree / "_build"
    assert build_all(project, ("hr", "en", "fr"), "html", build, ("casino",)), capsys.readouterr().err[-3000:]
    site = build / "site" / "casino"
    assert sorted(path.name for path in site.iterdir() if path.is_dir()) == ["en", "hr"]
    page = (site / "hr" / "index.html").read_text(encoding="utf-8")
    switcher = re.findall(r'hreflang="(\w\w)"', page) or re.findall(r'href="\.\./(\w\w)/index\.html"', page)
    assert set(switcher) == {"hr", "en"}, switcher
    chooser = (build / "site" / "index.html").read_text(encoding="utf-8")
    assert 'href="casino/hr/' in chooser and 'href="casino/fr/' not in chooser


def test_update_po_counts_apart_what_no_reader_of_the_language_sees(tree, capsys):
    _publish(tree, "[hr, en]")
    _untranslate(tree, "fr", "tournament-chip-race.text")
    said = run_rulebook(tree, "update-po", "--lang", "fr").stdout
    assert "0 to translate or review (1 more that only houses publishing other languages show)" in said, said


def test_the_shipped_houses_publish_all_five_languages(project):
    """houses/README.md: the shipped houses publish all five. The tests of the published site and PDFs
    read each house's own ``languages`` (a new room publishes fewer): this holds the shipped houses to
    every language there."""
    from rulebook.i18n.catalogs import LANGUAGES

    for house_id in ("club", "casino"):
        assert sorted(project.houses[house_id].book.languages) == sorted(LANGUAGES), house_id
