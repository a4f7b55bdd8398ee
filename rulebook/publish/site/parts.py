"""A part of the rulebook as Sphinx nodes: ``.. rulebook:part:: rake`` is the whole source of its page.

The directive (the rulebook domain's, ``rule_index.RuleIndexDomain``) takes the part from the
language's ``Reading`` and returns its section: the notice of the language of authority, the part's
introduction and table, then a section for each of its sections and rules, each rule's words, table,
sources, where its house numbers come from and notes (editors: ``number_sources``) and worked
examples (``rules``). Every word is a ``nodes.Text``: no translated string is parsed as reST, so none
can become markup. Ids are the rules', sections' and part's own, the same in every language
(``sphinxext.stable_section_ids`` keeps them first).

The nodes are those docutils made of the reST this replaces (headings, a ``note``, ``list-table``
tables), so a page reads, and is written by every builder, as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from docutils import nodes

from rulebook.core.model import Part, Rule
from rulebook.publish.site.number_sources import rule_references
from rulebook.publish.site.rst import one_line
from rulebook.publish.site.rules import Page, PageDirective, example_nodes, paragraph, rule_nodes, table


def section(ident: str, title: str) -> nodes.section:
    """A section whose id is its label (the rule's, the section's, the part's) and whose title is text."""
    return nodes.section("", nodes.title("", "", nodes.Text(title)), ids=[ident], names=[ident])


def part_nodes(page: Page, part_id: str) -> nodes.section:
    """A part's page in the page's language and edition (the reader's, or the editors')."""
    reading = page.reading
    part = next(found for found in page.book.parts if found.id == part_id)
    top = section(part.id, one_line(reading.text(part.title)))
    top += authority(page)
    if part.intro:
        top += paragraph(nodes.Text(one_line(reading.text(part.intro))))
    if part.table:
        top += TABLES[part.table](page)
    for group in part.sections:
        middle = section(group.id, one_line(reading.text(group.title)))
        for stated in group.rules:
            middle += _rule_section(page, part, stated)
        top += middle
    return top


def _rule_section(page: Page, part: Part, stated: Rule) -> nodes.section:
    reading = page.reading
    found = section(stated.id, one_line(reading.fill(stated.title, stated.values)))
    found += rule_nodes(page, stated.id)
    if stated.table:
        found += TABLES[stated.table](page)
    if page.editors and stated.of_the_game_for(page.book.documents):
        found += paragraph(nodes.Text(one_line(page.tr.gettext(
            "The game's own rule, as the rule library states it (written from {document}): no passage of this "
            "house's documents.").format(document=stated.game))), classes=("source-excerpt",))
    elif page.editors:
        found += [paragraph(nodes.Text(one_line(excerpt)), classes=("source-excerpt", f"language-{part.source_language}"))
                  for excerpt in stated.excerpts]
        found += rule_references(page, stated)
        found += [_note(page, note) for note in reading.notes_of(stated.id)]
    found += [example_nodes(page, example.id) for example in reading.examples_of(stated.id)]
    return found


def _note(page: Page, note: Any) -> nodes.container:
    """An editorial note (editors): its title and text, and the passages of the documents it quotes."""
    reading = page.reading
    box = nodes.container("", paragraph(
        nodes.strong("", one_line(page.tr.gettext("Editorial note:"))), nodes.Text(" "),
        nodes.strong("", one_line(reading.fill(note.title, note.values))),
        nodes.Text(" " + one_line(reading.fill(note.text, note.values)))), classes=["editorial-note"])
    box += [nodes.bullet_list("", nodes.list_item("", paragraph(nodes.Text(one_line(source)))), bullet="*",
                              classes=["note-source", f"language-{reading.source_language(source)}"])
            for source in note.sources]
    return box


def authority(page: Page) -> nodes.note:
    """The notice on every part: the language whose text prevails, and the edition in force."""
    reading, book = page.reading, page.book
    official = reading.official_language()
    notice = nodes.note("", paragraph(nodes.Text(one_line(page.tr.gettext(
        "The official language of these rules is {language}. In a dispute, the {language} text prevails."
    ).format(language=official)))))
    if book.edition and book.effective:   # a house file gives both or neither
        notice += paragraph(nodes.Text(one_line(reading.fmt.edition(book.name, book.edition, book.effective))))
    return notice


def _rake_bands(page: Page) -> nodes.table:
    _, money = page.tr.gettext, page.reading.fmt.money
    return table([_("Pot from"), _("Pot up to"), _("Rake")],
                 [[money(band["from"]), money(band["to"]) if band["to"] is not None else _("and above"),
                   money(band["rake"])] for band in page.book.house["rake"]["bands"]], classes=("rake-bands",))


def _stakes(page: Page) -> nodes.table:
    _, fmt = page.tr.gettext, page.reading.fmt
    rows: list[Any] = page.book.house["stakes"]
    raked = (rows[0].get("rake") or {}).get("percent") is not None
    head = [_("Stakes"), _("Game"), _("Minimum buy-in"), _("Maximum buy-in"), *([_("Rake"), _("Cap")] if raked else [])]
    return table(head, [[
        str(row["name"]), str(row["game"]), fmt.money(row["buy_in"]["min"]), fmt.money(row["buy_in"]["max"]),
        *([fmt.percent(row["rake"]["percent"]), fmt.money(row["rake"]["cap"])] if raked else [])] for row in rows],
        classes=("stakes",))


def _hand_ranks(page: Page) -> nodes.table:
    _ = page.tr.gettext
    head: Sequence[str] = [
        # Translators: the hand rankings' first column: 1 for the strongest hand.
        _("Rank"),
        _("Category"), _("For example")]
    return table(head, [[str(row["place"]), row["name"], row["cards"]] for row in page.hand_ranks()],
                 classes=("hand-ranks",))


# The tables a part or a rule shows from the engine or the house's numbers (``table:`` in the rule YAML).
TABLES: dict[str, Callable[[Page], nodes.table]] = {
    "rake-bands": _rake_bands, "stakes": _stakes, "hand-ranks": _hand_ranks,
}


class AuthorityDirective(PageDirective):
    """``.. rulebook:authority::``: the notice of the language of authority and the edition in force,
    on a page that is not a part's (the downloads, the changes)."""

    @classmethod
    def made(cls, page: Page, arguments: Sequence[str], options: Mapping[str, Any], docname: str = "") -> nodes.Element:
        return authority(page)


class PartDirective(PageDirective):
    """``.. rulebook:part:: <part id>``: the part's page in the language being built."""

    required_arguments = 1

    @classmethod
    def made(cls, page: Page, arguments: Sequence[str], options: Mapping[str, Any], docname: str = "") -> nodes.Element:
        return part_nodes(page, arguments[0])
