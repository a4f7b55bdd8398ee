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

from rulebook.errors import ModelErrors
from rulebook.examples import doctest_setup, load_examples
from rulebook.i18n import Translations, extract
from rulebook.status import all_status
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
    except ModelErrors as exc:
        raise ConfigError(str(exc)) from None
    translations = Translations.load(root, config.language or "en")
    app.rulebook_renderer = PageRenderer(book, translations, root / "templates", examples)
    config.doctest_global_setup = doctest_setup(root / book.house_file)
    title = translations.pgettext(book.title.context, book.title.text)
    config.project = title
    config.html_title = title
    config.html_static_path.append(str(STATIC))


def builder_inited(app: Sphinx) -> None:
    srcdir = Path(app.srcdir)
    root = _root(app.config)
    pages = app.rulebook_renderer.pages(all_status(root, extract(root)))
    for name, text in pages.items():
        _write_if_changed(srcdir / f"{name}.rst", text)
    for stale in srcdir.glob("*.rst"):
        if stale.stem not in pages:
            stale.unlink()


def _write_if_changed(path: Path, text: str) -> None:
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return
    path.write_text(text, encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("sphinx.ext.doctest")
    app.add_config_value("rulebook_root", ".", "env", types=[str])
    app.connect("config-inited", config_inited)
    app.connect("builder-inited", builder_inited)
    app.add_css_file("rulebook.css")
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
