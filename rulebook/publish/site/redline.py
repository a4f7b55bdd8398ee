"""The changes page's redline as Sphinx nodes: the words an edition took out of a rule (``deleted``) and
put in (``inserted``), between the words it kept, each a ``nodes.Text`` (never parsed as reST), and
their visitors for every writer Sphinx has.
"""

from __future__ import annotations

from typing import Any, Callable, TypedDict

from docutils import nodes

from rulebook.reading.changes import redline
from rulebook.publish.site.rst import one_line


class deleted(nodes.Inline, nodes.TextElement):  # noqa: N801 - docutils names its node classes so
    """Words an edition took out of a rule (the changes page's redline): HTML ``<del>``."""


class inserted(nodes.Inline, nodes.TextElement):  # noqa: N801
    """Words an edition put into a rule: HTML ``<ins>``."""


def redline_nodes(old: str, new: str) -> list[nodes.Node]:
    """The words of ``old`` and ``new``, one space between runs: those kept as text, those taken out
    a ``deleted`` node, those put in an ``inserted`` one."""
    made: list[nodes.Node] = []
    for kind, words in redline(old, new):
        if made:
            made.append(nodes.Text(" "))
        text = one_line(words)
        made.append(nodes.Text(text) if kind == "same" else (deleted if kind == "del" else inserted)(text, text))
    return made


# A node's visitor: called with the writer's translator (HTML, text, LaTeX… each its own class) and the node.
_Visitor = Callable[[Any, nodes.Element], None]


class _Visitors(TypedDict):
    """A node's (visit, depart) pair for each kind of writer Sphinx has, as ``Sphinx.add_node`` takes them."""

    html: tuple[_Visitor, _Visitor]
    text: tuple[_Visitor, _Visitor]
    latex: tuple[_Visitor, _Visitor]
    man: tuple[_Visitor, _Visitor]
    texinfo: tuple[_Visitor, _Visitor]


def _tag(tag: str) -> tuple[_Visitor, _Visitor]:
    """Visitors writing ``<del>`` or ``<ins>``, the element's text escaped by the writer. Screen readers
    do not announce either element, so each starts with a visually hidden word saying which it is (on
    screen and in print, where the word is in the PDF's text, in reading order, but not seen); the
    stylesheets strike out and underline them, never by colour alone."""
    def visit(self: Any, node: nodes.Element) -> None:
        self.body.append(self.starttag(node, tag, "", CLASS="redline"))
        said = self.config.rulebook_redline_said[node.tagname]
        self.body.append(f'<span class="visually-hidden">({self.encode(said)}) </span>')

    def depart(self: Any, node: nodes.Element) -> None:
        self.body.append(f"</{tag}>")

    return visit, depart


def _words() -> tuple[_Visitor, _Visitor]:
    """Visitors for every other writer (text, LaTeX, manual page, Texinfo): the words in brackets after
    the word saying which they are, ``[deleted: most]``, written as text through the writer's own
    escaping, so that no format needs colour, lines or a package to tell them apart."""
    def visit(self: Any, node: nodes.Element) -> None:
        self.visit_Text(nodes.Text(f"[{self.config.rulebook_redline_said[node.tagname]}: "))

    def depart(self: Any, node: nodes.Element) -> None:
        self.visit_Text(nodes.Text("]"))

    return visit, depart


def visitors(tag: str) -> _Visitors:
    """The node's visitors for each kind of writer Sphinx has: HTML's serve every HTML builder
    (``dirhtml``, ``singlehtml``, ``epub``, ``json``…); XML's write any node as it is."""
    words = _words()
    return {"html": _tag(tag), "text": words, "latex": words, "man": words, "texinfo": words}
