"""Rulebook pages as reStructuredText, from a house's reading in one language and its history.

A page's reST is its directive's line and the digest of what it shows: its words are nodes the directive
makes (``rules``, ``parts``, ``pages``), never reST, and a template may print only ids and digests
(``rst.source_value``, Jinja's ``finalize``: words printed there are refused). What the pages say comes from the ``Reading`` (words, numbers, the
rules in place) and the ``History`` (what changed, the earlier texts, an archived edition's
banner), both made before the build's jobs are forked; this module only writes them as reST.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from typing import Any

import jinja2

from pokerrules import hands
from rulebook.core.examples import WorkedExample, shown_result
from rulebook.i18n.catalogs import Translations
from rulebook.i18n.glossary import Term
from rulebook.project import Project
from rulebook.reading import Reading
from rulebook.reading import calculators
from rulebook.reading.changes import RuleChange
from rulebook.reading.table_facts import table_facts, table_rows
from rulebook.publish.editions.archive import address, in_force_address
from rulebook.publish.print.downloads import Download
from rulebook.publish.machinery.environments import environment
from rulebook.publish.editions.history import history
from rulebook.publish.site import pages as site_pages, parts, rules, runtime, wheel
from rulebook.publish.site.rst import Markup, ident, source_value
from rulebook.publish.site.svg import Drawing

__all__ = ["HAND_OF_CATEGORY", "PageRenderer", "Markup", "ident", "source_value"]

# A hand of each category for the hand-ranking chart (checked against the engine when shown).
HAND_OF_CATEGORY = {
    "straight_flush": ("9h", "8h", "7h", "6h", "5h"), "four_of_a_kind": ("Ks", "Kh", "Kd", "Kc", "3s"),
    "full_house": ("Qs", "Qh", "Qd", "7c", "7s"), "flush": ("Ad", "Jd", "8d", "6d", "2d"),
    "straight": ("Ts", "9h", "8d", "7c", "6s"), "three_of_a_kind": ("8s", "8h", "8d", "Kc", "4s"),
    "two_pair": ("Js", "Jh", "4d", "4c", "As"), "pair": ("Ts", "Th", "Ks", "6d", "3c"),
    "high_card": ("Ah", "Js", "9d", "6c", "3h"),
}


def rst_environment(project: Project, tr: Translations) -> jinja2.Environment:
    """The reST templates' environment in ``tr``'s language: every value they print an id or a digest."""
    return environment(project, "rst", tr, finalize=source_value)


class PageRenderer:
    """Writes one house's pages in one language as reST, from its reading and its history."""

    def __init__(self, project: Project, house_id: str, lang: str, editors: bool = False, archive: dict | None = None,
                 files: Sequence[Download] = ()):
        """``editors``: the editors' edition (sources, excerpts, editorial notes, doctests, the
        translation status) rather than the reader's (rules and worked examples only); ``archive``:
        the pages of an earlier edition, published beside the edition in force (``archive.banner``:
        its number, the pages and the rules in force); ``files``: the printed files its pages offer (none
        for the single page the rulebook PDF is printed from; only those printed are offered). The
        reading and the history are the project's own, made once (``Reading.of``, ``history``)."""
        self.files = tuple(item for item in files if item.size is not None)
        self.reading = reading = Reading.of(project, house_id, lang, editors)
        self.history = history(project, house_id, lang, editors)
        # What the Sphinx extension reads of the pages it builds (``rulebook.publish.site.sphinxext``).
        self.project, self.book, self.tr, self.fmt = reading.project, reading.book, reading.tr, reading.fmt
        self.glossary, self.text, self.fill, self.rule_of = reading.glossary, reading.text, reading.fill, reading.rule_of
        self.placed, self.anchor_ids = reading.placed, reading.anchor_ids
        self.editors, self.changes = editors, self.history.changes
        self.archived = bool(archive)
        self.in_force = frozenset(archive["rules"]) if archive else frozenset()
        self.env = rst_environment(project, reading.tr)
        # What the reST templates read: the book's parts, ids, and the digest of each page's words.
        self.context: dict[str, Any] = dict(
            book=reading.book, editors=editors, ident=ident,
            part_words=lambda part_id: rules.digest(parts.part_nodes(self, part_id)),
            authority_words=lambda: rules.digest(parts.authority(self)),
            glossary_words=lambda: rules.digest(site_pages.glossary_nodes(self)),
        )
        self.drawing = Drawing(reading)

    @functools.cached_property
    def calculators_data(self) -> str:
        """The calculators page's data (``rulebook.reading.calculators``) as JSON; the runtime it names is
        the site's own, two folders up (``rulebook.publish.site.runtime``)."""
        found = runtime.runtime(self.project.root)
        where = {"pyodide": f"../../{found.pyodide}", "engine": f"../../{found.engine}", "wheel": wheel.FILE,
                 "snapshot": runtime.SNAPSHOT, "lock": found.lock}
        data = calculators.page_data(self.reading, calculators.offered(self.reading), where)
        return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"

    @property
    def terms(self) -> tuple[Term, ...]:
        """The glossary of this house: the terms its published rules and examples use."""
        return self.reading.terms

    def render(self, template: str, **page: Any) -> str:
        """One template, with what every page of the house's language shows and ``page``'s own."""
        return self.env.get_template(template).render(**self.context, **page)

    def hand_ranks(self) -> list[dict]:
        """The engine's hand categories, highest first, each in the reader's words with a hand the
        engine itself ranks in that category."""
        rows = []
        for place, category in enumerate(reversed(hands.CATEGORIES), 1):
            cards = HAND_OF_CATEGORY[category]
            if hands.evaluate(cards).category != category:   # the chart is the engine's, or nothing
                raise ValueError(f"{' '.join(cards)} is not a {category} hand")
            rows.append({"place": place, "name": self.fmt.word(category),
                         "cards": " ".join(self.fmt.word(card) for card in cards)})
        return rows

    def change_of(self, rule_id: str) -> RuleChange | None:
        """The change a rule is marked with (new or changed in this edition), if any."""
        return self.changes.marked(rule_id) if self.changes is not None else None

    def earlier_of(self, rule_id: str) -> list[tuple[int, Markup]]:
        """Each earlier edition's text of a rule that a later edition changed (newest first), as
        (edition, its address in the archive)."""
        return [(number, Markup(address(number, part_id, rule_id, self.archived)))
                for number, part_id in self.history.earlier.get(rule_id, ())]

    def archive_link(self, edition: int, page: str, anchor: str | None = None) -> Markup | None:
        """The address of a page (and a rule) of an archived edition; None where no archive is
        published beside these pages (the editors' edition)."""
        return None if self.editors else Markup(address(edition, page, anchor, self.archived))

    def in_force_link(self, rule_id: str) -> Markup | None:
        """From an archived edition's page, the rule in the edition in force (its permanent address),
        if it is still a rule."""
        return Markup(in_force_address(rule_id)) if self.archived and rule_id in self.in_force else None

    def pictures(self, example: WorkedExample) -> Markup | None:
        """The example drawn (``publish.svg``), as HTML only that module writes, or None."""
        return self.drawing.example(example.id, self.reading.pictures(example))

    def doctest(self, example: WorkedExample) -> list[Markup]:
        """The example's engine calls as doctest lines, run by ``make doctest``."""
        lines = []
        for outcome in self.reading.outcomes[example.id]:
            lines += [Markup(f">>> {outcome.call}"), Markup(shown_result(outcome))]
        return lines

    def pages(self, status: list | None = None, calculators_page: bool = False) -> dict[str, str]:
        """Page name → reST source, for every page of the site (``status``: the editors' status page's);
        ``calculators_page``: the site's HTML, where the calculators run (never a print)."""
        files = self.files
        tables = [table_facts(self.reading, row) for row in table_rows(self.book)]
        cards = any(item.kind == "card" for item in files)
        # The calculators run the engine of the edition in force: not on an archived edition's pages,
        # and not in the editors' edition, whose folder has no runtime beside it.
        offered = calculators.offered(self.reading) if calculators_page and not (self.archived or self.editors) else ()
        offers = frozenset(name for name, offered_here in (("at-the-table", tables), ("calculators", offered),
                                                           ("downloads", files), ("cards", cards)) if offered_here)
        pages = {"index": self.render("index.rst.jinja", offers=Markup(" ".join(map(ident, sorted(offers)))),
                                      downloads=bool(files),
                                      at_the_table=bool(tables), calculators=bool(offered),
                                      words=rules.digest(site_pages.home_nodes(self, offers)))}
        if tables:
            pages["at-the-table"] = self.render(
                "at-the-table.rst.jinja", calculators=bool(offered),
                words=rules.digest(site_pages.at_the_table_nodes(self, bool(offered))))
        if offered:
            pages[calculators.PAGE] = self.render("calculators.rst.jinja",
                                                  words=rules.digest(site_pages.calculators_nodes(self)))
        if files:
            pages["downloads"] = self.render("downloads.rst.jinja", words=rules.digest(*site_pages.downloads_nodes(self)))
        if status is not None and self.editors:   # a build report: for the editors, not the readers
            pages["status"] = self.render("status.rst.jinja", words=rules.digest(site_pages.status_nodes(self, status)))
        if self.glossary:
            pages["glossary"] = self.render("glossary.rst.jinja")
        pages["changes"] = self.render("changes.rst.jinja", words=rules.digest(site_pages.changes_nodes(self)))
        for part in self.book.parts:
            pages[part.id] = self.render("part.rst.jinja", part=part)
        return pages
