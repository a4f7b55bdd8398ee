"""The conventions of a multilingual site (rulebook.publish.site.web, rulebook.publish.site.notfound, rulebook.publish.site.offline): with a
house's ``base_url`` every page says its own address and the same page in every language, and the
house has a sitemap; without one, no address at all. Either way: titles naming the house, a
description, one viewport tag and a 404 page per language (what the offline reader needs: tests/test_offline.py)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from xml.etree import ElementTree

import pytest

from rulebook.i18n.catalogs import LANGUAGES
from rulebook.publish.site.builds import build_all
from tests.conftest import edit

# One worker builds the addressed site once for every test here (xdist would build it once per worker).
pytestmark = pytest.mark.xdist_group("addressed-site")

BASE = "https://rules.example.org/poker"
NO_PAGES = ("search", "genindex", "404")


def _head(html: str) -> str:
    return html.split("</head>", 1)[0]


def _links(html: str, rel: str) -> dict[str, str]:
    """The head's <link rel=...> as hreflang (or "") → href."""
    found = {}
    for tag in re.findall(r"<link\b[^>]*>", _head(html)):
        if f'rel="{rel}"' in tag:
            lang = re.search(r'hreflang="([^"]*)"', tag)
            found[lang.group(1) if lang else ""] = re.search(r'href="([^"]*)"', tag).group(1)
    return found


def _pages(folder: Path) -> list[Path]:
    return sorted(path for path in folder.glob("*.html") if path.stem not in NO_PAGES)


@pytest.fixture(scope="module")
def addressed_site(tmp_path_factory) -> Path:
    """The club's five languages, HTML only, with a ``base_url`` under a path of its server."""
    from rulebook.project import Project
    from tests.conftest import copy_sources

    tree = copy_sources(tmp_path_factory.mktemp("addressed"))
    edit(tree / "houses" / "club" / "house.yaml", "base_url: null", f"base_url: {BASE}")
    build = tree / "_build"
    assert build_all(Project.load(tree), LANGUAGES, "html", build, ("club",))
    return build / "site"


def test_with_a_base_url_every_page_has_its_absolute_canonical_and_reciprocal_alternates(addressed_site):
    checked = 0
    for lang in LANGUAGES:
        for path in _pages(addressed_site / "club" / lang):
            html = path.read_text(encoding="utf-8")
            own = f"{BASE}/club/{lang}/{path.name}"
            assert _links(html, "canonical") == {"": own}, path
            assert f'<meta property="og:url" content="{own}">' in html, path
            alternates = _links(html, "alternate")
            assert alternates == {**{other: f"{BASE}/club/{other}/{path.name}" for other in LANGUAGES},
                                  "x-default": f"{BASE}/club/ro/{path.name}"}, path
            for address in alternates.values():   # each alternate exists and names this page back
                there = addressed_site / address.removeprefix(BASE + "/")
                assert _links(there.read_text(encoding="utf-8"), "alternate")[lang] == own, (path, there)
            checked += 1
    assert checked >= 5 * 14


def test_the_sitemap_lists_every_page_with_its_alternates_and_robots_points_to_it(addressed_site):
    tree = ElementTree.parse(addressed_site / "club" / "sitemap.xml")
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    listed = {}
    for url in tree.getroot().findall("s:url", ns):
        listed[url.find("s:loc", ns).text] = {link.get("hreflang"): link.get("href") for link in url.findall("x:link", ns)}
    expected = {f"{BASE}/club/{lang}/{path.name}" for lang in LANGUAGES for path in _pages(addressed_site / "club" / lang)}
    assert set(listed) == expected and len(expected) >= 5 * 14
    for loc, alternates in listed.items():
        name = loc.rsplit("/", 1)[1]
        assert alternates == {**{lang: f"{BASE}/club/{lang}/{name}" for lang in LANGUAGES},
                              "x-default": f"{BASE}/club/ro/{name}"}, loc
    robots = (addressed_site / "robots.txt").read_text(encoding="utf-8")
    assert f"Sitemap: {BASE}/club/sitemap.xml" in robots.splitlines()


def test_with_a_base_url_the_404_pages_address_everything_from_the_servers_root(addressed_site):
    for lang in LANGUAGES:
        html = (addressed_site / "club" / lang / "404.html").read_text(encoding="utf-8")
        assets = re.findall(r'(?:src|href)="([^"#][^"]*\.(?:css|js|svg)[^"]*)"', html)
        assert assets and all(asset.startswith(f"/poker/club/{lang}/_static/") for asset in assets), assets
        assert f'action="/poker/club/{lang}/search.html"' in html and f'href="/poker/club/{lang}/index.html"' in html
        assert '<meta name="robots" content="noindex">' in html and "canonical" not in _head(html)
    root = (addressed_site / "404.html").read_text(encoding="utf-8")
    assert 'action="/poker/club/fr/search.html"' in root and 'href="/poker/favicon.svg"' in root


def test_without_a_base_url_no_page_has_an_address_and_no_sitemap_is_written(built_site, project):
    for house in project.houses:
        assert project.houses[house].book.base_url is None
        assert not (built_site / house / "sitemap.xml").exists()
        for lang in LANGUAGES:
            for path in _pages(built_site / house / lang):
                head = _head(path.read_text(encoding="utf-8"))
                assert "canonical" not in head and 'rel="alternate"' not in head and "og:url" not in head, path
                assert "og:image" not in head, path   # a preview's picture needs an absolute address
            assert not (built_site / house / lang / "preview").exists()
            for path in (built_site / house / lang / "r").glob("*.html"):
                assert "canonical" not in path.read_text(encoding="utf-8"), path
    robots = (built_site / "robots.txt").read_text(encoding="utf-8")
    assert robots.startswith("User-agent: *") and "Sitemap:" not in robots


def test_every_page_names_its_house_in_its_title_and_has_one_viewport_and_a_description(built_site, project):
    for house_id, view in project.houses.items():
        for lang in LANGUAGES:
            for path in sorted((built_site / house_id / lang).glob("*.html")):
                head = _head(path.read_text(encoding="utf-8"))
                title = re.search(r"<title>([^<]*)</title>", head).group(1)
                assert view.book.name_in(lang).replace("'", "&#39;") in title, (path, title)
                assert " \u2013 " in title, (path, title)
                assert head.count('name="viewport"') == 1, path
                description = re.search(r'<meta name="description" content="([^"]+)">', head)
                assert description and len(unescape(description.group(1))) <= 200, path
                assert f'<meta property="og:description" content="{description.group(1)}">' in head, path
                assert re.search(rf'<meta property="og:locale" content="{lang}_[A-Z]{{2}}">', head), path


def test_a_part_is_described_by_its_first_rules_in_its_language(built_site, project):
    from rulebook.reading import Reading

    for lang in ("ro", "hr"):
        reading = Reading.of(project, "casino", lang, False)
        part = reading.book.parts[0]
        first = next(rule for rule in part.rules if not rule.see)
        words = reading.wording(first).split()[:6]
        head = _head((built_site / "casino" / lang / f"{part.id}.html").read_text(encoding="utf-8"))
        description = re.search(r'<meta name="description" content="([^"]+)">', head).group(1)
        assert unescape(description).startswith(" ".join(words)), (lang, description)


def test_a_404_page_in_every_language_offers_the_search_and_the_home_page(built_site, project):
    for house, view in project.houses.items():
        for lang in view.book.languages:     # each language the house publishes (the shipped houses: all five)
            tr = project.translations(lang)
            html = (built_site / house / lang / "404.html").read_text(encoding="utf-8")
            assert f'lang="{lang}"' in html.split(">", 2)[1]
            assert tr.gettext("Page not found") in html and tr.gettext("Home page of the rulebook") in html
            assert f'action="/{house}/{lang}/search.html"' in html and f'href="/{house}/{lang}/index.html"' in html
    root = (built_site / "404.html").read_text(encoding="utf-8")
    assert all(f'data-lang="{lang}"' in root for lang in LANGUAGES)
