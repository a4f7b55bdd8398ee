"""A rule's words are Sphinx nodes (``rulebook.publish.site.rules``), never reST: the page's source
names the rule, and the ``rulebook:rule`` directive makes its words from the reading."""

from __future__ import annotations

import copy
import re

import pytest
from docutils import nodes

from rulebook.publish.site.pages import glossary_nodes
from rulebook.publish.site.render import PageRenderer
from rulebook.publish.site.rules import digest, rule, rule_nodes
from tests.conftest import expanded

HOSTILE = "`click <javascript:alert(1)>`__ **bold** .. raw:: html\n\n   <script>alert(1)</script> |sub| :ref:`x`"


@pytest.mark.parametrize("house", ["club", "casino"])
def test_no_rule_text_is_in_a_pages_rest(project, house):
    """A part's page's reST is the part directive's line; none of a rule's words (its title, its text)
    is written into it, so none can be read as markup."""
    renderer = PageRenderer(project, house, "ro")
    pages = {name: re.sub(r"\\(.)", r"\1", page) for name, page in renderer.pages([]).items()}   # unescaped
    for part in renderer.book.parts:
        for section in part.sections:
            for stated in section.rules:
                if stated.see:
                    continue
                text = " ".join(renderer.reading.fill(stated.text, stated.values).split())
                assert f".. rulebook:part:: {part.id}\n" in pages[part.id]
                assert text not in pages[part.id], (part.id, stated.id)
                assert " ".join(renderer.reading.fill(stated.title, stated.values).split()) not in pages[part.id]


class _Hostile:
    """A catalog whose every rule text is markup a translator might write."""

    def __init__(self, tr):
        self.tr, self.locale = tr, tr.locale

    def pgettext(self, context, message):
        return HOSTILE if context and context.endswith(".text") else self.tr.pgettext(context, message)

    def gettext(self, message):
        return self.tr.gettext(message)


def test_a_translation_written_as_markup_is_shown_as_its_words(project):
    """Markup in a translation reaches the page as text: one ``nodes.Text`` holding the words on one
    line, no reference, no raw HTML, no substitution (it was escaped reST before; now never parsed)."""
    renderer = copy.copy(PageRenderer(project, "club", "fr"))
    renderer.reading = copy.copy(renderer.reading)
    renderer.reading.tr = renderer.tr = _Hostile(renderer.reading.tr)
    node = rule_nodes(renderer, "rake-rate")
    text = node.children[1]
    assert isinstance(text, nodes.paragraph) and [type(child) for child in text.children] == [nodes.Text]
    assert text.astext() == " ".join(HOSTILE.split())
    assert not list(node.findall(nodes.raw)) and [ref["refuri"] for ref in node.findall(nodes.reference)] == \
        ["r/rake-rate.html"]


def test_a_rule_node_says_what_the_rule_is(project):
    """Its id, number, change and references are the node's attributes; its digest, which the page's
    reST carries, changes with its words (so Sphinx reads the page again when a translation changes)."""
    renderer = PageRenderer(project, "club", "ro")
    node = rule_nodes(renderer, "rake-rate")
    assert isinstance(node, rule)
    assert (node["rule_id"], node["number"], node["change"], node["reference"]) == ("rake-rate", "3.1", "", False)
    assert node.children[0]["classes"] == ["rule-meta"] and node.children[0].astext() == "Regula 3.1"
    assert digest(node) == digest(rule_nodes(PageRenderer(project, "club", "ro"), "rake-rate"))
    changed = copy.copy(renderer)
    changed.reading = copy.copy(renderer.reading)
    changed.reading.tr = _Hostile(renderer.reading.tr)
    assert digest(rule_nodes(changed, "rake-rate")) != digest(node)


def test_the_glossary_page_is_its_directive_and_its_terms_are_text(project):
    """The glossary's reST is its directive's line; each term is labelled ``term-<id>`` (what the pages
    and the search link to) and the rule that says what it is links to the rule's place."""
    renderer = PageRenderer(project, "casino", "hr")
    source = renderer.pages([])["glossary"]
    assert ".. rulebook:glossary::\n" in source and "term-" not in source
    page = glossary_nodes(renderer)
    labels = [paragraph["ids"][0] for paragraph in page.findall(nodes.paragraph) if paragraph["ids"]]
    assert labels == [f"term-{term.id}" for term in renderer.reading.terms]
    assert any(ref["refuri"].endswith(".html#tournament-official-terms") for ref in page.findall(nodes.reference))


def test_every_page_but_the_changes_and_the_downloads_is_its_directives_line(project):
    """The pages whose words are nodes hold none of their words in their reST: the home page, the parts,
    the glossary, At the table, the calculators and the editors' status page."""
    renderer = PageRenderer(project, "club", "fr", editors=True)
    pages = renderer.pages([], calculators_page=True)
    assert "status" in pages
    words = [renderer.reading.text(renderer.book.title), renderer.reading.fmt.language_name("ro")]
    for name, source in pages.items():
        if name in ("changes", "downloads"):
            continue   # still reST from their templates
        assert source.startswith(".. rulebook:"), name
        assert not any(word in source for word in words), name
    home = expanded(renderer, pages["index"], shown=lambda node: node.astext())
    assert renderer.reading.text(renderer.book.title) in home and "at-the-table" in pages["index"]
