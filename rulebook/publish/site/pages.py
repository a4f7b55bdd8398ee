"""The rulebook's pages besides its parts as Sphinx nodes, made from the reading: the home page, the
glossary, *At the table*, the calculators, what changed in the edition, the downloads and (editors) the
translation status with the proposals.

As a part's page (``parts``), a page's source is its directive's line (``.. rulebook:glossary::``) and
the digest of what it shows; every word is a ``nodes.Text``, never parsed as reST. A page without a
label of its own is titled and identified as docutils identifies a heading (its title's slug).
"""

from __future__ import annotations

import re
from datetime import date
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives

from sphinx import addnodes

from rulebook.core.languages import SOURCE_LANGUAGE
from rulebook.core.records import stakes_title
from rulebook.gate.status import LanguageStatus, all_status, own_wordings
from rulebook.i18n.formatting import LocaleFormatter
from rulebook.i18n.glossary import Term, glossary_languages
from rulebook.reading import calculators as floor_calculators
from rulebook.reading.changes import ParameterChange, RuleChange
from rulebook.reading.table_facts import CitedRule, Detail, TableFacts, table_facts, table_offer, table_rows
from rulebook.publish.print.downloads import FOLDER as DOWNLOADS, Download, bilingual_languages
from rulebook.publish.print.paper import NAMES, card_size, sheet
from rulebook.publish.site.number_sources import reference_nodes
from rulebook.publish.site.parts import authority
from rulebook.publish.site.redline import redline_nodes
from rulebook.publish.site.rst import one_line
from rulebook.publish.site.rules import META, SEPARATOR, Page, PageDirective, link, paragraph, rule_address, table


def titled(title: str) -> nodes.section:
    """A page's section titled with words and no label: named and identified by docutils, as a
    heading is, when the directive notes it in its document."""
    return nodes.section("", nodes.title("", "", nodes.Text(title)), names=[nodes.fully_normalize_name(title)])


def doc_link(target: str, refdoc: str) -> addnodes.pending_xref:
    """A link to a page of the site by its name, titled by Sphinx with the page's title (``:doc:``)."""
    return addnodes.pending_xref("", nodes.inline("", target, classes=["xref", "std", "std-doc"]), refdoc=refdoc,
                                 refdomain="std", refexplicit=False, reftarget=target, reftype="doc", refwarn=True)


def home_nodes(page: Page, offers: frozenset[str], refdoc: str = "") -> nodes.section:
    """The home page above its table of contents: the rulebook's title, links to what a player looks
    for first (``offers``: "at-the-table", "calculators", "downloads", "cards"), the notice of
    authority, and what the rules are, with the house's city and contact."""
    _, book = page.tr.gettext, page.book
    top = titled(one_line(page.reading.text(book.title)))
    tournament, (straddles, raked) = not book.runs_cash_games, table_offer(book)
    quick = []
    if "at-the-table" in offers:
        quick.append(("at-the-table", _("the rules asked about at the tournament tables") if tournament else
                      _("the blinds, buy-in, straddles and rake of each game") if straddles and raked else
                      _("the blinds, buy-in and straddles of each game") if straddles else
                      _("the blinds, buy-in and rake of each game") if raked else
                      _("the blinds and buy-in of each game")))
    if "calculators" in offers:
        quick.append(("calculators", _("the sums asked at the table, worked out by this rulebook's own rules")))
    if "downloads" in offers:
        quick.append(("downloads", _("the rulebook, its short form and the table cards, to print") if "cards" in offers
                      else _("the rulebook and its short form, to print")))
    if quick:
        top += nodes.bullet_list("", *(nodes.list_item("", paragraph(doc_link(target, refdoc),
                                                                      nodes.Text(" \u2014 " + one_line(said))))
                                       for target, said in quick), bullet="*", classes=["quick-links"])
    top += authority(page)
    top += paragraph(nodes.Text(one_line(_("These are the rules of {house}. Each rule has a number, the same in every "
                                           "language: cite a rule by its number.").format(house=book.name))))
    if book.city:
        top += paragraph(nodes.Text(one_line(_("City: {city}").format(city=book.city))))
    if book.contact:
        top += paragraph(nodes.Text(one_line(_("Contact: {contact}").format(contact=book.contact))))
    return top


class HomeDirective(PageDirective):
    """``.. rulebook:home::`` (``:offers:`` what the site offers beside the rules), its content the
    page's table of contents: the home page."""

    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {**PageDirective.option_spec, "offers": directives.unchanged}

    @classmethod
    def made(cls, page: Page, arguments: Sequence[str], options: Mapping[str, Any], docname: str = "") -> nodes.Element:
        return home_nodes(page, frozenset(options.get("offers", "").split()), docname)

    def run(self) -> list[nodes.Node]:
        made = super().run()
        self.state.nested_parse(self.content, self.content_offset, made[0])   # the toctree: page names only
        return made


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
                         *(term.shown(lang) for lang in languages[1:])] for term in reading.terms], classes=("glossary",),
                 languages=(None, None, *languages[1:]))
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
                              link(one_line(reading.fill(stated.title, stated.values)), rule_address(part_id, stated.id))))
    return said


def at_the_table_nodes(page: Page, calculators: bool, refdoc: str = "") -> nodes.section:
    """*At the table*: for each game and stakes, what its table card prints (``reading.table_facts``), to
    read on a phone at arm's length: the numbers first, then the details and the rules asked about,
    each rule a link by its number. ``calculators``: the site offers its calculators (a link to them);
    ``refdoc``: the page the link is resolved from (Sphinx's)."""
    _, book = page.tr.gettext, page.book
    tournament = not book.runs_cash_games
    top = titled(one_line(_("At the table")))
    top += paragraph(nodes.Text(one_line(
        _("What the tournament table card says: the rules asked about at the table, each one tap away.") if tournament
        else _("The numbers of each game and stakes, as the table card gives them. The rules they come from are one tap "
               "away."))))
    if calculators:   # what they work out is on their page: this line promises no sum a house may not offer
        top += paragraph(nodes.Text(one_line(_("The sums asked at the table, worked out for you:")) + " "),
                         addnodes.pending_xref(
            "", nodes.inline("", "calculators", classes=["xref", "std", "std-doc"]), refdoc=refdoc, refdomain="std",
            refexplicit=False, reftarget="calculators", reftype="doc", refwarn=True))
    top += [_stakes_section(page, facts) for facts in (table_facts(page.reading, row) for row in table_rows(book))]
    return top


def _stakes_section(page: Page, facts: TableFacts) -> nodes.section:
    found = titled(one_line(facts.title))
    if facts.keys:   # a tournament's card has none: no empty list (the reST gave its class to the list after)
        found += nodes.definition_list("", *(nodes.definition_list_item(
            "", nodes.term("", "", nodes.Text(one_line(key.label))),
            nodes.definition("", paragraph(nodes.Text(one_line(key.value))))) for key in facts.keys),
            classes=["table-keys"])
    lines = [paragraph(*_detail(page, detail)) for detail in facts.details]
    lines += [paragraph(_cited(page, rule, f"{page.reading.cite(rule.rule_id)} \u00b7 {rule.title}")) for rule in facts.rules]
    found += nodes.bullet_list("", *(nodes.list_item("", line) for line in lines), bullet="*", classes=["table-details"])
    return found


def _cited(page: Page, rule: CitedRule, shown: str | None = None) -> nodes.reference:
    return link(one_line(shown or page.reading.cite(rule.rule_id) or ""), rule_address(rule.part_id, rule.rule_id))


def _detail(page: Page, detail: Detail) -> list[nodes.Node]:
    """A line with the stakes' own numbers, after the numbers of the rules it comes from."""
    found: list[nodes.Node] = []
    for index, rule in enumerate(detail.rules):
        found += [_cited(page, rule), nodes.Text(", " if index < len(detail.rules) - 1 else " \u00b7 ")]
    text = one_line(detail.text)
    found.append(nodes.strong("", text) if detail.stressed else nodes.Text(text))
    return found


def calculators_nodes(page: Page) -> nodes.section:
    """The floor calculators' page: what each one answers and the rules that decide it, readable without
    its script (``calculators.js`` builds each form inside its container and works the sums out in the
    reader's browser). Its words say what the reader needs, never how the answers are computed."""
    _ = page.tr.gettext
    top = titled(one_line(_("Calculators")))
    top += paragraph(nodes.Text(one_line(_("The sums asked at the table, worked out by this rulebook's own rules. "
                                           "Each answer names the rules that decide it."))))
    top += paragraph(nodes.Text(one_line(_("The calculators cannot work in this browser with its present settings. "
                                           "The rules they apply are linked below."))), classes=("calculators-need-script",))
    for item in floor_calculators.offered(page.reading):
        found = titled(one_line(item.title))
        decided: list[nodes.Node] = [nodes.Text(one_line(_("Decided by:")) + " ")]
        for index, rule in enumerate(item.rules):
            decided += [link(one_line(f"{rule.cited} \u00b7 {rule.title}"), rule_address(rule.part_id, rule.rule_id)),
                        *([nodes.Text("; ")] if index < len(item.rules) - 1 else [])]
        found += nodes.container("", paragraph(*decided), classes=["calculator", f"calculator-{item.calculator.id}"])
        top += found
    return top


class CalculatorsDirective(PageDirective):
    """``.. rulebook:calculators::``: the calculators' page."""

    @classmethod
    def made(cls, page: Page, arguments: Sequence[str], options: Mapping[str, Any], docname: str = "") -> nodes.Element:
        return calculators_nodes(page)


class AtTheTableDirective(PageDirective):
    """``.. rulebook:at-the-table::`` (``:calculators:`` where the site offers them): the page of what
    each table card says."""

    option_spec: ClassVar[dict[str, Any]] = {**PageDirective.option_spec, "calculators": directives.flag}

    @classmethod
    def made(cls, page: Page, arguments: Sequence[str], options: Mapping[str, Any], docname: str = "") -> nodes.Element:
        return at_the_table_nodes(page, "calculators" in options, docname)


def status_nodes(page: Page, status: list[LanguageStatus]) -> nodes.section:
    """The editors' status page: how complete the catalog of each language the house publishes is
    (English, the catalogs' source, is the language the rules are written in), where each group of the
    house's numbers comes from (``references_nodes``), then every proposal of the house not yet adopted
    (``proposals_nodes``)."""
    _, fmt = page.tr.gettext, page.reading.fmt
    top = titled(one_line(_("Translation status")))
    top += authority(page)
    top += paragraph(nodes.Text(one_line(_(
        "In a dispute, the {language} text prevails. Translators work from one English source text, so that every "
        "language says the same; a translation is complete only when every message is translated and reviewed, and "
        "the consistency check blocks any publication with a missing, outdated or inconsistent translation."
    ).format(language=page.reading.official_language()))))
    counted = {row.lang: row for row in status}
    rows: list[list[str]] = []
    for lang in page.book.languages:
        if lang == SOURCE_LANGUAGE:
            # Translators: the editors' status page, in the row of English: the catalogs' source, not a translation.
            rows.append([fmt.language_name(lang), _("the language the rules are written in"), "", "", ""])
        elif (row := counted.get(lang)) is not None:   # a language of the catalogs, counted
            rows.append([fmt.language_name(lang), fmt.count(row.translated), fmt.count(row.fuzzy),
                         fmt.count(row.missing), fmt.percent(row.percent)])
    top += table([_("Language"), _("Translated"), _("To review (fuzzy)"), _("Missing"), _("Complete")], rows,
                 classes=("translation-status",))
    top += own_wording_nodes(page)
    top += references_nodes(page)
    top += proposals_nodes(page)
    return top


def own_wording_nodes(page: Page) -> list[nodes.section]:
    """The rules of the shared library the house's catalogs word their own way, and in which of its
    languages (a room's own project: ``own_wordings``); nothing where there is none."""
    _, fmt, book = page.tr.gettext, page.reading.fmt, page.book
    wordings = own_wordings(page.reading.project)
    rules = [rule for rule in book.rules if set(wordings.get(rule.id, ())) & set(book.languages)]
    if not rules:
        return []
    found = titled(one_line(_("Library rules in the house's own words")))
    found += paragraph(nodes.Text(one_line(_(
        "The house's catalogs replace the library's translation of these rules with their own. When a newer "
        "library changes a rule's English, the consistency check names it until the house's translator has translated the "
        "new text."))))
    found += nodes.bullet_list("", *(nodes.list_item("", paragraph(
        link(f"# {rule.id}", f"r/{rule.id}.html"), nodes.Text(" "),
        nodes.strong("", one_line(page.reading.fill(rule.title, rule.values))),
        nodes.Text(" \u2014 " + ", ".join(fmt.language_name(lang) for lang in wordings[rule.id] if lang in book.languages))))
        for rule in rules), bullet="*")
    return [found]


def references_nodes(page: Page) -> list[nodes.section]:
    """Every reference of the house file, in its order: the passage of the house's documents each
    group of numbers comes from, or why the house states numbers they do not give (nothing for a
    house that states no number)."""
    _ = page.tr.gettext
    if not page.book.references:
        return []
    found = titled(one_line(_("Sources of the house's numbers")))
    found += paragraph(nodes.Text(one_line(_(
        "Each group of numbers of the house file, with the passage of the house's documents it comes from, or why "
        "the house states numbers its documents do not give."))))
    found += nodes.bullet_list("", *(nodes.list_item("", reference_nodes(page, reference))
                                     for reference in page.book.references), bullet="*")
    return [found]


def proposals_nodes(page: Page) -> tuple[nodes.target, nodes.section]:
    """Every proposal of the house not yet adopted, in one place (editors only), after the label
    ``proposals`` (a target, as ``.. _proposals:`` was, which docutils gives the section): the
    rules' and their sentences', then the numbers its house file states though its documents do not
    give them (``references:``, ``{proposed: why}``)."""
    _, reading = page.tr.gettext, page.reading
    found = titled(one_line(_("Proposals")))
    numbers = [reference for reference in page.book.references if reference.proposed is not None]
    label = nodes.target("", "", ids=["proposals"], names=["proposals"])
    if not page.book.proposals and not numbers:
        found += paragraph(nodes.Text(one_line(_("The house has no proposal to consider."))))
        return label, found
    if page.book.proposals:
        found += paragraph(nodes.Text(one_line(_("What the rules would say beyond the house's own documents. None of it "
                                                 "is published: the house adopts a proposal by naming it in its house "
                                                 "file."))))
        items = []
        for stated, proposal in page.book.proposals:
            what = (f"{one_line(reading.fill(proposal.text, stated.values))} ({proposal.key})" if proposal
                    else one_line(_("the whole rule")))
            why = one_line(proposal.reason if proposal else stated.proposed or "")
            items.append(nodes.list_item("", paragraph(
                link(f"# {stated.id}", f"r/{stated.id}.html"), nodes.Text(" "),
                nodes.strong("", one_line(reading.fill(stated.title, stated.values))),
                nodes.Text(f" \u2014 {what}. {one_line(_('Why:'))} {why}"))))
        found += nodes.bullet_list("", *items, bullet="*")
    if numbers:
        found += paragraph(nodes.Text(one_line(_(
            # Translators: the editors' status page; {references} is the house file's key, as it is written there.
            "Numbers the house states that its documents do not give. Its pages show them as its house file states "
            "them; once a document of the house gives them, quote its passage under {references} in the house "
            "file.").format(references="references:"))))
        found += nodes.bullet_list("", *(nodes.list_item("", reference_nodes(page, reference)) for reference in numbers),
                                   bullet="*")
    return label, found


class StatusDirective(PageDirective):
    """``.. rulebook:status::``: the editors' status page."""

    @classmethod
    def made(cls, page: Page, arguments: Sequence[str], options: Mapping[str, Any], docname: str = "") -> nodes.Element:
        return status_nodes(page, all_status(page.reading.project))


class GlossaryDirective(PageDirective):
    """``.. rulebook:glossary::``: the glossary page."""

    @classmethod
    def made(cls, page: Page, arguments: Sequence[str], options: Mapping[str, Any], docname: str = "") -> nodes.Element:
        return glossary_nodes(page)


def changes_nodes(page: Page) -> nodes.section:
    """What changed in the edition, since the one before it: each rule added, changed (its redline),
    removed or renumbered, each house number changed (the rules and cards quoting it), each worked example
    with new results; or why nothing can be listed. The page printed (the redline), offered beside it."""
    _, book, changes = page.tr.gettext, page.book, page.changes
    redline_pdf = next((item for item in page.files if item.kind == "redline"), None)
    fmt = page.reading.fmt
    top = titled(one_line(_("What changed in edition {edition}").format(edition=book.edition or 1)))
    if changes is None:
        said = (_("Edition {previous} is not recorded with these sources, so the changes since it cannot be listed.")
                .format(previous=(book.edition or 1) - 1) if (book.edition or 1) > 1 else
                _("This is the first edition of these rules: there is no earlier edition to compare it with."))
        top += paragraph(nodes.Text(one_line(said)))
        return top
    replaces = paragraph(nodes.Text(one_line(_("Edition {edition}, in force from {date}, replaces edition {previous}, in "
                                               "force from {previous_date}.").format(
        edition=changes.edition, date=_dated(fmt, changes.effective), previous=changes.previous_edition,
        previous_date=_dated(fmt, changes.previous_effective)))))
    if changes.previous_edition is not None and (previous_home := page.archive_link(changes.previous_edition, "index")):
        replaces += [nodes.Text("\n"), link(one_line(_("Read edition {edition} as it was").format(
            edition=changes.previous_edition)), previous_home)]   # the same paragraph: where to read it follows
    top += replaces
    if not changes:
        top += paragraph(nodes.Text(one_line(_("The rules are the same as in edition {previous}.").format(
            previous=changes.previous_edition))))
    if changes.of_kind("changed") or changes.examples:
        top += addnodes.only("", paragraph(nodes.Text(one_line(_(
            "In each changed text, the words taken out are struck through and the words put in are underlined.")))),
            expr="html")
    if redline_pdf is not None:
        top += paragraph(download_link(page, _("This page as a PDF, to print"), redline_pdf),
                         nodes.Text(f" ({one_line(about(page, redline_pdf))})"))
    for kind, title in (("added", _("New rules")), ("changed", _("Changed rules")), ("removed", _("Removed rules")),
                        ("renumbered", _("Rules with a new number"))):
        if entries := changes.of_kind(kind):
            group = titled(one_line(title))
            for change in entries:
                group += _changed_rule(page, change, changes.previous_edition)
            top += group
    if changes.parameters:
        group = titled(one_line(_("Changed numbers")))
        group += nodes.bullet_list("", *(nodes.list_item("", paragraph(*_changed_number(page, parameter)))
                                         for parameter in changes.parameters), bullet="*")
        top += group
    if changes.examples:
        group = titled(one_line(_("Worked examples with new results")))
        for example in changes.examples:
            group += paragraph(link(one_line(example.rule_title), rule_address(example.part_id, example.rule_id)), classes=(META,))
            group += paragraph(*redline_nodes(example.old_text, example.new_text))
        top += group
    return top


def _dated(fmt: LocaleFormatter, day: date | None) -> str:
    """A day as the language writes it ("1 decembrie 2026"); a dash for an edition that gives none."""
    return fmt.long_date(day) if day else "\u2014"


def _changed_rule(page: Page, change: RuleChange, previous: int | None) -> list[nodes.Node]:
    """A rule's entry (its label, as ``.. _added-…:`` left it, then its section): its number, then its
    text (new), its redline (changed), its last text (removed) or nothing more (renumbered)."""
    _ = page.tr.gettext
    removed = change.kind == "removed"
    entry = titled(one_line(change.old_title if removed else change.new_title))
    if removed:
        cited = one_line(_("Rule {number}").format(number=change.old_number))
        last = page.archive_link(previous, change.part_id, change.rule_id) if previous is not None else None
        entry += paragraph(link(cited, last) if last else nodes.Text(cited),
                           nodes.Text(SEPARATOR + one_line(_("No longer a rule of this house. Its last text:"))),
                           classes=(META,))
        entry += paragraph(nodes.Text(one_line(change.old_text)))
    else:
        cited = (_("Rule {number}, formerly rule {old}").format(number=change.new_number, old=change.old_number)
                 if change.old_number and change.old_number != change.new_number
                 else _("Rule {number}").format(number=change.new_number))
        entry += paragraph(link(one_line(cited), rule_address(change.part_id, change.rule_id)), classes=(META,))
        if change.kind == "added":
            entry += paragraph(nodes.Text(one_line(change.new_text)))
        elif change.kind == "changed":
            if change.old_title != change.new_title:
                entry += paragraph(*redline_nodes(change.old_title or "", change.new_title or ""))
            entry += paragraph(*redline_nodes(change.old_text or "", change.new_text or ""))
    return [nodes.target("", "", ids=[change.anchor], names=[change.anchor]), entry]


def _changed_number(page: Page, parameter: ParameterChange) -> list[nodes.Node]:
    """A house number's line: old → new, the rules quoting it (links), the table cards printing it."""
    _ = page.tr.gettext
    line: list[nodes.Node] = [nodes.Text(one_line(_("{parameter}: {old} → {new}").format(
        parameter=parameter.label, old=parameter.old, new=parameter.new)))]
    if parameter.rules:
        line.append(nodes.Text(SEPARATOR + one_line(_("Quoted by:")) + " "))
        for at, (rule_id, part_id, title) in enumerate(parameter.rules):
            line += [*([nodes.Text(", ")] if at else []), link(one_line(title), rule_address(part_id, rule_id))]
    if parameter.cards:
        line.append(nodes.Text(SEPARATOR + one_line(_("On the table cards: {cards}").format(cards=", ".join(parameter.cards)))))
    return line


def download_link(page: Page, text: str, item: Download) -> nodes.reference:
    """A link to a printed file in the site's downloads folder (its name is the code's, never a word of a house's)."""
    if not re.fullmatch(r"[a-z0-9-]+\.pdf", item.name):
        raise ValueError(f"not a download name: {item.name!r}")
    return link(one_line(text), f"{DOWNLOADS}/{item.name}")


def about(page: Page, item: Download) -> str:
    """What a reader wants to know before downloading: the format, the paper and the size."""
    assert item.size is not None   # only the files printed are offered
    return page.tr.gettext("PDF, {paper}, {size}").format(paper=item.paper, size=page.reading.fmt.file_size(item.size))


def downloads_nodes(page: Page) -> list[nodes.Element]:
    """The printed files a reader takes away (``page.files``, served from the site's downloads folder): the
    rulebook, what changed since the edition before (if one is recorded), the short form, and each table card
    with its sheet, print shop's page and two-sided card; and the control that keeps them on the device."""
    _, book, files = page.tr.gettext, page.book, page.files
    cards = any(item.kind == "card" for item in files)
    top = titled(one_line(_("Downloads")))
    top += authority(page)
    top += paragraph(nodes.Text(one_line(_(
        "The rulebook, its short form and the table cards as PDF files, ready to print. Each one names its edition and "
        "the day it is in force from, so a stale copy can be told from a current one.") if cards else _(
        "The rulebook and its short form as PDF files, ready to print. Each one names its edition and the day it is in "
        "force from, so a stale copy can be told from a current one."))))
    if any(item.size for item in files):
        keep = nodes.container(classes=["keep-offline"])
        keep += [paragraph(nodes.Text(one_line(said)), classes=(f"keep-offline-{kind}",)) for kind, said in (
            ("intro", _("No signal at the table? Keep these files on this device, and they open without one.")),
            ("button", _("Keep every file of this page on this device")),
            ("working", _("Keeping the files: {done} of {total}…")),
            ("done", _("Kept on this device: these files open without a signal.")),
            ("failed", _("Not every file could be kept: try again with a signal.")))]
        top += keep
    rulebooks: list[list[nodes.Node]] = [
        *(_download(page, _("The whole rulebook, every part and the glossary"), item) for item in files if item.kind == "rulebook"),
        *([[link(one_line(_("What changed in edition {edition}").format(edition=book.edition)), "changes.html")]]
          if page.changes is not None else []),   # a first edition's page only says there is nothing to compare
        *(_download(page, _("What changed in edition {edition}, every changed word marked").format(edition=book.edition), item)
          for item in files if item.kind == "redline"),
        *(_download(page, _("Short form: the rules players meet most, on one or two pages"), item)
          for item in files if item.kind == "short-form")]
    where = top
    if any(item.kind == "rulebook" for item in files):
        where = titled(one_line(_("The rulebook")))
        top += where
    if rulebooks:
        where += nodes.bullet_list("", *(nodes.list_item("", paragraph(*line)) for line in rulebooks), bullet="*")
    if cards:
        top += _table_cards(page)
    return [nodes.target("", "", ids=["downloads"], names=["downloads"]), top]


def _download(page: Page, text: str, item: Download) -> list[nodes.Node]:
    """A printed file's link, then what it is: "card (PDF, A6, 16 kB)"."""
    return [download_link(page, text, item), nodes.Text(f" ({one_line(about(page, item))})")]


def _table_cards(page: Page) -> nodes.section:
    """The table cards: what they are and how a sheet prints, then each stakes' card and its other
    prints, and the rake card."""
    _, book, files, fmt = page.tr.gettext, page.book, page.files, page.reading.fmt
    printing, tournament = book.printing, not book.runs_cash_games
    slots = len(sheet(printing).slots)
    width, height = (fmt.count(round(side)) for side in card_size(printing))
    size = dict(width=width, height=height, size=NAMES[printing.card])
    said = [_("One card to stand on the tournament tables: {width} × {height} mm ({size}).").format(**size) if tournament
            else _("One card per game and stakes, to stand on the table: {width} × {height} mm ({size}).").format(**size),
            _("A sheet prints two cards side by side on one landscape {paper} page, at their true size, with crop marks to "
              "cut along.").format(paper=NAMES[printing.paper]) if slots > 1 else
            _("A sheet prints the card on one {paper} page, at its true size, with crop marks to cut along.").format(
                paper=NAMES[printing.paper])]
    if any(item.kind in ("bilingual-sheet", "rake-sheet") for item in files):
        said.append(_("The sheet of a two-sided card prints the fronts on one side of the paper and the backs on the "
                      "other: print it two-sided, flipped on the short edge.") if slots > 1 else
                    _("The sheet of a two-sided card prints the front on one side of the paper and the back on the "
                      "other: print it two-sided, flipped on the long edge."))
    said.append(_("For a print shop: each card alone on a page of its own size, with 3 mm of bleed and crop marks "
                  "beyond it, in the press's four colours (PDF/X-4)."))
    top = titled(one_line(_("Table cards")))
    top += paragraph(nodes.Text("\n".join(one_line(line) for line in said)))   # one paragraph, a sentence a line
    pair = bilingual_languages(book) or ()
    sheet_name = _("sheet of two") if slots > 1 else _("sheet")
    names = {"sheet": sheet_name, "press": _("for a print shop"),
             **({"bilingual": _("two-sided card, {first} and {second}"),
                 "bilingual-sheet": _("sheet with the {first} and the {second} card")} if pair else {})}
    entries = []
    for item in files:
        if item.kind == "card" and item.stakes is not None:
            others = [other for other in files if other.stakes is not None and other.stakes["name"] == item.stakes["name"]
                      and other.kind != "card"]
            title = _("Tournament") if tournament else stakes_title(item.stakes)
            entries.append((title, [_download(page, _("card"), item), *(_download(
                page, names[other.kind].format(first=fmt.language_name(pair[0]), second=fmt.language_name(pair[1]))
                if pair else names[other.kind], other) for other in others)]))
        elif item.kind == "rake":
            entries.append((_("Rake"), [_download(page, _("the rake card, every band"), item),
                                        *(_download(page, sheet_name, other) for other in files if other.kind == "rake-sheet"),
                                        *(_download(page, _("for a print shop"), other) for other in files
                                          if other.kind == "rake-press")]))
    top += nodes.bullet_list("", *(nodes.list_item(
        "", paragraph(nodes.strong("", one_line(title))),
        nodes.bullet_list("", *(nodes.list_item("", paragraph(*line)) for line in lines), bullet="-"))
        for title, lines in entries), bullet="*")
    return top


class DownloadsDirective(PageDirective):
    """``.. rulebook:downloads::``: the printed files to take away."""

    @classmethod
    def made(cls, page: Page, arguments: Sequence[str], options: Mapping[str, Any],
             docname: str = "") -> nodes.Element | list[nodes.Element]:
        return downloads_nodes(page)


class ChangesDirective(PageDirective):
    """``.. rulebook:changes::``: what changed in the edition."""

    @classmethod
    def made(cls, page: Page, arguments: Sequence[str], options: Mapping[str, Any], docname: str = "") -> nodes.Element:
        return changes_nodes(page)
