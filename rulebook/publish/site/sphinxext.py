"""Sphinx extension: the rulebook's pages for the language being built.

Like ``sphinx.ext.autosummary``, it writes its source pages when the builder
starts; a page is rewritten only when its text changed, so Sphinx's own
incremental build re-reads just what an edit touched.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from datetime import date
from pathlib import Path
from typing import Any

import jinja2
from docutils import nodes
from docutils.languages import get_language as docutils_language
from docutils.parsers.rst.languages import get_language as rst_language
from markupsafe import Markup, escape
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment
from sphinx.errors import ConfigError
from sphinx.transforms import SphinxTransform

from rulebook.core.errors import ModelError, ModelErrors
from rulebook.core.layout import generator_version
from rulebook.core.examples import doctest_setup
from rulebook.i18n.catalogs import language_choices
from rulebook.i18n.formatting import Translator, plural_samples
from rulebook.i18n.search_hr import SearchCroatian
from rulebook.i18n.search_terms import search_language, with_poker_terms
from rulebook.i18n.search_words import measures, number_words, question_stopwords, stem_forms
from rulebook.i18n.theme_strings import search_translations_js, translate_theme, translated_labels
from rulebook.i18n.vocabulary import N_
from rulebook.project import Project
from rulebook.reading import Reading, calculators
from rulebook.gate.status import all_status
from rulebook.publish.site import link_preview, notfound, offline, printed, redline, rule_index, rules, rules_json, runtime, search_index, web
from rulebook.publish.machinery import precompress
from rulebook.publish.editions.archive import Place, folder
from rulebook.publish.machinery.environments import bytecode_cache
from rulebook.publish.site.render import PageRenderer
from rulebook.publish.site.rule_index import RuleIndexDomain
from rulebook.publish.site.svg import suit_colour

STATIC = Path(__file__).parent / "static"
ENV_VERSION = 2   # 1: the index kept as an environment attribute; 2: in RuleIndexDomain

def _renderer(app: Sphinx) -> PageRenderer:
    """The build's page renderer (``rules.page_of``), as this extension knows it: the whole renderer."""
    renderer = rules.page_of(app.config)
    assert isinstance(renderer, PageRenderer)
    return renderer

# What a redline's words are, said before them (``deleted``/``inserted`` nodes): in English, and in the
# page's language in ``rulebook_redline_said``.
REDLINE_SAID = {
    # Translators: said by screen readers before the words an edition deleted from a rule.
    "deleted": N_("deleted"),
    # Translators: said by screen readers before the words an edition inserted into a rule.
    "inserted": N_("inserted"),
}



def _project(config: Config) -> Project:
    """The project the command loaded and gated; loaded here only for a bare ``sphinx-build``."""
    if callable(config.rulebook_project):
        return config.rulebook_project()
    try:
        return Project.load(Path(config.rulebook_root))
    except (ModelErrors, ModelError) as exc:
        raise ConfigError(str(exc)) from None


def config_inited(app: Sphinx, config: Config) -> None:
    project = _project(config)
    lang = config.language or "en"
    house_id = config.rulebook_house or next(iter(project.houses))
    if house_id not in project.houses:
        raise ConfigError(f"rulebook_house: no house {house_id!r} (houses: {', '.join(project.houses)})")
    # Docutils has no Romanian or Croatian labels; our pages use none of its generated text,
    # so take its English fallback without a warning.
    docutils_language(lang)
    rst_language(lang)
    _search_in_the_language(app, project, house_id, lang)
    given = config.rulebook_renderer
    if not callable(given):   # a bare sphinx-build: made here, once, and handed over as the command's is
        made = PageRenderer(project, house_id, lang, config.rulebook_editors, config.rulebook_archive or None)
        config.rulebook_renderer = lambda: made
    renderer = _renderer(app)
    # Every page of the language depends on this: a change re-reads them all (never a stale page).
    config.rulebook_fingerprint = project.fingerprint(house_id, lang)
    config.doctest_global_setup = doctest_setup(project.root / renderer.book.house_file)
    config.rulebook_redline_said = {kind: renderer.tr.gettext(word) for kind, word in REDLINE_SAID.items()}
    title = renderer.text(renderer.book.title)
    # Sphinx and Furo write the project name and html_title into pages as markup: hand them
    # text made safe for HTML (a translated title is text, never markup).
    config.project = config.html_title = str(escape(title))
    # The footer of every page names the house whose rules these are (the theme escapes it).
    config.copyright = renderer.book.name
    # The edition is the rulebook's version (EPUB requires one).
    if renderer.book.edition:
        config.version = config.release = str(renderer.book.edition)
    _theme_in_the_language(app, config, renderer)
    # The 404 page (sphinx-notfound-page) in the language, its addresses from the server's root.
    where = notfound.prefix(renderer.book.base_url, house_id, lang, folder((config.rulebook_archive or {}).get("edition")))
    config.notfound_context = notfound.context(renderer.tr, where)
    config.notfound_urls_prefix = where
    config.templates_path.extend(str(path) for path in project.templates("sphinx"))


def _search_in_the_language(app: Sphinx, project: Project, house_id: str, lang: str) -> None:
    """The house's glossary's terms found however readers type them, and readers' own words for them."""
    base = search_language(lang)
    if base is not None:
        glossary = project.glossary_of(house_id)
        forms = [form for term in glossary for form in term.forms_in(lang)]
        synonyms = {word: term.forms_in(lang)[0] for term in glossary for word in term.search.get(lang, ())}
        # A question's own words are left out, never a poker term of one word ("pot"); a term of
        # several ("all in") is searched joined, so its words may stay stopwords.
        poker_words = {form for form in forms if re.fullmatch(r"\w+", form)}
        stopwords = question_stopwords(lang, base.stopwords, poker_words)
        app.add_search_language(with_poker_terms(lang, base, forms, synonyms, stopwords, number_words(lang),
                                                  measures(lang), stem_forms(lang)))


def _theme_in_the_language(app: Sphinx, config: Config, renderer: PageRenderer) -> None:
    """The theme's own words, the search's count line and the editors' banner in the page's language;
    our stylesheet, script and icon."""
    config.html_static_path.append(str(STATIC))
    config.html_favicon = str(STATIC / "favicon.svg")
    config.html_search_scorer = str(STATIC / "search_scorer.js")   # a page titled by the query first
    translate_theme(app.translator, renderer.tr)
    locale = Path(app.srcdir) / "_locale"
    if search_translations_js(renderer.tr.locale, renderer.tr, locale):
        config.locale_dirs = [str(locale), *config.locale_dirs]
    if config.rulebook_editors and config.html_theme == "furo":   # Furo writes the announcement as markup
        notice = renderer.tr.gettext("Editors' edition: the sources and editorial notes beside each rule. "
                                     "Not for publication.")
        config.html_theme_options = {**config.html_theme_options, "announcement": str(escape(notice))}
    if config.rulebook_archive and config.html_theme == "furo":   # Furo shows the banner when there is one
        config.html_theme_options = {**config.html_theme_options,
                                     "announcement": str(escape(_archive_notice(renderer, config.rulebook_archive)))}
    if config.html_theme != "furo":
        config.html_sidebars = {}  # the sidebar names conf.py gives are Furo's


def _archive_notice(renderer: PageRenderer, archive: dict) -> str:
    """What an archived edition says on every page: which edition it is, and that it is over."""
    book, tr, fmt = renderer.book, renderer.tr, renderer.fmt
    assert book.in_force is not None   # only a numbered edition is archived
    edition, effective = book.in_force
    if archive.get("until"):
        return tr.gettext("Edition {edition} of these rules was in force from {start} to {end}. "
                          "It is no longer in force.").format(
            edition=edition, start=fmt.long_date(effective),
            end=fmt.long_date(date.fromisoformat(archive["until"])))
    return tr.gettext("Edition {edition} of these rules, in force from {start}, is no longer in force.").format(
        edition=edition, start=fmt.long_date(effective))


def html_page_context(app: Sphinx, pagename: str, templatename: str, context: dict, doctree) -> None:
    """Offer the page in every language the house publishes, each named in its own language."""
    archive = app.config.rulebook_archive
    renderer = _renderer(app)
    here = "../" * pagename.count("/")                    # this page's folder to its edition's
    edition = f"{here}../../" if archive else here        # to the current edition's
    context["rulebook_languages"] = [
        dict(choice, url=f"{edition}../{choice['code']}/{folder(archive.get('edition'))}{pagename}.html",
             current=choice["code"] == app.config.language)
        for choice in language_choices(renderer.book.languages)
    ]
    if archive:   # the banner of an archived edition: what it is, and the same page in the edition in force
        page = pagename if pagename in archive["pages"] else "index"
        context["rulebook_archive"] = {"notice": _archive_notice(renderer, archive), "link": f"{edition}{page}.html",
                                       "label": renderer.tr.gettext("This page in the edition in force")}
    context["rulebook_switch_label"] = renderer.tr.gettext("Language")
    context["rulebook_labels"] = lambda html: translated_labels(str(html), renderer.tr)
    book = renderer.book
    context["rulebook_footer"] = renderer.fmt.edition(book.name, *in_force) \
        if (in_force := book.in_force) else book.name
    context["rulebook_copyright"] = f"\u00a9 {book.copyright}" if book.copyright else None


_VIEWPORT = re.compile(r'<meta name="viewport"[^>]*>\s*')


def _place(app: Sphinx) -> Place:
    """Where this build is published; an editors' edition has no public address."""
    book, archive = _renderer(app).book, app.config.rulebook_archive
    return Place(None if app.config.rulebook_editors else book.base_url, book.id, app.config.language or "en",
                 book.house["official_language"], folder(archive.get("edition")) if archive else "")


def _offline(app: Sphinx) -> bool:
    """The reader's edition in force is kept for reading offline (not the editors', not an archive)."""
    return app.builder.name == "html" and not app.config.rulebook_editors and not app.config.rulebook_archive


# What made every page: the generator and its rule library, by the version installed (core.layout).
GENERATOR = f'<meta name="generator" content="{escape(f"pokerrulebook {generator_version()}")}">\n'


def page_conventions(app: Sphinx, pagename: str, templatename: str, context: dict, doctree) -> None:
    """The page's title naming its house, its head's description, Open Graph tags, canonical and
    alternates (``rulebook.publish.site.web``), one viewport tag (docutils adds a second to the theme's), the
    web app manifest of an edition kept offline, and no stylesheet for code where no code is shown (a
    reader's page); the 404 page's languages lead to their home pages."""
    renderer, place = _renderer(app), _place(app)
    book = renderer.book
    rulebook = renderer.text(book.title)
    page = Markup(context.get("title") or "").striptags()
    context["rulebook_title"] = title = web.page_title(page, book.name, rulebook)
    context["metatags"] = _VIEWPORT.sub("", context.get("metatags") or "") + GENERATOR
    if not app.config.rulebook_editors:   # no code is highlighted on a reader's page: 20 kB a page saved
        context["css_files"] = web.reader_styles(context.get("css_files", ()))
    if app.builder.name != "html":
        context["rulebook_head"] = ""
        return
    head = web.head(place, pagename, title, web.description(renderer, pagename, page), book.name,
                    book.languages, picture=_picture(app) if place.base else None)
    if _offline(app):
        head += Markup('\n<link rel="manifest" href="{}">').format(context["pathto"](offline.MANIFEST, 1))
    if pagename == calculators.PAGE and _offline(app):   # the reader's edition in force: the one with calculators
        head += _calculators_head(app)
    context["rulebook_head"] = head
    if pagename == notfound.PAGE:
        context["rulebook_languages"] = [
            dict(choice, url=f"{notfound.prefix(place.base, book.id, choice['code'], place.folder)}index.html")
            for choice in context["rulebook_languages"]]


def stable_section_ids(app: Sphinx, doctree: nodes.document) -> None:
    """A heading's first id is the id every language shares (the rule's, the section's), not docutils'
    slug of the translated title: the ¶ link, "On this page" and the switcher then carry across
    languages. Runs before Sphinx's table-of-contents collector reads the ids."""
    stable = _renderer(app).anchor_ids
    sections = list(doctree.findall(nodes.section))
    # A section's stable id is its label's name. Docutils may have given that id to another heading
    # whose title slug happens to spell it (the section "Showdown order" and the rule
    # "showdown-order"): the label wins. A labelled section keeps no slug of its translated title.
    labels = {id(section): [name for name in section["names"] if name in stable] for section in sections}
    claimed = {name for names in labels.values() for name in names}
    for section in sections:
        mine = labels[id(section)]
        section["ids"] = mine or [ident for ident in section["ids"] if ident not in claimed]


def _rule_index(env: BuildEnvironment) -> RuleIndexDomain:
    domain = env.get_domain(RuleIndexDomain.name)
    assert isinstance(domain, RuleIndexDomain)
    return domain


def collect_rules(app: Sphinx, doctree: nodes.document) -> None:
    """Keep the page's rules for the search (after their ids are made stable, hence not in the
    domain's own ``process_doc``, which runs before ``doctree-read``)."""
    _rule_index(app.env).note_page(app.env.docname, doctree)


def search_page_scripts(app: Sphinx, pagename: str, templatename: str, context: dict, doctree) -> None:
    """The search page alone loads the rules' index and ranks them."""
    if pagename == "search":
        app.add_js_file("rule_search.js", loading_method="defer")
        app.add_js_file("rule_index.js", loading_method="defer")


def calculators_page(app: Sphinx, pagename: str, templatename: str, context: dict, doctree) -> None:
    """The calculators page alone loads its script (and, from it, the runtime)."""
    if pagename == calculators.PAGE:
        app.add_js_file("calculators.js", loading_method="defer")


CALCULATORS_DATA = "_static/calculators.json"


def _calculators_data(app: Sphinx) -> str:
    """The calculators page's data (``PageRenderer.calculators_data``), made once a build: its head names its digest."""
    return _renderer(app).calculators_data


def write_calculators(app: Sphinx, exception: Exception | None) -> None:
    """The calculators page's data, beside the page's other static files."""
    if exception is not None or app.builder.name != "html" or not (Path(app.outdir) / f"{calculators.PAGE}.html").exists():
        return
    _write_if_changed(Path(app.outdir) / CALCULATORS_DATA, _calculators_data(app))


def _calculators_head(app: Sphinx) -> Markup:
    """What the calculators page asks for as its head is read, before its script runs: its data, named
    by its version (so that the offline worker answers it at once, as it answers the theme's files),
    the runtime's scripts as modules, and its WebAssembly and snapshot as the fetches the script makes
    (the same mode and credentials: the browser hands them over rather than fetching twice)."""
    version = hashlib.sha256(_calculators_data(app).encode("utf-8")).hexdigest()[:8]
    links = Markup('\n<link rel="preload" as="fetch" crossorigin="anonymous" href="{}" data-calculators>').format(
        f"{CALCULATORS_DATA}?v={version}")
    for name in runtime.runtime(_renderer(app).project.root).starting:
        kind = 'rel="modulepreload"' if name.endswith(".mjs") else 'rel="preload" as="fetch" crossorigin="anonymous"'
        links += Markup('\n<link {} href="{}">').format(Markup(kind), f"../../{name}")
    return links


def builder_inited(app: Sphinx) -> None:
    srcdir = Path(app.srcdir)
    renderer = _renderer(app)
    given = app.config.rulebook_pages
    pages = given() if callable(given) else renderer.pages(all_status(renderer.project), calculators_page=app.builder.name == "html")
    for name, text in pages.items():
        _write_if_changed(srcdir / f"{name}.rst", text)
    for stale in srcdir.glob("*.rst"):
        if stale.stem not in pages:
            stale.unlink()
    theme = getattr(getattr(app.builder, "templates", None), "environment", None)
    if isinstance(theme, jinja2.Environment):   # the theme's templates, compiled once for every job
        theme.bytecode_cache = bytecode_cache(renderer.project.root, "sphinx-theme")
    # A page gone from the sources is gone from the output too (Sphinx leaves what it once wrote).
    if _offline(app):
        app.add_js_file("offline.js", loading_method="defer")
    if app.builder.name == "html":
        for written in Path(app.outdir).glob("*.html"):
            if written.stem not in pages and written.stem not in ("genindex", "search", notfound.PAGE):
                written.unlink()


def drop_empty_sources(app: Sphinx, exception: Exception | None) -> None:
    """Sphinx's HTML builders make ``_sources/`` even when they copy no source (``html_copy_source =
    False``): an empty folder, of the build's machinery, that the site would publish."""
    folder = Path(app.outdir) / "_sources"
    if exception is None and folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()


def build_finished(app: Sphinx, exception: Exception | None) -> None:
    """Write a permanent address for every rule: ``r/<rule-id>.html`` and ``r/<number>.html`` lead
    to wherever it lives now (``r/34.html`` to 34.1 where one passage gives several rules).

    Links to a rule then survive it moving to another part or page in a later edition; a floor's
    "rule 38" is an address too. Each page carries the rule's number, title and text in the page's
    language, so a link preview shows the rule, not an address.
    """
    if exception is not None or app.builder.format != "html" or app.builder.name != "html":
        return
    folder = Path(app.outdir) / offline.RULES
    folder.mkdir(exist_ok=True)
    reading = _renderer(app).reading
    place = _place(app)
    written = set()
    for name, (part, rule) in rule_addresses(reading).items():
        target = f"../{part.id}.html#{rule.id}"
        cited, title = reading.cite(rule.id), reading.title(rule)
        address = place.url(part.id)
        written.add(name)
        _write_if_changed(folder / name, _REDIRECT.format(
            target=escape(target), lang=escape(app.config.language),
            canonical=f'\n<link rel="canonical" href="{escape(address)}">' if address else "",
            title=escape(f"{cited} · {title}" if cited else title),
            text=escape("" if rule.see else reading.wording(rule))))
    for stale in folder.glob("*.html"):   # a rule the house no longer publishes: its address would lead nowhere
        if stale.name not in written:
            stale.unlink()


def rule_addresses(reading: Reading) -> dict[str, tuple[Any, Any]]:
    """Each rule's permanent addresses (``<rule-id>.html``, ``<number>.html``, a split passage's
    ``34.html``), with the part and the rule each leads to."""
    found = {}
    for part in reading.book.parts:
        for rule in part.rules:
            for name in (rule.id, *_addresses(reading.number_of(rule.id), reading.numbers)):
                found[f"{name}.html"] = (part, rule)
    return found


def _picture(app: Sphinx) -> link_preview.Picture:
    """The link preview's picture of this house and language: its rulebook's title and its name."""
    renderer = _renderer(app)
    return link_preview.picture(renderer.text(renderer.book.title), renderer.book.name, app.config.language or "en")


def write_picture(app: Sphinx, exception: Exception | None) -> None:
    """The link preview's picture, for a house with an address (``rulebook.publish.site.link_preview``)."""
    if exception is None and app.builder.name == "html" and _place(app).base:
        link_preview.write(Path(app.outdir), _picture(app), app.config.language or "en")


def write_offline(app: Sphinx, exception: Exception | None) -> None:
    """The web app manifest and the list the site's worker keeps the language by
    (``rulebook.publish.site.offline``), once every other file of the folder is written."""
    if exception is not None or not _offline(app):
        return
    renderer = _renderer(app)
    book = renderer.book
    outdir = Path(app.outdir)
    rules = {f"{offline.RULES}/{name}": f"{part.id}.html#{rule.id}"
             for name, (part, rule) in rule_addresses(renderer.reading).items()}
    found = runtime.runtime(renderer.project.root) if (outdir / f"{calculators.PAGE}.html").exists() else None
    offline.write(outdir, web.page_title(renderer.text(book.title), book.name), book.name,
                  web.description(renderer, "index", ""), app.config.language or "en", book.languages, rules,
                  [f"../../{name}" for name in found.starting] if found else [])


def write_compressed(app: Sphinx, exception: Exception | None) -> None:
    """Every large file of a reader's folder compressed beside it (``rulebook.publish.machinery.precompress``),
    once every other file is written."""
    if exception is None and app.builder.name == "html" and not app.config.rulebook_editors:
        precompress.write_folder(Path(app.outdir))


def _addresses(number: str | None, numbers: Mapping[str, str]) -> list[str]:
    """The numbers a rule is reached by: its own, and a split passage's (34 for 34.1, its first)."""
    if number is None:
        return []
    found = [number]
    whole, _, rest = number.rpartition(".")
    if whole and rest == "1" and whole not in numbers.values():
        found.append(whole)
    return found


def write_rule_index(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """Every page's title, and the rules of the house's parts, for the search page: written once
    every page is read and before any is written, so that the search page's link to it carries the
    digest of this build's index (a clean and an incremental build write the same page)."""
    if app.builder.format == "html" and app.builder.name == "html":
        _write_rule_index(app)
    return []


def _write_rule_index(app: Sphinx) -> None:
    renderer = _renderer(app)
    parts = [part.id for part in renderer.book.parts]
    found = _rule_index(app.env).rules
    order = [name for name in parts if name in found] + sorted(name for name in found if name not in parts)
    pages = [(name, [entry for entry in found[name] if name in parts or not entry["id"]])
             for name in order if found[name]]
    # The rule that says what a glossary term is: found first by the term's words, and by its meaning.
    defines: dict[str, list[str]] = {}
    about: dict[str, list[str]] = {rule: list(phrases) for rule, phrases
                                   in renderer.glossary.asked.get(app.config.language or "en", {}).items()}
    for term in renderer.glossary:
        if defined := renderer.rule_of(term):
            defines.setdefault(defined[1].id, []).extend(term.forms_in(app.config.language))
            about.setdefault(defined[1].id, []).append(renderer.reading.meaning(term))
    pages = rule_index.with_readers_words(pages, about)
    pages = [(name, [{**entry, "defines": ", ".join(defines[entry["id"]])} if entry["id"] in defines else entry
                     for entry in entries]) for name, entries in pages]
    # The number readers cite each rule by: "38" or "pravilo 38" finds it first.
    numbers = renderer.reading.numbers
    pages = [(name, [{**entry, "number": numbers[entry["id"]]} if entry["id"] in numbers else entry
                     for entry in entries]) for name, entries in pages]
    # Translators: the search page's headings, above the rules found and above the pages found.
    labels: dict[str, str | dict[str, str]] = {"rules": renderer.tr.gettext("Rules"), "pages": renderer.tr.gettext("Pages"),
              "rule": renderer.tr.gettext("Rule {number}").replace("{number}", "").strip(),
              # Translators: the search box above the results, on a phone.
              "search": renderer.tr.gettext("Search the rules"),
              "found": _rules_found(renderer.tr, app.config.language or "en")}
    static = Path(app.outdir) / "_static"
    static.mkdir(parents=True, exist_ok=True)
    _write_if_changed(static / "rule_index.js", rule_index.script(pages, labels))


def _rules_found(tr: Translator, lang: str) -> dict[str, str]:
    """The line counting the rules found, in each plural category of the language (CLDR's, which the
    browser's Intl.PluralRules picks from and the catalog's Plural-Forms follow)."""
    sample = plural_samples(lang)
    # Translators: above the rules a search found; {count} is their number.
    return {category: tr.ngettext("{count} rule found", "{count} rules found", n) for category, n in sample.items()}


# A rule's permanent address: the page leads on at once; shown, it is the rule as a page should be (its
# title the one heading, the whole in the main landmark a screen reader goes to).
_REDIRECT = """<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta http-equiv="refresh" content="0; url={target}">{canonical}
<title>{title}</title>
<meta name="description" content="{text}">
<meta property="og:title" content="{title}">
<meta property="og:description" content="{text}">
</head>
<body><main><h1><a href="{target}">{title}</a></h1>
<p>{text}</p></main></body></html>
"""


def _write_if_changed(path: Path, text: str) -> None:
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return
    path.write_text(text, encoding="utf-8")


def write_rules_json(app: Sphinx, exception: Exception | None) -> None:
    """The rules as data for other programs (``rulebook.publish.site.rules_json``): the reader's edition
    in force only (an archived edition's rules are its pages'), rewritten whenever the build runs, so
    never older than the pages beside it."""
    if exception is None and _offline(app):
        _write_if_changed(Path(app.outdir) / rules_json.FILE, rules_json.rules_json(_renderer(app), _place(app)))


_CARD = re.compile(r"(?:10|[2-9JQKA])[\u2660\u2665\u2666\u2663]")


class SuitColours(SphinxTransform):
    """Suits in the colours of the house's deck, as on its cards: each card of the text (``10♥``) whose
    suit has a colour (hearts and diamonds red; in a four-colour deck diamonds blue and clubs green)
    becomes an inline node of class ``suit-<colour>``; the words and the search index are unchanged."""

    default_priority = 700

    def apply(self, **kwargs: Any) -> None:
        deck = _renderer(self.app).book.deck
        for text in list(self.document.findall(nodes.Text)):
            coloured = [found for found in _CARD.finditer(text) if suit_colour(found.group()[-1], deck)]
            if not coloured or isinstance(text.parent, (nodes.literal_block, nodes.literal, nodes.raw)):
                continue
            rules.marked(text, str(text), [(found.start(), found.end(), nodes.inline(
                found.group(), found.group(), classes=[f"suit-{suit_colour(found.group()[-1], deck)}"])) for found in coloured])


# The extensions the rulebook's set-up loads: the doctests, and the 404 page (its addresses right at any depth).
EXTENSIONS = ("sphinx.ext.doctest", "notfound.extension")


def setup(app: Sphinx) -> dict[str, Any]:
    for extension in EXTENSIONS:
        app.setup_extension(extension)
    app.add_config_value("rulebook_root", ".", "env", types=[str])
    # The loaded project, handed over by the ``rulebook`` command as a function returning it:
    # Sphinx leaves functions out of its pickled environment, so it is never pickled or compared.
    app.add_config_value("rulebook_project", None, "")
    # The pages, when the command already rendered them (to stamp the build): a function, like the project.
    app.add_config_value("rulebook_pages", None, "")
    # The page renderer the command made for these pages (with the printed files they offer), a function too.
    app.add_config_value("rulebook_renderer", None, "")
    app.add_config_value("rulebook_fingerprint", "", "env", types=[str])
    app.add_config_value("rulebook_house", "", "env", types=[str])
    app.add_config_value("rulebook_redline_said", {}, "env", types=[dict])   # REDLINE_SAID translated
    app.add_config_value("rulebook_editors", False, "env", types=[bool])   # the editors' edition
    # An archived edition (``rulebook.publish.editions.archive.banner``): its number, the next one's date, the pages and
    # rules in force; empty for the edition in force. Its pages are rewritten when it changes.
    app.add_config_value("rulebook_archive", {}, "html", types=[dict])
    app.connect("config-inited", config_inited)
    app.connect("builder-inited", builder_inited)
    app.connect("html-page-context", html_page_context)
    app.connect("doctree-read", stable_section_ids, priority=400)
    app.add_domain(RuleIndexDomain)
    rules.setup_nodes(app)
    app.connect("doctree-read", collect_rules, priority=450)
    app.connect("html-page-context", search_page_scripts)
    app.connect("html-page-context", calculators_page)
    app.connect("env-updated", write_rule_index)
    app.connect("build-finished", build_finished)
    app.connect("build-finished", drop_empty_sources)
    app.connect("build-finished", write_picture)
    app.connect("build-finished", write_calculators)
    app.connect("build-finished", write_rules_json)
    app.connect("html-page-context", page_conventions)
    app.connect("build-finished", write_offline, priority=900)   # after every other file is written
    app.connect("build-finished", write_compressed, priority=950)   # after the offline lists
    app.add_transform(SuitColours)
    printed.setup(app)
    search_index.setup(app)
    app.add_node(redline.deleted, **redline.visitors("del"))
    app.add_node(redline.inserted, **redline.visitors("ins"))
    app.add_search_language(SearchCroatian)
    app.add_css_file("rulebook.css")
    app.add_js_file("rulebook.js", loading_method="defer")
    # env_version: raised whenever what this extension keeps in the environment changes its shape
    # (the rule index's entries, the nodes it adds), so that a stored environment is read afresh.
    return {"version": "0.1", "env_version": ENV_VERSION, "parallel_read_safe": True, "parallel_write_safe": True}
