"""Sphinx configuration shared by the builds of every house and language.

The language is given by the rulebook command for each build; the pages are written by the
rulebook extension from the houses, the rule library and the catalogs.
"""

from pathlib import Path

ROOT = Path(__file__).parent

project = "House rules"
language = "en"
extensions = ["rulebook.publish.site.sphinxext"]
rulebook_root = str(ROOT)
html_static_path: list[str] = []
html_theme = "furo"
html_sidebars = {
    "**": [
        "sidebar/brand.html",
        "languages.html",
        "sidebar/search.html",
        "sidebar/scroll-start.html",
        "sidebar/navigation.html",
        "sidebar/scroll-end.html",
    ]
}
templates_path: list[str] = []
html_show_sourcelink = False
html_show_search_summary = False   # the search sums each page up from its rules (rule_search.js)
html_copy_source = False
html_last_updated_fmt = None
smartquotes = False
