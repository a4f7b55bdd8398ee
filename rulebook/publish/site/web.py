"""The conventions of a published multilingual site: each page's title, description, Open Graph
tags, canonical address and ``hreflang`` alternates, each house's sitemap and the site's robots.txt.

Every address is absolute and comes from the house's ``base_url``: a house without one gets none of
them (a relative canonical or alternate would be wrong wherever the site is mounted), only its
titles, descriptions and Open Graph text.

Why not sphinxext-opengraph or sphinx-sitemap: one Sphinx project builds one language, so neither
sees the other four. sphinx-sitemap writes one sitemap per language, without ``x-default``; the
house's sitemap is written here once every language is staged. sphinxext-opengraph writes ``og:url``
relative to the page when there is no site address, escapes only double quotes in what it writes
(principle 5 wants every value escaped), and describes a page by its first text, which on every page
is the notice saying which text prevails; our description is the page's first rules.
"""

from __future__ import annotations

from functools import cache
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any
from pathlib import Path
from xml.sax.saxutils import escape as xml_escape, quoteattr

from babel.core import Locale, get_global
from markupsafe import Markup, escape

from rulebook.i18n.catalogs import LANGUAGES
from rulebook.i18n.vocabulary import N_
from rulebook.publish.editions.archive import Place
from rulebook.publish.site.link_preview import HEIGHT, WIDTH, Picture

if TYPE_CHECKING:
    from rulebook.publish.site.render import PageRenderer

# Pages that are not read as rules: never a canonical, never in a sitemap, not indexed.
UNLISTED = frozenset({"search", "genindex", "404"})
DESCRIPTION_LENGTH = 200   # what search engines and link previews show of a description


def page_title(*names: str) -> str:
    """"<page> – <house> – <rulebook>", each name once (the home page is titled by the rulebook)."""
    seen: list[str] = []
    for name in names:
        if name and name not in seen:
            seen.append(name)
    return " \u2013 ".join(seen)


def shorten(text: str, length: int = DESCRIPTION_LENGTH) -> str:
    """A description cut at a word before ``length`` characters, marked with an ellipsis."""
    text = " ".join(text.split())
    if len(text) <= length:
        return text
    return text[:length - 1].rsplit(" ", 1)[0].rstrip(",;:") + "\u2026"


# Translators: what the rulebook's home page is, in search results and link previews; followed by
# the line saying the house's edition and the day it is in force from.
HOME = N_("The rules of {house}: every rule with its number, searchable, and the printed rulebook to download.")


def description(renderer: PageRenderer, pagename: str, title: str) -> str:
    """What a page is, in its language: a part's first rules (their text as readers read it), the
    home page what the rulebook is; any other page its title and what the rulebook is."""
    book = renderer.book
    part = next((part for part in book.parts if part.id == pagename), None)
    if part is not None:
        said = [renderer.reading.wording(rule) for rule in part.rules if not rule.see][:3]
        if said:
            return shorten(" ".join(said))
    home = renderer.tr.gettext(HOME).format(house=book.name)
    if in_force := book.in_force:
        home = f"{home} {renderer.fmt.edition(book.name, *in_force)}."
    return shorten(home if pagename == "index" else f"{title}. {home}")


@cache   # every page's head names all five (CLDR's likely subtags take a sixth of a millisecond to read)
def og_locale(lang: str) -> str:
    """The ``og:locale`` of a language: language_TERRITORY from CLDR's likely subtags (ro → ro_RO)."""
    likely = Locale.parse(get_global("likely_subtags").get(lang, lang))
    return f"{likely.language}_{likely.territory}" if likely.territory else likely.language


def head(place: Place, pagename: str, title: str, description: str, site_name: str,
         languages: tuple[str, ...] = LANGUAGES, picture: Picture | None = None) -> Markup:
    """The tags of a page's head: its description and Open Graph text in the page's language, and,
    when the house has an address, its canonical address, the same page in every language
    (``x-default``: the house's language of authority) and the preview's picture. A page not read
    as rules is not indexed.

    Without an address there is no ``og:image``: Open Graph wants it absolute, and previews refuse
    the SVG icon; the picture (``rulebook.publish.site.link_preview``) is made only for a house with a base_url."""
    tags = [f'<meta name="description" content="{escape(description)}">',
            '<meta property="og:type" content="website">',
            f'<meta property="og:title" content="{escape(title)}">',
            f'<meta property="og:description" content="{escape(description)}">',
            f'<meta property="og:site_name" content="{escape(site_name)}">',
            f'<meta property="og:locale" content="{escape(og_locale(place.lang))}">']
    if pagename in UNLISTED:
        return Markup("\n".join([*tags, '<meta name="robots" content="noindex">']))
    tags += [f'<meta property="og:locale:alternate" content="{escape(og_locale(lang))}">'
             for lang in languages if lang != place.lang]
    url = place.url(pagename)
    if url:
        tags += [f'<meta property="og:url" content="{escape(url)}">', f'<link rel="canonical" href="{escape(url)}">']
        tags += [f'<link rel="alternate" hreflang="{escape(lang)}" href="{escape(place.url(pagename, lang))}">'
                 for lang in languages]
        tags.append(f'<link rel="alternate" hreflang="x-default" href="{escape(place.url(pagename, place.official))}">')
        image = place.file(picture.file) if picture else None
        if picture and image:
            tags += [f'<meta property="og:image" content="{escape(image)}">',
                     '<meta property="og:image:type" content="image/png">',
                     f'<meta property="og:image:width" content="{WIDTH}">',
                     f'<meta property="og:image:height" content="{HEIGHT}">',
                     f'<meta property="og:image:alt" content="{escape(picture.alt)}">']
    return Markup("\n".join(tags))


def listed_pages(folder: Path) -> list[str]:
    """The pages of a published language folder that a sitemap lists (not search, index or 404)."""
    return sorted(path.stem for path in folder.glob("*.html") if path.stem not in UNLISTED)


def sitemap(base: str, house: str, official: str, pages: dict[str, list[str]]) -> str:
    """A house's sitemap: every page of every language (``pages``: language → page names), each
    with the same page in every language that has it and ``x-default`` (its language of authority)."""
    place = lambda lang: Place(base, house, lang, official)
    having = {name: [lang for lang in pages if name in pages[lang]] for names in pages.values() for name in names}
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">']
    for lang, names in pages.items():
        for name in names:
            lines.append(f"  <url><loc>{xml_escape(place(lang).url(name) or '')}</loc>")
            alternates = [(other, other) for other in having[name]]
            if official in having[name]:
                alternates.append(("x-default", official))
            lines += [f'    <xhtml:link rel="alternate" hreflang={quoteattr(code)} href={quoteattr(place(other).url(name) or "")}/>'
                      for code, other in alternates]
            lines.append("  </url>")
    lines.append("</urlset>")
    return "\n".join(lines) + "\n"


def robots(sitemaps: list[str]) -> str:
    """robots.txt: every page may be read; where each house's sitemap is (absolute addresses only)."""
    return "User-agent: *\nAllow: /\n" + "".join(f"Sitemap: {address}\n" for address in sitemaps)


def write_site_files(houses: dict[str, tuple[str | None, str]], site: Path) -> None:
    """robots.txt at the site's root and each house's ``sitemap.xml`` (``houses``: id → base_url and
    language of authority), from the languages staged in ``site``; a house without an address has none."""
    sitemaps = []
    for house, (base, official) in houses.items():
        languages = [lang for lang in LANGUAGES if (site / house / lang).is_dir()]
        target = site / house / "sitemap.xml"
        target.unlink(missing_ok=True)   # never written in place: it may be a link to the published one
        if not base or not languages:
            continue
        target.write_text(sitemap(base, house, official, {lang: listed_pages(site / house / lang) for lang in languages}),
                          encoding="utf-8")
        sitemaps.append(f"{base.rstrip('/')}/{house}/sitemap.xml")
    (site / "robots.txt").write_text(robots(sitemaps), encoding="utf-8")


def reader_styles(css_files: Iterable[Any]) -> list[Any]:
    """The style sheets of a reader's page: no stylesheet for code, which no reader's page shows (20 kB
    a page saved)."""
    return [css for css in css_files if not str(getattr(css, "filename", css)).endswith("pygments.css")]
