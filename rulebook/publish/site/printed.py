"""The print builder: the reader's edition of one house in one language made into the pieces the printed
rulebook, its redline and its short form are assembled from (``rulebook.publish.print.single_page``),
from the same nodes as the site.

Like Sphinx's single-page builder, whose subclass it is, it puts every page of the book in one tree; its
translator then writes that tree as print needs it, where the site's writer would write it for a screen:
each part a section of class ``print-part`` opening with its page's marker (a part's page number is its
section's), links leading where the printed document can follow them (``PrintRenderer.link``: a rule
to its place in the PDF, a page of the site to its printed page, anything else to the house's site or
nowhere), no permalinks. Two transforms of the tree, for this builder only, keep words whole on paper:
English poker words borrowed by a language (``loanword`` nodes, never hyphenated by the language's
patterns) and a heading's last two words (a heading never leaves one word alone on its second line).
"""

from __future__ import annotations

import re
from collections.abc import Set
from typing import Any

from docutils import nodes
from markupsafe import escape
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.builders import Builder
from sphinx.builders.singlehtml import SingleFileHTMLBuilder
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.writers.html5 import HTML5Translator

from rulebook.publish.print.printing import PrintRenderer
from rulebook.publish.print.short_form import short_form_rules
from rulebook.publish.print.single_page import SinglePage
from rulebook.publish.site import rules, web

NAME = "printed"
CHANGES = "changes"   # the page of what changed in the edition: printed alone as the redline
# A word: letters, joined by an apostrophe or a hyphen ("raise-ul", "Hold'em").
_WORD = re.compile(r"[^\W\d_]+(?:['\u2019-][^\W\d_]+)*")
# Text that is not prose, or whose words are its own (a picture's): never marked.
_NOT_PROSE = (nodes.literal, nodes.FixedTextElement, nodes.raw, nodes.comment)


class loanword(nodes.inline):  # noqa: N801 - docutils names its node classes so
    """A word a language borrowed from English (``english``: written as in English, so marked as English;
    else inflected in the language): print hyphenates neither. The space before it is inside it:
    WeasyPrint breaks a line wrongly when the text before a span exactly fills it ("O" alone on a
    line), never when the break opportunity is inside the span."""


def visit_loanword(translator: HTML5Translator, node: loanword) -> None:
    translator.body.append('<span lang="en" class="loanword">' if node.get("english") else '<span class="loanword">')


def depart_loanword(translator: HTML5Translator, node: loanword) -> None:
    translator.body.append("</span>")


def _prose(text: nodes.Text) -> bool:
    return not any(isinstance(parent, _NOT_PROSE) for parent in _ancestors(text))


def _ancestors(node: nodes.Node) -> list[nodes.Node]:
    found = []
    while node.parent is not None:
        node = node.parent
        found.append(node)
    return found


class Loanwords(SphinxPostTransform):
    """Each word of the text that the glossary lists as borrowed in the page's language, a ``loanword``."""

    builders = (NAME,)
    default_priority = 800

    def run(self, **kwargs: Any) -> None:
        reading = rules.page_of(self.config).reading
        if words := reading.glossary.borrowed(reading.lang):
            mark_borrowed(self.document, words)


def mark_borrowed(tree: nodes.Element, words: dict[str, bool]) -> None:
    """Each of ``words`` (lower case; True: written as in English) in the prose of ``tree`` a ``loanword``."""
    for element in list(tree.findall(nodes.TextElement)):
        _joined(element)
    for text in list(tree.findall(nodes.Text)):
        if _prose(text) and (marks := _borrowed(said := text.astext(), words)):
            rules.marked(text, said, marks)


def _joined(element: nodes.Element) -> None:
    """Text written in pieces one after the other (" · " then "Split pot") as the one text it reads as:
    a space that ends one piece goes inside the loanword that starts the next."""
    at = 0
    while at < len(element.children) - 1:
        this, after = element.children[at], element.children[at + 1]
        if isinstance(this, nodes.Text) and isinstance(after, nodes.Text):
            del element[at + 1]
            element[at] = nodes.Text(this.astext() + after.astext())
        else:
            at += 1


def _borrowed(text: str, words: dict[str, bool]) -> list[tuple[int, int, nodes.Node]]:
    """Each borrowed word of ``text`` as a span of it (the space before the word included) and its
    ``loanword`` node, in order."""
    marks: list[tuple[int, int, nodes.Node]] = []
    at = 0
    for found in _WORD.finditer(text):
        english = words.get(found.group().lower())
        if english is None:
            continue
        start = found.start() - 1 if found.start() > at and text[found.start() - 1] == " " else found.start()
        marks.append((start, found.end(), loanword(text[start:found.end()], text[start:found.end()], english=english)))
        at = found.end()
    return marks


class LastWordsBound(SphinxPostTransform):
    """A heading's last two words joined by a no-break space, when they are plain text (a heading ending
    in a loanword keeps the space inside it, where WeasyPrint breaks rightly)."""

    builders = (NAME,)
    default_priority = 810   # after Loanwords

    def run(self, **kwargs: Any) -> None:
        for title in self.document.findall(nodes.title):
            if not isinstance(title.parent, nodes.section) or not title.children:
                continue
            last = title.children[-1]
            if isinstance(last, nodes.Text) and (at := last.rstrip().rfind(" ")) >= 0:
                title[len(title) - 1] = nodes.Text(f"{last[:at]}\u00a0{last[at + 1:]}")


class PrintedTranslator(HTML5Translator):
    """The single page written for print (see the module's docstring). ``printed``: the pages the
    document holds (a link to one leads into the PDF); ``part``: the class of a page's section;
    ``leave``: pages not printed; ``cuts``: where in the body the first title, the first printed page
    and the end of the last were written (``PrintedBuilder`` cuts the body there)."""

    printed: Set[str] = frozenset()
    part = "print-part"
    leave: Set[str] = frozenset()
    last_page = ""

    def __init__(self, document: nodes.document, builder: Builder) -> None:
        super().__init__(document, builder)
        assert isinstance(builder, PrintedBuilder)   # Sphinx makes it for its builder: this one
        self.printer = builder.printer
        self.cuts: dict[str, int] = {}
        self._marker: str | None = None

    def visit_start_of_file(self, node: addnodes.start_of_file) -> None:
        docname = node["docname"]
        if docname in self.leave:
            raise nodes.SkipNode
        self.cuts.setdefault("pages", len(self.body))
        self.docnames.append(docname)
        shown = [child for child in node.children if not isinstance(child, (nodes.target, nodes.comment))]
        if shown and isinstance(shown[0], nodes.section):
            self._marker = docname   # written inside its section (visit_section)
        else:
            self.body.append(f'<span id="document-{escape(docname)}"></span>')

    def depart_start_of_file(self, node: addnodes.start_of_file) -> None:
        super().depart_start_of_file(node)
        if node["docname"] == self.last_page:
            self.cuts["after"] = len(self.body)

    def visit_section(self, node: nodes.section) -> None:
        marker, self._marker = self._marker, None
        if marker is None:
            super().visit_section(node)
            return
        self.section_level += 1
        self.body.append(self.starttag(node, "section", "", CLASS=self.part)
                         + f'<span id="document-{escape(marker)}"></span>\n')

    def visit_title(self, node: nodes.title) -> None:
        if isinstance(node.parent, nodes.section) and self.section_level == 1:
            self.cuts.setdefault("title", len(self.body))
        super().visit_title(node)

    def visit_reference(self, node: nodes.reference) -> None:
        if not isinstance(node.parent, nodes.TextElement) or node["classes"]:
            super().visit_reference(node)   # a picture's link, or one of its own kind: as Sphinx writes it
            return
        href = (node.get("refuri") or "#") if "refuri" in node else "#" + node["refid"]
        attributes = {name: node[key] for key, name in (("reftitle", "title"), ("target", "target")) if key in node}
        rest = self.starttag(node, "a", "", **attributes)[len("<a"):]   # its id, title and target, as Sphinx writes them
        self.body.append(self.printer.link(href, frozenset(self.printed), node.astext()) + rest)


class PrintedBuilder(SingleFileHTMLBuilder):
    """Sphinx's single page, written as the pieces print assembles its documents from (``print.json``)."""

    name = NAME
    default_translator_class = PrintedTranslator
    add_permalinks = False   # paper has no addresses: no pilcrow after a heading

    def init(self) -> None:
        super().init()
        page = rules.page_of(self.config)
        self.printer = PrintRenderer(page.reading.project, page.book.id, self.config.language)

    def write_doc(self, docname: str, doctree: nodes.document) -> None:
        doctree.settings = self.docsettings
        self.secnumbers = self.env.toc_secnumbers.get(docname, {})
        self.fignumbers = self.env.toc_fignumbers.get(docname, {})
        self.imgpath, self.dlpath = "_images", "_downloads"
        self.current_docname = docname
        files = list(doctree.findall(addnodes.start_of_file))
        # A first edition prints no changes page: it would only say there is nothing to compare.
        leave = {CHANGES} if self.printer.changes is None else set()
        pages = tuple(node["docname"] for node in files if node["docname"] not in leave)
        if not pages:
            raise ValueError(f"{self.outdir}: the single page has no parts to print")
        whole = self._written(doctree, doctree, printed=frozenset(pages), leave=frozenset(leave), last_page=pages[-1])
        cuts = [whole.cuts.get("title", 0), whole.cuts["pages"], whole.cuts["after"]]
        joined = ["".join(whole.body[start:end]) for start, end in zip([0, *cuts], [*cuts, len(whole.body)])]
        changes = next((node for node in files if node["docname"] == CHANGES), None)
        chosen = short_form_rules(self.printer.book)
        sections = {node["ids"][0]: node for node in doctree.findall(nodes.section)
                    if node["ids"] and node["ids"][0] in chosen and not node["classes"]}
        SinglePage(
            title=self.env.titles[self.config.root_doc].astext(),
            stylesheets=tuple(css.filename for css in sorted(web.reader_styles(self._css_files), key=lambda css: css.priority)),
            body=(joined[0], joined[1], joined[2], joined[3]),
            pages=pages,
            titles={node["docname"]: title.astext() for node in files if node["docname"] in pages
                    and (title := node.next_node(nodes.title)) is not None},
            redline=None if changes is None or self.printer.changes is None else "".join(
                self._written(changes, doctree, printed=frozenset({CHANGES}), part="redline", level=-1).body),
            rules={rule_id: "".join(self._written(section, doctree).body) for rule_id, section in sections.items()},
        ).write(self.outdir)

    def _written(self, node: nodes.Node, doctree: nodes.document, level: int = 0, **options: Any) -> PrintedTranslator:
        """``node`` of the book's tree (``doctree``) written by the print translator (``options``: its
        attributes), its headings at the level of its place in the book moved by ``level``."""
        translator = self.create_translator(doctree, self)
        assert isinstance(translator, PrintedTranslator)
        for name, value in options.items():
            setattr(translator, name, value)
        if node is not doctree:
            translator.section_level = _depth(doctree, node) + level
        node.walkabout(translator)
        return translator


def _depth(tree: nodes.Element, node: nodes.Node, sections: int = 0) -> int:
    """How many sections hold ``node`` in ``tree``, counted down from the tree: in the single page a
    page's nodes keep their own document as parent (Sphinx inlines its children), not the book's."""
    for child in tree.children:
        if child is node:
            return sections
        if isinstance(child, nodes.Element) and (found := _depth(child, node, sections + isinstance(child, nodes.section))) >= 0:
            return found
    return -1


def setup(app: Sphinx) -> None:
    """Called by the rulebook's extension (``sphinxext.setup``)."""
    app.add_builder(PrintedBuilder)
    app.add_node(loanword, html=(visit_loanword, depart_loanword))
    app.add_post_transform(Loanwords)
    app.add_post_transform(LastWordsBound)
