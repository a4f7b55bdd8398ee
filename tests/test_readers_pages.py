"""What a reader meets first. The root page says what each house is; a house's home page leads
first to the numbers of each game ("At the table", which says what each table card says) and to
the downloads; the reader's own words come first (the glossary in the page's language first), and
no page shows the theme's English credits (nor how the rulebook is built: test_readers_words)."""

from __future__ import annotations

import html
import re

import pytest

from rulebook.i18n.catalogs import LANGUAGES
from rulebook.i18n.theme_strings import SEARCH_WITHOUT_SCRIPTS
from rulebook.reading import Reading
from rulebook.reading.table_facts import table_facts
from tests.conftest import article

def _text(page: str) -> str:
    return " ".join(html.unescape(article(page)).split())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_club_table_page_says_what_each_table_card_says(built_site, project, lang):
    """Every stakes of the club, its blinds, straddle, buy-in and rake as its card prints them, its
    details, and each rule asked about there a link to that rule by its number."""
    reading = Reading.of(project, "club", lang)
    page = (built_site / "club" / lang / "at-the-table.html").read_text(encoding="utf-8")
    text = _text(page)
    stakes = project.houses["club"].book.house["stakes"]
    assert stakes
    for row in stakes:
        facts = table_facts(reading, row)
        section = re.search(rf'<section id="[^"]*">\s*<h2>{re.escape(facts.title)}.*?</section>', page, re.S)
        assert section, (lang, facts.title)
        said = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", section.group(0))).split())
        for key in facts.keys:
            assert f"{key.label} {' '.join(key.value.split())}" in said, (lang, facts.title, key)
        for detail in facts.details:
            assert " ".join(detail.text.split()) in said, (lang, facts.title, detail)
            for rule in detail.rules:   # the line's rules, each a link by its number, the last before it
                assert f'href="{rule.part_id}.html#{rule.rule_id}"' in section.group(0)
            if detail.rules:
                assert f"{reading.cite(detail.rules[-1].rule_id)} · {' '.join(detail.text.split())}" in said
        for rule in facts.rules:
            assert f'href="{rule.part_id}.html#{rule.rule_id}"' in section.group(0)
            assert f"{reading.cite(rule.rule_id)} · {rule.title}" in said
    assert text.count(reading.tr.gettext("Blinds")) == len(stakes)


@pytest.mark.parametrize("house", ["club", "casino"])
def test_the_home_page_leads_to_the_table_and_the_downloads_first(built_site, project, house):
    """The first lines of the home page (before the note on the official language and the contents):
    "At the table" (the club's games and stakes, the casino's tournament tables), and the downloads,
    saying what they hold (both houses print table cards: the casino its tournament card)."""
    for lang in LANGUAGES:
        tr = project.translations(lang)
        page = (built_site / house / lang / "index.html").read_text(encoding="utf-8")
        top = page[page.index('<ul class="quick-links'):page.index('class="admonition note')]
        cash = project.houses[house].book.runs_cash_games
        assert 'href="at-the-table.html"' in top and (built_site / house / lang / "at-the-table.html").exists()
        table = tr.gettext("the blinds, buy-in, straddles and rake of each game" if cash
                           else "the rules asked about at the tournament tables")
        assert html.escape(table, quote=False) in top or table in html.unescape(top), (house, lang)
        assert 'href="downloads.html"' in top
        offered = tr.gettext("the rulebook, its short form and the table cards, to print")
        assert html.escape(offered, quote=False) in top or offered in html.unescape(top), (house, lang)
        downloads = _text((built_site / house / lang / "downloads.html").read_text(encoding="utf-8"))
        assert tr.gettext("Table cards") in downloads and (tr.gettext("Tournament") in downloads) != cash, (house, lang)


@pytest.mark.parametrize("house", ["club", "casino"])
def test_the_glossary_starts_in_the_pages_language(built_site, project, house):
    """The glossary's first columns are the term in the page's language and what it means, so both
    are on a phone's screen."""
    for lang in LANGUAGES:
        folder = built_site / house / lang
        glossary = (folder / "glossary.html").read_text(encoding="utf-8")
        heads = re.findall(r"<th[^>]*>\s*<p>([^<]*)</p>", re.search(r"<thead>.*?</thead>", glossary, re.S).group(0))
        reading = Reading.of(project, house, lang)
        assert heads[:2] == [reading.fmt.language_name(lang), reading.tr.gettext("Meaning")], (house, lang, heads)


@pytest.mark.parametrize("house", ["club", "casino"])
def test_no_theme_credits_or_english_search_notice_and_no_escaped_markup(built_site, project, house):
    """The foot of a page is the house's line, not the theme's English credits (which Sphinx escaped
    twice: "Copyright &amp;#169;", "Made with &lt;a"); the search page's notice for a browser without
    scripts is ours, in the page's language, and Sphinx's English one is gone."""
    notice = SEARCH_WITHOUT_SCRIPTS
    sphinx_notice = "Please activate JavaScript to enable the search functionality."
    for lang in LANGUAGES:
        folder = built_site / house / lang
        for path in (folder / "index.html", folder / "glossary.html", folder / "search.html"):
            page = path.read_text(encoding="utf-8")
            assert "Made with" not in page and "pradyunsg" not in page and "&amp;#" not in page, (house, lang, path.name)
            assert "&lt;a " not in page, (house, lang, path.name)
            assert 'class="rulebook-footer"' in page
        search = (folder / "search.html").read_text(encoding="utf-8")
        wanted = project.translations(lang).gettext(notice)
        assert html.escape(wanted, quote=False) in search or wanted in search
        assert (notice in search) == (lang == "en") and sphinx_notice not in search, (house, lang)


def test_the_root_page_says_in_one_line_what_each_house_is(built_site, project):
    """Under each house's name: what it is (``about``, where the house says it), in its language of
    authority and in English (once, where English is its language of authority)."""
    root = (built_site / "index.html").read_text(encoding="utf-8")
    for house_id, view in project.houses.items():
        official = view.book.house["official_language"]
        section = re.search(rf'<section aria-labelledby="house-{house_id}">.*?</section>', root, re.S).group(0)
        lines = re.findall(r'<p class="about" lang="([a-z]+)">([^<]*)</p>', section)
        said = list(dict.fromkeys((official, "en"))) if view.book.about else []
        assert [lang for lang, _ in lines] == said, (house_id, lines)
        for lang, line in lines:
            assert html.unescape(line) == Reading.of(project, house_id, lang).text(view.book.about)
        if len(lines) == 2:
            assert lines[0][1] != lines[1][1]    # translated, not the English twice


_SIDEBAR = re.compile(r'<div class="sidebar-tree">(.*?)</div>', re.S)
_ENTRY = re.compile(r'<li class="([^"]*)"><a class="([^"]*)" href="([^"]*)">(.*?)</a>')


def _sidebar(path) -> list[tuple[set[str], str, str]]:
    """A page's sidebar entries, in order: (the item's classes, where it links, what it says)."""
    tree = _SIDEBAR.search(path.read_text(encoding="utf-8"))
    assert tree, path
    return [(set(item.split()), href, said) for item, _, href, said in _ENTRY.findall(tree.group(1))]


@pytest.mark.parametrize("house", ["club", "casino"])
def test_the_sidebar_marks_the_page_the_reader_is_on(built_site, house):
    """On a phone at the table the sidebar is how a reader sees where they are: on each page it lists, the
    page's own entry and only it is marked current (and links to the page itself), the others as on the
    home page; the home, search, index and 404 pages, which it does not list, mark none."""
    for lang in LANGUAGES:
        folder = built_site / house / lang
        home = _sidebar(folder / "index.html")
        listed = [href for _, href, _ in home]
        assert len(listed) >= 12 and not any("current-page" in item for item, _, _ in home)
        for path in sorted(folder.glob("*.html")):
            entries = _sidebar(path)
            current = [n for n, (item, _, _) in enumerate(entries) if "current-page" in item]
            if path.name not in listed:
                assert current == [], path
                continue
            at = listed.index(path.name)
            assert current == [at], path
            assert entries[at][1] == "#" and entries[at][2] == home[at][2], path
            assert [(href, said) for n, (_, href, said) in enumerate(entries) if n != at] == \
                [(href, said) for n, (_, href, said) in enumerate(home) if n != at], path
