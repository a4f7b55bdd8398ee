"""Gettext catalogs: extraction, merging and look-up (DESIGN principle 3).

English is the msgid language. Each rule string carries its rule id as
msgctxt, so a changed English source is recognised as the same message and
its translation kept (as fuzzy), whatever the edit.
"""

from __future__ import annotations

import gettext
import io
import re
from dataclasses import dataclass
from difflib import get_close_matches
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

LANGUAGES = ("ro", "en", "fr", "es", "hr")
SOURCE_LANGUAGE = "en"
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE)
DOMAIN = "rulebook"

METHOD_MAP = [
    ("rules/**.yaml", "rulebook_yaml"),
    ("executable_examples/**.yaml", "rulebook_yaml"),
    ("locales/glossary.yaml", "rulebook_yaml"),
    ("templates/**.jinja", "jinja2"),
    ("rulebook/**.py", "python"),
]
OPTIONS_MAP = {"templates/**.jinja": {"extensions": "jinja2.ext.i18n", "trimmed": "true"}}


def pot_path(root: Path) -> Path:
    return root / "locales" / f"{DOMAIN}.pot"


def po_path(root: Path, lang: str) -> Path:
    return root / "locales" / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract(root: Path) -> Catalog:
    """The template catalog of every translatable string under ``root``."""
    catalog = Catalog(project="House rules", domain=DOMAIN, fuzzy=False,
                      msgid_bugs_address="", copyright_holder="", charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
        str(root), METHOD_MAP, OPTIONS_MAP, keywords=_KEYWORDS,
        comment_tags=("Translators:",), strip_comment_tags=True,
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


_KEYWORDS = {"_": None, "N_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}


def read_catalog(path: Path, locale: str | None = None) -> Catalog:
    with open(path, "rb") as handle:
        catalog = read_po(handle, locale=locale, abort_invalid=True)
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
    write_po(buffer, catalog, width=100, sort_output=False, include_previous=True)
    new = buffer.getvalue()
    if path.exists() and _undated(path.read_bytes()) == _undated(new):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(new)
    return True


def _undated(data: bytes) -> bytes:
    return re.sub(rb'"(POT-Creation-Date|PO-Revision-Date): [^"]*"', b"", data)


def merge(existing: Catalog, template: Catalog) -> Catalog:
    """Bring a language's catalog up to the template without losing a translation.

    Same msgid and context: kept as it is. Same context, changed English:
    kept, marked fuzzy, with the previous msgid for the translator. No context
    (interface strings): the closest unused old message, fuzzy. Anything left
    over becomes obsolete, never deleted.
    """
    merged = Catalog(
        locale=existing.locale, domain=existing.domain, project=existing.project,
        version=existing.version, copyright_holder=existing.copyright_holder,
        msgid_bugs_address=existing.msgid_bugs_address, creation_date=template.creation_date,
        revision_date=existing.revision_date, last_translator=existing.last_translator,
        language_team=existing.language_team, charset="utf-8", fuzzy=False,
    )
    merged.obsolete.update(existing.obsolete)
    old = {(m.id, m.context): m for m in existing if m.id}
    by_context = {m.context: m for m in existing if m.id and m.context}
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
    for key, message in old.items():
        if key not in used:
            merged.obsolete[merged._key_for(message.id, message.context)] = message
    return merged


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
        message.string = (message.string,) + ("",) * (num_plurals - 1)
        message.flags.add("fuzzy")
    elif not isinstance(new.id, tuple) and isinstance(message.string, tuple):
        message.string = message.string[0]
        message.flags.add("fuzzy")
    return message


def new_catalog(lang: str, template: Catalog) -> Catalog:
    empty = Catalog(locale=lang, domain=DOMAIN, project="House rules", fuzzy=False,
                    charset="utf-8", copyright_holder="", msgid_bugs_address="")
    return merge(empty, template)


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
    return [{"code": code, "name": Locale.parse(code).get_display_name(code).capitalize()}
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
        found = self._lookup(singular, None)
        if found and self.catalog is not None:
            return found.string[gettext.c2py(self.catalog.plural_expr)(n)]
        return singular if n == 1 else plural
