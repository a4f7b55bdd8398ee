"""A rule and a worked example as Sphinx nodes, made from the reading (``parts`` puts them on a page).

A rule is a ``rule`` node whose id,
number, change mark and earlier editions are attributes, and whose children (the line under the
title, the text or the reference, the proposals the editors see, the items) hold the rule's words as
``nodes.Text``. No translated string is parsed as reST (``sphinx/ext/todo.py`` builds its
``todo_node`` the same way). The rule index (``rule_index``) finds rules by this node. A worked example
is the container docutils made of its reST: its sentence, its pictures, its table, its doctests.

The node writes no HTML of its own: its children are written as docutils writes paragraphs,
references and lists, so a page reads as it did when these words were reST.
"""

from __future__ import annotations

import hashlib
import string
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar, Protocol

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util.docutils import SphinxDirective, SphinxTranslator

from rulebook.core.examples import WorkedExample
from rulebook.core.model import Proposal, Rule, Rulebook
from rulebook.i18n.catalogs import Translations
from rulebook.reading import Reading
from rulebook.reading.changes import Changes, RuleChange
from rulebook.publish.print.downloads import Download
from rulebook.i18n.vocabulary import N_
from rulebook.publish.site.rst import BREAKS, one_line


class Page(Protocol):
    """What a rule's words are made from: the language's reading and the edition's history, as the
    page renderer (``render.PageRenderer``) holds them for one house in one language."""

    reading: Reading
    tr: Translations
    book: Rulebook
    editors: bool
    archived: bool
    changes: Changes | None
    files: tuple[Download, ...]   # the printed files its pages offer

    def change_of(self, rule_id: str) -> RuleChange | None: ...

    def earlier_of(self, rule_id: str) -> Sequence[tuple[int, str]]: ...

    def in_force_link(self, rule_id: str) -> str | None: ...

    def archive_link(self, edition: int, page: str, anchor: str | None = None) -> str | None: ...

    def pictures(self, example: WorkedExample) -> str | None: ...

    def doctest(self, example: WorkedExample) -> Sequence[str]: ...

    def hand_ranks(self) -> list[dict[str, Any]]: ...


def page_of(config: Config) -> Page:
    """The page renderer of a Sphinx build (one house in one language): the command's, or the one
    ``sphinxext.config_inited`` makes, handed over in the configuration as a function (Sphinx keeps
    functions out of its pickled environment): what a directive, a transform or a builder reads from."""
    page: Page = config.rulebook_renderer()
    return page

META = "rule-meta"            # the line under a rule's title: its number, then its marks (CSS class)
REFERENCE = "rule-reference"  # a rule stated elsewhere in the house's book: a sentence leading there
SEPARATOR = " \u00b7 "
# The writers a rule node may meet: the site's and the print's HTML, and Sphinx's others (a house's
# editors may build text, as a test does): each writes the rule's children and nothing of its own.
BUILDERS = ("html", "text", "latex", "texinfo", "man")
# What a part says where a rule of another part states the policy: that rule's title (a link), its part.
SEE = N_("The house's rule on this: {rule} ({part}).")


class rule(nodes.General, nodes.Element):  # noqa: N801 - docutils names its node classes so
    """A rule of the house on its page: ``rule_id``, ``number`` (as readers cite it, "" for none),
    ``change`` ("added", "changed" or ""), ``earlier`` (the editions whose text it changed) and
    ``reference`` (True: stated by another rule, which the text leads to)."""


def visit_rule(translator: SphinxTranslator, node: rule) -> None:
    """Nothing of its own: its paragraphs, links and list are written as they always were."""


def depart_rule(translator: SphinxTranslator, node: rule) -> None:
    pass


def rule_address(part_id: str, rule_id: str) -> str:
    """Where a rule is on the site, from a page beside its part's: its part's page, at the rule."""
    return f"{part_id}.html#{rule_id}"


def link(text: str, uri: str) -> nodes.reference:
    """A link whose words are text (as an anonymous reST link ```text <uri>`__`` was)."""
    return nodes.reference("", "", nodes.Text(text), name=" ".join(text.split()), refuri=uri)


def words(template: str, links: Mapping[str, nodes.Node]) -> Iterator[nodes.Node]:
    """A translated sentence whose ``{placeholders}`` are nodes: its words as text on one line (one
    space each side of a placeholder, a no-break space kept), each placeholder its node."""
    for literal, name, _spec, _conversion in string.Formatter().parse(template):
        if literal.strip():
            lead, trail = literal[:len(literal) - len(literal.lstrip())], literal[len(literal.rstrip()):]
            yield nodes.Text(BREAKS.sub(" ", lead[:1]) + one_line(literal) + BREAKS.sub(" ", trail[:1]))
        elif literal:
            yield nodes.Text(BREAKS.sub(" ", literal[:1]))
        if name is not None:
            yield links[name]


def marked(text: nodes.Text, words: str, marks: Sequence[tuple[int, int, nodes.Node]]) -> None:
    """``text`` (whose words are ``words``) replaced in its parent by its pieces: each span of ``marks``
    (start, end, the node it becomes, in order) that node, the words between them text. Found by
    identity, not by equality: an earlier text of the same words is not the one replaced."""
    pieces: list[nodes.Node] = []
    at = 0
    for start, end, node in marks:
        if start > at:
            pieces.append(nodes.Text(words[at:start]))
        pieces.append(node)
        at = end
    if at < len(words):
        pieces.append(nodes.Text(words[at:]))
    parent = text.parent
    where = next(index for index, child in enumerate(parent.children) if child is text)
    parent[where:where + 1] = pieces


def paragraph(*children: nodes.Node, classes: tuple[str, ...] = (), **attributes: Any) -> nodes.paragraph:
    return nodes.paragraph("", "", *children, classes=list(classes), **attributes)


def rule_nodes(page: Page, rule_id: str) -> rule:
    """A rule's words as the reader's edition (or the editors') shows them in the page's language."""
    part_id, stated = page.reading.placed[rule_id]
    change = page.change_of(stated.id)
    node = rule("", rule_id=stated.id, number=page.reading.number_of(stated.id) or "",
                change=change.kind if change else "", reference=bool(stated.see),
                earlier=[number for number, _address in page.earlier_of(stated.id)])
    node += _meta(page, part_id, stated)
    if stated.is_proposal:
        node += _proposed(page, stated, None)
    if stated.see:
        node += paragraph(*_reference(page, stated.see), classes=(REFERENCE,))
    else:
        node += paragraph(nodes.Text(one_line(page.reading.fill(stated.text, stated.values))))
    for proposal in stated.proposals:
        node += _proposed(page, stated, proposal)
    if stated.items:
        node += nodes.bullet_list("", *(nodes.list_item("", paragraph(nodes.Text(one_line(
            page.reading.fill(item, stated.values))))) for item in stated.items), bullet="*")
    return node


def example_nodes(page: Page, example_id: str) -> nodes.container:
    """A worked example as the page shows it: its sentence, its pictures (HTML only ``svg`` writes), its
    table, and for the editors the engine's calls as doctests beside the pictures."""
    reading = page.reading
    example = next(found for found in reading.examples if found.id == example_id)
    drawn = page.pictures(example)
    box = nodes.container("", classes=["example", *(["illustrated"] if drawn else [])])
    box += paragraph(nodes.strong("", one_line(page.tr.gettext("Example:"))),
                     nodes.Text(" " + one_line(reading.narrate(example))))
    if drawn and not page.editors:
        box += nodes.raw("", drawn, format="html")
    if example.columns:
        box += table([one_line(reading.text(column.label)) for column in example.columns],
                     [[one_line(reading.cell(row, column.name)) for column in example.columns] for row in example.rows],
                     classes=("example-table",))
    if page.editors:
        # The editors' edition: each picture beside the engine calls it draws (rulebook.css: div.rb-beside).
        beside = nodes.container("", classes=["rb-beside"])
        if drawn:
            beside += nodes.raw("", drawn, format="html")
        code = "\n".join(page.doctest(example))
        beside += nodes.literal_block(code, code, testnodetype="doctest", groups=["default"], language="pycon",
                                      options={})
        box += beside
    return box


Cell = str | Sequence[nodes.Element]   # words, or the nodes of a cell (a link, a labelled term)


def table(head: Sequence[str], rows: Sequence[Sequence[Cell]], classes: tuple[str, ...] = (),
          languages: Sequence[str | None] = ()) -> nodes.table:
    """A table with one header row, as docutils' ``list-table`` makes it: each cell its words (an
    empty cell empty) or its own nodes. ``languages``: the language of each column's cells when it is
    not the page's (written as their ``lang``: read aloud, and hyphenated in print, as that language)."""
    def entry(cell: Cell, lang: str | None = None) -> nodes.entry:
        classes = [f"language-{lang}"] if lang else []
        if not isinstance(cell, str):
            return nodes.entry("", *cell, classes=classes)
        return nodes.entry("", *([paragraph(nodes.Text(one_line(cell)))] if one_line(cell) else []), classes=classes)

    group = nodes.tgroup(cols=len(head))
    group += [nodes.colspec(colwidth=100 // len(head)) for _ in head]
    group += nodes.thead("", nodes.row("", *(entry(cell) for cell in head)))
    group += nodes.tbody("", *(nodes.row("", *(entry(cell, lang) for cell, lang in zip(cells, [*languages, *[None] * len(cells)])))
                               for cells in rows))
    return nodes.table("", group, classes=list(classes))


def digest(*shown: nodes.Node) -> str:
    """What nodes show, in a few letters: the page's reST carries it beside the directive that makes
    them, so that Sphinx reads a page again exactly when its words change (a translation, a number,
    a change mark, a picture, a printed file's size), as it did when the words were in the reST."""
    return hashlib.sha256("".join(node.pformat() for node in shown).encode()).hexdigest()[:20]


def _meta(page: Page, part_id: str, stated: Rule) -> nodes.paragraph:
    """The line under a rule's title: its number (a link to its permanent address), then, each after
    a dot, its source (editors), its change in this edition, its earlier texts and, in an archived
    edition, that it is no longer in force and the rule in force."""
    _ = page.tr.gettext
    book = page.book
    line: list[nodes.Node] = [link(page.reading.cite(stated.id) or stated.id, f"r/{stated.id}.html")]

    def then(*more: nodes.Node) -> None:
        line.extend((nodes.Text(SEPARATOR), *more))

    if page.editors and not stated.see and not stated.of_the_game_for(book.documents):   # the game's: said below it
        part = next(part for part in book.parts if part.id == part_id)
        then(nodes.Text(one_line(_("Source: {document}, “{heading}”").format(document=part.source,
                                                                              heading=stated.source))))
    if change := page.change_of(stated.id):
        said = _("New in edition {edition}") if change.kind == "added" else _("Changed in edition {edition}")
        then(link(one_line(said.format(edition=book.edition)), f"changes.html#{change.anchor}"))
    for number, address in page.earlier_of(stated.id):
        then(link(one_line(_("Earlier text: edition {edition}").format(edition=number)), address))
    if page.archived:
        then(nodes.Text(one_line(_("Edition {edition}, no longer in force").format(edition=book.edition))))
        if now := page.in_force_link(stated.id):
            then(link(one_line(_("The rule in force")), now))
    return paragraph(*line, classes=(META,))


def _reference(page: Page, see: str) -> list[nodes.Node]:
    """What a reference says: the rule of the house that states it (a link to its place), and its part."""
    reading = page.reading
    part_id, target = reading.placed[see]
    part = next(part for part in page.book.parts if part.id == part_id)
    links = {"rule": link(one_line(reading.title(target)), rule_address(part_id, target.id)),
             "part": nodes.Text(one_line(reading.text(part.title)))}
    try:
        return list(words(page.tr.gettext(SEE), links))
    except (KeyError, ValueError):   # a broken translation (the gate reports it): the English
        return list(words(SEE, links))


def _proposed(page: Page, stated: Rule, proposal: Proposal | None) -> list[nodes.Node]:
    """A proposal beside its rule: a whole proposed rule (``proposal`` None) or one proposed sentence.
    An adopted sentence reads as the rule does; the rest reach only the editors."""
    _ = page.tr.gettext
    if proposal is not None and proposal.adopted:
        return [paragraph(nodes.Text(one_line(page.reading.fill(proposal.text, stated.values))))]
    if not page.editors:
        return []
    if proposal is not None:
        head = [nodes.strong("", one_line(_("Proposed:"))),
                nodes.Text(" " + one_line(page.reading.fill(proposal.text, stated.values)))]
    else:
        head = [nodes.strong("", one_line(_("Proposed rule: the house's documents do not say this.")))]
    why = one_line(_("Why:")) + " " + one_line(proposal.reason if proposal is not None else stated.proposed or "")
    adopts = one_line(_("The house adopts it by naming {key} in its house file.").format(
        key=proposal.key if proposal is not None else stated.id))
    return [nodes.container("", paragraph(*head, nodes.Text(f"\n{why}\n{adopts}")), classes=["proposed"])]


class PageDirective(SphinxDirective):
    """A directive of the rulebook domain: its nodes made (``made``) from the page renderer of the
    Sphinx build (``page_of``); its ``:words:`` option, the digest of what they show, only
    tells Sphinx when to read the page again. Each labelled node (given its ids: a rule's, a section's,
    a term's) is noted as a label, each section titled with words as docutils names a heading, in the
    order of the page, as docutils noted them when they were reST; each doctest names its page."""

    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {"words": directives.unchanged}

    @classmethod
    def made(cls, page: Page, arguments: Sequence[str], options: Mapping[str, Any],
             docname: str = "") -> nodes.Element | list[nodes.Element]:
        """The page's nodes for the directive's ``arguments`` and ``options`` (as its ``option_spec``
        read them), on the page ``docname``: what ``run`` returns (a label before its section, if it has one),
        and what a test reads of a page."""
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        made = self.made(page_of(self.config), self.arguments, self.options, self.env.docname)
        found: list[nodes.Element] = made if isinstance(made, list) else [made]
        document = self.state.document
        for named in (inner for node in found for inner in node.findall(nodes.Element)):
            if named["names"]:
                (document.note_explicit_target if named["ids"] else document.note_implicit_target)(named, named)
        for code in (inner for node in found for inner in node.findall(nodes.literal_block)):
            self.set_source_info(code)   # a failing doctest names the page and line
        return list(found)


def setup_nodes(app: Sphinx) -> None:
    """The rule node with its visitors for every builder the project uses (every HTML builder
    shares the HTML translator; doctest and the others write nothing of a page)."""
    visitors: dict[str, Any] = {builder: (visit_rule, depart_rule) for builder in BUILDERS}
    app.add_node(rule, **visitors)
