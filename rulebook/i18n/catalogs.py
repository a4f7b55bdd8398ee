"""Gettext catalogs: extraction, merging and look-up (docs/DESIGN.md, principle 3).

English is the msgid language. Each rule string carries its rule id as
msgctxt, so a changed English source is recognised as the same message and
its translation kept (as fuzzy), whatever the edit.
"""

from __future__ import annotations

import contextlib
import gettext
import hashlib
import io
import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from difflib import get_close_matches
from pathlib import Path

from babel.messages import pofile
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

from rulebook.core import sources
from rulebook.core.errors import ModelError, ModelErrors
from rulebook.core.json_shapes import CatalogRecord, fits
from rulebook.core.layout import Layout
from rulebook.core.memo import Memo
from rulebook.i18n.formatting import language_name
# The catalogs' languages, named here too for the modules that work with catalogs.
from rulebook.core.languages import LANGUAGES as LANGUAGES, SOURCE_LANGUAGE as SOURCE_LANGUAGE, TRANSLATED as TRANSLATED

DOMAIN = "rulebook"



# The first of a rule string's notes to its translator names its rule: ``rule <id>`` (the extraction
# writes it, ``rulebook.i18n.extract``; the gate, the translators' notes and the build's inputs read it).
RULE_NOTE = "rule "


def rule_of(message: Message) -> str | None:
    """The rule a template entry belongs to, from its ``rule <id>`` note (None: not a rule's string)."""
    return next((comment[len(RULE_NOTE):] for comment in message.auto_comments if comment.startswith(RULE_NOTE)),
                None)


def pot_path(root: Path) -> Path:
    return root / "locales" / f"{DOMAIN}.pot"


def po_path(root: Path, lang: str) -> Path:
    return root / "locales" / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(path: Path, locale: str | None = None) -> Catalog:
    catalog = read_po(io.BytesIO(sources.read(path, str(path), MAX_CATALOG_BYTES, "catalog")), locale=locale,
                      abort_invalid=True)
    for message in catalog:
        _recover_previous(message)
    return catalog


def _recover_previous(message: Message) -> None:
    """Babel reads ``#| msgid`` lines as translator comments: restore them as the previous msgid."""
    previous = [c for c in message.user_comments if c.startswith("|")]
    if not previous:
        return
    message.user_comments = [c for c in message.user_comments if not c.startswith("|")]
    if not message.fuzzy:
        return
    ids = []
    for comment in previous:
        keyword, _, quoted = comment[1:].strip().partition(" ")
        if keyword in ("msgid", "msgid_plural"):
            ids.append(quoted)
        elif keyword == "" or keyword.startswith('"'):
            if ids:
                ids[-1] += " " + comment[1:].strip()
    message.previous_id = [_unquote(text) for text in ids]


def _unquote(text: str) -> str:
    from babel.messages.pofile import unescape

    return "".join(unescape(part) for part in re.findall(r'"(?:[^"\\]|\\.)*"', text))


HEADER = """\
# Translations of the card room's house rules.
# English is the source language; edit the English in rules/ and templates/.
# The format and the workflow are in locales/README.md."""


def write_catalog(path: Path, catalog: Catalog) -> bool:
    """Write a catalog; leave the file alone if only its dates would change."""
    catalog.header_comment = HEADER
    buffer = io.BytesIO()
    with _linear_wrapping():
        write_po(buffer, catalog, width=100, sort_output=False, include_previous=True)
    new = _unwrap_previous(buffer.getvalue())
    if path.exists() and _undated(path.read_bytes()) == _undated(new):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(new)
    return True


# Babel's wrapping splits each long line with ``pofile.WORD_SEP``, whose hyphenated-word branch
# (``[^\s\w]*\w+[a-zA-Z]-``) is tried again at every character of a run of punctuation or of a word,
# each try running to the run's end: 40,000 ``<`` in one msgstr held ``update-po`` for a minute and
# more. The same pattern, but that branch starts only where the run it reads begins (where a scan
# that failed at a run's start would fail again): the same pieces, in linear time. Kept the same as
# Babel's by tests/test_catalogs.py (``test_our_word_split_is_babels``).
WORD_SEP = re.compile(
    r"(\s+|"                                                        # any whitespace
    r"(?:(?<![^\s\w])[^\s\w]++|(?<!\w))\w\w++(?<=[a-zA-Z])-(?=\w+[a-zA-Z])|"  # hyphenated words
    r"(?<=[\w\!\"\'\&\.\,\?])-{2,}(?=\w)"                            # em-dash
    r")")


@contextlib.contextmanager
def _linear_wrapping() -> Iterator[None]:
    """Babel's writer with ``WORD_SEP`` in place of its own (its ``normalize`` reads the module's)."""
    babels = pofile.WORD_SEP
    pofile.WORD_SEP = WORD_SEP
    try:
        yield
    finally:
        pofile.WORD_SEP = babels


def _unwrap_previous(data: bytes) -> bytes:
    """Babel wraps a long ``#| msgid`` like a comment, breaking it inside its quotes (msgfmt then
    rejects the file): write it again as one quoted string a line, as gettext's own tools do."""
    def rewrite(match: re.Match) -> bytes:
        text = b" ".join(line[3:] for line in match.group(0).rstrip(b"\n").split(b"\n"))
        keyword, _, rest = text.partition(b" ")
        segments = re.findall(rb'"(?:[^"\\]|\\.)*"', rest)
        return b"".join([b"#| " + keyword + b" " + segments[0] + b"\n",
                         *(b"#| " + segment + b"\n" for segment in segments[1:])])
    return re.sub(rb"(?:^#\| .*\n)+", rewrite, data, flags=re.M)


def _undated(data: bytes) -> bytes:
    """The file but for the template's date (a new one with nothing else new changes nothing). A
    PO-Revision-Date counts: the project's is always the placeholder, a tool's is put back to it."""
    return re.sub(rb'"POT-Creation-Date: [^"]*"', b"", data)


def merge(existing: Catalog, template: Catalog, publishing: Collection[str] | None = None) -> Catalog:
    """Bring a language's catalog up to the template without losing a translation.

    Same msgid and context: kept as it is. Same context, changed English:
    kept, marked fuzzy, with the previous msgid for the translator. No context
    (interface strings): the closest unused old message, fuzzy. Anything left
    over becomes obsolete, never deleted; an obsolete entry the template has again comes back.
    The notes' site addresses are the language's pages of the houses ``publishing`` it (``localized_notes``).
    """
    merged = _project_catalog(str(existing.locale), template)
    # An obsolete entry is a candidate like any other: a rule removed, then restored, gets its
    # translation back (and is never both obsolete and current: msgfmt refuses the duplicate).
    old = {(m.id, m.context): m for m in existing if m.id}
    for m in existing.obsolete.values():
        old.setdefault((m.id, m.context), m)
    by_context = {m.context: m for m in old.values() if m.context}
    by_context.update({m.context: m for m in existing if m.id and m.context})
    used: set = set()
    pending = []
    for new in template:
        if not new.id:
            continue
        match = old.get((new.id, new.context))
        if match is None and new.context in by_context:
            match = by_context[new.context]
        if match is None:
            pending.append(new)
            continue
        merged[new.id] = _carry(new, match, merged.num_plurals)
        used.add((match.id, match.context))
    spare = {_flat(m.id): m for key, m in old.items() if key not in used and m.string}
    for new in pending:
        # The same English under another context (a renamed or moved rule), or, for
        # interface strings, the closest old English: offered as fuzzy.
        if _flat(new.id) in spare:
            close = [_flat(new.id)]
        else:
            candidates = [text for text, m in spare.items() if not m.context]
            close = get_close_matches(_flat(new.id), candidates, 1) if not new.context else []
        if close:
            match = spare.pop(close[0])
            used.add((match.id, match.context))
            merged[new.id] = _carry(new, match, merged.num_plurals)
        else:
            merged[new.id] = new.clone()
    for message in merged:
        message.auto_comments = localized_notes(message.auto_comments, str(existing.locale), publishing)
    # Obsolete entries in one order whatever a tool sorted them by (the current ones follow the template's).
    for key, message in sorted(old.items(), key=lambda item: (_flat(item[0][0]), item[0][1] or "")):
        if key not in used:
            merged.obsolete[merged._key_for(message.id, message.context)] = message
    return merged


# The end of a translator's note naming a page of a house's site (rulebook.gate.translator_notes), or
# the whole of one: a note longer than a catalog's line is written on two, its address alone on the second.
_ADDRESS = re.compile(rf"(?<!\S)([\w-]+)/(?:{'|'.join(LANGUAGES)})/([\w.-]+\.html(?:#[\w-]+)?)$")


def localized_notes(comments: list[str], lang: str, publishing: Collection[str] | None = None) -> list[str]:
    """The template's notes with their site addresses in the catalog's language (``club/ro/…``), for
    each house that publishes it (``publishing``; None: every house). A house that does not keeps the
    template's address, a page it publishes: it has none in this language."""
    def address(match: re.Match[str]) -> str:
        return f"{match[1]}/{lang}/{match[2]}" if publishing is None or match[1] in publishing else match[0]
    return [_ADDRESS.sub(address, comment) for comment in comments]


def _project_catalog(lang: str, template: Catalog) -> Catalog:
    """An empty catalog with the project's own header. The fields translators' tools rewrite
    (Last-Translator, PO-Revision-Date, Language-Team, X-Generator, the Plural-Forms expression) are
    not carried over: git records who changed a translation and when, and the plural rule is CLDR's,
    so ``update-po`` after any tool gives the same bytes (locales/README.md)."""
    return Catalog(locale=lang, domain=DOMAIN, project="House rules", creation_date=template.creation_date,
                   fuzzy=False, charset="utf-8", copyright_holder="", msgid_bugs_address="")


def _flat(msgid) -> str:
    return msgid[0] if isinstance(msgid, tuple) else msgid


def _carry(new: Message, old: Message, num_plurals: int) -> Message:
    """The template's message with the old translation; fuzzy if the English moved."""
    message = new.clone()
    message.string = old.string
    message.flags = set(old.flags) | (set(new.flags) - {"fuzzy"})
    message.user_comments = list(old.user_comments)
    message.previous_id = list(old.previous_id) if old.fuzzy else []
    if old.id != new.id or old.context != new.context:
        message.flags.add("fuzzy")
        message.previous_id = [old.id] if isinstance(old.id, str) else list(old.id)
    if isinstance(new.id, tuple) and not isinstance(message.string, tuple):
        message.string = (str(message.string),) + ("",) * (num_plurals - 1)
        message.flags.add("fuzzy")
    elif not isinstance(new.id, tuple) and isinstance(message.string, tuple):
        message.string = message.string[0]
        message.flags.add("fuzzy")
    return message


def new_catalog(lang: str, template: Catalog, publishing: Collection[str] | None = None) -> Catalog:
    return merge(_project_catalog(lang, template), template, publishing)


def entry_state(entry: Message | None) -> str:
    """Where a catalog entry stands: "missing", "fuzzy", "untranslated" or "translated".

    One definition for the gate, the status page, the look-up and ``update-po``.
    """
    if entry is None:
        return "missing"
    if entry.fuzzy:
        return "fuzzy"
    strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
    return "translated" if all(strings) else "untranslated"


def language_choices(languages: tuple[str, ...] = LANGUAGES) -> list[dict[str, str]]:
    """Each language named in its own tongue, for the chooser and the switcher."""
    return [{"code": code, "name": language_name(code, code).capitalize()}
            for code in languages]


@dataclass
class Translations:
    """A language's look-up: untranslated or fuzzy entries fall back to English."""

    locale: str
    catalog: Catalog | None = None

    @classmethod
    def load(cls, root: Path, lang: str) -> "Translations":
        if lang == SOURCE_LANGUAGE:
            return cls(lang)
        path = po_path(root, lang)
        return cls(lang, read_catalog(path, lang) if path.exists() else None)

    def _lookup(self, msgid, context):
        if self.catalog is None:
            return None
        message = self.catalog.get(msgid, context)
        return message if entry_state(message) == "translated" else None

    def pgettext(self, context: str | None, message: str) -> str:
        found = self._lookup(message, context)
        return found.string if found else message

    def gettext(self, message: str) -> str:
        return self.pgettext(None, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form for ``n`` by the language's CLDR rule, which the gate holds the catalog's
        Plural-Forms to (never the header's own expression, which could pick a form it lacks)."""
        found = self._lookup(singular, None)
        if found and self.catalog is not None:
            return found.string[min(plural_form(self.locale, n), len(found.string) - 1)]
        return singular if n == 1 else plural


def plural_form(lang: str, n: int) -> int:
    """Which plural form ``n`` takes in ``lang``, by CLDR's rule."""
    from babel.messages.plurals import get_plural

    if lang not in _PLURAL_RULES:
        _PLURAL_RULES[lang] = gettext.c2py(get_plural(lang).plural_expr)
    return _PLURAL_RULES[lang](n)


_PLURAL_RULES: dict = {}


# -- strict reading ---------------------------------------------------------------

MAX_CATALOG_BYTES = 8_000_000
_MSGFMT_LINE = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?:\d+:)? (?P<message>.*)$")


def strict_catalog(root: Path, lang: str, cache: Path | None = None) -> Catalog | None:
    """A language's catalog, read only if it is well-formed gettext; None if there is none.

    Raises ModelErrors (one line each, with file and line) for what ``msgfmt --check``
    rejects (syntax, unquoted strings, duplicate entries, plural counts, the header; our own
    placeholder check judges format strings, with a clearer message), a byte-order
    mark, bytes that are not UTF-8, a charset other than UTF-8, or a Plural-Forms header
    that disagrees with the language's CLDR rule.

    With ``cache`` (a folder), a catalog accepted once is kept there as JSON by the digest of its
    bytes, and the same bytes are read back from it without parsing or checking them again
    (for readers of the project; ``update-po`` always parses the file itself).
    """

    path = po_path(root, lang)
    rel = str(path.relative_to(root))
    if not path.exists() and not path.is_symlink():
        return None
    try:
        data = sources.read(path, rel, MAX_CATALOG_BYTES, "catalog")
    except ModelError as exc:
        raise ModelErrors([exc]) from None
    if data.startswith(b"\xef\xbb\xbf"):
        raise ModelErrors([ModelError(rel, 1, None, "starts with a byte-order mark: save it as UTF-8 without BOM", "catalog")])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise ModelErrors([ModelError(rel, line, None, f"byte {data[exc.start]:#x} is not UTF-8: save the catalog as UTF-8", "catalog")]) from None
    key = (lang, hashlib.blake2b(data, digest_size=16).digest())
    if key in _ACCEPTED:
        return _ACCEPTED[key]
    memo = Memo(cache, f"catalog-{lang}", key[1].hex(), _is_record) if cache else None
    if memo is not None and (record := memo.get("accepted")):
        return _remember(key, _from_record(record, lang))
    errors = _msgfmt_errors(data, rel)
    if errors:
        raise ModelErrors(errors)
    try:
        catalog = read_po(io.BytesIO(data), locale=lang, abort_invalid=True)
    except Exception as exc:  # Babel's reader is stricter than msgfmt in a few places
        line = getattr(exc, "lineno", 0) or 0
        raise ModelErrors([ModelError(rel, line, None, f"cannot read the catalog: {exc}", "catalog")]) from None
    for message in catalog:
        _recover_previous(message)
    problems = _header_problems(catalog, lang, rel, text)
    if problems:
        raise ModelErrors(problems)
    if memo is not None:
        memo("accepted", lambda: _record(catalog))
        memo.save()
    return _remember(key, catalog)


def layered_catalog(layout: Layout, lang: str, cache: Path | None = None,
                    template: Catalog | None = None) -> Catalog | None:
    """A language's catalog as a project reads it: the library's, and in a room's project the room's own
    over it (its own strings, and its translations of the library's that replace the library's). Of the
    library's, a room reads only those of its ``template`` (the strings of the other houses are not its own)."""
    library = strict_catalog(layout.library, lang, cache)
    if not layout.room:
        return library
    own = strict_catalog(layout.root, lang, cache)
    if library is None:
        return own
    base = own or library
    merged = Catalog(locale=lang, header_comment=base.header_comment, fuzzy=base.fuzzy)
    merged.mime_headers = base.mime_headers
    shared = [m for m in library if m.id and (template is None or template.get(m.id, m.context) is not None)]
    for message in (*shared, *(m for m in own or () if m.id)):
        merged.delete(message.id, context=message.context)   # replaced, not merged into the library's
        merged[message.id] = message
    return merged


def _remember(key: tuple[str, bytes], catalog: Catalog) -> Catalog:
    if len(_ACCEPTED) >= 16:
        _ACCEPTED.pop(next(iter(_ACCEPTED)))
    _ACCEPTED[key] = catalog
    return catalog


# An accepted catalog as JSON: [header comment, fuzzy, MIME headers, messages, obsolete messages],
# each message [id, string, context, flags, line, locations, auto comments, comments, previous id].
def _record(catalog: Catalog) -> list:
    def message(m: Message) -> list:
        return [m.id, m.string, m.context, sorted(m.flags), m.lineno, [list(where) for where in m.locations],
                list(m.auto_comments), list(m.user_comments), list(m.previous_id)]
    return [catalog.header_comment, catalog.fuzzy, [list(pair) for pair in catalog.mime_headers],
            [message(m) for m in catalog if m.id], [message(m) for m in catalog.obsolete.values()]]


def _from_record(record: list, lang: str) -> Catalog:
    header, fuzzy, mime, messages, obsolete = record
    catalog = Catalog(locale=lang, header_comment=header, fuzzy=fuzzy)
    catalog.mime_headers = [tuple(pair) for pair in mime]

    def message(row: list) -> Message:
        ident, string, context, flags, line, locations, auto, user, previous = row
        return Message(tuple(ident) if isinstance(ident, list) else ident,
                       tuple(string) if isinstance(string, list) else string,
                       [tuple(where) for where in locations], flags, auto, user, previous, line, context)
    for row in messages:
        entry = message(row)
        catalog[entry.id] = entry
    for row in obsolete:
        entry = message(row)
        catalog.obsolete[(entry.id, entry.context) if entry.context else entry.id] = entry  # type: ignore[index]  # babel keys by (id, context)
    return catalog


def _is_record(value: list) -> bool:
    """The shape of a catalog read back from the cache (anything else is parsed afresh)."""
    return fits(CatalogRecord, value)


# Catalogs accepted in this process, by language and content: a second load of the same bytes (the
# gate, then the build; a test's next copy of the project) reuses the one read. Readers only: a
# caller that wants to change a catalog merges it into a new one (``merge``).
_ACCEPTED: dict[tuple[str, bytes], Catalog] = {}


def _msgfmt_errors(data: bytes, rel: str) -> list:
    """What GNU gettext's own checker rejects, as our one-line errors."""
    import shutil
    import subprocess


    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        return [ModelError(rel, 0, None, "msgfmt is not installed (Debian package gettext): cannot check the catalog", "catalog")]
    result = subprocess.run([msgfmt, "--check-header", "--check-domain", "-o", "/dev/null", "-"], input=data,
                            capture_output=True, env={"LC_ALL": "C", "PATH": "/usr/bin:/bin"})
    if result.returncode == 0:
        return []
    errors = []
    stderr = result.stderr.decode("utf-8", "replace")
    for line in stderr.splitlines():
        match = _MSGFMT_LINE.match(line)
        if match and "warning:" not in match["message"] and match["file"] == "<stdin>":
            errors.append(ModelError(rel, int(match["line"]), None, f"not valid gettext: {match['message']}", "catalog"))
    return errors or [ModelError(rel, 0, None, "msgfmt rejects the catalog: " + " ".join(stderr.split())[:300], "catalog")]


def _header_problems(catalog: Catalog, lang: str, rel: str, text: str) -> list:
    from babel.messages.plurals import get_plural


    def line_of(field: str) -> int:
        return next((number for number, line in enumerate(text.splitlines(), 1) if f'"{field}:' in line), 1)

    problems = []
    content_type = dict(catalog.mime_headers).get("Content-Type", "")
    charset = re.search(r"charset=([\w.-]+)", content_type)
    if not charset or charset.group(1).lower().replace("_", "-") not in ("utf-8", "utf8"):
        problems.append(ModelError(rel, line_of("Content-Type"), None,
                                   f"charset must be UTF-8, not {charset.group(1) if charset else 'unset'}", "catalog"))
    wanted = get_plural(lang)
    header = dict(catalog.mime_headers).get("Plural-Forms", "")
    if not _same_plural_rule(header, wanted.num_plurals, wanted.plural_expr):
        problems.append(ModelError(rel, line_of("Plural-Forms"), None,
                                   f"Plural-Forms must follow the {lang} rule of CLDR: "
                                   f"nplurals={wanted.num_plurals}; plural={wanted.plural_expr};", "catalog"))
    return problems


# The counts a plural rule is compared on: every one up to 1,000, and around every power of ten up to
# the largest number the sources may hold (the look-up itself uses CLDR's rule, whatever the header says).
_COUNTS = (*range(1001), *(base + offset for base in (10 ** k for k in range(3, 10)) for offset in range(-30, 230)))


def _same_plural_rule(header: str, nplurals: int, expression: str) -> bool:
    """Whether a Plural-Forms header picks the same form as CLDR's rule for every count up to 1,000
    and around every power of ten beyond."""
    match = re.fullmatch(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*", header)
    if not match or int(match.group(1)) != nplurals or len(match.group(2)) > 500:
        return False
    try:
        theirs, ours = gettext.c2py(match.group(2)), gettext.c2py(expression)
        return all(theirs(n) == ours(n) for n in _COUNTS)
    except (ValueError, SyntaxError, RecursionError, ZeroDivisionError):
        return False
