"""Sphinx's search index (``searchindex.js``) as a clean build writes it, whatever builds came before.

An incremental build loads the index it wrote last, forgets the pages it reads again and adds them
back: a word that none of them holds any more stays in the index with no page (``"a4":[]``), build
after build, where a clean build of the same pages never writes it. The index is written here
without those words (Sphinx's own format otherwise, which it reads back as before), so an
incremental build publishes a clean build's bytes.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx
from sphinx.builders.html import StandaloneHTMLBuilder
from sphinx.search import js_index


class _CleanIndex:
    """Sphinx's JavaScript index format (``sphinx.search.js_index``), dumped without a word of no page."""

    PREFIX, SUFFIX = js_index.PREFIX, js_index.SUFFIX

    def dumps(self, data: Any) -> str:
        return js_index.dumps(without_unheld_words(data))

    def loads(self, text: str) -> Any:
        return js_index.loads(text)

    def dump(self, data: Any, stream: Any) -> None:
        stream.write(self.dumps(data))

    def load(self, stream: Any) -> Any:
        return self.loads(stream.read())


def without_unheld_words(data: Any) -> Any:
    """The frozen index without the words (and title words) that lead to no page."""
    if not isinstance(data, dict):
        return data
    return {key: {word: held for word, held in value.items() if held != []}
            if key in ("terms", "titleterms") and isinstance(value, dict) else value for key, value in data.items()}


def write_clean(app: Sphinx) -> None:
    """An HTML builder that writes Sphinx's JavaScript index writes it clean."""
    if isinstance(app.builder, StandaloneHTMLBuilder) and app.builder.indexer_format is js_index:
        app.builder.indexer_format = _CleanIndex()


def setup(app: Sphinx) -> None:
    """Called by the rulebook's extension (``sphinxext.setup``)."""
    app.connect("builder-inited", write_clean)
