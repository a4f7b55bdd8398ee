"""The rulebook's pages besides its parts as Sphinx nodes, made from the reading: the glossary.

As a part's page (``parts``), a page's source is its directive's line (``.. rulebook:glossary::``) and
the digest of what it shows; every word is a ``nodes.Text``, never parsed as reST. A page without a
label of its own is titled and identified as docutils identifies a heading (its title's slug).
"""

from __future__ import annotations

from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from rulebook.i18n.glossary import Term, glossary_languages
from rulebook.publish.site.parts import authority
from rulebook.publish.site.rst import one_line
from rulebook.publish.site.rules import RENDERERS, Page, link, paragraph, table


def titled(title: str) -> nodes.section:
    """A page's section titled with words and no label: named and identified by docutils, as a
    heading is, when the directive notes it in its document."""
    return nodes.section("", nodes.title("", "", nodes.Text(title)), names=[nodes.fully_normalize_name(title)])


def glossary_nodes(page: Page) -> nodes.section:
    """The glossary: each poker term in the page's language, what it means at the house (and the rule
    that says so), and the term in the house's other languages."""
    _, reading = page.tr.gettext, page.reading
    languages = glossary_languages(reading.lang, page.book.languages)
    top = titled(one_line(_("Glossary")))
    top += authority(page)
    top += paragraph(nodes.Text(one_line(_("The poker terms of these rules, in this page's language first and then "
                                           "in the rulebook's other languages, with what each means at this house."))))
    # The reader's language first, then what the term means (both on a phone's screen), then the rest.
    head = [reading.fmt.language_name(languages[0]), _("Meaning"),
            *(reading.fmt.language_name(lang) for lang in languages[1:])]
    top += table(head, [[_term(page, term, languages[0]), _meaning(page, term),
                         *(term.shown(lang) for lang in languages[1:])] for term in reading.terms], classes=("glossary",))
    return top


def _term(page: Page, term: Term, lang: str) -> list[nodes.Element]:
    """The term in the page's language, labelled ``term-<id>`` (what the pages and the search link to)."""
    label = f"term-{term.id}"   # the target before it, as ``.. _term-…:`` left it (the cell is then not compact)
    return [nodes.target("", "", refid=label), paragraph(nodes.Text(one_line(term.shown(lang))), ids=[label], names=[label])]


def _meaning(page: Page, term: Term) -> list[nodes.Element]:
    reading = page.reading
    said = [paragraph(nodes.Text(one_line(reading.meaning(term))))]
    if defined := reading.rule_of(term):
        part_id, stated = defined
        said.append(paragraph(nodes.Text(one_line(page.tr.gettext("The rule:")) + " "),
                              link(one_line(reading.fill(stated.title, stated.values)), f"{part_id}.html#{stated.id}")))
    return said


class GlossaryDirective(SphinxDirective):
    """``.. rulebook:glossary::`` (``:words:`` the digest of what it shows): the glossary page."""

    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {"words": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        node = glossary_nodes(RENDERERS[self.env.app])
        document = self.state.document
        document.note_implicit_target(node, node)
        for labelled in node.findall(nodes.paragraph):
            if labelled["ids"]:
                document.note_explicit_target(labelled, labelled)
        return [node]
