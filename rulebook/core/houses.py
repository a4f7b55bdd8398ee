"""Reading a house file (``houses/<id>/house.yaml``): its identity, the parts it publishes, its
parameters with their units and references (judged by the engine), and its rulebook as it states it."""

from __future__ import annotations

import dataclasses
import re
import urllib.parse
from datetime import date
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError

from pokerrules import House, HouseError
from rulebook.core import sources, yamlload
from rulebook.core.errors import ModelError
from rulebook.core.languages import LANGUAGES
from rulebook.core.money import CHIPS, currencies, is_unit, read_money
from rulebook.core.parts import PartLoader
from rulebook.core.placeholders import clean
from rulebook.core.quantities import Parameters, read_quantities
from rulebook.core.reader import Reader
from rulebook.core.references import read_references
from rulebook.core.records import (CARD_SIZES, DECKS, ID_PATTERN, PAPERS, RESERVED_IDS, Message, Note, Part, PrintChoice, Rule,
                                   Rulebook, Slot)
from rulebook.core.schema import HouseRecord
from rulebook.core.territory import is_territory, paper_of
from rulebook.core.values import resolve
from rulebook.core.variants import adopt, check_ruling, check_see, house_part
from rulebook.core.yamlload import Map, Seq, line_of_path


# A house id names a folder of houses/, of every build folder and of every address of its site. The
# deepest path a build writes for it is _build/work/html/<id>/<lang>/r/<rule id, up to 80>.html,
# 108 characters besides the id: with at most 32, 120 are left for the checkout's own folder within
# the 260 characters a path may have on Windows (a name component has 255 on most file systems).
MAX_HOUSE_ID = 32
# Names Windows gives its devices, whatever their case and extension: no folder can have one there.
_WINDOWS_DEVICES = frozenset({"con", "prn", "aux", "nul", *(f"{port}{n}" for port in ("com", "lpt") for n in "123456789¹²³")})


def house_id_problem(house_id: str) -> str | None:
    """Why ``house_id`` cannot name a house (its folder, as ``houses/<id>/``), or None: said before any
    file is made, so an editor on any system gets one line, not a file system's error."""
    if house_id.split(".")[0].rstrip(" ").lower() in _WINDOWS_DEVICES:
        return ("is a device name on Windows (CON, PRN, AUX, NUL, COM1-COM9, LPT1-LPT9, in any case and with any "
                "extension): no folder there can have it")
    if house_id.endswith((".", " ")):
        return "ends in a dot or a space, which Windows drops from a folder's name"
    if len(house_id) > MAX_HOUSE_ID:
        return f"is {len(house_id)} characters long: at most {MAX_HOUSE_ID} characters, as it is in every path a build writes"
    if not ID_PATTERN.match(house_id) or house_id in RESERVED_IDS:
        return "must be lower-case words joined by hyphens (e.g. 'riverside-club'), and not a site page name"
    return None


def shown_id(house_id: str) -> str:
    """A house id quoted in a message, cut short when it is too long to read."""
    return repr(house_id) if len(house_id) <= 40 else f"{house_id[:40]!r}…"


# A DNS label: letters, digits and hyphens, neither first nor last a hyphen (RFC 1123), at most 63.
_LABEL = re.compile(r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)\Z")
_PATH = re.compile(r"(?:/[A-Za-z0-9._~-]*)*\Z")


def base_url_problem(url: str) -> str | None:
    """Why ``url`` cannot be the address a house's site is published at, or None. It becomes every
    page's canonical address, the sitemap's and the PDFs' links, so it is read as a URL (an https
    scheme, a host that is a DNS name, an optional port, a plain path), not matched as text:
    ``https://../..`` passed the old pattern."""
    if not re.fullmatch(r"[!-~]+", url):
        return "must be written in ASCII letters, digits and punctuation, without spaces (a host in punycode: xn--…)"
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "https" or not url.startswith("https://"):
        return "must be an https:// address"
    if parts.query or parts.fragment or "?" in url or "#" in url:
        return "may not hold a query (?) or a fragment (#)"
    if "@" in parts.netloc:
        return "may not hold a user name or a password (@)"
    host, colon, port = parts.netloc.partition(":")
    labels = host.split(".")
    if not host or len(host) > 253 or not all(_LABEL.match(label) for label in labels):
        return (f"has no host: {host!r} is not a DNS name (labels of letters, digits and hyphens joined by dots, "
                "none empty, none starting or ending with a hyphen, e.g. https://rules.example.org)")
    if colon and not (port.isdigit() and 1 <= int(port) <= 65535):
        return f"has the port {port!r}: a port is a number from 1 to 65535"
    if not _PATH.match(parts.path) or any(segment in (".", "..") for segment in parts.path.split("/")):
        return "has a path of other than letters, digits and . _ ~ - / (and no . or .. between slashes)"
    return None


def house_messages(data: Map, rel: str) -> tuple[Message, Message | None]:
    """The house file's translatable strings: the rulebook's title and the line saying what the house
    is (``about``, optional), in contexts of the house's own (``house.<id>.title``): one house's
    translation never fills another's, even where their English is the same."""
    house_id = Path(rel).parent.name
    title = Message(f"house.{house_id}.title", clean(data["title"]), rel, data.line_of("title"), None)
    about = data.get("about")
    return title, Message(f"house.{house_id}.about", clean(about), rel, data.line_of("about"), None) \
        if isinstance(about, str) else None


def _part_lines(data: Map) -> dict[str, int]:
    """Where the house file names each part it publishes (``parts:``)."""
    listed = data.get("parts")
    return {part_id: listed.line_of(index) for index, part_id in enumerate(listed)
            if isinstance(part_id, str)} if isinstance(listed, Seq) else {}


def _published(data: Map, listed: list[Any], parts: dict[str, Part], unreadable: set[str], reader: Reader,
               house_id: str) -> list[Part]:
    """The parts the house lists (``parts:``), each once (a part whose file did not load is skipped: told there)."""
    published: list[Part] = []
    for index, part_id in enumerate(listed):
        at = data["parts"].line_of(index)
        if part_id in unreadable:
            continue
        if not isinstance(part_id, str) or part_id not in parts:
            reader.error(at, house_id, f"part {part_id!r} has no file rules/{part_id}.yaml")
        elif part_id in (p.id for p in published):
            reader.error(at, house_id, f"part {part_id!r} is listed twice")
        else:
            published.append(parts[part_id])
    return published


def _placed(stated: tuple[Part, ...], choices: Any, defined: dict[str, Slot], reader: Reader,
            house_id: str, lines: dict[str, int]) -> dict[str, str]:
    """Each rule the house publishes → its part, placed once; then its variant choices judged against them.
    ``lines``: where the house file names each part (a rule placed twice is told at the second's)."""
    placed: dict[str, str] = {}
    for part in stated:
        for rule in part.rules:
            if rule.id in placed:
                reader.error(lines.get(part.id, 1), house_id, f"rule {rule.id!r} is placed twice in the house's "
                             f"rulebook (parts {placed[rule.id]!r} and {part.id!r})")
            placed[rule.id] = part.id
    for rule_id in choices:
        slot = defined.get(rule_id)
        if rule_id not in placed or slot is None or not slot.names or slot.chosen_by:
            reader.error(choices.line_of(rule_id), house_id, f"'variants' chooses for rule {rule_id!r}, which the house "
                         "does not publish or which has no variants to choose from (or whose parameter chooses)")
    return placed


def read_house(loader: PartLoader, path: Path, parts: dict[str, Part], unreadable: set[str],
           defined: dict[str, Slot]) -> Rulebook | None:
    """One house file: identity, the parts it publishes, its parameters (judged by the engine)."""
    rel = str(path.relative_to(loader.root.parent))
    data = loader.load_yaml(path)
    if data is None:
        return None
    reader = Reader(rel, loader.errors, "house")
    house_id = path.parent.name
    if problem := house_id_problem(house_id):
        reader.error(1, None, f"house folder {shown_id(house_id)} {problem}")
        return None
    if _unwritten(data, reader, house_id):
        return None
    fields = reader.fields(data, 1, house_id, "a house", HouseRecord)
    if fields is None:
        return None
    if not is_unit(fields["unit"]):
        upper = str(fields["unit"]).upper()
        hint = f" (ISO 4217 codes are written in capitals: {upper})" if upper in currencies() else ""
        reader.error(data.line_of("unit"), house_id, f"unit {fields['unit']!r} must be {CHIPS} or the ISO 4217 code of "
                     f"the house's currency (three capital letters){hint}")
    money = read_money(data, fields["unit"], reader, house_id)
    published = _published(data, fields["parts"], parts, unreadable, reader, house_id)
    if not isinstance(data["parameters"], Map) or not is_unit(fields["unit"]):
        return None
    currency = data["parameters"].get("currency")
    if currency is not None and currency != fields["unit"]:
        reader.error(data["parameters"].line_of("currency"), house_id, f"parameters: currency {currency!r} must be the "
                     f"house's unit, {fields['unit']!r}")
    unread = len(loader.errors)
    documents = _documents(data, path.parent, rel, reader, house_id)
    quoted = documents if len(loader.errors) == unread else None   # a document not read: told at its line
    before = len(loader.errors)
    units = read_quantities(data["parameters"], fields["unit"], rel, loader.errors)
    references = read_references(data.get("references"), units, quoted, rel, _line(data, "references"), house_id,
                                 loader.errors)
    judged = _validate_house(data["parameters"], units.subunits, rel, loader.errors) if len(loader.errors) == before \
        else None
    if judged is None:
        return None
    parameters, engine = Parameters(judged[0], units), judged[1]
    money = dataclasses.replace(money, subunits=units.subunits)
    _check_tiers(parameters, rel, loader.errors)
    title, about = house_messages(data, rel)
    # a Map with its lines (an empty one too: a variant still to choose is told at its line), or nothing chosen
    choices: Any = data["variants"] if isinstance(data.get("variants"), Map) else Map()
    adopting = data.get("adopt") or []
    stated = tuple(house_part(part, parameters, choices, defined, reader, house_id) for part in published)
    stated = adopt(stated, adopting, reader, house_id)
    check_ruling(stated, parameters, defined, reader, house_id)
    check_see(stated, reader, house_id, _part_lines(data))
    placed = _placed(stated, choices, defined, reader, house_id, _part_lines(data))
    # Judged only on a library that loaded whole: a part that failed, or a rule whose id is wrong,
    # would leave every rule it names dangling here (the mistake is told once, where it is).
    short_form = _chosen_rules(data, "short_form", placed, reader, house_id, judged=not loader.errors)
    table_card = _chosen_rules(data, "table_card", placed, reader, house_id, judged=not loader.errors)
    edition, effective = fields.get("edition"), None
    if edition is not None and not 1 <= edition <= 10_000:
        reader.error(data.line_of("edition"), house_id, f"edition {edition} must be a number from 1")
    if "effective" in fields:
        try:
            effective = date.fromisoformat(fields["effective"])
        except ValueError:
            reader.error(data.line_of("effective"), house_id,
                         f"effective {fields['effective']!r} must be a date written 2026-12-01")
    base_url = fields.get("base_url")
    if base_url is not None and (problem := base_url_problem(base_url)):
        reader.error(data.line_of("base_url"), house_id, f"base_url {base_url!r} {problem}")
        base_url = None
    names = _names(data, reader, house_id)
    languages = _languages(data, parameters.get("official_language"), reader, house_id)
    territory = _territory(data, languages, reader, house_id)
    sections = _sections(documents, path.parent, rel, reader, house_id)
    if (edition is None) != ("effective" not in fields):
        reader.error(1, house_id, "'edition' and 'effective' go together: the edition and the day it is in force from")
    return Rulebook(house_id, clean(fields["name"]), fields.get("city"), fields.get("contact"), fields["unit"],
                    title, parameters, rel, stated, loader.root.parent, edition, effective,
                    clean(fields["copyright"]) if fields.get("copyright") else None, base_url,
                    dict(choices) if isinstance(choices, dict) else {}, data.get("numbering") or {}, about, names,
                    short_form, _line(data, "short_form"), money=money, languages=languages, table_card=table_card,
                    table_card_line=_line(data, "table_card"), documents=documents,
                    documents_line=_line(data, "documents"), sections=sections, references=references,
                    printing=_print_choice(data, territory, languages, reader, house_id), deck=_deck(data, reader, house_id),
                    territory=territory, engine=engine, house_file_digest=sources.digest_of(repr(data).encode()))


def _deck(data: Map, reader: Reader, house_id: str) -> str:
    """``deck:``, the colours of the suits the house deals: two-colour (the default) or four-colour."""
    deck = data.get("deck", DECKS[0])
    if deck not in DECKS:
        reader.error(data.line_of("deck"), house_id, f"deck {deck!r} must be one of {', '.join(DECKS)}")
        return DECKS[0]
    return str(deck)


def _print_choice(data: Map, territory: dict[str, str], languages: tuple[str, ...], reader: Reader,
                  house_id: str) -> PrintChoice:
    """``print:``, what the house prints on: ``paper`` (its sheets and printed rulebooks: A4 or letter;
    when not given, the paper of the territory its language of authority is written in, as CLDR says),
    ``card`` (its table cards: A6 or A5; A6 when not given), and ``two_sided`` (the language on the back
    of its two-sided card)."""
    given = data.get("print")
    default = PrintChoice(paper=paper_of(territory.get(languages[0]) if languages else None))
    if given is None:
        return default
    if not isinstance(given, Map):
        reader.error(data.line_of("print"), house_id, "print must hold 'paper', 'card' or 'two_sided'")
        return default
    chosen: dict[str, Any] = {}
    for key, allowed in (("paper", PAPERS), ("card", CARD_SIZES)):
        value = given.get(key, getattr(default, key))
        if value not in allowed:
            reader.error(given.line_of(key), house_id, f"print: {key} {value!r} must be one of {', '.join(allowed)}")
            value = getattr(default, key)
        chosen[key] = value
    second = given.get("two_sided")
    if second is not None and (second not in languages[1:] or not isinstance(second, str)):
        reader.error(given.line_of("two_sided"), house_id, f"print: two_sided {second!r} must be a language the house "
                     f"publishes besides its language of authority ({', '.join(languages[1:]) or 'none'})")
        second = None
    for written in given:
        if written not in ("paper", "card", "two_sided"):
            reader.error(given.line_of(written), house_id, f"print: {written!r} is not known (paper, card, two_sided)")
    return PrintChoice(**chosen, two_sided=second)


def _territory(data: Map, languages: tuple[str, ...], reader: Reader, house_id: str) -> dict[str, str]:
    """``territory:``, where the house is (ISO 3166: ``US``), for every language it publishes, or by
    language (``{en: US, es: MX}``): how each writes its dates, numbers and money there."""
    given = data.get("territory")
    if given is None:
        return {}
    at = data.line_of("territory")
    by_language = dict(given) if isinstance(given, Map) else {lang: given for lang in languages}
    found = {}
    for lang, code in by_language.items():
        line = given.line_of(lang) if isinstance(given, Map) else at
        if lang not in languages:
            reader.error(line, house_id, f"territory: {lang!r} is not a language the house publishes ({', '.join(languages)})")
        elif not is_territory(code):
            reader.error(line, house_id, f"territory {code!r} must be the two capital letters of a country (ISO 3166), "
                         "such as US or GB")
        else:
            found[lang] = code
    return found


def _line(data: Map, key: str) -> int:
    """The line of a key of the house file; its first line when the file leaves the key out."""
    return data.line_of(key) if key in data else 1


def _names(data: Map, reader: Reader, house_id: str) -> dict[str, str]:
    """``names:``, the house's name in the languages where it is not ``name`` (a room named by what it
    is, "Poker room", is a "Salle de poker" in French): one line of text for each published language."""
    given = data.get("names") or {}
    names: dict[str, str] = {}
    for lang, name in given.items():
        at = given.line_of(lang) if isinstance(given, Map) else data.line_of("names")
        if lang not in LANGUAGES:
            reader.error(at, house_id, f"names: {lang!r} is not a language of the site ({', '.join(LANGUAGES)})")
        elif not isinstance(name, str) or not name.strip() or "\n" in name:
            reader.error(at, house_id, f"names: the name in {lang!r} must be one line of text")
        else:
            names[lang] = clean(name)
    return names


# What a house file must say, and what to write there: a key left empty (a skeleton's) is named with
# all the others still to write, in one run.
TO_WRITE = {
    "name": "the house's name, as its language of authority writes it",
    "title": "the rulebook's title, in English (\"House rules\"); the catalogs translate it",
    "effective": "the day the edition is in force from, quoted: \"2027-01-01\"",
    "languages": "the languages it publishes, its language of authority first: [en, es]",
    "unit": "chips, or the ISO 4217 code of its currency (three capital letters)",
    "documents": "the room's own documents, UTF-8 text files in its folder: [house-rules.txt]",
    "parts": "the library parts it publishes (rules/<part>.yaml), in reading order: [cash-table, …]",
}
PARAMETERS_TO_WRITE = {
    "currency": "the same as unit",
    "official_language": "the language that prevails in a dispute (en, ro, hr…)",
    "announced_in": "the languages the floor announces the rules in: [en]",
}


def _unwritten(data: Any, reader: Reader, house_id: str) -> bool:
    """Report every key the house file leaves empty (``null``, ``[]``) that it must write, each at its
    line with what to write; True if there was one."""
    if not isinstance(data, Map):
        return False
    before = len(reader.errors)
    for keys, where in ((TO_WRITE, data), (PARAMETERS_TO_WRITE, data.get("parameters"))):
        if not isinstance(where, Map):
            continue
        for key, what in keys.items():
            if key in where and where[key] in (None, [], {}, ""):
                prefix = "" if where is data else "parameters: "
                reader.error(where.line_of(key), house_id, f"{prefix}{key}: still to write: {what}")
    return len(reader.errors) > before


# A house document's name: a plain file name in the house's folder (no folder, no hidden file).
_DOCUMENT = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
MAX_DOCUMENT_BYTES = 1_000_000


def _documents(data: Map, folder: Path, rel: str, reader: Reader, house_id: str) -> dict[str, str]:
    """``documents:``, the house's own documents, each a UTF-8 text file in its folder, read (bounded)
    so the gate can find every excerpt of the rules the house publishes in them."""
    given = data.get("documents")
    if given is None:
        return {}
    at = data.line_of("documents")
    if not isinstance(given, list):
        reader.error(at, house_id, "documents: a list of the house's own documents, files in its folder: [house-rules.txt]")
        return {}
    found: dict[str, str] = {}
    for index, name in enumerate(given):
        line = given.line_of(index) if isinstance(given, Seq) else at
        if not isinstance(name, str) or not _DOCUMENT.fullmatch(name) or name == "house.yaml":
            reader.error(line, house_id, f"documents: {name!r} must be the name of a file in {Path(rel).parent}/ "
                         "(letters, digits, dots, hyphens)")
            continue
        try:
            text = sources.read(folder / name, f"{Path(rel).parent}/{name}", MAX_DOCUMENT_BYTES, "document")
            found[name] = text.decode("utf-8").removeprefix("\ufeff")
        except ModelError as exc:
            reader.error(line, house_id, f"documents: {exc.message}")
        except UnicodeDecodeError:
            reader.error(line, house_id, f"documents: {name} is not UTF-8 text")
    return found


def _sections(documents: dict[str, str], folder: Path, rel: str, reader: Reader,
              house_id: str) -> dict[str, tuple[str, tuple[tuple[str, int], ...]]]:
    """Each document's sections (``<stem>.sections.yaml`` beside it, optional: ``headings:``, the
    heading, or first words, that starts each passage), which the gate holds the house to state."""
    found = {}
    for name in documents:
        listing = folder / f"{Path(name).stem}.sections.yaml"
        if not listing.is_file():
            continue
        shown = f"{Path(rel).parent}/{listing.name}"
        try:
            data = yamlload.load(listing, shown)
        except ModelError as exc:
            reader.errors.append(exc)
            continue
        headings = data.get("headings") if isinstance(data, Map) else None
        if not isinstance(headings, Seq) or not all(isinstance(heading, str) for heading in headings):
            reader.error(1, house_id, f"{shown}: 'headings' lists the heading of each passage of {name}, as text")
            continue
        found[name] = (shown, tuple((heading, headings.line_of(index)) for index, heading in enumerate(headings)))
    listed = {f"{Path(name).stem}.sections.yaml" for name in documents}
    for stray in sorted(path.name for path in folder.glob("*.sections.yaml") if path.name not in listed):
        # a list of passages no document of the house has: never silently left unread
        named = next((name for name in documents if stray.startswith(f"{name}.") or stray.startswith(name)), None)
        hint = f"the list of {named}'s passages is {Path(named).stem}.sections.yaml" if named else \
            "a document's list of passages is named as the document without its extension: <document>.sections.yaml"
        reader.error(1, house_id, f"{Path(rel).parent}/{stray}: lists the passages of no document the house names "
                     f"({', '.join(documents) or 'none'}): {hint}")
    return found


def _languages(data: Map, official: Any, reader: Reader, house_id: str) -> tuple[str, ...]:
    """``languages:``, the languages the house publishes, of the site's five, its language of authority
    first; all five when left out."""
    given = data.get("languages")
    if given is None:
        return LANGUAGES
    at = data.line_of("languages")
    if not isinstance(given, list) or not given or not all(isinstance(lang, str) for lang in given):
        reader.error(at, house_id, f"languages: the languages the house publishes, such as [{official or 'ro'}, en]")
        return LANGUAGES
    unknown = [lang for lang in given if lang not in LANGUAGES]
    if unknown:
        reader.error(at, house_id, f"languages: {', '.join(map(repr, unknown))} is not a language of the site "
                     f"({', '.join(LANGUAGES)})")
    if len(set(given)) != len(given):
        reader.error(at, house_id, "languages: a language is named twice")
    if official is not None and given[0] != official:
        reader.error(at, house_id, f"languages: the language of authority ({official}, parameters: official_language) "
                     "comes first: the house publishes it whatever else it publishes")
    return tuple(lang for lang in dict.fromkeys(given) if lang in LANGUAGES) or LANGUAGES


def _chosen_rules(data: Map, key: str, placed: dict[str, str], reader: Reader, house_id: str,
                  judged: bool = True) -> tuple[str, ...] | None:
    """The rules the house chooses for a print (``short_form:``, what its short form prints;
    ``table_card:``, what its table cards and *At the table* cite), by id, in its order, each a rule
    the house publishes, once; None when the house leaves the choice to the default. Unless
    ``judged``, a rule not published is left out without a word (an earlier mistake explains it)."""
    chosen = data.get(key)
    if chosen is None:
        return None
    ids: list[str] = []
    for index, rule_id in enumerate(chosen):
        line = chosen.line_of(index)
        if not isinstance(rule_id, str) or rule_id not in placed:
            if judged:
                reader.error(line, house_id, f"{key!r} names rule {rule_id!r}, which the house does not publish")
        elif rule_id in ids:
            reader.error(line, house_id, f"{key!r} names rule {rule_id!r} twice")
        else:
            ids.append(rule_id)
    return tuple(ids)


def _check_tiers(parameters: Map, file: str, errors: list[ModelError]) -> None:
    """The stakes of one rake tier (``rake_tier: low``) share one rake: the rules name the stakes of a
    tier together, so a cap changed for one of them alone must move it to a tier of its own."""
    tiers: dict[str, Map] = {}
    for row in parameters.get("stakes") or ():
        if not isinstance(row, Map) or row.get("rake_tier") is None:
            continue
        first = tiers.setdefault(row["rake_tier"], row)
        if first is not row and first.get("rake") != row.get("rake"):
            errors.append(ModelError(file, row.line_of("rake"), None, f"stakes {row.get('name')}: its rake differs from "
                                     f"that of {first.get('name')}, in the same rake tier {row['rake_tier']!r}: the rules "
                                     "name a tier's stakes together, so give it a tier of its own", check="house"))



def resolve_values(book: Rulebook, errors: list[ModelError]) -> None:
    """Every ``house.…`` value of the rules and notes the house publishes must name one of its parameters."""
    items: tuple[Rule | Note, ...] = (*book.rules, *book.notes)
    for item in items:
        for name, value in item.values.items():
            if value is None or value.path is None:
                continue
            try:
                resolve(value, book.house)
            except ValueError as exc:
                errors.append(ModelError(item.file, value.line or item.line, item.id, f"value {name!r} for house "
                                         f"{book.id!r} ({book.house_file}): {exc}", "rule", check="house"))



def _validate_house(house: Map, subunits: int, file: str, errors: list[ModelError]) -> tuple[Map, House] | None:
    """Let the engine judge the house data, and point its complaint at a line: the data and the
    engine's house made from it (the one every stage asks), or None."""
    for key in ("official_language", "announced_in"):
        codes = house.get(key)
        for code in codes if isinstance(codes, list) else [codes] if codes is not None else []:
            try:
                if not isinstance(code, str) or not re.fullmatch(r"[a-z]{2,3}", code):
                    raise ValueError
                Locale.parse(code)
            except (ValueError, UnknownLocaleError):
                errors.append(ModelError(file, house.line_of(key), None,
                                         f"{key}: {code!r} is not a language code such as 'ro' or 'hr'", check="house"))
                return None
    try:
        engine = House.from_mapping(house, subunits=subunits)
    except HouseError as exc:
        errors.append(ModelError(file, line_of_path(house, exc.path), None, str(exc), check="house"))
        return None
    return house, engine
