"""Print: table cards and the printable rulebook, from the same data as the site.

Cards are HTML from ``templates/print/`` made into PDF by WeasyPrint: an A6
card per stakes and language, a landscape A4 sheet of two at true size with
crop marks, a two-sided card in the house's language of authority and English
(the house announces its rules in both), and a rake band card. The rulebook PDF
is the single page Sphinx's print builder writes for paper in each language
(``single_page``: the pieces of ``print.json``), with print's cover, contents
and index between its pieces and its own stylesheet; the redline PDF is its
"What changed in edition N" page printed alone, the short form its chosen
rules. Nothing here reads or rewrites HTML. What they say comes from the house's reading
in the language and its changes since the previous edition, made before the
print jobs are forked (``rulebook.publish.editions.history.prepare``).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from importlib.metadata import version
from typing import Any, Callable, Mapping, NamedTuple

from markupsafe import Markup, escape

from rulebook.core import sources
from rulebook.core.errors import ModelError
from rulebook.core.memo import digest
from rulebook.core.model import Rulebook
from rulebook.core.records import stakes_title
from rulebook.i18n.catalogs import LANGUAGES
from rulebook.i18n.formatting import initial, unbroken
from rulebook.i18n.parameters import name_of, on_rake_card, on_table_card
from rulebook.i18n.vocabulary import N_
from rulebook.project import Project
from rulebook.reading import Reading
from rulebook.reading.table_facts import (RAKE_RULES, TOURNAMENT_TITLE, CitedRule, cited, deal_twice_rake_line,
                                          split_pot_line, table_facts, table_offer, table_rows)
from rulebook.publish.machinery import print_cache, workers
from rulebook.publish.print.downloads import (PRESS, RAKE_FILE, RAKE_SHEET_FILE, bilingual_languages, card_file, press_file,
                                        prints_rake_card, redline_file, rulebook_file, sheet_file, short_form_file)
from rulebook.publish.machinery.environments import environment
from rulebook.publish.editions.history import earlier_commits, history, prepare
from rulebook.publish.machinery.inputs import inputs_of, print_code, print_code_digest, print_versions
from rulebook.publish.print.paper import (book_css, card_css, card_size, fixed_identity, impose, press_boxes, press_css,
                                    sheet)
from rulebook.publish.print.qr import card_address, qr_image
from rulebook.publish.print import single_page
from rulebook.publish.print.single_page import SinglePage
from rulebook.publish.print.short_form import LEAST_FILL, MAX_PAGES, SMALLER, short_form_rules
from rulebook.publish.machinery.staging import Publication, keep_unrebuilt, publishing, work_dir
from rulebook.publish.machinery.stamps import forget, outputs, published_from, remember, stamped
from rulebook.publish.editions.archive import Place
from rulebook.publish.machinery.workers import link_or_copy, run_jobs


class PrintJob(NamedTuple):
    """One print job: a house's documents in one language (or its language pair), into ``build``."""

    house_id: str
    languages: tuple[str, ...]
    build: str
    part: str = ""   # of a printed rulebook: "" the rulebook itself, EXTRAS its redline and short form

    @property
    def label(self) -> str:
        """Its name among its house's stamps: the languages, and the part."""
        return "-".join((*self.languages, *([self.part] if self.part else [])))


# The redline and the short form, printed beside the rulebook by a job of their own: the two jobs of
# a language run side by side, on two cores, rather than one after the other.
EXTRAS = "extras"


class PrintRenderer:
    """HTML for print: one house in one language, from the project's one reading of it and its
    changes since the previous edition (None: a first edition, or one whose predecessor is not tagged)."""

    def __init__(self, project: Project, house_id: str, lang: str):
        self.reading = reading = Reading.of(project, house_id, lang)
        self.changes = history(project, house_id, lang).changes
        self.book, self.lang, self.translations, self.fmt = reading.book, lang, reading.tr, reading.fmt
        self.env = environment(project, "print", reading.tr)
        fmt = self.fmt
        self.context: dict[str, Any] = dict(
            house=self.book.house, code=self.lang, money=fmt.money, amount=fmt.amount, percent=fmt.percent,
            count=fmt.count, stakes_title=stakes_title, minutes=fmt.minutes, hours=fmt.hours, word=fmt.word, language_name=fmt.language_name,
            book=self.book, edition=fmt.edition, cited=self.cited,
            changed_numbers=self.changed_numbers, unbroken=unbroken, index=reading.index,
            locator=self.locator, initial=lambda words: initial(words, lang),
        )

    def render(self, template: str, **page: Any) -> str:
        """One template, with what every printed page of the house's language shows and ``page``'s own."""
        return self.env.get_template(template).render(**self.context, **page)

    def rulebook(self, single: SinglePage) -> str:
        """The printed rulebook from the single page of the reader's edition (``single``): a cover, the
        contents (page numbers from CSS), each part starting a page, the rules by number (for a house
        whose numbers are not in printed order) and the index after the parts, running heads and feet and
        the document's metadata. The pieces' links already lead somewhere in print (the print builder's).
        Nothing in it depends on where the checkout is, so the PDF is the same from any folder."""
        numbered = self._by_number()
        front = self.render("toc.html.jinja", text=self.reading.text, pages=single.pages, titles=single.titles,
                            indexed=bool(self.reading.index), numbered=bool(numbered))
        after = (self.render("numbers.html.jinja", numbered=numbered) if numbered else "") \
            + (self.render("index.html.jinja") if self.reading.index else "")
        before, heading, parts, rest = single.body
        # Inside the body's block, as the theme's style sheet (Sphinx's basic.css) expects its text.
        body = (f'<div class="body" role="main">{before}{self.render("cover.html.jinja")}{heading}{front}{parts}'
                f'{after}{rest}</div>')
        return self._document(single, single.title, self._running(self.reading.text(self.book.title), None), body)

    def _document(self, single: SinglePage, title: str, running: str, body: str, kind: str | None = None) -> str:
        """A printed document: the single page's style sheets, the metadata and running heads, ``body``."""
        return self.render("document.html.jinja", title=title, stylesheets=single.stylesheets,
                           head=Markup(self._head(running)), body=Markup(body), kind=kind)

    def _by_number(self) -> list[tuple[str, Markup, str]]:
        """The rules the book prints as (number, the opening tag of a link to the rule that prints its page
        after it, title) in the order of their numbers, when that is not the order they are printed in (a
        house's own numbering, grouped by topic); else none."""
        printed = [(number, rule.id, self.reading.title(rule)) for part in self.book.parts for rule in part.rules
                   if rule.id in self.reading.placed and (number := self.reading.number_of(rule.id))]
        ordered = sorted(printed, key=lambda item: number_order(item[0]))
        if ordered == printed:
            return []
        return [(number, Markup(self._to_page(rule_id, N_("p. {page}"), "pages")), title)
                for number, rule_id, title in ordered]

    def redline(self, single: SinglePage) -> str:
        """The edition's changes page printed alone, from the same single page and styles as the
        rulebook: the house on the cover and in the running head, its headings one level up (the
        page's title is the document's), each deleted and inserted word marked as on the site."""
        if single.redline is None:
            raise ValueError(f"{self.book.id} ({self.lang}): the single page has no changes page to print")
        title = self.translations.gettext("What changed in edition {edition}").format(edition=self.book.edition)
        return self._document(single, title, self._running(self.book.name, title),
                              self.render("cover.html.jinja") + single.redline, "redline-document")

    def _head(self, running: str) -> str:
        """The document's metadata (its subject: the house's line about itself, in the language) and
        its running head and foot."""
        about = self.book.about
        return self.render("head.html.jinja", running=Markup(running),
                           subject=self.reading.text(about) if about else self.reading.text(self.book.title))

    def short_form(self, single: SinglePage) -> str:
        """The short form (``rulebook.publish.print.short_form``): the house's chosen rules from the same
        single page as the rulebook, each as the rulebook prints it (its number, title and text; its
        examples left to the rulebook), under the title of its part, after a short cover; the same style sheet."""
        title = self.translations.gettext("Short form")
        chosen = short_form_rules(self.book)
        body = []
        for part in self.book.parts:
            rules = [single.rules[rule.id] for rule in part.rules if rule.id in chosen]
            if rules:
                body.append(f'<section class="short-form-part"><h2>{escape(self.reading.text(part.title))}</h2>'
                            + "".join(rules) + "</section>")
        base = self.book.base_url
        about = (self.translations.gettext(SELECTION_AT).format(address=f"{base.rstrip('/')}/{self.book.id}/{self.lang}/")
                 if base else self.translations.gettext(SELECTION))
        return self._document(single, title, self._running(self.book.name, title),
                              f'{self.render("cover.html.jinja")}<h1>{escape(title)}</h1>'
                              f'<p class="short-form-about">{escape(about)}</p>'
                              f'<div class="short-form-rules">{"".join(body)}</div>', "short-form-document")

    def link(self, href: str, printed: frozenset[str], shown: str = "") -> str:
        """The opening tag of a link (``href`` as Sphinx wrote it, unescaped) as the printed document can
        follow it: an anchor of the page, a rule's permanent address or a page of the site and its
        anchor, to that place in the PDF when the PDF holds it (``printed``: its pages); else to the site,
        or nowhere when the house has no site address. ``shown``: the link's words ("Rule 3.3" needs
        only its page after it, not its number again)."""
        rule = _RULE_ADDRESS.fullmatch(href)
        page = _PAGE_ADDRESS.fullmatch(href)
        if href.startswith("#"):
            return f'<a class="reference internal" href="{escape(href)}"'
        if rule and self.reading.placed.get(rule.group(1), (None,))[0] in printed:
            return f'<a class="reference internal" href="#{escape(rule.group(1))}"'
        if page and page.group(2) and page.group(1) in printed and (number := self.reading.number_of(page.group(2))):
            if number in _NUMBER.findall(shown):
                return self._to_page(page.group(2), N_("p. {page}"), "pages")
            return self._cited(page.group(2))
        if page and page.group(1) in printed:   # a page of the PDF, or a place in it: its page printed after it
            return self._to_page(page.group(2) or f"document-{page.group(1)}", N_("p. {page}"), "pages")
        base = self.book.base_url
        if href.startswith(("http://", "https://")):
            return f'<a class="reference external" href="{escape(href)}"'
        if base:
            return f'<a class="reference external" href="{escape(base.rstrip("/"))}/{self.book.id}/{self.lang}/{escape(href)}"'
        return '<a class="reference nowhere"'

    def _cited(self, rule_id: str) -> str:
        """A link to a rule inside the PDF that prints, after it, the rule's number and the page it is
        on ("Pravilo 38.1, str. 14"): the words from the catalog around the page counter, which the
        print style sheet fills in (``a.cites::after``)."""
        return self._to_page(rule_id, N_("Rule {number}, p. {page}"), "cites")

    def locator(self, rule_id: str) -> Markup:
        """An index line's reference to a rule: its number and its page ("38.1, str. 14"), the page
        filled in by the print style sheet (``a.locator::after``)."""
        return Markup(self._to_page(rule_id, N_("{number}, p. {page}"), "locator") + "></a>")

    def _to_page(self, anchor: str, message: str, kind: str) -> str:
        """The opening tag of a link to a place in the PDF (a rule, a page), carrying the catalog's
        words around its page number (and the rule's number, for a rule)."""
        sentence = self.translations.gettext(message)
        if sentence.count("{page}") != 1:
            sentence = message
        number = self.reading.number_of(anchor) or ""
        # The words around the page number never leave it: "(Rule 9.18, p. 32)" is never broken across lines.
        before, _, after = (unbroken(piece.replace("{number}", number)) for piece in sentence.partition("{page}"))
        return (f'<a class="reference internal {kind}" href="#{escape(anchor)}" '
                f'data-before="{escape(before)}" data-after="{escape(after)}"')

    def _running(self, left: str, right: str | None) -> str:
        """The running head (``left``; ``right``, or the part being read) and foot (the edition line,
        'page n of N') as CSS in the reader's language, every text a CSS string, escaped."""
        book, fmt = self.book, self.fmt
        pages = re.split(r"(\{page\}|\{pages\})", self.translations.gettext("Page {page} of {pages}"))
        counter = " ".join({"{page}": "counter(page)", "{pages}": "counter(pages)"}.get(piece) or css_string(piece)
                           for piece in pages if piece)
        foot = fmt.edition(book.name, *in_force) if (in_force := book.in_force) else book.name
        return (f"@page {{ @top-left {{ content: {css_string(left)}; }} "
                f"@top-right {{ content: {'string(part)' if right is None else css_string(right)}; }} "
                f"@bottom-left {{ content: {css_string(foot)}; }} "
                f"@bottom-right {{ content: {counter}; }} }} "
                "@page :first { @top-left { content: none; } @top-right { content: none; } } "
                + book_css(book.printing))

    def changed_numbers(self, row: Mapping[str, Any] | None = None) -> str | None:
        """The line on a card whose numbers changed since the previous edition, old → new in the card's
        language: a table card's (``row``: its stakes' own numbers and those every card shows, each by
        its name alone) or the rake card's (each named with its stakes); None if none did."""
        changes = self.changes
        if not changes:
            return None
        changed = [change for change in changes.parameters
                   if (on_table_card(change.path, row) if row is not None else on_rake_card(change.path))]
        if not changed:
            return None
        gettext = self.translations.gettext
        said = [gettext("{parameter} {old} → {new}").format(  # an old → new pair is never broken across lines
            parameter=_lowered(name_of(change.path, self.translations) if row is not None else change.label),
            old=unbroken(change.old), new=unbroken(change.new)).replace(" → ", "\u00a0→\u00a0")
            for change in changed]
        return gettext("Changed in edition {edition}: {changes}").format(edition=self.book.edition, changes="; ".join(said))

    def qr(self, page: str, anchor: str | None = None, press: bool = False) -> str | None:
        """The QR code a card prints, to a page of the house's rulebook in this language (and a rule
        on it), or None when the house's site has no address; ``press``: in the print shop's black ink."""
        book = self.book
        address = card_address(Place(book.base_url, book.id, self.lang, book.house["official_language"]), page, anchor)
        return qr_image(address, press) if address else None

    def face(self, row: Mapping[str, Any], press: bool = False, place: int | None = None,
             size: float | None = None) -> Markup:
        """A table card's face: its stakes' facts, and the QR code to the "At the table" page, which
        says the same and links every rule it quotes (``press``: for the print shop's page); ``place``
        and ``size``: where it is on its card and its type's size (``card_parts.face_tag``)."""
        return Markup(self.render("face.html.jinja", row=row, facts=table_facts(self.reading, row),
                                  qr=self.qr(AT_THE_TABLE, press=press), place=place, size=size))

    def bands(self, press: bool = False, sizes: Mapping[int, float] | None = None) -> list[Markup]:
        """The rake card's two faces (front: the bands; back: the caps by stakes and how split pots are
        raked, each where the house states it), its QR code to the rule of the bands; ``sizes``: each
        face placed on the card, with its type's size if it has one (None: the faces only named)."""
        reading, ruled = self.reading, self.book.ruled()
        rows = [(row, ruled.stakes(row["name"]).rake) for row in self.book.house["stakes"]]
        rakes = [rake for _, rake in rows if rake is not None]

        def each(field: str) -> str:
            """Each stakes' amount of a field of its rake, as the card lists them: each once, joined by " / "."""
            return " / ".join(dict.fromkeys(self.fmt.money(value) for rake in rakes
                                            if (value := getattr(rake, field)) is not None))

        columns = [(column, field) for column, field in CAP_COLUMNS if each(field)
                   and (field != "short_handed_cap" or ruled.short_handed_players)]
        caps = [[self.fmt.amount(getattr(rake, field)) if rake and getattr(rake, field) is not None else "\u2014"
                 for _, field in columns] for _, rake in rows]
        percent = self.fmt.percent(rakes[0].percent or 0)
        lines = [*([split_pot_line(reading, percent, each("split_pot_cap"))]
                   if "rake-split-pot" in reading.placed and each("split_pot_cap") else []),
                 *([deal_twice_rake_line(reading, each("cap"))] if "deal-twice-rake" in reading.placed and each("cap")
                   else [])]
        bands = reading.placed.get("rake-bands")
        said = dict(split_lines=lines, rake_rules=[rule for rule in map(self.cited, RAKE_RULES) if rule],
                    columns=[column for column, _ in columns], caps=list(zip((row for row, _ in rows), caps)),
                    percent_said=percent, qr_bands=self.qr(bands[0], "rake-bands", press) if bands else None)
        return [Markup(self.render("bands.html.jinja", side=side, place=None if sizes is None else side,
                                   size=None if sizes is None else sizes.get(side), **said)) for side in (0, 1)]

    def card(self, faces: list[Markup], row: Mapping[str, Any] | None, css: str | None, layout: str) -> str:
        """A card document (``layout``: "card", its faces; "sheet", laid on the house's paper; "press", the
        print shop's) titled in its language: a table card by its stakes, the rake card as such. ``css``:
        its style sheet in its head, or None when the printer hands it to WeasyPrint (parsed once a job)."""
        gettext = self.translations.gettext
        if row is None:
            title = gettext("Rake card")
            subject = gettext("The rake of {house}: its bands, its caps by stakes, split pots and side pots").format(
                house=self.book.name)
        elif row.get("tournament"):
            title = gettext("Table card {stakes}").format(stakes=gettext(TOURNAMENT_TITLE))
            subject = gettext("The rules asked about at the tournament tables of {house}").format(house=self.book.name)
        else:
            title = gettext("Table card {stakes}").format(stakes=stakes_title(row))
            straddle, raked = table_offer(self.book, row)
            subject = (gettext("The blinds, straddles, buy-in, rake and rules of the {stakes} tables of {house}")
                       if straddle and raked else
                       gettext("The blinds, straddles, buy-in and rules of the {stakes} tables of {house}") if straddle
                       else gettext("The blinds, buy-in, rake and rules of the {stakes} tables of {house}") if raked
                       else gettext("The blinds, buy-in and rules of the {stakes} tables of {house}")).format(
                stakes=stakes_title(row), house=self.book.name)
        return self.render("card.html.jinja", faces=faces, lang=self.lang, title=title, subject=subject,
                           css=Markup(css) if css is not None else None, layout=layout, author=self.book.name,
                           slots=len(sheet(self.book.printing).slots))

    def cited(self, rule_id: str) -> CitedRule | None:
        return cited(self.reading, rule_id)


# The rake card's columns of caps (the template's name → the field of a stakes' rake), each where the house states it.
CAP_COLUMNS = (("cap", "cap"), ("short", "short_handed_cap"), ("split", "split_pot_cap"))
# What a short form says of itself under its title: a selection, and where every rule is.
SELECTION = N_("A selection of the rules players meet most. Every rule is in the printed rulebook.")
SELECTION_AT = N_("A selection of the rules players meet most. Every rule is in the rulebook: {address}")
# The addresses a link of the site has (a rule's permanent one, a page and its anchor), and a rule's
# number among a link's words.
_RULE_ADDRESS = re.compile(r"r/([a-z0-9-]+)\.html")
_PAGE_ADDRESS = re.compile(r"([a-z0-9-]+)\.html(?:#([a-z0-9-]+))?")
_NUMBER = re.compile(r"\d+(?:\.\d+)*")
AT_THE_TABLE = "at-the-table"   # the site's page of what each table card says (render.py)
SVG_NS = "http://www.w3.org/2000/svg"


def _lowered(name: str) -> str:
    """A parameter's name inside a sentence: "Rake cap" → "rake cap" (an abbreviation such as NLH as it is)."""
    return name[:1].lower() + name[1:] if name[1:2].islower() else name


def css_string(text: str) -> str:
    """Text as a CSS string: letters, digits and plain punctuation as they are, anything else
    (quotes, backslashes, angle brackets, line breaks) as a CSS escape."""
    return '"' + "".join(c if c.isalnum() or c in " .,;:!?()-/'\u2019\u2013\u2014" else f"\\{ord(c):x} " for c in text) + '"'


def build_cards(project: Project, build: Path, languages: tuple[str, ...] = LANGUAGES,
                houses: tuple[str, ...] | None = None, bilingual: bool = True,
                publication: Publication | None = None) -> list[Path]:
    """Every card PDF of every house that runs cash games, published together into ``build/cards``.

    Per house and language: an A6 card and an A4 sheet per stakes and the rake card; and a
    two-sided card pairing the house's language of authority with English. Each house's language
    (and its pair) is one job: run in parallel, and skipped when its cards' HTML is unchanged.
    """
    jobs: list[PrintJob] = []
    for house_id in houses or tuple(project.houses):
        book = project.houses[house_id].book
        if not table_rows(book):
            continue  # a room with no stakes and no rules chosen for its table card prints none
        jobs += [PrintJob(house_id, (lang,), str(build)) for lang in languages if lang in book.languages]
        pair = bilingual_languages(book)
        if bilingual and pair:
            jobs.append(PrintJob(house_id, pair, str(build)))
    return _print(project, build, "cards", jobs, _cards_job, publication=publication)


def _line_of_table(book: Rulebook, index: int) -> int:
    """The house file's line of a table card's stakes row, or of its ``table_card:`` choice."""
    stakes = book.house.get("stakes")
    if stakes:
        return stakes.line_of(index)
    return book.table_card_line


def _cards_job(job: PrintJob) -> tuple[list[str], str | None]:
    house_id, languages, build, _ = job
    project = workers.project()
    book = project.houses[house_id].book
    css = _stylesheet(project, project.template_file("print", "card.css")) + card_css(book.printing)
    press = press_css(css)
    rows = table_rows(book)
    renderers = [PrintRenderer(project, house_id, lang) for lang in languages]
    first = renderers[0]
    folder = f"{house_id}/{'-'.join(languages)}"
    pages: dict[str, str] = {}
    styles: dict[str, str] = {}   # each document's style sheet: the card's, or the print shop's
    # Where each card's stakes (or its chosen rules) are written: a card whose text does not fit is reported there.
    origins: dict[str, tuple[str, int, str]] = {}
    families: dict[str, str] = {}   # each document → the card whose faces it prints (their type is fitted there)
    imposed: dict[str, str] = {}    # each sheet → its card

    layouts: dict[str, Callable[[Mapping[int, float]], str]] = {}   # a card or press page, its faces at given sizes
    named: dict[str, list[str]] = {}   # each card's faces, by what they are (their fitted sizes are kept by it)

    def documents(card: str, sheet: str, faces: Faces, row: Mapping[str, Any] | None, origin: tuple[str, int, str]) -> None:
        """A card's three documents: the card, its sheet, and the print shop's card (``press``)."""
        def laid(press: bool, style: str | None, layout: str) -> Callable[[Mapping[int, float]], str]:
            return lambda sizes: first.card(faces(press, sizes), row, style, layout)

        layouts[f"{folder}/{card}"], layouts[f"{folder}/{press_file(card)}"] = laid(False, None, "card"), laid(True, press, "press")
        named[f"{folder}/{card}"] = [str(face) for face in faces(False, None)]
        pages[f"{folder}/{card}"] = layouts[f"{folder}/{card}"]({})
        # The sheet is imposed from the card's PDF (``paper.impose``); its HTML, the same faces laid out on
        # the paper, says what it holds (its stamp) and is what plain WeasyPrint would print instead.
        pages[f"{folder}/{sheet}"] = laid(False, None, "sheet")({})
        imposed[f"{folder}/{sheet}"] = f"{folder}/{card}"
        # (the print shop's keeps its style sheet in its head: WeasyPrint takes the press's output profile,
        # its @color-profile, from the document's own styles only)
        pages[f"{folder}/{press_file(card)}"] = layouts[f"{folder}/{press_file(card)}"]({})
        styles.update({f"{folder}/{card}": css, f"{folder}/{sheet}": css})
        origins[f"{folder}/{card}"] = origin
        families.update({f"{folder}/{name}": f"{folder}/{card}" for name in (card, press_file(card))})

    for index, row in enumerate(rows):
        documents(card_file(row), sheet_file(row), table_faces(renderers, row), row,
                  (book.house_file, _line_of_table(book, index), book.id if row.get("tournament") else row["name"]))
    if prints_rake_card(book) and len(renderers) == 1:
        documents(RAKE_FILE, RAKE_SHEET_FILE, first.bands, None, (book.house_file, book.house.line_of("rake"), "rake"))
    return _write_pages(project, Path(build), "cards", house_id, job.label, pages, project.root,
                        origins=origins, styles=styles, imposed=imposed,
                        fit=CardFit(families, layouts, named, card_size(book.printing)[0], Path(build),
                                    digest(*print_versions(), print_code_digest(project), css)))


# A card's faces (``press``: in the print shop's inks), each placed on the card at the size given (an empty
# mapping: placed, at the style sheet's size), or only named (None).
Faces = Callable[[bool, Mapping[int, float] | None], list[Markup]]


def table_faces(renderers: list[PrintRenderer], row: Mapping[str, Any]) -> Faces:
    """A table card's faces: the stakes ``row`` in each renderer's language, one face each, in their order."""
    return lambda press, sizes: [renderer.face(row, press, *((None, None) if sizes is None else (place, sizes.get(place))))
                                 for place, renderer in enumerate(renderers)]


class CardFit:
    """The type of each face of a job's cards, as large as the face holds above its foot: never under
    ``SMALLEST`` (11 pt), from a start in proportion to the card's width, grown by the room a face
    leaves, and made smaller again while its text runs past the foot or out of the face's width.
    Found once per card by laying its own document out (two or three times), then used for its sheet
    and its print shop's page, whose faces are the same; the card's last layout is the one printed.
    Each face's size is kept in the print cache by what the face is and what lays it out (``salt``: the
    card's style sheet, the code and libraries that print): a face fitted before (the two-sided card's,
    fitted on its languages' own cards) is laid out once, at its size."""

    SMALLEST = 11.0    # pt: every line a player reads from a seat
    LARGEST = 24.0
    FILL = 0.98        # of the room above the foot, aimed at (WeasyPrint's line breaks are not foreseen)
    ENOUGH = 0.94      # a face filled this far is not set again
    TRIES = 4          # layouts after the first, at most
    STEP = 0.25        # pt: sizes are rounded to it, so that the same card is always set the same

    def __init__(self, families: Mapping[str, str], layouts: Mapping[str, Callable[[Mapping[int, float]], str]],
                 faces: Mapping[str, list[str]], card_width: float, build: Path | None = None, salt: str = ""):
        self.families, self.layouts, self.faces, self.build = families, layouts, faces, build
        self.start = self._rounded(self.SMALLEST * card_width / 105.0)
        self.salt = digest(salt, f"{card_width:g}", str(self.SMALLEST), str(self.LARGEST), str(self.FILL),
                           str(self.ENOUGH), str(self.TRIES), str(self.STEP))
        self.sizes: dict[str, dict[int, float]] = {}

    def __call__(self, name: str, html: str, render: Callable[[str], Any]) -> tuple[str, Any]:
        """The document ``name`` with its faces' type set (and, for a card, its layout, else None)."""
        family = self.families.get(name)
        if family is None:
            return html, None
        if family not in self.sizes:
            laid = self._fit(family, render)
            if family == name:
                return self.layouts[name](self.sizes[family]), laid
        return self.layouts[name](self.sizes[family]), None

    def _fit(self, family: str, render: Callable[[str], Any]) -> Any:
        sized = self.layouts[family]
        keys = {index: digest(self.salt, face) for index, face in enumerate(self.faces[family])}
        kept = {index: print_cache.fitted(self.build, key) for index, key in keys.items()} if self.build else {}
        if kept and all(size is not None and self.SMALLEST <= size <= self.LARGEST for size in kept.values()):
            self.sizes[family] = sizes = {index: float(size) for index, size in kept.items() if size is not None}
            return render(sized(sizes))
        document = self._found(family, sized, len(keys), render)
        if self.build:
            for index, key in keys.items():
                print_cache.keep_fit(self.build, key, self.sizes[family][index])
        return document

    def _found(self, family: str, sized: Callable[[Mapping[int, float]], str], count: int,
               render: Callable[[str], Any]) -> Any:
        faces = range(count)
        sizes = {index: self.start for index in faces}
        fits: dict[int, float] = {}        # each face's largest size seen to fit
        too_large: dict[int, float] = {}   # and its smallest seen not to
        settled: set[int] = set()
        rendered = dict(sizes)
        document = render(sized(sizes))
        for _ in range(self.TRIES):
            for index, (used, room) in faces_room(document).items():
                if index in settled:
                    continue
                size = sizes[index]
                if used <= room:
                    fits[index] = size
                    if used >= self.ENOUGH * room or size >= self.LARGEST:
                        settled.add(index)
                        continue
                else:
                    too_large[index] = size
                    if size <= self.SMALLEST:   # too long even at 11 pt: refused by the overflow check
                        settled.add(index)
                        continue
                low, high = fits.get(index), too_large.get(index)
                if low is not None and high is not None:   # between a size that fits and one that does not: halve
                    wanted = self._rounded((low + high) / 2)
                else:   # the text's height grows at most as the square of its type (paragraphs wrap again)
                    wanted = self._rounded(size * (self.FILL * room / used) ** 0.5)
                wanted = min(self.LARGEST, max(self.SMALLEST, wanted))
                if low is not None:
                    wanted = max(wanted, low + self.STEP)
                if high is not None:
                    wanted = min(wanted, high - self.STEP)
                if wanted == size or (low is not None and wanted <= low):
                    settled.add(index)
                    sizes[index] = low if low is not None else size
                else:
                    sizes[index] = wanted
            if len(settled) == len(faces) and sizes == rendered:
                break
            rendered = dict(sizes)
            document = render(sized(sizes))
            if len(settled) == len(faces):   # each face at its size, laid out at last
                break
        else:   # out of tries: the largest size each face was seen to fit (11 pt if none)
            final = {index: fits.get(index, self.SMALLEST) for index in faces}
            if final != rendered:
                sizes = final
                document = render(sized(sizes))
        self.sizes[family] = sizes
        return document

    def _rounded(self, size: float) -> float:
        return round(size / self.STEP) * self.STEP


def build_pdfs(project: Project, build: Path, languages: tuple[str, ...] = LANGUAGES,
               houses: tuple[str, ...] | None = None, publication: Publication | None = None) -> list[Path]:
    """The printed rulebook of each house and language, published together into ``build/pdf``:
    two jobs per house and language (the rulebook; its redline and short form), in parallel, each
    skipped when its HTML is unchanged."""
    jobs = [PrintJob(house_id, (lang,), str(build), part) for house_id in houses or tuple(project.houses)
            for lang in languages if lang in project.houses[house_id].book.languages for part in ("", EXTRAS)]
    return _print(project, build, "pdf", jobs, _pdf_job, _pdf_files, publication)


def _pdf_job(job: PrintJob) -> tuple[list[str], str | None]:
    house_id, (lang,), build, part = job
    project = workers.project()
    folder = work_dir(Path(build), "singlehtml", house_id, lang)
    single = SinglePage.read(folder)
    renderer = PrintRenderer(project, house_id, lang)
    pages = {}
    short = f"{house_id}/{short_form_file(lang)}"
    if part == EXTRAS:
        if renderer.changes is not None:   # a first edition has nothing to redline
            pages[f"{house_id}/{redline_file(lang)}"] = renderer.redline(single)
        pages[short] = renderer.short_form(single)
    else:
        pages[f"{house_id}/{rulebook_file(lang)}"] = renderer.rulebook(single)
    book = renderer.book
    return _write_pages(project, Path(build), "pdf", house_id, job.label, pages,
                        folder / single_page.FILE, project.template_file("print", "rulebook.css"),
                        limits={short: (book.house_file, book.short_form_line, MAX_PAGES)})


def _pdf_files(job: PrintJob) -> list[str]:
    """Every file a rulebook's job may print: the rulebook; or the redline (when there is a previous
    edition) and the short form."""
    house_id, (lang,), _, part = job
    if part == EXTRAS:
        return [f"{house_id}/{redline_file(lang)}", f"{house_id}/{short_form_file(lang)}"]
    return [f"{house_id}/{rulebook_file(lang)}"]


def _write_pages(project: Project, build: Path, kind: str, house_id: str, label: str, pages: dict[str, str],
                 base: Path, stylesheet: Path | None = None,
                 origins: dict[str, tuple[str, int, str]] | None = None,
                 limits: dict[str, tuple[str, int, int]] | None = None,
                 fit: CardFit | None = None, styles: Mapping[str, str] | None = None,
                 imposed: Mapping[str, str] | None = None) -> tuple[list[str], str | None]:
    """One job's PDFs into ``<kind>.new`` (unless the published ones were made from the same HTML,
    stylesheets and code): the files it stands for, and its stamp (None: skipped). ``origins``: for
    a card, the file, line and stakes it is printed from; a card whose text runs past its foot is
    refused there, never printed cut off. ``limits``: for a document of so many pages at most (the
    short form), the file and line that chose what it prints, and that many pages; a longer one is refused there.
    ``fit``: for cards, the type of their faces (``CardFit``), found only for a card that is printed.
    ``styles``: a document's own style sheet (a card's, or its print shop's), parsed once for every
    document of the job that has it, not again in each page's ``<style>`` (a fifth of a card's layout).
    ``imposed``: a sheet's card, listed before it: the sheet is laid from the card's PDF, not laid out again."""
    css = _stylesheet(project, stylesheet) if stylesheet else ""
    styles = styles or {}
    code = (*print_versions(), version("sphinx"), print_code_digest(project), css)
    stamp = digest(*code, *(f"{name}\0{html}\0{styles.get(name, '')}" for name, html in sorted(pages.items())))
    # The files published from exactly these inputs and still as they were printed are kept; a
    # missing or damaged one is printed again.
    kept = _intact(build, kind, house_id, label, stamp, list(pages))
    if len(kept) == len(pages):
        return list(pages), None
    forget(build, kind, house_id, label)
    # A page printed before from the same HTML, with the same pictures beside it (Sphinx's hidden
    # .buildinfo, which names the folder, left out), stylesheets and code, in any build folder: the
    # same bytes, linked instead of printed (rulebook.publish.machinery.print_cache).
    beside = [f"{name}\0{found}" for name, found in sorted(outputs(base.parent).items())
              if not name.startswith(".")] if base.is_file() else []
    printed_from = digest(kind, *code, *beside)
    stylesheets: list | None = None
    parsed: dict[str, Any] = {}   # each document's own style sheet, by its text
    staging = build / f"{kind}.new"
    for name, html in pages.items():
        target = staging / name
        if name in kept:
            target.parent.mkdir(parents=True, exist_ok=True)
            link_or_copy(build / kind / name, target)
            continue
        cached = digest(printed_from, name, html, styles.get(name, ""))
        if print_cache.take(build, cached, name, staging):
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        if imposed and name in imposed:
            paper = project.houses[house_id].book.printing
            laid = sheet(paper)
            target.write_bytes(impose((staging / imposed[name]).read_bytes(), laid, card_size(paper),
                                      duplex_flip(laid.width, laid.height)))
            print_cache.keep(build, cached, name, staging)
            continue
        # Imported only by a job that prints: WeasyPrint and Pango take a second to load.
        from weasyprint import CSS, HTML

        if stylesheets is None:
            stylesheets = [CSS(string=css, base_url=str(stylesheet))] if stylesheet else []
        own = styles.get(name)
        if own is not None and own not in parsed:
            parsed[own] = CSS(string=own, base_url=str(base))
        sheets = [*stylesheets, parsed[own]] if own is not None else stylesheets

        def render(html: str, sheets: list = sheets) -> Any:
            return HTML(string=html, base_url=str(base)).render(stylesheets=sheets)

        html, document = fit(name, html, render) if fit else (html, None)
        if document is None:
            document = render(html)
        if origins and name in origins and (over := overflow(document)) > 0.5:
            file, line, stakes = origins[name]
            raise ModelError(file, line, stakes, f"{name}: the card's text runs {over * 25.4 / 96:.0f} mm past its "
                                                 "foot; it would be printed cut off (shorten what the card prints)",
                             what="house" if stakes == house_id else "stakes")
        if limits and name in limits:   # a short form: its last page filled, or the form set a little smaller
            document = _filled(document, functools.partial(_set_in, html, base, sheets))
        if limits and name in limits and len(document.pages) > limits[name][2]:
            file, line, most = limits[name]
            raise ModelError(file, line, None, f"{name}: the short form runs to {len(document.pages)} pages, more than "
                                               f"{most} (choose fewer rules in 'short_form')", what="house")
        # What is read rather than stood on a table is tagged: headings, lists, tables and links in
        # reading order, for screen readers and reflowing readers (a card is only printed).
        if name.split("/")[-2:-1] == [PRESS]:   # the print shop's: PDF/X-4, its bleed box 3 mm round the trim
            document.write_pdf(target, finisher=functools.partial(_for_the_press, identity=cached), pdf_variant="pdf/x-4")
        else:
            document.write_pdf(target, finisher=_tagged_as_laid_out if kind == "pdf" else _print_as_laid_out,
                               pdf_tags=kind == "pdf")
        print_cache.keep(build, cached, name, staging)
    return list(pages), stamp


def _stylesheet(project: Project, path: Path) -> str:
    """A print stylesheet, read as the build's other sources are (bounded, and stamped as read)."""
    return sources.read(path, project.where.rel(path), sources.MAX_CODE_BYTES).decode("utf-8")


def _intact(build: Path, kind: str, house_id: str, label: str, stamp: str, names: list[str]) -> set[str]:
    """The files of a job published from exactly the inputs ``stamp`` names and still as published."""
    was = stamped(build, kind, house_id, label, stamp)
    if was is None:
        return set()
    now = outputs(build / kind, names)
    return {name for name in names if now[name] and was.get(name) == now[name]}


def number_order(number: str) -> tuple:
    """A rule's number as it is counted: "9.18" after "9.2", "38.3" after "38", "H2.1" after every number."""
    return tuple((0, int(piece), "") if piece.isdigit() else (1, 0, piece) for piece in re.findall(r"\d+|[^\d.]+", number))


def _boxes(box, leave: tuple[type, ...] = ()):
    """A laid-out box and every box inside it, but those of the ``leave`` types and what they hold."""
    yield box
    for child in getattr(box, "children", ()):
        if not isinstance(child, leave):
            yield from _boxes(child, leave)


def last_page_fill(document) -> float:
    """How much of its last page's text area the document fills, from 0 to 1 (its columns balanced)."""
    from weasyprint.formatting_structure.boxes import MarginBox

    page = document.pages[-1]._page_box
    bottoms = (box.position_y + box.margin_height() for box in _boxes(page, (MarginBox,)) if box is not page)
    return max(0.0, max(bottoms, default=0.0) - page.content_box_y()) / page.height


def _set_in(html: str, base: Path, stylesheets: list, size: float) -> Any:
    """The short form laid out again with its text ``size`` points (parsed only when it is)."""
    from weasyprint import CSS, HTML

    return HTML(string=html, base_url=str(base)).render(
        stylesheets=[*stylesheets, CSS(string=f"body.short-form-document {{ font-size: {size}pt; }}")])


def _filled(document, smaller: Callable[[float], Any]):
    """A document whose last page would hold less than a third of a page, set again in the smaller
    sizes of ``short_form.SMALLER`` while that saves the page (a form a page shorter, never smaller
    than it needs); the first fit, or the document as it was."""
    if len(document.pages) < 2 or last_page_fill(document) >= LEAST_FILL:
        return document
    for size in SMALLER:
        tried = smaller(size)
        if len(tried.pages) < len(document.pages):
            return tried
    return document


def faces_room(document) -> dict[int, tuple[float, float]]:
    """Each face of a card document (by its ``data-face``): how much height above its foot its text
    takes, and how much there is (CSS px). A face whose text runs out of its width, or on to another
    page, takes more than there is, in proportion."""
    found: dict[int, tuple[float, float]] = {}
    for page in document.pages:
        for face in _boxes(page._page_box):
            element = face.element
            if element is None or element.get("data-face") is None or "face" not in (element.get("class") or "").split():
                continue
            index = int(element.get("data-face"))
            if index in found:   # a fragment on the next page: the face ran on to it
                used, room = found[index]
                found[index] = (used + face.margin_height(), room)
                continue
            top = face.content_box_y()
            text = [inner for child in face.children if child.element_tag != "footer" and child.style["position"] != "absolute"
                    for inner in _boxes(child)]
            foot = min((child.position_y for child in face.children if child.element_tag == "footer"),
                       default=top + face.height)
            used = max((inner.position_y + inner.margin_height() for inner in text), default=top) - top
            widest = max((inner.position_x + inner.margin_width() for inner in text), default=0.0) - face.content_box_x()
            if widest > face.width + 0.5:
                used = max(used, foot - top) * widest / face.width
            found[index] = (used, foot - top)
    return found


def overflow(document) -> float:
    """How much (in CSS px) the text of the document's most crowded card face does not fit: what runs
    past the foot of its content box or into its footer (set at the face's foot, out of the flow:
    card.css), what its items hold beyond their own boxes, and any page it runs on to. 0 when every
    face holds its text above its footer, on its own page."""
    def bottom(box) -> float:
        return max(inner.position_y + inner.margin_height() for inner in _boxes(box))

    def beyond(box) -> float:
        inside = max((bottom(inner) for inner in getattr(box, "children", ())), default=0)
        return max(0.0, inside - (box.content_box_y() + box.height))

    def into_foot(face) -> float:
        feet = [child for child in face.children if child.element_tag == "footer"]
        text = [child for child in face.children if child.element_tag != "footer" and child.style["position"] != "absolute"]
        if not feet or not text:
            return 0.0
        return max(0.0, max(bottom(child) for child in text) - min(foot.position_y for foot in feet))

    fragments: dict[int, list] = {}   # a face too long for its page goes on over the next ones
    for page in document.pages:
        for face in _boxes(page._page_box):
            if face.element is not None and "face" in (face.element.get("class") or "").split():
                fragments.setdefault(id(face.element), []).append(face)
    # to a thousandth of a pixel: a footer set at the foot ends there, give or take a rounding of its position
    return round(max((sum(beyond(face) + into_foot(face) + sum(beyond(item) for item in face.children) for face in faces)
                      + sum(face.margin_height() for face in faces[1:]) for faces in fragments.values()), default=0.0), 3)


def _print_at_size(document, pdf) -> None:
    """Ask the printer not to shrink the page to fit (a card cut to 105 × 148 mm must print at size)."""
    import pydyf

    pdf.catalog["ViewerPreferences"] = pydyf.Dictionary({"PrintScaling": "/None"})


def _sources(project: Project, kind: str, job: PrintJob, singles: dict[Path, str]) -> str:
    """What a print job is made of, read without rendering anything: the sources its house's
    reading in its languages reads, the code and templates that print, the libraries' versions and
    the commits of the house's earlier editions (its changes); for a printed rulebook, also every
    file of the single page Sphinx made for it (its text, its images), digested once in ``singles``
    for both of a language's jobs."""
    house_id, languages, build, part = job
    page = []
    if kind == "pdf":
        folder = work_dir(Path(build), "singlehtml", house_id, languages[0])
        if folder not in singles:
            singles[folder] = digest(*(f"{name}\0{found}" for name, found in sorted(outputs(folder).items())))
        page.append(singles[folder])
    return digest(kind, *print_versions(), inputs_of(project, house_id, languages, print_code(project)),
                  house_id, *languages, part, *earlier_commits(project, house_id), *page)


def duplex_flip(width: float, height: float) -> str:
    """The edge a two-sided print is flipped on so that its back reads upright when the paper, or a
    card cut from it, is turned side to side (as a book's leaf is, or a card stood on a table is seen
    from across it): the edge that runs up the page, the long one of a portrait page, the short one of
    a landscape sheet."""
    return "/DuplexFlipLongEdge" if height >= width else "/DuplexFlipShortEdge"


def _print_as_laid_out(document, pdf) -> None:
    """Every PDF printed at size and, when it has more than one page (a book, a short form, a
    two-sided card or a sheet of it), two-sided, flipped as its pages are laid out for (``duplex_flip``)."""
    _print_at_size(document, pdf)
    if len(document.pages) > 1:
        first = document.pages[0]
        pdf.catalog["ViewerPreferences"]["Duplex"] = duplex_flip(first.width, first.height)


def _tagged_as_laid_out(document, pdf) -> None:
    """A printed rulebook: printed as laid out, each worked example's picture tagged as a figure whose
    alternative text is all its text alternative says (``figures_described``)."""
    _print_as_laid_out(document, pdf)
    figures_described(document, pdf)


def figures_described(document, pdf) -> None:
    """Each picture's figure tag told the picture's description as well as its title: WeasyPrint gives
    an SVG figure its ``<title>`` alone ("The table in hand 2"), a screen reader on paper then loses what
    the site says with ``<desc>`` (who posts, who wins). Figures are found by their page and place, where
    WeasyPrint laid out the SVG they tag."""
    import pydyf

    said: dict[tuple[int, float, float], str] = {}
    for number, page in enumerate(document.pages):
        for box in page._page_box.descendants():   # (WeasyPrint's own tagging walks the same boxes)
            element = getattr(box, "element", None)
            if element is None or element.tag != f"{{{SVG_NS}}}svg":
                continue
            words = [re.sub(r"[ \t\r\n]+", " ", "".join(part.itertext())).strip() for name in ("title", "desc")
                     if (part := element.find(f"{{{SVG_NS}}}{name}")) is not None]
            said[(number, round(box.content_box_x(), 1), round(box.content_box_y(), 1))] = ". ".join(
                word.rstrip(".") for word in words if word) + "."
    pages = {str(reference): number for number, reference in enumerate(pdf.page_references)}
    for tagged in pdf.objects:
        if not (isinstance(tagged, pydyf.Dictionary) and tagged.get("S") == "/Figure" and "A" in tagged):
            continue
        left, top = (round(float(value), 1) for value in list(tagged["A"]["BBox"])[:2])
        text = said.get((pages.get(str(tagged["Pg"]), -1), left, top))
        if text:
            tagged["Alt"] = pydyf.String(text)


def _for_the_press(document, pdf, identity: str) -> None:
    """The print shop's card: printed as laid out, its bleed declared (``paper.press_boxes``), its
    document id made from what it is printed from (``paper.fixed_identity``)."""
    _print_as_laid_out(document, pdf)
    press_boxes(pdf)
    fixed_identity(pdf, identity)


def _print(project: Project, build: Path, kind: str, jobs: list[PrintJob], job: Callable,
           owned: Callable[[PrintJob], list[str]] | None = None, publication: Publication | None = None) -> list[Path]:
    """Run the print jobs in parallel and stage ``build/<kind>`` for ``publication`` (the command's, or
    published at once): what was rebuilt, what was skipped and every other house's and language's
    files, as they were. ``owned``: the files a job may print; one it no longer prints (a redline
    without a previous edition) is not carried over from the published folder."""
    with publishing(project, build, publication) as (publication, done):
        staged = publication.stage(kind)
        # Decided here, before any worker is forked or WeasyPrint imported: a job whose sources are
        # those its published files were printed from, and whose files are still those bytes, does not run.
        singles: dict[Path, str] = {}
        made = [_sources(project, kind, args, singles) for args in jobs]
        kept = [published_from(build, f"{kind}-sources", args.house_id, args.label, sources, build / kind)
                for args, sources in zip(jobs, made)]
        running = [args for args, names in zip(jobs, kept) if names is None]
        for args, names in zip(jobs, kept):
            publication.report.record(args.house_id, "-".join(args.languages), "cards" if kind == "cards" else "PDFs",
                                      names is None)
        for args in running:   # read and compared once, here, for every worker
            forget(build, f"{kind}-sources", args.house_id, args.label)
            for lang in args.languages:
                environment(project, "print", prepare(project, args.house_id, lang).tr)
        ran = iter(run_jobs(project, job, running))
        if running:
            print_cache.prune(build)
        results = [(names, None) if names is not None else next(ran) for names in kept]
        for names, stamp in results:
            for name in names:
                if stamp is None:   # skipped: carry the published file over
                    (staged / name).parent.mkdir(parents=True, exist_ok=True)
                    link_or_copy(build / kind / name, staged / name)
        keep_unrebuilt(build / kind, staged, {house_id: view.book.languages for house_id, view in project.houses.items()})
        for args, (names, _) in zip(jobs, results):
            for name in owned(args) if owned else ():
                if name not in names:
                    (staged / name).unlink(missing_ok=True)

        def remember_all() -> None:
            """Once published: the stamps of the jobs that ran (a job that did not run: its stamps stand)."""
            for args, (names, stamp), sources, skipped in zip(jobs, results, made, kept):
                if stamp is not None:
                    remember(build, kind, args.house_id, args.label, stamp, build / kind, names)
                if skipped is None:
                    remember(build, f"{kind}-sources", args.house_id, args.label, sources, build / kind, names)

        publication.after(remember_all)
        done(True)
    return [build / kind / name for names, _ in results for name in names]
