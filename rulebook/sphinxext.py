"""Sphinx extension: the rulebook's pages for the language being built.

Like ``sphinx.ext.autosummary``, it writes its source pages when the builder
starts; a page is rewritten only when its text changed, so Sphinx's own
incremental build re-reads just what an edit touched.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ConfigError

from rulebook.errors import ModelError, ModelErrors
from rulebook.examples import doctest_setup, load_examples
from rulebook.i18n import TRANSLATED, Translations, extract, language_choices
from rulebook.search_hr import SearchCroatian
from rulebook.status import all_status
from rulebook.glossary import load_glossary
from rulebook.model import load_rulebook
from rulebook.render import PageRenderer

STATIC = Path(__file__).parent / "static"


def _root(config: Config) -> Path:
    return Path(config.rulebook_root).resolve()


def config_inited(app: Sphinx, config: Config) -> None:
    root = _root(config)
    try:
        book = load_rulebook(root / "rules")
        examples = load_examples(root, {rule.id for rule in book.rules})
    except (ModelErrors, ModelError) as exc:
        raise ConfigError(str(exc)) from None
    translations = Translations.load(root, config.language or "en")
    glossary = load_glossary(root, TRANSLATED)
    app.rulebook_renderer = PageRenderer(book, translations, root / "templates", examples, glossary)
    config.doctest_global_setup = doctest_setup(root / book.house_file)
    title = translations.pgettext(book.title.context, book.title.text)
    config.project = title
    config.html_title = title
    config.html_static_path.append(str(STATIC))
    if config.html_theme != "furo":
        config.html_sidebars = {}  # the sidebar names conf.py gives are Furo's
    config.templates_path.append(str(root / "templates" / "sphinx"))


def html_page_context(app: Sphinx, pagename: str, templatename: str, context: dict, doctree) -> None:
    """Offer every language's version of this page, each named in its own language."""
    depth = pagename.count("/")
    up = "../" * (depth + 1)
    context["rulebook_languages"] = [
        dict(choice, url=f"{up}{choice['code']}/{pagename}.html", current=choice["code"] == app.config.language)
        for choice in language_choices()
    ]
    context["rulebook_switch_label"] = app.rulebook_renderer.tr.gettext("Language")


def builder_inited(app: Sphinx) -> None:
    srcdir = Path(app.srcdir)
    root = _root(app.config)
    pages = app.rulebook_renderer.pages(all_status(root, extract(root)))
    for name, text in pages.items():
        _write_if_changed(srcdir / f"{name}.rst", text)
    for stale in srcdir.glob("*.rst"):
        if stale.stem not in pages:
            stale.unlink()


def build_finished(app: Sphinx, exception: Exception | None) -> None:
    """Write a permanent address for every rule: ``r/<rule-id>.html`` leads to wherever it lives now.

    Links to a rule then survive it moving to another part or page in a later edition.
    """
    if exception is not None or app.builder.format != "html" or app.builder.name != "html":
        return
    folder = Path(app.outdir) / "r"
    folder.mkdir(exist_ok=True)
    for part in app.rulebook_renderer.book.parts:
        for rule in part.rules:
            target = f"../{part.id}.html#{rule.id}"
            _write_if_changed(folder / f"{rule.id}.html", _REDIRECT.format(target=target, lang=app.config.language))


_REDIRECT = """<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta http-equiv="refresh" content="0; url={target}">
<link rel="canonical" href="{target}">
<title>{target}</title></head>
<body><a href="{target}">{target}</a></body></html>
"""


def _write_if_changed(path: Path, text: str) -> None:
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return
    path.write_text(text, encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("sphinx.ext.doctest")
    app.add_config_value("rulebook_root", ".", "env", types=[str])
    app.connect("config-inited", config_inited)
    app.connect("builder-inited", builder_inited)
    app.connect("html-page-context", html_page_context)
    app.connect("build-finished", build_finished)
    app.add_search_language(SearchCroatian)
    app.add_css_file("rulebook.css")
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
