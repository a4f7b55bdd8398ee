"""The page a mistyped address gets: in each house's languages (``404.html`` in each language's
folder, made by sphinx-notfound-page, which writes its assets' and links' addresses from the site's
root so that they work at any depth), and one at the site's root choosing the language.

Each offers the search and the home page, in its language. A server answers a missing page with
the 404 of the folder it was asked in (nginx: ``error_page 404 /club/ro/404.html`` in
``location /club/ro/``), else with the root's.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypedDict
from urllib.parse import urlparse

from markupsafe import Markup, escape

from rulebook.i18n.catalogs import LANGUAGES, Translations, language_choices
from rulebook.i18n.vocabulary import N_
from rulebook.project import Project
from rulebook.publish.machinery.environments import environment

PAGE = "404"
# Translators: the title of the page a mistyped or outdated address opens.
NOT_FOUND = N_("Page not found")
# Translators: the text of the page a mistyped or outdated address opens, above a search box and a
# link to the home page.
NOTHING_HERE = N_("There is no page at this address. Search the rules, or open the home page of the rulebook.")
# Translators: the label of the search box and of its button on the page of a mistyped address.
SEARCH = N_("Search the rules")
# Translators: the link to the home page on the page of a mistyped address.
HOME = N_("Home page of the rulebook")


def prefix(base: str | None, house: str, lang: str, folder: str = "") -> str:
    """The path, from the server's root, of a house's language folder (``/club/ro/``): under the path
    of ``base_url`` when the house has one, else at the root of the server."""
    mount = urlparse(base).path.strip("/") if base else ""
    return "/" + "/".join(part for part in (mount, house, lang, folder.strip("/")) if part) + "/"


def body(tr: Translations, where: str) -> Markup:
    """What the page says, a search box and a link to the home page, each address under ``where``."""
    search = escape(tr.gettext(SEARCH))
    return Markup(
        f"<h1>{escape(tr.gettext(NOT_FOUND))}</h1>\n<p>{escape(tr.gettext(NOTHING_HERE))}</p>\n"
        f'<form class="rulebook-not-found" action="{escape(where)}search.html" method="get" role="search">'
        f'<input type="search" name="q" aria-label="{search}"> <button type="submit">{search}</button></form>\n'
        f'<p><a href="{escape(where)}index.html">{escape(tr.gettext(HOME))}</a></p>')


def context(tr: Translations, where: str) -> dict[str, str]:
    """sphinx-notfound-page's ``notfound_context``: the page's title and body, as markup made of text."""
    return {"title": str(escape(tr.gettext(NOT_FOUND))), "body": str(body(tr, where))}


class _House(TypedDict):
    """A house as the site's own 404 offers it (``base``: its ``base_url``, if it has one)."""

    id: str
    name: str
    base: str | None


def write_root(project: Project, site: Path) -> Path:
    """The site's own 404: the same words and choices in every language, each house's search and
    home page; a script shows the reader's language alone (the address's, else the browser's)."""
    books = {house_id: view.book for house_id, view in project.houses.items()}
    houses = [_House(id=house_id, name=book.name, base=book.base_url) for house_id, book in books.items()]
    languages = []
    for choice in language_choices(tuple(lang for lang in LANGUAGES if any((site / h["id"] / lang).is_dir() for h in houses))):
        tr = project.translations(choice["code"])
        languages.append({**choice, "title": tr.gettext(NOT_FOUND), "text": tr.gettext(NOTHING_HERE),
                          "search": tr.gettext(SEARCH), "home": tr.gettext(HOME),
                          "houses": [{**house, "name": books[house["id"]].name_in(choice["code"]),
                                      "at": prefix(house["base"], house["id"], choice["code"])}
                                     for house in houses if (site / house["id"] / choice["code"]).is_dir()]})
    root = prefix(next((house["base"] for house in houses if house["base"]), None), "", "")
    path = site / f"{PAGE}.html"
    path.write_text(environment(project, "site").get_template("404.html.jinja").render(languages=languages, root=root),
                    encoding="utf-8")
    return path
