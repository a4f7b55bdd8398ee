"""A house named in each language (``names:``), its city and contact where it gives them, and the
picture a link preview shows when it has an address: read from a house file that sets them all (the
shipped ones set no city, contact or address: their documents give none)."""

from __future__ import annotations

import json
import re
import struct
from html import unescape
from pathlib import Path

import pytest

from rulebook.i18n.catalogs import LANGUAGES
from rulebook.publish.site.link_preview import HEIGHT, WIDTH
from rulebook.publish.site.builds import build_all
from tests.conftest import copy_sources, edit, run_rulebook

# One worker builds the named site once for every test here (xdist would build it once per worker).
pytestmark = pytest.mark.xdist_group("named-site")

BASE = "https://poker.example.org"
CITY, CONTACT = "Zagreb <centar>", "+385 1 000 0000 & floor@example.org"


@pytest.fixture(scope="module")
def named_site(tmp_path_factory) -> Path:
    """The casino in French and Croatian, HTML only, with a city, a contact and an address."""
    from rulebook.project import Project

    tree = copy_sources(tmp_path_factory.mktemp("named"))
    house = tree / "houses" / "casino" / "house.yaml"
    edit(house, "city: null ", f'city: "{CITY}" ')
    edit(house, "contact: null ", f'contact: "{CONTACT}" ')
    edit(house, "base_url: null ", f"base_url: {BASE} ")
    build = tree / "_build"
    assert build_all(Project.load(tree), ("fr", "hr"), "html", build, ("casino",))
    return build / "site"


def _head(path: Path) -> str:
    return path.read_text(encoding="utf-8").split("</head>", 1)[0]


def _meta(head: str, name: str) -> str | None:
    found = re.search(rf'<meta property="{re.escape(name)}" content="([^"]*)">', head)
    return unescape(found.group(1)) if found else None


def test_each_language_names_the_house_in_its_own_words(project):
    book = project.houses["casino"].book
    assert book.name == "Poker room" and book.name_in("hr") == "Poker room" and book.name_in("en") == "Poker room"
    assert {lang: book.name_in(lang) for lang in ("ro", "fr", "es")} == \
        {"ro": "Sala de poker", "fr": "Salle de poker", "es": "Sala de póker"}
    from rulebook.reading import Reading

    for lang in LANGUAGES:   # every page, card and PDF reads the house from its language's reading
        assert Reading.of(project, "casino", lang).book.name == book.name_in(lang)


def test_the_house_is_named_in_the_pages_language_everywhere(named_site):
    for lang, name, other in (("fr", "Salle de poker", "Poker room"), ("hr", "Poker room", "Salle de poker")):
        folder = named_site / "casino" / lang
        for page in ("index.html", "glossary.html", "search.html", "404.html"):
            head = _head(folder / page)
            title = unescape(re.search(r"<title>([^<]*)</title>", head).group(1))
            assert name in title.split(" \u2013 "), (lang, page, title)
            assert _meta(head, "og:site_name") == name, (lang, page)
        manifest = json.loads((folder / "manifest.webmanifest").read_text(encoding="utf-8"))
        assert manifest["short_name"] == name and name in manifest["name"]
        home = unescape((folder / "index.html").read_text(encoding="utf-8"))
        assert name in home and (other not in home or other in "© 2026 Poker room"), lang
    # The site's 404 page names each house as each language does.
    root_404 = unescape((named_site / "404.html").read_text(encoding="utf-8"))
    french = re.search(r'<section class="not-found" lang="fr".*?</section>', root_404, re.S).group(0)
    assert "Salle de poker" in french and "Poker room" not in french


def test_the_french_home_page_reads_naturally_with_a_name_that_is_a_common_noun(named_site):
    text = unescape(re.sub(r"<[^>]+>", " ", (named_site / "casino" / "fr" / "index.html").read_text(encoding="utf-8")))
    assert "Voici les règles de l’établissement Salle de poker." in " ".join(text.split())
    assert "règles de Salle de poker" not in text and "règles de Poker room" not in text


def test_city_and_contact_are_shown_as_text_on_the_home_and_root_pages(named_site, project):
    for lang in ("fr", "hr"):
        html = (named_site / "casino" / lang / "index.html").read_text(encoding="utf-8")
        tr = project.translations(lang)
        text = unescape(html)
        assert tr.gettext("City: {city}").format(city=CITY) in text, lang
        assert tr.gettext("Contact: {contact}").format(contact=CONTACT) in text, lang
        assert "<centar>" not in html   # text, never markup
    root = (named_site / "index.html").read_text(encoding="utf-8")
    assert "<centar>" not in root and f"{CITY} · {CONTACT}" in unescape(root)


def test_a_house_with_an_address_has_a_preview_picture_in_its_language(named_site):
    for lang, name in (("fr", "Salle de poker"), ("hr", "Poker room")):
        folder = named_site / "casino" / lang
        pictures = list((folder / "preview").glob("*.png"))
        assert len(pictures) == 1, lang   # one per house and language
        data = pictures[0].read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", data[16:24]) == (WIDTH, HEIGHT)
        for page in ("index.html", "tournament-betting.html"):
            head = _head(folder / page)
            assert _meta(head, "og:image") == f"{BASE}/casino/{lang}/preview/{pictures[0].name}"
            assert (_meta(head, "og:image:width"), _meta(head, "og:image:height")) == (str(WIDTH), str(HEIGHT))
            assert name in _meta(head, "og:image:alt"), (lang, page)
        kept = (folder / "offline.json").read_text(encoding="utf-8")
        assert "preview/" not in kept   # for other sites' previews, not kept for reading offline


def test_the_picture_is_made_again_only_when_what_it_shows_changes(tmp_path):
    from rulebook.publish.site.link_preview import picture, write

    french = picture("Règlement", "Salle de poker", "fr")
    assert picture("Règlement", "Salle de poker", "fr") == french
    made = write(tmp_path, french, "fr")
    made.write_bytes(made.read_bytes() + b"kept")   # a second build leaves it as it is
    assert write(tmp_path, french, "fr").read_bytes().endswith(b"kept")
    renamed = picture("Règlement", "Sala de poker", "ro")
    assert renamed.file != french.file
    write(tmp_path, renamed, "ro")
    assert [path.name for path in (tmp_path / "preview").iterdir()] == [Path(renamed.file).name]


@pytest.mark.parametrize("names, at, said", [
    ("names:\n  de: Pokerraum\n", 1, "names: 'de' is not a language of the site (ro, en, fr, es, hr)"),
    ("names:\n  fr: [Salle, de, poker]\n", 1, "names: the name in 'fr' must be one line of text"),
    ("names: Salle de poker\n", 0, "'names'"),
])
def test_a_name_in_a_language_that_is_not_one_line_of_text_is_one_line_naming_file_and_line(tree, names, at, said):
    house = tree / "houses" / "casino" / "house.yaml"
    text = re.sub(r"^names:.*\n(?:  .*\n)+", "", house.read_text(encoding="utf-8"), flags=re.M)
    line = text.splitlines().index(next(row for row in text.splitlines() if row.startswith("city:"))) + 1 + at
    house.write_text(text.replace("city: null", names + "city: null", 1), encoding="utf-8")
    run = run_rulebook(tree, "check")
    said_at = [row for row in (run.stdout + run.stderr).splitlines() if row.startswith(f"houses/casino/house.yaml:{line}:")]
    assert run.returncode != 0 and any(said in row for row in said_at), run.stdout + run.stderr
    assert "Traceback" not in run.stdout + run.stderr


def test_a_name_in_a_language_too_long_for_a_card_is_refused_at_its_line(tree):
    house = tree / "houses" / "casino" / "house.yaml"
    edit(house, "  fr: Salle de poker", "  fr: Salle de poker du casino de la ville")
    line = house.read_text(encoding="utf-8").splitlines().index("  fr: Salle de poker du casino de la ville") + 1
    run = run_rulebook(tree, "check")
    assert run.returncode != 0
    assert f"houses/casino/house.yaml:{line}: [house] casino" in run.stdout + run.stderr, run.stdout + run.stderr
    long = len("Salle de poker du casino de la ville")
    assert f"names: fr: the house name has {long} characters: a card holds 24" in run.stdout + run.stderr
