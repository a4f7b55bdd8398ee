"""Rulebook pages as reStructuredText, from the model, the catalogs and Jinja2.

Every string that reaches a page passes through :func:`rst_text` (as Jinja's
``finalize``), so whatever a translator writes is shown as text and can never
become a directive, a role or a link (docs/DESIGN.md, principle 5). Only the templates
themselves write markup.
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import TYPE_CHECKING, Any

import jinja2

from babel.lists import format_list

from rulebook.downloads import FOLDER as DOWNLOADS, Download, bilingual_languages
from rulebook.examples import WorkedExample, shown_result
from rulebook.formatting import LocaleFormatter, cldr, format_value
from rulebook.i18n import LANGUAGES
from rulebook.glossary import Term
from rulebook.model import Message, Rule, fill
from rulebook.project import Project
from rulebook.values import Value, resolve

if TYPE_CHECKING:
    from rulebook.changes import Changes, RuleChange

# Every line boundary docutils knows (str.splitlines'), not str.split(): no-break spaces must survive.
_BREAKS = re.compile(r"[ \t\r\n\f\v\x1c-\x1e\x85\u2028\u2029]+")
_CONTROLS = re.compile(r"[\x00-\x08\x0e-\x1b\x1f\x7f-\x84\x86-\x9f]")   # never text (the gate refuses them)
_SPECIAL = re.compile(r"([!-/:-@\[-`{-~•‣⁃])")


class Markup(str):
    """reST written by a template helper, passed through unescaped."""


def rst_text(value: Any) -> str:
    """Any value as literal reST text: one line, every punctuation mark escaped."""
    if isinstance(value, Markup):
        return value
    if value is None:
        return ""
    text = _BREAKS.sub(" ", _CONTROLS.sub("", str(value))).strip()
    return _SPECIAL.sub(r"\\\1", text)


def ident(value: str) -> Markup:
    """A rule, section or part id: already restricted by the model to [a-z0-9-]."""
    if not re.fullmatch(r"[a-z0-9-]+", value):
        raise ValueError(f"not an id: {value!r}")
    return Markup(value)


def redline_rst(old: str, new: str) -> Markup:
    """The words of ``old`` and ``new`` with the deleted and the inserted marked by the ``deleted``
    and ``inserted`` roles (``rulebook.sphinxext``), every word escaped as text."""
    from rulebook.changes import redline

    roles = {"del": ":deleted:`{}`", "ins": ":inserted:`{}`", "same": "{}"}
    return Markup(" ".join(roles[kind].format(rst_text(words)) for kind, words in redline(old, new)))


def rst_fill(template: str, links: dict[str, Markup]) -> Markup:
    """A translated sentence whose ``{placeholders}`` are links: the sentence escaped as text,
    each link written by the code (the English if the translation's placeholders are broken)."""
    import string

    parts = []
    for literal, name, _spec, _conversion in string.Formatter().parse(template):
        lead, trail = literal[:len(literal) - len(literal.lstrip())], literal[len(literal.rstrip()):]
        parts.append(lead[:1] + rst_text(literal) + trail[:1] if literal.strip() else literal[:1])
        if name is not None:
            parts.append(links[name])
    return Markup("".join(parts))


def heading(text: str, underline: str) -> Markup:
    """A title and its underline, as long as the title is wide (a wide character takes two columns)."""
    from docutils.utils import column_width

    escaped = rst_text(text)
    return Markup(f"{escaped}\n{underline * max(column_width(escaped), 1)}")


# A hand of each category for the hand-ranking chart (checked against the engine when shown).
HAND_OF_CATEGORY = {
    "straight_flush": ("9h", "8h", "7h", "6h", "5h"), "four_of_a_kind": ("Ks", "Kh", "Kd", "Kc", "3s"),
    "full_house": ("Qs", "Qh", "Qd", "7c", "7s"), "flush": ("Ad", "Jd", "8d", "6d", "2d"),
    "straight": ("Ts", "9h", "8d", "7c", "6s"), "three_of_a_kind": ("8s", "8h", "8d", "Kc", "4s"),
    "two_pair": ("Js", "Jh", "4d", "4c", "As"), "pair": ("Ts", "Th", "Ks", "6d", "3c"),
    "high_card": ("Ah", "Js", "9d", "6c", "3h"),
}


class PageRenderer:
    """Renders one language's pages; holds that language's catalog and formats."""

    def __init__(self, project: Project, house_id: str, lang: str, editors: bool = False, archive: dict | None = None):
        """``editors``: the editors' edition (sources, excerpts, editorial notes, doctests, the
        translation status) rather than the reader's (rules and worked examples only); ``archive``:
        the pages of an earlier edition, published beside the edition in force (``rulebook.site``'s
        banner: its number, the pages and the rules in force)."""
        self.project, self.glossary, self.editors = project, project.glossary, editors
        self.archived = bool(archive)
        self.in_force = frozenset(archive["rules"]) if archive else frozenset()
        self.edition = edition = project.houses[house_id]
        self.book = edition.editors_book if editors else edition.book   # readers never see a proposal
        self.tr = translations = project.translations(lang)
        self.fmt = LocaleFormatter(translations, project.houses[house_id].book.unit)
        self.examples: dict[str, list[WorkedExample]] = {}
        for example in edition.examples:
            self.examples.setdefault(example.rule, []).append(example)
        templates = project.root / "templates"
        book = self.book
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(templates / "rst")),
            finalize=rst_text, autoescape=False, keep_trailing_newline=True,
            undefined=jinja2.StrictUndefined, extensions=["jinja2.ext.i18n"],
            trim_blocks=True, lstrip_blocks=True,
        )
        self.env.install_gettext_callables(self.tr.gettext, self.tr.ngettext, newstyle=False)
        self.env.globals.update(
            book=book, text=self.text, fill=self.fill, heading=heading, ident=ident,
            language=translations.locale, official=self.official_language(),
            house=book.house, money=self.fmt.money, percent=self.fmt.percent, examples_of=self.examples.get,
            narrate=self.narrate, cell=self.cell, doctest=self.doctest, tr=self.tr, comma=Markup(", "),
            editors=editors, notes_of=self.notes_of, source_language=self.source_language, proposals=self.book.proposals, edition=self.fmt.edition, hand_ranks=self.hand_ranks,
            change_of=self.change_of, redline=redline_rst, long_date=self.fmt.long_date, rule_of=self.rule_of,
            earlier_of=self.earlier_of, archive_link=self.archive_link, archived=self.archived,
            in_force_link=self.in_force_link, reference=self.reference,
        )
        self._notes: dict[str, list] = {}
        for note in book.notes:
            for rule_id in note.rules:
                self._notes.setdefault(rule_id, []).append(note)

    @cached_property
    def placed(self) -> dict[str, tuple[str, Rule]]:
        """Each rule of the house's edition, with the part it is in."""
        return {rule.id: (part.id, rule) for part in self.book.parts for rule in part.rules}

    def rule_of(self, term: Term) -> tuple[str, Rule] | None:
        """The house's rule that says what a glossary term is, with its part (None: it has none);
        never a reference, which only leads to the rule that says it."""
        rule_id = term.rule_in({rule.id for rule in self.book.statements})
        return self.placed[rule_id] if rule_id else None

    @cached_property
    def terms(self) -> tuple[Term, ...]:
        """The glossary of this house: the terms its published rules and examples use."""
        english = [message.text for part in self.book.parts
                   for message in (part.title, *([part.intro] if part.intro else []),
                                   *(section.title for section in part.sections),
                                   *(m for rule in part.rules for m in rule.messages()))]
        english += [message.text for example in self.edition.examples for message in example.messages()]
        return tuple(term for term in self.glossary if any(term.used_in(text) for text in english))

    def meaning(self, term: Term) -> str:
        """What a term means at this house, in the page's language."""
        return self.tr.pgettext(*term.note_for(self.book.id))

    def hand_ranks(self) -> list[dict]:
        """The engine's hand categories, highest first, each in the reader's words with a hand the
        engine itself ranks in that category."""
        from pokerrules import hands

        rows = []
        for place, category in enumerate(reversed(hands.CATEGORIES), 1):
            cards = HAND_OF_CATEGORY[category]
            if hands.evaluate(cards).category != category:   # the chart is the engine's, or nothing
                raise ValueError(f"{' '.join(cards)} is not a {category} hand")
            rows.append({"place": place, "name": self.fmt.word(category),
                         "cards": " ".join(self.fmt.word(card) for card in cards)})
        return rows

    @cached_property
    def anchor_ids(self) -> frozenset[str]:
        """The ids every language shares: the parts', the sections' and the rules'."""
        book = self.book
        return frozenset({part.id for part in book.parts} | {s.id for part in book.parts for s in part.sections}
                         | {rule.id for rule in book.rules})

    @cached_property
    def changes(self) -> "Changes | None":
        """What changed since the house's previous edition, in this language; None for a first edition."""
        from rulebook.changes import compare
        from rulebook.editions import previous_edition

        previous = previous_edition(self.project, self.book.id)
        return None if previous is None else compare(previous.project, self.project, self.book.id, self.tr.locale,
                                                     previous.tag)

    def change_of(self, rule_id: str) -> "RuleChange | None":
        """The change a rule is marked with (new or changed in this edition), if any."""
        return self.changes.marked(rule_id) if self.changes is not None else None

    @cached_property
    def earlier(self) -> dict[str, tuple[tuple[int, str], ...]]:
        """The earlier texts of this edition's rules in the archive (none in the editors' edition,
        which publishes no archive)."""
        from rulebook.archive import earlier_texts

        return {} if self.editors else earlier_texts(self.project, self.book.id, self.tr.locale, self.changes)

    def earlier_of(self, rule_id: str) -> list[tuple[int, Markup]]:
        """Each earlier edition's text of a rule that a later edition changed (newest first), as
        (edition, its address in the archive)."""
        return [(number, self.archive_link(number, part_id, rule_id)) for number, part_id in self.earlier.get(rule_id, ())]

    def archive_link(self, edition: int, page: str, anchor: str | None = None) -> Markup | None:
        """The address of a page (and a rule) of an archived edition; None where no archive is
        published beside these pages (the editors' edition)."""
        from rulebook.archive import address

        return None if self.editors else Markup(address(edition, page, anchor, self.archived))

    def in_force_link(self, rule_id: str) -> Markup | None:
        """From an archived edition's page, the rule in the edition in force (its permanent address),
        if it is still a rule."""
        from rulebook.archive import in_force_address

        return Markup(in_force_address(rule_id)) if self.archived and rule_id in self.in_force else None

    def source_language(self, source: str) -> str:
        """The language of a passage an editorial note quotes, from the document it names first
        (``000_….txt, "HEADING": …``): so it is marked as Romanian or Croatian on the page."""
        for house in self.project.houses.values():
            for part in house.book.parts:
                if source.startswith(part.source):
                    return part.source_language
        return "en"

    def notes_of(self, rule_id: str) -> list:
        """The editorial notes about a rule (the editors' edition shows them under it)."""
        return self._notes.get(rule_id, [])

    def text(self, message: Message) -> str:
        return self.tr.pgettext(message.context, message.text)

    def link_to(self, rule_id: str) -> Markup:
        """A link to a rule of the house: its title, to its place on its part's page."""
        part_id, rule = self.placed[rule_id]
        return Markup(f"`{rst_text(self.fill(rule.title, rule.values))} <{ident(part_id)}.html#{ident(rule.id)}>`__")

    def reference(self, rule: Rule) -> Markup:
        """What a reference (``see:``) says: the rule of the house that states it, and its part."""
        part_id, target = self.placed[rule.see]
        part = next(part for part in self.book.parts if part.id == part_id)
        links = {"rule": self.link_to(target.id), "part": Markup(rst_text(self.text(part.title)))}
        sentence = self.tr.gettext("The house's rule on this: {rule} ({part}).")
        try:
            return rst_fill(sentence, links)
        except (KeyError, ValueError):
            return rst_fill("The house's rule on this: {rule} ({part}).", links)

    def fill(self, message: Message, values: dict[str, Value]) -> str:
        """A rule string in the page's language with its placeholders filled."""
        return self._filled(message, {
            name: format_value(*resolve(value, self.book.house), self.tr)
            for name, value in values.items()
        })

    def _filled(self, message: Message, shown: dict[str, str]) -> str:
        """The translation with its placeholders filled; the English if the translation's are broken
        (the gate reports that translation)."""
        try:
            return fill(self.text(message), shown)
        except ValueError:
            return fill(message.text, shown)

    def show(self, value: Value) -> str:
        """An example's value as the page's language writes it."""
        if value.unit == "items":   # an empty list ("no bets yet") is shown as a dash, never a blank cell
            return format_list([self.show(item) for item in value.literal], locale=cldr(self.tr.locale)) or "—"
        if value.literal is None:
            return "—"
        if value.unit in ("data", "text"):
            return self.fmt.word(str(value.literal))
        return format_value(value.literal, value.unit, self.tr)

    def narrate(self, example: WorkedExample) -> str:
        values = {**example.given, **example.results}
        return self._filled(example.text, {name: self.show(value) for name, value in values.items()})

    def cell(self, row: dict[str, Value], name: str) -> str:
        return self.show(row[name])

    def doctest(self, example: WorkedExample) -> list[Markup]:
        """The example's engine calls as doctest lines, run by ``make doctest``."""
        lines = []
        for outcome in self.edition.outcomes[example.id]:
            lines += [Markup(f">>> {outcome.call}"), Markup(shown_result(outcome))]
        return lines

    def official_language(self) -> str:
        return self.fmt.language_name(self.book.house["official_language"])

    def link(self, text: str, item: Download) -> Markup:
        """A link to a downloadable file in the site's downloads folder (the name is the code's)."""
        if not re.fullmatch(r"[a-z0-9-]+\.pdf", item.name):
            raise ValueError(f"not a download name: {item.name!r}")
        return Markup(f"`{rst_text(text)} <{DOWNLOADS}/{item.name}>`__")

    def about(self, item: Download) -> str:
        """What a reader wants to know before downloading: the format, the paper and the size."""
        return self.tr.gettext("PDF, {paper}, {size}").format(paper=item.paper, size=self.fmt.file_size(item.size))

    def pages(self, status: list | None = None, files: list[Download] | None = None) -> dict[str, str]:
        """Page name → reST source, for every page of the site; ``files``: the downloads it offers
        (none for the single page the rulebook PDF is printed from; only those printed are offered)."""
        files = [item for item in files or () if item.size is not None]
        pages = {"index": self.env.get_template("index.rst.jinja").render(downloads=bool(files))}
        if files:
            pages["downloads"] = self.env.get_template("downloads.rst.jinja").render(
                files=files, link=self.link, about=self.about,
                language_name=self.fmt.language_name, bilingual=bilingual_languages(self.book))
        if status is not None and self.editors:   # a build report: for the editors, not the readers
            pages["status"] = self.env.get_template("status.rst.jinja").render(
                status=status, language_name=self.fmt.language_name, count=self.fmt.count,
            )
        if self.glossary:
            pages["glossary"] = self.env.get_template("glossary.rst.jinja").render(
                terms=self.terms, meaning=self.meaning, languages=LANGUAGES, language_name=self.fmt.language_name)
        pages["changes"] = self.env.get_template("changes.rst.jinja").render(
            changes=self.changes, redline_pdf=next((item for item in files if item.kind == "redline"), None),
            link=self.link, about=self.about)
        part_template = self.env.get_template("part.rst.jinja")
        for part in self.book.parts:
            pages[part.id] = part_template.render(part=part)
        return pages
